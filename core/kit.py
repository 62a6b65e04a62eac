"""The contract every game's robot kit follows, beside the game's own contract (core/game.py):
what a game supplies to the search written once in `robots/` — a sampler of hidden information
consistent with a seat's view, a heuristic value, and the lines worth considering.

A game's kit lives in its own folder as `core/games/<game>/robot.py` exposing `KIT`; the
robots find it with `robots.kit.kit_for`. Like the rules, a kit is pure: no clock, no I/O,
randomness only from the generator it is handed.
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from core.errors import RulesError
from core.game import Game, Prompt

# How many lines sampled from a prompt's free-argument templates the search considers.
SAMPLED_LINES = 6


@runtime_checkable
class Kit(Protocol):
    game: Game   # the core.game.Game instance

    def determinize(self, view: dict, seat: str, rnd: random.Random) -> dict:
        """A full state consistent with what `seat` knows: everything in `view` (Game.view(state, seat)) kept,
        every hidden part (other seats' hands, the deck's order, face-down orders, hidden deployment) drawn at
        random from what the seat has not seen, and a fresh random dice seed in state["rng"]. The result must be
        a state the game's prompts/apply accept."""
        ...

    def evaluate(self, state: dict, seat: str) -> float:
        """Heuristic value of the (full) state for `seat` in [0, 1]; 1 for a won game, 0 for a lost one."""
        ...

    def candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random) -> list[str]:
        """The command lines search considers for `seat` now: prompt.actions + prompt.private, plus, where the
        prompt has free-argument templates, a handful of sampled legal lines. Default implementation in kit.py."""
        ...


def default_candidates(game: Game, state: dict, seat: str, prompt: Prompt, rnd: random.Random,
                       sampled: int = SAMPLED_LINES) -> list[str]:
    """Every complete line the prompt offers (buttons, then private lines), plus, when the prompt
    also has free-argument templates, up to `sampled` distinct lines drawn by the game's own
    `sample` (which fills the free arguments legally). Order is stable and duplicates dropped, so
    the search's tree is the same for the same information."""
    lines = list(dict.fromkeys((*prompt.actions, *prompt.private)))
    if prompt.templates or not lines:
        offered = len(lines)
        for _ in range(sampled * 3):
            if len(lines) - offered >= sampled:
                break
            try:
                line = game.sample(state, seat, rnd)
            except (RulesError, IndexError, KeyError, ValueError):
                continue
            if line not in lines:
                lines.append(line)
    return lines


class BaseKit:
    """Shared parts of a kit: the default `candidates`, and a result value for finished games."""

    game: Game

    def candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random) -> list[str]:
        return default_candidates(self.game, state, seat, prompt, rnd)

    def result(self, state: dict, seat: str) -> float | None:
        """1 for a won game, 0 for a lost one, a share for a shared win; None while it goes on."""
        finished, winner, _ = self.game.outcome(state)
        if not finished:
            return None
        winners = winner if isinstance(winner, (list, tuple)) else ([winner] if winner else [])
        if seat in winners:
            return 1.0 / len(winners)
        return 0.0
