"""§7 the Deployment Phase, §8 placement checks, §9 deployment skills and Prone."""
import random

import pytest

from core.errors import RulesError
from core.games.infinity import GAME, placement
from core.games.infinity.deployment import STEPS
from core.games.infinity.geometry import radius
from tests.robots.positions import positions

from .support import act, deploy_state, force_next_roll, named, refuse, texts, trooper

R2 = radius(25)      # S1/S2
R3 = radius(40)      # S3

THREE = ("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2", "Medic; wip=12; ph=10; s=2")
THREE_B = ("Alguacil; wip=14; ph=10; s=2", "Hacker; wip=12; ph=10; s=2", "Doctor; wip=12; ph=10; s=2")


def start(a=THREE, b=THREE_B, **kw):
    state = deploy_state(a, b, **kw)
    assert state["player1"] == "A" and state["zone_of"]["A"] == "south"
    return state


# §7 steps -------------------------------------------------------------------------------------

def test_step1_places_all_but_one_then_done():  # §7.2
    state = start()
    state, _ = act(state, "A", "place A1 10 5")
    err = refuse(state, "A", "done", code="RESERVE_RULE")
    assert err.private and "2 pending troopers" in err.message
    state, _ = act(state, "A", "place A2 14 5")
    state, ev = act(state, "A", "done")
    assert state["phase"] == "deploy_2" and "Step 2: bob (B)" in texts(ev)
    assert GAME.view(state, None)["rosters"]["A"][2]["status"] == "reserve"


def test_last_pending_is_the_reserve():  # §7.2, §8 P1 RESERVE_RULE
    state = start()
    state, _ = act(state, "A", "place A1 10 5")
    state, _ = act(state, "A", "place A2 14 5")
    err = refuse(state, "A", "place A3 18 5", code="RESERVE_RULE")
    assert err.private and "A3 is your last pending trooper" in err.message


def full_steps_1_2():
    state = start()
    for line in ("place A1 10 5", "place A2 14 5", "done"):
        state, _ = act(state, "A", line)
    for line in ("place B1 20 40", "place B2 24 40", "done"):
        state, _ = act(state, "B", line)
    return state


def test_steps_3_and_4_reserves_then_complete():  # §7.3–7.5, §12
    state = full_steps_1_2()
    assert state["phase"] == "deploy_3" and list(GAME.prompts(state)) == ["A"]
    state, ev = act(state, "A", "place A3 18 5 prone")
    assert state["phase"] == "deploy_4"
    state, ev = act(state, "B", "place B3 28 40")
    assert state["phase"] == "complete"
    assert GAME.outcome(state) == (True, None, "deployment complete")
    assert GAME.prompts(state) == {}
    end = next(e for e in ev if e.kind == "end")
    assert "alice (A) takes the first Player Turn" in named(end.text)
    assert "alice (A), south zone: placed A1 (10, 5), A2 (14, 5), A3 (18, 5, prone)" in named(end.text)
    assert "off-table (airborne) none" in named(end.text)
    assert any(e.kind == "image" and e.to is None for e in ev)
    refuse(state, "B", "place B3 30 40", code="FINISHED")


def test_export_after_complete():  # §12 export
    state = full_steps_1_2()
    state, _ = act(state, "A", "place A3 18 5")
    with pytest.raises(Exception):
        GAME.query(state, "A", GAME.parse("export"))
    state, _ = act(state, "B", "place B3 28 40")
    ev = GAME.query(state, "A", GAME.parse("export"))
    assert '"phase":"complete"' in ev[0].text


def test_player2_places_nothing_in_step1():  # §7.3, §8 P1 NOT_YOUR_STEP
    state = start()
    err = refuse(state, "B", "place B1 20 40", code="NOT_YOUR_STEP")
    assert named(err.message) == "It is step 1, alice (A)'s step: wait for your own step to deploy."


def test_no_placement_before_the_phase():  # §8 P1
    from .support import new, rosters
    state = rosters(new())
    refuse(state, "A", "place A1 10 5", code="NOT_YOUR_STEP")


