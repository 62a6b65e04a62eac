"""Step II, §5 movement: interception (§5.8), avoiding battle (§5.9), naval interception (§5.7),
PC removal (§5.4.4), enemies only inside (§5.4.2), Stronghold attrition (§5.12), the view."""
import pytest

from core.errors import RulesError
from core.games.successors import GAME
from core.games.successors.forces import cus_at
from core.games.successors.questions import question

from .conftest import act, activate, battlefield, place_cus, put_gen, texts


def setup(att=None, b_at="tempe", b_cus=None, a_at="pella", a_alone=False):
    state, order = battlefield()
    a, b = order[0], order[1]
    for s in state["seats"]:
        state["p"][s]["fleets"] = []
    put_gen(state, f"{a}1", a, a_at)
    if not a_alone:
        place_cus(state, a_at, a, **(att or {"mac": 2}))
    if b_at:
        put_gen(state, f"{b}1", b, b_at)
        place_cus(state, b_at, b, **(b_cus or {"merc": 2}))
    return state, a, b


# §5.8 land interception --------------------------------------------------------------------------
def test_interception_is_asked_of_the_opponent(dice):  # §5.8.1-3
    state, a, b = setup()
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    p = GAME.prompts(state)
    assert list(p) == [b] and p[b].actions == ("intercept tempe", "decline")


def test_interception_succeeds_and_the_mover_fights(dice):  # §5.8.3-5
    state, a, b = setup()
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    dice.append(6)                                                  # 6 > Initiative 5
    state, ev = act(state, b, "intercept tempe")
    assert cus_at(state, "pydna", b) == {"merc": 2} and state["gens"][f"{b}1"]["at"] == "pydna"
    assert list(GAME.prompts(state)) == [a] and GAME.prompts(state)[a].actions == ("fight", "fallback")
    dice += [3, 3, 1, 2, 6]
    state, ev = act(state, a, "fight")
    assert state["counts"] == {"battles": 1, "sieges": 0, "crushings": 0}   # no crushing check
    assert state["p"][a]["champion"]                               # not an attack (§5.8.5)
    assert cus_at(state, "pydna", b) == {}


def test_interception_then_fall_back(dice):  # §5.8.4
    state, a, b = setup()
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    dice.append(6)
    state, _ = act(state, b, "intercept tempe")
    state, _ = act(state, a, "fallback")
    assert state["act"] is None and cus_at(state, "pella", a) == {"mac": 2}


def test_interception_fails(dice):  # §5.8.3
    state, a, b = setup()
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    dice.append(5)                                                  # not greater than 5
    state, ev = act(state, b, "intercept tempe")
    assert "fails" in texts(ev) and list(GAME.prompts(state)) == [a]
    assert state["act"]["tried"] == [f"{b}:tempe"]


def test_lone_general_intercepted_falls_back(dice):  # §5.8.4
    state, a, b = setup(a_alone=True)
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    dice.append(6)
    state, _ = act(state, b, "intercept tempe")
    assert state["gens"][f"{a}1"]["at"] == "pella" and state["act"] is None


def test_no_interception_into_a_transit_point(dice):  # §5.8.1
    state, a, b = setup(a_at="pydna", b_at="larisa")
    state = activate(state, a, dice)
    state, _ = act(state, a, "move tempe")
    assert not question(state) and state["act"]["at"] == "tempe"


def test_no_interception_across_a_sea_lane(dice):  # §5.8.2
    state, a, b = setup(a_at="pella", b_at="pagasai")              # pagasai–pydna is a sea lane
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    assert not question(state)


# §5.9 avoiding battle ------------------------------------------------------------------------------
def test_avoid_battle_succeeds(dice):  # §5.9.2-3
    state, a, b = setup(b_at="amphipolis", b_cus={"merc": 1})
    state = activate(state, a, dice)
    state, _ = act(state, a, "move amphipolis")
    assert "avoid pella" not in GAME.prompts(state)[b].actions      # not where the enemy came from
    dice.append(6)
    state, ev = act(state, b, "avoid abdera")
    assert cus_at(state, "abdera", b) == {"merc": 1} and state["act"]["at"] == "amphipolis"
    assert state["counts"]["battles"] == 0 and state["counts"]["crushings"] == 0


def test_avoid_battle_fails_then_crush(dice):  # §5.9.4
    state, a, b = setup(b_at="amphipolis", b_cus={"merc": 1})
    state = activate(state, a, dice)
    state, _ = act(state, a, "move amphipolis")
    dice.append(2)
    state, ev = act(state, b, "avoid abdera")
    assert state["counts"]["crushings"] == 1


def test_eumenes_avoids_without_a_roll(dice):  # §5.9.2
    state, a, b = setup(b_at="amphipolis", b_cus={"merc": 1})
    state["gens"][f"{b}1"]["at"] = "reserve"
    put_gen(state, "eumenes", b, "amphipolis")
    state = activate(state, a, dice)
    state, _ = act(state, a, "move amphipolis")
    n = state["rng"]["n"]
    state, ev = act(state, b, "avoid abdera")
    assert state["rng"]["n"] == n and state["gens"]["eumenes"]["at"] == "abdera"


