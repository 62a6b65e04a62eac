"""Self-play through the service (bot/console/selfplay.run): seeded random games at every player count
finish with no crash, no dead end, no refused sample, no broken invariant and no secret in a
public line (§14); replay reproduces the state (§13.4)."""
import collections
import random

import orjson
import pytest

from bot.console.selfplay import run
from core.games.starcraft import GAME

from .conftest import act


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_selfplay_through_the_service(service, n):
    report = run(service, "starcraft", n, seed=1000 * n, games=2 if n < 4 else 1)
    assert report.problems == [], report.text()
    assert all(g.finished for g in report.games)


def test_selfplay_deals_random_factions_too(service):
    report = run(service, "starcraft", 3, seed=77, games=1, options="factions=random")
    assert report.problems == [], report.text()


def play(n, seed):
    rnd = random.Random(f"sc:{n}:{seed}")
    state, _ = GAME.start([f"u{i}" for i in range(n)], {}, f"seed-{n}-{seed}")
    log = []
    while GAME.prompts(state):
        prompts = GAME.prompts(state)
        seat = rnd.choice(sorted(prompts))
        line = GAME.sample(state, seat, rnd)
        state, _ = act(state, seat, line)
        log.append((seat, line))
    return state, log


def test_13_4_replaying_the_log_reproduces_the_state():
    """§13.4: same seed + same accepted actions ⇒ identical game (canonical lines round-trip)."""
    state, log = play(4, 5)
    again, _ = GAME.start([f"u{i}" for i in range(4)], {}, "seed-4-5")
    for seat, line in log:
        again, _ = GAME.apply(again, seat, GAME.parse(GAME.parse(line, private=True).line, private=True))
    assert orjson.dumps(again) == orjson.dumps(state)
    assert len(orjson.dumps(state)) < 40000


def endings(report):
    return collections.Counter((g.summary or {}).get("reason", "unfinished").split(":")[0] for g in report.games)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_selfplay_500_games(service, n):
    report = run(service, "starcraft", n, seed=100000 * n, games=500)
    print(f"\n{n} players: {dict(endings(report))}; {report.text()}")
    assert report.problems == [], report.text()
    assert all(g.finished for g in report.games)
