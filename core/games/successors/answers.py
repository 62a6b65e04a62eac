"""The answers to a move's questions (§5.5.2, §5.7, §5.8, §5.9, §6.10.4, §12.1): the lines the
asked seat may answer, the sentence that asks, and what each answer does; and how a move goes
on once an owner has chosen the losses it was asked for (`ask_force_loss`, `losses=ask`).
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg

from . import battles
from .activation import end_act, fall_back
from .assaults import after_sally, offer_sortie
from .board import BOARD
from .common import find_space
from .encounters import (
    after_battle,
    apply_retreat,
    defend,
    defender_options,
    enter_rest,
    intercept_spaces,
    next_interceptor,
    resolve,
    retreat_lines,
    try_intercept,
)
from .naval import disperse_fleet, next_naval, try_naval
from .questions import drop_question, question
from .sieges import sortie


def pend_lines(state: dict) -> list[str]:
    """The complete lines open to the seat that must answer the question."""
    p = question(state)
    k = p["kind"]
    if k == "intercept":
        act = state["act"]
        return [f"intercept {s}" for s in intercept_spaces(state, p["seat"], p["space"], act["tried"])] + ["decline"]
    if k == "respond":
        return ["fight", "fallback"]
    if k == "naval":
        return ["intercept", "decline"]
    if k == "defend":
        return defender_options(state, p["seat"], p["space"], p["from"])
    if k == "retreat":
        return retreat_lines(state, p["seat"], p["space"], p["from"])
    if k == "sortie":
        return ["sortie", "decline"]
    return []


def pend_text(state: dict) -> str:
    p = question(state)
    where = BOARD.spaces[p["space"]]["name"]
    act = state["act"]
    who = seat_ref(act["seat"]) if act else msg("the enemy")
    seat, kind = seat_ref(p["seat"]), p["kind"]
    # the question's own sentence alone (a robot's search asks it of every question it looks at)
    if kind == "intercept":
        return msg("{seat}: {who}'s force enters {where}. Intercept it (§5.8)?", seat=seat, who=who, where=where)
    if kind == "respond":
        return msg("{seat}: your force was intercepted at {where}. Fight or fall back (§5.8.4)?", seat=seat, where=where)
    if kind == "naval":
        return msg("{seat}: {who}'s force crosses the sea to {where}. Try a naval interception (§5.7)?", seat=seat, who=who, where=where)
    if kind == "defend":
        return msg("{seat}: {who}'s force enters {where}. Go inside, try to avoid battle, or stand (§5.4.1, §5.5.2, §5.9)?", seat=seat, who=who, where=where)
    if kind == "retreat":
        return msg("{seat}: your force lost the battle at {where}. Retreat where (§6.10.4)?", seat=seat, where=where)
    if kind == "sortie":
        return msg("{seat}: your CUs inside {where} may make a sortie (§12.1).", seat=seat, where=where)
    raise KeyError(kind)


def answer(ctx, seat: str, verb: str, rest: str) -> None:
    state = ctx.state
    p = question(state)
    line = (verb + " " + rest).strip()
    if not p or p["seat"] != seat:
        raise RulesError(msg("There is nothing for you to answer now."), code="NOT_ASKED")
    lines = pend_lines(state)
    if line not in lines and verb not in ("intercept", "avoid", "retreat"):
        raise RulesError(msg("Answer with one of: {lines}.", lines=join('; ', lines)), code="ANSWER")
    if verb in ("avoid", "retreat") and rest:
        words = [w if w == "inside" else find_space(w) for w in rest.split()]
        line = " ".join([verb, *words])
        rest = " ".join(words)
        if line not in lines:
            raise RulesError(msg("Answer with one of: {lines}.", lines=join('; ', lines)), code="ANSWER")
    drop_question(state)
    k = p["kind"]
    if k == "naval":
        if verb == "decline":
            ctx.say(msg("{seat} does not intercept at sea.", seat=seat_ref(seat)))
            next_naval(ctx, p)
        else:
            try_naval(ctx, seat, p)
    elif k == "intercept":
        if verb == "decline":
            ctx.say(msg("{seat} does not intercept.", seat=seat_ref(seat)))
            next_interceptor(ctx, p)
        else:
            try_intercept(ctx, seat, p, rest)
    elif k == "respond":
        act = state["act"]
        if verb == "fight":
            resolve(ctx, p["space"], p["from"], intercepted=True)
        else:
            fall_back(ctx, act, p["from"])
            ctx.say(msg("{seat} falls back to {name}; its activation ends (§5.8.4).", seat=seat_ref(seat), name=BOARD.spaces[p['from']]['name']))
            end_act(ctx)
    elif k == "defend":
        defend(ctx, seat, p, verb, rest)
    elif k == "retreat":
        apply_retreat(ctx, seat, p["space"], line)
    elif k == "sortie":
        if verb == "sortie":
            act = state["act"]
            if act:
                act.setdefault("sorties", {})[p["space"]] = act.get("sorties", {}).get(p["space"], 0) + 1
            sortie(ctx, seat, p["space"])
            offer_sortie(ctx, p["space"])


def after_force_loss(ctx, then: list) -> None:
    """The move goes on after the owner chose the CU his force lost (`ask_force_loss`)."""
    state = ctx.state
    if then[0] == "enter":
        enter_rest(ctx, then[1], then[2])
        return
    if then[0] == "assault":                                           # §7.3 repulsed: the sorties' turn
        offer_sortie(ctx, then[1])
        return
    act = state["act"]                                                 # §5.7.3 the interceptor won
    disperse_fleet(ctx, act["seat"])
    ctx.say(msg("{seat}'s force returns to {name}; its activation ends (§5.7.3).", seat=seat_ref(act['seat']), name=BOARD.spaces[then[1]]['name']))
    end_act(ctx)


def after_losses(ctx) -> None:
    """The battle goes on once its owners have chosen their losses (`losses=ask`): the rest
    of §6.10, then what its mover does next."""
    then = ctx.state["battle"]["then"]
    res, att, dfn = battles.conclude_asked(ctx)
    if then[0] == "after_battle":
        after_battle(ctx, res, att, dfn, then[1], then[2])
    else:
        after_sally(ctx, res, dfn, then[1])
