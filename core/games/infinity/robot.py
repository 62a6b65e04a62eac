"""What the robot's search needs from Infinity's deployment (issue #22): a sampler of the hidden
part, the deployment's heuristic score, and legal placements worth trying.

The game ends after deployment with no winner, so the robot plays for the quality of its own
deployment, scored by `deployment_score` (0 to 1), the same number `evaluate` gives and the
arena prints against random legal placement. Per trooper on the table:

- cover (weight 0.45): a terrain piece within 2" of its base on the side facing the enemy
  zone, across its width, counts fully; any terrain within 1.5" half; none at all, prone 0.3;
- reach (0.3): how far forward it stands, 1 − (distance to the enemy zone / table depth) —
  closer means sooner on the objectives and the enemy;
- objectives (0.25): 1 − (distance to the nearest objective / 24"), capped at 0.
The Lieutenant, whose loss costs the army its orders, is scored for cover (0.7) and for
standing back (0.3) instead. Spread against templates: each pair of own troopers whose
centres are closer than 3" (one blast template covers both) costs up to 0.1 of the mean.
An airborne trooper counts 0.5 (it arrives later, anywhere), a withdrawn one 0, a pending
one 0.4 (what a random spot is worth on average), so a half-deployed state is comparable.

The candidates the search considers for a placement (`candidates`): for up to three pending
troopers, 24 random legal points each (the rules' own P4–P9 checks, judged without the
enemy's hidden troopers), the best two of each by the per-trooper score with the spread
penalty, plus prone where no cover is near; `done` when the reserve rule allows it; a
withdrawal only when a trooper has no legal point. Rosters are entered like self-play's
(the kit does not build armies); the Initiative choice, the zone and the order are searched.

Hidden from a seat (§9.5, §11): the opponent's hidden troopers (how many, their profiles and
where they stand) and which trooper is his Lieutenant. A determinization gives him 0–2
hidden troopers (more likely few), with pending/placed statuses consistent with the phase —
a step of his under way always has a trooper left to deploy — placed at random legal points
of his zone, and a Lieutenant among his troopers whose WIP matches the Initiative Roll's.
"""
from __future__ import annotations

import random

from core import draws
from core.game import Prompt, copy_state
from core.games.infinity import geometry as geo
from core.games.infinity import placement
from core.games.infinity.deployment import STEPS, pending, step_of, step_owner
from core.games.infinity.missions import other
from core.games.infinity.placement import INF_ENEMY, _fmt
from core.games.infinity.pregame import other_seat
from core.games.infinity.roster import BASE_BY_SILHOUETTE, has, is_hidden, new_trooper
from core.kit import BaseKit

from . import GAME

# the state's own keys that the view does not carry (recomputed or private bookkeeping)
VIEW_ONLY = ("me", "step", "step_owner")
HIDDEN_COUNT_WEIGHTS = (0.5, 0.3, 0.2)          # the opponent holds 0, 1 or 2 hidden troopers
HIDDEN_PROFILES = ((13, 11, 2), (12, 12, 2), (11, 13, 3))   # (wip, ph, s) of a sampled hidden trooper
SPOT_TRIES = 30
ROSTER_TRIES = 10

# the deployment score (module docstring)
COVER_W, REACH_W, OBJECTIVE_W = 0.45, 0.3, 0.25
LT_COVER_W, LT_BACK_W = 0.7, 0.3
COVER_FACING, COVER_NEAR = 2.0, 1.5             # inches from the base's edge
COVER_REACH = COVER_FACING + 1.0                # no farther terrain covers: the longer reach, and room for ε and rounding
PRONE_COVER = 0.3
OBJECTIVE_RANGE = 24.0
TEMPLATE_SPREAD = 3.0                            # centre distance under which one template hits two
SPREAD_WEIGHT = 0.1
AIRBORNE_VALUE, PENDING_VALUE = 0.5, 0.4
POINTS_PER_TROOPER, KEPT_PER_TROOPER, TROOPERS_TRIED = 24, 2, 3


