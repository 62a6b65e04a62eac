"""The StarCraft galaxy (starcraft.md §16), drawn from a view only (never the state).

1400 × 1000 px: the galaxy on the left 1000 px, the status panel on the right 400 px (§16.1).
Planets are circles of radius 95 split into quarters A top-left, B top-right, C bottom-right,
D bottom-left (§16.2); routes straight, Z-axis dashed (§16.3); units are 14 px squares with a
letter, bases 22 px houses (§16.4); order stacks are columns of discs with no type (§16.5).
The static layer (space, routes, planets, labels) is drawn once and cached; each call copies
it and adds the pieces. The public view holds no order type, hand or event card, so the
public picture cannot show one (§14).
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from core.games.starcraft.board import BOARD

W, H, GALAXY = 1400, 1000, 1000
R = 95
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


@lru_cache(maxsize=16)
def font(size: int):
    return ImageFont.load_default(size=size)


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
    (x0, y0), (x1, y1) = a, b
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    n = int(length // (dash + gap)) + 1
    for i in range(n):
        s, e = i * (dash + gap) / length, min(1.0, (i * (dash + gap) + dash) / length)
        d.line([(x0 + (x1 - x0) * s, y0 + (y1 - y0) * s), (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)],
               fill=fill, width=width)


def quarter_box(planet: str, letter: str) -> tuple[int, int]:
    """Top-left corner of the 64 px square of a quarter that lies inside the circle."""
    cx, cy = BOARD.planets[planet]["centre"]
    _, _, sx, sy = QUARTERS[letter]
    return cx + (-67 if sx < 0 else 3), cy + (-67 if sy < 0 else 3)


BASE_FILL, EDGE, WHITE, BLACK, GOLD, CARD = (44, 50, 66), (90, 98, 120), (255, 255, 255), (0, 0, 0), \
    (255, 220, 120), (160, 210, 255)
# one fixed palette for every layer and sprite, so pasted pixels keep their colours
PALETTE = [SPACE, PANEL, INK, DIM, ROUTE, RED, *KIND.values(), BASE_FILL, EDGE, WHITE, BLACK, GOLD, CARD,
           *COLOURS.values(), *(tint(c, 0.35) for c in COLOURS.values())]


def blank(size) -> Image.Image:
    img = Image.new("P", size, 0)
    flat = [v for c in PALETTE for v in c]
    img.putpalette(flat + [0] * (768 - len(flat)))
    return img


def _label_quarters(d, fill_for) -> None:
    for aid, a in BOARD.areas.items():
        planet, letter = a["planet"], aid[-1]
        cx, cy = BOARD.planets[planet]["centre"]
        start, end, _, _ = QUARTERS[letter]
        d.pieslice([cx - R, cy - R, cx + R, cy + R], start, end, fill=fill_for(aid), outline=EDGE)
        x0, y0 = quarter_box(planet, letter)
        d.text((x0 + 2, y0 + 2), f"{letter} {SHORT[a['kind']]}{a['value']}", font=font(12), fill=KIND[a["kind"]])
        d.text((x0 + 62, y0 + 2), f"L{a['limit']}", font=font(10), fill=DIM, anchor="ra")


@lru_cache(maxsize=1)
def static_layer() -> Image.Image:
    """Space, panel, routes and their labels, planets with their labelled quarters."""
    img = blank((W, H))
    d = ImageDraw.Draw(img)
    d.rectangle([GALAXY, 0, W, H], fill=PANEL)
    for rid in BOARD.route_order:                                         # §16.3 routes
        a, b = (tuple(BOARD.planets[p]["centre"]) for p in BOARD.routes[rid]["planets"])
        if BOARD.routes[rid]["kind"] == "z-axis":
            _dashed(d, a, b, ROUTE)
        else:
            d.line([a, b], fill=ROUTE, width=3)
    for rid in BOARD.route_order:
        x, y = route_anchor(rid)
        d.text((x - 16, y), rid, font=font(13), fill=DIM, anchor="rm")
    _label_quarters(d, lambda aid: BASE_FILL)                             # §16.2 planets
    for code, p in BOARD.planets.items():
        cx, cy = p["centre"]
        label = f"{p['name']} ({code})"
        if code in ("CHR", "AIU"):          # the centre column: left of the circle, off the routes
            d.text((cx - R - 8, cy), label, font=font(16), fill=INK, anchor="rm")
        elif code == "BRA":
            d.text((cx, cy + R + 13), label, font=font(16), fill=INK, anchor="mm")
        else:
            d.text((cx, cy - R - 13), label, font=font(16), fill=INK, anchor="mm")
    return img


@lru_cache(maxsize=8)
def tinted_layer(colour: tuple) -> Image.Image:
    """Every quarter tinted in one faction's colour, labels redrawn: pasted per controlled area."""
    img = blank((W, H))
    _label_quarters(ImageDraw.Draw(img), lambda aid: tint(colour, 0.35))
    return img