def test_single_trooper_step_ends_at_once():  # §7.6
    state = start(a=("Solo; wip=13; ph=10; s=2",))
    assert state["phase"] == "deploy_2"
    view = GAME.view(state, None)
    assert view["rosters"]["A"][0]["status"] == "reserve"


def test_only_the_reserve_in_step_3():  # §8 P1 in steps 3–4
    state = full_steps_1_2()
    err = refuse(state, "A", "place A1 30 5", code="NOT_YOUR_STEP")
    assert "only your reserve" in err.message


def test_undo_last_placement():  # §7.7
    state = start()
    state, _ = act(state, "A", "place A1 10 5")
    state, ev = act(state, "A", "undo")
    assert trooper(state, "A", "A1")["placed"] is None
    assert "alice (A) takes back the placement of A1." in texts(ev)
    err = refuse(state, "A", "undo", code="NO_UNDO")
    assert err.message == "You have nothing to undo in this step."


def test_zones_and_measure():  # §7.8
    state = start(mission="crossfire")
    text = texts(GAME.query(state, "B", GAME.parse("zones")))
    assert "centre line y = 24" in text
    assert ("South zone of alice (A): [0, 0, 48, 12], 48\" × 12\"; fd1 area [0, 0, 48, 16]; "
            "fd2 area [0, 0, 48, 20]") in text
    assert "North zone of bob (B): [0, 36, 48, 48]" in text and "fd2 area [0, 28, 48, 48]" in text
    assert "Exclusion zones: [0, 20, 48, 28]." in text
    assert texts(GAME.query(state, "A", GAME.parse("measure 0 0 3 4"))) == 'From (0, 0) to (3, 4): 5.00".'


def test_withdraw():  # §7.9
    state = start()
    state, ev = act(state, "A", "withdraw A2")
    assert trooper(state, "A", "A2")["withdrawn"] and "alice (A) withdraws A2" in texts(ev)
    state, _ = act(state, "A", "place A1 10 5")
    err = refuse(state, "A", "withdraw A3", code="RESERVE_RULE")
    assert "cannot be withdrawn in step 1" in err.message
    state, _ = act(state, "A", "done")
    assert GAME.summary(state)["pending"]["A"] == 1


def test_withdraw_reserve_ends_step():  # §7.9 in steps 3–4
    state = full_steps_1_2()
    state, _ = act(state, "A", "withdraw A3")
    assert state["phase"] == "deploy_4"


# §8 checks --------------------------------------------------------------------------------------

def test_p2_trooper_of_the_other_player():  # §8 P2
    err = refuse(start(), "A", "place B1 10 5", code="BAD_TROOPER")
    assert named(err.message) == "B1 belongs to bob (B); you can only deploy your own troopers."
    assert refuse(start(), "A", "place A9 10 5", code="BAD_TROOPER").message == "A9 is not in your roster."


def test_p2_already_placed():  # §8 P2 pending
    state, _ = act(start(), "A", "place A1 10 5")
    assert refuse(state, "A", "place A1 20 5", code="BAD_TROOPER").message == "A1 is already placed."


def test_p3_public_trooper_by_dm():  # §8 P3
    err = refuse(start(), "A", "place A1 10 5", private=True, code="WRONG_CHANNEL")
    assert err.message == "A1 is deployed in the channel."


def test_p4_off_table():  # §8 P4
    err = refuse(start(), "A", "place A1 0.49 5", code="OFF_TABLE")    # r 0.492: edge at −0.002
    assert err.message == ('A1 (base 25 mm, r 0.492") at (0.49, 5) is off the table: the whole base '
                           "must lie within 0–48 × 0–48.")
    act(start(), "A", "place A1 0.5 5")


def test_p4_exact_edge_is_on_table():  # §8 P4 ± ε
    state = start(a=("Big; wip=13; ph=10; s=8", *THREE[1:]))
    act(state, "A", "place A1 1.38 1.38")     # r 1.3780: edge at +0.002
    refuse(state, "A", "place A1 1.37 1.38", code="OFF_TABLE")


