"""§10 Regrouping: one test (or more) per step, in the seed's order, both IMPORTANT notes of
the seed included; §11 events outside step 8 and §12 end of game."""
import pytest

from core.errors import RulesError
from core.games.starcraft import GAME, flow, regroup
from core.games.starcraft.board import BOARD
from core.games.starcraft.common import card_id, card_tag
from core.message import kept

from .conftest import act, base, cards, clear, ctx, put, started


def run_regroup(state: dict) -> None:
    """The Regrouping steps from ``state["step"]`` on, then the next round as the flow begins it."""
    c = ctx(state)
    regroup.run(c)
    flow.advance(c)


def two():
    """Raynor (P1) and Tassadar (P2) on an empty galaxy."""
    return clear(started(2))


# step 1 -------------------------------------------------------------------------------------
def test_step1_a_base_in_an_area_holding_enemy_units_is_destroyed():
    """§10 step 1: every base in an area that holds enemy units is destroyed; a base with only
    its owner's units, or alone, stays."""
    s = two()
    base(s, "MAR.A", "P1")
    put(s, "MAR.A", "P2", "zealot")
    base(s, "MAR.B", "P1")
    put(s, "MAR.B", "P1", "marine")
    base(s, "BRA.A", "P2")
    regroup.step1_destroy(ctx(s))
    assert s["areas"]["MAR.A"]["base"] is None
    assert s["areas"]["MAR.B"]["base"] == "P1" and s["areas"]["BRA.A"]["base"] == "P2"


def test_step1_transports_need_a_base_of_their_owner_on_either_planet_after_bases_go():
    """§10 step 1: then every transport whose route has no base of its owner on either planet
    is destroyed — counted after this step's destroyed bases (first bases, then transports)."""
    s = two()
    base(s, "MAR.A", "P1")
    s["transports"] = [{"owner": "P1", "route": "R1"},      # MAR–KOR: base on MAR, kept
                       {"owner": "P1", "route": "R3"},      # TAR–BRA: no base of P1, destroyed
                       {"owner": "P2", "route": "R6"}]      # MOR–MAR: P2 has no base there
    base(s, "KOR.A", "P2")
    put(s, "KOR.A", "P1", "marine")                          # P2's only base is destroyed first
    s["transports"].append({"owner": "P2", "route": "R10"})   # KOR–AIU: its base just went
    regroup.step1_destroy(ctx(s))
    assert s["transports"] == [{"owner": "P1", "route": "R1"}]


# step 2 -------------------------------------------------------------------------------------
def test_step2_no_base_on_the_planet_loses_every_card_of_that_planet_and_its_workers():
    """§10 step 2: without a base on the card's planet all its cards go back to the resource
    deck; the workers on them are destroyed (back to supply); the permanent card stays."""
    s = two()
    put(s, "MAR.A", "P1", "marine")
    p = s["p"]["P1"]
    p["pool"] = 2
    cards(s, "P1", "MAR.A", "MAR.B", "PERM-RAY", used=("MAR.A", "PERM-RAY"))
    supply = p["wsupply"]
    regroup.step2_lose_cards(ctx(s))
    assert [c["id"] for c in p["cards"]] == ["PERM-RAY"]
    assert p["assigned"] == 1 and p["wsupply"] == supply + 1
    assert regroup.held_by(s, "MAR.A") is None        # back in the resource-card deck


def test_step2_an_enemy_unit_or_base_in_the_area_loses_that_card_only():
    """§10 step 2: with your base on the planet, a card is lost when its area holds an enemy
    unit or an enemy base; the other cards of the planet stay."""
    s = two()
    base(s, "MAR.A", "P1")
    put(s, "MAR.B", "P2", "zealot")
    base(s, "MAR.C", "P2")
    cards(s, "P1", "MAR.A", "MAR.B", "MAR.C")
    regroup.step2_lose_cards(ctx(s))
    assert [c["id"] for c in s["p"]["P1"]["cards"]] == ["MAR.A"]


# step 3 -------------------------------------------------------------------------------------
def test_step3_gain_the_cards_of_friendly_areas_on_planets_with_your_base():
    """§10 step 3: on each planet with your base, the card of every mineral or gas area you
    control; none on a planet without your base; CP areas have no card."""
    s = two()
    base(s, "MAR.A", "P1")
    put(s, "MAR.B", "P1", "marine")
    put(s, "MAR.D", "P1", "marine")
    put(s, "MAR.C", "P2", "zealot")                  # not friendly: no card
    put(s, "KOR.A", "P1", "marine")                  # no base on Korhal: no card
    regroup.step3_gain_cards(ctx(s))
    assert sorted(c["id"] for c in s["p"]["P1"]["cards"]) == ["MAR.A", "MAR.B"]