@lru_cache(maxsize=32)
def quarter_mask(aid: str) -> tuple[tuple, Image.Image]:
    a = BOARD.areas[aid]
    cx, cy = BOARD.planets[a["planet"]]["centre"]
    box = (cx - R, cy - R, cx + R + 1, cy + R + 1)
    mask = Image.new("1", (2 * R + 1, 2 * R + 1), 0)
    start, end, _, _ = QUARTERS[aid[-1]]
    ImageDraw.Draw(mask).pieslice([0, 0, 2 * R, 2 * R], start, end, fill=1)
    return box, mask


@lru_cache(maxsize=128)
def unit_sprite(colour: tuple, letter: str) -> Image.Image:
    img = blank((15, 15))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, 14, 14], fill=colour, outline=BLACK)
    d.text((7, 7), letter, font=font(10), fill=WHITE, anchor="mm")
    return img


@lru_cache(maxsize=16)
def base_sprite(colour: tuple) -> tuple[Image.Image, Image.Image]:
    img, mask = blank((23, 23)), Image.new("1", (23, 23), 0)
    shape = [(0, 9), (11, 0), (22, 9), (22, 22), (0, 22)]
    ImageDraw.Draw(img).polygon(shape, fill=colour, outline=WHITE)
    ImageDraw.Draw(mask).polygon(shape, fill=1, outline=1)
    return img, mask


