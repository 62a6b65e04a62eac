"""Where the pieces are, who controls what (§0.3), and the small helpers every rule uses.

State layout (one JSON dict, §17):

- ``phase`` factions | transport | planning | execution | regroup; ``step`` 1–10 in Regrouping
- ``round``, ``first`` (seat holding the first-player token), ``turn`` (seat to act in the
  sequential phases), ``result`` (None or {winner, reason})
- ``p[seat]``: faction, cp, tech, pool / assigned / unavailable / wsupply (workers),
  ``cards`` [{id, used}], combat ``deck`` / ``hand`` / ``discard``, ``events`` (event hand),
  ``special`` (special marker used this round), ``placed`` (orders placed this round),
  ``out``, ``units_made`` (the per-faction unit counter behind ids ``RAY-u7``)
- ``areas[area]``: ``units`` [{id, owner, type}], ``base`` (seat or None)
- ``transports`` [{owner, route}]; ``stacks[planet]`` [{id, owner, type, special}], newest last
- ``event_deck`` (top first), ``event_discard``, ``set_aside`` (played "The End Draws Near"),
  ``removed``; ``pend`` the pending-decision stack (top last); ``battle`` the battle under way
"""
from __future__ import annotations

import re
from functools import lru_cache

from core.errors import RulesError
from core.game import seat_ref
from core.message import Cmd, join, msg

from .board import BOARD

ORDER_TYPES = ("mobilize", "build", "research")


def faction(state: dict, seat: str) -> dict:
    return BOARD.factions[state["p"][seat]["faction"]]


def fname(state: dict, seat: str) -> str:
    f = state["p"][seat].get("faction")
    return BOARD.factions[f]["name"] if f else seat


def prefix(state: dict, seat: str) -> str:
    return faction(state, seat)["prefix"]


def is_(state: dict, seat: str, fid: str) -> bool:
    return state["p"][seat].get("faction") == fid


def in_game(state: dict) -> list[str]:
    return [s for s in state["seats"] if not state["p"][s]["out"]]


def turn_order(state: dict, start: str | None = None) -> list[str]:
    """Seats clockwise from `start` (the first player by default), out players skipped."""
    seats = state["seats"]
    i = seats.index(start or state["first"])
    return [s for s in seats[i:] + seats[:i] if not state["p"][s]["out"]]


def next_seat(state: dict, seat: str) -> str:
    seats = state["seats"]
    i = seats.index(seat)
    for k in range(1, len(seats) + 1):
        s = seats[(i + k) % len(seats)]
        if not state["p"][s]["out"]:
            return s
    return seat


# the map ------------------------------------------------------------------------------------
def units_in(state: dict, area: str, owner: str | None = None) -> list[dict]:
    us = state["areas"][area]["units"]
    return [u for u in us if owner is None or u["owner"] == owner]


def owners_in(state: dict, area: str) -> set[str]:
    a = state["areas"][area]
    out = {u["owner"] for u in a["units"]}
    if a["base"]:
        out.add(a["base"])
    return out


def controls(state: dict, seat: str, area: str) -> bool:
    """§0.3: at least one of your units or your base, and no enemy unit or base."""
    return owners_in(state, area) == {seat}


def controller(state: dict, area: str) -> str | None:
    o = owners_in(state, area)
    return next(iter(o)) if len(o) == 1 else None


def cp_value(state: dict, area: str) -> int:
    """§2.2: the CP an area is worth at step 5 (§10); under rules 3 (§18) the CP area of a home
    planet no player starts on (§3.3) is worth none, and Char's and Aiur's A areas 1 instead of 2.
    Reads a view as well as a state."""
    a = BOARD.areas[area]
    if a["kind"] != "cp":
        return 0
    rules = BOARD.rules_of(state)
    if a["planet"] in BOARD.home_planets and not rules["empty_homes_cp"] and \
            a["planet"] not in BOARD.homes[len(state["seats"])]:
        return 0
    by_players = rules.get("cp_values_by_players", {}).get(str(len(state["seats"])), {})
    return by_players.get(area, rules["cp_values"].get(area, a["value"]))


