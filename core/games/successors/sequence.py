"""§3 Sequence of play: the Game Turn (§3.1) and its phases: Preparations (§3.2: turn
events, Usurper, turn order), Reinforcements (§3.3, rules in reinforcements.py), Tyche
deal (§3.4), Strategy (§3.5 → strategy.py), Isolation (§3.6, §8.2) and End of Turn (§3.7).

`advance(ctx)` runs every automatic step until a player must decide (what he must decide
is derived by `prompts`), the game ends, or nothing is left. The cursor is
``phase`` / ``step`` (inside a phase) / ``round`` / ``cur`` (index in ``order``) / ``segment``.
"""
from __future__ import annotations

from core.game import seat_ref
from core.message import join, keep, kept, msg, plural

from . import cards, marching, questions, reinforcements, royals, scoring, strategy
from .board import BOARD
from .cards import describe_card
from .common import card_tag, rank_by_seniority, rolloff
from .forces import living
from .sieges import surrender_targets

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
DEAL = {2: (5, 10), 3: (5, 5), 4: (5, 0), 5: (4, 0)}                  # §3.4 hand, table


def set_phase(ctx, phase: str, step: str = "start") -> None:
    state = ctx.state
    state["phase"] = phase
    state["step"] = step
    state["cur"] = 0
    if phase != "strategy":
        state["round"] = None
        state["segment"] = None
    names = {"preparations": "Preparations", "reinforcements": msg("Reinforcement Phase"), "tyche_deal": msg("Tyche Deal"),
             "strategy": msg("Strategy Phase"), "isolation": msg("Isolation Phase"), "end_of_turn": msg("End of Turn")}
    ctx.say(msg("Turn {roman}: {names}.", roman=ROMAN[state['turn']], names=names[phase]))
    ctx.picture()


def check_victory(ctx) -> bool:
    """§10.5: immediate victory, checked after actions, segments and phases."""
    state = ctx.state
    if state["result"]:
        return True
    restore_champions(ctx)
    cards.retire_silver_card(ctx)
    if (state["act"] is not None or questions.question(state)) and not state.get("vcheck"):
        return False       # §10.5: inside an activation only after a battle, crush, assault, fall, burial, card
    state.pop("vcheck", None)
    won = scoring.immediate_winner(state)
    if won:
        seat, reason = won
        state["result"] = {"winner": seat, "reason": keep(state, reason)}
        ctx.say(msg("{seat} wins: {reason}.", seat=seat_ref(seat), reason=reason), kind="end")
        return True
    return False


def restore_champions(ctx) -> None:
    """§9.5.7: a Diadochos becomes a Champion again the moment his VP total is 0. Read as the
    moment it *falls* to 0: a player who attacks while at 0 VP stays a Diadochos until his VP
    rise and fall back (else the flip of §9.5.2 would undo itself at once)."""
    state = ctx.state
    flipped = [s for s in state["seats"] if not state["p"][s]["champion"]]
    last = state.setdefault("vp_last", {})
    vps = scoring.all_vp(state) if flipped or last else {}
    for s in flipped:
        if vps[s] == 0 and last.get(s, 0) > 0:
            state["p"][s]["champion"] = True
            ctx.say(msg("{s}'s VP fall to 0: he becomes a Champion again (§9.5.7).", s=seat_ref(s)))
    state["vp_last"] = {s: v for s, v in vps.items() if v}


def waiting(state: dict) -> bool:
    """True when a player must decide (see game.prompts)."""
    if state["result"]:
        return True
    if state.get("stack") or state["placing"] is not None or state["act"] is not None:
        return True
    if state["phase"] == "strategy" and state["segment"] == "surrender" and state.get("sroll"):
        return True
    ph, st = state["phase"], state["step"]
    if ph == "preparations" and st == "order":
        return True
    if ph == "strategy" and state["segment"] == "tyche":
        return not state.get("played")                  # §4.4.1 one card, then its effects
    if ph == "strategy" and state["segment"] == "activation":
        return True
    if ph == "strategy" and state["segment"] == "forage":
        return bool(strategy.forage_lines(state, state["order"][state["cur"]]))
    if ph == "end_of_turn" and st == "burial":
        return state["cur"] < len(state["order"]) and bool(marching.can_bury(state, state["order"][state["cur"]]))
    return False