def test_step3_the_only_base_on_a_planet_also_gains_its_empty_areas():
    """§10 step 3: the only player with a base on the planet also gains the cards of its
    empty areas (no units, no bases); with an enemy base there, empty areas give nothing."""
    s = two()
    base(s, "MAR.A", "P1")
    regroup.step3_gain_cards(ctx(s))
    assert sorted(c["id"] for c in s["p"]["P1"]["cards"]) == ["MAR.A", "MAR.B", "MAR.C"]
    t = two()
    base(t, "MAR.A", "P1")
    base(t, "MAR.D", "P2")
    regroup.step3_gain_cards(ctx(t))
    assert [c["id"] for c in t["p"]["P1"]["cards"]] == ["MAR.A"]


def test_step3_important_empty_area_cards_stay_after_an_enemy_base_until_the_enemy_takes_the_area():
    """§10 step 3, the seed's first IMPORTANT note: cards won for empty areas stay yours even
    after an enemy builds a base on that planet, until the enemy takes control of those areas."""
    s = two()
    base(s, "MAR.A", "P1")
    regroup.step3_gain_cards(ctx(s))                       # MAR.B and MAR.C while empty
    base(s, "MAR.D", "P2")                                 # an enemy base on Mar Sara
    put(s, "MAR.D", "P2", "zealot")
    regroup.step2_lose_cards(ctx(s))
    regroup.step3_gain_cards(ctx(s))
    assert sorted(c["id"] for c in s["p"]["P1"]["cards"]) == ["MAR.A", "MAR.B", "MAR.C"]
    put(s, "MAR.C", "P2", "zealot")                        # the enemy takes MAR.C
    regroup.step2_lose_cards(ctx(s))
    assert sorted(c["id"] for c in s["p"]["P1"]["cards"]) == ["MAR.A", "MAR.B"]


def test_step3_a_card_held_by_another_player_is_never_taken():
    """§10 step 3: a card already held by another player is never taken by this step."""
    s = two()
    base(s, "MAR.A", "P1")
    put(s, "MAR.B", "P1", "marine")
    cards(s, "P2", "MAR.B")
    regroup.step3_gain_cards(ctx(s))
    assert "MAR.B" not in [c["id"] for c in s["p"]["P1"]["cards"]]
    assert [c["id"] for c in s["p"]["P2"]["cards"]] == ["MAR.B"]


# step 4 -------------------------------------------------------------------------------------
def test_step4_assigned_and_unavailable_workers_return_to_the_pool():
    """§10 step 4: all assigned workers (permanent cards included) and all unavailable workers
    return to the pool; the cards are unused again."""
    s = two()
    p = s["p"]["P1"]
    p["pool"], p["unavailable"] = 1, 2
    cards(s, "P1", "MAR.A", "PERM-RAY", used=("MAR.A", "PERM-RAY"))
    regroup.step4_retrieve_workers(ctx(s))
    assert (p["pool"], p["assigned"], p["unavailable"]) == (5, 0, 0)
    assert not any(c["used"] for c in p["cards"])


# step 5 -------------------------------------------------------------------------------------
def test_step5_conquest_points_are_the_cp_values_of_controlled_areas():
    """§10 step 5: each player gains the sum of the CP values of the areas they control; a
    contested area gives nothing."""
    s = two()
    s["rules"] = 3                           # rules 4 (§2.2) pays no CP for AIU.B at 2 players
    put(s, "CHR.A", "P1", "marine")          # CP 2 (rules 3, §2.2: 1)
    put(s, "MAR.D", "P1", "marine")          # CP 1
    put(s, "MAR.A", "P1", "marine")          # minerals: no CP
    put(s, "AIU.B", "P2", "zealot")          # CP 1
    base(s, "AIU.A", "P1")
    put(s, "AIU.A", "P2", "zealot")          # contested: nobody controls it
    s["p"]["P1"]["cp"] = 4
    regroup.step5_conquest_points(ctx(s))
    assert s["p"]["P1"]["cp"] == 6 and s["p"]["P2"]["cp"] == 1
    s["rules"], s["p"]["P1"]["cp"] = 2, 4                   # the printed values (§18)
    regroup.step5_conquest_points(ctx(s))
    assert s["p"]["P1"]["cp"] == 7


