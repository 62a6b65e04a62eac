"""A short arena for the bench (issue 22): robots against random and greedy players straight
through the rules, each win rate beside its floor (the fair share) and its target."""
from __future__ import annotations

import time

from robots import balance
from robots.arena import Table, run, wilson

# (game, players, against, the robot's target win rate)
TABLES = (("ludi", 2, "random", 0.95), ("ludi", 2, "greedy", 0.60), ("successors", 2, "random", 0.95))


def section(quick: bool) -> list[str]:
    games = 3 if quick else 20
    out = ["robots (issue 22): a short arena, 50 ms a decision"
           + (" (--quick: a few games, the intervals are wide)" if quick else "")]
    for game, players, against, target in TABLES:
        if quick and (game, against) != ("ludi", "random"):   # the others are long: the full bench only
            continue
        table = Table(game, players, 1, against, budget=0.05, seed="bench")
        started = time.perf_counter()
        results = run(table, games)
        seats = [(r.kinds[s], 1 / len(r.winners)) for r in results for s in r.winners]
        wins = sum(share for kind, share in seats if kind == "robot")
        low, high = wilson(wins, games)
        think = sorted(t for r in results for t in r.think.get("robot", []))
        p95 = think[int(0.95 * (len(think) - 1))] * 1000 if think else 0.0
        out.append(f"   {game} {players}p robot vs {against}: wins {wins:g}/{games} = {wins / games:.0%} "
                   f"(95 % CI {low:.0%}–{high:.0%}); floor (fair share) {1 / players:.0%}, target ≥ {target:.0%}; "
                   f"think p95 {p95:.0f} ms vs budget 50 ms; {time.perf_counter() - started:.0f} s")
    return out


def balance_section(quick: bool) -> list[str]:
    """Issue 27 in short: robot-only StarCraft at 2 players (the current rules), its length, endings and
    bands; --quick plays one game at 1 iteration a decision, the full bench 6 games at 2
    (docs/balance.md runs 16–30 games a player count)."""
    games, iterations, depth = (1, 1, 1) if quick else (6, 2, None)
    table = Table("starcraft", 2, 2, budget=10.0, iterations=iterations, depth=depth, seed="bench", clock="cpu",
                  options=dict(balance.BALANCE_OPTIONS["starcraft"]))
    started = time.perf_counter()
    results = run(table, games)
    f = balance.figures(results, 2)
    outside = balance.out_of_band("starcraft", f)
    return [f"balance (issue 27): starcraft 2p, all robots, {games} game(s), {iterations} iteration(s) a decision: "
            f"median {f['median']:g} rounds (target ≥ 6); endings "
            + ", ".join(f"{name} {share:.0%}" for name, share in f["endings"].items())
            + f"; bands: {'; '.join(outside) if outside else 'inside'}; {time.perf_counter() - started:.0f} s"]
