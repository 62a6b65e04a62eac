"""§1 components and map: the data files, loaded and validated at import."""
import copy
import json
from collections import Counter

import pytest

from core.games.successors.board import BOARD, DATA, Board, DataError


def raw():
    return {n: json.loads((DATA / f"{n}.json").read_text()) for n in
            ("spaces", "provinces", "connections", "generals", "factions", "components", "cards", "rules")}


def test_data_lives_in_json_files():
    names = sorted(p.name for p in DATA.glob("*.json"))
    assert names == ["cards.json", "components.json", "connections.json", "factions.json",
                     "generals.json", "provinces.json", "rules.json", "spaces.json"]


# §1.2 factions and colours
def test_colours():
    assert BOARD.colours == {"A": "Purple", "B": "Blue", "C": "Yellow", "D": "Red", "E": "Green"}


# §1.3.2 general table
@pytest.mark.parametrize("gid,init,combat,pop,sen,lp", [
    ("perdikkas", 3, 3, 0, 20, 1), ("antipatros", 4, 3, 0, 19, 0), ("krateros", 2, 4, 2, 18, 0),
    ("antigonos", 2, 4, 0, 17, 0), ("leonnatos", 3, 3, 0, 16, 1), ("ptolemaios", 4, 3, 2, 15, 0),
    ("lysimachos", 3, 3, 0, 14, 0), ("peithon", 4, 2, 0, 13, 0), ("polyperchon", 5, 2, 0, 12, 0),
    ("eumenes", 1, 4, -2, 10, 0), ("demetrios", 2, 3, 0, 5, 0), ("peukestas", 4, 2, 0, 1, 0)])
def test_general_table(gid, init, combat, pop, sen, lp):
    g = BOARD.generals[gid]
    assert (g["init"], g["combat"], g["pop"], g["sen"], g["lp"]) == (init, combat, pop, sen, lp)


def test_minor_generals():  # §1.3.3
    assert BOARD.minor == {"init": 5, "combat": 1, "pop": 0, "sen": 0, "lp": 0, "per_player": 4,
                           "labels": ["I", "II", "III", "IV"]}


# §1.4 combat units
def test_cu_types():
    t = BOARD.cu_types
    assert t["merc"]["strength"] == 1 and t["merc"]["per_player"] == 15
    assert t["mac"]["strength"] == 2 and t["mac"]["per_player"] == 8
    assert t["royal"]["total"] == 8 and t["royal"]["eliminated"] == "game"
    assert t["silver"]["strength"] == 3 and t["silver"]["total"] == 2
    assert t["eleph"]["total"] == 8 and t["eleph"]["strength"] == "d6-2"
    assert t["indep"]["strength"] == 1


# §1.5 fleets
def test_fleets():
    assert BOARD.fleets["per_player"] == 3
    assert {(f["city"], f["strength"]) for f in BOARD.indep_fleets} == {
        ("athenai", 2), ("tyros", 2), ("salamis", 1), ("rhodos", 1)}


# §1.6 markers
def test_markers():
    m = BOARD.markers
    assert m["champion"]["lp"] == 3 and m["strategos"]["lp"] == 2 and m["guardian"]["lp"] == 2
    assert m["pella_burial"]["lp"] == 10 and m["suspicion"]["lp"] == -3 and m["kings_favour"]["vp"] == 2


# §1.7 royal family
def test_royals():
    r = BOARD.royals
    assert [(k, v.get("lp"), v["space"], v["state"]) for k, v in r.items()] == [
        ("alexander_iv", None, "babylon", "active"), ("philip_iii", None, "babylon", "active"),
        ("herakles", None, "pergamon", "active"), ("olympias", 2, "dodona", "inactive"),
        ("kleopatra", 2, "sardeis", "inactive"), ("thessalonike", 1, "pella", "inactive")]
    assert BOARD.cart == {"space": "babylon", "carried_by": "perdikkas"}


# §1.8 independent armies
def test_independent_armies():
    a = BOARD.indep_armies
    assert {k: v["cus"] for k, v in a.items()} == {"greek_army": 4, "ariarathes": 3, "illyrians": 3,
                                                   "scythians": 4, "greek_soldiers": 5}
    assert a["greek_army"]["start"] == "athenai" and a["ariarathes"]["start"] == "mazaka"
    assert a["illyrians"]["enters"] == ["herakleia_lynkestis", "apollonia"]
    assert a["greek_soldiers"]["enters"] == ["baktra"]


# §1.9 / §1.11 spaces
def test_space_counts():
    types = Counter(s["type"] for s in BOARD.spaces.values())
    assert len(BOARD.spaces) == 103
    assert types == {"MAJ": 27, "MIN": 55, "STR": 10, "TRN": 11}
    assert sum(s["port"] for s in BOARD.spaces.values()) == 40


def test_spaces_carry_map_data():
    for s in BOARD.spaces.values():
        assert {"id", "name", "province", "region", "type", "port", "mod", "start", "x", "y"} <= set(s)
    assert BOARD.spaces["pella"]["x"] == 171 and BOARD.spaces["baktra"]["y"] == 616
    assert BOARD.spaces["rhodos"]["mod"] == -2 and BOARD.spaces["pydna"]["mod"] == 0


