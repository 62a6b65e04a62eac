"""The order of a turn's phases: Start (§4.1) → Main (§4.2) → Auction (§4.3) → end of turn (§4.4)
→ the next player's Start. Only this module knows that order: a phase ends itself with
`core.games.phases.end_phase`, and `advance` (run after setup and after every action) begins the
phase that follows. The ends of the game are in victory.py."""
from __future__ import annotations

from core.games import phases

from . import actions, auction, start
from .common import ROUND_LIMIT, next_seat
from .victory import finish_by_limit


def begin_turn(ctx) -> None:
    """The active player's turn from its Start phase, as far as the first decision."""
    start.begin(ctx)
    advance(ctx)


def begin_main(ctx) -> None:
    state = ctx.state
    seat = state["active"]
    p = state["p"][seat]
    p["train"] = bool(p.pop("palaestra", False)) and bool(p["gl"])    # §4.1 item 4
    state["stack"] = [{"s": "main", "seat": seat}]
    actions.after_action(ctx)


def end_turn(ctx) -> None:
    """§4.4: chains and Palaestra bonuses expire; play passes on; §9.4 after 30 full rounds."""
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


FOLLOWING = {"start": begin_main, "main": auction.begin_phase, "auction": end_turn}


def advance(ctx) -> None:
    """Begin the phase after each one that ended, until someone must decide or the game is over."""
    phases.advance(ctx, FOLLOWING)
