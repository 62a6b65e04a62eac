"""Helpers of the Infinity tests: drive `GAME` directly, check refusals leave the state alone."""
from __future__ import annotations

import orjson
import pytest

from core import rng
from core.errors import RulesError
from core.game import without_seat_refs
from core.games.infinity import GAME


def new(mission: str = "frontline", seed: str = "test-seed") -> dict:
    return GAME.setup(["alice", "bob"], {"mission": mission}, seed)


def act(state: dict, seat: str, line: str, private: bool = False):
    action = GAME.parse(line, private=private)
    assert GAME.parse(action.line, private=private) == action
    new_state, events = GAME.apply(state, seat, action)
    assert GAME.invariants(new_state) == []
    return new_state, events


def refuse(state: dict, seat: str, line: str, private: bool = False, code: str | None = None) -> RulesError:
    before = orjson.dumps(state)
    with pytest.raises(RulesError) as info:
        GAME.apply(state, seat, GAME.parse(line, private=private))
    assert orjson.dumps(state) == before
    if code is not None:
        assert info.value.code == code, info.value.message
    return info.value


PLAYERS = {"A": "alice", "B": "bob"}   # who `new` seats


def named(text: str) -> str:
    """A message as the service shows it: each marked seat (`seat_ref`) by the player sitting there."""
    return without_seat_refs(text, PLAYERS.get)


def texts(events, public_only: bool = False) -> str:
    return "\n".join(named(e.text) for e in events if not public_only or e.to is None)


def rosters(state: dict, a_lines=("Fusilier; wip=13; ph=10; s=2",), b_lines=("Alguacil; wip=14; ph=10; s=2",),
            a_hidden=(), b_hidden=(), lt=("A1", "B1"), ready=True) -> dict:
    """Enter rosters (public in the channel, hidden by DM), name Lieutenants, lock."""
    for seat, lines, hidden in (("A", a_lines, a_hidden), ("B", b_lines, b_hidden)):
        for line in lines:
            state, _ = act(state, seat, f"add {line}")
        for line in hidden:
            state, _ = act(state, seat, f"add {line}", private=True)
    for seat, tid in zip("AB", lt):
        state, _ = act(state, seat, f"lt {tid}", private=True)
    if ready:
        state, _ = act(state, "A", "ready")
        state, _ = act(state, "B", "ready")
    return state


def to_deployment(state: dict, p1: str = "A", zone_a: str = "south", first_turn: str = "A") -> dict:
    """Roll, then let the winner take deployment and fix zones, Player 1 and first turn."""
    state, _ = act(state, "A", "roll")
    w = state["winner"]
    o = "B" if w == "A" else "A"
    state, _ = act(state, w, "choose deployment")
    zone_w = zone_a if w == "A" else ("north" if zone_a == "south" else "south")
    state, _ = act(state, w, f"deploy zone={zone_w} first={'me' if p1 == w else 'them'}")
    state, _ = act(state, o, f"initiative first={'me' if first_turn == o else 'them'}")
    return state


def deploy_state(a_lines, b_lines, a_hidden=(), b_hidden=(), lt=("A1", "B1"), mission="frontline",
                 p1="A", seed="test-seed") -> dict:
    return to_deployment(rosters(new(mission, seed), a_lines, b_lines, a_hidden, b_hidden, lt), p1=p1)


def force_next_roll(state: dict, predicate) -> dict:
    """Give the state a seed whose next d20 satisfies `predicate` (tests only)."""
    n = state["rng"]["n"]
    for i in range(10000):
        seed = f"forced-{i}"
        if predicate(rng.draw(seed, n, 20)):
            state = orjson.loads(orjson.dumps(state))
            state["rng"]["seed"] = seed
            return state
    raise AssertionError("no seed found")


def seed_with_rolls(predicate, count: int = 2) -> str:
    """A seed whose first `count` d20 draws satisfy `predicate(list)`."""
    for i in range(100000):
        seed = f"search-{i}"
        if predicate([rng.draw(seed, n, 20) for n in range(count)]):
            return seed
    raise AssertionError("no seed found")


def trooper(state: dict, seat: str, tid: str) -> dict:
    return next(t for t in state["rosters"][seat] if t["id"] == tid)
