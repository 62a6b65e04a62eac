"""Helpers for the Ludi tests: start games, lay out a table, drive the prompts."""
from functools import partial

from core.games.ludi import GAME
from core.games.ludi.common import enter_play, owner
from core.games.ludi.data import B, G
from tests import rules_helpers
from tests.rules_helpers import single_seat, texts  # noqa: F401 — texts is imported from here by the tests


def new(n=3, seed="t", **options):
    state, events = GAME.start([f"u{i + 1}" for i in range(n)], options, seed)
    return state


def start_events(n=3, seed="t", **options):
    return GAME.start([f"u{i + 1}" for i in range(n)], options, seed)


def act(state, seat, line):
    return GAME.apply(state, seat, line)


def only(state):
    return single_seat(GAME, state)


def gid(name):
    return next(g for g in G if G[g]["name"] == name)


def bids(name):
    return sorted(b for b in B if B[b]["name"] == name)


def take_gladiator(state, g):
    """Lift a gladiator out of wherever it is (a hand, the centre, a deck)."""
    s = owner(state, g)
    if s:
        state["p"][s]["gl"].remove(g)
        del state["gl"][g]
    for pool in ("tiros", "vdeck", "vdiscard"):
        if g in state[pool]:
            state[pool].remove(g)


def take_building(state, b):
    for p in state["p"].values():
        if b in p["bld"]:
            p["bld"].remove(b)
    for pool in ("centre", "out"):
        if b in state[pool]:
            state[pool].remove(b)


def lay(state, seat, glads=None, blds=None, coins=None):
    """Give `seat` exactly these gladiators and buildings (names); the old ones go back to the
    centre (buildings), the Tiro pool or the veteran discard."""
    p = state["p"][seat]
    if glads is not None:
        for g in list(p["gl"]):
            take_gladiator(state, g)
            (state["tiros"] if G[g]["kind"] == "tiro" else state["vdiscard"]).append(g)
        state["tiros"].sort()
        for name in glads:
            g = gid(name)
            take_gladiator(state, g)
            enter_play(state, seat, g)
    if blds is not None:
        for b in list(p["bld"]):
            p["bld"].remove(b)
            state["centre"].append(b)
        for name in blds:
            b = next((b for b in bids(name) if b in state["centre"] or b in state["out"]), bids(name)[0])
            take_building(state, b)
            p["bld"].append(b)
        p["bld"].sort()
        state["centre"].sort()
    if coins is not None:
        p["coins"] = coins
    return state


def main_for(state, seat):
    """Make it `seat`'s Main phase, all gladiators ready, nothing pending."""
    state["active"] = seat
    state["stack"] = [{"s": "main", "seat": seat}]
    state["auction"] = None
    state["fight"] = None
    for g in state["gl"].values():
        g.update(tapped=False, chained=False)
    for p in state["p"].values():
        p.update(train=False, trained=None, works=0, builds=0, chained=False, won=False)
    return state


def cards(state, *ids):
    """Put these combat cards on top of the combat deck, in this order."""
    for c in ids:
        state["cdeck"].remove(c) if c in state["cdeck"] else state["cdiscard"].remove(c)
    state["cdeck"] = list(ids) + state["cdeck"]
    return state


def vets_on_top(state, *names):
    for name in names:
        take_gladiator(state, gid(name))
    state["vdeck"] = [gid(n) for n in names] + state["vdeck"]
    return state


def table(n=3, seed="t", **options):
    """A fresh game with p1 in its Main phase and an empty table to lay out."""
    state = new(n, seed, **options)
    for s in state["seats"]:
        lay(state, s, glads=[], blds=[], coins=0)
    return main_for(state, "p1")


run_until = partial(rules_helpers.run_until, GAME)   # run_until(state, pred, seed=0, limit=20000)
