"""The command menu Telegram shows (set_my_commands), in English, Spanish and Russian.

Each description is the command table's help, rendered from the catalogues (bot/words/locale) as
/help and Discord's translator say it: what a command does is the service's business. The list
is published at start-up only when its hash changed since the last publication.
"""
from __future__ import annotations

import hashlib
import re

import orjson

from bot.service import COMMANDS
from bot.words.i18n import render
from core.message import Cmd, msg

LANGUAGES = (None, "en", "es", "ru")   # None: the default menu (English) for every other language
_NAME = re.compile(r"^[a-z0-9_]{1,32}$")   # what Telegram accepts as a command name


def command_lists(games) -> dict[str | None, list[tuple[str, str]]]:
    """language → [(command, description)]: the platform commands, then each game's id and aliases."""
    out: dict[str | None, list[tuple[str, str]]] = {}
    for language in LANGUAGES:
        lang = language or "en"
        rows = [(word, _description(word, lang)) for word in COMMANDS]
        for game in sorted(games, key=lambda g: g.id):
            for name in (game.id, *game.aliases):
                if _NAME.match(name) and name not in COMMANDS:
                    rows.append((name, _game_line(game, name, lang)))
        out[language] = [(name, text[:256]) for name, text in rows[:100]]
    return out


def command_words(games) -> list[str]:
    """Every word a group command may start with: the command table's, each game's id and aliases."""
    words = dict.fromkeys(COMMANDS)
    for game in games:
        words.update(dict.fromkeys(name for name in (game.id, *game.aliases) if _NAME.match(name)))
    return list(words)


def _description(word: str, lang: str) -> str:
    """A command's entry of the menu: its help from the command table, in the catalogues' words
    (the same message Discord's translator and /help say)."""
    text = render(msg(COMMANDS[word].help), lang)
    return text[0].upper() + text[1:]


def _game_line(game, name: str, lang: str) -> str:
    """A game's entry of the menu, its title as the language names the game ("Jugar a Sucesores")."""
    return render(msg("Play {title}: /{name} VERB …", title=game.title, name=Cmd(name)), lang)


def digest(lists: dict[str | None, list[tuple[str, str]]]) -> str:
    return hashlib.sha256(orjson.dumps({str(k): v for k, v in lists.items()},
                                       option=orjson.OPT_SORT_KEYS)).hexdigest()
