"""The ends of the game: 7 points win at once (§9.1); after 30 full rounds, most points (§9.4)."""
from __future__ import annotations

from core.message import keep, msg

from .common import ROUND_LIMIT, WIN_POINTS, points, who


def check_win(ctx, seat: str) -> bool:
    """§9.1: the moment a player reaches 7 points the game ends and that player wins."""
    state = ctx.state
    if points(state, seat) >= WIN_POINTS:
        state["result"] = {"winner": seat, "reason": keep(state, msg("{seat} reached {points} points", seat=who(state, seat), points=points(state, seat)))}
        state["stack"] = []
        ctx.say(msg("{seat} has {points} points and wins the game (§9.1)!", seat=who(state, seat), points=points(state, seat)), "end")
        ctx.picture()
        return True
    return False


def finish_by_limit(ctx) -> None:
    """§9.4: most points, then most coins, then whoever played last in the round."""
    state = ctx.state
    seats = state["seats"]
    i = seats.index(state["first"])
    order = seats[i:] + seats[:i]                 # play order within a round
    best = max(order, key=lambda s: (points(state, s), state["p"][s]["coins"], order.index(s)))
    state["result"] = {"winner": best, "reason": keep(state, msg("{round_limit} full rounds played; most points", round_limit=ROUND_LIMIT))}
    state["stack"] = []
    ctx.say(msg("{round_limit} full rounds without a winner: {best} wins with {points} points (§9.4).", round_limit=ROUND_LIMIT, best=who(state, best), points=points(state, best)), "end")
    ctx.picture()
