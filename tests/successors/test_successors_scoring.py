"""§8 control, VP, isolation; §9.2 LP; §10 victory — all computed from the board."""

from core.game import Ctx
from core.games.successors import GAME, legitimacy, scoring, sequence, strategy
from core.games.successors.board import BOARD

from .conftest import clear_board, new, place_cus


def blank(n=3, seed="b"):
    state = clear_board(new(n, seed))
    for p in state["p"].values():
        p["fleets"] = []
    return state


# §8.1.1 forage limits
def test_forage_limits():
    assert strategy.forage_limit("tempe") == 3
    assert strategy.forage_limit("pella") == 8 and strategy.forage_limit("sparta") == 8


# §8.2 isolation
def test_isolation_needs_a_chain_to_cus_or_a_major_city():
    state = blank()
    a, b = state["seats"][:2]
    state["pcs"].update({"pydna": a, "amphipolis": a, "abdera": a})
    assert scoring.isolated_pcs(state, a) == ["abdera", "amphipolis", "pydna"]   # item 2
    state["pcs"]["pella"] = a                                  # his Major City anchors them
    assert scoring.isolated_pcs(state, a) == []


def test_isolation_chain_spaces():  # §8.2.3
    state = blank()
    a, b = state["seats"][:2]
    state["pcs"].update({"sestos": a})
    place_cus(state, "byzantion", a, merc=1)                   # sestos-byzantion direct: safe
    assert scoring.isolated_pcs(state, a) == []
    state["cus"] = {}
    place_cus(state, "amphipolis", a, merc=1)                  # sestos-abdera-amphipolis
    assert scoring.isolated_pcs(state, a) == []                # (b) abdera: no PC, no enemy CUs
    place_cus(state, "abdera", b, merc=1)
    assert scoring.isolated_pcs(state, a) == ["sestos"]        # (b) fails with enemy CUs
    state["pcs"]["abdera"] = a
    assert scoring.isolated_pcs(state, a) == []                # (a) own PC, even with enemy CUs
    state["pcs"]["abdera"] = b
    assert scoring.isolated_pcs(state, a) == ["sestos"]
    place_cus(state, "abdera", a, merc=1)
    assert scoring.isolated_pcs(state, a) == []                # (c) opponent PC with his CUs


def test_isolation_never():  # §8.2.6
    state = blank()
    a = state["seats"][0]
    state["pcs"].update({"sparta": a, "babylon": a, "larisa": "IND"})
    place_cus(state, "sparta", a, merc=1)
    assert scoring.isolated_pcs(state, a) == []                # CUs there; a Major City
    state["cus"] = {}
    del state["pcs"]["babylon"]
    state["pcs"]["tarsos"] = "IND"
    assert scoring.isolated_pcs(state, a) == ["sparta"]        # Independent PCs never isolated
    state.update(phase="isolation", step="start", order=list(state["seats"]))
    sequence.isolation(Ctx(state))
    assert state["pcs"]["larisa"] == "IND" and state["pcs"]["tarsos"] == "IND"


def test_isolation_connections():  # §8.2.5
    state = blank()
    a = state["seats"][0]
    state["pcs"].update({"paphos": a})
    place_cus(state, "side", a, merc=1)                        # only a coastal lane joins them
    assert scoring.isolated_pcs(state, a) == ["paphos"]
    state["p"][a]["fleets"] = [1]
    assert scoring.isolated_pcs(state, a) == []
    state["pcs"] = {"rhodos": a, "halikarnassos": "IND", "patara": "IND"}
    state["cus"] = {}
    place_cus(state, "alexandreia", a, merc=1)                 # rhodos-alexandreia is trans only
    assert scoring.isolated_pcs(state, a) == ["rhodos"]
    del state["pcs"]["patara"]
    assert scoring.isolated_pcs(state, a) == []                # by sea to patara, then by land


def test_isolation_evaluated_all_at_once():  # §8.2.7
    state = blank()
    a = state["seats"][0]
    state["pcs"].update({"pydna": a, "pagasai": a})
    place_cus(state, "lamia", a, merc=1)
    # pagasai is joined to lamia; pydna only through tempe/larisa (IND larisa blocks? no PC here)
    assert scoring.isolated_pcs(state, a) == []
    state["order"] = [a] + [s for s in state["seats"] if s != a]
    state.update(phase="isolation", step="start")
    sequence.isolation(Ctx(state))
    assert state["pcs"]["pydna"] == a


