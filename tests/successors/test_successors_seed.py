"""[seed] rules of §3-§10 re-read against the seeds (the Spanish turn sequence and the Russian
rules extracts in shared/rules/seeds): one test per point that the earlier tests left open or
where the code differed from the rule."""
import copy

import pytest

from core.errors import RulesError
from core.game import Ctx, without_seat_refs
from core.games.successors import GAME, activation, legitimacy, questions, reinforcements, royals, scoring, strategy
from core.games.successors.battles import champion_check, effective_legitimacy
from core.games.successors.forces import cus_at
from core.message import kept

from .conftest import act, armies, battlefield, clear_board, jump, new, place_cus, put_gen, texts
from .test_successors_cards import tyche


def lead(army, at=None):
    state, order = battlefield()
    if at:
        state["indep"][army] = at
    activation.start_independent(Ctx(state), order[0], army)
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


# §6.1 when a battle happens, and who is the Attacker -------------------------------------------
def two_armies(a_at, b_at, a_cus=None, b_cus=None):
    """a's army at `a_at`, b's at `b_at` (2 Loyal Macedonian CUs each by default), no fleets."""
    return armies(a_cus, b_cus or {"mac": 2}, at=a_at, to=b_at)


def test_a_move_into_an_enemy_field_force_is_a_battle_with_the_mover_attacking(dice):  # §6.1
    state, a, b = two_armies("pella", "amphipolis")
    dice.append(1)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move amphipolis")
    dice += [3, 3, 4, 4, 6]
    state, ev = act(state, b, "stand")
    assert f"{a} attacks {b}" in without_seat_refs(texts(ev)) and state["counts"]["battles"] == 1


def test_after_an_interception_the_mover_attacks_and_the_interceptor_defends(dice):  # §6.1, §5.8.3
    state, a, b = two_armies("amphipolis", "herakleia_lynkestis")
    dice.append(1)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move pella")
    dice.append(6)                                                   # 6 > Initiative 5
    state, _ = act(state, b, "intercept herakleia_lynkestis")
    assert state["gens"][f"{b}1"]["at"] == "pella"
    dice += [3, 3, 4, 4, 6]
    state, ev = act(state, a, "fight")
    assert f"{a} attacks {b}" in without_seat_refs(texts(ev)) and state["counts"]["battles"] == 1
    assert state["p"][a]["champion"] and state["p"][b]["champion"]   # not an attack (§9.5.4, §5.8.5)


def test_a_sally_is_a_battle_with_the_sallying_side_attacking(dice):  # §6.1, §7.10
    state, a, b = two_armies("pella", "pella", {"merc": 2}, {"mac": 1})
    state["pcs"]["pella"] = b
    state["inside"]["pella"] = {"mac": 1}
    state["gens"][f"{b}1"]["in"] = True
    state["order"] = [b] + [s for s in state["order"] if s != b]
    dice.append(1)
    state, _ = act(state, b, f"activate {b}1")
    assert "sally" in GAME.prompts(state)[b].actions
    dice += [3, 3, 4, 4, 6]
    state, ev = act(state, b, "sally")
    assert f"{b} attacks {a}" in without_seat_refs(texts(ev)) and state["counts"]["battles"] == 1



# §1.1 / §10 the three ways to win, and when Regency is checked -----------------------------------
def test_three_ways_to_win():  # §1.1, §10.1, §10.2, §10.3, §10.4
    state = new(3, "ways")
    state["turn"] = 2
    a = state["gens"]["perdikkas"]["o"]                              # Champion 3 + Perdikkas 1 + heir 1
    b = next(s for s in state["seats"] if s != a)
    assert scoring.immediate_winner(state) is None
    won = copy.deepcopy(state)
    won["p"][a]["pella"] = True                                      # + 10
    at = won["gens"]["perdikkas"]["at"]
    won["royals"]["kleopatra"].update(st="active", at=at, by="perdikkas")     # + 2
    won["royals"]["olympias"].update(st="active", at=at, by="perdikkas")      # + 2
    assert legitimacy.lp(won, a) >= 18
    assert scoring.immediate_winner(won) == (a, f"Legitimacy victory ({legitimacy.lp(won, a)} LP)")
    vp = copy.deepcopy(state)
    vp["p"][b]["favour"] = 12                                        # 24 VP and more
    assert scoring.immediate_winner(vp)[0] == b and "automatic VP" in scoring.immediate_winner(vp)[1]
    reg = copy.deepcopy(state)
    reg["p"][a]["favour"] = 5                                        # +10 VP: the highest LP + VP
    assert legitimacy.royal_controller(reg, "alexander_iv") == a
    assert royals.regency_winner(reg, "alexander_iv") == a
    assert scoring.final_winner(reg)[0] == [a]


