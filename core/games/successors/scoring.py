"""§8 Control, victory points and isolation; §10 victory. Everything here is computed
from the board each time: control and VP are never stored."""
from __future__ import annotations

import orjson

from core.message import msg

from . import legitimacy
from .board import BOARD
from .control import controllers, province_controller, remember  # re-exported (§8.4)
from .forces import cu_spaces, enemy_cus, living, n_cus, seniority

LAND = ("land", "pass", "strait")
PROVINCE_VP = {code: prov["vp"] for code, prov in BOARD.provinces.items()}


# §8.3 control of spaces ------------------------------------------------------------------
def space_control(state: dict, space: str) -> str | None:
    """The seat or "IND" owning the space's PC, else None; Transit Points never."""
    if BOARD.spaces[space]["type"] == "TRN":
        return None
    return state["pcs"].get(space)


# §8.4 control of provinces -------------------------------------------------------------------
def control_map(state: dict) -> dict[str, str | None]:
    """Province → seat, "independent" (its Major City is Independent) or None."""
    out = {}
    ctl = controllers(state)
    for code, prov in BOARD.provinces.items():
        who = ctl[code]
        if who is None and state["pcs"].get(prov["major_city"]) == "IND":
            who = "independent"
        out[code] = who
    return out


def provinces_of(state: dict, seat: str, ctl: dict | None = None) -> list[str]:
    ctl = ctl or controllers(state)
    return [c for c, o in ctl.items() if o == seat]


# §1.5 fleet strength ------------------------------------------------------------------------
def fleet_strength(state: dict, seat: str) -> int:
    fs = sum(state["p"][seat]["fleets"])
    for f in BOARD.indep_fleets:
        if state["pcs"].get(f["city"]) == seat and f["id"] not in state["ifleets_disp"]:
            fs += f["strength"]
    return fs


# §8.5 victory points -----------------------------------------------------------------------
def vp(state: dict, seat: str, ctl: dict | None = None, fs: dict | None = None) -> int:
    total = sum(BOARD.provinces[c]["vp"] for c in provinces_of(state, seat, ctl))
    fs = fs or {o: fleet_strength(state, o) for o in state["seats"]}
    if all(fs[seat] > fs[o] for o in state["seats"] if o != seat):
        total += 2                                   # Largest Fleet
    if state["pcs"].get("sestos") == seat and state["pcs"].get("abydos") == seat:
        total += 2                                   # Hellespont
    total += 2 * state["p"][seat]["favour"]          # King's Favour
    return total


def all_vp(state: dict) -> dict[str, int]:
    """Every seat's VP (the same sums as `vp`, seat by seat), worked out once per change of what
    they are made of: the PCs, each seat's fleets and King's Favour, the dispersed independent
    fleets. The answer is computed from those parts alone, so the memory is exact."""
    seats = state["seats"]
    p = state["p"]
    own = [(p[s]["fleets"], p[s]["favour"]) for s in seats]
    pcs, gone = state["pcs"], state["ifleets_disp"]
    key = orjson.dumps((seats, own, pcs, gone))
    return dict(remember(_vp_memo, key, _all_vp, seats, own, pcs, gone))


_vp_memo: dict = {}


def _all_vp(seats: list, own: list, pcs: dict, gone: list) -> dict[str, int]:
    fs = {o: sum(fleets) for o, (fleets, _) in zip(seats, own)}
    for f in BOARD.indep_fleets:
        owner = pcs.get(f["city"])
        if owner in fs and f["id"] not in gone:
            fs[owner] += f["strength"]
    totals = dict.fromkeys(seats, 0)
    for code, who in controllers({"pcs": pcs}).items():
        if who in totals:
            totals[who] += PROVINCE_VP[code]
    hellespont = pcs.get("sestos")
    for s, (_, favour) in zip(seats, own):
        if all(fs[s] > fs[o] for o in seats if o != s):
            totals[s] += 2                               # Largest Fleet
        if s == hellespont and pcs.get("abydos") == s:
            totals[s] += 2                               # Hellespont
        totals[s] += 2 * favour                          # King's Favour
    return totals


