"""What the picture draws from keys the rules may add (siege points, the last activation,
the last battle), and that a player's private picture shows nothing more than the public
one."""
from core.games.successors import GAME
from core.games.successors.board import BOARD
from render import successors as R

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
    above = [rgb.getpixel((x + dx, y - R._symbol_radius(R.frame(None), "MAJ") - 6)) for dx in range(-6, 7)]
    assert any(nearest(p, {"siege": (180, 20, 20), "other": (250, 250, 250)}) == "siege" for p in above)
    blocks = R._panel_blocks(extra)
    assert "battle" in blocks and "activation" in blocks
    assert "Babylon" in str(blocks["activation"]) and "Karrhai" in str(blocks["activation"])


def test_private_picture_equals_the_public_one():
    """The drawer reads only what every view has in common; a seat's own view (its hand
    as a list) draws the same bytes as the public view."""
    state = play(3, "private", 200)
    public = png(R.draw(GAME.view(state, None)))
    for seat in state["seats"]:
        assert png(R.draw(GAME.view(state, seat), seat)) == public


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
    rows = R._panel_blocks(view)["royals"]
    words = " ".join(seg[0] for row in rows for seg in row)
    assert "Cart left the game" in words and "None" not in words
