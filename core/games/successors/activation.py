"""The force in motion (§4.5, §5.1, §5.2, §5.10): forming a force (§4.5, §5.1) and rolling its
movement points (§5.2, Initiative §1.3.2 with Antigonos's re-roll), a card's independent army
(§5.10), moving its pieces into a space and back again (falling back: §5.7.3, §5.8.4, §6.9,
§6.10.4), unattended heirs captured on arrival (§9.9), dropping off units (§5.1), the end of an
activation (§4.5; §5.10 an independent army's; §12.5 desert attrition), and disbanding Royal
CUs (§4.5).

The force in motion is ``state["act"] = {"seat", "gens", "cus": {type: n}, "at", "mp",
"kind": "activation"|"march"|"indep", "path": [spaces]}``.
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg, plural

from . import surprise
from .battles import disperse_all, remove_independent
from .board import BOARD
from .common import find_general, label
from .forces import (
    add_cus,
    attrition,
    check_counts,
    commander,
    disperse_cus,
    field_cus,
    field_gens,
    gen_stat,
    hostile_for,
    inside_cus,
    leave_cart_in_turn_one,
    n_field,
    n_inside,
    parse_spec,
    set_inside,
)
from .questions import question

DESERT = ("palmyra", "anatha", "rhinokoloura", "katabathmos", "ammoneion")      # §12.5


def initiative(state: dict, gen: str, space: str) -> int:
    """§1.3.2 Initiative with the location abilities of Antipatros and Lysimachos."""
    ini = gen_stat(gen, "init")
    sp = BOARD.spaces[space]
    if gen == "antipatros" and sp["region"] == "Europe":
        ini = 3
    if gen == "lysimachos" and sp["province"] == "THR":
        ini = 2
    return ini


def free_cus(state: dict, space: str, seat: str, inside: bool = False) -> dict:
    """CUs of the seat in the space (in the field, or inside the city for a sally, §7.10) not
    yet part of a force activated this segment."""
    used = state["used"].get(space, {})
    have = inside_cus(state, space, seat) if inside else field_cus(state, space, seat)
    return {k: n - used.get(k, 0) for k, n in have.items() if n - used.get(k, 0) > 0}


def parse_force(state: dict, seat: str, text: str) -> tuple[list[str], dict]:
    """`<general> [<general>...] [merc=<n>] [mac=<n>] ... [alone]` → generals, CUs.
    Named generals only; CUs default to all free CUs in the space."""
    gens, take, alone = parse_spec(state, text, find_general)
    if not gens:
        raise RulesError(msg("Name the general who leads the force, e.g. `activate perdikkas`."), code="NO_GENERAL")
    at = state["gens"][gens[0]]["at"]
    inside = state["gens"][gens[0]]["in"]
    for g in gens:
        d = state["gens"][g]
        if d["o"] != seat:
            raise RulesError(msg("{g} is not yours.", g=label(g)), code="NOT_YOURS")
        if d["at"] not in BOARD.spaces:
            raise RulesError(msg("{g} is not on the map.", g=label(g)), code="OFF_MAP")
        if d["at"] != at:
            raise RulesError(msg("All generals of a force must be in the same space."), code="SPLIT")
        if g in state["done"]:
            raise RulesError(msg("{g} has already been activated this segment (§4.5).", g=label(g)), code="DONE")
        if d["in"] != inside:
            raise RulesError(msg("Generals inside a city and in the field cannot form one force (§5.5, §7.10)."),
                             code="SPLIT")
    free = free_cus(state, at, seat, inside)
    check_counts(take, free, msg("free at {name}", name=BOARD.spaces[at]['name']))
    if alone:
        cus = {}
    else:
        cus = dict(free)
        cus.update(take)
        cus = {k: n for k, n in cus.items() if n}
    return gens, cus


def start(ctx, seat: str, text: str, kind: str, mp: int | None) -> None:
    """Form the force and set its MP: the §5.2 roll, or `mp` given by a card."""
    state = ctx.state
    gens, cus = parse_force(state, seat, text)
    if kind != "activation" and state["gens"][gens[0]]["in"]:
        raise RulesError(msg("Units inside a besieged city are activated only in your Activation segment, to sally or to leave by sea (§4.5, §7.10): a card cannot march them."), code="INSIDE")
    at = state["gens"][gens[0]]["at"]
    cmd = commander(gens)
    rolled = mp is None
    if rolled and any(c == 45 for _, c in surprise.window(ctx, "W1", {"active": seat, "before": True})):
        mp, rolled = 2, False                                          # #45 Bad Omens
        ctx.say(msg("Bad Omens: this activation gets exactly 2 MP (#45)."))
    if rolled:
        mp = roll_mp(ctx, cmd, at)
    if any(c == 12 for _, c in surprise.window(ctx, "W1", {"active": seat})):
        mp += 2                                                        # #12 Forced March
        ctx.say(msg("Forced March: +2 MP (#12)."))
    state["act"] = {"seat": seat, "gens": gens, "cus": cus, "at": at, "mp": mp, "kind": kind, "path": [at],
                    "reroll": rolled and cmd == "antigonos", "tried": []}
    if state["gens"][gens[0]]["in"]:
        state["act"]["sally"] = True                                    # §7.10
    state["done"] += gens
    if state["turn"] == 1 and state["body"]["by"] in gens:            # §5.11 Cart never moves in Turn I
        state["body"]["by"] = None
        ctx.say(msg("In Turn I the Funeral Cart cannot move: it stays at {name} (§3.2.1, §5.11).", name=BOARD.spaces[at]['name']))
    what = join(", ", (label(g) for g in gens))
    n = sum(cus.values())
    ctx.say(plural(("{seat} activates {what} with {n} CU at {name}: {mp} MP.", "{seat} activates {what} with {n} CUs at {name}: {mp} MP."), n, seat=seat_ref(seat), what=what, n=n, name=BOARD.spaces[at]['name'], mp=mp))


def roll_mp(ctx, cmd: str, at: str) -> int:
    """§5.2: roll against the commander's Initiative: lower 2 MP, equal 3, higher 4."""
    ini = initiative(ctx.state, cmd, at)
    roll = ctx.roll(6, label=msg("Activation of {cmd} (Initiative {ini})", cmd=label(cmd), ini=ini))
    return 2 if roll < ini else 3 if roll == ini else 4


