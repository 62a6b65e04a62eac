"""One picture of a Successors view (`draw`): a copy of the base map (`Canvas`), the
activation's marks (its path, solid by land and dashed by sea; a burst on a battle, a ring on
an assault), the counters and siege chips with their leader lines, every space in its
controller's colour, the side panel or a crop's header, and a seat's private hand block; and
for the tests, every rectangle (`layout`) and every word (`words`) it draws."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from core.games.successors.board import BOARD
from render.i18n import translator
from render.successors.basemap import Base, base
from render.successors.colours import INK, PANEL_LINE, WHITE, seat_colour
from render.successors.geometry import Frame, frame
from render.successors.panels import activation_rows, block, hand_rows, header_rows, panel_blocks, panel_layout
from render.successors.pieces import activation_marks, activation_path, force_counters
from render.successors.placement import place_counters, place_sieges
from render.successors.sprites import assault_mark, battle_mark, dashed_line, mark_width, symbol, symbol_radius


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


def _path(cv: Canvas, steps: tuple, colour: tuple, f: Frame) -> list:
    """The last activation's path: a line in the mover's colour with an ink edge, solid by
    land and dashed by sea, an arrowhead at its end. Returns its lines for `_over_lines`."""
    u, pos, d = f.u, cv.b.pos, cv.draw
    w = mark_width(u)
    ink, fill = cv.ink(INK), cv.ink(colour)
    runs: list = []                         # land steps joined in one line, each sea step its own
    for a, b, sea in steps:
        if sea or not runs or runs[-1][0] or runs[-1][1][-1] != pos[a]:
            runs.append((sea, [pos[a]]))
        runs[-1][1].append(pos[b])
    dash, gap = round(12 * u), round(7 * u)
    for width, paint, shorter in ((w + 4, ink, 0), (w, fill, 2)):
        for sea, pts in runs:
            if sea:
                for p0, p1 in zip(pts, pts[1:]):
                    dashed_line(d, p0, p1, paint, width, dash - shorter, gap + shorter)
            else:
                d.line(pts, fill=paint, width=width, joint="curve")
    a, b, _ = steps[-1]
    (x0, y0), (x1, y1) = pos[a], pos[b]
    length = math.dist((x0, y0), (x1, y1)) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    back = min(length * 0.6, 11 * u + 6)
    tip_off = symbol_radius(f, BOARD.spaces[b]["type"]) + 2
    tip = (x1 - ux * tip_off, y1 - uy * tip_off)
    bx, by = tip[0] - ux * back * 1.5, tip[1] - uy * back * 1.5
    d.polygon([tip, (bx - uy * back, by + ux * back), (bx + uy * back, by - ux * back)], fill=fill, outline=ink,
              width=max(1, round(1.5 * u)))
    return [(pts, (w + 4) / 2 + 1) for _, pts in runs]


def _distance(p: tuple, a: tuple, b: tuple) -> float:
    """From point p to the segment a-b."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ((dx * dx + dy * dy) or 1)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _spots(cv: Canvas, marks) -> list:
    """The last activation's battles (a burst) and assaults (a ring) under their spaces'
    symbols. Returns their extent as lines for `_over_lines`."""
    out = []
    for spaces, sprite in ((marks.assaults, assault_mark(cv.b.f.u)), (marks.battles, battle_mark(cv.b.f.u))):
        for sp in spaces:
            x, y = cv.b.pos[sp]
            cv.paste(sprite, (x - sprite.width // 2, y - sprite.height // 2))
            out.append(([(x, y), (x, y)], sprite.width / 2))
    return out


def _draw_panel(cv: Canvas, panel: list) -> None:
    for _, spr, xy in panel:
        cv.paste_block(spr, xy)


def _crop_panel(view: dict, f: Frame, b: Base) -> list:
    """A region crop has no side panel: the activation's block (the key to its marks) goes
    in the crop's corner that hides the fewest names and symbols and none of the marks.
    [(name, sprite, (x, y))] as `panel_layout`'s, empty without marks."""
    marks = activation_marks(view)
    if not marks:
        return []
    spr = block(activation_rows(marks, view, b.tr), None, f.u)
    gap, (w, h) = f.k(6), f.size
    marked = [b.pos[s] for s in {*marks.path, *marks.battles, *marks.assaults}]

    def cost(xy) -> int:
        x0, y0, x1, y1 = xy[0], xy[1], xy[0] + spr.width, xy[1] + spr.height
        hidden = sum(1 for _, _, r in b.layout if r[0] < x1 and r[2] > x0 and r[1] < y1 and r[3] > y0)
        return hidden + 100 * sum(1 for x, y in marked if x0 - gap <= x <= x1 + gap and y0 - gap <= y <= y1 + gap)

    corners = [(w - gap - spr.width, h - gap - spr.height), (gap, h - gap - spr.height),
               (w - gap - spr.width, f.top + gap), (gap, f.top + gap)]
    return [("activation", spr, min(corners, key=cost))]


def _draw_header(cv: Canvas, view: dict, f: Frame, tr=translator(None)) -> None:
    spr = block(header_rows(view, f, tr), f.size[0], f.u, None, f.top)
    cv.paste_block(spr, (0, 0))


def _add_hand(cv: Canvas, spr: Image.Image) -> None:
    """The hand block under the map: the canvas grows by its height, the map stays as drawn."""
    gap = max(2, spr.height // 40)
    w, h = cv.img.size
    taller = Image.new("P", (w, h + gap + spr.height), cv.ink(PANEL_LINE))
    taller.putpalette(cv.img.getpalette())
    taller.paste(cv.img, (0, 0))
    cv.img, cv.draw = taller, ImageDraw.Draw(taller)
    cv.paste_block(spr, (0, h + gap))


def _over_lines(cv: Canvas, b: Base, lines: list) -> None:
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
    # 1. the activation's marks, under the symbols: battles, assaults, its path
    marks = activation_marks(view)
    path = marks.path
    crossed = _spots(cv, marks)
    if marks.steps:
        crossed += _path(cv, marks.steps, seat_colour(marks.seat, view), f)
    # 2. force counters: placed around their space, clear of symbols, labels, the panel
    # and each other (`place_counters`), each with a leader line from its space
    panel = _crop_panel(view, f, b) if f.top else panel_layout(view, f, tr)
    sieges = place_sieges(view, f, b, panel)
    placed = place_counters(view, f, b, path, panel, sieges)
    lines: list = []
    d, ink, halo = cv.draw, cv.ink(INK), cv.ink(WHITE)
    w_, h_ = f.size
    lw = max(1, round(1.4 * u))
    for sp, spr, best in sieges + placed:
        x, y = pos[sp]
        ex = min(max(x, best[0]), best[2])
        ey = min(max(y, best[1]), best[3])
        if math.dist((x, y), (ex, ey)) > symbol_radius(f, BOARD.spaces[sp]["type"]) + f.k(6):
            d.line([(x, y), (ex, ey)], fill=halo, width=lw + 2)     # a counter set apart: its tie
            crossed.append(([(x, y), (ex, ey)], lw / 2 + 1))
        d.line([(x, y), (ex, ey)], fill=ink, width=lw)
        lines.append((min(x, ex) - 12 * u, min(y, ey) - 12 * u, max(x, ex) + 12 * u, max(y, ey) + 12 * u))
    _over_lines(cv, b, crossed)
    # 3. control of every space: its symbol in the owner's colour (§8.3)
    pcs = view.get("pcs") or {}
    spotted = {*marks.battles, *marks.assaults}
    segments = [(pos[a], pos[b_]) for a, b_, _ in marks.steps]
    reach = max(mark_width(u) / 2 + 2, 11 * u + 6) + f.k(9) + 3      # the line or its head over a symbol
    for sp, spec in BOARD.spaces.items():
        owner = pcs.get(sp) if spec["type"] != "TRN" else None
        x, y = pos[sp]
        if owner is None and sp not in spotted and \
                not any(box[0] <= x <= box[2] and box[1] <= y <= box[3] for box in lines) and \
                not any(_distance((x, y), a, b_) < reach for a, b_ in segments):
            continue            # the base already shows it empty, and no line or mark crosses it
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
    _draw_panel(cv, panel)
    rows = hand_rows(view, seat, tr)
    if rows:
        _add_hand(cv, block(rows, f.size[0], u))
    if options.get("mode") == "RGB":
        return cv.img.convert("RGB")
    return cv.img


def layout(view: dict, region: str | None = None, width: int | None = None, lang: str | None = None) -> list[tuple]:
    """Every rectangle `draw` puts a label, symbol, counter or panel block in, for the
    tests: [(kind, key, (x0, y0, x1, y1))] with kind "symbol", "name" (a space's name),
    "province" (a province's name and VP badge), "siege" (a siege points chip; key: its
    space), "counter" (key: its space) or "panel"."""
    f = frame(region, width)
    b = base(region, width, lang)
    panel = _crop_panel(view, f, b) if f.top else panel_layout(view, f, b.tr)
    sieges = place_sieges(view, f, b, panel)
    out = list(b.layout)
    out += [("panel", name, (x, y, x + spr.width, y + spr.height)) for name, spr, (x, y) in panel]
    out += [("siege", sp, rect) for sp, _, rect in sieges]
    counters = place_counters(view, f, b, activation_path(view)[1], panel, sieges)
    out += [("counter", sp, rect) for sp, _, rect in counters]
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
        marks = activation_marks(view)
        rows = header_rows(view, f, b.tr) + (activation_rows(marks, view, b.tr) if marks else ())
    else:
        rows = tuple(row for block_ in panel_blocks(view, b.tr).values() for row in block_)
    out += [text for row in rows for text, *_ in row if text and not text.startswith("\x00")]
    out += [text for _, rows_, _ in force_counters(view, b.tr) for row in rows_ for text, _ in row]
    out += [text for row in hand_rows(view, seat, b.tr) for text, *_ in row]
    return out

