"""Issue 26, pictures that show what changed: the Successors map marks the activation in
progress, else the last one that moved (§4.5, §5): its path (solid by land, dashed by sea,
§5.6), a burst on its battle (§6) and a ring on its assault (§7.2), with a legend in its
panel block; the marks go when the next activation begins. All read from keys the public
view has always had (so saved games replay unchanged), which hold nothing the narration has
not said."""
from __future__ import annotations

import math
import random

import pytest

from bot.service.pictures import picture_key
from core.game import copy_state
from core.games.successors import GAME
from core.games.successors.board import BOARD
from render import successors as R
from render.successors.colours import BATTLE, SIEGE
from render.successors.pieces import activation_marks

PLAYERS = {3: "marks", 4: "marks", 5: "marks"}


def moments(n_players: int, seed: str, limit: int = 1500):
    """Each state of a seeded random game, with the line that led to it."""
    state = GAME.setup([f"p{i}" for i in range(n_players)], {}, seed)
    rnd = random.Random(1)
    for _ in range(limit):
        prompts = GAME.prompts(state)
        if not prompts:
            return
        seat = sorted(prompts)[0]
        line = GAME.sample(state, seat, rnd)
        state, _ = GAME.apply(state, seat, GAME.parse(line, private=True))
        yield state, line


def first(pred):
    """The first self-played state (3 to 5 players) where `pred(state)` holds, and the rest
    of its game."""
    for n, seed in PLAYERS.items():
        game = moments(n, seed)
        for state, _ in game:
            if pred(state):
                return state, game
    pytest.fail("no self-played game reached the position")


def marks(state):
    """The marks of a state (its public keys are the view's)."""
    return activation_marks(state)


def count(img, colour, box) -> int:
    """Pixels of exactly `colour` inside `box` (the palette keeps flat colours exact)."""
    return dict((c, n) for n, c in img.convert("RGB").crop(box).getcolors(1 << 16)).get(colour, 0)


def around(space: str, r: int = 40) -> tuple:
    x, y = R.to_px(space)
    return (round(x - r), round(y - r), round(x + r), round(y + r))


def along(img, a: str, b: str) -> list:
    """The colours on the straight line between two spaces, away from their symbols."""
    (x0, y0), (x1, y1) = R.to_px(a), R.to_px(b)
    n = int(math.dist((x0, y0), (x1, y1)))
    rgb = img.convert("RGB")
    return [rgb.getpixel((round(x0 + (x1 - x0) * t / n), round(y0 + (y1 - y0) * t / n)))
            for t in range(n) if 18 < t < n - 18]


def long_first_step(state) -> bool:
    """The activation's first step is long enough for its line to show beyond the two spaces'
    symbols (`along` leaves 18 px at each end), so its colour and dashes can be counted."""
    path = (state.get("act") or {}).get("path") or []
    return len(path) >= 2 and math.dist(R.to_px(path[0]), R.to_px(path[1])) > 100


def unmarked(view: dict) -> dict:
    return {**view, "act": None, "last_activation": None}


def test_a_march_draws_its_path_in_the_movers_colour_and_a_legend():
    """§5: after a move by land the path between the spaces is the mover's colour, and the
    activation's block names it with a sample of the mark."""
    state, _ = first(lambda s: s.get("act") and marks(s).steps and not marks(s).steps[0][2]
                     and long_first_step(s))
    view = GAME.view(state, None)
    a, b = view["act"]["path"][:2]
    colour = R.seat_colour(view["act"]["seat"], view)
    img, plain = R.draw(view), R.draw(unmarked(view))
    on_line = along(img, a, b)
    assert on_line.count(colour) > 0.4 * len(on_line) > 0
    assert along(plain, a, b).count(colour) < on_line.count(colour)
    said = R.words(view)
    assert "Activation" in said and "march" in said


def test_a_move_by_sea_is_dashed():
    """§5.6: a step by a sea lane is drawn dashed (the mover's colour with gaps), a step by
    land solid; the legend says "by sea"."""
    state, _ = first(lambda s: s.get("act") and marks(s).steps and marks(s).steps[0][2] and long_first_step(s))
    view = GAME.view(state, None)
    a, b = view["act"]["path"][:2]
    colour = R.seat_colour(view["act"]["seat"], view)
    on_line = along(R.draw(view), a, b)
    dashes = sum(1 for c, d in zip(on_line, on_line[1:]) if c != colour and d == colour)
    assert dashes >= 3 and on_line.count(colour) < 0.8 * len(on_line)     # dashes and gaps
    assert "by sea" in R.words(view)


