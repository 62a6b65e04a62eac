"""What the picture draws from keys the rules may add (siege points, the last activation,
the last battle), and that a player's private picture adds to the public one exactly his
hand."""
from core.games.successors import GAME
from core.games.successors.board import BOARD
from render import successors as R
from render.successors.panels import panel_blocks
from render.successors.sprites import symbol_radius

from .support import control_palette, expected_centre, nearest, play, png


def test_optional_keys_are_drawn_and_keep_the_spaces_visible():
    state = play(3, "extras", 120)
    view = GAME.view(state, None)
    view["act"] = None
    plain = png(R.draw(view))
    extra = dict(view)
    seat = view["seats"][0]
    extra["sieges"] = {"athenai": 2, "tyros": 1}
    extra["last_activation"] = {"seat": seat, "path": ["babylon", "anatha", "thapsakos", "karrhai"]}
    extra["last_battle"] = {"space": "sardeis", "text": "Antigonos beats Eumenes"}
    img = R.draw(extra)
    assert png(img) != plain
    rgb = img.convert("RGB")
    pal = control_palette(view["seats"])
    for sid in BOARD.spaces:
        assert nearest(rgb.getpixel(R.to_px(sid)), pal) == expected_centre(view, sid), sid
    # the siege chip sits just above the besieged city, in siege red
    x, y = R.to_px("athenai")
    above = [rgb.getpixel((x + dx, y - symbol_radius(R.frame(None), "MAJ") - 6)) for dx in range(-6, 7)]
    assert any(nearest(p, {"siege": (180, 20, 20), "other": (250, 250, 250)}) == "siege" for p in above)
    blocks = panel_blocks(extra)
    assert "battle" in blocks and "activation" in blocks
    assert "Babylon" in str(blocks["activation"]) and "Karrhai" in str(blocks["activation"])


def test_private_picture_adds_exactly_the_hand_block():
    """§11, §4.7: a seat's private picture is the public map pixel for pixel with one block
    under it, "Your hand": the seat's cards by number and name, the armed Surprise cards
    marked, and nothing of another seat's hand or standing orders."""
    state = play(3, "private", 200)
    seats = state["seats"]
    owner, others = seats[0], seats[1:]
    assert state["p"][owner]["hand"] and all(state["p"][s]["hand"] for s in others)
    state["p"][owner]["armed"] = state["p"][owner]["hand"][:1]
    for s in others:
        state["p"][s]["armed"] = state["p"][s]["hand"][:1]
    public_view = GAME.view(state, None)
    public = R.draw(public_view)
    public_words = R.words(public_view)
    for seat in seats:
        view = GAME.view(state, seat)
        img = R.draw(view, seat)
        # the map and its panel are the public picture's; the picture grows by the block
        assert img.width == public.width and img.height > public.height
        assert png(img.crop((0, 0, *public.size))) == png(public)
        said = R.words(view, seat=seat)
        assert said[:len(public_words)] == public_words
        extra = said[len(public_words):]
        hand = [f"#{n} {BOARD.cards[n]['name']}" for n in state["p"][seat]["hand"]]
        armed = state["p"][seat]["armed"][0]
        assert extra[0] == "Your hand" and f"{seat} {BOARD.colours[seat]}" in extra
        assert f"#{armed} {BOARD.cards[armed]['name']} · armed" in extra
        assert {w.removesuffix(" · armed") for w in extra if w.startswith("#")} == set(hand)
        theirs = {f"#{n} {BOARD.cards[n]['name']}" for s in seats if s != seat for n in state["p"][s]["hand"]}
        assert not theirs & {w.removesuffix(" · armed") for w in extra}
    # the public view draws no hand block, whatever seat the drawer is told
    assert png(R.draw(public_view, owner)) == png(public)
    assert R.words(public_view, seat=owner) == public_words


def test_the_hand_block_speaks_the_channels_language():
    """The block's words come from render's catalogue (es, ru); card names stay as the cards
    and /me name them."""
    state = play(3, "private", 200)
    seat = state["seats"][0]
    view = GAME.view(state, seat)
    spanish = R.words(view, lang="es", seat=seat)
    assert "Tu mano" in spanish and "(solo tú lo ves)" in spanish
    assert f"{len(state['p'][seat]['hand'])} cartas:" in spanish
    assert "Ваша рука" in R.words(view, lang="ru", seat=seat)


def test_a_view_without_summary_still_draws():
    """Older or partial views (no summary block) draw with what they have."""
    view = GAME.view(play(3, "bare", 50), None)
    view.pop("summary")
    assert R.draw(view).size == R.frame(None).size


def test_a_cart_that_left_the_game_says_so():
    """§9.6.7: a body never buried leaves the game with its Cart: the royal family box says so,
    not "at None"."""
    state = play(3, "extras", 10)
    view = GAME.view(state, None)
    view["body"] = {"st": "removed", "at": None, "by": None}
    rows = panel_blocks(view)["royals"]
    words = " ".join(seg[0] for row in rows for seg in row)
    assert "Cart left the game" in words and "None" not in words
