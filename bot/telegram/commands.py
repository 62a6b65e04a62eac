"""The command menu Telegram shows (set_my_commands), in English, Spanish and Russian.

Only descriptions live here: what a command does is the service's business. The list
is published at start-up only when its hash changed since the last publication.
"""
from __future__ import annotations

import hashlib
import re

import orjson

from bot.service import COMMANDS

LANGUAGES = (None, "en", "es", "ru")   # None: the default menu (English) for every other language
_NAME = re.compile(r"^[a-z0-9_]{1,32}$")   # what Telegram accepts as a command name

DESCRIPTIONS: dict[str, dict[str, str]] = {
    "en": {word: c.help[0].upper() + c.help[1:] for word, c in COMMANDS.items()},
    "es": {
        "new": "Abrir una partida en este grupo",
        "join": "Sentarse en el siguiente puesto libre",
        "leave": "Dejar tu puesto (antes de empezar)",
        "start": "Empezar la partida",
        "abort": "Terminar la partida (creador o admin)",
        "status": "Quién debe decidir y qué puede hacer",
        "map": "El mapa actual (/map full: resolución completa)",
        "me": "Tu vista privada (por chat privado)",
        "log": "Las últimas acciones",
        "undo": "Deshacer tu última acción",
        "export": "La partida en JSON",
        "import": "Cargar una partida exportada",
        "verify": "Comprobar todas las tiradas al final",
        "remind": "Avisar a quien debe jugar",
        "help": "Ayuda de los comandos y juegos",
        "web": "La página de la partida (me: la tuya privada)",
    },
    "ru": {
        "new": "Открыть партию в этой группе",
        "join": "Занять свободное место",
        "leave": "Освободить место (до начала)",
        "start": "Начать партию",
        "abort": "Завершить партию (создатель или админ)",
        "status": "Кто ходит и что можно сделать",
        "map": "Текущая карта (/map full: полное разрешение)",
        "me": "Ваш личный обзор (в личные сообщения)",
        "log": "Последние действия",
        "undo": "Отменить своё последнее действие",
        "export": "Партия в формате JSON",
        "import": "Загрузить экспортированную партию",
        "verify": "Проверить все броски после конца",
        "remind": "Напомнить тем, чей ход",
        "help": "Справка по командам и играм",
        "web": "Страница партии (me: ваша личная)",
    },
}


def command_lists(games) -> dict[str | None, list[tuple[str, str]]]:
    """language → [(command, description)]: the platform commands, then each game's id and aliases."""
    out: dict[str | None, list[tuple[str, str]]] = {}
    for language in LANGUAGES:
        lang = language or "en"
        rows = [(word, DESCRIPTIONS[lang].get(word) or _translated(DESCRIPTIONS["en"][word], lang))
                for word in COMMANDS]
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


def _translated(text: str, lang: str) -> str:
    """A description from the gettext catalogues (their ids are the command table's lower-case help texts)."""
    from bot.words.i18n import gettext_

    own = gettext_(lang, text[0].lower() + text[1:])
    return own[0].upper() + own[1:] if own else text


def _game_line(game, name: str, lang: str) -> str:
    """A game's entry of the menu, its title as the language names the game ("Jugar a Sucesores")."""
    from bot.words.i18n import render
    from core.message import Cmd, msg

    return render(msg("Play {title}: /{name} VERB …", title=game.title, name=Cmd(name)), lang)


def digest(lists: dict[str | None, list[tuple[str, str]]]) -> str:
    return hashlib.sha256(orjson.dumps({str(k): v for k, v in lists.items()},
                                       option=orjson.OPT_SORT_KEYS)).hexdigest()
