"""Step II, §7 sieges and assaults, §5.5 inside the walls, §4.3 step C, §7.10 sallies, §12.1 sorties."""
import pytest

from core.errors import RulesError
from core.game import Ctx
from core.games.successors import GAME, sieges
from core.games.successors.forces import besieged, cus_at, inside_cus

from .conftest import act, activate, battlefield, place_cus, put_gen, texts


def besieger(space="larisa", pc="IND", cus=None, n=3):
    state, order = battlefield(n)
    a, b = order[0], order[1]
    state["pcs"][space] = b if pc == "opp" else pc
    put_gen(state, f"{a}1", a, space)
    place_cus(state, space, a, **(cus or {"merc": 3}))
    return state, a, b


# §7.1 --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("space,pc,inside,need", [
    ("lamia", "IND", 0, 1),                 # Independent Minor City
    ("korinthos", "IND", 0, 2),             # Independent Stronghold
    ("larisa", "IND", 2, 3),                # Independent Major City: 3 always
    ("larisa", "opp", 0, 1),                # opponent Major City, no CU inside
    ("larisa", "opp", 1, 2),
    ("larisa", "opp", 2, 3),
])
def test_siege_points_table(space, pc, inside, need):  # §7.1
    state, a, b = besieger(space, pc)
    if inside:
        owner = state["pcs"][space]
        if owner != "IND":
            place_cus(state, space, owner, merc=inside)
            state["inside"][space] = {"merc": inside}
    assert sieges.is_target(state, space, a) and sieges.besieges(state, space, a)
    assert sieges.needed(state, space) == need


def test_not_targets():  # §7.1 opponent Minor Cities and uncontrolled Major Cities
    state, a, b = besieger("lamia", "opp")
    assert not sieges.is_target(state, "lamia", a)
    state["pcs"].pop("larisa", None)
    assert not sieges.is_target(state, "larisa", a)


@pytest.mark.parametrize("roll,result,gain", [(-1, "repulsed", 0), (1, "repulsed", 0), (2, "no effect", 0),
                                              (3, "no effect", 0), (4, "+1 SP", 1), (5, "+1 SP", 1),
                                              (6, "+2 SP", 2), (8, "+2 SP", 2)])
def test_assault_table(roll, result, gain):  # §7.3
    assert sieges.table(roll) == (result, gain)


def test_modifiers():  # §7.4
    state, a, b = besieger("pella")
    state["p"][a]["fleets"] = []
    assert sieges.modifier(state, a, "pella", [f"{a}1"]) == -1 - 1     # Mod −1, port with FS 0 −1
    state["p"][a]["fleets"] = [1]
    assert sieges.modifier(state, a, "pella", [f"{a}1"]) == -1
    assert sieges.modifier(state, a, "lamia", []) == 0                  # Minor Cities 0
    assert sieges.modifier(state, a, "pella", ["demetrios", f"{a}1"]) == 0   # Demetrios +1
    state["assault_cards"] = {a: [14]}
    assert sieges.modifier(state, a, "pella", [f"{a}1"]) == 0           # Heliopolis +1
    state["assault_cards"] = {a: [49]}
    assert sieges.modifier(state, a, "pella", [f"{a}1"]) == 2           # Traitor in the City +3
    state["assault_cards"] = {a: [20]}
    assert sieges.modifier(state, a, "pella", [f"{a}1"]) == -3          # Fortified Walls −2


def test_assault_costs_one_mp_and_gains_sp(dice):  # §7.2, §7.3
    state, a, b = besieger()
    state = activate(state, a, dice)
    assert "assault" in GAME.prompts(state)[a].actions
    dice.append(4)
    state, ev = act(state, a, "assault")
    assert state["act"]["mp"] == 3 and state["siege"]["larisa"]["sp"] == 1
    assert GAME.view(state, None)["sieges"] == {"larisa": 1}
    assert state["counts"]["sieges"] == 1


def test_repulsed_loses_a_cu(dice):  # §7.3
    state, a, b = besieger()
    state = activate(state, a, dice)
    dice.append(1)
    state, _ = act(state, a, "assault")
    assert cus_at(state, "larisa", a) == {"merc": 2}