# step 6 -------------------------------------------------------------------------------------
def test_step6_normal_victory_at_15_cp_most_cp_wins():
    """§10 step 6: at 15 CP the game ends; among those players the most CP wins."""
    s = clear(started(3, ["raynor", "tassadar", "queen"]))
    for seat, cp in (("P1", 15), ("P2", 17), ("P3", 14)):
        s["p"][seat]["cp"] = cp
    regroup.step6_normal_victory(ctx(s))
    assert s["result"]["winner"] == "P2" and "normal victory" in kept(s["result"]["reason"])


def test_step6_while_aldaris_is_in_the_game_the_others_need_20():
    """§10 step 6, §2.1: while Aldaris is in the game every other player needs 20 CP; once
    Aldaris is out, 15 again."""
    s = clear(started(2, ["raynor", "aldaris"]))
    s["p"]["P1"]["cp"] = 19
    regroup.step6_normal_victory(ctx(s))
    assert s["result"] is None
    s["p"]["P2"]["out"] = True
    regroup.step6_normal_victory(ctx(s))
    assert s["result"]["winner"] == "P1"


def test_step6_ties_use_the_tie_breakers():
    """§10 step 6 with §12.2: equal CP → the higher total value of held resource cards."""
    s = two()
    s["p"]["P1"]["cp"] = s["p"]["P2"]["cp"] = 16
    cards(s, "P1", "MAR.B")
    cards(s, "P2", "MAR.A")
    regroup.step6_normal_victory(ctx(s))
    assert s["result"]["winner"] == "P2"


# step 7 -------------------------------------------------------------------------------------
def _raynor_six(s):
    for a in ("MAR.A", "MAR.B", "MAR.C", "KOR.A", "KOR.B", "KOR.C"):
        put(s, a, "P1", "marine")
    put(s, "BRA.A", "P2", "zealot")


def test_step7_special_victory_only_in_the_third_stage():
    """§10 step 7: special victories are checked only while the event deck is in stage III
    (its top card, or empty)."""
    s = two()
    _raynor_six(s)
    s["event_deck"] = ["EV13", "EV29"]                 # stage II on top
    regroup.step7_special_victory(ctx(s))
    assert s["result"] is None
    s["event_deck"] = ["EV29"]
    regroup.step7_special_victory(ctx(s))
    assert s["result"]["winner"] == "P1" and "special victory" in kept(s["result"]["reason"])


def test_step7_several_special_victories_first_in_turn_order_from_the_first_player():
    """§10 step 7: several satisfied → the first in turn order from the first player."""
    s = clear(started(2, ["queen", "raynor"]))
    for a in ("CHR.A", "CHR.B", "AIU.A"):
        put(s, a, "P1", "zergling")
    for a in ("MAR.A", "MAR.B", "MAR.C", "KOR.A", "KOR.B", "KOR.C"):
        put(s, a, "P2", "marine")
    s["event_deck"], s["first"] = [], "P2"
    regroup.step7_special_victory(ctx(s))
    assert s["result"]["winner"] == "P2"


def test_step7_elimination_the_last_player_on_the_map_wins():
    """§10 step 7: whatever the stage, a player with no unit and no base is out; if only one
    player has anything on the map, that player wins."""
    s = clear(started(3, ["raynor", "tassadar", "queen"]))
    put(s, "MAR.A", "P1", "marine")
    base(s, "BRA.A", "P2")
    s["event_deck"] = ["EV01"]
    s["p"]["P3"]["events"] = ["EV29", "EV03"]
    regroup.step7_special_victory(ctx(s))
    assert s["p"]["P3"]["out"] and s["result"] is None
    assert "EV29" in s["removed"] and "EV29" not in s["set_aside"]   # unplayed: does not count
    assert s["p"]["P3"]["hand"] == [] and s["p"]["P3"]["cards"] == []
    s["areas"]["BRA.A"]["base"] = None
    regroup.step7_special_victory(ctx(s))
    assert s["result"]["winner"] == "P1"


