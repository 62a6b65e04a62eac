"""[seed] rules of §3-§10 re-read against the seeds (the Spanish turn sequence and the Russian
rules extracts in shared/rules/seeds): one test per point that the earlier tests left open or
where the code differed from the rule."""
from core.game import Ctx
from core.games.successors import GAME, movement

from .conftest import act, battlefield, place_cus, put_gen


def lead(army, at=None):
    state, order = battlefield()
    if at:
        state["indep"][army] = at
    movement.start_independent(Ctx(state), order[0], army)
    return state, order[0], order


# §5.10 / §6.11 an independent army that crushes ends its movement there ------------------------
def test_independent_crusher_removes_the_player_pc_where_it_ends(dice):  # §5.10, §6.11.5, §6.10.6
    """Seed (Russian 16.x): in every non-Major-City space where an independent army ends its
    movement it removes the control marker; a crush ends its movement (§6.11.5)."""
    state, a, order = lead("greek_army", "athenai")
    b = order[1]
    state["pcs"]["chalkis"] = b
    put_gen(state, f"{b}1", b, "chalkis")
    place_cus(state, "chalkis", b, merc=1)                           # 4 against 1: crushed
    state, _ = act(state, a, "move chalkis")
    state, _ = act(state, b, "stand")
    assert state["counts"]["crushings"] == 1 and state["act"] is None
    assert "chalkis" not in state["pcs"]


def test_independent_crusher_in_a_major_city_only_besieges(dice):  # §5.10, §6.11.5, §7.9
    state, a, order = lead("greek_army", "chalkis")
    b = order[1]
    state["pcs"]["athenai"] = b
    put_gen(state, f"{b}1", b, "athenai")
    state, _ = act(state, a, "move athenai")
    state, _ = act(state, b, "stand")                                # a lone general: crushed
    assert state["counts"]["crushings"] == 1
    assert state["pcs"]["athenai"] == b


# §5.10 the 23000 Greek Soldiers may decline to move and raise an Independent PC ---------------
def test_greek_soldiers_decline_to_move_and_place_an_independent_pc():  # §5.10
    """Seed: the 23000 may refuse to move in order to place an Independent PC where they are
    (a Minor City or Stronghold), replacing any player PC."""
    state, a, order = lead("greek_soldiers", "susia")
    state["pcs"]["susia"] = order[1]
    assert "hold" in GAME.prompts(state)[a].actions
    state, ev = act(state, a, "hold")
    assert state["pcs"]["susia"] == "IND" and state["act"] is None
    assert state["indep"]["greek_soldiers"] == "susia"


def test_greek_soldiers_hold_only_before_moving_and_not_in_a_major_city():  # §5.10
    state, a, _ = lead("greek_soldiers", "baktra")                   # a Major City
    assert "hold" not in GAME.prompts(state)[a].actions
    state, a, _ = lead("greek_soldiers")                             # still in the box
    assert "hold" not in GAME.prompts(state)[a].actions
    state, a, _ = lead("greek_army", "chalkis")                      # only the 23000
    assert "hold" not in GAME.prompts(state)[a].actions
    state, a, _ = lead("greek_soldiers", "susia")
    state, _ = act(state, a, "stop")                                 # stopping is not holding
    assert state["pcs"].get("susia") != "IND"
