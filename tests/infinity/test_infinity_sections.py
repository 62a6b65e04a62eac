"""Numbered rules of infinity.md not covered elsewhere: scope, coordinates, skill codes,
mission meaning, no roll modifiers, pending troopers, the placement record, randomness."""
import orjson
import pytest

from core import rng
from core.errors import RulesError
from core.games.infinity.roster import parse_line

from .support import GAME, act, deploy_state, new, refuse, rosters


def test_exactly_two_players():  # §1.3
    for players in (["a"], ["a", "b", "c"]):
        with pytest.raises(RulesError) as err:
            GAME.setup(players, {}, "s")
        assert err.value.code == "PLAYERS"


def test_origin_is_the_south_west_corner():  # §2.1.1
    state = deploy_state(["Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2", "Scout; wip=12; ph=10; s=2"],
                         ["Alguacil; wip=14; ph=10; s=2", "Hacker; wip=13; ph=10; s=2"])
    a_zone = state["zone_of"]["A"]
    low_y = 1 if a_zone == "south" else 47
    state, _ = act(state, "A", f"place A1 1 {low_y}")           # a corner of A's own zone
    refuse(state, "A", f"place A2 1 {48 - low_y}", code="OUTSIDE_AREA")   # the far edge is the enemy's


def test_unknown_skill_names_are_kept_as_text_and_do_nothing():  # §2.4
    record = parse_line("Sniper; wip=13; ph=10; s=2; skills=fd1,sniper")
    assert record["skills"] == ["fd1", "sniper"]
    state = deploy_state(["Scout; wip=13; ph=10; s=2; skills=sniper", "Other; wip=12; ph=10; s=2"],
                         ["Alguacil; wip=14; ph=10; s=2", "Hacker; wip=13; ph=10; s=2"])
    far = 14 if state["zone_of"]["A"] == "south" else 34     # 2" beyond the zone
    refuse(state, "A", f"place A1 10 {far}", code="OUTSIDE_AREA")


def test_objectives_and_neutral_elements_are_untouchable_terrain_is_solid():  # §2.5.3
    mission = GAME.setup(["a", "b"], {"mission": "frontline"}, "s")["mission"]
    assert {o["id"] for o in mission["objectives"]} == {"O1", "O2", "O3"}
    assert all("rect" in t for t in mission["terrain"])


def test_the_initiative_roll_has_no_modifiers():  # §5.5, §10.1, §10.2
    state = rosters(new(seed="plain"))
    state, _ = act(state, "A", "roll")
    first = state["initiative_attempts"][0]
    # Seat A draws first, then Seat B: raw d20s of the game's generator, nothing added
    assert (first["rollA"], first["rollB"]) == (rng.draw("plain", 0, 20), rng.draw("plain", 1, 20))


def test_pending_counts_drop_with_placements_and_withdrawals():  # §7.1
    state = deploy_state(["Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2",
                          "Scout; wip=12; ph=10; s=2"],
                         ["Alguacil; wip=14; ph=10; s=2", "Hacker; wip=13; ph=10; s=2"])
    assert GAME.summary(state)["pending"]["A"] == 3
    y = 5 if state["zone_of"]["A"] == "south" else 43
    state, _ = act(state, "A", f"place A1 10 {y}")
    assert GAME.summary(state)["pending"]["A"] == 2
    state, _ = act(state, "A", "withdraw A2")
    assert GAME.summary(state)["pending"]["A"] == 1 and GAME.summary(state)["placed"]["A"] == 1


def test_a_placement_records_position_facing_and_prone():  # §8.2
    state = deploy_state(["Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2"],
                         ["Alguacil; wip=14; ph=10; s=2", "Hacker; wip=13; ph=10; s=2"])
    y = 5 if state["zone_of"]["A"] == "south" else 43
    state, _ = act(state, "A", f"place A1 10.25 {y} prone facing=45")
    trooper = state["rosters"]["A"][0]
    assert trooper["placed"] == {"x": 10.25, "y": y, "facing": 45.0, "prone": True}


def test_the_seed_stays_secret_until_the_end():  # §10.3
    state = rosters(new(seed="very-secret-seed"))
    state, events = act(state, "A", "roll")
    for seat in (None, "A", "B"):
        assert b"very-secret-seed" not in orjson.dumps(GAME.view(state, seat))
    assert all("very-secret-seed" not in e.text for e in events)
