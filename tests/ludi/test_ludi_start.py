"""§4 Turn sequence, §4.1 Start phase — seed: "Inicio: endereza todos tus gladiadores y resuelve
todos los efectos que tengan lugar al inicio del turno en el orden que prefieras", with the
card abilities (Cubículum, Palaestra), the Tiro top-up and the building top-up."""
from core.game import Ctx
from core.games.ludi import GAME, flow
from core.games.ludi.data import B

from .conftest import act, bids, gid, lay, only, table, texts


def begin(state, seat):
    state["active"] = seat
    ctx = Ctx(state)
    flow.begin_turn(ctx)
    return ctx.events


def test_readies_all_gladiators():
    """§4.1 item 1: "endereza todos tus gladiadores" — every gladiator of the active player is ready."""
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=["Casula", "Hortus"])
    for g in state["p"]["p2"]["gl"]:
        state["gl"][g]["tapped"] = True
    begin(state, "p2")
    assert not any(state["gl"][g]["tapped"] for g in state["p"]["p2"]["gl"])
    assert only(state) == "p2" and state["stack"][-1]["s"] == "main"


def test_building_abilities_at_start():
    """§4.1 item 2, §2.5: Cubiculum +1, Villa +2, Thermae +1 with a free building; Horreum +2 at 0 coins."""
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=["Cubiculum", "Villa", "Thermae"], coins=5)
    events = begin(state, "p2")
    assert state["p"]["p2"]["coins"] == 5 + 1 + 2 + 1
    assert "Villa" in texts(events)
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=["Horreum", "Casula"], coins=0)
    begin(state, "p2")
    assert state["p"]["p2"]["coins"] == 2
    lay(state, "p3", glads=["Caius", "Decimus"], blds=["Horreum", "Hortus"], coins=1)
    begin(state, "p3")
    assert state["p"]["p3"]["coins"] == 1


def test_tiro_topup_lowest_ids_and_stop():
    """§4.1 item 2: "si tienes menos de 2 gladiadores, toma gladiadores tiro del centro" — lowest id
    first; with none left the top-up stops."""
    state = table()
    lay(state, "p2", glads=[], blds=["Casula", "Hortus"])
    lowest = state["tiros"][:2]
    begin(state, "p2")
    assert state["p"]["p2"]["gl"] == lowest
    state = table()
    state["tiros"] = state["tiros"][:1]
    lay(state, "p2", glads=[], blds=["Casula", "Hortus"])
    state["vdiscard"] += [t for t in ("T%02d" % i for i in range(1, 16)) if t not in state["tiros"]
                          and t not in state["vdiscard"]]
    one = state["tiros"][0]
    events = begin(state, "p2")
    assert state["p"]["p2"]["gl"] == [one] and "Tiro top-up" in texts(events)


def test_building_topup_random_starting_skipping_owned_names():
    """§4.1 item 2: "si tienes menos de 2 edificios, toma edificios iniciales al azar" — only
    starting buildings, never a name you own; §10.3 one seeded draw per building."""
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=["Hortus"])
    state["centre"] = [b for b in state["centre"] if B[b]["kind"] == "advanced"] + bids("Hortus")[1:] + ["B02"]
    events = begin(state, "p2")
    names = sorted(B[b]["name"] for b in state["p"]["p2"]["bld"])
    assert names == ["Cubiculum", "Hortus"]
    assert sum(e.kind == "roll" for e in events) == 1          # §10.3: one draw per building taken
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=[])
    state["centre"] = [b for b in state["centre"] if B[b]["kind"] == "advanced"]
    begin(state, "p2")
    assert state["p"]["p2"]["bld"] == []                        # none qualify: stop


def test_topup_building_does_not_trigger_this_turn():
    """§4.1 item 3: a Cubiculum gained by the top-up gives no coin this turn."""
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=["Hortus"], coins=4)
    state["centre"] = [b for b in state["centre"] if B[b]["kind"] == "advanced"] + ["B02"]
    begin(state, "p2")
    assert "B02" in state["p"]["p2"]["bld"] and state["p"]["p2"]["coins"] == 4