# §1.10 provinces
def test_provinces():
    assert len(BOARD.provinces) == 27
    assert sum(p["vp"] for p in BOARD.provinces.values()) == 61
    assert BOARD.provinces["EGY"]["vp"] == 6 and BOARD.provinces["EGY"]["need"] == 4
    for code, p in BOARD.provinces.items():
        majors = [s for s in BOARD.province_spaces(code) if BOARD.spaces[s]["type"] == "MAJ"]
        assert majors == [p["major_city"]], code          # each province has its Major City
    assert set(p["region"] for p in BOARD.provinces.values()) == set(BOARD.regions)


# §1.12 connections
def test_connection_counts():
    assert Counter(k for k, _, _ in BOARD.edges) == {"land": 121, "pass": 12, "strait": 2, "sea": 41, "trans": 3}
    assert len(BOARD.edges) == 179


def test_every_connection_names_existing_spaces():
    for kind, a, b in BOARD.edges:
        assert a in BOARD.spaces and b in BOARD.spaces


def test_land_graph_is_connected_but_islands():
    land = BOARD.reach("pella", ("land", "pass", "strait"))
    assert set(BOARD.spaces) - land == {"rhodos", "salamis", "paphos"}
    assert BOARD.reach("pella", tuple(BOARD.kinds)) == set(BOARD.spaces)


def test_sea_lanes_join_ports():
    for kind, a, b in BOARD.edges:
        if kind in ("sea", "trans"):
            assert BOARD.spaces[a]["port"] and BOARD.spaces[b]["port"]


def test_connection_costs():  # §1.12 MP costs
    assert BOARD.cost("pella", "pydna", ("land",)) == 1
    assert BOARD.cost("abdera", "seuthopolis", ("pass",)) == 2
    assert BOARD.cost("alexandreia", "rhodos", ("trans",)) == 2


# §1.13 off-map boxes
def test_boxes():
    assert BOARD.boxes["illyrian"]["links"] == ["herakleia_lynkestis", "apollonia"]
    assert BOARD.boxes["scythian"]["links"] == ["odessos", "seuthopolis"]
    assert BOARD.boxes["upper_satrapies"]["links"] == ["baktra"]


# §11.1 the Tyche deck list
def test_deck_list():
    base = [BOARD.cards[n] for n in BOARD.base_deck]
    assert len(base) == 57 and BOARD.base_deck == list(range(1, 58))
    assert Counter(c["type"] for c in base) == {"event": 36, "bonus": 8, "surprise": 13}
    assert Counter(c["ops"] for c in base if c["ops"]) == {1: 6, 2: 24, 3: 7, 4: 7}
    assert [c["n"] for c in base if c["table_event"]] == [38, 39, 40, 41, 42, 43]
    assert [n for n, c in BOARD.cards.items() if c["optional"]] == [58, 59, 60]


# a broken data file fails loudly, naming the entry
@pytest.mark.parametrize("edit,words", [
    (lambda r: r["connections"]["connections"].append(["land", "pella", "atlantis"]), "atlantis"),
    (lambda r: r["connections"]["connections"].__setitem__(0, ["pass", "pella", "pydna"]), "declared"),
    (lambda r: r["spaces"]["spaces"][0].__setitem__("province", "XXX"), "pella"),
    (lambda r: r["spaces"]["spaces"][0].__setitem__("type", "MIN"), "MAC"),
    (lambda r: r["provinces"]["provinces"][0].__setitem__("need", 2), "MAC"),
    (lambda r: r["connections"]["connections"].append(["sea", "pella", "larisa"]), "sea pella larisa"),
    (lambda r: r["generals"]["generals"][0]["start"].__setitem__("space", "nowhere"), "perdikkas"),
    (lambda r: r["cards"]["cards"][0].__setitem__("ops", None), "#1"),
    (lambda r: r["components"]["royals"][0].__setitem__("space", "nowhere"), "alexander_iv"),
    (lambda r: r["rules"]["versions"]["5"]["heir_lp"].pop("herakles"), "version 5 gives LP to each heir"),
    (lambda r: r["rules"]["versions"]["5"]["packages"].__setitem__("2", {"A": {"generals": ["perdikkas"],
                                                                               "minors": []}}),
     r"rules.json \(version 5\): the 2-player packages"),
    (lambda r: r["rules"].__setitem__("current", 9), "current"),
])
def test_broken_data_fails_naming_the_entry(edit, words):
    r = copy.deepcopy(raw())
    edit(r)
    with pytest.raises(DataError, match=words):
        Board(r)


def test_land_graph_break_is_reported():
    r = copy.deepcopy(raw())
    r["connections"]["connections"] = [e for e in r["connections"]["connections"]
                                       if "baktra" not in e[1:] and "marakanda" not in e[1:]]
    r["connections"]["declared"] = dict(Counter(e[0] for e in r["connections"]["connections"]))
    with pytest.raises(DataError, match="baktra"):
        Board(r)
