"""§3.3 Reinforcement Phase: fleets (§3.3.1), collection (§3.3.2), bonuses (§3.3.3),
placement (§3.3.4) and the no-eligible-space fallback with dispersal (§3.3.5).

The placement engine is shared with the training track (§4.4.4). What a player still
has to place is ``state["placing"]``::

    {"seat", "why": "reinforcements"|"training", "left": {type: n}, "gens": [names],
     "placed": {space: CUs placed there this phase}, "fb": {province: CUs placed by fallback},
     "new": [minor generals put on the map this phase],
     "fbgens": [major generals placed by the fallback: they make no space eligible under
                §3.3.4 (d) this phase, so the 2-CU-per-province cap holds "even with a major
                general present"]}
"""
from __future__ import annotations

import copy

from core.errors import RulesError
from core.game import Ctx, seat_ref
from core.message import join, keep, msg, plural

from . import legitimacy, scoring
from .board import BOARD
from .common import label, rank_by_seniority
from .forces import add_cus, enemy_cus, enemy_units, generals_at, generals_of, is_major, pool_left

CU_NAMES = {k: v["name"] for k, v in BOARD.cu_types.items()}
BOARD_ORDER = {s: i for i, s in enumerate(BOARD.spaces)}


def _give(state: dict, left: dict, seat: str, kind: str, n: int) -> int:
    """Take up to n CUs of a type from the pool (§1.4: nothing when it has run out).

    `left` is what the seat already holds to place. `pool_left` already counts it when it
    is registered in the state (``state["reinf"][seat]`` or the placing under way); only an
    unregistered dict is subtracted here, so no collected CU is counted twice (audit fix)."""
    counted = left is state.get("reinf", {}).get(seat) or (
        state.get("placing") is not None and left is state["placing"]["left"])
    n = max(0, min(n, pool_left(state, seat, kind) - (0 if counted else left.get(kind, 0))))
    if n:
        left[kind] = left.get(kind, 0) + n
    return n


def start_phase(ctx) -> None:
    """§3.3.1-§3.3.3: fleets, collection, bonuses. Fills state["reinf"] per seat."""
    state = ctx.state
    if state["ifleets_disp"]:                                     # §3.3.1
        ctx.say(msg("Dispersed Independent fleets return to their waiting boxes."))
    state["ifleets_disp"] = []
    for seat in state["seats"]:
        p = state["p"][seat]
        p["fleets"] += p["fleets_disp"]
        p["fleets_disp"] = []
    reinf = {}
    for seat in state["seats"]:                                   # §3.3.2
        p = state["p"][seat]
        left = dict(p["disp"])
        p["disp"] = {}
        gens = sorted((g for g in generals_of(state, seat) if is_major(g)
                       and state["gens"][g]["at"] in ("dispersed", "arriving")),
                      key=lambda g: -BOARD.generals[g]["sen"])
        reinf[seat] = {"left": left, "gens": gens}
    state["reinf"] = {s: r["left"] for s, r in reinf.items()}    # counted by pool_left
    for seat in state["seats"]:
        _give(state, state["reinf"][seat], seat, "merc", 2)
    mac = scoring.province_controller(state, "MAC")               # §3.3.3
    if mac:
        got = _give(state, state["reinf"][mac], mac, "mac", 1)
        ctx.say(msg("{mac} controls Macedonia: +{got} Loyal Macedonian CU.", mac=mac, got=got))
    lps = legitimacy.all_lp(state)
    top = [s for s in state["seats"] if lps[s] == max(lps.values())]
    best = rank_by_seniority(ctx, state, top, msg("most LP"), majors_only=True)
    got = _give(state, state["reinf"][best], best, "mac", 1)
    ctx.say(msg("{best} has the most LP ({lps}): +{got} Loyal Macedonian CU.", best=seat_ref(best), lps=lps[best], got=got))
    vps = scoring.all_vp(state)
    top = [s for s in state["seats"] if vps[s] == max(vps.values())]
    for s in top:
        got = _give(state, state["reinf"][s], s, "merc", 2 if len(top) == 1 else 1)
        ctx.say(plural(("{s} has the most VP ({vps}): +{got} Mercenary CU.", "{s} has the most VP ({vps}): +{got} Mercenary CUs."), got, s=seat_ref(s), vps=vps[s], got=got))
    state["reinf_gens"] = {s: r["gens"] for s, r in reinf.items()}
    for seat in state["seats"]:
        what = describe(state["reinf"][seat], state["reinf_gens"][seat])
        ctx.say(msg("{seat} collects {what}.", seat=seat_ref(seat), what=what))