def advance(ctx) -> None:
    state = ctx.state
    if state.get("draft"):              # §12.6 the game begins once every package is drafted
        return
    for _ in range(10000):
        if check_victory(ctx):
            return
        strategy.name_table_resolver(ctx)                                  # §4.2
        if state["placing"] is not None:
            if reinforcements.settle(ctx):
                why = kept(state["placing"]["why"])
                state["placing"] = None
                if why == "reinforcements":
                    state["cur"] += 1
                continue
            return
        if waiting(state):
            return
        STEPS[state["phase"]](ctx)
    raise RuntimeError(msg("successors: the sequence did not settle"))


# §3.2 Preparations -------------------------------------------------------------------------------
def preparations(ctx) -> None:
    state = ctx.state
    st = state["step"]
    if st == "start":
        state["step"] = "events"
    elif st == "events":
        turn_events(ctx)
        state["step"] = "usurper"
    elif st == "usurper":                                                  # §3.2.2
        vps = scoring.all_vp(state)
        top = [s for s in state["seats"] if vps[s] == max(vps.values())]
        state["usurper"] = rank_by_seniority(ctx, state, top, "Usurper")
        ctx.say(msg("{usurper} has the most VP ({vps}) and is the Usurper (§3.2.2).", usurper=seat_ref(state['usurper']), vps=vps[state['usurper']]))
        state["step"] = "chooser"
    elif st == "chooser":                                                  # §3.2.3
        vps = scoring.all_vp(state)
        low = [s for s in state["seats"] if vps[s] == min(vps.values())]
        state["chooser"] = rolloff(ctx, low, msg("fewest VP")) if len(low) > 1 else low[0]
        ctx.say(msg("{chooser} has the fewest VP ({vps}) and chooses the First Player and the direction (§3.2.3).", chooser=seat_ref(state['chooser']), vps=vps[state['chooser']]))
        state["step"] = "order"


def choose_order(ctx, first: str, direction: str) -> None:
    """§3.2.3: turn order starts with the First Player and goes left (ascending seat order)
    or right (descending)."""
    state = ctx.state
    seats = state["seats"]
    i = seats.index(first)
    step = 1 if direction == "left" else -1
    state["order"] = [seats[(i + step * k) % len(seats)] for k in range(len(seats))]
    state["first"] = first
    state["direction"] = direction
    state.pop("chooser", None)
    ctx.say(msg("Turn order: {s} ({direction}).", s=join(', ', (seat_ref(s) for s in state['order'])), direction=direction))
    if state["turn"] == 1:                                                 # §3.2.1 Turn I
        ctx.say(msg("Turn I: no Reinforcement Phase."))
        set_phase(ctx, "tyche_deal")
    else:
        set_phase(ctx, "reinforcements")


def turn_events(ctx) -> None:
    """§3.2.1 turn events and exceptions."""
    state = ctx.state
    t = state["turn"]
    if t == 1:
        ctx.say(msg("Turn I: no reinforcements; the Funeral Cart cannot move, the body cannot be buried, and nobody can win an immediate victory (§3.2.1)."))
    elif t == 2:
        ctx.say(msg("Turn II: card #10 Peukestas, Satrap of Persis may now be played for its event (§3.2.1)."))
    elif t == 3:
        ant = state["gens"]["antipatros"]
        if living(state, "antipatros"):
            state["gens"]["polyperchon"] = {"o": ant["o"], "at": ant["at"], "in": ant["in"]}
            for r in state["royals"].values():
                if r["by"] == "antipatros":
                    r["by"] = "polyperchon"
            if state["body"]["by"] == "antipatros":
                state["body"]["by"] = "polyperchon"
            where = BOARD.spaces[ant["at"]]["name"] if ant["at"] in BOARD.spaces else msg("the Dispersed box")
            ant["at"] = "gone"
            ctx.say(msg("Turn III: Polyperchon replaces Antipatros for {o} at {where} (§3.2.1).", o=seat_ref(ant['o']), where=where))
        owner = state["gens"]["antigonos"]["o"]
        state["gens"]["demetrios"] = {"o": owner, "at": "arriving", "in": False}
        state["p"][owner]["limit"] += 1
        ctx.say(msg("Turn III: Demetrios joins {owner} as a reinforcement; general limit +1 (§3.2.1).", owner=seat_ref(owner)))
    elif t in (4, 5):
        heir = "alexander_iv" if t == 4 else "herakles"
        royals.coming_of_age(ctx, heir)
        if t == 4 and state["body"]["st"] == "cart":
            state["body"] = {"st": "removed", "at": None, "by": None}
            ctx.say(msg("Turn IV: the body was never buried: the Funeral Cart leaves the game (§9.6.7)."))


