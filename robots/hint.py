"""`/hint` (issue 35): a seat's three best lines as the top level's search sees them, each with one
reason: the estimated chance to win after it (the search's mean value for the seat: the kit's
heuristic, a logistic of its lead where the game is long) and what it changes, as the rules say it
(the line's public event in one world drawn from the view).

A hint is the robot's own thought, so it keeps the robot's promise: it is computed from the seat's
view alone, with a random generator seeded by that view, so equal views give the same hint whatever
is hidden (tests/robots/test_hint.py), and it never names what the seat cannot see (a drawn world's
private events are not read; only the public ones of the seat's own line).
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

import orjson

from core.errors import RulesError
from core.game import Game

from .kit import kit_for
from .levels import HINT_CEILING, LEVELS, TOP
from .purpose import Trail
from .search import Search, Settings

LINES = 3          # lines a hint offers
CHANGES = 2        # public sentences of the rules kept to say what a line changes


@dataclass
class Advice:
    line: str
    chance: float             # the search's value for the seat after the line, in [0, 1]
    changes: list[str]        # the rules' public sentences of the line (seat marks ⟨A⟩ left to the namer)
    visits: int


def view_seed(view: dict, seat: str) -> int:
    """The random seed of a hint: the view's own digest, so equal views think alike."""
    return int.from_bytes(hashlib.sha256(orjson.dumps([seat, view], option=orjson.OPT_SORT_KEYS)).digest()[:8],
                          "big")


def advise(game: Game, view: dict, seat: str, budget: float | None = HINT_CEILING, trail: Trail | None = None,
           iterations: int = LEVELS[TOP].iterations) -> list[Advice]:
    """The seat's best lines now, best first, from its view alone: the top level's iteration cap
    within the hint's time ceiling (`budget`; None: the cap alone, as the tests think)."""
    kit = kit_for(game.id)
    rnd = random.Random(view_seed(view, seat))
    visited = trail.visit(kit, view)[1] if trail is not None else frozenset()
    top = LEVELS[TOP]
    thought = Search(kit, Settings(budget=budget, iterations=iterations, worlds=top.worlds,
                                   breadth=top.breadth)).decide(view, seat, rnd, visited=visited)
    values = thought.values or {}
    ranked = sorted(thought.visits or {thought.line: 0},
                    key=lambda line: (line != thought.line, -thought.visits.get(line, 0), -values.get(line, 0.0), line))
    world = kit.determinize(view, seat, random.Random(view_seed(view, seat) + 1))
    prompt = game.prompts(world).get(seat)
    out = []
    for line in ranked[:LINES]:
        out.append(Advice(line, values.get(line, kit.evaluate(world, seat)), _changes(game, world, seat, prompt, line),
                          thought.visits.get(line, 0)))
    return out


def _changes(game: Game, world: dict, seat: str, prompt, line: str) -> list[str]:
    """What the line changes, in the rules' public words, in one world drawn from the view: its
    dice and revealed cards are that world's guesses, read as results, so they are left out."""
    if prompt is None:
        return []
    try:
        events = game.apply(world, seat, game.parse(line, private=game.sent_privately(line, prompt)))[1]
    except RulesError:
        return []
    said = [e.text for e in events if e.to is None and e.text and e.kind == "info"]
    return said[:CHANGES]
