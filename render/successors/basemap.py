"""The base map of a frame, built once per process and language (`base`): sea, land,
provinces and their borders, roads, passes, straits and lanes, every space's empty symbol,
the space names and province labels each where it is free, and the fixed 256-colour palette
every render of the frame draws in."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from core.games.successors.board import BOARD
from render.i18n import language, translator
from render.successors.colours import (
    BATTLE,
    BORDER,
    COAST,
    FREE,
    GOLD,
    INDEP,
    INK,
    LANE,
    NAMED,
    PANEL_BG,
    PANEL_LINE,
    PASS,
    REGION_LAND,
    ROAD,
    SEA,
    SIEGE,
    STRAIT,
    TRANSIT,
    WHITE,
    ink_on,
)
from render.successors.geometry import CONF, Frame, convex_hull, frame, voronoi
from render.successors.panels import LEGEND_ROWS, block
from render.successors.placement import Boxes, Occupancy
from render.successors.sprites import chip, counter, dashed_line, paste, symbol, symbol_radius, text_sprite


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
            r = symbol_radius(f, BOARD.spaces[s]["type"]) + 2
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
        sp = chip("3SP", SIEGE, WHITE, self.f.k(10), self.f.k(2))
        paste(swatch, sp, (legend.width + 4, y))
        txt = text_sprite("Successors · Turn III Strategy round 4 Champion Diadochos 0123456789", 13, INK, True)
        paste(swatch, txt, (legend.width + 4, y + 30))
        w, h = self.image.size
        both = Image.new("RGB", (max(w, swatch.width), h + swatch.height), PANEL_BG)
        both.paste(self.image, (0, 0))
        both.paste(swatch, (0, h))
        exact = [SEA, COAST, LANE, BORDER, ROAD, PASS, STRAIT, INK, WHITE, GOLD, PANEL_BG, PANEL_LINE,
                 INDEP, FREE, TRANSIT, (214, 214, 214), (200, 205, 215), (140, 90, 40), (60, 60, 60),
                 SIEGE, BATTLE, (120, 92, 60), (92, 70, 50), *NAMED.values(), *_province_shades().values()]
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
            hull = convex_hull([p1(sid) for sid in group])
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
                dashed_line(d, pa, pb, LANE, max(1, round(1.3 * u)), f.k(3), f.k(4))
            elif kind == "trans":
                dashed_line(d, pa, pb, LANE, max(2, round(2 * u)), f.k(12), f.k(8))
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
            r = symbol_radius(f, sp["type"]) + 2
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
        regions.json ("province_short"), then the code. A province with no space
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

