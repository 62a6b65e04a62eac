"""The two seats, A and B (§3), and how a message names a seat's player."""
from __future__ import annotations

from core.game import seat_ref
from core.message import msg

SEATS = ("A", "B")


def other_seat(seat: str) -> str:
    return "B" if seat == "A" else "A"


def _named(seat: str):
    return msg("{seat} ({seat2})", seat=seat_ref(seat), seat2=seat)


# each seat's words, made once: a message is never changed once made, and nearly every sentence the
# rules say names a seat (the robots' search has the rules say thousands a second)
_WHO = {seat: _named(seat) for seat in SEATS}


def who(state: dict, seat: str | None) -> str:
    """A seat as players read it: the player (his seat marked, `seat_ref`, for the service to
    write the name of whoever sits there now) with the seat letter his troopers' ids begin with."""
    return _WHO[seat] if seat in SEATS else str(seat)