def test_two_activation_rolls_per_round(dice):  # §7.2 limit
    state, a, b = besieger()
    state = activate(state, a, dice)
    dice += [2, 3]
    state, _ = act(state, a, "assault")
    state, _ = act(state, a, "assault")
    assert "assault" not in GAME.prompts(state)[a].actions
    with pytest.raises(RulesError):
        act(state, a, "assault")
    assert sieges.allowed(state, "larisa", "march") and sieges.allowed(state, "larisa", "surrender")
    state["assaults"]["larisa"] = [1, 2, 2]
    assert not any(sieges.allowed(state, "larisa", s) for s in ("surrender", "march", "activation"))
    state["round"] += 1                                               # a new round starts afresh
    assert sieges.allowed(state, "larisa", "activation")


def test_lone_general_cannot_assault(dice):  # §7.2
    state, a, b = besieger()
    state = activate(state, a, dice)
    state["act"]["cus"] = {}
    assert "assault" not in GAME.prompts(state)[a].actions
    with pytest.raises(RulesError):
        act(state, a, "assault")


def test_fall_of_an_independent_city(dice):  # §7.7.1, §7.7.5
    state, a, b = besieger("lamia")
    state = activate(state, a, dice)
    dice.append(4)
    state, ev = act(state, a, "assault")
    assert state["pcs"]["lamia"] == a and "lamia" not in state["siege"]
    assert "falls" in texts(ev)


def test_fall_of_an_opponent_city(dice):  # §7.7.2-4
    state, a, b = besieger("larisa", "opp", cus={"mac": 3})
    place_cus(state, "larisa", b, merc=1, royal=0 or 1)
    state["inside"]["larisa"] = {"merc": 1, "royal": 1}
    put_gen(state, "peithon", b, "larisa", inside=True)
    state["royals"]["herakles"].update(at="larisa", by="peithon")
    state["p"][a]["champion"] = False
    state["p"][b]["champion"] = True                                  # higher EL: royals stay (§7.5)
    state["siege"]["larisa"] = {"o": a, "sp": 2, "rc": False}
    state = activate(state, a, dice)
    dice.append(4)
    state, ev = act(state, a, "assault")
    assert state["pcs"]["larisa"] == a
    assert cus_at(state, "larisa", b) == {} and state["gone_cus"].get("royal") == 1
    assert state["gens"]["peithon"]["at"] == "dispersed"
    assert state["royals"]["herakles"]["by"] == f"{a}1"
    assert "larisa" not in state.get("inside", {})


def test_royal_cus_inside_change_sides(dice):  # §7.5
    state, a, b = besieger("larisa", "opp")
    place_cus(state, "larisa", b, royal=2)
    state["inside"]["larisa"] = {"royal": 2}
    state["p"][b]["champion"] = False                                 # a has the higher EL
    state = activate(state, a, dice)
    dice.append(4)
    state, ev = act(state, a, "assault")
    assert "join" in texts(ev)
    assert cus_at(state, "larisa", a).get("royal") == 2
    assert state["pcs"]["larisa"] == a                                # then 1 SP needed: it falls


def test_siege_points_go_when_the_besieger_leaves(dice):  # §7.8
    state, a, b = besieger()
    state["siege"]["larisa"] = {"o": a, "sp": 2, "rc": True}
    state = activate(state, a, dice)
    state, _ = act(state, a, "move lamia")
    assert "larisa" not in state["siege"]


def test_independent_army_besieges(dice):  # §7.9
    state, order = battlefield()
    a = order[0]
    state["pcs"]["larisa"] = a
    state["indep"]["greek_army"] = "larisa"
    assert besieged(state, "larisa", a)
    assert not sieges.besieges(state, "larisa", a)                    # it never gains SP


def test_defender_goes_inside_then_returns_to_the_field(dice):  # §5.5.2, §5.5.4
    state, order = battlefield()
    a, b = order[0], order[1]
    state["pcs"]["pella"] = b
    put_gen(state, f"{b}1", b, "pella")
    place_cus(state, "pella", b, merc=2)
    put_gen(state, f"{a}1", a, "pydna")
    place_cus(state, "pydna", a, mac=3)
    state = activate(state, a, dice)
    state, _ = act(state, a, "move pella")
    assert "inside" in GAME.prompts(state)[b].actions
    state, ev = act(state, b, "inside")
    assert inside_cus(state, "pella", b) == {"merc": 2} and state["gens"][f"{b}1"]["in"]
    assert state["counts"]["battles"] == 0 and state["act"]["at"] == "pella"
    assert sieges.needed(state, "pella") == 3
    state, _ = act(state, a, "move pydna")                            # the besieger leaves
    assert "pella" not in state.get("inside", {}) and not state["gens"][f"{b}1"]["in"]


