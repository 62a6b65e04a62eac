"""§7 Orders: Mobilize (§7.1), Build (§7.2) and Research (§7.3), parsed from the text after
`resolve <planet>` (§15) and checked whole before anything changes."""
from __future__ import annotations

import re

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg

from . import payment
from .board import BOARD
from .common import (
    controls,
    draw_combat,
    find_area,
    find_route,
    find_unit_type,
    has_base_on,
    is_,
    new_unit,
    planet_name,
    transports_of,
    unit_count,
    unit_num,
    units_in,
)

TRANSPORT_SUPPLY = BOARD.pieces["transports"]


def kind_of(text: str) -> str:
    word = text.split(None, 1)[0].lower() if text.strip() else ""
    if word in ("move", "transport"):
        return "mobilize"
    if word in ("build", "base"):
        return "build"
    if word == "research":
        return "research"
    raise RulesError(msg("After the planet write move …, build …, base … or research tech|cards (§15)."),
                     code="MALFORMED")


PAY = re.compile(r"\bpay=(\S*)", re.I)


def split_pay(text: str) -> tuple[str, list[str] | None]:
    m = PAY.search(text)
    if not m:
        return text, None
    ids = [x for x in m.group(1).split(",") if x]
    return (text[:m.start()] + text[m.end():]).strip(), ids


def room(state: dict, seat: str, area: str) -> int:
    """How many more of `seat`'s units the area holds (LIMIT, §7.1.3, §7.2.1): no order may bring
    in more, by moving or building (StarCraft's menu offers no line that would)."""
    return BOARD.areas[area]["limit"] - len(units_in(state, area, seat))


def free_transports(state: dict, seat: str) -> int:
    return TRANSPORT_SUPPLY - len(transports_of(state, seat))


# §7.1 Mobilize -------------------------------------------------------------------------------
def parse_moves(state: dict, seat: str, planet: str, text: str) -> tuple[list[tuple[dict, str, str]], str | None]:
    moves, transport = [], None
    for part in [x.strip() for x in text.split(";") if x.strip()]:
        words = part.split()
        if words[0].lower() == "transport" and len(words) == 2:
            transport = find_route(words[1])
            continue
        if words[0].lower() != "move" or len(words) != 5:
            raise RulesError(msg("Write `move <n> <unit> <from-area> <to-area>` (items joined by `;`), then `; transport <route>` for a special order (§15)."), code="MALFORMED")
        try:
            n = int(words[1])
        except ValueError:
            raise RulesError(msg("`move` needs a number of units, not {words}.", words=repr(words[1])), code="MALFORMED") from None
        name, _, ids = words[2].partition("#")
        kind = find_unit_type(name)
        src, dst = find_area(words[3], planet), find_area(words[4], planet)
        taken = {u["id"] for u, _, _ in moves}
        have = sorted((u for u in units_in(state, src, seat) if u["type"] == kind
                       and (ids or u["id"] not in taken)), key=unit_num)
        if ids:
            want = {int(x.strip().lstrip("#").split("u")[-1]) for x in ids.split(",") if x.strip()}
            chosen = [u for u in have if unit_num(u) in want]
            if len(chosen) != len(want) or len(chosen) != n:
                raise RulesError(msg("{src} holds no such {n} {kind}(s) of yours with those ids: {value}.", src=src, n=n, kind=kind, value=join(', ', (u['id'] for u in have)) or 'none'), code="UNITS")
        else:
            if n < 1 or n > len(have):
                raise RulesError(msg("{src} holds {n_have} {kind}(s) of yours, not {n}.", src=src, n_have=len(have), kind=kind, n=n), code="UNITS")
            chosen = have[:n]                 # §15: the lowest ids not yet moved by this order
        moves += [(u, src, dst) for u in chosen]
    return moves, transport


