"""§4 The Strategy Phase: rounds and segments (§4.1), table reveals (§4.2), Surrender
(§4.3), the Tyche segment's OP uses (§4.4.1-§4.4.4), forage (§4.6, §8.1.1) and card
housekeeping (§4.8). Card events are step III: until then a card is played for its OPs,
and a Surprise card can only be discarded for a replacement (§4.4.2).
"""
from __future__ import annotations

import orjson

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg, plural

from . import activation, cards, scoring
from .board import BOARD
from .common import card_arg, card_name, card_tag, draw_card, find_space, label, rolloff
from .control import remember
from .forces import add_cus, cus_at, enemy_cus, generals_of, n_cus
from .training import TRAIN_COST, recruit_spaces, train  # re-exported: §4.4.3 uses them

LAND = ("land", "pass", "strait")
BOARD_ORDER = {s: i for i, s in enumerate(BOARD.spaces)}              # each space's place in the board's order


def rounds(state: dict) -> int:
    """§4.1: 5 rounds with 2-4 players, 4 with 5."""
    return 4 if state["n"] == 5 else 5


def reveal_count(state: dict) -> int:
    """§4.2: 2 table cards with 2 players, 1 with 3, none otherwise."""
    return {2: 2, 3: 1}.get(state["n"], 0)


# §4.3 Surrender segment ------------------------------------------------------------------------
def surrender(ctx, seat: str) -> None:
    state = ctx.state
    state["turn_moved"] = {}                                           # a new player turn
    removed, placed = [], []
    # only a space with CUs can hold the seat's (A and B), taken in the board's order
    held = sorted((s for s in state["cus"] if s in BOARD_ORDER), key=BOARD_ORDER.__getitem__)
    for s in held:                                                     # A. remove
        sp = BOARD.spaces[s]
        owner = state["pcs"].get(s)
        if owner in (None, "IND", seat) or sp["type"] not in ("MIN", "STR"):
            continue
        if n_cus(state, s, seat) >= 1 and n_cus(state, s, owner) == 0:
            del state["pcs"][s]
            removed.append(sp["name"])
    for s in held:                                                     # B. place
        sp = BOARD.spaces[s]
        if sp["type"] == "TRN" or s in state["pcs"]:
            continue
        if n_cus(state, s, seat) >= 1 and not enemy_cus(state, s, seat):
            state["pcs"][s] = seat
            placed.append(sp["name"])
    if removed:
        ctx.say(msg("Surrender: {seat} removes opponent PCs at {removed} (§4.3 A).", seat=seat_ref(seat), removed=join(', ', removed)))
    if placed:
        ctx.say(msg("Surrender: {seat} places PCs at {placed} (§4.3 B).", seat=seat_ref(seat), placed=join(', ', placed)))


# §4.4.3(a) PC placement --------------------------------------------------------------------------
def pc_targets(state: dict, seat: str) -> list[str]:
    """Spaces where an OP may place a PC: not Transit, no PC, no enemy CUs, within 2 MP of a
    space holding your PC, along a path whose inner spaces hold no enemy PC or enemy CUs.
    Remembered by what it reads (the PCs, the CUs, the independent armies, the seat's fleet
    strength): a robot asks it of every Tyche segment it looks at, and they mostly differ elsewhere."""
    fs = scoring.fleet_strength(state, seat)
    key = orjson.dumps((seat, fs, state["pcs"], state["cus"], state["indep"]))
    return list(remember(_targets_memo, key, _pc_targets, state, seat, fs, size=TARGETS_MEMO))


TARGETS_MEMO = 256
_targets_memo: dict = {}


