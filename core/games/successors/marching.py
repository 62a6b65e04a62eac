"""The mover's commands (§5.3, §5.6, §5.10, §5.11, §9.6.3): where the force may go and what a
step costs (land, pass and strait; sea lanes within the fleet's carrying limit, §5.6.2; an
independent army's restrictions and the 23000's westward path, §5.10), `move` along a path
(Storm at Sea #15, Nile Flood #59; a sea crossing may be intercepted, naval.py; entering a space,
encounters.py), carrying royals and the Cart (§5.11), burial (§9.6.3), and the 23000 holding a
city instead of moving (§5.10).
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg

from . import scoring, surprise
from .activation import arrive, end_act, relocate
from .board import BOARD
from .encounters import enter
from .forces import commander, hostile_field, indep_at
from .legitimacy import body_controller, royal_controller
from .naval import naval_queue
from .questions import ask, question
from .scoring import LAND

MARKERS = ("cart", *BOARD.royals)
CHEAPEST_STEP = min(kind["mp"] for kind in BOARD.kinds.values())   # a general's force's step costs at least this
# the kinds of connection of each cost, in the data's order: what a step of that cost may have used
KINDS_COSTING = {mp: tuple(k for k, kind in BOARD.kinds.items() if kind["mp"] == mp)
                 for mp in {kind["mp"] for kind in BOARD.kinds.values()}}


def via(here: str, dest: str, kinds: tuple[str, ...]) -> str | None:
    """The connection kind a step uses: the cheapest, land before sea on a tie."""
    best = None
    for n, k in BOARD.adj[here]:
        if n == dest and k in kinds:
            key = (BOARD.kinds[k]["mp"], 0 if k in LAND else 1)
            if best is None or key < best[0]:
                best = (key, k)
    return best[1] if best else None


def step_cost(state: dict, act: dict, dest: str, fs: int | None = None) -> tuple[int | None, str]:
    """MP to cross from the force's space to dest, and why not if it cannot (§5.3, §5.6). `fs`:
    the mover's fleet strength, when the caller has it (one per force, not one per space)."""
    cost, why = _step(state, act, dest, fs)
    return cost, (why() if why is not None else "")


def _step(state: dict, act: dict, dest: str, fs: int | None = None, crossings: tuple | None = None):
    """`step_cost`, the reason not yet worded: (MP, None), or (None, what words it) — `reachable`
    asks every neighbour and needs no reason; it hands over the force's `_crossings`, the same for
    every neighbour."""
    if act.get("army"):
        cost, why = indep_cost(state, act, dest)
        return cost, (None if cost is not None else lambda: why)
    here = act["at"]
    fs = scoring.fleet_strength(state, act["seat"]) if fs is None else fs
    kinds, sally, n = crossings or _crossings(act, fs)
    cost = BOARD.cost(here, dest, kinds)
    if cost is None:
        return None, lambda: _no_crossing(here, dest, sally, fs)
    if n == 0 and hostile_field(state, dest, act["seat"]):
        return None, lambda: msg("a lone general may never enter a space holding an enemy field force (§5.4.1)")
    return cost, None


def _crossings(act: dict, fs: int) -> tuple[tuple[str, ...], bool, int]:
    """The kinds of connection a general's force may cross (§5.3, §5.6), whether it sallies, and
    its CUs: the same for every space it looks at from where it stands."""
    sally = act.get("sally") and len(act["path"]) == 1
    kinds = [] if sally else list(LAND)
    n = sum(act["cus"].values())
    sea_ok = n == 0 or (fs >= 1 and n <= 3 * fs)                      # §5.6.2
    if sally and n > 2:
        sea_ok = False                                                 # §5.6.4
    if act.get("nosea"):
        sea_ok = False                                                 # #15 Storm at Sea
    if sea_ok:
        kinds += ["sea", "trans"]
    return tuple(kinds), sally, n


def _no_crossing(here: str, dest: str, sally: bool, fs: int) -> str:
    """Why no connection of the force's kinds leads from here to dest."""
    if sally:
        return msg("a force inside a besieged city leaves only by sea, from a port, with at most 2 CUs (§5.6.4, §7.10)")
    if BOARD.cost(here, dest, tuple(BOARD.kinds)) is not None:
        return msg("crossing to {name} needs a sea lane, and an army may carry at most 3 CUs per fleet strength (your FS is {fs}, §5.6.2)", name=BOARD.spaces[dest]['name'], fs=fs)
    return msg("{name} is not adjacent to {name2}", name=BOARD.spaces[dest]['name'], name2=BOARD.spaces[here]['name'])