def test_p5_worked_example():  # §8.4: (10, 11.5) inside, (10, 11.6) OUTSIDE_AREA
    act(start(), "A", "place A1 10 11.5")
    err = refuse(start(), "A", "place A1 10 11.6", code="OUTSIDE_AREA")
    assert err.message.startswith("A1 (base 25 mm, r 0.492\") at (10, 11.6) is not wholly inside "
                                  "your Deployment Zone [0, 0, 48, 12]")
    assert "y 11.11–12.09" in err.message


def edge_mission_state():
    """A custom mission whose south zone ends at y = 11.992: an S2 base at y = 11.5 touches it
    within ε (coordinates have 2 decimals, §2.1.2)."""
    import json

    from .support import new, rosters, to_deployment
    m = {"id": "edge", "name": "Edge", "table": {"w": 48, "h": 48},
         "zones": {"south": [0, 0, 48, 11.992], "north": [0, 36, 48, 48]}}
    state, _ = act(new(), "A", "mission load '" + json.dumps(m) + "'")
    return to_deployment(rosters(state, THREE, THREE_B))


def test_p5_base_exactly_touching_zone_edge_is_legal():  # §8 P5: touching the edge is inside
    state, _ = act(edge_mission_state(), "A", "place A1 10 11.5")
    assert 0 < 11.5 + R2 - 11.992 < 0.001      # over by 0.00013": within ε


def test_p5_overlapping_zone_edge_by_a_hundredth():  # §8 P5, §8.1: 0.01" over is outside
    refuse(edge_mission_state(), "A", "place A1 10 11.51", code="OUTSIDE_AREA")


def test_p6_exclusion_outside_own_zone():  # §8 P6 (crossfire exclusion [0, 20, 48, 28])
    state = start(a=("Infiltrator; wip=13; ph=10; s=2; skills=inf", *THREE[1:]), mission="crossfire")
    err = refuse(state, "A", "place A1 10 19.8", code="EXCLUSION")
    assert "Exclusion Zone [0, 20, 48, 28]" in err.message
    refuse(state, "A", "place A1 10 19.51", code="EXCLUSION")     # over by 0.002 > ε
    act(state, "A", "place A1 10 19.5")


def test_p6_forward_deployment_touching_exclusion():  # §9.2 + P6
    state = start(a=("Scout; wip=13; ph=10; s=2; skills=fd2", *THREE[1:]), mission="crossfire")
    state, _ = act(state, "A", "place A1 10 19.5")
    assert trooper(state, "A", "A1")["placed"]["y"] == 19.5


def test_p7_contact_with_objective():  # §8 P7 objectives (O1 at (12, 24), 40 mm)
    state = start(a=("Infiltrator; wip=13; ph=10; s=2; skills=inf", *THREE[1:]))
    err = refuse(state, "A", "place A1 12 22.9", code="CONTACT")
    assert "objective O1" in err.message
    act(state, "A", "place A1 12 22.7")


def test_p7_worked_example_with_enemy_infiltrator():  # §8.4 verbatim
    a = ("Fusilier; wip=13; ph=10; s=2", "Scout; wip=12; ph=10; s=2; skills=fd1", "Medic; wip=12; ph=10; s=2")
    b = ("Ninja; wip=14; ph=14; s=3; skills=inf", "Hacker; wip=12; ph=10; s=2", "Doctor; wip=12; ph=10; s=2")
    state = start(a=a, b=b)
    state, _ = act(state, "A", "place A1 10 11.5")
    state, _ = act(state, "A", "place A3 30 5")
    state, _ = act(state, "A", "done")
    refuse(state, "B", "place B1 10 12.7", code="OUTSIDE_AREA")     # would overlap A's zone (§9.3.2)
    state = force_next_roll(state, lambda v: v <= 11)
    state, ev = act(state, "B", "place B1 10 13.2")                    # 1.7" from A1: no contact
    assert trooper(state, "B", "B1")["placed"] is not None
    state, _ = act(state, "B", "place B2 20 40")
    state, _ = act(state, "B", "done")
    err = refuse(state, "A", "place A2 10 14.4", code="CONTACT")       # 1.2" < 1.279
    assert "enemy B1" in err.message and "1.200" in err.message


