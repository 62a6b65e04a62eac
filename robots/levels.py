"""A robot's level (issue 35): a documented think setting a player picks, `/new GAME robots=2 level=4`,
`/robot add 2 level=4`, `strategos arena GAME --level 4 --against robot:3`.

Each level is a cap on search iterations, so a level plays the same whatever the machine's load (a
time budget would make a robot weaker on a busy host, and the ladder in docs/balance.md would not
repeat). The seconds beside each cap are a ceiling only: a loaded server still answers in time. Level 1
is a plain one-ply player: the kit's own look at each of its lines in one drawn world, no search.

| level | iterations | ceiling (s) | what it is |
|---|---|---|---|
| 1 | 0   | 1 | one ply: each line's value after it, in one world drawn from the seat's view |
| 2 | 3   | 2 | a glance: the one-ply values checked by 3 playouts |
| 3 | 10  | 3 | |
| 4 | 30  | 5 | |
| 5 | 100 | 8 | the top level; `/hint` reads its search (with the hint's own ceiling) |

The caps grow about threefold a level: what a 2-core machine can ladder in an afternoon (docs/balance.md
gives each rung's score and what one iteration costs in each game).
"""
from __future__ import annotations

from dataclasses import dataclass

from core.errors import RulesError


@dataclass(frozen=True)
class Level:
    number: int
    iterations: int
    ceiling: float        # seconds of wall time a decision may take at most, whatever the cap


LEVELS = {level.number: level for level in (
    Level(1, 0, 1.0),
    Level(2, 3, 2.0),
    Level(3, 10, 3.0),
    Level(4, 30, 5.0),
    Level(5, 100, 8.0),
)}
TOP = max(LEVELS)
HINT_CEILING = 1.5        # seconds a /hint may think: its p95 target is 2 s (issue 35)


def level(number: int | str) -> Level:
    """A level by number, with a sentence naming the possible ones when it is not one."""
    text = str(number).strip()
    if not text.isdigit() or int(text) not in LEVELS:
        raise RulesError(f"level= is a robot's strength, 1 (one ply) to {TOP} (the deepest search); "
                         f"got {text!r}.", code="OPTION")
    return LEVELS[int(text)]
