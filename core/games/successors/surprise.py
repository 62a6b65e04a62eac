"""§4.7 Surprise cards and their response windows, played by private standing orders; the
state of a card (#36 turns into a Surprise card, §4.8; it leaves the game with the Silver
Shields, §6.13); how a card reads in words.

A window never asks anybody: each player arms, privately and at any time, the Surprise cards
he wants played (``arm <card>``), and when a window opens the rules play the first armed card
that is legal there, seats taken in turn order from the active player. Nothing waits on an
absent player, and nobody learns who holds a Surprise card until one is played.
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg

from .board import BOARD
from .common import card_arg, card_name, card_tag

SURPRISE_WINDOWS = {12: ("W1",), 45: ("W1",), 19: ("W2",), 15: ("W3",), 26: ("W3",), 13: ("W4",),
                    16: ("W4",), 36: ("W4",), 47: ("W4", "W5", "W6", "W7"), 20: ("W5",), 49: ("W5",),
                    37: ("W7",), 55: ("W8",), 46: ("W9",), 59: ("NILE",)}

def is_surprise(state: dict, card: int) -> bool:
    """#36 turns into a Surprise card after its first event play (§11.2, §4.8)."""
    if card == 36:
        return bool(state.get("silver_played"))
    return BOARD.cards[card]["ops"] is None


def ops_of(state: dict, card: int) -> int | None:
    return None if is_surprise(state, card) else BOARD.cards[card]["ops"]


def describe_card(state: dict, card: int) -> str:
    """Number, name, OPs, type and event text: how a hand is read (issue 12)."""
    c = BOARD.cards[card]
    kind = "Surprise" if is_surprise(state, card) else c["type"].capitalize()
    ops = ops_of(state, card)
    return msg("#{card} {name} ({kind}, {ops} OP): {effect}", card=card, name=c['name'], kind=kind, ops=ops if ops is not None else '–', effect=c['effect'])


def spend(ctx, seat: str, card: int) -> None:
    state = ctx.state
    state["p"][seat]["hand"].remove(card)
    if seat in state["seats"] and card in state["p"][seat].get("armed", []):
        state["p"][seat]["armed"].remove(card)
    state["discard"].append(card)
    ctx.reveal(msg("{seat} plays {card_name} as a Surprise.", seat=seat_ref(seat), card_name=card_name(card)))
    state.setdefault("tally", {})
    state["tally"][str(card)] = state["tally"].get(str(card), 0) + 1


def arm_lines(state: dict, seat: str) -> list[str]:
    armed = state["p"][seat].get("armed", [])
    return [f"arm {card_tag(c)}" for c in sorted(state["p"][seat]["hand"])
            if c not in armed and is_surprise(state, c) and c in SURPRISE_WINDOWS and SURPRISE_WINDOWS[c] != ("W7",)]


# standing orders and windows (§4.7) --------------------------------------------------------------------
def arm(ctx, seat: str, card: int, how: str = "on") -> None:
    state = ctx.state
    card = card_arg(card)
    p = state["p"][seat]
    armed = p.setdefault("armed", [])
    if how == "off":
        if card in armed:
            armed.remove(card)
        ctx.tell(seat, msg("Card #{card} is not armed.", card=card))
        return
    if card not in p["hand"]:
        raise RulesError(msg("Card #{card} is not in your hand.", card=card), code="NOT_IN_HAND")
    if not is_surprise(state, card) or card not in SURPRISE_WINDOWS or SURPRISE_WINDOWS[card] == ("W7",):
        raise RulesError(msg("{card_name} is not a Surprise card with a response window (§4.7).", card_name=card_name(card)),
                         code="NOT_SURPRISE")
    if card not in armed:
        armed.append(card)
    ctx.tell(seat, msg("{card_name} is armed: it will be played at the first window where it is legal for you ({surprise_windows}, §4.7).", card_name=card_name(card), surprise_windows=join(', ', SURPRISE_WINDOWS[card])))


def _order_from(state: dict, first: str | None) -> list[str]:
    order = list(state["order"])
    if first in order:
        i = order.index(first)
        order = order[i:] + order[:i]
    return order


def window(ctx, name: str, info: dict) -> list[tuple[str, int]]:
    """Open window `name`: each seat in turn order from the active one plays his first armed card
    that is legal here (one per seat). Returns what was played (after Spies, W8)."""
    state = ctx.state
    played = []
    active = info.get("active")
    for seat in _order_from(state, active):
        for card in list(state["p"][seat].get("armed", [])):
            if card not in state["p"][seat]["hand"]:
                state["p"][seat]["armed"].remove(card)
                continue
            if name in SURPRISE_WINDOWS.get(card, ()) and legal_in(state, seat, card, name, info):
                spend(ctx, seat, card)
                if spies(ctx, seat, card):
                    break
                played.append((seat, card))
                break
    return played


def spies(ctx, seat: str, card: int) -> bool:
    """W8: an opponent's armed #55 cancels the Surprise card just played (Spies cannot be
    cancelled)."""
    state = ctx.state
    for other in _order_from(state, seat)[1:]:
        if 55 in state["p"][other].get("armed", []) and 55 in state["p"][other]["hand"]:
            spend(ctx, other, 55)
            ctx.say(msg("Spies! {other} cancels {card_name} (#55).", other=seat_ref(other), card_name=card_name(card)))
            return True
    return False


def legal_in(state: dict, seat: str, card: int, name: str, info: dict) -> bool:
    """Whether the armed card's text fits this window for this seat."""
    mover = info.get("active")
    if name == "W1":
        if info.get("before"):
            return card == 45 and seat != mover
        return card == 12 and seat == mover
    if name == "W2":
        return card == 19 and seat != info.get("trier")
    if name == "W3":
        return (card == 15 and seat != mover and info.get("crossing")) or (card == 26 and seat in info.get("sides", ()))
    if name == "W4":
        sides = info.get("sides", {})
        if seat not in sides.values():
            return False
        if card == 13:
            return sides.get("def") == seat
        if card == 36:
            return any(state["cus"].get(info["space"], {}).get(o, {}).get("silver")
                       for o in sides.values() if o != seat)
        return card in (16, 47)
    if name == "W5":
        if card == 20:
            return state["pcs"].get(info["space"]) == seat and seat != mover
        return card == 49 and seat == mover
    if name == "W6":
        return card == 47 and seat == info.get("target")
    if name == "W9":
        return card == 46 and seat != mover
    if name == "NILE":
        return card == 59 and seat != mover
    return False


def retire_silver_card(ctx) -> None:
    """§6.13: once both Silver Shields CUs have left the game, card #36 is removed from it,
    wherever it is (a hand, the table, a pile)."""
    state = ctx.state
    if state.get("gone_cus", {}).get("silver", 0) < 2 or 36 in state["removed"]:
        return
    for pile in [state["deck"], state["discard"], state["table"], *(p["hand"] for p in state["p"].values())]:
        if 36 in pile:
            pile.remove(36)
            state["removed"].append(36)
            for p in state["p"].values():
                if 36 in p.get("armed", []):
                    p["armed"].remove(36)
            ctx.say(msg("The Silver Shields are gone: card #36 is removed from the game (§6.13)."))
            return
