"""The StarCraft galaxy (starcraft.md §16), drawn from a view only (never the state).

Sized for a phone showing it 1280 px wide (issue 16): the galaxy of §16.1-16.5, laid out
in the spec's 1000 × 1000 px coordinates, is drawn S = 1.28 times larger, 1280 × 1280, and
the status panel of §16.6 goes under it at full width (players in two columns) instead of
the spec's 400 px strip on the right, so no text is under 16 px at that width. Planets are
circles of radius 95 (spec px) split into quarters A top-left, B top-right, C bottom-right,
D bottom-left (§16.2); routes straight, Z-axis dashed (§16.3); units are 14 px squares with
a letter, bases 22 px houses (§16.4); order stacks are columns of discs with no type
(§16.5). The static layer (space, routes, planets, labels) is drawn once and cached; each
call copies it and adds the pieces. The public view holds no order type, hand or event
card, so the public picture cannot show one (§14). A seat's private view holds them for
that seat alone: his private picture marks each of his face-down orders with its type
(M, B, R; * special) and adds, under the panel, his combat and event cards by name, the
rest being the public picture pixel for pixel. The last order resolved (the view's
``last_order``, revealed as it resolved) is marked in white: the areas it moved or built
into (or its planet's rim), a dashed arrow from where its units came; a panel line is its key.

    python -m render.starcraft examples/      # writes starcraft-battle.png and starcraft-battle-private-P3.png
"""
from __future__ import annotations

import argparse
import random
import sys
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD
from core.games.starcraft.common import cp_value
from render.fonts import font as typeface
from render.i18n import translator

S = 1.28                    # output px per spec px (§16's coordinates)
GALAXY = round(1000 * S)    # the galaxy's side in output px
W = GALAXY
R = 95                      # a planet's radius in spec px
# text sizes in output px: nothing under 16 (legible on a phone 1280 px wide)
TEXT = {"planet": 22, "quarter": 17, "limit": 16, "route": 17, "unit": 16, "title": 26, "line": 19,
        "small": 17, "track": 16}
PANEL_TOP = GALAXY          # the panel's first row
COL_W = W // 2              # a player's column


def sc(v: float) -> int:
    """A spec length or coordinate in output px."""
    return round(v * S)


def spx(x: float, y: float) -> tuple[int, int]:
    """A spec point in output px."""
    return sc(x), sc(y)
SPACE = (14, 18, 30)
PANEL = (26, 30, 44)
INK = (235, 238, 245)
DIM = (150, 156, 172)
ROUTE = (110, 120, 150)
RED = (235, 50, 50)
KIND = {"minerals": (70, 130, 200), "gas": (60, 160, 110), "cp": (200, 160, 50)}
QUARTERS = {"A": (180, 270, -1, -1), "B": (270, 360, 1, -1), "C": (0, 90, 1, 1), "D": (90, 180, -1, 1)}
SHORT = {"minerals": "M", "gas": "G", "cp": "CP"}


def rgb(hex_colour: str) -> tuple:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


COLOURS = {f: rgb(d["colour"]) for f, d in BOARD.factions.items()}


def font(size: int):
    """DejaVu Sans, not condensed (render.fonts)."""
    return typeface(size, condensed=False)


def tint(colour: tuple, alpha: float) -> tuple:
    return tuple(round(c * alpha + b * (1 - alpha)) for c, b in zip(colour, (44, 50, 66)))


