"""A game is its log: for every registered game, replaying the log reproduces the
snapshot byte for byte, and /verify checks the dice."""
import random

import orjson
import pytest

from core.registry import all_games
from core.replay import replay, stamp, verify

GAMES = [g.id for g in all_games()]


def play(game, seed, steps=400):
    players = [f"p{i}" for i in range(game.min_players)]
    state, _ = game.start(players, {}, seed)
    setup = stamp(game, {"players": players, "options": {}, "seed": seed})   # played under today's rules
    rnd = random.Random(seed)
    entries = []
    for _ in range(steps):
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        private = game.sent_privately(line, prompts[seat])
        state, _ = game.apply(state, seat, game.parse(line, private))
        entries.append({"seat": seat, "line": line, "private": private})
    return setup, entries, state


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_reproduces_the_snapshot_byte_for_byte(game_id):
    from core.registry import get_game

    game = get_game(game_id)
    for seed in ("r1", "r2", "r3"):
        setup, entries, state = play(game, seed)
        assert orjson.dumps(replay(game, setup, entries)) == orjson.dumps(state)


def test_verify_accepts_a_finished_game_and_rejects_a_tampered_roll(service):
    from bot.service.types import Command

    for text, user in [("/new tally target=40 seed=s3cret", "a"), ("/join", "a"), ("/start", "a")]:
        assert service.handle(Command("t", "v", user, text)).ok
    while service.handle(Command("t", "v", "a", "/tl roll")).ok:
        pass
    assert service.handle(Command("t", "v", "a", "/verify")).ok
    export = service.export("t", "v")
    assert export["seed"] == "s3cret" and verify(export) == []
    tampered = orjson.loads(orjson.dumps(export))
    n, sides, value, public = tampered["log"][0]["rolls"][0]
    tampered["log"][0]["rolls"][0] = [n, sides, value % 6 + 1, public]
    problems = verify(tampered)
    assert problems and "recorded as" in problems[0]


def test_verify_rejects_a_wrong_seed():
    from tests.tally import GAME
    setup, entries, _ = play(GAME, "abc", 3)
    export = {"game": "tally", "players": setup["players"], "options": {}, "seed": "abd",
              "seed_sha256": __import__("core.rng").rng.commitment("abc"), "log":
              [dict(e, rolls=[]) for e in entries]}
    assert any("does not match" in p for p in verify(export))
