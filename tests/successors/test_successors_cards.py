"""§11 the Tyche cards' events, card by number; §4.7 Surprise windows (standing orders);
§4.4.2 card types; the audit fixes of issue 12 (§3.3.2 collection, §6.10.4 dispersal)."""
import pytest

from core.errors import RulesError
from core.game import Ctx, seat_ref
from core.games.successors import GAME, battles, cards, legitimacy, reinforcements
from core.games.successors.board import BOARD
from core.games.successors.forces import cus_at, pool_left

from .conftest import act, battlefield, clear_board, new, place_cus, put_gen, texts


def hand(state, seat, nums):
    """Give the seat exactly these cards (taken from wherever they are)."""
    for c in nums:
        for pile in [state["deck"], state["table"], state["discard"], state["removed"],
                     *(p["hand"] for p in state["p"].values())]:
            if c in pile:
                pile.remove(c)
                break
    state["deck"] += state["p"][seat]["hand"]
    state["p"][seat]["hand"] = list(nums)
    return state


def tyche(nums, n=3, seed="c", turn=2, board=True):
    """The first seat's Tyche segment, Turn `turn`, holding `nums`; an empty board unless
    `board`. Returns state, order."""
    state, order = battlefield(n, seed, turn)
    state["segment"] = "tyche"
    state["played"] = False
    hand(state, order[0], nums)
    return state, order


def arm(state, seat, card):
    return GAME.apply(state, seat, GAME.parse(f"arm {card}", private=True))[0]


# audit fixes ---------------------------------------------------------------------------------------------
def test_collection_counts_collected_cus_once_against_the_pool():  # §3.3.2, §1.4
    """12 Mercenaries on the map and 2 dispersed: the 2 new ones find 1 counter left (15)."""
    state = new(2, "pool")
    seat = state["seats"][0]
    clear_board(state)
    place_cus(state, "pella", seat, merc=12)
    state["p"][seat]["disp"] = {"merc": 2}
    ctx = Ctx(state)
    reinforcements.start_phase(ctx)
    assert state["reinf"][seat]["merc"] == 3
    assert pool_left(state, seat, "merc") == 0


def test_a_force_with_no_retreat_goes_to_the_dispersed_box():  # §6.10.4, §1.3.6, §3.3.2
    state, order = battlefield(3, "disp")
    b = order[1]
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=1, royal=2)
    battles.do_retreat(Ctx(state), b, "amphipolis", None, False)
    assert cus_at(state, "amphipolis", b) == {}
    assert state["p"][b]["disp"] == {"merc": 1, "royal": 2}          # they come back as reinforcements
    assert state["gone_cus"].get("royal", 0) == 0


# §4.4.2 card types --------------------------------------------------------------------------------------
def test_event_card_is_played_for_its_event_and_discarded():  # §4.4.2, §11.2
    state, order = tyche([35])
    a, b = order[0], order[1]
    state, ev = act(state, a, f"play 35 event {b}")
    assert state["p"][b]["suspicion"] and 35 in state["discard"]
    assert state["segment"] == "activation"                        # the one card of §4.4.1
    assert state["tally"]["35"] == 1


def test_bonus_card_both_event_then_ops():  # §4.4.2
    state, order = tyche([14])
    a = order[0]
    state, _ = act(state, a, "play 14 both")
    assert state["fx"]["helio"] == a
    assert GAME.prompts(state)[a].text.startswith(f"{seat_ref(a)} now uses the OPs")
    state, _ = act(state, a, "play 14 train merc")
    assert state["p"][a]["track"] == ["merc", 2] and state["segment"] == "activation"


def test_both_is_only_for_bonus_cards():  # §4.4.2
    state, order = tyche([35])
    with pytest.raises(RulesError, match="Only a Bonus card"):
        act(state, order[0], f"play 35 both {order[1]}")


def test_event_whose_conditions_fail_cannot_be_chosen():  # §4.4.2, §11.3
    state, order = tyche([6])
    with pytest.raises(RulesError, match="Diplomacy"):
        act(state, order[0], "play 6 event pella")
    assert 6 in state["p"][order[0]]["hand"]


