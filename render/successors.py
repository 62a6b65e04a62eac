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
  under a one-line header. An unknown region raises `RulesError` naming the known ones;
- ``seat`` with that seat's private view (its hand a list): the same picture with a "Your
  hand" block under it (`hand_rows`), the one place private information is drawn.

On the map: sea, land (soft discs around the spaces, roads and province hulls, holes
filled, coast smoothed), provinces as the Voronoi cells of their spaces with borders, names
and VP; land roads, passes (red with chevrons), straits (blue-white), sea lanes (dotted)
and trans-Mediterranean lanes (dashed); every space by type (Major City square, Minor
City circle, Stronghold hexagon, Transit Point diamond; ports with a navy rim) filled
with its controller's colour (§1.2; Independent grey, no PC white); force counters
(generals, CUs by type with Royal CUs gold, carried royals and Cart), independent
armies, unattended royals and the Cart/Tomb, siege points, the activation path.

Geometry. Board positions (2400 x 1600 canvas, spaces.json) are first *warped*: a
piecewise-linear squeeze of the sparse east (x > 950) and south (y > 1010) so that the
crowded Aegean gets more pixels. Then each frame crops and scales. `to_px` is that
transform, shared by the drawer and the tests. Frames, the warp, the land hulls and the
panel layout live in ``successors_regions.json``.

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

Run ``python -m render.successors examples/`` to regenerate the example PNGs
(``examples/successors-*.png``).
"""
from __future__ import annotations

import json
import math
import random
import sys
import textwrap
from array import array
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from core.errors import RulesError
from core.games.successors import GAME
from core.games.successors.board import BOARD
from core.games.successors.setup import colour_of
from render.fonts import font
from render.i18n import language, translator

CONF = json.loads((Path(__file__).with_name("successors_regions.json")).read_text(encoding="utf-8"))
REGIONS: dict[str, dict] = CONF["regions"]

# colours -------------------------------------------------------------------------------------
SEA = (163, 196, 220)
COAST = (96, 134, 166)
LANE = (40, 84, 150)
BORDER = (120, 96, 70)
ROAD = (110, 82, 58)
PASS = (150, 50, 40)
STRAIT = (30, 120, 160)
INK = (25, 25, 25)
WHITE = (255, 255, 255)
HALO = (255, 255, 255)
GOLD = (232, 184, 40)
PANEL_BG = (250, 247, 238)
PANEL_LINE = (150, 140, 120)
REGION_LAND = {
    "Europe": (222, 216, 186), "Asia Minor": (230, 212, 176), "Levant": (224, 222, 178),
    "Africa": (238, 224, 172), "Mesopotamia": (214, 222, 178), "Upper Satrapies": (228, 206, 182),
}
NAMED = {"Purple": (128, 62, 176), "Blue": (36, 96, 214), "Yellow": (240, 200, 20),
         "Red": (206, 40, 40), "Green": (34, 146, 64)}
INDEP = (120, 120, 120)          # Independent PC, independent armies
FREE = (252, 252, 252)           # a city with no PC
UNKNOWN = (90, 90, 90)           # a seat with no colour yet (§12.6 before its pick)
TRANSIT = (70, 70, 70)           # Transit Points never hold a PC (§1.9)
CU_LETTER = {"merc": "M", "mac": "L", "royal": "R", "silver": "S", "eleph": "E", "indep": "I"}
CU_ORDER = ("royal", "silver", "mac", "merc", "eleph", "indep")
ROYAL_TAG = {"alexander_iv": "A4", "philip_iii": "P3", "herakles": "He",
             "olympias": "Ol", "kleopatra": "Kl", "thessalonike": "Th"}


def seat_colour(seat: str | None, view: dict | None = None) -> tuple[int, int, int]:
    """The fill of a control marker: a player's colour (§1.2: his package's, the drafted one
    with §12.6, read from the view), Independent grey, or none."""
    if seat is None:
        return FREE
    if seat in ("IND", "independent"):
        return INDEP
    if seat not in BOARD.colours:
        return UNKNOWN
    return NAMED.get(colour_of(view or {}, seat) or "", UNKNOWN)


def ink_on(colour: tuple) -> tuple:
    r, g, b = colour[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


# geometry -------------------------------------------------------------------------------------
def _pw(v: float, knots: list) -> float:
    for (a0, b0), (a1, b1) in zip(knots, knots[1:]):
        if v <= a1:
            return b0 + (v - a0) * (b1 - b0) / (a1 - a0)
    (a0, b0), (a1, b1) = knots[-2], knots[-1]
    return b0 + (v - a0) * (b1 - b0) / (a1 - a0)


def warp(x: float, y: float) -> tuple[float, float]:
    """Board coordinates → map coordinates (the sparse east and south squeezed)."""
    return _pw(x, CONF["warp"]["x"]), _pw(y, CONF["warp"]["y"])


class Frame:
    """One picture's geometry: a board box scaled to `width` pixels under a `top` strip."""

    def __init__(self, name: str, box: list, width: int, top: int = 0, height: int | None = None,
                 u: float | None = None):
        self.name = name
        self.box = box
        self.x0, self.y0 = warp(box[0], box[1])
        x1, y1 = warp(box[2], box[3])
        self.s = width / (x1 - self.x0)
        self.top = top
        self.size = (width, height or top + round((y1 - self.y0) * self.s))
        # UI scale: fonts and counters grow a little in the zoomed crops
        self.u = u or min(1.6, max(1.0, 1.0 + 0.45 * (self.s - 0.72)))

    def px(self, x: float, y: float) -> tuple[float, float]:
        wx, wy = warp(x, y)
        return (wx - self.x0) * self.s, self.top + (wy - self.y0) * self.s

    def ipx(self, x: float, y: float) -> tuple[int, int]:
        fx, fy = self.px(x, y)
        return round(fx), round(fy)

    def k(self, v: float) -> int:
        """A size in UI pixels scaled for this frame."""
        return max(1, round(v * self.u))


def _header_height(u: float) -> int:
    """Two rows of a panel block (`block`) at UI scale u: the region crops' header."""
    return 2 * max(4, round(6 * u)) + 2 * (max(10, round(12 * u)) + max(4, round(5 * u)))


def region_key(region: str | None) -> str | None:
    """The region's name as in the JSON (`Asia Minor`, `asia_minor` → `asia-minor`); an
    unknown region is refused with a sentence naming the known ones."""
    if region is None or not str(region).strip():
        return None
    key = str(region).strip().lower().replace("_", "-").replace(" ", "-")
    if key not in REGIONS:
        raise RulesError(f"There is no map region {region!r}. Known regions: {', '.join(REGIONS)}; "
                         "without a region the whole map is drawn.", code="NO_REGION")
    return key


def frame(region: str | None = None, width: int | None = None) -> Frame:
    """The geometry of the whole map (`width` px wide, default from the JSON) or of a
    region crop (`width` ignored)."""
    key = region_key(region)
    return _frame(key, None if key else (int(width) if width else None))


@lru_cache(maxsize=None)
def _frame(key: str | None, width: int | None) -> Frame:
    if key is None:
        m = CONF["map"]
        width = int(width or m["width"])
        ratio = width / m["width"]
        # labels and counters at the JSON's UI scale (`u`: 1.3 → 14 px names at 1280 px, which
        # read on a phone showing the picture 1280 px wide), scaled with the width
        return Frame("map", m["box"], width, height=round(m["height"] * ratio), u=ratio * m.get("u", 1.0))
    r = REGIONS[key]
    (x0, y0), (x1, y1) = warp(*r["box"][:2]), warp(*r["box"][2:])
    long = r.get("long", 1280)
    wx, wy = x1 - x0, y1 - y0
    top = _header_height(Frame(key, r["box"], round(wx * min(long / wx, long / wy))).u)
    # the long side of the picture, header strip included, is `long` (not a pixel more
    # when the width's rounding would make the height one too many)
    width = round(wx * min(long / wx, (long - top) / wy))
    height = top + round(wy * width / wx)
    return Frame(key, r["box"], width, top=top, height=min(height, max(long, width)))


def to_px(space: str, region: str | None = None, width: int | None = None) -> tuple[int, int]:
    """Pixel centre of a space's symbol in the picture of `region` (None: whole map)."""
    sp = BOARD.spaces[space]
    f = frame(region, width)
    return f.ipx(sp["x"], sp["y"])


# the base map ---------------------------------------------------------------------------------
def _clip(poly: list, a: tuple, b: tuple) -> list:
    """Sutherland–Hodgman: keep the part of `poly` closer to a than to b."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = b[0] - a[0], b[1] - a[1]
    def side(p):
        return (p[0] - mx) * nx + (p[1] - my) * ny
    out = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp <= 0) != (sq <= 0):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


@lru_cache(maxsize=1)
def voronoi() -> dict[str, list]:
    """Each space's Voronoi cell in map coordinates (the province areas are their unions)."""
    pts = {s: warp(d["x"], d["y"]) for s, d in BOARD.spaces.items()}
    big = [(-3000, -3000), (6000, -3000), (6000, 6000), (-3000, 6000)]
    cells = {}
    for s, p in pts.items():
        poly = big
        near = sorted(pts, key=lambda o: (pts[o][0] - p[0]) ** 2 + (pts[o][1] - p[1]) ** 2)
        for o in near[1:]:
            q = pts[o]
            # a neighbour farther than twice the cell's farthest vertex cannot clip it
            reach = max((v[0] - p[0]) ** 2 + (v[1] - p[1]) ** 2 for v in poly)
            if (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2 > 4 * reach:
                break
            poly = _clip(poly, p, q)
        cells[s] = poly
    return cells


def _hull(points: list) -> list:
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts
    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _province_shades() -> dict[str, tuple]:
    """Region colour, lightened or darkened so that neighbouring provinces differ."""
    nb: dict[str, set] = {c: set() for c in BOARD.provinces}
    for _, a, b in BOARD.edges:
        pa, pb = BOARD.spaces[a]["province"], BOARD.spaces[b]["province"]
        if pa != pb:
            nb[pa].add(pb)
            nb[pb].add(pa)
    shade: dict[str, int] = {}
    for c in BOARD.provinces:
        used = {shade[o] for o in nb[c] if o in shade}
        shade[c] = next(i for i in range(8) if i not in used)
    out = {}
    for c, p in BOARD.provinces.items():
        base = REGION_LAND[p["region"]]
        d = (0, -9, 8, -16, 14, 4, -4, 10)[shade[c]]
        out[c] = tuple(max(0, min(255, v + d)) for v in base)
    return out


def _fit(img: Image.Image, size: tuple) -> Image.Image:
    """`img` cropped or padded (with 255: open sea) to `size`."""
    if img.size == size:
        return img
    out = Image.new(img.mode, size, 255)
    out.paste(img, (0, 0))
    return out


def _dashed(d: ImageDraw.ImageDraw, a, b, fill, width, dash, gap):
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        d.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e)], fill=fill, width=width)
        t = e + gap


