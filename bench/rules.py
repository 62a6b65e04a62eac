"""The rules' own speed per game (issue 37), each figure beside its floor, on one core:

- apply µs/action: `Game.apply` over the positions of a seeded random game, beside the bare
  `copy_state` of the same states (every apply copies its state once; nothing faster is exact);
- view-and-choose µs/decision: a deciding seat's `view` and the `prompts` its legal lines come
  from, beside the bare `orjson.dumps` of the same states (the bytes remembered answers are
  keyed by: core/game.py `Remembered`);
- a robot's search iterations per second at 2 players (robots/search.py, one decision from a
  mid-game position), beside the copies per second of the same view (an iteration from a fresh
  world copies it at least once; a kit's kept worlds, robots/search.py, are copied once a decision),
  and beside the pre-issue build's rate with issue 37's target. The pre-issue build is extracted from
  git and timed here, each build in fresh processes taking turns (bench/search_probe.py): a rate
  recorded on another machine says nothing of this one's (the recorded rates stand in, said as such,
  only where the checkout has no history). Both builds are timed in the same budget and at equal work
  (`Rates`: the verdict is the equal-work ratio);
- the top five functions of each game's random game by own time (cProfile, CPU time).

Each position is timed in every one of REPLAYS passes and its fastest time kept, so a busy
machine (other processes on the same cores) adds little; CPU time, not wall time.

    python -m bench.rules [--quick]
"""
from __future__ import annotations

import argparse
import copy
import cProfile
import gc
import marshal
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import orjson

from bench.search_probe import PROBE_FILE, ROBOT_PLAYERS, decision, record
from core.game import copy_state
from core.registry import all_games
from robots.builds import BuildError, extract

REPLAYS = 3
# issue 37's targets: (apply ms, view-and-choose ms) per action
TARGETS = {"successors": (0.15, 0.2)}
OTHER_TARGET = (0.1, 0.1)

# issue 37's search target: iterations a second at least these times the pre-issue build's
SEARCH_GAIN = {"successors": 5.0}
OTHER_SEARCH_GAIN = 2.0
# the pre-issue build: the parent of c001942 (the fingerprint commit, the issue's first)
PRE_ISSUE_COMMIT = "dbaf93b6d178e35b23c3b5a2b4eb6ee95c739701"
# its iterations a second as recorded on 2026-11-27's machine (0.3 s of CPU a decision, the median of
# five fresh processes): only where this checkout cannot extract the build to time it here
PRE_ISSUE_RATE = {"infinity": 396, "successors": 792, "ludi": 165, "starcraft": 378}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
clock = time.process_time


def players_for(game) -> int:
    return max(game.min_players, min(game.max_players, 5))


def _fastest(steps: list[tuple], timed) -> float:
    """Mean over the positions of each one's fastest time in REPLAYS passes, in seconds."""
    best = [float("inf")] * len(steps)
    for _ in range(REPLAYS):
        for i, step in enumerate(steps):
            started = clock()
            timed(*step)
            best[i] = min(best[i], clock() - started)
    return sum(best) / len(best)


def speeds(game, players: int, seed: int = 1, limit: int = 4000) -> dict:
    steps = record(game, players, seed, limit)
    gc.collect()
    gc.freeze()   # the recorded positions are kept alive: no collection walks them again and again
    try:
        view_choose = _fastest(steps, lambda state, seat, action: (game.view(state, seat), game.prompts(state)))
        apply = _fastest(steps, lambda state, seat, action: game.apply(state, seat, action))
        copy = _fastest(steps, lambda state, seat, action: copy_state(state))
        dumps = _fastest(steps, lambda state, seat, action: orjson.dumps(state))
    finally:
        gc.unfreeze()
    return {"actions": len(steps), "apply": apply, "view": view_choose, "copy": copy, "dumps": dumps}


def structured_copy(value):
    """A deep copy of JSON-shaped data written in Python (the "structured copy" issue 37 weighs)."""
    if type(value) is dict:
        return {k: structured_copy(v) if type(v) in (dict, list) else v for k, v in value.items()}
    if type(value) is list:
        return [structured_copy(v) if type(v) in (dict, list) else v for v in value]
    return value


COPIES = (("orjson round trip (copy_state)", copy_state),
          ("marshal round trip", lambda state: marshal.loads(marshal.dumps(state))),
          ("structured Python copy", structured_copy), ("copy.deepcopy", copy.deepcopy))


