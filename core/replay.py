"""A game is its action log: replay it, and check its dice once the seed is public.

An export (``/export``, ``strategos verify FILE``) is JSON::

    {"format": "strategos/1", "rules_version": 1, "game": "infinity", "players": [...], "options": {...},
     "seed": "..." | null, "seed_sha256": "...",
     "setup_rolls": [[n, sides, value], ...],
     "log": [{"seat": "A", "line": "roll", "private": false,
              "rolls": [[n, sides, value], ...]}, ...]}
"""
from __future__ import annotations

from typing import Callable

from core import rng
from core.errors import RulesError
from core.game import Event, Game
from core.message import WORDS
from core.registry import get_game

FORMAT = "strategos/1"   # the shape of a stored or exported game (setup + log entries)

# A game whose rules change in a way that alters the replay of old logs raises its
# `rules_version` (a class attribute; 1 when absent) and registers here an explicit step
# that carries a game saved under the previous version forward:
#     MIGRATIONS[(game id, old version)] = step(setup, entries) -> (setup, entries)
# Every stored game names the version it was played under, so it is always replayed with
# the rules it was played under, or migrated, or refused with a sentence saying why.
MIGRATIONS: dict[tuple[str, int], Callable[[dict, list[dict]], tuple[dict, list[dict]]]] = {}


def current_snapshot(game_id: str, state: dict) -> dict:
    """A snapshot as stored (by today's code or any earlier one) in the shape today's rules read:
    an old game goes on from its snapshot even when its log cannot be replayed (Game.current_snapshot)."""
    try:
        game = get_game(game_id)
    except RulesError:   # a game this bot does not know: the service refuses it where it is used
        return state
    return game.current_snapshot(state)


def _same_lines(setup: dict, entries: list[dict]) -> tuple[dict, list[dict]]:
    """A rules change that keeps every action of the log legal and only changes where a piece
    goes: the log is carried as it is and replays under the new rules."""
    return setup, entries


# Successors 3 → 4: a beaten Defender no longer puts one of the two Silver Shields CUs inside
# its city (§6.13 S35); the `retreat inside` line is the same, the marker stays whole.
MIGRATIONS[("successors", 3)] = _same_lines


def _keep_rules(version: int):
    """A game whose designed numbers changed but whose code still knows the old ones: the log is
    carried as it is, and its setup names the old version, so it replays under the rules it was
    played under (the game reads `options["rules"]`)."""
    def step(setup: dict, entries: list[dict]) -> tuple[dict, list[dict]]:
        return dict(setup, options={"rules": version, **setup.get("options", {})}), entries
    return step


# StarCraft 1 → 2: issue 27's event deck, end-of-Execution draw and Aldaris's condition; a game
# set up under 1 keeps them (docs/balance.md)
MIGRATIONS[("starcraft", 1)] = _keep_rules(1)
# Successors 4 → 5: issue 27's heirs' LP and packages (§1.7, §2.1); a game set up under 4 keeps them
MIGRATIONS[("successors", 4)] = _keep_rules(4)
# Successors 5 → 6: issue 27's 3- and 5-player packages (§2.1); a game set up under 5 keeps them
MIGRATIONS[("successors", 5)] = _keep_rules(5)
# StarCraft 2 → 3: the CP area of a home planet nobody starts on is worth no CP (§2.2, §18); a game
# set up under 2 keeps its CP
MIGRATIONS[("starcraft", 2)] = _keep_rules(2)
# StarCraft 3 → 4: issue 27's unit numbers and starting forces (§2.4, §3.4, §18); a game set up under 3
# keeps them
MIGRATIONS[("starcraft", 3)] = _keep_rules(3)


def _english_words(setup: dict, entries: list[dict]) -> tuple[dict, list[dict]]:
    """A game set up before issue 36, whose snapshots keep their words (a result's reason, a
    placing's why) as English sentences: its log replays keeping them so (the rules read
    `options["words"]`), byte for byte; the words layer still shows them in every language."""
    return dict(setup, options={WORDS: "english", **setup.get("options", {})}), entries


# issue 36: a state keeps its words as messages (core/message.keep); a game of the version before
# keeps their English
MIGRATIONS[("successors", 6)] = _english_words
MIGRATIONS[("starcraft", 4)] = _english_words
MIGRATIONS[("ludi", 1)] = _english_words


def rules_version(game: Game) -> int:
    return int(getattr(game, "rules_version", 1))


def stamp(game: Game, setup: dict) -> dict:
    """A new game's setup with the format and rules version it is played under."""
    return dict(setup, format=FORMAT, rules_version=rules_version(game))


def upgrade(game: Game, setup: dict, entries: list[dict]) -> tuple[dict, list[dict]]:
    """The setup and log carried to the current format and rules, step by step; a game
    that cannot be carried raises RulesError (OLD_RULES) saying why."""
    setup = dict(setup)
    if "format" not in setup:
        # saved before the format was stored (strategos/1 of 2026, every game at rules 1):
        # tests/fixtures/ holds such games and tests/test_fixtures.py loads them
        setup["format"] = FORMAT
        setup.setdefault("rules_version", 1)
    if setup["format"] != FORMAT:
        raise RulesError(f"This game is stored in format {setup['format']!r}, which this bot does not read "
                         f"(it reads {FORMAT}).", code="OLD_FORMAT")
    version, current = int(setup.get("rules_version", 1)), rules_version(game)
    if version > current:
        raise RulesError(f"This game was played under rules version {version} of {game.title}, newer than this "
                         f"bot's ({current}); a newer bot can replay it.", code="NEW_RULES")
    while version < current:
        step = MIGRATIONS.get((game.id, version))
        if step is None:
            raise RulesError(f"This game was played under rules version {version} of {game.title}; this bot runs "
                             f"version {current} and has no migration from it, so its earlier actions cannot be "
                             "replayed (no undo, and /verify checks the dice only). The game itself goes on.",
                             code="OLD_RULES")
        setup, entries = step(dict(setup), [dict(e) for e in entries])
        version += 1
        setup["rules_version"] = version
    return setup, entries


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
    setup, entries = upgrade(game, setup, entries)
    state, _ = game.start(setup["players"], setup.get("options", {}), setup["seed"])
    for entry in entries:
        state, _ = game.apply(state, entry["seat"], game.parse(entry["line"], entry.get("private", False)))
    return state


def narrated(game: Game, state: dict, entries: list[dict]):
    """Each entry applied in turn from `state`: yields (the entry, its events, the state after).
    Stops at an entry the rules refuse (a log cut short by a rules change)."""
    for entry in entries:
        try:
            state, events = game.apply(state, entry["seat"], game.parse(entry["line"], entry.get("private", False)))
        except RulesError:
            return
        yield entry, events, state


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
    try:
        setup, log = upgrade(game, export, export["log"])
    except RulesError:
        return problems   # played under other rules: the dice are checked, the replay cannot be
    state, events = game.start(setup["players"], setup.get("options", {}), seed)
    made = [("setup", rolls_of(events))]
    for i, e in enumerate(log, 1):
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