def most_senior(state: dict, seat: str, majors_only: bool = False) -> int:
    """Seniority of the seat's most senior living general; -1 with none (§0.2)."""
    best = -1
    for g, d in state["gens"].items():
        if d["o"] == seat and living(state, g) and (not majors_only or g in BOARD.generals):
            best = max(best, seniority(g))
    return best


# §8.2 isolation -------------------------------------------------------------------------------
def isolated_pcs(state: dict, seat: str) -> list[str]:
    """PCs of the seat that are isolated, evaluated against the board as it stands."""
    kinds = LAND + (("sea",) if fleet_strength(state, seat) >= 1 else ())
    anchors = set(cu_spaces(state, seat))
    anchors |= {s for s, o in state["pcs"].items() if o == seat and BOARD.spaces[s]["type"] == "MAJ"}

    def passable(s: str) -> bool:                    # §8.2.3 items (a) to (c)
        pc = state["pcs"].get(s) if BOARD.spaces[s]["type"] != "TRN" else None
        if pc == seat:
            return True
        if pc is None:
            return not enemy_cus(state, s, seat)
        return n_cus(state, s, seat) > 0

    # flood from the anchors backwards: a PC is safe if a chain reaches it
    safe = set()
    todo = list(anchors)
    seen = set(anchors)
    while todo:
        s = todo.pop()
        safe.add(s)
        for n, k in BOARD.adj[s]:
            if k in kinds and n not in seen and passable(n):
                seen.add(n)
                todo.append(n)
    out = []
    for s, o in state["pcs"].items():
        if o != seat or BOARD.spaces[s]["type"] == "MAJ" or s in anchors:
            continue
        if s not in safe:
            out.append(s)
    return sorted(out)


# §10 victory ---------------------------------------------------------------------------------
def tiebreak_key(state: dict, seat: str) -> tuple:
    """§10.4 tie-breaks 1-4, larger is better."""
    mac = 1 if province_controller(state, "MAC") == seat else 0
    provs = len(provinces_of(state, seat))
    majors = sum(1 for p in BOARD.provinces.values() if state["pcs"].get(p["major_city"]) == seat)
    return (mac, provs, majors, most_senior(state, seat))


def final_winner(state: dict) -> tuple[list[str], str]:
    """§10.4: most VP; ties by Macedonia, provinces, Major Cities, most senior general."""
    vps = all_vp(state)
    ranked = sorted(state["seats"], key=lambda s: (vps[s], *tiebreak_key(state, s)), reverse=True)
    best = (vps[ranked[0]], *tiebreak_key(state, ranked[0]))
    winners = [s for s in ranked if (vps[s], *tiebreak_key(state, s)) == best]
    return winners, msg("most VP at the end of Turn V ({vps} VP)", vps=vps[ranked[0]])


def immediate_winner(state: dict) -> tuple[str, str] | None:
    """§10.1, §10.2, §10.5: 18 LP or 23 VP, never in Turn I; LP beats VP, then the totals,
    then the tie-breaks of §10.4."""
    if state["turn"] == 1:
        return None
    lps = legitimacy.all_lp(state)
    vps = all_vp(state)
    cands = [(1, lps[s], s) for s in state["seats"] if lps[s] >= 18]
    if not cands:
        cands = [(0, vps[s], s) for s in state["seats"] if vps[s] >= 23]
    if not cands:
        return None
    cands.sort(key=lambda c: (c[0], c[1], *tiebreak_key(state, c[2])), reverse=True)
    kind, total, seat = cands[0]
    reason = (msg("Legitimacy victory ({total} LP)", total=total) if kind else msg("automatic VP victory ({total} VP)", total=total))
    return seat, reason
