"""The map in a chat menu (issue 34, item 5): a crop of a game's picture around the places a
menu level chooses from, each marked with the number of its button.

A menu level's options are words of action lines (bot/service/menus.py): a Successors space
(`Issos`) or force (`antigonos`), a StarCraft planet (`Korhal`), area (`KOR.A`, `→ KOR.C`) or
route (`R14`), an Infinity position on the table in inches (`33.55 2.48`) or a trooper on it,
a Ludi gladiator (`Flavus`), building card or seat row. `spots` finds where each option lies
on the game's own picture, through the renderer's own geometry (`to_px`, `centre`,
`quarter_box`, `route_anchor`, `table_point`, Ludi's `row_places`), so a mark sits where the picture
draws the thing. `crop` cuts the picture around them and draws the marks; it never draws
anything of its own but the marks, so it shows exactly what the view it is given shows: the
public view for a public menu, the seat's own view for his private one.

Speed. The game's picture of a view is drawn once and kept (`full`, a few per process: a walk
through a menu's levels is at one position); a crop is a slice of it, no resampling, and the
marks a few discs drawn on its palette, so drawing it costs a small part of its encode
(bench/crops.py measures the ratio).
"""
from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from functools import cache, lru_cache
from typing import Callable, Sequence

import orjson
from PIL import Image, ImageDraw

import render
from render.fonts import font

Point = tuple[int, int]

MARGIN = 70           # px of the picture kept around the outermost mark
MIN_SIDE = 420        # a crop is at least this wide and tall (what is around the places tells where they are)
# (margin, least side) of a game whose places are larger or sparser: a StarCraft planet is 120 px
# across its centre with its name beside it; an Infinity table is 25 px an inch, and a spot on it
# is told by the table's edges, zones and terrain around it
FRAMES = {"starcraft": (170, MIN_SIDE), "infinity": (MARGIN, 760)}
MAX_ASPECT = 2.0      # long side over short side at most (a chat shows a very long strip small)
READ_AT = 400         # px: the width a phone shows the crop at; marks must read there
MARK_TEXT = 14        # px: the mark's digits at READ_AT
KEPT = 6              # full pictures kept per process

MARK_FILL, MARK_INK, SPOT = (24, 24, 28), (255, 255, 255), (255, 200, 0)


# where things are: each game's words → points on its own picture ------------------------------

