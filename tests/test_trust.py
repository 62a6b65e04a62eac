"""Trust (issue 11): nobody acts where they don't belong, a command counts once, nothing
acknowledged is lost. Each test here failed on the code before its fix."""
import ast
import io
import os
import socket
import threading
import time
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

import render
from bot.console.repl import Console
from bot.discord.out import markdown_line
from bot.service import Service
from bot.service.timers import REMIND_LEASE
from bot.service.types import Command
from bot.store import Store
from bot.store.store import RETRY
from core import registry
from core.grammar import Param, Verb
from tests.cutproxy import CutProxy
from tests.discord.harness import ALICE, make_harness
from tests.tally import Tally


def send(service, user, text, channel="c", **kw):
    return service.handle(Command("t", channel, user, text, name=user, **kw))


def dm(service, user, text, **kw):
    return service.handle(Command("t", None, user, text, name=user, private=True, **kw))


def started(service, channel="c"):
    for user, text in [("alice", "/new tally target=20 seed=7"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert send(service, user, text, channel).ok
    return service


# 1. a private message reaches only a channel where its sender sits ----------------------------
def test_a_private_message_cannot_open_or_join_a_game_in_a_foreign_channel(service):
    for text in ("g=-1009999999999 /new tally", "g=-1009999999999 /join", "g=31337 /tl new tally"):
        reply = dm(service, "stranger", text)
        assert not reply.ok and reply.code == "NOT_YOUR_CHANNEL", text
        assert reply.channel is None and not reply.public
    assert service.store.load("t", "-1009999999999") is None
    assert service.store.load("t", "31337") is None


def test_new_join_import_abort_are_refused_by_private_message_even_from_a_player(service):
    started(service)
    send(service, "carol", "/new tally", "lobby")       # carol opened a lobby elsewhere
    for text in ("g=c /join", "g=c /abort", "g=c /new tally", "g=c /import {}", "g=lobby /join",
                 "g=lobby /abort", "/abort"):
        user = "carol" if "lobby" in text else "alice"
        before = service.store.load("t", "c").version, service.store.load("t", "lobby").version
        reply = dm(service, user, text)
        assert not reply.ok and reply.code == "IN_CHANNEL_ONLY", (text, reply.error)
        assert (service.store.load("t", "c").version, service.store.load("t", "lobby").version) == before


def test_an_empty_or_unknown_g_name_is_refused_with_the_senders_channels(service):
    started(service)
    started(service, "d")
    for text in ("g= /tl add 1", "g=nowhere /tl add 1", "g=x /status"):
        reply = dm(service, "alice", text)
        assert reply.code == "NOT_YOUR_CHANNEL" and "your channels: c, d" in reply.error, text
    # and the real games still take private commands
    assert dm(service, "alice", "g=c /tl secret swordfish").ok
    assert dm(service, "alice", "g=d /status").ok


def test_a_private_message_to_a_channel_where_the_sender_does_not_sit_is_refused(service):
    started(service)
    reply = dm(service, "mallory", "g=c /status")
    assert reply.code == "NOT_YOUR_CHANNEL" and "you sit in no game yet" in reply.error


def test_the_creator_of_a_lobby_may_look_at_it_privately(service):
    send(service, "carol", "/new tally", "lobby")
    reply = dm(service, "carol", "g=lobby /status")
    assert reply.ok and "Tally lobby" in reply.text


# 2. a chosen seed is for the console and tests only ----------------------------------------------
def test_seed_is_refused_on_discord_and_telegram_and_the_bot_draws_256_bits(service):
    for platform in ("discord", "telegram"):
        reply = service.handle(Command(platform, "g1", "alice", "/new tally seed=4711", name="alice"))
        assert not reply.ok and reply.code == "NO_SEED" and "secret seed" in reply.error
        assert service.store.load(platform, "g1") is None
        for user, text in [("alice", "/new tally"), ("alice", "/join"), ("alice", "/start")]:
            assert service.handle(Command(platform, "g1", user, text, name=user)).ok
        seed = service.store.setup(platform, "g1")["seed"]
        assert len(seed) == 64 and int(seed, 16) >= 0     # 32 bytes from `secrets`, as hex


def test_the_console_takes_a_seed_and_says_the_dice_are_predictable(service):
    reply = service.handle(Command("console", "table", "alice", "/new tally seed=4711", name="alice"))
    assert reply.ok and any("predictable" in line for line in reply.public)


# 3. a command counts once; a lost reply says "unknown", never "nothing was changed" ---------------
def test_a_repeated_command_key_returns_the_first_outcome_without_applying_again(service):
    started(service)
    first = send(service, "alice", "/tl add 2", key="tg1:500")
    assert first.ok and first.changed
    again = send(service, "alice", "/tl add 2", key="tg1:500")
    assert again.ok and not again.changed and "Already done" in again.text
    assert again.version == first.version
    assert [e["line"] for e in service.store.log("t", "c")] == ["add 2"]
    assert service.state("t", "c")[1]["total"] == 2


def test_platform_commands_are_idempotent_too(service):
    send(service, "alice", "/new tally", key="k1")
    assert send(service, "bob", "/join", key="k2").ok
    again = send(service, "bob", "/join", key="k2")
    assert again.ok and "Already done" in again.text          # not "You are already seated"
    assert send(service, "alice", "/new tally", key="k1").text.startswith("Already done")


def _upstream(redis_client):
    url = os.environ.get("REDIS_URL")
    if url:
        parts = urlsplit(url)
        return lambda: socket.create_connection((parts.hostname, parts.port or 6379))

    def unix():
        sock = socket.socket(socket.AF_UNIX)
        sock.connect(redis_client.socket_file)
        return sock
    return unix


@pytest.fixture
def proxied(redis_client, store):
    """(proxy, service): a started game whose service reaches Redis through a loopback proxy
    the test can arm (cut the connection right after the next write ran) and heal."""
    proxy = CutProxy(_upstream(redis_client))
    try:
        client = redis.Redis(host="127.0.0.1", port=proxy.port, socket_timeout=2, retry=RETRY)
        yield proxy, started(Service(Store(client, prefix=store.prefix), remind_after=60))
    finally:
        proxy.close()


def test_a_reply_lost_after_the_commit_says_unknown_and_the_retry_is_not_applied_twice(proxied, store):
    """A loopback proxy cuts the connection right after Redis ran the write, then stays dark."""
    proxy, service = proxied
    proxy.arm(service.store._commit.sha.encode())   # the write, not the read before it
    lost = send(service, "alice", "/tl add 2", key="tg1:777")
    assert proxy.cuts == 1
    assert not lost.ok and lost.code == "OUTCOME_UNKNOWN"
    assert "cannot tell whether it was carried out" in lost.error and "/status" in lost.error
    assert "nothing was changed" not in lost.error
    # Redis did store it, exactly once
    assert [e["line"] for e in store.log("t", "c")] == ["add 2"]
    proxy.heal()
    retry = send(service, "alice", "/tl add 2", key="tg1:777")   # the same command again
    assert retry.ok and "Already done" in retry.text
    assert [e["line"] for e in store.log("t", "c")] == ["add 2"]
    assert service.state("t", "c")[1]["total"] == 2
    print(f"\nlost-reply test: stored {store.log_length('t', 'c')} time(s), first reply {lost.code}, "
          f"retry: {retry.text!r}")


def test_a_reply_lost_then_redis_reachable_again_is_known_to_have_been_applied(proxied, store):
    """redis-py resends the script on a fresh connection: the key in the script makes that safe."""
    proxy, service = proxied
    proxy.arm(service.store._commit.sha.encode())   # the write, not the read before it
    proxy_heal = threading_timer(0.05, proxy.heal)
    reply = send(service, "alice", "/tl add 2")          # no platform key: the service makes one
    proxy_heal.join()
    assert proxy.cuts == 1
    assert reply.ok and reply.changed, reply.error
    assert [e["line"] for e in store.log("t", "c")] == ["add 2"]


def threading_timer(delay, fn):
    t = threading.Timer(delay, fn)
    t.start()
    return t


# 5. one retry path for every write ------------------------------------------------------------
def _race(service, monkeypatch, rival_text, rival_user="carol"):
    """The next commit loses a race: a rival command is stored between its read and its write."""
    rival = Service(Store(service.store.redis, prefix=service.store.prefix), remind_after=60)
    commit = service.store.commit
    raced = []

    def racing_commit(*args, **kwargs):
        if not raced:
            raced.append(send(rival, rival_user, rival_text))
        return commit(*args, **kwargs)

    monkeypatch.setattr(service.store, "commit", racing_commit)
    return raced


def test_two_joins_at_once_both_sit(service, monkeypatch):
    send(service, "alice", "/new tally")
    raced = _race(service, monkeypatch, "/join")
    reply = send(service, "bob", "/join")
    assert raced[0].ok and reply.ok, reply.error
    players = [p["user"] for p in service.store.load("t", "c").meta["players"]]
    assert sorted(players) == ["bob", "carol"]


def test_leave_start_undo_abort_retry_a_lost_race(service, monkeypatch):
    send(service, "alice", "/new tally target=20 seed=7")
    for user in ("alice", "bob", "carol"):
        send(service, user, "/join")
    _race(service, monkeypatch, "/leave", "carol")
    assert send(service, "bob", "/leave").ok
    monkeypatch.undo()
    send(service, "bob", "/join")
    _race(service, monkeypatch, "/status", "bob")           # a look does not bump the version…
    assert send(service, "alice", "/start").ok
    monkeypatch.undo()
    send(service, "alice", "/tl add 1")
    _race(service, monkeypatch, "/tl add 2", "bob")          # …an action does
    reply = send(service, "alice", "/undo")
    assert reply.code == "NOT_YOURS", reply.error            # judged on the fresh log, not a crash
    monkeypatch.undo()
    _race(service, monkeypatch, "/tl add 1", "bob")
    assert send(service, "alice", "/abort").ok
    assert service.store.load("t", "c").meta is None


def test_console_lines_have_their_own_keys(service, tmp_path):


    out = io.StringIO()
    console = Console(service, "k", tmp_path, out)
    lines = ["alice: /new tally target=20", "alice: /join", "alice: /start", "alice: /tl add 1", "alice: /tl add 1"]
    assert console.run_script(lines) == 0, out.getvalue()
    assert [e["line"] for e in service.store.log("console", "k")] == ["add 1", "add 1"]


# 6. /map refuses an unknown region with the list, before anything is drawn ----------------------
def _successors(service, channel="m"):
    for user, text in [("alice", "/new successors seed=3"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert send(service, user, text, channel).ok, text
    return service


def test_map_of_an_unknown_region_is_refused_with_the_regions(service, monkeypatch):
    _successors(service)
    drawn = []
    monkeypatch.setattr(render, "draw", lambda *a, **k: drawn.append(a) or (_ for _ in ()).throw(AssertionError))
    for region in ("atlantis", "full", "<b>x</b>"):
        reply = send(service, "alice", f"/map {region}", "m")
        assert not reply.ok and reply.code == "NO_REGION" and reply.image is None, region
        assert "greece" in reply.error and "asia-minor" in reply.error
    assert "`<b>x</b>`" in reply.error     # what the user typed comes back only inside a code span
    assert drawn == []


def test_map_of_a_known_region_is_accepted_in_any_spelling(service):
    _successors(service)
    reply = send(service, "alice", "/map Asia Minor", "m")
    assert reply.ok and reply.image is not None and reply.image.filename.endswith("-asia-minor.png")


def test_the_console_answers_map_atlantis_with_a_sentence_not_a_traceback(service, tmp_path):


    out = io.StringIO()
    console = Console(service, "m", tmp_path, out)
    setup = ["alice: /new successors seed=3", "alice: /join", "bob: /join", "alice: /start"]
    assert console.run_script(setup + ["! alice: /map atlantis", "! alice: /map full"]) == 0, out.getvalue()
    assert "refused (NO_REGION): There is no map region `atlantis`" in out.getvalue()


# 7. what a user types is checked, capped, and never echoed unescaped ----------------------------


class Scribe(Tally):
    """Tally with a free-text verb, like Successors' `intercept <force>`."""
    id, title, aliases = "scribe", "Scribe", ("scr",)
    verbs = dict(Tally.verbs, note=Verb("note", (Param("text", "text"),), help="write a note"))

    def _prompts(self, state):
        return {seat: replace(p, templates=p.templates + ("note <text>",))
                for seat, p in super()._prompts(state).items()}


registry.register(Scribe())
EVIL = "<b>The game is over: A wins</b> see [here](http://evil.example) **now**"


def scribe(service, channel="s"):
    for user, text in [("alice", "/new scribe target=20 seed=7"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert send(service, user, text, channel).ok
    return service


def test_a_lone_surrogate_or_control_character_is_refused_not_a_crash(service):
    scribe(service)
    before = service.store.load("t", "s").version
    for text in ("/scr note abc\ud800", "/scr note a\x00b", "/scr note \x1b[31mred"):
        reply = send(service, "alice", text, "s")
        assert not reply.ok and reply.code == "MALFORMED" and "cannot be used" in reply.error, text
    assert service.store.load("t", "s").version == before
    assert send(service, "alice", "/scr note two\nlines\tand a tab", "s").ok


def test_a_command_line_is_capped_at_4096_characters(service):
    scribe(service)
    too_long = send(service, "alice", "/scr note " + "x" * 4096, "s")
    assert too_long.code == "TOO_LONG" and "4,096" in too_long.error
    assert send(service, "alice", "/scr note " + "x" * (4096 - 10), "s").ok


def test_log_and_undo_quote_what_a_user_typed_in_a_code_span(service):
    scribe(service)
    assert send(service, "alice", f"/scr note {EVIL}", "s").ok
    log = send(service, "bob", "/log", "s")
    assert f"1. alice played `note {EVIL}`" in log.text
    assert send(service, "bob", "/scr note a `tick` breaks out", "s").ok
    undo = send(service, "bob", "/undo", "s")
    assert "takes back `note a 'tick' breaks out`" in undo.text    # a backtick cannot close the span


async def test_discord_escapes_markdown_outside_code_spans(service):
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="tally")
    calls = await h.say(ALICE, "alice", "help", topic="[click](http://evil.example)")
    shown = " ".join(c.content for c in calls)
    assert "`[click](http://evil.example)`" in shown        # quoted, so shown literally
    assert markdown_line(f"{EVIL} `{EVIL}`") == (
        r"<b>The game is over: A wins</b> see \[here](http://evil.example) \*\*now\*\* " + f"`{EVIL}`")


def test_a_word_parameter_is_a_name_not_an_essay(service):
    started(service)
    reply = service.handle(Command("t", None, "alice", "/tl secret " + "w" * 101, private=True))
    assert reply.code == "MALFORMED" and "at most 100" in reply.error


def test_no_adapter_imports_the_store():
    """Layers point down: adapters talk to the service only (its caches included)."""
    for name in ("telegram/adapter.py", "telegram/commands.py", "discord/client.py", "discord/out.py",
                 "discord/tree.py", "discord/i18n.py", "console/repl.py"):
        tree = ast.parse((Path(__file__).parent.parent / "bot" / name).read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert "bot.store" not in imported, name
        assert ".store." not in (Path(__file__).parent.parent / "bot" / name).read_text(), name


# 9. reminders: one entry per game and platform, a lease, a sent-marker ----------------------------
def _remind_game(store, platform="t", channel="r", clock=None):
    service = Service(store, remind_after=60, clock=clock or (lambda: 1000.0))
    for user, text in [("alice", "/new tally target=100"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert service.handle(Command(platform, channel, user, text, name=user)).ok
    return service


def test_the_reminder_set_holds_one_entry_per_game_however_many_moves(store):
    service = _remind_game(store)
    for i in range(30):
        assert send(service, ("alice", "bob")[i % 2], "/tl add 1", "r").ok
    keys = [k.decode() for k in store.redis.keys(f"{store.prefix}:reminders*")
            if store.redis.type(k) == b"zset"]
    assert sum(store.redis.zcard(k) for k in keys) == 1


def test_a_worker_that_dies_after_claiming_leaves_the_reminder_to_another(store):
    now = [1000.0]
    _remind_game(store, clock=lambda: now[0])
    now[0] += 61
    dying = Service(store, remind_after=60, clock=lambda: now[0])
    assert [r.mentions for r in dying.due_reminders("t")] == [["alice"]]   # claimed… and never posted
    other = Service(store, remind_after=60, clock=lambda: now[0])
    assert other.due_reminders("t") == []            # leased to the first worker for now
    now[0] += REMIND_LEASE + 1
    again = other.due_reminders("t")
    assert [r.mentions for r in again] == [["alice"]]   # the lease ran out: sent by another
    other.reminded(again[0])
    now[0] += 10 * REMIND_LEASE
    assert other.due_reminders("t") == [] and dying.due_reminders("t") == []


def test_a_reminder_posted_once_is_never_posted_again_for_that_version(store):
    now = [1000.0]
    service = _remind_game(store, clock=lambda: now[0])
    now[0] += 61
    (first,) = service.due_reminders("t")
    service.reminded(first)
    # a slow worker whose lease ran out re-schedules nothing: even a stray entry finds the marker
    store.schedule_reminder("t", "r", now[0])
    assert Service(store, remind_after=60, clock=lambda: now[0]).due_reminders("t") == []


def test_each_platform_claims_only_its_own_reminders(store):
    now = [1000.0]
    _remind_game(store, "discord", "111", clock=lambda: now[0])
    _remind_game(store, "telegram", "-222", clock=lambda: now[0])
    now[0] += 61
    service = Service(store, remind_after=60, clock=lambda: now[0])
    keys = [k for k in store.redis.keys(f"{store.prefix}:reminders*") if store.redis.type(k) == b"zset"]
    scores = {k: dict(store.redis.zrange(k, 0, -1, withscores=True)) for k in keys}
    assert [r.channel for r in service.due_reminders("telegram")] == ["-222"]
    after = {k: dict(store.redis.zrange(k, 0, -1, withscores=True)) for k in scores}
    discord_key = next(k for k in scores if b"111" in b"".join(scores[k]))
    assert after[discord_key] == scores[discord_key]      # the Discord entry was not touched


def test_redis_stalled_beyond_the_client_timeout_says_unknown_and_counts_once(redis_client, store):
    """Redis stalls (DEBUG SLEEP) longer than the client's timeout; the write sent meanwhile
    runs when it wakes. (CLIENT PAUSE would not do: Redis drops a paused client's command
    when the client gives up, so nothing is stored — "unknown" is then right too.)"""



    if os.environ.get("REDIS_URL"):
        pytest.skip("pausing a shared server is not ours to do")
    client = redis.Redis(unix_socket_path=redis_client.socket_file, socket_timeout=0.2, retry=Retry(NoBackoff(), 1))
    service = Service(Store(client, prefix=store.prefix), remind_after=60)
    started(service)

    sleeper = threading.Thread(target=lambda: redis.Redis(unix_socket_path=redis_client.socket_file)
                               .execute_command("DEBUG", "SLEEP", 1.2))
    commit = service.store.commit

    def stalled_commit(*args, **kwargs):   # the game was read; Redis stalls just as the write goes out
        sleeper.start()
        time.sleep(0.05)
        return commit(*args, **kwargs)

    service.store.commit = stalled_commit
    paused = time.monotonic()
    lost = send(service, "alice", "/tl add 2", key="tg1:888")
    assert time.monotonic() - paused < 1.2, "the answer came before the pause ended"
    assert lost.code == "OUTCOME_UNKNOWN" and "nothing was changed" not in lost.error
    sleeper.join()
    service.store.commit = commit
    assert [e["line"] for e in store.log("t", "c")] == ["add 2"]      # it ran once Redis woke, once
    retry = send(service, "alice", "/tl add 2", key="tg1:888")
    assert retry.ok and "Already done" in retry.text
    assert [e["line"] for e in store.log("t", "c")] == ["add 2"]
