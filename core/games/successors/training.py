"""§4.4.4 the training track (and §4.4.3(e) recruitment's eligible spaces): OPs add up to a
Mercenary (3) or Loyal Macedonian (7) CU, placed at once under §3.3.4-§3.3.5."""
from __future__ import annotations

from core.game import seat_ref
from core.message import msg

from . import reinforcements
from .board import BOARD

TRAIN_COST = {"merc": 3, "mac": 7}                                   # §4.4.4


def recruit_spaces(state: dict, seat: str) -> list[str]:
    """§4.4.3(e): spaces eligible under §3.3.4 (a) to (d)."""
    return reinforcements.eligible(state, seat, "merc", {"placed": {}, "new": []})


def train(ctx, seat: str, kind: str, ops: int) -> None:
    """§4.4.4: add OPs; a finished CU is placed at once (§3.3.4-§3.3.5); surplus lost."""
    state = ctx.state
    track = state["p"][seat]["track"]
    track[0] = kind
    track[1] += ops
    if track[1] < TRAIN_COST[kind]:
        name = BOARD.cu_types[kind]["name"]
        ctx.say(msg("{seat}'s training track: {track}/{train_cost} OPs toward a {name} CU.", seat=seat_ref(seat), track=track[1], train_cost=TRAIN_COST[kind], name=name))
        return
    state["p"][seat]["track"] = [None, 0]
    left = {kind: 1} if reinforcements._give(state, {}, seat, kind, 1) else {}
    ctx.say((msg("{seat} finishes training a {name} CU.", seat=seat_ref(seat), name=BOARD.cu_types[kind]['name']) if left else msg("{seat} finishes training a {name} CU, but the pool is empty (§1.4).", seat=seat_ref(seat), name=BOARD.cu_types[kind]['name'])))
    if left:
        reinforcements.begin(state, seat, "training", left, [])