def controlled(state: dict, seat: str) -> list[str]:
    areas = state["areas"]   # the same test as `controls`, inlined: the robots' search calls this most
    out = []
    for a in BOARD.areas:
        d = areas[a]
        base, units = d["base"], d["units"]
        if base and base != seat or not (base or units):
            continue
        for u in units:      # a loop, not all(…): no generator made for each of the map's areas
            if u["owner"] != seat:
                break
        else:
            out.append(a)
    return out


def base_planets(state: dict, seat: str) -> list[str]:
    return sorted({BOARD.areas[a]["planet"] for a, d in state["areas"].items() if d["base"] == seat})


def has_base_on(state: dict, seat: str, planet: str) -> bool:
    return any(state["areas"][a]["base"] == seat for a in BOARD.planet_areas(planet))


def bases_of(state: dict, seat: str) -> list[str]:
    return [a for a, d in state["areas"].items() if d["base"] == seat]


def all_units(state: dict, seat: str) -> list[dict]:
    return [u for d in state["areas"].values() for u in d["units"] if u["owner"] == seat]


def on_map(state: dict, seat: str) -> bool:
    return any(u["owner"] == seat for d in state["areas"].values() for u in d["units"]) or \
        any(d["base"] == seat for d in state["areas"].values())


def unit_count(state: dict, seat: str, kind: str) -> int:
    return sum(1 for u in all_units(state, seat) if u["type"] == kind)


def new_unit(state: dict, seat: str, kind: str) -> dict:
    p = state["p"][seat]
    p["units_made"] += 1
    return {"id": f"{prefix(state, seat)}-u{p['units_made']}", "owner": seat, "type": kind}


def unit_num(u: dict) -> int:
    return int(u["id"].rsplit("-u", 1)[1])


def unit_cost(state: dict, kind: str) -> int:
    """§9.4 casualty order: cost in minerals + gas, a Zergling counting 1 (the game's rules version, §2.4)."""
    c = BOARD.unit(state, kind)["cost"]
    return c["minerals"] + c["gas"]


def transports_of(state: dict, seat: str) -> list[dict]:
    return [t for t in state["transports"] if t["owner"] == seat]


def friendly_planets(state: dict, seat: str) -> set[str]:
    return {BOARD.areas[a]["planet"] for a in controlled(state, seat)}


def order_planets(state: dict, seat: str) -> list[str]:
    """§5.2: planets with a friendly area of yours or adjacent to one."""
    own = friendly_planets(state, seat)
    ok = set(own)
    for p in own:
        ok |= BOARD.adjacent[p]
    return sorted(ok)


def current_stage(state: dict) -> str:
    """§3.7: the stage of the event deck's top card; III once the deck is empty."""
    deck = state["event_deck"]
    return BOARD.events[deck[0]]["stage"] if deck else "III"


@lru_cache(maxsize=1024)   # the board's cards: written in every line a prompt offers
def card_tag(card: str) -> str:
    """A combat or event card as a command offers it: its id and its name (`EV26-last-stand`,
    `ALD-03-focused-fire`), so a private choice reads by name, never by number alone."""
    kind = BOARD.events.get(card) or BOARD.combat.get(card)
    slug = re.sub(r"[^a-z0-9]+", "-", kind["name"].lower()).strip("-") if kind else ""
    return f"{card}-{slug}" if slug else card


def card_name(card: str) -> str:
    """A combat or event card as a player reads it: its id, as he may type it, and its name in his
    language (`ALD-03 Focused Fire`); `card_tag` is the same card as a command line writes it."""
    kind = BOARD.events.get(card) or BOARD.combat.get(card)
    return msg("{id} {name}", id=Cmd(card), name=kind["name"]) if kind else Cmd(card)


