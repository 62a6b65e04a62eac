"""Seeded random games of every game at every player count, each reduced to one hash: the
fingerprint that says the rules did not change while their code did (issue 37, fast rules).

A game's hash covers, after every action, the seat that acted, the line it played, the state
(with its words left out) and the dice the action rolled. Words are left out because their
wording is not the rules: the words issue turns sentences into message ids, and a faster rule
must still give the same game. `WORD_KEYS` names the keys of a state that hold words; a change
that stores words under a new key adds it here, in the same commit.

    python -m tests.fingerprint.games --record   # rewrites fingerprints.json (only when a rules change is meant)
"""
from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

import orjson

from core.registry import get_game

RECORD = Path(__file__).with_name("fingerprints.json")

# keys whose values are sentences for people, not rules: `last_battle.text`, `placing.why`,
# `result.reason` (Successors, StarCraft), `last_fight` (Ludi); and `words`, the mark of a state that
# keeps them as messages (issue 36, core/message.WORDS)
WORD_KEYS = frozenset({"text", "why", "reason", "last_fight", "words"})

# (game, seeds per player count, option sets played in turn, one per seed)
PLAN = (
    ("successors", 6, ("", "sorties=on veterans=on glory=on deck=extended desert=on", "draft=on losses=ask",
                       "rules=5")),
    ("starcraft", 8, ("", "rules=3")),
    ("ludi", 20, ("", "events=on favour=on champion=on")),
    ("infinity", 60, ("", "mission=crossfire")),
)
MAX_ACTIONS = 4000


def without_words(value):
    if isinstance(value, dict):
        return {key: without_words(item) for key, item in value.items() if key not in WORD_KEYS}
    if isinstance(value, list):
        return [without_words(item) for item in value]
    return value


def fingerprint(game_id: str, players: int, seed: int, options: str) -> tuple[str, int]:
    """(hash, actions) of one seeded random game played on the bare rules."""
    game = get_game(game_id)
    rnd = random.Random(seed)
    state = game.setup([f"p{i}" for i in range(players)], game.parse_options(options.split()), f"fp-{seed}")
    digest = hashlib.sha256(orjson.dumps(without_words(state), option=orjson.OPT_SORT_KEYS))
    actions = 0
    while actions < MAX_ACTIONS:
        step = game.random_step(state, rnd)
        if step is None:
            break
        seat, line, state, events = step
        rolls = [(e.data["n"], e.data["sides"], e.data["value"]) for e in events if e.kind == "roll"]
        digest.update(orjson.dumps([seat, line, rolls, without_words(state)], option=orjson.OPT_SORT_KEYS))
        actions += 1
    return digest.hexdigest(), actions


def cases() -> list[tuple[str, int, int, str]]:
    out = []
    for game_id, seeds, option_sets in PLAN:
        game = get_game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(seeds):
                out.append((game_id, players, seed, option_sets[seed % len(option_sets)]))
    return out


def key(game_id: str, players: int, seed: int, options: str) -> str:
    return f"{game_id} {players}p seed={seed} {options}".strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fingerprint.games")
    parser.add_argument("--record", action="store_true", help="rewrite fingerprints.json from today's rules")
    args = parser.parse_args(argv)
    found = {key(*case): fingerprint(*case)[0] for case in cases()}
    if args.record:
        RECORD.write_bytes(orjson.dumps(found, option=orjson.OPT_INDENT_2))
        print(f"{len(found)} fingerprints written to {RECORD}")
        return 0
    recorded = orjson.loads(RECORD.read_bytes())
    changed = [name for name, value in found.items() if recorded.get(name) != value]
    print(f"{len(found)} games, {len(changed)} changed" + (": " + "; ".join(changed[:10]) if changed else ""))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