def test_the_heirs_own_lp_count_for_his_controllers_regency():  # §10.3, §9.2
    """Why Regency ends most random self-play games: the controller of the heir coming of age
    counts that heir's LP (3 for Alexander IV under rules 4, §15) in his LP + VP, and random play
    never takes Alexander IV from Perdikkas's force, whose owner also has Perdikkas's 1 LP."""
    state = clear_board(new(2, "rgown", rules="4"))
    a, b = state["seats"]
    for s in (a, b):
        state["p"][s]["fleets"] = []
    put_gen(state, "perdikkas", a, "babylon")
    state["gens"]["perdikkas"]["o"] = a
    place_cus(state, "babylon", a, merc=1)
    state["royals"]["alexander_iv"].update(st="active", at="babylon", by="perdikkas")
    state["pcs"].update({"pella": b})                                # b: 0 VP (a Major City is not a province)
    assert legitimacy.lp_parts(state, a) == {"champion": 3, "perdikkas": 1, "heir": 3}
    assert royals.regency_winner(state, "alexander_iv") == a        # 7 + 0 against 3 + 0
    state["royals"]["alexander_iv"]["by"] = None                     # left unattended in b's Major City
    state["gens"]["perdikkas"]["at"] = "susa"
    state["cus"]["babylon"] = {}
    state["pcs"]["babylon"] = b
    assert legitimacy.royal_controller(state, "alexander_iv") == b   # counts as inside b's city (§9.7.2-3)
    assert royals.regency_winner(state, "alexander_iv") == b        # 3 + 3 against 3 + 1


def test_regency_is_checked_only_when_the_heir_comes_of_age():  # §10.3, §10.5, §3.2.1
    state = clear_board(new(3, "rgtime", rules="4"))   # rules 4 (§15): Alexander IV's 3 LP outweigh Herakles's 2
    a = state["seats"][0]
    put_gen(state, f"{a}1", a, "babylon")
    place_cus(state, "babylon", a, merc=1)
    state["royals"]["alexander_iv"].update(st="active", at="babylon", by=f"{a}1")
    state["royals"]["herakles"].update(st="active", at="babylon", by=f"{a}1")
    for s in ("babylon", "susa"):
        state["pcs"][s] = a
    assert royals.regency_winner(state, "alexander_iv") == a
    three, _ = jump(state, 3)                                        # Turn III: no heir comes of age
    assert three["result"] is None
    state["royals"]["alexander_iv"]["st"] = "throne"
    five, _ = jump(state, 5)                                         # Turn V: Herakles, not Alexander IV
    assert five["result"]["winner"] == a and "Herakles" in kept(five["result"]["reason"])
    state["royals"]["herakles"].update(at="susa", by=None)
    state["pcs"]["susa"] = state["seats"][1]
    state["royals"]["alexander_iv"]["st"] = "active"
    five, _ = jump(state, 5)                                         # controlling Alexander IV in Turn V: nothing
    assert five["result"] is None or "Regency" not in kept(five["result"]["reason"])


# §10.5 a burial is a moment of the immediate-victory check -------------------------------------------
def test_victory_is_checked_right_after_a_burial_inside_an_activation(dice):  # §10.5, §9.6.3, §9.6.4
    """§10.5 lists burial among the moments of the check: a player who reaches 18 LP by the
    Pella burial wins then, not at the end of the activation (when he may have lost an heir)."""
    state, order = battlefield(2, "burial")
    a = order[0]
    put_gen(state, f"{a}1", a, "amphipolis")
    place_cus(state, "amphipolis", a, merc=1)
    for rid in ("herakles", "kleopatra", "thessalonike"):
        state["royals"][rid].update(st="active", at="amphipolis", by=f"{a}1")
    state["body"] = {"st": "cart", "at": "amphipolis", "by": f"{a}1"}
    assert legitimacy.lp(state, a) == 8                               # Champion 3 + Herakles 2 + women 2 + 1
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move pella")
    assert "bury" in GAME.prompts(state)[a].actions
    state, ev = act(state, a, "bury")
    assert state["result"] is not None and state["result"]["winner"] == a
    assert kept(state["result"]["reason"]).startswith("Legitimacy")


