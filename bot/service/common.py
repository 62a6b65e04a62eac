"""What every topic of the service shares: the `Topic` base (the service it belongs to, its
store and clock), and small helpers on a stored game and a user's words.

Imports the service's types and the rules' registry, nothing else of the service.
"""
from __future__ import annotations

import logging
import re
import unicodedata

from bot.service.types import Reply
from bot.store import Record
from core.errors import RulesError
from core.game import Game
from core.message import Cmd, join, msg
from core.registry import available, get_game

log = logging.getLogger("strategos.command")

SPLIT = re.compile(r"^\s*/?(\S+)\s*(.*)$", re.S)


class Topic:
    """A group of command handlers (the lobby, the history, the seats...) composed by the
    service: each reaches the others through `self.service` (`self.service.narration`,
    `self.service.timers`), never by inheriting them."""

    def __init__(self, service):   # the Service: handed in, never imported (no circle)
        self.service = service
        self.store = service.store

    def clock(self) -> float:
        return self.service.clock()


def split_command(text: str) -> tuple[str, str]:
    """"/inf@StrategosBot place A1 3 4" → ("inf", "place A1 3 4")."""
    match = SPLIT.match(text or "")
    if not match:
        return "", ""
    word = match.group(1).split("@", 1)[0].lower()
    return word, match.group(2).strip()


def shown(text: str, limit: int = 40) -> str:
    """A user's words quoted back inside a code span: no platform formats or links them."""
    text = text.replace("`", "'").replace("\n", " ")
    return f"`{text[:limit]}{'…' if len(text) > limit else ''}`"


def unreadable(text: str) -> str | None:
    """Why a line cannot be taken: a lone surrogate (not storable as UTF-8) or a control
    character other than a newline or tab (invisible, and unsafe to echo)."""
    for ch in text or "":
        category = unicodedata.category(ch)
        if category == "Cs" or (category == "Cc" and ch not in "\n\r\t"):
            return msg("The command holds a character that cannot be used (U+{code}); type it again without it.",
                       code=Cmd(f"{ord(ch):04X}"))
    return None


def game_or_none(word: str) -> Game | None:
    try:
        return get_game(word)
    except RulesError:
        return None


def hints_allowed(meta: dict) -> bool:
    """/hint answers at this table: it was not opened with hints=off (issue 35)."""
    return (meta.get("play") or {}).get("hints") != "off"


def seat_of(meta: dict, user: str) -> str | None:
    """The seat `user` holds in a game (None: he does not sit there)."""
    return next((p.get("seat") for p in meta["players"] if p["user"] == user), None)


def playing(rec: Record) -> Game:
    """The game of a record that has started, or a refusal."""
    if rec.meta["status"] == "lobby":
        raise RulesError(msg("The game has not started yet: /join, then /start."), code="NOT_STARTED")
    return get_game(rec.meta["game"])


def no_game(channel: str | None) -> Reply:
    return Reply.refuse(msg("There is no game in this channel. Start one with /new GAME (games: "
                            "{list}).", list=join(", ", map(Cmd, sorted(available())))), "NO_GAME", channel)
