"""Games saved by earlier code load forever (issue 11.8).

tests/fixtures/*.json hold games exactly as Redis stored them (written by
tests/fixtures/make_fixtures.py; the first ones by main before issue 11, which stored no
format or rules version). Each must still replay to its own snapshot, carry on, undo,
verify and round-trip /export → /import. A rules change that breaks one must raise the
game's `rules_version` and register a migration in core/replay.MIGRATIONS; the Tally
"v2" below shows both roads: without a migration the refusals say why, with one
everything works again.
"""
import random
from dataclasses import replace
from pathlib import Path

import orjson
import pytest

from bot.service.types import Command
from core import registry
from core.errors import RulesError
from core.registry import get_game
from core.replay import MIGRATIONS, replay, rules_version
from tests.tally import Tally

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))


def load(store, path: Path) -> dict:
    data = orjson.loads(path.read_bytes())
    game_key, log_key = store._keys(data["platform"], data["channel"])
    store.redis.hset(game_key, mapping=data["game"])
    if data["log"]:
        store.redis.rpush(log_key, *data["log"])
    for player in orjson.loads(data["game"]["meta"])["players"]:
        if player["user"] and data["game"]["meta"] and not data["finished"]:
            store.link_user(data["platform"], player["user"], data["channel"])
    return data


def superseded(data) -> bool:
    """Saved under an older rules version of its game that no migration carries forward
    (Successors 1, before the whole game of issue 12): it must be refused with the reason."""
    setup = orjson.loads(data["game"]["setup"])
    game = get_game(setup["game"])
    version = int(setup.get("rules_version", 1))
    return version < rules_version(game) and (game.id, version) not in MIGRATIONS


def say(service, data, user, text, channel=None, **kw):
    return service.handle(Command(data["platform"], channel or data["channel"], user, text, name=user, **kw))


def test_there_are_fixtures_of_every_kind():
    names = {p.stem for p in FIXTURES}
    assert {"tally-finished", "tally-playing", "successors-playing", "infinity-playing",
            "infinity-finished"} <= names


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_saved_game_replays_to_its_own_snapshot(store, path):
    data = load(store, path)
    rec = store.load(data["platform"], data["channel"], with_setup=True)
    game = get_game(rec.meta["game"])
    entries = store.log(data["platform"], data["channel"])
    if superseded(data):
        with pytest.raises(RulesError) as refused:
            replay(game, rec.setup, entries)
        assert refused.value.code == "OLD_RULES" and "no migration" in refused.value.message
        return
    assert orjson.dumps(replay(game, rec.setup, entries)) == rec.raw_state


@pytest.mark.parametrize("path", [p for p in FIXTURES if "finished" in p.stem], ids=lambda p: p.stem)
def test_a_saved_finished_game_verifies_and_its_export_imports(service, path):
    data = load(service.store, path)
    creator = orjson.loads(data["game"]["meta"])["creator"]
    verified = say(service, data, creator, "/verify")
    export = say(service, data, creator, "/export")
    imported = say(service, data, "someone", "/import " + export.file[1].decode(), channel="copy")
    if superseded(data):   # honest dice, never "tampered"; an import says why it cannot replay
        assert verified.ok and "no migration" in verified.text, verified.error or verified.public
        assert imported.code == "BAD_IMPORT" and "rules version" in imported.error, imported.error
        return
    assert verified.ok and len(verified.public) == 1, verified.error or verified.public
    assert imported.ok, imported.error
    assert service.store.load(data["platform"], "copy").raw_state == \
        service.store.load(data["platform"], data["channel"]).raw_state


@pytest.mark.parametrize("path", [p for p in FIXTURES if "playing" in p.stem], ids=lambda p: p.stem)
def test_a_saved_game_in_play_undoes_and_carries_on(service, path):
    data = load(service.store, path)
    last = service.store.log(data["platform"], data["channel"], -1, -1)[0]   # stored compact or whole
    if "undo" not in get_game(orjson.loads(data["game"]["meta"])["game"]).verbs:   # else the game's own undo
        undo = say(service, data, last["user"], "/undo")
        assert undo.ok or undo.code == "IRREVERSIBLE" or superseded(data) and undo.code == "OLD_RULES", undo.error
    moved = play_a_move(service, data, random.Random(path.stem))
    assert moved.ok and moved.changed, moved.error


def play_a_move(service, data, rnd):
    """A legal move of a seat the game waits for (sent privately when the prompt asks so)."""
    game, state, rec = service.state(data["platform"], data["channel"])
    users = {p["seat"]: p["user"] for p in rec.meta["players"]}
    prompts = game.prompts(state)
    seat = rnd.choice(sorted(prompts))
    line = game.sample(state, seat, rnd)
    private = game.sent_privately(line, prompts[seat])
    return service.handle(Command(data["platform"], None if private else data["channel"], users[seat],
                                  f"/{game.id} {line}", name=users[seat], private=private))


