"""A whole self-played Successors game draws at every step the bot would post a picture
(each activation, each phase change) without error, for 2 to 5 players."""
import random

import pytest

from core.games.successors import GAME
from core.games.successors.board import BOARD
from render import successors as R

from .support import control_palette, expected_centre, nearest


def picture_moments(n_players: int, seed: str, rseed: int):
    """Yield the public view at every activation step and phase change of a full game."""
    state = GAME.setup([f"p{i}" for i in range(n_players)], {}, seed)
    rnd = random.Random(rseed)
    yield GAME.view(state, None)
    last = (state["turn"], state["phase"], state["round"], state["segment"])
    while True:
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat = sorted(prompts)[0]
        line = GAME.sample(state, seat, rnd)
        state, events = GAME.apply(state, seat, GAME.parse(line, True))
        now = (state["turn"], state["phase"], state["round"], state["segment"])
        if now != last or state.get("act") or line.split()[0] in ("move", "activate", "stop") \
                or any(e.kind == "image" for e in events):
            yield GAME.view(state, None)
        last = now
    yield GAME.view(state, None)


@pytest.mark.parametrize("n_players,seed", [(3, "full-3"), (5, "full-5"), (2, "full-2")])
def test_full_game_draws_at_every_moment(n_players, seed):
    n = 0
    size = R.frame(None).size
    for i, view in enumerate(picture_moments(n_players, seed, 7)):
        img = R.draw(view)
        assert img.size == size
        n += 1
        if i % 97 == 0:                 # a sample of the moments also in a region crop
            region = list(R.REGIONS)[i // 97 % len(R.REGIONS)]
            assert R.draw(view, region=region).size == R.frame(region).size
    assert n > 50
    assert view.get("result"), "the self-played game should have finished"
    # the last picture still shows every space's control at its centre
    img = R.draw(view).convert("RGB")
    pal = control_palette(view["seats"])
    for sid in BOARD.spaces:
        assert nearest(img.getpixel(R.to_px(sid)), pal) == expected_centre(view, sid), sid
