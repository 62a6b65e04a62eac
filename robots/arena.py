"""The arena (issue #22): K games of a game with N seats played straight through the rules
(no Redis, no chat), robots against random or greedy players, and a plain report: win rates
per kind of player with 95 % Wilson intervals, think time (mean, p95), the endings, the
games' length and the memory peak.

    strategos arena successors --players 2 --robots 1 --against random --games 20 --budget 0.1
    strategos arena ludi --level 3 --against robot:2 --games 100 --save ladder.json   # a rung of the ladder
    strategos arena successors --against build:dbaf93b --budget 0.1 --clock cpu --games 50   # an earlier build's robot

A level (robots/levels.py) is an iteration cap, so a ladder repeats whatever the machine's load. The
run shows tqdm's progress bar with the running score on stderr (the report stays alone on stdout), and
`--save FILE` rewrites the file as each game ends, so a long run stopped by hand keeps its games
(`python -m robots.saved FILE…` pools them); `--first N` goes on from game N of the same seed.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import resource
import statistics
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field

import orjson
from tqdm import tqdm

from core.errors import RulesError
from core.message import WORDS
from core.registry import get_game

from . import balance
from .balance import Z95, ending, percentile, wilson  # noqa: F401  (the arena's report and tests use them)
from .builds import BuildError, BuildPlayer, tree_of
from .kit import kit_for
from .levels import level as level_of
from .players import GreedyPlayer, RandomPlayer, RobotPlayer

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
MAX_ACTIONS = 20_000     # a game that has not ended by then is reported unfinished


@dataclass
class Table:
    """What one arena run plays: the game, the seats, who sits where, the robots' settings."""

    game: str
    players: int
    robots: int
    against: str = "random"
    budget: float | None = 0.1
    iterations: int | None = None
    depth: int | None = None
    seed: str = "arena"
    clock: str = "wall"        # the robots' budget in wall time, or "cpu": seconds of one core
    options: dict = field(default_factory=dict)   # the game's setup options (StarCraft: factions=random)
    level: int | None = None   # the robots' level (robots/levels.py) instead of budget and iterations
    first: int = 0             # the first game's number: a stopped run goes on from its next game (`--first`)

    def setup_options(self) -> dict:
        """The game's setup options. Against an earlier build, the state keeps its words as English
        sentences, as a game set up before issue 36 did (core/message.py `WORDS`): an earlier build
        reads them so, and no rule plays otherwise (tests/fingerprint)."""
        if self.against.startswith("build:"):
            return {WORDS: "english", **self.options}
        return dict(self.options)

    @property
    def robot_kind(self) -> str:
        return "robot" if self.level is None else f"robot:{self.level}"

    def kinds(self, index: int) -> list[str]:
        """The kinds of player in seat order for game `index`: the robots' seats rotate from game
        to game, so no seat's advantage (first player, package) favours one kind."""
        kinds = [self.robot_kind] * self.robots + [self.against] * (self.players - self.robots)
        shift = index % self.players
        return kinds[shift:] + kinds[:shift]

    def player(self, kind: str):
        """A player of a kind: "robot" (this table's settings), "robot:N" (level N), "build:REV" (the
        robot of this checkout's revision REV at this table's settings, robots/builds.py), "random", "greedy"."""
        if kind.startswith("build:"):
            return BuildPlayer(kind.partition(":")[2], self.budget, self.iterations, self.depth, self.clock)
        if kind.startswith("robot:"):
            # the cap decides; the ceiling is the level's, in the table's clock, so a loaded machine
            # that reaches it is the only way two runs of a seed differ
            return RobotPlayer.at(level_of(kind.partition(":")[2]), depth=self.depth, clock=CLOCKS[self.clock])
        if kind == "robot":
            return RobotPlayer(self.budget, self.iterations, self.depth, clock=CLOCKS[self.clock])
        return {"random": RandomPlayer, "greedy": GreedyPlayer}[kind]()


@dataclass
class Played:
    """One game's record."""

    kinds: dict[str, str]                     # seat → kind of player
    winners: list[str]
    reason: str | None
    actions: int
    turn: object
    think: dict[str, list[float]] = field(default_factory=dict)   # kind → seconds per searched decision
    think_cpu: dict[str, list[float]] = field(default_factory=dict)   # the same in seconds of one core
    errors: int = 0                          # lines a player chose that the rules refused
    memory_mb: float = 0.0
    scores: dict[str, float] = field(default_factory=dict)   # seat → the kit's score of the end (Infinity's deployment)
    balance: dict = field(default_factory=dict)   # what the balance report reads (robots/balance.py probe)
    number: int | None = None                # its number in the seed's games (None in files saved before `--first`)


