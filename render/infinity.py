"""The Infinity table image (infinity.md §14), drawn from a view only (never the state).

Laid out for a phone: 1280 px wide, portrait. A header (mission, phase, whose decision,
Initiative Roll), the table filling the width (25 px per inch for a 48" table; a very
deep custom table is scaled down to stay under 1500 px), and below it both rosters side
by side as a table (§14.3). North is up. Bases are drawn at true size, so a 25 mm base is ~25 px across.

The public view never holds hidden troopers or the Lieutenant, so the public image
cannot show them (§14.4); a seat's private view adds them, and only then does the image
draw the dashed outlines, the Lieutenant's star, the "hidden"/"Lt" marks and the banner.

Text on the table (terrain, objectives, zones, exclusion) goes through one small label
placer that tries a few spots and never lets two labels overlap (`render` returns the
boxes so tests can check it).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache

import orjson
from PIL import Image, ImageDraw

from core.names import display_name
from render.fonts import font
from render.i18n import translator

WIDTH = 1280
SIDE = 40                 # left/right margin: grid labels left, Forward Deployment labels right
MAX_TABLE_H = 1500        # a very deep custom table is scaled down to keep the image postable
COLOURS = {"A": (0x2F, 0x6F, 0xDF), "B": (0xD0, 0x3A, 0x3A)}      # §14.2
DARK = {"A": (0x1B, 0x45, 0x96), "B": (0x8E, 0x1F, 0x1F)}          # same hues, for text
GREY = (0x88, 0x88, 0x88)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
INK = (0x22, 0x22, 0x22)
MUTED = (0x66, 0x66, 0x66)
GRID = (0xDD, 0xDD, 0xDD)
TERRAIN = (0x55, 0x55, 0x55)
GOLD = (0xD4, 0xAF, 0x37)
NEUTRAL = (0x9E, 0x9E, 0x9E)
YELLOW = (0xF2, 0xC9, 0x1B)
STAR = (255, 215, 0)
PANEL = (0xF4, 0xF4, 0xF4)
PRIVATE_ROW = (0xFF, 0xF1, 0xB8)    # legend rows only their owner sees (hidden, Lieutenant)
ZONE_ALPHA = 0.2

# text sizes (px): no word under 16 so the picture reads on a phone at 1280 px; MARK is
# for the glyphs inside a token (its 3-digit number, the prone "P" badge), not for words
TITLE, HEAD, BODY, SMALL = 26, 19, 16, 16
MARK = 14
ROW = 22                  # roster row height


def tint(colour: tuple, alpha: float = ZONE_ALPHA) -> tuple:
    """The colour at `alpha` opacity over white (zones are drawn on the white table)."""
    return tuple(round(c * alpha + 255 * (1 - alpha)) for c in colour)


def who(view: dict, seat: str | None) -> str:
    """A seat as players read it: the player's name with the seat letter."""
    if seat not in ("A", "B"):
        return str(seat)
    return f"{display_name(view['players'][seat], seat)} ({seat})"   # a game stored before names were bounded


# layout -----------------------------------------------------------------------------------

@dataclass
class Layout:
    ppi: float                 # pixels per inch
    top: int                   # y of the table's north edge
    header: list               # [(text, font, colour)]
    table_w: int
    table_h: int
    legend_top: int
    rows: int                  # roster rows in the legend
    size: tuple = (WIDTH, 0)

    def px(self, x: float, y: float, h: float) -> tuple[float, float]:
        return SIDE + x * self.ppi, self.top + (h - y) * self.ppi


def _header(view: dict, tr=translator(None)) -> list:
    """The lines above the table: what the game is, whose decision it is, the roll."""
    m = view["mission"]
    title = f"Infinity · {m['name']}"
    lines = [(title, font(TITLE, True), INK)]
    lines.append((_status(view, tr), font(HEAD, True), _status_colour(view)))
    for text in _facts(view, tr):
        lines.append((text, font(BODY), INK))
    if view.get("me") in ("A", "B"):
        me = view["me"]
        lines.append((tr("PRIVATE VIEW of {name}: your hidden troopers and your Lieutenant are shown. "
                         "Do not share.").format(name=who(view, me)), font(BODY, True), DARK[me]))
    else:        # same line height as the private banner, so both pictures share one layout
        lines.append((tr("Public view: hidden troopers and Lieutenants are not shown."), font(BODY, True), MUTED))
    return lines


