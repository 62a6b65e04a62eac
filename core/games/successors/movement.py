"""§5 Movement, the step-I subset: forming a force (§4.5, §5.1), movement points (§5.2),
MP costs (§5.3), sea movement capacity (§5.6.2), carrying royals and the Cart (§5.11),
and capturing unattended heirs (§9.9).

Not yet (step II): entering a space with enemy units (battles, interception, avoiding
battle, crushing, sieges, Stronghold attrition, PC removal for 1 MP). Until then a move
into a space holding enemy units is refused with a sentence saying so.

The force in motion is ``state["act"] = {"seat", "gens", "cus": {type: n}, "at", "mp",
"kind": "activation"|"march", "path": [spaces]}``.
"""
from __future__ import annotations

from core.errors import RulesError

from .board import BOARD
from .common import find_general, label
from .forces import PLAYER_CU, add_cus, cus_at, enemy_units, gen_stat, seniority
from . import scoring

LAND = ("land", "pass", "strait")
MARKERS = ("cart", *BOARD.royals)


def commander(gens: list[str]) -> str:
    """§1.3.4: the general with the highest Seniority (minors: the first named)."""
    return max(gens, key=lambda g: (seniority(g), -gens.index(g)))


def initiative(state: dict, gen: str, space: str) -> int:
    """§1.3.2 Initiative with the location abilities of Antipatros and Lysimachos."""
    ini = gen_stat(gen, "init")
    sp = BOARD.spaces[space]
    if gen == "antipatros" and sp["region"] == "Europe":
        ini = 3
    if gen == "lysimachos" and sp["province"] == "THR":
        ini = 2
    return ini


def free_cus(state: dict, space: str, seat: str) -> dict:
    """CUs of the seat in the space not yet part of a force activated this segment."""
    used = state["used"].get(space, {})
    return {k: n - used.get(k, 0) for k, n in cus_at(state, space, seat).items() if n - used.get(k, 0) > 0}


def parse_force(state: dict, seat: str, text: str) -> tuple[list[str], dict]:
    """`<general> [<general>...] [merc=<n>] [mac=<n>] ... [alone]` → generals, CUs.
    Named generals only; CUs default to all free CUs in the space."""
    gens, take, alone = [], {}, False
    for tok in text.split():
        key, eq, val = tok.partition("=")
        if eq:
            if key.lower() not in PLAYER_CU:
                raise RulesError(f"Unknown CU type {key!r}: use {', '.join(PLAYER_CU)}.", code="CU_TYPE")
            try:
                take[key.lower()] = int(val)
            except ValueError:
                raise RulesError(f"{tok!r}: the number of CUs must be a whole number.", code="COUNT") from None
        elif tok.lower() == "alone":
            alone = True
        else:
            gens.append(find_general(state, tok))
    if not gens:
        raise RulesError("Name the general who leads the force, e.g. `activate perdikkas`.", code="NO_GENERAL")
    at = state["gens"][gens[0]]["at"]
    for g in gens:
        d = state["gens"][g]
        if d["o"] != seat:
            raise RulesError(f"{label(g)} is not yours.", code="NOT_YOURS")
        if d["at"] not in BOARD.spaces:
            raise RulesError(f"{label(g)} is not on the map.", code="OFF_MAP")
        if d["at"] != at:
            raise RulesError("All generals of a force must be in the same space.", code="SPLIT")
        if g in state["done"]:
            raise RulesError(f"{label(g)} has already been activated this segment (§4.5).", code="DONE")
    free = free_cus(state, at, seat)
    if alone:
        cus = {}
    else:
        cus = dict(free)
        for k, n in take.items():
            if n < 0 or n > free.get(k, 0):
                raise RulesError(f"There are {free.get(k, 0)} free {k} CUs at {BOARD.spaces[at]['name']}, "
                                 f"not {n}.", code="COUNT")
            cus[k] = n
        cus = {k: n for k, n in cus.items() if n}
    return gens, cus


def start(ctx, seat: str, text: str, kind: str, mp: int | None) -> None:
    """Form the force and set its MP: the §5.2 roll, or `mp` given by a card."""
    state = ctx.state
    gens, cus = parse_force(state, seat, text)
    at = state["gens"][gens[0]]["at"]
    cmd = commander(gens)
    rolled = mp is None
    if rolled:
        mp = roll_mp(ctx, cmd, at)
    state["act"] = {"seat": seat, "gens": gens, "cus": cus, "at": at, "mp": mp, "kind": kind, "path": [at],
                    "reroll": rolled and cmd == "antigonos"}
    state["done"] += gens
    if state["turn"] == 1 and state["body"]["by"] in gens:            # §5.11 Cart never moves in Turn I
        state["body"]["by"] = None
        ctx.say("In Turn I the Funeral Cart cannot move: it stays at "
                f"{BOARD.spaces[at]['name']} (§3.2.1, §5.11).")
    what = ", ".join(label(g) for g in gens)
    n = sum(cus.values())
    ctx.say(f"{seat} activates {what} with {n} CU{'s' if n != 1 else ''} at "
            f"{BOARD.spaces[at]['name']}: {mp} MP.")


