"""An import is checked whole before it is stored, and a player's name is bounded wherever it
comes in (issue 28, "A moved game cannot be forked"): the export's shape against its schema (a
missing field is a refusal that names it), the log replayed to the end and the summary it
claims, the players' names; the same limits on a name at /join and on any name a platform hands
the service; a picture draws an over-long or broken name of a game stored earlier, quickly.
Through the service on real Redis; the pictures through render."""
import time

import orjson
import pytest

import render
from bot.service.types import Command
from core.registry import get_game


def say(service, user, text, channel="imp", name=None):
    return service.handle(Command("t", channel, user, text, name=name if name is not None else user))


def finished_export(service) -> dict:
    """A finished game of Tally (target 12, rolls and adds), exported."""
    assert say(service, "ann", "/new tally target=12 seed=4", channel="src").ok
    for user in ("ann", "bob"):
        assert say(service, user, "/join", channel="src").ok
    assert say(service, "ann", "/start", channel="src").ok
    turn = 0
    while service.store.load("t", "src").meta["status"] != "finished":
        user = ("ann", "bob")[turn % 2]
        assert say(service, user, "/tally roll" if turn % 3 else "/tally add 2", channel="src").ok
        turn += 1
    export = say(service, "ann", "/export", channel="src")
    data = orjson.loads(export.file[1])
    assert data["seed"] and len(data["log"]) >= 3
    return data


def imported(service, data, channel="imp"):
    return say(service, "cy", "/import " + orjson.dumps(data).decode(), channel=channel)


def test_a_whole_export_imports(service):
    reply = imported(service, finished_export(service))
    assert reply.ok, reply.error
    assert service.store.load("t", "imp").meta["status"] == "finished"


@pytest.mark.parametrize("where, field", [("log", "private"), ("log", "seat"), ("log", "line"),
                                          ("top", "players"), ("top", "seed_sha256"), ("top", "game")])
def test_a_missing_field_is_refused_by_name(service, where, field):
    data = finished_export(service)
    (data["log"][0] if where == "log" else data).pop(field)
    reply = imported(service, data)
    assert reply.code == "BAD_IMPORT", reply.error
    assert field in reply.error and ("action 1" in reply.error or where == "top"), reply.error
    assert service.store.load("t", "imp") is None


def test_a_field_of_the_wrong_kind_is_refused_by_name(service):
    data = finished_export(service)
    data["log"][1]["private"] = "perhaps"
    reply = imported(service, data)
    assert reply.code == "BAD_IMPORT" and "action 2" in reply.error and "private" in reply.error, reply.error


def test_a_finished_export_with_its_log_cut_short_is_refused(service):
    """Its seed is public (only a finished game's export carries it): stored as a game still
    playing, anyone could learn its dice ahead. Cut after any action, it must be refused."""
    data = finished_export(service)
    for keep in range(len(data["log"])):
        cut = dict(data, log=data["log"][:keep])
        reply = imported(service, cut, channel=f"cut{keep}")
        assert reply.code == "BAD_IMPORT", (keep, reply.error or reply.public)
        assert "does not end" in reply.error or "not over" in reply.error, reply.error
        assert service.store.load("t", f"cut{keep}") is None


def test_an_export_whose_summary_is_not_its_logs_is_refused(service):
    data = finished_export(service)
    data["summary"]["winner"] = next(s for s in ("P1", "P2") if s != data["summary"]["winner"])
    reply = imported(service, data)
    assert reply.code == "BAD_IMPORT" and "summary" in reply.error, reply.error


@pytest.mark.parametrize("name", ["Ann\nBob", "N" * 20_000, "Ann\x00", "Ann\u202eboB", ""])
def test_an_export_with_a_name_out_of_bounds_is_refused(service, name):
    data = finished_export(service)
    data["players"][0] = name
    reply = imported(service, data)
    assert reply.code == "BAD_IMPORT" and "name" in reply.error, reply.error


# names at /join and from the platforms ---------------------------------------------------------------------
@pytest.mark.parametrize("given, stored", [("Ann\nBob", "Ann Bob"), ("  Ann \t\r\n  Lee ", "Ann Lee"),
                                           ("Ann\x00\x07", "Ann"), ("\u202eAnn", "Ann"), ("\n\n", "u1")])
def test_a_name_at_join_has_no_control_character_nor_line_break(service, given, stored):
    assert say(service, "u0", "/new tally").ok
    assert say(service, "u1", "/join", name=given).ok
    assert service.store.load("t", "imp").meta["players"][0]["name"] == stored


def test_a_long_name_at_join_is_cut(service):
    from core.names import NAME_MAX

    assert say(service, "u0", "/new tally").ok
    joined = say(service, "u1", "/join", name="N" * 20_000)
    name = service.store.load("t", "imp").meta["players"][0]["name"]
    assert len(name) == NAME_MAX and name.endswith("…") and len("".join(joined.public)) < 200


def test_every_name_a_platform_hands_the_service_is_bounded():
    """A Command carries the platform's display name: it arrives bounded, whatever the adapter."""
    from core.names import NAME_MAX

    assert Command("discord", "c", "1", "/status", name="a\nb").name == "a b"
    assert len(Command("telegram", "c", "1", "/status", name="x" * 999).name) == NAME_MAX


# pictures of games stored before the limits ---------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["ludi", "infinity", "starcraft", "successors"])
@pytest.mark.parametrize("name", ["Ann\nBob", "N" * 20_000])
def test_a_picture_draws_a_broken_or_long_name_cut_and_quickly(game_id, name):
    game = get_game(game_id)
    players = [name] + [f"P{i}" for i in range(1, game.min_players)]
    state = game.setup(players, {}, "seed")
    started = time.process_time()
    image = render.draw(game_id, game.view(state, None), None, lang="en")
    assert image.width > 0 and time.process_time() - started < 8