def _status(view: dict, tr=translator(None)) -> str:
    phase = view["phase"]
    if view["pending_waiver"]:
        w = view["pending_waiver"]
        other = "B" if w["seat"] == "A" else "A"
        return tr("{other}: agree or refuse? {seat} asks to put {id} on terrain {terrain}").format(
            other=who(view, other), seat=who(view, w["seat"]), id=w["id"], terrain=w.get("terrain", "")).rstrip()
    if view["step"]:
        owner = view["step_owner"]
        what = tr("deploys all troopers but one (the reserve)" if view["step"] in (1, 2) else "deploys the reserve")
        return tr("Deployment step {step} of 4: {name} {what}").format(step=view["step"], name=who(view, owner),
                                                                        what=what)
    if phase == "rosters":
        waiting = [who(view, s) for s in ("A", "B") if not view["locked"][s]]
        return tr("Rosters: waiting for {names} to enter troopers and type ready").format(
            names=tr(" and ").join(waiting))
    if phase == "initiative":
        return tr("Initiative Roll: either player types roll")
    if phase == "choice":
        if view["choice"] is None:
            return tr("{name} won the roll: choose initiative or deployment").format(name=who(view, view["winner"]))
        if view["zone_of"] is None:
            return tr("{name} chooses a Deployment Zone and who deploys first").format(
                name=who(view, view["holder_deployment"]))
        return tr("{name} chooses who takes the first Player Turn").format(name=who(view, view["holder_initiative"]))
    if phase == "complete":
        return tr("Deployment complete: {name} takes the first Player Turn").format(name=who(view, view["first_turn"]))
    return phase


def _status_colour(view: dict) -> tuple:
    seat = view["step_owner"] if view["step"] else None
    if view["pending_waiver"]:
        seat = "B" if view["pending_waiver"]["seat"] == "A" else "A"
    return DARK.get(seat, INK)


def _facts(view: dict, tr=translator(None)) -> list[str]:
    out = []
    if view["lt_wip"]:
        wip = view["lt_wip"]
        tries = ", ".join(f"{a['rollA']}/{a['rollB']}" + (f" {tr('tie')}" if a["result"] == "tie" else "")
                          for a in view["initiative_attempts"])
        won = " → " + tr("{name} won").format(name=who(view, view["winner"])) if view["winner"] else ""
        out.append(tr("Initiative Roll, Lieutenant WIP {a} (A) vs {b} (B); rolls A/B: {tries}").format(
            a=wip["A"], b=wip["B"], tries=tries) + won)
    if view["choice"]:
        out.append(tr("Initiative: {initiative} · Deployment: {deployment}").format(
            initiative=who(view, view["holder_initiative"]), deployment=who(view, view["holder_deployment"]))
            + (" · " + tr("Player 1 (deploys first): {name}").format(name=who(view, view["player1"]))
               if view["player1"] else "")
            + (" · " + tr("first Player Turn: {name}").format(name=who(view, view["first_turn"]))
               if view["first_turn"] else ""))
    return out


def layout(view: dict, lang: str | None = None) -> Layout:
    t = view["mission"]["table"]
    w, h = t["w"], t["h"]
    ppi = min((WIDTH - 2 * SIDE) / w, MAX_TABLE_H / h)
    header = _header(view, translator(lang))
    top = 14 + sum(f.size + 10 for _, f, _ in header) + 8
    table_w, table_h = round(w * ppi), round(h * ppi)
    legend_top = top + table_h + 34
    rows = max(1, *(len(view["rosters"][s]) for s in ("A", "B")))
    height = legend_top + 36 + ROW * (rows + 1) + 16
    return Layout(ppi, top, header, table_w, table_h, legend_top, rows, (WIDTH, height))


def size_for(view: dict) -> tuple[int, int]:
    return layout(view).size


def table_point(view: dict, x: float, y: float) -> tuple[int, int]:
    """The pixel of table point (x, y) inches (for tests and callers that annotate)."""
    lay = layout(view)
    px, py = lay.px(x, y, view["mission"]["table"]["h"])
    return round(px), round(py)


# the label placer ---------------------------------------------------------------------------