def roll_mp(ctx, cmd: str, at: str) -> int:
    """§5.2: roll against the commander's Initiative: lower 2 MP, equal 3, higher 4."""
    ini = initiative(ctx.state, cmd, at)
    roll = ctx.roll(6, label=f"{label(cmd)} activation (Initiative {ini})")
    return 2 if roll < ini else 3 if roll == ini else 4


def reroll(ctx) -> None:
    """§1.3.2 Antigonos: may re-roll his activation die once; the second roll stands."""
    act = ctx.state["act"]
    if not act.get("reroll") or len(act["path"]) > 1:
        raise RulesError("Only Antigonos, commanding, may re-roll his activation die, once, before moving.",
                         code="NO_REROLL")
    act["reroll"] = False
    act["mp"] = roll_mp(ctx, "antigonos", act["at"])
    ctx.say(f"Antigonos re-rolls: {act['mp']} MP.")


def step_cost(state: dict, act: dict, dest: str) -> tuple[int | None, str]:
    """MP to cross from the force's space to dest, and why not if it cannot (§5.3, §5.6)."""
    here = act["at"]
    kinds = list(LAND)
    n = sum(act["cus"].values())
    fs = scoring.fleet_strength(state, act["seat"])
    sea_ok = n == 0 or (fs >= 1 and n <= 3 * fs)                      # §5.6.2
    if sea_ok:
        kinds += ["sea", "trans"]
    cost = BOARD.cost(here, dest, tuple(kinds))
    if cost is None:
        if BOARD.cost(here, dest, tuple(BOARD.kinds)) is not None:
            return None, (f"crossing to {BOARD.spaces[dest]['name']} needs a sea lane, and an army may "
                          f"carry at most 3 CUs per fleet strength (your FS is {fs}, §5.6.2)")
        return None, f"{BOARD.spaces[dest]['name']} is not adjacent to {BOARD.spaces[here]['name']}"
    if enemy_units(state, dest, act["seat"]):
        return None, (f"{BOARD.spaces[dest]['name']} holds enemy units; entering it (battle, siege, "
                      "interception, §5.4) comes in step II, so for now a force moves only through "
                      "friendly and empty spaces")
    return cost, ""


def reachable(state: dict) -> list[str]:
    act = state["act"]
    out = []
    for n, _ in BOARD.adj[act["at"]]:
        cost, _ = step_cost(state, act, n)
        if cost is not None and cost <= act["mp"] and n not in out:
            out.append(n)
    return out


def move(ctx, path: list[str]) -> None:
    state = ctx.state
    act = state["act"]
    for dest in path:
        cost, why = step_cost(state, act, dest)
        if cost is None:
            raise RulesError(f"Cannot move: {why}.", code="ILLEGAL_MOVE")
        if cost > act["mp"]:
            raise RulesError(f"Reaching {BOARD.spaces[dest]['name']} costs {cost} MP; the force has "
                             f"{act['mp']} MP left.", code="NO_MP")
        from .legitimacy import royal_controller
        before = {r: royal_controller(state, r) for r, d in state["royals"].items() if d["at"] == dest}
        _relocate(state, act, dest)
        act["mp"] -= cost
        act["path"].append(dest)
        _arrive(ctx, act, dest, before)
    ctx.say(f"{act['seat']} moves to {BOARD.spaces[act['at']]['name']} ({act['mp']} MP left).")


def _relocate(state: dict, act: dict, dest: str) -> None:
    here = act["at"]
    for k, n in act["cus"].items():
        add_cus(state, here, act["seat"], k, -n)
        add_cus(state, dest, act["seat"], k, n)
    for g in act["gens"]:
        state["gens"][g]["at"] = dest
        state["gens"][g]["in"] = False
    for r in state["royals"].values():
        if r["by"] in act["gens"]:
            r["at"] = dest
    if state["body"]["by"] in act["gens"]:
        state["body"]["at"] = dest
    act["at"] = dest


def _arrive(ctx, act: dict, dest: str, before: dict) -> None:
    """§9.9: unattended heirs are captured; unattended active women of another controller
    become inactive unless inside their controller's Major City. `before` holds the
    controllers as they were before the force entered."""
    state = ctx.state
    for rid, r in state["royals"].items():
        if r["at"] != dest or r["by"] is not None or r["st"] != "active":
            continue
        ctrl = before.get(rid)
        if BOARD.royals[rid]["kind"] == "heir":
            if ctrl != act["seat"] and not (ctrl and BOARD.spaces[dest]["type"] == "MAJ"
                                            and state["pcs"].get(dest) == ctrl):
                r["by"] = commander(act["gens"])
                ctx.say(f"{act['seat']} captures {BOARD.royals[rid]['name']} (§9.9).")
        elif ctrl != act["seat"] and not (BOARD.spaces[dest]["type"] == "MAJ" and state["pcs"].get(dest) == ctrl):
            r["st"] = "inactive"
            ctx.say(f"{BOARD.royals[rid]['name']} becomes inactive (§9.9).")