# §9.6 Alexander's body ---------------------------------------------------------------------------
def test_an_unattended_cart_is_picked_up_unless_inside_an_opponents_city(dice):  # §9.6.2, §5.11
    state, order = battlefield(2, "cart")
    a, b = order
    put_gen(state, f"{a}1", a, "amphipolis")
    state["body"] = {"st": "cart", "at": "amphipolis", "by": None}
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    assert "take cart" in GAME.prompts(state)[a].actions             # a lone general may pick it up
    state, _ = act(state, a, "take cart")
    assert state["body"]["by"] == f"{a}1"
    state, order = battlefield(2, "cart2")
    a, b = order
    state["pcs"]["larisa"] = b                                        # inside b's Major City
    put_gen(state, f"{b}1", b, "larisa", inside=True)
    place_cus(state, "larisa", b, merc=1)
    state["inside"]["larisa"] = {"merc": 1}
    put_gen(state, f"{a}1", a, "larisa")
    place_cus(state, "larisa", a, merc=3)
    state["body"] = {"st": "cart", "at": "larisa", "by": None}
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    assert "take cart" not in GAME.prompts(state)[a].actions
    dice.append(6)                                                   # 6 + Mod 0 = +2 SP: 2 needed with 1 CU inside
    state, _ = act(state, a, "assault")
    assert state["pcs"]["larisa"] == a and state["body"]["by"] == f"{a}1"  # captured when it falls


def test_guardian_of_the_tomb_follows_control_of_the_city():  # §9.6.5, §9.6.6, §9.2
    state = clear_board(new(3, "tomb"))
    a, b, c = state["seats"]
    state["turn"] = 2
    state["body"] = {"st": "buried", "at": "babylon", "by": None}
    state["pcs"]["babylon"] = a
    assert legitimacy.lp_parts(state, a).get("guardian") == 2
    state["pcs"]["babylon"] = b                                      # control changes: the marker moves
    assert "guardian" not in legitimacy.lp_parts(state, a) and legitimacy.lp_parts(state, b)["guardian"] == 2
    state["pcs"]["babylon"] = "IND"                                  # Independent: nobody
    assert all("guardian" not in legitimacy.lp_parts(state, s) for s in state["seats"])
    del state["pcs"]["babylon"]                                      # uncontrolled: nobody
    assert all("guardian" not in legitimacy.lp_parts(state, s) for s in state["seats"])
    state["pcs"]["pella"] = a                                        # at Pella nobody is Guardian (§9.6.4)
    state["body"]["at"] = "pella"
    assert "guardian" not in legitimacy.lp_parts(state, a)


def test_the_tomb_is_sacred_ground_for_its_citys_defender():  # §9.6.6, §9.3
    state = clear_board(new(2, "sacred"))
    a, b = state["seats"]
    state["body"] = {"st": "buried", "at": "babylon", "by": None}
    state["pcs"]["babylon"] = b
    side = {"seat": b, "army": None, "gens": [f"{b}1"], "cus": {"mac": 2}}
    lp = legitimacy.lp(state, b)
    assert effective_legitimacy(state, side, "babylon", True) == lp + 4
    assert effective_legitimacy(state, side, "babylon", False) == lp      # never for the Attacker
    state["pcs"]["babylon"] = a                                      # b does not control the tomb's city
    assert effective_legitimacy(state, side, "babylon", True) == legitimacy.lp(state, b)


