"""§9.11 coming of age (Alexander IV in Turn IV, Herakles in Turn V), with the Regency check
of §10.3, Murder or Crown, and King's Favour (§8.5)."""
from __future__ import annotations

from core.errors import RulesError
from core.game import Prompt, seat_ref
from core.message import keep, msg

from . import legitimacy, scoring
from .board import BOARD
from .common import rank_by_seniority

HEIR_OF_TURN = {4: "alexander_iv", 5: "herakles"}


def regency_winner(state: dict, heir: str) -> str | None:
    """§10.3: the heir's controller wins if his LP + VP is strictly higher than everyone else's."""
    ctl = legitimacy.royal_controller(state, heir)
    if ctl is None:
        return None
    lps, vps = legitimacy.all_lp(state), scoring.all_vp(state)
    total = {s: lps[s] + vps[s] for s in state["seats"]}
    if all(total[ctl] > total[o] for o in state["seats"] if o != ctl):
        return ctl
    return None


def coming_of_age(ctx, heir: str) -> None:
    """§9.11 items 1-3."""
    state = ctx.state
    name = BOARD.royals[heir]["name"]
    r = state["royals"][heir]
    if r["st"] != "active":                                             # item 1
        ctx.say((msg("{name} comes of age, but he is dead (§9.11).", name=name) if r['st'] == 'dead' else msg("{name} comes of age, but he is already crowned (§9.11).", name=name)))
        return
    won = regency_winner(state, heir)                                   # item 2, §10.3
    if won:
        lps, vps = legitimacy.lp(state, won), scoring.vp(state, won)
        state["result"] = {"winner": won, "reason": keep(state, msg("Regency victory ({name}, {lps} LP + {vps} VP)", name=name, lps=lps, vps=vps))}
        ctx.say(msg("{name} comes of age: {won} controls him and has the highest LP + VP ({lps}): Regency victory (§10.3).", name=name, won=won, lps=lps + vps), kind="end")
        return
    ctl = legitimacy.royal_controller(state, heir)
    if ctl is None:                                                     # item 3: uncontrolled → crowned
        crown(ctx, heir)
        return
    ctx.say(msg("{name} comes of age: {ctl}, who controls him, chooses Murder or Crown (§9.11).", name=name, ctl=seat_ref(ctl)))
    state.setdefault("stack", []).append({"kind": "age", "seat": ctl, "heir": heir})


def age_prompt(state: dict, d: dict) -> Prompt:
    name = BOARD.royals[d["heir"]]["name"]
    return Prompt(msg("{seat}: {name} comes of age. Murder him (a Champion becomes a Diadochos) or crown him (the player with the most LP takes King's Favour, +2 VP) (§9.11)?", seat=seat_ref(d['seat']), name=name), ("crown", "murder"))


def murder_or_crown(ctx, d: dict, verb: str) -> None:
    state = ctx.state
    heir = d["heir"]
    if verb == "murder":
        state["royals"][heir].update(st="dead", by=None)
        ctx.say(msg("{seat} has {name} murdered (§9.11).", seat=seat_ref(d['seat']), name=BOARD.royals[heir]['name']))
        p = state["p"][d["seat"]]
        if p["champion"]:
            p["champion"] = False
            ctx.say(msg("{seat} becomes a Diadochos (§9.5.6).", seat=seat_ref(d['seat'])))
    elif verb == "crown":
        crown(ctx, heir)
    else:
        raise RulesError(msg("`murder` or `crown`."), code="NOT_NOW")


def crown(ctx, heir: str) -> None:
    """The heir goes to the Throne box, giving no LP; the player with the most LP takes a King's
    Favour marker (ties: the most senior general, §0.2)."""
    state = ctx.state
    state["royals"][heir].update(st="throne", by=None)
    lps = legitimacy.all_lp(state)
    top = [s for s in state["seats"] if lps[s] == max(lps.values())]
    who = rank_by_seniority(ctx, state, top, msg("King's Favour"))
    state["p"][who]["favour"] += 1
    ctx.say(msg("{name} is crowned and goes to the Throne box; {who} (most LP, {lps}) takes a King's Favour marker, +2 VP (§9.11, §8.5).", name=BOARD.royals[heir]['name'], who=seat_ref(who), lps=lps[who]))