class InfinityKit(BaseKit):
    game = GAME

    # the hidden part ---------------------------------------------------------------------------
    def determinize(self, view: dict, seat: str, rnd: random.Random) -> dict:
        enemy = other_seat(seat)
        state = copy_state({k: v for k, v in view.items() if k not in VIEW_ONLY})   # a view is JSON
        state["rng"] = {"seed": f"robot-{rnd.getrandbits(64):016x}", "n": 0}
        state["step_log"] = []          # only undo reads it, and the robot never undoes
        rosters = {s: [_trooper(t, own=s == seat) for t in state["rosters"][s]] for s in ("A", "B")}
        state["rosters"] = rosters
        hidden = self._hidden_troopers(state, view, enemy, rnd)
        rosters[enemy] += hidden
        self._lieutenant(state, view, enemy, rnd)
        state["counters"] = {s: {"public": _highest(rosters[s], hidden=False),
                                 "hidden": _highest(rosters[s], hidden=True)} for s in ("A", "B")}
        self._place_hidden(state, enemy, hidden, rnd)
        return state

    def _hidden_troopers(self, state: dict, view: dict, enemy: str, rnd: random.Random) -> list[dict]:
        count = rnd.choices(range(len(HIDDEN_COUNT_WEIGHTS)), HIDDEN_COUNT_WEIGHTS)[0]
        if _needs_hidden_pending(state, enemy):
            count = max(count, 1)
        wip = (view["lt_wip"] or {}).get(enemy)
        public_lt_possible = any(wip is None or t["wip"] == wip for t in state["rosters"][enemy])
        if view["locked"][enemy] and not public_lt_possible:
            count = max(count, 1)       # the Lieutenant's WIP matches no public trooper: he is hidden
        last = _highest(state["rosters"][enemy], hidden=True)      # the revealed ones' numbers are taken
        out = []
        for i in range(last + 1, last + 1 + count):
            w, ph, s = draws.choice(rnd, HIDDEN_PROFILES)
            fields = {"name": f"Unseen-{enemy}H{i}", "wip": w, "ph": ph, "s": s,
                      "base_mm": BASE_BY_SILHOUETTE[s], "skills": ["hd"]}
            out.append(new_trooper(f"{enemy}H{i}", fields, hidden=True))
        if out and not public_lt_possible and wip is not None:
            out[0]["wip"] = wip
        return out

    def _lieutenant(self, state: dict, view: dict, enemy: str, rnd: random.Random) -> None:
        """Any of his troopers, hidden ones included, of the WIP the Initiative Roll showed (§5)."""
        roster = state["rosters"][enemy]
        if not view["locked"][enemy] or not roster:
            return                       # an open roster may have no Lieutenant yet
        wip = (view["lt_wip"] or {}).get(enemy)
        able = [t for t in roster if wip is None or t["wip"] == wip]
        draws.choice(rnd, able or roster)["lt"] = True

    def _place_hidden(self, state: dict, enemy: str, hidden: list[dict], rnd: random.Random) -> None:
        """Which of the sampled hidden troopers are still to deploy, and where the others stand."""
        allowed = _pending_allowed(state, enemy)
        todo = list(hidden)
        draws.shuffle(rnd, todo)
        if allowed is None:
            keep = len(todo)             # his first step is not over: nothing placed yet, or any part of it
        else:
            public_pending = len(pending(state, enemy)) - len(hidden)
            keep = min(len(todo), max(0, allowed - public_pending))
            if _needs_hidden_pending(state, enemy):
                keep = max(keep, 1)
            elif keep and rnd.random() < 0.5:
                keep = 0                 # his reserve may as well be on the table already
        for t in todo[keep:]:
            # `one`: the same verdicts (placement.Spots), cheaper for the few points tried before one passes
            spot = _random_spot(placement.Spots(state, enemy, t, one=True), rnd, own_zone_only=True)
            if spot is None:
                t["withdrawn"] = True
            else:
                x, y, _ = spot
                t["placed"] = {"x": x, "y": y, "facing": 0.0 if state["zone_of"][enemy] == "south" else 180.0,
                               "prone": False}

    # the value ---------------------------------------------------------------------------------
    def evaluate(self, state: dict, seat: str) -> float:
        return deployment_score(state, seat)

    def score(self, state: dict, seat: str) -> float:
        """The arena's figure for a game that ends with no winner: the seat's deployment score."""
        return deployment_score(state, seat)

    # the lines ---------------------------------------------------------------------------------
    def candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random) -> list[str]:
        phase = state["phase"]
        if phase == "rosters":            # the kit does not build armies: self-play's entry, never undoing
            lines = [self.game.sample(state, seat, rnd) for _ in range(ROSTER_TRIES)]
            return [next((line for line in lines if line.split()[0] not in ("mission", "remove")), lines[0])]
        if phase in STEPS and step_owner(state) == seat:     # a waiver of his own is cancelled by any line
            lines = placement_lines(state, seat, rnd)
            if lines:
                return lines
        return [line for line in super().candidates(state, seat, prompt, rnd) if line != "undo"]


