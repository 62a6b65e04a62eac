"""The Successors map picture (successors.md §1), drawn from a view only (never the state).

``draw(view, seat=None, region=None, width=None)`` returns a Pillow image:

- no region: the whole board, 1280 x 1116 by default (what Telegram shows without
  rescaling; ``width`` scales it) with names at 14 px so that it reads on a phone showing
  it 1280 px wide, with the side panel as a strip of blocks along the
  open sea of the bottom edge (turn, phase, round, segment, order with First Player and
  Usurper; each player's VP, LP, status, cards in hand as a count, fleet strength, CUs;
  the royal family and the Cart; a key) and stacked in the empty north-east (off-map
  boxes: Dispersed, reserve, dead, the independents' holding boxes; the activation in
  progress; the last battle when the view has one);
- ``region`` (``greece``, ``asia-minor``, ``levant``, ``egypt``, ``mesopotamia``,
  ``persia``; case, spaces and underscores forgiven): a crop whose long side is 1280 px,
  under a one-line header, with the activation's block (the key to its marks) in the corner
  that hides the least. An unknown region raises `RulesError` naming the known ones;
- ``seat`` with that seat's private view (its hand a list): the same picture with a "Your
  hand" block under it (`hand_rows`), the one place private information is drawn.

On the map: sea, land (soft discs around the spaces, roads and province hulls, holes
filled, coast smoothed), provinces as the Voronoi cells of their spaces with borders, names
and VP; land roads, passes (red with chevrons), straits (blue-white), sea lanes (dotted)
and trans-Mediterranean lanes (dashed); every space by type (Major City square, Minor
City circle, Stronghold hexagon, Transit Point diamond; ports with a navy rim) filled
with its controller's colour (§1.2; Independent grey, no PC white); force counters
(generals, CUs by type with Royal CUs gold, carried royals and Cart), independent
armies, unattended royals and the Cart/Tomb, siege points; the activation in progress, else
the last one (or a Surrender roll): its path in the mover's colour, solid by land and dashed
by sea, a burst on its battles and a ring on its assaults, keyed in its panel block.

Geometry. Board positions (2400 x 1600 canvas, spaces.json) are first *warped*: a
piecewise-linear squeeze of the sparse east (x > 950) and south (y > 1010) so that the
crowded Aegean gets more pixels. Then each frame crops and scales. `to_px` is that
transform, shared by the drawer and the tests. Frames, the warp, the land hulls and the
panel layout live in ``regions.json`` beside this file.

Speed. Everything that depends only on the board (sea, land, provinces, borders, names,
VP, connections, empty symbols, label placement, an obstacle table for counters, and a
fixed 256-colour palette) is built once per frame and process (`base`, ~1-2 s). A render
copies that palette image, places the counters (`place_counters`) and pastes cached sprites
mapped to the palette once: ~5 ms, and the picture encodes as an 8-bit PNG (~10 ms, ~120 KB).

Layout. Nothing drawn as a label or box overlaps another: space names take the first free
place beside their symbol, province labels (name and VP badge; full name, else the short
one of the JSON, else the code) the free place nearest their province's middle, counters
the nearest free ring around their space, clear of the side panel, with a leader line that
labels stay on top of; `layout(view)` lists every rectangle (the tests check it). ``mode="RGB"`` returns an
RGB image instead (the benchmark's comparison).

The modules, each importing only those above it:

- `colours`: the palette of flat colours and each seat's colour;
- `geometry`: the warp, the frames, `to_px`, the Voronoi cells;
- `sprites`: symbols, text, chips, counters, legend samples;
- `pieces`: what a view's pieces put on the map (counters' rows, sieges, the activation's marks);
- `placement`: the obstacle grid and where counters and siege chips go;
- `panels`: the side panel's blocks and places, a crop's header, the private hand block;
- `basemap`: the frame's board-only picture, labels placed, and its palette;
- `picture`: one render (`draw`), and `layout` and `words` for the tests;
- `examples`: the sample views and ``python -m render.successors examples/``, which
  regenerates the example PNGs (``examples/successors-*.png``).

This package exports what the platform (``render.draw``: `draw`, `REGIONS`), the benchmark
and the tests use.
"""
from __future__ import annotations

from render.successors.basemap import Base, base
from render.successors.colours import FREE, INDEP, NAMED, TRANSIT, UNKNOWN, ink_on, seat_colour
from render.successors.examples import main, sample_states, sample_views
from render.successors.geometry import CONF, REGIONS, Frame, frame, region_key, to_px, voronoi
from render.successors.panels import PHASES, block, hand_rows, legend_rows, own_seat
from render.successors.picture import draw, layout, words
from render.successors.placement import MAX_REACH, place_counters, place_sieges
from render.successors.sprites import chip, counter, symbol, text_sprite

__all__ = ["Base", "base", "FREE", "INDEP", "NAMED", "TRANSIT", "UNKNOWN", "ink_on", "seat_colour", "main",
           "sample_states", "sample_views", "CONF", "REGIONS", "Frame", "frame", "region_key", "to_px", "voronoi",
           "PHASES", "block", "hand_rows", "legend_rows", "own_seat", "draw", "layout", "words", "MAX_REACH",
           "place_counters", "place_sieges", "chip", "counter", "symbol", "text_sprite"]
