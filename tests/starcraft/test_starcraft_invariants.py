"""The self-play checker (`GAME.invariants`) still catches a broken StarCraft state: each corruption of
a mid-game state below must be reported (the checker counts units, cards and bases in one pass a seat;
these tests keep it honest)."""
import random

import pytest

from core.games.starcraft.board import BOARD
from core.games.starcraft.game import GAME
from tests.robots.positions import random_step


def mid_game(players: int = 3, actions: int = 120, seed: int = 4):
    rnd = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(players)], {}, f"inv-{seed}")
    for _ in range(actions):
        state, _ = random_step(GAME, state, rnd)
    assert GAME.invariants(state) == [] and state["phase"] != "factions"
    return state


def first_unit(state, seat):
    return next(u for d in state["areas"].values() for u in d["units"] if u["owner"] == seat)


def test_units_past_their_supply_are_caught():  # §2.4
    state = mid_game()
    seat = state["seats"][0]
    unit = first_unit(state, seat)
    area = next(d for d in state["areas"].values() if unit in d["units"])
    supply = BOARD.unit(state, unit["type"])["supply"]
    area["units"] += [dict(unit, id=f"{unit['id']}x{n}") for n in range(supply)]
    assert f"{seat}: more {unit['type']} than supply" in GAME.invariants(state)


@pytest.mark.parametrize("corrupt, says", [
    (lambda s: s["p"][s["seats"][0]]["hand"].append(s["p"][s["seats"][0]]["deck"][0]),
     "combat cards lost or duplicated"),
    (lambda s: s["event_discard"].append(s["event_deck"][0]), "event cards lost or duplicated"),
    (lambda s: s["p"][s["seats"][1]]["cards"].append(dict(s["p"][s["seats"][0]]["cards"][0])),
     "a resource card is held twice"),
    (lambda s: s["p"][s["seats"][0]].update(pool=s["p"][s["seats"][0]]["pool"] + 1), "workers"),
])
def test_other_corruptions_are_caught(corrupt, says):
    state = mid_game()
    corrupt(state)
    assert any(says in problem for problem in GAME.invariants(state))


def test_each_faction_deals_and_is_counted_by_its_own_combat_deck():  # §2.7
    for faction in BOARD.factions.values():
        deck = BOARD.combat_of[faction["prefix"]]
        assert list(deck) == sorted(c for c in BOARD.combat if c.startswith(faction["prefix"] + "-")) and deck
    state = mid_game()
    for seat in state["seats"]:
        p = state["p"][seat]
        prefix = BOARD.factions[p["faction"]]["prefix"]
        assert sorted(p["deck"] + p["hand"] + p["discard"]) == list(BOARD.combat_of[prefix])