def test_cus_without_a_general_cannot_avoid(dice):  # §5.9 last line
    state, a, b = setup(b_at="amphipolis", b_cus={"merc": 1})
    state["gens"][f"{b}1"]["at"] = "reserve"
    state = activate(state, a, dice)
    state, _ = act(state, a, "move amphipolis")
    assert state["counts"]["crushings"] == 1                       # nobody was asked


# §5.7 naval interception -----------------------------------------------------------------------------
def naval(dice):
    state, a, b = setup(att={"merc": 2}, a_at="miletos", b_at=None)
    state["p"][a]["fleets"] = [1]
    state["p"][b]["fleets"] = [2]
    state = activate(state, a, dice)
    state, _ = act(state, a, "move athenai")
    assert list(GAME.prompts(state)) == [b] and GAME.prompts(state)[b].actions == ("intercept", "decline")
    return state, a, b


def test_naval_interception_won_by_the_interceptor(dice):  # §5.7.2-3
    state, a, b = naval(dice)
    dice += [4, 5, 1]                                               # 4 + (2 − 1) = 5; 7 against 2
    state, ev = act(state, b, "intercept")
    assert state["act"] is None and cus_at(state, "miletos", a) == {"merc": 1}
    assert state["p"][a]["fleets"] == [] and state["p"][a]["fleets_disp"] == [1]


def test_naval_interception_won_by_the_mover(dice):  # §5.7.3
    state, a, b = naval(dice)
    dice += [4, 1, 6]                                               # 3 against 7
    state, ev = act(state, b, "intercept")
    assert state["act"]["at"] == "athenai" and state["p"][b]["fleets_disp"] == [2]


def test_naval_interception_tie_and_failure(dice):  # §5.7.2-3
    state, a, b = naval(dice)
    dice += [4, 2, 3]                                               # 4 against 4: back, nobody loses
    state, ev = act(state, b, "intercept")
    assert state["act"] is None and cus_at(state, "miletos", a) == {"merc": 2}
    state, a, b = naval(dice)
    dice += [3]                                                     # 3 + 1 < 5
    state, ev = act(state, b, "intercept")
    assert state["act"]["at"] == "athenai"


# §5.4 ------------------------------------------------------------------------------------------------
def test_remove_a_pc_for_one_mp(dice):  # §5.4.4
    state, a, b = setup(b_at=None)
    state["pcs"]["pydna"] = b
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    assert "remove" in GAME.prompts(state)[a].actions
    mp = state["act"]["mp"]
    state, _ = act(state, a, "remove")
    assert "pydna" not in state["pcs"] and state["act"]["mp"] == mp - 1
    state["pcs"]["pydna"] = "IND"
    assert "remove" not in GAME.prompts(state)[a].actions           # never Independent PCs


def test_enemy_only_inside_means_no_battle(dice):  # §5.4.2
    state, a, b = setup(b_at=None)
    state["pcs"]["pella"] = b
    place_cus(state, "pella", b, merc=1)
    state["inside"]["pella"] = {"merc": 1}
    state["gens"][f"{a}1"]["at"] = "pydna"
    state["cus"]["pydna"] = state["cus"].pop("pella")
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pella")
    assert not question(state) and state["counts"]["battles"] == 0
    state, _ = act(state, a, "move amphipolis")                    # it may move on
    assert state["act"]["at"] == "amphipolis"


# §5.12 -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,left", [(1, 1), (2, 1), (3, 2), (6, 2)])
def test_stronghold_attrition(dice, roll, left):  # §5.12
    state, a, b = setup(att={"merc": 2}, a_at="athenai", b_at=None)
    state["pcs"]["korinthos"] = "IND"
    state = activate(state, a, dice)
    dice.append(roll)
    state, _ = act(state, a, "move korinthos")
    assert sum(cus_at(state, "korinthos", a).values()) == left


def test_lone_general_no_attrition(dice):  # §5.12
    state, a, b = setup(a_alone=True, a_at="athenai", b_at=None)
    state["pcs"]["korinthos"] = "IND"
    state = activate(state, a, dice)
    n = state["rng"]["n"]
    state, _ = act(state, a, "move korinthos")
    assert state["rng"]["n"] == n


def test_last_activation_in_the_view(dice):  # view for the map
    state, a, b = setup(b_at=None)
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    state, _ = act(state, a, "stop")
    assert GAME.view(state, None)["last_activation"] == {"seat": a, "path": ["pella", "pydna"]}


def test_drop_off_units(dice):  # §5.1
    state, a, b = setup(att={"mac": 2, "merc": 1}, b_at=None)
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pydna")
    state, _ = act(state, a, "leave merc=1")
    assert state["act"]["cus"] == {"mac": 2}
    state, _ = act(state, a, "move pella")
    assert cus_at(state, "pydna", a) == {"merc": 1} and cus_at(state, "pella", a) == {"mac": 2}
    state, _ = act(state, a, "stop")
    with pytest.raises(RulesError):                                 # dropped units count as activated
        act(state, a, f"activate {a}1")


def test_no_burial_with_an_enemy_field_force(dice):  # §9.6.3, §6.10.7
    from core.games.successors import marching
    state, a, b = setup(b_at=None)
    state["body"] = {"st": "cart", "at": "pella", "by": f"{a}1"}
    assert marching.can_bury(state, a) == "pella"
    put_gen(state, f"{b}1", b, "pella")
    assert marching.can_bury(state, a) is None
