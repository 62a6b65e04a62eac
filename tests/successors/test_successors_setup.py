"""§2 setup for 2 to 5 players, deterministic from the seed."""
import pytest

from core.game import Ctx
from core.games.successors import GAME, legitimacy, scoring
from core.games.successors.board import BOARD
from core.games.successors.forces import cus_at

from .conftest import new
from .test_successors_balance import SPEC_2_5

# §2.5 check values of the current rules (§15): VP, LP per package and the Usurper in Turn I
CHECK = SPEC_2_5[BOARD.current_rules]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_check_values(n, seed):  # §2.5
    state = new(n, seed)
    vp, lp, usurper = CHECK[n]
    assert scoring.all_vp(state) == vp
    assert legitimacy.all_lp(state) == lp
    assert state["usurper"] == usurper
    summary = GAME.summary(state)
    assert {s: p["vp"] for s, p in summary["players"].items()} == vp
    assert {s: p["legitimacy"] for s, p in summary["players"].items()} == lp
    assert summary["usurper"] == usurper


def test_two_player_check_includes_hellespont_and_fleet():  # §2.5, §8.5, §15
    state = new(2)
    assert scoring.fleet_strength(state, "A") == 1 and scoring.fleet_strength(state, "B") == 4
    assert (state["pcs"]["sestos"], state["pcs"]["abydos"]) == ("A", "B")      # since rules 5: Leonnatos is B's
    old, _ = GAME.start(["p0", "p1"], {"rules": "4"}, "t")
    assert old["pcs"]["sestos"] == old["pcs"]["abydos"] == "A"                # rules 4: the Hellespont is A's


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_packages_shuffled_from_the_seed(n):  # §2.1, §1.14
    seats = {tuple(new(n, f"s{i}")["seats"]) for i in range(12)}
    assert all(sorted(s) == sorted(BOARD.packages[n]) for s in seats)
    assert len(seats) > 1                                   # the seed matters
    assert new(n, "same")["seats"] == new(n, "same")["seats"]   # and decides


def test_setup_is_deterministic_byte_for_byte():  # §1.14
    import orjson
    assert orjson.dumps(new(4, "x")) == orjson.dumps(new(4, "x"))


def test_packages_by_player_count():  # §2.1
    state = new(3, "k")
    owners = {g: d["o"] for g, d in state["gens"].items() if g in BOARD.generals and d["o"]}
    for letter, pk in BOARD.packages_of(state).items():
        assert sorted(g for g, o in owners.items() if o == letter) == sorted(pk["generals"])
        assert state["gens"][f"{letter}1"]["at"] == pk["minors"][0]
        assert state["gens"][f"{letter}2"]["at"] == pk["minors"][1]
        assert state["gens"][f"{letter}3"]["at"] == state["gens"][f"{letter}4"]["at"] == "reserve"
    for late in ("polyperchon", "demetrios", "peukestas"):
        assert state["gens"][late]["at"] == "out"


def test_starting_forces():  # §2.2
    state = new(5, "f")
    who = {g: state["gens"][g]["o"] for g in BOARD.generals if state["gens"][g]["o"]}
    assert cus_at(state, "babylon", who["perdikkas"]) == {"royal": 4, "eleph": 1, "merc": 2}
    assert cus_at(state, "pella", who["antipatros"]) == {"royal": 2, "mac": 2, "merc": 1}
    assert cus_at(state, "tarsos", who["krateros"]) == {"royal": 2, "merc": 1}
    assert cus_at(state, "tyana", who["eumenes"]) == {"merc": 2}
    assert cus_at(state, "alexandreia", who["ptolemaios"]) == {"mac": 1, "merc": 3}
    assert state["p"][who["ptolemaios"]]["fleets"] == [2]
    assert state["p"][who["antigonos"]]["fleets"] == []
    assert state["body"] == {"st": "cart", "at": "babylon", "by": "perdikkas"}
    assert state["royals"]["alexander_iv"]["by"] == "perdikkas"


def test_control_at_start():  # §2.3
    state = new(4, "c")
    owner = state["gens"]["ptolemaios"]["o"]
    for s in ("alexandreia", "pelousion", "memphis", "thebai", "ammoneion", "paraitonion"):
        assert state["pcs"][s] == owner
    assert state["pcs"]["athenai"] == "IND" and "sardeis" not in state["pcs"]
    assert sum(1 for o in state["pcs"].values() if o == "IND") == sum(
        1 for s in BOARD.spaces.values() if s["start"] == "IND")


def test_other_setup():  # §2.4
    state = new(3, "o")
    assert state["royals"]["herakles"] == {"st": "active", "at": "pergamon", "by": None}       # 1
    assert legitimacy.royal_controller(state, "herakles") == state["pcs"]["pergamon"]
    assert state["indep"] == {"greek_army": "athenai", "ariarathes": "mazaka", "illyrians": "box",
                              "scythians": "box", "greek_soldiers": "box"}                       # 2
    assert state["ifleets_disp"] == []                                                           # 3
    assert all(scoring.fleet_strength(state, s) == sum(state["p"][s]["fleets"]) for s in state["seats"])
    assert all(p["champion"] for p in state["p"].values())                                       # 4
    mac = scoring.province_controller(state, "MAC")
    assert mac == state["gens"]["antipatros"]["o"] and "strategos" in legitimacy.lp_parts(state, mac)
    assert all(p["track"] == [None, 0] for p in state["p"].values()) and state["turn"] == 1      # 5
    assert sorted(state["deck"]) == list(range(1, 58))                                           # 6


def test_general_limit():  # §1.3.5
    state = new(2, "l")
    for s in state["seats"]:
        majors = len(BOARD.packages_of(state)[s]["generals"])
        assert state["p"][s]["limit"] == majors + 2


def test_wrong_player_count_is_refused():
    from core.errors import RulesError
    with pytest.raises(RulesError):
        GAME.start(["solo"], {}, "x")
    with pytest.raises(RulesError):
        GAME.start([str(i) for i in range(6)], {}, "x")


def test_state_is_compact_json():
    import orjson
    state = new(5, "z")
    assert len(orjson.dumps(state)) < 20000
    Ctx(state)  # the contract's context accepts it
