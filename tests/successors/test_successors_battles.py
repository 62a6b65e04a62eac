"""Step II, §5.4 entering spaces and §6 battles, with forced dice (the `dice` fixture)."""
import pytest

from core.errors import RulesError
from core.game import Ctx, seat_ref, without_seat_refs
from core.games.successors import GAME, battles
from core.games.successors.forces import cus_at, field_cus
from core.games.successors.questions import question
from core.message import kept

from .conftest import act, battlefield, place_cus, put_gen, texts


def two_armies(att=None, dfn=None, at="pella", to="amphipolis", n=3):
    """a's army (minor general a1) at `at`, b's (b1) at `to`; returns state, a, b."""
    state, order = battlefield(n)
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, at)
    place_cus(state, at, a, **(att or {"mac": 2}))
    put_gen(state, f"{b}1", b, to)
    place_cus(state, to, b, **(dfn or {"merc": 2}))
    return state, a, b


def go(state, a, dice, mp_roll, dest="amphipolis", gen=None):
    dice.append(mp_roll)
    state, _ = act(state, a, f"activate {gen or a + '1'}")
    return act(state, a, f"move {dest}")


# §5.4.1 ------------------------------------------------------------------------------------------
def test_defender_is_asked_and_the_attacker_waits(dice):  # §5.4.1, §5.9.1
    state, a, b = two_armies()
    state, ev = go(state, a, dice, 1)
    assert question(state)["kind"] == "defend"
    prompts = GAME.prompts(state)
    assert list(prompts) == [b]                                    # the defender's seat decides
    assert "stand" in prompts[b].actions and any(line.startswith("avoid ") for line in prompts[b].actions)
    with pytest.raises(RulesError):
        act(state, a, "stop")


def test_entering_an_enemy_field_force_stops_the_path(dice):  # §5.4.1
    state, a, b = two_armies(dfn={"merc": 1})
    state["gens"][f"{b}1"]["at"] = "reserve"                        # CUs without a general: no options
    dice.append(6)                                                  # 4 MP
    state, _ = act(state, a, f"activate {a}1")
    state, ev = act(state, a, "move amphipolis pella")
    assert "rest of the path is dropped" in texts(ev)
    assert state["counts"]["crushings"] == 1                      # 4 against 1: crushed
    assert cus_at(state, "amphipolis", b) == {}


def test_battle_won_by_the_attacker(dice):  # §6.2, §6.4, §6.5, §6.6, §6.8, §6.10.3
    state, a, b = two_armies()
    state, _ = go(state, a, dice, 1)
    dice += [3, 3, 1, 2, 6]                                         # a 3+3, b 1+2, b's leader roll 6
    state, ev = act(state, b, "stand")
    t = texts(ev)
    assert "strength 4, dice 3+3, score 10" in t and "strength 2, dice 1+2, score 5" in t
    assert cus_at(state, "amphipolis", b) == {}                    # D 5: loser loses 2 (§6.8)
    assert cus_at(state, "amphipolis", a) == {"mac": 2}             # winner loses 0
    assert state["gens"][f"{b}1"]["at"] == "reserve"               # no CUs left: dispersed (minor → reserve)
    assert state["act"] and state["act"]["at"] == "amphipolis"    # the winner may go on (§6.10.5)
    assert state["counts"]["battles"] == 1
    assert GAME.view(state, None)["last_battle"]["space"] == "amphipolis"
    # the channel's line marks the winner's seat for the service to name; the picture's keeps the letter
    assert f"{seat_ref(a)} wins by 5" in t
    # the picture's line is the battle's message kept whole (issue 36): the winner a field the picture
    # draws as his letter (render/successors/panels.battle_line)
    said = kept(GAME.view(state, None)["last_battle"]["text"])
    assert said.id == battles.BATTLE_AT and said.args["text"].args["said3"] == seat_ref(a)
    assert without_seat_refs(said).endswith(f": {a} wins by 5.")


def test_losing_attacker_falls_back_and_ends(dice):  # §6.10.4
    state, a, b = two_armies(att={"merc": 2}, dfn={"mac": 2})
    state, _ = go(state, a, dice, 1)
    dice += [2, 3, 5, 5, 6]                                          # a 5, b 4+10: D 9; a's leader roll 6
    state, ev = act(state, b, "stand")
    assert state["act"] is None
    assert cus_at(state, "pella", a) == {} and state["gens"][f"{a}1"]["at"] == "reserve"
    assert cus_at(state, "amphipolis", b) == {"mac": 2}


