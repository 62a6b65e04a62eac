"""A robot decides the same in every process (issue 35's ladder): a level is an iteration cap, so a
rung of seed `ladder35` must replay the same games, whatever the process's hash seed. A robot that
iterates a set of names (its order is `PYTHONHASHSEED`'s) plays other lines in another process, and a
ladder run would not repeat: StarCraft's move lines did, until the kit sorted its routes."""
import hashlib
import os
import subprocess
import sys

import pytest

PLAY = """
import hashlib, os, random, sys
from core.registry import get_game
from robots.arena import Table
from robots.kit import kit_for
from tests.robots.positions import random_step

game = get_game(sys.argv[1])
if os.environ.get("REPEAT_BY_A_SET"):     # the check's own check: lines in a set's order
    kit = type(kit_for(game.id))
    for name in ("candidates", "root_candidates"):
        if hasattr(kit, name):
            def by_set(self, *args, _of=getattr(kit, name)):
                return list(set(_of(self, *args)))
            setattr(kit, name, by_set)
table = Table(game.id, 2, 1, against="robot:1", level=4, seed="repeat", clock="cpu")
rnd = random.Random("repeat")
state = game.setup(["p1", "p2"], {}, "repeat")
for _ in range(int(sys.argv[2])):       # into the game by random play: the robots meet its middle
    if not game.prompts(state):
        break
    state, _ = random_step(game, state, rnd)
players = dict(zip(state["seats"], (table.player("robot:4"), table.player("robot:1"))))
lines = []
for _ in range(int(sys.argv[3])):
    prompts = game.prompts(state)
    if not prompts:
        break
    seat = sorted(prompts)[0]
    line = players[seat].decide(game, game.view(state, seat), seat, rnd)
    lines.append(line)
    state = game.apply(state, seat, game.parse(line, private=game.sent_privately(line, prompts[seat])))[0]
print(hashlib.sha256(repr(lines).encode()).hexdigest(), len(lines))
"""

# (random actions into the game, robot decisions): deep enough for each game's main phase (StarCraft's
# 200: transports on the map, whose routes the kit iterated as a set; at 60 the bug went unseen)
DEPTHS = {"starcraft": (200, 40), "ludi": (20, 30), "successors": (40, 40), "infinity": (4, 20)}


def decisions(game_id: str, hash_seed: str) -> str:
    into, decided = DEPTHS[game_id]
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", PLAY, game_id, str(into), str(decided)], env=env,
                          capture_output=True, text=True, timeout=300, cwd=os.path.dirname(os.path.dirname(
                              os.path.dirname(os.path.abspath(__file__)))))
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.parametrize("game_id", sorted(DEPTHS))
def test_a_robot_plays_the_same_lines_whatever_the_hash_seed(game_id):
    first, second = decisions(game_id, "1"), decisions(game_id, "2")
    assert int(first.split()[1]) >= 10, first        # the robots decided, not only the random start
    assert first == second


def test_the_check_sees_a_robot_that_follows_a_set(monkeypatch):
    """The test can fail: a kit whose lines come in a set's order decides by the hash seed."""
    monkeypatch.setenv("REPEAT_BY_A_SET", "1")
    seen = {decisions("ludi", str(n)) for n in range(1, 5)}
    assert len(seen) > 1, hashlib.sha256(repr(seen).encode()).hexdigest()
