"""Hidden information of Successors (§11): hands and face-down table cards stay out of
every public message and the public view, through the real service path."""
import random
import re

import orjson

from bot.console.selfplay import play_one
from core.games.successors import GAME
from core.games.successors.common import card_name


def test_secrets_are_the_hands_and_the_table():
    state = GAME.setup(["a", "b", "c"], {}, "cards")
    rnd = random.Random(2)
    while not state["p"][state["seats"][0]]["hand"]:
        prompts = GAME.prompts(state)
        seat = rnd.choice(sorted(prompts))
        line = GAME.sample(state, seat, rnd)
        state, _ = GAME.apply(state, seat, GAME.parse(line, line in prompts[seat].private))
    hand = state["p"][state["seats"][0]]["hand"]
    assert {card_name(n) for n in hand} <= set(GAME.secrets(state))
    public = orjson.dumps(GAME.view(state, None)).decode()
    assert not any(re.search(rf"(?<!\w){re.escape(s)}(?!\w)", public) for s in GAME.secrets(state))
    assert sorted(GAME.view(state, state["seats"][0])["p"][state["seats"][0]]["hand"]) == sorted(hand)


def test_self_play_through_the_service_never_shows_a_hand_in_public(service):
    # the driver checks every public line, button and the public view after each action
    for players in (2, 5):
        report = play_one(service, "successors", players, f"secrets-{players}", max_actions=400)
        assert not [p for p in report.problems if "shown in public" in p]
        assert report.actions == 400 or report.finished


def test_the_map_is_posted_after_every_battle_or_siege():
    """Issue 6: the picture follows each activation, battle or siege, and phase change."""
    state = GAME.setup(["a", "b", "c"], {}, "pictures")
    rnd = random.Random(4)
    checked = 0
    for _ in range(3000):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        line = GAME.sample(state, seat, rnd)
        before = dict(state.get("counts") or {})
        state, events = GAME.apply(state, seat, GAME.parse(line, line in prompts[seat].private))
        if (state.get("counts") or {}) != before:
            assert any(e.kind == "image" and e.to is None for e in events), line
            checked += 1
    assert checked > 10
