"""Remembered values equal fresh ones after every action (issue 37, fast rules): the prompts of
every game, StarCraft's menu lines and Ludi's Main phase lines (remembered by the state's bytes,
core/game.py), and Successors' control, VP, LP, PC targets and a robot's scores (remembered by the
parts of the state they read); and the copy each action is applied to (`Game.copied`, a game's own
where it knows its state's shape), the lines read (`Game.parse`, remembered by the line), a sampled
line's state (`Game.sampled`) and the card tags (board data). Seeded random games of every game are
played with the memories kept across actions, as in play, so an answer kept for an earlier state and
served for a later one would show here."""
import random

import orjson
import pytest

from core.game import _PROMPTS, copy_state
from core.games.ludi import states as ludi_states
from core.games.starcraft import execution
from core.games.starcraft.board import BOARD
from core.games.starcraft.game import _MENU_LINES
from core.games.successors import control, flow, legitimacy, scoring, strategy
from core.games.successors.robot import KIT as SUCCESSORS_KIT
from core.grammar import parse
from core.registry import get_game

# (game, players, seed, actions at most): a few hundred positions of each game
CASES = [("successors", 5, 1, 400), ("successors", 3, 2, 300), ("starcraft", 2, 1, 250), ("starcraft", 4, 2, 200),
         ("ludi", 3, 1, 250), ("infinity", 2, 1, 200)]


def positions(game_id: str, players: int, seed: int, limit: int):
    game = get_game(game_id)
    rnd = random.Random(seed)
    state = game.setup([f"p{i}" for i in range(players)], {}, f"remembered-{seed}")
    for _ in range(limit):
        prompts = game.prompts(state)
        if not prompts:
            return
        yield game, state, prompts
        _, _, state, _ = game.random_step(state, rnd, prompts)


def typed(value):
    """A JSON value with the exact type of each part (a str subclass, a tuple, would show)."""
    if type(value) is dict:
        return {k: typed(v) for k, v in value.items()}, list(value)
    if type(value) is list:
        return [typed(v) for v in value]
    return type(value).__name__, value


def containers(value, found: set) -> set:
    """The ids of every list and dict in a JSON value."""
    if type(value) in (dict, list):
        found.add(id(value))
        for part in value.values() if type(value) is dict else value:
            containers(part, found)
    return found


def fresh_vp(state: dict) -> dict:
    """§8.5 seat by seat, with control counted from the PCs afresh (nothing remembered)."""
    ctl = control.fresh_controllers(state["pcs"])
    fs = {s: scoring.fleet_strength(state, s) for s in state["seats"]}
    return {s: scoring.vp(state, s, ctl, fs) for s in state["seats"]}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}p-seed{c[2]}")
def test_remembered_values_equal_fresh_ones_after_every_action(case):
    seen = known = 0
    kinds = set()                          # StarCraft's and Successors' waiting states whose verbs were checked
    for game, state, prompts in positions(*case):
        assert prompts == game._prompts(state)                   # the remembered prompts, the fresh ones
        assert game.prompts(state) == prompts                    # and asked again (remembered now)
        for prompt in prompts.values():                          # each prompt's verbs, worked out once
            assert prompt.verbs() == {line.split(" ", 1)[0] for line in (*prompt.actions, *prompt.templates,
                                                                          *prompt.private)}
        assert game.deciding(state) == list(prompts)             # whose turn, without the lines where known
        assert game.private_lines or not any(p.private for p in prompts.values())   # a game says it has none
        for prompt in prompts.values():                          # each line read as parse reads it afresh
            for line in (*prompt.actions, *prompt.private):
                private = game.sent_privately(line, prompt)
                fresh = parse(line, game.verbs, private)
                for action in (game.parse(line, private), game.parse(line, private)):
                    assert (action, action.private, action.raw_tail) == (fresh, fresh.private, fresh.raw_tail)
        copied = game.copied(state)                              # what apply changes: orjson's copy, to the types
        assert typed(copied) == typed(copy_state(state))
        assert not containers(copied, set()) & containers(state, set())   # sharing no list or dict with the state
        verbs = game._prompt_verbs(state)                        # the verbs apply checks without the lines
        if verbs is not None:
            assert verbs == {s: p.verbs() for s, p in prompts.items()}
            known += 1
            kinds.add(game.state_key(state) if game.id == "starcraft" else
                      flow.current(state) if game.id == "successors" else None)
        if game.id == "successors":
            assert control.controllers(state) == control.fresh_controllers(state["pcs"])
            assert scoring.all_vp(state) == fresh_vp(state)
            assert legitimacy.all_lp(state) == legitimacy._all_lp(state) \
                == {s: legitimacy.lp(state, s) for s in state["seats"]}
            assert SUCCESSORS_KIT.scores(state) == SUCCESSORS_KIT.fresh_scores(state)   # a robot's leaf values
            for seat in state["seats"]:                          # §4.4.3(a) where an OP may place a PC
                fresh = strategy._pc_targets(state, seat, scoring.fleet_strength(state, seat))
                assert strategy.pc_targets(state, seat) == fresh
        if game.id == "ludi":                                     # §4.2 the Main phase's lines, by the bytes
            for seat in state["seats"]:
                lines = ludi_states.main_lines(state, seat)
                assert lines == ludi_states.main_lines(state, seat) == ludi_states._main_lines(state, seat)
        if game.id == "starcraft":
            for seat in state["seats"]:
                ordering = game.state_key(state) == "execution" and state["turn"] == seat and not state["result"]
                assert game.menu_lines(state, seat) == (game._menu_lines(state, seat) if ordering else [])
                view = game.view(state, seat)                    # §14: counted in one pass, equal seat by seat
                assert {s: q["orders_left"] for s, q in view["p"].items()} == \
                    {s: execution.orders_left(state, s) for s in state["seats"]}
                deck = state["event_deck"]
                assert view["event_stages"] == {stage: sum(BOARD.events[e]["stage"] == stage for e in deck)
                                                for stage in ("I", "II", "III")}
        seen += 1
    assert seen >= 10
    if case[0] in ("successors", "ludi", "starcraft"):          # §4.4 Tyche segments, Ludi's §4.2 Main phases
        assert known >= 5
    if case[0] == "successors":      # §4.4 Tyche, §4.5 Activation segments, §3.3.4 placings, §5 forces in motion
        assert {"tyche", "activation", "placing", "moving"} <= kinds
    if case[0] == "starcraft":       # §5 Planning, §6 Execution, §10 steps 8 and 9 (events, drops), §9.2 battle cards
        assert {"planning", "execution", "event", "drop"} | ({"card"} if case[1] >= 4 else set()) <= kinds