def check_mobilize(state: dict, seat: str, planet: str, text: str, special: bool) -> tuple:
    """A Mobilize order checked whole on the position before it (§7.1): its moves, its transport
    and the areas that would hold both sides; raises as resolving it would, changes nothing."""
    s = state
    moves, transport = parse_moves(s, seat, planet, text)
    if transport and not special:
        raise RulesError(msg("Only a special Mobilize order places a transport (§7.1.5)."), code="NOT_SPECIAL")
    if transport:                                                   # §7.1.5 before moving
        if planet not in BOARD.routes[transport]["planets"]:
            raise RulesError(msg("The transport goes on a route touching {planet_name}: {routes_touching}.", planet_name=planet_name(planet), routes_touching=join(', ', BOARD.routes_touching(planet))), code="ROUTE")
        if free_transports(s, seat) < 1:
            raise RulesError(msg("You have no transport left in your supply (SUPPLY)."), code="SUPPLY")
    if not moves and not transport:
        raise RulesError(msg("Nothing moves: name at least one unit, or discard the order (§6.5)."), code="NOTHING")
    seen = set()
    routes = None     # the routes holding a transport of yours: asked only of a unit from another planet
    into: dict[str, int] = {}
    for u, src, dst in moves:
        if u["id"] in seen:
            raise RulesError(msg("{id} moves at most once per order (§7.1.2).", id=u['id']), code="TWICE")
        seen.add(u["id"])
        if BOARD.areas[dst]["planet"] != planet:
            raise RulesError(msg("Units move into areas of {planet_name} only (§7.1.1).", planet_name=planet_name(planet)), code="DEST")
        sp = BOARD.areas[src]["planet"]
        if sp != planet:
            if routes is None:
                routes = {t["route"] for t in transports_of(s, seat)} | ({transport} if transport else set())
            if not any(r in routes for r in BOARD.route_between(sp, planet)):
                raise RulesError(msg("{src} is not linked to {planet_name} by a route holding your transport (§7.1.1).", src=src, planet_name=planet_name(planet)), code="NO_TRANSPORT")
        into[dst] = into.get(dst, 0) + 1
    # the position after moving, checked before it is applied: each area of the planet counted, your
    # units (those staying and those moving in: every moving unit is yours) and the others'
    fights = []
    for a in BOARD.planet_areas(planet):
        mine, others = into.get(a, 0), 0
        for u in s["areas"][a]["units"]:
            if u["owner"] != seat:
                others += 1
            elif u["id"] not in seen:
                mine += 1
        if mine > BOARD.areas[a]["limit"]:
            raise RulesError(msg("{a} would hold {mine} of your units; its limit is {limit} (LIMIT).", a=a, mine=mine, limit=BOARD.areas[a]['limit']),
                             code="LIMIT")
        if mine and others:
            fights.append(a)
    if len(fights) > 1:
        raise RulesError(msg("At most one area may hold your units and enemy units (ONE_BATTLE), not {fights}.", fights=join(', ', fights)), code="ONE_BATTLE")
    return moves, transport, fights


def mobilize(ctx, seat: str, planet: str, checked: tuple) -> tuple | None:
    """The order `check_mobilize` checked, carried out. Returns the battle area (and where its
    attackers came from) when a battle follows (§7.1.4)."""
    s = ctx.state
    moves, transport, fights = checked
    if transport:
        s["transports"].append({"owner": seat, "route": transport})
        ctx.say(msg("{seat} places a transport on {transport}.", seat=seat_ref(seat), transport=transport))
    origins = {}
    for u, src, dst in moves:
        s["areas"][src]["units"].remove(u)
        s["areas"][dst]["units"].append(u)
        origins[u["id"]] = src
    if moves:
        ctx.say(msg("{seat} moves {value}.", seat=seat_ref(seat), value=join(", ", (msg("{id} {type} {src}→{dst}", id=u['id'], type=u['type'], src=src, dst=dst)
                                                      for u, src, dst in moves))))
    if fights:
        return fights[0], {k: v for k, v in origins.items() if any(x["id"] == k for x in units_in(s, fights[0]))}
    return None


