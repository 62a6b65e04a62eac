"""§6 Execution: clockwise from the first player, take one of your orders from the top of a
stack and resolve it (§7) or discard it for an event card; the phase ends when every
stack is empty, and the first player draws one event card (§6.4).

The last order resolved stays in ``state["last_order"]`` (seat, planet, id, type, special,
the areas it moved or built into and those units left) for the public map: all of it was
revealed and narrated as the order resolved."""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.games.phases import end_phase
from core.message import join, msg

from . import battle, orders
from .board import BOARD
from .common import draw_event, find_planet, order_label, planet_name, turn_order


def start_execution(ctx) -> None:
    s = ctx.state
    s["phase"] = "execution"
    s["turn"] = s["first"]
    if BOARD.rules_of(s)["execution_draw"] == "if_none_drawn":
        s["deck_at_execution"] = len(s["event_deck"])     # §6.4 (rules 2): was a card drawn this phase?
    ctx.say(msg("Execution: {sum} orders in {n_stacks} stacks. Last placed, first resolved.", sum=sum(len(x) for x in s['stacks'].values()), n_stacks=len(s['stacks'])))
    ctx.picture()
    settle(ctx, first=True)


def orders_left(state: dict, seat: str) -> int:
    return sum(1 for st in state["stacks"].values() for o in st if o["owner"] == seat)


def top_planets(state: dict, seat: str) -> list[str]:
    return sorted(p for p, st in state["stacks"].items() if st and st[-1]["owner"] == seat)


def settle(ctx, first: bool = False) -> None:
    """Move the turn on until a seat can take an order; §6.3 passes; §6.4 the phase ends."""
    s = ctx.state
    if s["pend"] or s["result"]:
        return
    order = turn_order(s, s["turn"])
    if not first:
        order = order[1:] + order[:1]
    for _ in range(100):            # every pass draws from a finite deck or ends the phase
        if not any(s["stacks"].values()):
            s["stacks"] = {}
            end_draw(ctx)
            end_phase(ctx, "execution")
            return
        for seat in order:
            if not orders_left(s, seat):
                continue                                       # §6.3 skipped without drawing
            if top_planets(s, seat):
                s["turn"] = seat
                return
            ctx.say(msg("{seat} has no order on top of a stack: draws an event card and passes (§6.3).", seat=seat_ref(seat)))
            draw_event(ctx, seat)
        order = turn_order(s, s["turn"])
    raise AssertionError(msg("execution could not settle"))


def end_draw(ctx) -> None:
    """§6.4: when every stack is empty the first player draws 1 event card; under rules 2 only
    if nobody drew one this phase, so that the deck still runs out (a card every round at
    least) without the draw hastening it in the rounds where discards and passes already did."""
    s = ctx.state
    at_start = s.pop("deck_at_execution", None)          # None: rules 1, the draw is always made
    if at_start is not None and at_start > len(s["event_deck"]):
        ctx.say(msg("Every stack is empty. Event cards were drawn this phase, so the first player draws none (§6.4)."))
        return
    ctx.say(msg("Every stack is empty. {first}, the first player, draws an event card (§6.4).", first=seat_ref(s['first'])))
    draw_event(ctx, s["first"])


def _take(state: dict, seat: str, planet_word: str) -> tuple[str, dict]:
    planet = find_planet(planet_word)
    st = state["stacks"].get(planet)
    if not st or st[-1]["owner"] != seat:
        tops = top_planets(state, seat)
        raise RulesError(msg("Your order is not on top of the stack on {planet_name}. Yours on top: {value} (§6.1).", planet_name=planet_name(planet), value=join(', ', tops) or 'none'), code="NOT_TOP")
    return planet, st[-1]


def discard(ctx, seat: str, planet_word: str) -> None:
    """§6.2: the order is revealed; discarding it draws 1 event card."""
    s = ctx.state
    planet, o = _take(s, seat, planet_word)
    s["stacks"][planet].pop()
    ctx.reveal(msg("{seat} reveals order {order_label} on {planet_name} and discards it.", seat=seat_ref(seat), order_label=order_label(o), planet_name=planet_name(planet)))
    s["counts"]["orders_discarded"] += 1
    draw_event(ctx, seat)
    _done(ctx, seat)


