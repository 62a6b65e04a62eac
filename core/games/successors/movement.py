"""§5 Movement: forming a force (§4.5, §5.1), movement points (§5.2), MP costs (§5.3),
entering spaces and encounters (§5.4), field and inside (§5.5), sea movement (§5.6), naval
interception (§5.7), land interception (§5.8), avoiding battle (§5.9), independent armies
(§5.10), carrying royals and the Cart (§5.11), Stronghold attrition (§5.12), sallies (§7.10),
capturing unattended heirs (§9.9).

A decision that belongs to a seat other than the mover (intercept? go inside or avoid?
retreat where? fight or fall back? sortie?) is a *question* on the decision stack
(``ask(state, {"kind", "seat", "space", "from", ...})``, kinds in ``QUESTIONS``); the game
prompts that seat only, and the mover waits. There is at most one question at a time (a new
one replaces the old, as the single ``pend`` slot of rules version 2 did), and it is asked
before the activation and any other decision, wherever it sits on the stack.

The force in motion is ``state["act"] = {"seat", "gens", "cus": {type: n}, "at", "mp",
"kind": "activation"|"march", "path": [spaces]}``.
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref

from . import battles, scoring, sieges, surprise
from .battles import (
    can_retreat_inside,
    describe,
    disperse_all,
    do_retreat,
    lose_cus,
    remove_independent,
    retreat_options,
)
from .board import BOARD
from .common import find_general, find_space, label
from .forces import (
    add_cus,
    ask_force_loss,
    attrition,
    check_counts,
    commander,
    disperse_cus,
    enemy_cus,
    field_cus,
    field_gens,
    gen_stat,
    indep_at,
    inside_cus,
    leave_cart_in_turn_one,
    loss_pending,
    n_field,
    n_inside,
    parse_spec,
    set_inside,
    shift,
)
from .legitimacy import body_controller, royal_controller
from .sieges import allowed, besieges, sortie

LAND = ("land", "pass", "strait")
DESERT = ("palmyra", "anatha", "rhinokoloura", "katabathmos", "ammoneion")      # §12.5
MARKERS = ("cart", *BOARD.royals)
QUESTIONS = ("intercept", "respond", "naval", "defend", "retreat", "sortie")


def question(state: dict) -> dict | None:
    """The question put to a seat during an activation, if any (see the module's docstring)."""
    for d in reversed(state.get("stack") or ()):
        if d["kind"] in QUESTIONS:
            return d
    return None


def ask(state: dict, q: dict) -> None:
    drop_question(state)
    state["stack"].append(q)


def drop_question(state: dict) -> None:
    q = question(state)
    if q is not None:
        state["stack"].remove(q)


def legacy_question(state: dict) -> None:
    """A snapshot saved while rules version 2 kept the question in ``state["pend"]``: it moves
    onto the stack (the key stays, None, so that replays match stored snapshots byte for byte)."""
    if state.get("pend"):
        ask(state, state["pend"])
        state["pend"] = None


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
        raise RulesError("Name the general who leads the force, e.g. `activate perdikkas`.", code="NO_GENERAL")
    at = state["gens"][gens[0]]["at"]
    inside = state["gens"][gens[0]]["in"]
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
        if d["in"] != inside:
            raise RulesError("Generals inside a city and in the field cannot form one force (§5.5, §7.10).",
                             code="SPLIT")
    free = free_cus(state, at, seat, inside)
    check_counts(take, free, f"free at {BOARD.spaces[at]['name']}")
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
        raise RulesError("Units inside a besieged city are activated only in your Activation segment, to sally "
                         "or to leave by sea (§4.5, §7.10): a card cannot march them.", code="INSIDE")
    at = state["gens"][gens[0]]["at"]
    cmd = commander(gens)
    rolled = mp is None
    if rolled and any(c == 45 for _, c in surprise.window(ctx, "W1", {"active": seat, "before": True})):
        mp, rolled = 2, False                                          # #45 Bad Omens
        ctx.say("Bad Omens: this activation gets exactly 2 MP (#45).")
    if rolled:
        mp = roll_mp(ctx, cmd, at)
    if any(c == 12 for _, c in surprise.window(ctx, "W1", {"active": seat})):
        mp += 2                                                        # #12 Forced March
        ctx.say("Forced March: +2 MP (#12).")
    state["act"] = {"seat": seat, "gens": gens, "cus": cus, "at": at, "mp": mp, "kind": kind, "path": [at],
                    "reroll": rolled and cmd == "antigonos", "tried": []}
    if state["gens"][gens[0]]["in"]:
        state["act"]["sally"] = True                                    # §7.10
    state["done"] += gens
    if state["turn"] == 1 and state["body"]["by"] in gens:            # §5.11 Cart never moves in Turn I
        state["body"]["by"] = None
        ctx.say("In Turn I the Funeral Cart cannot move: it stays at "
                f"{BOARD.spaces[at]['name']} (§3.2.1, §5.11).")
    what = ", ".join(label(g) for g in gens)
    n = sum(cus.values())
    ctx.say(f"{seat_ref(seat)} activates {what} with {n} CU{'s' if n != 1 else ''} at "
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


def via(here: str, dest: str, kinds: tuple[str, ...]) -> str | None:
    """The connection kind a step uses: the cheapest, land before sea on a tie."""
    best = None
    for n, k in BOARD.adj[here]:
        if n == dest and k in kinds:
            key = (BOARD.kinds[k]["mp"], 0 if k in LAND else 1)
            if best is None or key < best[0]:
                best = (key, k)
    return best[1] if best else None


def hostile_field(state: dict, space: str, seat: str) -> tuple[str, str] | None:
    """§5.4.1 an enemy field force: ("indep", army) or ("seat", opponent) with units outside
    any city, else None."""
    army = indep_at(state, space)
    if army:
        return "indep", army
    for o in sorted(state["cus"].get(space, {})):
        if o != seat and n_field(state, space, o):
            return "seat", o
    for g in field_gens(state, space):
        o = state["gens"][g]["o"]
        if o != seat:
            return "seat", o
    return None


def step_cost(state: dict, act: dict, dest: str) -> tuple[int | None, str]:
    """MP to cross from the force's space to dest, and why not if it cannot (§5.3, §5.6)."""
    if act.get("army"):
        return indep_cost(state, act, dest)
    here = act["at"]
    sally = act.get("sally") and len(act["path"]) == 1
    kinds = [] if sally else list(LAND)
    n = sum(act["cus"].values())
    fs = scoring.fleet_strength(state, act["seat"])
    sea_ok = n == 0 or (fs >= 1 and n <= 3 * fs)                      # §5.6.2
    if sally and n > 2:
        sea_ok = False                                                 # §5.6.4
    if act.get("nosea"):
        sea_ok = False                                                 # #15 Storm at Sea
    if sea_ok:
        kinds += ["sea", "trans"]
    cost = BOARD.cost(here, dest, tuple(kinds))
    if cost is None:
        if sally:
            return None, ("a force inside a besieged city leaves only by sea, from a port, with at most "
                          "2 CUs (§5.6.4, §7.10)")
        if BOARD.cost(here, dest, tuple(BOARD.kinds)) is not None:
            return None, (f"crossing to {BOARD.spaces[dest]['name']} needs a sea lane, and an army may "
                          f"carry at most 3 CUs per fleet strength (your FS is {fs}, §5.6.2)")
        return None, f"{BOARD.spaces[dest]['name']} is not adjacent to {BOARD.spaces[here]['name']}"
    if n == 0 and hostile_field(state, dest, act["seat"]):
        return None, "a lone general may never enter a space holding an enemy field force (§5.4.1)"
    return cost, ""


def reachable(state: dict) -> list[str]:
    act = state["act"]
    if question(state):
        return []
    out = []
    if act.get("army"):
        near = [(n, "") for n in BOARD.indep_armies[act["army"]]["enters"]] if act["at"] == "box" \
            else BOARD.adj[act["at"]]
        if act["army"] == "greek_soldiers":
            if len(act["path"]) > 1:
                return []
            x = act["start_x"] if act["start_x"] is not None else 10 ** 6
            near = [(n, k) for n, k in near if BOARD.spaces[n]["x"] < x]
    else:
        near = BOARD.adj[act["at"]]
    for n, _ in near:
        cost, _ = step_cost(state, act, n)
        if cost is not None and cost <= act["mp"] and n not in out:
            out.append(n)
    return out


def move(ctx, path: list[str]) -> None:
    state = ctx.state
    act = state["act"]
    if question(state):
        raise RulesError("Wait: another player must decide first.", code="PENDING")
    check_west(state, act, path)
    for i, dest in enumerate(path):
        cost, why = step_cost(state, act, dest)
        if cost is None:
            raise RulesError(f"Cannot move: {why}.", code="ILLEGAL_MOVE")
        if cost > act["mp"]:
            raise RulesError(f"Reaching {BOARD.spaces[dest]['name']} costs {cost} MP; the force has "
                             f"{act['mp']} MP left.", code="NO_MP")
        before = {r: royal_controller(state, r) for r, d in state["royals"].items() if d["at"] == dest}
        kinds = tuple(k for k in BOARD.kinds if BOARD.kinds[k]["mp"] == cost)
        kind = (via(act["at"], dest, kinds) if act["at"] in BOARD.spaces else None) or "land"
        prev = act["at"]
        if kind not in LAND and not act.get("army") and prev in BOARD.spaces \
                and any(c == 15 for _, c in surprise.window(ctx, "W3", {"active": act["seat"], "crossing": True})):
            act["nosea"] = True                                        # #15 Storm at Sea
            ctx.say(f"Storm at Sea: {seat_ref(act['seat'])}'s force may use no sea lanes this activation; it stays at "
                    f"{BOARD.spaces[prev]['name']} (#15).")
            return
        _relocate(state, act, dest)
        act["mp"] -= cost
        act["path"].append(dest)
        act["sea"] = kind not in LAND
        ctx.say(f"{seat_ref(act['seat'])} moves to {BOARD.spaces[dest]['name']} ({act['mp']} MP left).")
        if act["sea"]:                                                 # §5.7 naval interception
            queue = naval_queue(state, act["seat"])
            if queue:
                ask(state, {"kind": "naval", "seat": queue[0], "queue": queue[1:], "space": dest,
                            "from": prev, "before": before})
                if i < len(path) - 1:
                    ctx.say("The rest of the path is dropped.")
                return
        _arrive(ctx, act, dest, before)
        if not act.get("army"):
            if BOARD.spaces[dest]["province"] == "EGY" and act["mp"] and any(
                    c == 59 for _, c in surprise.window(ctx, "NILE", {"active": act["seat"]})):
                act["mp"] = 0                                          # #59 Nile Flood (§12.4)
                ctx.say(f"The Nile floods: {seat_ref(act['seat'])}'s force may spend no more MP (#59).")
        if enter(ctx, dest, prev):
            if i < len(path) - 1:
                ctx.say("The rest of the path is dropped.")
            return


def _relocate(state: dict, act: dict, dest: str) -> None:
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
        ctx.say(f"{seat_ref(o)}'s units at {BOARD.spaces[back]['name']} go back inside the walls (§5.5).")
    elif host:
        if act.get("army"):
            remove_independent(ctx, act["army"])
            return
        side = {"seat": act["seat"], "army": None, "gens": act["gens"], "cus": act["cus"]}
        disperse_cus(state, act["at"], act["seat"], act["cus"], inside=bool(act.get("sally")))
        act["cus"] = {}
        disperse_all(ctx, side, f"an enemy field force holds {BOARD.spaces[back]['name']}")
        return
    _relocate(state, act, back)


def end_act(ctx) -> None:
    """End the activation in progress (a force march hands over to the Activation segment)."""
    state = ctx.state
    if state["act"] is None:
        return
    finish(ctx)          # a force march's Tyche segment ends in sequence (the `played` flag)


# §5.4 entering spaces, §5.12 attrition, §5.6.4 besieged ports ---------------------------------------
def enter(ctx, dest: str, prev: str) -> bool:
    """What happens as the force enters dest; True when its movement stops here."""
    state = ctx.state
    act = state["act"]
    seat = act["seat"]
    n = sum(act["cus"].values())
    sp = BOARD.spaces[dest]
    if act.get("sea") and not act.get("army") and sp["type"] == "MAJ" and state["pcs"].get(dest) == seat \
            and enemy_cus(state, dest, seat) and n <= 2 and n_inside(state, dest) + n <= 2:                # §5.6.4
        for k, m in act["cus"].items():
            set_inside(state, dest, k, m)
        for g in act["gens"]:
            state["gens"][g]["in"] = True
        ctx.say(f"{seat_ref(seat)}'s force sails into besieged {sp['name']} and goes straight inside (§5.6.4).")
        end_act(ctx)
        return True
    if n and state["pcs"].get(dest) == "IND" and sp["type"] == "STR" and not act.get("army"):   # §5.12
        r = ctx.roll(6, label=f"Stronghold attrition at {sp['name']}")
        if r <= 2 and ask_force_loss(state, 1, "§5.12", ["enter", dest, prev]):
            ctx.say(f"Stronghold attrition at {sp['name']}: {r}, {seat_ref(seat)} loses 1 CU of his choice (§5.12).")
            return True                                                # the move goes on once he chose
        if r <= 2:
            side = {"seat": seat, "army": None, "gens": act["gens"], "cus": act["cus"]}   # owner's order
            lost = lose_cus(state, side, dest, 1)
            ctx.say(f"Stronghold attrition at {sp['name']}: {r}, {seat_ref(seat)} loses {describe(lost)} (§5.12).")
        else:
            ctx.say(f"Stronghold attrition at {sp['name']}: {r}, no loss (§5.12).")
    return enter_rest(ctx, dest, prev)


def enter_rest(ctx, dest: str, prev: str) -> bool:
    """Entering dest after §5.12: an encounter, the 23000 reaching Europe, interceptions."""
    state = ctx.state
    act = state["act"]
    host = hostile_for(state, act, dest)
    if host:
        encounter(ctx, dest, prev, host)
        return True
    if act.get("army") and act["army"] == "greek_soldiers" and BOARD.spaces[dest]["region"] == "Europe":
        state["indep"]["greek_soldiers"] = "removed"                 # §5.10 reaching Greece
        ctx.say("The 23000 Greek Soldiers reach Europe and leave the game (§5.10).")
        act["fought"] = True
        end_act(ctx)
        return True
    queue = intercept_queue(state, dest)
    if queue:
        ask(state, {"kind": "intercept", "seat": queue[0], "queue": queue[1:], "space": dest, "from": prev})
        return True
    return False


def intercept_spaces(state: dict, seat: str, dest: str, tried: list[str]) -> list[str]:
    """§5.8.2: the seat's field armies (1 CU and 1 general) joined to dest by land or pass."""
    out = []
    for n, k in BOARD.adj[dest]:
        if k in ("land", "pass") and n not in out and f"{seat}:{n}" not in tried \
                and n_field(state, n, seat) and field_gens(state, n, seat):
            out.append(n)
    return sorted(out)


def intercept_queue(state: dict, dest: str) -> list[str]:
    """§5.8.1-3: who may try, in turn order starting after the active player."""
    act = state["act"]
    seat = act["seat"]
    if BOARD.spaces[dest]["type"] == "TRN":
        return []
    if not act.get("army"):
        mine = field_cus(state, dest, seat)
        if any(mine.get(k, 0) > act["cus"].get(k, 0) for k in mine) or \
                any(g not in act["gens"] for g in field_gens(state, dest, seat)):
            return []
    order = state["order"]
    i = order.index(seat) if seat in order else -1
    if act.get("army"):                                               # every player, from the active one
        seats = [order[(i + j) % len(order)] for j in range(len(order))]
    else:
        seats = [order[(i + j) % len(order)] for j in range(1, len(order))]
    return [s for s in seats if intercept_spaces(state, s, dest, act["tried"])]


def encounter(ctx, dest: str, prev: str, host: tuple[str, str]) -> None:
    """§5.4.1: the defender's options (inside, avoid battle), then crushing, then battle."""
    state = ctx.state
    if host[0] == "seat":
        opts = defender_options(state, host[1], dest, prev)
        if opts:
            ask(state, {"kind": "defend", "seat": host[1], "space": dest, "from": prev})
            return
    resolve(ctx, dest, prev)


def defender_options(state: dict, dseat: str, dest: str, prev: str) -> list[str]:
    out = []
    sp = BOARD.spaces[dest]
    if sp["type"] == "MAJ" and state["pcs"].get(dest) == dseat and \
            n_field(state, dest, dseat) + n_inside(state, dest) <= 2:          # §5.5.2
        out.append("inside")
    if field_gens(state, dest, dseat):                                         # §5.9
        out += [f"avoid {s}" for s in avoid_targets(state, dseat, dest, prev)]
    if out:
        out.append("stand")
    return out


def avoid_targets(state: dict, seat: str, space: str, came: str) -> list[str]:
    """§5.9.3: up to 2 spaces by land, pass or strait, never into or through enemy CUs, never
    into the space the enemy came from."""
    out, frontier = set(), {space}
    for _ in range(2):
        nxt = set()
        for s in frontier:
            for n, k in BOARD.adj[s]:
                if k in LAND and n != came and n != space and not enemy_cus(state, n, seat):
                    nxt.add(n)
        out |= nxt
        frontier = nxt
    return sorted(out)


def side_of_act(state: dict) -> dict:
    act = state["act"]
    if act.get("army"):
        return {"seat": None, "army": act["army"], "gens": [], "cus": {"indep": BOARD.indep_armies[act["army"]]["cus"]}}
    return {"seat": act["seat"], "army": None, "gens": act["gens"], "cus": act["cus"]}


def side_in_field(state: dict, dseat_or_army: tuple[str, str], space: str) -> dict:
    kind, who = dseat_or_army
    if kind == "indep":
        return {"seat": None, "army": who, "gens": [], "cus": {"indep": BOARD.indep_armies[who]["cus"]}}
    return {"seat": who, "army": None, "gens": field_gens(state, space, who), "cus": field_cus(state, space, who)}


def resolve(ctx, dest: str, prev: str, intercepted: bool = False) -> None:
    """Crushing check (§6.11) unless after an interception, then battle (§6)."""
    state = ctx.state
    act = state["act"]
    host = hostile_for(state, act, dest)
    if host is None:
        if act.get("army"):
            end_act(ctx)                                              # §5.10 movement ends at an encounter
        return
    att = side_of_act(state)
    dfn = side_in_field(state, host, dest)
    if not intercepted and battles.crushes(att["cus"], dfn["cus"]):
        battles.crush(ctx, att, dfn, dest)
        if act.get("army"):
            act["fought"] = True
            end_act(ctx)                                              # §6.11.5
        return
    att["intercepted"] = intercepted
    res = battles.fight(ctx, att, dfn, dest)
    if res.get("asked"):                          # the owners choose their losses first (losses=ask)
        state["battle"]["then"] = ["after_battle", dest, prev]
        return
    after_battle(ctx, res, att, dfn, dest, prev)


def after_force_loss(ctx, then: list) -> None:
    """The move goes on after the owner chose the CU his force lost (`ask_force_loss`)."""
    state = ctx.state
    if then[0] == "enter":
        enter_rest(ctx, then[1], then[2])
        return
    if then[0] == "assault":                                           # §7.3 repulsed: the sorties' turn
        offer_sortie(ctx, then[1])
        return
    act = state["act"]                                                 # §5.7.3 the interceptor won
    disperse_fleet(ctx, act["seat"])
    ctx.say(f"{seat_ref(act['seat'])}'s force returns to {BOARD.spaces[then[1]]['name']}; "
            "its activation ends (§5.7.3).")
    end_act(ctx)


def after_losses(ctx) -> None:
    """The battle goes on once its owners have chosen their losses (`losses=ask`): the rest
    of §6.10, then what its mover does next."""
    then = ctx.state["battle"]["then"]
    res, att, dfn = battles.conclude_asked(ctx)
    if then[0] == "after_battle":
        after_battle(ctx, res, att, dfn, then[1], then[2])
    else:
        after_sally(ctx, res, dfn, then[1])


def after_battle(ctx, res: dict, att: dict, dfn: dict, dest: str, prev: str) -> None:
    """§6.9-§6.10 for a moving Attacker: retreat or continue; the losing Defender's retreat."""
    state = ctx.state
    act = state["act"]
    win = res["winner"]
    if act.get("army"):                                               # §5.10, §6.9, §6.10.6
        act["fought"] = True
        if win is None and state["indep"][act["army"]] == dest:
            fall_back(ctx, act, act["path"][-2])
            ctx.say(f"{BOARD.indep_armies[act['army']]['name']} fall back (§6.9).")
        end_act(ctx)
        if win == "att" and dfn["seat"] and not res.get("royal"):
            offer_retreat(ctx, dfn["seat"], dest, prev)
        return
    if win != "att":
        back = act["path"][-2] if len(act["path"]) > 1 else prev
        if act.get("sea") and scoring.fleet_strength(state, act["seat"]) == 0:
            disperse_cus(state, dest, act["seat"], att["cus"])     # dispersed, not eliminated
            att["cus"] = {}
            act["cus"] = {}
            battles.disperse_all(ctx, att, "no fleet to sail back, §6.9")
            act["gens"] = []
        elif act["gens"] or act["cus"]:
            fall_back(ctx, act, back)
            ctx.say(f"{seat_ref(act['seat'])} falls back to {BOARD.spaces[back]['name']}; its activation ends "
                    f"(§{'6.9' if win is None else '6.10'}).")
        end_act(ctx)
        return
    if not act["gens"]:
        end_act(ctx)
    elif any(c == 46 for _, c in surprise.window(ctx, "W9", {"active": act["seat"]})):
        ctx.say(f"Exhausted Troops: {seat_ref(act['seat'])}'s army ends its activation (#46).")
        end_act(ctx)
    if dfn["seat"] and not res.get("royal"):
        offer_retreat(ctx, dfn["seat"], dest, prev)


def retreat_lines(state: dict, seat: str, space: str, came: str) -> list[str]:
    opts = retreat_options(state, seat, space, came)
    n = n_field(state, space, seat)
    room = can_retreat_inside(state, seat, space)
    lines = [f"retreat {s}" for s in opts]
    if room >= 0 and n <= room:
        lines.append("retreat inside")
    elif room > 0:                      # with nowhere to go, the rest is dispersed (§6.10.4)
        lines += [f"retreat inside {s}" for s in opts] or ["retreat inside"]
    return lines


def offer_retreat(ctx, seat: str, space: str, came: str) -> None:
    state = ctx.state
    if not n_field(state, space, seat) and not field_gens(state, space, seat):
        return
    lines = retreat_lines(state, seat, space, came)
    if len(lines) > 1:
        ask(state, {"kind": "retreat", "seat": seat, "space": space, "from": came})
        return
    if not lines:
        do_retreat(ctx, seat, space, None, False)
    else:
        apply_retreat(ctx, seat, space, lines[0])


def apply_retreat(ctx, seat: str, space: str, line: str) -> None:
    words = line.split()[1:]
    inside = bool(words) and words[0] == "inside"
    if inside:
        words = words[1:]
    do_retreat(ctx, seat, space, words[0] if words else None, inside)


def _arrive(ctx, act: dict, dest: str, before: dict) -> None:
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
                ctx.say(f"{seat_ref(act['seat'])} captures {BOARD.royals[rid]['name']} (§9.9).")
        elif (army or ctrl != act["seat"]) and not (BOARD.spaces[dest]["type"] == "MAJ"
                                                    and state["pcs"].get(dest) == ctrl):
            r["st"] = "inactive"
            ctx.say(f"{BOARD.royals[rid]['name']} becomes inactive (§9.9).")


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
        attrition(ctx, act["seat"], act["at"], "desert, §12.5")
    ctx.picture()


# §5.11 carrying, §9.6 burial ------------------------------------------------------------------
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
    ctx.say(f"{seat_ref(act['seat'])} {'picks up' if verb == 'take' else 'drops'} {name} at "
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
    if hostile_field(state, b["at"], seat):                              # §9.6.3 no enemy field force
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
    state["vcheck"] = True                       # §10.5: a burial is a moment of the victory check
    if space == BOARD.provinces["MAC"]["major_city"]:
        state["p"][seat]["pella"] = True
        ctx.say(f"{seat_ref(seat)} buries Alexander at Pella and takes the Pella Burial marker: 10 LP (§9.6.4).")
    else:
        ctx.say(f"{seat_ref(seat)} buries Alexander at {BOARD.spaces[space]['name']}: the Tomb is placed there "
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
    ctx.say(f"{seat_ref(seat)} disbands {count} Royal CU{'s' if count > 1 else ''} at {BOARD.spaces[space]['name']}: "
            "they leave the game (§4.5).")


# answers of other players: interception (§5.8), the defender's options (§5.5.2, §5.9), retreat ---
def pend_lines(state: dict) -> list[str]:
    """The complete lines open to the seat that must answer the question."""
    p = question(state)
    k = p["kind"]
    if k == "intercept":
        act = state["act"]
        return [f"intercept {s}" for s in intercept_spaces(state, p["seat"], p["space"], act["tried"])] + ["decline"]
    if k == "respond":
        return ["fight", "fallback"]
    if k == "naval":
        return ["intercept", "decline"]
    if k == "defend":
        return defender_options(state, p["seat"], p["space"], p["from"])
    if k == "retreat":
        return retreat_lines(state, p["seat"], p["space"], p["from"])
    if k == "sortie":
        return ["sortie", "decline"]
    return []


def pend_text(state: dict) -> str:
    p = question(state)
    where = BOARD.spaces[p["space"]]["name"]
    act = state["act"]
    who = seat_ref(act["seat"]) if act else "the enemy"
    return {
        "intercept": f"{seat_ref(p['seat'])}: {who}'s force enters {where}. Intercept it (§5.8)?",
        "respond": f"{seat_ref(p['seat'])}: your force was intercepted at {where}. Fight or fall back (§5.8.4)?",
        "naval": f"{seat_ref(p['seat'])}: {who}'s force crosses the sea to {where}. Try a naval interception (§5.7)?",
        "defend": f"{seat_ref(p['seat'])}: {who}'s force enters {where}. Go inside, try to avoid battle, or stand "
                  "(§5.4.1, §5.5.2, §5.9)?",
        "retreat": f"{seat_ref(p['seat'])}: your force lost the battle at {where}. Retreat where (§6.10.4)?",
        "sortie": f"{seat_ref(p['seat'])}: your CUs inside {where} may make a sortie (§12.1).",
    }[p["kind"]]


def answer(ctx, seat: str, verb: str, rest: str) -> None:
    state = ctx.state
    p = question(state)
    line = (verb + " " + rest).strip()
    if not p or p["seat"] != seat:
        raise RulesError("There is nothing for you to answer now.", code="NOT_ASKED")
    lines = pend_lines(state)
    if line not in lines and verb not in ("intercept", "avoid", "retreat"):
        raise RulesError(f"Answer with one of: {'; '.join(lines)}.", code="ANSWER")
    if verb in ("avoid", "retreat") and rest:
        words = [w if w == "inside" else find_space(w) for w in rest.split()]
        line = " ".join([verb, *words])
        rest = " ".join(words)
        if line not in lines:
            raise RulesError(f"Answer with one of: {'; '.join(lines)}.", code="ANSWER")
    drop_question(state)
    k = p["kind"]
    if k == "naval":
        if verb == "decline":
            ctx.say(f"{seat_ref(seat)} does not intercept at sea.")
            _next_naval(ctx, p)
        else:
            try_naval(ctx, seat, p)
    elif k == "intercept":
        if verb == "decline":
            ctx.say(f"{seat_ref(seat)} does not intercept.")
            _next_interceptor(ctx, p)
        else:
            try_intercept(ctx, seat, p, rest)
    elif k == "respond":
        act = state["act"]
        if verb == "fight":
            resolve(ctx, p["space"], p["from"], intercepted=True)
        else:
            fall_back(ctx, act, p["from"])
            ctx.say(f"{seat_ref(seat)} falls back to {BOARD.spaces[p['from']]['name']}; its activation ends (§5.8.4).")
            end_act(ctx)
    elif k == "defend":
        defend(ctx, seat, p, verb, rest)
    elif k == "retreat":
        apply_retreat(ctx, seat, p["space"], line)
    elif k == "sortie":
        if verb == "sortie":
            act = state["act"]
            if act:
                act.setdefault("sorties", {})[p["space"]] = act.get("sorties", {}).get(p["space"], 0) + 1
            sortie(ctx, seat, p["space"])
            offer_sortie(ctx, p["space"])


def _next_interceptor(ctx, p: dict) -> None:
    state = ctx.state
    act = state["act"]
    queue = [s for s in p["queue"] if intercept_spaces(state, s, p["space"], act["tried"])]
    if queue:
        ask(state, {"kind": "intercept", "seat": queue[0], "queue": queue[1:], "space": p["space"],
                    "from": p["from"]})


def try_intercept(ctx, seat: str, p: dict, rest: str) -> None:
    """§5.8.3: roll greater than the commander's Initiative; the interceptor moves in free and
    becomes the Defender. `rest` names the space of the intercepting army, then optionally
    the generals and CUs sent (default: the whole field force there)."""
    state = ctx.state
    act = state["act"]
    words = rest.split()
    if not words:
        raise RulesError("Name the space of the army that intercepts: `intercept <space>`.", code="ANSWER")
    src = find_space(words[0])
    if src not in intercept_spaces(state, seat, p["space"], act["tried"]):
        ask(state, p)
        raise RulesError(f"No army of yours at {BOARD.spaces[src]['name']} may intercept.", code="ANSWER")
    gens = field_gens(state, src, seat)
    cus = field_cus(state, src, seat)
    try:
        named, take, _ = parse_spec(state, " ".join(words[1:]), find_general)
        check_counts(take, cus, f"in the field at {BOARD.spaces[src]['name']}")
    except RulesError:
        ask(state, p)
        raise
    if any(g not in gens for g in named):
        ask(state, p)
        raise RulesError(f"Only generals in the field at {BOARD.spaces[src]['name']} may intercept from there.",
                         code="ANSWER")
    if named:
        gens = [g for g in gens if g in named]
    cus.update(take)
    cus = {k: n for k, n in cus.items() if n}
    if not gens or not cus:
        ask(state, p)
        raise RulesError("An interceptor needs at least 1 general and 1 CU (§5.8.3).", code="ANSWER")
    act["tried"].append(f"{seat}:{src}")
    cmd = commander(gens)
    ini = initiative(state, cmd, src)
    if any(c == 19 for _, c in surprise.window(ctx, "W2", {"active": act["seat"], "trier": seat})):
        ctx.say(f"{seat_ref(seat)}'s interception fails: Intercepted Dispatches (#19).")
        _next_interceptor(ctx, p)
        return
    r = ctx.roll(6, label=f"{label(cmd)} interception (Initiative {ini})")
    if r <= ini:
        ctx.say(f"{seat_ref(seat)} tries to intercept from {BOARD.spaces[src]['name']}: {r}, fails (§5.8.3).")
        _next_interceptor(ctx, p)
        return
    shift(state, seat, src, p["space"], gens, cus)
    ctx.say(f"{seat_ref(seat)} intercepts from {BOARD.spaces[src]['name']}: {r} beats Initiative {ini}; "
            f"{label(cmd)} becomes the Defender at {BOARD.spaces[p['space']]['name']} (§5.8.3).")
    if act.get("army"):                                               # §5.8.4 an independent army always fights
        resolve(ctx, p["space"], p["from"], intercepted=True)
        return
    if not sum(act["cus"].values()):                                   # §5.8.4 a lone general must fall back
        fall_back(ctx, act, p["from"])
        ctx.say(f"{seat_ref(act['seat'])}'s lone general falls back; the activation ends (§5.8.4).")
        end_act(ctx)
        return
    ask(state, {"kind": "respond", "seat": act["seat"], "space": p["space"], "from": p["from"]})


def defend(ctx, seat: str, p: dict, verb: str, rest: str) -> None:
    state = ctx.state
    space = p["space"]
    name = BOARD.spaces[space]["name"]
    if verb == "inside":                                               # §5.5.2
        for k, m in field_cus(state, space, seat).items():
            set_inside(state, space, k, m)
        for g in field_gens(state, space, seat):
            state["gens"][g]["in"] = True
        ctx.say(f"{seat_ref(seat)} goes inside the walls of {name}: no battle, a siege begins (§5.5.2).")
        return
    if verb == "avoid":                                                # §5.9
        dest = find_space(rest)
        gens = field_gens(state, space, seat)
        cmd = commander(gens)
        ini = initiative(state, cmd, space)
        if any(c == 19 for _, c in surprise.window(ctx, "W2", {"active": state["act"]["seat"], "trier": seat})):
            ok, what = False, "#19 Intercepted Dispatches: it fails without a roll"
        elif cmd == "eumenes":
            ok, what = True, "Eumenes avoids battle without a roll"
        else:
            r = ctx.roll(6, label=f"{label(cmd)} avoids battle (Initiative {ini})")
            ok, what = r > ini, f"roll {r} against Initiative {ini}"
        if ok:
            shift(state, seat, space, dest, gens, field_cus(state, space, seat))
            ctx.say(f"{seat_ref(seat)} avoids battle ({what}) and moves to {BOARD.spaces[dest]['name']} (§5.9).")
            return
        ctx.say(f"{seat_ref(seat)} fails to avoid battle ({what}) (§5.9.4).")
    resolve(ctx, space, p["from"])


# §5.4.4 removing a PC, §7.2 assaults by the active force ---------------------------------------------
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
        raise RulesError("An army (at least 1 CU) may spend 1 MP to remove an opponent PC from the Minor City "
                         "or player-held Stronghold it occupies, if no opponent CUs are there (§5.4.4).",
                         code="NO_REMOVE")
    act["mp"] -= 1
    owner = state["pcs"].pop(act["at"])
    ctx.say(f"{seat_ref(act['seat'])} removes {seat_ref(owner)}'s PC at {BOARD.spaces[act['at']]['name']} "
            "(1 MP, §5.4.4).")


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
        raise RulesError("An activated army in the space pays 1 MP per assault roll; a lone general cannot "
                         "assault (§7.2).", code="NO_ASSAULT")
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


# §7.10 sallies ------------------------------------------------------------------------------------
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
        raise RulesError("Only a force activated inside a besieged Major City, with at least 1 CU, may sally "
                         "against the besiegers in its space (§7.10).", code="NO_SALLY")
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
        ctx.say(f"The sally fails: the survivors stay inside {BOARD.spaces[space]['name']} (§7.10).")
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


# §5.7 naval interception ----------------------------------------------------------------------------
def naval_queue(state: dict, seat: str) -> list[str]:
    """Opponents with FS of at least 1, in turn order starting after the active player."""
    order = state["order"]
    i = order.index(seat) if seat in order else -1
    seats = [order[(i + j) % len(order)] for j in range(1, len(order))]
    return [s for s in seats if scoring.fleet_strength(state, s) >= 1]


def _next_naval(ctx, p: dict) -> None:
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
    _arrive(ctx, act, p["space"], p.get("before", {}))
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
        ctx.say(f"A strength-{f} fleet of {seat_ref(seat)} is dispersed (§5.7.3).")
        return
    for f in sorted(BOARD.indep_fleets, key=lambda f: f["strength"]):
        if state["pcs"].get(f["city"]) == seat and f["id"] not in state["ifleets_disp"]:
            state["ifleets_disp"].append(f["id"])
            ctx.say(f"The {f['name']} of {seat_ref(seat)} is dispersed (§5.7.3).")
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
        ctx.say(f"{seat_ref(s)}: Naval Ambush, +2 to the roll (#26).")
    fi, fm = fi + amb.get(seat, 0), fm + amb.get(mover, 0)            # #26 Naval Ambush: +2 to rolls
    r = ctx.roll(6, label=f"naval interception by {seat_ref(seat)}")
    if r + fi - fm < 5:
        ctx.say(f"{seat_ref(seat)} tries to intercept at sea: {r}{fi - fm:+d}, fails (§5.7.2).")
        _next_naval(ctx, p)
        return
    ri = ctx.roll(6, label=f"naval battle, {seat_ref(seat)}")
    rm = ctx.roll(6, label=f"naval battle, {seat_ref(mover)}")
    ti, tm = ri + fi, rm + fm
    ctx.say(f"{seat_ref(seat)} intercepts at sea: naval battle {ti} against {tm} (§5.7.3).")
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
            ctx.say(f"{seat_ref(mover)} loses {describe(lost)} at sea.")
        disperse_fleet(ctx, mover)
    ctx.say(f"{seat_ref(mover)}'s force returns to {BOARD.spaces[p['from']]['name']}; its activation ends (§5.7.3).")
    end_act(ctx)


# §5.10 independent armies ----------------------------------------------------------------------------
def start_independent(ctx, seat: str, army: str) -> None:
    """A card activates an independent army (step III wires the cards): 3 MP, no roll; the
    activating seat makes its decisions through the ordinary movement prompts."""
    state = ctx.state
    at = state["indep"][army]
    if at == "removed":
        raise RulesError(f"{BOARD.indep_armies[army]['name']} have left the game.", code="REMOVED")
    start_x = BOARD.spaces[at]["x"] if at in BOARD.spaces else None
    state["act"] = {"seat": seat, "army": army, "gens": [], "cus": {}, "at": at, "mp": 3, "kind": "indep",
                    "path": [at], "tried": [], "start_x": start_x}
    ctx.say(f"{seat_ref(seat)} activates {BOARD.indep_armies[army]['name']}: 3 MP (§5.10).")


def hostile_for(state: dict, act: dict, space: str) -> tuple[str, str] | None:
    """The enemy field force met by the moving force: for an independent army, any player's."""
    if not act.get("army"):
        return hostile_field(state, space, act["seat"])
    # the player with CUs in the field is the one met; a lone general of another player who
    # shares the space (a §3.3.4 placement) is met only when no CUs are there (audit fix:
    # meeting the lone general first left the other player's CUs beside the independents)
    sides = [o for o in sorted(state["seats"]) if n_field(state, space, o) or field_gens(state, space, o)]
    if not sides:
        return None
    return "seat", max(sides, key=lambda o: n_field(state, space, o))


def indep_cost(state: dict, act: dict, dest: str) -> tuple[int | None, str]:
    """§5.10: land, pass and strait only; the restrictions of §1.8; never into another
    independent army; from its box only onto its entry spaces (placing counts as entering)."""
    army = act["army"]
    spec = BOARD.indep_armies[army]
    name = spec["name"]
    if act["at"] == "box":
        if dest not in spec["enters"]:
            return None, f"{name} enter only at {', '.join(spec['enters'])} (§1.13)"
        cost = 0
    else:
        cost = BOARD.cost(act["at"], dest, LAND)
        if cost is None:
            return None, f"{name} move by land, pass or strait only, to an adjacent space (§5.10)"
    other = indep_at(state, dest)
    if other and other != army:
        return None, f"{name} never enter a space holding another independent army (§5.10)"
    rest = spec.get("restriction") or {}
    if "provinces" in rest and BOARD.spaces[dest]["province"] not in rest["provinces"]:
        return None, f"{name} stay in {', '.join(rest['provinces'])} (§1.8)"
    return cost, ""


def indep_end(ctx, act: dict) -> None:
    """§5.10 end of movement: outside Major Cities a player PC is removed; a Major City is only
    besieged. A drawn attacker removes nothing (§6.9.3)."""
    state = ctx.state
    army = act["army"]
    at = state["indep"].get(army)
    if at not in BOARD.spaces or act.get("fought") or len(act["path"]) < 2:
        return
    if BOARD.spaces[at]["type"] != "MAJ" and state["pcs"].get(at) not in (None, "IND"):
        ctx.say(f"{BOARD.indep_armies[army]['name']} remove {seat_ref(state['pcs'][at])}'s PC at "
                f"{BOARD.spaces[at]['name']} (§5.10).")
        del state["pcs"][at]


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
        raise RulesError("Only the 23000 Greek Soldiers, before they move, on a Minor City or Stronghold without "
                         "an Independent PC, may decline to move and place an Independent PC (§5.10).",
                         code="NO_HOLD")
    at = state["act"]["at"]
    before = state["pcs"].get(at)
    state["pcs"][at] = "IND"
    instead = f", replacing {seat_ref(before)}'s" if before else ""
    ctx.say(f"The 23000 Greek Soldiers stay at {BOARD.spaces[at]['name']} and place an Independent PC"
            f"{instead} (§5.10).")
    end_act(ctx)


def check_west(state: dict, act: dict, path: list[str]) -> None:
    """§5.10: the 23000 declare their whole path, which must end farther west."""
    if act.get("army") != "greek_soldiers" or act["start_x"] is None and act["at"] != "box":
        return
    start_x = act["start_x"] if act["start_x"] is not None else BOARD.spaces["baktra"]["x"] + 1
    if len(act["path"]) > 1 or BOARD.spaces[path[-1]]["x"] >= start_x:
        raise RulesError("The 23000 Greek Soldiers declare their whole path at once, and it must end farther "
                         "west than where they start (§5.10).", code="WEST")


# §5.1 dropping off units ------------------------------------------------------------------------------
def leave(ctx, text: str) -> None:
    """§5.1: the force drops units where it stands; they stop there and count as activated.
    `text`: [<general>...] [merc=<n>] [mac=<n>] ... (the commander's Cart and royals stay with him)."""
    state = ctx.state
    act = state["act"]
    if not act or act.get("army") or act.get("sally") or question(state):
        raise RulesError("Only a force in motion may drop off units (§5.1).", code="NO_FORCE")
    gens, cus, _ = parse_spec(state, text, find_general)
    check_counts(cus, act["cus"], "in the moving force")
    for g in gens:
        if g not in act["gens"]:
            raise RulesError(f"{label(g)} is not in the moving force.", code="NOT_IN_FORCE")
    if not gens and not any(cus.values()):
        raise RulesError("Name what to leave: `leave [<general>...] [merc=<n>]...`.", code="COUNT")
    if gens and len(gens) == len(act["gens"]):
        raise RulesError("The force keeps at least one general; `stop` ends its activation instead.",
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
    ctx.say(f"{seat_ref(act['seat'])} leaves "
            f"{', '.join([label(g) for g in gens] + [f'{n} {k}' for k, n in cus.items() if n])} "
            f"at {BOARD.spaces[act['at']]['name']} (§5.1).")