# §7.2 Build ------------------------------------------------------------------------------------
def slots_allowed(state: dict, seat: str) -> int:
    return BOARD.pieces["build_slots"] + (1 if is_(state, seat, "mengsk") else 0)


def parse_build(text: str, planet: str) -> dict:
    items = {"units": [], "workers": 0, "transport": None}
    body = text.split(None, 1)[1] if len(text.split(None, 1)) > 1 else ""
    for part in [x.strip() for x in body.split(",") if x.strip()]:
        words = part.split()
        if words[0].lower() == "transport" and len(words) == 2:
            if items["transport"]:
                raise RulesError(msg("At most 1 transport per Build order (§7.2.1)."), code="TRANSPORT")
            items["transport"] = find_route(words[1])
            continue
        try:
            n = int(words[0])
        except ValueError:
            raise RulesError(msg("Build items are `<n> <unit> <area>`, `<n> worker` or `transport <route>`, not {part} (§15).", part=repr(part)), code="MALFORMED") from None
        if n < 1:
            raise RulesError(msg("Build at least 1 of each item you name."), code="MALFORMED")
        if len(words) == 2 and words[1].lower() in ("worker", "workers"):
            items["workers"] += n
        elif len(words) == 3:
            items["units"].append((n, find_unit_type(words[1]), find_area(words[2], planet)))
        else:
            raise RulesError(msg("Build items are `<n> <unit> <area>`, `<n> worker` or `transport <route>`, not {part} (§15).", part=repr(part)), code="MALFORMED")
    return items


def build_cost(state: dict, seat: str, items: dict, special: bool) -> tuple[dict, int]:
    cost = {"minerals": 0, "gas": 0}
    slots = 0
    lings = 0
    for n, kind, _ in items["units"]:
        if kind == "zergling":
            lings += n
            continue
        c = BOARD.unit(state, kind)["cost"]
        cost = payment.add(cost, {"minerals": c["minerals"] * n, "gas": c["gas"] * n})
        slots += n
    pairs = (lings + 1) // 2                                   # §7.2.1 each started pair: 1 slot, 1M
    slots += pairs
    cost["minerals"] += pairs * BOARD.unit(state, "zergling")["cost"]["minerals"]
    cost["minerals"] += items["workers"] * BOARD.pieces["worker_cost"]["minerals"]
    if items["transport"] and not is_(state, seat, "raynor"):  # §2.1 Raynor: transports cost 0
        cost["minerals"] += BOARD.pieces["transport_cost"]["minerals"]
    if special:                                                # §7.2.4
        cost["minerals"] = max(0, cost["minerals"] - 1)
    return cost, slots