def _successors(view: dict | Callable[[], dict], trail: Sequence[str], lang: str | None
                ) -> Callable[[str], Point | None]:
    """`view`: the view, or the function that makes it (`LAZY_VIEW`): asked only for a word that may
    name a force, so a level of verbs, cards and seats (most of a private menu's) costs no view."""
    from core.games.successors.board import BOARD
    from render.successors import layout, to_px

    spaces = _successors_spaces()
    counters: dict[str, Point] = {}

    @cache
    def seen() -> dict:
        return view() if callable(view) else view

    @cache
    def forces() -> dict[str, str]:
        return {gid.lower(): g["at"] for gid, g in (seen().get("gens") or {}).items() if g.get("at") in BOARD.spaces}

    def where(word: str) -> Point | None:
        key = word.lower()
        if key in spaces:
            return to_px(spaces[key])
        if not _successors_may_be_force(key):
            return None
        at = forces().get(key)
        if at is None:
            return None
        if not counters:   # a force is marked on its counter, placed off its space (`place_counters`)
            counters.update({sp: (r[0], (r[1] + r[3]) // 2)   # its left end: its words still read
                             for kind, sp, r in layout(seen(), lang=lang) if kind == "counter"})
        return counters.get(at) or to_px(at)

    return where


# a Successors force's id: a named general's (the board's) or a seat's minor general's, its seat and
# number (`A2`: core/games/successors/setup.py); no other word can name one
_MINOR = re.compile(r"[a-z]+\d+")


def _successors_may_be_force(key: str) -> bool:
    """Whether a lower-cased word may be a force's id (a superset of every view's `gens`, lower-cased:
    tests/test_menu_crops.py checks it over seeded games)."""
    return key in _successors_generals() or _MINOR.fullmatch(key) is not None


@lru_cache(maxsize=1)
def _successors_generals() -> frozenset[str]:
    from core.games.successors.board import BOARD

    return frozenset(g.lower() for g in BOARD.generals)


def _by_name_or_id(things: dict[str, dict]) -> dict[str, str]:
    """A board's thing's id by its name or its id, lower-cased."""
    found = {thing["name"].lower(): key for key, thing in things.items()}
    found.update({key.lower(): key for key in things})
    return found


@lru_cache(maxsize=1)
def _successors_spaces() -> dict[str, str]:
    """A space's id by its name or id (the board's: made once, not a menu)."""
    from core.games.successors.board import BOARD

    return _by_name_or_id(BOARD.spaces)


def _starcraft(view: dict, trail: Sequence[str], lang: str | None) -> Callable[[str], Point | None]:
    return _starcraft_place   # the board's places, wherever the game stands (`FIXED_PLACES`)


@lru_cache(maxsize=1024)
def _starcraft_place(word: str) -> Point | None:
    """Where a StarCraft word lies: a planet, a route, an area (`KOR.A`); the board's alone, so
    remembered by the word (a menu asks the same planets and areas command after command)."""
    from core.games.starcraft.board import BOARD
    from render import starcraft as sc

    key = word.lower()
    planets = _starcraft_planets()
    if key in planets:
        return sc.centre(planets[key])
    routes = {rid.lower(): rid for rid in BOARD.routes}
    if key in routes:
        return sc.spx(*sc.route_anchor(routes[key]))
    planet, _, quarter = word.partition(".")
    if planet.lower() in planets and quarter.upper() in sc.QUARTERS:
        x, y = sc.quarter_box(planets[planet.lower()], quarter.upper())
        half = sc.sc(32)   # a quarter's square is 64 spec px a side (`quarter_box`)
        return x + half, y + half
    return None


@lru_cache(maxsize=1)
def _starcraft_planets() -> dict[str, str]:
    """A planet's code by its name or code."""
    from core.games.starcraft.board import BOARD

    return _by_name_or_id(BOARD.planets)


INCHES = re.compile(r"^(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$")


def _infinity(view: dict, trail: Sequence[str], lang: str | None) -> Callable[[str], Point | None]:
    from render.infinity import table_point

    placed = {t["id"].lower(): t["placed"] for troopers in view["rosters"].values() for t in troopers
              if t.get("placed")}

    def where(word: str) -> Point | None:
        inches = INCHES.match(word)
        if inches:
            return table_point(view, float(inches[1]), float(inches[2]))
        at = placed.get(word.lower())
        return table_point(view, at["x"], at["y"]) if at else None

    return where


def _ludi(view: dict, trail: Sequence[str], lang: str | None) -> Callable[[str], Point | None]:
    from core.games.ludi.data import B, G
    from render import ludi

    spots: dict[str, Point] = {}
    split = ludi.PANEL + 5 * (ludi.BW + ludi.GAP) + 8     # as the table draws a player's row
    active = view.get("active")
    # a building to build is the centre's; one to demolish is the acting player's own
    if "build" in trail:
        centre = ludi.HEADER + ludi.ROW * len(view["seats"]) + 8
        groups: dict[str, str] = {}
        for b in sorted(view["centre"]):
            groups.setdefault(B[b]["name"], b)
        names = sorted(groups, key=lambda n: (B[groups[n]]["kind"] != "start", n))   # as `centre_chips` orders them
        for name, (x, y, chip) in zip(names, ludi.centre_chips(view)):
            spots[name.lower()] = (x + chip.width, centre + y + chip.height // 2)   # its end: its name still reads
    for i, seat in enumerate(view["seats"]):
        y = ludi.HEADER + ludi.ROW * i
        spots.setdefault(seat.lower(), (ludi.PANEL // 2, y + ludi.ROW // 2))
        p = view["p"][seat]
        # the cards where the table's `row` puts them, by their sizes (a tapped gladiator lies on its
        # side): none is drawn, a card drawn anew (a gladiator tapped, chained, trained) costs a menu 0.5 ms
        rows = [(p["gl"], [ludi.gladiator_size(view["gl"][g]["tapped"]) for g in p["gl"]], G, split, ludi.W - 8)]
        if "demolish" in trail and seat == active:
            rows.append((p["bld"], [(ludi.BW, ludi.BH)] * len(p["bld"]), B, ludi.PANEL, split - 8))
        for ids, sizes, names_of, left, right in rows:
            for cid, (w, h), (x, top) in zip(ids, sizes, ludi.row_places(sizes, left, right, y)):
                # on the card's lower edge, in its left part (an overlapped card shows only that):
                # the disc sits on its edge, below every word of it (name, combat, W/B, origin)
                spots.setdefault(names_of[cid]["name"].lower(), (x + min(w, 36) // 2, top + h))
    return lambda word: spots.get(word.lower())


LOCATORS = {"successors": _successors, "starcraft": _starcraft, "infinity": _infinity, "ludi": _ludi}


def has_places(game_id: str) -> bool:
    return game_id in LOCATORS


# games whose places lie where the board has them whatever the position (StarCraft's planets, areas,
# routes): their locator reads no view, so `spots` may be given None for it
FIXED_PLACES = frozenset({"starcraft"})


# games whose locator takes the view as a function and asks it only when a word needs it (`spots`)
LAZY_VIEW = frozenset({"successors"})


def reads_view(game_id: str) -> bool:
    """Whether `spots` needs the view to find a game's places (else the view may be None)."""
    return game_id not in FIXED_PLACES


def spots(game_id: str, view: dict | Callable[[], dict] | None, choices: Sequence[Sequence[str]],
          trail: Sequence[str] = (), lang: str | None = None) -> list[Point | None]:
    """Where each choice (the words of a menu option, `MenuOption.parts`) lies on the game's
    picture of `view`: its first word that names a place, tried whole (`Kilikian Gates`,
    `33.55 2.48`), without a leading arrow (`→ KOR.C`), then word by word (`dragoon TAR.A`);
    a helper (`+ Decimus`) is not what is chosen. None for a choice that names none (`end`).
    `view` may be the function that makes it: made only where the game's locator needs it."""
    locate = LOCATORS.get(game_id)
    if locate is None or not choices:   # (a locator lays out the picture's things: not for nothing)
        return [None] * len(choices)
    if callable(view) and game_id not in LAZY_VIEW:
        view = view()
    where = locate(view, trail, lang)

    def first(parts: Sequence[str]) -> Point | None:
        chosen = [part for part in parts if not part.startswith("+")]   # who helps (`+ Decimus`) is not chosen
        # a line's words are a menu's levels: a point in inches folds into one option (`24 40.16`)
        # or splits over two levels (`24` › `40.16`)
        whole = " ".join(chosen)
        for part in [whole, *chosen]:
            bare = part.lstrip("→×# ").strip()
            for word in (part, bare, *bare.split()):
                point = where(word) if word else None
                if point is not None:
                    return point
        return where(f"{trail[-1]} {whole}") if trail and whole else None

    return [first(parts) for parts in choices]


def chooses_place(points: Sequence[Point | None]) -> bool:
    """A level chooses a place when most of its options name one (`Issos`… and `stop`)."""
    named = sum(p is not None for p in points)
    return named > 0 and 2 * named >= len(points)


# the crop -------------------------------------------------------------------------------------

_FULL: OrderedDict = OrderedDict()
_KEEPING = threading.Lock()   # adapters draw pictures in worker threads


def full(game_id: str, view: dict, seat: str | None, lang: str | None) -> Image.Image:
    """The game's picture of `view` as `seat` sees it, kept for the next level of the same walk."""
    key = (game_id, seat, lang, hashlib.sha256(orjson.dumps(view, option=orjson.OPT_SORT_KEYS)).digest())
    with _KEEPING:
        image = _FULL.get(key)
        if image is not None:
            _FULL.move_to_end(key)
            return image
    image = render.draw(game_id, view, seat, lang=lang)
    with _KEEPING:
        _FULL[key] = image
        while len(_FULL) > KEPT:
            _FULL.popitem(last=False)
    return image


def frame(points: Sequence[Point], size: tuple[int, int], margin: int = MARGIN, least: int = MIN_SIDE
          ) -> tuple[int, int, int, int]:
    """The box cut around `points`: a margin around them, at least MIN_SIDE each way, no
    longer than MAX_ASPECT times its width or height, inside the picture."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = [min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin]
    w, h = box[2] - box[0], box[3] - box[1]
    want_w = max(w, least, round(h / MAX_ASPECT))
    want_h = max(h, least, round(want_w / MAX_ASPECT))
    want_w, want_h = min(want_w, size[0]), min(want_h, size[1])
    out = []
    for lo, hi, want, limit in ((box[0], box[2], want_w, size[0]), (box[1], box[3], want_h, size[1])):
        start = round((lo + hi - want) / 2)
        start = max(0, min(start, limit - want))
        out.append((start, start + want))
    (x0, x1), (y0, y1) = out
    return x0, y0, x1, y1


def mark_size(width: int) -> int:
    """The marks' digits in px on a crop `width` px wide, MARK_TEXT px when shown READ_AT wide."""
    return max(MARK_TEXT, round(MARK_TEXT * width / READ_AT))


@lru_cache(maxsize=32)
def _inks(palette: bytes | None) -> tuple:
    """The mark's colours as the image takes them: the nearest entries of its palette, or RGB."""
    if palette is None:
        return MARK_FILL, MARK_INK, SPOT
    entries = [tuple(palette[i:i + 3]) for i in range(0, len(palette) - 2, 3)]

    def nearest(colour):
        return min(range(len(entries)), key=lambda i: sum((a - b) ** 2 for a, b in zip(entries[i], colour)))

    return nearest(MARK_FILL), nearest(MARK_INK), nearest(SPOT)


def place_marks(points: Sequence[Point], radius: int, box: tuple[int, int, int, int]) -> list[Point]:
    """Where each mark's disc goes: on its place, or when that is taken by an earlier disc the
    nearest free spot around it (a leader line joins them), inside the crop."""
    x0, y0, x1, y1 = box
    taken: list[Point] = []
    rings = [(0, 0)] + [(round(k * radius * dx), round(k * radius * dy)) for k in (2.2, 3.4, 4.6)
                        for dx, dy in ((1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))]
    for px, py in points:
        best = None
        for dx, dy in rings:
            cx = min(max(px + dx, x0 + radius + 1), x1 - radius - 2)
            cy = min(max(py + dy, y0 + radius + 1), y1 - radius - 2)
            if all((cx - tx) ** 2 + (cy - ty) ** 2 >= (2 * radius + 2) ** 2 for tx, ty in taken):
                best = (cx, cy)
                break
        best = best or (px, py)
        taken.append(best)
    return taken


def crop(game_id: str, view: dict, seat: str | None, lang: str | None, marks: Sequence[tuple[str, Point]],
         context: Sequence[Point] = ()) -> Image.Image:
    """The picture of `view` cut around `marks` ((its button's number or letter, where)), each
    drawn as a disc with its text; `context` (the place already chosen on the way, e.g. where
    a force moves from) drawn as a ring, no text."""
    return draw_marks(full(game_id, view, seat, lang), marks, context, *FRAMES.get(game_id, (MARGIN, MIN_SIDE)))


@lru_cache(maxsize=64)
def mark_masks(text: str, size: int, radius: int) -> tuple[Image.Image, Image.Image, Image.Image]:
    """A mark's disc, its rim and its digits as one-bit masks, drawn once (a glyph costs more
    than the pastes): pasted in the mark's colours, a palette picture stays on its palette."""
    side = 2 * radius + 1
    masks = [Image.new("1", (side, side), 0) for _ in range(3)]
    disc, ring, digits = (ImageDraw.Draw(m) for m in masks)
    disc.ellipse([0, 0, side - 1, side - 1], fill=1)
    ring.ellipse([0, 0, side - 1, side - 1], outline=1, width=max(2, size // 8))
    digits.text((radius, radius), text, fill=1, font=font(size, bold=True, condensed=len(text) > 1), anchor="mm")
    return masks[0], masks[1], masks[2]


def draw_marks(picture: Image.Image, marks: Sequence[tuple[str, Point]], context: Sequence[Point] = (),
               margin: int = MARGIN, least: int = MIN_SIDE) -> Image.Image:
    """`crop` on a picture already drawn (the benchmark times this part)."""
    # a locator may lay a thing out between pixels (Successors' tracks: 848.73, 765); a paste takes whole ones
    points = [(round(x), round(y)) for x, y in [p for _, p in marks] + list(context)]
    box = frame(points, picture.size, margin, least)
    out = picture.crop(box)
    fill, ink, spot = _inks(bytes(out.getpalette() or b"") if out.mode == "P" else None)
    d = ImageDraw.Draw(out)
    size = mark_size(out.width)
    radius = round(size * 0.85)
    shift = [(x - box[0], y - box[1]) for x, y in points]
    for x, y in shift[len(marks):]:
        d.ellipse([x - radius, y - radius, x + radius, y + radius], outline=spot, width=max(3, size // 5))
    placed = place_marks(shift[:len(marks)], radius, (0, 0, out.width, out.height))
    for (text, _), (x, y), (cx, cy) in zip(marks, shift, placed):
        if (cx, cy) != (x, y):
            d.line([(x, y), (cx, cy)], fill=fill, width=max(2, size // 7))
            d.ellipse([x - 4, y - 4, x + 4, y + 4], fill=spot, outline=fill)
        disc, ring, digits = mark_masks(text, size, radius)
        corner = (cx - radius, cy - radius)
        for colour, mask in ((fill, disc), (ink, ring), (ink, digits)):
            out.paste(colour, corner + (corner[0] + mask.width, corner[1] + mask.height), mask)
    return out