@dataclass
class Labels:
    """Boxes already taken on the table; `place` finds a free spot for a new label."""
    bounds: tuple
    taken: list = field(default_factory=list)        # boxes of labels drawn (never overlap)
    solid: list = field(default_factory=list)        # boxes to avoid if possible (tokens, objectives)
    drawn: list = field(default_factory=list)        # (text, box) of every label drawn

    def free(self, box, avoid_solid: bool = True) -> bool:
        x0, y0, x1, y1 = self.bounds
        if box[0] < x0 or box[1] < y0 or box[2] > x1 or box[3] > y1:
            return False
        others = self.taken + (self.solid if avoid_solid else [])
        return not any(_hit(box, o) for o in others)

    def place(self, text: str, f, candidates) -> tuple | None:
        """The first candidate origin (x, y, anchor) whose box is free; None if none is."""
        for strict in (True, False):
            for x, y, anchor in candidates:
                box = _text_box(text, f, x, y, anchor)
                if self.free(box, avoid_solid=strict):
                    return x, y, anchor, box
        return None

    def take(self, text: str, box) -> None:
        self.taken.append(box)
        self.drawn.append((text, box))


def _hit(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _text_box(text: str, f, x: float, y: float, anchor: str, pad: int = 2) -> tuple:
    left, top, right, bottom = _bbox(text, f, anchor)
    return (x + left - pad, y + top - pad, x + right + pad, y + bottom + pad)


@lru_cache(maxsize=4096)
def _bbox(text: str, f, anchor: str) -> tuple:
    """A text's box from its anchor point (FreeType's measure, once per process)."""
    return f.getbbox(text, anchor=anchor)


@lru_cache(maxsize=8192)
def _length(text: str, f) -> float:
    return f.getlength(text)


def _around(box, gap: int = 4) -> list:
    """Candidate spots around a box: above, below, right, left."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return [(cx, y0 - gap, "mb"), (cx, y1 + gap, "mt"), (x1 + gap, cy, "lm"), (x0 - gap, cy, "rm")]


# drawing --------------------------------------------------------------------------------------

def draw(view: dict, seat: str | None = None, lang: str | None = None, **options) -> Image.Image:
    """The picture as an 8-bit palette image: it encodes ~3× faster than RGB (§14). It is
    drawn on the fixed palette directly (`_Draw`), so no picture is ever quantized whole.
    Its words are in `lang` (`render.i18n`)."""
    return render(view, seat, lang).image


@lru_cache(maxsize=512)
def _index(colour: tuple) -> int:
    """The palette index a flat colour maps to, as quantizing it would map it."""
    return Image.new("RGB", (1, 1), colour).quantize(palette=_palette(), dither=Image.Dither.NONE).getpixel((0, 0))


@lru_cache(maxsize=1)
def _rgb_of() -> list[tuple]:
    flat = _palette().getpalette()[:768]
    return [tuple(flat[i:i + 3]) for i in range(0, 768, 3)]


class _Draw(ImageDraw.ImageDraw):
    """ImageDraw on the picture's fixed palette. Colours given as RGB go to their palette
    index (never a new palette entry); a text is rendered once per process, anti-aliased on
    the colour it lands on and mapped to the palette, then pasted through its own outline.
    It remembers every text it draws (tests read what a picture says)."""

    def __init__(self, img):
        super().__init__(img)
        self.texts: list[str] = []

    def _getink(self, ink, fill=None):
        return super()._getink(_index(ink) if isinstance(ink, tuple) else ink,
                               _index(fill) if isinstance(fill, tuple) else fill)

    def text(self, xy, text, fill=None, font=None, anchor=None, stroke_width=0, stroke_fill=None, **kwargs):
        self.texts.append(text)
        img = self._image
        got = _glyphs(text, font, anchor or "la", stroke_width)
        if got is None:
            return
        left, top, w, h = got
        x, y = round(xy[0]) + left, round(xy[1]) + top
        # the ground: the colour under the middle of the text (a token's disc, a label's halo)
        gx, gy = min(max(x + w // 2, 0), img.width - 1), min(max(y + h // 2, 0), img.height - 1)
        ground = _rgb_of()[img.getpixel((gx, gy))]
        sprite, mask = _text_sprite(text, font, anchor or "la", fill, ground, stroke_width, stroke_fill)
        img.paste(sprite, (x, y), mask)


@lru_cache(maxsize=4096)
def _glyphs(text: str, f, anchor: str, stroke: int = 0):
    """A text's box from its anchor point: (left, top, width, height), None if empty."""
    left, top, right, bottom = f.getbbox(text, anchor=anchor, stroke_width=stroke)
    if right <= left or bottom <= top:
        return None
    return left, top, right - left, bottom - top


@lru_cache(maxsize=4096)
def _text_sprite(text: str, f, anchor: str, fill: tuple, ground: tuple, stroke: int, stroke_fill):
    """(sprite, mask): the text anti-aliased on `ground` in the palette, and the pixels it
    covers (so the lines under a label between its letters stay)."""
    left, top, w, h = _glyphs(text, f, anchor, stroke)
    rgb = Image.new("RGB", (w, h), ground)
    ImageDraw.Draw(rgb).text((-left, -top), text, fill=fill, font=f, anchor=anchor, stroke_width=stroke,
                             stroke_fill=stroke_fill)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=f, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)
    return rgb.quantize(palette=_palette(), dither=Image.Dither.NONE), mask.point(lambda v: 255 if v else 0, "1")


