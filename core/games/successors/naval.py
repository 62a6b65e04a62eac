"""Naval interception (§5.7): who may try, the interception roll and the naval battle, and a
dispersed fleet (§5.7.3). A crossing that gets through lands and enters its space (encounters.py).
"""
from __future__ import annotations

from core.game import seat_ref
from core.message import msg

from . import scoring, surprise
from .activation import arrive, end_act, fall_back
from .battles import describe, lose_cus
from .board import BOARD
from .encounters import enter
from .forces import ask_force_loss
from .questions import ask


def naval_queue(state: dict, seat: str) -> list[str]:
    """Opponents with FS of at least 1, in turn order starting after the active player."""
    order = state["order"]
    i = order.index(seat) if seat in order else -1
    seats = [order[(i + j) % len(order)] for j in range(1, len(order))]
    return [s for s in seats if scoring.fleet_strength(state, s) >= 1]


def next_naval(ctx, p: dict) -> None:
    """The next opponent's try, or the move goes on into the port."""
    state = ctx.state
    queue = [s for s in p["queue"] if scoring.fleet_strength(state, s) >= 1]
    if queue:
        ask(state, dict(p, seat=queue[0], queue=queue[1:]))
        return
    _land(ctx, p)


def _land(ctx, p: dict) -> None:
    state = ctx.state
    act = state["act"]
    arrive(ctx, act, p["space"], p.get("before", {}))
    enter(ctx, p["space"], p["from"])


def disperse_fleet(ctx, seat: str) -> None:
    """One active fleet of the seat is dispersed (owner's choice; the bot takes the weakest of
    his own counters, then a controlled Independent fleet)."""
    state = ctx.state
    p = state["p"][seat]
    if p["fleets"]:
        f = min(p["fleets"])
        p["fleets"].remove(f)
        p["fleets_disp"].append(f)
        ctx.say(msg("A strength-{f} fleet of {seat} is dispersed (§5.7.3).", f=f, seat=seat_ref(seat)))
        return
    for f in sorted(BOARD.indep_fleets, key=lambda f: f["strength"]):
        if state["pcs"].get(f["city"]) == seat and f["id"] not in state["ifleets_disp"]:
            state["ifleets_disp"].append(f["id"])
            ctx.say(msg("The {name} of {seat} is dispersed (§5.7.3).", name=f['name'], seat=seat_ref(seat)))
            return


def try_naval(ctx, seat: str, p: dict) -> None:
    """§5.7.2-3: a roll + (interceptor's FS − mover's FS) of 5 or more; then a naval battle:
    each side rolls + FS, the higher wins."""
    state = ctx.state
    act = state["act"]
    mover = act["seat"]
    fi, fm = scoring.fleet_strength(state, seat), scoring.fleet_strength(state, mover)
    amb = {s: 2 for s, c in surprise.window(ctx, "W3", {"active": mover, "sides": (seat, mover)}) if c == 26}
    for s in amb:
        ctx.say(msg("{s}: Naval Ambush, +2 to the roll (#26).", s=seat_ref(s)))
    fi, fm = fi + amb.get(seat, 0), fm + amb.get(mover, 0)            # #26 Naval Ambush: +2 to rolls
    r = ctx.roll(6, label=msg("naval interception by {seat}", seat=seat_ref(seat)))
    if r + fi - fm < 5:
        ctx.say(msg("{seat} tries to intercept at sea: {r}{fi}, fails (§5.7.2).", seat=seat_ref(seat), r=r, fi=format(fi - fm, "+d")))
        next_naval(ctx, p)
        return
    ri = ctx.roll(6, label=msg("naval battle, {seat}", seat=seat_ref(seat)))
    rm = ctx.roll(6, label=msg("naval battle, {mover}", mover=seat_ref(mover)))
    ti, tm = ri + fi, rm + fm
    ctx.say(msg("{seat} intercepts at sea: naval battle {ti} against {tm} (§5.7.3).", seat=seat_ref(seat), ti=ti, tm=tm))
    if tm > ti:
        disperse_fleet(ctx, seat)
        _land(ctx, p)
        return
    fall_back(ctx, act, p["from"])
    if ti > tm and ask_force_loss(state, 1, "§5.7.3", ["naval", p["from"]]):
        return                                                         # the mover chooses his loss first
    if ti > tm:
        side = {"seat": mover, "army": None, "gens": act["gens"], "cus": act["cus"]}
        lost = lose_cus(state, side, p["from"], 1)
        if lost:
            ctx.say(msg("{mover} loses {describe} at sea.", mover=seat_ref(mover), describe=describe(lost)))
        disperse_fleet(ctx, mover)
    ctx.say(msg("{mover}'s force returns to {name}; its activation ends (§5.7.3).", mover=seat_ref(mover), name=BOARD.spaces[p['from']]['name']))
    end_act(ctx)
