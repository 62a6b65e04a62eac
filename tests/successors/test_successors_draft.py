"""§12.6 Package draft (optional rule, `/new successors draft=on`): instead of the shuffle of
§2.1, the players pick the packages one at a time in reverse seat order; then every package
is placed as in §2.1-§2.3 and the game begins."""
import random

import pytest

from bot.words.names import seat_labels
from core.errors import RulesError
from core.games.successors import GAME
from core.games.successors.board import BOARD
from render.successors import NAMED, seat_colour
from tests.successors.conftest import act, only


def drafted(n, picks=None, seed="d"):
    state, _ = GAME.start([f"p{i}" for i in range(n)], {"draft": "on"}, seed)
    order = []
    for i in range(n):
        seat = only(state)
        order.append(seat)
        line = f"pick {picks[i].lower()}" if picks else GAME.prompts(state)[seat].actions[-1]
        state, _ = act(state, seat, line)
    return state, order


def test_12_6_draft_is_an_option_of_new():
    assert "§12.6" in GAME.option_verbs["draft"].help
    assert GAME.parse_options(["draft=on"]) == {"draft": "on"}
    plain, _ = GAME.start(["a", "b", "c"], {}, "x")
    assert "draft" not in plain and "package" not in plain and "draft" not in plain["options"]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_12_6_packages_are_picked_one_at_a_time_in_reverse_seat_order(n):
    state, _ = GAME.start([f"p{i}" for i in range(n)], {"draft": "on"}, "d")
    seats = sorted(BOARD.packages[n])
    assert state["seats"] == seats                      # no shuffle (§2.1 replaced): join order
    assert not [g for g, d in state["gens"].items() if d["o"]]      # nothing placed before the draft
    asked = []
    for _ in range(n):
        seat = only(state)
        asked.append(seat)
        prompt = GAME.prompts(state)[seat]
        assert "§12.6" in prompt.text and all(line.startswith("pick ") for line in prompt.actions)
        assert not GAME.invariants(state)
        state, _ = act(state, seat, prompt.actions[0])
    assert asked == list(reversed(seats))
    assert "draft" not in state and GAME.prompts(state) and not GAME.invariants(state)


def test_12_6_a_drafted_package_gives_its_generals_forces_and_control_to_the_seat():
    state, order = drafted(3, picks=["A", "C", "B"])      # C picks A, B picks C, A picks B
    assert state["package"] == {"C": "A", "B": "C", "A": "B"}
    for seat, package in state["package"].items():
        for g in BOARD.packages_of(state)[package]["generals"]:
            assert state["gens"][g]["o"] == seat
            assert state["gens"][g]["at"] == BOARD.generals[g]["start"]["space"]
        minors = BOARD.packages_of(state)[package]["minors"]
        assert state["gens"][f"{seat}1"]["at"] == minors[0]
        assert GAME.summary(state)["players"][seat]["package"] == package
    assert state["gens"]["perdikkas"]["o"] == "C"
    held = {sid: sp["start"].lower() for sid, sp in BOARD.spaces.items() if sp["start"] not in (None, "", "IND")}
    for sid, general in held.items():
        assert state["pcs"][sid] == state["gens"][general]["o"]


def test_12_6_a_package_already_taken_or_a_pick_out_of_turn_is_refused():
    state, _ = GAME.start(["a", "b", "c"], {"draft": "on"}, "d")
    state, _ = act(state, "C", "pick a")
    with pytest.raises(RulesError) as taken:
        act(state, "B", "pick a")
    assert taken.value.code in ("DRAFT", "NOT_NOW") and "B" in str(taken.value.message)
    with pytest.raises(RulesError) as early:
        act(state, "A", "pick b")
    assert early.value.code == "NOT_YOUR_TURN"


def test_12_6_a_drafted_game_plays_on_to_its_end_with_losses_asked_too():
    state, _ = GAME.start([f"p{i}" for i in range(4)], {"draft": "on", "losses": "ask"}, "d")
    rnd = random.Random(3)
    for _ in range(6000):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        line = GAME.sample(state, seat, rnd)
        state, _ = GAME.apply(state, seat, GAME.parse(line, GAME.sent_privately(line, prompts[seat])))
        assert not GAME.invariants(state)
    assert GAME.outcome(state)[0]


def test_1_2_12_6_a_seat_takes_the_colour_of_the_package_it_drafted():
    """§1.2 colours belong to packages (A Purple, B Blue, C Yellow): with the §12.6 draft the
    seat's colour is its drafted package's, in the summary, the names' colours, /me and the map."""
    state, _ = GAME.start(["p0", "p1", "p2"], {"draft": "on"}, "d")
    assert GAME.summary(state)["players"]["C"]["colour"] is None     # nothing drafted yet: no colour
    state, _ = drafted(3, picks=["A", "C", "B"])                     # C picks A, B picks C, A picks B
    view = GAME.view(state, "C")
    for seat, package in state["package"].items():
        colour = BOARD.colours[package]
        assert GAME.summary(state)["players"][seat]["colour"] == colour
        assert GAME.seat_colours(state)[seat]["colour"] == colour
        assert seat_colour(seat, GAME.view(state, None)) == NAMED[colour]
    assert seat_labels(GAME, state)["C"] == "C, purple"
    assert GAME.describe(view).startswith("Seat C (Purple)")
    plain, _ = GAME.start(["p0", "p1", "p2"], {}, "d")                # without the draft: the letter's
    assert {s: GAME.summary(plain)["players"][s]["colour"] for s in plain["seats"]} == \
        {s: BOARD.colours[s] for s in plain["seats"]}
