"""The Successors map's colours: sea, land, roads and ink, the players' colours (§1.2, read
from the view with §12.6) and the ink that reads on a fill."""
from __future__ import annotations

from core.games.successors.board import BOARD
from core.games.successors.setup import colour_of

SEA = (163, 196, 220)
COAST = (96, 134, 166)
LANE = (40, 84, 150)
BORDER = (120, 96, 70)
ROAD = (110, 82, 58)
PASS = (150, 50, 40)
STRAIT = (30, 120, 160)
INK = (25, 25, 25)
WHITE = (255, 255, 255)
HALO = (255, 255, 255)
GOLD = (232, 184, 40)
PANEL_BG = (250, 247, 238)
PANEL_LINE = (150, 140, 120)
REGION_LAND = {
    "Europe": (222, 216, 186), "Asia Minor": (230, 212, 176), "Levant": (224, 222, 178),
    "Africa": (238, 224, 172), "Mesopotamia": (214, 222, 178), "Upper Satrapies": (228, 206, 182),
}
NAMED = {"Purple": (128, 62, 176), "Blue": (36, 96, 214), "Yellow": (240, 200, 20),
         "Red": (206, 40, 40), "Green": (34, 146, 64)}
INDEP = (120, 120, 120)          # Independent PC, independent armies
FREE = (252, 252, 252)           # a city with no PC
UNKNOWN = (90, 90, 90)           # a seat with no colour yet (§12.6 before its pick)
TRANSIT = (70, 70, 70)           # Transit Points never hold a PC (§1.9)
SIEGE = (180, 20, 20)            # siege points chips and the last activation's assault ring
BATTLE = (245, 130, 20)          # the last activation's battle burst: no player's colour


def seat_colour(seat: str | None, view: dict | None = None) -> tuple[int, int, int]:
    """The fill of a control marker: a player's colour (§1.2: his package's, the drafted one
    with §12.6, read from the view), Independent grey, or none."""
    if seat is None:
        return FREE
    if seat in ("IND", "independent"):
        return INDEP
    if seat not in BOARD.colours:
        return UNKNOWN
    return NAMED.get(colour_of(view or {}, seat) or "", UNKNOWN)


def ink_on(colour: tuple) -> tuple:
    r, g, b = colour[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE

