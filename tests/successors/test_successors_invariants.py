"""The self-play checker (`GAME.invariants`) still catches a broken state: each corruption of a
mid-game state below must be reported, directly and through the service's self-play driver.
(The checker only looks at the occupied spaces for §5.4.3; these tests keep it honest.)"""
import random

import pytest

from bot.console.selfplay import play_one
from core.games.successors import GAME
from core.games.successors.board import BOARD


def mid_game(actions: int = 150, seed: str = "inv"):
    rnd = random.Random(seed)
    state, _ = GAME.start([f"p{i}" for i in range(5)], {}, seed)
    for _ in range(actions):
        prompts = GAME.prompts(state)
        seat = rnd.choice(sorted(prompts))
        line = GAME.sample(state, seat, rnd)
        state, _ = GAME.apply(state, seat, GAME.parse(line, line in prompts[seat].private))
    assert GAME.invariants(state) == [] and not state.get("pend")
    return state


def empty_space(state) -> str:
    return next(s for s in BOARD.spaces if s not in state["cus"] and s not in state["indep"].values()
                and s not in state["pcs"] and not any(g["at"] == s for g in state["gens"].values()))


def test_two_sides_in_the_field_of_an_empty_space_are_caught():  # §5.4.3
    state = mid_game()
    space = empty_space(state)
    a, b = state["seats"][:2]
    state["cus"][space] = {a: {"merc": 1}, b: {"merc": 1}}
    assert any(f"{space}: field units of" in problem for problem in GAME.invariants(state))


def test_a_side_in_the_field_with_an_independent_army_is_caught():  # §5.4.3
    state = mid_game()
    space = next(at for at in state["indep"].values() if at in BOARD.spaces)
    state["cus"].setdefault(space, {})[state["seats"][0]] = {"merc": 1}
    assert any("'IND'" in problem for problem in GAME.invariants(state))


def test_one_side_alone_in_a_space_is_fine():  # §5.4.3
    state = mid_game()
    state["cus"][empty_space(state)] = {state["seats"][0]: {"merc": 1}}
    assert GAME.invariants(state) == []


@pytest.mark.parametrize("corrupt, says", [
    (lambda s: s["p"][s["seats"][0]]["hand"].append(s["deck"][0]), "Tyche cards lost or duplicated"),
    (lambda s: s["cus"].setdefault(empty_space(s), {}).update({s["seats"][1]: {"merc": 99}}),
     "more merc CUs than counters"),
    (lambda s: s["gens"][next(iter(s["gens"]))].update(at="nowhere"), "at unknown place nowhere"),
    (lambda s: s["gens"].pop(next(g for g in s["gens"] if g[0].isupper())), "minor generals lost"),
])
def test_other_corruptions_are_caught(corrupt, says):
    state = mid_game()
    corrupt(state)
    assert any(says in problem for problem in GAME.invariants(state))


def test_selfplay_driver_reports_a_broken_invariant(service, monkeypatch):  # §5.4.3
    """A rules bug that leaves two sides in one space's field stops self-play with the problem."""
    original = type(GAME)._apply

    def broken(self, ctx):
        original(self, ctx)
        state = ctx.state
        space = empty_space(state)
        state["cus"][space] = {seat: {"merc": 1} for seat in state["seats"][:2]}

    monkeypatch.setattr(type(GAME), "_apply", broken)
    report = play_one(service, "successors", 3, "broken", max_actions=30)
    assert any("field units of" in problem for problem in report.problems), report.problems


def test_a_neutral_type_past_its_counters_is_said_for_every_seat():  # §1.4: the whole game's pool
    state = mid_game()
    state["cus"].setdefault(empty_space(state), {})[state["seats"][1]] = {"eleph": 99}
    assert [p for p in GAME.invariants(state) if "eleph" in p] == \
        [f"more eleph CUs than counters for {seat}" for seat in state["seats"]]
