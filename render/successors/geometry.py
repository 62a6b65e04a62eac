"""Where a board position lands on a picture: the warp that squeezes the sparse east and
south so that the crowded Aegean gets more pixels, the frames (the whole map, or a region
crop under its header; both in `regions.json`), `to_px`, and the spaces' Voronoi cells that
make the provinces."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from core.errors import RulesError
from core.games.successors.board import BOARD

CONF = json.loads((Path(__file__).with_name("regions.json")).read_text(encoding="utf-8"))
REGIONS: dict[str, dict] = CONF["regions"]


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


def convex_hull(points: list) -> list:
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