def describe(left: dict, gens: list[str]) -> str:
    parts = [msg("{n} {cu_names}", n=n, cu_names=CU_NAMES[k]) for k, n in left.items() if n]
    parts += [label(g) for g in gens]
    return join(", ", parts) or "nothing"


def begin(state: dict, seat: str, why: str, left: dict, gens: list[str]) -> None:
    state["placing"] = {"seat": seat, "why": keep(state, why), "left": {k: n for k, n in left.items() if n},
                        "gens": list(gens), "placed": {}, "fb": {}, "new": [], "fbgens": []}


# §3.3.4 eligibility ------------------------------------------------------------------------
def _own_major_city(state: dict, space: str, seat: str) -> bool:
    return BOARD.spaces[space]["type"] == "MAJ" and state["pcs"].get(space) == seat


def eligible(state: dict, seat: str, unit: str, pl: dict | None = None, facts: list[tuple] | None = None) -> list[str]:
    """Spaces eligible under §3.3.4 for one more `unit` (a CU type or a major general),
    with the 2-CU limit (`pl` defaults to the placing under way; `facts`: its `_space_facts`,
    when the caller asks for several units)."""
    pl = pl or state["placing"] or {"placed": {}, "new": []}
    facts = _space_facts(state, seat, pl) if facts is None else facts
    out = []
    cu = unit in BOARD.cu_types
    for s, a, b, c, majors in facts:
        d = bool(majors)
        if cu:
            if not (a or b or c or d):
                continue
            if pl["placed"].get(s, 0) >= 2 and not (c or d):      # the 2-CU limit
                continue
        else:                                                      # a major general himself
            if not (a or b or c or (d and any(g != unit for g in majors))):
                continue
        out.append(s)
    return out


def _space_facts(state: dict, seat: str, pl: dict) -> list[tuple]:
    """What §3.3.4 (a)-(d) say of each space that might take a unit, whatever the unit, in the
    board's order: (space, a, b, c, the majors there that may take more); worked out once for
    every unit of a placing (`options`), not once per unit."""
    out = []
    mine: dict[str, list[str]] = {}
    enemy_generals = set()                             # where `enemy_units` would find an enemy general
    for g, d in state["gens"].items():
        if d["o"] == seat and d["at"] in BOARD.spaces:
            mine.setdefault(d["at"], []).append(g)
        elif d["o"] != seat:
            enemy_generals.add(d["at"])
    # none of (a)-(d) can hold where the seat has neither a general nor its PC: the others, in the
    # board's order, without a look at every space of the board
    spaces = {*mine, *(s for s, o in state["pcs"].items() if o == seat and s in BOARD_ORDER)}
    for s in sorted(spaces, key=BOARD_ORDER.__getitem__):
        mine_here = mine.get(s, [])
        enemy = enemy_cus(state, s, seat)              # what `besieged` asks too (§3.3.4)
        a = state["pcs"].get(s) == seat and not (enemy or s in enemy_generals)
        unbes = not enemy
        b = unbes and any(not is_major(g) and g not in pl["new"] for g in mine_here)
        c = unbes and _own_major_city(state, s, seat)
        majors = [g for g in mine_here if is_major(g) and g not in pl.get("fbgens", [])] if unbes else []
        out.append((s, a, b, c, majors))
    return out


def fallback(state: dict, seat: str, unit: str) -> list[str]:
    """§3.3.5: uncontrolled or Independent, no enemy units, not in another player's
    province; at most 2 CUs per province."""
    pl = state["placing"]
    out = []
    for s, sp in BOARD.spaces.items():
        if state["pcs"].get(s) not in (None, "IND") or enemy_units(state, s, seat):
            continue
        owner = scoring.province_controller(state, sp["province"])
        if owner not in (None, seat):
            continue
        if unit in BOARD.cu_types and pl["fb"].get(sp["province"], 0) >= 2:
            continue
        out.append(s)
    return out


