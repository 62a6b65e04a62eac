"""Where things go so that nothing overlaps: the rectangles already used (`Boxes`, with its
summed-area table `Occupancy`), and the places of the force counters and siege chips, the
nearest free ring around their space first, with the leader lines they need
(`place_counters`). `b` is always the frame's base map (`basemap.Base`), which places its own
space names and province labels with the same `Boxes`."""
from __future__ import annotations

import math
from array import array
from functools import lru_cache

from core.games.successors.board import BOARD
from render.successors.colours import SIEGE, WHITE
from render.successors.geometry import Frame
from render.successors.pieces import force_counters, siege_points
from render.successors.sprites import chip, counter, symbol_radius


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


def _place(b, rects: list, soft: list, x: float, y: float, size: tuple, r: int) -> tuple:
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


def _place_free(b, near: tuple, near_soft: tuple, x: float, y: float, size: tuple, r: int) -> tuple:
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


def _leader_crosses(b, near: list, x: float, y: float, r: int, rect: tuple) -> int:
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


def place_sieges(view: dict, f: Frame, b, panel: list = ()) -> list[tuple]:
    """The siege points chip of every besieged city on this frame: [(space, sprite, rect)],
    placed like a counter (`_place`: touching its symbol where that is free, else on the
    nearest free ring with a leader line), clear of the panel blocks."""
    out = []
    w_, h_ = f.size
    rects = [(xy[0], xy[1], xy[0] + spr.width, xy[1] + spr.height) for _, spr, xy in panel]
    for sp, n in sorted(siege_points(view).items()):
        x, y = b.pos[sp]
        if not (0 <= x <= w_ and f.top <= y <= h_):
            continue
        spr = chip(f"{n}SP", SIEGE, WHITE, f.k(10), f.k(2))
        best, _ = _place(b, rects, [], x, y, spr.size, symbol_radius(f, BOARD.spaces[sp]["type"]) + 3)
        rects.append(best)
        out.append((sp, spr, best))
    return out


PLACINGS_KEPT = 256   # counter placements kept: a position's map, its seats' maps and the page's hit
                      # regions (render.regions) place the same counters; each placing is ~10 ms


def place_counters(view: dict, f: Frame, b, path: list, panel: list,
                   sieges: list = ()) -> list[tuple]:
    """Every force counter of the view on this frame and where it goes: [(space, sprite,
    rect)], in `force_counters` order, clear of the panel blocks and siege chips; counters of
    spaces outside a crop are left out. The same counters among the same obstacles are placed
    once (`_placed`): the public picture, a seat's picture and its page's regions share it."""
    rects = tuple((xy[0], xy[1], xy[0] + spr.width, xy[1] + spr.height) for _, spr, xy in panel)
    rects += tuple(tuple(rect) for _, _, rect in sieges)
    return list(_placed(f, b, tuple(path), rects, tuple(force_counters(view, b.tr))))


@lru_cache(maxsize=PLACINGS_KEPT)
def _placed(f: Frame, b, path: tuple, obstacles: tuple, counters: tuple) -> tuple:
    """`place_counters`' work, from what it depends on alone (hashable: the frame and base are
    one object per frame and language; the sprites returned are only ever pasted, never changed)."""
    u = f.u
    pos = b.pos
    soft: list = []
    for a_, b_ in zip(path, path[1:]):           # counters keep off the activation arrow
        (x0, y0), (x1, y1) = pos[a_], pos[b_]
        n = max(1, int(math.dist((x0, y0), (x1, y1)) // (8 * u)))
        for i in range(n + 1):
            px_, py_ = x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n
            soft.append((px_ - 4 * u, py_ - 4 * u, px_ + 4 * u, py_ + 4 * u))
    rects = list(obstacles)
    w_, h_ = f.size
    placed = []
    for sp, rows, colour in counters:
        x, y = pos[sp]
        if not (0 <= x <= w_ and f.top <= y <= h_):
            continue                    # a space outside this crop
        spr = counter(rows, colour, u)
        r = symbol_radius(f, BOARD.spaces[sp]["type"]) + 3
        best, cost = _place(b, rects, soft, x, y, spr.size, r)
        if cost > 30 and len(rows) > 1:
            # far or crossing: the counter on one line may find a nearer place
            flat = counter((tuple(item for row in rows for item in row),), colour, u)
            best1, cost1 = _place(b, rects, soft, x, y, flat.size, r)
            if cost1 < cost:
                spr, best = flat, best1
        rects.append(best)
        placed.append((sp, spr, best))
    return tuple(placed)