# §7.7 when a city falls: heirs captured, women made inactive -------------------------------------
def test_a_fallen_city_gives_up_its_heirs_and_its_women_become_inactive(dice):  # §7.7, §9.9
    state, order = battlefield(2, "fall")
    a, b = order
    state["pcs"]["babylon"] = b
    put_gen(state, f"{b}1", b, "babylon", inside=True)
    state["royals"]["philip_iii"].update(st="active", at="babylon", by=f"{b}1")
    state["royals"]["kleopatra"].update(st="active", at="babylon", by=f"{b}1")
    put_gen(state, f"{a}1", a, "babylon")
    place_cus(state, "babylon", a, merc=3)
    assert legitimacy.royal_controller(state, "philip_iii") == b
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    dice.append(6)                                                   # no CU inside: 1 SP takes it
    state, _ = act(state, a, "assault")
    assert state["pcs"]["babylon"] == a
    assert state["royals"]["philip_iii"]["by"] == f"{a}1" and legitimacy.royal_controller(state, "philip_iii") == a
    assert state["royals"]["kleopatra"]["st"] == "inactive" and state["royals"]["kleopatra"]["at"] == "babylon"
    assert state["gens"][f"{b}1"]["at"] == "reserve"                 # a minor general inside: the reserve


# §6.3.3 set-aside Royal CUs ----------------------------------------------------------------------
def royal_battle(dice, rolls):
    state, order = battlefield(2, "royal")
    a, b = order
    for s in order:
        state["p"][s]["fleets"] = []
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, merc=4)
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, royal=2, merc=2)
    state["p"][b]["champion"] = False                                # a's EL 3 > b's 0: b sets his Royal CUs aside
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move amphipolis")
    dice += rolls
    state, ev = act(state, b, "stand")
    return state, a, b, ev


def test_set_aside_royal_cus_join_the_winner_if_their_side_lost(dice):  # §6.3.2, §6.3.3
    state, a, b, ev = royal_battle(dice, [4, 4, 1, 1, 6])            # a 4+8=12, b 2+2=4 (royals add nothing)
    assert "sets 2 Royal CUs aside" in texts(ev)
    assert cus_at(state, "amphipolis", a)["royal"] == 2               # they go over to a
    assert cus_at(state, "amphipolis", b).get("royal", 0) == 0


def test_set_aside_royal_cus_stay_after_a_draw(dice):  # §6.3.3 (draw case)
    state, a, b, ev = royal_battle(dice, [1, 2, 2, 3])               # a 4+3=7, b 2+5=7 (royals add nothing)
    t = texts(ev)
    assert "sets 2 Royal CUs aside" in t and "drawn" in t
    assert cus_at(state, "amphipolis", b)["royal"] == 2              # they stay with b
    assert cus_at(state, "amphipolis", a).get("royal", 0) == 0 and cus_at(state, "pella", a) == {"merc": 3}


# §7.10 a sally is made in the owner's Activation segment ---------------------------------------------
def test_units_inside_a_besieged_city_cannot_be_force_marched():  # §7.10, §4.5, §4.4.3
    state, order = tyche([22], n=2)
    a, b = order
    state["pcs"]["larisa"] = a
    put_gen(state, f"{a}1", a, "larisa", inside=True)
    place_cus(state, "larisa", a, merc=1)
    state["inside"]["larisa"] = {"merc": 1}
    put_gen(state, f"{b}1", b, "larisa")
    place_cus(state, "larisa", b, merc=3)
    with pytest.raises(RulesError, match="Activation segment"):
        GAME.apply(state, a, GAME.parse(f"play 22 march {a}1", private=True))
    state["gens"][f"{a}1"]["in"] = False                              # in the field, the same card marches him
    state["inside"] = {}
    state["cus"]["larisa"].pop(b)
    state["gens"][f"{b}1"]["at"] = "lamia"
    state, _ = GAME.apply(state, a, GAME.parse(f"play 22 march {a}1", private=True))
    assert state["act"]["kind"] == "march" and state["act"]["mp"] == 3


# §9.4, §9.5, §9.7.4 ------------------------------------------------------------------------------
def test_effective_legitimacy_may_be_negative():  # §9.4, §9.3
    state = clear_board(new(2, "el"))
    a = state["seats"][0]
    state["p"][a]["champion"] = False
    assert legitimacy.lp(state, a) == 0
    side = {"seat": a, "army": None, "gens": ["eumenes"], "cus": {"mac": 1}}
    assert effective_legitimacy(state, side, "babylon", False) == -2