def reroll(ctx) -> None:
    """§1.3.2 Antigonos: may re-roll his activation die once; the second roll stands."""
    act = ctx.state["act"]
    if not act.get("reroll") or len(act["path"]) > 1:
        raise RulesError(msg("Only Antigonos, commanding, may re-roll his activation die, once, before moving."),
                         code="NO_REROLL")
    act["reroll"] = False
    act["mp"] = roll_mp(ctx, "antigonos", act["at"])
    ctx.say(msg("Antigonos re-rolls: {mp} MP.", mp=act['mp']))


def start_independent(ctx, seat: str, army: str) -> None:
    """A card activates an independent army (step III wires the cards): 3 MP, no roll; the
    activating seat makes its decisions through the ordinary movement prompts."""
    state = ctx.state
    at = state["indep"][army]
    if at == "removed":
        raise RulesError(msg("{name} have left the game.", name=BOARD.indep_armies[army]['name']), code="REMOVED")
    start_x = BOARD.spaces[at]["x"] if at in BOARD.spaces else None
    state["act"] = {"seat": seat, "army": army, "gens": [], "cus": {}, "at": at, "mp": 3, "kind": "indep",
                    "path": [at], "tried": [], "start_x": start_x}
    ctx.say(msg("{seat} activates {name}: 3 MP (§5.10).", seat=seat_ref(seat), name=BOARD.indep_armies[army]['name']))


def relocate(state: dict, act: dict, dest: str) -> None:
    here = act["at"]
    if act.get("army"):
        state["indep"][act["army"]] = dest if dest in BOARD.spaces else "box"
        act["at"] = dest
        return
    leave_cart_in_turn_one(state, act["gens"])          # e.g. a Cart captured on the way (§5.11)
    for k, n in act["cus"].items():
        add_cus(state, here, act["seat"], k, -n)
        if act.get("sally"):
            set_inside(state, here, k, -n)
        add_cus(state, dest, act["seat"], k, n)
    act["sally"] = False
    for g in act["gens"]:
        state["gens"][g]["at"] = dest
        state["gens"][g]["in"] = False
    for r in state["royals"].values():
        if r["by"] in act["gens"]:
            r["at"] = dest
    if state["body"]["by"] in act["gens"]:
        state["body"]["at"] = dest
    act["at"] = dest


