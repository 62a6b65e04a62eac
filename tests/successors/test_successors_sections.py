"""Sections of steps I-II that had no citing test: general attributes (§1.3.1) and fates
(§1.3.6), the Strategy Phase (§3.5), one side in the field (§5.4.3), sea movement (§5.6.1,
§5.6.3), port cities (§7.6), the Usurper (§8.6), what LP are used for (§9.1) and the card
list's types and OP values (§11.2)."""
import copy
import re
from pathlib import Path

from core.game import Ctx
from core.games.successors import GAME, legitimacy, reinforcements, scoring
from core.games.successors.battles import effective_legitimacy
from core.games.successors.board import BOARD
from core.games.successors.forces import commander, cus_at, drop_general, hostile_field, inside_cus, n_field
from core.games.successors.questions import question
from core.games.successors.sieges import modifier

from .conftest import act, armies, new, only, place_cus, put_gen, texts


def activate(state, seat, dice, roll, force):
    dice.append(roll)
    state, ev = act(state, seat, f"activate {force}")
    return state, ev


# §1.3.1 attributes ------------------------------------------------------------------------------
def test_seniority_picks_the_commander_and_his_initiative_sets_the_mp(dice):  # §1.3.1
    state, a, b = armies(to=None)
    put_gen(state, "krateros", a, "pella")                          # Initiative 2, Seniority 18
    assert commander([f"{a}1", "krateros"]) == "krateros"
    assert commander(["eumenes", "krateros", "perdikkas"]) == "perdikkas"    # Seniority 20
    state2, _ = activate(state, a, dice, 2, f"{a}1 krateros")
    assert state2["act"]["mp"] == 3                                 # roll = Krateros's Initiative 2
    state3, _ = activate(state, a, dice, 2, f"{a}1")
    assert state3["act"]["mp"] == 2                                 # a minor alone: 2 < Initiative 5


def test_combat_factor_raises_the_dice_of_the_commanders_side(dice):  # §1.3.1, §6.5
    state, a, b = armies()
    put_gen(state, "krateros", a, "pella")                          # Combat 4
    state, _ = activate(state, a, dice, 1, f"krateros {a}1")
    state, _ = act(state, a, "move amphipolis")
    dice += [1, 2, 1, 2, 6]                                          # a 1+2 → 4+4; b (Combat 1) 1+2
    state, ev = act(state, b, "stand")
    t = texts(ev)
    assert "score 12" in t                                          # strength 4 + 4 + 4
    assert "score 5" in t                                           # strength 2 + 1 + 2: nothing raised


def test_popularity_adds_to_the_commanders_prestige():  # §1.3.1, §9.3, §9.4 EL = LP + prestige
    state, a, b = armies(to=None)
    lp = legitimacy.lp(state, a)
    side = {"seat": a, "army": None, "cus": {"mac": 2}}
    assert effective_legitimacy(state, dict(side, gens=[f"{a}1"]), "pella", False) == lp
    assert effective_legitimacy(state, dict(side, gens=["krateros", f"{a}1"]), "pella", False) == lp + 2
    assert effective_legitimacy(state, dict(side, gens=["eumenes"]), "pella", False) == lp - 2
    # Eumenes's −2 does not count while Krateros (more senior) commands
    assert effective_legitimacy(state, dict(side, gens=["eumenes", "krateros"]), "pella", False) == lp + 2


def test_special_ability_only_while_commanding(dice):  # §1.3.1, §1.3.2
    state, a, b = armies(to=None, at="abdera")                     # Thrace: Lysimachos has Initiative 2
    put_gen(state, "lysimachos", a, "abdera")
    put_gen(state, "perdikkas", a, "abdera")                         # Initiative 3, Seniority 20
    alone, _ = activate(state, a, dice, 3, "lysimachos")
    assert alone["act"]["mp"] == 4                                  # 3 > his Initiative 2 in Thrace
    led, _ = activate(state, a, dice, 3, "lysimachos perdikkas")
    assert led["act"]["mp"] == 3                                    # Perdikkas commands: 3 = 3


# §1.3.6 fates of generals ------------------------------------------------------------------------
def test_fates_of_killed_and_dispersed_generals():  # §1.3.6
    state, a, b = armies()
    for g in ("krateros", "leonnatos"):
        put_gen(state, g, a, "pella")
    drop_general(state, "krateros", "killed")
    drop_general(state, "leonnatos", "dispersed")
    drop_general(state, f"{a}1", "killed")
    drop_general(state, f"{b}1", "dispersed")
    assert state["gens"]["krateros"] == {"o": a, "at": "dead", "in": False}
    assert state["gens"]["leonnatos"] == {"o": a, "at": "dispersed", "in": False}
    assert state["gens"][f"{a}1"]["at"] == "reserve" and state["gens"][f"{b}1"]["at"] == "reserve"
    assert state["gens"][f"{a}1"]["o"] == a                        # back to his owner's reserve