@dataclass
class Rendered:
    image: Image.Image
    labels: list               # [(text, box)] of the labels on the table; boxes never overlap
    texts: list                # every text drawn, in order


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """Every flat colour of the picture, exactly, plus the anti-aliasing steps of each text
    colour over each background it is drawn on, so quantizing loses nothing visible."""
    za, zb, zg = tint(COLOURS["A"]), tint(COLOURS["B"]), tint(GREY)
    flat = [WHITE, BLACK, INK, MUTED, GRID, TERRAIN, GOLD, NEUTRAL, YELLOW, STAR, PANEL, PRIVATE_ROW, GREY,
            za, zb, zg, *COLOURS.values(), *DARK.values()]
    pairs = [(INK, PRIVATE_ROW), (DARK["A"], PRIVATE_ROW), (DARK["B"], PRIVATE_ROW), (INK, WHITE), (MUTED, WHITE),
             (MUTED, PANEL), (INK, PANEL), (BLACK, WHITE),
             (WHITE, TERRAIN), (BLACK, GOLD), (BLACK, NEUTRAL), (INK, YELLOW), (WHITE, BLACK),
             (COLOURS["A"], WHITE), (COLOURS["B"], WHITE), (GREY, WHITE), (MUTED, zg), (GRID, zg)]
    for s, zone in (("A", za), ("B", zb)):
        pairs += [(DARK[s], WHITE), (DARK[s], PANEL), (DARK[s], zone), (WHITE, COLOURS[s]),
                  (WHITE, DARK[s]), (DARK[s], COLOURS[s]), (BLACK, COLOURS[s]), (BLACK, zone),
                  (GRID, zone), (INK, zone)]
    flat = list(dict.fromkeys(flat))
    blends = []
    for fg, bg in pairs:
        for k in range(1, 6):
            a = k / 6
            c = tuple(round(f * a + b * (1 - a)) for f, b in zip(fg, bg))
            if c not in flat and c not in blends:
                blends.append(c)
    # Pillow maps colours through a coarse cache, so a blend close to a flat colour can steal
    # it: drop such blends until every flat colour maps onto itself.
    probe = Image.new("RGB", (len(flat), 1))
    probe.putdata(flat)
    while True:
        colours = flat + blends
        assert len(colours) <= 256, len(colours)
        pal = Image.new("P", (1, 1))
        pal.putpalette([v for c in colours for v in c] + [0, 0, 0] * (256 - len(colours)))
        got = probe.quantize(palette=pal, dither=Image.Dither.NONE)
        wrong = {colours[i] for i, want in zip(got.tobytes(), range(len(flat))) if i != want}
        if not wrong & set(blends):
            return pal
        blends = [c for c in blends if c not in wrong]


_TABLES: dict[bytes, tuple] = {}


