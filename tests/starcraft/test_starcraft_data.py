"""§2 Components and data: the JSON files match the spec's tables and broken data is refused."""
import copy

import pytest

from core.games.starcraft.board import BOARD, Board, DataError


def test_2_1_six_factions_two_per_race_with_prefixes():
    """§2.1 / §2.7: six factions, two per race, with the combat-card prefixes."""
    races = [f["race"] for f in BOARD.factions.values()]
    assert sorted(races) == sorted(["terran", "protoss", "zerg"] * 2)
    assert [f["prefix"] for f in BOARD.factions.values()] == ["RAY", "MEN", "TAS", "ALD", "QOB", "OVR"]


def test_2_2_planets_areas_values_and_limits():
    """§2.2: eight planets of four areas; the home profile and Char/Aiur rows of the table."""
    assert len(BOARD.areas) == 32
    for code in ("MAR", "KOR", "TAR", "BRA", "CHS", "MOR"):
        row = [(BOARD.areas[a]["kind"], BOARD.areas[a]["value"], BOARD.areas[a]["limit"])
               for a in BOARD.planet_areas(code)]
        assert row == [("minerals", 2, 3), ("minerals", 1, 2), ("gas", 1, 2), ("cp", 1, 2)]
    assert BOARD.areas["CHR.A"]["kind"] == "cp" and BOARD.areas["CHR.A"]["value"] == 2
    assert (BOARD.areas["AIU.B"]["value"], BOARD.areas["AIU.B"]["limit"]) == (1, 3)
    assert (BOARD.areas["AIU.D"]["kind"], BOARD.areas["AIU.D"]["value"]) == ("gas", 2)


def test_2_3_fourteen_routes_two_z_axis_all_planets_connected():
    """§2.3: 14 routes, R13 and R14 Z-axis; every planet reachable."""
    assert len(BOARD.routes) == 14
    assert [r for r, d in BOARD.routes.items() if d["kind"] == "z-axis"] == ["R13", "R14"]
    assert BOARD.adjacent["KOR"] == {"MAR", "TAR", "AIU", "CHS"}


def test_2_3_the_routes_between_two_planets_are_the_routes_joining_them():
    """`route_between` is made once a pair of planets (kept by the pair): every pair's answer,
    asked twice and in both orders, names the routes whose two planets they are."""
    for a in BOARD.planets:
        for b in BOARD.planets:
            joining = [r for r in BOARD.route_order if sorted(BOARD.routes[r]["planets"]) == sorted((a, b))]
            assert BOARD.route_between(a, b) == joining and BOARD.route_between(a, b) == joining
            assert BOARD.route_between(b, a) == joining
    assert BOARD.route_between("MAR", "CHR") == ["R7"] and BOARD.route_between("MAR", "AIU") == []


def test_2_4_units_costs_stats_tech_supply():
    """§2.4: a sample of the unit table, and the tech upgrade costs."""
    bc = BOARD.units["battlecruiser"]
    assert (bc["cost"], bc["attack"], bc["health"], bc["tech"], bc["supply"]) == \
        ({"minerals": 3, "gas": 3}, 4, 4, 3, 2)
    assert BOARD.units["zergling"]["supply"] == 12 and BOARD.units["zergling"]["per_slot"] == 2
    assert BOARD.tech_costs == {2: {"minerals": 2, "gas": 1}, 3: {"minerals": 3, "gas": 2}}


def test_2_5_pieces_per_faction():
    """§2.5: bases 4 (3M 1G), transports 4 (1M), workers 12 (1M, 4 in the pool), 4 orders of each."""
    p = BOARD.pieces
    assert (p["bases"], p["base_cost"], p["transports"], p["workers"], p["workers_start"]) == \
        (4, {"minerals": 3, "gas": 1}, 4, 12, 4)
    assert p["orders"] == {"mobilize": 4, "build": 4, "research": 4}


def test_2_6_resource_cards_22_plus_permanent():
    """§2.6: one card per mineral/gas area (22) plus PERM-<prefix> (minerals 1) per faction."""
    normal = [c for c, d in BOARD.resource.items() if not d.get("permanent")]
    assert len(normal) == 22 and BOARD.resource["CHR.D"] == {"id": "CHR.D", "kind": "gas", "value": 2}
    assert BOARD.resource["PERM-RAY"]["value"] == 1 and BOARD.resource["PERM-RAY"]["kind"] == "minerals"


def test_2_7_combat_decks_18_per_faction_in_table_order():
    """§2.7: 6 × 18 = 108 cards, ids <prefix>-01…18 in table order."""
    assert len(BOARD.combat) == 108
    assert BOARD.combat["RAY-01"]["name"] == "Focused Fire" and BOARD.combat["RAY-04"]["name"] == "Flanking"
    assert BOARD.combat["OVR-18"]["name"] == "Feint" and BOARD.combat["MEN-16"]["name"] == "Ambush"


def test_2_8_thirty_event_cards_in_three_stages():
    """§2.8: EV01…EV30, 12 / 12 / 6 by stage, the two "The End Draws Near" last."""
    stages = [BOARD.events[f"EV{n:02d}"]["stage"] for n in range(1, 31)]
    assert stages == ["I"] * 12 + ["II"] * 12 + ["III"] * 6
    assert [BOARD.events[e]["name"] for e in ("EV29", "EV30")] == ["The End Draws Near"] * 2
    assert BOARD.events["EV15"]["name"] == "Orbital Strike"


def _broken(mutate):
    raw = copy.deepcopy(BOARD.raw)
    mutate(raw)
    with pytest.raises(DataError):
        Board(raw)


def test_2_broken_data_is_refused_when_loaded():
    """§2: data are checked when loaded — a bad route, a resource card off its area's value,
    a deck of 17 and a missing "The End Draws Near" each raise DataError."""
    _broken(lambda r: r["routes"]["routes"][0]["planets"].__setitem__(1, "XXX"))
    _broken(lambda r: r["resource_cards"]["resource_cards"][0].__setitem__("value", 5))
    _broken(lambda r: r["combat_cards"]["combat_cards"][0].__setitem__("copies", 2))
    _broken(lambda r: r["event_cards"]["event_cards"][-1].__setitem__("effect", "glory"))
    _broken(lambda r: r["factions"]["starting_forces"]["zerg"]["D"].extend(["zergling"] * 2))
    Board(copy.deepcopy(BOARD.raw))   # the real data load