def placement_lines(state: dict, seat: str, rnd: random.Random) -> list[str]:
    """The placements worth searching in `seat`'s deployment step (module docstring)."""
    left = pending(state, seat)
    forced = next((t for t in left if t["must_place_in_zone"]), None)
    step = step_of(state)
    if step in (1, 2) and len(left) <= 1 and forced is None:
        return ["done"]
    troopers = [forced] if forced else sorted(left, key=lambda t: t["id"])[:TROOPERS_TRIED]
    worth = Worth(state, seat)
    lines = []
    for t in troopers:
        judge = placement.Spots(state, seat, t, see_enemy_hidden=False)
        terrain = {area: worth.near(rect or judge.table) for area, rect in judge.areas}
        # every spot drawn first, then each valued (valuing one draws nothing)
        drawn = [spot for spot in _random_spots(judge, rnd, POINTS_PER_TROOPER) if spot is not None]
        spots = [(value, (x, y)) for value, (x, y, _) in zip(worth.spot_values(judge, drawn, terrain), drawn)]
        if not spots:
            lines.append(f"withdraw {t['id']}")
            continue
        spots.sort(key=lambda vs: -vs[0])
        for _, (x, y) in spots[:KEPT_PER_TROOPER]:
            line = f"place {t['id']} {_fmt(x)} {_fmt(y)}"
            lines.append(line + (" prone" if worth.cover(judge.r, x, y) == 0 else ""))
        if has(t, "ad") and forced is None:
            lines.append(f"airborne {t['id']}")
    if step in (1, 2) and len(left) <= 1:
        lines.append("done")
    return lines


# the score -------------------------------------------------------------------------------------
def deployment_score(state: dict, seat: str) -> float:
    """The heuristic worth of `seat`'s deployment, 0 to 1 (module docstring): its own troopers
    only, so it reads the same in the seat's view as in the full state."""
    roster = state["rosters"][seat]
    if not roster or not state.get("zone_of"):
        return PENDING_VALUE
    worth = Worth(state, seat)
    values = []
    placed = []
    for t in roster:
        if t["placed"]:
            p = t["placed"]
            values.append(worth.trooper(t, p["x"], p["y"], p["prone"]))
            placed.append((p["x"], p["y"]))
        elif t["airborne"]:
            values.append(AIRBORNE_VALUE)
        elif t["withdrawn"]:
            values.append(0.0)
        else:
            values.append(PENDING_VALUE)
    crowding = sum(_crowding(a, b) for i, a in enumerate(placed) for b in placed[i + 1:])
    score = sum(values) / len(values) - SPREAD_WEIGHT * crowding / len(values)
    return min(1.0, max(0.0, score))


