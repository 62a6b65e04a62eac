"""§4 round structure, §5 Planning and §6 Execution."""
import pytest

from core.errors import RulesError
from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD

from .conftest import act, base, clear, execution_with, put, started, text


def plan_all(s, lines_by_seat):
    """Place orders round-robin: lines_by_seat {seat: [order lines]} in placing order."""
    while s["phase"] == "planning":
        seat = s["turn"]
        s, _ = act(s, seat, lines_by_seat[seat].pop(0))
    return s


def test_4_planning_execution_regrouping_then_the_next_round():
    """§4: Planning → Execution → Regrouping → the next round's Planning."""
    s = started(2)
    phases = [s["phase"]]
    s = plan_all(s, {"P1": ["order research MAR"] * 4, "P2": ["order research BRA"] * 4})
    phases.append(s["phase"])
    while s["phase"] == "execution":
        planet = "MAR" if s["turn"] == "P1" else "BRA"
        s, _ = act(s, s["turn"], f"resolve {planet} research cards")
    phases.append(s["phase"])
    while s["phase"] == "regroup":                      # step 9: 16 cards in hand, drop to 8
        seat = sorted(GAME.prompts(s))[0]
        s, _ = act(s, seat, GAME.timeout_line(s, seat))
    assert phases == ["planning", "execution", "regroup"] and s["phase"] == "planning" and s["round"] == 2
    assert s["first"] == "P2"


def test_5_1_one_order_at_a_time_clockwise_until_four_each():
    """§5.1: from the first player clockwise, one order at a time, until each has placed 4."""
    s = started(3)
    seen = []
    while s["phase"] == "planning":
        seen.append(s["turn"])
        s, _ = act(s, s["turn"], GAME.timeout_line(s, s["turn"]))
    assert seen == ["P1", "P2", "P3"] * 4 and s["phase"] == "execution"


def test_5_2_orders_only_on_friendly_or_adjacent_planets():
    """§5.2: a planet with a friendly area of yours or adjacent to one."""
    s = started(2)
    with pytest.raises(RulesError) as e:
        act(s, "P1", "order build TAR")
    assert "CHR" in e.value.message
    s, _ = act(s, "P1", "order build chr")
    assert s["stacks"]["CHR"][0]["owner"] == "P1"


def test_5_3_stacks_newest_on_top():
    """§5.3: orders on one planet form a stack, newest on top."""
    s = started(2)
    s, _ = act(s, "P1", "order build CHR")
    s, _ = act(s, "P2", "order mobilize BRA")
    s, _ = act(s, "P1", "order mobilize CHR")
    assert [o["type"] for o in s["stacks"]["CHR"]] == ["build", "mobilize"]   # the top is last
    s = plan_all(s, {"P1": ["order research MAR"] * 2, "P2": ["order research BRA"] * 3})
    assert s["phase"] == "execution"
    with pytest.raises(RulesError):                   # the build under it is not on top
        act(s, "P1", "resolve CHR build 1 marine CHR.A")


def test_5_4_any_mix_of_types():
    """§5.4: four tokens of each type: four Build orders in one round are allowed."""
    s = started(2)
    s = plan_all(s, {"P1": ["order build MAR"] * 4, "P2": ["order mobilize BRA"] * 4})
    assert [o["type"] for o in s["stacks"]["MAR"]] == ["build"] * 4


def test_5_5_one_special_order_per_round():
    """§5.5: at most one order per player per round carries the special marker."""
    s = started(2)
    s, _ = act(s, "P1", "order build* MAR")
    s, _ = act(s, "P2", "order build BRA")
    with pytest.raises(RulesError):
        act(s, "P1", "order mobilize* MAR")
    assert s["stacks"]["MAR"][0]["special"] is True


def test_5_6_orders_by_private_message_the_channel_learns_only_the_planet():
    """§5.6: `/order` is private; the channel hears "<faction> placed an order on <planet>";
    the timeout default is Research on the first legal planet by code."""
    s = started(2)
    with pytest.raises(RulesError):
        GAME.apply(s, "P1", GAME.parse("order build MAR", private=False))
    s, ev = act(s, "P1", "order mobilize* CHR")
    public = text(ev, public_only=True)
    assert "Char" in public and "mobilize" not in public.lower()
    assert GAME.timeout_line(s, "P2") == "order research AIU"


def test_6_1_take_your_order_from_the_top_of_any_stack():
    """§6.1: only from the top of a stack; from the first player clockwise."""
    s = execution_with(started(2), {"MAR": [("P1", "research", False), ("P2", "research", False)],
                                    "BRA": [("P1", "research", False)]})
    with pytest.raises(RulesError):
        act(s, "P1", "resolve MAR research cards")
    s, _ = act(s, "P1", "resolve BRA research cards")
    assert s["turn"] == "P2"