def play(table: Table, index: int) -> Played:
    """Game number `index` of the table, from its own seed, straight through the rules."""
    game = get_game(table.game)
    seed = f"{table.seed}-{index}"
    rnd = random.Random(seed)
    kinds_in_order = table.kinds(index)
    state = game.setup([f"player{i + 1}" for i in range(table.players)], table.setup_options(), seed)
    kinds = dict(zip(state["seats"], kinds_in_order))
    players = {seat: table.player(kind) for seat, kind in kinds.items()}
    think: dict[str, list[float]] = {}
    think_cpu: dict[str, list[float]] = {}
    errors = actions = 0
    while actions < MAX_ACTIONS:
        prompts = game.prompts(state)
        if not prompts:
            break
        for seat in sorted(prompts):
            prompt = game.prompts(state).get(seat)
            if prompt is None:
                continue
            player = players[seat]
            view = game.view(state, seat)
            started, started_cpu = time.perf_counter(), time.process_time()
            line = player.decide(game, view, seat, rnd)
            took, took_cpu = time.perf_counter() - started, time.process_time() - started_cpu
            if isinstance(player, BuildPlayer):   # it thinks in a process of its own: its CPU as it counted it
                took_cpu = player.last.cpu
            thought = getattr(player, "last", None)
            if thought is None or thought.iterations:      # trivial decisions (one line) are not thinking
                think.setdefault(kinds[seat], []).append(took)
                think_cpu.setdefault(kinds[seat], []).append(took_cpu)
            try:
                state = game.apply(state, seat, game.parse(line, private=game.sent_privately(line, prompt)))[0]
            except RulesError:
                errors += 1
                state = game.apply(state, seat, game.parse(fallback := game.default_action(state, seat),
                                                           private=game.sent_privately(fallback, prompt)))[0]
            actions += 1
    for player in players.values():
        if isinstance(player, BuildPlayer):   # an earlier build's robot: its process ends with the game
            player.close()
    finished, winner, reason = game.outcome(state)
    winners = [] if not finished or winner is None else (list(winner) if isinstance(winner, (list, tuple))
                                                          else [winner])
    kit = kit_for(game.id)   # a game that ends with no winner is judged by its kit's score, where it has one
    scores = {seat: kit.score(state, seat) for seat in kinds} if hasattr(kit, "score") else {}
    return Played(kinds, winners, reason if finished else "unfinished", actions,
                  game.summary(state).get("turn"), think, think_cpu, errors, peak_memory_mb(), scores,
                  balance.probe(game.id, state), index)


