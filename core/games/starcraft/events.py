"""§2.8 event effects and §11: an event is played only with a legal target and resolves as far
as supply allows; targets follow §15 (`event <id> [<unit> <area> … / <area> / <route> [<faction>]]`)."""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg

from .board import BOARD
from .common import (
    base_planets,
    bases_of,
    card_tag,
    controls,
    draw_combat,
    find_area,
    find_route,
    find_unit_type,
    has_base_on,
    new_unit,
    transports_of,
    unit_count,
    unit_num,
    units_in,
)

BASE_SUPPLY = BOARD.pieces["bases"]


def effect(card: str) -> str:
    return BOARD.events[card]["effect"]


def _slot_targets(state: dict, seat: str) -> list[tuple[str, str]]:
    """(unit, area) pairs for a free tech-1 slot: your controlled area holding your base, with room."""
    race = BOARD.factions[state["p"][seat]["faction"]]["race"]
    kinds = [k for k, u in BOARD.units.items() if u["race"] == race and u["tech"] == 1
             and unit_count(state, seat, k) < BOARD.unit(state, k)["supply"]]   # §2.4 of the game's rules version
    areas = [a for a in bases_of(state, seat) if controls(state, seat, a)
             and len(units_in(state, a, seat)) < BOARD.areas[a]["limit"]]
    return [(k, a) for a in sorted(areas) for k in kinds]


def _jump_routes(state: dict, seat: str) -> list[str]:
    if len(transports_of(state, seat)) >= BOARD.pieces["transports"]:
        return []
    planets = base_planets(state, seat)
    return [r for r in BOARD.route_order if set(BOARD.routes[r]["planets"]) & set(planets)]


def _sabotage(state: dict, seat: str) -> list[tuple[str, str]]:
    mine = {BOARD.areas[a]["planet"] for a, d in state["areas"].items()
            if d["base"] == seat or any(u["owner"] == seat for u in d["units"])}
    out = []
    for t in state["transports"]:
        if t["owner"] != seat and set(BOARD.routes[t["route"]]["planets"]) & mine:
            pair = (t["route"], t["owner"])
            if pair not in out:
                out.append(pair)
    return sorted(out, key=lambda x: (int(x[0][1:]), x[1]))


def _strike_areas(state: dict, seat: str) -> list[str]:
    planets = {BOARD.areas[a]["planet"] for a, d in state["areas"].items()
               if any(u["owner"] == seat for u in d["units"])}
    return [a for a in BOARD.areas if BOARD.areas[a]["planet"] in planets
            and any(u["owner"] != seat and BOARD.unit(state, u["type"])["health"] == 1 for u in units_in(state, a))]


def _grant_areas(state: dict, seat: str) -> list[str]:
    if len(bases_of(state, seat)) >= BASE_SUPPLY:
        return []
    return [a for a in BOARD.areas if controls(state, seat, a) and not state["areas"][a]["base"]
            and not has_base_on(state, seat, BOARD.areas[a]["planet"])]


def _can_draw(state: dict, seat: str) -> bool:
    p = state["p"][seat]
    return bool(p["deck"] or p["discard"])


def lines(state: dict, seat: str, card: str) -> list[str]:
    """Every complete `event` line for one card (empty when it has no legal target, §11)."""
    e = effect(card)
    p = state["p"][seat]
    tag = card_tag(card)
    if e == "supply_lines":
        return [f"event {tag}"] if p["wsupply"] > 0 else []
    if e in ("tactical_briefing", "intel"):
        return [f"event {tag}"] if _can_draw(state, seat) else []
    if e in ("propaganda", "glory", "last_stand", "total_war"):
        return [f"event {tag}"]
    if e == "breakthrough":
        return [f"event {tag}"] if p["tech"] < BOARD.pieces["max_tech"] else []
    if e == "reinforcements":
        return [f"event {tag} {k} {a}" for k, a in _slot_targets(state, seat)]
    if e == "rally":
        ts = _slot_targets(state, seat)
        return [f"event {tag} {k} {a} {k} {a}" for k, a in ts] + [f"event {tag} {k} {a}" for k, a in ts]
    if e == "jump_coordinates":
        return [f"event {tag} {r}" for r in _jump_routes(state, seat)]
    if e == "sabotage":
        pairs = _sabotage(state, seat)
        return [f"event {tag} {r} {state['p'][o]['faction']}" for r, o in pairs]
    if e == "orbital_strike":
        return [f"event {tag} {a}" for a in _strike_areas(state, seat)]
    if e == "expansion_grant":
        return [f"event {tag} {a}" for a in _grant_areas(state, seat)]
    return []


def _place_slot(ctx, seat: str, kind: str, area: str) -> list[str]:
    s = ctx.state
    if (kind, area) not in _slot_targets(s, seat):
        raise RulesError(msg("A free slot goes as a tech-level-1 unit of your race into an area you control holding your base, with room: {value}.", value=join(', ', (msg("{k} {a}", k=k, a=a) for k, a in _slot_targets(s, seat)))),
                         code="TARGET")
    n = BOARD.units[kind].get("per_slot", 1)
    made = []
    for _ in range(n):                         # as far as limits and supply allow (§11)
        if len(units_in(s, area, seat)) >= BOARD.areas[area]["limit"] or \
                unit_count(s, seat, kind) >= BOARD.unit(s, kind)["supply"]:
            break
        u = new_unit(s, seat, kind)
        s["areas"][area]["units"].append(u)
        made.append(u["id"])
    return made


