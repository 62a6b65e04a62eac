"""Players named where a seat is meant: "Ann (B, purple)", the player first, the seat beside
(with the colour or faction the game's summary gives), for every message of the service.

The games' own messages write a seat as a marker, `⟨A⟩` (`core.game.seat_ref`); `name_seats`
puts the player's name in its place ("Ann (purple)") at the edge of the service, once per reply,
after translation (a marker travels through a template's field unchanged)."""
from __future__ import annotations

import logging
import re
from typing import Callable, NamedTuple

from bot.words.i18n import Said, render
from bot.words.i18n import name as said_name
from core.game import SEAT_REF_CLOSE, SEAT_REF_OPEN, Game
from core.message import Cmd, Items, Msg, join, msg

log = logging.getLogger("strategos.command")

_MARKER = re.compile(f"{SEAT_REF_OPEN}([^{SEAT_REF_OPEN}{SEAT_REF_CLOSE}]{{1,40}}){SEAT_REF_CLOSE}")


ROBOT_USER = "robot:"   # a robot the table seated (bot/service/robots.py): `robot:<its number>`


def robot_name(number: int, level: int | None = None) -> Msg:
    """A robot's name, a message of the reader's language ("🤖 Robot 2 · 4", "🤖 Робот 2 · 4"): its
    number at the table, and its level (robots/levels.py) where the table chose one."""
    if level is None:
        return msg("🤖 Robot {number}", number=number)
    return msg("🤖 Robot {number} · {level}", number=number, level=level)


def player_name(player: dict) -> Msg | Cmd:
    """A player as a line names him: his own name as it came (a `Cmd`: never translated); a robot the
    table seated, by its number and level in the reader's language, made here whatever English name
    an older table stored for it. A robot standing in for an absent player keeps his name (🤖 Ann)."""
    user = player.get("user") or ""
    number = user[len(ROBOT_USER):]
    if player.get("robot") and user.startswith(ROBOT_USER) and number.isdigit():
        return robot_name(int(number), player.get("level"))
    return Cmd(player["name"])


class Named(NamedTuple):
    """Who sits at a seat: his display name (a robot's a message, `player_name`), and the colour or
    faction beside it (or None)."""

    name: str
    extra: str | None = None

    @property
    def full(self) -> str:
        return f"{self.name} ({self.extra})" if self.extra else self.name


SeatNames = dict[str, Named]


def _players(game: Game, state: dict | None) -> dict:
    if not state:
        return {}
    try:
        players = game.seat_colours(state)
    except Exception:   # a label is a courtesy: never let it break a reply
        log.exception("summary failed while naming seats of %s", game.id)
        players = None
    return players if isinstance(players, dict) else {}


def _extra(info) -> str | None:
    """The colour (lower case) or faction (its name where the summary gives one) of a seat."""
    if not isinstance(info, dict):
        return None
    if info.get("colour"):
        return str(info["colour"]).lower()
    if info.get("faction"):
        return str(info.get("name") or info["faction"])
    return None


def seat_labels(game: Game, state: dict | None) -> dict[str, Items | Cmd]:
    """Each seat as the channel reads it beside its player's name: the seat id, with the colour
    or faction the game's summary gives for it (`players[seat]["colour"]` or `["faction"]`), the
    colour a word of the reader's language ("B, azul")."""
    players = _players(game, state)
    labels = {}
    for seat in (state or {}).get("seats", []):
        extra = _extra(players.get(seat))
        labels[seat] = join(", ", (Cmd(seat), extra)) if extra else Cmd(seat)
    return labels


def player_names(game: Game, meta: dict, state: dict | None) -> dict[str, Msg]:
    """seat → "Ann (B, purple)", in seat order: the player first, the seat beside."""
    labels = seat_labels(game, state)
    return {p["seat"]: msg("{name} ({seat})", name=player_name(p), seat=labels.get(p["seat"], Cmd(p["seat"])))
            for p in meta["players"] if p.get("seat")}


def winners(game: Game, meta: dict, state: dict, winner) -> Items:
    """The winner (a seat, a list of seats, or None) named by players: "Ann (B, purple)"."""
    names = player_names(game, meta, state)
    seats = winner if isinstance(winner, list) else [winner] if winner else []
    return join(", ", (names.get(seat, Cmd(str(seat))) for seat in seats))


def seat_names(game: Game, meta: dict | None, state: dict | None) -> SeatNames:
    """What a game's seat marker becomes: the player's display name, with his colour or faction
    the first time a line names him ("Ann (purple)", then "Ann"); a seat nobody holds keeps its
    id ("B (purple)")."""
    players = _players(game, state)
    held = {p["seat"]: player_name(p) for p in (meta or {}).get("players", []) if p.get("seat") and p.get("name")}
    return {seat: Named(held.get(seat, str(seat)), _extra(players.get(seat)))
            for seat in {*(state or {}).get("seats", []), *held}}


def name_seats(text: str, names: SeatNames, lang: str = "en") -> str:
    """`text` with each seat marker replaced by its player (an unknown seat by its bare id), his
    colour in `lang`, the line's language."""
    if SEAT_REF_OPEN not in text:
        return text
    if isinstance(text, Said):   # a line in its reader's language stays marked so once named
        return Said(name_seats(str(text), names, lang))
    seen: set[str] = set()
    if lang != "en":
        names = {seat: named._replace(name=render(named.name, lang) if isinstance(named.name, Msg) else named.name,
                                      extra=said_name(named.extra, lang) if named.extra else None)
                 for seat, named in names.items()}

    def one(match: re.Match) -> str:
        seat = match.group(1)
        named = names.get(seat) or Named(seat)
        # his colour or faction once a line: not again after it named him in full ("Waiting for
        # Ann (A, purple): …"), nor where the line says it itself ("⟨A⟩ claims Jim Raynor")
        if seat in seen or not named.extra or f"{named.name} (" in text[:match.start()] \
                or named.extra.lower() in text.lower():
            return named.name
        seen.add(seat)
        return named.full
    return _MARKER.sub(one, text)


def has_markers(reply) -> bool:
    return any(SEAT_REF_OPEN in line for line in _lines(reply))


def _lines(reply):
    yield from reply.public
    if reply.error:
        yield reply.error
    for lines in reply.private.values():
        yield from lines


def name_reply(reply, names: Callable[[], SeatNames]) -> None:
    """Every line of a finished reply (public, refusal, private) with its seat markers named;
    `names` is asked once, and only when some line holds a marker."""
    if not has_markers(reply):
        return
    table = names()
    lang = reply.lang
    reply.public = [name_seats(line, table, lang) for line in reply.public]
    if reply.error:
        reply.error = name_seats(reply.error, table, lang)
    for user, lines in reply.private.items():
        own = reply.private_langs.get(user, lang)
        reply.private[user] = [name_seats(line, table, own) for line in lines]