def test_draw_each_loses_one_and_attacker_returns(dice):  # §6.9
    state, a, b = two_armies(att={"merc": 3}, dfn={"merc": 3})
    state, _ = go(state, a, dice, 1)
    dice += [3, 4, 4, 3]
    state, ev = act(state, b, "stand")
    assert "drawn" in texts(ev)
    assert cus_at(state, "pella", a) == {"merc": 2} and cus_at(state, "amphipolis", b) == {"merc": 2}
    assert state["act"] is None


def test_combat_factor_raises_dice():  # §6.5.2
    assert battles.raise_dice([1, 5], 3) == [3, 5]
    assert battles.combat_factor("ptolemaios", "memphis") == 4      # §1.3.2 in Egypt
    assert battles.combat_factor("ptolemaios", "pella") == 3
    assert battles.combat_factor(None, "pella") == 1                # §1.3.4 no commander


def test_elephants_worked_example(dice):  # §6.14 three Elephants rolling 3, 5 and 1 give 4
    assert battles.elephant_strength([3, 5, 1]) == 4
    state, _ = battlefield()
    dice += [3, 5, 1]
    side = {"seat": "A", "army": None, "gens": [], "cus": {"eleph": 3}}
    assert battles.strength(Ctx(state), side) == 4


def test_strength_by_type():  # §6.4, §6.12, §6.13
    state, _ = battlefield()
    side = {"seat": "A", "army": None, "gens": [], "cus": {"merc": 1, "mac": 1, "royal": 1, "silver": 2}}
    assert battles.strength(Ctx(state), side) == 1 + 2 + 2 + 6
    assert battles.strength(Ctx(state), side, aside=1) == 1 + 2 + 6   # set-aside Royal CUs add nothing
    assert battles.strength(Ctx(state), {"seat": None, "army": "greek_army", "gens": [], "cus": {"indep": 4}}) == 4


@pytest.mark.parametrize("d,loser,winner", [(1, 2, 1), (2, 2, 1), (3, 2, 0), (5, 2, 0), (6, 3, 0), (8, 3, 0),
                                             (9, 4, 0), (11, 4, 0), (12, None, 0), (20, None, 0)])
def test_loss_table(d, loser, winner):  # §6.8
    assert battles.loss_table(d) == (loser, winner)


def test_leader_loss_double_one(dice):  # §6.7 both dice natural 1: the commander dies even winning
    state, a, b = two_armies(att={"mac": 4}, dfn={"merc": 2, "mac": 1})
    state["gens"][f"{a}1"]["at"] = "reserve"
    put_gen(state, "krateros", a, "pella")
    state, _ = go(state, a, dice, 1, gen="krateros")
    dice += [1, 1, 1, 2, 6]                                          # a 8+4+4=16 (raised), b 1+1+2
    state, ev = act(state, b, "stand")
    assert state["gens"]["krateros"]["at"] == "dead"
    assert "Krateros is killed" in texts(ev)


def test_leader_loss_of_the_loser(dice):  # §6.7 loser's commander dies on 1 (1-2 with D ≥ 6)
    state, a, b = two_armies(att={"mac": 4}, dfn={"mac": 2})
    state["gens"][f"{b}1"]["at"] = "reserve"
    put_gen(state, "peithon", b, "amphipolis")
    state, _ = go(state, a, dice, 1)
    dice += [4, 4, 2, 2, 2]                                          # a 8+8, b 4+2+2: D 8; roll 2
    state, ev = act(state, b, "stand")
    assert state["gens"]["peithon"]["at"] == "dead"


def test_royal_army_check_sets_aside_and_transfers(dice):  # §6.3.2, §6.3.3
    state, a, b = two_armies(att={"mac": 3}, dfn={"royal": 1, "merc": 2})
    state["p"][a]["champion"] = True
    state["p"][b]["champion"] = False                               # b: lower EL
    state, _ = go(state, a, dice, 1)
    dice += [4, 4, 1, 2, 6]                                          # a 14, b 2 + 3 = 5: D 9
    state, ev = act(state, b, "stand")
    t = texts(ev)
    assert "sets 1 Royal CU aside" in t and "strength 2," in t
    assert cus_at(state, "amphipolis", a).get("royal") == 1        # joined the winner
    assert state["act"]["cus"].get("royal") == 1


def test_all_royal_force_goes_over(dice):  # §6.3.4
    state, a, b = two_armies(att={"mac": 2}, dfn={"royal": 2})
    state["p"][b]["champion"] = False
    state, _ = go(state, a, dice, 1)
    state, ev = act(state, b, "stand")
    assert "go over" in texts(ev)
    assert cus_at(state, "amphipolis", a) == {"mac": 2, "royal": 2}
    assert state["gens"][f"{b}1"]["at"] == "reserve"


