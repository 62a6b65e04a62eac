"""§1 overview, §3 setup and §13 randomness."""
import pytest

from core.errors import RulesError
from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD
from core.games.starcraft.common import current_stage

from .conftest import act, started


def test_1_two_to_six_players():
    """§1: 2–6 players."""
    for n in (2, 6):
        assert len(GAME.start([f"u{i}" for i in range(n)], {}, "x")[0]["seats"]) == n
    for n in (1, 7):
        with pytest.raises(RulesError):
            GAME.start([f"u{i}" for i in range(n)], {}, "x")


def test_3_1_seat_order_and_the_first_player_token():
    """§3.1: seat order is turn order; seat 1 holds the token in round 1."""
    s = started(3)
    assert s["seats"] == ["P1", "P2", "P3"] and s["first"] == "P1" and s["round"] == 1 and s["turn"] == "P1"


def test_3_2_claims_in_seat_order_or_random_deal_ignoring_claims():
    """§3.2: in seat order each claims a free faction; a taken one is refused; `random` deals
    with the seeded generator, ignoring earlier claims."""
    s, _ = GAME.start(["a", "b", "c"], {}, "seed-3")
    assert list(GAME.prompts(s)) == ["P1"]
    s, _ = act(s, "P1", "faction queen of blades")
    with pytest.raises(RulesError):
        act(s, "P2", "faction qob")
    s, _ = act(s, "P2", "random")
    assert s["phase"] == "transport" and len({s["p"][x]["faction"] for x in s["seats"]}) == 3
    again, _ = GAME.start(["a", "b", "c"], {"factions": "random"}, "seed-3")
    fresh, _ = GAME.start(["a", "b", "c"], {"factions": "random"}, "seed-3")
    assert [again["p"][x]["faction"] for x in again["seats"]] == [fresh["p"][x]["faction"] for x in fresh["seats"]]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_3_3_homes_by_player_count(n):
    """§3.3: homes by seat for each count; all 8 planets exist, unassigned homes start empty."""
    s = started(n, seed=f"h{n}")
    homes = [s["p"][x]["home"] for x in s["seats"]]
    assert homes == BOARD.homes[n]
    for planet in BOARD.planets:
        busy = any(s["areas"][a]["units"] or s["areas"][a]["base"] for a in BOARD.planet_areas(planet))
        assert busy == (planet in homes)


def test_3_4_starting_forces_numbered_in_order():
    """§3.4: base in A; Terran Marine + Firebat in D, 2 Marines in A; Protoss Zealot + Dragoon
    in D, Zealot in A; Zerg 2 Zerglings in D, 2 Zerglings + Hydralisk in A; ids in that order."""
    s = started(3, ["raynor", "tassadar", "queen"])
    def kinds(area):
        return [(u["id"], u["type"]) for u in s["areas"][area]["units"]]
    assert kinds("MAR.D") == [("RAY-u1", "marine"), ("RAY-u2", "firebat")]
    assert kinds("MAR.A") == [("RAY-u3", "marine"), ("RAY-u4", "marine")]
    assert [t for _, t in kinds("TAR.D")] == ["zealot", "dragoon"] and [t for _, t in kinds("TAR.A")] == ["zealot"]
    assert [t for _, t in kinds("CHS.A")] == ["zergling", "zergling", "hydralisk"]
    assert all(s["areas"][f"{h}.A"]["base"] == x for x, h in zip(s["seats"], ("MAR", "TAR", "CHS")))


def test_3_5_pool_tech_cards_transport_and_hand():
    """§3.5: 4 workers, tech 1, 0 CP, home A/B/C cards + permanent card, 4 combat cards, and a
    transport on a route touching home (the timeout default is the lowest-id route)."""
    s, _ = GAME.start(["a", "b"], {}, "t35")
    s, _ = act(s, "P1", "faction raynor")
    s, _ = act(s, "P2", "faction mengsk")
    p = s["p"]["P1"]
    assert (p["pool"], p["tech"], p["cp"], len(p["hand"]), len(p["deck"])) == (4, 1, 0, 4, 14)
    assert [c["id"] for c in p["cards"]] == ["MAR.A", "MAR.B", "MAR.C", "PERM-RAY"]
    with pytest.raises(RulesError):
        act(s, "P1", "transport R2")                  # KOR–TAR does not touch Mar Sara
    assert GAME.timeout_line(s, "P1") == "transport R1"
    s, _ = act(s, "P1", "transport R7")
    s, _ = act(s, "P2", GAME.timeout_line(s, "P2"))
    assert s["transports"] == [{"owner": "P1", "route": "R7"}, {"owner": "P2", "route": "R3"}]
    assert s["phase"] == "planning"


@pytest.mark.parametrize("n", [2, 4, 6])
def test_3_6_event_deck_two_per_player_of_stages_I_and_II_then_all_six_of_III(n):
    """§3.6 under rules 1 (§18): 2 × players of stage I on top, 2 × players of stage II, all 6
    of stage III at the bottom; unkept cards leave the game. (Rules 2: tests/starcraft/test_starcraft_balance.py.)"""
    s = started(n, seed=f"e{n}", rules=1)
    stages = [BOARD.events[e]["stage"] for e in s["event_deck"]]
    assert stages == ["I"] * 2 * n + ["II"] * 2 * n + ["III"] * 6
    assert len(s["removed"]) == 24 - 4 * n


def test_3_7_current_stage_is_the_top_card_or_III_when_empty():
    """§3.7: the current stage is the stage of the top card; III once the deck is empty."""
    s = started(2)
    assert current_stage(s) == "I"
    s["event_deck"] = [e for e in s["event_deck"] if BOARD.events[e]["stage"] != "I"]
    assert current_stage(s) == "II"
    s["event_deck"] = []
    assert current_stage(s) == "III"


def test_13_1_13_2_13_4_same_seed_same_game_and_the_order_of_draws():
    """§13.1/§13.2/§13.4: one seed feeds every shuffle (counter-based generator): same seed and
    same actions give an identical game; another seed another deck."""
    a, b, c = started(4, seed="one", rules=1), started(4, seed="one", rules=1), started(4, seed="two", rules=1)
    assert a == b and a["event_deck"] != c["event_deck"]
    # under rules 1 (§18): decks shuffled in seat order, then stages I, II, III, then the draws of 4: the counter
    # after setup is 4 × 17 (combat decks) + 11 + 11 + 5 (stages) shuffle steps
    assert a["rng"]["n"] == 4 * 17 + 11 + 11 + 5


def test_13_3_a_reshuffled_discard_pile_is_sorted_then_shuffled():
    """§13.3 / §9.6: an empty combat deck is rebuilt from the sorted discard pile with the
    game's generator; both empty → the draw is skipped."""
    from core.games.starcraft.common import draw_combat

    from .conftest import ctx
    s = started(2)
    p = s["p"]["P1"]
    p["discard"], p["deck"], p["hand"] = sorted(p["deck"] + p["hand"]), [], []
    n = s["rng"]["n"]
    got = draw_combat(ctx(s), "P1", 2)
    assert len(got) == 2 and s["rng"]["n"] == n + 17 and p["discard"] == []
    p["deck"], p["discard"], p["hand"] = [], [], p["hand"] + p["deck"]
    assert draw_combat(ctx(s), "P1", 3) == []
