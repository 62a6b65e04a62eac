"""One robot decision's search rate, run in a process of its own against a build's source tree:

    PYTHONPATH=TREE python bench/search_probe.py GAME BUDGET [ITERATIONS]

It prints the iterations, the seconds and the file of `robots.search` that ran.

With ITERATIONS, the search runs exactly that many iterations whatever they cost (BUDGET is then ignored):
the equal-work comparison, where both builds search as much from the same position.

`bench.rules` runs it against this checkout and against the pre-issue build (issue 37's "≥ 5× today"),
extracted from git, one fresh process after the other, so both builds are timed on the same machine
under the same conditions. It imports only what both builds have (the registry, the kit, the search and
`Game`'s methods), never `bench`: the pre-issue tree has none of this module.
"""
from __future__ import annotations

import random
import sys
import time

clock = time.process_time
ROBOT_PLAYERS = 2
PROBE_FILE = __file__


def record(game, players: int, seed: int, limit: int = 4000) -> list[tuple]:
    """(state, seat, action) of each decision of a seeded random game on the bare rules."""
    rnd = random.Random(seed)
    state = game.setup([f"p{i}" for i in range(players)], {}, f"rules-bench-{seed}")
    steps = []
    while len(steps) < limit:
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        action = game.parse(line, game.sent_privately(line, prompts[seat]))
        steps.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    return steps


def decision(game, seed: int = 1) -> tuple[dict, str]:
    """(view, seat) of the bench's decision: some way into a seeded random game at 2 players, the
    first position from its middle on where the seat has a real choice (two lines or more)."""
    from robots.kit import kit_for
    from robots.search import Search, Settings

    kit = kit_for(game.id)
    steps = record(game, ROBOT_PLAYERS, seed, limit=60)
    for state, seat, _ in steps[len(steps) // 2:] + steps[:len(steps) // 2]:
        view = game.view(state, seat)
        if Search(kit, Settings(budget=None, iterations=1)).decide(view, seat, random.Random(seed)).iterations:
            return view, seat
    raise SystemExit(f"{game.id}: no decision with a choice in the first 60 actions")


def search_rate(game_id: str, budget: float, seed: int = 1, iterations: int | None = None) -> tuple[int, float]:
    """(iterations, seconds of CPU) of one decision at the bench's position: `budget` seconds of CPU, or
    exactly `iterations` iterations where given."""
    from core.registry import get_game
    from robots.kit import kit_for
    from robots.search import Search, Settings

    game = get_game(game_id)
    view, seat = decision(game, seed)
    settings = Settings(budget=None, iterations=iterations) if iterations else Settings(budget=budget)
    thought = Search(kit_for(game_id), settings, clock=clock).decide(view, seat, random.Random(seed))
    return thought.iterations, thought.seconds


if __name__ == "__main__":
    import robots.search

    cap = int(sys.argv[3]) if len(sys.argv) > 3 else None
    iterations, seconds = search_rate(sys.argv[1], float(sys.argv[2]), iterations=cap)
    print(iterations, seconds, robots.search.__file__)
