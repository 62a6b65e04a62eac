"""A game is its action log: replay it, and check its dice once the seed is public.

An export (``/export``, ``strategos verify FILE``) is JSON::

    {"format": "strategos/1", "game": "infinity", "players": [...], "options": {...},
     "seed": "..." | null, "seed_sha256": "...",
     "setup_rolls": [[n, sides, value], ...],
     "log": [{"seat": "A", "line": "roll", "private": false,
              "rolls": [[n, sides, value], ...]}, ...]}
"""
from __future__ import annotations

from core import rng
from core.game import Event, Game
from core.registry import get_game

FORMAT = "strategos/1"


def rolls_of(events: list[Event]) -> list[list]:
    """The draws an action made, as [n, sides, value, public]."""
    return [[e.data["n"], e.data["sides"], e.data["value"], e.to is None]
            for e in events if e.kind == "roll"]


def entry_for(seat: str, action, events: list[Event], user: str | None = None) -> dict:
    return {
        "seat": seat,
        "user": user,
        "line": action.line,
        "private": action.private,
        "rolls": rolls_of(events),
        "reveal": any(e.kind == "reveal" for e in events),
    }


def replay(game: Game, setup: dict, entries: list[dict]) -> dict:
    """The state reached by replaying `entries` from `setup` (game, players, options, seed)."""
    state, _ = game.start(setup["players"], setup.get("options", {}), setup["seed"])
    for entry in entries:
        state, _ = game.apply(state, entry["seat"], game.parse(entry["line"], entry.get("private", False)))
    return state


def verify(export: dict) -> list[str]:
    """Problems found in a finished game's export; an empty list means every roll checks.

    Each recorded roll must be the seed's draw for its index, and replaying the log
    must make exactly the recorded draws.
    """
    seed = export.get("seed")
    if not seed:
        return ["The export has no seed: the game is not over, so its dice cannot be checked yet."]
    problems = []
    if rng.commitment(seed) != export.get("seed_sha256"):
        problems.append("The seed does not match the SHA-256 announced at the start of the game.")
    game = get_game(export["game"])
    recorded = [("setup", export.get("setup_rolls", []))]
    recorded += [(f"action {i} (`{e['line']}`)", e.get("rolls", [])) for i, e in enumerate(export["log"], 1)]
    for where, rolls in recorded:
        for n, sides, value, *_ in rolls:
            if rng.draw(seed, n, sides) != value:
                problems.append(f"{where}: roll #{n} (d{sides}) is recorded as {value}, "
                                f"but the seed gives {rng.draw(seed, n, sides)}.")
    state, events = game.start(export["players"], export.get("options", {}), seed)
    made = [("setup", rolls_of(events))]
    for i, e in enumerate(export["log"], 1):
        try:
            state, events = game.apply(state, e["seat"], game.parse(e["line"], e.get("private", False)))
        except Exception as exc:  # a tampered log may hold an action the rules refuse
            problems.append(f"action {i} (`{e['line']}`) cannot be replayed: {exc}")
            return problems
        made.append((f"action {i} (`{e['line']}`)", rolls_of(events)))
    for (where, want), (_, got) in zip(recorded, made):
        if [r[:3] for r in want] != [r[:3] for r in got]:
            problems.append(f"{where}: the recorded rolls {[r[:3] for r in want]} differ from "
                            f"the replay's {[r[:3] for r in got]}.")
    return problems