def test_crushing_threshold():  # §6.11.2-3
    assert battles.crushes({"mac": 2}, {"merc": 1})                 # 4 against 1
    assert not battles.crushes({"merc": 3}, {"merc": 1})
    assert battles.crushes({"eleph": 2}, {"merc": 1})               # Elephants count 2
    assert battles.crushes({"merc": 1}, {})                         # no CUs: always crushed
    assert not battles.crushes({"mac": 7}, {"indep": 4})           # 14 < 16


def test_crushing_effects(dice):  # §6.11.4-6
    state, a, b = two_armies(att={"mac": 4}, dfn={"merc": 2})
    state["royals"]["herakles"].update(at="amphipolis", by=f"{b}1")
    state, _ = go(state, a, dice, 1)
    state, ev = act(state, b, "stand")
    assert "crushes" in texts(ev)
    assert cus_at(state, "amphipolis", b) == {} and state["gens"][f"{b}1"]["at"] == "reserve"
    assert state["royals"]["herakles"]["by"] == f"{a}1"             # captured
    assert state["act"]["mp"] == 1                                  # no MP spent, may go on
    assert state["p"][a]["champion"] is False                      # a crush is an attack (§9.5)


def test_independent_army_beaten_is_removed(dice):  # §6.10.4, §6.12, §1.8
    state, order = battlefield()
    a = order[0]
    state["indep"]["ariarathes"] = "mazaka"
    put_gen(state, "krateros", a, "tyana")
    place_cus(state, "tyana", a, mac=4)
    state, _ = go(state, a, dice, 1, dest="mazaka", gen="krateros")
    assert state["counts"]["battles"] == 1 or state["counts"]["crushings"] == 1
    dice.clear()
    state, order = battlefield()
    a = order[0]
    state["indep"]["scythians"] = "odessos"
    put_gen(state, "krateros", a, "seuthopolis")
    place_cus(state, "seuthopolis", a, mac=3)
    dice += [1, 5, 5, 1, 1]                                          # a 6+10 = 16 ... b 4 + 2 = 6
    state, _ = act(state, a, "activate krateros")
    state, ev = act(state, a, "move odessos")
    assert state["indep"]["scythians"] == "box"                    # back to its box
    assert cus_at(state, "odessos", a) == {"mac": 3}                # D 10 but the winner loses 0


def test_independent_winner_stays_and_attacker_falls_back(dice):  # §6.12, §6.8 independents lose nothing
    state, order = battlefield()
    a = order[0]
    state["indep"]["greek_army"] = "athenai"
    put_gen(state, f"{a}1", a, "delphoi")
    place_cus(state, "delphoi", a, merc=2)
    dice += [1, 1, 2, 6, 6, 6]                                        # a 2+1+2, G 4+12
    state, _ = act(state, a, f"activate {a}1")
    state, ev = act(state, a, "move athenai")
    assert state["indep"]["greek_army"] == "athenai"
    assert "Greek Army loses" not in texts(ev)


def test_champion_flip_on_attack(dice):  # §9.5.2
    state, a, b = two_armies()
    assert state["p"][a]["champion"] and state["p"][b]["champion"]
    state, _ = go(state, a, dice, 1)
    dice += [3, 3, 1, 2, 6]
    state, _ = act(state, b, "stand")
    assert state["p"][a]["champion"] is False and state["p"][b]["champion"] is True


def test_losing_defender_chooses_the_retreat(dice):  # §6.10.4
    state, a, b = two_armies(att={"mac": 3}, dfn={"merc": 4}, at="amphipolis", to="pella")
    state, _ = go(state, a, dice, 1, dest="pella")
    dice += [3, 3, 1, 2, 6]                                          # 6+6=12 vs 4+3=7: D 5, b loses 2
    state, _ = act(state, b, "stand")
    p = GAME.prompts(state)
    assert list(p) == [b] and all(line.startswith("retreat ") for line in p[b].actions)
    assert "retreat amphipolis" not in p[b].actions                       # not where the Attacker came from
    dest = p[b].actions[0].split()[1]
    state, _ = act(state, b, f"retreat {dest}")
    assert cus_at(state, dest, b) == {"merc": 2}


def test_silver_shields_never_split():  # §6.13
    state, order = battlefield()
    a = order[0]
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, silver=2, merc=1)
    with pytest.raises(RulesError, match="never split"):
        act(state, a, f"activate {a}1 silver=1")


