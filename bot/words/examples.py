"""/help's examples: for each verb of each game, a line a player really typed in a position a
seeded game reached — never `order TYPE PLANET`.

The lines live in a data file (bot/words/examples.toml), written by playing seeded random games
and keeping, for each verb, the first complete line a prompt offered (its buttons, its private
choices, a game's own enumeration of them: `Game.menu_lines`). A verb no prompt offers as a whole
line (a standing order typed any time, a look, a disbanding) gets the first line the rules accept
in a position whose prompt allows the verb: the grammar's own sample, or that sample with its
placeholder (`disband SPACE`) filled by a word the game's offered lines typed before (`pella`).
tests/test_help_examples.py plays the same games and checks that each example is legal in a
position they reach.

    python -m bot.words.examples   # writes bot/words/examples.toml
"""
from __future__ import annotations

import random
import re
import tomllib
from functools import lru_cache
from pathlib import Path

from core.errors import RulesError
from core.registry import get_game

FILE = Path(__file__).with_name("examples.toml")
PLAYERS = {"successors": 3, "ludi": 3, "starcraft": 3, "infinity": 2}
# optional rules on, so that their verbs come up too
OPTIONS = {"successors": "sorties=on veterans=on glory=on losses=ask", "ludi": "events=on favour=on champion=on"}
SEEDS = range(6)
# optional rules whose verbs come up only with them (Successors' draft: `pick`), walked after the above
MORE_OPTIONS = {"successors": ("draft=on",)}
_PLACEHOLDER = re.compile(r"\b[A-Z]{2,}\b")
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
ACTIONS = 500


def offered(game, state: dict) -> list[tuple[str, str]]:
    """(seat, line) of every complete line the position offers."""
    out = []
    more = getattr(game, "menu_lines", None)
    for seat, prompt in game.prompts(state).items():
        lines = [*prompt.actions, *prompt.private, *(more(state, seat) if more is not None else ())]
        out += [(seat, line) for line in lines]
    return out


def played(game_id: str, seed: int, actions: int = ACTIONS, options: str | None = None):
    """(state, events) of a seeded random game on the bare rules: its start, then each action
    (the games walked for words: these examples, tests/test_i18n_render.py, the glossary's
    coverage, bench/words.py)."""
    game = get_game(game_id)
    rnd = random.Random(seed)
    players = list(NAMES[:PLAYERS[game_id]])   # a line naming a player reads as a table's would
    chosen = OPTIONS.get(game_id, "") if options is None else options
    state, events = game.start(players, game.parse_options(chosen.split()), f"examples-{seed}")
    yield state, events
    for _ in range(actions):
        step = game.random_step(state, rnd)
        if step is None:
            return
        _, _, state, events = step
        yield state, events


def positions(game_id: str, seed: int, actions: int = ACTIONS, options: str | None = None):
    """The states of a seeded random game, one after each action."""
    return (state for state, _ in played(game_id, seed, actions, options))


def walked(game_id: str):
    """Every position of the seeded games the examples come from: each seed with the game's usual
    options, then with its further ones (MORE_OPTIONS)."""
    for options in (None, *MORE_OPTIONS.get(game_id, ())):
        for seed in SEEDS:
            yield from positions(game_id, seed, options=options)


def accepted(game, state: dict, seat: str, prompt, line: str) -> bool:
    """The rules take `line` from `seat` here (on a copy: the position is left as it is)."""
    try:
        game.apply(state, seat, game.parse(line, game.sent_privately(line, prompt)))
    except RulesError:
        return False
    return True


def collect(game_id: str) -> dict[str, str]:
    game = get_game(game_id)
    found: dict[str, str] = {}
    typed: dict[str, None] = {}   # the words offered lines typed, in order: a placeholder's fillings
    for state in walked(game_id):
        for _, line in offered(game, state):
            verb, *words = line.split()
            typed.update((w, None) for w in words if w.isalpha() and w.islower())
            if verb in game.verbs and verb not in found:
                found[verb] = line
    missing = {name: verb for name, verb in game.verbs.items() if name not in found and not verb.query}
    for state in walked(game_id) if missing else ():   # then each verb no prompt offered whole
        for seat, prompt in game.prompts(state).items():
            for name, verb in list(missing.items()):
                if name not in prompt.verbs() and name not in game.anytime:
                    continue
                holes = _PLACEHOLDER.findall(verb.sample)
                lines = [verb.sample.replace(holes[0], word, 1) for word in typed] if holes else [verb.sample]
                line = next((line for line in lines if accepted(game, state, seat, prompt, line)), None)
                if line is not None:
                    found[name] = line
                    del missing[name]
        if not missing:
            break
    return found


@lru_cache(maxsize=1)
def examples() -> dict[str, dict[str, str]]:
    if not FILE.exists():
        return {}
    with FILE.open("rb") as handle:
        return tomllib.load(handle)


def example(game_id: str, verb) -> str:
    """A real line for `verb` (a `core.grammar.Verb`), else the one its parameters make up."""
    return examples().get(game_id, {}).get(verb.name) or verb.sample


def write() -> None:
    out = ["# /help's examples: each a line a seeded game's prompt offered (python -m bot.words.examples);",
           "# tests/test_help_examples.py checks each is legal in a position those games reach", ""]
    for game_id in sorted(PLAYERS):
        found = collect(game_id)
        out.append(f"[{game_id}]")
        out += [f'{verb} = "{line}"' for verb, line in sorted(found.items())]
        out.append("")
    FILE.write_text("\n".join(out))


if __name__ == "__main__":
    write()
