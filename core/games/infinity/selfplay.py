"""Random legal play for self-play tests (`Game.sample`) and the state invariants.

Lines that involve hidden information are always taken from the seat's
`Prompt.private` (or use the private verb `lt`), so a driver that sends a line by DM
when it appears there plays them correctly.
"""
from __future__ import annotations

import hashlib
import math
import random

import orjson

from core import draws
from core.games.infinity import geometry as geo
from core.games.infinity import placement
from core.games.infinity.deployment import STEPS, must_place, pending, step_of
from core.games.infinity.missions import BUILTIN, _builtin_text
from core.games.infinity.placement import INF_ENEMY, _fmt
from core.games.infinity.roster import has, is_hidden, is_pending

PUBLIC_NAMES = ("Fusilier", "Alguacil", "Hacker", "Sniper", "Paramedic", "Trooper", "Forward Obs")
PUBLIC_SKILLS = ((), (), ("fd1",), ("fd2",), ("inf",), ("ad",), ("ad", "fd1"), ("inf", "fd2"),
                 ("Mimetism",), ("inf", "ad"))


def _public_line(state: dict, seat: str, rnd: random.Random, k: int) -> str:
    n = state["counters"][seat]["public"] + k
    name = f"{rnd.choice(PUBLIC_NAMES)} P{n}"
    s = rnd.choice((1, 2, 2, 2, 3, 3, 4, 5, 6, 7, 8))
    line = f"{name}; wip={rnd.randint(8, 16)}; ph={rnd.randint(7, 14)}; s={s}"
    if rnd.random() < 0.1:
        line += f"; base={rnd.choice((25, 40, 55, 70))}"
    skills = rnd.choice(PUBLIC_SKILLS)
    if skills:
        line += "; skills=" + ",".join(skills)
    return line


def sample(game, state: dict, seat: str, rnd: random.Random, raw: bytes | None = None) -> str:
    """`raw`: the state's bytes, when the caller has them (Game.apply)."""
    prompt = game.prompts(state, raw)[seat]
    phase = state["phase"]
    if phase == "rosters":
        return _sample_roster(state, seat, rnd, prompt)
    if phase in ("initiative", "choice"):
        return rnd.choice(prompt.actions)
    return _sample_deploy(state, seat, rnd, prompt)


def _style(state: dict, seat: str) -> tuple[int, float]:
    """A per-game roster type for self-play: (target size 1–30, share of hidden troopers)."""
    digest = hashlib.sha256(f"{state['rng']['seed']}/{seat}".encode()).digest()
    size = (1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30)[digest[0] % 14]
    hidden = (0.0, 0.0, 0.2, 0.4, 0.7, 1.0)[digest[1] % 6]
    return size, hidden


def _sample_roster(state, seat, rnd, prompt) -> str:
    roster = state["rosters"][seat]
    n = len(roster)
    target, hidden_share = _style(state, seat)
    lt = any(t["lt"] for t in roster)
    roll = rnd.random()
    if n and roll < 0.04:
        t = rnd.choice(roster)
        return f"remove {t['id']}"
    if roll < 0.06 and not any(state["locked"].values()):
        other = [m for m in BUILTIN if m != state["mission"]["id"]][0]
        return "mission load " + orjson.dumps(orjson.loads(_builtin_text(other))).decode()
    if n < target and rnd.random() < 0.9:
        if rnd.random() < hidden_share:
            adds = [line for line in prompt.private if line.startswith("add ")]
            if adds:
                return rnd.choice(adds)
        if rnd.random() < 0.2 and n + 3 <= target:
            lines = [_public_line(state, seat, rnd, k) for k in range(1, rnd.randint(2, 3) + 1)]
            return "roster " + "\n".join(lines)
        return "add " + _public_line(state, seat, rnd, 1)
    if n == 0:
        return "add " + _public_line(state, seat, rnd, 1)
    if not lt or rnd.random() < 0.05:
        return rnd.choice([line for line in prompt.private if line.startswith("lt ")])
    return "ready"


