"""§2 data: coordinates and bases, roster records, skill codes, missions."""
import json

import orjson
import pytest

from core.errors import RulesError
from core.games.infinity import geometry as geo
from core.games.infinity.missions import BUILTIN, builtin, fd_area, half, parse_mission, validate
from core.games.infinity.roster import parse_line, parse_lines, split_lines

from .support import act, new, refuse, texts

# §2.1.2 / §2.2 ---------------------------------------------------------------------------

@pytest.mark.parametrize("mm,inches", [(25, 0.492), (40, 0.787), (55, 1.083), (70, 1.378)])
def test_base_radius_table(mm, inches):  # §2.1.2, §2.2 radius column
    assert round(geo.radius(mm), 3) == inches


@pytest.mark.parametrize("s,base", [(1, 25), (2, 25), (3, 40), (5, 40), (6, 40), (4, 55), (7, 55), (8, 70)])
def test_silhouette_gives_base(s, base):  # §2.2
    assert parse_line(f"X; wip=10; ph=10; s={s}")["base_mm"] == base


def test_base_override():  # §2.2 base=25|40|55|70
    assert parse_line("X; wip=10; ph=10; s=2; base=40")["base_mm"] == 40
    with pytest.raises(RulesError, match="base must be 25, 40, 55 or 70"):
        parse_line("X; wip=10; ph=10; s=2; base=30")


# §8.1 rectangle tests --------------------------------------------------------------------

def test_inside_rectangle_with_tolerance():  # §8.1 inside, ± ε
    r = geo.radius(25)
    assert geo.circle_inside_rect(10, 12 - r, r, [0, 0, 48, 12])
    assert geo.circle_inside_rect(10, 12 - r + 0.0009, r, [0, 0, 48, 12])
    assert not geo.circle_inside_rect(10, 12 - r + 0.01, r, [0, 0, 48, 12])


def test_overlap_with_rectangle():  # §8.1 overlap: dx² + dy² < (r − ε)²
    r = 1.0
    assert not geo.circle_overlaps_rect(5, 9, r, [0, 10, 10, 20])          # touching edge
    assert geo.circle_overlaps_rect(5, 9.01, r, [0, 10, 10, 20])
    assert not geo.circle_overlaps_rect(10.8, 9.4, r, [0, 10, 10, 20])     # corner, distance 1.0
    assert geo.circle_overlaps_rect(10.7, 9.4, r, [0, 10, 10, 20])         # corner, distance 0.92
    assert geo.circle_overlaps_rect(5, 15, r, [0, 10, 10, 20])             # centre inside


def test_contact_and_overlap_between_bases():  # §8 P7 contact within ε, P8 touching allowed
    assert geo.in_contact(0, 0, 1, 2.0005, 0, 1)
    assert not geo.in_contact(0, 0, 1, 2.002, 0, 1)
    assert not geo.overlapping(0, 0, 1, 2.0, 0, 1)
    assert not geo.overlapping(0, 0, 1, 1.9995, 0, 1)      # within ε counts as touching
    assert geo.overlapping(0, 0, 1, 1.99, 0, 1)


# §2.3 roster record -----------------------------------------------------------------------

def test_roster_line_fields():  # §2.3
    rec = parse_line("Fusilier Bolt; wip=13; ph=10; s=2; skills=FD1,Mimetism")
    assert rec == {"name": "Fusilier Bolt", "wip": 13, "ph": 10, "s": 2, "base_mm": 25,
                   "skills": ["fd1", "Mimetism"], "lt": False}


@pytest.mark.parametrize("line,text", [
    ("Fusilier; wip=21; ph=10; s=2", "wip must be from 1 to 20, not 21"),
    ("Fusilier; wip=13; ph=0; s=2", "ph must be from 1 to 20, not 0"),
    ("Fusilier; wip=13; ph=10; s=9", "s must be from 1 to 8, not 9"),
    ("Fusilier; wip=x; ph=10; s=2", "wip must be a whole number"),
    ("Fusilier; ph=10; s=2", "the field 'wip' is missing"),
    ("Fusilier; wip=13; ph=10; s=2; colour=red", "unknown field 'colour'"),
    ("Fusilier; wip=13; wip=12; ph=10; s=2", "the field 'wip' is given twice"),
    ("Fusi_lier; wip=13; ph=10; s=2", "must be 1–24 letters, digits, spaces or hyphens"),
    ("A name that is far too long; wip=13; ph=10; s=2", "must be 1–24"),
    ("; wip=13; ph=10; s=2", "the name is missing"),
])
def test_bad_roster_lines_name_the_field(line, text):  # §2.3 ranges and names
    with pytest.raises(RulesError) as info:
        parse_line(line)
    assert text in info.value.message


def test_names_in_any_script():  # §2.3 letters, digits, spaces, hyphen
    assert parse_line("Señor Ñandú-2; wip=1; ph=1; s=1")["name"] == "Señor Ñandú-2"