def play(ctx, seat: str, card: str, args: list[str]) -> None:
    s = ctx.state
    p = s["p"][seat]
    e = effect(card)
    name = BOARD.events[card]["name"]
    if not lines(s, seat, card):
        raise RulesError(msg("{card} {name} has no legal target now (§11): play another card or `event pass`.", card=card, name=name),
                         code="NO_TARGET", private=True)
    p["events"].remove(card)
    what = ""
    if e == "supply_lines":
        p["wsupply"] -= 1
        p["pool"] += 1
        what = msg("takes 1 worker into the pool")
    elif e in ("tactical_briefing", "intel"):
        got = draw_combat(ctx, seat, 2 if e == "tactical_briefing" else 3)
        what = msg("draws {n_got} combat card(s)", n_got=len(got))
    elif e in ("propaganda", "glory", "last_stand"):
        n = 1 if e == "propaganda" else 2
        p["cp"] += n
        what = msg("gains {n} CP", n=n)
    elif e == "total_war":
        got = draw_combat(ctx, seat, 3)
        if p["wsupply"] > 0:
            p["wsupply"] -= 1
            p["pool"] += 1
        what = msg("draws {n_got} combat card(s) and takes a worker", n_got=len(got))
    elif e == "breakthrough":
        p["tech"] += 1
        what = msg("reaches tech level {tech}", tech=p['tech'])
    elif e in ("reinforcements", "rally"):
        pairs = list(zip(args[0::2], args[1::2]))
        if len(args) % 2 or not pairs or len(pairs) > (2 if e == "rally" else 1):
            raise RulesError((msg("Write `event {card} <unit> <area>` [<unit> <area>].", card=card) if e == "rally" else msg("Write `event {card} <unit> <area>`.", card=card)),
                             code="MALFORMED")
        made = []
        for i, (k, a) in enumerate(pairs):
            kind, area = find_unit_type(k), find_area(a)
            if i and (kind, area) not in _slot_targets(s, seat):
                break                              # the second slot as far as room allows
            made += _place_slot(ctx, seat, kind, area)
        what = msg("places new units: {made}", made=join(', ', made))
    elif e == "jump_coordinates":
        route = find_route(args[0]) if len(args) == 1 else None
        if route not in _jump_routes(s, seat):
            raise RulesError(msg("Name a route touching a planet with your base: {jump_routes}.", jump_routes=join(', ', _jump_routes(s, seat))),
                             code="TARGET")
        s["transports"].append({"owner": seat, "route": route})
        what = msg("places a transport on {route}", route=route)
    elif e == "sabotage":
        pairs = _sabotage(s, seat)
        route = find_route(args[0]) if args else None
        owners = [o for r, o in pairs if r == route]
        if len(args) > 1:
            fid = BOARD.find_faction(args[1])
            owners = [o for o in owners if s["p"][o]["faction"] == fid]
        if not owners or (len(owners) > 1):
            raise RulesError(msg("Name a route (and the faction when several enemies have a transport there): {value}.", value=join(", ", (msg("{r} {faction}", r=r, faction=s['p'][o]['faction']) for r, o in pairs))), code="TARGET")
        t = next(t for t in s["transports"] if t["route"] == route and t["owner"] == owners[0])
        s["transports"].remove(t)
        what = msg("destroys {owners}'s transport on {route}", owners=seat_ref(owners[0]), route=route)
    elif e == "orbital_strike":
        area = find_area(args[0]) if len(args) == 1 else None
        if area not in _strike_areas(s, seat):
            raise RulesError(msg("Name an area with an enemy unit of health 1 on a planet where you have a unit: {strike_areas}.", strike_areas=join(', ', _strike_areas(s, seat))), code="TARGET")
        u = min((u for u in units_in(s, area) if u["owner"] != seat and BOARD.unit(s, u["type"])["health"] == 1),
                key=unit_num)
        s["areas"][area]["units"].remove(u)
        what = msg("destroys {id} {type} in {area}", id=u['id'], type=u['type'], area=area)
    elif e == "expansion_grant":
        area = find_area(args[0]) if len(args) == 1 else None
        if area not in _grant_areas(s, seat):
            raise RulesError(msg("Name an area you control with no base, on a planet where you have none: {grant_areas}.", grant_areas=join(', ', _grant_areas(s, seat))), code="TARGET")
        s["areas"][area]["base"] = seat
        what = msg("places a free base in {area}", area=area)
    s["event_discard"].append(card)
    s["counts"]["events_played"] += 1
    ctx.reveal(msg("{seat} plays event {card} {name}: {what}.", seat=seat_ref(seat), card=card, name=name, what=what))


def playable(state: dict, seat: str) -> list[str]:
    return [c for c in sorted(state["p"][seat]["events"]) if lines(state, seat, c)]