def test_palaestra_train_first_command():
    """§4.1 item 4, §2.5: Palaestra is resolved by `/train` as the first Main command: +1 combat
    this turn; any other first command forfeits it."""
    state = table()
    lay(state, "p1", glads=["Brutus", "Aulus"], blds=["Palaestra", "Casula"])
    lay(state, "p2", glads=["Caius"], blds=["Hortus", "Casula"])
    begin(state, "p1")
    assert "train Brutus" in GAME.prompts(state)["p1"].actions
    state, _ = act(state, "p1", "train brutus")
    assert state["p"]["p1"]["trained"] == gid("Brutus")
    from core.games.ludi.common import attack_value
    assert attack_value(state, gid("Brutus")) == 2
    begin(state, "p1")
    state, _ = act(state, "p1", "work aulus")
    try:
        act(state, "p1", "train brutus")
        raise AssertionError("train accepted after another command")
    except Exception as exc:
        assert "first" in str(exc) or "cannot" in str(exc)


def test_order_prompt_only_when_order_matters():
    """§4.1 item 5: Horreum at 0 coins with Cubiculum asks for the order; `/effect cubiculum` first
    leaves Horreum nothing (1 coin), the default order gives 3; otherwise no prompt."""
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=["Horreum", "Cubiculum"], coins=0)
    begin(state, "p2")
    assert state["stack"][-1]["s"] == "start"
    lines = GAME.prompts(state)["p2"].actions
    assert set(lines) == {"effect Horreum", "effect Cubiculum", "effect auto"}
    chosen, _ = act(state, "p2", "effect cubiculum")
    assert chosen["p"]["p2"]["coins"] == 1 and chosen["stack"][-1]["s"] == "main"
    auto, _ = act(state, "p2", "effect auto")
    assert auto["p"]["p2"]["coins"] == 3
    assert GAME.default_line(state, "p2") == "effect auto"
    state = table()
    lay(state, "p2", glads=["Brutus", "Aulus"], blds=["Horreum", "Cubiculum"], coins=1)
    begin(state, "p2")
    assert state["stack"][-1]["s"] == "main" and state["p"]["p2"]["coins"] == 2


def test_thermae_with_topup_asks():
    """§4.1 item 5: Thermae pending with a top-up asks; Thermae before the Tiro top-up pays a coin, after it none."""
    state = table()
    lay(state, "p2", glads=["Brutus"], blds=["Thermae", "Casula"], coins=2)
    begin(state, "p2")
    assert set(GAME.prompts(state)["p2"].actions) == {"effect Thermae", "effect tiros", "effect auto"}
    first, _ = act(state, "p2", "effect thermae")
    assert first["p"]["p2"]["coins"] == 3 and len(first["p"]["p2"]["gl"]) == 2
    later, _ = act(state, "p2", "effect tiros")
    assert later["p"]["p2"]["coins"] == 2                # 2 gladiators, 2 buildings: no free building
    auto, _ = act(state, "p2", "effect auto")
    assert auto["p"]["p2"]["coins"] == 3                 # the default order never gives less


def test_events_revealed_before_start_player_turn():
    """§14.1: with events on, the start player's turn begins with an event (Annona: +2 coins each,
    before Horreum's check); after the 10th all ten are reshuffled."""
    state = table(events=True)
    first = state["first"]
    lay(state, first, glads=["Brutus", "Aulus"], blds=["Horreum", "Casula"], coins=0)
    state["edeck"] = ["E02"] + [e for e in state["edeck"] if e != "E02"]
    begin(state, first)
    assert state["event"] == "E02" and state["p"][first]["coins"] == 2
    other = next(s for s in state["seats"] if s != first)
    begin(state, other)
    assert state["event"] == "E02"                       # only the start player's turn reveals
    state["edeck"] = []
    events = begin(state, first)
    assert len(state["edeck"]) == 9 and "reshuffled" in texts(events)


def test_triumphus_gives_fewest_points_three_coins():
    """§14.1 E10: on reveal the player(s) with the fewest points gain 3 coins each."""
    state = table(events=True)
    first = state["first"]
    for s in state["seats"]:
        lay(state, s, glads=[], blds=["Casula"] if s == first else [], coins=0)
    state["p"][first]["fpts"] = 2
    state["edeck"] = ["E10"] + [e for e in state["edeck"] if e != "E10"]
    begin(state, first)
    assert state["p"][first]["coins"] == 0
    assert all(state["p"][s]["coins"] == 3 for s in state["seats"] if s != first)
