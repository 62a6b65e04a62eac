"""The events split into a check and an effect (cards.CHECKS): a dry run asks the check alone, on the
state itself, so the check must change nothing and refuse exactly what the whole event, played on a
copy of the state, refuses (the effect after it refusing nothing), at every state of seeded games."""
import random

import orjson
import pytest

from core.errors import RulesError
from core.game import Ctx, copy_state
from core.games.successors import GAME, cards
from tests.robots.positions import random_step

# choices beyond the candidates a Tyche prompt tries: none, a word that names nothing, a few of the map's
EXTRA = ("", "nowhere", "babylon", "pella", "KAP", "MAC", "mazaka perdikkas", "tarsos b")


def refused(run) -> bool:
    try:
        run()
    except RulesError:
        return True
    return False


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_checks_refuse_what_the_events_refuse(players, seed):
    rnd = random.Random(seed)
    state = GAME.setup([f"n{i}" for i in range(players)], {}, f"checks-{seed}")
    tried = accepted = 0
    for move in range(400):
        if not GAME.prompts(state):
            break
        if move % 5:
            state, _ = random_step(GAME, state, rnd)
            continue
        raw = orjson.dumps(state)
        for seat in state["seats"]:
            for card, check in cards.CHECKS.items():
                for choice in dict.fromkeys((*cards._candidates(state, seat, card), *EXTRA)):
                    verdict = refused(lambda: check(state, seat, card, cards._words(choice)))
                    assert orjson.dumps(state) == raw, (card, choice)
                    whole = refused(lambda: cards.resolve(Ctx(copy_state(state), seat), seat, card, choice))
                    assert verdict == whole, (card, choice)
                    tried += 1
                    accepted += not verdict
        state, _ = random_step(GAME, state, rnd)
    assert tried > 500 and 0 < accepted < tried


def test_event_lines_by_checks_are_those_of_whole_dry_runs():
    """`event_lines` with the checks offers the lines that whole dry runs accept, at Tyche segments."""
    rnd = random.Random(7)
    state = GAME.setup(["n0", "n1", "n2"], {}, "checks-lines")
    seen = 0
    for _ in range(1500):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        if state["phase"] == "strategy" and state["segment"] == "tyche":
            for seat in state["seats"]:
                for card in cards.CHECKS:
                    if card == 36 and state.get("silver_played"):
                        continue                 # no dry run: the event is a Surprise card's now
                    tag = cards.card_tag(card)
                    fresh = [f"play {tag} event {c}".strip() for c in cards._candidates(state, seat, card)
                             if not refused(lambda: cards.resolve(Ctx(copy_state(state), seat), seat, card, c))]
                    got = [line for line in cards.event_lines(state, seat, card, check_hand=False) if " event" in line]
                    assert got == fresh[:6], (card, got, fresh)
                    seen += 1
        state, _ = random_step(GAME, state, rnd)
    assert seen > 100


def test_a_rising_star_with_nobody_to_recruit_plays_whatever_space_is_named():  # #57
    """#57's only refusal, an unknown space, comes after its effect began and only where a general is
    recruited: no check can say it first, so #57 keeps the whole dry run (it is not in cards.CHECKS)."""
    state = GAME.setup(["n0", "n1"], {}, "checks-57")
    seat = state["seats"][0]
    for g, d in state["gens"].items():
        if d["o"] == seat and d["at"] == "reserve":
            d["at"] = "dead"
    assert 57 not in cards.CHECKS and cards._reserve(state, seat) is None
    trial = copy_state(state)
    cards.resolve(Ctx(trial, seat), seat, 57, "nowhere")   # no general to place: the name is never read
    assert trial["p"][seat]["limit"] == state["p"][seat]["limit"] + 1
