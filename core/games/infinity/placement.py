"""Placement checks P4–P9 of §8, with the skill areas of §9.2–§9.3, the area priority of
§9.6 and the hidden-trooper contact rules of §9.5.2–§9.5.3.

P1–P3 (step, trooper, channel) depend on the command and live in `deployment.py`.
`evaluate` returns a `Verdict` or raises the first failing check as a `RulesError`.
"""
from __future__ import annotations

from dataclasses import dataclass

from core.errors import RulesError
from core.games.infinity import geometry as geo
from core.games.infinity.missions import fd_area, half, other
from core.games.infinity.roster import has, is_hidden
from core.message import join, msg

# §9.6 area order
ZONE, FORWARD, INF_OWN, INF_ENEMY = "zone", "forward", "inf_own", "inf_enemy"
AREA_NAMES = {ZONE: msg("your Deployment Zone"), FORWARD: msg("your Forward Deployment area"),
              INF_OWN: msg("your own half (Infiltration)"), INF_ENEMY: msg("the enemy half (Infiltration, PH roll)")}
NEUTRAL = msg("neutral element")   # named in a P7 refusal: made once, not at every spot checked
# inches between an area and what cannot touch a base wholly inside it: far above ε and the sums' rounding
CLEAR = 1.0


@dataclass(frozen=True)
class Verdict:
    kind: str                  # "ok" | "terrain" (P9 failed, waivable, §8.3) | "reveal" (§9.5.2)
    area: str = ZONE
    terrain: str = ""          # id of the terrain piece for "terrain"
    revealed: tuple = ()       # ids of the enemy hidden troopers touched, for "reveal"

    @property
    def needs_roll(self) -> bool:
        return self.area == INF_ENEMY   # §9.3.2


# a placement that passes, one verdict an area: the robots judge thousands of spots
PASSED = {area: Verdict("ok", area) for area in AREA_NAMES}


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _rect(r) -> str:
    return "[" + join(", ", (_fmt(v) for v in r)) + "]"


def areas(state: dict, seat: str, t: dict) -> list[tuple[str, list[float] | None]]:
    """The areas this trooper may use now, in the §9.6 order; INF_ENEMY has no rectangle
    (any position on the table not overlapping the enemy zone, §9.3.2)."""
    mission = state["mission"]
    side = state["zone_of"][seat]
    out = [(ZONE, mission["zones"][side])]
    if t["must_place_in_zone"]:                      # §9.3.3 after a failed roll
        return out
    if has(t, "fd2"):
        out.append((FORWARD, fd_area(mission, side, "fd2")))
    elif has(t, "fd1"):
        out.append((FORWARD, fd_area(mission, side, "fd1")))
    if has(t, "inf"):
        out.append((INF_OWN, half(mission, side)))
        out.append((INF_ENEMY, None))
    return out


