"""The Ludi Gladiatorii table (ludi.md §13), drawn from a view only (never the state).

1280 px wide: a header (turn, phase, event), one row per player (name, coins, points,
favour; building cards with cost and vp; gladiator cards with C/W/B, shield and origin,
tapped ones turned 90°, chained ones barred in red, the champion with a gold laurel), and
the centre (buildings by name with copy counts, Tiros left, deck and discard sizes, the
auction in progress and the last combat card). Cards are cached sprites: a redraw only
pastes them.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from core.games.ludi.data import B, E, G, K
from core.message import kept
from core.names import display_name
from render.fonts import font
from render.i18n import translator

W = 1280
HEADER = 44
ROW = 112
PANEL = 200
BW, BH = 108, 88           # building card
GW, GH = 72, 96            # gladiator card (upright)
GAP = 6
BG = (0xF4, 0xEE, 0xE1)
INK = (0x22, 0x1E, 0x1A)
MUTED = (0x6B, 0x62, 0x58)
ACTIVE = (0xFF, 0xE8, 0xA8)
STONE = (0xE2, 0xD9, 0xC8)
ADV = (0xD8, 0xE4, 0xF2)
VP = (0xF6, 0xD8, 0x6B)
TIRO = (0xEC, 0xE4, 0xD6)
VET = (0xF3, 0xD9, 0xC4)
RED = (0xB0, 0x2A, 0x20)
GOLD = (0xC8, 0x9B, 0x1E)
WHITE = (255, 255, 255)
ORIGIN = {"ROM": "Roma", "NUB": "Nubia", "GAL": "Gallia", "HIS": "Hispania", "PHO": "Phoen.",
          "THR": "Thracia", "GER": "Germ."}
SHORT = {   # a building's ability in a few words (§2.5)
    "Casula": "first player", "Cubiculum": "+1 coin at start", "Palaestra": "/train +1 C",
    "Officina": "Chain", "Lapicidinae": "+1 first build", "Popina": "+1 first work",
    "Armamentarium": "+1 def. no shield", "Hortus": "+1 coin per build", "Valetudinarium": "+2 on death",
    "Horreum": "+2 if broke", "Culina": "Tiros +1 work", "Carcer": "Tiros +1 def.",
    "Macellum": "+1 every work", "Villa": "+2 coins at start", "Schola": "Tiros C2", "Forum": "wins ties, bid -1",
    "Thermae": "+1 if free bldg", "Spoliarium": "+2 per death", "Tabularium": "+1 win by 2",
    "Aquaeductus": "+2 build", "Castra": "+1 attack",
}




def _card(size, fill, outline=INK):
    img = Image.new("RGB", size, fill)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, size[0] - 1, size[1] - 1], outline=outline, width=2)
    return img, d


@lru_cache(maxsize=256)
def building_card(bid: str, tr=translator(None)) -> Image.Image:
    b = B[bid]
    fill = VP if b["vp"] else (STONE if b["kind"] == "start" else ADV)
    img, d = _card((BW, BH), fill)
    name = b["name"]
    d.text((6, 5), name, font=font(16 if len(name) <= 11 else 13), fill=INK)
    d.text((6, 27), tr("cost {n}").format(n=b["cost"]), font=font(14), fill=MUTED)
    if b["vp"]:
        d.text((BW - 8, 27), tr("{n} VP").format(n=b["vp"]), font=font(15), fill=RED, anchor="ra")
    text = tr(SHORT[b["name"]]) if b["name"] in SHORT else ""
    words, lines = text.split(), [""]
    for word in words:
        if len(lines[-1]) + len(word) > 13:
            lines.append("")
        lines[-1] = (lines[-1] + " " + word).strip()
    for i, line in enumerate(lines[:2]):
        d.text((6, 48 + 17 * i), line, font=font(13), fill=INK)
    return img


def row(c, cards: list, left: int, right: int, y: int) -> None:
    """Cards side by side between `left` and `right` in a player's row; when they do not fit,
    each overlaps the one before, its left edge (where the name is) still showing."""
    for card, (x, top) in zip(cards, row_places([card.size for card in cards], left, right, y)):
        c.paste(card, (x, top))


def row_places(sizes: list[tuple[int, int]], left: int, right: int, y: int) -> list[tuple[int, int]]:
    """Where `row` puts cards of these sizes: each one's top-left corner (render/regions.py
    reads it too, so a tap finds the card drawn there)."""
    if not sizes:
        return []
    need = sum(w for w, _ in sizes) + GAP * (len(sizes) - 1)
    step = None
    if need > right - left and len(sizes) > 1:
        step = (right - left - sizes[-1][0]) / (len(sizes) - 1)
    x, out = float(left), []
    for w, h in sizes:
        out.append((int(x), y + (ROW - h) // 2))
        x += step if step is not None else w + GAP
    return out


def gladiator_size(tapped: bool) -> tuple[int, int]:
    """A gladiator card's (width, height) as `gladiator_card` draws it: a tapped one lies on its side
    (what lays a row out needs no card drawn)."""
    return (GH, GW) if tapped else (GW, GH)


@lru_cache(maxsize=128)
def gladiator_card(gid: str, tapped: bool, chained: bool, champion: bool, trained: bool,
                   tr=translator(None)) -> Image.Image:
    g = G[gid]
    img, d = _card((GW, GH), TIRO if g["kind"] == "tiro" else VET, GOLD if champion else INK)
    if champion:
        d.rectangle([2, 2, GW - 3, GH - 3], outline=GOLD, width=3)
    size = 14
    while size > 10 and d.textlength(g["name"], font=font(size)) > GW - 6:
        size -= 1
    d.text((GW // 2, 5), g["name"], font=font(size), fill=INK, anchor="ma")
    d.text((GW // 2, 24), f"C{g['combat']}" + ("+" if trained else ""), font=font(22), fill=RED if trained else INK,
           anchor="ma")
    d.text((GW // 2, 50), f"W{g['work']} B{g['build']}", font=font(15), fill=INK, anchor="ma")
    if not chained:
        d.text((GW // 2, 70), ORIGIN[g["origin"]], font=font(12), fill=MUTED, anchor="ma")
    if g["shield"]:   # §2.2.1 the shield icon
        d.polygon([(5, 27), (17, 27), (17, 36), (11, 42), (5, 36)], fill=(0x4A, 0x6F, 0xA5))
    if champion:      # §14.3 the laurel
        d.ellipse([GW - 20, 26, GW - 6, 40], outline=GOLD, width=3)
    if chained:       # §5.6.3
        d.line([(3, GH - 28), (GW - 4, GH - 28)], fill=RED, width=4)
        d.text((GW // 2, GH - 22), tr("chained"), font=font(13), fill=RED, anchor="ma")
    return img.rotate(90, expand=True) if tapped else img


@lru_cache(maxsize=256)
def chip_sprite(text: str, fill: tuple) -> Image.Image:
    wdt = int(ImageDraw.Draw(Image.new("RGB", (1, 1))).textlength(text, font=font(14))) + 12
    img = Image.new("RGB", (wdt + 1, 21), BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, wdt, 20], radius=4, fill=fill, outline=MUTED)
    d.text((6, 3), text, font=font(14), fill=INK)
    return img


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """One fixed palette per process, from a sample of every ink on every card colour: a flat
    picture maps onto it in ~3 ms and encodes as PNG in ~9 ms (RGB: ~70 ms)."""
    inks = (INK, MUTED, RED, WHITE, VP, GOLD, (0x4A, 0x6F, 0xA5))
    grounds = (BG, ACTIVE, STONE, ADV, VP, TIRO, VET, WHITE, INK)
    sample = Image.new("RGB", (60 * len(inks), 30 * len(grounds)), BG)
    d = ImageDraw.Draw(sample)
    for j, ground in enumerate(grounds):
        d.rectangle([0, 30 * j, sample.width, 30 * j + 29], fill=ground)
        for i, ink in enumerate(inks):
            d.text((60 * i + 2, 30 * j + 4), "Ag8", font=font(18), fill=ink)
            d.line([(60 * i + 40, 30 * j + 4), (60 * i + 58, 30 * j + 26)], fill=ink, width=1)
    return sample.quantize(128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def draw(view: dict, seat: str | None = None, lang: str | None = None, **options) -> Image.Image:
    """The table as an 8-bit image on the fixed palette, drawn on it directly: cards and
    texts are sprites mapped to the palette once per process and pasted, so a redraw never
    quantizes the whole picture (it costs about a quarter of the PNG encode). The table's
    words (not the cards' names) are in `lang` (`render.i18n`)."""
    return _Canvas.draw(view, translator(lang))


def words(view: dict, lang: str | None = None) -> list[str]:
    """Every text the table draws (not the cards'), in `lang` (for the tests)."""
    return _Canvas.canvas(view, translator(lang)).said


def draw_rgb(view: dict, seat: str | None = None) -> Image.Image:
    return draw(view, seat).convert("RGB")


@lru_cache(maxsize=256)
def _ink(colour: tuple) -> int:
    """The palette index a flat colour maps to (as quantizing it would map it)."""
    return Image.new("RGB", (1, 1), colour).quantize(palette=palette(), dither=Image.Dither.NONE).getpixel((0, 0))


@lru_cache(maxsize=4096)
def _text_sprite(text: str, size: int, fill: tuple, ground: tuple, anchor: str) -> tuple[Image.Image, int, int]:
    """A text anti-aliased on its flat ground, mapped to the palette once: (sprite, dx, dy)
    from the anchor point."""
    f = font(size)
    x0, y0, x1, y1 = f.getbbox(text, anchor=anchor)
    img = Image.new("RGB", (max(1, x1 - x0), max(1, y1 - y0)), ground)
    ImageDraw.Draw(img).text((-x0, -y0), text, font=f, fill=fill, anchor=anchor)
    return img.quantize(palette=palette(), dither=Image.Dither.NONE), x0, y0


_SPRITES: dict[int, tuple] = {}


def _p(sprite: Image.Image) -> Image.Image:
    """A cached RGB sprite (a card, a chip) mapped to the palette once per process."""
    hit = _SPRITES.get(id(sprite))
    if hit is None or hit[0] is not sprite:
        if len(_SPRITES) > 1024:
            _SPRITES.clear()
        hit = _SPRITES[id(sprite)] = (sprite, sprite.quantize(palette=palette(), dither=Image.Dither.NONE))
    return hit[1]


class _Canvas:
    """One picture on the palette: flat shapes by palette index, sprites pasted."""

    def __init__(self, size: tuple):
        self.said: list[str] = []
        self.img = Image.new("P", size, _ink(BG))
        self.img.putpalette(palette().getpalette())
        self.d = ImageDraw.Draw(self.img)

    def rect(self, box, fill) -> None:
        self.d.rectangle(box, fill=_ink(fill))

    def line(self, pts, fill, width: int) -> None:
        self.d.line(pts, fill=_ink(fill), width=width)

    def paste(self, sprite: Image.Image, xy) -> None:
        self.img.paste(_p(sprite), xy)

    def text(self, xy, text: str, size: int, fill: tuple, ground: tuple, anchor: str = "la") -> None:
        self.said.append(text)
        sprite, dx, dy = _text_sprite(text, size, fill, ground, anchor)
        self.img.paste(sprite, (round(xy[0]) + dx, round(xy[1]) + dy))

    @classmethod
    def draw(cls, view: dict, tr=translator(None)) -> Image.Image:
        return cls.canvas(view, tr).img

    @classmethod
    def canvas(cls, view: dict, tr=translator(None)) -> "_Canvas":
        seats = view["seats"]
        auc = view.get("auction")
        bidding = bool(auc and auc.get("revealed") and not auc.get("done"))
        chips = centre_chips(view)
        c = cls((W, height(view, chips)))
        # header --------------------------------------------------------------------------------
        c.rect([0, 0, W, HEADER], INK)
        names = {seat: display_name(name, seat) for seat, name in view["names"].items()}   # as stored, any age
        if view.get("result"):
            winner = view["result"].get("winner")
            status = tr("Game over: {name} wins").format(name=names[winner]) if winner else tr("Game over: aborted")
        else:
            status = tr("Turn {turn} · round {round} · {name}'s {phase} phase").format(
                turn=view["turns"] + 1, round=view["turns"] // len(seats) + 1, name=names[view["active"]],
                phase=tr(view["phase"]))
        c.text((14, 10), "Ludi Gladiatorii", 22, VP, INK)
        c.text((220, 12), status, 18, WHITE, INK)
        if view.get("event"):
            c.text((W - 14, 12), tr("Event: {name}").format(name=E[view["event"]]["name"]), 18, VP, INK, "ra")
        # players -------------------------------------------------------------------------------
        y = HEADER
        for s in seats:
            p = view["p"][s]
            ground = BG
            if s == view["active"] and not view.get("result"):
                c.rect([0, y, W, y + ROW - 1], ACTIVE)
                ground = ACTIVE
            c.line([(0, y + ROW - 1), (W, y + ROW - 1)], STONE, 2)
            label = names[s] if len(names[s]) <= 16 else names[s][:15] + "…"
            c.text((12, y + 8), f"{s}  {label}", 17, INK, ground)
            pts = view["points"][s]
            c.text((12, y + 34), tr("{n} point" if pts == 1 else "{n} points").format(n=pts), 20, RED, ground)
            c.text((12, y + 62), tr("{n} coin" if p["coins"] == 1 else "{n} coins").format(n=p["coins"]), 17, INK,
                   ground)
            extra = []
            if view["options"].get("favour"):
                extra.append(tr("favour {n}").format(n=p["favour"]))
            if s == view.get("first"):
                extra.append(tr("start player"))
            if extra:
                c.text((12, y + 86), " · ".join(extra), 13, MUTED, ground)
            split = PANEL + 5 * (BW + GAP) + 8          # room for five buildings, then the school
            row(c, [building_card(b, tr) for b in p["bld"]], PANEL, split - 8, y)
            row(c, [gladiator_card(g, view["gl"][g]["tapped"], view["gl"][g]["chained"], view.get("champion") == g,
                                   p.get("trained") == g, tr) for g in p["gl"]], split, W - 8, y)
            y += ROW
        # centre --------------------------------------------------------------------------------
        c.text((12, y + 8), tr("Centre"), 18, INK, BG)
        for cx, cyo, sprite in chips:
            c.paste(sprite, (cx, y + 8 + cyo))
        cy = y + 8 + (chips[-1][1] if chips else 0)
        iy = cy + 30
        tiros = ", ".join(G[t]["name"] for t in view["tiros"][:6]) + ("…" if len(view["tiros"]) > 6 else "")
        c.text((12, iy), tr("Tiros: {n}").format(n=len(view["tiros"])) + (f" ({tiros})" if tiros else ""), 15, INK,
               BG)
        c.text((12, iy + 22), tr("Veteran deck {v} · discard {vd}    Combat deck {c} · discard {cd}").format(
            v=view["vdeck"], vd=len(view["vdiscard"]), c=view["cdeck"], cd=len(view["cdiscard"])), 15, INK, BG)
        if view.get("last_card"):
            k = K[view["last_card"]]
            parts = ([tr("+{n} swords").format(n=k["swords"])] if k["swords"] else []) + \
                    ([tr("+{n} shields").format(n=k["shields"])] if k["shields"] else []) + \
                    ([tr("skull")] if k["skull"] else [])
            fight = tr.say(kept(view["last_fight"])) if view.get("last_fight") else ""
            fight = fight.replace("–", "-").replace("—", "-")
            c.text((12, iy + 44), tr("Last combat card {card}: {what}").format(
                card=view["last_card"], what=", ".join(parts) or tr("blank")) + (f"   |   {fight}" if fight else ""),
                15, INK, BG)
        if bidding:
            ax = 760
            c.text((ax, iy - 4), tr("Auction") + (": " + tr("high bid {n} by {name}").format(
                n=auc["high"], name=names[auc["leader"]]) if auc.get("leader") else ""), 15, RED, BG)
            for g in auc["revealed"]:
                c.paste(gladiator_card(g, False, False, False, False, tr), (ax, iy + 16))
                c.text((ax + GW // 2, iy + 18 + GH), tr("min {n}").format(n=G[g]["minbid"]), 13, INK, BG, "ma")
                ax += GW + GAP
        return c


def height(view: dict, chips: list | None = None) -> int:
    """The picture's height: the header, a row per school, the centre (its chips' rows, and the
    auction when gladiators are up for bidding)."""
    auc = view.get("auction")
    bidding = bool(auc and auc.get("revealed") and not auc.get("done"))
    chips = centre_chips(view) if chips is None else chips
    rows = (chips[-1][1] // 24 + 1) if chips else 1
    return HEADER + ROW * len(view["seats"]) + 24 * rows + (200 if bidding else 96)


def centre_chips(view: dict) -> list:
    """§13: the centre's buildings grouped by name with copy counts, as (x, y offset, sprite)."""
    counts: dict[str, int] = {}
    first: dict[str, str] = {}
    for b in sorted(view["centre"]):
        counts[B[b]["name"]] = counts.get(B[b]["name"], 0) + 1
        first.setdefault(B[b]["name"], b)
    out, cx, cy = [], 90, 0
    for name in sorted(counts, key=lambda n: (B[first[n]]["kind"] != "start", n)):
        b = B[first[name]]
        chip = f"{name} {b['cost']}" + (f"·{b['vp']}VP" if b["vp"] else "") + \
            (f" x{counts[name]}" if counts[name] > 1 else "")
        sprite = chip_sprite(chip, VP if b["vp"] else (STONE if b["kind"] == "start" else ADV))
        if cx + sprite.width > W - 10:
            cx, cy = 90, cy + 24
        out.append((cx, cy, sprite))
        cx += sprite.width + 5
    return out