def test_p7_contact_within_epsilon():  # §8 P7 r1 + r2 + ε
    a = ("Scout; wip=12; ph=10; s=2; skills=inf", "Fusilier; wip=13; ph=10; s=2", "Medic; wip=12; ph=10; s=2")
    b = ("Ninja; wip=14; ph=14; s=2; skills=inf", *THREE_B[1:])
    state = start(a=a, b=b)
    state, _ = act(state, "A", "place A1 10 20")
    state, _ = act(state, "A", "place A2 30 5")
    state, _ = act(state, "A", "done")
    # B1 in A's half (own-half check fails → enemy half with a roll)
    # centres 0.98407" apart, r1 + r2 = 0.98425: in contact (≤ r1 + r2 + ε)
    refuse(state, "B", "place B1 10.6 20.78", code="CONTACT")
    state = force_next_roll(state, lambda v: v <= 11)
    state, _ = act(state, "B", "place B1 10.6 20.79")        # 0.99197 > 0.98525: no contact


def test_p8_friendly_touching_allowed_overlap_refused():  # §8 P8
    state, _ = act(start(), "A", "place A1 10 5")
    act(state, "A", "place A2 10.6 5.78")       # 0.98407 vs r1 + r2 = 0.98425: touching within ε
    err = refuse(state, "A", "place A2 10.6 5.77", code="OVERLAP")      # 0.0081" of overlap
    assert "would overlap your A1" in err.message


def test_p9_terrain_waiver_agreed():  # §8 P9, §8.3 (T5 [34, 8, 38, 11] in the south zone)
    state = start()
    state, ev = act(state, "A", "place A1 36 9.5")
    assert trooper(state, "A", "A1")["placed"] is None
    assert "overlaps terrain T5" in texts(ev)
    prompts = GAME.prompts(state)
    assert prompts["B"].actions == ("agree", "refuse") and "A" in prompts
    state, ev = act(state, "B", "agree")
    assert trooper(state, "A", "A1")["placed"]["x"] == 36


def test_p9_terrain_waiver_refused():  # §8.3 refuse
    state, _ = act(start(), "A", "place A1 36 9.5")
    state, ev = act(state, "B", "refuse")
    assert trooper(state, "A", "A1")["placed"] is None and state["pending_waiver"] is None
    assert "choose another spot for A1" in texts(ev)


def test_p9_any_other_command_cancels_the_request():  # §8.3 stall
    state, _ = act(start(), "A", "place A1 36 9.5")
    state, ev = act(state, "A", "place A2 10 5")
    assert state["pending_waiver"] is None and "withdraws its request" in texts(ev)
    assert "B" not in GAME.prompts(state)


def test_p9_hidden_cannot_ask():  # §8.3 hidden troopers cannot ask
    state = start(a_hidden=("Ghost; wip=13; ph=10; s=2; skills=hd",))
    err = refuse(state, "A", "place AH1 36 9.5", private=True, code="TERRAIN")
    assert err.private and "cannot ask" in err.message


# §9 ---------------------------------------------------------------------------------------------

def test_prone_and_facing():  # §9.1, §2.1.3
    state, _ = act(start(), "A", "place A1 10 5 prone")
    assert trooper(state, "A", "A1")["placed"] == {"x": 10, "y": 5, "facing": 0.0, "prone": True}
    state, _ = act(state, "A", "place A2 14 5 facing=90")
    assert trooper(state, "A", "A2")["placed"]["facing"] == 90 and not trooper(state, "A", "A2")["placed"]["prone"]


def test_default_facing_north_zone():  # §2.1.3 facing the opposing zone
    state = full_steps_1_2()
    assert trooper(state, "B", "B1")["placed"]["facing"] == 180


@pytest.mark.parametrize("skill,y,ok", [("fd1", 15.5, True), ("fd1", 15.6, False), ("fd2", 19.5, True),
                                        ("fd2", 19.6, False), ("", 12.5, False)])
def test_forward_deployment(skill, y, ok):  # §9.2 4" / 8"
    line = "Scout; wip=12; ph=10; s=2" + (f"; skills={skill}" if skill else "")
    state = start(a=(line, *THREE[1:]))
    if ok:
        act(state, "A", f"place A1 10 {y}")
    else:
        refuse(state, "A", f"place A1 10 {y}", code="OUTSIDE_AREA")