# §11.2 card by card -------------------------------------------------------------------------------------
def test_card_1_kleitos_fleet_twice():  # §11.2 #1
    state, order = tyche([1])
    a = order[0]
    state["p"][a]["fleets"] = [1]
    state, _ = act(state, a, "play 1 event upgrade new")
    assert sorted(state["p"][a]["fleets"]) == [1, 2]


def test_card_2_greek_mercenaries_in_europe():  # §11.2 #2, §11.3
    state, order = tyche([2])
    a = order[0]
    put_gen(state, "a_gen" if False else f"{a}1", a, "pella")
    put_gen(state, f"{a}2", a, "babylon")
    state["pcs"]["pella"] = a
    state, _ = act(state, a, "play 2 event")                      # Pella is the only eligible space
    assert cus_at(state, "pella", a) == {"merc": 2} and cus_at(state, "babylon", a) == {}


def test_card_5_persian_levies_nowhere_stays_in_pool():  # §11.2 #5, §11.3
    state, order = tyche([5])
    a = order[0]
    state, ev = act(state, a, "play 5 event")
    assert state["placing"] is None and not any(cus_at(state, s, a) for s in BOARD.spaces)


def test_card_6_diplomacy():  # §11.2 #6 #7
    state, order = tyche([6])
    a, b = order[0], order[1]
    state["pcs"]["amphipolis"] = b
    state, _ = act(state, a, "play 6 event amphipolis")
    assert state["pcs"]["amphipolis"] == a


def test_card_8_epidemic_attrition(dice):  # §11.2 #8, §8.1.3
    state, order = tyche([8])
    a, b = order[0], order[1]
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=6)
    dice.append(5)                                                   # 5 + 1 (6 CUs) = 6: lose 3
    state, _ = act(state, a, f"play 8 event amphipolis {b}")
    assert cus_at(state, "amphipolis", b) == {"merc": 3}


def test_attrition_table():  # §8.1.3
    assert [next(m for top, m in cards.ATTRITION if r <= top) for r in range(1, 8)] == [0, 0, 1, 1, 2, 3, 3]


def test_card_9_minor_raid():  # §11.2 #9
    state, order = tyche([9])
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, merc=1)
    state["pcs"]["amphipolis"] = b
    state, _ = act(state, a, "play 9 event amphipolis")
    assert "amphipolis" not in state["pcs"]


def test_card_10_peukestas_from_turn_two():  # §11.2 #10, §3.2.1
    state, order = tyche([10], turn=1)
    a = order[0]
    with pytest.raises(RulesError, match="Turn II"):
        act(state, a, "play 10 event")
    state["turn"] = 2
    limit = state["p"][a]["limit"]
    state, _ = act(state, a, "play 10 event")
    assert state["gens"]["peukestas"] == {"o": a, "at": "persepolis", "in": False}
    assert cus_at(state, "persepolis", a) == {"merc": 3} and state["pcs"]["persepolis"] == a
    assert state["p"][a]["limit"] == limit + 1 and 10 in state["removed"]


def test_card_11_major_campaign_two_marches(dice):  # §11.2 #11
    state, order = tyche([11])
    a = order[0]
    put_gen(state, f"{a}1", a, "pella")
    put_gen(state, f"{a}2", a, "babylon")
    state, _ = act(state, a, f"play 11 event {a}1")
    assert state["act"]["mp"] == 3
    state, _ = act(state, a, "stop")
    p = GAME.prompts(state)[a]
    assert f"activate {a}2" in p.actions and f"activate {a}1" not in p.actions
    state, _ = act(state, a, f"activate {a}2")
    assert state["act"]["mp"] == 3 and state["act"]["kind"] == "march"
    state, _ = act(state, a, "stop")
    assert state["segment"] == "activation"