def route_anchor(rid: str) -> tuple[float, float]:
    """§16.3: the label and transports sit at the midpoint; R14 at 30 % from KOR."""
    a, b = (BOARD.planets[p]["centre"] for p in BOARD.routes[rid]["planets"])
    t = 0.3 if rid == "R14" else 0.5
    if rid == "R14" and BOARD.routes[rid]["planets"][0] != "KOR":
        t = 0.7
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _dashed(d, a, b, fill, width=3, dash=14, gap=10):
    """A dashed line between two output points; width, dash and gap in spec px."""
    (x0, y0), (x1, y1) = a, b
    width, dash, gap = sc(width), sc(dash), sc(gap)
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    n = int(length // (dash + gap)) + 1
    for i in range(n):
        s, e = i * (dash + gap) / length, min(1.0, (i * (dash + gap) + dash) / length)
        d.line([(x0 + (x1 - x0) * s, y0 + (y1 - y0) * s), (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)],
               fill=fill, width=width)


def centre(planet: str) -> tuple[int, int]:
    """A planet's centre in output px."""
    return spx(*BOARD.planets[planet]["centre"])


def quarter_box(planet: str, letter: str) -> tuple[int, int]:
    """Top-left corner (output px) of the square of a quarter that lies inside the circle
    (64 spec px a side)."""
    cx, cy = BOARD.planets[planet]["centre"]
    _, _, sx, sy = QUARTERS[letter]
    return spx(cx + (-67 if sx < 0 else 3), cy + (-67 if sy < 0 else 3))


def unit_xy(planet: str, letter: str, i: int) -> tuple[int, int]:
    """Top-left corner (output px) of the i-th unit square of a quarter (4 a row)."""
    x0, y0 = quarter_box(planet, letter)
    return x0 + sc(2) + (i % 4) * sc(16), y0 + sc(20) + (i // 4) * sc(16)


def stack_xy(planet: str, i: int) -> tuple[int, int]:
    """Centre (output px) of the i-th disc of a planet's order stack, bottom to top (§16.5)."""
    cx, cy = BOARD.planets[planet]["centre"]
    return spx(cx + R + 14, cy + 40 - i * 17)


BASE_FILL, EDGE, WHITE, BLACK, GOLD, CARD = (44, 50, 66), (90, 98, 120), (255, 255, 255), (0, 0, 0), \
    (255, 220, 120), (160, 210, 255)
# one fixed palette for every layer and sprite, so pasted pixels keep their colours
PALETTE = [SPACE, PANEL, INK, DIM, ROUTE, RED, *KIND.values(), BASE_FILL, EDGE, WHITE, BLACK, GOLD, CARD,
           *COLOURS.values(), *(tint(c, 0.35) for c in COLOURS.values())]


INDEX = {c: i for i, c in reversed(list(enumerate(PALETTE)))}


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """A text's 1-bit mask, as ImageDraw draws text on a palette image, and its offset from
    the anchor point: rendered once per process, pasted on every picture (FreeType was
    70 % of a draw)."""
    f = font(size)
    x0, y0, x1, y1 = f.getbbox(text, anchor=anchor)
    x0, y0, x1, y1 = x0 - 1, y0 - 1, x1 + 2, y1 + 1         # the 1-bit glyphs may pass the box by a pixel
    mask = Image.new("1", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=f, fill=1, anchor=anchor)
    return mask, x0, y0


def text(img: Image.Image, xy, words: str, size: int, fill: tuple, anchor: str = "la") -> None:
    """`ImageDraw.text` from the glyph cache."""
    _text(img, xy, words, size, fill, anchor)


def _text(img: Image.Image, xy, words: str, size: int, fill: tuple, anchor: str = "la") -> None:
    mask, dx, dy = _glyphs(words, size, anchor)
    img.paste(INDEX[fill], (round(xy[0]) + dx, round(xy[1]) + dy), mask)


@lru_cache(maxsize=4096)
def text_length(words: str, size: int) -> float:
    return font(size).getlength(words)


def blank(size) -> Image.Image:
    img = Image.new("P", size, 0)
    flat = [v for c in PALETTE for v in c]
    img.putpalette(flat + [0] * (768 - len(flat)))
    return img


def _pie_box(planet: str) -> list[int]:
    cx, cy = centre(planet)
    r = sc(R)
    return [cx - r, cy - r, cx + r, cy + r]


def _label_quarters(d, fill_for, values: frozenset = frozenset()) -> None:
    """Each quarter's fill and its label: letter, kind and value (`values`: the CP areas whose value
    in this game differs from the printed one, as (area, value) pairs: rules 3, §2.2), limit."""
    changed = dict(values)
    for aid, a in BOARD.areas.items():
        planet, letter = a["planet"], aid[-1]
        start, end, _, _ = QUARTERS[letter]
        d.pieslice(_pie_box(planet), start, end, fill=fill_for(aid), outline=EDGE)
        x0, y0 = quarter_box(planet, letter)
        value = changed.get(aid, a["value"])
        d.text((x0 + 2, y0 + 1), f"{letter} {SHORT[a['kind']]}{value}", font=font(TEXT["quarter"]),
               fill=KIND[a["kind"]])
        d.text((x0 + sc(64) - 1, y0 + 1), f"L{a['limit']}", font=font(TEXT["limit"]), fill=DIM, anchor="ra")


def height(seats: int) -> int:
    """The picture's height for a number of players: the galaxy, the panel's head and a
    row of two player columns for every two players."""
    return PANEL_TOP + PANEL_HEAD + ((max(1, seats) + 1) // 2) * PLAYER_H + 10


PANEL_HEAD = 170            # round, phase, deck, the conquest track
PLAYER_H = 150              # a player's block


def cp_changes(view: dict) -> frozenset:
    """The CP areas whose value in this game differs from the printed one (rules 3, §2.2)."""
    return frozenset((a, cp_value(view, a)) for a, d in BOARD.areas.items()
                     if d["kind"] == "cp" and cp_value(view, a) != d["value"])


@lru_cache(maxsize=8)
def static_layer(h: int, values: frozenset = frozenset()) -> Image.Image:
    """Space, panel, routes and their labels, planets with their labelled quarters."""
    img = blank((W, h))
    d = ImageDraw.Draw(img)
    d.rectangle([0, GALAXY, W, h], fill=PANEL)
    for rid in BOARD.route_order:                                         # §16.3 routes
        a, b = (centre(p) for p in BOARD.routes[rid]["planets"])
        if BOARD.routes[rid]["kind"] == "z-axis":
            _dashed(d, a, b, ROUTE)
        else:
            d.line([a, b], fill=ROUTE, width=sc(3))
    for rid in BOARD.route_order:
        x, y = spx(*route_anchor(rid))
        d.text((x - sc(16), y), rid, font=font(TEXT["route"]), fill=DIM, anchor="rm")
    _label_quarters(d, lambda aid: BASE_FILL, values)                     # §16.2 planets
    for code, p in BOARD.planets.items():
        cx, cy = p["centre"]
        label = f"{p['name']} ({code})"
        big = font(TEXT["planet"])
        if code in ("CHR", "AIU"):          # the centre column: left of the circle, off the routes
            d.text(spx(cx - R - 8, cy), label, font=big, fill=INK, anchor="rm")
        elif code == "BRA":
            d.text(spx(cx, cy + R + 12), label, font=big, fill=INK, anchor="mm")
        else:
            d.text(spx(cx, cy - R - 12), label, font=big, fill=INK, anchor="mm")
    return img


@lru_cache(maxsize=16)
def tinted_layer(colour: tuple, values: frozenset = frozenset()) -> Image.Image:
    """Every quarter tinted in one faction's colour, labels redrawn: pasted per controlled area."""
    img = blank((W, GALAXY))
    _label_quarters(ImageDraw.Draw(img), lambda aid: tint(colour, 0.35), values)
    return img


@lru_cache(maxsize=32)
def quarter_mask(aid: str) -> tuple[tuple, Image.Image]:
    pie = _pie_box(BOARD.areas[aid]["planet"])
    box = (pie[0], pie[1], pie[2] + 1, pie[3] + 1)
    r = sc(R)
    mask = Image.new("1", (2 * r + 1, 2 * r + 1), 0)
    start, end, _, _ = QUARTERS[aid[-1]]
    ImageDraw.Draw(mask).pieslice([0, 0, 2 * r, 2 * r], start, end, fill=1)
    return box, mask


@lru_cache(maxsize=128)
def unit_sprite(colour: tuple, letter: str) -> Image.Image:
    side = sc(14)
    img = blank((side + 1, side + 1))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, side, side], fill=colour, outline=BLACK)
    d.text((side / 2 + 0.5, side / 2 + 0.5), letter, font=font(TEXT["unit"]), fill=WHITE, anchor="mm")
    return img


@lru_cache(maxsize=16)
def base_sprite(colour: tuple) -> tuple[Image.Image, Image.Image]:
    n = sc(22)
    img, mask = blank((n + 1, n + 1)), Image.new("1", (n + 1, n + 1), 0)
    shape = [(0, sc(9)), (n // 2, 0), (n, sc(9)), (n, n), (0, n)]
    ImageDraw.Draw(img).polygon(shape, fill=colour, outline=WHITE)
    ImageDraw.Draw(mask).polygon(shape, fill=1, outline=1)
    return img, mask


def panel_words(view: dict, lang: str | None = None) -> list[str]:
    """Every text the panel of `view` draws, in `lang` (for the tests)."""
    return _panel(blank((W, height(len(view["seats"])))), view, _colours(view), translator(lang))


def _colours(view: dict) -> dict:
    return {s: COLOURS[p["faction"]] if p["faction"] else DIM for s, p in view["p"].items()}


ORDER_LETTER = {"mobilize": "M", "build": "B", "research": "R"}


def own_seat(view: dict, seat: str | None) -> str | None:
    """`seat` when `view` is that seat's private view (his hand a list of cards), else None."""
    hand = ((view.get("p") or {}).get(seat) or {}).get("hand") if seat else None
    return seat if isinstance(hand, list) else None


def draw(view: dict, seat: str | None = None, lang: str | None = None, **options) -> Image.Image:
    """The galaxy and the panel of a view; the panel's words in `lang` (`render.i18n`).
    On `seat`'s private view, his order types and his cards too (`private_lines`)."""
    return _draw(view, seat, translator(lang))[0]


def words(view: dict, seat: str | None = None, lang: str | None = None) -> list[str]:
    """Every text the picture of `view` draws (the panel's, the order marks), for the tests."""
    return _draw(view, seat, translator(lang))[1]


def _draw(view: dict, seat: str | None, tr) -> tuple[Image.Image, list[str]]:
    seat = own_seat(view, seat)
    h = height(len(view["seats"]))
    lines = private_lines(view, seat, tr) if seat else []
    values = cp_changes(view)
    if lines:           # the private picture: the public one with the cards' lines under it
        img = blank((W, h + PRIVATE_TOP + len(lines) * PRIVATE_LINE))
        img.paste(static_layer(h, values), (0, 0))
        ImageDraw.Draw(img).rectangle([0, h, W, img.height], fill=PANEL)
    else:
        img = static_layer(h, values).copy()
    d = ImageDraw.Draw(img)
    said: list[str] = []
    factions = {s: p["faction"] for s, p in view["p"].items()}
    colour = {s: COLOURS[f] if f else DIM for s, f in factions.items()}
    areas = view["areas"]
    battle = (view.get("battle") or {}).get("area")
    for aid, info in areas.items():                                       # controlled quarters
        owners = {u["owner"] for u in info["units"]} | ({info["base"]} if info["base"] else set())
        if len(owners) == 1:
            box, mask = quarter_mask(aid)
            img.paste(tinted_layer(colour[next(iter(owners))], values).crop(box), box[:2], mask)
    _order_marks(d, view)                                                 # the last order resolved
    if battle:                                                            # §16.4 red outline
        start, end, _, _ = QUARTERS[battle[-1]]
        d.pieslice(_pie_box(BOARD.areas[battle]["planet"]), start, end, outline=RED, width=sc(4))
    for aid, info in areas.items():
        planet, letter = BOARD.areas[aid]["planet"], aid[-1]
        x0, y0 = quarter_box(planet, letter)
        for i, u in enumerate(info["units"][:8]):                        # §16.4 units
            img.paste(unit_sprite(colour[u["owner"]], BOARD.units[u["type"]]["letter"]), unit_xy(planet, letter, i))
        if info["base"]:                                                  # a 22 px house
            sprite, mask = base_sprite(colour[info["base"]])
            img.paste(sprite, (x0 + sc(40), y0 + sc(40)), mask)
    by_route: dict = {}
    for t in view["transports"]:                                          # transports near the anchor
        by_route.setdefault(t["route"], []).append(t["owner"])
    for rid, owners in by_route.items():
        x, y = spx(*route_anchor(rid))
        for i, o in enumerate(owners):
            off = sc((i - (len(owners) - 1) / 2) * 13)
            d.rectangle([x - sc(12), y + off - sc(5), x + sc(12), y + off + sc(5)], fill=colour[o], outline=WHITE)
    for planet, stack in view["stacks"].items():                          # §16.5 order stacks
        for i, o in enumerate(stack):
            x, y = stack_xy(planet, i)
            top = i == len(stack) - 1
            r = sc(7)
            d.ellipse([x - r, y - r, x + r, y + r], fill=colour[o["owner"]],
                      outline=WHITE if top else BLACK, width=2 if top else 1)
            if "type" in o:         # the owner's own face-down order: its type, on his picture only
                letter = ORDER_LETTER.get(o["type"], o["type"][:1].upper())
                _text(img, (x, y + 1), letter, TEXT["unit"], _ink_on(colour[o["owner"]]), "mm")
                said.append(letter)
                if o.get("special"):
                    _text(img, (x + r + 1, y - r), "*", TEXT["title"], GOLD, "la")
                    said.append("*")
    said += _panel(img, view, colour, tr)
    for i, (words_, fill) in enumerate(lines):
        _text(img, (18, h + PRIVATE_TOP // 2 + i * PRIVATE_LINE), words_, TEXT["line"], fill)
        said.append(words_)
    return img, said


MARK = WHITE       # the last order's marks: no faction's colour, clear on every tint and on space


def last_order(view: dict) -> dict | None:
    """The last order resolved (the view's ``last_order``: revealed and narrated as it
    resolved), when it names a planet of the board."""
    lo = view.get("last_order")
    return lo if isinstance(lo, dict) and lo.get("planet") in BOARD.planets else None


def _order_marks(d, view: dict) -> None:
    """The last order resolved, in white: every area it moved or built into outlined (with
    none, as for a research, its planet's rim) (under the battle's red outline), and a dashed arrow from each planet
    its units came from (the areas they left outlined thinner)."""
    lo = last_order(view)
    if not lo:
        return
    planet = lo["planet"]
    if not lo.get("areas"):          # research, or a transport only: the planet's rim
        d.ellipse(_pie_box(planet), outline=MARK, width=sc(3))
    for key, width in (("from", 2), ("areas", 5)):
        for aid in lo.get(key) or ():
            if aid in BOARD.areas:
                start, end, _, _ = QUARTERS[aid[-1]]
                d.pieslice(_pie_box(BOARD.areas[aid]["planet"]), start, end, outline=MARK, width=sc(width))
    sources = sorted({BOARD.areas[a]["planet"] for a in lo.get("from") or () if a in BOARD.areas} - {planet})
    for src in sources:
        (x0, y0), (x1, y1) = centre(src), centre(planet)
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        rim = sc(R + 6)
        a, tip = (x0 + ux * rim, y0 + uy * rim), (x1 - ux * rim, y1 - uy * rim)
        back, half = sc(22), sc(10)
        bx, by = tip[0] - ux * back, tip[1] - uy * back
        _dashed(d, a, (bx, by), MARK, width=5, dash=16, gap=9)
        d.polygon([tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)], fill=MARK,
                  outline=BLACK)


def last_order_line(view: dict, tr) -> str | None:
    """The panel's key to the white marks: which order, whose, on which planet, into which areas."""
    lo = last_order(view)
    if not lo:
        return None
    kind = tr(ORDER_NAME.get(lo.get("type"), str(lo.get("type"))))
    line = tr("Last order: #{id} {kind} by {name} on {planet}").format(
        id=lo.get("id"), kind=kind + ("*" if lo.get("special") else ""), name=_name(view, lo.get("seat")),
        planet=BOARD.planets[lo["planet"]]["name"])
    areas = [a for a in lo.get("areas") or () if a in BOARD.areas]
    return f"{line} → {', '.join(areas)}" if areas else line


ORDER_NAME = {"mobilize": "mobilize", "build": "build", "research": "research"}


PRIVATE_TOP = 16        # px above the first private line
PRIVATE_LINE = 25       # a private line's height


def _ink_on(colour: tuple) -> tuple:
    return BLACK if 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 150 else WHITE


def private_lines(view: dict, seat: str, tr=translator(None)) -> list[tuple[str, tuple]]:
    """What only `seat` sees (§14: combat and event hands by DM, face-down orders), in lines
    under the panel: a title, the key of the order marks, his combat cards, event cards and
    the card he chose for the battle, by id and name, wrapped to the picture's width."""
    p = view["p"][seat]
    out = [(tr("Private view of {name}: only you see what follows").format(name=f"{seat} {_name(view, seat)}"),
            GOLD)]
    if any(o.get("owner") == seat and "type" in o for stack in view["stacks"].values() for o in stack):
        out.append((tr("Your orders: M mobilize · B build · R research · * special"), INK))
    room = W - 36

    def listed(head: str, cards: list[str], names: dict) -> None:
        items = [f"{c} {names[c]['name']}" if c in names else c for c in cards] or [tr("none")]
        line = head
        for k, item in enumerate(items):
            word = item + ("," if k < len(items) - 1 else "")
            if line != head and text_length(f"{line} {word}", TEXT["line"]) > room:
                out.append((line, CARD))
                line = "   "
            line = f"{line} {word}"
        out.append((line, CARD))

    listed(tr("Combat cards ({n}):").format(n=len(p["hand"])), sorted(p["hand"]), BOARD.combat)
    listed(tr("Event cards ({n}):").format(n=len(p["events"])), sorted(p["events"]), BOARD.events)
    mine = (view.get("battle") or {}).get("mine")
    if mine:
        out.append((tr("Your card in this battle: {card}").format(
            card=f"{mine} {BOARD.combat[mine]['name']}" if mine in BOARD.combat else mine), CARD))
    return out


def _panel(img, view: dict, colour: dict, tr=translator(None)) -> list[str]:
    """§16.6 under the galaxy: round, phase, first player, event stage and set-aside count
    and the conquest track; then each player, two to a row. Returns every text drawn."""
    d = ImageDraw.Draw(img)
    said: list[str] = []

    def text(img, xy, words: str, size: int, fill: tuple, anchor: str = "la") -> None:
        said.append(words)
        _text(img, xy, words, size, fill, anchor)

    x, y = 18, PANEL_TOP + 14
    line, small = TEXT["line"], TEXT["small"]
    phase = tr(view["phase"]) + (" " + tr("step {n}").format(n=view["step"]) if view.get("step") else "")
    text(img, (x, y), tr("Round {n}").format(n=view["round"]) + f" · {phase}", TEXT["title"], INK)
    y += 36
    text(img, (x, y), tr("First player: {name}").format(name=_name(view, view["first"])), line, INK)
    y += 25
    text(img, (x, y), tr("Event deck: {n} cards, stage {stage}").format(n=view["event_deck"], stage=_stage(view)),
         line, INK)
    y += 25
    text(img, (x, y), tr("The End Draws Near set aside: {n} of 2").format(n=len(view["set_aside"])), line, INK)
    order = last_order_line(view, tr)
    if order:                         # the key to the white marks on the galaxy
        y += 25
        d.rectangle([x, y + 3, x + 14, y + 17], outline=MARK, width=3)
        text(img, (x + 22, y), order, small, MARK)
    result = view.get("result")
    tx = COL_W + 10
    ty = _cp_track(img, view, colour, tx, PANEL_TOP + 14, tr)
    said.append(tr("Conquest points"))
    if result:
        winner = _name(view, result["winner"]) if result["winner"] else tr("nobody")
        text(img, (tx, ty + 6), tr("Winner: {name}").format(name=winner), line, GOLD)
    for k, s in enumerate(view["seats"]):
        p = view["p"][s]
        x = 18 + (k % 2) * COL_W
        y = PANEL_TOP + PANEL_HEAD + (k // 2) * PLAYER_H
        right = x + COL_W - 36
        c = colour[s]
        d.rectangle([x, y + 3, x + 18, y + 21], fill=c)
        label = f"{s} {_name(view, s)}" + (f"  ({tr('out')})" if p["out"] else "")
        text(img, (x + 26, y), label, line, INK)
        y += 26
        need = 20 if _aldaris_in(view) and p["faction"] != "aldaris" else 15
        text(img, (x + 26, y), tr("CP {cp}/{need} · tech {tech} · orders left {orders}").format(
            cp=p["cp"], need=need, tech=p["tech"], orders=p["orders_left"]), small, INK)
        y += 22
        text(img, (x + 26, y), tr("workers {pool} / {assigned} / {unavailable} (pool/assigned/unavail.)").format(
            pool=p["pool"], assigned=p["assigned"], unavailable=p["unavailable"]), small, DIM)
        y += 22
        cx = x + 26
        for card in sorted(p["cards"], key=lambda c: c["id"]):
            card_id = card["id"]
            w = text_length(card_id, small) + 10
            if cx + w > right:
                cx, y = x + 26, y + 22
            text(img, (cx, y), card_id, small, DIM if card["used"] else CARD)
            cx += w
        y += 22
        hand = p["hand"] if isinstance(p["hand"], int) else len(p["hand"])
        events = p["events"] if isinstance(p["events"], int) else len(p["events"])
        text(img, (x + 26, y), tr("combat cards {hand} · event cards {events}").format(hand=hand, events=events),
             small, DIM)
    return said


def _cp_track(img, view: dict, colour: dict, x: int, y: int, tr=translator(None)) -> int:
    """The conquest-point track 0–20: a cell per point, each player's marker on its CP."""
    d = ImageDraw.Draw(img)
    cell = (COL_W - 40) // 21
    text(img, (x, y), tr("Conquest points"), TEXT["line"], DIM)
    y += 28
    for n in range(21):
        cx = x + n * cell
        d.rectangle([cx, y, cx + cell - 1, y + 22], outline=EDGE, fill=GOLD if n in (15, 20) else PANEL)
        if n % 5 == 0:
            text(img, (cx + cell // 2, y + 11), str(n), TEXT["track"], BLACK if n in (15, 20) else DIM, "mm")
    at: dict = {}
    for s in view["seats"]:
        cp = min(20, view["p"][s]["cp"])
        k = at.get(cp, 0)
        at[cp] = k + 1
        cx, cy = x + cp * cell + cell // 2, y + 32 + k * 12
        d.ellipse([cx - 7, cy - 5, cx + 7, cy + 5], fill=colour[s], outline=WHITE)
    return y + 32 + max(at.values(), default=1) * 12


def _name(view: dict, seat: str | None) -> str:
    if not seat:
        return "?"
    f = view["p"][seat]["faction"]
    return BOARD.factions[f]["name"] if f else seat


def _aldaris_in(view: dict) -> bool:
    return any(p["faction"] == "aldaris" and not p["out"] for p in view["p"].values())


def _stage(view: dict) -> str:
    stages = view.get("event_stages") or {}
    for st in ("I", "II", "III"):
        if stages.get(st):
            return st
    return "III"


def example_view(seed: str = "example", players: int = 6) -> dict:
    """The public view of a seeded self-played game at its first battle (the example)."""
    return GAME.view(example_state(seed, players), None)


def example_state(seed: str = "example", players: int = 6) -> dict:
    """A seeded self-played game at its first battle."""
    state, _ = GAME.start([f"u{i}" for i in range(players)], {}, seed)
    rnd = random.Random(seed)
    for _ in range(3000):
        prompts = GAME.prompts(state)
        if not prompts or state.get("battle"):
            break
        who = sorted(prompts)[0]
        state, _ = GAME.apply(state, who, GAME.parse(GAME.sample(state, who, rnd), private=True))
    return state


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.starcraft",
                                     description="Write the StarCraft example pictures, starcraft-battle.png "
                                                 "and the attacker's private one.")
    parser.add_argument("folder", nargs="?", type=Path, default=Path("examples"))
    out = parser.parse_args(argv).folder
    out.mkdir(parents=True, exist_ok=True)
    path = out / "starcraft-battle.png"
    state = example_state()
    draw(GAME.view(state, None)).save(path, "PNG", compress_level=6)
    print(path)
    seat = state["battle"]["attacker"] if state.get("battle") else state["seats"][0]
    path = out / f"starcraft-battle-private-{seat}.png"     # the attacker's own orders and cards
    draw(GAME.view(state, seat), seat).save(path, "PNG", compress_level=6)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
