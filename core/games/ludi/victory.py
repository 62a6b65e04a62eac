"""The ends of the game: 7 points win at once (§9.1); after 30 full rounds, most points (§9.4)."""
from __future__ import annotations

from .common import ROUND_LIMIT, WIN_POINTS, points, who


def check_win(ctx, seat: str) -> bool:
    """§9.1: the moment a player reaches 7 points the game ends and that player wins."""
    state = ctx.state
    if points(state, seat) >= WIN_POINTS:
        state["result"] = {"winner": seat, "reason": f"{who(state, seat)} reached {points(state, seat)} points"}
        state["stack"] = []
        ctx.say(f"{who(state, seat)} has {points(state, seat)} points and wins the game (§9.1)!", "end")
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
    state["result"] = {"winner": best, "reason": f"{ROUND_LIMIT} full rounds played; most points"}
    state["stack"] = []
    ctx.say(f"{ROUND_LIMIT} full rounds without a winner: {who(state, best)} wins with "
            f"{points(state, best)} points (§9.4).", "end")
    ctx.picture()