# a rules change -------------------------------------------------------------------------------
class TallyV2(Tally):
    """Tally after a rules change: `add N` is now called `plus N`."""
    rules_version = 2
    verbs = {("plus" if k == "add" else k): (replace(v, name="plus") if k == "add" else v)
             for k, v in Tally.verbs.items()}

    def _prompts(self, state):
        return {seat: replace(p, actions=tuple(a.replace("add", "plus") for a in p.actions),
                              templates=tuple(t.replace("add", "plus") for t in p.templates))
                for seat, p in super()._prompts(state).items()}

    def _apply(self, ctx):
        if ctx.action.verb == "plus":
            ctx.action = replace(ctx.action, verb="add")
        return super()._apply(ctx)


def rename_add(setup, entries):
    return setup, [dict(e, line=e["line"].replace("add", "plus", 1) if e["line"] else e["line"])
                   for e in entries]


@pytest.fixture
def v2(monkeypatch):
    monkeypatch.setitem(registry._loaded, "tally", TallyV2())
    yield
    registry.register(Tally())


def fixture(name):
    return next(p for p in FIXTURES if p.stem == name)


def test_after_a_rules_change_without_migration_the_refusals_say_why(service, v2):
    playing = load(service.store, fixture("tally-playing"))
    last = orjson.loads(playing["log"][-1])
    undo = say(service, playing, last["user"], "/undo")
    assert undo.code == "OLD_RULES" and "rules version 1 of Tally" in undo.error, undo.error
    finished = load(service.store, fixture("tally-finished"))
    creator = orjson.loads(finished["game"]["meta"])["creator"]
    verified = say(service, finished, creator, "/verify")
    assert verified.ok and "no migration" in verified.text        # honest dice, not "tampered"
    export = say(service, finished, creator, "/export")
    imported = say(service, finished, "someone", "/import " + export.file[1].decode(), channel="copy")
    assert imported.code == "BAD_IMPORT" and "rules version 1 of Tally" in imported.error


def test_after_a_rules_change_with_a_migration_old_games_undo_verify_and_import(service, v2, monkeypatch):
    monkeypatch.setitem(MIGRATIONS, ("tally", 1), rename_add)
    playing = load(service.store, fixture("tally-playing"))
    last = orjson.loads(playing["log"][-1])
    assert say(service, playing, last["user"], "/undo").ok
    finished = load(service.store, fixture("tally-finished"))
    creator = orjson.loads(finished["game"]["meta"])["creator"]
    verified = say(service, finished, creator, "/verify")
    assert verified.ok and len(verified.public) == 1
    export = say(service, finished, creator, "/export")
    assert orjson.loads(export.file[1])["rules_version"] == 1      # an export names its rules
    imported = say(service, finished, "someone", "/import " + export.file[1].decode(), channel="copy")
    assert imported.ok, imported.error
    assert service.store.setup(finished["platform"], "copy")["rules_version"] == 2


def test_a_new_game_stores_its_format_and_rules_version(service):
    for user, text in [("a", "/new tally"), ("a", "/join"), ("a", "/start")]:
        assert service.handle(Command("t", "n", user, text)).ok
    setup = service.store.setup("t", "n")
    assert setup["format"] == "strategos/1" and setup["rules_version"] == 1


# old games keep playing (issue 28) ------------------------------------------------------------
PLAYING = [p for p in FIXTURES if "playing" in p.stem]
MOVES = 150


def internal(reply) -> bool:
    return not reply.ok and reply.code == "INTERNAL"


@pytest.mark.parametrize("path", PLAYING, ids=lambda p: p.stem)
def test_a_saved_game_in_play_shows_status_me_map_and_plays_150_moves(service, path):
    """A game saved by any earlier code (tests/fixtures/make_old_fixtures.py checks old commits
    out and saves games through their own service) is looked at and played on for 150 legal
    moves, or to its end, with no internal error: games live for weeks across upgrades."""
    data = load(service.store, path)
    rec = service.store.load(data["platform"], data["channel"])
    users = {p["seat"]: p["user"] for p in rec.meta["players"]}
    watcher = say(service, data, "watcher", "/status")
    assert watcher.ok, watcher.error
    for asked in ("/map", "/export"):
        reply = say(service, data, "watcher", asked)
        assert not internal(reply), (asked, reply.error)
        if reply.image is not None:
            assert reply.image.render()
    for user in users.values():
        me = service.handle(Command(data["platform"], None, user, "/me", name=user, private=True))
        assert me.ok, me.error
        for picture in me.private_images.values():
            assert picture.render()
    rnd = random.Random(path.stem)
    played = 0
    while played < MOVES and not service.state(data["platform"], data["channel"])[2].meta["status"] == "finished":
        reply = play_a_move(service, data, rnd)
        assert reply.ok, f"move {played + 1}: {reply.code} {reply.error}"
        played += 1
    game, state, _ = service.state(data["platform"], data["channel"])
    assert played == MOVES or game.outcome(state)[0], played
    assert say(service, data, "watcher", "/status").ok