def resolve(ctx, seat: str, planet_word: str, text: str) -> None:
    try:
        _resolve(ctx, seat, planet_word, text)
    except RulesError as exc:
        # any refusal past the stack check tells what the face-down order is: the player only
        exc.private = exc.code != "NOT_TOP"
        raise


def check(state: dict, seat: str, planet_word: str, text: str) -> tuple[str, dict, str, tuple]:
    """Resolving `seat`'s top order on the planet as `text` says, checked whole on the position
    before it (§6.1, §7): the planet, the order, its kind and what `orders` checked of it. Raises
    as resolving would; changes nothing (no refusal can come after it: what follows an order's
    checks only carries them out, so StarCraft.menu_lines tries its lines by this, not by applying)."""
    planet, o = _take(state, seat, planet_word)
    text, given = orders.split_pay(text)
    kind = orders.kind_of(text)
    if kind != o["type"]:
        raise RulesError(msg("Your top order on {planet_name} is {order_label}, not {kind}.", planet_name=planet_name(planet), order_label=order_label(o), kind=kind),
                         code="ORDER_TYPE", private=True)
    if kind == "mobilize":
        if given:
            raise RulesError(msg("Mobilize costs nothing: drop pay=."), code="MALFORMED")
        checked = orders.check_mobilize(state, seat, planet, text, o["special"])
    elif kind == "build":
        checked = orders.check_build(state, seat, planet, text, o["special"], given)
    else:
        checked = orders.check_research(state, seat, text, o["special"], given)
    return planet, o, kind, checked


def _resolve(ctx, seat: str, planet_word: str, text: str) -> None:
    s = ctx.state
    planet, o, kind, checked = check(s, seat, planet_word, text)
    s["stacks"][planet].pop()
    ctx.reveal(msg("{seat} reveals order {order_label} on {planet_name} and resolves it.", seat=seat_ref(seat), order_label=order_label(o), planet_name=planet_name(planet)))
    before = _pieces(s)
    fight = None
    if kind == "mobilize":
        fight = orders.mobilize(ctx, seat, planet, checked)
    elif kind == "build":
        orders.build(ctx, seat, planet, checked)
    else:
        orders.research(ctx, seat, o["special"], checked)
    s["counts"]["orders_resolved"] += 1
    if BOARD.rules_version(s) >= 2:   # a game of rules 1 replays to its stored snapshots, which have no mark
        s["last_order"] = {"seat": seat, "planet": planet, "id": o["id"], "type": kind, "special": o["special"],
                           **_changed(before, _pieces(s))}
    if fight:
        battle.start(ctx, seat, fight[0], fight[1])
    _done(ctx, seat)


def _pieces(state: dict) -> tuple[dict, dict]:
    """Where every unit is (id → area) and every base (area → owner)."""
    return ({u["id"]: a for a, d in state["areas"].items() for u in d["units"]},
            {a: d["base"] for a, d in state["areas"].items() if d["base"]})


def _changed(before: tuple, after: tuple) -> dict:
    """What an order did on the board, for the map's mark (the view's ``last_order``; the
    narration has said it): ``areas`` units moved or were built into, or a base was built in,
    and ``from``, the areas the moved units left."""
    (units0, bases0), (units1, bases1) = before, after
    into = {a for u, a in units1.items() if units0.get(u) != a} | {a for a, o in bases1.items() if bases0.get(a) != o}
    left = {units0[u] for u, a in units1.items() if u in units0 and units0[u] != a}
    return {"areas": sorted(into), "from": sorted(left - into)}


def _done(ctx, seat: str) -> None:
    s = ctx.state
    s["turn"] = seat
    if not s["pend"]:
        ctx.picture()
        settle(ctx)


def after_battle(ctx) -> None:
    settle(ctx)


def default_line(state: dict, seat: str) -> str:
    """§6.6 timeout: discard the top order of the first stack, by planet code, that holds one."""
    return f"discard {top_planets(state, seat)[0]}"
