"""Small helpers used by several rule modules: roll-offs (§0.2), cards (§4.8), names."""
from __future__ import annotations

from functools import lru_cache

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg

from .board import BOARD
from .forces import gen_label
from .scoring import most_senior


def rolloff(ctx, seats: list[str], why: str, lowest: bool = True) -> str:
    """§0.2 roll-off: each tied player rolls; lowest wins unless told highest; re-roll ties."""
    tied = list(seats)
    while len(tied) > 1:
        rolls = {s: ctx.roll(6, label=msg("{why}: roll-off, {s}", why=why, s=seat_ref(s))) for s in tied}
        best = min(rolls.values()) if lowest else max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    return tied[0]


def rank_by_seniority(ctx, state: dict, seats: list[str], why: str, majors_only: bool = False) -> str:
    """§0.2 seniority tie-break: the most senior general wins; without one, rank below; still
    tied, roll off."""
    if len(seats) == 1:
        return seats[0]
    sen = {s: most_senior(state, s, majors_only) for s in seats}
    best = max(sen.values())
    top = [s for s in seats if sen[s] == best]
    if len(top) == 1:
        return top[0]
    return rolloff(ctx, top, why)


def draw_card(ctx) -> int | None:
    """§4.8: draw the top card; an empty pile is rebuilt from the shuffled discards."""
    state = ctx.state
    if not state["deck"] and state["discard"]:
        state["deck"] = ctx.shuffle(sorted(state["discard"]))
        state["discard"] = []
        ctx.say(msg("The draw pile is empty: the discard pile is shuffled into a new draw pile (§4.8)."))
    if not state["deck"]:
        return None
    return state["deck"].pop(0)


@lru_cache(maxsize=1024)   # the board's cards: a prompt writes each card's tag in every line it offers
def card_tag(n: int) -> str:
    """How a card is written in a command line: its number and its name, `35-suspicion`."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in BOARD.cards[n]["name"].lower())
    return f"{n}-" + "-".join(p for p in slug.split("-") if p)


def card_arg(raw) -> int:
    """A card named in a command: `35`, `#35`, `35-suspicion` or `suspicion` (a unique name)."""
    text = str(raw).strip().lower().lstrip("#")
    num, _, rest = text.partition("-")
    if num.isdigit():
        n = int(num)
        if n in BOARD.cards and (not rest or card_tag(n) == f"{n}-{rest}"):
            return n
        raise RulesError(msg("There is no card {raw}: write its number, e.g. `35` or `35-suspicion`.", raw=repr(raw)),
                         code="NO_CARD")
    found = [n for n in BOARD.cards if card_tag(n).split("-", 1)[1] == text]
    if len(found) == 1:
        return found[0]
    raise RulesError(msg("There is no single card named {raw}: write its number, e.g. `35-suspicion`.", raw=repr(raw)),
                     code="NO_CARD")


def card_name(n: int) -> str:
    c = BOARD.cards[n]
    return msg("#{n} {name}", n=n, name=c['name'])


def find_general(state: dict, name: str) -> str:
    key = name.strip().lower()
    for g in state["gens"]:
        if g.lower() == key:
            return g
    for g, d in BOARD.generals.items():
        if d["name"].lower() == key or d["name"].lower().startswith(key) and len(key) >= 4:
            return g
    raise RulesError(msg("There is no general {name}. Major generals go by name (perdikkas); minor generals by seat and number (A1 to A4).", name=repr(name)), code="NO_GENERAL")


def find_space(name: str) -> str:
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    if key in BOARD.spaces:
        return key
    for sid, sp in BOARD.spaces.items():
        if sp["name"].lower() == name.strip().lower():
            return sid
    close = [s for s in BOARD.spaces if s.startswith(key[:3])][:6]
    hint = (msg(" Did you mean {close}?", close=join(', ', close)) if close else msg(""))
    raise RulesError(msg("There is no space {name}.{hint}", name=repr(name), hint=hint), code="NO_SPACE")


def label(name: str) -> str:
    return gen_label(name)