def test_card_14_heliopolis_plus_one_assault():  # §11.2 #14, §7.4
    from core.games.successors import sieges
    state, order = tyche([14])
    a = order[0]
    base = sieges.modifier(state, a, "amphipolis", [])
    state, _ = act(state, a, "play 14 event")
    assert sieges.modifier(state, a, "amphipolis", []) == base + 1


def test_card_17_desertion():  # §11.2 #17
    state, order = tyche([17])
    a, b = order[0], order[1]
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=3, mac=1)
    state, _ = act(state, a, f"play 17 event amphipolis {b}")
    assert cus_at(state, "amphipolis", b) == {"merc": 1, "mac": 1}


def test_card_18_bribed_garrison_adds_a_siege_point():  # §11.2 #18, §7.1
    state, order = tyche([18])
    a = order[0]
    put_gen(state, f"{a}1", a, "herakleia_lynkestis")
    place_cus(state, "herakleia_lynkestis", a, merc=2)
    state["pcs"]["pydna"] = "IND"
    put_gen(state, f"{a}2", a, "pydna")
    place_cus(state, "pydna", a, merc=1)
    state, ev = act(state, a, "play 18 event pydna")
    assert state["pcs"]["pydna"] == a                              # Independent Minor City: 1 SP, falls


def test_card_21_harpalos_treasure():  # §11.2 #21, §4.4.4
    state, order = tyche([21])
    a = order[0]
    state, _ = act(state, a, "play 21 event mac")
    assert state["p"][a]["track"] == ["mac", 4]


def test_card_22_indian_elephants():  # §11.2 #22
    state, order = tyche([22])
    a = order[0]
    put_gen(state, f"{a}1", a, "babylon")
    place_cus(state, "babylon", a, merc=1)
    state, _ = act(state, a, "play 22 event babylon")
    assert cus_at(state, "babylon", a) == {"merc": 1, "eleph": 2}


def test_card_23_veterans_return_home():  # §11.2 #23
    state, order = tyche([23])
    a, b = order[0], order[1]
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, royal=2)
    state, _ = act(state, a, f"play 23 event amphipolis {b}")
    assert cus_at(state, "amphipolis", b) == {"royal": 1} and state["gone_cus"]["royal"] == 1


def test_card_25_pirates():  # §11.2 #25
    state, order = tyche([25])
    a, b = order[0], order[1]
    state["p"][b]["fleets"] = [2]
    state, _ = act(state, a, f"play 25 event {b}")
    assert state["p"][b]["fleets"] == [] and state["p"][b]["fleets_disp"] == [2]


def test_card_27_local_support():  # §11.2 #27
    state, order = tyche([27])
    a = order[0]
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, merc=1)
    near = next(n for n, k in BOARD.adj["pella"] if k == "land" and BOARD.spaces[n]["type"] == "MIN")
    state, _ = act(state, a, f"play 27 event {near}")
    assert state["pcs"][near] == a


def test_card_28_garrison_troops():  # §11.2 #28
    state, order = tyche([28])
    a = order[0]
    state["pcs"].update(pella=a, athenai=a)
    state, _ = act(state, a, "play 28 event pella athenai")
    assert cus_at(state, "pella", a) == {"merc": 1} and cus_at(state, "athenai", a) == {"merc": 1}


def test_card_29_macedonian_levy():  # §11.2 #29
    state, order = tyche([29])
    a = order[0]
    state["pcs"]["pella"] = a
    state, _ = act(state, a, "play 29 event")
    assert cus_at(state, "pella", a) == {"mac": 2}


def test_card_30_royal_treasury():  # §11.2 #30
    state, order = tyche([30])
    a = order[0]
    state["pcs"]["tarsos"] = a
    state, _ = act(state, a, "play 30 event")
    assert cus_at(state, "tarsos", a) == {"merc": 3}