def copy_paths(game, players: int, limit: int) -> list[tuple[str, float]]:
    """Each exact deep copy's mean µs over every 10th position of a seeded random game, as stored
    (plain JSON: a state in memory may hold messages, str subclasses that marshal refuses)."""
    steps = [(copy_state(state), seat, action) for state, seat, action in record(game, players, 3, limit)[::10]]
    return [(name, _fastest(steps, lambda state, seat, action, f=f: f(state)) * 1e6) for name, f in COPIES]


def pre_issue_tree(into: str) -> str | None:
    """The pre-issue build's source tree, extracted from git into `into`; None where this checkout
    has no history (a shallow clone, an archive): the recorded rates stand in, said as such."""
    try:
        return extract(PRE_ISSUE_COMMIT, into)
    except BuildError:
        return None


def probe(tree: str, game_id: str, budget: float, iterations: int | None = None) -> tuple[int, float]:
    """(iterations, iterations a second) of one decision, in a fresh process running `tree`'s code
    (bench/search_probe.py): `budget` seconds of CPU, or exactly `iterations` where given."""
    env = {**os.environ, "PYTHONPATH": tree, "PYTHONHASHSEED": "0"}
    command = [sys.executable, PROBE_FILE, game_id, str(budget)] + ([str(iterations)] if iterations else [])
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout.split()
    done, seconds, module = int(out[0]), float(out[1]), out[2]
    if not os.path.realpath(module).startswith(os.path.realpath(tree)):   # another build answered: no figure
        raise RuntimeError(f"the probe ran {module}, not the tree {tree}")
    return done, done / seconds if seconds else 0.0


@dataclass
class Rates:
    """A game's search rates, iterations a second, medians over fresh processes. `now`/`pre`: this build's
    and the pre-issue build's in the same CPU budget; `now_equal`/`pre_equal`: both searching exactly `work`
    iterations, this build's median count in the budget. The budget's figure understates a faster build:
    it reaches further in the same time, into a deeper tree whose iterations cost more (at Successors the
    pre-issue build's own rate falls from ~960/s over its first 290 iterations to ~600/s over 900), so
    the build's speed is the equal-work ratio, the same amount of search from the same position."""
    now: float
    work: int
    pre: float | None = None
    now_equal: float | None = None
    pre_equal: float | None = None


def search_rates(game_id: str, budget: float, rounds: int, pre_tree: str | None) -> Rates:
    """The builds in fresh processes, taking turns so that both see the machine alike: first each in the
    budget, then both at equal work; without a tree, this build's budget rate alone."""
    now, pre, counts = [], [], []
    for _ in range(rounds):
        if pre_tree:
            pre.append(probe(pre_tree, game_id, budget)[1])
        done, rate = probe(ROOT, game_id, budget)
        counts.append(done)
        now.append(rate)
    rates = Rates(statistics.median(now), int(statistics.median(counts)))
    if pre_tree:
        now_equal, pre_equal = [], []
        for _ in range(rounds):
            pre_equal.append(probe(pre_tree, game_id, budget, rates.work)[1])
            now_equal.append(probe(ROOT, game_id, budget, rates.work)[1])
        rates.pre, rates.now_equal, rates.pre_equal = (statistics.median(pre), statistics.median(now_equal),
                                                       statistics.median(pre_equal))
    return rates


def view_copies(game, budget: float) -> float:
    """Copies a second of the bench decision's view (`copy_state`): an iteration's floor."""
    view, _ = decision(game)
    copies, started = 0, clock()
    while clock() - started < min(budget, 0.2):
        copy_state(view)
        copies += 1
    return copies / (clock() - started)


def top_functions(game, players: int, seed: int = 2, limit: int = 1500, n: int = 5) -> list[tuple[str, float]]:
    """The `n` functions of one seeded random game (prompts, view, sample, apply) with the most
    own CPU time, as (file:line function, share of the whole)."""
    prof = cProfile.Profile(clock)
    prof.enable()
    rnd = random.Random(seed)
    state = game.setup([f"p{i}" for i in range(players)], {}, f"rules-profile-{seed}")
    for _ in range(limit):
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        game.view(state, seat)
        line = game.sample(state, seat, rnd)
        state, _ = game.apply(state, seat, game.parse(line, game.sent_privately(line, prompts[seat])))
    prof.disable()
    stats = pstats.Stats(prof).stats
    total = sum(v[2] for v in stats.values()) or 1.0
    top = sorted(((v[2], k) for k, v in stats.items()), reverse=True)[:n]
    return [(f"{os.path.basename(k[0])}:{k[1]} {k[2]}", t / total) for t, k in top]