def indep_cost(state: dict, act: dict, dest: str) -> tuple[int | None, str]:
    """§5.10: land, pass and strait only; the restrictions of §1.8; never into another
    independent army; from its box only onto its entry spaces (placing counts as entering)."""
    army = act["army"]
    spec = BOARD.indep_armies[army]
    name = spec["name"]
    if act["at"] == "box":
        if dest not in spec["enters"]:
            return None, msg("{name} enter only at {enters} (§1.13)", name=name, enters=join(', ', spec['enters']))
        cost = 0
    else:
        cost = BOARD.cost(act["at"], dest, LAND)
        if cost is None:
            return None, msg("{name} move by land, pass or strait only, to an adjacent space (§5.10)", name=name)
    other = indep_at(state, dest)
    if other and other != army:
        return None, msg("{name} never enter a space holding another independent army (§5.10)", name=name)
    rest = spec.get("restriction") or {}
    if "provinces" in rest and BOARD.spaces[dest]["province"] not in rest["provinces"]:
        return None, msg("{name} stay in {provinces} (§1.8)", name=name, provinces=join(', ', rest['provinces']))
    return cost, ""


def check_west(state: dict, act: dict, path: list[str]) -> None:
    """§5.10: the 23000 declare their whole path, which must end farther west."""
    if act.get("army") != "greek_soldiers" or act["start_x"] is None and act["at"] != "box":
        return
    start_x = act["start_x"] if act["start_x"] is not None else BOARD.spaces["baktra"]["x"] + 1
    if len(act["path"]) > 1 or BOARD.spaces[path[-1]]["x"] >= start_x:
        raise RulesError(msg("The 23000 Greek Soldiers declare their whole path at once, and it must end farther west than where they start (§5.10)."), code="WEST")


def reachable(state: dict) -> list[str]:
    """The spaces the force in motion can step to now, in its space's adjacency order."""
    return list(dict.fromkeys(_reached(state)))


def reaches_any(state: dict) -> bool:
    """Whether the force can step anywhere (`reachable` not empty), from its first such space on:
    a force that can do nothing more stops by itself after each action (game._auto_stop)."""
    return next(_reached(state), None) is not None


def _reached(state: dict):
    """Each space the force can step to, as found (a space twice where two crossings lead there)."""
    act = state["act"]
    if question(state):
        return
    fs = crossings = None
    if act.get("army"):
        near = [(n, "") for n in BOARD.indep_armies[act["army"]]["enters"]] if act["at"] == "box" \
            else BOARD.adj[act["at"]]
        if act["army"] == "greek_soldiers":
            if len(act["path"]) > 1:
                return
            x = act["start_x"] if act["start_x"] is not None else 10 ** 6
            near = [(n, k) for n, k in near if BOARD.spaces[n]["x"] < x]
    else:   # a general's force: what is the same for every neighbour worked out once
        if act["mp"] < CHEAPEST_STEP:
            return                       # no crossing costs less (§5.3): a force out of MP stops by itself
        near = BOARD.adj[act["at"]]
        fs = scoring.fleet_strength(state, act["seat"])
        crossings = _crossings(act, fs)
    for n, _ in near:
        cost, _ = _step(state, act, n, fs, crossings)
        if cost is not None and cost <= act["mp"]:
            yield n


def move(ctx, path: list[str]) -> None:
    state = ctx.state
    act = state["act"]
    if question(state):
        raise RulesError(msg("Wait: another player must decide first."), code="PENDING")
    check_west(state, act, path)
    for i, dest in enumerate(path):
        cost, why = step_cost(state, act, dest)
        if cost is None:
            raise RulesError(msg("Cannot move: {why}.", why=why), code="ILLEGAL_MOVE")
        if cost > act["mp"]:
            raise RulesError(msg("Reaching {name} costs {cost} MP; the force has {mp} MP left.", name=BOARD.spaces[dest]['name'], cost=cost, mp=act['mp']), code="NO_MP")
        before = {r: royal_controller(state, r) for r, d in state["royals"].items() if d["at"] == dest}
        kind = (via(act["at"], dest, KINDS_COSTING.get(cost, ())) if act["at"] in BOARD.spaces else None) or "land"
        prev = act["at"]
        if kind not in LAND and not act.get("army") and prev in BOARD.spaces \
                and any(c == 15 for _, c in surprise.window(ctx, "W3", {"active": act["seat"], "crossing": True})):
            act["nosea"] = True                                        # #15 Storm at Sea
            ctx.say(msg("Storm at Sea: {seat}'s force may use no sea lanes this activation; it stays at {name} (#15).", seat=seat_ref(act['seat']), name=BOARD.spaces[prev]['name']))
            return
        relocate(state, act, dest)
        act["mp"] -= cost
        act["path"].append(dest)
        act["sea"] = kind not in LAND
        ctx.say(msg("{seat} moves to {name} ({mp} MP left).", seat=seat_ref(act['seat']), name=BOARD.spaces[dest]['name'], mp=act['mp']))
        if act["sea"]:                                                 # §5.7 naval interception
            queue = naval_queue(state, act["seat"])
            if queue:
                ask(state, {"kind": "naval", "seat": queue[0], "queue": queue[1:], "space": dest,
                            "from": prev, "before": before})
                if i < len(path) - 1:
                    ctx.say(msg("The rest of the path is dropped."))
                return
        arrive(ctx, act, dest, before)
        if not act.get("army"):
            if BOARD.spaces[dest]["province"] == "EGY" and act["mp"] and any(
                    c == 59 for _, c in surprise.window(ctx, "NILE", {"active": act["seat"]})):
                act["mp"] = 0                                          # #59 Nile Flood (§12.4)
                ctx.say(msg("The Nile floods: {seat}'s force may spend no more MP (#59).", seat=seat_ref(act['seat'])))
        if enter(ctx, dest, prev):
            if i < len(path) - 1:
                ctx.say(msg("The rest of the path is dropped."))
            return


