"""The rules at hand: each game's glossary for /rules TERM, in English, Spanish and Russian.

The glossaries are data, `bot/words/glossaries/<game>.toml`, written from the specs
(docs/rules/<game>.md): each term has its § and, per language, its names (the first is the one
shown) and its few lines. tests/test_words.py checks that every § exists in its spec and that the
section speaks of the term. A term is found by any of its names in any language, by its §, or by
the start of a name; an unknown one is answered with the closest names (difflib, the standard
library's fuzzy matcher).
"""
from __future__ import annotations

import difflib
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

GLOSSARY_DIR = Path(__file__).with_name("glossaries")
LANGS = ("en", "es", "ru")


@dataclass(frozen=True)
class Term:
    game: str
    section: str
    names: dict[str, tuple[str, ...]]   # language → its names, the first shown
    texts: dict[str, str]               # language → the rule's few lines

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["en"])[0]

    def text(self, lang: str) -> str:
        return self.texts.get(lang, self.texts["en"])


def fold(text: str) -> str:
    """A name as compared: case, accents and ё/е set aside ("Intercepción" → "intercepcion")."""
    decomposed = unicodedata.normalize("NFD", text.strip().casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


@lru_cache(maxsize=1)
def glossaries() -> dict[str, tuple[Term, ...]]:
    """game id → its terms, as the data files give them."""
    out = {}
    for path in sorted(GLOSSARY_DIR.glob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        out[data["game"]] = tuple(
            Term(data["game"], str(entry["section"]), {lang: tuple(entry[lang]["names"]) for lang in LANGS},
                 {lang: entry[lang]["text"] for lang in LANGS})
            for entry in data["term"])
    return out


def look_up(word: str, games: list[str]) -> list[Term]:
    """The terms of `games` that `word` names: by a name in any language or by its § (exactly),
    else those with a name that starts with it."""
    terms = [term for game in games for term in glossaries().get(game, ())]
    key = fold(word).removeprefix("§").strip()
    exact = [t for t in terms if key == t.section or any(key == fold(n) for ns in t.names.values() for n in ns)]
    if exact:
        return exact
    return [t for t in terms if any(fold(n).startswith(key) for ns in t.names.values() for n in ns)] \
        if len(key) >= 3 else []


def closest(word: str, games: list[str], lang: str, count: int = 4) -> list[str]:
    """The names, in `lang`, of the terms whose names (in any language) are nearest to `word`."""
    by_name: dict[str, Term] = {}
    for game in games:
        for term in glossaries().get(game, ()):
            for names in term.names.values():
                for name in names:
                    by_name.setdefault(fold(name), term)
    near = difflib.get_close_matches(fold(word), list(by_name), n=count * 3, cutoff=0.5)
    return list(dict.fromkeys(by_name[name].name(lang) for name in near))[:count]
