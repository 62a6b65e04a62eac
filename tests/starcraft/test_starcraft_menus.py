"""§6 Execution as a menu (issue #26): every order the seat can carry out is offered, each
line accepted by the rules, privately only (order types are face down, §5); the public prompt
keeps the discards."""
from bot.service.menus import choices, tree
from core.games.starcraft import GAME

from .conftest import act, execution_with, put, started


def orders_to_carry_out():
    s = execution_with(started(2), {"MAR": [("P1", "mobilize", False)], "BRA": [("P1", "research", False)],
                                    "CHA": [("P2", "research", False)]})
    put(s, "MAR.A", "P1", "marine", 2)
    return s


def test_6_every_order_that_can_be_carried_out_is_a_private_choice_the_rules_accept():
    s = orders_to_carry_out()
    lines = GAME.menu_lines(s, "P1")
    assert any(x.startswith("resolve MAR move 2 marine MAR.A ") for x in lines)
    assert any(x.startswith("resolve MAR move 1 marine MAR.A ") for x in lines)
    assert "resolve BRA research cards" in lines
    for line in lines:   # §6: each offered line is carried out by the rules as it stands
        act(s, "P1", line)
    private = choices(GAME, s, "P1", True)
    assert set(lines) <= set(private) and {"discard MAR", "discard BRA"} <= set(private)
    assert choices(GAME, s, "P1", False) == ["discard BRA", "discard MAR"]   # public: the discards only
    assert GAME.menu_lines(s, "P2") == []          # not his turn


def test_6_the_menu_is_planet_first_then_the_order_then_the_unit():
    s = orders_to_carry_out()
    root = tree(GAME, choices(GAME, s, "P1", True))
    assert sorted(c.label for c in root.children) == ["Braxis", "Mar Sara"]
    mar = next(c for c in root.children if c.label == "Mar Sara")
    assert [c.label for c in mar.children] == ["move marine MAR.A", "discard"]   # one force: folded
    assert all(c.label.startswith("→ MAR.") for c in mar.children[0].children)   # then where, then how many