def test_surrender_roll(dice):  # §4.3 step C
    state, a, b = besieger("lamia")
    state.update(segment="surrender", sroll=False)
    from core.games.successors import sequence
    ctx = Ctx(state)
    sequence.advance(ctx)
    p = GAME.prompts(state)
    assert p[a].actions == ("assault lamia", "done")
    dice.append(5)
    state, ev = act(state, a, "assault lamia")
    assert state["pcs"]["lamia"] == a and state["segment"] in ("tyche", "activation")
    assert state["assaults"]["lamia"][0] == 1


def test_sally(dice):  # §7.10 (a)
    state, order = battlefield()
    a, b = order[0], order[1]
    state["pcs"]["pella"] = a
    put_gen(state, "krateros", a, "pella", inside=True)
    place_cus(state, "pella", a, mac=2)
    state["inside"]["pella"] = {"mac": 2}
    put_gen(state, f"{b}1", b, "pella")
    place_cus(state, "pella", b, merc=1)
    state = activate(state, a, dice, gen="krateros")
    assert state["act"]["sally"] and "sally" in GAME.prompts(state)[a].actions
    dice += [5, 5, 1, 2, 6]                                            # 4+10 against 1+3
    state, ev = act(state, a, "sally")
    assert state["counts"]["battles"] == 1 and state["counts"]["crushings"] == 0
    assert cus_at(state, "pella", b) == {}
    assert not state["gens"]["krateros"]["in"]


def test_sortie(dice):  # §12.1
    state, order = battlefield()
    a, b = order[0], order[1]
    state["options"]["sorties"] = True
    state["pcs"]["larisa"] = b
    place_cus(state, "larisa", b, merc=1)
    state["inside"]["larisa"] = {"merc": 1}
    put_gen(state, f"{a}1", a, "larisa")
    place_cus(state, "larisa", a, merc=3)
    state = activate(state, a, dice)
    dice.append(5)
    state, _ = act(state, a, "assault")                               # 1 SP of 2
    assert list(GAME.prompts(state)) == [b]
    dice.append(6)
    state, ev = act(state, b, "sortie")
    assert state["siege"]["larisa"]["sp"] == 0 and cus_at(state, "larisa", a) == {"merc": 3}
    assert list(GAME.prompts(state)) == [a]                           # each CU once per activation


def test_sail_into_own_besieged_port(dice):  # §5.6.4
    state, order = battlefield()
    a, b = order[0], order[1]
    state["pcs"]["athenai"] = a
    put_gen(state, f"{b}1", b, "athenai")
    place_cus(state, "athenai", b, merc=3)
    put_gen(state, f"{a}1", a, "miletos")                               # miletos → athenai: a sea lane
    place_cus(state, "miletos", a, merc=1)
    for s in state["seats"]:
        state["p"][s]["fleets"] = []
    state["p"][a]["fleets"] = [1]
    state = activate(state, a, dice)
    state, ev = act(state, a, "move athenai")
    assert inside_cus(state, "athenai", a) == {"merc": 1} and state["act"] is None
    assert state["counts"]["battles"] == 0


def test_sorties_option():  # §12.1 off by default, `/new successors sorties=on`
    assert GAME.parse_options(["sorties=on"]) == {"sorties": "on"}
    on, _ = GAME.start(["a", "b"], {"sorties": "on"}, "o")
    off, _ = GAME.start(["a", "b"], {}, "o")
    assert on["options"]["sorties"] and not off["options"]["sorties"]


def test_selfplay_with_sorties():  # §12.1 in play
    import random
    for seed in range(3):
        state, _ = GAME.start(["a", "b", "c"], {"sorties": "on"}, f"s{seed}")
        rnd = random.Random(seed)
        while GAME.prompts(state):
            seat = rnd.choice(sorted(GAME.prompts(state)))
            state, _ = GAME.apply(state, seat, GAME.parse(GAME.sample(state, seat, rnd), private=True))
            assert GAME.invariants(state) == []
        assert GAME.outcome(state)[0]