def peak_memory_mb() -> float:
    """This process's peak resident memory (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(table: Table, games: int, jobs: int = 1, save: str | None = None, progress: bool = False) -> list[Played]:
    """The table's games `first`…`first`+games-1, in `jobs` processes; each written to `save` as it ends (the whole
    file rewritten, so a run stopped at any moment leaves a file `robots.saved` reads)."""
    results: list[Played] = []
    numbers = range(table.first, table.first + games)
    bar = tqdm(total=games, unit="game", disable=not progress, file=sys.stderr, dynamic_ncols=True)

    def ended(result: Played) -> None:
        results.append(result)
        if save:
            write(save, table, results)
        bar.set_postfix_str(running_score(results), refresh=False)
        bar.update(1)

    try:
        if jobs <= 1:
            for i in numbers:
                ended(play(table, i))
        else:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for result in pool.imap_unordered(_play, [(table, i) for i in numbers]):
                    ended(result)
    finally:
        bar.close()
    return results


def _play(args: tuple[Table, int]) -> Played:
    return play(*args)


def write(path: str, table: Table, results: list[Played]) -> None:
    with open(path, "wb") as out:
        out.write(orjson.dumps({"table": asdict(table), "games": [asdict(r) for r in results]}))


def running_score(results: list[Played]) -> str:
    """Wins per kind so far, a shared win split: "robot:3 14.5 – robot:2 9.5"."""
    wins: Counter = Counter()
    for r in results:
        for kind in r.kinds.values():
            wins[kind] += 0
        for seat in r.winners:
            wins[r.kinds[seat]] += 1 / len(r.winners)
    return " – ".join(f"{kind} {n:g}" for kind, n in wins.items())


def report(table: Table, results: list[Played], seconds: float | None) -> str:
    games = len(results)
    thinks = (f"budget {table.budget} s ({table.clock} clock)" + (f", iterations ≤ {table.iterations}"
                                                                  if table.iterations else "")
              if table.level is None else f"level {table.level} (robots/levels.py: an iteration cap)")
    lines = [f"Arena: {table.game}, {table.players} players, {table.robots} robot(s) against {table.against}, "
             f"{games} games, {thinks}"
             + f", playout depth {'of the kit' if table.depth is None else table.depth}, seed {table.seed!r}"
             + (" (saved games)." if seconds is None else f" ({seconds:.0f} s of wall time).")]
    fair = 1 / table.players
    for kind in dict.fromkeys(k for r in results for k in r.kinds.values()):
        seats = sum(1 for r in results for k in r.kinds.values() if k == kind)
        wins = sum(1 / len(r.winners) for r in results for s in r.winners if r.kinds[s] == kind)
        low, high = wilson(wins, seats)
        lines.append(f"  {kind:7} wins {wins:g} of {seats} seats: {wins / seats:.1%} "
                     f"(95 % CI {low:.1%}–{high:.1%}; fair share {fair:.0%}, ×{wins / seats / fair:.2f})")
    for kind in dict.fromkeys(k for r in results for k in r.think):
        times = [t for r in results for t in r.think.get(kind, [])]
        cpu = [t for r in results for t in r.think_cpu.get(kind, [])]
        if times:
            lines.append(f"  {kind:7} think: {len(times)} decisions, "
                         f"wall time mean {statistics.fmean(times) * 1000:.0f} ms, "
                         f"p95 {percentile(times, 0.95) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
                         f"one core's time mean {statistics.fmean(cpu) * 1000:.0f} ms, "
                         f"p95 {percentile(cpu, 0.95) * 1000:.0f} ms")
    for kind in dict.fromkeys(k for r in results for k in r.kinds.values()):
        values = [r.scores[s] for r in results for s, k in r.kinds.items() if k == kind and s in r.scores]
        if len(values) > 1:
            half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
            mean = statistics.fmean(values)
            lines.append(f"  {kind:7} score (the kit's heuristic of the end): mean {mean:.3f} "
                         f"(95 % CI {mean - half:.3f}–{mean + half:.3f}) over {len(values)} seats")
    endings = Counter(ending(r.reason) for r in results)
    lines.append("  endings: " + ", ".join(f"{name} {n} ({n / games:.0%})" for name, n in endings.most_common()))
    actions = [r.actions for r in results]
    lines.append(f"  length: median {statistics.median(actions):g} actions "
                 f"(10th–90th percentile {percentile(actions, 0.1):g}–{percentile(actions, 0.9):g})")
    turns = Counter(str(r.turn) for r in results if r.turn is not None)
    if turns:
        lines.append("  last turn: " + ", ".join(f"{t}: {n}" for t, n in sorted(turns.items())))
    errors = sum(r.errors for r in results)
    lines.append(f"  refused lines: {errors}; memory peak {max(r.memory_mb for r in results):.0f} MB")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="strategos arena",
                                     description="Robots against random or greedy players, through the rules.")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--robots", type=int, default=1)
    parser.add_argument("--against", default="random", metavar="random|greedy|robot:LEVEL|build:REV",
                        help="the other seats' player: random, greedy, a robot of a level 1-5, or the robot of "
                             "this checkout's git revision REV at the same settings (an earlier build's)")
    parser.add_argument("--level", type=int, default=None,
                        help="the robots' level 1-5 (robots/levels.py, an iteration cap), not --budget/--iterations")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of thought per decision")
    parser.add_argument("--iterations", type=int, default=None, help="cap on search iterations per decision")
    parser.add_argument("--depth", type=int, default=None,
                        help="playout actions after the tree (default: the game kit's own)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="the budget in wall time, or in seconds of one core (cpu) on a busy machine")
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--first", type=int, default=0, metavar="N",
                        help="start at game N of the seed: a run stopped after N games goes on where it stopped "
                             "(python -m robots.saved pools both files)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--report", choices=("arena", "balance"), default="arena",
                        help="balance: every seat a robot; length, endings and win rates by seat, lot and "
                             "first player (robots/balance.py)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setup option of the game (StarCraft: rules=1 plays the rules before issue 27)")
    parser.add_argument("--save", default=None, help="also write every game's record to this JSON file")
    args = parser.parse_args(argv)
    if args.report == "balance":
        args.robots = args.players
    if not 0 <= args.robots <= args.players:
        parser.error("--robots must be between 0 and --players")
    if args.against not in ("random", "greedy"):
        kind, _, number = args.against.partition(":")
        if kind == "build" and number:
            try:
                tree_of(number)      # extracted once, before the games' processes fork: each finds it there
            except BuildError as failed:
                parser.error(str(failed))
        elif kind == "robot":
            level_of(number)
        else:
            parser.error("--against is random, greedy, robot:LEVEL or build:REV")
    if args.level is not None:
        level_of(args.level)
    game_id = get_game(args.game).id
    options = dict(balance.BALANCE_OPTIONS.get(game_id, {})) if args.report == "balance" else {}
    for pair in args.option:
        key, _, value = pair.partition("=")
        options[key] = value
    table = Table(game_id, args.players, args.robots, args.against, args.budget,
                  args.iterations, args.depth, args.seed, args.clock, dict(options), args.level,
                  args.first)
    started = time.perf_counter()
    results = run(table, args.games, args.jobs, args.save, progress=True)
    if args.report == "balance":
        print(balance.report(table, results) + f"\n  ({time.perf_counter() - started:.0f} s of wall time)")
    else:
        print(report(table, results, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
