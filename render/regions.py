"""Where things are on a game's picture, for a finger: hit regions read from the drawers' own
geometry, so a tap on the page finds what the picture shows there.

``regions(game_id, view, seat=None, lang=None) -> dict``::

    {"size": [w, h],                       # the picture's size in px
     "regions": [{"kind": ..., "key": ..., "names": [...], "box": [x0, y0, x1, y1]}, ...],
     "table": {...}}                       # Infinity only: how a pixel becomes inches

`names` are the words an action line may use for what is there (a space's id, the generals
standing on it; a planet, an area, a route; a gladiator's or a building's id): the page narrows
a seat's lines to those naming one of them. Nothing here knows the rules: a region says what is
drawn where, never what may be done with it.

- Successors: every space's symbol (`space`) and every force counter (`force`, named by its
  space and the generals on it), from `render.successors.layout`;
- StarCraft: planets (`planet`, their circle's box), their areas' quarters (`area`) and the
  routes' transport anchors (`route`);
- Ludi: each school's buildings and gladiators (`building`, `gladiator`), where `row` puts them;
- Infinity: the table (`table`: its corner in px, pixels per inch and size in inches), so that a
  tap is a point in inches for `place`; and each trooper drawn on it (`trooper`).
"""
from __future__ import annotations

Box = list[float]


def regions(game_id: str, view: dict, seat: str | None = None, lang: str | None = None) -> dict:
    """The hit regions of `game_id`'s picture of `view` (an empty list for a game without them)."""
    maker = _MAKERS.get(game_id)
    return maker(view, seat, lang) if maker is not None else {"size": None, "regions": []}


def _successors(view: dict, seat: str | None, lang: str | None) -> dict:
    from render.successors import layout
    from render.successors.geometry import frame

    generals: dict[str, list[str]] = {}
    for general, where in (view.get("gens") or {}).items():
        generals.setdefault(where.get("at"), []).append(general)
    out = []
    for kind, key, rect in layout(view, lang=lang):
        if kind == "symbol":
            out.append(_region("space", key, [key], rect))
        elif kind == "counter":
            out.append(_region("force", key, [key, *sorted(generals.get(key, []))], rect))
    return {"size": list(frame().size), "regions": out}


def _starcraft(view: dict, seat: str | None, lang: str | None) -> dict:
    from core.games.starcraft.board import BOARD
    from render import starcraft as sc

    out = []
    radius = sc.sc(sc.R)
    for planet in BOARD.planets:
        x, y = sc.centre(planet)
        out.append(_region("planet", planet, [planet], (x - radius, y - radius, x + radius, y + radius)))
    side = sc.sc(64)
    for area, spec in BOARD.areas.items():
        x, y = sc.quarter_box(spec["planet"], area[-1])
        out.append(_region("area", area, [area, spec["planet"]], (x, y, x + side, y + side)))
    for route in BOARD.routes:
        x, y = sc.spx(*sc.route_anchor(route))
        out.append(_region("route", route, [route], (x - sc.sc(16), y - sc.sc(12), x + sc.sc(16), y + sc.sc(12))))
    return {"size": [sc.W, sc.height(len(view["seats"]))], "regions": out}


def _ludi(view: dict, seat: str | None, lang: str | None) -> dict:
    from render import ludi

    out = []
    split = ludi.PANEL + 5 * (ludi.BW + ludi.GAP) + 8     # as `ludi._Canvas.canvas` lays a row out
    y = ludi.HEADER
    for school in view["seats"]:
        out.append(_region("school", school, [school], (0, y, ludi.PANEL, y + ludi.ROW)))
        mine = view["p"][school]
        buildings = mine["bld"]
        for building, (x, top) in zip(buildings, ludi.row_places([(ludi.BW, ludi.BH)] * len(buildings),
                                                                  ludi.PANEL, split - 8, y)):
            out.append(_region("building", building, [building, ludi.B[building]["name"]],
                               (x, top, x + ludi.BW, top + ludi.BH)))
        sizes = [ludi.gladiator_size(view["gl"][g]["tapped"]) for g in mine["gl"]]
        for gladiator, (w, h), (x, top) in zip(mine["gl"], sizes, ludi.row_places(sizes, split, ludi.W - 8, y)):
            out.append(_region("gladiator", gladiator, [gladiator, ludi.G[gladiator]["name"]],
                               (x, top, x + w, top + h)))
        y += ludi.ROW
    auction = view.get("auction")
    if auction and auction.get("revealed") and not auction.get("done"):   # the gladiators up for bidding
        chips = ludi.centre_chips(view)
        x, top = 760, y + 8 + (chips[-1][1] if chips else 0) + 30 + 16
        for gladiator in auction["revealed"]:
            out.append(_region("gladiator", gladiator, [gladiator, ludi.G[gladiator]["name"]],
                               (x, top, x + ludi.GW, top + ludi.GH)))
            x += ludi.GW + ludi.GAP
    out.reverse()   # overlapping cards: the one drawn last is on top, and a tap finds it first
    return {"size": [ludi.W, ludi.height(view)], "regions": out}


def _infinity(view: dict, seat: str | None, lang: str | None) -> dict:
    from render import infinity

    lay = infinity.layout(view, lang)
    table = view["mission"]["table"]
    left, top = infinity.SIDE, lay.top
    out = []
    for owner in ("A", "B"):
        for trooper in view["rosters"].get(owner, []):
            placed = trooper.get("placed")
            if not placed:
                continue
            x, y = lay.px(placed["x"], placed["y"], table["h"])
            r = max(8.0, trooper["base_mm"] / 25.4 / 2 * lay.ppi)   # as `infinity._trooper` draws its base
            out.append(_region("trooper", trooper["id"], [trooper["id"]], (x - r, y - r, x + r, y + r)))
    return {"size": list(lay.size), "regions": out,
            "table": {"left": left, "top": top, "ppi": lay.ppi, "w": table["w"], "h": table["h"]}}


def _region(kind: str, key: str, names: list[str], rect) -> dict:
    return {"kind": kind, "key": key, "names": names, "box": [round(v, 1) for v in rect]}


_MAKERS = {"successors": _successors, "starcraft": _starcraft, "ludi": _ludi, "infinity": _infinity}
