"""§4.2 Main phase and §5 actions — seed: "Cada gladiador puede actuar una vez, tras lo cual queda
girado ... puedes repetir varias veces la misma acción siempre que uses gladiadores diferentes"."""
import pytest

from core.errors import RulesError
from core.game import seat_ref
from core.games.ludi import GAME
from core.games.ludi.data import B

from .conftest import act, gid, lay, only, table, texts


def refused(state, seat, line, code):
    with pytest.raises(RulesError) as exc:
        act(state, seat, line)
    assert exc.value.code == code, exc.value.message
    return exc.value.message


def school():
    state = table()
    lay(state, "p1", glads=["Brutus", "Aulus", "Fenix"], blds=["Casula", "Hortus", "Popina", "Lapicidinae"],
        coins=0)
    lay(state, "p2", glads=["Caius", "Decimus"], blds=["Cubiculum", "Palaestra"])
    lay(state, "p3", glads=["Felix"], blds=["Culina", "Officina"])
    return state


def test_one_action_per_gladiator_then_tapped():
    """§4.2.1, §4.2.2: each action taps its gladiators; a tapped one cannot act again (NOT_READY);
    the same action may be repeated with another gladiator."""
    state = school()
    state, _ = act(state, "p1", "work brutus")
    assert state["gl"][gid("Brutus")]["tapped"]
    refused(state, "p1", "work brutus", "NOT_READY")
    state, _ = act(state, "p1", "work aulus")
    assert state["gl"][gid("Aulus")]["tapped"] and only(state) == "p1"


def test_fight_work_chain_use_one_build_several():
    """§4.2.3: Fight, Work and Chain take one gladiator; Build and Demolish take one or more."""
    state = school()
    with pytest.raises(RulesError):
        act(state, "p1", "work brutus aulus")
    state, _ = act(state, "p1", "build Armamentarium with brutus aulus")   # 1 + 1 + Lapicidinae 1 = 3
    assert any(B[b]["name"] == "Armamentarium" for b in state["p"]["p1"]["bld"])


def test_main_phase_ends_on_end_or_when_nobody_is_ready():
    """§4.2.4: `/end` ends the Main phase; it also ends by itself once no gladiator is ready."""
    state = school()
    ended, _ = act(state, "p1", "end")
    assert ended["stack"][-1]["s"] != "main" or ended["active"] != "p1"
    state, _ = act(state, "p1", "work brutus")
    state, _ = act(state, "p1", "work aulus")
    state, events = act(state, "p1", "work fenix")
    assert "Main phase ends" in texts(events)
    assert state["stack"][-1]["s"] in ("offer", "release") or state["active"] == "p2"


def test_common_rejections():
    """§5.1: not your turn, not yours, tapped, named twice, a prompt pending — refused, nothing changes."""
    state = school()
    refused(state, "p2", "work caius", "NOT_YOUR_TURN")
    refused(state, "p1", "work caius", "NOT_OWNER")
    refused(state, "p1", "build Armamentarium with brutus brutus", "DUPLICATE")
    state, _ = act(state, "p1", "fight p2 with fenix")
    assert only(state) == "p2"                                  # p2 must choose a defender
    before = dict(state)
    refused(state, "p1", "work brutus", "PENDING_PROMPT")
    assert state == before


def test_work_with_bonuses():
    """§5.3: coins = work + Popina on the first Work + Macellum on every Work + Culina for Tiros."""
    state = school()
    state, _ = act(state, "p1", "work brutus")                 # 1 + Popina
    assert state["p"]["p1"]["coins"] == 2
    state, _ = act(state, "p1", "work fenix")                  # W1, Popina used
    assert state["p"]["p1"]["coins"] == 3
    lay(state, "p1", blds=["Casula", "Macellum", "Culina"])
    state["gl"][gid("Aulus")]["tapped"] = False
    state, _ = act(state, "p1", "work aulus")                  # 1 + Macellum + Culina
    assert state["p"]["p1"]["coins"] == 6


def test_build_rules():
    """§5.4.1 in the centre, enough points with Lapicidinae on the first Build and Aquaeductus +2;
    §5.4.2 no second copy of a name, at most 5; §5.4.3 surplus lost, each gladiator in one build."""
    state = school()
    lay(state, "p1", glads=["Brutus", "Aulus", "Fenix", "Vibius"])
    refused(state, "p1", "build Casula with brutus", "NOT_IN_CENTRE")
    refused(state, "p1", "build Templum with brutus aulus", "NOT_ENOUGH_BUILD")   # 3 < 5
    refused(state, "p1", "build Lapicidinae with brutus", "DUPLICATE_NAME")
    state, events = act(state, "p1", "build Statua with brutus aulus fenix")       # 1+1+3+1 = 6 ≥ 4
    assert "2 surplus lost" in texts(events)
    refused(state, "p1", "build Villa with fenix", "NOT_READY")
    assert len(state["p"]["p1"]["bld"]) == 5
    refused(state, "p1", "build Villa with vibius", "MAX_BUILDINGS")
    lay(state, "p2", glads=["Hanno", "Mago"], blds=["Aquaeductus", "Casula"])
    from .conftest import main_for
    main_for(state, "p2")
    state, _ = act(state, "p2", "build Templum with hanno")                       # 3 + 2 = 5
    assert any(B[b]["name"] == "Templum" for b in state["p"]["p2"]["bld"])


def test_build_takes_lowest_id():
    """§5.4.4: of several copies in the centre the lowest id is taken."""
    state = table(5)
    lay(state, "p1", glads=["Fenix", "Hanno"], blds=["Casula"])
    state, _ = act(state, "p1", "build cubiculum with fenix")
    assert "B02" in state["p"]["p1"]["bld"] and "B03" in state["centre"]


def test_build_vp_points():
    """§5.4.4: a VP building counts at once (§9.1 points = fights + vp)."""
    state = table()
    lay(state, "p1", glads=["Fenix", "Hanno"], blds=["Casula"])
    state, events = act(state, "p1", "build statua with fenix hanno")
    assert GAME.summary(state)["players"]["p1"]["points"] == 1


def test_hortus_coin_per_build():
    """§2.5 Hortus: +1 coin each time you complete a Build."""
    state = table()
    lay(state, "p1", glads=["Fenix"], blds=["Hortus"], coins=0)
    state, _ = act(state, "p1", "build cubiculum with fenix")
    assert state["p"]["p1"]["coins"] == 1


def test_demolish():
    """§5.5: only your own vp-0 buildings (PROTECTED); build points ≥ cost, Aquaeductus not counted;
    the building returns to the centre."""
    state = table()
    lay(state, "p1", glads=["Brutus", "Aulus", "Fenix"], blds=["Statua", "Aquaeductus", "Officina"])
    refused(state, "p1", "demolish Statua with fenix", "PROTECTED")
    refused(state, "p1", "demolish Hortus with fenix", "NOT_OWNER")
    refused(state, "p1", "demolish Aquaeductus with brutus aulus", "NOT_ENOUGH_BUILD")   # 2 < 5, no +2
    state, _ = act(state, "p1", "demolish Officina with fenix")                          # 3 ≥ 3
    assert not any(B[b]["name"] == "Officina" for b in state["p"]["p1"]["bld"])
    assert any(B[b]["name"] == "Officina" for b in state["centre"])
    assert state["counts"]["demolitions"] == 1


def test_chain_rules():
    """§5.6.1 Officina and once per turn; §5.6.2 up to the chainer's printed build, one opponent,
    leaving one defender; §5.6.3 chained gladiators cannot defend this turn."""
    state = table()
    lay(state, "p1", glads=["Brutus", "Kasta", "Hanno"], blds=["Officina", "Lapicidinae", "Casula"])
    lay(state, "p2", glads=["Spartacus", "Memnon", "Titus"], blds=["Casula", "Hortus", "Villa"])
    no_off = table()
    lay(no_off, "p1", glads=["Kasta"], blds=["Casula"])
    lay(no_off, "p2", glads=["Titus", "Caius"], blds=["Casula"])
    refused(no_off, "p1", "chain p2 titus with kasta", "NO_OFFICINA")
    refused(state, "p1", "chain p2 spartacus memnon titus with hanno", "TOO_MANY")    # would leave none
    refused(state, "p1", "chain p2 spartacus memnon with brutus", "TOO_MANY")         # Brutus B1
    state, _ = act(state, "p1", "chain p2 spartacus memnon with kasta")               # Kasta B2 (no Lapicidinae)
    assert state["gl"][gid("Spartacus")]["chained"] and state["gl"][gid("Memnon")]["chained"]
    refused(state, "p1", "chain p2 titus with hanno", "ONCE_PER_TURN")
    state, events = act(state, "p1", "fight p2 with hanno")
    assert f"Titus is {seat_ref('p2')}'s only gladiator able to defend" in texts(events)   # u2 sits at p2


