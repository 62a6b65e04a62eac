"""Issue 27: the designed numbers tuned by the balance runs (docs/balance.md) are the ones
docs/rules/successors.md states; rules version 6 plays them, and a game of rules 4 or 5 keeps its
own (§15)."""
import pytest

from core.errors import RulesError
from core.games.successors import GAME, legitimacy, scoring
from core.games.successors.board import BOARD
from core.replay import MIGRATIONS, replay, rules_version

from .conftest import clear_board, place_cus, put_gen

# §1.7 and §9.2: the LP each heir gives his controller, by rules version (§15)
SPEC_1_7 = {4: {"alexander_iv": 3, "philip_iii": 2, "herakles": 2},
            5: {"alexander_iv": 1, "philip_iii": 1, "herakles": 2},
            6: {"alexander_iv": 1, "philip_iii": 1, "herakles": 2}}
# §2.1 (rules 5): the packages whose make-up changed from rules 4, by player count: major generals,
# minors I / II
SPEC_2_1_RULES_5 = {
    2: {"A": (["perdikkas", "eumenes", "peithon", "antigonos", "lysimachos"], ["opis", "gordion"]),
        "B": (["antipatros", "krateros", "leonnatos", "ptolemaios"], ["amphipolis", "memphis"])},
    4: {"A": (["perdikkas", "eumenes"], ["opis", "rhagai"]),
        "B": (["antipatros", "krateros", "peithon"], ["amphipolis", "issos"]),
        "C": (["ptolemaios", "leonnatos"], ["memphis", "abydos"]),
        "D": (["antigonos", "lysimachos"], ["gordion", "sestos"])}}
# §2.1 (rules 6): the 3- and 5-player packages changed again (5 players: Lysimachos joins Ptolemaios,
# so package C must hold Thrace as well as Egypt); 2 and 4 players keep rules 5's
SPEC_2_1 = {   # by rules version: the packages that differ from factions.json
    4: {},
    5: SPEC_2_1_RULES_5,
    6: {**SPEC_2_1_RULES_5,
        3: {"A": (["perdikkas", "eumenes", "antigonos"], ["opis", "gordion"]),
            "B": (["antipatros", "krateros", "lysimachos", "peithon"], ["amphipolis", "sestos"]),
            "C": (["ptolemaios", "leonnatos"], ["memphis", "abydos"])},
        5: {"A": (["perdikkas", "eumenes"], ["opis", "gaza"]),
            "B": (["antipatros", "krateros"], ["amphipolis", "issos"]),
            "C": (["ptolemaios", "lysimachos"], ["memphis", "ammoneion"]),
            "D": (["antigonos", "leonnatos"], ["gordion", "abydos"]),
            "E": (["peithon"], ["sestos", "rhagai"])}}}
# §2.5 check values of each version: VP, LP per package and the Usurper in Turn I
SPEC_2_5 = {
    4: {2: ({"A": 13, "B": 15}, {"A": 8, "B": 5}, "B"),
        3: ({"A": 7, "B": 7, "C": 10}, {"A": 7, "B": 5, "C": 6}, "C"),
        4: ({"A": 7, "B": 5, "C": 8, "D": 4}, {"A": 7, "B": 5, "C": 6, "D": 3}, "C"),
        5: ({"A": 4, "B": 5, "C": 6, "D": 4, "E": 5}, {"A": 7, "B": 5, "C": 3, "D": 6, "E": 3}, "C")},
    5: {2: ({"A": 11, "B": 15}, {"A": 5, "B": 8}, "B"),
        3: ({"A": 7, "B": 7, "C": 10}, {"A": 5, "B": 5, "C": 6}, "C"),
        4: ({"A": 4, "B": 8, "C": 8, "D": 4}, {"A": 5, "B": 5, "C": 6, "D": 3}, "B"),
        5: ({"A": 4, "B": 5, "C": 6, "D": 4, "E": 5}, {"A": 5, "B": 5, "C": 3, "D": 6, "E": 3}, "C")},
    6: {2: ({"A": 11, "B": 15}, {"A": 5, "B": 8}, "B"),
        3: ({"A": 6, "B": 10, "C": 8}, {"A": 5, "B": 5, "C": 6}, "B"),
        4: ({"A": 4, "B": 8, "C": 8, "D": 4}, {"A": 5, "B": 5, "C": 6, "D": 3}, "B"),
        5: ({"A": 4, "B": 5, "C": 8, "D": 4, "E": 3}, {"A": 5, "B": 5, "C": 3, "D": 6, "E": 3}, "C")},
}


def started(n, rules=None, seed="bal", **options):
    state, _ = GAME.start([f"p{i}" for i in range(n)], {"rules": rules, **options} if rules else options, seed)
    return state


