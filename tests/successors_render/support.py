"""Helpers for the Successors picture tests: seeded positions and colour checks."""
from __future__ import annotations

import io
import random

from core.game import copy_state
from core.games.successors import GAME
from core.games.successors.board import BOARD
from render import successors as R


def play(n_players: int = 3, seed: str = "render", actions: int = 300, rseed: int = 1):
    """A seeded self-played state after `actions` random legal actions."""
    state = GAME.setup([f"p{i}" for i in range(n_players)], {}, seed)
    rnd = random.Random(rseed)
    for _ in range(actions):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat = sorted(prompts)[0]
        state, _ = GAME.apply(state, seat, GAME.parse(GAME.sample(state, seat, rnd), private=True))
    return state


def png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def nearest(rgb, palette: dict) -> str:
    """The name of the palette colour closest to `rgb`."""
    return min(palette, key=lambda k: sum((a - b) ** 2 for a, b in zip(rgb, palette[k])))


def control_palette(seats) -> dict:
    """Every colour a space centre may show: players, Independent, no PC, Transit Point."""
    pal = {s: R.seat_colour(s) for s in seats}
    pal.update({"IND": R.INDEP, None: R.FREE, "TRN": R.TRANSIT})
    return pal


def expected_centre(view: dict, space: str):
    if BOARD.spaces[space]["type"] == "TRN":
        return "TRN"
    return view["pcs"].get(space)


def with_pcs(state: dict, owners) -> dict:
    """A copy of `state` whose PCs cycle through `owners` over the board's spaces."""
    state = copy_state(state)
    owners = list(owners)
    state["pcs"] = {}
    for i, sid in enumerate(BOARD.spaces):
        o = owners[i % len(owners)]
        if o is not None and BOARD.spaces[sid]["type"] != "TRN":
            state["pcs"][sid] = o
    return state