def _pc_targets(state: dict, seat: str, fs: int) -> list[str]:
    """`pc_targets` worked out afresh (`fs`: the seat's fleet strength)."""
    kinds = LAND + (("sea",) if fs >= 1 else ())
    starts = [s for s, o in state["pcs"].items() if o == seat]
    best: dict[str, int] = {s: 0 for s in starts}
    todo = list(starts)
    while todo:
        s = todo.pop()
        if best[s] and (state["pcs"].get(s) not in (None, seat) or enemy_cus(state, s, seat)):
            continue                                                   # cannot pass through
        for n, k in BOARD.adj[s]:
            if k not in kinds:
                continue
            c = best[s] + BOARD.kinds[k]["mp"]
            if c <= 2 and c < best.get(n, 99):
                best[n] = c
                todo.append(n)
    return sorted(s for s in best if BOARD.spaces[s]["type"] != "TRN" and s not in state["pcs"]
                  and not enemy_cus(state, s, seat))


def _in_play(state: dict, seat: str) -> int:
    return sum(1 for g in generals_of(state, seat)
               if state["gens"][g]["at"] in BOARD.spaces or state["gens"][g]["at"] == "dispersed")


def uses(state: dict, seat: str, card: int) -> list[str]:
    """Complete lines for the card (templates excluded)."""
    c = BOARD.cards[card]
    if cards.is_surprise(state, card):
        return [f"play {card_tag(card)} redraw"] + [line for line in cards.own_window_lines(state, seat)
                                                    if line.startswith(f"play {card_tag(card)} ")]
    ops = c["ops"]
    p = state["p"][seat]
    out = cards.event_lines(state, seat, card)
    track = p["track"][0]
    t = card_tag(card)
    out += [f"play {t} train {track}"] if track else [f"play {t} train merc", f"play {t} train mac"]
    if ops == 4:
        if 1 in p["fleets"]:
            out.append(f"play {t} fleet upgrade")
        if len(p["fleets"]) + len(p["fleets_disp"]) < BOARD.fleets["per_player"]:
            out.append(f"play {t} fleet new")
    return out


def op_lines(state: dict, seat: str, card: int) -> list[str]:
    """Complete OP-use lines of a card (train, fleet), for the OP use after a Bonus event."""
    return [line for line in uses(state, seat, card) if " event" not in line and " both" not in line]