def test_dispersed_major_returns_in_the_next_reinforcement_phase():  # §1.3.6, §3.3.2
    state = new(3, "fate")
    a = state["gens"]["perdikkas"]["o"]
    drop_general(state, "perdikkas", "dispersed")
    mine = [g for g, d in state["gens"].items() if d["o"] == a and g[0].isupper()]
    drop_general(state, mine[0], "dispersed")                       # a minor: straight to the reserve
    state["turn"] = 2
    reinforcements.start_phase(Ctx(state))
    assert "perdikkas" in state["reinf_gens"][a]
    assert mine[0] not in state["reinf_gens"][a]


def test_killed_major_never_returns():  # §1.3.6
    state = new(3, "dead")
    a = state["gens"]["krateros"]["o"]
    drop_general(state, "krateros", "killed")
    state["turn"] = 2
    reinforcements.start_phase(Ctx(state))
    assert "krateros" not in state["reinf_gens"][a] and state["gens"]["krateros"]["at"] == "dead"


# §3.5 the Strategy Phase (see §4) ----------------------------------------------------------------
def test_strategy_phase_follows_the_deal_and_starts_round_one():  # §3.5, §4.1
    state = new(3, "s35")
    state, ev = act(state, only(state), f"first {state['seats'][1].lower()} left")
    t = texts(ev)
    assert t.index("Tyche deal") < t.index("Round 1")
    assert state["phase"] == "strategy" and state["round"] == 1
    assert all(len(state["p"][s]["hand"]) == 5 for s in state["seats"])
    assert only(state) == state["order"][0] == state["seats"][1]    # the First Player plays first


# §5.4.3 one side in the field --------------------------------------------------------------------
def test_enemy_pcs_never_block_movement(dice):  # §5.4.3
    state, a, b = armies(to=None)
    state["pcs"]["pydna"] = b
    state, _ = activate(state, a, dice, 6, f"{a}1")                 # 4 MP
    state, _ = act(state, a, "move pydna tempe")
    assert state["act"]["at"] == "tempe" and state["act"]["mp"] == 2 and not question(state)
    assert state["pcs"]["pydna"] == b


def test_units_inside_a_major_city_are_not_in_the_field(dice):  # §5.4.3, §5.4.2
    state, a, b = armies(at="amphipolis", to="pella", dfn={"merc": 2})
    state["pcs"]["pella"] = b
    state["inside"]["pella"] = {"merc": 2}
    state["gens"][f"{b}1"]["in"] = True
    put_gen(state, f"{a}2", a, "pella")                             # a already besieges (§5.5.4)
    place_cus(state, "pella", a, merc=1)
    assert n_field(state, "pella", b) == 0 and hostile_field(state, "pella", a) is None
    state, _ = activate(state, a, dice, 6, f"{a}1")
    state, _ = act(state, a, "move pella")
    assert not question(state) and state["counts"]["battles"] == 0
    assert state["act"]["at"] == "pella" and inside_cus(state, "pella", b) == {"merc": 2}
    assert GAME.invariants(state) == []                             # a's field force and b's inside


def test_after_a_battle_only_one_side_holds_the_field(dice):  # §5.4.3, §6.10.4
    state, a, b = armies(att={"mac": 3}, dfn={"merc": 4}, at="amphipolis", to="pella")
    state, _ = activate(state, a, dice, 1, f"{a}1")
    state, _ = act(state, a, "move pella")
    dice += [3, 3, 1, 2, 6]                                          # a wins by 5: b keeps 2 CUs
    state, _ = act(state, b, "stand")
    line = next(line for line in GAME.prompts(state)[b].actions if line.startswith("retreat "))
    state, _ = act(state, b, line)
    assert n_field(state, "pella", b) == 0 and n_field(state, "pella", a) == 3
    assert GAME.invariants(state) == []


# §5.6.1 sea movement -----------------------------------------------------------------------------
def test_one_activation_mixes_land_and_sea(dice):  # §5.6.1
    state, a, b = armies(to=None)
    state["p"][a]["fleets"] = [1]
    state, _ = activate(state, a, dice, 6, f"{a}1")                 # 4 MP
    state, _ = act(state, a, "move pydna pagasai")                   # land, then the pydna–pagasai lane
    assert state["act"]["at"] == "pagasai" and state["act"]["mp"] == 2 and state["act"]["sea"]
    assert cus_at(state, "pagasai", a) == {"mac": 2}


def test_each_lane_costs_its_own_mp(dice):  # §5.6.1, §5.3
    state, a, b = armies(at="kyrene", att={"merc": 1}, to=None)
    state["p"][a]["fleets"] = [1]
    state, _ = activate(state, a, dice, 6, f"{a}1")
    state, _ = act(state, a, "move korinthos")                      # trans-Mediterranean: 2 MP
    assert state["act"]["at"] == "korinthos" and state["act"]["mp"] == 2