def check_build(state: dict, seat: str, planet: str, text: str, special: bool, given: list[str] | None) -> tuple:
    """A Build order checked whole on the position before it (§7.2), its payment too: what it
    buys and the cards that pay; raises as resolving it would, changes nothing."""
    s = state
    p = s["p"][seat]
    if text.split()[0].lower() == "base":
        return check_base(s, seat, planet, text, special, given)
    if not has_base_on(s, seat, planet):
        raise RulesError(msg("Without your base on {planet_name} a Build order can only buy a base: `base <area>` (§7.2.2).", planet_name=planet_name(planet)), code="NO_BASE")
    items = parse_build(text, planet)
    if not items["units"] and not items["workers"] and not items["transport"]:
        raise RulesError(msg("Build something, or discard the order (§6.5)."), code="NOTHING")
    race = BOARD.factions[p["faction"]]["race"]
    cost, slots = build_cost(s, seat, items, special)
    if slots > slots_allowed(s, seat):
        raise RulesError(msg("A Build order buys up to {slots_allowed} unit slots, not {slots} (§7.2.1).", slots_allowed=slots_allowed(s, seat), slots=slots),
                         code="SLOTS")
    adding: dict[str, int] = {}
    per_kind: dict[str, int] = {}
    for n, kind, area in items["units"]:
        u = BOARD.units[kind]
        if u["race"] != race:
            raise RulesError(msg("{seat} builds {race} units only.", seat=seat_ref(seat), race=race), code="RACE")
        if u["tech"] > p["tech"]:
            raise RulesError(msg("{name} needs tech level {tech}; yours is {tech2}.", name=u['name'], tech=u['tech'], tech2=p['tech']), code="TECH")
        if BOARD.areas[area]["planet"] != planet or not controls(s, seat, area):
            raise RulesError(msg("Units are placed in areas of {planet_name} you control (§7.2.1).", planet_name=planet_name(planet)),
                             code="AREA")
        adding[area] = adding.get(area, 0) + n
        per_kind[kind] = per_kind.get(kind, 0) + n
    for area, n in adding.items():
        if n > room(s, seat, area):
            have = len(units_in(s, area, seat))
            raise RulesError(msg("{area} would hold {have} of your units; its limit is {limit} (LIMIT).", area=area, have=have + n, limit=BOARD.areas[area]['limit']), code="LIMIT")
    for kind, n in per_kind.items():
        if unit_count(s, seat, kind) + n > BOARD.unit(s, kind)["supply"]:
            raise RulesError(msg("Only {supply} {kind}(s) left in your supply (SUPPLY).", supply=BOARD.unit(s, kind)['supply'] - unit_count(s, seat, kind), kind=kind), code="SUPPLY")
    if items["workers"] > p["wsupply"]:
        raise RulesError(msg("Only {wsupply} workers left in your supply (SUPPLY).", wsupply=p['wsupply']), code="SUPPLY")
    if items["transport"]:
        if planet not in BOARD.routes[items["transport"]]["planets"]:
            raise RulesError(msg("The transport goes on a route touching {planet_name}: {routes_touching}.", planet_name=planet_name(planet), routes_touching=join(', ', BOARD.routes_touching(planet))), code="ROUTE")
        if free_transports(s, seat) < 1:
            raise RulesError(msg("You have no transport left in your supply (SUPPLY)."), code="SUPPLY")
    return "units", items, cost, payment.payable(s, seat, cost, given)


def build(ctx, seat: str, planet: str, checked: tuple) -> None:
    """The order `check_build` checked, carried out."""
    if checked[0] == "base":
        return build_base(ctx, seat, checked)
    s = ctx.state
    p = s["p"][seat]
    _, items, cost, paid = checked
    payment.assign(s, seat, paid)
    made = []
    for n, kind, area in items["units"]:
        for _ in range(n):
            u = new_unit(s, seat, kind)
            s["areas"][area]["units"].append(u)
            made.append(msg("{id} {kind} into area {area}", id=u['id'], kind=kind, area=area))
    if items["workers"]:
        p["wsupply"] -= items["workers"]
        p["unavailable"] += items["workers"]
        made.append(msg("{workers} worker(s)", workers=items['workers']))
    if items["transport"]:
        s["transports"].append({"owner": seat, "route": items["transport"]})
        made.append(msg("a transport on {transport}", transport=items['transport']))
    if cost["minerals"] or cost["gas"]:
        ctx.say(msg("{seat} builds {made}; pays {cost} with {value}.", seat=seat_ref(seat), made=join(', ', made), cost=payment.fmt(cost), value=join(', ', paid) or msg("no card")))
    else:
        ctx.say(msg("{seat} builds {made} at no cost.", seat=seat_ref(seat), made=join(', ', made)))
    if is_(s, seat, "overmind"):
        free_zergling(ctx, seat, planet)


