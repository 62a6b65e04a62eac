"""Faults: a bot process killed (-9) between apply and save, right after the save, and while
drawing; Redis stopped, killed and restarted during play; Redis with its append-only file
restarted: games and reminders come back. Each test starts its own redis-server on a free
loopback port (tests/proof/servers.py)."""
import multiprocessing
import os
import random
import signal
import threading
import time
import uuid

import orjson

import render
from bot.console.selfplay import PLATFORM, play_one
from bot.service import Service
from bot.service.types import Command
from bot.store import Store, connect
from core.registry import all_games, get_game
from core.replay import replay

GAME = next((g.id for g in all_games() if g.id == "successors"), None) or \
    next(g.id for g in all_games() if render.has_picture(g.id))


def make_service(url: str, prefix: str, **kw) -> Service:
    return Service(Store(connect(url), prefix=prefix), remind_after=kw.pop("remind_after", 0), **kw)


def position(service: Service, depth: int = 6, seed: str = "f") -> str:
    game = get_game(GAME)
    players = max(game.min_players, min(game.max_players, 3))
    play_one(service, game.id, players, seed, max_actions=depth)
    return f"{game.id}-{players}-{seed}"


def next_command(service: Service, channel: str, rnd: random.Random, key: str | None = None) -> Command:
    """A legal command of a pending seat (a public one when there is one)."""
    game, state, rec = service.state(PLATFORM, channel)
    prompts = game.prompts(state)
    seat = rnd.choice(sorted(prompts))
    line = game.sample(state, seat, rnd)
    private = game.sent_privately(line, prompts[seat])
    user = {p["seat"]: p["user"] for p in rec.meta["players"]}[seat]
    return Command(PLATFORM, None if private else channel, user, f"/{game.id} {line}", name=user,
                   private=private, key=key)


def stored(service: Service, channel: str) -> tuple:
    rec = service.store.load(PLATFORM, channel)
    return rec.version, rec.raw_state, service.store.log_length(PLATFORM, channel)


def consistent(service: Service, channel: str) -> None:
    rec = service.store.load(PLATFORM, channel, with_setup=True)
    entries = service.store.log(PLATFORM, channel)
    assert orjson.dumps(replay(get_game(rec.meta["game"]), rec.setup, entries)) == rec.raw_state


def _victim(url: str, prefix: str, cmd: Command, where: str) -> None:
    service = make_service(url, prefix)
    die = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)  # noqa: E731
    if where == "before save":      # applied in memory, never sent
        service.store.commit = die
    elif where == "after save":     # stored, never answered
        commit = service.store.commit
        service.store.commit = lambda *a, **k: (commit(*a, **k), die())[0]
    elif where == "drawing":
        render.draw = die
    reply = service.handle(cmd)
    if reply.image is not None:
        reply.image.render()
    os._exit(0)


def kill_during(url: str, prefix: str, cmd: Command, where: str) -> None:
    proc = multiprocessing.get_context("fork").Process(target=_victim, args=(url, prefix, cmd, where))
    proc.start()
    proc.join(30)
    assert proc.exitcode == -signal.SIGKILL, f"the bot process was not killed {where} (exit {proc.exitcode})"


def test_a_bot_killed_between_apply_and_save_stored_nothing_and_the_command_goes_through_later(server):
    prefix = f"k-{uuid.uuid4().hex[:6]}"
    service = make_service(server.url, prefix)
    channel = position(service)
    cmd = next_command(service, channel, random.Random(1), key="platform-id-1")
    before = stored(service, channel)
    kill_during(server.url, prefix, cmd, "before save")
    assert stored(service, channel) == before
    reply = service.handle(cmd)   # the platform redelivers it to another process
    assert reply.ok and reply.changed and reply.version == before[0] + 1
    consistent(service, channel)


def test_a_bot_killed_right_after_the_save_counts_the_redelivered_command_once(server):
    prefix = f"k-{uuid.uuid4().hex[:6]}"
    service = make_service(server.url, prefix)
    channel = position(service)
    cmd = next_command(service, channel, random.Random(2), key="platform-id-2")
    before = stored(service, channel)
    kill_during(server.url, prefix, cmd, "after save")
    after = stored(service, channel)
    assert after[0] == before[0] + 1 and after[2] == before[2] + 1
    reply = service.handle(cmd)
    assert reply.ok and not reply.changed and "Already done" in reply.text
    assert stored(service, channel) == after
    consistent(service, channel)


def test_a_bot_killed_while_drawing_leaves_no_half_picture(server):
    prefix = f"k-{uuid.uuid4().hex[:6]}"
    service = make_service(server.url, prefix)
    channel = position(service)
    before = stored(service, channel)
    user = service.store.load(PLATFORM, channel).meta["players"][0]["user"]
    kill_during(server.url, prefix, Command(PLATFORM, channel, user, "/map"), "drawing")
    assert stored(service, channel) == before
    assert not [k for k in service.store.redis.scan_iter(f"{prefix}*:img:*")]   # no cached half picture
    reply = service.handle(Command(PLATFORM, channel, user, "/map"))
    assert reply.image.render().startswith(b"\x89PNG")
    consistent(service, channel)


def test_redis_down_then_back_clear_answer_nothing_half_written_and_the_same_bot_recovers(server):
    prefix = f"r-{uuid.uuid4().hex[:6]}"
    service = make_service(server.url, prefix)
    channel = position(service)
    rnd = random.Random(3)
    replies, stop = [], threading.Event()

    def play() -> None:   # a player keeps sending while the server dies under them
        moves = 0
        while not stop.is_set():
            try:   # a few dozen moves, then looks: the game must not end before the restart
                cmd = next_command(service, channel, rnd) if moves < 40 else None
            except Exception:   # the state cannot be read: Redis is down
                cmd = None
            moves += cmd is not None
            replies.append(service.handle(cmd or Command(PLATFORM, channel, "someone", "/status")))

    worker = threading.Thread(target=play)
    worker.start()
    time.sleep(0.5)
    server.kill()                  # kill -9 mid-play
    time.sleep(1.5)
    down = service.handle(Command(PLATFORM, channel, "someone", "/status"))
    stop.set()
    worker.join(30)
    assert down.code == "STORE_DOWN" and "cannot be reached" in down.error and "nothing was changed" in down.error
    assert all(r.code != "INTERNAL" for r in replies)
    assert {"STORE_DOWN", "OUTCOME_UNKNOWN"} & {r.code for r in replies}   # the player met the outage
    server.start()                 # the same port and files: the same bot, not restarted
    consistent(service, channel)
    version = stored(service, channel)[0]
    reply = service.handle(next_command(service, channel, rnd))
    assert reply.ok and reply.version == version + 1
    consistent(service, channel)


def test_redis_with_its_append_only_file_restarted_keeps_games_and_reminders(server):
    prefix = f"a-{uuid.uuid4().hex[:6]}"
    now = [1_000_000.0]
    service = make_service(server.url, prefix, remind_after=60, clock=lambda: now[0])
    channel = position(service)
    before = stored(service, channel)
    time.sleep(1.2)                # appendfsync everysec; a kill -9 of the process loses nothing anyway
    server.kill()
    server.start()
    assert stored(service, channel) == before
    consistent(service, channel)
    now[0] += 61
    due = service.due_reminders(PLATFORM)
    assert [r.channel for r in due] == [channel] and due[0].mentions