def test_15_new_games_play_rules_6_and_the_game_names_it():
    """§15: Successors is at rules version 6; a new game stores it, a game of rules 5 stores 5, a
    game of rules 4 stores nothing (a snapshot without the key is a game of rules 4), and no other
    version is set up."""
    # rules version 7 (issue 36) changed how a state keeps its words, not the numbers: rules 6's
    assert rules_version(GAME) == 7 and BOARD.current_rules == 6
    assert started(2)["rules"] == 6 and started(2, rules="5")["rules"] == 5 and "rules" not in started(2, rules="4")
    assert BOARD.rules_of({}) is BOARD.rules[4]
    with pytest.raises(RulesError) as refused:
        started(2, rules="3")
    assert refused.value.code == "OLD_RULES"


@pytest.mark.parametrize("version", [4, 5, 6])
@pytest.mark.parametrize("heir", ["alexander_iv", "philip_iii", "herakles"])
def test_1_7_9_2_an_heir_gives_the_lp_of_his_rules_version(version, heir):
    """§1.7, §9.2 (§15): the heir a seat controls adds his LP of the game's rules version."""
    assert BOARD.rules[version]["heir_lp"] == SPEC_1_7[version]
    state = clear_board(started(2, rules=str(version)))
    for other in SPEC_1_7[version]:
        state["royals"][other]["st"] = "dead"
    a = state["seats"][0]
    put_gen(state, f"{a}1", a, "babylon")
    place_cus(state, "babylon", a, merc=1)
    before = legitimacy.lp(state, a)
    state["royals"][heir].update(st="active", at="babylon", by=f"{a}1")
    assert legitimacy.lp_parts(state, a)["heir"] == SPEC_1_7[version][heir]
    assert legitimacy.lp(state, a) == before + SPEC_1_7[version][heir]


@pytest.mark.parametrize("version", [4, 5, 6])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_2_1_packages_of_each_rules_version(version, n):
    """§2.1 (§15): the packages the spec lists for each rules version (rules 6: 3 and 5 players
    changed again); a count a version leaves alone keeps the packages of factions.json, and a game
    set up under the version deals them."""
    changed = SPEC_2_1[version].get(n)
    got = {k: (p["generals"], p["minors"]) for k, p in BOARD.packages_of({"n": n, "rules": version}).items()}
    old = {k: (p["generals"], p["minors"]) for k, p in BOARD.packages[n].items()}
    assert got == (changed or old)
    assert {k: (p["generals"], p["minors"]) for k, p in BOARD.packages_of({"n": n}).items()} == old
    state = started(n, rules=str(version))
    for letter, (majors, minors) in got.items():
        assert sorted(g for g, d in state["gens"].items() if d["o"] == letter and not g[0].isupper()) == sorted(majors)
        assert [state["gens"][f"{letter}{i}"]["at"] for i in (1, 2)] == minors


@pytest.mark.parametrize("version", [4, 5, 6])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_2_5_check_values_of_each_rules_version(version, n):
    """§2.5: the check values at start, under rules 6, 5 and 4 (§15)."""
    state = started(n, rules=str(version), seed=f"c{n}")
    vp, lp, usurper = SPEC_2_5[version][n]
    assert scoring.all_vp(state) == vp and legitimacy.all_lp(state) == lp and state["usurper"] == usurper


def test_15_a_log_of_rules_4_replays_under_rules_4():
    """§15: a game stored under rules 4 (no `rules` option) is carried to rules 6 by pinning its
    rules: its replay deals the rules 4 packages and heirs' LP, and its snapshot has no `rules`."""
    setup = {"format": "strategos/1", "rules_version": 4, "game": "successors", "players": ["a", "b"],
             "options": {}, "seed": "old"}
    state = replay(GAME, setup, [])
    assert ("successors", 4) in MIGRATIONS and "rules" not in state
    assert legitimacy.all_lp(state) == SPEC_2_5[4][2][1]
    assert state["gens"]["leonnatos"]["o"] == state["gens"]["perdikkas"]["o"]
    # (and keeps its words in English, as the rules version 7 of issue 36 carries a log of 6)
    assert state == started(2, rules="4", seed="old", words="english")


@pytest.mark.parametrize("n", [3, 5])
def test_15_a_log_of_rules_5_replays_under_rules_5(n):
    """§15: a game stored under rules 5 (no `rules` option: 5 was the default then) keeps rules 5's
    3- and 5-player packages when it is replayed under rules 6 (core/replay.MIGRATIONS pins them)."""
    setup = {"format": "strategos/1", "rules_version": 5, "game": "successors",
             "players": [f"p{i}" for i in range(n)], "options": {}, "seed": "five"}
    state = replay(GAME, setup, [])
    assert ("successors", 5) in MIGRATIONS and state["rules"] == 5
    assert state == started(n, rules="5", seed="five", words="english")
    assert state != started(n, rules="6", seed="five")
    assert (scoring.all_vp(state), legitimacy.all_lp(state), state["usurper"]) == SPEC_2_5[5][n]