def fall_back(ctx, act: dict, back: str) -> None:
    """The force returns to the space it came from (§5.7.3, §5.8.4, §6.9, §6.10.4). If the
    units of that city's controller came out of its walls when the force left (§5.5.4), they
    go back inside as they were; should an enemy field force still hold the space, the force
    has nowhere to go and is dispersed [gap filled here: the spec is silent]."""
    state = ctx.state
    host = hostile_for(state, act, back) if back in BOARD.spaces else None
    if host and host[0] == "seat" and BOARD.spaces[back]["type"] == "MAJ" \
            and state["pcs"].get(back) == host[1] and n_field(state, back, host[1]) + n_inside(state, back) <= 2:
        o = host[1]
        for k, m in field_cus(state, back, o).items():
            set_inside(state, back, k, m)
        for g in field_gens(state, back, o):
            state["gens"][g]["in"] = True
        ctx.say(msg("{o}'s units at {name} go back inside the walls (§5.5).", o=seat_ref(o), name=BOARD.spaces[back]['name']))
    elif host:
        if act.get("army"):
            remove_independent(ctx, act["army"])
            return
        side = {"seat": act["seat"], "army": None, "gens": act["gens"], "cus": act["cus"]}
        disperse_cus(state, act["at"], act["seat"], act["cus"], inside=bool(act.get("sally")))
        act["cus"] = {}
        disperse_all(ctx, side, msg("an enemy field force holds {name}", name=BOARD.spaces[back]['name']))
        return
    relocate(state, act, back)


def arrive(ctx, act: dict, dest: str, before: dict) -> None:
    """§9.9: unattended heirs are captured; unattended active women of another controller
    become inactive unless inside their controller's Major City. `before` holds the
    controllers as they were before the force entered."""
    state = ctx.state
    army = act.get("army")                      # an enemy of every player (§0.2), who never captures
    for rid, r in state["royals"].items():
        if r["at"] != dest or r["by"] is not None or r["st"] != "active":
            continue
        ctrl = before.get(rid)
        if BOARD.royals[rid]["kind"] == "heir":
            if not army and ctrl != act["seat"] and not (ctrl and BOARD.spaces[dest]["type"] == "MAJ"
                                                         and state["pcs"].get(dest) == ctrl):
                r["by"] = commander(act["gens"])
                ctx.say(msg("{seat} captures {name} (§9.9).", seat=seat_ref(act['seat']), name=BOARD.royals[rid]['name']))
        elif (army or ctrl != act["seat"]) and not (BOARD.spaces[dest]["type"] == "MAJ"
                                                    and state["pcs"].get(dest) == ctrl):
            r["st"] = "inactive"
            ctx.say(msg("{name} becomes inactive (§9.9).", name=BOARD.royals[rid]['name']))


def leave(ctx, text: str) -> None:
    """§5.1: the force drops units where it stands; they stop there and count as activated.
    `text`: [<general>...] [merc=<n>] [mac=<n>] ... (the commander's Cart and royals stay with him)."""
    state = ctx.state
    act = state["act"]
    if not act or act.get("army") or act.get("sally") or question(state):
        raise RulesError(msg("Only a force in motion may drop off units (§5.1)."), code="NO_FORCE")
    gens, cus, _ = parse_spec(state, text, find_general)
    check_counts(cus, act["cus"], msg("in the moving force"))
    for g in gens:
        if g not in act["gens"]:
            raise RulesError(msg("{g} is not in the moving force.", g=label(g)), code="NOT_IN_FORCE")
    if not gens and not any(cus.values()):
        raise RulesError(msg("Name what to leave: `leave [<general>...] [merc=<n>]...`."), code="COUNT")
    if gens and len(gens) == len(act["gens"]):
        raise RulesError(msg("The force keeps at least one general; `stop` ends its activation instead."),
                         code="COUNT")
    for g in gens:
        act["gens"].remove(g)
        for r in state["royals"].values():
            if r["by"] == g:
                r["by"] = commander(act["gens"])
        if state["body"]["by"] == g:
            state["body"]["by"] = commander(act["gens"])
    used = state["used"].setdefault(act["at"], {})
    moved = state["turn_moved"].setdefault(act["at"], {})
    for k, n in cus.items():
        if n:
            act["cus"][k] -= n
            if not act["cus"][k]:
                del act["cus"][k]
            used[k] = used.get(k, 0) + n
            moved[k] = moved.get(k, 0) + n
    ctx.say(msg("{seat} leaves {g} at {name} (§5.1).", seat=seat_ref(act['seat']), g=join(', ', [label(g) for g in gens] + [msg("{n} {k}", n=n, k=k) for k, n in cus.items() if n]), name=BOARD.spaces[act['at']]['name']))