def render(view: dict, seat: str | None = None, lang: str | None = None) -> Rendered:
    """The image (on the fixed palette), the labels placed on the table and every text drawn."""
    tr = translator(lang)
    m = view["mission"]
    w, h = m["table"]["w"], m["table"]["h"]
    lay = layout(view, lang)
    ppi = lay.ppi

    def px(x: float, y: float) -> tuple[float, float]:
        return lay.px(x, y, h)

    def box(rect) -> list[float]:
        x0, y1 = px(rect[0], rect[1])
        x1, y0 = px(rect[2], rect[3])
        return [x0, y0, x1, y1]

    left, top = SIDE, lay.top
    right, bottom = SIDE + lay.table_w, lay.top + lay.table_h
    labels = Labels((left + 1, top + 1, right - 1, bottom - 1))
    owner = {side: s for s, side in (view["zone_of"] or {}).items()}

    def table(d: _Draw) -> None:
        """What depends on the mission and the zones' owners only: zones, grid, Forward
        Deployment limits, centre line, exclusion hatching, terrain, objectives."""
        # zones at 20 % of the owner's colour, grey before §6
        for side, rect in m["zones"].items():
            colour = COLOURS[owner[side]] if side in owner else GREY
            d.rectangle(box(rect), fill=tint(colour))

        # grid every 4", labels every 8"
        small = font(SMALL)
        for i in range(0, int(w) + 1, 4):
            x = px(i, 0)[0]
            d.line([x, top, x, bottom], fill=GRID, width=1)
            if i % 8 == 0:
                d.text((x, bottom + 5), f"{i}\"" if i else "0", fill=MUTED, font=small, anchor="mt")
        for j in range(0, int(h) + 1, 4):
            yy = px(0, j)[1]
            d.line([left, yy, right, yy], fill=GRID, width=1)
            if j % 8 == 0:
                d.text((left - 5, yy), str(j), fill=MUTED, font=small, anchor="rm")

        # Forward Deployment limits, thin dotted lines, labelled in the right margin (§9.2)
        for side, rect in m["zones"].items():
            colour = COLOURS[owner[side]] if side in owner else GREY
            for depth, name in ((4, "fd1"), (8, "fd2")):
                yy = min(rect[3] + depth, h / 2) if side == "south" else max(rect[1] - depth, h / 2)
                py = round(px(0, yy)[1])
                _dashes(d, left, right, py, 3, 4, colour, 2)
                d.text((right + 3, py), name, fill=colour, font=small, anchor="lm")

        # dashed centre line
        _dashes(d, left, right, round(px(0, h / 2)[1]), 12, 8, BLACK, 2)

        # exclusion zones: yellow hatching
        for rect in m["exclusion"]:
            b = [round(v) for v in box(rect)]
            bw, bh = b[2] - b[0], b[3] - b[1]
            if bw <= 0 or bh <= 0:
                continue
            d._image.paste(_index(YELLOW), tuple(b), _hatch(bw, bh))
            d.rectangle(b, outline=YELLOW, width=2)

        # terrain: dark grey (its labels are placed later, clear of the troopers)
        for piece in m["terrain"]:
            d.rectangle(box(piece["rect"]), fill=TERRAIN)
        for items, colour in ((m["objectives"], GOLD), (m["neutral"], NEUTRAL)):
            for o in items:
                r = o["d_mm"] / 25.4 / 2 * ppi
                cx, cy = px(o["x"], o["y"])
                d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=BLACK, width=2)

    # the table layer, drawn once per mission, owners and size, then copied
    key = orjson.dumps([m, sorted(owner.items()), lay.size, lay.top, lay.table_w, lay.table_h, ppi],
                       option=orjson.OPT_SORT_KEYS)
    hit = _TABLES.get(key)
    if hit is None:
        base = Image.new("P", lay.size, _index(WHITE))
        base.putpalette(_palette().getpalette())
        bd = _Draw(base)
        table(bd)
        if len(_TABLES) > 64:
            _TABLES.clear()
        hit = _TABLES[key] = (base, bd.texts)
    img = hit[0].copy()
    d = _Draw(img)
    d.texts.extend(hit[1])

    # header
    y = 14
    for text, f, colour in lay.header:
        d.text((SIDE, y), _fit(text, f, WIDTH - 2 * SIDE), fill=colour, font=f)
        y += f.size + 10

    bold, body = font(BODY, True), font(SMALL)
    for piece in m["terrain"]:
        labels.solid.append(tuple(box(piece["rect"])))
    objects = []
    for items in (m["objectives"], m["neutral"]):
        for o in items:
            r = o["d_mm"] / 25.4 / 2 * ppi
            cx, cy = px(o["x"], o["y"])
            objects.append((o, cx, cy, r))
            labels.solid.append((cx - r, cy - r, cx + r, cy + r))

    # troopers (§14.3), before the table labels so labels can avoid them
    for s in ("A", "B"):
        for t in view["rosters"][s]:
            if t["placed"]:
                labels.solid.append(_trooper(d, px, ppi, s, t))

    # zone names along the table's edge
    for side, rect in m["zones"].items():
        b = box(rect)
        name = tr(f"{side.upper()} ZONE")
        if side in owner:
            name += f" · {who(view, owner[side])}"
        colour = DARK[owner[side]] if side in owner else MUTED
        f = font(BODY, True)
        spots = ([(b[0] + 8, b[3] - 6, "ld"), (b[2] - 8, b[3] - 6, "rd")] if side == "south"
                 else [(b[0] + 8, b[1] + 6, "la"), (b[2] - 8, b[1] + 6, "ra")])
        _label(d, labels, name, f, spots, colour, halo=tint(COLOURS[owner[side]] if side in owner else GREY))

    for piece in m["terrain"]:
        b = box(piece["rect"])
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        kind = tr(piece["label"]) if piece.get("label") else ""
        two = _text_box(piece["id"], bold, 0, 0, "mm")
        kb = _text_box(kind, body, 0, 0, "mm") if kind else (0, 0, 0, 0)
        bw, bh = b[2] - b[0], b[3] - b[1]
        if kind and max(two[2] - two[0], kb[2] - kb[0]) < bw - 4 and (two[3] - two[1]) + (kb[3] - kb[1]) < bh - 4:
            ib = _text_box(piece["id"], bold, cx, cy - 1, "md")
            kbx = _text_box(kind, body, cx, cy + 1, "mt")
            d.text((cx, cy - 1), piece["id"], fill=WHITE, font=bold, anchor="md")
            d.text((cx, cy + 1), kind, fill=WHITE, font=body, anchor="mt")
            labels.take(piece["id"], ib)
            labels.take(kind, kbx)
            continue
        text = f"{piece['id']} {kind}".strip()
        inside = _text_box(text, bold, cx, cy, "mm")
        if inside[2] - inside[0] < bw - 2 and inside[3] - inside[1] < bh - 2:
            d.text((cx, cy), text, fill=WHITE, font=bold, anchor="mm")
            labels.take(text, inside)
            continue
        _label(d, labels, text, bold, _around(b), INK, halo=WHITE)

    # objective and neutral ids inside the circle when it is big enough, else beside it
    for o, cx, cy, r in objects:
        ib = _text_box(o["id"], bold, cx, cy, "mm")
        if ib[2] - ib[0] <= 2 * r + 2 and ib[3] - ib[1] <= 2 * r:
            d.text((cx, cy), o["id"], fill=BLACK, font=bold, anchor="mm")
            labels.take(o["id"], ib)
        else:
            _label(d, labels, o["id"], bold, _around((cx - r, cy - r, cx + r, cy + r)), INK, halo=WHITE)

    for rect in m["exclusion"]:
        b = box(rect)
        spots = [(b[0] + 8, (b[1] + b[3]) / 2, "lm"), (b[2] - 8, (b[1] + b[3]) / 2, "rm"),
                 ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, "mm")] + _around(b)
        _label(d, labels, tr("EXCLUSION ZONE"), font(BODY, True), spots, INK, halo=YELLOW)

    # table outline
    d.rectangle([left, top, right, bottom], outline=BLACK, width=2)

    # private marks beside the owner's hidden troopers and Lieutenant (their rings are drawn with the token)
    for s in ("A", "B"):
        for t in view["rosters"][s]:
            marks = [tr(m) for m, on in (("hidden", t.get("hidden") and not t["revealed"]),
                                         ("Lieutenant", t.get("lt"))) if on]
            if t["placed"] and marks:
                cx, cy = px(t["placed"]["x"], t["placed"]["y"])
                r = t["base_mm"] / 25.4 / 2 * ppi + 5
                _label(d, labels, f"{t['id']} " + ", ".join(marks), font(SMALL, True),
                       _around((cx - r, cy - r, cx + r, cy + r))[::-1], DARK[s], halo=PRIVATE_ROW)

    _paste_legend(d, view, lay, tr)
    return Rendered(img, labels.drawn, d.texts)


