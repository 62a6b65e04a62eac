"""Helpers the rules tests of every game share: what the events said, who must act, random
legal play until a position of interest."""
import random


def texts(events) -> str:
    """Every text the events carry, in order, as one line."""
    return " | ".join(e.text for e in events if e.text)


def single_seat(game, state) -> str:
    """The one seat that must act now (the test fails when several or none must)."""
    prompts = game.prompts(state)
    assert len(prompts) == 1, prompts
    return next(iter(prompts))


def run_until(game, state, pred, seed=0, limit=20000):
    """Random legal play (the game's own `sample`, a random pending seat each step, private
    choices included) until pred(state) holds; fails if the game ends or `limit` steps pass first."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if pred(state):
            return state
        prompts = game.prompts(state)
        assert prompts, "the game ended before the condition held"
        seat = rnd.choice(sorted(prompts))
        state, _ = game.apply(state, seat, game.parse(game.sample(state, seat, rnd), private=True))
    raise AssertionError("condition never held")