def draw(view: dict, seat: str | None = None, **options) -> Image.Image:
    img = static_layer().copy()
    d = ImageDraw.Draw(img)
    factions = {s: p["faction"] for s, p in view["p"].items()}
    colour = {s: COLOURS[f] if f else DIM for s, f in factions.items()}
    areas = view["areas"]
    battle = (view.get("battle") or {}).get("area")
    for aid, info in areas.items():                                       # controlled quarters
        owners = {u["owner"] for u in info["units"]} | ({info["base"]} if info["base"] else set())
        if len(owners) == 1:
            box, mask = quarter_mask(aid)
            img.paste(tinted_layer(colour[next(iter(owners))]).crop(box), box[:2], mask)
    if battle:                                                            # §16.4 red outline
        a = BOARD.areas[battle]
        cx, cy = BOARD.planets[a["planet"]]["centre"]
        start, end, _, _ = QUARTERS[battle[-1]]
        d.pieslice([cx - R, cy - R, cx + R, cy + R], start, end, outline=RED, width=4)
    for aid, info in areas.items():
        a = BOARD.areas[aid]
        x0, y0 = quarter_box(a["planet"], aid[-1])
        for i, u in enumerate(info["units"][:8]):                        # §16.4 units
            img.paste(unit_sprite(colour[u["owner"]], BOARD.units[u["type"]]["letter"]),
                      (x0 + 2 + (i % 4) * 16, y0 + 20 + (i // 4) * 16))
        if info["base"]:                                                  # a 22 px house
            sprite, mask = base_sprite(colour[info["base"]])
            img.paste(sprite, (x0 + 40, y0 + 40), mask)
    by_route: dict = {}
    for t in view["transports"]:                                          # transports near the anchor
        by_route.setdefault(t["route"], []).append(t["owner"])
    for rid, owners in by_route.items():
        x, y = route_anchor(rid)
        for i, o in enumerate(owners):
            off = (i - (len(owners) - 1) / 2) * 13
            d.rectangle([x - 12, y + off - 5, x + 12, y + off + 5], fill=colour[o], outline=WHITE)
    for planet, stack in view["stacks"].items():                          # §16.5 order stacks
        if not stack:
            continue
        cx, cy = BOARD.planets[planet]["centre"]
        x = cx + R + 14
        for i, o in enumerate(stack):
            y = cy + 40 - i * 17
            top = i == len(stack) - 1
            d.ellipse([x - 7, y - 7, x + 7, y + 7], fill=colour[o["owner"]],
                      outline=WHITE if top else BLACK, width=2 if top else 1)
    _panel(d, view, colour)
    return img


def _panel(d, view: dict, colour: dict) -> None:
    """§16.6 round, phase, first player, event stage and set-aside count; then each player."""
    x, y = GALAXY + 18, 16
    big, mid, small = font(20), font(15), font(13)
    phase = view["phase"] + (f" step {view['step']}" if view.get("step") else "")
    d.text((x, y), f"Round {view['round']} · {phase}", font=big, fill=INK)
    y += 30
    first = view["first"]
    stage = _stage(view)
    d.text((x, y), f"First player: {_name(view, first)}", font=mid, fill=INK)
    y += 22
    d.text((x, y), f"Event deck: {view['event_deck']} cards, stage {stage}", font=mid, fill=INK)
    y += 22
    d.text((x, y), f"The End Draws Near set aside: {len(view['set_aside'])} of 2", font=mid, fill=INK)
    y += 30
    y = _cp_track(d, view, colour, x, y) + 10
    result = view.get("result")
    if result:
        d.text((x, y), f"Winner: {_name(view, result['winner']) if result['winner'] else 'nobody'}", font=mid,
               fill=GOLD)
        y += 22
    for s in view["seats"]:
        p = view["p"][s]
        if y > H - 120:
            break
        c = colour[s]
        d.rectangle([x, y + 2, x + 14, y + 16], fill=c)
        label = f"{s} {_name(view, s)}" + ("  (out)" if p["out"] else "")
        d.text((x + 22, y), label, font=mid, fill=INK)
        y += 21
        need = 20 if _aldaris_in(view) and p["faction"] != "aldaris" else 15
        d.text((x + 22, y), f"CP {p['cp']}/{need} · tech {p['tech']} · orders left {p['orders_left']}",
               font=small, fill=INK)
        y += 17
        d.text((x + 22, y), f"workers {p['pool']} / {p['assigned']} / {p['unavailable']} (pool/assigned/unavail.)",
               font=small, fill=DIM)
        y += 17
        cx = x + 22
        for card in sorted(p["cards"], key=lambda c: c["id"]):
            text = card["id"]
            w = d.textlength(text, font=small) + 8
            if cx + w > W - 10:
                cx, y = x + 22, y + 17
            d.text((cx, y), text, font=small, fill=DIM if card["used"] else CARD)
            cx += w
        y += 17
        hand = p["hand"] if isinstance(p["hand"], int) else len(p["hand"])
        events = p["events"] if isinstance(p["events"], int) else len(p["events"])
        d.text((x + 22, y), f"combat cards {hand} · event cards {events}", font=small, fill=DIM)
        y += 24


def _cp_track(d, view: dict, colour: dict, x: int, y: int) -> int:
    """The conquest-point track 0–20: a cell per point, each player's marker on its CP."""
    cell = 17
    d.text((x, y), "Conquest points", font=font(13), fill=DIM)
    y += 18
    for n in range(21):
        cx = x + n * cell
        d.rectangle([cx, y, cx + cell - 1, y + 14], outline=EDGE, fill=GOLD if n in (15, 20) else PANEL)
        if n % 5 == 0:
            d.text((cx + cell // 2, y + 7), str(n), font=font(10), fill=BLACK if n in (15, 20) else DIM, anchor="mm")
    at: dict = {}
    for s in view["seats"]:
        cp = min(20, view["p"][s]["cp"])
        k = at.get(cp, 0)
        at[cp] = k + 1
        cx, cy = x + cp * cell + cell // 2, y + 22 + k * 9
        d.ellipse([cx - 5, cy - 4, cx + 5, cy + 4], fill=colour[s], outline=WHITE)
    return y + 22 + max(at.values(), default=1) * 9


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