# §3.3 Reinforcements ----------------------------------------------------------------------------
def reinforcement_phase(ctx) -> None:
    state = ctx.state
    if state["step"] == "start":
        reinforcements.start_phase(ctx)
        state["step"] = "place"
        state["cur"] = 0
        return
    if state["cur"] >= len(state["order"]):
        state.pop("reinf", None)
        state.pop("reinf_gens", None)
        set_phase(ctx, "tyche_deal")
        return
    seat = state["order"][state["cur"]]
    left = state["reinf"].pop(seat)
    state["reinf"][seat] = {}
    reinforcements.begin(state, seat, "reinforcements", left, state["reinf_gens"][seat])
    ctx.say(msg("{seat} places reinforcements: {describe}.", seat=seat_ref(seat), describe=reinforcements.describe(left, state['reinf_gens'][seat])))


# §3.4 Tyche deal --------------------------------------------------------------------------------
def deal(ctx) -> None:
    state = ctx.state
    cards = list(state["deck"]) + state["discard"] + state["table"]
    for s in state["seats"]:
        cards += state["p"][s]["hand"]
        state["p"][s]["hand"] = []
    state["deck"] = ctx.shuffle(sorted(cards))
    state["discard"], state["table"] = [], []
    hand, table = DEAL[state["n"]]
    for _ in range(hand):
        for s in state["order"]:
            state["p"][s]["hand"].append(state["deck"].pop(0))
    for _ in range(table):
        state["table"].append(state["deck"].pop(0))
    for s in state["seats"]:
        ctx.tell(s, msg("Your hand:\n{value}", value=join("\n", ("- " + describe_card(state, c)
                                                  for c in sorted(state["p"][s]["hand"])))))
    ctx.say((msg("Tyche deal: {hand} cards each, {table} face down to the table; {n_deck} cards in the draw pile (§3.4).", hand=hand, table=table, n_deck=len(state['deck'])) if table else msg("Tyche deal: {hand} cards each; {n_deck} cards in the draw pile (§3.4).", hand=hand, n_deck=len(state['deck']))))
    set_phase(ctx, "strategy")
    state["round"] = 1
    state["segment"] = "surrender"
    ctx.say(msg("Round 1: {order} plays first.", order=seat_ref(state['order'][0])))


# §3.5 / §4 Strategy ------------------------------------------------------------------------------
def strategy_phase(ctx) -> None:
    state = ctx.state
    seat = state["order"][state["cur"]]
    seg = state["segment"]
    if seg == "surrender":
        strategy.surrender(ctx, seat)
        if surrender_targets(state, seat):                                 # §4.3 C: the player decides
            state["sroll"] = True
            return
        end_surrender(ctx)
    elif seg == "tyche":                                                    # the card is played
        start_activation(state)
    elif seg == "forage":                                                   # §4.6
        for space in strategy.forage_spaces(state, seat):
            kinds = sorted(strategy.cus_at(state, space, seat))
            if space not in state["forage"] and len(kinds) == 1:
                strategy.forage(ctx, seat, space, kinds[0])
        if not strategy.forage_lines(state, seat):
            next_player(ctx)


