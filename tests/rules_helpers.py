"""Helpers the rules tests of every game share: what the events said, who must act."""


def texts(events) -> str:
    """Every text the events carry, in order, as one line."""
    return " | ".join(e.text for e in events if e.text)


def single_seat(game, state) -> str:
    """The one seat that must act now (the test fails when several or none must)."""
    prompts = game.prompts(state)
    assert len(prompts) == 1, prompts
    return next(iter(prompts))
