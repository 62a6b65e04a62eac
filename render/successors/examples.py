"""The example pictures (`examples/successors-*.png`) and the benchmark's views: a 3-player
start and a seeded self-played mid-game, public and one seat's private picture."""
from __future__ import annotations

import random
from pathlib import Path

from core.games.successors import GAME
from render.successors.picture import draw


def sample_views():
    """Views for the examples and the benchmark: a 3-player start and a self-played
    mid-game position (seeded, so always the same)."""
    return tuple(GAME.view(state, None) for state in sample_states())


def sample_states():
    """The states of `sample_views` (the examples draw a private picture from the second)."""
    # rules 5's 3-player packages: the seeded game (and so the pictures the docs and tests show)
    # stays the same whatever a later rules version deals
    state = GAME.setup(["a", "b", "c"], {"rules": 5}, "examples")
    start = state
    rnd = random.Random(1)
    mid = None
    for i in range(400):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        s = sorted(prompts)[0]
        state, _ = GAME.apply(state, s, GAME.parse(GAME.sample(state, s, rnd), private=True))
        if i >= 250 and state.get("act") and len(state["act"].get("path", [])) > 2:
            mid = state
            break
    return start, mid or state


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "examples")
    out.mkdir(parents=True, exist_ok=True)
    start, mid = sample_views()
    jobs = [("successors-start.png", start, None), ("successors-mid.png", mid, None),
            ("successors-mid-greece.png", mid, "greece"), ("successors-mid-asia-minor.png", mid, "asia-minor")]
    for name, view, region in jobs:
        draw(view, None, region=region).save(out / name, "PNG", compress_level=6)
        print(out / name)
    state = sample_states()[1]
    seat = state["seats"][0]            # a private picture: the map and the seat's hand block
    name = f"successors-mid-private-{seat}.png"
    draw(GAME.view(state, seat), seat).save(out / name, "PNG", compress_level=6)
    print(out / name)
    return 0

