"""§8 Paying costs: available workers go to unused resource cards, one per card per round,
all at once; surplus is lost. The automatic choice follows §8.3 to the letter."""
from __future__ import annotations

from itertools import combinations

from core.errors import RulesError
from core.message import join, msg

from .board import BOARD


def _value(cid: str) -> tuple[int, int]:
    c = BOARD.resource[cid]
    return (c["value"], 0) if c["kind"] == "minerals" else (0, c["value"])


# each resource card's (minerals, gas): board data, read for every combination `choose` weighs
VALUES = {cid: _value(cid) for cid in BOARD.resource}


def covers(ids, cost: dict) -> tuple[bool, int]:
    m = g = 0
    for c in ids:
        minerals, gas = VALUES[c]
        m += minerals
        g += gas
    ok = m >= cost["minerals"] and g >= cost["gas"]
    return ok, (m - cost["minerals"]) + (g - cost["gas"])


def unused(state: dict, seat: str) -> list[str]:
    return sorted(c["id"] for c in state["p"][seat]["cards"] if not c["used"])


def choose(state: dict, seat: str, cost: dict) -> list[str] | None:
    """§8.3: fewest cards, then smallest surplus, then the alphabetically first list."""
    if cost["minerals"] <= 0 and cost["gas"] <= 0:
        return []
    cards = unused(state, seat)
    most = min(len(cards), state["p"][seat]["pool"])
    # the `most` richest cards in minerals, and in gas, short of the cost: no combination pays (the
    # search below would weigh every one of them to learn it)
    if sum(sorted((VALUES[c][0] for c in cards), reverse=True)[:most]) < cost["minerals"] or \
            sum(sorted((VALUES[c][1] for c in cards), reverse=True)[:most]) < cost["gas"]:
        return None
    for n in range(1, most + 1):
        best = None
        for combo in combinations(cards, n):          # combinations of a sorted list come sorted
            ok, surplus = covers(combo, cost)
            if ok and (best is None or surplus < best[0]):
                best = (surplus, list(combo))
        if best:
            return best[1]
    return None


def pay(state: dict, seat: str, cost: dict, given: list[str] | None) -> list[str]:
    """Check (or choose) the cards, then assign one worker to each."""
    return assign(state, seat, payable(state, seat, cost, given))


def payable(state: dict, seat: str, cost: dict, given: list[str] | None) -> list[str]:
    """The cards that pay `cost`: `given`, checked, or chosen (§8.3); raises as paying would,
    changes nothing (an order is checked whole before it is carried out: orders.py)."""
    p = state["p"][seat]
    cost = {"minerals": max(0, cost["minerals"]), "gas": max(0, cost["gas"])}
    if given is None:
        ids = choose(state, seat, cost)
        if ids is None:
            raise RulesError(msg("You cannot pay {cost} with your unused resource cards ({value}) and {pool} available workers (CANNOT_PAY): choose a smaller purchase or discard the order.", cost=fmt(cost), value=join(', ', unused(state, seat)) or 'none', pool=p['pool']), code="CANNOT_PAY")
    else:
        ids = sorted({c.upper() for c in given})
        bad = [c for c in ids if c not in unused(state, seat)]
        if bad:
            raise RulesError(msg("{bad}: not an unused resource card of yours. Unused: {value}.", bad=join(', ', bad), value=join(', ', unused(state, seat)) or 'none'), code="PAY")
        if len(ids) > p["pool"]:
            raise RulesError(msg("{n_ids} cards need {n_ids2} workers; you have {pool} available.", n_ids=len(ids), n_ids2=len(ids), pool=p['pool']),
                             code="WORKERS")
        if not covers(ids, cost)[0]:
            raise RulesError(msg("{ids} do not cover {cost} (CANNOT_PAY).", ids=join(', ', ids), cost=fmt(cost)), code="CANNOT_PAY")
    return ids


def assign(state: dict, seat: str, ids: list[str]) -> list[str]:
    """One worker of `seat` to each of the cards `ids` (`payable`'s), now used."""
    p = state["p"][seat]
    for c in p["cards"]:
        if c["id"] in ids:
            c["used"] = True
    p["pool"] -= len(ids)
    p["assigned"] += len(ids)
    return ids


def fmt(cost: dict) -> str:
    parts = []
    if cost["minerals"]:
        parts.append(f"{cost['minerals']}M")
    if cost["gas"]:
        parts.append(f"{cost['gas']}G")
    return " ".join(parts) or "nothing"


def add(*costs: dict) -> dict:
    return {"minerals": sum(c["minerals"] for c in costs), "gas": sum(c["gas"] for c in costs)}
