"""Shared reckoning: points (§9.1), who owns what, and the printed numbers as buildings,
Schola, Palaestra and the champion change them (§2.2.1, §2.5, §6.1, §14.3)."""
from __future__ import annotations

from functools import lru_cache

from core.game import seat_ref

from .data import B, G, fold

WIN_POINTS = 7          # §1.2, §9.1
MAX_BUILDINGS = 5       # §5.4.2
ROUND_LIMIT = 30        # §9.4


def who(state: dict, seat: str) -> str:
    """A player in a message: his seat marked (`seat_ref`), for the service to write the name of
    whoever sits there now (a /replace changes the player, not the names kept in the state)."""
    return seat_ref(seat)


def token(state: dict, seat: str) -> str:
    """How a command names a player: the name when it is one plain word that no other player's
    name or seat shares, else the seat (p1..p5)."""
    return _tokens(tuple(state["names"].items()), tuple(state["seats"]))[seat]


@lru_cache(maxsize=64)
def _tokens(names: tuple[tuple[str, str], ...], seats: tuple[str, ...]) -> dict[str, str]:
    """Every named seat's `token`, worked out once for the names and seats, all a token depends on
    (a Main phase's prompt names each opponent it may fight or chain); the caller only reads it."""
    out = {}
    for seat, name in names:
        others = [fold(n) for s, n in names if s != seat] + [fold(s) for s in seats]
        if name.replace("-", "").replace("_", "").isalnum() and len(name) <= 20 and fold(name) not in others:
            out[seat] = name
        else:
            out[seat] = seat
    return out


def gname(gid: str) -> str:
    return G[gid]["name"]


def bname(bid: str) -> str:
    return B[bid]["name"]


def owner(state: dict, gid: str) -> str | None:
    for seat, p in state["p"].items():
        if gid in p["gl"]:
            return seat
    return None


# each building name's ids (two buildings may share a name, §3.2) and each building's vp, from the
# printed cards: `owns` and `points` are asked for every school at every action, the robots' search
# thousands of times a second
_IDS_NAMED = {name: frozenset(bid for bid, b in B.items() if b["name"] == name) for name in {b["name"] for b in B.values()}}
_NONE = frozenset()
_VP = {bid: b["vp"] for bid, b in B.items()}


def owns(state: dict, seat: str, name: str) -> bool:
    """§8.1: ownership is looked at when an effect would apply."""
    return not _IDS_NAMED.get(name, _NONE).isdisjoint(state["p"][seat]["bld"])


def points(state: dict, seat: str) -> int:
    """§9.1: fight points plus the vp of owned buildings."""
    p = state["p"][seat]
    return p["fpts"] + sum([_VP[b] for b in p["bld"]])


def free_building(state: dict, seat: str) -> bool:
    """§0.2: more buildings than gladiators."""
    p = state["p"][seat]
    return len(p["bld"]) > len(p["gl"])


def ready(state: dict, seat: str) -> list[str]:
    return [g for g in state["p"][seat]["gl"] if not state["gl"][g]["tapped"]]


def defenders(state: dict, seat: str) -> list[str]:
    """§5.2.1, §5.6.3: every unchained gladiator may defend, tapped or not."""
    return [g for g in state["p"][seat]["gl"] if not state["gl"][g]["chained"]]


def is_tiro(gid: str) -> bool:
    return G[gid]["kind"] == "tiro"


def base_combat(state: dict, gid: str) -> int:
    """§6.1: Schola sets its owner's Tiros to combat 2 in both roles."""
    return _base_combat(state, gid, owner(state, gid))


def _base_combat(state: dict, gid: str, seat: str | None) -> int:
    """`base_combat` of the gladiator `seat` owns (a caller that has looked the owner up already)."""
    if is_tiro(gid) and seat and owns(state, seat, "Schola"):
        return 2
    return G[gid]["combat"]


def champion_bonus(state: dict, gid: str) -> int:
    return 1 if state["options"].get("champion") and state.get("champion") == gid else 0


