"""§6 Execution as a menu (issue #26): every order the seat can carry out is offered, each
line accepted by the rules, privately only (order types are face down, §5); the public prompt
keeps the discards."""
import random

import pytest

from bot.service.menus import choices, tree
from core.errors import RulesError
from core.games.starcraft import GAME, execution
from core.games.starcraft.game import order_lines

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


def _outcome(call):
    try:
        call()
    except RulesError as exc:
        return exc.code, str(exc.message)   # (a refusal's privacy is the resolve verb's, not its checks')
    return None


@pytest.mark.parametrize("players, seed", [(players, seed) for players in range(2, 7) for seed in range(2)])
def test_6_a_candidate_is_checked_as_apply_would_refuse_it(players, seed):
    """The menu tries its candidates by the order's checks alone (`execution.check`), not by applying
    them: over seeded random games, each candidate of each Execution turn is refused by the checks
    exactly when `apply` refuses it, in the same words, and the menu offers the ones it carries out."""
    rnd = random.Random(f"menu-checks-{players}-{seed}")
    options = GAME.parse_options(["rules=3"] if seed else [])
    state = GAME.setup([f"p{i}" for i in range(players)], options, f"mc-{players}-{seed}")
    turns = 0
    for _ in range(1500):
        if GAME.state_key(state) == "execution" and not state["result"]:
            seat, turns = state["turn"], turns + 1
            carried_out = []
            for planet in execution.top_planets(state, seat):
                for line in order_lines(state, seat, planet):
                    refused = _outcome(lambda: GAME.apply(state, seat, line))
                    assert _outcome(lambda: execution.check(state, seat, *GAME.parse(line).args)) == refused, line
                    carried_out += [line] if refused is None else []
            assert GAME.menu_lines(state, seat) == carried_out
        step = GAME.random_step(state, rnd)
        if step is None:
            break
        state = step[2]
    assert turns > 20   # Execution turns seen (a random game holds dozens)


def _every_single_step(state, seat, planet, monkeypatch):
    """Every single-step line of the top order, the hopeless ones too: `order_lines` with its two
    filters opened (room for any number of units in any area, a base's place in every area of the
    planet), so the lines it enumerates are written once, in the rules."""
    from core.games.starcraft import orders
    from core.games.starcraft.board import BOARD
    with monkeypatch.context() as wide:
        wide.setattr(orders, "room", lambda state, seat, area: 99)
        wide.setattr(orders, "base_sites", lambda state, seat, planet: list(BOARD.planet_areas(planet)))
        return order_lines(state, seat, planet)


@pytest.mark.parametrize("players", range(2, 7))
def test_6_a_line_the_menu_leaves_untried_is_one_the_rules_refuse(players, monkeypatch):
    """The menu's candidates leave out a unit brought into an area with no room for it and a base
    where none can go (`order_lines`): over seeded random games, every single-step line it leaves
    out is one `apply` refuses, and those it keeps come in the same order."""
    rnd = random.Random(f"menu-untried-{players}")
    state = GAME.setup([f"p{i}" for i in range(players)], {}, f"mu-{players}")
    left_out = 0
    for _ in range(1500):
        if GAME.state_key(state) == "execution" and not state["result"]:
            seat = state["turn"]
            for planet in execution.top_planets(state, seat):
                kept = order_lines(state, seat, planet)
                every = _every_single_step(state, seat, planet, monkeypatch)
                assert [line for line in every if line in kept] == kept
                for line in every:
                    if line not in kept:
                        left_out += 1
                        assert _outcome(lambda: GAME.apply(state, seat, line)) is not None, line
        step = GAME.random_step(state, rnd)
        if step is None:
            break
        state = step[2]
    assert left_out > 10