def play(ctx, seat: str, card: int, use: str, rest: str, held: bool = True) -> None:
    """§4.4: play exactly one card of the hand for one use (`held` False: the OP use of a
    Bonus card whose event was just resolved, §4.4.2)."""
    state = ctx.state
    p = state["p"][seat]
    card = card_arg(card)
    if held and card not in p["hand"]:
        raise RulesError(msg("Card #{card} is not in your hand.", card=card), code="NOT_IN_HAND", private=True)
    ops = cards.ops_of(state, card)
    args = rest.split()
    if use in ("event", "both"):
        event(ctx, seat, card, use, rest)
        return
    if not held:
        ctx.reveal(plural(("{seat} uses the {ops} OP of {card_name}.", "{seat} uses the {ops} OPs of {card_name}."), ops, seat=seat_ref(seat), ops=ops, card_name=card_name(card)))
        state["discard"].remove(card)
        p["hand"].append(card)          # _discard puts it back on the pile
    if use == "redraw":
        if ops is not None:
            raise RulesError(msg("{card_name} is not a Surprise card: play it for its OPs (pc, march, train, fleet, recruit).", card_name=card_name(card)), code="NOT_SURPRISE")
        p["hand"].remove(card)
        state["discard"].append(card)
        new = draw_card(ctx)
        ctx.reveal(msg("{seat} discards {card_name} and draws a replacement (§4.4.2).", seat=seat_ref(seat), card_name=card_name(card)))
        state["played"] = True
        if new is not None:
            p["hand"].append(new)
            ctx.tell(seat, msg("You draw {card_name}.", card_name=card_name(new)))
        return
    if ops is None:
        raise RulesError(msg("{card_name} is a Surprise card with no OP value: play its event if its timing allows (`play {card} event`), arm it for its window (`arm {card2}`), or `play {card3} redraw` to discard it for a replacement (§4.4.2).", card_name=card_name(card), card=card, card2=card, card3=card), code="SURPRISE")
    if use == "pc":                                                    # §4.4.3(a)
        if not args or len(args) > ops:
            raise RulesError(msg("Name 1 to {ops} spaces: `play {card} pc <space> [<space>...]`.", ops=ops, card=card), code="COUNT")
        targets = pc_targets(state, seat)
        spaces = [find_space(a) for a in args]
        if len(set(spaces)) != len(spaces):
            raise RulesError(msg("Name each space once."), code="TWICE")
        bad = [s for s in spaces if s not in targets]
        if bad:
            raise RulesError(msg("{name}: a PC goes on a space that is not a Transit Point, has no PC and no enemy CUs, within 2 MP of one of your PCs (§4.4.3 a). Possible: {value}.", name=join(', ', (BOARD.spaces[s]['name'] for s in bad)), value=join(', ', targets[:15]) or 'none'), code="PC_TARGET")
        _discard(ctx, seat, card, plural(("to place {n_spaces} PC", "to place {n_spaces} PCs"), len(spaces), n_spaces=len(spaces)))
        for s in spaces:
            state["pcs"][s] = seat
        ctx.say(msg("{seat} places PCs at {name}.", seat=seat_ref(seat), name=join(', ', (BOARD.spaces[s]['name'] for s in spaces))))
    elif use == "march":                                               # §4.4.3(b)
        if not args:
            raise RulesError(msg("Name the force: `play {card} march <general> [<general>...]`.", card=card), code="NO_GENERAL")
        activation.parse_force(state, seat, rest)
        _discard(ctx, seat, card, msg("to force-march ({ops} MP)", ops=ops))
        activation.start(ctx, seat, rest, "march", ops)
    elif use == "train":                                               # §4.4.3(c), §4.4.4
        kind = p["track"][0]
        want = args[0].lower() if args else None
        if kind is None:
            if want not in TRAIN_COST:
                raise RulesError(msg("Name the CU to train: `train merc` (3 OPs) or `train mac` (7 OPs)."),
                                 code="TRAIN_TYPE")
            kind = want
        elif want not in (None, kind):
            raise RulesError(msg("Your track is training a {kind} CU; the type cannot change while OPs remain on it (§4.4.4).", kind=kind), code="TRAIN_TYPE")
        _discard(ctx, seat, card, plural(("to train ({ops} OP)", "to train ({ops} OPs)"), ops, ops=ops))
        train(ctx, seat, kind, ops)
    elif use == "fleet":                                               # §4.4.3(d)
        if ops != 4:
            raise RulesError(msg("The fleet action needs a 4-OP card (§4.4.3 d)."), code="FLEET")
        how = args[0].lower() if args else ""
        if how == "upgrade" and 1 in p["fleets"]:
            _discard(ctx, seat, card, msg("to upgrade a fleet"))
            p["fleets"][p["fleets"].index(1)] = 2
            ctx.say(msg("{seat} upgrades a fleet to strength 2.", seat=seat_ref(seat)))
        elif how == "new" and len(p["fleets"]) + len(p["fleets_disp"]) < BOARD.fleets["per_player"]:
            _discard(ctx, seat, card, msg("to put a new fleet into play"))
            p["fleets"].append(1)
            ctx.say(msg("{seat} puts a fleet into play at strength 1.", seat=seat_ref(seat)))
        else:
            raise RulesError(msg("`fleet upgrade` flips an active strength-1 fleet; `fleet new` needs a counter in your pool. {value}", value=join("; ", (line for line in uses(state, seat, card) if "fleet" in line))
                                                 or msg("Neither is possible now.")), code="FLEET")
    elif use == "recruit":                                             # §4.4.3(e)
        if ops < 3:
            raise RulesError(msg("Recruiting needs a 3-OP or 4-OP card (§4.4.3 e)."), code="RECRUIT")
        if _in_play(state, seat) >= p["limit"]:
            raise RulesError(msg("You have {in_play} generals in play, your limit is {limit} (§1.3.5).", in_play=_in_play(state, seat), limit=p['limit']), code="LIMIT")
        reserve = sorted(generals_of(state, seat, "reserve"))
        if not reserve:
            raise RulesError(msg("You have no minor general in your reserve."), code="RESERVE")
        if len(args) != 1:
            raise RulesError(msg("`play {card} recruit <space>`: name one space.", card=card), code="COUNT")
        space = find_space(args[0])
        ok = recruit_spaces(state, seat)
        if space not in ok:
            raise RulesError(msg("{name} is not eligible under §3.3.4 (a)-(d). Eligible: {ok}.", name=BOARD.spaces[space]['name'], ok=join(', ', ok[:15])), code="NOT_ELIGIBLE")
        _discard(ctx, seat, card, msg("to recruit"))
        state["gens"][reserve[0]]["at"] = space
        ctx.say(msg("{seat} recruits {reserve} at {name}.", seat=seat_ref(seat), reserve=label(reserve[0]), name=BOARD.spaces[space]['name']))
    else:
        raise RulesError(msg("Unknown use {use}.", use=repr(use)), code="USE")