@pytest.mark.parametrize("game_id,players", [("starcraft", 3), ("successors", 3)])
def test_a_sampled_line_is_applied_as_apply_would(game_id, players):
    """Game.sampled: sample's very line (the same numbers drawn), and where the sampler applied it
    already (StarCraft's Execution), the state and events apply makes of it: a search's playout takes
    them instead of applying the line again."""
    applied_seen = 0
    for game, state, prompts in positions(game_id, players, 3, 150):
        for seat, prompt in prompts.items():
            line, applied = game.sampled(state, seat, random.Random(5))
            assert line == game.sample(state, seat, random.Random(5))
            given_line, given = game.sampled(state, seat, random.Random(5), orjson.dumps(state))   # a playout's bytes
            assert given_line == line and orjson.dumps(given and given[0]) == orjson.dumps(applied and applied[0])
            if applied is None:
                continue
            new, events = game.apply(state, seat, game.parse(line, game.sent_privately(line, prompt)))
            assert orjson.dumps(applied[0]) == orjson.dumps(new)
            assert [e.as_dict() for e in applied[1]] == [e.as_dict() for e in events]
            applied_seen += 1
    assert applied_seen >= (5 if game_id == "starcraft" else 0)


def test_board_data_is_remembered_as_written():
    """The card tags, and StarCraft's areas of each planet (one list a planet, kept across the seeded
    games above), equal the data worked out afresh."""
    from core.games.starcraft.board import BOARD as SC_BOARD
    from core.games.starcraft.common import card_tag as sc_tag
    from core.games.successors.board import BOARD as S_BOARD
    from core.games.successors.common import card_tag as s_tag
    for tag, cards in ((s_tag, S_BOARD.cards), (sc_tag, [*SC_BOARD.combat, *SC_BOARD.events])):
        for card in cards:
            assert tag(card) == tag(card) == tag.__wrapped__(card)
    assert s_tag(35) == "35-suspicion" and sc_tag("EV26") == "EV26-last-stand"
    for planet, data in SC_BOARD.planets.items():
        assert SC_BOARD.planet_areas(planet) == [f"{planet}.{a['letter']}" for a in data["areas"]]


def test_an_answer_is_never_served_for_another_state():
    """The same memory asked of two states that differ in one PC: each gets its own answer, and a
    caller changing its copy changes nothing remembered."""
    game = get_game("successors")
    state = game.setup(["a", "b", "c"], {}, "remembered-pc")
    before = control.controllers(state)
    vps = scoring.all_vp(state)
    city, owner = next((s, o) for s, o in state["pcs"].items() if o in state["seats"])
    other = next(s for s in state["seats"] if s != owner)
    changed = {**state, "pcs": {**state["pcs"], city: other}}
    assert control.controllers(changed) == control.fresh_controllers(changed["pcs"])
    assert scoring.all_vp(changed) == fresh_vp(changed)
    vps[owner] = -99                                            # the caller's copy, not the memory's
    assert scoring.all_vp(state) == fresh_vp(state)
    assert control.controllers(state) == before


def test_prompts_are_remembered_per_game_and_by_bytes():
    game = get_game("ludi")
    state = game.setup(["a", "b"], {}, "remembered-ludi")
    _PROMPTS.answers.clear()
    first = game.prompts(state)
    assert len(_PROMPTS.answers) == 1
    assert game.prompts(dict(state)) == first and len(_PROMPTS.answers) == 1   # an equal state: the same answer
    first.clear()                                                              # a caller's copy
    assert game.prompts(state) == game._prompts(state)
    assert _MENU_LINES.size >= 1


@pytest.mark.parametrize("game_id,players", [("successors", 3), ("starcraft", 2), ("ludi", 3), ("infinity", 2)])
def test_an_action_given_the_states_bytes_plays_as_one_without(game_id, players):
    """Game.apply and Game.prompts given the state's bytes (`raw`, taken once by a caller trying
    several lines on one state: a menu, a search, a deadline's default) answer as they do without:
    the same new state, the same events, the same prompts."""
    rnd = random.Random(7)
    seen = 0
    for game, state, prompts in positions(game_id, players, 7, 120):
        raw = orjson.dumps(state)
        assert game.prompts(state, raw) == prompts
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        action = game.parse(line, game.sent_privately(line, prompts[seat]))
        alone, alone_events = game.apply(state, seat, action)
        given, given_events = game.apply(state, seat, action, raw)
        assert orjson.dumps(given) == orjson.dumps(alone)
        assert [e.as_dict() for e in given_events] == [e.as_dict() for e in alone_events]
        assert orjson.dumps(state) == raw                        # the state itself untouched
        seen += 1
    assert seen >= 10
