"""§12 End of game: the tie-breakers of §12.2, special victories (§2.1) and elimination
(§10 step 7), shared by Regrouping steps 6, 7 and 8."""
from __future__ import annotations

from core.game import seat_ref
from core.message import keep, msg

from .board import BOARD
from .common import bases_of, controlled, cp_value, in_game, on_map, turn_order


def resource_value(state: dict, seat: str) -> int:
    return sum(BOARD.resource[c["id"]]["value"] for c in state["p"][seat]["cards"])


def tiebreak_key(state: dict, seat: str) -> tuple:
    """§12.2: most CP; resource value; controlled areas; bases; workers in the pool."""
    p = state["p"][seat]
    return (p["cp"], resource_value(state, seat), len(controlled(state, seat)), len(bases_of(state, seat)), p["pool"])


def best(state: dict, seats: list[str]) -> str:
    """The winner among `seats`; a full tie goes to the first in turn order from the first player."""
    order = [s for s in state["seats"][state["seats"].index(state["first"]):] + state["seats"]
             [:state["seats"].index(state["first"])] if s in seats]
    top = max(tiebreak_key(state, s) for s in seats)
    return next(s for s in order if tiebreak_key(state, s) == top)


def finish(ctx, winner: str | None, reason: str) -> None:
    s = ctx.state
    s["result"] = {"winner": winner, "reason": keep(s, reason)}
    s["pend"] = []
    ctx.say(msg("Game over: {winner} wins ({reason}).", winner=seat_ref(winner) if winner else 'nobody', reason=reason), kind="end")
    ctx.picture()


def cp_needed(state: dict, seat: str) -> int:
    """§10 step 6 / §2.1: 20 CP for the others while Aldaris is in the game."""
    aldaris = any(state["p"][s]["faction"] == "aldaris" and not state["p"][s]["out"] for s in state["seats"])
    if aldaris and state["p"][seat]["faction"] != "aldaris":
        return BOARD.pieces["victory_cp_vs_aldaris"]
    return BOARD.pieces["victory_cp"]


def special_victory(state: dict, seat: str) -> bool:
    """§2.1 special victories (Aldaris's is checked only by §10 step 8)."""
    f = state["p"][seat]["faction"]
    mine = controlled(state, seat)
    if f == "raynor":
        return sum(BOARD.areas[a]["kind"] in ("minerals", "gas") for a in mine) >= 6
    if f == "mengsk":
        return sum(all(a in mine for a in BOARD.planet_areas(p)) for p in BOARD.planets) >= 2
    if f == "tassadar":
        others = [len(controlled(state, s)) for s in in_game(state) if s != seat]
        return bool(others) and all(len(mine) > n for n in others)
    if f == "queen":
        return sum(cp_value(state, a) > 0 for a in mine) >= 3
    if f == "overmind":
        return len({BOARD.areas[a]["planet"] for a in mine}) >= 5
    return False


def aldaris_holds_out(state: dict, seat: str) -> bool:
    """§2.1 Aldaris's designed condition for his special victory at the second "The End Draws
    Near": at least `bases` bases (rules 1 and 2: one) and at least `cp_of_leader` of the CP of
    the leader among the others (rules 1: no such share)."""
    need = BOARD.rules_of(state)["aldaris_end"]
    others = [state["p"][s]["cp"] for s in in_game(state) if s != seat]
    lead = max(others, default=0)
    return len(bases_of(state, seat)) >= need["bases"] and state["p"][seat]["cp"] >= need["cp_of_leader"] * lead


def eliminate(ctx) -> bool:
    """§10 step 7 (and again after step 8): players with nothing on the map are out; the last
    one standing wins; nobody left at all is decided by §12.2. True when the game ended."""
    s = ctx.state
    before = in_game(s)
    left = [x for x in before if on_map(s, x)]
    for seat in before:
        if seat in left:
            continue
        p = s["p"][seat]
        p["out"] = True
        for st in s["stacks"].values():
            st[:] = [o for o in st if o["owner"] != seat]
        edn = [e for e in p["events"] if BOARD.events[e]["effect"] == "end_draws_near"]
        s["removed"] += edn                       # counts only once played (rev. 1.2)
        s["event_discard"] += [e for e in p["events"] if e not in edn]
        p["discard"] += p["hand"] + p["deck"]
        p["hand"], p["deck"], p["events"] = [], [], []
        p["cards"] = []
        s["transports"] = [t for t in s["transports"] if t["owner"] != seat]
        ctx.say(msg("{seat} has no unit and no base left and is out of the game.", seat=seat_ref(seat)))
    if len(left) == 1 and len(before) > 1:
        finish(ctx, left[0], msg("the last player with units or bases on the map"))
        return True
    if not left:
        finish(ctx, best(s, before), msg("no player has any unit or base left; decided by the tie-breakers"))
        return True
    return False


def order_from_first(state: dict) -> list[str]:
    return turn_order(state)