def test_attacks_on_and_by_a_diadochos_change_nothing():  # §9.5.5, §9.5.2
    state = clear_board(new(3, "dia"))
    a, b, c = state["seats"]
    state["usurper"] = None
    state["p"][b]["champion"] = False                                # b is a Diadochos
    ctx = Ctx(state)
    side = {"army": None, "gens": [], "cus": {"merc": 1}}
    champion_check(ctx, dict(side, seat=a), dict(side, seat=b))      # a Champion attacks a Diadochos
    assert state["p"][a]["champion"] is True
    champion_check(ctx, dict(side, seat=b), dict(side, seat=c))      # a Diadochos attacks a Champion
    assert state["p"][b]["champion"] is False and state["p"][c]["champion"] is True
    champion_check(ctx, dict(side, seat=a), dict(side, seat=c))      # a Champion attacks a Champion
    assert state["p"][a]["champion"] is False
    state["p"][a]["champion"] = True
    champion_check(ctx, {"seat": a, **side}, {"seat": None, "army": "greek_army", "gens": [], "cus": {}})
    assert state["p"][a]["champion"] is True                         # independents never count (§9.5.4)


def test_inactive_women_are_never_controlled_or_carried(dice):  # §9.7.4, §9.7.1
    state, order = battlefield(2, "inactive")
    a = order[0]
    put_gen(state, f"{a}1", a, "dodona")
    place_cus(state, "dodona", a, merc=2)
    state["pcs"]["dodona"] = a
    assert state["royals"]["olympias"] == {**state["royals"]["olympias"], "st": "inactive", "at": "dodona"}
    assert legitimacy.royal_controller(state, "olympias") is None
    assert "women" not in legitimacy.lp_parts(state, a)
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    assert "take olympias" not in GAME.prompts(state)[a].actions


# §3.3.2 dispersed Royal CUs and Silver Shields come back ---------------------------------------------
def test_dispersed_royal_cus_and_silver_shields_are_collected():  # §3.3.2, §1.4
    state = new(2, "silvercol")
    a = state["seats"][0]
    state["p"][a]["disp"] = {"royal": 2, "silver": 2}
    state["turn"] = 2
    reinforcements.start_phase(Ctx(state))
    assert state["reinf"][a]["royal"] == 2 and state["reinf"][a]["silver"] == 2
    assert state["p"][a]["disp"] == {}


# §10.2 whatever the number of players ------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_automatic_victory_at_23_vp_with_any_number_of_players(n):  # §10.2
    state = new(n, f"vp{n}")
    state["turn"] = 2
    a = state["seats"][-1]
    state["p"][a]["favour"] = 0
    base = scoring.vp(state, a)
    state["p"][a]["favour"] = (23 - base + 1) // 2                   # 23 or 24 VP
    assert scoring.vp(state, a) >= 23 and scoring.immediate_winner(state)[0] == a
    state["p"][a]["favour"] -= 1
    if scoring.vp(state, a) < 23 and all(v < 18 for v in legitimacy.all_lp(state).values()):
        assert scoring.immediate_winner(state) is None


# §6.10.4 a losing Defender in its own Major City with nowhere to retreat -----------------------------
def test_a_beaten_defender_with_no_retreat_still_puts_two_cus_inside(dice):  # §6.10.4, §5.5.3
    """'In its own Major City space it may instead put up to 2 CUs and any generals inside; the
    rest must retreat. With no legal destination, everything that cannot retreat is dispersed.'"""
    state, a, b = two_armies("amphipolis", "pella", {"mac": 4}, {"merc": 5})
    state["pcs"]["pella"] = b
    place_cus(state, "pydna", a, merc=1)                             # both other ways out are blocked
    place_cus(state, "herakleia_lynkestis", a, merc=1)
    dice.append(1)
    state, _ = act(state, a, f"activate {a}1")
    dice += [4, 4, 3, 4, 6]                                          # a 8+8=16, b 5+7=12: b loses 2 CUs
    state, ev = act(state, a, "move pella")
    assert "wins by 4" in texts(ev)
    assert state["inside"]["pella"] == {"merc": 2} and state["gens"][f"{b}1"]["in"] is True
    assert state["p"][b]["disp"] == {"merc": 1}                       # only the third CU is dispersed