class Worth:
    """What `seat`'s troopers are worth where they stand or might stand, in one state (module
    docstring): what the score reads of the state (the terrain, the enemy zone, the objectives)
    is read once, for the kit values dozens of spots for each placement it offers."""

    __slots__ = ("north", "rects", "enemy_zone", "depth", "objectives")

    def __init__(self, state: dict, seat: str):
        mission = state["mission"]
        self.north = state["zone_of"][seat] == "south"          # the enemy is north of a south zone
        self.rects = [piece["rect"] for piece in mission["terrain"]]
        self.enemy_zone = mission["zones"][other(state["zone_of"][seat])]
        self.depth = mission["table"]["h"]
        self.objectives = [(o["x"], o["y"]) for o in mission["objectives"]]

    def near(self, region) -> list:
        """The terrain that may give cover to a base wholly inside `region`, in order (more than
        COVER_REACH away, none can): the kit's spots stand in a zone, far from most terrain."""
        return [rect for rect in self.rects if not geo.apart(region, rect, COVER_REACH)]

    def spot_values(self, spots: placement.Spots, drawn: list[tuple[float, float, str]],
                    terrain: dict[str, list]) -> list[float]:
        """The trooper of `spots` at each (x, y, area) of `drawn`, its base wholly inside the area whose
        terrain `near` gave as `terrain[area]`, less what it costs by crowding the troopers already
        placed (the friends its `spots` keeps clear of)."""
        friends = [(f["placed"]["x"], f["placed"]["y"]) for f, _ in spots.friends]
        values = []
        for x, y, area in drawn:
            crowd = sum(_crowding((x, y), friend) for friend in friends)
            cover = self.cover(spots.r, x, y, terrain[area])
            values.append(self.trooper(spots.t, x, y, cover == 0, cover) - SPREAD_WEIGHT * crowd)
        return values

    def trooper(self, t: dict, x: float, y: float, prone: bool, cover: float | None = None) -> float:
        """`cover`: `cover` at (x, y), when the caller has it (a spot's value asks it once, not twice)."""
        if cover is None:
            cover = self.cover(geo.radius(t["base_mm"]), x, y)
        cover = cover or (PRONE_COVER if prone else 0.0)
        enemy_zone = self.enemy_zone
        gap = max(0.0, enemy_zone[1] - y, y - enemy_zone[3])
        reach = max(0.0, 1 - gap / self.depth)
        if t["lt"]:
            return LT_COVER_W * cover + LT_BACK_W * (1 - reach)
        near = min((geo.distance(x, y, ox, oy) for ox, oy in self.objectives), default=OBJECTIVE_RANGE)
        return COVER_W * cover + REACH_W * reach + OBJECTIVE_W * max(0.0, 1 - near / OBJECTIVE_RANGE)

    def cover(self, r: float, x: float, y: float, rects: list | None = None) -> float:
        """A base of radius `r` at (x, y): 1 behind terrain toward the enemy, 0.5 beside terrain,
        else 0. `rects`: the terrain to look at, if not all of it (`near`)."""
        north = self.north
        rects = self.rects if rects is None else rects
        best = 0.0
        for rect in rects:
            x0, y0, x1, y1 = rect
            gap = (y0 - (y + r)) if north else ((y - r) - y1)
            if x0 <= x + r and x - r <= x1 and -r <= gap <= COVER_FACING:
                return 1.0
            if best:
                continue                 # beside terrain already: only a piece behind can raise it
            if geo.gap_to_rect(x, y, rect) - r <= COVER_NEAR:
                best = 0.5
        return best


def _crowding(a: tuple, b: tuple) -> float:
    d = geo.distance(a[0], a[1], b[0], b[1])
    return max(0.0, (TEMPLATE_SPREAD - d) / TEMPLATE_SPREAD)