def options(state: dict) -> dict[str, tuple[str, list[str]]]:
    """unit → ("normal"|"fallback", spaces) for every unit left to place."""
    pl = state["placing"]
    seat = pl["seat"]
    out = {}
    area = pl.get("area")
    facts = _space_facts(state, seat, pl)
    for unit in [*(k for k, n in pl["left"].items() if n), *pl["gens"]]:
        normal = eligible(state, seat, unit, pl, facts)
        if area is not None:                  # a card's placing: its provinces, no fallback (§11.3)
            normal = [s for s in normal if BOARD.spaces[s]["province"] in area]
            if normal:
                out[unit] = ("normal", normal)
            continue
        if normal:
            out[unit] = ("normal", normal)
        else:
            fb = fallback(state, seat, unit)
            if fb:
                out[unit] = ("fallback", fb)
    if pl["left"].get("silver", 0) > 1 and "silver" in out and not pl.get("trial"):
        mode, spaces = out["silver"]
        spaces = [s for s in spaces if _takes_the_whole_marker(state, s)]
        if spaces:
            out["silver"] = (mode, spaces)
        else:
            del out["silver"]
    return out


def _takes_the_whole_marker(state: dict, space: str) -> bool:
    """Whether both Silver Shields CUs can be placed in `space` (§6.13 S35: never divided),
    tried on a copy of the state."""
    trial = copy.deepcopy(state)
    trial["placing"]["trial"] = True
    try:
        place(Ctx(trial), "silver", space, trial["placing"]["left"]["silver"])
    except RulesError:
        return False
    return True


def _reserve_minor(state: dict, seat: str) -> str | None:
    in_play = sum(1 for g in generals_of(state, seat)
                  if state["gens"][g]["at"] in BOARD.spaces or state["gens"][g]["at"] == "dispersed")
    if in_play >= state["p"][seat]["limit"]:
        return None
    reserve = sorted(g for g in generals_of(state, seat, "reserve"))
    return reserve[0] if reserve else None


def place(ctx, unit: str, space: str, count: int = 1, strict: bool = True) -> None:
    """Place `count` of `unit` (CU type or general) in `space`, checking §3.3.4/§3.3.5."""
    state = ctx.state
    pl = state["placing"]
    seat = pl["seat"]
    opts = options(state)
    if unit not in opts:
        left = describe(pl["left"], pl["gens"])
        raise RulesError(msg("You have no {unit} to place here. Still to place: {left}.", unit=unit, left=left), code="NO_UNIT")
    mode, spaces = opts[unit]
    if space not in spaces:
        where = join(", ", spaces[:12]) + (" …" if len(spaces) > 12 else "")
        rule = (msg("§3.3.4") if mode == "normal" else msg("the fallback of §3.3.5"))
        raise RulesError(msg("{name} is not eligible for {unit} under {rule}. Eligible: {where}.", name=BOARD.spaces[space]['name'], unit=unit, rule=rule, where=where), code="NOT_ELIGIBLE")
    if unit not in BOARD.cu_types:                                    # a major general
        state["gens"][unit]["at"] = space
        state["gens"][unit]["in"] = False
        pl["gens"].remove(unit)
        if mode == "fallback":                    # he makes no space eligible this phase
            pl["fbgens"].append(unit)
        ctx.say((msg("{seat} places {unit} at {name} (fallback, §3.3.5).", seat=seat_ref(seat), unit=label(unit), name=BOARD.spaces[space]['name']) if mode == 'fallback' else msg("{seat} places {unit} at {name}.", seat=seat_ref(seat), unit=label(unit), name=BOARD.spaces[space]['name'])))
        return
    if unit == "silver" and count in (1, pl["left"].get(unit, 0)):
        count = pl["left"].get(unit, 0)           # §6.13 S35: the marker is placed whole, never divided
    elif unit == "silver":
        raise RulesError(msg("The Silver Shields marker is never split (§6.13)."), code="SILVER")
    if count < 1 or count > pl["left"].get(unit, 0):
        raise RulesError(msg("You have {get} {cu_names} CUs to place, not {count}.", get=pl['left'].get(unit, 0), cu_names=CU_NAMES[unit], count=count),
                         code="COUNT")
    for done in range(count):
        if done:                  # the first unit's options are the ones checked above: nothing changed since
            opts = options(state)
        if unit not in opts or opts[unit][0] != mode or space not in opts[unit][1]:
            if strict:
                raise RulesError(plural(("Only {done} {cu_names} CU can go to {name} (at most 2 CUs per space, or per province in the fallback, unless one of your Major Cities or major generals is there).", "Only {done} {cu_names} CUs can go to {name} (at most 2 CUs per space, or per province in the fallback, unless one of your Major Cities or major generals is there)."), done, done=done, cu_names=CU_NAMES[unit], name=BOARD.spaces[space]['name']),
                                 code="LIMIT")
            break
        pl["left"][unit] -= 1
        if mode == "normal":
            pl["placed"][space] = pl["placed"].get(space, 0) + 1
            add_cus(state, space, seat, unit)
            ctx.say(msg("{seat} places 1 {cu_names} CU at {name}.", seat=seat_ref(seat), cu_names=CU_NAMES[unit], name=BOARD.spaces[space]['name']))
            continue
        prov = BOARD.spaces[space]["province"]                         # §3.3.5 fallback group
        pl["fb"][prov] = pl["fb"].get(prov, 0) + 1
        if not generals_at(state, space, seat):
            gen = pl["gens"][0] if pl["gens"] else _reserve_minor(state, seat)
            if gen is None:
                state["p"][seat]["disp"][unit] = state["p"][seat]["disp"].get(unit, 0) + 1
                ctx.say(msg("{seat} has no general to go with 1 {cu_names} CU at {name}: it is dispersed (§3.3.5).", seat=seat_ref(seat), cu_names=CU_NAMES[unit], name=BOARD.spaces[space]['name']))
                continue
            if gen in pl["gens"]:
                pl["gens"].remove(gen)
                pl["fbgens"].append(gen)
            else:
                pl["new"].append(gen)
            state["gens"][gen]["at"] = space
            ctx.say(msg("{seat} places {gen} at {name} (fallback, §3.3.5).", seat=seat_ref(seat), gen=label(gen), name=BOARD.spaces[space]['name']))
        add_cus(state, space, seat, unit)
        ctx.say(msg("{seat} places 1 {cu_names} CU at {name} (fallback, §3.3.5).", seat=seat_ref(seat), cu_names=CU_NAMES[unit], name=BOARD.spaces[space]['name']))
    pl["left"] = {k: n for k, n in pl["left"].items() if n}


