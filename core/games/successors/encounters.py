"""Entering a space and meeting the enemy on land (§5.4, §5.5, §5.6.4, §5.8, §5.9, §5.12, §6):
sailing into a besieged port (§5.6.4), Stronghold attrition (§5.12), encounters (§5.4.1), land
interception (§5.8: who may try, the attempt, the intercepted force's fight or fall back), the
defender's options (going inside §5.5.2, avoiding battle §5.9), crushing and battle with a
moving Attacker (§6.9-§6.11), and the loser's retreat (§6.10.4).
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import msg

from . import battles, scoring, surprise
from .activation import end_act, fall_back, initiative
from .battles import can_retreat_inside, describe, do_retreat, lose_cus, retreat_options
from .board import BOARD
from .common import find_general, find_space, label
from .forces import (
    ask_force_loss,
    check_counts,
    commander,
    disperse_cus,
    enemy_cus,
    field_cus,
    field_gens,
    hostile_for,
    n_field,
    n_inside,
    parse_spec,
    set_inside,
    shift,
)
from .questions import ask
from .scoring import LAND


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
        ctx.say(msg("{seat}'s force sails into besieged {name} and goes straight inside (§5.6.4).", seat=seat_ref(seat), name=sp['name']))
        end_act(ctx)
        return True
    if n and state["pcs"].get(dest) == "IND" and sp["type"] == "STR" and not act.get("army"):   # §5.12
        r = ctx.roll(6, label=msg("Stronghold attrition at {name}", name=sp['name']))
        if r <= 2 and ask_force_loss(state, 1, "§5.12", ["enter", dest, prev]):
            ctx.say(msg("Stronghold attrition at {name}: {r}, {seat} loses 1 CU of his choice (§5.12).", name=sp['name'], r=r, seat=seat_ref(seat)))
            return True                                                # the move goes on once he chose
        if r <= 2:
            side = {"seat": seat, "army": None, "gens": act["gens"], "cus": act["cus"]}   # owner's order
            lost = lose_cus(state, side, dest, 1)
            ctx.say(msg("Stronghold attrition at {name}: {r}, {seat} loses {describe} (§5.12).", name=sp['name'], r=r, seat=seat_ref(seat), describe=describe(lost)))
        else:
            ctx.say(msg("Stronghold attrition at {name}: {r}, no loss (§5.12).", name=sp['name'], r=r))
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
        ctx.say(msg("The 23000 Greek Soldiers reach Europe and leave the game (§5.10)."))
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


def next_interceptor(ctx, p: dict) -> None:
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
        raise RulesError(msg("Name the space of the army that intercepts: `intercept <space>`."), code="ANSWER")
    src = find_space(words[0])
    if src not in intercept_spaces(state, seat, p["space"], act["tried"]):
        ask(state, p)
        raise RulesError(msg("No army of yours at {name} may intercept.", name=BOARD.spaces[src]['name']), code="ANSWER")
    gens = field_gens(state, src, seat)
    cus = field_cus(state, src, seat)
    try:
        named, take, _ = parse_spec(state, " ".join(words[1:]), find_general)
        check_counts(take, cus, msg("in the field at {name}", name=BOARD.spaces[src]['name']))
    except RulesError:
        ask(state, p)
        raise
    if any(g not in gens for g in named):
        ask(state, p)
        raise RulesError(msg("Only generals in the field at {name} may intercept from there.", name=BOARD.spaces[src]['name']),
                         code="ANSWER")
    if named:
        gens = [g for g in gens if g in named]
    cus.update(take)
    cus = {k: n for k, n in cus.items() if n}
    if not gens or not cus:
        ask(state, p)
        raise RulesError(msg("An interceptor needs at least 1 general and 1 CU (§5.8.3)."), code="ANSWER")
    act["tried"].append(f"{seat}:{src}")
    cmd = commander(gens)
    ini = initiative(state, cmd, src)
    if any(c == 19 for _, c in surprise.window(ctx, "W2", {"active": act["seat"], "trier": seat})):
        ctx.say(msg("{seat}'s interception fails: Intercepted Dispatches (#19).", seat=seat_ref(seat)))
        next_interceptor(ctx, p)
        return
    r = ctx.roll(6, label=msg("{cmd} interception (Initiative {ini})", cmd=label(cmd), ini=ini))
    if r <= ini:
        ctx.say(msg("{seat} tries to intercept from {name}: {r}, fails (§5.8.3).", seat=seat_ref(seat), name=BOARD.spaces[src]['name'], r=r))
        next_interceptor(ctx, p)
        return
    shift(state, seat, src, p["space"], gens, cus)
    ctx.say(msg("{seat} intercepts from {name}: {r} beats Initiative {ini}; {cmd} becomes the Defender at {name2} (§5.8.3).", seat=seat_ref(seat), name=BOARD.spaces[src]['name'], r=r, ini=ini, cmd=label(cmd), name2=BOARD.spaces[p['space']]['name']))
    if act.get("army"):                                               # §5.8.4 an independent army always fights
        resolve(ctx, p["space"], p["from"], intercepted=True)
        return
    if not sum(act["cus"].values()):                                   # §5.8.4 a lone general must fall back
        fall_back(ctx, act, p["from"])
        ctx.say(msg("{seat}'s lone general falls back; the activation ends (§5.8.4).", seat=seat_ref(act['seat'])))
        end_act(ctx)
        return
    ask(state, {"kind": "respond", "seat": act["seat"], "space": p["space"], "from": p["from"]})


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


def defend(ctx, seat: str, p: dict, verb: str, rest: str) -> None:
    state = ctx.state
    space = p["space"]
    name = BOARD.spaces[space]["name"]
    if verb == "inside":                                               # §5.5.2
        for k, m in field_cus(state, space, seat).items():
            set_inside(state, space, k, m)
        for g in field_gens(state, space, seat):
            state["gens"][g]["in"] = True
        ctx.say(msg("{seat} goes inside the walls of {name}: no battle, a siege begins (§5.5.2).", seat=seat_ref(seat), name=name))
        return
    if verb == "avoid":                                                # §5.9
        dest = find_space(rest)
        gens = field_gens(state, space, seat)
        cmd = commander(gens)
        ini = initiative(state, cmd, space)
        if any(c == 19 for _, c in surprise.window(ctx, "W2", {"active": state["act"]["seat"], "trier": seat})):
            ok, what = False, msg("#19 Intercepted Dispatches: it fails without a roll")
        elif cmd == "eumenes":
            ok, what = True, msg("Eumenes avoids battle without a roll")
        else:
            r = ctx.roll(6, label=msg("{cmd} avoids battle (Initiative {ini})", cmd=label(cmd), ini=ini))
            ok, what = r > ini, msg("rolled {r} against Initiative {ini}", r=r, ini=ini)
        if ok:
            shift(state, seat, space, dest, gens, field_cus(state, space, seat))
            ctx.say(msg("{seat} avoids battle ({what}) and moves to {name} (§5.9).", seat=seat_ref(seat), what=what, name=BOARD.spaces[dest]['name']))
            return
        ctx.say(msg("{seat} fails to avoid battle ({what}) (§5.9.4).", seat=seat_ref(seat), what=what))
    resolve(ctx, space, p["from"])


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


def after_battle(ctx, res: dict, att: dict, dfn: dict, dest: str, prev: str) -> None:
    """§6.9-§6.10 for a moving Attacker: retreat or continue; the losing Defender's retreat."""
    state = ctx.state
    act = state["act"]
    win = res["winner"]
    if act.get("army"):                                               # §5.10, §6.9, §6.10.6
        act["fought"] = True
        if win is None and state["indep"][act["army"]] == dest:
            fall_back(ctx, act, act["path"][-2])
            ctx.say(msg("{name} fall back (§6.9).", name=BOARD.indep_armies[act['army']]['name']))
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
            battles.disperse_all(ctx, att, msg("no fleet to sail back, §6.9"))
            act["gens"] = []
        elif act["gens"] or act["cus"]:
            fall_back(ctx, act, back)
            ctx.say((msg("{seat} falls back to {name}; its activation ends (§6.9).", seat=seat_ref(act['seat']), name=BOARD.spaces[back]['name']) if win is None else msg("{seat} falls back to {name}; its activation ends (§6.10).", seat=seat_ref(act['seat']), name=BOARD.spaces[back]['name'])))
        end_act(ctx)
        return
    if not act["gens"]:
        end_act(ctx)
    elif any(c == 46 for _, c in surprise.window(ctx, "W9", {"active": act["seat"]})):
        ctx.say(msg("Exhausted Troops: {seat}'s army ends its activation (#46).", seat=seat_ref(act['seat'])))
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