# sampling helpers --------------------------------------------------------------------------------
def _random_spot(spots: placement.Spots, rnd: random.Random, own_zone_only: bool = False) -> tuple[float, float, str] | None:
    """A random legal point (P4–P9 pass) for the trooper of `spots`, and the area its base stands
    wholly inside (placement.Verdict). The robot's own placements do not look at the enemy's
    hidden troopers (in a determinization they are guesses); an invented enemy trooper keeps
    clear of the robot's hidden ones (which the robot knows), as §9.5.3 would have made him."""
    return _random_spots(spots, rnd, 1, own_zone_only)[0]


def _random_spots(spots: placement.Spots, rnd: random.Random, count: int,
                  own_zone_only: bool = False) -> list[tuple[float, float, str] | None]:
    """`_random_spot` `count` times over, one after the other (the same numbers drawn), in one loop:
    the kit draws two dozen spots for each trooper it places."""
    bounds = _spot_bounds(spots, own_zone_only)
    out = []
    for _ in range(count):
        found = None
        for _ in range(SPOT_TRIES):
            drawn = draws.choice(rnd, bounds)         # an area, as drawn from spots.areas
            if drawn is None:
                continue
            # rnd.uniform(a, b) written out (a + (b - a) * rnd.random(), the same numbers)
            left, width, bottom, height = drawn
            x = round(left + width * rnd.random(), 2)
            y = round(bottom + height * rnd.random(), 2)
            verdict = spots.legal(x, y)
            if verdict:
                found = x, y, verdict.area
                break
        out.append(found)
    return out


def _spot_bounds(spots: placement.Spots, own_zone_only: bool = False) -> list[tuple | None]:
    """For each area `_random_spots` draws from, where a base's centre may stand wholly inside it
    (left, width, bottom, height: uniform's a and b − a on each axis), or None where the base
    does not fit; the enemy half (INF_ENEMY) drawn from the whole table."""
    r = spots.r
    out = []
    for area, rect in spots.areas[:1] if own_zone_only else spots.areas:
        x0, y0, x1, y1 = spots.table if area == INF_ENEMY else rect
        if x1 - x0 < 2 * r or y1 - y0 < 2 * r:
            out.append(None)
            continue
        left, bottom = x0 + r, y0 + r
        out.append((left, (x1 - r) - left, bottom, (y1 - r) - bottom))
    return out


def _trooper(view_trooper: dict, own: bool) -> dict:
    """A trooper of the state from its copy in the view."""
    t = {k: v for k, v in view_trooper.items() if k != "status"}
    t.setdefault("lt", False)
    t.setdefault("hidden", bool(t["revealed"]))     # a revealed enemy trooper was a hidden one
    t["roll_used"] = "infiltration" in t
    return t


def _highest(roster: list[dict], hidden: bool) -> int:
    """The last number given (ids are never reused, §2.3): at least the highest one seen."""
    numbers = [int(t["id"][2:] if hidden else t["id"][1:]) for t in roster
               if t["hidden"] == hidden and (t["id"][1:] if not hidden else t["id"][2:]).isdigit()]
    return max(numbers, default=0)


def _pending_allowed(state: dict, seat: str) -> int | None:
    """How many of `seat`'s troopers may still be pending now: None before his first step is
    over, 1 until his reserve step is over, then 0."""
    phase = state["phase"]
    if phase == "complete":
        return 0
    if phase not in STEPS:
        return None
    first = 1 if state["player1"] == seat else 2
    step = step_of(state)
    if step <= first:
        return None
    return 1 if step <= first + 2 else 0


def _needs_hidden_pending(state: dict, seat: str) -> bool:
    """It is `seat`'s step now and no public trooper of his is left to deploy: a hidden one is."""
    if state["phase"] not in STEPS or step_owner(state) != seat:
        return False
    public_left = [t for t in state["rosters"][seat] if not is_hidden(t) and t["placed"] is None
                   and not t["airborne"] and not t["withdrawn"]]
    need = 2 if step_of(state) in (1, 2) else 1
    return len(public_left) < need


KIT = InfinityKit()
