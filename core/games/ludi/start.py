"""§4.1 Start phase (and §14.1 event reveal, which comes before it)."""
from __future__ import annotations

from core.errors import RulesError
from core.games.phases import end_phase
from core.message import join, msg

from .common import bname, enter_play, free_building, gname, owns, points, who
from .data import B, E
from .names import match

START_ABILITIES = ("Cubiculum", "Horreum", "Villa", "Thermae")   # §4.1 item 2
TOPUPS = ("buildings", "tiros")


def reveal_event(ctx) -> None:
    """§14.1: the start player's turn begins with the next event; after the 10th, all 10
    are reshuffled."""
    state = ctx.state
    if not state["edeck"]:
        state["edeck"] = ctx.shuffle(sorted(E))
        ctx.say(msg("All ten events have been seen: the event deck is reshuffled (§14.1)."))
    eid = state["edeck"].pop(0)
    state["event"] = eid
    _seen(state, eid)
    ctx.reveal(msg("Event: {name} — {text} (§14.1)", name=E[eid]['name'], text=E[eid]['text']), event=eid)
    if eid == "E02":
        for p in state["p"].values():
            p["coins"] += 2
    elif eid == "E10":
        low = min(points(state, s) for s in state["seats"])
        for s in state["seats"]:
            if points(state, s) == low:
                state["p"][s]["coins"] += 3
        ctx.say(msg("Triumphus: {s} gain 3 coins.", s=join(", ", (who(state, s) for s in state["seats"] if points(state, s) == low))))


def _seen(state: dict, card: str) -> None:
    if card not in state["seen"]:
        state["seen"].append(card)


def pending_effects(state: dict, seat: str) -> list[str]:
    """§4.1 item 2–3: start-of-turn abilities of buildings owned now, and the top-ups that apply,
    in the default order of item 5."""
    p = state["p"][seat]
    names = [B[b]["name"] for b in sorted(p["bld"])]
    out = []
    if "Horreum" in names:
        out.append("Horreum")
    if len(p["bld"]) < 2 and topup_candidates(state, seat):
        out.append("buildings")
    out += [n for n in ("Cubiculum", "Villa", "Thermae") if n in names]
    if len(p["gl"]) < 2 and state["tiros"]:
        out.append("tiros")
    return out


def order_matters(state: dict, seat: str, pending: list[str]) -> bool:
    """§4.1 item 5: only Horreum at 0 coins with Cubiculum/Villa/Thermae, or Thermae with a top-up."""
    if state["p"][seat]["coins"] == 0 and "Horreum" in pending and \
            any(n in pending for n in ("Cubiculum", "Villa", "Thermae")):
        return True
    return "Thermae" in pending and any(t in pending for t in TOPUPS)


def topup_candidates(state: dict, seat: str) -> list[str]:
    held = {B[b]["name"] for b in state["p"][seat]["bld"]}
    return sorted(b for b in state["centre"] if B[b]["kind"] == "start" and B[b]["name"] not in held)


def resolve(ctx, seat: str, effect: str) -> None:
    """Resolve one start-of-turn effect (§2.5 texts, §4.1 top-ups)."""
    state = ctx.state
    p = state["p"][seat]
    if effect == "Horreum":
        if p["coins"] == 0:
            p["coins"] += 2
            ctx.say(msg("Horreum: {seat} had no coins and gains 2.", seat=who(state, seat)))
        else:
            ctx.say(msg("Horreum: no effect (coins to spare)."))
    elif effect == "Cubiculum":
        p["coins"] += 1
        ctx.say(msg("Cubiculum: {seat} gains 1 coin.", seat=who(state, seat)))
    elif effect == "Villa":
        p["coins"] += 2
        ctx.say(msg("Villa: {seat} gains 2 coins.", seat=who(state, seat)))
    elif effect == "Thermae":
        if free_building(state, seat):
            p["coins"] += 1
            ctx.say(msg("Thermae: {seat} has a free building and gains 1 coin.", seat=who(state, seat)))
        else:
            ctx.say(msg("Thermae: no free building, no coin."))
    elif effect == "tiros":
        taken = []
        while len(p["gl"]) < 2 and state["tiros"]:
            g = state["tiros"].pop(0)              # lowest id first
            enter_play(state, seat, g)
            taken.append(gname(g))
        ctx.say(msg("Tiro top-up: {seat} takes {value}.", seat=who(state, seat), value=join(', ', taken) or msg("none (the centre has no Tiro)")))
    elif effect == "buildings":
        taken = []
        while len(p["bld"]) < 2:
            cands = topup_candidates(state, seat)
            if not cands:
                break
            b = cands[ctx.roll(len(cands), label=msg("Building top-up")) - 1]     # §10.3: one draw per building
            state["centre"].remove(b)
            p["bld"] = sorted(p["bld"] + [b])
            taken.append(bname(b))
        ctx.say(msg("Building top-up: {seat} takes {value}.", seat=who(state, seat), value=join(', ', taken) or 'nothing'))


def begin(ctx) -> None:
    """§4.1 items 1–5. Leaves either the start-order prompt or the Main phase on the stack."""
    state = ctx.state
    seat = state["active"]
    if state["options"]["events"] and seat == state["first"]:
        reveal_event(ctx)
    p = state["p"][seat]
    for g in p["gl"]:
        state["gl"][g]["tapped"] = False                          # item 1
    p["palaestra"] = owns(state, seat, "Palaestra")               # item 3: owned when the phase begins
    pending = pending_effects(state, seat)
    state["stack"] = [{"s": "start", "seat": seat, "pending": pending}]
    ctx.say(msg("Turn {turns}: {seat} readies all gladiators.", turns=state['turns'] + 1, seat=who(state, seat)))
    settle(ctx)


def settle(ctx) -> None:
    """Ask for the order while it matters, else resolve the rest in the default order."""
    state = ctx.state
    top = state["stack"][-1]
    seat = top["seat"]
    if top["pending"] and order_matters(state, seat, top["pending"]):
        return
    for effect in top["pending"]:
        resolve(ctx, seat, effect)
    top["pending"] = []
    end_phase(ctx, "start")


def choose(ctx, name: str) -> None:
    """`/effect <name>` or `/effect auto` (§4.1 item 5)."""
    state = ctx.state
    top = state["stack"][-1]
    if name.lower() == "auto":
        for effect in top["pending"]:
            resolve(ctx, top["seat"], effect)
        top["pending"] = []
        end_phase(ctx, "start")
        return
    effect = match(name, {e: e for e in top["pending"]}, "pending start effect", "NOT_PENDING")
    if effect not in top["pending"]:
        raise RulesError(msg("{effect} is not pending.", effect=effect), code="NOT_PENDING")
    top["pending"].remove(effect)
    resolve(ctx, top["seat"], effect)
    settle(ctx)


def mark_seen(state: dict, card: str) -> None:
    _seen(state, card)
