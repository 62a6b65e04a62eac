"""The small images a map is assembled from, drawn in RGBA and cached: space symbols (§1.9),
text, chips, force counters, legend samples and dashed lanes."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.successors.colours import BATTLE, FREE, HALO, INK, LANE, PASS, ROAD, SIEGE, STRAIT, TRANSIT, WHITE, ink_on
from render.successors.geometry import Frame


def symbol_radius(f: Frame, kind: str) -> int:
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


def dashed_line(d: ImageDraw.ImageDraw, a, b, fill, width, dash, gap):
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        d.line([(a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e)], fill=fill, width=width)
        t = e + gap


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


def mark_width(u: float) -> int:
    """The last activation's path: its line's width (an ink edge of 2 px either side)."""
    return max(4, round(6 * u))


@lru_cache(maxsize=16)
def battle_mark(u: float) -> Image.Image:
    """A battle of the last activation: a ten-point burst under the space's symbol."""
    outer, inner = 24 * u, 13 * u
    c = math.ceil(outer) + 2
    img = Image.new("RGBA", (2 * c + 1, 2 * c + 1), (0, 0, 0, 0))
    pts = [(c + (outer if i % 2 == 0 else inner) * math.cos(math.radians(i * 18 - 90)),
            c + (outer if i % 2 == 0 else inner) * math.sin(math.radians(i * 18 - 90))) for i in range(20)]
    ImageDraw.Draw(img).polygon(pts, fill=BATTLE, outline=INK, width=max(1, round(1.2 * u)))
    return img


@lru_cache(maxsize=16)
def assault_mark(u: float) -> Image.Image:
    """An assault of the last activation (or a Surrender roll): a siege-red ring with eight
    outward ticks, the lines round a besieged city, under its symbol."""
    r, w, tick = 14 * u, max(3, round(4 * u)), 6 * u
    c = math.ceil(r + tick) + 3
    img = Image.new("RGBA", (2 * c + 1, 2 * c + 1), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for colour, extra in ((WHITE, 2), (SIEGE, 0)):
        d.ellipse([c - r - extra, c - r - extra, c + r + extra, c + r + extra], outline=colour, width=w + 2 * extra)
        for i in range(8):
            a = math.radians(i * 45 + 22.5)
            d.line([(c + (r - 1) * math.cos(a), c + (r - 1) * math.sin(a)),
                    (c + (r + tick) * math.cos(a), c + (r + tick) * math.sin(a))], fill=colour, width=w + 2 * extra)
    return img


def _mark_sample(kind: str, colour: tuple, u: float) -> Image.Image:
    """A legend sample of the last activation's marks: its path by land or by sea, in the
    mover's colour (`kind` march, sea), a battle burst or an assault ring, at panel size."""
    if kind == "battle":
        return battle_mark(u * 0.55)
    if kind == "assault":
        return assault_mark(u * 0.55)
    w, h = round(30 * u), round(14 * u)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    y, lw = h // 2, max(3, round(4 * u))
    end = w - round(8 * u)
    if kind == "sea":
        dashed_line(d, (0, y), (end, y), INK, lw + 2, round(6 * u), round(4 * u))
        dashed_line(d, (1, y), (end - 1, y), colour, lw - 1, round(6 * u) - 2, round(4 * u) + 2)
    else:
        d.line([(0, y), (end, y)], fill=INK, width=lw + 2)
        d.line([(1, y), (end, y)], fill=colour, width=lw - 1)
    d.polygon([(w - 1, y), (end - 2, y - h // 2 + 1), (end - 2, y + h // 2 - 1)], fill=colour, outline=INK)
    return img


@lru_cache(maxsize=64)
def key_sprite(key: str, u: float) -> Image.Image:
    """A legend sample: a space symbol (``MAJ``, ``MIN:port``...), a connection kind, or a
    mark of the last activation (``mark:battle``, ``mark:assault``, ``mark:march:r,g,b``,
    ``mark:sea:r,g,b``)."""
    kind, _, port = key.partition(":")
    if kind in ("MAJ", "MIN", "STR", "TRN"):
        return symbol(kind, port == "port", FREE, u)
    if kind == "mark":
        what, _, rgb = port.partition(":")
        return _mark_sample(what, tuple(int(v) for v in rgb.split(",")) if rgb else INK, u)
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
        dashed_line(d, (0, y), (w, y), LANE, max(1, round(1.3 * u)), round(3 * u), round(4 * u))
    elif kind == "trans":
        dashed_line(d, (0, y), (w, y), LANE, max(2, round(2 * u)), round(9 * u), round(6 * u))
    return img