def free_zergling(ctx, seat: str, planet: str) -> None:
    """§7.2.5: the Overmind's free Zergling after a Build order on a planet with its base."""
    s = ctx.state
    if unit_count(s, seat, "zergling") >= BOARD.unit(s, "zergling")["supply"]:
        return
    home = [a for a in BOARD.planet_areas(planet) if s["areas"][a]["base"] == seat]
    room = [a for a in home + BOARD.planet_areas(planet)
            if controls(s, seat, a) and len(units_in(s, a, seat)) < BOARD.areas[a]["limit"]]
    if room:
        u = new_unit(s, seat, "zergling")
        s["areas"][room[0]]["units"].append(u)
        ctx.say(msg("The Overmind's free Zergling {id} appears in {room}.", id=u['id'], room=room[0]))


def check_base(state: dict, seat: str, planet: str, text: str, special: bool, given: list[str] | None) -> tuple:
    """A Build order's base checked whole (§7.2.2), with the cards that pay; changes nothing."""
    s = state
    words = text.split()
    if len(words) != 2:
        raise RulesError(msg("Write `base <area>` (§15)."), code="MALFORMED")
    area = find_area(words[1], planet)
    if has_base_on(s, seat, planet):
        raise RulesError(msg("You already have a base on {planet_name} (one per planet, §7.2.3).", planet_name=planet_name(planet)),
                         code="BASE")
    if area not in base_sites(s, seat, planet):
        raise RulesError(msg("A base goes in an area of {planet_name} you control that has no base (§7.2.2).", planet_name=planet_name(planet)),
                         code="AREA")
    if sum(1 for d in s["areas"].values() if d["base"] == seat) >= BOARD.pieces["bases"]:
        raise RulesError(msg("You have no base left in your supply (SUPPLY)."), code="SUPPLY")
    cost = dict(BOARD.pieces["base_cost"])
    if special:
        cost["minerals"] = max(0, cost["minerals"] - 1)
    return "base", area, cost, payment.payable(s, seat, cost, given)


def base_sites(state: dict, seat: str, planet: str) -> list[str]:
    """The areas of the planet where `seat` may build a base (§7.2.2): controlled, with no base."""
    return [a for a in BOARD.planet_areas(planet) if controls(state, seat, a) and not state["areas"][a]["base"]]


def build_base(ctx, seat: str, checked: tuple) -> None:
    s = ctx.state
    _, area, cost, paid = checked
    payment.assign(s, seat, paid)
    s["areas"][area]["base"] = seat
    ctx.say(msg("{seat} builds a base in {area}; pays {cost} with {paid}.", seat=seat_ref(seat), area=area, cost=payment.fmt(cost), paid=join(', ', paid)))


# §7.3 Research --------------------------------------------------------------------------------
def check_research(state: dict, seat: str, text: str, special: bool, given: list[str] | None) -> tuple:
    """A Research order checked whole (§7.3), with the cards that pay; changes nothing."""
    p = state["p"][seat]
    words = text.split()
    what = words[1].lower() if len(words) == 2 else ""
    if what == "tech":
        if p["tech"] >= BOARD.pieces["max_tech"]:
            raise RulesError(msg("Your tech level is already 3; research cards instead."), code="TECH")
        cost = BOARD.tech_costs[p["tech"] + 1]
        return "tech", cost, payment.payable(state, seat, cost, given)
    if what == "cards":
        return ("cards",)
    raise RulesError(msg("Write `research tech` or `research cards` (§7.3)."), code="MALFORMED")


def research(ctx, seat: str, special: bool, checked: tuple) -> None:
    """The order `check_research` checked, carried out."""
    s = ctx.state
    p = s["p"][seat]
    if checked[0] == "tech":
        _, cost, paid = checked
        payment.assign(s, seat, paid)
        p["tech"] += 1
        ctx.say(msg("{seat} researches tech level {tech}; pays {cost} with {paid}.", seat=seat_ref(seat), tech=p['tech'], cost=payment.fmt(cost), paid=join(', ', paid)))
        if special:
            draw_combat(ctx, seat, 1)
    else:
        got = draw_combat(ctx, seat, 3 + (1 if special else 0))
        ctx.say(msg("{seat} researches and draws {n_got} combat card(s).", seat=seat_ref(seat), n_got=len(got)))
