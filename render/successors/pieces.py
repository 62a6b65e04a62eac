"""What the map shows of a view's pieces, read from the view only: each force counter's rows
(generals, CUs by type, the royals and Cart they carry), independent armies, unattended royals
and the Cart/Tomb, siege points and the activation path."""
from __future__ import annotations

from core.games.successors.board import BOARD
from render.i18n import translator
from render.successors.colours import GOLD, INDEP, seat_colour

CU_LETTER = {"merc": "M", "mac": "L", "royal": "R", "silver": "S", "eleph": "E", "indep": "I"}
CU_ORDER = ("royal", "silver", "mac", "merc", "eleph", "indep")
ROYAL_TAG = {"alexander_iv": "A4", "philip_iii": "P3", "herakles": "He",
             "olympias": "Ol", "kleopatra": "Kl", "thessalonike": "Th"}


def general_name(g: str) -> str:
    if g in BOARD.generals:
        return BOARD.generals[g]["name"]
    try:
        return f"{g[0]}-{BOARD.minor['labels'][int(g[1:]) - 1]}"
    except (ValueError, IndexError):
        return g


def _seniority(g: str) -> int:
    return BOARD.generals[g]["sen"] if g in BOARD.generals else BOARD.minor["sen"]


def _cu_row(cus: dict) -> list:
    row = []
    for k in CU_ORDER:
        n = cus.get(k, 0)
        if n:
            if k == "royal":
                row.append((f"{n}R", GOLD))
            elif k == "silver":
                row.append((f"{n}S", (200, 205, 215)))
            else:
                row.append((f"{n}{CU_LETTER[k]}", None))
    return row


def _markers(view: dict, tr=translator(None)) -> dict[str, list]:
    """Royal family members and the Cart/Tomb on the map: space → [(tag, bg, carrier)]."""
    out: dict[str, list] = {}
    for r, d in (view.get("royals") or {}).items():
        at = d.get("at")
        if at in BOARD.spaces and d.get("st") in ("active", "inactive"):
            bg = GOLD if d["st"] == "active" else (214, 214, 214)
            out.setdefault(at, []).append((ROYAL_TAG.get(r, r[:2].title()), bg, d.get("by")))
    b = view.get("body") or {}
    if b.get("at") in BOARD.spaces:
        if b.get("st") == "tomb":
            out.setdefault(b["at"], []).append((tr("Tomb"), (60, 60, 60), None))
        else:
            out.setdefault(b["at"], []).append((tr("Cart"), (140, 90, 40), b.get("by")))
    return out


def force_counters(view: dict, tr=translator(None)) -> list[tuple[str, tuple, tuple]]:
    """Every counter to draw: (space, rows, colour), in a fixed order."""
    gens: dict[tuple, list] = {}
    for g, d in (view.get("gens") or {}).items():
        if d.get("at") in BOARD.spaces:
            gens.setdefault((d["at"], d.get("o")), []).append(g)
    cus = view.get("cus") or {}
    keys = set(gens)
    for sp, by in cus.items():
        for o, c in by.items():
            if sp in BOARD.spaces and sum(c.values()):
                keys.add((sp, o))
    markers = _markers(view, tr)
    carried: dict[str, list] = {}
    loose: dict[str, list] = {}
    for sp, items in markers.items():
        for tag, bg, by in items:
            if by and view.get("gens", {}).get(by, {}).get("at") == sp:
                carried.setdefault(by, []).append((tag, bg))
            else:
                loose.setdefault(sp, []).append((tag, bg))
    out = []
    for sp, o in sorted(keys, key=lambda k: (k[0], str(k[1]))):
        gs = sorted(gens.get((sp, o), []), key=lambda g: (-_seniority(g), g))
        rows = []
        if gs:
            names = [general_name(g) + ("\u2009(in)" if view["gens"][g].get("in") else "") for g in gs]
            if len(names) <= 2 and sum(len(n) for n in names) <= 18:
                rows.append(((" · ".join(names), None),))
            else:
                rows.append(((f"{names[0]} +{len(names) - 1}", None),))
        c = _cu_row(cus.get(sp, {}).get(o, {}))
        if c:
            rows.append(tuple(c))
        tags = [t for g in gs for t in carried.get(g, [])]
        if tags:
            rows.append(tuple(tags))
        out.append((sp, tuple(rows), seat_colour(o, view)))
    for army, at in sorted((view.get("indep") or {}).items()):
        if at in BOARD.spaces:
            spec = BOARD.indep_armies.get(army, {})
            rows = (((tr(spec.get("name", army)), None),), ((f"{spec.get('cus', '?')}I", None),))
            out.append((at, rows, INDEP))
    for sp, tags in sorted(loose.items()):
        out.append((sp, (tuple(tags),), (245, 240, 225)))
    return out


def siege_points(view: dict) -> dict[str, int]:
    """Siege points by space, from whichever key the view uses (none yet in step I)."""
    for key in ("sieges", "siege_points", "siege"):
        v = view.get(key)
        if isinstance(v, dict):
            return {s: n for s, n in v.items() if s in BOARD.spaces and isinstance(n, int) and n > 0}
    return {}


def activation_path(view: dict) -> tuple[str | None, list]:
    """The activation to draw as an arrow: the one in progress, else the last one if the
    view keeps it."""
    for key in ("act", "last_activation", "last_move"):       # an independent army's path may
        got = view.get(key)                                     # start in its box: map spaces only
        pts = [s for s in (got.get("path") or []) if s in BOARD.spaces] if isinstance(got, dict) else []
        if len(pts) > 1:
            return got.get("seat"), pts
        if key == "act" and isinstance(got, dict):
            continue
    return None, []