# §5.6.3 arriving by sea at an enemy field force ---------------------------------------------------
def test_arriving_by_sea_stops_and_a_beaten_attacker_sails_back(dice):  # §5.6.3, §6.10.4
    state, a, b = armies(att={"merc": 4}, dfn={"mac": 2}, at="ephesos", to="athenai")
    state["p"][a]["fleets"] = [2]                                   # FS 2 carries up to 6 CUs
    state, _ = activate(state, a, dice, 6, f"{a}1")                 # 4 MP
    state, ev = act(state, a, "move miletos athenai ephesos")       # land, then the miletos–athenai lane
    assert "rest of the path is dropped" in texts(ev)
    assert question(state)["kind"] == "defend" and state["act"]["at"] == "athenai"
    dice += [3, 3, 4, 4, 6]                                          # a 4+6=10, b 4+8=12: D 2
    state, _ = act(state, b, "stand")
    assert state["act"] is None
    assert cus_at(state, "miletos", a) == {"merc": 2}               # back along the lane, not to ephesos
    assert state["gens"][f"{a}1"]["at"] == "miletos" and cus_at(state, "ephesos", a) == {}


# §7.6 port cities ---------------------------------------------------------------------------------
def test_port_city_assault_modifier_and_sea_exit(dice):  # §7.6, §7.4, §5.6.4
    state, a, b = armies(at="pella", to=None)
    assert modifier(state, a, "pella", [f"{a}1"]) == -2             # Mod −1, port with FS 0 −1
    assert modifier(state, a, "larisa", [f"{a}1"]) == 0             # not a port: no −1
    # b is besieged inside his port Major City; his 2 CUs may leave by sea
    state["pcs"]["pella"] = b
    put_gen(state, f"{b}1", b, "pella", inside=True)
    place_cus(state, "pella", b, merc=2)
    state["inside"]["pella"] = {"merc": 2}
    state["p"][b]["fleets"] = [1]
    state["order"] = [b] + [s for s in state["order"] if s != b]
    state, _ = activate(state, b, dice, 6, f"{b}1")
    state, _ = act(state, b, "move amphipolis")
    assert cus_at(state, "amphipolis", b) == {"merc": 2} and inside_cus(state, "pella", b) == {}


# §8.6 Usurper ------------------------------------------------------------------------------------
def test_attacking_the_usurper_keeps_champion_status(dice):  # §8.6, §9.5.2
    state, a, b = armies()
    state["usurper"] = b
    state, _ = activate(state, a, dice, 1, f"{a}1")
    state, _ = act(state, a, "move amphipolis")
    dice += [3, 3, 1, 2, 6]
    state, _ = act(state, b, "stand")
    assert state["counts"]["battles"] == 1
    assert state["p"][a]["champion"] is True                        # b was the Usurper


def test_the_usurper_has_no_other_effect():  # §8.6
    state = new(3, "usurp")
    before = {s: (scoring.vp(state, s), legitimacy.lp(state, s)) for s in state["seats"]}
    for s in state["seats"]:
        state["usurper"] = s
        assert {t: (scoring.vp(state, t), legitimacy.lp(state, t)) for t in state["seats"]} == before


# §9.1 what LP are used for ----------------------------------------------------------------------
def test_lp_decide_the_loyal_macedonian_bonus():  # §9.1, §3.3.3
    state = new(3, "lp")
    mac = scoring.province_controller(state, "MAC")
    lps = legitimacy.all_lp(state)
    b = next(s for s in state["seats"] if s != mac and lps[s] < max(lps.values()))
    state["turn"] = 2
    plain = copy.deepcopy(state)
    reinforcements.start_phase(Ctx(plain))
    state["p"][b]["pella"] = True                                    # more LP than anyone else
    assert legitimacy.lp(state, b) > max(v for s, v in lps.items() if s != b)
    reinforcements.start_phase(Ctx(state))
    assert state["reinf"][b].get("mac", 0) == plain["reinf"][b].get("mac", 0) + 1


# §11.2 the card list: number, name, type and OP value (the events are step III) -------------------
def test_card_list_matches_the_spec_table():  # §11.2
    spec = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "successors.md").read_text()
    table = spec.split("### 11.2 Card list", 1)[1].split("**11.3", 1)[0]
    rows = re.findall(r"^\| (\d+) \| ([^|]+?) \| ([EBS]) \| ([0-9–]+) \|", table, re.M)
    assert [int(n) for n, *_ in rows] == list(range(1, 61))
    kinds = {"E": "event", "B": "bonus", "S": "surprise"}
    for n, name, t, op in rows:
        card = BOARD.cards[int(n)]
        assert (card["name"], card["type"], card["ops"]) == (name, kinds[t], None if op == "–" else int(op)), n
