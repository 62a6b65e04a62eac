"""The Infinity table image (infinity.md §14), drawn from a view only (never the state).

20 px per inch, a 40 px margin and a 260 px legend on the right: a 48" × 48" table gives
1300 × 1040 px. North is up. The public view never holds hidden troopers or the
Lieutenant, so the public image cannot show them (§14.4).
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

PX = 20            # pixels per inch (§14.1)
MARGIN = 40
LEGEND = 260
COLOURS = {"A": (0x2F, 0x6F, 0xDF), "B": (0xD0, 0x3A, 0x3A)}      # §14.2
GREY = (0x88, 0x88, 0x88)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
GRID = (0xDD, 0xDD, 0xDD)
TERRAIN = (0x55, 0x55, 0x55)
GOLD = (0xD4, 0xAF, 0x37)
NEUTRAL = (0x9E, 0x9E, 0x9E)
YELLOW = (0xF2, 0xC9, 0x1B)
ZONE_ALPHA = 0.2


def tint(colour: tuple, alpha: float = ZONE_ALPHA) -> tuple:
    """The colour at `alpha` opacity over white (zones are drawn on the white table)."""
    return tuple(round(c * alpha + 255 * (1 - alpha)) for c in colour)


@lru_cache(maxsize=8)
def font(size: int):
    return ImageFont.load_default(size=size)


def size_for(view: dict) -> tuple[int, int]:
    t = view["mission"]["table"]
    return (2 * MARGIN + round(t["w"] * PX) + LEGEND, 2 * MARGIN + round(t["h"] * PX))


def draw(view: dict, seat: str | None = None, **options) -> Image.Image:
    m = view["mission"]
    w, h = m["table"]["w"], m["table"]["h"]
    img = Image.new("RGB", size_for(view), WHITE)
    d = ImageDraw.Draw(img)

    def px(x: float, y: float) -> tuple[float, float]:
        return MARGIN + x * PX, MARGIN + (h - y) * PX

    def box(rect) -> list[float]:
        x0, y1 = px(rect[0], rect[1])
        x1, y0 = px(rect[2], rect[3])
        return [x0, y0, x1, y1]

    # zones at 20 % of the owner's colour, grey before §6
    owner = {side: s for s, side in (view["zone_of"] or {}).items()}
    for side, rect in m["zones"].items():
        colour = COLOURS[owner[side]] if side in owner else GREY
        d.rectangle(box(rect), fill=tint(colour))

    # grid every 4", labels every 8"
    small = font(11)
    for i in range(0, int(w) + 1, 4):
        x = px(i, 0)[0]
        d.line([x, MARGIN, x, MARGIN + h * PX], fill=GRID, width=1)
        if i % 8 == 0:
            d.text((x, MARGIN + h * PX + 6), str(i), fill=BLACK, font=small, anchor="mt")
    for j in range(0, int(h) + 1, 4):
        y = px(0, j)[1]
        d.line([MARGIN, y, MARGIN + w * PX, y], fill=GRID, width=1)
        if j % 8 == 0:
            d.text((MARGIN - 6, y), str(j), fill=BLACK, font=small, anchor="rm")

    # Forward Deployment limits, thin dotted lines (§9.2)
    for side, rect in m["zones"].items():
        colour = COLOURS[owner[side]] if side in owner else GREY
        for depth in (4, 8):
            if side == "south":
                yy = min(rect[3] + depth, h / 2)
            else:
                yy = max(rect[1] - depth, h / 2)
            y = px(0, yy)[1]
            for x in range(MARGIN, MARGIN + round(w * PX), 6):
                d.line([x, y, x + 2, y], fill=colour, width=1)

    # dashed centre line
    y = px(0, h / 2)[1]
    for x in range(MARGIN, MARGIN + round(w * PX), 16):
        d.line([x, y, min(x + 9, MARGIN + w * PX), y], fill=BLACK, width=2)

    # exclusion zones: yellow hatching
    for rect in m["exclusion"]:
        b = [round(v) for v in box(rect)]
        bw, bh = b[2] - b[0], b[3] - b[1]
        if bw <= 0 or bh <= 0:
            continue
        mask = Image.new("L", (bw, bh), 0)
        md = ImageDraw.Draw(mask)
        for i in range(0, bw + bh, 12):
            md.line([i, 0, i - bh, bh], fill=255, width=3)
        img.paste(YELLOW, (b[0], b[1], b[2], b[3]), mask)
        d.rectangle(b, outline=YELLOW, width=2)

    # terrain, objectives, neutral elements
    label = font(12)
    for piece in m["terrain"]:
        b = box(piece["rect"])
        d.rectangle(b, fill=TERRAIN)
        d.text(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), piece["id"], fill=WHITE, font=label, anchor="mm")
    for items, colour in ((m["objectives"], GOLD), (m["neutral"], NEUTRAL)):
        for o in items:
            r = o["d_mm"] / 25.4 / 2 * PX
            cx, cy = px(o["x"], o["y"])
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=BLACK)
            d.text((cx, cy - r - 2), o["id"], fill=BLACK, font=small, anchor="mb")

    # table outline
    d.rectangle([MARGIN, MARGIN, MARGIN + w * PX, MARGIN + h * PX], outline=BLACK, width=2)

    # troopers (§14.3)
    for s in ("A", "B"):
        for t in view["rosters"][s]:
            if t["placed"]:
                _trooper(d, px, s, t)

    _legend(d, view, MARGIN * 2 + w * PX)
    return img


def _trooper(d: ImageDraw.ImageDraw, px, seat: str, t: dict) -> None:
    p = t["placed"]
    cx, cy = px(p["x"], p["y"])
    r = t["base_mm"] / 25.4 / 2 * PX
    bbox = [cx - r, cy - r, cx + r, cy + r]
    hidden = t.get("hidden") and not t["revealed"]
    d.ellipse(bbox, fill=COLOURS[seat])
    if hidden:                                   # dashed outline, private image only
        for a in range(0, 360, 30):
            d.arc(bbox, a, a + 15, fill=BLACK, width=2)
    else:
        d.ellipse(bbox, outline=BLACK, width=1)
    # facing tick: 0 = north, clockwise
    rad = math.radians(p["facing"])
    dx, dy = math.sin(rad), -math.cos(rad)
    d.line([cx + dx * r * 0.6, cy + dy * r * 0.6, cx + dx * (r + 5), cy + dy * (r + 5)], fill=BLACK, width=2)
    number = t["id"][1:]
    d.text((cx, cy), number, fill=WHITE, font=font(11 if r < 14 else 13), anchor="mm")
    if p["prone"]:                               # black "P" badge
        bx, by = cx + r * 0.7, cy - r * 0.7
        d.rectangle([bx - 1, by - 11, bx + 9, by + 1], fill=BLACK)
        d.text((bx + 4, by - 5), "P", fill=WHITE, font=font(10), anchor="mm")
    if t.get("lt"):                              # star on the owner's Lieutenant
        _star(d, cx - r * 0.8, cy - r * 0.8, 6)


def _star(d, cx, cy, r) -> None:
    points = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        points.append((cx + rr * math.cos(a), cy - rr * math.sin(a)))
    d.polygon(points, fill=(255, 215, 0), outline=BLACK)


def _legend(d: ImageDraw.ImageDraw, view: dict, x0: float) -> None:
    head, body = font(14), font(11)
    y = MARGIN
    x = x0 + 4
    limit = MARGIN + view["mission"]["table"]["h"] * PX

    def line(text: str, fill=BLACK, f=body, step=14) -> bool:
        nonlocal y
        if y + step > limit + MARGIN - 4:
            return False
        d.text((x, y), text[:40], fill=fill, font=f)
        y += step
        return True

    m = view["mission"]
    line(f"Infinity - {m['name']}", f=head, step=20)
    phase = view["phase"]
    if view["step"]:
        line(f"Step {view['step']} of 4: {view['step_owner']} to deploy")
    else:
        line({"rosters": "Rosters", "initiative": "Initiative Roll", "choice": "Choice",
              "complete": "Deployment complete"}.get(phase, phase))
    if view["pending_waiver"]:
        wv = view["pending_waiver"]
        line(f"{wv['seat']} asks to put {wv['id']} on terrain")
    if view["lt_wip"]:
        line(f"Lt WIP A {view['lt_wip']['A']}, B {view['lt_wip']['B']}; "
             f"{len(view['initiative_attempts'])} attempt(s)")
    if view["winner"]:
        line(f"Initiative Roll: {view['winner']}")
    if view["zone_of"]:
        z = view["zone_of"]
        line(f"Zones: A {z['A']}, B {z['B']}; P1: {view['player1']}")
    if view["first_turn"]:
        line(f"First Player Turn: {view['first_turn']}")
    if view.get("me"):
        line(f"Private view of {view['me']}", fill=COLOURS[view["me"]])
    y += 6
    for s in ("A", "B"):
        roster = view["rosters"][s]
        if not line(f"{s} - {view['players'][s]}", fill=COLOURS[s], f=head, step=18):
            return
        for i, t in enumerate(roster):
            mark = ("*" if t.get("lt") else "") + (" (hidden)" if t.get("hidden") and not t["revealed"] else "")
            status = "reserve-to-come" if t["status"] == "reserve" else t["status"]
            if t["placed"] and t["placed"]["prone"]:
                status += ", prone"
            if not line(f"{t['id']} {t['name'][:14]}{mark}: {status}", fill=COLOURS[s]):
                return
        y += 6
