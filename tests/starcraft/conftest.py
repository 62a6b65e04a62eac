"""Helpers for the StarCraft tests: start games, act as a seat, edit states for a rule."""
from core.game import Ctx
from core.games.starcraft import GAME
from core.games.starcraft.common import new_unit

FACTIONS = ["raynor", "tassadar", "queen", "mengsk", "aldaris", "overmind"]


def act(state, seat, line):
    """Apply one command line as `seat` (private verbs sent privately, as from a DM)."""
    action = GAME.parse(line, private=True)
    return GAME.apply(state, seat, action)


def started(n=2, factions=None, seed="t", rules=None):
    """A game past the lobby: factions claimed in seat order, starting transports placed on
    their default routes; round 1 Planning is next. `rules`: an earlier rules version (§18)."""
    state, _ = GAME.start([f"u{i}" for i in range(n)], {"rules": rules} if rules else {}, seed)
    for i, f in enumerate(factions or FACTIONS[:n]):
        state, _ = act(state, f"P{i + 1}", f"faction {f}")
    while state["phase"] == "transport":
        state, _ = act(state, state["turn"], GAME.timeout_line(state, state["turn"]))
    return state


def ctx(state):
    """A Ctx over `state` itself: rule functions called with it change `state` in place."""
    return Ctx(state)


def clear(state):
    """An empty galaxy: no units, bases, transports, stacks or resource cards (workers in pools)."""
    for d in state["areas"].values():
        d["units"], d["base"] = [], None
    state["transports"], state["stacks"] = [], {}
    for p in state["p"].values():
        p["cards"], p["assigned"] = [], 0
    return state


def put(state, area, seat, kind, n=1):
    made = []
    for _ in range(n):
        u = new_unit(state, seat, kind)
        state["areas"][area]["units"].append(u)
        made.append(u)
    return made


def base(state, area, seat):
    state["areas"][area]["base"] = seat


def cards(state, seat, *ids, used=()):
    state["p"][seat]["cards"] = [{"id": c, "used": c in used} for c in ids]
    state["p"][seat]["assigned"] = len(used)
    p = state["p"][seat]
    p["wsupply"] = 12 - p["pool"] - p["assigned"] - p["unavailable"]


def execution_with(state, stacks, turn="P1"):
    """Put `state` in Execution with the given stacks {planet: [(owner, type, special)]}."""
    state["phase"], state["turn"] = "execution", turn
    state["stacks"] = {}
    for planet, orders in stacks.items():
        for owner, kind, special in orders:
            state["order_seq"] += 1
            state["stacks"].setdefault(planet, []).append(
                {"id": state["order_seq"], "owner": owner, "type": kind, "special": special})
    return state


def text(events, public_only=False):
    return "\n".join(e.text for e in events if not public_only or e.to is None)