class Spots:
    """P4–P9 (§8) for trooper `t` of `seat` in one state, at any number of points: what the
    checks read of the state (the areas, the bases and rectangles in the way, their radii) is
    read once, for the robots and the suggestions try dozens of points for each placement.
    The state must not change while its Spots are asked.

    `see_enemy_hidden=False` checks with the knowledge of `seat` only (for private
    suggestions, which must not leak where the enemy's hidden troopers are). `one`: for a
    single point, which every area checks against everything (sorting out what is near each
    area would cost more than it saves).
    """

    __slots__ = ("t", "r", "hidden", "table", "areas", "enemy_zone", "exclusion", "friends", "near")

    def __init__(self, state: dict, seat: str, t: dict, *, see_enemy_hidden: bool = True, one: bool = False):
        mission = state["mission"]
        self.t = t
        self.r = r = geo.radius(t["base_mm"])
        self.hidden = is_hidden(t)
        self.table = [0, 0, mission["table"]["w"], mission["table"]["h"]]
        self.areas = areas(state, seat, t)
        self.enemy_zone = mission["zones"][other(state["zone_of"][seat])]
        self.exclusion = mission["exclusion"]
        placed = [e for e in state["rosters"][other_seat(seat)] if e["placed"] is not None]
        # each base in the way with the centre distance the trooper's may not reach (contact,
        # geo.in_contact) or go under (overlap, geo.overlapping), summed as those sum it
        enemies = [(e, r + geo.radius(e["base_mm"]) + geo.EPS) for e in placed if not is_hidden(e)]
        markers = [(label, o, r + geo.radius(o["d_mm"]) + geo.EPS)
                   for key, label in (("objectives", "objective"), ("neutral", NEUTRAL)) for o in mission[key]]
        self.friends = [(f, r + geo.radius(f["base_mm"]) - geo.EPS) for f in state["rosters"][seat]
                        if f["placed"] is not None and f["id"] != t["id"]]
        unseen = [(e, r + geo.radius(e["base_mm"]) + geo.EPS) for e in placed if is_hidden(e)] \
            if see_enemy_hidden else None
        if one:
            terrain = mission["terrain"]
            everything = (enemies, markers, self.friends, terrain, [piece["rect"] for piece in terrain], unseen)
            self.near = {area: everything for area, _ in self.areas}
            return
        # P7–P9 are asked only of a base wholly inside its area (the table for INF_ENEMY, P4), so
        # each area keeps only what comes within CLEAR of it, in order: a robot's spots stand in a
        # zone, far from most terrain and objectives
        self.near = {}
        for area, rect in self.areas:
            region = rect or self.table
            terrain = [piece for piece in mission["terrain"] if not geo.apart(region, piece["rect"], CLEAR)]
            self.near[area] = (_bases_within(region, enemies),
                               [(label, o, d) for label, o, d in markers if _within(region, o["x"], o["y"], d)],
                               _bases_within(region, self.friends), terrain, [piece["rect"] for piece in terrain],
                               None if unseen is None else _bases_within(region, unseen))

    def evaluate(self, x: float, y: float, *, waive_terrain: bool = False) -> Verdict:
        """Run P4–P9 in order at (x, y): the verdict, or the first failing check as a `RulesError`."""
        r, hidden = self.r, self.hidden

        # P4 OFF_TABLE
        if not geo.circle_inside_rect(x, y, r, self.table):
            w, h = self.table[2], self.table[3]
            raise RulesError(msg("{where} is off the table: the whole base must lie within 0–{w} × 0–{h}.", where=self._where(x, y), w=_fmt(w), h=_fmt(h)), code="OFF_TABLE", private=hidden)

        # P5 OUTSIDE_AREA and P6 EXCLUSION, area by area in the §9.6 order
        chosen = None
        excluded_by = None
        for area, rect in self.areas:
            if area == INF_ENEMY:
                inside = not geo.circle_overlaps_rect(x, y, r, self.enemy_zone)
            else:
                inside = geo.circle_inside_rect(x, y, r, rect)
            if not inside:
                continue
            if area != ZONE:
                hit = next((ex for ex in self.exclusion if geo.circle_overlaps_rect(x, y, r, ex)), None)
                if hit is not None:
                    excluded_by = excluded_by or hit
                    continue
            chosen = area
            break
        if chosen is None and excluded_by is not None:
            raise RulesError(msg("{where} overlaps the Exclusion Zone {rect}: outside your own Deployment Zone no base may overlap an Exclusion Zone.", where=self._where(x, y), rect=_rect(excluded_by)),
                             code="EXCLUSION", private=hidden)
        if chosen is None:
            allowed = []
            for area, rect in self.areas:
                if area == INF_ENEMY:
                    allowed.append(msg("{area_names} without overlapping the enemy zone", area_names=AREA_NAMES[area]))
                else:
                    allowed.append(msg("{area_names} {rect}", area_names=AREA_NAMES[area], rect=_rect(rect)))
            edge = ""
            if len(allowed) == 1:
                edge = (msg("; its base spans x {x}–{x2}, y {y}–{y2}", x=_fmt(x - r), x2=_fmt(x + r), y=_fmt(y - r), y2=_fmt(y + r)))
            raise RulesError(msg("{where} is not wholly inside {allowed}{edge}.", where=self._where(x, y), allowed=" or ".join(allowed), edge=edge),
                             code="OUTSIDE_AREA", private=hidden)

        enemies, markers, friends, terrain, rects, unseen = self.near[chosen]
        # P7 CONTACT with visible enemy troopers, neutral elements and objectives
        for e, contact in enemies:
            d = geo.distance(x, y, e["placed"]["x"], e["placed"]["y"])
            if d <= contact:
                raise RulesError(msg("{where} would be in base contact with enemy {id} (centres {d}\" apart, contact up to {r}\").", where=self._where(x, y), id=e['id'], d=format(d, ".3f"), r=format(contact, ".3f")),
                                 code="CONTACT", private=hidden)
        for label, o, contact in markers:
            if geo.distance(x, y, o["x"], o["y"]) <= contact:
                raise RulesError(msg("{where} would be in base contact with the {label} {id} at ({x}, {y}); no skill allows that.", where=self._where(x, y), label=label, id=o['id'], x=_fmt(o['x']), y=_fmt(o['y'])),
                                 code="CONTACT", private=hidden)

        # P8 OVERLAP with a friendly base (own hidden troopers included: the refusal then
        # goes to the owner only, §9.5.1)
        for f, overlap in friends:
            if geo.distance(x, y, f["placed"]["x"], f["placed"]["y"]) < overlap:
                raise RulesError(msg("{where} would overlap your {id} at ({x}, {y}); bases may touch but not overlap.", where=self._where(x, y), id=f['id'], x=_fmt(f['placed']['x']), y=_fmt(f['placed']['y'])), code="OVERLAP", private=hidden or is_hidden(f))

        # P9 TERRAIN (waivable by agreement for visible troopers, §8.3)
        if not waive_terrain:
            hit = geo.first_overlapped(x, y, r, rects)
            if hit is not None:
                piece = terrain[hit]
                if hidden:
                    raise RulesError(msg("{where} does not fit: it overlaps terrain {id} {rect}. Hidden troopers cannot ask for an agreement (§8.3).", where=self._where(x, y), id=piece['id'], rect=_rect(piece['rect'])), code="TERRAIN", private=True)
                return Verdict("terrain", chosen, terrain=piece["id"])

        # §9.5.2 / §9.5.3 contact with enemy hidden troopers, last of all
        if unseen is not None:
            touched = [e["id"] for e, contact in unseen
                       if geo.distance(x, y, e["placed"]["x"], e["placed"]["y"]) <= contact]
            if touched:
                if hidden:
                    raise RulesError(msg("{where}: position unavailable, choose another spot.", where=self._where(x, y)),
                                     code="POSITION_UNAVAILABLE", private=True)
                return Verdict("reveal", chosen, revealed=tuple(touched))
        return PASSED[chosen]

    def _where(self, x: float, y: float):
        """The trooper at (x, y) in a refusal's words: worded only for one (the robots and the
        suggestions check thousands of spots)."""
        t = self.t
        return msg("{id} (base {base_mm} mm, r {r}\") at ({x}, {y})", id=t['id'], base_mm=t['base_mm'], r=format(self.r, ".3f"), x=_fmt(x), y=_fmt(y))

    def legal(self, x: float, y: float, *, allow_terrain: bool = False) -> Verdict | None:
        """The verdict if (x, y) passes P4–P9 (or only fails P9 when `allow_terrain`), else None."""
        try:
            v = self.evaluate(x, y)
        except RulesError:
            return None
        if v.kind == "ok" or (allow_terrain and v.kind == "terrain"):
            return v
        return None