def test_step7_nobody_left_is_decided_by_the_tie_breakers():
    """§10 step 7: no unit or base at all → the tie-breakers among those in the game."""
    s = two()
    s["p"]["P2"]["cp"] = 3
    regroup.step7_special_victory(ctx(s))
    assert s["result"]["winner"] == "P2"


# step 8 -------------------------------------------------------------------------------------
def regrouping_at_step8(s):
    s["phase"], s["step"], s["stacks"] = "regroup", 8, {}
    return s


def test_step8_events_in_turn_order_from_the_first_player_one_or_pass_rest_discarded():
    """§10 step 8: in turn order from the first player each may play one event card or pass;
    unplayed event cards are discarded; events are read in secret (private lines)."""
    s = two()
    put(s, "MAR.A", "P1", "marine")
    put(s, "BRA.A", "P2", "zealot")
    s["first"] = "P2"
    s["p"]["P1"]["events"] = ["EV09"]
    s["p"]["P2"]["events"] = ["EV10", "EV19"]
    s["event_deck"] = [e for e in s["event_deck"] if e not in ("EV09", "EV10", "EV19")]
    run_regroup(regrouping_at_step8(s))
    prompts = GAME.prompts(s)
    assert list(prompts) == ["P2"] and "event EV10-propaganda" in prompts["P2"].private and not prompts["P2"].actions
    s, ev = act(s, "P2", "event EV19")
    assert s["p"]["P2"]["cp"] == 2 and "EV10" in s["event_discard"] and s["p"]["P2"]["events"] == []
    assert list(GAME.prompts(s)) == ["P1"]
    s, _ = act(s, "P1", "event pass")
    assert s["p"]["P1"]["cp"] == 0 and "EV09" in s["event_discard"]
    assert s["phase"] == "planning" and s["first"] == "P1"          # steps 9 and 10 followed


def test_step8_important_the_end_draws_near_is_forced_set_aside_and_two_end_the_game():
    """§10 step 8, the seed's second IMPORTANT note: "The End Draws Near" must be played (by
    the bot, all at once, nothing else), is set aside rather than discarded, and once two
    have been played (this round or earlier) the game ends at this step."""
    s = two()
    put(s, "MAR.A", "P1", "marine")
    put(s, "BRA.A", "P2", "zealot")
    s["p"]["P1"]["events"] = ["EV29", "EV09"]
    s["event_deck"] = [e for e in s["event_deck"] if e not in ("EV29", "EV30", "EV09")]
    run_regroup(regrouping_at_step8(s))
    assert s["set_aside"] == ["EV29"] and "EV29" not in s["event_discard"]
    assert "EV09" in s["event_discard"] and s["p"]["P1"]["cp"] == 0   # played nothing else
    assert s["result"] is None and s["phase"] == "planning"
    s["p"]["P2"]["events"] = ["EV30"]
    s["p"]["P1"]["cp"] = 5
    run_regroup(regrouping_at_step8(s))
    assert s["set_aside"] == ["EV29", "EV30"]
    assert s["result"]["winner"] == "P1" and "End Draws Near" in kept(s["result"]["reason"])


@pytest.mark.parametrize("rules, aldaris_cp, wins", [(1, 0, "P2"), (2, 7, "P2"), (2, 6, "P1")])
def test_step8_aldaris_wins_the_second_end_draws_near_with_a_base(rules, aldaris_cp, wins):
    """§10 step 8, §2.1: Aldaris wins when the game ends by the second "The End Draws Near"
    if still in play with at least 1 base (rules 1, §18), and under rules 2 with at least ¾ of
    the leader's CP (7 ≥ ¾ × 9; 6 is not): otherwise the most CP wins."""
    s = clear(started(2, ["raynor", "aldaris"], rules=rules))
    put(s, "MAR.A", "P1", "marine")
    base(s, "BRA.A", "P2")
    s["p"]["P1"]["cp"], s["p"]["P2"]["cp"] = 9, aldaris_cp
    s["p"]["P1"]["events"] = ["EV29", "EV30"]
    s["event_deck"] = [e for e in s["event_deck"] if e not in ("EV29", "EV30")]
    run_regroup(regrouping_at_step8(s))
    assert s["result"]["winner"] == wins