# §8.3 control of spaces
def test_space_control():
    state = new(3)
    a = state["gens"]["perdikkas"]["o"]
    assert scoring.space_control(state, "babylon") == a
    assert scoring.space_control(state, "athenai") == "IND"
    assert scoring.space_control(state, "sardeis") is None
    state["pcs"]["tempe"] = a
    assert scoring.space_control(state, "tempe") is None       # Transit Points: never
    place_cus(state, "sardeis", a, merc=3)
    assert scoring.space_control(state, "sardeis") is None     # units never control by themselves


# §8.4 control of provinces
def test_province_control_needs_major_city_and_need():
    state = blank()
    a = state["seats"][0]
    state["pcs"].update({"alexandreia": a, "memphis": a, "thebai": a})
    assert scoring.province_controller(state, "EGY") is None   # 3 of 6, Need 4
    state["pcs"]["pelousion"] = a
    assert scoring.province_controller(state, "EGY") == a
    state["pcs"]["alexandreia"] = state["seats"][1]
    assert scoring.province_controller(state, "EGY") is None   # without the Major City
    state["pcs"] = {"athenai": "IND", "chalkis": "IND", "delphoi": "IND", "sparta": "IND"}
    assert scoring.province_controller(state, "GRE") is None   # Independents never control
    assert GAME.summary(state)["control"]["GRE"] == "independent"


def test_summary_control_matches_computation():
    state = new(4, "ctl")
    summary = GAME.summary(state)["control"]
    assert set(summary) == set(BOARD.provinces)
    for code, who in summary.items():
        if who not in (None, "independent"):
            assert scoring.province_controller(state, code) == who


# §8.5 victory points
def test_vp_sources():
    state = blank(2)
    a, b = state["seats"]
    state["pcs"].update({"babylon": a, "opis": a})
    assert scoring.vp(state, a) == 4                           # Babylonia
    state["pcs"].update({"sestos": a, "abydos": a})
    assert scoring.vp(state, a) == 6                           # + Hellespont
    state["p"][a]["fleets"] = [1]
    assert scoring.vp(state, a) == 8                           # + Largest Fleet
    state["p"][b]["fleets"] = [1]
    assert scoring.vp(state, a) == 6                           # a tie scores nothing
    state["pcs"]["tyros"] = b                                  # Phoenician fleet (2) counts for B
    assert scoring.fleet_strength(state, b) == 3 and scoring.vp(state, b) == 2
    state["ifleets_disp"] = ["phoenician"]                     # dispersed: inactive
    assert scoring.fleet_strength(state, b) == 1
    state["p"][a]["favour"] = 1
    assert scoring.vp(state, a) == 8                           # King's Favour


# §9.2 LP sources (as needed by §3.3.3 and §10.1)
def test_lp_sources():
    state = new(2, "lp")
    a = state["gens"]["perdikkas"]["o"]
    assert legitimacy.lp_parts(state, a) == {"champion": 3, "perdikkas": 1, "heir": 1}     # since rules 5 (§15)
    old = new(2, "lp", rules="4")
    assert legitimacy.lp_parts(old, a) == {"champion": 3, "perdikkas": 1, "leonnatos": 1, "heir": 3}
    state["gens"]["perdikkas"]["at"] = "dispersed"
    assert "perdikkas" in legitimacy.lp_parts(state, a)        # alive when dispersed
    state["gens"]["perdikkas"]["at"] = "dead"
    assert "perdikkas" not in legitimacy.lp_parts(state, a)
    state["royals"]["olympias"]["st"] = "active"
    state["royals"]["olympias"]["at"] = "babylon"
    state["royals"]["alexander_iv"]["by"] = None
    assert legitimacy.lp_parts(state, a)["women"] == 2         # in A's Major City
    state["p"][a]["suspicion"] = True
    state["p"][a]["champion"] = False
    assert legitimacy.lp(state, a) == max(0, sum(legitimacy.lp_parts(state, a).values()))
    state["p"][a]["pella"] = True
    assert legitimacy.lp_parts(state, a)["pella_burial"] == 10