def _label(d, labels: Labels, text: str, f, spots, colour, halo=None) -> None:
    got = labels.place(text, f, spots)
    if got is None:              # no free spot at all: the label is left out rather than overlap
        return
    x, y, anchor, b = got
    if halo is not None:
        d.rectangle(b, fill=halo)
    d.text((x, y), text, fill=colour, font=f, anchor=anchor)
    labels.take(text, b)


def _dashes(d, x0: float, x1: float, y: int, on: int, off: int, colour, width: int) -> None:
    """A dashed horizontal line, pasted through a mask drawn once per process (a line of
    a few hundred dashes was a fifth of a picture's drawing)."""
    x0, x1 = round(x0), round(x1)
    mask, top = _dash_mask(x1 - x0, on, off, width)
    d._image.paste(_index(colour) if isinstance(colour, tuple) else colour, (x0, y - top), mask)


@lru_cache(maxsize=32)
def _dash_mask(length: int, on: int, off: int, width: int) -> tuple[Image.Image, int]:
    top = width                          # room above and below the centre line for the width
    mask = Image.new("1", (length + 1, 2 * width + 1), 0)
    md = ImageDraw.Draw(mask)
    for x in range(0, length, on + off):
        md.line([x, top, min(x + on - 1, length), top], fill=1, width=width)
    return mask, top