def test_card_31_marriage_kleopatra():  # §11.2 #31, §9.8
    state, order = tyche([31])
    a = order[0]
    at = state["royals"]["kleopatra"]["at"]
    put_gen(state, f"{a}1", a, at)
    place_cus(state, at, a, merc=1)
    lp = legitimacy.lp(state, a)
    state, _ = act(state, a, "play 31 event")
    assert state["royals"]["kleopatra"] == {"st": "active", "at": at, "by": f"{a}1"}
    assert legitimacy.lp(state, a) == lp + BOARD.royals["kleopatra"]["lp"]


def test_card_32_marriage_needs_an_army_there():  # §11.2 #32, §9.8
    state, order = tyche([32])
    with pytest.raises(RulesError, match="§9.8"):
        act(state, order[0], "play 32 event")


def test_card_33_olympias():  # §11.2 #33
    state, order = tyche([33])
    a = order[0]
    at = state["royals"]["olympias"]["at"]
    state, _ = act(state, a, "play 33 event")
    r = state["royals"]["olympias"]
    assert r["st"] == "active" and cus_at(state, at, a) == {"merc": 2, "mac": 1}
    assert r["by"] is not None and state["gens"][r["by"]]["o"] == a
    assert legitimacy.royal_controller(state, "olympias") == a


def test_card_34_drink_the_hemlock_kills_an_heir():  # §11.2 #34, §9.10, §9.5
    state, order = tyche([34])
    a = order[0]
    put_gen(state, f"{a}1", a, "pergamon")
    state, _ = act(state, a, "play 34 event herakles")
    assert state["royals"]["herakles"]["st"] == "dead" and not state["p"][a]["champion"]


def test_card_35_suspicion_never_below_zero():  # §11.2 #35, §9.2, §3.7
    state, order = tyche([35])
    a, b = order[0], order[1]
    before = legitimacy.lp(state, b)
    state, _ = act(state, a, f"play 35 event {b}")
    assert legitimacy.lp(state, b) == max(0, before - 3)
    state["p"][b]["champion"] = False
    assert legitimacy.lp(state, b) >= 0


def test_card_36_silver_shields_then_surprise(dice):  # §11.2 #36, §6.13
    state, order = tyche([36])
    a = order[0]
    put_gen(state, f"{a}1", a, "babylon")
    state, _ = act(state, a, f"play 36 event {a}1")
    assert cus_at(state, "babylon", a) == {"silver": 2}
    assert cards.is_surprise(state, 36) and cards.ops_of(state, 36) is None


def test_card_37_treachery_takes_the_cart():  # §11.2 #37, §4.7 W7
    state, order = tyche([37])
    a, b = order[0], order[1]
    put_gen(state, "perdikkas", b, "babylon")
    state["body"] = {"st": "cart", "at": "babylon", "by": "perdikkas"}
    put_gen(state, f"{a}1", a, "kish" if "kish" in BOARD.spaces else next(n for n, k in BOARD.adj["babylon"]))
    line = next(line for line in GAME.prompts(state)[a].private if line.startswith("play 37-treachery event"))
    state, _ = act(state, a, line)
    assert state["body"]["by"] == f"{a}1" and state["body"]["at"] == state["gens"][f"{a}1"]["at"]


def test_card_37_not_in_turn_one():  # §11.2 #37
    state, order = tyche([37], turn=1)
    state["body"] = {"st": "cart", "at": "babylon", "by": None}
    assert cards.treachery_targets(state, order[0]) == []


def test_card_38_unrest():  # §11.2 #38
    state, order = tyche([38])
    a, b = order[0], order[1]
    state["pcs"].update(amphipolis=b)
    state, _ = act(state, a, "play 38 event amphipolis")
    assert state["pcs"]["amphipolis"] == "IND"


def test_card_39_unrest_spreads():  # §11.2 #39
    state, order = tyche([39])
    a, b = order[0], order[1]
    mins = [s for s in BOARD.province_spaces("THR") if BOARD.spaces[s]["type"] == "MIN"]
    for s in mins:
        state["pcs"][s] = b
    state, _ = act(state, a, "play 39 event THR")
    assert all(state["pcs"][s] == "IND" for s in mins)


