"""The Successors picture lays its labels out without collisions and ties every counter to
its space (issue 16, point 7): on the start position and on self-played positions of 2 to
5 players, whole map and region crops, no two drawn rectangles (space symbol, space name,
province name with its VP badge, force counter, panel block) overlap, none is cut by the
picture's edge, and every counter lies within `R.MAX_REACH` UI pixels of its space."""
import itertools
import math

import pytest

from core.games.successors import GAME
from core.games.successors.board import BOARD
from render import successors as R
from render.successors.panels import _seg, panel_layout
from render.successors.pieces import activation_path
from render.successors.sprites import symbol_radius

from .support import play


def collisions(view, region=None):
    """(overlapping pairs, rectangles cut by the edge, counters too far) of one picture."""
    f = R.frame(region)
    w, h = f.size
    rects = [(k, key, r) for k, key, r in R.layout(view, region)
             if r[2] > 0 and r[0] < w and r[3] > f.top and r[1] < h]      # drawn on this picture
    overlaps = []
    for (k1, a, r1), (k2, b, r2) in itertools.combinations(rects, 2):
        if k1 == k2 == "symbol":
            continue        # two spaces of the board close together are the board's, not the layout's
        if r1[0] < r2[2] and r2[0] < r1[2] and r1[1] < r2[3] and r2[1] < r1[3]:
            overlaps.append((k1, a, k2, b))
    cut = [(k, key) for k, key, r in rects if k != "symbol"
           and (r[0] < 0 or r[1] < f.top or r[2] > w or r[3] > h)]
    far = []
    for k, key, r in rects:
        if k != "counter":
            continue
        x, y = R.to_px(key, region)
        gap = math.hypot(max(r[0] - x, 0, x - r[2]), max(r[1] - y, 0, y - r[3]))
        if gap - symbol_radius(f, BOARD.spaces[key]["type"]) > f.k(R.MAX_REACH):
            far.append((key, round(gap)))
    return overlaps, cut, far


def assert_clean(view, regions):
    for region in regions:
        overlaps, cut, far = collisions(view, region)
        assert not overlaps, (region, overlaps)
        assert not cut, (region, cut)
        assert not far, (region, far)


def test_layout_lists_every_kind():
    _, mid = R.sample_views()
    kinds = {k for k, _, _ in R.layout(mid)}
    assert kinds == {"symbol", "name", "province", "counter", "panel"}
    # every space has its name, every province its label, on the whole map
    names = {key for k, key, _ in R.layout(mid) if k == "name"}
    provinces = {key for k, key, _ in R.layout(mid) if k == "province"}
    assert names == set(BOARD.spaces) and provinces == set(BOARD.provinces)


def test_example_positions_have_no_collisions():
    """The start and the example mid-game position, on the whole map and every crop."""
    for view in R.sample_views():
        assert_clean(view, [None, *R.REGIONS])


def test_full_names_where_the_issue_saw_codes():
    """The Greece crop shows THESSALY, EPIRUS and the Hellespont by name, not THS/EPI/HEL."""
    start, _ = R.sample_views()
    b = R.base("greece")
    placed = {key for k, key, _ in b.layout if k == "province"}
    assert {"THS", "EPI", "HEL", "THR", "MAC", "GRE"} <= placed
    # a code is the last resort: the crop's labels are all wider than a 3-letter code
    f = R.frame("greece")
    code_w = R.text_sprite("THS", f.k(11), (0, 0, 0), True).width
    vp_w = R.text_sprite("2 VP", f.k(11), (0, 0, 0), True).width
    for k, key, r in b.layout:
        if k == "province" and key in ("THS", "EPI", "HEL"):
            assert r[2] - r[0] > code_w + vp_w + f.k(3) * 3 + 10, key


@pytest.mark.parametrize("n_players,seed,actions", [(2, "lay-2", 120), (3, "lay-3", 260),
                                                    (4, "lay-4", 200), (5, "lay-5", 320)])
def test_self_played_positions_have_no_collisions(n_players, seed, actions):
    """Self-played positions of 2 to 5 players: whole map and the crops of the west, where
    the board is densest."""
    view = GAME.view(play(n_players, seed, actions), None)
    assert any(k == "counter" for k, _, _ in R.layout(view))
    assert_clean(view, [None, "greece", "asia-minor", "levant"])


def test_counters_are_drawn_where_the_layout_says():
    """`layout` is what `draw` draws: at the inner edge of each counter's rectangle the
    picture shows the counter's own fill (its owner's colour)."""
    _, mid = R.sample_views()
    img = R.draw(mid, mode="RGB")
    f = R.frame(None)
    placed = R.place_counters(mid, f, R.base(None), activation_path(mid)[1], panel_layout(mid, f))
    listed = {(key, r) for k, key, r in R.layout(mid) if k == "counter"}
    assert {(sp, r) for sp, _, r in placed} == listed
    for sp, spr, r in placed:
        at = (2, spr.height // 2)
        want = spr.getpixel(at)[:3]
        got = img.getpixel((round(r[0]) + at[0], round(r[1]) + at[1]))
        assert sum(abs(a - b) for a, b in zip(want, got)) < 40, (sp, want, got)


@pytest.mark.slow
@pytest.mark.parametrize("n_players,seed", [(2, "full-2"), (3, "full-3"), (4, "full-4"), (5, "full-5")])
def test_whole_games_have_no_collisions(n_players, seed):
    """Every sixth picture of a whole self-played game, whole map and the two densest
    crops (`pytest -m slow`; about 10 s a game)."""
    from .test_render_successors_selfplay import picture_moments
    n = 0
    for i, view in enumerate(picture_moments(n_players, seed, 7)):
        if i % 6 == 0:
            assert_clean(view, [None, "greece", "asia-minor"])
            n += 1
    assert n > 10


def test_whole_map_reads_on_a_phone():
    """Issue 16 point 7: drawn 1280 px wide, the whole map's words are at least 14 px
    (space names, counters, panel) and 13 px capitals (province names), and every province
    shows its full name, never its code (THS where THESSALY is meant)."""
    f = R.frame(None)
    assert f.size[0] == 1280
    assert f.k(11) >= 14 and f.k(10) >= 13
    assert R.block(((_seg("Key"),), (_seg("x"),)), None, f.u).height >= 2 * 14
    b = R.base(None)
    for code, province in BOARD.provinces.items():
        text = b.words[("province", code)]
        assert text.startswith(province["name"].upper()), (code, text)
    # the space names are whole but for at most two long ones
    assert sum(b.words[("name", s)] != BOARD.spaces[s]["name"] for s in BOARD.spaces) <= 2


def test_whole_map_label_boxes_never_overlap_nor_clip():
    """The label boxes of the whole map (space names, province labels, counters, siege
    chips, panel blocks), computed from the layout: no two overlap, none leaves the canvas."""
    _, mid = R.sample_views()
    view = dict(mid, sieges={"athenai": 2, "tyros": 1, "sardeis": 3})
    overlaps, cut, far = collisions(view, None)
    assert not overlaps and not cut and not far
    assert {k for k, _, _ in R.layout(view)} >= {"siege", "counter", "name", "province", "panel"}
