"""The service: lobby, seats, refusals that change nothing, buttons, secrets, undo,
export/import, reminders."""
import orjson
import pytest

from bot.service.types import Command
from core import registry
from tests.tally import Tally


class Other(Tally):
    id, title, aliases = "other", "Other", ()


registry.register(Other())


def send(service, user, text, channel="c", **kw):
    return service.handle(Command("t", channel, user, text, name=user, **kw))


@pytest.fixture
def game(service):
    for user, text in [("alice", "/new tally target=20 seed=7"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert send(service, user, text).ok
    return service


def snapshot(service, channel="c"):
    rec = service.store.load("t", channel)
    return rec.version, rec.raw_state, service.store.log("t", channel)


@pytest.mark.parametrize("user, text, code, words", [
    ("bob", "/tl add 1", "NOT_YOUR_TURN", "not your turn"),
    ("carol", "/tl add 1", "NOT_SEATED", "not seated"),
    ("alice", "/tl add 0", "MALFORMED", "between 1 and 9"),
    ("alice", "/tl add", "MALFORMED", "missing n"),
    ("alice", "/fly", "UNKNOWN", "Unknown command `/fly`"),
    ("alice", "/tl secret x", "MUST_BE_PRIVATE", "private"),
    ("alice", "/tl show", "NOT_NOW", "cannot `show` now"),
    ("alice", "/new tally", "GAME_EXISTS", "already open"),
    ("bob", "/abort", "FORBIDDEN", "creator"),
    ("alice", "/verify", "NOT_FINISHED", "secret until the game ends"),
    ("alice", "/undo", "NOTHING_TO_UNDO", "Nothing"),
    ("alice", "/log x", "MALFORMED", "number"),
    ("alice", "/other add 1", "WRONG_GAME", "plays Tally"),
])
def test_bad_input_gets_a_sentence_and_changes_nothing(game, user, text, code, words):
    before = snapshot(game)
    reply = send(game, user, text)
    assert not reply.ok and reply.code == code
    assert words in reply.error
    assert snapshot(game) == before


def test_a_refusal_says_what_is_possible(game):
    reply = send(game, "alice", "/tl show")
    assert "Possible: `roll`; `add 1`; `add 2`; `add <n>`" in reply.error


def test_accepted_action_narrates_and_offers_buttons_for_the_next_seat(game):
    reply = send(game, "alice", "/tl add 2")
    assert reply.ok and "P1 adds 2: total 2." in reply.public
    assert reply.mentions == ["bob"]
    assert {b.line for b in reply.buttons} >= {"/tl roll", "/tl add 1"}
    assert all(b.version == reply.version and b.user == "bob" for b in reply.buttons)


def test_button_from_an_old_version_is_refused(game):
    reply = send(game, "alice", "/tl add 2")
    button = reply.buttons[0]
    assert send(game, "bob", "/tl add 1").ok
    before = snapshot(game)
    stale = send(game, "alice", button.line, version=button.version)
    assert stale.code == "STALE" and "earlier position" in stale.error
    assert snapshot(game) == before


def test_button_of_the_current_version_works(game):
    button = send(game, "alice", "/tl add 2").buttons[0]
    assert send(game, "bob", button.line, version=button.version).ok


def test_private_action_by_dm_is_routed_and_never_public(game):
    assert send(game, "alice", "/tl add 1").ok
    reply = game.handle(Command("t", None, "bob", "/tl secret swordfish", private=True))
    assert reply.ok and reply.channel == "c"
    assert reply.public == [] and reply.buttons == [] and reply.image is None
    assert any("swordfish" in t for t in reply.private["bob"])
    assert all("swordfish" not in t for u, ts in reply.private.items() if u != "bob" for t in ts)
    log = send(game, "alice", "/log")
    assert "swordfish" not in log.text and "2. bob made a private choice" in log.text


def test_private_message_from_a_user_without_game_is_refused(game):
    reply = game.handle(Command("t", None, "zed", "/tl secret x", private=True))
    assert reply.code == "NO_GAME"


def test_undo_own_last_action_unless_dice_or_reveal(game):
    assert send(game, "alice", "/tl add 2").ok
    assert send(game, "bob", "/undo").code == "NOT_YOURS"
    undo = send(game, "alice", "/undo")
    assert undo.ok and undo.mentions == ["alice"]
    assert game.store.load("t", "c").state["total"] == 0 and game.store.log("t", "c") == []
    assert send(game, "alice", "/tl roll").ok
    assert send(game, "alice", "/undo").code == "IRREVERSIBLE"


def test_export_before_the_end_hides_private_lines_and_the_seed(game):
    assert game.handle(Command("t", None, "alice", "/tl secret hush", private=True))
    reply = send(game, "alice", "/export")
    data = orjson.loads(reply.file[1])
    assert data["seed"] is None and b"hush" not in reply.file[1]
    assert data["log"][0]["line"] is None


def test_finish_reveals_seed_then_verify_and_import(game):
    users = ["alice", "bob"]
    turn = 0
    while True:
        reply = send(game, users[turn % 2], "/tl add 9")
        turn += 1
        if any("game is over" in line for line in reply.public):
            break
    assert any("seed was 7" in line for line in reply.public)
    assert send(game, "alice", "/verify").ok
    export = send(game, "alice", "/export").file[1]
    imported = send(game, "carol", "/import " + export.decode(), channel="other")
    assert imported.ok
    assert game.store.load("t", "other").raw_state == game.store.load("t", "c").raw_state
    assert send(game, "carol", "/verify", channel="other").ok


def test_import_refuses_a_tampered_export(game):
    for i in range(6):
        send(game, ["alice", "bob"][i % 2], "/tl roll")
    while not send(game, "alice", "/tl add 9").ok and send(game, "bob", "/tl add 9").ok:
        pass
    data = game.export("t", "c")
    data["seed"] = "7"   # force the full export to test import on a finished-looking game
    data["log"][0]["rolls"] = [[0, 6, 7, True]]
    reply = send(game, "carol", "/import " + orjson.dumps(data).decode(), channel="other2")
    assert reply.code == "BAD_IMPORT"


def test_abort_by_creator_then_new_game(game):
    assert send(game, "alice", "/abort").ok
    assert send(game, "bob", "/status").code == "NO_GAME"
    assert send(game, "bob", "/new tally").ok


def test_lobby_rules(service):
    assert send(service, "alice", "/new tally").ok
    assert send(service, "bob", "/join").ok
    assert send(service, "bob", "/join").code == "ALREADY_SEATED"
    assert send(service, "bob", "/leave").ok
    assert send(service, "carol", "/start").code == "NOT_SEATED"
    assert send(service, "alice", "/start").code == "PLAYERS"
    assert send(service, "alice", "/tl add 1").code == "NOT_PLAYING"


def test_help_lists_commands_and_game_verbs(service):
    assert "/new GAME" in send(service, "a", "/help").text
    assert "add <n>" in send(service, "a", "/help tally").text
    assert send(service, "a", "/help nonsense").code == "UNKNOWN"


def test_bot_name_suffix_is_accepted(game):
    assert send(game, "alice", "/tl@StrategosBot add 1").ok


def test_reminder_fires_once_for_the_pending_player(game):
    game.clock = lambda: 10 ** 12          # far in the future: every reminder is due
    first = game.due_reminders()
    assert [r.mentions for r in first] == [["alice"]]
    assert game.due_reminders() == []      # claimed: never twice


def test_reminder_is_dropped_when_the_game_moved_on(game):
    assert send(game, "alice", "/tl add 1").ok
    game.clock = lambda: 10 ** 12
    replies = game.due_reminders()
    assert [r.mentions for r in replies] == [["bob"]]


def test_query_changes_nothing_and_answers_privately(game):
    before = snapshot(game)
    reply = send(game, "bob", "/tl total")
    assert reply.ok and reply.private == {"bob": ["The total is 0."]}
    assert snapshot(game) == before


def test_a_bug_in_a_game_is_an_apology_and_changes_nothing(game, monkeypatch):
    from tests.tally import GAME

    def broken(self, ctx):
        ctx.state["total"] = 999
        raise ZeroDivisionError

    monkeypatch.setattr(type(GAME), "_apply", broken)
    before = snapshot(game)
    reply = send(game, "alice", "/tl add 1")
    assert reply.code == "INTERNAL" and "nothing was changed" in reply.error
    assert snapshot(game) == before


def test_help_works_in_a_private_chat_without_a_game(service):
    reply = service.handle(Command("t", None, "newcomer", "/help", private=True))
    assert reply.ok and "/new GAME" in reply.text


def test_mentions_carry_display_names(game):
    reply = send(game, "alice", "/tl add 1")
    assert reply.names == {"bob": "bob"}


def test_reply_says_whether_the_game_changed(game):
    assert send(game, "alice", "/tl add 1").changed
    assert not send(game, "alice", "/status").changed
    assert not send(game, "bob", "/tl total").changed
    assert not send(game, "bob", "/tl add 1", version=1).changed      # stale: refused


def test_open_channels_lists_the_users_games(game):
    assert game.open_channels("t", "alice") == ["c"]
    assert game.open_channels("t", "nobody") == []


def test_queries_still_answer_after_the_end(game):
    turn = 0
    while not any("game is over" in line for line in send(game, ["alice", "bob"][turn % 2], "/tl add 9").public):
        turn += 1
    assert send(game, "bob", "/tl total").ok
    refused = send(game, "bob", "/tl add 1")
    assert refused.code == "NOT_PLAYING" and "over" in refused.error


# ---- several processes on one game: each remembers its last write (Store.recall) -----------------
def test_a_process_playing_from_a_stale_memory_of_the_game_loses_nothing(game):
    """Two bot processes serve one channel. Each plays from the game as it last wrote it; when the
    other moved meanwhile, its compare-and-set fails and it reads the game: a command refused by
    the stale memory is played, one it would accept is refused, and each counts once."""
    other = type(game)(type(game.store)(game.store.redis, prefix=game.store.prefix), remind_after=60)
    assert send(game, "alice", "/tl add 1").ok                       # game: bob to move
    assert send(other, "bob", "/tl add 2").ok                        # other: alice to move
    played = send(game, "alice", "/tl add 1")                        # game remembers bob to move
    assert played.ok, played.error
    before = snapshot(game)
    again = send(other, "alice", "/tl add 2")                        # other remembers alice to move
    assert not again.ok and again.code == "NOT_YOUR_TURN"
    assert snapshot(game) == before
    assert [e["line"] for e in game.store.log("t", "c")] == ["add 1", "add 2", "add 1"]
    assert game.store.load("t", "c").state["total"] == 4


def test_a_command_repeated_through_another_process_counts_once_from_memory(game):
    other = type(game)(type(game.store)(game.store.redis, prefix=game.store.prefix), remind_after=60)
    first = send(game, "alice", "/tl add 1", key="tg:1")
    send(other, "bob", "/tl add 2")   # other's memory is now its own write
    repeat = send(other, "alice", "/tl add 1", key="tg:1")   # delivered twice, to both
    assert repeat.ok and "Already done" in repeat.public[0] and str(first.version) in repeat.public[0]
    assert [e["line"] for e in game.store.log("t", "c")] == ["add 1", "add 2"]


def test_a_private_message_goes_where_its_senders_last_went_only_while_that_is_his_one_game(game, monkeypatch):
    """A process routes a private message to the channel it routed the sender's last one to, without
    reading his games: its write checks, from memory, that it is still his one open game (his index
    holds it alone, he sits there, it is in play). When he sits in two, he is asked which, as before."""
    dm = lambda text: game.handle(Command("t", None, "bob", text, private=True))   # noqa: E731
    assert send(game, "alice", "/tl add 1").ok   # bob to move: his secret word, privately (his turn stays)
    assert dm("/tl secret one").channel == "c"
    looked = []
    open_channels = game.open_channels
    monkeypatch.setattr(game, "open_channels", lambda *a: looked.append(a) or open_channels(*a))
    again = dm("/tl secret two")
    assert again.ok and again.channel == "c" and looked == []
    assert send(game, "carol", "/new tally", channel="d").ok and send(game, "bob", "/join", channel="d").ok
    before = snapshot(game)
    which = dm("/tl secret three")
    assert which.code == "WHICH_GAME" and looked and snapshot(game) == before
    assert send(game, "carol", "/abort", channel="d").ok
    assert dm("/tl secret four").channel == "c"
    assert [e["line"] for e in game.store.log("t", "c")][-3:] == ["secret one", "secret two", "secret four"]


def test_a_stale_memory_costs_the_command_no_read_of_its_own(service, monkeypatch):
    """Another process moved since this one wrote: the write from memory loses its race and its
    answer is the game as found, which the retry is made from (two round trips, as a read and a
    write were before)."""
    for user, text in [("alice", "/new tally free=1 target=50 seed=3"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert send(service, user, text).ok
    other = type(service)(type(service.store)(service.store.redis, prefix=service.store.prefix), remind_after=60)
    assert send(service, "alice", "/tl add 1").ok
    assert send(other, "alice", "/tl add 2").ok
    reads = []
    load = service.store.load
    monkeypatch.setattr(service.store, "load", lambda *a, **k: reads.append(a) or load(*a, **k))
    assert send(service, "bob", "/tl add 3").ok
    assert reads == []
    assert [e["line"] for e in service.store.log("t", "c")] == ["add 1", "add 2", "add 3"]
    assert service.store.load("t", "c").state["total"] == 6