def event(ctx, seat: str, card: int, use: str, rest: str) -> None:
    """§4.4.2: an Event card's event, a Bonus card's event (or both: event first, then the OP
    use, asked next), a Surprise card's event if its timing allows."""
    state = ctx.state
    c = BOARD.cards[card]
    if use == "both" and (c["type"] != "bonus"):
        raise RulesError((msg("Only a Bonus card is played for both its event and its OPs; {card_name} is a Surprise card (§4.4.2).", card_name=card_name(card)) if cards.is_surprise(state, card) else msg("Only a Bonus card is played for both its event and its OPs; {card_name} is an Event card (§4.4.2).", card_name=card_name(card))),
                         code="NOT_BONUS")
    if cards.is_surprise(state, card):
        cards.play_event(ctx, seat, card, rest)
        state["played"] = True
        return
    if card == 10 and state["turn"] < 2:
        raise RulesError(msg("Peukestas may be played for his event from Turn II (§3.2.1)."), code="NO_EVENT")
    cards.resolve(ctx, seat, card, rest)            # raises before any change if not possible
    state["p"][seat]["hand"].remove(card)
    (state["removed"] if card in cards.REMOVE else state["discard"]).append(card)
    ctx.reveal(msg("{seat} plays {card_name} for its event.", seat=seat_ref(seat), card_name=card_name(card)))
    state.setdefault("tally", {})
    state["tally"][str(card)] = state["tally"].get(str(card), 0) + 1
    state["played"] = True
    if use == "both":
        cards.push(state, {"kind": "ops", "seat": seat, "card": card})


def _discard(ctx, seat: str, card: int, why: str) -> None:
    state = ctx.state
    state["p"][seat]["hand"].remove(card)
    state["discard"].append(card)
    state["played"] = True
    ops = BOARD.cards[card]["ops"]
    ctx.reveal(plural(("{seat} plays {card_name} for its {ops} OP {why}.", "{seat} plays {card_name} for its {ops} OPs {why}."), ops, seat=seat_ref(seat), card_name=card_name(card), ops=ops, why=why))


# §4.6 Forage ------------------------------------------------------------------------------------
def forage_limit(space: str, harvest: bool = False) -> int:
    """§8.1.1: 3 in a Transit Point, 8 elsewhere; #52 Abundant Harvest: 5 and 12 (§8.1.2)."""
    if harvest:
        return 5 if BOARD.spaces[space]["type"] == "TRN" else 12
    return 3 if BOARD.spaces[space]["type"] == "TRN" else 8


