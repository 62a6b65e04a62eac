"""Step II, §5.10 independent armies in motion (activated by the cards of step III: here the
activation is started directly), and §1.5 fleets."""
import pytest

from core.errors import RulesError
from core.game import Ctx
from core.games.successors import GAME, activation, naval, scoring
from core.games.successors.forces import cus_at

from .conftest import act, battlefield, place_cus, put_gen, texts


def lead(army, at=None):
    state, order = battlefield()
    a = order[0]
    if at:
        state["indep"][army] = at
    activation.start_independent(Ctx(state), a, army)
    return state, a, order


def test_three_mp_no_roll():  # §5.10
    state, order = battlefield()
    n = state["rng"]["n"]
    activation.start_independent(Ctx(state), order[0], "greek_army")
    a = order[0]
    assert state["act"]["mp"] == 3 and state["rng"]["n"] == n
    assert list(GAME.prompts(state)) == [a]                          # the activating player decides


def test_greek_army_stays_in_greece_and_thessaly():  # §1.8, §5.10
    state, a, _ = lead("greek_army", "delphoi")
    lines = GAME.prompts(state)[a].actions
    assert "move lamia" in lines and "move ambrakia" not in lines     # Thessaly yes, Epirus no
    with pytest.raises(RulesError, match="stay in"):
        act(state, a, "move ambrakia")


def test_ariarathes_stays_in_kappadokia():  # §1.8
    state, a, _ = lead("ariarathes", "mazaka")
    lines = GAME.prompts(state)[a].actions
    assert "move tyana" in lines and "move ankyra" not in lines


def test_scythians_enter_from_their_box_and_go_anywhere():  # §1.13, §5.10
    state, a, _ = lead("scythians")
    assert set(GAME.prompts(state)[a].actions) >= {"move odessos", "move seuthopolis"}
    state["pcs"]["odessos"] = a
    state["pcs"]["byzantion"] = a
    state, ev = act(state, a, "move odessos byzantion")               # placing costs nothing; a Major City
    assert state["indep"]["scythians"] == "byzantion" and state["act"]["mp"] == 2
    assert state["pcs"]["odessos"] == a                               # passing removes nothing
    state, ev = act(state, a, "stop")
    assert state["pcs"]["byzantion"] == a                             # a Major City is only besieged (§7.9)


def test_end_of_movement_removes_a_player_pc():  # §5.10
    state, a, order = lead("greek_army", "athenai")
    state["pcs"]["chalkis"] = order[1]
    state, _ = act(state, a, "move chalkis")
    state, _ = act(state, a, "stop")
    assert "chalkis" not in state["pcs"]
    state["pcs"]["korinthos"] = "IND"
    state, a, _ = lead("greek_army", "athenai")
    state["pcs"]["korinthos"] = "IND"
    state, _ = act(state, a, "move korinthos")
    state, _ = act(state, a, "stop")
    assert state["pcs"]["korinthos"] == "IND"                        # Independent PCs stay


def test_never_into_another_independent_army():  # §5.10
    state, a, _ = lead("greek_army", "athenai")
    state["indep"]["illyrians"] = "chalkis"
    assert "move chalkis" not in GAME.prompts(state)[a].actions


def test_greek_soldiers_go_west_and_leave_in_europe():  # §5.10
    state, a, _ = lead("greek_soldiers")
    assert GAME.prompts(state)[a].actions[:1] == ("move baktra",)
    state, _ = act(state, a, "move baktra susia")                     # placed (0 MP), then 1 MP west
    assert state["indep"]["greek_soldiers"] == "susia" and state["act"] is None   # one declared path
    state, a, _ = lead("greek_soldiers", "baktra")
    assert "move marakanda" not in GAME.prompts(state)[a].actions     # x 2257 is not west of 2254
    with pytest.raises(RulesError, match="farther"):
        act(state, a, "move marakanda")
    state, _ = act(state, a, "move susia")
    assert state["indep"]["greek_soldiers"] == "susia"
    state, a, _ = lead("greek_soldiers", "abydos")
    state, _ = act(state, a, "move sestos")                            # Europe: leaves the game
    assert state["indep"]["greek_soldiers"] == "removed" and state["act"] is None


def test_independent_attacks_a_player_and_the_player_chooses(dice):  # §5.10, §5.4.1
    state, a, order = lead("greek_army", "athenai")
    b = order[1]
    put_gen(state, f"{b}1", b, "chalkis")
    place_cus(state, "chalkis", b, merc=1)
    state, _ = act(state, a, "move chalkis")
    assert list(GAME.prompts(state)) == [b]                           # the defender's choice
    dice += [6]
    state, ev = act(state, b, "stand")                                # 4 against 1: crushed
    assert state["counts"]["crushings"] == 1 and state["act"] is None  # its movement ends


def test_players_intercept_independents_from_the_active_player(dice):  # §5.8.3
    state, a, order = lead("greek_army", "athenai")
    put_gen(state, f"{a}1", a, "delphoi")
    place_cus(state, "delphoi", a, mac=3)
    state, _ = act(state, a, "move chalkis")
    assert list(GAME.prompts(state)) == [a] and "intercept delphoi" in GAME.prompts(state)[a].actions
    dice += [6, 1, 1, 5, 5]                                           # intercept; Greeks 4+2 against 6+10
    state, ev = act(state, a, "intercept delphoi")
    assert state["counts"]["battles"] == 1                            # it always fights
    assert state["indep"]["greek_army"] == "removed"


def test_independent_draw_falls_back_to_its_box(dice):  # §6.9.2
    state, a, order = lead("scythians")
    b = order[1]
    put_gen(state, f"{b}1", b, "odessos")
    place_cus(state, "odessos", b, merc=3)
    state, _ = act(state, a, "move odessos")
    dice += [2, 2, 3, 2]                                              # 4+4 against 3+5: drawn
    state, ev = act(state, b, "stand")
    assert "drawn" in texts(ev)
    assert state["indep"]["scythians"] == "box"                       # placed from its box: back to it
    assert cus_at(state, "odessos", b) == {"merc": 2}                 # the player side loses 1, they none


# §1.5 fleets -------------------------------------------------------------------------------------
def test_fleet_strength_and_largest_fleet():  # §1.5, §8.5
    state, order = battlefield()
    a, b, c = order
    for s in order:
        state["p"][s]["fleets"] = []
    state["p"][a]["fleets"] = [2]
    state["p"][b]["fleets"] = [1]
    base = scoring.vp(state, a)
    state["pcs"]["tyros"] = b                                         # the Phoenician fleet (2)
    assert scoring.fleet_strength(state, b) == 3 and scoring.vp(state, a) == base - 2
    state["ifleets_disp"] = ["phoenician"]                            # dispersed: not active
    assert scoring.fleet_strength(state, b) == 1 and scoring.vp(state, a) == base


def test_dispersed_fleet_returns(dice):  # §1.5
    state, order = battlefield()
    a = order[0]
    state["p"][a]["fleets"] = [1, 2]
    naval.disperse_fleet(Ctx(state), a)
    assert state["p"][a]["fleets"] == [2] and state["p"][a]["fleets_disp"] == [1]