def section(quick: bool, verdict=None) -> list[str]:
    """The report's lines; `verdict(ok, target)` records a target's PASS or MISS (bench/report.py)."""
    verdict = verdict or (lambda ok, target="": "PASS" if ok else "MISS")
    limit, budget = (600, 0.3) if quick else (4000, 1.0)
    out = [f"4b. The rules per game, one core, CPU time (a seeded random game, each position's fastest of {REPLAYS} "
           "passes; floors: copy_state and orjson.dumps of the same states)",
           f"   {'game':<12}{'pl':>3}{'actions':>8}{'apply':>10}{'floor':>9}{'×':>7}{'view+legal':>12}{'floor':>9}"
           f"{'×':>7}   target"]
    for game in all_games():
        players = players_for(game)
        got = speeds(game, players, limit=limit)
        apply_ms, view_ms = got["apply"] * 1e3, got["view"] * 1e3
        target_apply, target_view = TARGETS.get(game.id, OTHER_TARGET)
        ok = apply_ms <= target_apply and view_ms <= target_view
        out.append(f"   {game.id:<12}{players:>3}{got['actions']:>8}{got['apply'] * 1e6:>8.0f}µs"
                   f"{got['copy'] * 1e6:>7.0f}µs{got['apply'] / got['copy']:>6.1f}×{got['view'] * 1e6:>10.0f}µs"
                   f"{got['dumps'] * 1e6:>7.0f}µs{got['view'] / got['dumps']:>6.1f}×   apply ≤ {target_apply} ms, "
                   f"view+legal ≤ {target_view} ms: "
                   + verdict(ok, f"{game.id} apply {apply_ms:.3f} ms ≤ {target_apply}, view+legal {view_ms:.3f} ms "
                                 f"≤ {target_view}"))
    for game in all_games():
        paths = copy_paths(game, players_for(game), limit)
        out.append(f"   {game.id:<12}copies of its states: " + ", ".join(f"{name} {us:.0f} µs" for name, us in paths))
    rounds = 3 if quick else 5
    with tempfile.TemporaryDirectory() as folder:
        pre_tree = pre_issue_tree(folder)
        out.append(f"   robot search at {ROBOT_PLAYERS} players, one decision of {budget} s CPU, the median of "
                   f"{rounds} fresh processes, beside the pre-issue build ({PRE_ISSUE_COMMIT[:7]}) "
                   + ("timed the same way, the two taking turns, in the budget and then at equal work (the "
                      "verdict: the same number of iterations each)" if pre_tree else
                      "as recorded on another machine (this checkout has no history to extract it from)")
                   + " (floor: copies of the same view a second)")
        for game in all_games():
            try:
                rates = search_rates(game.id, budget, rounds, pre_tree)
            except (subprocess.CalledProcessError, RuntimeError) as exc:   # a game without a robot, say
                out.append(f"   {game.id:<12} no search ({type(exc).__name__}: {getattr(exc, 'stderr', '') or exc})"
                           .strip()[:200])
                continue
            copies = view_copies(game, budget)
            line = (f"   {game.id:<12}{rates.now:>9.0f} iterations/s vs {copies:>7.0f} copies/s: "
                    f"{rates.now / copies:.3f}×")
            gain = SEARCH_GAIN.get(game.id, OTHER_SEARCH_GAIN)
            if rates.pre_equal:
                equal = rates.now_equal / rates.pre_equal
                line += (f"; pre-issue build {rates.pre:.0f}/s: {rates.now / rates.pre:.2f}× in the budget; "
                         f"at equal work ({rates.work} iterations each) {rates.now_equal:.0f}/s vs "
                         f"{rates.pre_equal:.0f}/s: {equal:.2f}× (≥ {gain:g}×: "
                         + verdict(equal >= gain, f"{game.id} search {equal:.2f}× the pre-issue build at equal "
                                                  f"work ≥ {gain:g}×") + ")")
            elif game.id in PRE_ISSUE_RATE:
                before = PRE_ISSUE_RATE[game.id]
                line += (f"; pre-issue build {before:.0f}/s (recorded): {rates.now / before:.2f}× (≥ {gain:g}×: "
                         + verdict(rates.now >= gain * before, f"{game.id} search {rates.now / before:.2f}× the "
                                                               f"recorded pre-issue rate ≥ {gain:g}×") + ")")
            out.append(line)
    out.append("   top five functions by own CPU time (one random game per game, under cProfile)")
    for game in all_games():
        top = top_functions(game, players_for(game), limit=400 if quick else 1500)
        out.append(f"   {game.id:<12}" + "; ".join(f"{name} {share:.0%}" for name, share in top))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rules")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    print("\n".join(section(args.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
