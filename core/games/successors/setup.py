"""§2 Setup: faction packages, starting forces, control, royals, independents, deck.

Seats are package letters. §2.1 shuffles the packages for the player count in letter
order with the platform's dice (`ctx.shuffle`); the i-th player to join gets the i-th
letter of the shuffled list, so ``state["seats"]`` is that list (seat order = join
order) and every per-player key of the state and the summary is a package letter.
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import WORDS, join, msg

from .board import BOARD, OLD_RULES
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


def place_package(state: dict, seat: str, package: str, holder: dict) -> None:
    """§2.1, §2.2: the seat takes the package's generals, starting forces and fleets."""
    pk = BOARD.packages_of(state)[package]
    state["p"][seat] = new_player(len(pk["generals"]))
    for g in pk["generals"]:                                    # §2.2 starting forces
        holder[g] = seat
        st = BOARD.generals[g]["start"]
        state["gens"][g] = {"o": seat, "at": st["space"], "in": False}
        for kind, k in st["cus"].items():
            add_cus(state, st["space"], seat, kind, k)
        state["p"][seat]["fleets"] += st["fleets"]
    for i in range(BOARD.minor["per_player"]):                  # §2.1 minors I, II on map
        at = pk["minors"][i] if i < len(pk["minors"]) else "reserve"
        state["gens"][f"{seat}{i + 1}"] = {"o": seat, "at": at, "in": False}


def package_of(state: dict, seat: str) -> str:
    """The package a seat plays: its own letter, or the one it drafted (§12.6)."""
    return state.get("package", {}).get(seat, seat)


def colour_of(state: dict, seat: str) -> str | None:
    """§1.2: a seat's colour is its package's (the drafted one with §12.6); none while the
    seat has not drafted yet. `state` may be a view (it keeps ``package``)."""
    if "package" in state and seat not in state["package"]:
        return None
    return BOARD.colours[package_of(state, seat)]


def draft_pick(ctx, seat: str, package: str) -> bool:
    """§12.6: the seat takes a package still in the draft; after the last pick every package is
    placed as in §2.1-§2.3. True when the draft is over."""
    state = ctx.state
    d = state["draft"]
    package = package.upper()
    if package not in d["left"]:
        raise RulesError(msg("Package {package} is not in the draft: pick one of {left} (§12.6).", package=package, left=join(', ', d['left'])),
                         code="DRAFT")
    d["left"].remove(package)
    state["package"][seat] = package
    ctx.say(msg("{seat} drafts package {package} ({describe_package}) (§12.6).", seat=seat_ref(seat), package=package, describe_package=describe_package(state, package)))
    if len(state["package"]) < len(state["seats"]):
        return False
    holder: dict = {}
    for s in state["seats"]:
        place_package(state, s, state["package"][s], holder)
    for sid, sp in BOARD.spaces.items():                        # §2.3 control at start
        if sp["start"] and sp["start"] != "IND":
            state["pcs"][sid] = holder[sp["start"].lower()]
    del state["draft"]
    return True


def describe_package(state: dict, package: str) -> str:
    return join(", ", (BOARD.generals[g]["name"] for g in BOARD.packages_of(state)[package]["generals"]))


def setup_state(ctx, players: list[str], options: dict) -> None:
    state = ctx.state
    n = len(players)
    version = int(options.get("rules", BOARD.current_rules))
    if version not in BOARD.rules:
        versions = join(", ", (str(v) for v in sorted(BOARD.rules)))
        raise RulesError(msg("Successors has rules versions {versions}, not {version}.", versions=versions, version=version), code="OLD_RULES")
    packages = BOARD.packages_of({"n": n, "rules": version})
    draft = options.get("draft") in (True, "on")
    # §2.1 the packages are shuffled to the seats; §12.6 with the draft the seats are the letters
    # in join order, and each drafts a package (state["package"]) before the forces are placed
    seats = sorted(packages) if draft else ctx.shuffle(sorted(packages))
    state["seats"] = seats
    state["n"] = n
    if version != OLD_RULES:     # a snapshot without the key is a game of rules 4 (docs/balance.md)
        state["rules"] = version
    if options.get(WORDS) != "english":   # a log saved before issue 36 replays as it was (core/replay.py)
        state[WORDS] = 1
    state["gens"] = {}
    state["cus"] = {}
    state["pcs"] = {}
    state["p"] = {}
    holder = {}
    for seat in seats:
        if draft:
            state["p"][seat] = new_player(0)                    # until the seat's package is drafted
        else:
            place_package(state, seat, seat, holder)
    for g in BOARD.generals:                                    # Polyperchon, Demetrios, Peukestas
        state["gens"].setdefault(g, {"o": None, "at": "out", "in": False})
    for sid, sp in BOARD.spaces.items():                        # §2.3 control at start
        if sp["start"] == "IND":
            state["pcs"][sid] = "IND"
        elif sp["start"] and not draft:
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
    if draft:
        state["options"]["draft"] = True                        # §12.6 (absent: older games' exact state)
    if options.get("losses") == "ask":                          # §6.8 owners asked (absent: standing order,
        state["options"]["losses"] = "ask"                      # so older games keep their exact state)
    state["deck"] = deck_of(state)                              # §2.4.6 cards #1-#57 (§12.4: #60)
    state["discard"] = []
    state["removed"] = []
    state["table"] = []
    state["siege"] = {}                                         # §7 siege points by space
    state["inside"] = {}                                        # §5.5 CUs inside city walls
    state["assaults"] = {}                                      # §7.2 rolls this round
    # rules version 2 kept a movement question here; questions now live on the stack (questions.ask)
    # and the key stays None: stored snapshots hold it, and a replay must reproduce them exactly
    state["pend"] = None
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
    if draft:
        state["draft"] = {"order": list(reversed(seats)), "left": sorted(packages)}   # §12.6
        state["package"] = {}
        ctx.say(msg("Successors: the packages are drafted, one at a time in reverse seat order (§12.6): {value}.", value=join(", ", (msg("{p} ({describe_package})", p=p, describe_package=describe_package(state, p)) for p in sorted(packages)))))
        return
    ctx.say(msg("Successors: {value}.", value=join(", ", (
        msg("{s} takes package {s2} ({colours}: {name})", s=seat_ref(s), s2=s, colours=BOARD.colours[s], name=join(', ', (BOARD.generals[g]['name'] for g in packages[s]['generals'])))
        for s in seats))))