def attack_value(state: dict, gid: str) -> int:
    """§6.1 attacker total before the card and cheers: C + trained + Castra + champion."""
    seat = owner(state, gid)
    total = _base_combat(state, gid, seat) + champion_bonus(state, gid)
    if state["p"][seat]["trained"] == gid:
        total += 1
    if owns(state, seat, "Castra"):
        total += 1
    return total


def defence_value(state: dict, gid: str) -> int:
    """§6.1 defender total before the card and cheers: C + shield + Armamentarium (no shield)
    + Carcer (Tiros) + champion (§2.2.1, §2.5)."""
    seat = owner(state, gid)
    total = _base_combat(state, gid, seat) + champion_bonus(state, gid)
    if G[gid]["shield"]:
        total += 1
    elif owns(state, seat, "Armamentarium"):
        total += 1
    if is_tiro(gid) and owns(state, seat, "Carcer"):
        total += 1
    return total


def work_value(state: dict, seat: str, gid: str) -> int:
    """§5.3: W + Popina (first Work of the turn) + Macellum + Culina (Tiros); §14.1 E03 −1."""
    total = G[gid]["work"]
    p = state["p"][seat]
    if owns(state, seat, "Popina") and p["works"] == 0:
        total += 1
    if owns(state, seat, "Macellum"):
        total += 1
    if is_tiro(gid) and owns(state, seat, "Culina"):
        total += 1
    if state.get("event") == "E03":
        total = max(0, total - 1)
    return total


def build_cost(state: dict, bid: str) -> int:
    """§2.5 cost, changed by §14.1 E07 (+1) and E08 (−1, at least 1); Demolish the same."""
    cost = B[bid]["cost"]
    if state.get("event") == "E07":
        cost += 1
    elif state.get("event") == "E08":
        cost = max(1, cost - 1)
    return cost


def build_points(state: dict, seat: str, gids: list[str], demolish: bool = False) -> int:
    """§5.4.1, §5.5: summed build + Lapicidinae on the first Build/Demolish + Aquaeductus (Build)."""
    total = sum(G[g]["build"] for g in gids)
    if owns(state, seat, "Lapicidinae") and state["p"][seat]["builds"] == 0:
        total += 1
    if not demolish and owns(state, seat, "Aquaeductus"):
        total += 2
    return total


def min_bid(state: dict, seat: str, gid: str) -> int:
    """§7.5: the veteran's minbid, Forum −1 (not below 0)."""
    m = G[gid]["minbid"]
    return max(0, m - 1) if owns(state, seat, "Forum") else m


def next_seat(state: dict, seat: str) -> str:
    seats = state["seats"]
    return seats[(seats.index(seat) + 1) % len(seats)]


def left_order(state: dict, seat: str) -> list[str]:
    """§7.4: from the player to the left (the next seat), clockwise, this seat last."""
    seats = state["seats"]
    i = seats.index(seat)
    return seats[i + 1:] + seats[:i + 1]


def leave_play(state: dict, gid: str) -> None:
    """A gladiator leaves play (death or release): its wins reset and the champion token,
    if it held it, returns to the supply (§14.3). Tiros go to the centre, veterans to the
    veteran discard (§4.3.1, §6.5)."""
    seat = owner(state, gid)
    state["p"][seat]["gl"].remove(gid)
    del state["gl"][gid]
    if state.get("champion") == gid:
        state["champion"] = None
    if state["p"][seat]["trained"] == gid:
        state["p"][seat]["trained"] = None
    if is_tiro(gid):
        state["tiros"] = sorted(state["tiros"] + [gid])
    else:
        state["vdiscard"].append(gid)


def enter_play(state: dict, seat: str, gid: str) -> None:
    state["p"][seat]["gl"].append(gid)
    state["gl"][gid] = {"tapped": False, "chained": False, "wins": 0}


def count(state: dict, what: str, n: int = 1) -> None:
    state["counts"][what] = state["counts"].get(what, 0) + n