def _within(region, x: float, y: float, d: float) -> bool:
    """A circle of radius `d` at (x, y) comes within CLEAR of the rectangle `region`."""
    return not geo.apart(region, (x - d, y - d, x + d, y + d), CLEAR)


def _bases_within(region, bases: list[tuple[dict, float]]) -> list[tuple[dict, float]]:
    """The placed troopers of `bases`, each with its distance (Spots), that come within CLEAR of `region`."""
    return [(b, d) for b, d in bases if _within(region, b["placed"]["x"], b["placed"]["y"], d)]


def evaluate(state: dict, seat: str, t: dict, x: float, y: float, *,
             waive_terrain: bool = False, see_enemy_hidden: bool = True) -> Verdict:
    """P4–P9 for trooper `t` of `seat` at one point (`Spots.evaluate`)."""
    return Spots(state, seat, t, see_enemy_hidden=see_enemy_hidden, one=True).evaluate(x, y, waive_terrain=waive_terrain)


def legal(state: dict, seat: str, t: dict, x: float, y: float, *, see_enemy_hidden: bool = True,
          allow_terrain: bool = False) -> Verdict | None:
    """The verdict if (x, y) passes P4–P9 (or only fails P9 when `allow_terrain`), else None."""
    return Spots(state, seat, t, see_enemy_hidden=see_enemy_hidden, one=True).legal(x, y, allow_terrain=allow_terrain)


def other_seat(seat: str) -> str:
    return "B" if seat == "A" else "A"