def test_chain_expires_at_end_of_turn():
    """§4.4, §5.6.3: chains end with the chaining player's turn."""
    state = table()
    lay(state, "p1", glads=["Kasta", "Brutus"], blds=["Officina", "Casula"])
    lay(state, "p2", glads=["Spartacus", "Titus"], blds=["Casula", "Hortus"])
    state, _ = act(state, "p1", "chain p2 spartacus with kasta")
    assert state["gl"][gid("Spartacus")]["chained"]
    state, _ = act(state, "p1", "end")
    while state["active"] == "p1":
        seat = only(state)
        state, _ = act(state, seat, GAME.default_line(state, seat))
    assert not state["gl"][gid("Spartacus")]["chained"]


def test_building_effects_timing():
    """§8.1 a building built mid-turn works at once (Castra for a later fight); §8.2 effects act only
    for their owner, and "first Work" is the owner's own turn."""
    state = table()
    lay(state, "p1", glads=["Fenix", "Hamilcar", "Brutus"], blds=["Casula"])
    lay(state, "p2", glads=["Titus"], blds=["Castra", "Popina"])
    from core.games.ludi.common import attack_value, work_value
    assert attack_value(state, gid("Fenix")) == 2                       # p2's Castra does not help p1
    assert work_value(state, "p1", gid("Brutus")) == 1                  # nor p2's Popina
    state["centre"].append(next(b for b in state["p"]["p2"]["bld"] if B[b]["name"] == "Castra"))
    state["p"]["p2"]["bld"] = [b for b in state["p"]["p2"]["bld"] if B[b]["name"] != "Castra"]
    state, _ = act(state, "p1", "build castra with fenix hamilcar")
    assert attack_value(state, gid("Brutus")) == 2


def test_seed_example_every_gladiator_in_one_main_phase():
    """§4.2.1–§4.2.3, the seed's own example: "puedes combatir con uno de ellos y, una vez más, con
    otro; construir un edificio con otros dos y trabajar con el último" — then the phase ends (§4.2.4);
    the tapped gladiators still defend (§5.2.1)."""
    from .conftest import cards
    state = table()
    lay(state, "p1", glads=["Spartacus", "Memnon", "Brutus", "Aulus", "Fenix"],
        blds=["Casula", "Hortus", "Villa", "Culina"])
    lay(state, "p2", glads=["Titus", "Vibius"], blds=["Cubiculum", "Horreum"])
    cards(state, "K01", "K02")
    state, _ = act(state, "p1", "fight p2 with spartacus")
    state, _ = act(state, "p2", "defend titus")
    state, _ = act(state, "p1", "fight p2 with memnon")
    state, _ = act(state, "p2", "defend vibius")
    state, _ = act(state, "p1", "build lapicidinae with brutus aulus")
    state, events = act(state, "p1", "work fenix")
    assert state["p"]["p1"]["fpts"] == 2 and "Main phase ends" in texts(events)
    assert all(state["gl"][g]["tapped"] for g in state["p"]["p1"]["gl"])
    assert state["active"] == "p2"           # 5 buildings, 5 gladiators: no auction, p2 plays
    from core.games.ludi.common import defenders
    assert len(defenders(state, "p1")) == 5   # ready again only in p1's next turn, yet all defend


def test_a_player_is_named_by_his_name_unless_another_shares_it():
    """§12: a line names a player by his name when it is one plain word no other player's name or
    seat shares, else by his seat; the tokens are worked out once for the names and seats (kept by
    them), so a name changed, or a clash, is seen at once."""
    from core.games.ludi.common import token
    state = table()
    state["names"] = {"p1": "Ana", "p2": "Bea", "p3": "Cai"}
    assert [token(state, s) for s in state["seats"]] == ["Ana", "Bea", "Cai"]
    state["names"] = {"p1": "Ana", "p2": "ána", "p3": "p1"}          # a clash (accents, case) and a seat's name
    assert [token(state, s) for s in state["seats"]] == ["p1", "p2", "p3"]
    state["names"] = {"p1": "Ana", "p2": "Bea", "p3": "two words"}
    assert [token(state, s) for s in state["seats"]] == ["Ana", "Bea", "p3"]


def test_the_centre_is_offered_by_points_then_cost_then_id():
    """§4.2 the Main phase's build lines: the buildings of the centre by vp, then cost (the highest
    first), then id; the printed cards are ranked once."""
    from core.games.ludi.states import _BUILD_RANK
    assert sorted(B, key=_BUILD_RANK.__getitem__) == sorted(B, key=lambda b: (-B[b]["vp"], -B[b]["cost"], b))
