"""§13 the table picture: drawn from the public view, 1280 px wide, one row per player plus the
centre; the deck order is not in the view, so it cannot be in the picture."""
import random

from PIL import Image

import render
from core.games.ludi import GAME
from render import ludi

from .conftest import new


def advanced(n, seed, steps):
    rnd = random.Random(seed)
    state = new(n, f"r{seed}", favour=True, champion=True, events=True)
    for _ in range(steps):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat = next(iter(prompts))
        state, _ = GAME.apply(state, seat, GAME.sample(state, seat, rnd))
    return state


def test_picture_size_and_rows():
    """§13: one row per player and a centre row, 1280 px wide whatever the player count."""
    heights = []
    for n in (2, 5):
        img = render.draw("ludi", GAME.view(advanced(n, n, 80), None))
        assert isinstance(img, Image.Image) and img.width == 1280
        heights.append(img.height)
    assert heights[1] > heights[0]


def test_picture_encodes_small():
    """§13: the PNG stays small (a flat 128-colour picture)."""
    data = render.encode(render.draw("ludi", GAME.view(advanced(4, 1, 120), None)))
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 200_000


def test_picture_changes_with_the_table():
    """§13: tapped gladiators are turned, so tapping one changes the picture."""
    state = new(3, "tap")
    a = render.draw("ludi", GAME.view(state, None)).tobytes()
    seat = state["active"]
    g = state["p"][seat]["gl"][0]
    state["gl"][g]["tapped"] = True
    b = render.draw("ludi", GAME.view(state, None)).tobytes()
    assert a != b


def test_table_words_follow_the_channels_language():
    """Issue 15: the table's words (not the cards' names) in the channel's language, from
    render's catalogue (the Spanish seed's monedas, puntos, subasta)."""
    view = GAME.view(advanced(3, 3, 80), None)
    english, spanish, russian = (ludi.words(view, lang) for lang in (None, "es", "ru"))
    assert "Centre" in english and any(w.endswith(" points") or w.endswith(" point") for w in english)
    assert "Centro" in spanish and any(w.endswith(" monedas") or w.endswith(" moneda") for w in spanish)
    assert "Центр" in russian and not {"Centre"} & set(spanish + russian)
    assert render.draw("ludi", view, lang="es").tobytes() != render.draw("ludi", view).tobytes()


def test_11_1_nothing_private_so_the_private_picture_is_the_public_one():
    """§11.1: everything is public but the decks' order (in no view), so a seat's own view is
    the public view and his private picture is the public picture, byte for byte."""
    state = advanced(3, 7, 60)
    public = GAME.view(state, None)
    for seat in state["seats"]:
        assert GAME.view(state, seat) == public
        assert render.draw("ludi", GAME.view(state, seat), seat).tobytes() == render.draw("ludi", public).tobytes()


def test_13_a_full_school_stays_on_the_table():
    """§13: however many gladiators (tapped cards are wider) and buildings a player holds, every
    card is drawn inside the picture: past the room, each overlaps the one before."""
    class Spots:   # records where each card goes
        def __init__(self):
            self.at = []

        def paste(self, sprite, xy):
            self.at.append((xy[0], xy[0] + sprite.width))

    names = list(ludi.G)[:8]
    cards = [ludi.gladiator_card(g, True, False, False, False) for g in names]
    spots = Spots()
    ludi.row(spots, cards, 786, ludi.W - 8, 0)
    assert spots.at[0][0] == 786 and all(right <= ludi.W - 8 for _, right in spots.at)
    assert [left for left, _ in spots.at] == sorted(left for left, _ in spots.at)   # in order, left to right
    few = Spots()
    ludi.row(few, cards[:2], 786, ludi.W - 8, 0)
    assert few.at[1][0] == few.at[0][1] + ludi.GAP          # room enough: side by side, no overlap
