"""The players the arena pits against each other. Each is handed the seat's VIEW, never the
state (`decide(game, view, seat, rnd) -> line`): a player cannot cheat, by construction.
Where a player needs a full state (the game's random `sample`, a heuristic) it asks the
game's kit for one drawn from what the seat has not seen (`Kit.determinize`)."""
from __future__ import annotations

import random
import time

import orjson

from core.errors import RulesError
from core.game import Game
from core.kit import Kit

from .kit import kit_for
from .levels import Level
from .purpose import Trail
from .search import DEFAULT_BUDGET, Search, Settings, Thought, apply_line

GREEDY_DETERMINIZATIONS = 3     # worlds a one-ply look is averaged over


class Memory:
    """The lines a player chose in each position it met this game. The rules allow free actions
    that undo each other (Successors: take a royal, drop it, take it again, with no MP spent): a
    player that always picks the best line would loop forever, so a line is not chosen twice in
    the same position while another remains."""

    def __init__(self) -> None:
        self.chosen: dict[int, set[str]] = {}

    @staticmethod
    def key(view: dict, seat: str) -> int:
        return hash((seat, orjson.dumps(view, option=orjson.OPT_SORT_KEYS)))

    def avoid(self, view: dict, seat: str) -> frozenset:
        return frozenset(self.chosen.get(self.key(view, seat), ()))

    def remember(self, view: dict, seat: str, line: str) -> None:
        self.chosen.setdefault(self.key(view, seat), set()).add(line)


class RandomPlayer:
    """The game's own self-play player (`Game.sample`): a random legal line, with the biases
    the game's sampler has (Successors heads the Cart for Pella)."""

    kind = "random"

    def __init__(self, kit: Kit | None = None):
        self.kit = kit

    def decide(self, game: Game, view: dict, seat: str, rnd: random.Random) -> str:
        kit = self.kit or kit_for(game.id)
        return game.sample(kit.determinize(view, seat, rnd), seat, rnd)


class GreedyPlayer:
    """One ply: the candidate line whose resulting state the heuristic values most for the
    seat, averaged over a few determinizations (a line illegal in one of them counts 0 there)."""

    kind = "greedy"

    def __init__(self, kit: Kit | None = None, determinizations: int = GREEDY_DETERMINIZATIONS):
        self.kit = kit
        self.determinizations = determinizations
        self.memory = Memory()

    def decide(self, game: Game, view: dict, seat: str, rnd: random.Random) -> str:
        line = self._decide(game, view, seat, rnd, self.memory.avoid(view, seat))
        self.memory.remember(view, seat, line)
        return line

    def _decide(self, game: Game, view: dict, seat: str, rnd: random.Random, avoid: frozenset) -> str:
        kit = self.kit or kit_for(game.id)
        worlds = [kit.determinize(view, seat, rnd) for _ in range(self.determinizations)]
        prompt = game.prompts(worlds[0])[seat]
        lines = kit.candidates(worlds[0], seat, prompt, rnd)
        lines = [line for line in lines if line not in avoid] or lines
        if len(lines) == 1:
            return lines[0]
        best, best_value = lines[0], -1.0
        for line in lines:
            value = 0.0
            for world in worlds:
                try:
                    value += kit.evaluate(apply_line(game, world, seat, game.prompts(world)[seat], line), seat)
                except RulesError:
                    pass
            if value > best_value:
                best, best_value = line, value
        return best


class RobotPlayer:
    """The robot: information-set MCTS within a think budget (robots.search)."""

    kind = "robot"

    def __init__(self, budget: float | None = DEFAULT_BUDGET, iterations: int | None = None,
                 depth: int | None = None, kit: Kit | None = None, clock=time.perf_counter,
                 purposeful: bool = True, worlds: int = 1, slip: float = 0.0, breadth: int | None = None):
        self.settings = Settings(budget, iterations, depth, worlds=worlds, slip=slip, breadth=breadth)
        self.purposeful = purposeful   # False: the robot of before issue 35 (python -m robots.wasted --plain)
        self.kit = kit
        self.clock = clock         # wall time; time.process_time for "seconds of one core"
        self.last: Thought | None = None
        self.memory = Memory()
        self.trail = Trail()       # the positions of its current activation: no move that changes nothing

    @classmethod
    def at(cls, rung: Level, budget: float | None = None, depth: int | None = None, clock=time.perf_counter,
           purposeful: bool = True, timed: bool = True) -> "RobotPlayer":
        """A robot of a level (robots/levels.py): its search setting under its ceiling, or a lower
        `budget` (a table's `think=`); `timed` False: the iteration cap alone (a count that must repeat)."""
        ceiling = None if not timed else rung.ceiling if budget is None else min(rung.ceiling, budget)
        return cls(ceiling, rung.iterations, depth, clock=clock, purposeful=purposeful, worlds=rung.worlds,
                   slip=rung.slip, breadth=rung.breadth)

    def decide(self, game: Game, view: dict, seat: str, rnd: random.Random) -> str:
        kit = self.kit or kit_for(game.id)
        _, visited = self.trail.visit(kit, view) if self.purposeful else (None, frozenset())
        self.last = Search(kit, self.settings, self.clock).decide(view, seat, rnd, self.memory.avoid(view, seat),
                                                                  visited)
        self.memory.remember(view, seat, self.last.line)
        return self.last.line


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "robot": RobotPlayer}
