"""The questions put to a seat during an activation (§5.7 naval interception, §5.8 interception
and §5.8.4 fight or fall back, §5.4.1/§5.5.2/§5.9 the defender's choice, §6.10.4 retreat,
§12.1 sortie) are decisions on the stack (flow.py), asked before the activation goes on;
a snapshot saved when rules version 2 kept them in `state["pend"]` still plays."""
import random

import orjson

from core.game import copy_state
from core.games.successors import GAME, questions
from core.games.successors.questions import QUESTIONS, question


def to_question(kind=None, seed=0, limit=6000):
    state, _ = GAME.start(["p0", "p1", "p2"], {"sorties": "on"}, f"q{seed}")
    rnd = random.Random(seed)
    for _ in range(limit):
        q = question(state)
        if q and (kind is None or q["kind"] == kind):
            return state
        prompts = GAME.prompts(state)
        assert prompts
        seat = rnd.choice(sorted(prompts))
        line = GAME.sample(state, seat, rnd)
        state, _ = GAME.apply(state, seat, GAME.parse(line, GAME.sent_privately(line, prompts[seat])))
    raise AssertionError(f"no {kind or 'question'} asked")


def legacy(state):
    """The same moment as rules version 2 stored it: the question in `pend`, not on the stack."""
    old = copy_state(state)
    q = question(old)
    old["stack"].remove(q)
    old["pend"] = q
    return old


def test_5_8_a_question_is_a_decision_on_the_stack_asked_of_its_seat_only():
    state = to_question()
    q = state["stack"][-1]
    assert q["kind"] in QUESTIONS and state["pend"] is None
    assert list(GAME.prompts(state)) == [q["seat"]]
    assert state["act"] is not None                        # the mover waits for the answer
    assert sum(d["kind"] in QUESTIONS for d in state["stack"]) == 1


def test_5_8_answering_takes_the_question_off_the_stack():
    state = to_question()
    seat = question(state)["seat"]
    line = GAME.prompts(state)[seat].actions[-1]
    after, _ = GAME.apply(state, seat, line)
    q = question(after)
    assert q is None or q != question(state)


def test_a_rules_version_2_snapshot_with_its_question_in_pend_prompts_and_plays_the_same():
    for seed in range(3):
        state = to_question(seed=seed)
        old = legacy(state)
        assert question(old) is None and old["pend"]
        assert GAME.prompts(old) == GAME.prompts(state)
        seat = question(state)["seat"]
        for line in GAME.prompts(state)[seat].actions:
            new_after, new_events = GAME.apply(state, seat, GAME.parse(line))
            old_after, old_events = GAME.apply(old, seat, GAME.parse(line))
            assert orjson.dumps(old_after) == orjson.dumps(new_after), line
            assert [e.text for e in old_events] == [e.text for e in new_events]


def test_a_new_question_replaces_the_old_one_as_the_single_slot_did():
    state = to_question()
    first = question(state)
    questions.ask(state, dict(first, kind="retreat"))
    assert sum(d["kind"] in QUESTIONS for d in state["stack"]) == 1 and question(state)["kind"] == "retreat"
    questions.drop_question(state)
    assert question(state) is None
