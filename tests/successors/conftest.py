"""Helpers for the Successors tests: build games, drive them, edit states."""
from functools import partial

import pytest

from core.game import Ctx
from core.games.successors import GAME
from core.games.successors.board import BOARD
from tests import rules_helpers
from tests.rules_helpers import single_seat, texts  # noqa: F401 — texts is imported from here by the tests


def new(n=3, seed="t", rules=None):
    """A fresh game (waiting for the §3.2.3 choice of First Player); `rules="4"`: of rules version 4
    (§15), for a test whose arithmetic is that version's heirs' LP and packages."""
    state, _ = GAME.start([f"p{i}" for i in range(n)], {"rules": rules} if rules else {}, seed)
    return state


def act(state, seat, line):
    return GAME.apply(state, seat, line)


def only(state):
    """The single seat that must act now."""
    return single_seat(GAME, state)


def choose_order(state, first=None, direction="left"):
    seat = only(state)
    first = first or state["seats"][0]
    return act(state, seat, f"first {first.lower()} {direction}")[0]


def to_strategy(n=3, seed="t"):
    """Turn I, round 1, waiting for the first player's Tyche segment."""
    return choose_order(new(n, seed))


run_until = partial(rules_helpers.run_until, GAME)   # run_until(state, pred, seed=0, limit=20000)


def ctx_for(state, seat=None):
    return Ctx(state, seat)


def clear_board(state):
    """Remove every unit and PC (tests then place what they need)."""
    state["cus"] = {}
    state["pcs"] = {}
    for g, d in state["gens"].items():
        if d["at"] in BOARD.spaces:
            d["at"] = "reserve" if g[0].isupper() else "out"
    for r in state["royals"].values():
        r["by"] = None
    state["body"]["by"] = None
    state["indep"] = {a: "box" for a in state["indep"]}
    return state


@pytest.fixture
def game():
    return GAME


def jump(state, turn, **changes):
    """Start Game Turn `turn` from this board (its Preparations Phase), after `changes`."""
    from core.game import copy_state
    from core.games.successors import sequence
    state = copy_state(state)
    state.update(turn=turn, phase="preparations", step="events", round=None, segment=None,
                 act=None, placing=None, cur=0)
    state.update(changes)
    ctx = Ctx(state)
    sequence.advance(ctx)
    return state, ctx.events


def place_cus(state, space, seat, **cus):
    from core.games.successors.forces import add_cus
    for k, n in cus.items():
        add_cus(state, space, seat, k, n)


def battlefield(n=3, seed="bf", turn=2):
    """Turn `turn`, round 1, the first seat's Activation segment, on an empty board.
    Returns (state, order)."""
    state = to_strategy(n, seed)
    clear_board(state)
    state.update(turn=turn, segment="activation", done=[], used={}, sroll=False, usurper=None)
    return state, list(state["order"])


def put_gen(state, gen, seat, space, inside=False):
    state["gens"][gen] = {"o": seat, "at": space, "in": inside}


@pytest.fixture
def dice(monkeypatch):
    """Force the next dice: append values to the returned list; when it is empty the real
    generator draws again."""
    from core import rng
    seq = []
    real = rng.draw

    def draw(seed, n, sides):
        return seq.pop(0) if seq else real(seed, n, sides)

    monkeypatch.setattr(rng, "draw", draw)
    return seq


def activate(state, seat, dice, roll=6, gen=None):
    """Activate `gen` (default: the seat's minor general I) with the MP die forced to `roll`."""
    dice.append(roll)
    state, _ = act(state, seat, f"activate {gen or seat + '1'}")
    return state


def armies(att=None, dfn=None, at="pella", to="amphipolis"):
    """a's army (minor general a1) at `at`, b's (b1) at `to`; nobody has a fleet."""
    state, order = battlefield()
    a, b = order[0], order[1]
    for s in state["seats"]:
        state["p"][s]["fleets"] = []
    put_gen(state, f"{a}1", a, at)
    place_cus(state, at, a, **(att or {"mac": 2}))
    if to:
        put_gen(state, f"{b}1", b, to)
        place_cus(state, to, b, **(dfn or {"merc": 2}))
    return state, a, b