def end_surrender(ctx) -> None:
    """Close the Surrender segment and open the Tyche segment (§4.4.1)."""
    state = ctx.state
    seat = state["order"][state["cur"]]
    end_segment_effects(state)
    state["played"] = False
    if True:
        state["sroll"] = False
        state["segment"] = "tyche"
        hand = state["p"][seat]["hand"]
        if not hand:                                                        # §4.4.1 empty hand
            ctx.say(msg("{seat} has no card: the Tyche segment is skipped.", seat=seat_ref(seat)))
            start_activation(state)
        elif len(hand) == 1 and cards.is_surprise(state, hand[0]) \
                and not any(line.startswith(f"play {card_tag(hand[0])} ")
                            for line in cards.own_window_lines(state, seat)):
            strategy.play(ctx, seat, hand[0], "redraw", "")
            start_activation(state)


def end_segment_effects(state: dict) -> None:
    """Effects that last until the end of the segment: #47 (§9.3), #20."""
    fx = state.get("fx")
    if fx:
        fx.pop("orator", None)
        fx.pop("walls", None)


def start_activation(state: dict) -> None:
    end_segment_effects(state)
    state["played"] = False
    state["segment"] = "activation"
    state["done"] = []
    state["used"] = {}


def start_forage(ctx) -> None:
    """§4.6: one CU per space over its limit; where only one CU type is there, the bot
    removes it (the only legal choice), the others are asked."""
    state = ctx.state
    end_segment_effects(state)
    state["segment"] = "forage"
    state["done"] = []
    state["used"] = {}
    state["forage"] = []
    seat = state["order"][state["cur"]]
    for space in strategy.forage_spaces(state, seat):
        kinds = sorted(strategy.cus_at(state, space, seat))
        if len(kinds) == 1:
            strategy.forage(ctx, seat, space, kinds[0])


def next_player(ctx) -> None:
    state = ctx.state
    state["forage"] = None
    state["cur"] += 1
    fx = state.setdefault("fx", {})
    for key in ("helio", "engineers", "orator", "walls", "traitor"):       # end of the player turn
        fx.pop(key, None)
    if state["cur"] < len(state["order"]):
        state["segment"] = "surrender"
        return
    fx.pop("harvest", None)                                                # #52: this round
    strategy.end_of_round(ctx)                                             # §4.2
    if state["round"] < strategy.rounds(state):
        state["round"] += 1
        state["cur"] = 0
        state["segment"] = "surrender"
        ctx.say(msg("Round {round}: {order} plays first.", round=state['round'], order=seat_ref(state['order'][0])))
        return
    strategy.discard_hands(ctx)                                            # §4.8
    set_phase(ctx, "isolation")


# §3.6 Isolation ----------------------------------------------------------------------------------
def isolation(ctx) -> None:
    state = ctx.state
    for seat in state["order"]:
        gone = scoring.isolated_pcs(state, seat)                           # §8.2.7 all at once
        for s in gone:
            del state["pcs"][s]
        if gone:
            ctx.say(msg("Isolation: {seat} removes isolated PCs at {name} (§8.2).", seat=seat_ref(seat), name=join(', ', (BOARD.spaces[s]['name'] for s in gone))))
    set_phase(ctx, "end_of_turn", "burial")
    state["cur"] = 0


# §3.7 End of Turn --------------------------------------------------------------------------------
def end_of_turn(ctx) -> None:
    state = ctx.state
    if state["step"] == "burial":                                         # item 1, Turns II-III
        if state["turn"] in (2, 3) and state["cur"] < len(state["order"]):
            state["cur"] += 1                                              # this player cannot bury
        else:
            state["step"] = "close"
        return
    for s in state["seats"]:                                               # item 2
        state["p"][s]["suspicion"] = False
    if state["turn"] == 5:                                                 # item 3, §10.4
        winners, reason = scoring.final_winner(state)
        state["result"] = {"winner": winners[0] if len(winners) == 1 else winners, "reason": keep(state, reason)}
        ctx.say(plural(("End of the game: {w} wins, {reason}.", "End of the game: {w} win, {reason}."), len(winners), w=join(' and ', (seat_ref(w) for w in winners)), reason=reason), kind="end")
        return
    state["turn"] += 1
    set_phase(ctx, "preparations", "events")


STEPS = {
    "preparations": preparations,
    "reinforcements": reinforcement_phase,
    "tyche_deal": deal,
    "strategy": strategy_phase,
    "isolation": isolation,
    "end_of_turn": end_of_turn,
}