def test_card_41_illyrians_enter_and_move():  # §11.2 #41, §5.10
    state, order = tyche([41])
    a = order[0]
    state, _ = act(state, a, "play 41 event")
    assert state["act"]["army"] == "illyrians" and state["act"]["mp"] == 3
    state, _ = act(state, a, "move apollonia")
    assert state["indep"]["illyrians"] == "apollonia"


def test_card_44_ariarathes_activates():  # §11.2 #44
    state, order = tyche([44])
    a = order[0]
    state["indep"]["ariarathes"] = "mazaka"
    state, _ = act(state, a, "play 44 event")
    assert state["act"]["army"] == "ariarathes"


def test_card_50_court_intrigue():  # §11.2 #50, §9.9
    state, order = tyche([50])
    a = order[0]
    put_gen(state, f"{a}1", a, "pergamon")
    state["royals"]["herakles"].update(at="pergamon", by=None)
    state, _ = act(state, a, f"play 50 event herakles {a}1")
    assert state["royals"]["herakles"]["by"] == f"{a}1"


def test_card_51_loyal_satrap():  # §11.2 #51
    state, order = tyche([51])
    a = order[0]
    state["pcs"]["pella"] = a
    mins = [s for s in BOARD.province_spaces("MAC") if BOARD.spaces[s]["type"] == "MIN"][:2]
    state, _ = act(state, a, "play 51 event MAC " + " ".join(mins))
    assert all(state["pcs"][s] == a for s in mins)


def test_card_52_abundant_harvest():  # §11.2 #52, §8.1.2
    from core.games.successors import strategy
    state, order = tyche([52])
    a = order[0]
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, merc=10)
    assert strategy.forage_spaces(state, a) == ["pella"]
    state, _ = act(state, a, "play 52 event")
    assert strategy.forage_spaces(state, a) == []


def test_card_53_wise_counsel_keeps_one():  # §11.2 #53
    state, order = tyche([53])
    a = order[0]
    top = state["deck"][:3]
    state, ev = act(state, a, "play 53 event")
    from core.games.successors.common import card_tag
    assert GAME.prompts(state)[a].private == tuple(f"keep {card_tag(c)}" for c in top)
    assert all(e.to == (a,) for e in ev if "top cards" in e.text)
    state, _ = act(state, a, f"keep {top[1]}")
    assert top[1] in state["p"][a]["hand"] and top[0] in state["discard"] and top[2] in state["discard"]


def test_card_54_mutiny_by_legitimacy():  # §11.2 #54, §9.1, §9.3
    state, order = tyche([54])
    a, b = order[0], order[1]
    state["p"][b]["champion"] = False
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, mac=2, royal=2, merc=1)
    gap = legitimacy.lp(state, a) - legitimacy.lp(state, b)
    assert gap > 0
    state, _ = act(state, a, f"play 54 event amphipolis {b}")
    lost = 5 - sum(cus_at(state, "amphipolis", b).values())
    assert lost == min(gap, 3) and cus_at(state, "amphipolis", b)["merc"] == 1


def test_card_54_gift_of_the_orator_protects_w6():  # §11.2 #54 #47, §4.7 W6
    state, order = tyche([54])
    a, b = order[0], order[1]
    hand(state, b, [47])
    state["p"][b]["champion"] = False
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, mac=2)
    state = arm(state, b, 47)
    state, ev = act(state, a, f"play 54 event amphipolis {b}")
    assert cus_at(state, "amphipolis", b) == {"mac": 2} and 47 in state["discard"]


def test_card_56_scorched_earth():  # §11.2 #56
    state, order = tyche([56])
    a, b = order[0], order[1]
    state["pcs"]["pella"] = a
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=4)
    state, _ = act(state, a, "play 56 event MAC")
    assert cus_at(state, "amphipolis", b) == {"merc": 3}


def test_card_57_rising_star():  # §11.2 #57
    state, order = tyche([57])
    a = order[0]
    limit = state["p"][a]["limit"]
    state["pcs"]["pella"] = a
    state, _ = act(state, a, "play 57 event pella")
    assert state["p"][a]["limit"] == limit + 1
    assert any(d["at"] == "pella" for g, d in state["gens"].items() if d["o"] == a)