@lru_cache(maxsize=16)
def _hatch(bw: int, bh: int) -> Image.Image:
    mask = Image.new("L", (bw, bh), 0)
    md = ImageDraw.Draw(mask)
    for i in range(0, bw + bh, 14):
        md.line([i, 0, i - bh, bh], fill=255, width=4)
    return mask


def _trooper(d: ImageDraw.ImageDraw, px, ppi: float, seat: str, t: dict) -> tuple:
    """A token at true base size; returns its box (label avoidance)."""
    p = t["placed"]
    cx, cy = px(p["x"], p["y"])
    r = t["base_mm"] / 25.4 / 2 * ppi
    bbox = [cx - r, cy - r, cx + r, cy + r]
    hidden = t.get("hidden") and not t["revealed"]
    d.ellipse(bbox, fill=COLOURS[seat], outline=BLACK, width=2)
    if hidden:                                   # dashed ring outside the base, private image only
        ring = [cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4]
        for a in range(0, 360, 30):
            d.arc(ring, a, a + 16, fill=BLACK, width=3)
    # facing tick: 0 = north, clockwise
    rad = math.radians(p["facing"])
    dx, dy = math.sin(rad), -math.cos(rad)
    d.line([cx + dx * (r - 1), cy + dy * (r - 1), cx + dx * (r + 10), cy + dy * (r + 10)], fill=BLACK, width=3)
    number = t["id"][1:]
    f = font(BODY if len(number) < 3 else MARK, True)
    d.text((cx, cy + 1), number, fill=WHITE, font=f, anchor="mm", stroke_width=1, stroke_fill=DARK[seat])
    if p["prone"]:                               # black "P" badge
        bx, by = cx + r * 0.55, cy - r * 0.55 - 14
        d.rectangle([bx, by, bx + 13, by + 16], fill=BLACK)
        d.text((bx + 7, by + 8), "P", fill=WHITE, font=font(MARK, True), anchor="mm")
    if t.get("lt"):                              # star on the owner's Lieutenant
        _star(d, cx - r - 3, cy - r - 3, 10)
    return (cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4)


def _star(d, cx, cy, r) -> None:
    points = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        points.append((cx + rr * math.cos(a), cy - rr * math.sin(a)))
    d.polygon(points, fill=STAR, outline=BLACK)


@lru_cache(maxsize=2048)
def _fit(text: str, f, width: float) -> str:
    """The text, shortened with an ellipsis so it fits `width` pixels."""
    if _length(text, f) <= width:
        return text
    while text and _length(text + "…", f) > width:
        text = text[:-1]
    return text + "…"


# the rosters under the table (§14.3) ------------------------------------------------------------

COLUMNS = (("id", 0), ("name", 42), ("WIP", 248), ("PH", 286), ("S", 320), ("base", 342),
           ("skills", 386), ("status", 462))
COLUMN_W = (WIDTH - 2 * SIDE - 20) // 2


def _status_word(t: dict, phase: str, tr=translator(None)) -> str:
    if phase == "rosters":
        return tr("entered")
    status = tr({"reserve": "reserve-to-come"}.get(t["status"], t["status"]))
    if t["placed"] and t["placed"]["prone"]:
        status += ", " + tr("prone")
    return status


