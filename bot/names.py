"""Players named where a seat is meant: "Ann (B, purple)", the player first, the seat beside
(with the colour or faction the game's summary gives), for every message of the service."""
from __future__ import annotations

import logging

from core.game import Game

log = logging.getLogger("strategos.command")


def seat_labels(game: Game, state: dict | None) -> dict[str, str]:
    """Each seat as the channel reads it beside its player's name: the seat id, with the colour
    or faction the game's summary gives for it (`players[seat]["colour"]` or `["faction"]`)."""
    if not state:
        return {}
    try:
        players = game.seat_colours(state)
    except Exception:   # a label is a courtesy: never let it break a reply
        log.exception("summary failed while naming seats of %s", game.id)
        players = None
    players = players if isinstance(players, dict) else {}
    labels = {}
    for seat in state.get("seats", []):
        info = players.get(seat) if isinstance(players.get(seat), dict) else {}
        extra = info.get("colour") or info.get("faction")
        labels[seat] = f"{seat}, {str(extra).lower()}" if extra else str(seat)
    return labels


def player_names(game: Game, meta: dict, state: dict | None) -> dict[str, str]:
    """seat → "Ann (B, purple)", in seat order: the player first, the seat beside."""
    labels = seat_labels(game, state)
    return {p["seat"]: f"{p['name']} ({labels.get(p['seat'], p['seat'])})" for p in meta["players"] if p.get("seat")}


def winners(game: Game, meta: dict, state: dict, winner) -> str:
    """The winner (a seat, a list of seats, or None) named by players: "Ann (B, purple)"."""
    names = player_names(game, meta, state)
    seats = winner if isinstance(winner, list) else [winner] if winner else []
    return ", ".join(names.get(seat, str(seat)) for seat in seats)