def _random_point(spots: placement.Spots, rnd, bounds: list | None = None) -> tuple[float, float]:
    """A random point of one of the areas of the trooper of `spots`, its base wholly inside where it
    fits. `bounds`: `_point_bounds(spots)`, where the caller draws many points of one trooper."""
    # an area drawn as draws.choice(rnd, spots.areas) draws it: its bounds, of the same index
    x_from, x_width, y_from, y_height = draws.choice(rnd, _point_bounds(spots) if bounds is None else bounds)
    # rnd.uniform(a, b) written out (a + (b - a) * rnd.random(), the same numbers); a base that does
    # not fit stands in the middle, drawing nothing
    x = x_from if x_width is None else round(x_from + x_width * rnd.random(), 2)
    y = y_from if y_height is None else round(y_from + y_height * rnd.random(), 2)
    return x, y


def _random_points(spots: placement.Spots, rnd, count: int) -> list[tuple[float, float]]:
    """`count` points drawn one after the other (`_random_point`), the trooper's bounds worked out once."""
    bounds = _point_bounds(spots)
    return [_random_point(spots, rnd, bounds) for _ in range(count)]


def _point_bounds(spots: placement.Spots) -> list[tuple]:
    """For each area of `spots` (the enemy half drawn from the whole table), where `_random_point`
    draws a centre along each axis: uniform's a and b − a, or the middle (rounded) and None where
    the base does not fit across."""
    r = spots.r
    out = []
    for area, rect in spots.areas:
        x0, y0, x1, y1 = spots.table if area == INF_ENEMY else rect
        x = (x0 + r, (x1 - r) - (x0 + r)) if x1 - x0 > 2 * r else (round((x0 + x1) / 2, 2), None)
        y = (y0 + r, (y1 - r) - (y0 + r)) if y1 - y0 > 2 * r else (round((y0 + y1) / 2, 2), None)
        out.append(x + y)
    return out


def _near_hidden_enemies(state, seat, t, rnd) -> list[tuple[float, float]]:
    enemy = "B" if seat == "A" else "A"
    out = []
    for e in state["rosters"][enemy]:
        if e["placed"] and is_hidden(e):
            d = geo.radius(t["base_mm"]) + geo.radius(e["base_mm"]) - 0.05
            a = rnd.uniform(0, 2 * math.pi)
            out.append((round(e["placed"]["x"] + d * math.cos(a), 2), round(e["placed"]["y"] + d * math.sin(a), 2)))
    return out


def _can_undo(state, seat) -> bool:
    mine = [e for e in state["step_log"] if e["seat"] == seat and e["step"] == step_of(state)]
    return bool(mine) and not mine[-1]["rolled"] and must_place(state, seat) is None


def _sample_deploy(state, seat, rnd, prompt) -> str:
    w = state["pending_waiver"]
    if w and w["seat"] != seat:
        return rnd.choice(("agree", "refuse"))
    step = step_of(state)
    pend = pending(state, seat)
    forced = must_place(state, seat)
    if step in (1, 2) and len(pend) <= 1:
        return "done"
    if step in (1, 2) and rnd.random() < 0.06 and _can_undo(state, seat):
        return "undo"
    cands = [forced] if forced else list(pend)
    rnd.shuffle(cands)
    if rnd.random() < 0.03:                       # §7.9, now and then
        return f"withdraw {cands[0]['id']}"
    for t in cands:
        if is_hidden(t):
            lines = []
            for line in prompt.private:
                parts = line.split()
                if len(parts) < 2 or parts[1] != t["id"]:
                    continue
                if parts[0] == "place":
                    if placement.legal(state, seat, t, float(parts[2]), float(parts[3])):
                        lines.append(line)
                elif parts[0] == "airborne":
                    lines.append(line)
            if lines:
                return rnd.choice(lines)
            continue
        if has(t, "ad") and not forced and rnd.random() < 0.25:
            return f"airborne {t['id']}"
        # `one`: the same verdicts (placement.Spots), and cheaper for the few points tried before one passes
        judge = placement.Spots(state, seat, t, one=True)
        spots = _random_points(judge, rnd, 40)
        if rnd.random() < 0.3:                    # aim next to an enemy hidden trooper (§9.5.2)
            spots = _near_hidden_enemies(state, seat, t, rnd) + spots
        for x, y in spots:
            try:
                v = judge.evaluate(x, y)
            except Exception:
                continue
            if v.kind == "ok" or (v.kind in ("reveal", "terrain") and rnd.random() < 0.3):
                line = f"place {t['id']} {_fmt(x)} {_fmt(y)}"
                if rnd.random() < 0.3:
                    line += " prone"
                if rnd.random() < 0.2:
                    line += f" facing={rnd.randint(0, 359)}"
                return line
    t = forced or cands[0]
    return f"withdraw {t['id']}"