def test_unknown_skills_are_kept_as_text():  # §2.3 skills, §9.7
    assert parse_line("X; wip=1; ph=1; s=1; skills=Mimetism,hd")["skills"] == ["Mimetism", "hd"]


def test_roster_lines_split_when_joined_by_spaces():  # §3.2 `roster` (adapters join lines)
    text = "Fusilier; wip=13; ph=10; s=2 Alguacil Two; wip=12; ph=11; s=2; skills=fd1 Sniper; wip=13; ph=10; s=2"
    assert split_lines(text) == ["Fusilier; wip=13; ph=10; s=2", "Alguacil Two; wip=12; ph=11; s=2; skills=fd1",
                                 "Sniper; wip=13; ph=10; s=2"]
    assert [r["name"] for r in parse_lines("A; wip=1; ph=1; s=1 | B; wip=2; ph=2; s=2\nC; wip=3; ph=3; s=3")] == \
        ["A", "B", "C"]


def test_ids_in_entry_order_and_never_reused():  # §2.3 id
    state = new()
    state, _ = act(state, "A", "add One; wip=10; ph=10; s=2")
    state, _ = act(state, "A", "add Two; wip=10; ph=10; s=2")
    state, _ = act(state, "A", "remove A2")
    state, ev = act(state, "A", "add Three; wip=10; ph=10; s=2")
    assert [t["id"] for t in state["rosters"]["A"]] == ["A1", "A3"]
    state, _ = act(state, "A", "add Ghost; wip=10; ph=10; s=2; skills=hd", private=True)
    assert state["rosters"]["A"][-1]["id"] == "AH1"


def test_names_unique_case_insensitive():  # §2.3 name unique
    state, _ = act(new(), "A", "add Fusilier; wip=10; ph=10; s=2")
    err = refuse(state, "A", "add FUSILIER; wip=11; ph=10; s=2", code="DUPLICATE_NAME")
    assert "already has a trooper named FUSILIER (A1)" in err.message
    assert err.private   # a clash may be with a hidden trooper (§9.5.1)
    act(state, "B", "add Fusilier; wip=10; ph=10; s=2")     # the other roster may reuse it


def test_roster_holds_at_most_30():  # §2.3 1–30 troopers
    state = new()
    lines = " | ".join(f"T{i}; wip=10; ph=10; s=2" for i in range(30))
    state, _ = act(state, "A", f"roster {lines}")
    assert len(state["rosters"]["A"]) == 30
    err = refuse(state, "A", "add Extra; wip=10; ph=10; s=2", code="ROSTER_FULL")
    assert "at most 30" in err.message


# §2.5 missions ----------------------------------------------------------------------------

FRONTLINE = {"id": "frontline", "name": "Frontline", "table": {"w": 48, "h": 48},
             "zones": {"south": [0, 0, 48, 12], "north": [0, 36, 48, 48]}, "exclusion": [],
             "objectives": [{"id": "O1", "x": 12, "y": 24, "d_mm": 40}],
             "neutral": [{"id": "N1", "x": 30, "y": 20, "d_mm": 25}],
             "terrain": [{"id": "T1", "rect": [6, 15, 12, 19], "label": "container"}]}


def test_schema_example_validates():  # §2.5 example
    m = validate(json.loads(json.dumps(FRONTLINE)))
    assert m["zones"]["north"] == [0, 36, 48, 48] and m["neutral"][0]["id"] == "N1"


@pytest.mark.parametrize("change,text", [
    (lambda m: m.pop("zones"), "the field 'zones' is missing"),
    (lambda m: m.pop("table"), "the field 'table' is missing"),
    (lambda m: m["zones"].update(east=[0, 0, 1, 1]), "exactly the keys 'south' and 'north'"),
    (lambda m: m["zones"].update(south=[0, 0, 48, 30]), "must lie inside the south half"),
    (lambda m: m["zones"].update(north=[0, 20, 48, 48]), "must lie inside the north half"),
    (lambda m: m["zones"].update(south=[5, 5, 2, 8]), "x0 < x1 and y0 < y1"),
    (lambda m: m["terrain"].append({"id": "T9", "rect": [40, 40, 50, 44]}), "T9 is not inside the table"),
    (lambda m: m["objectives"].append({"id": "O2", "x": 0.2, "y": 24, "d_mm": 40}), "not inside the table"),
    (lambda m: m["objectives"].append({"id": "T1", "x": 5, "y": 24, "d_mm": 40}), "used twice"),
    (lambda m: m["objectives"].append({"id": "O5", "x": 5, "y": 24}), "missing the field 'd_mm'"),
    (lambda m: m["exclusion"].append([0, 20, 48]), "must be a rectangle"),
])
def test_validation_refuses_with_the_field(change, text):  # §2.5.2
    data = json.loads(json.dumps(FRONTLINE))
    change(data)
    with pytest.raises(RulesError) as info:
        validate(data)
    assert text in info.value.message and info.value.code == "BAD_MISSION"


