"""§2 Setup: faction packages, starting forces, control, royals, independents, deck.

Seats are package letters. §2.1 shuffles the packages for the player count in letter
order with the platform's dice (`ctx.shuffle`); the i-th player to join gets the i-th
letter of the shuffled list, so ``state["seats"]`` is that list (seat order = join
order) and every per-player key of the state and the summary is a package letter.
"""
from __future__ import annotations

from core.game import seat_ref

from .board import BOARD
from .forces import add_cus


def new_player(n_majors: int) -> dict:
    return {
        "champion": True,            # §2.4.4 every marker starts on its Champion side
        "hand": [],
        "disp": {},                  # Dispersed box: CUs by type (generals: gens[..]["at"])
        "fleets": [],                # active fleet counters, by strength (§1.5)
        "fleets_disp": [],           # dispersed fleet counters
        "track": [None, 0],          # §4.4.4 training track: CU type, OPs (§2.4.5 at 0)
        "limit": n_majors + 2,       # §1.3.5 general limit
        "favour": 0,                 # King's Favour markers (§9.11)
        "pella": False,              # Pella Burial marker (§9.6.4)
        "suspicion": False,          # Suspicion marker (#35)
    }


def deck_of(state: dict) -> list[int]:
    """§11.1, §12.4: the base deck, or with the extended deck option cards #58-#60 too."""
    if state.get("options", {}).get("deck") == "extended":
        return sorted(BOARD.cards)
    return sorted(BOARD.base_deck)


def setup_state(ctx, players: list[str], options: dict) -> None:
    state = ctx.state
    n = len(players)
    packages = BOARD.packages[n]
    seats = ctx.shuffle(sorted(packages))                       # §2.1
    state["seats"] = seats
    state["n"] = n
    state["gens"] = {}
    state["cus"] = {}
    state["pcs"] = {}
    state["p"] = {}
    holder = {}
    for seat in seats:
        pk = packages[seat]
        state["p"][seat] = new_player(len(pk["generals"]))
        for g in pk["generals"]:                                # §2.2 starting forces
            holder[g] = seat
            st = BOARD.generals[g]["start"]
            state["gens"][g] = {"o": seat, "at": st["space"], "in": False}
            for kind, k in st["cus"].items():
                add_cus(state, st["space"], seat, kind, k)
            state["p"][seat]["fleets"] += st["fleets"]
        for i in range(BOARD.minor["per_player"]):              # §2.1 minors I, II on map
            at = pk["minors"][i] if i < len(pk["minors"]) else "reserve"
            state["gens"][f"{seat}{i + 1}"] = {"o": seat, "at": at, "in": False}
    for g in BOARD.generals:                                    # Polyperchon, Demetrios, Peukestas
        state["gens"].setdefault(g, {"o": None, "at": "out", "in": False})
    for sid, sp in BOARD.spaces.items():                        # §2.3 control at start
        if sp["start"] == "IND":
            state["pcs"][sid] = "IND"
        elif sp["start"]:
            state["pcs"][sid] = holder[sp["start"].lower()]
    state["royals"] = {r: {"st": d["state"], "at": d["space"], "by": d["carried_by"]}
                       for r, d in BOARD.royals.items()}        # §2.4.1
    state["body"] = {"st": "cart", "at": BOARD.cart["space"], "by": BOARD.cart["carried_by"]}
    state["indep"] = {a: (d["start"] or "box") for a, d in BOARD.indep_armies.items()}  # §2.4.2
    state["ifleets_disp"] = []                                  # §2.4.3 all in waiting boxes
    state["gone_cus"] = {}                                      # Royal/Silver CUs out of the game
    on = lambda k: options.get(k) in (True, "on")                 # noqa: E731
    state["options"] = {"sorties": on("sorties"), "veterans": on("veterans"), "glory": on("glory"),
                        "deck": "extended" if options.get("deck") == "extended" else "base",
                        "desert": on("desert")}                    # §12 optional rules
    state["deck"] = deck_of(state)                              # §2.4.6 cards #1-#57 (§12.4: #60)
    state["discard"] = []
    state["removed"] = []
    state["table"] = []
    state["siege"] = {}                                         # §7 siege points by space
    state["inside"] = {}                                        # §5.5 CUs inside city walls
    state["assaults"] = {}                                      # §7.2 rolls this round
    state["pend"] = None                                        # a question to a non-active seat
    state["stack"] = []                                         # pending decisions (flow.py)
    state["counts"] = {"battles": 0, "sieges": 0, "crushings": 0}
    state["turn"] = 1                                           # §2.4.5
    state["phase"] = "preparations"
    state["step"] = "events"
    state["round"] = None
    state["segment"] = None
    state["order"] = list(seats)
    state["first"] = None
    state["direction"] = None
    state["usurper"] = None
    state["cur"] = 0
    state["placing"] = None
    state["act"] = None
    state["done"] = []
    state["used"] = {}
    state["turn_moved"] = {}
    state["forage"] = None
    state["result"] = None
    ctx.say("Successors: " + ", ".join(
        f"{seat_ref(s)} takes package {s} ({BOARD.colours[s]}: "
        f"{', '.join(BOARD.generals[g]['name'] for g in packages[s]['generals'])})"
        for s in seats) + ".")
