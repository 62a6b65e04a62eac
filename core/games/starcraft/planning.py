"""§5 Planning: face-down orders placed one at a time by DM, clockwise from the first
player, stacked per planet with the newest on top."""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.games.phases import end_phase
from core.message import join, msg

from .board import BOARD
from .common import ORDER_TYPES, find_planet, order_label, order_planets, planet_name, turn_order


def start_round(ctx) -> None:
    s = ctx.state
    s["round"] += 1
    s["phase"], s["step"] = "planning", None
    s["stacks"] = {}
    for seat in s["seats"]:
        s["p"][seat]["placed"] = 0
        s["p"][seat]["special"] = False
    ctx.say(msg("Round {round}: Planning. {first} holds the first-player token.", round=s['round'], first=seat_ref(s['first'])))
    s["turn"] = s["first"]
    next_planner(ctx, first=True)


def must_place(state: dict, seat: str) -> bool:
    """A seat still places orders unless it has placed 4, is out, or (§6.6) has no legal planet."""
    p = state["p"][seat]
    return not p["out"] and p["placed"] < BOARD.pieces["orders_per_round"] and bool(order_planets(state, seat))


def next_planner(ctx, first: bool = False) -> None:
    """§5.1: one order at a time, clockwise, until every player has placed 4."""
    s = ctx.state
    order = turn_order(s, s["turn"])
    if not first:
        order = order[1:] + order[:1]
    for seat in order:
        if must_place(s, seat):
            s["turn"] = seat
            return
    end_phase(ctx, "planning")


def parse_order(word: str) -> tuple[str, bool]:
    special = word.endswith("*")
    kind = word.rstrip("*").lower()
    if kind not in ORDER_TYPES:
        raise RulesError(msg("Order types are mobilize, build and research (add * for the special order), not {word}.", word=repr(word)), code="ORDER_TYPE", private=True)
    return kind, special


def place(ctx, seat: str, word: str, planet_word: str) -> None:
    s = ctx.state
    kind, special = parse_order(word)
    planet = find_planet(planet_word)
    p = s["p"][seat]
    legal = order_planets(s, seat)
    if planet not in legal:                                         # §5.2
        raise RulesError(msg("An order goes on a planet with a friendly area of yours or next to one: {legal}.", legal=join(', ', legal)), code="PLANET")
    if special and p["special"]:                                   # §5.5
        raise RulesError(msg("You already placed your special order this round (one per round)."),
                         code="SPECIAL", private=True)
    s["order_seq"] += 1
    order = {"id": s["order_seq"], "owner": seat, "type": kind, "special": special}
    s["stacks"].setdefault(planet, []).append(order)               # §5.3 newest on top (last)
    p["placed"] += 1
    p["special"] = p["special"] or special
    ctx.say(msg("{seat} placed order #{id} on {planet_name} ({n_stacks} in that stack).", seat=seat_ref(seat), id=order['id'], planet_name=planet_name(planet), n_stacks=len(s['stacks'][planet])))
    ctx.tell(seat, msg("Your order {order_label} is on {planet_name}.", order_label=order_label(order), planet_name=planet_name(planet)))
    next_planner(ctx)


def lines(state: dict, seat: str) -> list[str]:
    out = []
    special_ok = not state["p"][seat]["special"]
    for planet in order_planets(state, seat):
        for kind in ORDER_TYPES:
            out.append(f"order {kind} {planet}")
            if special_ok:
                out.append(f"order {kind}* {planet}")
    return out


def default_line(state: dict, seat: str) -> str:
    """§5.6 timeout: a Research order on the first legal planet by code."""
    return f"order research {sorted(order_planets(state, seat))[0]}"