class Boxes:
    """Rectangles already used on the picture, in a coarse grid, for label placement."""

    CELL = 48

    def __init__(self, size):
        self.w, self.h = size
        self.grid: dict[tuple, list] = {}

    def add(self, r, weight: float = 1.0):
        for key in self._cells(r):
            self.grid.setdefault(key, []).append((r, weight))

    def _cells(self, r):
        c = self.CELL
        for gx in range(int(r[0]) // c, int(r[2]) // c + 1):
            for gy in range(int(r[1]) // c, int(r[3]) // c + 1):
                yield gx, gy

    def cost(self, r) -> float:
        seen = set()
        total = 0.0
        for key in self._cells(r):
            for o, wgt in self.grid.get(key, ()):
                if id(o) in seen:
                    continue
                seen.add(id(o))
                dx = min(r[2], o[2]) - max(r[0], o[0])
                dy = min(r[3], o[3]) - max(r[1], o[1])
                if dx > 0 and dy > 0:
                    total += dx * dy * wgt
        # outside the picture
        out = (max(0, -r[0]) + max(0, r[2] - self.w)) * (r[3] - r[1]) + \
              (max(0, -r[1]) + max(0, r[3] - self.h)) * (r[2] - r[0])
        return total + out * 50

    def hits(self, r) -> bool:
        """Whether `r` overlaps a rectangle already used (touching is no overlap)."""
        c = self.CELL
        for gx in range(int(r[0]) // c, int(r[2]) // c + 1):
            for gy in range(int(r[1]) // c, int(r[3]) // c + 1):
                for o, _ in self.grid.get((gx, gy), ()):
                    if o[0] < r[2] and o[2] > r[0] and o[1] < r[3] and o[3] > r[1]:
                        return True
        return False

    def weight(self, r) -> float:
        """The heaviest rectangle `r` overlaps (0: none)."""
        c, top = self.CELL, 0.0
        for gx in range(int(r[0]) // c, int(r[2]) // c + 1):
            for gy in range(int(r[1]) // c, int(r[3]) // c + 1):
                for o, wgt in self.grid.get((gx, gy), ()):
                    if wgt > top and o[0] < r[2] and o[2] > r[0] and o[1] < r[3] and o[3] > r[1]:
                        top = wgt
        return top

    def rects(self) -> list:
        seen, out = set(), []
        for items in self.grid.values():
            for o, wgt in items:
                if id(o) not in seen:
                    seen.add(id(o))
                    out.append((o, wgt))
        return out


class Occupancy:
    """The base map's obstacles as a summed-area table on a 4 px grid, built once per
    frame: the weighted area a rectangle covers in O(1) (see `_place`)."""

    CELL = 4

    def __init__(self, boxes: Boxes):
        c = self.CELL
        self.w, self.h = boxes.w, boxes.h
        gw, gh = self.w // c + 2, self.h // c + 2
        grid = [0.0] * (gw * gh)
        for r, wgt in boxes.rects():
            x0, y0 = max(0, int(r[0]) // c), max(0, int(r[1]) // c)
            x1, y1 = min(gw - 1, int(r[2]) // c), min(gh - 1, int(r[3]) // c)
            for gy in range(y0, y1 + 1):
                row = gy * gw
                for gx in range(x0, x1 + 1):
                    grid[row + gx] += wgt
        sat = [0.0] * ((gw + 1) * (gh + 1))
        for gy in range(gh):
            acc = 0.0
            base_new, base_old = (gy + 1) * (gw + 1), gy * (gw + 1)
            row = gy * gw
            for gx in range(gw):
                acc += grid[row + gx]
                sat[base_new + gx + 1] = sat[base_old + gx + 1] + acc
        self.gw, self.gh, self.sat = gw, gh, array("d", sat)      # 8 bytes a cell, not 32


def _symbol_radius(f: Frame, kind: str) -> int:
    return f.k({"MAJ": 9, "MIN": 7, "STR": 8, "TRN": 5}[kind])


@lru_cache(maxsize=512)
def symbol(kind: str, port: bool, fill: tuple, u: float) -> Image.Image:
    """A space's symbol (§1.9): Major City square, Minor City circle, Stronghold hexagon,
    Transit Point small diamond; a port has a navy double rim."""
    r = max(1, round({"MAJ": 9, "MIN": 7, "STR": 8, "TRN": 5}[kind] * u))
    pad = 3
    size = 2 * (r + pad) + 1
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = r + pad
    rim = LANE if port else INK
    wid = max(2, round(2 * u)) if port else max(1, round(1.4 * u))
    if kind == "MAJ":
        d.rectangle([c - r, c - r, c + r, c + r], fill=fill, outline=rim, width=wid)
    elif kind == "MIN":
        d.ellipse([c - r, c - r, c + r, c + r], fill=fill, outline=rim, width=wid)
    elif kind == "STR":
        pts = [(c + r * math.cos(math.radians(a)), c + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
        d.polygon(pts, fill=fill, outline=rim, width=wid)
    else:
        d.polygon([(c, c - r), (c + r, c), (c, c + r), (c - r, c)], fill=TRANSIT, outline=INK)
    if port and kind != "TRN":
        # a small anchor-like notch under the symbol: the port mark
        d.line([(c - r + 1, c + r + 2), (c + r - 1, c + r + 2)], fill=LANE, width=max(1, round(u)))
    return img


@lru_cache(maxsize=4096)
def text_sprite(text: str, size: int, fill: tuple = INK, bold: bool = False, halo: int = 0,
                halo_fill: tuple = HALO, condensed: bool = True) -> Image.Image:
    f = font(size, bold, condensed)
    left, t, r, b = f.getbbox(text, stroke_width=halo)
    img = Image.new("RGBA", (max(1, r - left), max(1, b - t)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((-left, -t), text, font=f, fill=fill, stroke_width=halo, stroke_fill=halo_fill)
    return img


def paste(img: Image.Image, sprite: Image.Image, xy) -> None:
    img.paste(sprite, (round(xy[0]), round(xy[1])), sprite)


def short_name(name: str) -> str:
    """A space name for crowded places: `Herakleia Lynkestis` → `Herakleia L.`,
    `Halikarnassos` → `Halikarn.`; names of 9 letters or fewer stay whole."""
    if len(name) <= 9:
        return name
    words = name.split()
    if len(words) > 1:
        return f"{words[0][:9]} {words[1][0]}."
    return name[:8] + "."


def _two_lines(text: str, size: int, fill: tuple) -> Image.Image:
    """A province name; long names break at their space or hyphen onto two lines."""
    if len(text) <= 12:
        return text_sprite(text, size, fill, True)
    cut = max(text.rfind(" ", 0, len(text) // 2 + 4), text.rfind("-", 0, len(text) // 2 + 4))
    if cut <= 0:
        return text_sprite(text, size, fill, True)
    a = text_sprite(text[:cut + (1 if text[cut] == "-" else 0)].strip(), size, fill, True)
    b = text_sprite(text[cut + 1:].strip(), size, fill, True)
    img = Image.new("RGBA", (max(a.width, b.width), a.height + b.height + 2), (0, 0, 0, 0))
    img.paste(a, (0, 0), a)
    img.paste(b, (0, a.height + 2), b)
    return img


class Base:
    """The parts of one frame that depend on the board only, built once per process."""

    def __init__(self, f: Frame, lang: str = "en"):
        self.f = f
        self.tr = translator(lang)          # province names and "VP" in the picture's language
        w, h = f.size
        self.top = f.top
        self.pos = {s: f.px(d["x"], d["y"]) for s, d in BOARD.spaces.items()}
        self.image = self._land()
        d = ImageDraw.Draw(self.image)
        self._connections(d)
        self.boxes = Boxes(f.size)
        # every rectangle the base draws a label or symbol in: ("symbol" | "name" |
        # "province", key, (x0, y0, x1, y1)); counters are placed clear of them (`layout`)
        self.layout: list[tuple] = []
        self.words: dict[tuple, str] = {}       # (kind, key) → the words its label shows
        if f.top:
            self.boxes.add((0, 0, w, f.top), 40.0)         # the header strip of a region crop
        for s, (x, y) in self.pos.items():
            r = _symbol_radius(f, BOARD.spaces[s]["type"]) + 2
            self.boxes.add((x - r, y - r, x + r, y + r), 40.0)
            self.layout.append(("symbol", s, (x - r, y - r, x + r, y + r)))
        if not f.top:           # the side panel's slots in the north-east: no label under them
            for slot in CONF["panels"]["slots"]:
                self.boxes.add((*f.ipx(*slot["box"][:2]), *f.ipx(*slot["box"][2:])), 40.0)
        for s, d_ in BOARD.spaces.items():
            sym = symbol(d_["type"], d_["port"], FREE, f.u)
            x, y = self.pos[s]
            paste(self.image, sym, (x - sym.width // 2, y - sym.height // 2))
        self._labels()
        self._province_labels()
        self.occupancy = Occupancy(self.boxes)
        self.palette = self._palette()
        self.image_p = self.image.quantize(palette=self.palette, dither=Image.Dither.NONE)
        del self.image, self.mask          # only the palette image is drawn on
        self._inks: dict[tuple, int] = {}
        self._sprites: dict[int, tuple] = {}
        self.placements: dict[tuple, tuple] = {}       # `_place`'s memo

    def ink(self, colour: tuple) -> int:
        """The palette index of the colour nearest to `colour`."""
        i = self._inks.get(colour)
        if i is None:
            pal = self.palette.getpalette()[:768]
            i = min(range(256), key=lambda k: sum((pal[3 * k + j] - colour[j]) ** 2 for j in range(3)))
            self._inks[colour] = i
        return i

    def to_palette(self, sprite: Image.Image) -> tuple:
        """A sprite in the frame's palette and its 1-bit mask, converted once per process."""
        hit = self._sprites.get(id(sprite))
        if hit is None or hit[0] is not sprite:
            if sprite.mode == "RGBA":
                rgb = Image.new("RGB", sprite.size, PANEL_BG)
                rgb.paste(sprite, (0, 0), sprite)
                mask = sprite.getchannel("A").point(lambda v: 255 if v >= 128 else 0)
            else:
                rgb, mask = sprite.convert("RGB"), None
            hit = (sprite, rgb.quantize(palette=self.palette, dither=Image.Dither.NONE), mask)
            if len(self._sprites) > 4096:
                self._sprites.clear()
            self._sprites[id(sprite)] = hit
        return hit[1], hit[2]

    def _palette(self) -> Image.Image:
        """The picture's 256 colours, fixed per frame: every flat colour of the drawer
        exactly, plus the anti-aliasing shades of the base map and of sample pieces (counters
        and chips in every colour, panel text). Quantizing a render to it costs ~1 ms and
        makes the PNG 3x smaller and 5x faster to encode than RGB."""
        u = self.f.u
        fills = [FREE, INDEP, *NAMED.values()]
        swatch = Image.new("RGB", (900, 200 + 40 * len(fills)), PANEL_BG)
        y = 0
        for c in fills:
            x = 0
            for kind in ("MAJ", "MIN", "STR", "TRN"):
                for port in (False, True):
                    sym = symbol(kind, port, c, u)
                    paste(swatch, sym, (x, y))
                    x += sym.width + 2
            rows = ((("Perdikkas · Eumenes A-II (in)", None),),
                    (("4R", GOLD), ("2S", (200, 205, 215)), ("3L 5M 1E 4I", None)),
                    (("A4", GOLD), ("Ol", (214, 214, 214)), ("Cart", (140, 90, 40)), ("Tomb", (60, 60, 60))))
            spr = counter(rows, c, u)
            paste(swatch, spr, (x, y))
            chip_ = chip("A Purple 1st Usurper", c, ink_on(c), max(10, round(12 * u)) - 1, 3)
            paste(swatch, chip_, (x + spr.width + 4, y))
            ImageDraw.Draw(swatch).line([(x + spr.width + 4, y + 30), (890, y + 30)], fill=c, width=4)
            y += max(40, spr.height + 4)
        legend = block(LEGEND_ROWS, None, u)
        swatch.paste(legend, (0, y))
        sp = chip("3SP", (180, 20, 20), WHITE, self.f.k(10), self.f.k(2))
        paste(swatch, sp, (legend.width + 4, y))
        txt = text_sprite("Successors · Turn III Strategy round 4 Champion Diadochos 0123456789", 13, INK, True)
        paste(swatch, txt, (legend.width + 4, y + 30))
        w, h = self.image.size
        both = Image.new("RGB", (max(w, swatch.width), h + swatch.height), PANEL_BG)
        both.paste(self.image, (0, 0))
        both.paste(swatch, (0, h))
        exact = [SEA, COAST, LANE, BORDER, ROAD, PASS, STRAIT, INK, WHITE, GOLD, PANEL_BG, PANEL_LINE,
                 INDEP, FREE, TRANSIT, (214, 214, 214), (200, 205, 215), (140, 90, 40), (60, 60, 60),
                 (180, 20, 20), (120, 92, 60), (92, 70, 50), *NAMED.values(), *_province_shades().values()]
        exact = list(dict.fromkeys(exact))
        octree = both.quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        shades = octree.getpalette()[:3 * (256 - len(exact))]
        flat = [v for c in exact for v in c] + shades
        pal = Image.new("P", (1, 1))
        pal.putpalette(flat + [0] * (768 - len(flat)))
        return pal

    # sea, land, provinces, borders, coast
    def _land(self) -> Image.Image:
        f = self.f
        w, h = f.size
        s = f.s
        top = self.top
        mask = Image.new("L", (w + 2, h + 2), 0)        # 1 px frame so flood reaches all edges
        md = ImageDraw.Draw(mask)
        def p1(sid):
            x, y = self.pos[sid]
            return x + 1, y + 1
        for sid, sp in BOARD.spaces.items():
            r = (26 if sp["port"] else 70) * s
            if sid in BOARD.islands:
                r = 24 * s
            x, y = p1(sid)
            md.ellipse([x - r, y - r, x + r, y + r], fill=255)
        for kind, a, b in BOARD.edges:
            if kind in ("land", "pass"):
                md.line([p1(a), p1(b)], fill=255, width=max(2, round(44 * s)))
        groups = [[sid for sid in BOARD.province_spaces(code) if sid not in BOARD.islands]
                  for code in BOARD.provinces] + CONF.get("land", [])
        for group in groups:
            hull = _hull([p1(sid) for sid in group])
            if len(hull) >= 3:
                md.polygon(hull, fill=255)
        md.rectangle([0, 0, w + 1, h + 1], outline=0)      # the frame: sea reaching an edge is open
        # fill the holes: sea not reached from the frame is land. Pillow's flood fill is
        # Python, so it runs on a 3x smaller copy (a block is sea unless all land, so narrow
        # straits stay open); the reached sea is scaled back and met with the drawn sea.
        k = 3
        small = mask.reduce(k).point(lambda v: 255 if v == 255 else 0)
        ImageDraw.Draw(small).rectangle([0, 0, small.width - 1, small.height - 1], outline=0)
        ImageDraw.floodfill(small, (0, 0), 128)
        open_sea = small.point(lambda v: 255 if v == 128 else 0).resize((small.width * k, small.height * k),
                                                                          Image.Resampling.NEAREST)
        open_sea = _fit(open_sea.crop((0, 0, min(w + 2, open_sea.width), min(h + 2, open_sea.height))),
                        (w + 2, h + 2))
        sea = ImageChops.multiply(ImageChops.invert(mask), open_sea)
        mask = ImageChops.invert(sea).crop((1, 1, w + 1, h + 1))
        mask = mask.filter(ImageFilter.GaussianBlur(max(2, 9 * s))).point(lambda v: 255 if v >= 118 else 0)
        if top:
            ImageDraw.Draw(mask).rectangle([0, 0, w, top], fill=0)
        # province areas: Voronoi cells of their spaces, in map coordinates → pixels
        prov = Image.new("RGB", (w, h), SEA)
        ids = Image.new("L", (w, h), 0)
        pd, idd = ImageDraw.Draw(prov), ImageDraw.Draw(ids)
        shades = _province_shades()
        codes = list(BOARD.provinces)
        for sid, cell in voronoi().items():
            pts = [((x - f.x0) * s, top + (y - f.y0) * s) for x, y in cell]
            code = BOARD.spaces[sid]["province"]
            pd.polygon(pts, fill=shades[code])
            idd.polygon(pts, fill=codes.index(code) + 1)
        # borders: where the province id changes from one pixel to the next
        right = ImageChops.offset(ids, 1, 0)
        down = ImageChops.offset(ids, 0, 1)
        edge = ImageChops.lighter(ImageChops.difference(ids, right), ImageChops.difference(ids, down))
        edge = edge.point(lambda v: 255 if v else 0)
        ImageDraw.Draw(edge).rectangle([0, 0, w - 1, h - 1], outline=0)      # offset() wraps around
        edge = edge.filter(ImageFilter.MaxFilter(3 if s < 1.4 else 5))
        edge = ImageChops.multiply(edge, mask)
        prov.paste(BORDER, (0, 0), edge)
        img = Image.new("RGB", (w, h), SEA)
        img.paste(prov, (0, 0), mask)
        self.mask = mask
        coast = mask.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v > 40 else 0)
        ImageDraw.Draw(coast).rectangle([0, 0, w - 1, h - 1], outline=0)     # the frame is no coast
        img.paste(COAST, (0, 0), coast)
        if top:
            ImageDraw.Draw(img).rectangle([0, 0, w, top - 1], fill=PANEL_BG)
        return img

    def _connections(self, d: ImageDraw.ImageDraw) -> None:
        f = self.f
        u = f.u
        order = {"trans": 0, "sea": 1, "land": 2, "pass": 3, "strait": 4}
        for kind, a, b in sorted(BOARD.edges, key=lambda e: order[e[0]]):
            pa, pb = self.pos[a], self.pos[b]
            if kind == "sea":
                _dashed(d, pa, pb, LANE, max(1, round(1.3 * u)), f.k(3), f.k(4))
            elif kind == "trans":
                _dashed(d, pa, pb, LANE, max(2, round(2 * u)), f.k(12), f.k(8))
            elif kind == "land":
                d.line([pa, pb], fill=ROAD, width=max(2, round(2 * u)))
            elif kind == "pass":
                d.line([pa, pb], fill=PASS, width=max(2, round(2 * u)))
                # chevrons across a pass: two ticks at a third and two thirds
                L = math.dist(pa, pb) or 1
                ux, uy = (pb[0] - pa[0]) / L, (pb[1] - pa[1]) / L
                t = f.k(5)
                for frac in (0.4, 0.6):
                    mx, my = pa[0] + (pb[0] - pa[0]) * frac, pa[1] + (pb[1] - pa[1]) * frac
                    d.line([(mx - uy * t - ux * t * 0.6, my + ux * t - uy * t * 0.6), (mx, my),
                            (mx + uy * t - ux * t * 0.6, my - ux * t - uy * t * 0.6)],
                           fill=PASS, width=max(2, round(2 * u)))
            else:   # strait
                d.line([pa, pb], fill=STRAIT, width=max(4, round(5 * u)))
                d.line([pa, pb], fill=WHITE, width=max(1, round(1.5 * u)))

    def _free(self, rect, margin: float = 1.0) -> bool:
        """No other label, symbol (its box has 2 px to spare) or header within `margin` px
        of `rect` (touching is allowed at 0), and all of it on
        the picture (below a crop's header)."""
        x0, y0, x1, y1 = rect
        if x0 < 0 or y0 < self.top or x1 > self.f.size[0] or y1 > self.f.size[1]:
            return False
        return self.boxes.cost((x0 - margin, y0 - margin, x1 + margin, y1 + margin)) == 0

    def _labels(self) -> None:
        """Each space's name beside its symbol: the first free of eight places around it
        (right, left, below, above, then the corners), the full name before a shortened
        one; Major Cities first, then the densest spaces, so they get the pick of the places."""
        f = self.f
        size = f.k(11)
        dens = {}
        for s, p in self.pos.items():
            dens[s] = sum(1 for o, q in self.pos.items() if math.dist(p, q) < f.k(70))
        for s in sorted(self.pos, key=lambda s: (BOARD.spaces[s]["type"] != "MAJ", -dens[s], s)):
            sp = BOARD.spaces[s]
            major = sp["type"] == "MAJ"
            x, y = self.pos[s]
            if not (0 <= x <= f.size[0] and self.top <= y <= f.size[1]):
                continue                # a space outside this crop: its name is not drawn
            r = _symbol_radius(f, sp["type"]) + 2
            choice = None
            texts = [sp["name"]] + ([short_name(sp["name"])] if short_name(sp["name"]) != sp["name"] else [])
            for extra, text in enumerate(texts):
                spr = text_sprite(text, size + (1 if major else 0), INK, major, 2)
                w, h = spr.size
                cands = [(x + r, y - h / 2), (x - r - w, y - h / 2), (x - w / 2, y + r), (x - w / 2, y - r - h),
                         (x + r - 2, y + r - 4), (x + r - 2, y - r - h + 4), (x - r - w + 2, y + r - 4),
                         (x - r - w + 2, y - r - h + 4),
                         # a little farther along the sides, still touching the symbol's box
                         (x + r, y - h + 2), (x + r, y - 2), (x - r - w, y - h + 2), (x - r - w, y - 2),
                         # below or above, flush with one side of the symbol
                         (x + r - w, y + r), (x - r, y + r), (x + r - w, y - r - h), (x - r, y - r - h)]
                cands += [(cx_, y - h / 2 + dy) for dy in (1, -1, 2, -2, 3, -3, 5, -5) for cx_ in (x + r, x - r - w)]
                if extra == len(texts) - 1:
                    # the last resort: a few pixels off the symbol, still nearest to it
                    for g in (f.k(4), f.k(8)):
                        cands += [(x + r + g, y - h / 2), (x - r - w - g, y - h / 2), (x - w / 2, y + r + g),
                                  (x - w / 2, y - r - h - g), (x + r + g, y - h - 1), (x + r + g, y + 1),
                                  (x - r - w - g, y - h - 1), (x - r - w - g, y + 1)]
                for i, c in enumerate(cands):
                    rect = (c[0], c[1], c[0] + w, c[1] + h)
                    if self._free(rect, 0):
                        choice = (spr, rect, 0, text)
                        break
                    cost = self.boxes.cost(rect) + 40 * extra + i
                    if choice is None or cost < choice[2]:
                        choice = (spr, rect, cost, text)
                if choice[2] == 0:
                    break
            spr, rect, _, text = choice
            self.boxes.add(rect, 10.0)
            self.layout.append(("name", s, rect))
            self.words[("name", s)] = text
            paste(self.image, spr, rect[:2])

    def _province_labels(self) -> None:
        """Each province's name and VP badge where it is free of every symbol, name and other
        province label and nearest to the province's middle (never nearer to another
        province's space, on land if possible): the full name first, then the short one of
        successors_regions.json ("province_short"), then the code. A province with no space
        in a crop gets no label there."""
        f = self.f
        size = f.k(10)       # capitals: as tall as the names at 11
        pos = self.pos
        W, H = f.size
        short = CONF.get("province_short", {})
        dens = {c: sum(1 for a in BOARD.province_spaces(c) for b in pos if math.dist(pos[a], pos[b]) < f.k(80))
                / len(BOARD.province_spaces(c)) for c in BOARD.provinces}
        for code in sorted(BOARD.provinces, key=lambda c: (-dens[c], c)):
            p = BOARD.provinces[code]
            own = BOARD.province_spaces(code)
            if not any(0 <= pos[s][0] <= W and self.top <= pos[s][1] <= H for s in own):
                continue
            cx = sum(pos[s][0] for s in own) / len(own)
            cy = sum(pos[s][1] for s in own) / len(own)
            vp_text = f"{p['vp']} {self.tr('VP')}"
            vp = text_sprite(vp_text, size, WHITE, True)
            pad = f.k(3)
            others = [pos[s] for s in pos if s not in own
                      and min(math.dist(pos[s], pos[o]) for o in own) < f.k(260)]
            cands = [(cx, cy)]
            for sid in own:
                ox, oy = pos[sid]
                for rad in (18, 26, 34, 44, 56, 70, 86, 104, 124):
                    for ang in range(0, 360, 20):
                        cands.append((ox + f.k(rad) * math.cos(math.radians(ang)),
                                      oy + f.k(rad) * math.sin(math.radians(ang))))
            # and a fine grid around the middle: in crowded places the free spot is often
            # between two ring places
            step, reach = f.k(4), f.k(120)
            cands += [(cx + gx, cy + gy) for gx in range(-reach, reach + 1, step)
                      for gy in range(-reach, reach + 1, step)]
            ink = (92, 70, 50)
            # (name, stacked): the VP badge beside the name, else under it (narrower, for
            # crowded places), the full name before the short one and the code
            full_name = self.tr(p["name"]).upper()
            full = _two_lines(full_name, size, ink)
            # (name, stacked, text, penalty): the VP badge beside the name, else under it
            # (narrower, for crowded places); the full name before the short one and the
            # code. Every variant competes at once, its penalty added to its distance, so a
            # stacked label near the middle beats a flat one far away.
            names = [(full, False, full_name, 0), (full, True, full_name, 12)]
            if code in short:
                brief = self.tr(short[code]).upper()
                names += [(text_sprite(brief, size, ink, True), s, brief, 160 + 12 * s) for s in (False, True)]
            names += [(text_sprite(code, size, ink, True), False, code, 400)]
            choice, best_cost = None, None
            # a label may stand a little nearer to a neighbour's space than to its own ones
            # (the borders are drawn: it still reads as inside its province), never farther
            # than `far` from its nearest own space
            slack = f.k(CONF.get("province_slack", {}).get(code, 6))
            far = f.k(80)
            for name, stacked, text, penalty in names:
                w, h = _province_label_size(name, vp, pad, stacked)
                for mx, my in cands:
                    c = math.dist((mx, my), (cx, cy)) * 0.3 + penalty
                    if best_cost is not None and c >= best_cost:
                        continue
                    rect = (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)
                    if not self._free(rect, 2):
                        continue
                    d_own = min(math.dist((mx, my), pos[o]) for o in own)
                    if d_own > far or any(math.dist((mx, my), q) < d_own - slack for q in others):
                        continue
                    inside = 0 <= mx < W and 0 <= my < H
                    if not (inside and self.mask.getpixel((int(mx), int(my))) > 0):
                        c += 150
                    if best_cost is None or c < best_cost:
                        choice, best_cost = (name, stacked, rect, text), c
            if choice is None:          # nowhere free: the code where it covers least
                name, stacked, text, _ = names[-1]
                w, h = _province_label_size(name, vp, pad, stacked)
                rects = [(mx - w / 2, my - h / 2, mx + w / 2, my + h / 2) for mx, my in cands]
                choice = (name, stacked, min(rects, key=lambda r: self.boxes.cost(r) + math.dist(
                    ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2), (cx, cy)) * 0.3), text)
            name, stacked, best, text = choice
            self.boxes.add(best, 3.0)
            self.layout.append(("province", code, best))
            self.words[("province", code)] = f"{text} {vp_text}"
            d = ImageDraw.Draw(self.image)
            if stacked:
                mid_x = (best[0] + best[2]) / 2
                paste(self.image, name, (mid_x - name.width / 2, best[1] + pad))
                vx = round(mid_x - vp.width / 2)
                vy = round(best[1] + pad + name.height + pad + 2)
            else:
                paste(self.image, name, (best[0], best[1] + pad))
                vx = best[0] + name.width + pad * 2
                vy = best[1] + pad + (name.height - vp.height) // 2
            d.rounded_rectangle([vx - pad, vy - 2, vx + vp.width + pad, vy + vp.height + 2],
                                radius=pad, fill=(120, 92, 60))
            paste(self.image, vp, (vx, vy))


def _province_label_size(name: Image.Image, vp: Image.Image, pad: int, stacked: bool) -> tuple[float, float]:
    """The box of a province label: name and VP badge side by side, or the badge under
    the name (`stacked`)."""
    if stacked:
        return max(name.width, vp.width + 2 * pad) + 2 * pad, name.height + vp.height + 4 * pad + 4
    return name.width + pad * 3 + vp.width, max(name.height, vp.height) + pad * 2


def base(region: str | None = None, width: int | None = None, lang: str | None = None) -> Base:
    """The cached base map of a frame in a language (built on first use, ~1 s, then kept)."""
    return _base(frame(region, width), language(lang))


@lru_cache(maxsize=None)
def _base(f: Frame, lang: str) -> Base:
    return Base(f, lang)


# the pieces ------------------------------------------------------------------------------------
def _gen_name(g: str) -> str:
    if g in BOARD.generals:
        return BOARD.generals[g]["name"]
    try:
        return f"{g[0]}-{BOARD.minor['labels'][int(g[1:]) - 1]}"
    except (ValueError, IndexError):
        return g


def _seniority(g: str) -> int:
    return BOARD.generals[g]["sen"] if g in BOARD.generals else BOARD.minor["sen"]


@lru_cache(maxsize=2048)
def chip(text: str, bg: tuple, fg: tuple, size: int, pad: int, border: tuple | None = None) -> Image.Image:
    t = text_sprite(text, size, fg, True)
    w, h = t.width + 2 * pad, size + pad
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=max(2, pad), fill=bg, outline=border)
    img.paste(t, (pad, (h - t.height) // 2), t)
    return img


@lru_cache(maxsize=1024)
def counter(rows: tuple, bg: tuple, u: float) -> Image.Image:
    """A force counter: rows of (text, chip colour or None) tuples, on the owner's colour."""
    size = max(9, round(11 * u))
    pad = max(2, round(3 * u))
    fg = ink_on(bg)
    sprites = []
    for row in rows:
        items = []
        for text, cbg in row:
            if cbg is None:
                items.append(text_sprite(text, size, fg, True))
            else:
                items.append(chip(text, cbg, ink_on(cbg), size - 1, max(2, pad - 1)))
        sprites.append(items)
    gap = max(2, round(3 * u))
    rows_w = [sum(s.width for s in items) + gap * (len(items) - 1) for items in sprites]
    rows_h = [max(s.height for s in items) for items in sprites]
    w = max(rows_w) + 2 * pad
    h = sum(rows_h) + pad * (len(rows_h) + 1)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=pad + 1, fill=bg, outline=INK, width=1)
    y = pad
    for items, rh in zip(sprites, rows_h):
        x = pad
        for s in items:
            img.paste(s, (x, y + (rh - s.height) // 2), s)
            x += s.width + gap
        y += rh + pad
    return img


def _cu_row(cus: dict) -> list:
    row = []
    for k in CU_ORDER:
        n = cus.get(k, 0)
        if n:
            if k == "royal":
                row.append((f"{n}R", GOLD))
            elif k == "silver":
                row.append((f"{n}S", (200, 205, 215)))
            else:
                row.append((f"{n}{CU_LETTER[k]}", None))
    return row


def _markers(view: dict, tr=translator(None)) -> dict[str, list]:
    """Royal family members and the Cart/Tomb on the map: space → [(tag, bg, carrier)]."""
    out: dict[str, list] = {}
    for r, d in (view.get("royals") or {}).items():
        at = d.get("at")
        if at in BOARD.spaces and d.get("st") in ("active", "inactive"):
            bg = GOLD if d["st"] == "active" else (214, 214, 214)
            out.setdefault(at, []).append((ROYAL_TAG.get(r, r[:2].title()), bg, d.get("by")))
    b = view.get("body") or {}
    if b.get("at") in BOARD.spaces:
        if b.get("st") == "tomb":
            out.setdefault(b["at"], []).append((tr("Tomb"), (60, 60, 60), None))
        else:
            out.setdefault(b["at"], []).append((tr("Cart"), (140, 90, 40), b.get("by")))
    return out


def _forces(view: dict, tr=translator(None)) -> list[tuple[str, tuple, tuple]]:
    """Every counter to draw: (space, rows, colour), in a fixed order."""
    gens: dict[tuple, list] = {}
    for g, d in (view.get("gens") or {}).items():
        if d.get("at") in BOARD.spaces:
            gens.setdefault((d["at"], d.get("o")), []).append(g)
    cus = view.get("cus") or {}
    keys = set(gens)
    for sp, by in cus.items():
        for o, c in by.items():
            if sp in BOARD.spaces and sum(c.values()):
                keys.add((sp, o))
    markers = _markers(view, tr)
    carried: dict[str, list] = {}
    loose: dict[str, list] = {}
    for sp, items in markers.items():
        for tag, bg, by in items:
            if by and view.get("gens", {}).get(by, {}).get("at") == sp:
                carried.setdefault(by, []).append((tag, bg))
            else:
                loose.setdefault(sp, []).append((tag, bg))
    out = []
    for sp, o in sorted(keys, key=lambda k: (k[0], str(k[1]))):
        gs = sorted(gens.get((sp, o), []), key=lambda g: (-_seniority(g), g))
        rows = []
        if gs:
            names = [_gen_name(g) + ("\u2009(in)" if view["gens"][g].get("in") else "") for g in gs]
            if len(names) <= 2 and sum(len(n) for n in names) <= 18:
                rows.append(((" · ".join(names), None),))
            else:
                rows.append(((f"{names[0]} +{len(names) - 1}", None),))
        c = _cu_row(cus.get(sp, {}).get(o, {}))
        if c:
            rows.append(tuple(c))
        tags = [t for g in gs for t in carried.get(g, [])]
        if tags:
            rows.append(tuple(tags))
        out.append((sp, tuple(rows), seat_colour(o, view)))
    for army, at in sorted((view.get("indep") or {}).items()):
        if at in BOARD.spaces:
            spec = BOARD.indep_armies.get(army, {})
            rows = (((tr(spec.get("name", army)), None),), ((f"{spec.get('cus', '?')}I", None),))
            out.append((at, rows, INDEP))
    for sp, tags in sorted(loose.items()):
        out.append((sp, (tuple(tags),), (245, 240, 225)))
    return out


def _sieges(view: dict) -> dict[str, int]:
    """Siege points by space, from whichever key the view uses (none yet in step I)."""
    for key in ("sieges", "siege_points", "siege"):
        v = view.get(key)
        if isinstance(v, dict):
            return {s: n for s, n in v.items() if s in BOARD.spaces and isinstance(n, int) and n > 0}
    return {}


def _path(view: dict) -> tuple[str | None, list]:
    """The activation to draw as an arrow: the one in progress, else the last one if the
    view keeps it."""
    for key in ("act", "last_activation", "last_move"):       # an independent army's path may
        got = view.get(key)                                     # start in its box: map spaces only
        pts = [s for s in (got.get("path") or []) if s in BOARD.spaces] if isinstance(got, dict) else []
        if len(pts) > 1:
            return got.get("seat"), pts
        if key == "act" and isinstance(got, dict):
            continue
    return None, []


def _arrow(cv: "Canvas", pts: list, colour: tuple, u: float) -> None:
    d = cv.draw
    w = max(3, round(4 * u))
    white, colour = cv.ink(WHITE), cv.ink(colour)
    d.line(pts, fill=white, width=w + 4, joint="curve")
    d.line(pts, fill=colour, width=w, joint="curve")
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    L = math.dist((x0, y0), (x1, y1)) or 1
    ux, uy = (x1 - x0) / L, (y1 - y0) / L
    back = min(L * 0.6, 9 * u + 6)
    tip = (x1 - ux * 8 * u, y1 - uy * 8 * u)
    bx, by = tip[0] - ux * back * 1.6, tip[1] - uy * back * 1.6
    head = [tip, (bx - uy * back, by + ux * back), (bx + uy * back, by - ux * back)]
    d.polygon(head, fill=colour, outline=white)


# the side panel ---------------------------------------------------------------------------------
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
PHASES = {"preparations": "Preparations", "reinforcement": "Reinforcement", "reinforcements": "Reinforcement",
          "strategy": "Strategy", "end_of_turn": "End of Turn", "scoring": "Scoring", "over": "Game over"}


def _seg(text, fg=INK, bg=None, bold=False):
    return (str(text), fg, bg, bold)


@lru_cache(maxsize=64)
def key_sprite(key: str, u: float) -> Image.Image:
    """A legend sample: a space symbol (``MAJ``, ``MIN:port``...) or a connection kind."""
    kind, _, port = key.partition(":")
    if kind in ("MAJ", "MIN", "STR", "TRN"):
        return symbol(kind, port == "port", FREE, u)
    w, h = round(26 * u), round(12 * u)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    y = h // 2
    if kind == "land":
        d.line([(0, y), (w, y)], fill=ROAD, width=max(2, round(2 * u)))
    elif kind == "pass":
        d.line([(0, y), (w, y)], fill=PASS, width=max(2, round(2 * u)))
        t = round(4 * u)
        d.line([(w / 2 - t, y - t), (w / 2, y), (w / 2 - t, y + t)], fill=PASS, width=max(2, round(2 * u)))
    elif kind == "strait":
        d.line([(0, y), (w, y)], fill=STRAIT, width=max(4, round(5 * u)))
        d.line([(0, y), (w, y)], fill=WHITE, width=max(1, round(1.5 * u)))
    elif kind == "sea":
        _dashed(d, (0, y), (w, y), LANE, max(1, round(1.3 * u)), round(3 * u), round(4 * u))
    elif kind == "trans":
        _dashed(d, (0, y), (w, y), LANE, max(2, round(2 * u)), round(9 * u), round(6 * u))
    return img


def _wrap(text: str, size: int, bold: bool, room: int) -> list[str]:
    """`text` in lines of at most `room` pixels (a word longer than that on its own)."""
    f = font(size, bold)
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and f.getlength(trial) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]


@lru_cache(maxsize=512)
def block(rows: tuple, width: int | None, u: float, cols: tuple | str | None = None,
          height: int | None = None) -> Image.Image:
    """A panel block: rows of segments (text, colour, chip colour or None, bold), first row
    a title; a text starting with NUL is a legend sample (`key_sprite`). `cols` puts the
    i-th segment of every row but the title at x = cols[i] (UI px), or, "auto", in columns
    as wide as their widest segment (a table whose words change with the language). In a
    block of fixed `width`, a text too long wraps word by word and a chip that does not fit
    goes on the next line under the row's second segment. Cached by content, so an
    unchanged block costs one paste."""
    size = max(10, round(12 * u))
    pad = max(4, round(6 * u))
    gap = max(3, round(4 * u))
    lh = size + max(4, round(5 * u))

    def sprite(i: int, text: str, fg, bg, bold) -> Image.Image:
        if text.startswith("\x00"):
            return key_sprite(text[1:], u)
        if bg is not None:
            return chip(text, bg, fg, size - 1, max(2, round(3 * u)))
        return text_sprite(text, size + (1 if i == 0 else 0), fg, bold or i == 0)

    col_px = None
    if cols == "auto":
        widths: dict[int, int] = {}
        for i, row in enumerate(rows[1:], 1):
            if len(row) < 2:
                continue                # a line of its own (the key's last rows) sets no column
            for j, seg in enumerate(row):
                widths[j] = max(widths.get(j, 0), sprite(i, *seg).width)
        col_px, x = [], 0
        for j in range(len(widths)):
            col_px.append(x)
            x += widths[j] + gap + max(2, round(3 * u))
    elif cols:
        col_px = [round(c * u) for c in cols]
    laid = []
    right = 0
    for i, row in enumerate(rows):
        x = pad
        items = []
        indent = pad
        for j, (text, fg, bg, bold) in enumerate(row):
            if col_px and i and j < len(col_px):
                x = pad + col_px[j]
            if j == 1:
                indent = x
            spr = sprite(i, text, fg, bg, bold)
            if width and x + spr.width > width - pad:
                if bg is None and not text.startswith("\x00") and " " in text:
                    # a text too long goes on under itself, word by word
                    txt_size, txt_bold = size + (1 if i == 0 else 0), bold or i == 0
                    lines = _wrap(text, txt_size, txt_bold, width - pad - x)
                    for line in lines[:-1]:
                        items.append((text_sprite(line, txt_size, fg, txt_bold), x))
                        laid.append(items)
                        items = []
                    spr = text_sprite(lines[-1], txt_size, fg, txt_bold)
                elif items and j > 1:
                    # a chip (or a word) that does not fit: the next line, under the second segment
                    right = max(right, x - gap)
                    laid.append(items)
                    items, x = [], indent
            items.append((spr, x))
            x += spr.width + gap
        right = max(right, x - gap)
        laid.append(items)
    width = width or right + pad
    h = height or pad * 2 + lh * len(laid)
    img = Image.new("RGB", (width, h), PANEL_BG)
    ImageDraw.Draw(img).rectangle([0, 0, width - 1, h - 1], outline=PANEL_LINE)
    y = pad
    for items in laid:
        for spr, x in items:
            img.paste(spr, (x, y + (lh - spr.height) // 2), spr)
        y += lh
    return img


def _panel_blocks(view: dict, tr=translator(None)) -> dict[str, tuple]:
    """The panel's blocks, each a tuple of rows, from the public view only, their words
    through `tr` (`render.i18n.translator`)."""
    sm = view.get("summary") or {}
    seats = list(view.get("seats") or [])
    players = sm.get("players") or {}
    turn = sm.get("turn", view.get("turn"))
    phase = sm.get("phase", view.get("phase"))
    rnd = sm.get("round", view.get("round"))
    seg = sm.get("segment", view.get("segment"))
    head = [(_seg(tr("Successors · Turn {turn}").format(turn=ROMAN.get(turn, turn)), bold=True),)]
    where = [_phase(phase, tr)]
    if rnd:
        where.append(tr("round {n}").format(n=rnd))
    line = [_seg(" · ".join(where))]
    result = view.get("result")
    if result:
        line = [_seg(tr("Game over: {winner} wins ({reason})").format(
            winner=result.get("winner"), reason=result.get("reason", ""))[:70], bold=True)]
    head.append(tuple(line))
    if seg and not result:          # a line of its own: the strip stays narrow in every language
        head.append((_seg(tr(f"{seg} segment")),))
    order = sm.get("order") or view.get("order") or seats
    first = sm.get("first_player", view.get("first"))
    usurper = sm.get("usurper", view.get("usurper"))
    row = [_seg(tr("Order:"))]
    for s in order:
        c = seat_colour(s, view)
        tag = s + (f" {tr('1st')}" if s == first else "") + (f" {tr('Usurper')}" if s == usurper else "")
        row.append(_seg(tag, ink_on(c), c))
    if sm.get("direction") or view.get("direction"):
        row.append(_seg(f"({tr(str(sm.get('direction') or view.get('direction')))})"))
    head.append(tuple(row))
    head.append((_seg(tr("Deck {deck} · discard {discard} · table {table}").format(
        deck=sm.get("deck", view.get("deck", "?")), discard=sm.get("discard", "?"),
        table=sm.get("table_cards", view.get("table", "?"))), (90, 90, 90)),))
    table = [(_seg(tr("Players"), bold=True),),
             (_seg(""), *(_seg(tr(word), bold=True) for word in ("VP", "LP", "status", "cards", "FS", "CUs")))]
    for s in seats:
        pl = players.get(s, {})
        c = seat_colour(s, view)
        hand = pl.get("hand")
        if hand is None:
            h = (view.get("p") or {}).get(s, {}).get("hand")
            hand = h if isinstance(h, int) else len(h or [])
        status = tr("Champion" if pl.get("status") == "champion" else "Diadochos")
        table.append((_seg(f"{s} {tr(BOARD.colours.get(s, ''))}", ink_on(c), c),
                      _seg(pl.get("vp", "?"), bold=True), _seg(pl.get("legitimacy", "?"), bold=True),
                      _seg(status), _seg(hand), _seg(pl.get("fleets", "?")),
                      _seg(f"{pl.get('cus', '?')}" + (f" ({pl['royal_cus']}R)" if pl.get("royal_cus") else ""))))
    blocks = {"turn": tuple(head), "players": tuple(table)}
    # off-map boxes: Dispersed, reserve, dead, independents' holding boxes
    off = [(_seg(tr("Off the map"), bold=True),)]
    gens = view.get("gens") or {}
    # the minor generals in reserve, one row for every player; a row per player only for
    # what is Dispersed (rarer, and longer)
    reserve = [_seg(tr("Reserve (minor):"))]
    for s in seats:
        c = seat_colour(s, view)
        n = sum(1 for g, d in gens.items() if d.get("o") == s and d.get("at") == "reserve")
        reserve.append(_seg(f"{s} {n}", ink_on(c), c))
    off.append(tuple(reserve))
    for s in seats:
        disp = [_gen_name(g) for g, d in gens.items() if d.get("o") == s and d.get("at") == "dispersed"]
        cus = (view.get("p") or {}).get(s, {}).get("disp") or {}
        cu = " ".join(f"{n}{CU_LETTER.get(k, k)}" for k, n in sorted(cus.items()) if n)
        if disp or cu:
            c = seat_colour(s, view)
            off.append((_seg(s, ink_on(c), c),
                        _seg(tr("Dispersed: {list}").format(list=", ".join(disp + ([cu] if cu else []))))))
    dead = [_gen_name(g) for g, d in gens.items() if d.get("at") == "dead"]
    if dead:
        off.append((_seg(tr("Dead: {list}").format(list=", ".join(dead))),))
    ind = []
    for army, at in sorted((view.get("indep") or {}).items()):
        name = tr(BOARD.indep_armies.get(army, {}).get("name", army))
        if at == "box":
            ind.append(tr("{name} in box").format(name=name))
        elif at == "removed":
            ind.append(tr("{name} gone").format(name=name))
    for i in range(0, len(ind), 2):
        off.append((_seg("; ".join(ind[i:i + 2])),))
    blocks["offmap"] = tuple(off)
    # royal family and the body
    roy = [(_seg(tr("Royal family"), bold=True),)]
    for r, d in (view.get("royals") or {}).items():
        spec = BOARD.royals.get(r, {})
        name = ROYAL_TAG.get(r, r)
        st = d.get("st")
        at = BOARD.spaces[d["at"]]["name"] if d.get("at") in BOARD.spaces else (d.get("at") or st)
        ctrl = None
        for nm, info in (sm.get("royals") or {}).items():
            if nm == spec.get("name"):
                ctrl = info.get("controller")
        c = seat_colour(ctrl, view) if ctrl else None
        row = [_seg(name, INK, GOLD if st == "active" else (214, 214, 214)),
               _seg(f"{spec.get('lp', '?')} {tr('LP')} {at}" + ("" if st in ("active",) else f" ({tr(str(st))})"))]
        if ctrl:
            row.append(_seg(ctrl, ink_on(c), c))
        roy.append(tuple(row))
    b = view.get("body") or {}
    if b:
        at = BOARD.spaces[b["at"]]["name"] if b.get("at") in BOARD.spaces else b.get("at")
        where = tr("at {at}").format(at=at) if at else tr("left the game")   # §9.6.7: never buried
        roy.append((_seg(tr("Tomb" if b.get("st") == "tomb" else "Cart"), WHITE, (140, 90, 40)), _seg(where)))
    blocks["royals"] = tuple(roy)
    # the last activation and battle, when the view keeps them
    seat, path = _path(view)
    if path:
        c = seat_colour(seat, view)
        names = [BOARD.spaces[s]["name"] for s in path]
        txt = " → ".join(names) if len(names) <= 3 else \
            tr("{first} → … → {last} ({n} moves)").format(first=names[0], last=names[-1], n=len(names) - 1)
        blocks["activation"] = ((_seg(tr("Activation"), bold=True), _seg(seat or "?", ink_on(c), c)), (_seg(txt),))
    battle = view.get("last_battle")
    if isinstance(battle, dict):
        txt = battle.get("text") or battle.get("result") or ""
        at = battle.get("space")
        rows = [(_seg(tr("Last battle"), bold=True),)]
        if at in BOARD.spaces:
            rows.append((_seg(BOARD.spaces[at]["name"]),))
        txt = str(txt)
        if at in BOARD.spaces and txt.startswith(f"Battle at {BOARD.spaces[at]['name']}: "):
            txt = txt.split(": ", 1)[1]     # the space is already the block's first line
        rows.append((_seg(textwrap.shorten(txt, 120, placeholder=" …")),))     # wrapped by `block`
        blocks["battle"] = tuple(rows)
    blocks["legend"] = legend_rows(tr)
    return blocks


def legend_rows(tr=translator(None)) -> tuple:
    """The key's rows, its words through `tr`: two samples a row, so that the longer words
    of Spanish and Russian keep the strip of blocks within the picture."""
    return (
        (_seg(tr("Key"), bold=True),),
        (_seg("\x00MAJ"), _seg(tr("Major")), _seg("\x00MIN"), _seg(tr("Minor"))),
        (_seg("\x00STR"), _seg(tr("Strongh.")), _seg("\x00TRN"), _seg(tr("Transit"))),
        (_seg("\x00MIN:port"), _seg(tr("port")), _seg("\x00land"), _seg(tr("road"))),
        (_seg("\x00pass"), _seg(tr("pass")), _seg("\x00strait"), _seg(tr("strait"))),
        (_seg("\x00sea"), _seg(tr("sea lane")), _seg("\x00trans"), _seg(tr("trans-Med."))),
        (_seg("R", INK, GOLD), _seg(tr("Royal")), _seg("S", INK, (200, 205, 215)), _seg(tr("Silver Shields"))),
        (_seg(tr("L Loyal Macedonian")),),
        (_seg(tr("M Mercenary  E Elephant")),),
        (_seg(tr("I Independent")),),
    )


LEGEND_ROWS = legend_rows()


def _phase(phase, tr) -> str:
    """A phase's name as the panel shows it."""
    return tr(PHASES.get(phase, str(phase).replace("_", " ").title()))


def _panel_layout(view: dict, f: Frame, tr=translator(None)) -> list[tuple]:
    """The side panel's blocks and where they go: a strip along the bottom edge (over the
    open sea), and blocks stacked in the empty north-east corner (successors_regions.json
    "panels"). [(name, sprite, (x, y))]; counters are placed clear of them."""
    blocks = _panel_blocks(view, tr)
    conf = CONF["panels"]
    gap = f.k(6)
    out = []
    x = gap
    for name in conf["strip"]:
        if name in blocks:
            spr = block(blocks[name], None, f.u, "auto" if name in ("players", "legend") else None)
            if name == "turn" and spr.width > f.k(230):
                # the turn block at most 230 UI px wide: its order row wraps (5 players, Russian)
                spr = block(blocks[name], f.k(230), f.u)
            out.append((name, spr, (x, f.size[1] - gap - spr.height)))
            x += spr.width + gap
    # each slot takes its blocks while they fit in its box; a block that does not goes on
    # to the next slot, and the last slot takes what is left whatever its height
    slots = conf["slots"]
    queue: list[str] = []
    for i, slot in enumerate(slots):
        x0, y = f.ipx(*slot["box"][:2])
        x1, y1 = f.ipx(*slot["box"][2:])
        y = max(y, gap)
        waiting, queue = queue + [n for n in slot["blocks"] if n in blocks], []
        for name in waiting:
            spr = block(blocks[name], min(x1, f.size[0] - gap) - x0, f.u)
            if y + spr.height > y1 and i < len(slots) - 1:
                queue.append(name)
                continue
            out.append((name, spr, (x0, y)))
            y += spr.height + gap
    return out


def _draw_panel(cv: "Canvas", panel: list) -> None:
    for _, spr, xy in panel:
        cv.paste_block(spr, xy)


def _header_rows(view: dict, f: Frame, tr=translator(None)) -> tuple:
    """A region crop's header: its title, turn, phase and round; each player's VP and LP."""
    sm = view.get("summary") or {}
    players = sm.get("players") or {}
    turn = sm.get("turn", view.get("turn"))
    title = (_seg(tr(REGIONS[f.name]["title"]), bold=True),
             _seg(f"· {tr('Turn {turn}').format(turn=ROMAN.get(turn, turn))} · {_phase(sm.get('phase'), tr)}"
                  + (f" · {tr('round {n}').format(n=sm['round'])}" if sm.get("round") else ""), bold=True))
    row = []
    for s in view.get("seats") or []:
        c = seat_colour(s, view)
        pl = players.get(s, {})
        row.append(_seg(f"{s} {pl.get('vp', '?')} {tr('VP')} {pl.get('legitimacy', '?')} {tr('LP')}", ink_on(c), c))
    return title, tuple(row)


def _draw_header(cv: "Canvas", view: dict, f: Frame, tr=translator(None)) -> None:
    spr = block(_header_rows(view, f, tr), f.size[0], f.u, None, f.top)
    cv.paste_block(spr, (0, 0))


# drawing ------------------------------------------------------------------------------------------
def draw(view: dict, seat: str | None = None, region: str | None = None, width: int | None = None,
         lang: str | None = None, **options) -> Image.Image:
    """The map of a Successors view: the whole board, or `region` cropped at phone scale.

    Only `view` is read (plus the static board data), so the public picture cannot show
    what the public view hides. A seat's private view (`seat`'s hand a list, not a count)
    adds the "Your hand" block under the map (`hand_rows`); the map above it is the public
    picture's, pixel for pixel, so the two differ exactly where private information is.
    `lang` (en, es, ru): the language of the words drawn (`render.i18n`).
    """
    f = frame(region, width)
    b = base(region, width, lang)
    tr = b.tr
    cv = Canvas(b)
    u = f.u
    pos = b.pos
    # 1. the activation path, under the symbols
    who, path = _path(view)
    if path:
        _arrow(cv, [pos[s] for s in path], seat_colour(who, view), u)
    # 2. force counters: placed around their space, clear of symbols, labels, the panel
    # and each other (`place_counters`), each with a leader line from its space
    panel = [] if f.top else _panel_layout(view, f, tr)
    sieges = place_sieges(view, f, b, panel)
    placed = place_counters(view, f, b, path, panel, sieges)
    lines: list = []
    d, ink, halo = cv.draw, cv.ink(INK), cv.ink(WHITE)
    w_, h_ = f.size
    lw = max(1, round(1.4 * u))
    crossed = [([pos[s] for s in path], 4 * u + 3)] if path else []
    for sp, spr, best in sieges + placed:
        x, y = pos[sp]
        ex = min(max(x, best[0]), best[2])
        ey = min(max(y, best[1]), best[3])
        if math.dist((x, y), (ex, ey)) > _symbol_radius(f, BOARD.spaces[sp]["type"]) + f.k(6):
            d.line([(x, y), (ex, ey)], fill=halo, width=lw + 2)     # a counter set apart: its tie
            crossed.append(([(x, y), (ex, ey)], lw / 2 + 1))
        d.line([(x, y), (ex, ey)], fill=ink, width=lw)
        lines.append((min(x, ex) - 12 * u, min(y, ey) - 12 * u, max(x, ex) + 12 * u, max(y, ey) + 12 * u))
    _over_lines(cv, b, crossed)
    # 3. control of every space: its symbol in the owner's colour (§8.3)
    pcs = view.get("pcs") or {}
    for sp, spec in BOARD.spaces.items():
        owner = pcs.get(sp) if spec["type"] != "TRN" else None
        x, y = pos[sp]
        if owner is None and not path and \
                not any(box[0] <= x <= box[2] and box[1] <= y <= box[3] for box in lines):
            continue            # the base already shows it empty, and no line crosses it
        sym = symbol(spec["type"], spec["port"], seat_colour(owner, view), f.u)
        cv.paste(sym, (x - sym.width // 2, y - sym.height // 2))
    # 4. counters over everything on the map
    for _, spr, rect in placed:
        cv.paste(spr, rect[:2])
    # 5. siege points on besieged cities
    for _, spr, rect in sieges:
        cv.paste(spr, rect[:2])
    # 6. panel
    if f.top:
        _draw_header(cv, view, f, tr)
    else:
        _draw_panel(cv, panel)
    rows = hand_rows(view, seat, tr)
    if rows:
        _add_hand(cv, block(rows, f.size[0], u))
    if options.get("mode") == "RGB":
        return cv.img.convert("RGB")
    return cv.img


def own_seat(view: dict, seat: str | None) -> str | None:
    """`seat` when `view` is that seat's private view (its hand a list of cards), else None."""
    hand = ((view.get("p") or {}).get(seat) or {}).get("hand") if seat else None
    return seat if isinstance(hand, list) else None


def hand_rows(view: dict, seat: str | None, tr=translator(None)) -> tuple:
    """The private "Your hand" block (§11: a hand is seen by its owner only): the seat's
    cards by number and name, the armed Surprise cards (§4.7) marked; () for a public view."""
    seat = own_seat(view, seat)
    if seat is None:
        return ()
    p = view["p"][seat]
    armed = set(p.get("armed") or ())
    c = seat_colour(seat)
    title = (_seg(tr("Your hand"), bold=True), _seg(f"{seat} {tr(BOARD.colours.get(seat, ''))}", ink_on(c), c),
             _seg(f"({tr('only you see this')})", (90, 90, 90)))
    cards = [_seg(tr("{n} cards:").format(n=len(p["hand"])))] if p["hand"] else [_seg(tr("no cards"))]
    for n in p["hand"]:
        name = f"#{n} {BOARD.cards[n]['name']}"       # as the card and /me name it
        if n in armed:
            cards.append(_seg(f"{name} · {tr('armed')}", INK, GOLD))
        else:
            cards.append(_seg(name, INK, (214, 214, 214)))
    return title, tuple(cards)


def _add_hand(cv: "Canvas", spr: Image.Image) -> None:
    """The hand block under the map: the canvas grows by its height, the map stays as drawn."""
    gap = max(2, spr.height // 40)
    w, h = cv.img.size
    taller = Image.new("P", (w, h + gap + spr.height), cv.ink(PANEL_LINE))
    taller.putpalette(cv.img.getpalette())
    taller.paste(cv.img, (0, 0))
    cv.img, cv.draw = taller, ImageDraw.Draw(taller)
    cv.paste_block(spr, (0, h + gap))


def _over_lines(cv: "Canvas", b: "Base", lines: list) -> None:
    """Space names and province labels crossed by a line (the activation arrow, a
    counter's leader line) are put back over it from the base, so no line clips a label.
    `lines`: [(points, half width)]."""
    for pts, half in lines:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
        for kind, _, r in b.layout:
            if kind == "symbol" or not (r[0] < box[2] and r[2] > box[0] and r[1] < box[3] and r[3] > box[1]):
                continue
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                n = max(1, int(math.dist((x0, y0), (x1, y1)) // 3))
                if any(r[0] - half < x0 + (x1 - x0) * i / n < r[2] + half and
                       r[1] - half < y0 + (y1 - y0) * i / n < r[3] + half for i in range(n + 1)):
                    box_i = (int(r[0]), int(r[1]), math.ceil(r[2]), math.ceil(r[3]))
                    cv.img.paste(b.image_p.crop(box_i), box_i[:2])
                    break


class Canvas:
    """One render: a copy of the base map in its 256-colour palette. Sprites (drawn in
    RGBA, cached) are mapped to the palette once per process and pasted with their 1-bit
    outline as mask, so a render never quantizes pixels."""

    def __init__(self, b: Base):
        self.b = b
        self.img = b.image_p.copy()
        self.draw = ImageDraw.Draw(self.img)

    def ink(self, colour: tuple) -> int:
        return self.b.ink(colour)

    def paste(self, sprite: Image.Image, xy) -> None:
        p, mask = self.b.to_palette(sprite)
        self.img.paste(p, (round(xy[0]), round(xy[1])), mask)

    def paste_block(self, sprite: Image.Image, xy) -> None:
        p, _ = self.b.to_palette(sprite)
        self.img.paste(p, (round(xy[0]), round(xy[1])))


# Counter placement: rings of candidate places around the space's symbol, nearest ring
# first, each ring tried in these directions (diagonals first: they leave the roads free).
DIRECTIONS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a)))
                   for a in (-45, -135, 45, 135, 0, 180, -90, 90, -20, -160, 20, 160, -68, -112, 68, 112,
                             -10, -170, 10, 170, -32, -148, 32, 148, -57, -123, 57, 123, -80, -100, 80, 100))
RINGS = (0, 5, 11, 18, 26, 36, 48, 62, 78, 96, 116, 138, 162, 190, 220)
# the farthest a counter's nearest edge may be from its symbol's edge, in UI pixels
# (RINGS[-1] plus the slack of the diagonal places): beyond it a counter would float
MAX_REACH = 235
CROSS_LABEL, CROSS_SYMBOL = 50, 110


def _place(b: "Base", rects: list, soft: list, x: float, y: float, size: tuple, r: int) -> tuple:
    """(rect, cost): the rectangle of a counter of size `size` beside the symbol of radius
    `r` at (x, y): the first place, nearest ring first, that overlaps no symbol, name or
    province label of the base, no rectangle of `rects` (counters placed before, panel
    blocks) and stays on the picture, with 1 px to spare. A free place whose leader line
    crosses a label or the activation arrow (`soft`) counts CROSS_LABEL UI pixels farther
    than it is, one whose line crosses another symbol or counter (it would seem tied to the
    wrong space) CROSS_SYMBOL farther; the cost is the distance so counted. When no place
    within MAX_REACH is free, the one that covers least (cost 1e9).

    Memoized per base on what it depends on (the rectangles within reach): consecutive
    pictures of a game mostly place the same counters among the same neighbours."""
    reach = r + b.f.k(RINGS[-1]) + 2
    w, h = size
    bx0, by0, bx1, by1 = x - reach - w, y - reach - h, x + reach + w, y + reach + h
    near = tuple(o for o in rects if o[0] < bx1 and o[2] > bx0 and o[1] < by1 and o[3] > by0)
    near_soft = tuple(o for o in soft if o[0] < bx1 and o[2] > bx0 and o[1] < by1 and o[3] > by0)
    key = (x, y, size, r, near, near_soft)
    hit = b.placements.get(key)
    if hit is None:
        if len(b.placements) > 20000:
            b.placements.clear()
        hit = b.placements[key] = _place_free(b, near, near_soft, x, y, size, r)
    return hit


def _place_free(b: "Base", near: tuple, near_soft: tuple, x: float, y: float, size: tuple, r: int) -> tuple:
    """`_place` without the memo. The base's obstacles are looked up in its summed-area
    table (a free answer there is exact) and only where it sees something, in the exact
    rectangles: this loop is most of a render's Python time."""
    f, occ, boxes = b.f, b.occupancy, b.boxes
    w, h = size
    hw, hh = w / 2, h / 2
    c4, sat, W = occ.CELL, occ.sat, occ.gw + 1
    iw, ih, top = occ.w, occ.h, f.top
    fallback, fallback_cost = None, None
    worst, worst_cost = None, None
    for ring, dist in enumerate(RINGS):
        if fallback is not None and dist >= fallback_cost:
            return fallback, fallback_cost      # no free place nearer can beat it
        rd = r + f.k(dist)
        pen = dist * 3
        # the rectangles this ring's places can meet (every place lies within this box)
        rx0, ry0, rx1, ry1 = x - rd - w - 2, y - rd - h - 2, x + rd + w + 2, y + rd + h + 2
        ring_near = [o for o in near if o[0] < rx1 and o[2] > rx0 and o[1] < ry1 and o[3] > ry0]
        for ca, sa in (DIRECTIONS if ring >= 3 else DIRECTIONS[:16]):    # 16 suffice near
            cx = x + rd * ca + (hw if ca > 0.3 else -hw if ca < -0.3 else 0)
            cy = y + rd * sa + (hh if sa > 0.3 else -hh if sa < -0.3 else 0)
            x0, y0, x1, y1 = cx - hw, cy - hh, cx + hw, cy + hh
            if x0 < 0 or y0 < top or x1 > iw or y1 > ih:       # off the picture: a last resort
                c = ((max(0, -x0) + max(0, x1 - iw)) * h + (max(0, top - y0) + max(0, y1 - ih)) * w) * 50
            else:
                # with the 1 px margin, the grid cells the rectangle touches (on the picture,
                # so within the table: no clamping)
                gx0, gy0 = int(x0 - 1) // c4, int(y0 - 1) // c4
                gx1, gy1 = int(x1 + 1) // c4 + 1, int(y1 + 1) // c4 + 1
                c = (sat[gy1 * W + gx1] - sat[gy0 * W + gx1] - sat[gy1 * W + gx0] + sat[gy0 * W + gx0]) * c4 * c4
                hit = False
                if c:
                    # the cells wholly inside the rectangle: anything there is a sure overlap
                    ix0, iy0 = int(x0) // c4 + 1, int(y0) // c4 + 1
                    ix1, iy1 = int(x1) // c4, int(y1) // c4
                    if ix1 > ix0 and iy1 > iy0 and \
                            sat[iy1 * W + ix1] - sat[iy0 * W + ix1] - sat[iy1 * W + ix0] + sat[iy0 * W + ix0]:
                        hit = True
                for o in ring_near:
                    if o[0] < x1 + 1 and o[2] > x0 - 1 and o[1] < y1 + 1 and o[3] > y0 - 1:
                        c += (min(x1, o[2]) - max(x0, o[0]) + 2) * (min(y1, o[3]) - max(y0, o[1]) + 2) * 30
                        hit = True
                if not hit and (c == 0 or not boxes.hits((x0 - 1, y0 - 1, x1 + 1, y1 + 1))):
                    rect = (x0, y0, x1, y1)
                    cross = 0 if dist == 0 else _leader_crosses(b, near, x, y, r, rect)
                    if not cross and any(o[0] < x1 and o[2] > x0 and o[1] < y1 and o[3] > y0
                                         for o in near_soft):
                        cross = 1
                    if not cross:
                        return rect, dist
                    cost = dist + (CROSS_LABEL if cross == 1 else CROSS_SYMBOL)
                    if fallback is None or cost < fallback_cost:
                        fallback, fallback_cost = rect, cost
                    continue
            c += pen
            if worst_cost is None or c < worst_cost:
                worst, worst_cost = (x0, y0, x1, y1), c
    if fallback is not None:
        return fallback, fallback_cost
    return worst, 1e9


def _leader_crosses(b: "Base", near: list, x: float, y: float, r: int, rect: tuple) -> int:
    """What the leader line from the symbol at (x, y) to `rect` would cross (sampled every
    3 px between the two): 0 nothing, 1 a name or province label, 2 a symbol or another
    counter (the line would seem to tie the counter to the wrong space)."""
    ex, ey = min(max(x, rect[0]), rect[2]), min(max(y, rect[1]), rect[3])
    length = math.dist((x, y), (ex, ey))
    if length <= r + 3:
        return 0
    ux, uy = (ex - x) / length, (ey - y) / length
    occ, boxes = b.occupancy, b.boxes
    c4, gw, gh, sat, W = occ.CELL, occ.gw, occ.gh, occ.sat, occ.gw + 1
    t = r
    worst = 0
    while t < length - 2:
        px, py = x + ux * t, y + uy * t
        gx, gy = min(gw - 1, max(0, int(px) // c4)), min(gh - 1, max(0, int(py) // c4))
        if sat[(gy + 1) * W + gx + 1] - sat[gy * W + gx + 1] - sat[(gy + 1) * W + gx] + sat[gy * W + gx]:
            wgt = boxes.weight((px - 1, py - 1, px + 1, py + 1))
            if wgt >= 40:
                return 2
            if wgt:
                worst = 1
        for o in near:
            if o[0] < px < o[2] and o[1] < py < o[3]:
                return 2
        t += 3
    return worst


def place_sieges(view: dict, f: Frame, b: "Base", panel: list = ()) -> list[tuple]:
    """The siege points chip of every besieged city on this frame: [(space, sprite, rect)],
    placed like a counter (`_place`: touching its symbol where that is free, else on the
    nearest free ring with a leader line), clear of the panel blocks."""
    out = []
    w_, h_ = f.size
    rects = [(xy[0], xy[1], xy[0] + spr.width, xy[1] + spr.height) for _, spr, xy in panel]
    for sp, n in sorted(_sieges(view).items()):
        x, y = b.pos[sp]
        if not (0 <= x <= w_ and f.top <= y <= h_):
            continue
        spr = chip(f"{n}SP", (180, 20, 20), WHITE, f.k(10), f.k(2))
        best, _ = _place(b, rects, [], x, y, spr.size, _symbol_radius(f, BOARD.spaces[sp]["type"]) + 3)
        rects.append(best)
        out.append((sp, spr, best))
    return out


def place_counters(view: dict, f: Frame, b: "Base", path: list, panel: list,
                   sieges: list = ()) -> list[tuple]:
    """Every force counter of the view on this frame and where it goes: [(space, sprite,
    rect)], in `_forces` order, clear of the panel blocks and siege chips; counters of
    spaces outside a crop are left out."""
    u = f.u
    pos = b.pos
    soft: list = []
    for a_, b_ in zip(path, path[1:]):           # counters keep off the activation arrow
        (x0, y0), (x1, y1) = pos[a_], pos[b_]
        n = max(1, int(math.dist((x0, y0), (x1, y1)) // (8 * u)))
        for i in range(n + 1):
            px_, py_ = x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n
            soft.append((px_ - 4 * u, py_ - 4 * u, px_ + 4 * u, py_ + 4 * u))
    rects = [(xy[0], xy[1], xy[0] + spr.width, xy[1] + spr.height) for _, spr, xy in panel]
    rects += [rect for _, _, rect in sieges]
    w_, h_ = f.size
    placed = []
    for sp, rows, colour in _forces(view, b.tr):
        x, y = pos[sp]
        if not (0 <= x <= w_ and f.top <= y <= h_):
            continue                    # a space outside this crop
        spr = counter(rows, colour, u)
        r = _symbol_radius(f, BOARD.spaces[sp]["type"]) + 3
        best, cost = _place(b, rects, soft, x, y, spr.size, r)
        if cost > 30 and len(rows) > 1:
            # far or crossing: the counter on one line may find a nearer place
            flat = counter((tuple(item for row in rows for item in row),), colour, u)
            best1, cost1 = _place(b, rects, soft, x, y, flat.size, r)
            if cost1 < cost:
                spr, best = flat, best1
        rects.append(best)
        placed.append((sp, spr, best))
    return placed


def layout(view: dict, region: str | None = None, width: int | None = None, lang: str | None = None) -> list[tuple]:
    """Every rectangle `draw` puts a label, symbol, counter or panel block in, for the
    tests: [(kind, key, (x0, y0, x1, y1))] with kind "symbol", "name" (a space's name),
    "province" (a province's name and VP badge), "siege" (a siege points chip; key: its
    space), "counter" (key: its space) or "panel"."""
    f = frame(region, width)
    b = base(region, width, lang)
    panel = [] if f.top else _panel_layout(view, f, b.tr)
    sieges = place_sieges(view, f, b, panel)
    out = list(b.layout)
    out += [("panel", name, (x, y, x + spr.width, y + spr.height)) for name, spr, (x, y) in panel]
    out += [("siege", sp, rect) for sp, _, rect in sieges]
    out += [("counter", sp, rect) for sp, _, rect in place_counters(view, f, b, _path(view)[1], panel, sieges)]
    return out


def words(view: dict, region: str | None = None, width: int | None = None, lang: str | None = None,
          seat: str | None = None) -> list[str]:
    """Every text `draw` writes on the picture, in its language: space names, province
    labels, counters, panel blocks or a crop's header, and `seat`'s hand block on his
    private view (for the tests: a Spanish picture draws Spanish words)."""
    f = frame(region, width)
    b = base(region, width, lang)
    out = list(b.words.values())
    if f.top:
        rows = _header_rows(view, f, b.tr)
    else:
        rows = tuple(row for block_ in _panel_blocks(view, b.tr).values() for row in block_)
    out += [text for row in rows for text, *_ in row if text and not text.startswith("\x00")]
    out += [text for _, rows_, _ in _forces(view, b.tr) for row in rows_ for text, _ in row]
    out += [text for row in hand_rows(view, seat, b.tr) for text, *_ in row]
    return out


def sample_views():
    """Views for the examples and the benchmark: a 3-player start and a self-played
    mid-game position (seeded, so always the same)."""
    return tuple(GAME.view(state, None) for state in sample_states())


def sample_states():
    """The states of `sample_views` (the examples draw a private picture from the second)."""
    state = GAME.setup(["a", "b", "c"], {}, "examples")
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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