def forage_spaces(state: dict, seat: str) -> list[str]:
    harvest = state.get("fx", {}).get("harvest") == seat
    # n_cus of each space read from its own entry: a space without the seat's CUs has none to forage
    return sorted(s for s, by in state["cus"].items() if (mine := by.get(seat))
                  and sum(mine.values()) > forage_limit(s, harvest))


def forage_lines(state: dict, seat: str, single: bool = False) -> list[str]:
    """Choices still open in the Forage segment: one space at a time, only where the player
    has more than one CU type there (one type: the bot removes it, §0.2)."""
    todo = [s for s in forage_spaces(state, seat) if s not in (state["forage"] or [])
            and (single or len(cus_at(state, s, seat)) > 1)]
    return [f"forage {s} {k}" for s in todo[:1] for k in sorted(cus_at(state, s, seat))]


def forage(ctx, seat: str, space: str, kind: str) -> None:
    state = ctx.state
    ok = space in forage_spaces(state, seat) and space not in state["forage"]
    if not ok or kind not in cus_at(state, space, seat):
        raise RulesError(msg("Forage: remove 1 CU from {forage_lines}.", forage_lines=join(', ', forage_lines(state, seat))), code="FORAGE")
    add_cus(state, space, seat, kind, -1)
    state["forage"].append(space)
    if kind in ("royal", "silver"):
        state["gone_cus"][kind] = state["gone_cus"].get(kind, 0) + 1
    ctx.say(msg("Forage: {seat} loses 1 {name} CU at {name2} (more than {forage_limit} CUs, §4.6).", seat=seat_ref(seat), name=BOARD.cu_types[kind]['name'], name2=BOARD.spaces[space]['name'], forage_limit=forage_limit(space)))


# §4.2 end of round ------------------------------------------------------------------------------
def end_of_round(ctx) -> None:
    state = ctx.state
    k = min(reveal_count(state), len(state["table"]))
    shown = [state["table"].pop(0) for _ in range(k)]
    base = len(state.setdefault("stack", []))        # the first revealed is resolved first
    first = True
    for card in shown:
        c = BOARD.cards[card]
        if c["table_event"]:
            entry = {"kind": "table", "seat": None, "card": card}
            state["stack"].insert(base, entry)
            if first:
                name_table_resolver(ctx)
            else:                                      # named when its turn comes: the first may change VP
                ctx.reveal(msg("Table card {card_name} is a table event, resolved next by the player with the fewest VP then (§4.2).", card_name=card_name(card)))
            first = False
            state.setdefault("tally", {})
            state["tally"][str(card)] = state["tally"].get(str(card), 0) + 1
        else:
            ctx.reveal(msg("Table card {card_name} is revealed: no effect (§4.2).", card_name=card_name(card)))
        state["discard"].append(card)


def name_table_resolver(ctx) -> None:
    """§4.2: the table event on top of the decision stack, once nothing else is under way, is
    played by the player with the fewest VP at that moment (ties: roll-off, lowest)."""
    state = ctx.state
    stack = state.get("stack")
    if not stack or stack[-1]["kind"] != "table" or stack[-1]["seat"] is not None \
            or state["act"] is not None or state.get("pend") or state["placing"] is not None:
        return
    card = stack[-1]["card"]
    vps = scoring.all_vp(state)
    low = [s for s in state["seats"] if vps[s] == min(vps.values())]
    who = rolloff(ctx, low, "table event") if len(low) > 1 else low[0]
    stack[-1]["seat"] = who
    ctx.reveal(msg("Table card {card_name} is a table event: {who} (fewest VP) resolves it (§4.2).", card_name=card_name(card), who=seat_ref(who)))


def discard_hands(ctx) -> None:
    """§4.8: at the end of the Strategy Phase all cards still in hands are discarded."""
    state = ctx.state
    for seat in state["seats"]:
        state["discard"] += state["p"][seat]["hand"]
        state["p"][seat]["hand"] = []