def card_id(word: str, known) -> str:
    """The card a command names among `known`: its id, or its tag (`EV26`, `ev26-last-stand`).
    Anything else comes back upper-cased for the caller to refuse with the list."""
    w = word.upper()
    for card in known:
        if w == card or w == card_tag(card).upper():
            return card
    return w


def find_planet(word: str) -> str:
    w = word.upper()
    if w in BOARD.planets:
        return w
    for code, p in BOARD.planets.items():
        if p["name"].lower().replace(" ", "") == word.lower().replace(" ", ""):
            return code
    raise RulesError(msg("There is no planet {word}. Planets: {planet_order}.", word=repr(word), planet_order=join(', ', BOARD.planet_order)), code="PLANET")


def find_area(word: str, planet: str | None = None) -> str:
    w = word.upper()
    if w in BOARD.areas:                            # `MAR.A`, as every line a menu offers writes it
        return w
    if len(w) == 1 and planet:
        w = f"{planet}.{w}"
    elif "." in w:                                  # `char.b` as well as `CHR.B` (§15)
        head, _, letter = w.rpartition(".")
        try:
            w = f"{find_planet(head)}.{letter}"
        except RulesError:
            pass
    if w not in BOARD.areas:
        raise RulesError(msg("There is no area {word}: write it like MAR.A (planet code, a dot, A–D).", word=repr(word)), code="AREA")
    return w


def find_route(word: str) -> str:
    w = word.upper()
    if w not in BOARD.routes:
        raise RulesError(msg("There is no route {word}: routes are R1–R14.", word=repr(word)), code="ROUTE")
    return w


def find_unit_type(word: str) -> str:
    w = word.lower()
    if w in BOARD.units:
        return w
    for cand in (w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w):
        if cand in BOARD.units:
            return cand
    raise RulesError(msg("There is no unit {word}. Units: {units}.", word=repr(word), units=join(', ', BOARD.units)), code="UNIT")


def planet_name(code: str) -> str:
    return BOARD.planets[code]["name"]


def order_label(o: dict) -> str:
    """How an order is named once revealed (and what must never show while it is face down)."""
    return (msg("#{id} {type}*", id=o['id'], type=o['type']) if o['special'] else msg("#{id} {type}", id=o['id'], type=o['type']))


# combat cards --------------------------------------------------------------------------------
def draw_combat(ctx, seat: str, n: int) -> list[str]:
    """§9.6: draw n; an empty deck is reshuffled from the discard pile (sorted, then the seeded
    shuffle, §13.3); when both are empty the remaining draws are skipped."""
    p = ctx.state["p"][seat]
    got = []
    for _ in range(n):
        if not p["deck"]:
            if not p["discard"]:
                break
            p["deck"] = ctx.shuffle(sorted(p["discard"]))
            p["discard"] = []
            ctx.say(msg("{seat} reshuffles the combat discard pile into a new deck.", seat=seat_ref(seat)))
        got.append(p["deck"].pop(0))
    p["hand"] += got
    if got:
        # a card seen, even privately, makes the action irreversible: /undo must not redraw it
        ctx.tell(seat, msg("You draw {value}.", value=join(", ", (msg("{c} {name}", c=c, name=BOARD.combat[c]['name']) for c in got))), kind="reveal")
    return got


def draw_event(ctx, seat: str) -> str | None:
    """§11: one event card from the top; an empty deck gives nothing."""
    s = ctx.state
    if not s["event_deck"]:
        ctx.say(msg("{seat} would draw an event card, but the event deck is empty.", seat=seat_ref(seat)))
        return None
    card = s["event_deck"].pop(0)
    s["p"][seat]["events"].append(card)
    ctx.say(msg("{seat} draws an event card (stage {stage} back).", seat=seat_ref(seat), stage=BOARD.events[card]['stage']))
    ctx.tell(seat, msg("Your event card: {card} {name} — {text}", card=card, name=BOARD.events[card]['name'], text=BOARD.events[card]['text']),
             kind="reveal")
    return card