def carry_options(state: dict) -> list[str]:
    """take/drop lines for the force in motion."""
    act = state["act"]
    if act.get("army"):
        return []
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
    line = msg("{verb} {marker}", verb=verb, marker=marker)
    if line not in carry_options(state):
        raise RulesError(msg("You cannot {verb} {marker} now. Possible: {value}.", verb=verb, marker=marker, value=join(', ', carry_options(state)) or 'nothing'), code="CARRY")
    act = state["act"]
    who = commander(act["gens"]) if verb == "take" else None
    if marker == "cart":
        state["body"]["by"] = who
    else:
        state["royals"][marker]["by"] = who
    name = msg("the Funeral Cart") if marker == "cart" else BOARD.royals[marker]["name"]
    ctx.say((msg("{seat} picks up {name} at {name2} (§5.11).", seat=seat_ref(act['seat']), name=name, name2=BOARD.spaces[act['at']]['name']) if verb == 'take' else msg("{seat} drops {name} at {name2} (§5.11).", seat=seat_ref(act['seat']), name=name, name2=BOARD.spaces[act['at']]['name'])))


def can_bury(state: dict, seat: str) -> str | None:
    """§9.6.3: a force of yours carrying the Cart in a Major City space, in Turns II and III,
    with no enemy field force there. Returns the space or None."""
    b = state["body"]
    if b["st"] != "cart" or b["by"] is None or state["turn"] not in (2, 3):
        return None
    g = state["gens"][b["by"]]
    if g["o"] != seat or g["at"] != b["at"] or BOARD.spaces[b["at"]]["type"] != "MAJ":
        return None
    if hostile_field(state, b["at"], seat):                              # §9.6.3 no enemy field force
        return None
    return b["at"]


def bury(ctx, seat: str) -> None:
    state = ctx.state
    space = can_bury(state, seat)
    if space is None:
        raise RulesError(msg("You cannot bury the body now: a force of yours must carry the Cart in a Major City space, in Turn II or III, with no enemy field force there (§9.6.3)."),
                         code="NO_BURIAL")
    state["body"] = {"st": "buried", "at": space, "by": None}
    state["vcheck"] = True                       # §10.5: a burial is a moment of the victory check
    if space == BOARD.provinces["MAC"]["major_city"]:
        state["p"][seat]["pella"] = True
        ctx.say(msg("{seat} buries Alexander at Pella and takes the Pella Burial marker: 10 LP (§9.6.4).", seat=seat_ref(seat)))
    else:
        ctx.say(msg("{seat} buries Alexander at {name}: the Tomb is placed there and its controller is Guardian of the Tomb (§9.6.5).", seat=seat_ref(seat), name=BOARD.spaces[space]['name']))
    ctx.picture()


def can_hold(state: dict) -> bool:
    """§5.10 [seed]: the 23000 Greek Soldiers, activated on a Minor City or Stronghold, may
    decline to move and place an Independent PC there instead."""
    act = state["act"]
    return bool(act and act.get("army") == "greek_soldiers" and not state.get("pend") and len(act["path"]) == 1
                and act["at"] in BOARD.spaces and BOARD.spaces[act["at"]]["type"] in ("MIN", "STR")
                and state["pcs"].get(act["at"]) != "IND")


def hold(ctx) -> None:
    """§5.10: the 23000 stay where they are and place an Independent PC, replacing any player
    PC; their activation ends."""
    state = ctx.state
    if not can_hold(state):
        raise RulesError(msg("Only the 23000 Greek Soldiers, before they move, on a Minor City or Stronghold without an Independent PC, may decline to move and place an Independent PC (§5.10)."),
                         code="NO_HOLD")
    at = state["act"]["at"]
    before = state["pcs"].get(at)
    state["pcs"][at] = "IND"
    instead = (msg(", replacing {before}'s", before=seat_ref(before)) if before else msg(""))
    ctx.say(msg("The 23000 Greek Soldiers stay at {name} and place an Independent PC{instead} (§5.10).", name=BOARD.spaces[at]['name'], instead=instead))
    end_act(ctx)
