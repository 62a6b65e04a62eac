"""Every term the games print beside a § is a /rules term (issue 36): a seeded game per game is
walked, and each capitalised term of a sentence that cites a § (Usurper, Champion, Diadochos,
Tyche segment, Main phase …) is found in that game's glossary (bot/words/glossaries/)."""
from __future__ import annotations

import re

import pytest

from bot.words.examples import played
from bot.words.game_messages import data_names
from bot.words.glossary import fold, glossaries
from core.registry import get_game
from tests.test_i18n_whole_games import proper_names

GAMES = {"successors": "sorties=on veterans=on glory=on", "ludi": "events=on favour=on champion=on",
         "starcraft": "", "infinity": ""}
# a capitalised phrase, whole (one that opens its sentence is left out)
TERM = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)*")
# the calendar and the seats (Turn I, Round 2, Player 1) are no rules terms; nor is a table's card kind
ORDINARY = {"Turn", "Round", "Player", "Game", "Game Turn", "Table"}


def said(game_id: str, seed: int, actions: int = 300) -> list[str]:
    """What a table reads of a seeded game: its events, its prompts, its status."""
    game = get_game(game_id)
    out = []
    for state, events in played(game_id, seed, actions, GAMES[game_id]):
        out += [str(e.text) for e in events if e.text]
        out += [str(p.text) for p in game.prompts(state).values()]
        out.append(str(game.describe(game.view(state, None))))
    return out


def names_of_data() -> set[str]:
    return set(proper_names()) | {m for _, _, m in data_names() if "{" not in m and len(m) < 40}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_term_printed_beside_a_section_is_in_the_glossary(game_id):
    terms = {fold(name) for term in glossaries()[game_id] for names in term.names.values() for name in names}
    data = names_of_data()
    missing = {}
    for seed in (1, 2):
        for text in said(game_id, seed):
            for sentence in re.split(r"(?<=[.!?])\s+", text):
                if "§" not in sentence:
                    continue
                for match in TERM.finditer(sentence):
                    found = match.group()
                    opens = match.start() == 0 or sentence[:match.start()].endswith((": ", "- "))
                    if opens or found in ORDINARY or any(found in name for name in data):
                        continue
                    if not any(fold(found) == t or t.startswith(fold(found) + " ") for t in terms):
                        missing.setdefault(found, sentence)
    assert missing == {}, f"{game_id}: terms printed beside a § with no /rules entry: {missing}"