# §3.2.1 / §5.11 in Turn I the Cart never moves, not even with a retreat or an avoid-battle move ------
def turn_one_cart(dice, b_cus=4):
    state, order = battlefield(2, "t1cart", turn=1)
    a, b = order
    for s in order:
        state["p"][s]["fleets"] = []
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, mac=4)
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=b_cus)
    state["body"] = {"st": "cart", "at": "amphipolis", "by": f"{b}1"}
    dice.append(6)                                                   # 4 MP
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move amphipolis")
    return state, a, b


def test_turn_one_cart_stays_when_its_force_avoids_battle(dice):  # §3.2.1, §5.11, §9.6.1, §5.9
    state, a, b = turn_one_cart(dice)
    dice.append(6)                                                   # 6 > Initiative 5
    state, _ = act(state, b, "avoid abdera")
    assert state["gens"][f"{b}1"]["at"] == "abdera"
    assert state["body"]["at"] == "amphipolis" and state["body"]["by"] is None


def test_turn_one_cart_stays_when_its_force_retreats(dice):  # §3.2.1, §5.11, §9.6.1, §6.10.4
    state, a, b = turn_one_cart(dice)
    dice += [4, 4, 3, 4, 6]                                          # a 8+8=16, b 4+7=11: b keeps 2 CUs
    state, ev = act(state, b, "stand")
    assert "wins by 5" in texts(ev) and state["gens"][f"{b}1"]["at"] == "abdera"
    assert state["body"] == {"st": "cart", "at": "amphipolis", "by": f"{a}1"}   # captured, not taken along


def test_turn_one_captured_cart_stays_when_the_winner_moves_on(dice):  # §3.2.1, §5.11, §6.10.2
    state, a, b = turn_one_cart(dice, b_cus=1)
    dice += [4, 4, 3, 4, 6]                                          # b loses its only CU: dispersed
    state, ev = act(state, b, "stand")
    assert state["body"]["by"] == f"{a}1"                            # captured (§6.10.2) ...
    state, _ = act(state, a, "move abdera")
    assert state["body"]["at"] == "amphipolis" and state["body"]["by"] is None   # ... but it never moves


# §4.2 each revealed table event is played by the player with the fewest VP when it is taken ----------
def test_the_second_table_event_goes_to_the_fewest_vp_after_the_first(dice):  # §4.2
    """'Take the revealed cards in order ... The player with the fewest VP plays it': when the
    first event changes the VP, the second goes to whoever has the fewest VP then."""
    state, order = battlefield(2, "table2")
    a, b = order
    for s in order:
        state["p"][s]["fleets"] = []
    state["pcs"].update({"larisa": a, "pagasai": a, "lamia": a, "ambrakia": b, "dodona": b})
    assert scoring.all_vp(state) == {a: 2, b: 1}                     # Thessaly; Epirus
    for c in (38, 39):
        for pile in (state["deck"], state["discard"], state["table"], *(state["p"][s]["hand"] for s in order)):
            if c in pile:
                pile.remove(c)
    state["table"] = [39, 38] + state["table"]
    strategy.end_of_round(Ctx(state))
    assert GAME.prompts(state).keys() == {b}                         # b has the fewest VP: #39 first
    state, _ = act(state, b, "play 39 event THS")                    # a loses Thessaly: 0 VP against 1
    assert scoring.all_vp(state) == {a: 0, b: 1}
    assert GAME.prompts(state).keys() == {a}                         # so a plays #38
    assert state["stack"][-1] == {"kind": "table", "seat": a, "card": 38}


# §5.8.2 interception only across land and pass connections ------------------------------------------
def test_no_interception_across_a_strait(dice):  # §5.8.2
    state, a, b = two_armies("kyzikos", "sestos")                    # sestos–abydos is a strait
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move abydos")
    assert not questions.question(state) and state["act"]["at"] == "abydos"
    state, a, b = two_armies("pergamon", "kyzikos")                  # kyzikos–abydos is land
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move abydos")
    assert questions.question(state)["kind"] == "intercept" and questions.question(state)["seat"] == b