def inf_state(ph=10, hidden=False):
    line = f"Ninja; wip=12; ph={ph}; s=2; skills=inf" + (",hd" if hidden else "")
    if hidden:
        return start(a_hidden=(line,))
    return start(a=(line, *THREE[1:]))


def test_infiltration_own_half_without_roll():  # §9.3.1
    state, ev = act(inf_state(), "A", "place A1 10 23")
    assert trooper(state, "A", "A1")["placed"] and not [e for e in ev if e.kind == "roll"]


def test_infiltration_enemy_half_roll_success():  # §9.3.2, §9.3.3 success, §10.2
    state = force_next_roll(inf_state(ph=10), lambda v: v == 7)
    state, ev = act(state, "A", "place A1 10 30")
    rolls = [e for e in ev if e.kind == "roll"]
    assert len(rolls) == 1 and rolls[0].to is None and rolls[0].data["value"] == 7
    assert "needs 7 or less" in rolls[0].text
    assert trooper(state, "A", "A1")["placed"]["y"] == 30


def test_infiltration_roll_failure_forces_own_zone():  # §9.3.3 failure
    state = force_next_roll(inf_state(ph=10), lambda v: v == 8)
    state, ev = act(state, "A", "place A1 10 30")
    t = trooper(state, "A", "A1")
    assert t["placed"] is None and t["must_place_in_zone"]
    assert "fails its Infiltration roll (8 > 7)" in texts(ev)
    refuse(state, "A", "place A1 10 23", code="OUTSIDE_AREA")        # no skill area now
    err = refuse(state, "A", "place A2 10 5", code="BAD_TROOPER")
    assert "A1 failed its Infiltration roll and must be placed next" in err.message
    refuse(state, "A", "done")
    refuse(state, "A", "undo")
    prompt = GAME.prompts(state)["A"]
    assert prompt.actions == ("withdraw A1",)
    state, _ = act(state, "A", "place A1 10 5")
    refuse(state, "A", "undo", code="NO_UNDO")                          # the roll cannot be undone


def test_infiltration_failed_cannot_go_airborne():  # §9.3.3
    state = start(a=("Ninja; wip=12; ph=10; s=2; skills=inf,ad", *THREE[1:]))
    state = force_next_roll(state, lambda v: v == 20)
    state, _ = act(state, "A", "place A1 10 30")
    refuse(state, "A", "airborne A1")


def test_infiltration_target_zero_always_fails():  # §9.3.2 target ≤ 0
    state = force_next_roll(inf_state(ph=3), lambda v: v == 1)
    state, _ = act(state, "A", "place A1 10 30")
    assert trooper(state, "A", "A1")["must_place_in_zone"]


def test_infiltration_never_overlaps_enemy_zone():  # §9.3.2
    act(force_next_roll(inf_state(), lambda v: v == 1), "A", "place A1 10 35.5")
    refuse(inf_state(), "A", "place A1 10 35.6", code="OUTSIDE_AREA")


def test_infiltration_roll_not_undoable():  # §7.7, §9.3.3
    state = force_next_roll(inf_state(), lambda v: v == 1)
    state, _ = act(state, "A", "place A1 10 30")
    err = refuse(state, "A", "undo", code="NO_UNDO")
    assert "involved an Infiltration roll" in err.message


def test_hidden_infiltration_roll_is_private():  # §9.3.4
    state = force_next_roll(inf_state(hidden=True), lambda v: v == 1)
    state, ev = act(state, "A", "place AH1 10 30", private=True)
    assert all(e.to == ("A",) for e in ev)
    assert [e for e in ev if e.kind == "roll"][0].to == ("A",)


def test_area_priority():  # §9.6 zone, forward, own half, enemy half
    line = "Multi; wip=12; ph=10; s=2; skills=fd1,inf"
    state, ev = act(start(a=(line, *THREE[1:])), "A", "place A1 10 14")
    assert not [e for e in ev if e.kind == "roll"]
    state, ev = act(start(a=(line, *THREE[1:])), "A", "place A1 10 22")
    assert not [e for e in ev if e.kind == "roll"]
    state, ev = act(start(a=(line, *THREE[1:])), "A", "place A1 10 26")
    assert [e for e in ev if e.kind == "roll"]