def test_step8_elimination_is_checked_again_after_the_events():
    """§10 step 8: an event (Orbital Strike) can destroy a player's last unit: elimination is
    checked again after the events."""
    s = two()
    put(s, "MAR.A", "P1", "marine")
    put(s, "MAR.D", "P2", "marine")
    s["p"]["P1"]["events"] = ["EV15"]
    s["event_deck"] = []
    run_regroup(regrouping_at_step8(s))
    s, _ = act(s, "P1", "event EV15 MAR.D")
    assert s["p"]["P2"]["out"] and s["result"]["winner"] == "P1"


# step 9 -------------------------------------------------------------------------------------
def test_step9_discard_down_to_8_by_private_message():
    """§10 step 9: more than 8 combat cards → discard down to 8 by DM; a wrong count is
    refused; the timeout default drops the highest ids."""
    s = two()
    put(s, "MAR.A", "P1", "marine")
    put(s, "BRA.A", "P2", "zealot")
    p = s["p"]["P1"]
    p["hand"], p["deck"] = sorted(p["hand"] + p["deck"])[:10], sorted(p["hand"] + p["deck"])[10:]
    s["phase"], s["step"] = "regroup", 9
    run_regroup(s)
    assert list(GAME.prompts(s)) == ["P1"]
    assert GAME.prompts(s)["P1"].private == ("drop RAY-09-dig-in RAY-10-dig-in",)
    with pytest.raises(RulesError):
        act(s, "P1", "drop RAY-01")
    s, _ = act(s, "P1", "drop RAY-01 RAY-02")
    assert len(s["p"]["P1"]["hand"]) == 8 and "RAY-01" in s["p"]["P1"]["discard"]
    assert s["phase"] == "planning"


# step 10 ------------------------------------------------------------------------------------
def test_step10_the_token_passes_left_skipping_players_who_are_out():
    """§10 step 10: the first-player token passes to the next seat; out players are skipped;
    the next round starts with Planning."""
    s = clear(started(3, ["raynor", "tassadar", "queen"]))
    for seat, a in (("P1", "MAR.A"), ("P3", "CHS.A")):
        put(s, a, seat, "marine" if seat == "P1" else "zergling")
    s["p"]["P2"]["out"] = True
    s["phase"], s["step"], s["round"] = "regroup", 10, 3
    run_regroup(s)
    assert s["first"] == "P3" and s["phase"] == "planning" and s["round"] == 4


def test_10_the_ten_steps_run_in_the_seeds_order():
    """§10: the steps are performed in order 1…10, each by its own function."""
    names = [regroup.STEPS[i].__name__ for i in range(1, 11)]
    assert names == ["step1_destroy", "step2_lose_cards", "step3_gain_cards", "step4_retrieve_workers",
                     "step5_conquest_points", "step6_normal_victory", "step7_special_victory",
                     "step8_events", "step9_discard_combat", "step10_pass_token"]
    s = two()
    base(s, "MAR.A", "P1")
    put(s, "MAR.A", "P2", "zealot")       # step 1 destroys the base before step 3 could use it
    put(s, "CHR.A", "P1", "marine")       # CP 1 (rules 3 and 4, §2.2)
    s["phase"], s["step"] = "regroup", 1
    s["event_deck"] = ["EV01"]
    run_regroup(s)
    assert s["p"]["P1"]["cards"] == [] and s["p"]["P1"]["cp"] == 1 and s["phase"] == "planning"


# §11, §12 -----------------------------------------------------------------------------------
def test_11_events_need_a_legal_target_and_an_empty_deck_gives_nothing():
    """§11: an event is played only with a legal target; a draw from an empty deck gives nothing."""
    from core.games.starcraft import events
    from core.games.starcraft.common import draw_event
    s = two()
    put(s, "MAR.A", "P1", "marine")
    assert events.lines(s, "P1", "EV15") == []            # no enemy unit of health 1 near
    assert events.lines(s, "P1", "EV09") == ["event EV09-propaganda"]
    s["event_deck"] = []
    assert draw_event(ctx(s), "P1") is None and s["p"]["P1"]["events"] == []


