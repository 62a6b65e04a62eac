"""§10 Regrouping: the seed's ten steps, in the seed's order, one function each.

`run` performs the steps from ``state["step"]`` on, stopping where a player must decide
(step 8 events, step 9 discards) or the game ends (steps 6, 7, 8); after step 10 the phase is
over and flow.py begins the next round's Planning."""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.games.phases import end_phase
from core.message import join, msg

from . import endgame, events
from .board import BOARD
from .common import (
    card_id,
    card_tag,
    controlled,
    controls,
    cp_value,
    current_stage,
    has_base_on,
    in_game,
    next_seat,
    owners_in,
    turn_order,
)

HAND_LIMIT = BOARD.pieces["hand_limit"]


def start_regroup(ctx) -> None:
    s = ctx.state
    s["phase"], s["step"] = "regroup", 1
    ctx.say(msg("Round {round}: Regrouping.", round=s['round']))
    run(ctx)


def run(ctx) -> None:
    s = ctx.state
    while not s["result"] and not s["pend"]:
        step = s["step"]
        if step == 8:
            if not step8_events(ctx):
                return
        else:
            STEPS[step](ctx)
        if s["result"] or s["pend"]:
            return
        if step == len(STEPS):
            end_phase(ctx, "regroup")
            return
        s["step"] += 1


# 1 -------------------------------------------------------------------------------------------
def step1_destroy(ctx) -> None:
    """Bases in areas holding enemy units; then transports with no base of their owner on
    either planet of their route."""
    s = ctx.state
    for a, d in s["areas"].items():
        if d["base"] and any(u["owner"] != d["base"] for u in d["units"]):
            ctx.say(msg("Step 1: {base}'s base in {a} is destroyed.", base=seat_ref(d['base']), a=a))
            d["base"] = None
    keep = []
    for t in s["transports"]:
        if any(has_base_on(s, t["owner"], p) for p in BOARD.routes[t["route"]]["planets"]):
            keep.append(t)
        else:
            ctx.say(msg("Step 1: {owner}'s transport on {route} is destroyed.", owner=seat_ref(t['owner']), route=t['route']))
    s["transports"] = keep


# 2 -------------------------------------------------------------------------------------------
def step2_lose_cards(ctx) -> None:
    """No base on the card's planet, or an enemy unit or base in its area: the card goes back
    to the resource deck and its worker is destroyed. Permanent cards are never lost."""
    s = ctx.state
    for seat in in_game(s):
        p = s["p"][seat]
        keep = []
        for c in p["cards"]:
            info = BOARD.resource[c["id"]]
            lose = False
            if not info.get("permanent"):
                planet = BOARD.areas[c["id"]]["planet"]
                lose = not has_base_on(s, seat, planet) or bool(owners_in(s, c["id"]) - {seat})
            if not lose:
                keep.append(c)
                continue
            ctx.say((msg("Step 2: {seat} loses resource card {id} and the worker on it.", seat=seat_ref(seat), id=c['id']) if c["used"] else msg("Step 2: {seat} loses resource card {id}.", seat=seat_ref(seat), id=c['id'])))
            if c["used"]:
                p["assigned"] -= 1
                p["wsupply"] += 1
        p["cards"] = keep


# 3 -------------------------------------------------------------------------------------------
def held_by(state: dict, cid: str) -> str | None:
    return next((x for x in state["seats"] if any(c["id"] == cid for c in state["p"][x]["cards"])), None)


def step3_gain_cards(ctx) -> None:
    """On each planet with your base: the cards of the mineral/gas areas you control; if yours
    is the only base there, also those of its empty areas. A held card is never taken."""
    s = ctx.state
    for seat in turn_order(s):
        for planet in BOARD.planet_order:
            if not has_base_on(s, seat, planet):
                continue
            only = not any(has_base_on(s, o, planet) for o in in_game(s) if o != seat)
            for a in BOARD.planet_areas(planet):
                if a not in BOARD.resource or held_by(s, a):
                    continue
                empty = not s["areas"][a]["units"] and not s["areas"][a]["base"]
                if controls(s, seat, a) or (only and empty):
                    s["p"][seat]["cards"].append({"id": a, "used": False})
                    ctx.say((msg("Step 3: {seat} gains resource card {a} (an empty area).", seat=seat_ref(seat), a=a) if empty else msg("Step 3: {seat} gains resource card {a}.", seat=seat_ref(seat), a=a)))


# 4 -------------------------------------------------------------------------------------------
def step4_retrieve_workers(ctx) -> None:
    s = ctx.state
    for seat in s["seats"]:
        p = s["p"][seat]
        p["pool"] += p["assigned"] + p["unavailable"]
        p["assigned"] = p["unavailable"] = 0
        for c in p["cards"]:
            c["used"] = False


# 5 -------------------------------------------------------------------------------------------
def step5_conquest_points(ctx) -> None:
    s = ctx.state
    for seat in in_game(s):
        gain = sum(cp_value(s, a) for a in controlled(s, seat))
        if gain:
            s["p"][seat]["cp"] += gain
            ctx.say(msg("Step 5: {seat} gains {gain} CP ({cp}).", seat=seat_ref(seat), gain=gain, cp=s['p'][seat]['cp']))


# 6 -------------------------------------------------------------------------------------------
def step6_normal_victory(ctx) -> None:
    s = ctx.state
    reached = [x for x in in_game(s) if s["p"][x]["cp"] >= endgame.cp_needed(s, x)]
    if reached:
        endgame.finish(ctx, endgame.best(s, reached), msg("normal victory: conquest points"))


