"""§3 Setup, drawing randomness in the order of §10.2."""
from __future__ import annotations

from core.message import WORDS, join, msg

from .common import who
from .data import DATA, B, E, G, K

POOL_EXTRA = {2: 5, 3: 8, 4: 11, 5: 14}      # §3.3: non-Casula starting buildings sampled
OPTIONS = ("events", "favour", "champion")    # §14


def eligible(n: int) -> list[str]:
    """§3.2: untagged always; III with 3+; IV with 4+; V with 5."""
    return sorted(b for b, d in B.items() if DATA.tag_players(d["tag"]) <= n)


def deal(ctx, pool: list[str], seats: list[str]) -> dict[str, list[str]]:
    """§3.4: three rounds, each seat takes the first card whose name it does not hold;
    if none fits, reshuffle the whole pool and deal again."""
    while True:
        cards = ctx.shuffle(pool)
        hands = {s: [] for s in seats}
        ok = True
        for _ in range(3):
            for s in seats:
                held = {B[b]["name"] for b in hands[s]}
                pick = next((c for c in cards if B[c]["name"] not in held), None)
                if pick is None:
                    ok = False
                    break
                cards.remove(pick)
                hands[s].append(pick)
            if not ok:
                break
        if ok:
            return hands


def setup_state(ctx, players: list[str], options: dict) -> None:
    state = ctx.state
    n = len(players)
    seats = [f"p{i + 1}" for i in range(n)]                    # §3.1: join order
    state["seats"] = seats
    state["names"] = dict(zip(seats, players))
    state["options"] = {k: bool(options.get(k)) for k in OPTIONS}
    if options.get(WORDS) != "english":   # a log saved before issue 36 replays as it was (core/replay.py)
        state[WORDS] = 1
    elig = eligible(n)
    casula = next(b for b in elig if B[b]["name"] == "Casula")
    others = [b for b in elig if B[b]["kind"] == "start" and b != casula]
    sample = sorted(ctx.shuffle(others)[:POOL_EXTRA[n]])        # §10.2 (1)
    hands = deal(ctx, [casula] + sample, seats)                  # §10.2 (2)
    dealt = {b for h in hands.values() for b in h}
    state["centre"] = [b for b in elig if b not in dealt]        # §3.5
    state["out"] = [b for b in sorted(B) if b not in elig]
    first = next(s for s in seats if casula in hands[s])          # §3.6
    tiros = sorted(g for g in G if G[g]["kind"] == "tiro")
    state["p"] = {}
    state["gl"] = {}
    for i, s in enumerate(seats):
        mine = tiros[2 * i:2 * i + 2]                             # §3.7
        state["p"][s] = {"coins": 3, "fpts": 0, "bld": sorted(hands[s]), "gl": list(mine),   # §3.8
                         "favour": 0, "chained": False, "works": 0, "builds": 0,
                         "trained": None, "train": False, "won": False}
        for g in mine:
            state["gl"][g] = {"tapped": False, "chained": False, "wins": 0}
    state["tiros"] = tiros[2 * n:]
    vets = sorted(g for g in G if G[g]["kind"] == "veteran")
    state["vdeck"] = ctx.shuffle(vets)                            # §3.9, §10.2 (3)
    state["vdiscard"] = []
    state["cdeck"] = ctx.shuffle(sorted(K))                       # §10.2 (4)
    state["cdiscard"] = []
    state["edeck"] = ctx.shuffle(sorted(E)) if state["options"]["events"] else []   # §10.2 (5)
    state["event"] = None
    state["first"] = first
    state["active"] = first
    state["turns"] = 0            # turns completed
    state["stack"] = []
    state["auction"] = None
    state["fight"] = None
    state["last_card"] = None
    state["last_fight"] = None
    state["champion"] = None
    state["seen"] = []            # deck cards once made public (§11.1): the rest stay secret
    state["counts"] = {"fights": 0, "builds": 0, "demolitions": 0, "chains": 0, "auctions": 0}
    state["result"] = None
    names = join(", ", (f"{who(state, s)}: " + join(", ", (B[b]["name"] for b in sorted(hands[s])))
                      for s in seats))
    ctx.say(msg("Buildings dealt — {names}. {first} holds the Casula and plays first (§3.6).", names=names, first=who(state, first)))