def test_2_8_event_effects():
    """§2.8: Supply Lines, Reinforcements (two Zerglings per slot), Jump Coordinates, Sabotage,
    Breakthrough and Expansion Grant do what their line says."""
    from core.games.starcraft import events
    s = clear(started(2, ["queen", "raynor"]))
    base(s, "MAR.A", "P1")
    put(s, "MAR.A", "P1", "zergling")
    put(s, "MAR.B", "P1", "zergling")
    s["transports"] = [{"owner": "P2", "route": "R1"}]
    c = ctx(s)
    p = s["p"]["P1"]
    pool = p["pool"]
    for card, args in (("EV01", []), ("EV05", ["zergling", "MAR.A"]), ("EV07", ["R6"]), ("EV11", ["R1"]),
                       ("EV13", [])):
        p["events"].append(card)
        events.play(c, "P1", card, args)
    assert p["pool"] == pool + 1
    assert len([u for u in s["areas"]["MAR.A"]["units"] if u["type"] == "zergling"]) == 3
    assert s["transports"] == [{"owner": "P1", "route": "R6"}] and p["tech"] == 2
    p["events"].append("EV23")
    with pytest.raises(RulesError):                        # one base per planet: no target
        events.play(c, "P1", "EV23", ["MAR.B"])
    assert s["areas"]["MAR.B"]["base"] is None
    put(s, "KOR.B", "P1", "zergling")
    p["events"].append("EV24")
    events.play(c, "P1", "EV24", ["KOR.B"])
    assert s["areas"]["KOR.B"]["base"] == "P1"


def test_12_1_the_game_ends_only_at_steps_6_7_8():
    """§12.1: the game ends at the first of step 6, step 7, step 8 — a player over 15 CP at
    step 5 is not a winner before step 6 runs."""
    s = two()
    put(s, "CHR.A", "P1", "marine")
    s["p"]["P1"]["cp"] = 14
    c = ctx(s)
    for step in range(1, 6):
        regroup.STEPS[step](c)
        assert s["result"] is None
    regroup.step6_normal_victory(c)
    assert s["result"]["winner"] == "P1"


def test_12_2_tie_breakers_in_order():
    """§12.2: most CP; resource value; controlled areas; bases; pool; then turn order from the
    first player."""
    from core.games.starcraft.endgame import best
    s = two()
    put(s, "MAR.A", "P1", "marine")
    put(s, "BRA.A", "P2", "zealot")
    assert best(s, ["P1", "P2"]) == "P1"          # a full tie: first in turn order
    s["first"] = "P2"
    assert best(s, ["P1", "P2"]) == "P2"
    s["p"]["P2"]["pool"] -= 1
    assert best(s, ["P1", "P2"]) == "P1"          # more workers in the pool
    base(s, "BRA.A", "P2")
    assert best(s, ["P1", "P2"]) == "P2"          # more bases (areas still 1 : 1)
    put(s, "MAR.B", "P1", "marine")
    assert best(s, ["P1", "P2"]) == "P1"          # more controlled areas beat bases
    cards(s, "P2", "BRA.B")
    assert best(s, ["P1", "P2"]) == "P2"          # resource value beats areas
    s["p"]["P1"]["cp"] = 1
    assert best(s, ["P1", "P2"]) == "P1"          # CP first


def test_2_1_special_victories_of_each_faction():
    """§2.1: Mengsk two whole planets, Tassadar more areas than each other, Overmind five
    planets; Raynor's and the Queen's are in the step-7 tests."""
    from core.games.starcraft.endgame import special_victory
    s = clear(started(3, ["mengsk", "tassadar", "overmind"]))
    for a in BOARD.planet_areas("MAR") + BOARD.planet_areas("KOR")[:3]:
        put(s, a, "P1", "marine")
    assert not special_victory(s, "P1")
    put(s, "KOR.D", "P1", "marine")
    assert special_victory(s, "P1")
    for a in ("BRA.A", "BRA.B"):
        put(s, a, "P2", "zealot")
    assert not special_victory(s, "P2")
    for p in ("TAR", "BRA", "CHS", "MOR"):
        put(s, f"{p}.C", "P3", "zergling")
    assert not special_victory(s, "P3")
    put(s, "AIU.C", "P3", "zergling")
    assert special_victory(s, "P3")


def test_15_cards_are_offered_by_name_and_taken_by_id_or_tag():
    """§15: a private choice names the card (`EV10-propaganda`, `RAY-09-dig-in`), never its id alone;
    a command may still give the bare id, in any case."""
    assert card_tag("EV10") == "EV10-propaganda"
    assert card_id("ev10-propaganda", ["EV09", "EV10"]) == "EV10"
    assert card_id("Ev10", ["EV10"]) == "EV10"
    assert card_id("EV10-glory", ["EV10"]) == "EV10-GLORY"   # a wrong name is not this card: refused by the caller