# §4.7 Surprise windows -----------------------------------------------------------------------------------
def test_arming_is_private_and_allowed_off_turn():  # §4.7
    state, order = tyche([35])
    b = order[1]
    hand(state, b, [13])
    with pytest.raises(RulesError, match="private"):
        GAME.apply(state, b, "arm 13")
    state2, ev = GAME.apply(state, b, GAME.parse("arm 13", private=True))
    assert state2["p"][b]["armed"] == [13] and all(e.to == (b,) for e in ev if e.text)


def test_w1_bad_omens_sets_two_mp(dice):  # §4.7 W1, §11.2 #45
    state, order = battlefield(3, "w1")
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, "pella")
    hand(state, b, [45])
    state = arm(state, b, 45)
    state, ev = act(state, a, f"activate {a}1")
    assert state["act"]["mp"] == 2 and "Bad Omens" in texts(ev)


def test_w1_forced_march_adds_two(dice):  # §4.7 W1, §11.2 #12
    state, order = battlefield(3, "w1b")
    a = order[0]
    put_gen(state, f"{a}1", a, "pella")
    hand(state, a, [12])
    state = arm(state, a, 12)
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    assert state["act"]["mp"] == 4 + 2


def test_w4_ambush_adds_three_to_the_defender(dice):  # §4.7 W4, §11.2 #13, §6.5
    state, order = battlefield(3, "w4")
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, mac=2)
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=2)
    hand(state, b, [13])
    state = arm(state, b, 13)
    dice.append(1)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move amphipolis")
    dice += [3, 3, 3, 3, 6, 6]
    state, ev = act(state, b, "stand")
    assert "Ambush" in texts(ev) and "score 11" in texts(ev)          # 2 + 3 + 3 + 3


def test_w8_spies_cancel_a_surprise(dice):  # §4.7 W8, §11.2 #55
    state, order = battlefield(3, "w8")
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, "pella")
    hand(state, b, [45])
    hand(state, a, [55])
    state = arm(state, b, 45)
    state = arm(state, a, 55)
    dice.append(6)
    state, ev = act(state, a, f"activate {a}1")
    assert state["act"]["mp"] == 4 and "Spies" in texts(ev)
    assert 45 in state["discard"] and 55 in state["discard"]


def test_windows_never_ask_anybody(dice):  # §4.7
    """An armed card is played by itself: the prompts never wait on a window."""
    state, order = battlefield(3, "w0")
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, "pella")
    hand(state, b, [45])
    state, _ = act(state, a, f"activate {a}1")
    assert list(GAME.prompts(state)) == [a]


# §4.2 table events -------------------------------------------------------------------------------------
def test_table_event_is_resolved_by_the_fewest_vp():  # §4.2, §11.2 #38
    state, order = battlefield(2, "tb")
    state["table"] = [38, 1]
    from core.games.successors import strategy
    ctx = Ctx(state)
    strategy.end_of_round(ctx)
    d = state["stack"][-1]
    assert d["kind"] == "table" and d["card"] == 38
    assert "pass" in GAME.prompts(state)[d["seat"]].actions


def test_w3_naval_ambush(dice):  # §4.7 W3, §11.2 #26, §5.7
    from core.games.successors import naval
    state, order = battlefield(3, "w3n")
    a, b = order[0], order[1]
    state["p"][a]["fleets"], state["p"][b]["fleets"] = [1], [1]
    put_gen(state, f"{a}1", a, "pydna")
    hand(state, b, [26])
    state = arm(state, b, 26)
    state["act"] = {"seat": a, "gens": [f"{a}1"], "cus": {}, "at": "pagasai", "mp": 1, "kind": "activation",
                    "path": ["pydna", "pagasai"], "tried": []}
    dice += [3, 1, 1]                                              # 3 + (1 + 2) − 1 = 5: intercepted
    ctx = Ctx(state)
    naval.try_naval(ctx, b, {"from": "pydna", "space": "pagasai", "queue": []})
    assert "Naval Ambush" in texts(ctx.events) and "intercepts at sea" in texts(ctx.events)


