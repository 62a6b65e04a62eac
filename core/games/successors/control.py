"""§8.4 control of provinces: the player who controls the Major City and at least its Need of
non-Transit spaces. Used by scoring (§8.5 VP) and legitimacy (§9.2 Strategos of Europe)."""
from __future__ import annotations

from .board import BOARD


def province_controller(state: dict, code: str) -> str | None:
    """The player who controls the Major City and at least Need non-Transit spaces."""
    prov = BOARD.provinces[code]
    owner = state["pcs"].get(prov["major_city"])
    if owner in (None, "IND"):
        return None
    held = sum(1 for s in BOARD.province_spaces(code) if state["pcs"].get(s) == owner)
    return owner if held >= prov["need"] else None


def controllers(state: dict) -> dict[str, str | None]:
    """Every province's controller in one pass over the PCs (same rule as above)."""
    held: dict[tuple[str, str], int] = {}
    for s, o in state["pcs"].items():
        if o != "IND":
            key = (BOARD.spaces[s]["province"], o)
            held[key] = held.get(key, 0) + 1
    out = {}
    for code, prov in BOARD.provinces.items():
        owner = state["pcs"].get(prov["major_city"])
        out[code] = owner if owner not in (None, "IND") and held.get((code, owner), 0) >= prov["need"] else None
    return out
