"""The active force at a city (§5.4.4, §7.2, §7.10, §12.1): removing an opponent's PC, assault
rolls paid in MP, the sorties they allow (optional rule §12.1), and sallies from inside a
besieged Major City (§7.10).
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import msg

from . import battles, sieges
from .activation import end_act
from .board import BOARD
from .encounters import offer_retreat, side_in_field, side_of_act
from .forces import hostile_field, inside_cus, loss_pending, set_inside
from .questions import ask, question
from .sieges import allowed, besieges


def can_remove_pc(state: dict) -> bool:
    act = state["act"]
    at, seat = act["at"], act["seat"]
    pc = state["pcs"].get(at)
    return (act["mp"] >= 1 and sum(act["cus"].values()) >= 1 and pc not in (None, "IND", seat)
            and BOARD.spaces[at]["type"] in ("MIN", "STR") and not any(
                o != seat and sum(c.values()) for o, c in state["cus"].get(at, {}).items()))


def remove_pc(ctx) -> None:
    state = ctx.state
    act = state["act"]
    if not act or not can_remove_pc(state):
        raise RulesError(msg("An army (at least 1 CU) may spend 1 MP to remove an opponent PC from the Minor City or player-held Stronghold it occupies, if no opponent CUs are there (§5.4.4)."),
                         code="NO_REMOVE")
    act["mp"] -= 1
    owner = state["pcs"].pop(act["at"])
    ctx.say(msg("{seat} removes {owner}'s PC at {name} (1 MP, §5.4.4).", seat=seat_ref(act['seat']), owner=seat_ref(owner), name=BOARD.spaces[act['at']]['name']))


def can_assault(state: dict) -> bool:
    act = state["act"]
    if not act or question(state) or act["mp"] < 1 or not sum(act["cus"].values()) or act.get("sally"):
        return False
    seg = "march" if act["kind"] == "march" else "activation"
    return besieges(state, act["at"], act["seat"]) and allowed(state, act["at"], seg)


def assault(ctx) -> None:
    state = ctx.state
    act = state["act"]
    if not act or act["mp"] < 1 or not sum(act["cus"].values()):
        raise RulesError(msg("An activated army in the space pays 1 MP per assault roll; a lone general cannot assault (§7.2)."), code="NO_ASSAULT")
    seg = "march" if act["kind"] == "march" else "activation"
    act["mp"] -= 1
    sieges.assault(ctx, act["seat"], act["at"], seg, act["gens"], act["cus"])
    if not loss_pending(state):                     # else the sorties wait for the owner's choice (§7.3)
        offer_sortie(ctx, act["at"])


def offer_sortie(ctx, space: str) -> None:
    """§12.1 (optional): after each enemy assault roll, the CUs inside may sortie."""
    state = ctx.state
    if not state.get("options", {}).get("sorties"):
        return
    owner = state["pcs"].get(space)
    if owner in (None, "IND") or not inside_cus(state, space, owner) or not state.get("siege", {}).get(space):
        return
    act = state["act"]
    done = (act or {}).get("sorties", {}).get(space, 0)
    if sum(inside_cus(state, space, owner).values()) - done > 0:
        ask(state, {"kind": "sortie", "seat": owner, "space": space, "from": space})


def can_sally(state: dict) -> bool:
    act = state["act"]
    return bool(act and act.get("sally") and not question(state) and act["cus"]
                and hostile_field(state, act["at"], act["seat"]))


def sally(ctx) -> None:
    """§7.10 (a): the force inside attacks the besieging field force in the same space: a
    battle with the sallying side as Attacker, never a crushing. Losing or drawing, the
    survivors stay inside and the activation ends; winning, the force is in the field."""
    state = ctx.state
    if not can_sally(state):
        raise RulesError(msg("Only a force activated inside a besieged Major City, with at least 1 CU, may sally against the besiegers in its space (§7.10)."), code="NO_SALLY")
    act = state["act"]
    space = act["at"]
    host = hostile_field(state, space, act["seat"])
    att = side_of_act(state)
    att["inside"] = True
    dfn = side_in_field(state, host, space)
    res = battles.fight(ctx, att, dfn, space)
    if res.get("asked"):                          # the owners choose their losses first (losses=ask)
        state["battle"]["then"] = ["sally", space]
        return
    after_sally(ctx, res, dfn, space)


def after_sally(ctx, res: dict, dfn: dict, space: str) -> None:
    state = ctx.state
    act = state["act"]
    if res["winner"] != "att":
        ctx.say(msg("The sally fails: the survivors stay inside {name} (§7.10).", name=BOARD.spaces[space]['name']))
        end_act(ctx)
        return
    for k, m in act["cus"].items():
        set_inside(state, space, k, -m)
    for g in act["gens"]:
        state["gens"][g]["in"] = False
    act["sally"] = False
    if not act["gens"]:
        end_act(ctx)
    if dfn["seat"] and not res.get("royal"):
        offer_retreat(ctx, dfn["seat"], space, None)