def test_zones_touching_at_centre_do_not_overlap():  # §2.5.1 halves share y = h/2
    data = json.loads(json.dumps(FRONTLINE))
    data["zones"] = {"south": [0, 0, 48, 24], "north": [0, 24, 48, 48]}
    validate(data)


@pytest.mark.parametrize("mid", BUILTIN)
def test_builtin_missions_symmetric(mid):  # §2.6 180° symmetry, 48×48, zones 12" deep
    m = builtin(mid)
    assert m["table"] == {"w": 48, "h": 48}
    assert m["zones"] == {"south": [0, 0, 48, 12], "north": [0, 36, 48, 48]}
    rects = sorted(tuple(t["rect"]) for t in m["terrain"])
    turned = sorted((48 - x1, 48 - y1, 48 - x0, 48 - y0) for x0, y0, x1, y1 in rects)
    assert rects == turned
    points = sorted((o["x"], o["y"]) for o in m["objectives"])
    assert points == sorted((48 - x, 48 - y) for x, y in points)


def test_builtin_mission_data():  # §2.6 table
    f, c = builtin("frontline"), builtin("crossfire")
    assert [(o["id"], o["x"], o["y"], o["d_mm"]) for o in f["objectives"]] == \
        [("O1", 12, 24, 40), ("O2", 24, 24, 40), ("O3", 36, 24, 40)]
    assert [t["rect"] for t in f["terrain"]] == [[6, 15, 12, 19], [36, 29, 42, 33], [18, 18, 22, 22],
                                                 [26, 26, 30, 30], [34, 8, 38, 11], [10, 37, 14, 40]]
    assert c["exclusion"] == [[0, 20, 48, 28]]
    assert [(o["x"], o["y"]) for o in c["objectives"]] == [(8, 24), (40, 24), (24, 16), (24, 32)]
    assert [t["rect"] for t in c["terrain"]] == [[4, 30, 10, 34], [38, 14, 44, 18], [14, 14, 18, 18],
                                                 [30, 30, 34, 34]]


def test_areas():  # §2.5.1 halves, §9.2 forward areas never past the centre line
    m = builtin("frontline")
    assert half(m, "south") == [0, 0, 48, 24] and half(m, "north") == [0, 24, 48, 48]
    assert fd_area(m, "south", "fd1") == [0, 0, 48, 16] and fd_area(m, "south", "fd2") == [0, 0, 48, 20]
    assert fd_area(m, "north", "fd1") == [0, 32, 48, 48] and fd_area(m, "north", "fd2") == [0, 28, 48, 48]
    deep = validate({**FRONTLINE, "zones": {"south": [0, 0, 48, 20], "north": [0, 28, 48, 48]}})
    assert fd_area(deep, "south", "fd2") == [0, 0, 48, 24]
    assert fd_area(deep, "north", "fd2") == [0, 24, 48, 48]


def test_mission_load_in_chat_without_quotes():  # §2.6 custom mission (adapters eat double quotes)
    state = new()
    text = json.dumps({**FRONTLINE, "id": "custom", "name": "Big City"})
    state, ev = act(state, "A", f"mission load {text}")
    assert state["mission"]["id"] == "custom" and state["mission"]["name"] == "Big City"
    assert "Mission set to Big City" in texts(ev)
    assert parse_mission(text)["objectives"] == state["mission"]["objectives"]


def test_mission_load_missing_field_refused():  # §2.5.2, state unchanged
    data = {k: v for k, v in FRONTLINE.items() if k != "zones"}
    err = refuse(new(), "A", "mission load '" + json.dumps(data) + "'", code="BAD_MISSION")
    assert err.message == "Mission refused: the field 'zones' is missing (required: id, name, table, zones)."


def test_mission_load_only_before_locking():  # §2.6 before either roster is locked
    from .support import rosters
    state = rosters(new(), ready=False)
    state, _ = act(state, "B", "ready")
    err = refuse(state, "A", "mission load '" + json.dumps(FRONTLINE) + "'", code="NOT_NOW")
    assert "before either roster is locked" in err.message


def test_mission_show_is_read_only():  # §13 mission show
    state = new("crossfire")
    new_state, ev = GAME_apply(state, "A", "mission show")
    assert orjson.dumps(new_state) == orjson.dumps(state)
    assert "Crossfire" in texts(ev)


def GAME_apply(state, seat, line):
    from core.games.infinity import GAME
    return GAME.apply(state, seat, GAME.parse(line))


def test_a_points_gap_to_a_rectangle_is_nought_inside_and_the_straight_line_outside():  # §8.1
    rect = [0.0, 0.0, 4.0, 2.0]
    assert geo.gap_to_rect(1.0, 1.0, rect) == 0.0
    assert geo.gap_to_rect(6.0, 1.0, rect) == 2.0                  # beside: across only
    assert geo.gap_to_rect(7.0, 6.0, rect) == 5.0                  # past a corner: 3, 4, 5
    assert geo.gap_to_rect(-1.0, -1.0, rect) == geo.distance(-1.0, -1.0, 0.0, 0.0)