# 7 -------------------------------------------------------------------------------------------
def step7_special_victory(ctx) -> None:
    """Special victories only while the event deck is in its third stage; then elimination."""
    s = ctx.state
    if current_stage(s) == "III":
        for seat in turn_order(s):
            if endgame.special_victory(s, seat):
                endgame.finish(ctx, seat, msg("special victory of {seat}", seat=seat_ref(seat)))
                return
    endgame.eliminate(ctx)


# 8 -------------------------------------------------------------------------------------------
def step8_events(ctx) -> bool:
    """Clockwise from the first player: "The End Draws Near" is played at once and set aside;
    anyone else may play one event or pass; the rest are discarded. Returns True when done."""
    s = ctx.state
    if not s["queue"] and not s.get("step8_started"):
        s["queue"] = turn_order(s)
        s["step8_started"] = True
    while s["queue"]:
        seat = s["queue"][0]
        p = s["p"][seat]
        if p["out"]:
            s["queue"].pop(0)
            continue
        edn = [e for e in p["events"] if events.effect(e) == "end_draws_near"]
        if edn:
            for e in edn:
                p["events"].remove(e)
                s["set_aside"].append(e)
                s["counts"]["events_played"] += 1
                ctx.reveal(msg("{seat} plays {e} The End Draws Near: it is set aside ({n_set_aside} set aside).", seat=seat_ref(seat), e=e, n_set_aside=len(s['set_aside'])))
            discard_events(ctx, seat)
            s["queue"].pop(0)
            continue
        if p["events"]:           # asked even with nothing playable: the channel must not learn that
            s["pend"].append({"kind": "event", "seat": seat})
            return False
        discard_events(ctx, seat)
        s["queue"].pop(0)
    s["step8_started"] = False
    if len(s["set_aside"]) >= BOARD.pieces["end_draws_near_to_end"]:
        ald = [x for x in in_game(s) if s["p"][x]["faction"] == "aldaris" and endgame.aldaris_holds_out(s, x)]
        if ald:
            endgame.finish(ctx, ald[0], msg("the second The End Draws Near: Aldaris's special victory"))
        else:
            endgame.finish(ctx, endgame.best(s, in_game(s)), msg("the second The End Draws Near: most CP"))
        return True
    endgame.eliminate(ctx)
    return True


def discard_events(ctx, seat: str) -> None:
    s = ctx.state
    p = s["p"][seat]
    if p["events"]:
        s["event_discard"] += p["events"]
        ctx.say(msg("{seat} discards {n_events} unplayed event card(s).", seat=seat_ref(seat), n_events=len(p['events'])))
        p["events"] = []


def answer_event(ctx, seat: str, card: str, args: list[str]) -> None:
    s = ctx.state
    if card.lower() != "pass":
        card = card_id(card, s["p"][seat]["events"])
        if card not in s["p"][seat]["events"]:
            raise RulesError(msg("Play an event card of yours ({events}) or `event pass`.", events=join(', ', sorted(s['p'][seat]['events']))), code="EVENT", private=True)
        events.play(ctx, seat, card, args)
    else:
        ctx.say(msg("{seat} plays no event.", seat=seat_ref(seat)))
    discard_events(ctx, seat)
    s["pend"].pop()
    s["queue"].pop(0)
    run(ctx)


# 9 -------------------------------------------------------------------------------------------
def step9_discard_combat(ctx) -> None:
    s = ctx.state
    over = [x for x in turn_order(s) if len(s["p"][x]["hand"]) > HAND_LIMIT]
    if over:
        s["pend"].append({"kind": "drop", "seats": over})
        for x in over:
            ctx.say(msg("Step 9: {x} holds {n_hand} combat cards and must discard {n_hand2} by private message.", x=seat_ref(x), n_hand=len(s['p'][x]['hand']), n_hand2=len(s['p'][x]['hand']) - HAND_LIMIT))


def answer_drop(ctx, seat: str, ids: list[str]) -> None:
    s = ctx.state
    p = s["p"][seat]
    need = len(p["hand"]) - HAND_LIMIT
    ids = [card_id(i, p["hand"]) for i in ids]
    if len(set(ids)) != need or any(i not in p["hand"] for i in ids):
        raise RulesError(msg("Discard exactly {need} different cards of your hand: {hand}.", need=need, hand=join(', ', sorted(p['hand']))),
                         code="DROP", private=True)
    for i in ids:
        p["hand"].remove(i)
        p["discard"].append(i)
    ctx.say(msg("{seat} discards {need} combat card(s) down to {hand_limit}.", seat=seat_ref(seat), need=need, hand_limit=HAND_LIMIT))
    top = s["pend"][-1]
    top["seats"].remove(seat)
    if not top["seats"]:
        s["pend"].pop()
        s["step"] = 10
        run(ctx)


def drop_default(state: dict, seat: str) -> str:
    """Step 9 timeout: the highest ids are discarded."""
    hand = sorted(state["p"][seat]["hand"])
    return "drop " + " ".join(card_tag(c) for c in hand[HAND_LIMIT:])


# 10 ------------------------------------------------------------------------------------------
def step10_pass_token(ctx) -> None:
    s = ctx.state
    s["first"] = next_seat(s, s["first"])
    ctx.say(msg("Step 10: the first-player token passes to {first}.", first=seat_ref(s['first'])))
    ctx.picture()


STEPS = {1: step1_destroy, 2: step2_lose_cards, 3: step3_gain_cards, 4: step4_retrieve_workers,
         5: step5_conquest_points, 6: step6_normal_victory, 7: step7_special_victory, 8: step8_events,
         9: step9_discard_combat, 10: step10_pass_token}