# §3.2.1 Turn III: Polyperchon exactly where Antipatros was ---------------------------------------------
def test_polyperchon_takes_antipatros_place_and_what_he_carried():  # §3.2.1, §3.3.2
    state = new(3, "poly")
    owner = state["gens"]["antipatros"]["o"]
    state["gens"]["antipatros"]["at"] = "dispersed"
    three, _ = jump(state, 3)                                        # waits for the First Player choice
    assert three["gens"]["polyperchon"] == {"o": owner, "at": "dispersed", "in": False}
    three["turn"] = 3
    reinforcements.start_phase(Ctx(three))
    assert "polyperchon" in three["reinf_gens"][owner]               # back as a reinforcement of Turn III
    state = new(3, "poly2")
    owner = state["gens"]["antipatros"]["o"]
    state["gens"]["antipatros"]["at"] = "larisa"
    state["body"] = {"st": "cart", "at": "larisa", "by": "antipatros"}
    three, _ = jump(state, 3)
    assert three["gens"]["polyperchon"] == {"o": owner, "at": "larisa", "in": False}
    assert three["body"]["by"] == "polyperchon" and three["gens"]["antipatros"]["at"] == "gone"


# §9.9 an independent army is an enemy force for an unattended woman, but never captures -----------
def test_an_independent_army_makes_an_unattended_woman_inactive_and_captures_no_heir():  # §9.9, §0.2
    state, a, order = lead("greek_army", "athenai")
    b = order[1]
    state["pcs"]["chalkis"] = b
    state["royals"]["kleopatra"].update(st="active", at="chalkis", by=None)
    state["royals"]["herakles"].update(st="active", at="chalkis", by=None)
    assert legitimacy.royal_controller(state, "kleopatra") == b
    state, _ = act(state, a, "move chalkis")
    assert state["royals"]["kleopatra"]["st"] == "inactive"
    assert state["royals"]["herakles"]["by"] is None and state["royals"]["herakles"]["st"] == "active"


# §6.10.2 captures happen even when the loser's commander, who carried the heir, is killed ----------
def test_heir_carried_by_a_killed_loser_commander_is_still_captured(dice):  # §6.10.2, §6.7, §9.9
    state, a, b = two_armies("pella", "amphipolis", {"mac": 2}, {"merc": 2})
    state["royals"]["philip_iii"].update(st="active", at="amphipolis", by=f"{b}1")
    state["body"] = {"st": "cart", "at": "amphipolis", "by": f"{b}1"}
    dice.append(1)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move amphipolis")
    dice += [4, 4, 1, 1, 6]                                          # b's two natural 1s: b1 is killed
    state, ev = act(state, b, "stand")
    assert f"{b}1" in texts(ev) and state["gens"][f"{b}1"]["at"] == "reserve"
    assert state["royals"]["philip_iii"]["by"] == f"{a}1"            # passes to the winner's force
    assert state["body"]["by"] == f"{a}1"


# §6.13 / S35 the Silver Shields are never divided ---------------------------------------------------
def test_a_beaten_defender_never_splits_the_silver_shields_to_fill_its_city(dice):  # §6.13, S35, §6.10.4
    """Seed 004 (14.2): «Серебряные щиты никогда не могут быть разделены». A beaten Defender
    in its own Major City with room for one more CU puts another CU inside, never one of the two
    Silver Shields CUs: the marker retreats whole with the field force."""
    from core.games.successors.battles import do_retreat
    from core.games.successors.forces import field_cus, inside_cus, set_inside

    state, a, b = two_armies("amphipolis", "pella", {"mac": 4}, {"silver": 2, "merc": 2})
    state["pcs"]["pella"] = b
    place_cus(state, "pella", b, merc=1)
    set_inside(state, "pella", "merc", 1)                            # one CU inside already: room for one
    do_retreat(Ctx(state), b, "pella", "pydna", True)
    assert inside_cus(state, "pella", b) == {"merc": 2}
    assert field_cus(state, "pydna", b) == {"silver": 2, "merc": 1}


def test_the_silver_shields_go_inside_whole_when_the_city_has_room_for_both(dice):  # §6.13, S35, §6.10.4
    from core.games.successors.battles import do_retreat
    from core.games.successors.forces import field_cus, inside_cus

    state, a, b = two_armies("amphipolis", "pella", {"mac": 4}, {"silver": 2, "merc": 2})
    state["pcs"]["pella"] = b
    do_retreat(Ctx(state), b, "pella", "pydna", True)
    assert inside_cus(state, "pella", b) == {"silver": 2}
    assert field_cus(state, "pydna", b) == {"merc": 2}