def invariants(state: dict) -> list[str]:
    out = []
    phase = state["phase"]
    if phase not in ("rosters", "initiative", "choice", *STEPS, "complete"):
        out.append(f"unknown phase {phase!r}")
    m = state["mission"]
    table = [0, 0, m["table"]["w"], m["table"]["h"]]
    placed = []
    for seat in ("A", "B"):
        roster = state["rosters"][seat]
        ids = [t["id"] for t in roster]
        if len(ids) != len(set(ids)):
            out.append(f"{seat} has duplicate ids")
        if state["locked"][seat] and sum(t["lt"] for t in roster) != 1:
            out.append(f"{seat} is locked without exactly one Lieutenant")
        forced = [t for t in roster if t["must_place_in_zone"]]
        if len(forced) > 1 or any(not is_pending(t) for t in forced):
            out.append(f"{seat} has an inconsistent must-place trooper")
        for t in roster:
            if sum((t["placed"] is not None, t["airborne"], t["withdrawn"])) > 1:
                out.append(f"{t['id']} has more than one status")
            if t["revealed"] and not (t["hidden"] and t["placed"]):
                out.append(f"{t['id']} revealed but not a placed hidden trooper")
            if t["placed"]:
                p = t["placed"]
                r = geo.radius(t["base_mm"])
                if not geo.circle_inside_rect(p["x"], p["y"], r, table):
                    out.append(f"{t['id']} is off the table")
                for o in m["objectives"] + m["neutral"]:
                    if geo.in_contact(p["x"], p["y"], r, o["x"], o["y"], geo.radius(o["d_mm"])):
                        out.append(f"{t['id']} touches {o['id']}")
                placed.append((seat, t, p, r))
        left = len(pending(state, seat))
        if phase == "complete" and left:
            out.append(f"{seat} still has {left} pending troopers at the end")
        if phase in STEPS and state["player1"]:
            first = 1 if state["player1"] == seat else 2
            if step_of(state) > first and left > 1:
                out.append(f"{seat} has {left} pending troopers after its step {first}")
    for i, (s1, t1, p1, r1) in enumerate(placed):
        for s2, t2, p2, r2 in placed[i + 1:]:
            if s1 == s2 and geo.overlapping(p1["x"], p1["y"], r1, p2["x"], p2["y"], r2):
                out.append(f"{t1['id']} and {t2['id']} overlap")
            if s1 != s2 and geo.in_contact(p1["x"], p1["y"], r1, p2["x"], p2["y"], r2):
                out.append(f"{t1['id']} and {t2['id']} are in contact")
    w = state["pending_waiver"]
    if w:
        t = next((x for x in state["rosters"][w["seat"]] if x["id"] == w["id"]), None)
        if phase not in STEPS or t is None or not is_pending(t) or is_hidden(t):
            out.append("inconsistent terrain waiver")
    return out
