"""The Successors map picture keeps its contract (issue 6): every space drawn where the
board says with its control colour, nothing hidden shown, same view → same bytes,
region crops of the expected size, unknown regions refused."""
import pytest

from core.errors import RulesError
from core.game import copy_state
from core.games.successors import GAME
from core.games.successors.board import BOARD
from render import successors as R
from render.successors.basemap import _base
from render.successors.geometry import _frame

from .support import control_palette, expected_centre, nearest, play, png, with_pcs


@pytest.fixture(scope="module")
def mid():
    return play(3, "render", 300)


def check_centres(view, region=None):
    img = R.draw(view, None, region=region).convert("RGB")
    pal = control_palette(view["seats"])
    w, h = img.size
    wrong = {}
    seen = 0
    for sid in BOARD.spaces:
        x, y = R.to_px(sid, region)
        if not (0 <= x < w and R.frame(region).top <= y < h):
            assert region is not None, f"{sid} lies outside the whole map at {(x, y)}"
            continue
        seen += 1
        got = nearest(img.getpixel((x, y)), pal)
        if got != expected_centre(view, sid):
            wrong[sid] = (got, expected_centre(view, sid))
    assert not wrong, wrong
    return seen


def test_default_size_and_mode(mid):
    img = R.draw(GAME.view(mid, None))
    assert img.size == R.frame(None).size == (1280, 1116)
    assert img.mode in ("P", "RGB")


def test_every_space_shows_its_control_at_its_coordinates():
    """PCs cycle through the three players, Independent and none: the pixel at each
    space's centre (through `to_px`, the drawer's own transform) has that colour."""
    base = play(3, "render", 0)
    for shift in range(5):
        owners = [*base["seats"], "IND", None]
        owners = owners[shift:] + owners[:shift]
        view = GAME.view(with_pcs(base, owners), None)
        assert check_centres(view) == len(BOARD.spaces)


def test_counters_never_hide_a_space(mid):
    """In a crowded mid-game position the counters, chips and lines leave every space's
    centre visible with its control colour, on the whole map and in every region."""
    view = GAME.view(mid, None)
    check_centres(view)
    seen = sum(check_centres(view, r) for r in R.REGIONS)
    assert seen >= len(BOARD.spaces)


def test_coordinates_follow_the_board():
    """`to_px` keeps the board's order: west stays west, north stays north."""
    sp = BOARD.spaces
    for a in sp:
        for b in sp:
            if sp[a]["x"] < sp[b]["x"]:
                assert R.to_px(a)[0] <= R.to_px(b)[0]
            if sp[a]["y"] < sp[b]["y"]:
                assert R.to_px(a)[1] <= R.to_px(b)[1]


def test_public_picture_hides_hands():
    """Two states differing only in which cards are in hand draw the same bytes."""
    # a self-played position where somebody holds cards (the test's teeth)
    mid = next(s for s in (play(3, "render", n) for n in range(300, 500, 20))
               if any(p["hand"] for p in s["p"].values()))
    other = copy_state(mid)
    pool = sorted(set(BOARD.cards) - {c for p in mid["p"].values() for c in p["hand"]})
    for p in other["p"].values():
        p["hand"] = [pool.pop() for _ in p["hand"]]
    assert [p["hand"] for p in other["p"].values()] != [p["hand"] for p in mid["p"].values()]
    a = png(R.draw(GAME.view(mid, None)))
    b = png(R.draw(GAME.view(other, None)))
    assert a == b
    for region in R.REGIONS:
        assert png(R.draw(GAME.view(mid, None), region=region)) == png(R.draw(GAME.view(other, None), region=region))


def test_deterministic_across_caches(mid):
    """The same view gives the same bytes, even after every cache is rebuilt."""
    view = GAME.view(mid, None)
    first = png(R.draw(view))
    assert png(R.draw(view)) == first
    for fn in (_base, _frame, R.voronoi, R.symbol, R.text_sprite, R.counter, R.chip, R.block):
        fn.cache_clear()
    assert png(R.draw(view)) == first


def test_region_sizes():
    """Every region is a crop whose long side is 1280 px, header included."""
    for name, spec in R.REGIONS.items():
        img = R.draw(GAME.view(play(3, "render", 0), None), region=name)
        assert img.size == R.frame(name).size
        assert max(img.size) == spec.get("long", 1280)
        assert img.size[1] > R.frame(name).top


def test_unknown_region_is_refused():
    with pytest.raises(RulesError) as err:
        R.draw(GAME.view(play(3, "render", 0), None), region="atlantis")
    for name in R.REGIONS:
        assert name in err.value.message
    assert "atlantis" in err.value.message


def test_region_names_are_forgiving():
    assert R.frame("Asia Minor") is R.frame("asia-minor")
    assert R.frame("asia_minor") is R.frame("asia-minor")


def test_through_the_platform(mid):
    """The platform finds the drawer and encodes its picture in every format."""
    import render
    assert render.has_picture("successors")
    view = GAME.view(mid, None)
    for fmt in render.FORMATS:
        data = render.encode(render.draw("successors", view, None, region="greece"), fmt)
        assert 1000 < len(data) < 2 * 1024 * 1024