def finish(ctx) -> None:
    """End the activation: its CUs count as activated where they stand (§4.5)."""
    state = ctx.state
    act = state["act"]
    used = state["used"].setdefault(act["at"], {})
    moved = state["turn_moved"].setdefault(act["at"], {})
    for k, n in act["cus"].items():
        used[k] = used.get(k, 0) + n
        moved[k] = moved.get(k, 0) + n
    state["act"] = None
    ctx.picture()


# §5.11 carrying, §9.6 burial ------------------------------------------------------------------
def carry_options(state: dict) -> list[str]:
    """take/drop lines for the force in motion."""
    from .legitimacy import royal_controller, body_controller
    act = state["act"]
    seat, at = act["seat"], act["at"]
    out = []
    for rid, r in state["royals"].items():
        if r["st"] != "active" or r["at"] != at:
            continue
        if r["by"] in act["gens"]:
            out.append(f"drop {rid}")
        elif r["by"] is None and (royal_controller(state, rid) == seat or BOARD.royals[rid]["kind"] == "heir"):
            out.append(f"take {rid}")
    b = state["body"]
    if b["st"] == "cart" and b["at"] == at and state["turn"] > 1:
        if b["by"] in act["gens"]:
            out.append("drop cart")
        elif b["by"] is None:
            ctrl = body_controller(state)
            inside_enemy = (BOARD.spaces[at]["type"] == "MAJ" and state["pcs"].get(at) not in (None, "IND", seat))
            if not inside_enemy or ctrl == seat:
                out.append("take cart")
    return out


def carry(ctx, verb: str, marker: str) -> None:
    state = ctx.state
    line = f"{verb} {marker}"
    if line not in carry_options(state):
        raise RulesError(f"You cannot {verb} {marker} now. Possible: "
                         f"{', '.join(carry_options(state)) or 'nothing'}.", code="CARRY")
    act = state["act"]
    who = commander(act["gens"]) if verb == "take" else None
    if marker == "cart":
        state["body"]["by"] = who
    else:
        state["royals"][marker]["by"] = who
    name = "the Funeral Cart" if marker == "cart" else BOARD.royals[marker]["name"]
    ctx.say(f"{act['seat']} {'picks up' if verb == 'take' else 'drops'} {name} at "
            f"{BOARD.spaces[act['at']]['name']} (§5.11).")


def can_bury(state: dict, seat: str) -> str | None:
    """§9.6.3: a force of yours carrying the Cart in a Major City space, in Turns II and III,
    with no enemy field force there. Returns the space or None."""
    b = state["body"]
    if b["st"] != "cart" or b["by"] is None or state["turn"] not in (2, 3):
        return None
    g = state["gens"][b["by"]]
    if g["o"] != seat or g["at"] != b["at"] or BOARD.spaces[b["at"]]["type"] != "MAJ":
        return None
    if enemy_units(state, b["at"], seat):
        return None
    return b["at"]


def bury(ctx, seat: str) -> None:
    state = ctx.state
    space = can_bury(state, seat)
    if space is None:
        raise RulesError("You cannot bury the body now: a force of yours must carry the Cart in a "
                         "Major City space, in Turn II or III, with no enemy field force there (§9.6.3).",
                         code="NO_BURIAL")
    state["body"] = {"st": "buried", "at": space, "by": None}
    if space == BOARD.provinces["MAC"]["major_city"]:
        state["p"][seat]["pella"] = True
        ctx.say(f"{seat} buries Alexander at Pella and takes the Pella Burial marker: 10 LP (§9.6.4).")
    else:
        ctx.say(f"{seat} buries Alexander at {BOARD.spaces[space]['name']}: the Tomb is placed there "
                "and its controller is Guardian of the Tomb (§9.6.5).")
    ctx.picture()


# §4.5 disbanding Royal CUs ----------------------------------------------------------------------
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
        raise RulesError(f"You may disband {can} Royal CU{'s' if can != 1 else ''} at "
                         f"{BOARD.spaces[space]['name']} (those that have not moved this player turn, §4.5).",
                         code="DISBAND")
    add_cus(state, space, seat, "royal", -count)
    state["gone_cus"]["royal"] = state["gone_cus"].get("royal", 0) + count
    ctx.say(f"{seat} disbands {count} Royal CU{'s' if count > 1 else ''} at {BOARD.spaces[space]['name']}: "
            "they leave the game (§4.5).")