def test_w2_intercepted_dispatches(dice):  # §4.7 W2, §11.2 #19
    from .test_successors_movement import setup
    state, a, b = setup()
    hand(state, a, [19])
    state = arm(state, a, 19)
    dice.append(1)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move pydna")
    state, ev = act(state, b, "intercept tempe")                   # no roll: it fails
    assert "Intercepted Dispatches" in texts(ev) and state["gens"][f"{b}1"]["at"] == "tempe"


def test_w5_traitor_and_fortified_walls(dice):  # §4.7 W5, §11.2 #49 #20, §7.4
    from .test_successors_sieges import besieger
    state, a, b = besieger()
    hand(state, a, [49])
    state = arm(state, a, 49)
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    dice.append(1)                                                 # 1 + 3 = 4: +1 SP, not repulsed
    state, ev = act(state, a, "assault")
    assert "Traitor in the City" in texts(ev) and state["siege"]["larisa"]["sp"] == 1


def test_w9_exhausted_troops(dice):  # §4.7 W9, §11.2 #46
    state, order = battlefield(3, "w9")
    a, b, c = order
    put_gen(state, f"{a}1", a, "pella")
    place_cus(state, "pella", a, mac=2)
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=2)
    hand(state, c, [46])
    state = arm(state, c, 46)
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state, _ = act(state, a, "move amphipolis")
    dice += [3, 3, 1, 2, 6]
    state, ev = act(state, b, "stand")
    assert "Exhausted Troops" in texts(ev) and state["act"] is None


def test_w3_storm_at_sea(dice):  # §4.7 W3, §11.2 #15
    state, order = battlefield(3, "w3")
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, "pydna")
    state["p"][a]["fleets"] = [1]
    hand(state, b, [15])
    state = arm(state, b, 15)
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state, ev = act(state, a, "move pagasai")                       # a sea lane only
    assert "Storm at Sea" in texts(ev) and state["act"]["at"] == "pydna" and state["act"]["nosea"]
    assert "move pagasai" not in GAME.prompts(state)[a].actions


def test_card_36_removed_when_the_silver_shields_are_gone():  # §6.13, §11.2 #36
    state, order = tyche([36])
    state["gone_cus"]["silver"] = 2
    ctx = Ctx(state)
    cards.retire_silver_card(ctx)
    assert 36 in state["removed"] and 36 not in state["p"][order[0]]["hand"]
    assert GAME.invariants(state) == []


def test_cards_are_offered_by_number_and_name():  # §4.4, §11.2
    state, order = tyche([35, 13])
    a, b = order[0], order[1]
    lines = GAME.prompts(state)[a].private
    assert f"play 35-suspicion event {b}" in lines and "arm 13-ambush" in lines
    assert all(not line.split()[1].isdigit() for line in lines)          # never by number alone
    state2, _ = act(state, a, f"play suspicion event {b}")        # by name,
    state3, _ = act(state, a, f"play 35 event {b}")                # or by number
    assert state2["p"][b]["suspicion"] and state3["p"][b]["suspicion"]
    with pytest.raises(RulesError, match="no card"):
        act(state, a, f"play 35-ambush event {b}")                 # a number and a wrong name


def test_card_36_not_beside_enemy_cus():  # §11.2 #36, §5.4.3
    """A lone general sharing a space with enemy CUs (a §3.3.4 placement) cannot receive the
    Silver Shields: two sides would stand in the field (self-play found it)."""
    state, order = tyche([36])
    a, b = order[0], order[1]
    put_gen(state, f"{a}1", a, "babylon")
    put_gen(state, f"{b}1", b, "babylon")
    place_cus(state, "babylon", b, merc=2)
    with pytest.raises(RulesError, match="no enemy CUs"):
        act(state, a, f"play 36 event {a}1")