def test_6_2_revealed_when_taken_discard_draws_an_event_card():
    """§6.2: the order is revealed when taken; discarding it draws 1 event card."""
    s = execution_with(started(2), {"MAR": [("P1", "build", True)], "BRA": [("P2", "research", False)]})
    top = s["event_deck"][0]
    s, ev = act(s, "P1", "discard MAR")
    assert "build*" in text(ev, public_only=True) and s["p"]["P1"]["events"] == [top]


def test_6_3_no_order_on_top_draws_and_passes_none_left_is_skipped():
    """§6.3: orders left but none on top → draw 1 event and pass; no orders left → skipped
    without drawing."""
    from core.games.starcraft.execution import settle

    from .conftest import ctx
    s = execution_with(started(3), {"MAR": [("P2", "research", False), ("P1", "research", False)]}, turn="P3")
    settle(ctx(s), first=True)
    assert s["turn"] == "P1" and s["p"]["P3"]["events"] == []
    s = execution_with(started(2), {"MAR": [("P1", "research", False), ("P2", "research", False)]}, turn="P1")
    top = s["event_deck"][0]
    settle(ctx(s), first=True)
    assert s["p"]["P1"]["events"] == [top] and s["turn"] == "P2"
    s, _ = act(s, "P2", "resolve MAR research cards")
    assert s["turn"] == "P1"


def test_6_4_the_phase_ends_when_every_stack_is_empty_first_player_draws():
    """§6.4: every stack empty → the first player draws 1 event card; Regrouping follows."""
    s = execution_with(started(2), {"BRA": [("P2", "research", False)]}, turn="P2")
    s["first"] = "P2"
    top = s["event_deck"][0]
    s, ev = act(s, "P2", "resolve BRA research cards")
    assert s["p"]["P2"]["events"] == [top] and "§6.4" in text(ev)
    assert (s["phase"], s["step"], list(GAME.prompts(s))) == ("regroup", 8, ["P2"])


def test_6_5_an_order_that_can_do_nothing_may_only_be_discarded():
    """§6.5: a Mobilize that moves nothing or a Build that buys nothing is refused; discard works."""
    s = execution_with(started(2), {"MAR": [("P1", "mobilize", False)], "BRA": [("P2", "build", False)]})
    with pytest.raises(RulesError):
        act(s, "P1", "resolve MAR transport R1")
    s, _ = act(s, "P1", "discard MAR")
    with pytest.raises(RulesError):
        act(s, "P2", "resolve BRA build")
    assert s["stacks"]["MAR"] == []


def test_6_6_execution_timeout_and_skipping_a_player_without_legal_planet():
    """§6.6: the timeout discards the top order of the first stack by code that holds one; a
    player with no legal planet in Planning places nothing and is skipped."""
    s = execution_with(started(2), {"MAR": [("P1", "build", False)], "CHR": [("P1", "research", False)]})
    assert GAME.timeout_line(s, "P1") == "discard CHR"
    t = clear(started(2))
    put(t, "BRA.A", "P2", "zealot")
    base(t, "BRA.A", "P2")
    from core.games.starcraft import planning

    from .conftest import ctx
    planning.start_round(ctx(t))
    seen = []
    while t["phase"] == "planning":
        seen.append(t["turn"])
        t, _ = act(t, t["turn"], GAME.timeout_line(t, t["turn"]))
    assert seen == ["P2"] * 4


def test_mismatched_resolve_is_refused_privately():
    """§6.1/§14: resolving with the wrong kind is refused to the player only (its text names
    the hidden type)."""
    s = execution_with(started(2), {"MAR": [("P1", "build", False)]})
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR research cards")
    assert e.value.private
    assert BOARD.events  # the data are loaded


def test_6_2_refusals_of_a_resolve_are_told_to_the_player_only():
    """§6.2 / §14: until it is taken the order is face down, so a refused resolve (which says
    what the order is, or that it is a Build that cannot be paid) goes to its player only."""
    s = execution_with(started(2), {"MAR": [("P1", "build", False)], "BRA": [("P2", "research", False)]})
    s["p"]["P1"]["pool"] = 0
    for line in ("resolve MAR build 1 marine MAR.A", "resolve MAR move 1 marine A B", "resolve MAR research x"):
        with pytest.raises(RulesError) as e:
            act(s, "P1", line)
        assert e.value.private, line
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve BRA research cards")
    assert e.value.code == "NOT_TOP" and not e.value.private
