"""A robot's level (issue 35): a documented think setting a player picks, `/new GAME robots=2 level=4`,
`/robot add 2 level=4`, `strategos arena GAME --level 4 --against robot:3`.

Each level is a search setting with a cap on iterations, never a time budget, so a level plays the same
whatever the machine's load (a time budget would make a robot weaker on a busy host, and the ladder in
docs/balance.md would not repeat). The seconds beside each cap are a ceiling only: a loaded server still
answers in time.

| level | one-ply look | slips | iterations | root | ceiling (s) | what it is |
|---|---|---|---|---|---|---|
| 1 | 1 world  | always       | 0   | kit | 1 | a beginner: one ply; where a line is clearly worse, one of the next 2 |
| 2 | 3 worlds | 3 times in 4 | 0   | kit | 1 | one ply with slips now and then: the beginner who looks harder |
| 3 | 3 worlds | none         | 0   | kit | 1 | one ply, each line's value averaged over 3 worlds: the greedy player |
| 4 | 3 worlds | none         | 30  | kit | 3 | level 3's look, then 30 iterations (about 0.2 s of one core at Ludi) |
| 5 | 3 worlds | none         | 100 | 6   | 5 | 100 iterations: the top level, which `/hint` reads (under its ceiling) |

"root": the root's lines where the kit ranks them by its look and lets a level widen them (Ludi: 3 by
default; `breadth`, below); "kit": each kit's own root.

Why the levels are spaced so (docs/balance.md, the ladder): each must beat the one below (issue 35), and
the search's strength stops growing at about 100 iterations: 300 iterations won 51 of 100 StarCraft
games against 100 and 16 of 40 Successors games, and 1,000 no more (19 of 40 and 22 of 40), since more
iterations of the same tree deepen it into the other seats' replies valued by the same leaf heuristic.
So the top level is 100 iterations, and the steps below the one-ply look are its slips, which a table of
learners feels: a beginner slips wherever it can, level 2 three times in four.

Why level 5 searches a wider root (`breadth`, Ludi's kit alone: `root_breadth`): Ludi's kit searches the
best 3 lines of its one-ply look (`RANKED_LINES`), and 100 iterations over 3 lines chose as 30 did (55 of
100 games against level 4). The 3 are often one idea twice, the same work by either of two equal
gladiators, and a line the look ranks low is never tried: a demolition of a building without points,
which the look values as a building lost, though at the most buildings a school may own (§5.4.2) it makes
room for one with points, as the 12 actions of a playout see. Over 40 positions of level-3 games the
3-line searches chose a line of the look's best value 85-88 % of the time, and lost 0.095 of the playouts'
value against the best of the look's 10 best lines (80 playouts each); a root of 6 lost 0.018, as little
as 600 iterations over 8 (0.015). At the other games a kit ranks its own root (StarCraft's 4 resolutions)
or none, and their level 5 is as it was. Against level 4 (seed `pilot5b6`, `--clock cpu`) the root of 6
won 62 of 100 games, 62 % (52-71 %; blocks of 20: 11, 16, 9, 11, 15), and at the ladder's seed `ladder35`
60 of 100 (50-69 %; 122 of 200 pooled, 54-68 %): above the 3-line level 5's 55 of 100, but not
clearly (perhaps because the playouts that value the wider root's lines see more in them than a game
pays: not measured). It thinks less (a shallower tree): one core's time a decision, median 0.23 s and
p95 0.46 s in those games, against 0.33 s and 0.86 s in the ladder's 5 vs 4 at 3 lines.

Why the bottom rungs are not search: a few iterations over the one-ply look only add the playouts' noise
to it (three iterations lost to none, docs/balance.md), so the three lowest levels differ by the look's
care (one world or three, a beginner's slips), and search starts where it pays: tens of iterations. A slip
is one of the two best lines clearly worse than the best (robots/search.py `Search._slip`), made wherever
there is one: at Successors the look values most of a decision's lines alike, so a slip among them (the
first beginner's, one decision in four among the 2nd and 3rd best) cost nothing, and the one-ply look won
only half its games against it (docs/balance.md).
"""
from __future__ import annotations

from dataclasses import dataclass

from core.errors import RulesError
from core.message import Cmd, msg


@dataclass(frozen=True)
class Level:
    number: int
    iterations: int
    ceiling: float        # seconds of wall time a decision may take at most, whatever the cap
    worlds: int           # determinizations the one-ply look at each line is averaged over
    slip: float           # chance of a slip where a line is clearly worse than the best (`Search._slip`)
    about: str            # what it is, in a few words (Discord's /robot add shows it)
    breadth: int | None = None   # the root's lines where a kit ranks them by its look (Ludi), None: the kit's own


LEVELS = {level.number: level for level in (
    Level(1, 0, 1.0, 1, 1.0, "a beginner: one ply, with slips"),
    Level(2, 0, 1.0, 3, 0.75, "one ply, with slips now and then"),
    Level(3, 0, 1.0, 3, 0.0, "one ply"),
    Level(4, 30, 3.0, 3, 0.0, "a search"),
    Level(5, 100, 5.0, 3, 0.0, "the deepest search", breadth=6),
)}
TOP = max(LEVELS)
HINT_CEILING = 1.5        # seconds a /hint may think: its p95 target is 2 s (issue 35)


def level(number: int | str) -> Level:
    """A level by number, with a sentence naming the possible ones when it is not one."""
    text = str(number).strip()
    if not text.isdigit() or int(text) not in LEVELS:
        raise RulesError(msg("level= is a robot's strength, 1 (a beginner) to {top} (the deepest search); "
                             "got {got}.", top=TOP, got=Cmd(repr(text))), code="OPTION")
    return LEVELS[int(text)]
