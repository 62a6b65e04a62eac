"""What the map shows of a view's pieces, read from the view only: each force counter's rows
(generals, CUs by type, the royals and Cart they carry), independent armies, unattended royals
and the Cart/Tomb, siege points and the activation's marks (path, battles, assaults)."""
from __future__ import annotations

from typing import NamedTuple

from core.games.successors.board import BOARD
from core.games.successors.marching import via
from core.games.successors.scoring import LAND
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


class Marks(NamedTuple):
    """What the map marks of the activation in progress, else of the last one that moved
    (the view's ``act``, else ``last_activation``): its steps on the map [(from, to, by
    sea)], and the spaces of its battle and assault."""
    seat: str | None
    steps: tuple
    battles: tuple
    assaults: tuple
    done: bool                  # the last activation (True) or the one in progress

    @property
    def path(self) -> list:
        """The spaces moved through, start first."""
        return [self.steps[0][0], *(b for _, b, _ in self.steps)] if self.steps else []

    def __bool__(self) -> bool:
        return bool(self.steps or self.battles or self.assaults)


NO_MARKS = Marks(None, (), (), (), True)


def by_sea(a: str, b: str) -> bool:
    """Whether a step from a to b crossed by sea: the connection the rules take, the cheapest,
    land before sea on a tie (core/games/successors/marching.py `via`)."""
    return via(a, b, tuple(BOARD.kinds)) not in LAND


def activation_marks(view: dict) -> Marks:
    """The marks of the activation in progress; without one, of the last that moved. Read
    from keys the view has always had, so games saved by earlier code replay unchanged: the
    path (`act` or `last_activation`; an independent army's may start in its box: steps
    between map spaces only), each step by land or sea as the board connects them, the last
    battle (`last_battle`) when it was at a space this path entered, and an assault when an
    assault roll was made this round, in a march or activation segment, on the city the path
    ended in, which the mover besieges or took (`assaults`, `siege`, `pcs`, §7.2, §7.7)."""
    act = view.get("act")
    got, done = (act, False) if isinstance(act, dict) else (view.get("last_activation") or view.get("last_move"), True)
    if not isinstance(got, dict):
        return NO_MARKS
    raw = list(got.get("path") or [])
    steps = tuple((a, b, by_sea(a, b)) for a, b in zip(raw, raw[1:]) if a in BOARD.spaces and b in BOARD.spaces)
    entered = {b for _, b, _ in steps}
    seat = got.get("seat")
    battle = (view.get("last_battle") or {}).get("space")
    battles = (battle,) if battle in entered else ()
    end = steps[-1][1] if steps else None
    rolls = (view.get("assaults") or {}).get(end) or ()
    assaults = (end,) if end and (view.get("assaults") or {}).get("r") == [view.get("turn"), view.get("round")] \
        and sum(rolls[1:]) and seat in (((view.get("siege") or {}).get(end) or {}).get("o"),
                                         (view.get("pcs") or {}).get(end)) else ()
    return Marks(seat, steps, battles, assaults, done)


def activation_path(view: dict) -> tuple[str | None, list]:
    """The activation's path to draw as an arrow (`activation_marks`): its seat and spaces."""
    m = activation_marks(view)
    return m.seat, m.path