def settle(ctx) -> bool:
    """Apply forced outcomes: disperse what cannot be placed (§3.3.5), place automatically
    when only one option exists. True when the placing is finished."""
    state = ctx.state
    pl = state["placing"]
    seat = pl["seat"]
    while True:
        if not pl["left"] and not pl["gens"]:
            return True
        opts = options(state)
        stuck = [u for u in [*pl["left"], *pl["gens"]] if u not in opts]
        for u in stuck:                                                  # §3.3.5 dispersal
            if pl.get("card") and u in BOARD.cu_types:                   # §11.3: stays in the pool
                n = pl["left"].pop(u)
                ctx.say(plural(("{seat} cannot place {n} more {cu_names} CU: they stay in the pool (§11.3).", "{seat} cannot place {n} more {cu_names} CUs: they stay in the pool (§11.3)."), n, seat=seat_ref(seat), n=n, cu_names=CU_NAMES[u]))
                continue
            if u in BOARD.cu_types:
                n = pl["left"].pop(u)
                state["p"][seat]["disp"][u] = state["p"][seat]["disp"].get(u, 0) + n
                ctx.say(plural(("{seat} cannot place {n} {cu_names} CU: dispersed (§3.3.5).", "{seat} cannot place {n} {cu_names} CUs: dispersed (§3.3.5)."), n, seat=seat_ref(seat), n=n, cu_names=CU_NAMES[u]))
            else:
                pl["gens"].remove(u)
                state["gens"][u]["at"] = "dispersed"
                ctx.say(msg("{seat} cannot place {u}: he stays in the Dispersed box (§3.3.5).", seat=seat_ref(seat), u=label(u)))
        if stuck:
            continue
        if len(opts) == 1:
            (unit, (mode, spaces)), = opts.items()
            if len(spaces) == 1:
                place(ctx, unit, spaces[0], pl["left"].get(unit, 1) if unit in pl["left"] else 1, strict=False)
                continue
        return False


def legal_lines(state: dict) -> list[str]:
    return [f"place {u} {s}" for u, (_, spaces) in options(state).items() for s in spaces]