def _marks(t: dict) -> str:
    """After the name: the owner's Lieutenant, a hidden trooper (private), a revealed one."""
    return ((" ★Lt" if t.get("lt") else "")
            + (" (revealed)" if t["revealed"] else " (hidden)" if t.get("hidden") else ""))


_LEGENDS: dict[bytes, tuple] = {}


def _paste_legend(d, view: dict, lay: Layout, tr=translator(None)) -> None:
    """The rosters under the table, drawn once per content and pasted: most pictures of a
    game repeat the legend of the one before (it was half of a picture's drawing)."""
    key = orjson.dumps([view["rosters"], view["zone_of"], view["player1"], view["phase"], view["locked"],
                        [who(view, s) for s in ("A", "B")], lay.size[1] - lay.legend_top, tr("ready")],
                       option=orjson.OPT_SORT_KEYS)
    hit = _LEGENDS.get(key)
    if hit is None:
        top = lay.legend_top - 14
        part = Image.new("P", (WIDTH, lay.size[1] - top), _index(PANEL))
        part.putpalette(_palette().getpalette())
        pd = _Draw(part)
        _legend(pd, view, replace(lay, legend_top=14, size=part.size), tr)
        if len(_LEGENDS) > 256:
            _LEGENDS.clear()
        hit = _LEGENDS[key] = (part, pd.texts)
    part, texts = hit
    d._image.paste(part, (0, lay.legend_top - 14))
    d.texts.extend(texts)


def _legend(d, view: dict, lay: Layout, tr=translator(None)) -> None:
    y0 = lay.legend_top
    d.rectangle([0, y0 - 14, WIDTH, lay.size[1]], fill=PANEL)
    head, body = font(HEAD, True), font(BODY)
    for i, s in enumerate(("A", "B")):
        x = SIDE + i * (COLUMN_W + 20)
        roster = view["rosters"][s]
        bits = [who(view, s)]
        if view["zone_of"]:
            bits.append(tr(f"{view['zone_of'][s]} zone"))
        if view["player1"]:
            bits.append(tr("Player 1" if view["player1"] == s else "Player 2"))
        if view["phase"] == "rosters":
            bits.append(tr("ready" if view["locked"][s] else "entering roster"))
        d.text((x, y0), _fit(" · ".join(bits), head, COLUMN_W), fill=DARK[s], font=head)
        y = y0 + 30
        for name, off in COLUMNS:
            d.text((x + off, y), tr(name), fill=MUTED, font=font(SMALL))
        y += ROW
        if not roster:
            d.text((x, y), tr("no public trooper yet"), fill=MUTED, font=body)
        for t in roster:
            private = bool(t.get("lt") or (t.get("hidden") and not t["revealed"]))   # only its owner sees it
            mark = _marks(t)
            name_w = COLUMNS[2][1] - COLUMNS[1][1] - 6 - _length(mark, body)
            cells = (t["id"], _fit(t["name"], body, name_w) + mark, str(t["wip"]), str(t["ph"]), str(t["s"]),
                     f"{t['base_mm']}", ",".join(t["skills"]) or "–", _status_word(t, view["phase"], tr))
            row, texts = _roster_row(s, cells, private, t["status"] == "pending" and not t["placed"])
            d._image.paste(row, (x - 4, y - 2))
            d.texts.extend(texts)
            y += ROW


@lru_cache(maxsize=1024)
def _roster_row(seat: str, cells: tuple, private: bool, pending: bool) -> tuple[Image.Image, list]:
    """One trooper's row of the legend, drawn once per content: (image, its texts)."""
    img = Image.new("P", (COLUMN_W + 4, ROW), _index(PANEL))
    img.putpalette(_palette().getpalette())
    d = _Draw(img)
    if private:
        d.rectangle([0, 0, COLUMN_W, ROW - 2], fill=PRIVATE_ROW)
    body, bold = font(BODY), font(BODY, True)
    for (name, off), value, nxt in zip(COLUMNS, cells, [c[1] for c in COLUMNS[1:]] + [COLUMN_W]):
        f = bold if name == "id" else body
        colour = INK if name == "status" and pending else DARK[seat]
        d.text((off + 4, 2), _fit(value, f, nxt - off - 6), fill=colour, font=f)
    return img, d.texts