def test_a_battle_is_marked_on_its_space_and_goes_with_the_next_activation():
    """§6: the last activation's battle gets a burst on its space (the space's symbol still
    shows its controller); the next activation to begin takes the marks away (§4.5), and
    its own path is drawn instead."""
    state, game = first(lambda s: not s.get("act") and marks(s).battles)
    view = GAME.view(state, None)
    space = activation_marks(view).battles[-1]
    img = R.draw(view)
    assert count(img, BATTLE, around(space)) > 60
    assert count(R.draw(unmarked(view)), BATTLE, around(space)) == 0
    x, y = R.to_px(space)
    assert img.convert("RGB").getpixel((round(x), round(y))) == R.seat_colour(view["pcs"].get(space), view)
    assert f"battle at {BOARD.spaces[space]['name']}" in R.words(view)
    for state, line in game:                                # on to the next activation
        if state.get("act"):
            break
    view = GAME.view(state, None)
    assert not activation_marks(view).done and space not in activation_marks(view).battles
    assert count(R.draw(view), BATTLE, around(space)) == 0
    for state, _ in game:                                   # and on until it moves
        if (state.get("act") or {}).get("path", [None])[1:]:
            break
    view = GAME.view(state, None)
    a, b = view["act"]["path"][:2]
    if a != b:
        colour = R.seat_colour(view["act"]["seat"], view)
        assert along(R.draw(view), a, b).count(colour) > 0


def test_an_assault_is_marked_with_a_ring():
    """§7.2: an assault during the activation puts a siege-red ring round the city, and the
    legend names it."""
    state, _ = first(lambda s: marks(s).assaults)
    view = GAME.view(state, None)
    space = activation_marks(view).assaults[-1]
    plain = unmarked(view)
    assert count(R.draw(view), SIEGE, around(space)) > count(R.draw(plain), SIEGE, around(space)) + 40
    assert f"assault on {BOARD.spaces[space]['name']}" in R.words(view)


def test_marks_show_nothing_hidden_and_change_the_picture_key():
    """§11, §4.7: the marks come from what the narration said: the picture of a marked
    position does not change with the hands, the deck's order or the armed Surprise cards;
    and the cache key (bot/service/pictures.py) names the marks, so a new mark is a new picture."""
    state, _ = first(lambda s: not s.get("act") and marks(s).battles)
    view = GAME.view(state, None)
    other = copy_state(state)
    seats = other["seats"]
    cards = [c for s in seats for c in other["p"][s]["hand"]]
    random.Random(5).shuffle(cards)
    for s in seats:                                          # other cards in every hand, the counts kept
        n = len(other["p"][s]["hand"])
        other["p"][s]["hand"], cards = cards[:n], cards[n:]
        other["p"][s]["armed"] = other["p"][s]["hand"][:1]
    other["deck"] = other["deck"][::-1]
    assert R.draw(GAME.view(other, None)).tobytes() == R.draw(view).tobytes()
    keys = {picture_key("successors", v, None, None, "png", "en") for v in (view, unmarked(view))}
    assert len(keys) == 2


def test_a_region_crop_keys_its_marks_in_a_corner_clear_of_them():
    """A crop has no side panel: the activation's block, with its legend, goes in a corner
    of the crop that covers none of the marked spaces, and no counter sits under it."""
    state, _ = first(lambda s: not s.get("act") and marks(s).battles)
    view = GAME.view(state, None)
    space = activation_marks(view).battles[-1]
    region = next(r for r in R.REGIONS if 0 <= R.to_px(space, r)[0] <= R.frame(r).size[0]
                  and R.frame(r).top <= R.to_px(space, r)[1] <= R.frame(r).size[1])
    said = R.words(view, region=region)
    assert "Last activation" in said and f"battle at {BOARD.spaces[space]['name']}" in said
    rects = R.layout(view, region)
    (box,) = [r for kind, key, r in rects if kind == "panel" and key == "activation"]
    for sp in {*activation_marks(view).path, space}:
        x, y = R.to_px(sp, region)
        assert not (box[0] <= x <= box[2] and box[1] <= y <= box[3]), sp
    for kind, key, r in rects:
        if kind == "counter":
            assert r[2] <= box[0] or r[0] >= box[2] or r[3] <= box[1] or r[1] >= box[3], key