def test_silver_shields_change_sides_losing_a_cu():  # §6.13
    state, order = battlefield()
    a, b = order[0], order[1]
    place_cus(state, "pella", a, silver=2)
    battles.silver_change_sides(Ctx(state), "pella", a, b)
    assert cus_at(state, "pella", b) == {"silver": 1} and cus_at(state, "pella", a) == {}
    state["discard"].append(36)
    battles.silver_change_sides(Ctx(state), "pella", b, a)         # the second change eliminates them
    assert cus_at(state, "pella", a) == {} and state["gone_cus"]["silver"] == 2
    assert 36 in state["removed"]


def test_owner_chooses_the_losses(dice):  # §6.8 the owner's standing order
    state, a, b = two_armies(att={"mac": 4}, dfn={"merc": 2, "mac": 2})
    state, _ = go(state, a, dice, 1)
    state, _ = act(state, b, "losses mac")                          # may be set while asked
    assert state["p"][b]["loss_order"] == ["mac"]
    dice += [4, 4, 1, 2, 6]                                          # 8+8 against 6+3: D 7, 3 lost
    state, ev = act(state, b, "stand")
    assert "loses 2 Loyal Macedonian, 1 Mercenary" in texts(ev)


def test_fall_back_into_a_city_whose_defenders_came_out(dice):  # §5.5.4, §6.10.4 (gap filled)
    state, order = battlefield()
    a, b = order[0], order[1]
    state["pcs"]["pella"] = b
    put_gen(state, f"{b}1", b, "pella", inside=True)
    place_cus(state, "pella", b, merc=1)
    state["inside"]["pella"] = {"merc": 1}
    put_gen(state, f"{b}2", b, "amphipolis")
    place_cus(state, "amphipolis", b, mac=3)
    put_gen(state, f"{a}1", a, "pella")                              # a besieges pella
    place_cus(state, "pella", a, merc=6)
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move amphipolis")
    assert not state["gens"][f"{b}1"]["in"]                          # they came out (§5.5.4)
    dice += [1, 2, 5, 5, 6]
    state, ev = act(state, b, "stand")
    assert "go back inside" in texts(ev)
    assert state["gens"][f"{a}1"]["at"] == "pella" and field_cus(state, "pella", b) == {}


def test_equal_legitimacy_both_use_royals(dice):  # §6.3.2
    state, a, b = two_armies(att={"royal": 2}, dfn={"royal": 2})
    state["p"][a]["champion"] = state["p"][b]["champion"] = False    # (attacking a Champion flips first)
    state, _ = go(state, a, dice, 1)
    dice += [3, 3, 1, 2, 6]
    state, ev = act(state, b, "stand")
    assert "aside" not in texts(ev) and "strength 4," in texts(ev)


def test_active_woman_with_the_loser_becomes_inactive(dice):  # §6.10.2
    state, a, b = two_armies(att={"mac": 3}, dfn={"merc": 2})
    state["royals"]["kleopatra"].update(st="active", at="amphipolis", by=f"{b}1")
    state, _ = go(state, a, dice, 1)
    dice += [4, 4, 1, 2, 6]
    state, _ = act(state, b, "stand")
    r = state["royals"]["kleopatra"]
    assert r["st"] == "inactive" and r["by"] is None and r["at"] == "amphipolis"


def test_retreat_inside_own_major_city(dice):  # §6.10.4, §5.5.3
    state, a, b = two_armies(att={"mac": 3}, dfn={"merc": 4}, at="amphipolis", to="pella")
    state["pcs"]["pella"] = b
    state, _ = go(state, a, dice, 1, dest="pella")
    assert "inside" not in GAME.prompts(state)[b].actions             # 4 CUs do not fit (§5.5.2)
    dice += [3, 3, 1, 2, 6]                                          # D 5: b keeps 2
    state, _ = act(state, b, "stand")
    assert "retreat inside" in GAME.prompts(state)[b].actions
    state, _ = act(state, b, "retreat inside")
    assert state["inside"]["pella"] == {"merc": 2} and state["gens"][f"{b}1"]["in"]


def test_sea_attacker_without_fleet_is_dispersed(dice):  # §6.9.2, §6.10.4
    state, order = battlefield()
    a, b = order[0], order[1]
    for s in order:
        state["p"][s]["fleets"] = []
    put_gen(state, f"{a}1", a, "miletos")
    place_cus(state, "miletos", a, merc=2)
    state["p"][a]["fleets"] = [1]
    put_gen(state, f"{b}1", b, "athenai")
    place_cus(state, "athenai", b, mac=2)
    state, _ = go(state, a, dice, 1, dest="athenai")
    state["p"][a]["fleets"] = []                                      # its fleet is gone meanwhile
    dice += [3, 3, 4, 4, 6]
    state, ev = act(state, b, "stand")
    assert state["gens"][f"{a}1"]["at"] == "reserve" and cus_at(state, "miletos", a) == {}
