"""The turn's skeleton: Main phase entry and automatic end (§4.2.4), the Auction phase entry
(§4.3), end of turn (§4.4), and the end of the game (§9.1, §9.4)."""
from __future__ import annotations

from .common import ROUND_LIMIT, WIN_POINTS, free_building, next_seat, points, ready, who


def begin_main(ctx) -> None:
    state = ctx.state
    seat = state["active"]
    p = state["p"][seat]
    p["train"] = bool(p.pop("palaestra", False)) and bool(p["gl"])    # §4.1 item 4
    state["stack"] = [{"s": "main", "seat": seat}]
    after_action(ctx)


def after_action(ctx) -> None:
    """§4.2.4: the Main phase ends by itself when no gladiator is ready and nothing is pending."""
    state = ctx.state
    if state["result"] or len(state["stack"]) != 1 or state["stack"][0]["s"] != "main":
        return
    if not ready(state, state["active"]):
        ctx.say(f"{who(state, state['active'])} has no ready gladiator: the Main phase ends (§4.2.4).")
        end_main(ctx)


def end_main(ctx) -> None:
    from . import auction
    state = ctx.state
    state["p"][state["active"]]["train"] = False
    auction.begin_phase(ctx)


def end_turn(ctx) -> None:
    """§4.4: chains and Palaestra bonuses expire; play passes on; §9.4 after 30 full rounds."""
    from . import start
    state = ctx.state
    seat = state["active"]
    for g in state["gl"].values():
        g["chained"] = False
    p = state["p"][seat]
    p.update(trained=None, train=False, chained=False, works=0, builds=0, won=False)
    state["auction"] = None
    state["turns"] += 1
    if state["turns"] >= ROUND_LIMIT * len(state["seats"]):
        finish_by_limit(ctx)
        return
    state["active"] = next_seat(state, seat)
    ctx.picture()                 # §13: the table is posted after each turn
    start.begin(ctx)


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


def room(state: dict, seat: str) -> bool:
    return free_building(state, seat)