def test_royal_control_priority():  # §9.7.3
    state = blank(3)
    a, b, c = state["seats"]
    state["royals"]["herakles"].update(at="sparta", by=None)
    assert legitimacy.royal_controller(state, "herakles") is None
    state["pcs"]["sparta"] = a
    assert legitimacy.royal_controller(state, "herakles") == a        # player PC
    place_cus(state, "sparta", b, merc=1)
    assert legitimacy.royal_controller(state, "herakles") == b        # field units first
    state["gens"][f"{c}1"]["at"] = "sparta"
    state["royals"]["herakles"]["by"] = f"{c}1"
    assert legitimacy.royal_controller(state, "herakles") == c        # the carrier first
    state["royals"]["herakles"].update(at="athenai", by=None)
    state["pcs"]["athenai"] = a
    place_cus(state, "athenai", b, merc=1)
    assert legitimacy.royal_controller(state, "herakles") == a        # inside a's Major City


# §10.1, §10.2, §10.5 immediate victory
def test_legitimacy_victory_beats_vp_victory():
    state = new(2, "iv", rules="4")                             # A: 8 LP at start (§2.5, rules 4)
    a = state["gens"]["perdikkas"]["o"]
    b = state["gens"]["antipatros"]["o"]
    state["turn"] = 2
    assert scoring.immediate_winner(state) is None
    state["p"][b]["favour"] = 4                                # 15 + 8 = 23 VP
    assert scoring.immediate_winner(state) == (b, "automatic VP victory (23 VP)")
    state["p"][a]["pella"] = True                              # 18 LP
    assert scoring.immediate_winner(state)[0] == a
    ctx = Ctx(state)
    assert sequence.check_victory(ctx)
    assert GAME.outcome(state) == (True, a, "Legitimacy victory (18 LP)")


def test_immediate_victory_ties_higher_total_then_tiebreaks():
    state = new(2, "iv2")
    state["turn"] = 2
    a, b = state["seats"]
    state["p"][a]["favour"] = 10
    state["p"][b]["favour"] = 10
    vps = scoring.all_vp(state)
    assert scoring.immediate_winner(state)[0] == max(state["seats"], key=vps.get)


# §10.4 end of the game
def final(state):
    return scoring.final_winner(state)[0]


def test_final_winner_and_tiebreaks():
    state = blank(3)
    a, b, c = state["seats"]
    state["gens"]["perdikkas"].update(o=a, at="babylon")
    state["gens"]["eumenes"].update(o=b, at="sparta")
    state["pcs"] = {"kyrene": a, "barke": a, "tarsos": b, "issos": b}      # 2 VP each
    assert final(state) == [a]                                 # 4: the most senior general
    state["pcs"]["pella"] = b
    assert final(state) == [b]                                 # 3: most Major Cities
    state["pcs"] = {"kyrene": a, "barke": a, "side": b, "patara": b, "sinope": b, "gangra": b}
    assert scoring.vp(state, a) == scoring.vp(state, b) == 2
    assert final(state) == [b]                                 # 2: most provinces
    state["pcs"] = {"pella": a, "pydna": a, "amphipolis": a,
                    "side": b, "patara": b, "tarsos": b, "issos": b}
    assert scoring.vp(state, a) == scoring.vp(state, b) == 3
    assert final(state) == [a]                                 # 1: Macedonia
    state["pcs"]["kyrene"] = b
    state["pcs"]["barke"] = b
    assert final(state) == [b]                                 # most VP first


def test_final_winner_shared_when_everything_ties():
    state = blank(2)
    winners, _ = scoring.final_winner(state)
    assert winners == sorted(state["seats"]) or sorted(winners) == sorted(state["seats"])


def test_one_pass_controllers_agree():  # §8.4
    import random

    from .conftest import run_until
    state = run_until(new(4, "cp"), lambda s: s["turn"] == 2)
    for code in BOARD.provinces:
        assert scoring.controllers(state)[code] == scoring.province_controller(state, code)
    rnd = random.Random(4)
    for _ in range(200):
        state["pcs"] = {s: rnd.choice(["A", "B", "IND"]) for s in BOARD.spaces if rnd.random() < 0.6}
        ctl = scoring.controllers(state)
        assert all(ctl[c] == scoring.province_controller(state, c) for c in BOARD.provinces)
