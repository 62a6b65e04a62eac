"""§8.4 control of provinces: the player who controls the Major City and at least its Need of
non-Transit spaces. Used by scoring (§8.5 VP) and legitimacy (§9.2 Strategos of Europe).

Control depends on the PCs alone, and is asked many times per action (every victory check, VP,
LP and summary), so the last answers are remembered by the PCs themselves: exact (the same PCs
give the same control), kept out of the state."""
from __future__ import annotations

import orjson

from .board import BOARD

PROVINCE_OF = {s: d["province"] for s, d in BOARD.spaces.items()}
# (province, Major City, Need), in the data's order (the order every answer lists them in)
PROVINCES = tuple((code, prov["major_city"], prov["need"]) for code, prov in BOARD.provinces.items())
MEMO_SIZE = 64

_memo: dict[bytes, dict[str, str | None]] = {}


def remember(memo: dict, key, compute, *args, size: int = MEMO_SIZE):
    """`compute(*args)`, remembered in `memo` under `key`, a value holding every input of it (so the
    same key gives the same answer); at most `size` answers are kept. The inputs are passed, not
    closed over: a closure made at every call costs more than the memory's lookup."""
    got = memo.get(key)
    if got is None:
        got = compute(*args)
        if len(memo) >= size:
            memo.clear()
        memo[key] = got
    return got


def province_controller(state: dict, code: str) -> str | None:
    """The player who controls the Major City and at least Need non-Transit spaces."""
    return controllers(state)[code]


def controllers(state: dict) -> dict[str, str | None]:
    """Every province's controller (a fresh dict: the caller may keep or change it)."""
    pcs = state["pcs"]
    return dict(remember(_memo, orjson.dumps(pcs), fresh_controllers, pcs))


def fresh_controllers(pcs: dict) -> dict[str, str | None]:
    """Control computed from the PCs in one pass (what `controllers` remembers)."""
    held: dict[tuple[str, str], int] = {}
    for s, o in pcs.items():
        if o != "IND":
            key = (PROVINCE_OF[s], o)
            held[key] = held.get(key, 0) + 1
    out = {}
    for code, major, need in PROVINCES:
        owner = pcs.get(major)
        out[code] = owner if owner not in (None, "IND") and held.get((code, owner), 0) >= need else None
    return out
