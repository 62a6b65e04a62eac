"""The summary is whole (issue 24): every card of a game is in one of the summary's piles at
every step of self-play — Successors' cards (§11.1: deck, discard, table, removed, hands, and the
cards #53 Wise Counsel is looking at), StarCraft's combat cards of each faction (§9.6: deck,
hand, discard)."""
import dataclasses
import random

import pytest

from core.registry import get_game


def self_play(game_id: str, players: int, seed: str, actions: int):
    """(state, summary) after every action of a seeded random game, straight through the rules."""
    game = get_game(game_id)
    state, _ = game.start([f"p{i}" for i in range(players)], {}, seed)
    rnd = random.Random(seed)
    yield state, game.summary(state)
    for _ in range(actions):
        prompts = game.prompts(state)
        if not prompts:
            return
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        action = dataclasses.replace(game.parse(line), private=game.sent_privately(line, prompts[seat]))
        state, _ = game.apply(state, seat, action)
        yield state, game.summary(state)


def successors_cards(summary: dict) -> int:
    return (summary["deck"] + summary["discard"] + summary["table_cards"] + summary["removed"]
            + summary["looking"] + sum(p["hand"] for p in summary["players"].values()))


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_every_successors_card_is_in_a_pile_of_the_summary_at_every_step(seed):  # §11.1, #53
    from core.games.successors.setup import deck_of

    steps = 0
    for state, summary in self_play("successors", 3, f"whole-{seed}", 700):
        assert successors_cards(summary) == len(deck_of(state)), summary
        steps += 1
    assert steps > 100


def test_the_cards_wise_counsel_looks_at_are_a_pile_of_their_own():  # #53, §11.1
    from core.game import Ctx
    from core.games.successors import GAME
    from core.games.successors.cards import ev_wise_counsel

    state, _ = GAME.start(["a", "b", "c"], {}, "counsel")
    before = successors_cards(GAME.summary(state))
    ev_wise_counsel(Ctx(state), state["seats"][0], 53, [])
    summary = GAME.summary(state)
    assert summary["looking"] == 3 and successors_cards(summary) == before


@pytest.mark.parametrize("seed", ["1", "2"])
def test_every_combat_card_of_a_starcraft_faction_is_in_its_deck_hand_or_discard(seed):  # §9.6
    totals: dict[str, int] = {}
    for _, summary in self_play("starcraft", 3, f"whole-{seed}", 500):
        for seat, p in summary["players"].items():
            n = p["combat_deck"] + p["combat_cards"] + p["combat_discard"]
            if seat not in totals and not n:   # its faction not taken, or its cards not dealt yet
                continue
            assert totals.setdefault(seat, n) == n, (seat, p)
    assert totals