def test_airborne():  # §9.4
    state = start(a=("Jumper; wip=12; ph=10; s=2; skills=ad", *THREE[1:]))
    state, ev = act(state, "A", "airborne A1")
    assert trooper(state, "A", "A1")["airborne"] and "off-table (airborne)" in texts(ev)
    assert GAME.view(state, None)["rosters"]["A"][0]["status"] == "airborne"
    err = refuse(state, "A", "airborne A2", code="NO_SKILL")
    assert "no Airborne Deployment skill" in err.message
    state, ev = act(state, "A", "undo")
    assert not trooper(state, "A", "A1")["airborne"]


def test_airborne_reserve_ends_step():  # §7.4 reserve may be declared airborne
    state = start(a=("Fusilier; wip=13; ph=10; s=2", "Jumper; wip=12; ph=10; s=2; skills=ad"))
    state, _ = act(state, "A", "place A1 10 5")
    refuse(state, "A", "airborne A2", code="RESERVE_RULE")         # last pending in step 1
    state, _ = act(state, "A", "done")
    for line in ("place B1 20 40", "place B2 24 40", "done"):
        state, _ = act(state, "B", line)
    assert "airborne A2" in GAME.prompts(state)["A"].actions
    state, _ = act(state, "A", "airborne A2")
    assert state["phase"] == "deploy_4"


def test_malformed_coordinates():  # grammar: clear sentence, nothing changes
    from core.errors import ParseError
    with pytest.raises(ParseError) as info:
        GAME.parse("place A1 ten 5")
    assert info.value.message == "`place` x must be a number such as 12.5, not 'ten'."
    with pytest.raises(ParseError) as info:
        GAME.parse("place A1 10")
    assert "missing y" in info.value.message
    with pytest.raises(ParseError):
        GAME.parse("place A1 10 5 facing=400")


@pytest.mark.parametrize("line", ["place A4 22.5 10.25 prone facing=90", "place AH1 1 2", "airborne A3",
                                  "deploy zone=north first=me", "initiative first=them", "choose deployment",
                                  "add Fusilier; wip=13; ph=10; s=2",
                                  "roster A; wip=1; ph=1; s=1 | B; wip=2; ph=2; s=2",
                                  "mission load {\"id\": \"x\"}", "measure 1 2 3 4.5", "lt A1", "undo", "done"])
def test_canonical_line_reparses(line):  # contract: parse(a.line) == a
    a = GAME.parse(line)
    assert GAME.parse(a.line) == a


def test_spots_of_one_point_judge_as_spots_of_many():
    """§8 P4–P9: `Spots(one=True)` (each area checked against everything, for the few points
    self-play and the suggestions try) gives every point the very verdict, or the very refusal
    word for word, of `Spots` that sorts out what lies near each area (for the robots' many
    points), with and without the enemy's hidden troopers, in and around every area."""
    def judged(spots, x, y):
        try:
            return spots.evaluate(x, y)
        except RulesError as refusal:
            return refusal.code, str(refusal), refusal.private

    rnd, checked, refused = random.Random(1), 0, 0
    for state, _ in positions(GAME, 2, seed=3, every=1, games=4, max_moves=400):
        if state["phase"] not in STEPS:
            continue
        for seat in ("A", "B"):
            for t in state["rosters"][seat][:4]:
                for see_enemy_hidden in (True, False):
                    many = placement.Spots(state, seat, t, see_enemy_hidden=see_enemy_hidden)
                    one = placement.Spots(state, seat, t, see_enemy_hidden=see_enemy_hidden, one=True)
                    for _, rect in many.areas:
                        x0, y0, x1, y1 = rect or many.table
                        for _ in range(12):
                            x, y = round(rnd.uniform(x0 - 1, x1 + 1), 2), round(rnd.uniform(y0 - 1, y1 + 1), 2)
                            verdict = judged(many, x, y)
                            assert verdict == judged(one, x, y)
                            checked += 1
                            refused += type(verdict) is tuple
    assert checked >= 2000 and refused >= 200
