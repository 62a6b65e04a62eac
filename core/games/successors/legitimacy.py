"""§9 Legitimacy: the LP sources of §9.2 and royal control of §9.7, computed from the
board. (Battles, Champion flips, marriage, killing and coming of age are steps II–III.)

Royal state: ``royals[id] = {"st": "active"|"inactive"|"dead"|"throne", "at": space,
"by": general|None}`` (``by`` = the general whose force carries it). The body:
``body = {"st": "cart"|"buried"|"removed", "at": space|None, "by": general|None}``.
"""
from __future__ import annotations

import orjson

from .board import BOARD
from .control import province_controller, remember
from .forces import gen_stat, living, n_cus, owners_at

# the generals who bring LP of their own (§9.2), in the data's order
LP_GENERALS = tuple((g, d["lp"]) for g, d in BOARD.generals.items() if d["lp"])
MACEDONIA_CITY = BOARD.provinces["MAC"]["major_city"]


def _marker_controller(state: dict, at: str | None, by: str | None, inside_ok: bool = True) -> str | None:
    """§9.7.3 control priority for a marker at `at` carried by `by`."""
    if at is None:
        return None
    if by is not None and state["gens"][by]["at"] == at:
        return state["gens"][by]["o"]                     # carrying force's owner
    pc = state["pcs"].get(at)
    if inside_ok and BOARD.spaces[at]["type"] == "MAJ" and pc not in (None, "IND"):
        return pc                                          # counts as inside the city (§9.7.2)
    field = sorted(owners_at(state, at))
    if len(field) == 1:
        return field[0]                                    # owner of the units there
    if len(field) > 1:                                     # several sides: the one with CUs
        with_cus = [o for o in field if n_cus(state, at, o)]
        if len(with_cus) == 1:
            return with_cus[0]
    if pc not in (None, "IND"):
        return pc
    return None


def royal_controller(state: dict, rid: str) -> str | None:
    r = state["royals"][rid]
    if r["st"] != "active":
        return None                                        # §9.7.4 inactive women, dead, crowned
    return _marker_controller(state, r["at"], r["by"])


def body_controller(state: dict) -> str | None:
    b = state["body"]
    if b["st"] != "cart":
        return None
    return _marker_controller(state, b["at"], b["by"])


def lp_parts(state: dict, seat: str) -> dict[str, int]:
    """§9.2 every LP source of a seat, by name."""
    return _parts(state, seat, _shared(state))


def _shared(state: dict) -> tuple:
    """What every seat's LP reads alike: who holds Macedonia (§9.2 Strategos), and who controls
    each royal marker (§9.7), worked out once for all seats."""
    royal = {r: royal_controller(state, r) for r in state["royals"]}
    return province_controller(state, "MAC"), royal


def _parts(state: dict, seat: str, shared: tuple) -> dict[str, int]:
    mac_controller, royal = shared
    p = state["p"][seat]
    parts: dict[str, int] = {}
    if p["champion"]:
        parts["champion"] = 3
    if mac_controller == seat:
        parts["strategos"] = BOARD.markers["strategos"]["lp"]
    gens = state["gens"]
    for g, lp_of in LP_GENERALS:
        if g in gens and gens[g]["o"] == seat and living(state, g):
            parts[g] = lp_of
    heirs = [BOARD.heir_lp(state, r) for r in state["royals"]
             if BOARD.royals[r]["kind"] == "heir" and royal[r] == seat]
    if heirs:
        parts["heir"] = max(heirs)                         # only one heir counts
    women = sum(BOARD.royals[r]["lp"] for r in state["royals"]
                if BOARD.royals[r]["kind"] == "woman" and royal[r] == seat)
    if women:
        parts["women"] = women
    if p["pella"]:
        parts["pella_burial"] = BOARD.markers["pella_burial"]["lp"]
    b = state["body"]
    if b["st"] == "buried" and b["at"] != MACEDONIA_CITY and state["pcs"].get(b["at"]) == seat:
        parts["guardian"] = BOARD.markers["guardian"]["lp"]
    if p["suspicion"]:
        parts["suspicion"] = BOARD.markers["suspicion"]["lp"]
    return parts


def lp(state: dict, seat: str) -> int:
    return max(0, sum(lp_parts(state, seat).values()))


def all_lp(state: dict) -> dict[str, int]:
    """Every seat's LP, worked out once per change of what they are made of (LP_INPUTS): the
    answer is computed from those parts of the state alone, so the memory is exact."""
    part = {k: state[k] for k in LP_INPUTS if k in state}
    part["p"] = {s: {k: q[k] for k in LP_FLAGS} for s, q in state["p"].items()}
    return dict(remember(_lp_memo, orjson.dumps(part), _all_lp, part))


# what a seat's LP reads of the state (§9.2, §9.7); `p` only for its LP_FLAGS
LP_INPUTS = ("seats", "pcs", "gens", "cus", "royals", "body", "rules")
LP_FLAGS = ("champion", "pella", "suspicion")
_lp_memo: dict = {}


def _all_lp(state: dict) -> dict[str, int]:
    """Every seat's LP, the sums of `_parts` for all seats in one pass over the generals and royals
    (tests/test_remembered.py checks it against `lp` seat by seat)."""
    mac_controller, royal = _shared(state)
    totals = dict.fromkeys(state["seats"], 0)
    for s in totals:
        p = state["p"][s]
        totals[s] = (3 if p["champion"] else 0) \
            + (BOARD.markers["strategos"]["lp"] if mac_controller == s else 0) \
            + (BOARD.markers["pella_burial"]["lp"] if p["pella"] else 0) \
            + (BOARD.markers["suspicion"]["lp"] if p["suspicion"] else 0)
    gens = state["gens"]
    for g, lp_of in LP_GENERALS:
        if g in gens and gens[g]["o"] in totals and living(state, g):
            totals[gens[g]["o"]] += lp_of
    heir: dict[str, int] = {}
    for r in state["royals"]:
        owner = royal[r]
        if owner not in totals:
            continue
        if BOARD.royals[r]["kind"] == "heir":
            lp_of = BOARD.heir_lp(state, r)
            heir[owner] = max(heir.get(owner, lp_of), lp_of)          # only one heir counts
        elif BOARD.royals[r]["kind"] == "woman":
            totals[owner] += BOARD.royals[r]["lp"]
    for owner, lp_of in heir.items():
        totals[owner] += lp_of
    b = state["body"]
    if b["st"] == "buried" and b["at"] != MACEDONIA_CITY and state["pcs"].get(b["at"]) in totals:
        totals[state["pcs"][b["at"]]] += BOARD.markers["guardian"]["lp"]
    return {s: max(0, total) for s, total in totals.items()}


def prestige(state: dict, gen: str | None) -> int:
    """§9.3 a general's prestige: his Popularity, #47's +5 while it lasts, §12.3 glory."""
    if gen is None:
        return 0
    p = gen_stat(gen, "pop")
    if state.get("fx", {}).get("orator") == gen:
        p += 5
    p += state.get("glory", {}).get(gen, 0)
    return p