def end_act(ctx) -> None:
    """End the activation in progress (a force march hands over to the Activation segment)."""
    state = ctx.state
    if state["act"] is None:
        return
    finish(ctx)          # a force march's Tyche segment ends in sequence (the `played` flag)


def finish(ctx) -> None:
    """End the activation: its CUs count as activated where they stand (§4.5)."""
    state = ctx.state
    act = state["act"]
    path = [p for p in act["path"] if p in BOARD.spaces]
    if len(path) > 1:
        state["last_activation"] = {"seat": act["seat"], "path": path}
    if act.get("army"):
        indep_end(ctx, act)
        state["act"] = None
        ctx.picture()
        return
    used = state["used"].setdefault(act["at"], {})
    moved = state["turn_moved"].setdefault(act["at"], {})
    for k, n in act["cus"].items():
        used[k] = used.get(k, 0) + n
        moved[k] = moved.get(k, 0) + n
    state["act"] = None
    if state.get("options", {}).get("desert") and act["at"] in DESERT and act["gens"] \
            and sum(act["cus"].values()):                               # §12.5 desert attrition
        attrition(ctx, act["seat"], act["at"], msg("desert, §12.5"))
    ctx.picture()


def indep_end(ctx, act: dict) -> None:
    """§5.10 end of movement: outside Major Cities a player PC is removed; a Major City is only
    besieged. A drawn attacker removes nothing (§6.9.3)."""
    state = ctx.state
    army = act["army"]
    at = state["indep"].get(army)
    if at not in BOARD.spaces or act.get("fought") or len(act["path"]) < 2:
        return
    if BOARD.spaces[at]["type"] != "MAJ" and state["pcs"].get(at) not in (None, "IND"):
        ctx.say(msg("{name}: {pcs}'s PC at {name2} is removed (§5.10).", name=BOARD.indep_armies[army]['name'], pcs=seat_ref(state['pcs'][at]), name2=BOARD.spaces[at]['name']))
        del state["pcs"][at]


def disbandable(state: dict, seat: str) -> dict[str, int]:
    """Royal CUs of the seat that have not moved this player turn, by space."""
    out = {}
    for space, by in state["cus"].items():
        n = by.get(seat, {}).get("royal", 0) - state["turn_moved"].get(space, {}).get("royal", 0)
        act = state["act"]
        if act and act["seat"] == seat and act["at"] == space:
            n -= act["cus"].get("royal", 0)
        if n > 0:
            out[space] = n
    return out


def disband(ctx, seat: str, space: str, count: int) -> None:
    state = ctx.state
    can = disbandable(state, seat).get(space, 0)
    if count < 1 or count > can:
        raise RulesError(plural(("You may disband {can} Royal CU at {name} (those that have not moved this player turn, §4.5).", "You may disband {can} Royal CUs at {name} (those that have not moved this player turn, §4.5)."), can, can=can, name=BOARD.spaces[space]['name']),
                         code="DISBAND")
    add_cus(state, space, seat, "royal", -count)
    state["gone_cus"]["royal"] = state["gone_cus"].get("royal", 0) + count
    ctx.say(plural(("{seat} disbands {count} Royal CU at {name}: they leave the game (§4.5).", "{seat} disbands {count} Royal CUs at {name}: they leave the game (§4.5)."), count, seat=seat_ref(seat), count=count, name=BOARD.spaces[space]['name']))
