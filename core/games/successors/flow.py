"""The flow of play as a table of states (in the manner of Rally the Troops' rules modules).

Each state names the seat it waits for, its prompt and its handlers (verb → function).
`current(state)` says which state the game is in, from the cursor of `sequence.py`:

- the §12.6 draft, while it lasts; then CU losses the owner chooses (``losses=ask``) on top of the stack;
- a reinforcement, training or card placement (``placing``), then a question put to a seat
  during an activation (interception, defence, retreat, naval, sortie: kinds
  ``questions.QUESTIONS``, on the stack, at most one, asked wherever it sits), then the
  activation in progress (``act``, the force in motion);
- then the rest of the **decision stack** (``state["stack"]``): step-III decisions (a Bonus
  card's OP use, a table event, the second march of #11, #40's order, #53's pick, Murder or
  Crown at coming of age) are pushed on it and the top one is asked; each kind is in
  ``DECISIONS``. A decision may start an activation or a placing: those are finished before
  the stack is asked again;
- finally the phase/segment cursor of ``sequence.py``.

Handlers get the `Ctx`; they raise `RulesError` for an illegal action. The game object
(`game.py`) asks this table for prompts and dispatches actions to it; after each action it
runs the same settling steps (sieges, auto-stop, `sequence.advance`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core.errors import RulesError
from core.game import Prompt, copy_state, seat_ref
from core.message import join, kept, msg

from . import (
    activation,
    answers,
    assaults,
    battles,
    cards,
    marching,
    questions,
    reinforcements,
    royals,
    sequence,
    setup,
    sieges,
    strategy,
)
from .board import BOARD
from .common import card_arg, card_tag, find_general, find_space
from .forces import (
    PLAYER_CU,
    generals_at,
    generals_of,
    lose_chosen,
    loss_order,
    loss_pending,
    parse_spec,
    space_loss_options,
    space_loss_pool,
)

LOSSES = "losses <type> [<type>...]"
FORCE = "activate <general> [<general>...] [merc=<n>] [mac=<n>] [alone]"


@dataclass(frozen=True)
class State:
    name: str
    seat: Callable[[dict], str]
    prompt: Callable[[dict, str], Prompt]
    handlers: dict


@dataclass(frozen=True)
class Decision:
    """A kind of decision on the stack: its prompt and its handlers, given the decision dict."""
    prompt: Callable[[dict, dict], Prompt]
    handlers: dict


DECISIONS: dict[str, Decision] = {}


def _arg(a, i, default=None):
    return a.args[i] if len(a.args) > i and a.args[i] is not None else default


def _on_turn(state: dict) -> str:
    return state["order"][state["cur"]]


# handlers shared by several states -------------------------------------------------------------
def h_losses(ctx) -> None:
    """§6.8 the standing choice of CU losses."""
    a, seat = ctx.action, ctx.seat
    kinds = [k.lower() for k in a.args[0].replace(",", " ").split()]
    if not kinds or any(k not in PLAYER_CU for k in kinds) or len(set(kinds)) != len(kinds):
        raise RulesError(msg("Name CU types once each, first lost first: {player_cu}.", player_cu=join(', ', PLAYER_CU)), code="CU_TYPE")
    ctx.state["p"][seat]["loss_order"] = kinds
    ctx.tell(seat, msg("Your CU losses will be taken in this order: {kinds}, then the rest.", kinds=join(', ', kinds)))


def h_disband(ctx) -> None:
    a = ctx.action
    activation.disband(ctx, ctx.seat, find_space(a.args[0]), _arg(a, 1, 1))


def h_bury(ctx) -> None:
    marching.bury(ctx, ctx.seat)
    if ctx.state["phase"] == "end_of_turn":
        ctx.state["cur"] += 1


def h_arm(ctx) -> None:
    cards.arm(ctx, ctx.seat, ctx.action.args[0], _arg(ctx.action, 1, "on"))


def h_play_surprise(ctx) -> None:
    """W7 (§4.7): a Surprise card between actions of your own Tyche or Activation segment."""
    a = ctx.action
    cards.play_event(ctx, ctx.seat, a.args[0], _arg(a, 2, ""), window="W7")


COMMON = {"losses": h_losses, "arm": h_arm}


BUTTON_ROOM = 20   # buttons a chat shows under one message (the service's MAX_BUTTONS)


# placing (§3.3.4, §4.4.4, card placements) ------------------------------------------------------
PLACING_TEMPLATES = ("place <unit> <space> [<count>]",)
# every placing line is of its template: the verbs need no space's eligibility worked out
PLACING_VERBS = frozenset({"place"})


def placing_prompt(state: dict, seat: str) -> Prompt:
    pl = state["placing"]
    lines = reinforcements.legal_lines(state)
    what = reinforcements.describe(pl["left"], pl["gens"])
    why = kept(pl["why"])
    why = {"reinforcements": "reinforcements", "training": msg("the trained CU")}.get(why, why)
    if len(lines) > BUTTON_ROOM:   # too many to press: the first unit's spaces, the others typed
        first = lines[0].split(" ")[1]
        lines = [line for line in lines if line.split(" ")[1] == first][:BUTTON_ROOM]
    return Prompt(msg("{seat} places {why}: {what} left (§3.3.4).", seat=seat_ref(pl['seat']), why=why, what=what),
                  tuple(lines), PLACING_TEMPLATES)


def h_place(ctx) -> None:
    a = ctx.action
    unit = a.args[0].lower()
    if unit not in BOARD.cu_types:
        unit = find_general(ctx.state, unit)
    reinforcements.place(ctx, unit, find_space(a.args[1]), _arg(a, 2, 1))


# a question to a seat during an activation (§5.7-§5.9, §6.10.4, §12.1) -------------------------
def pending_prompt(state: dict, seat: str) -> Prompt:
    p = questions.question(state)
    return Prompt(answers.pend_text(state), tuple(answers.pend_lines(state)),
                  (("intercept <space> [<general>...] [merc=<n>]",) if p["kind"] == "intercept" else ())
                  + (LOSSES,))


def h_answer(ctx) -> None:
    a = ctx.action
    answers.answer(ctx, ctx.seat, a.verb, " ".join(str(x) for x in a.args if x is not None))


ANSWERS = {v: h_answer for v in ("intercept", "decline", "fight", "fallback", "inside", "avoid", "stand",
                                  "retreat", "sortie")}


# an activation in progress (§5) -----------------------------------------------------------------
def moving_buttons(state: dict) -> list[str]:
    """The force in motion's lines besides its moves and `stop` (its prompt's, and its verbs')."""
    act = state["act"]
    lines = []
    if assaults.can_assault(state):
        lines.append("assault")
    if assaults.can_remove_pc(state):
        lines.append("remove")
    if assaults.can_sally(state):
        lines.append("sally")
    if marching.can_hold(state):
        lines.append("hold")
    lines += marching.carry_options(state)
    if marching.can_bury(state, act["seat"]):
        lines.append("bury")
    if act.get("reroll") and len(act["path"]) == 1:
        lines.append("reroll")
    return lines


def moving_prompt(state: dict, seat: str) -> Prompt:
    act = state["act"]
    lines = [f"move {s}" for s in marching.reachable(state)] + moving_buttons(state)
    where = BOARD.spaces[act["at"]]["name"] if act["at"] in BOARD.spaces else msg("its box")
    who = BOARD.indep_armies[act["army"]]["name"] if act.get("army") else msg("{seat}'s force", seat=seat_ref(act['seat']))
    return Prompt(msg("{who} at {where} has {mp} MP.", who=who, where=where, mp=act['mp']), (*lines, "stop"),
                  MOVING_TEMPLATES, tuple(cards.own_window_lines(state, seat)))


MOVING_TEMPLATES = ("move <space> [<space>...]", "disband <space> [<count>]",
                    "leave [<general>...] [merc=<n>] [mac=<n>]...")
# every move line is of the `move` template, so the verbs need no path search (marching.reachable)
MOVING_VERBS = frozenset(line.split(" ", 1)[0] for line in MOVING_TEMPLATES) | {"stop"}


def moving_verbs(state: dict, seat: str) -> frozenset[str]:
    """§5 the force in motion's verbs (`moving_prompt(...).verbs()`) without its moves' lines."""
    return MOVING_VERBS | {line.split(" ", 1)[0] for line in (*moving_buttons(state), *cards.own_window_lines(state, seat))}


def h_move(ctx) -> None:
    act = ctx.state["act"]
    if act is None or act["seat"] != ctx.seat:
        raise RulesError(msg("You have no force in motion: activate one first."), code="NO_FORCE")
    marching.move(ctx, [find_space(s) for s in ctx.action.args[0].split()])


def h_stop(ctx) -> None:
    if questions.question(ctx.state):
        raise RulesError(msg("Wait: another player must decide first."), code="PENDING")
    act = ctx.state["act"]
    if act is not None:   # said, so that the channel (and /log) read what was done
        ctx.say(msg("{seat} ends the activation; unspent MP: {mp}.", seat=seat_ref(ctx.seat), mp=act['mp']))
    activation.end_act(ctx)


def h_assault_moving(ctx) -> None:
    state, a = ctx.state, ctx.action
    if _arg(a, 0) and find_space(a.args[0]) != state["act"]["at"]:
        raise RulesError(msg("The active force assaults the space it stands in (§7.2)."), code="NO_ASSAULT")
    assaults.assault(ctx)


MOVING = {
    "move": h_move, "stop": h_stop, "assault": h_assault_moving, "bury": h_bury, "disband": h_disband,
    "take": lambda ctx: marching.carry(ctx, ctx.action.verb, ctx.action.args[0]),
    "drop": lambda ctx: marching.carry(ctx, ctx.action.verb, ctx.action.args[0]),
    "reroll": lambda ctx: activation.reroll(ctx),
    "remove": lambda ctx: assaults.remove_pc(ctx),
    "sally": lambda ctx: assaults.sally(ctx),
    "hold": lambda ctx: marching.hold(ctx),
    "leave": lambda ctx: activation.leave(ctx, ctx.action.args[0]),
    "play": h_play_surprise,
}


# §12.6 package draft ---------------------------------------------------------------------------------
def draft_seat(state: dict) -> str:
    return state["draft"]["order"][len(state["package"])]


def draft_prompt(state: dict, seat: str) -> Prompt:
    left = state["draft"]["left"]
    return Prompt(msg("{seat} drafts a package (§12.6): {value}.", seat=seat_ref(seat), value=join("; ", (msg("{p} ({describe_package})", p=p, describe_package=setup.describe_package(state, p)) for p in left))),
                  tuple(f"pick {p.lower()}" for p in left))


def h_pick(ctx) -> None:
    setup.draft_pick(ctx, ctx.seat, ctx.action.args[0])


# §3.2.3 turn order --------------------------------------------------------------------------------
def order_prompt(state: dict, seat: str) -> Prompt:
    lines = tuple(f"first {s.lower()} {d}" for s in state["seats"] for d in ("left", "right"))
    return Prompt(msg("{seat} has the fewest VP: choose the First Player and the direction (left = ascending seat order; seats: {value}).", seat=seat_ref(seat), value=join(", ", (msg("{s} = {s2}", s=s.lower(), s2=seat_ref(s)) for s in sorted(state["seats"])))), lines)


def h_first(ctx) -> None:
    sequence.choose_order(ctx, ctx.action.args[0].upper(), ctx.action.args[1])


# §3.7 item 1 burial ---------------------------------------------------------------------------------
def burial_prompt(state: dict, seat: str) -> Prompt:
    return Prompt(msg("{seat} may bury Alexander's body here (§3.7).", seat=seat_ref(seat)), ("bury", "pass"))


def h_pass(ctx) -> None:
    ctx.state["cur"] += 1


# §4.3 C Surrender rolls ------------------------------------------------------------------------------
def surrender_prompt(state: dict, seat: str) -> Prompt:
    lines = [f"assault {t}" for t in sieges.surrender_targets(state, seat)]
    return Prompt(msg("Round {round}, {seat}'s Surrender segment: one free assault roll per space you besiege (§4.3 C).", round=state['round'], seat=seat_ref(seat)), (*lines, "done"))


def h_assault_surrender(ctx) -> None:
    state, seat, a = ctx.state, ctx.seat, ctx.action
    if not _arg(a, 0):
        raise RulesError(msg("Name the space: `assault <space>` (§4.3 C)."), code="NO_SPACE")
    space = find_space(a.args[0])
    targets = sieges.surrender_targets(state, seat)
    if space not in targets:
        raise RulesError(msg("No Surrender roll is possible at {name}: {value} (§4.3 C).", name=BOARD.spaces[space]['name'], value=join(', ', targets) or 'none'), code="NO_ASSAULT")
    sieges.assault(ctx, seat, space, "surrender", generals_at(state, space, seat))
    if not loss_pending(state):                   # else once the owner chose his loss (§7.3)
        after_surrender_roll(ctx)


def after_surrender_roll(ctx) -> None:
    state, seat = ctx.state, _on_turn(ctx.state)
    sieges.settle(state)
    if not sieges.surrender_targets(state, seat) and not questions.question(state):
        sequence.end_surrender(ctx)


def h_done(ctx) -> None:
    sequence.end_surrender(ctx)


# §4.4 Tyche segment ---------------------------------------------------------------------------------
def tyche_prompt(state: dict, seat: str) -> Prompt:
    private = tuple(line for c in sorted(state["p"][seat]["hand"]) for line in strategy.uses(state, seat, c))
    private += tuple(cards.arm_lines(state, seat))
    burial = ("bury",) if marching.can_bury(state, seat) else ()
    return Prompt(msg("Round {round}, {seat}'s Tyche segment: play one card (§4.4).", round=state['round'], seat=seat_ref(seat)), burial,
                  TYCHE_TEMPLATES, private)


TYCHE_TEMPLATES = ("disband <space> [<count>]", "play <card> pc <space> [<space>...]",
                   "play <card> march <general> [<general>...]", "play <card> recruit <space>",
                   "play <card> event [<choices>]", "play <card> both <use> [<args>]", "arm <card> on|off")
# the segment's verbs without its lines (Successors._prompt_verbs): its private lines, each card's uses
# dry-run, are `play` and `arm` lines, and its one button is `bury`
TYCHE_VERBS = frozenset(line.split(" ", 1)[0] for line in TYCHE_TEMPLATES)


def tyche_verbs(state: dict, seat: str) -> frozenset[str]:
    """§4.4 the Tyche segment's verbs (`tyche_prompt(...).verbs()`) without dry-running each card."""
    return (TYCHE_VERBS | {"bury"}) if marching.can_bury(state, seat) else TYCHE_VERBS


def h_play(ctx) -> None:
    """§4.4.1: the one card of the segment; the segment ends once its effects are done
    (``played``, see sequence.strategy_phase)."""
    a = ctx.action
    strategy.play(ctx, ctx.seat, a.args[0], a.args[1], _arg(a, 2, ""))


# §4.5 Activation segment ----------------------------------------------------------------------------
def activation_prompt(state: dict, seat: str) -> Prompt:
    lines = ["end"]
    if marching.can_bury(state, seat):
        lines.insert(0, "bury")
    gens = [g for g in generals_of(state, seat) if state["gens"][g]["at"] in BOARD.spaces
            and g not in state["done"]]
    acts = tuple(f"activate {g}" for g in gens)
    return Prompt(msg("Round {round}, {seat}'s Activation segment: activate forces or end (§4.5).", round=state['round'], seat=seat_ref(seat)),
                  (*acts, *lines), ACTIVATION_TEMPLATES, tuple(cards.own_window_lines(state, seat)))


ACTIVATION_TEMPLATES = (FORCE, "disband <space> [<count>]", LOSSES, "arm <card> on|off")
# every `activate` line is of the FORCE template; `end` is always offered
ACTIVATION_VERBS = frozenset(line.split(" ", 1)[0] for line in ACTIVATION_TEMPLATES) | {"end"}


def activation_verbs(state: dict, seat: str) -> frozenset[str]:
    """§4.5 the Activation segment's verbs (`activation_prompt(...).verbs()`) without its lines."""
    burial = {"bury"} if marching.can_bury(state, seat) else set()
    return ACTIVATION_VERBS | burial | {line.split(" ", 1)[0] for line in cards.own_window_lines(state, seat)}


def h_activate(ctx) -> None:
    activation.start(ctx, ctx.seat, ctx.action.args[0], "activation", None)


def h_end(ctx) -> None:
    ctx.say(msg("{seat} ends the Activation segment.", seat=seat_ref(ctx.seat)))
    sequence.start_forage(ctx)


# §4.6 Forage -------------------------------------------------------------------------------------------
def forage_prompt(state: dict, seat: str) -> Prompt:
    return Prompt(msg("{seat} must remove 1 CU to forage (§4.6).", seat=seat_ref(seat)), tuple(strategy.forage_lines(state, seat)))


def h_forage(ctx) -> None:
    strategy.forage(ctx, ctx.seat, find_space(ctx.action.args[0]), ctx.action.args[1])


# the decision stack ------------------------------------------------------------------------------------
def decision_prompt(state: dict, seat: str) -> Prompt:
    d = state["stack"][-1]
    return DECISIONS[d["kind"]].prompt(state, d)


def h_decision(ctx) -> None:
    d = ctx.state["stack"][-1]
    handler = DECISIONS[d["kind"]].handlers.get(ctx.action.verb)
    if handler is None:
        raise RulesError(msg("You cannot `{verb}` now. {text}", verb=ctx.action.verb, text=decision_prompt(ctx.state, d['seat']).text),
                         code="NOT_NOW")
    handler(ctx, d)


# decisions pushed by card events (cards.py) and coming of age (royals.py) -----------------------------
def d_ops_prompt(state: dict, d: dict) -> Prompt:
    seat, card = d["seat"], d["card"]
    lines = [line for line in strategy.op_lines(state, seat, card)]
    return Prompt(msg("{seat} now uses the OPs of Bonus card #{card} (§4.4.2).", seat=seat_ref(seat), card=card), (),
                  ("play <card> pc <space> [<space>...]", "play <card> march <general> [<general>...]",
                   "play <card> recruit <space>"), tuple(lines))


def d_ops(ctx, d: dict) -> None:
    a = ctx.action
    if card_arg(a.args[0]) != d["card"] or a.args[1] in ("event", "both", "redraw"):
        raise RulesError(msg("Use the OPs of card #{card}: `play {card2} pc|march|train|fleet|recruit …`.", card=d['card'], card2=d['card']),
                         code="NOT_NOW")
    cards.pop(ctx.state)
    strategy.play(ctx, ctx.seat, a.args[0], a.args[1], _arg(a, 2, ""), held=False)


def d_table_prompt(state: dict, d: dict) -> Prompt:
    lines = cards.event_lines(state, d["seat"], d["card"], check_hand=False)
    return Prompt(msg("{seat} resolves the table event #{card} {name} (§4.2): `play` it with your choices, or `pass` if it can do nothing.", seat=seat_ref(d['seat']), card=d['card'], name=BOARD.cards[d['card']]['name']),
                  (*lines, "pass"), (f"play {card_tag(d['card'])} event [<choices>]",))


def d_table(ctx, d: dict) -> None:
    a = ctx.action
    if a.verb == "pass":
        cards.pop(ctx.state)
        ctx.say(msg("{seat} resolves #{card} with no effect (§4.2).", seat=seat_ref(ctx.seat), card=d['card']))
        return
    if card_arg(a.args[0]) != d["card"] or a.args[1] != "event":
        raise RulesError(msg("Resolve the table event: `play {card} event [<choices>]` or `pass`.", card=d['card']), code="NOT_NOW")
    cards.pop(ctx.state)
    cards.resolve(ctx, ctx.seat, d["card"], _arg(a, 2, ""))


def d_campaign_prompt(state: dict, d: dict) -> Prompt:
    gens = [g for g in generals_of(state, d["seat"]) if state["gens"][g]["at"] in BOARD.spaces
            and g not in state["done"] and not state["gens"][g]["in"]]
    return Prompt(msg("{seat}: the second force march of #11 Major Campaign, 3 MP (§4.4.3 b).", seat=seat_ref(d['seat'])),
                  (*(f"activate {g}" for g in gens), "pass"), (FORCE,))


def d_campaign(ctx, d: dict) -> None:
    cards.pop(ctx.state)
    if ctx.action.verb == "pass":
        ctx.say(msg("{seat} makes no second march.", seat=seat_ref(ctx.seat)))
        return
    activation.start(ctx, ctx.seat, ctx.action.args[0], "march", 3)


def d_plans_prompt(state: dict, d: dict) -> Prompt:
    left = [x for x in d["left"] if state["indep"][x] in BOARD.spaces]
    return Prompt(msg("{seat}: activate each independent army on the map once, in your order (#40).", seat=seat_ref(d['seat'])),
                  tuple(f"activate {x}" for x in left) or ("pass",))


def d_plans(ctx, d: dict) -> None:
    state = ctx.state
    left = [x for x in d["left"] if state["indep"][x] in BOARD.spaces]
    if ctx.action.verb == "pass" and not left:
        cards.pop(state)
        return
    army = ctx.action.args[0].strip().lower() if ctx.action.args else ""
    if army not in left:
        raise RulesError(msg("Activate one of: {left} (#40).", left=join(', ', left)), code="NOT_NOW")
    left.remove(army)
    d["left"] = left
    if not left:
        cards.pop(state)
    cards.activate_indep(ctx, ctx.seat, army)


def d_counsel_prompt(state: dict, d: dict) -> Prompt:
    return Prompt(msg("{seat} keeps one of the top 3 cards (#53 Wise Counsel).", seat=seat_ref(d['seat'])), (),
                  ("keep <card>",), tuple(f"keep {card_tag(c)}" for c in d["cards"]))


def d_counsel(ctx, d: dict) -> None:
    state = ctx.state
    c = card_arg(ctx.action.args[0])
    if c not in d["cards"]:
        raise RulesError(msg("Keep one of the cards you looked at: {map}.", map=join(', ', map(str, d['cards']))), code="NOT_NOW")
    cards.pop(state)
    state["p"][ctx.seat]["hand"].append(c)
    state["discard"] += [x for x in d["cards"] if x != c]
    ctx.tell(ctx.seat, msg("You keep {describe_card}.", describe_card=cards.describe_card(state, c)))
    ctx.say(msg("{seat} keeps one card and discards the other {n_cards} (#53).", seat=seat_ref(ctx.seat), n_cards=len(d['cards']) - 1))


def d_age_prompt(state: dict, d: dict) -> Prompt:
    return royals.age_prompt(state, d)


def d_age(ctx, d: dict) -> None:
    cards.pop(ctx.state)
    royals.murder_or_crown(ctx, d, ctx.action.verb)


def d_losses_prompt(state: dict, d: dict) -> Prompt:
    """§6.8 with `losses=ask`: the owner picks which CUs his side (force, army) loses; the standing
    order (`losses …`) is the first line, and what a deadline plays (Successors.rule_default)."""
    lines = tuple(battles.loss_line(c) for c in loss_options(state, d))
    n = min(d["n"], sum(_loss_pool(state, d).values()))
    seat, space, why = seat_ref(d["seat"]), BOARD.spaces[d["space"]]["name"], kept(d.get("why", "§6.8"))
    # whole sentences, so that each language reads them whole
    if d.get("source") in ("act", "space"):
        text = ((msg("{seat} loses 1 CU at {space}: choose which ({why}).", seat=seat, space=space, why=why) if n == 1 else msg("{seat} loses {n} CUs at {space}: choose which ({why}).", seat=seat, n=n, space=space, why=why)))
    else:
        text = ((msg("{seat} loses 1 CU in the battle at {space}: choose which ({why}).", seat=seat, space=space, why=why) if n == 1 else msg("{seat} loses {n} CUs in the battle at {space}: choose which ({why}).", seat=seat, n=n, space=space, why=why)))
    return Prompt(text, lines, ("lose <type>=<n> ...", LOSSES))


def _loss_pool(state: dict, d: dict) -> dict:
    if d.get("source") == "act":                  # the moving force (§5.7.3, §5.12, §7.3)
        return {k: m for k, m in state["act"]["cus"].items() if m}
    if d.get("source") == "space":                # his CUs in a space (§7.3, §8.1.3, #54, #56)
        return space_loss_pool(state, d)
    b = state["battle"]
    side = b[d["side"]]
    if b["mover"] and d["side"] == "att":
        side = dict(side, cus=state["act"]["cus"])
    return battles.loss_pool(side, b["aside"][d["side"]])


def loss_options(state: dict, d: dict) -> list[dict]:
    if d.get("source") == "space":
        return space_loss_options(state, d)
    return battles.loss_choices(_loss_pool(state, d), d["n"], loss_order(state, d["seat"]))


def d_losses(ctx, d: dict) -> None:
    a = ctx.action
    try:
        gens, lost, alone = parse_spec(ctx.state, a.args[0] or "", find_general)
    except RulesError:
        gens, lost, alone = [], {}, True
    lost = None if gens or alone else {k: m for k, m in lost.items() if m}
    options = loss_options(ctx.state, d)
    if lost not in options:
        raise RulesError(msg("Choose the CUs lost: {loss_line} ({get}).", loss_line=join('; ', (battles.loss_line(c) for c in options)), get=kept(d.get('why', '§6.8'))), code="LOSSES")
    if d.get("source") == "space":
        lose_chosen(ctx, d, lost)
        cards.pop(ctx.state)
        if d.get("then") and d["then"][0] == "surrender":
            after_surrender_roll(ctx)
        return
    if d.get("source") == "act":
        battles.force_loses(ctx, ctx.seat, lost, kept(d["why"]))
        cards.pop(ctx.state)
        answers.after_force_loss(ctx, d["then"])
        return
    battles.choose_losses(ctx, ctx.seat, lost)
    cards.pop(ctx.state)
    if not (ctx.state["stack"] and ctx.state["stack"][-1]["kind"] == "losses"):
        answers.after_losses(ctx)


DECISIONS.update({
    "losses": Decision(d_losses_prompt, {"lose": d_losses}),
    "ops": Decision(d_ops_prompt, {"play": d_ops}),
    "table": Decision(d_table_prompt, {"play": d_table, "pass": d_table}),
    "campaign": Decision(d_campaign_prompt, {"activate": d_campaign, "pass": d_campaign}),
    "plans": Decision(d_plans_prompt, {"activate": d_plans, "pass": d_plans}),
    "counsel": Decision(d_counsel_prompt, {"keep": d_counsel}),
    "age": Decision(d_age_prompt, {"murder": d_age, "crown": d_age}),
})


STATES = {s.name: s for s in (
    State("decision", lambda st: st["stack"][-1]["seat"], decision_prompt, {}),
    State("draft", draft_seat, draft_prompt, {"pick": h_pick}),
    State("placing", lambda st: st["placing"]["seat"], placing_prompt, {"place": h_place}),
    State("pending", lambda st: questions.question(st)["seat"], pending_prompt, ANSWERS),
    State("moving", lambda st: st["act"]["seat"], moving_prompt, MOVING),
    State("order", lambda st: st["chooser"], order_prompt, {"first": h_first}),
    State("burial", _on_turn, burial_prompt, {"bury": h_bury, "pass": h_pass}),
    State("surrender", _on_turn, surrender_prompt, {"assault": h_assault_surrender, "done": h_done}),
    State("tyche", _on_turn, tyche_prompt, {"play": h_play, "bury": h_bury, "disband": h_disband}),
    State("activation", _on_turn, activation_prompt,
          {"activate": h_activate, "end": h_end, "bury": h_bury, "disband": h_disband, "play": h_play_surprise}),
    State("forage", _on_turn, forage_prompt, {"forage": h_forage}),
)}


# a state's verbs without its prompt's lines, where they are cheaper (Successors._prompt_verbs)
STATE_VERBS = {"placing": lambda state, seat: PLACING_VERBS, "moving": moving_verbs, "tyche": tyche_verbs,
               "activation": activation_verbs}


def current(state: dict) -> str | None:
    """The state the game is in now (None: nobody must decide)."""
    if state["result"]:
        return None
    if state.get("draft"):
        return "draft"
    if state.get("stack") and state["stack"][-1]["kind"] == "losses":
        return "decision"                  # a battle waits for its losses (losses=ask) before anything else
    if state["placing"] is not None:
        return "placing"
    if questions.question(state):
        return "pending"
    if state["act"] is not None:
        return "moving"
    if state.get("stack"):
        return "decision"
    ph = state["phase"]
    if ph == "preparations" and state["step"] == "order":
        return "order"
    if ph == "end_of_turn" and state["step"] == "burial":
        return "burial" if state["cur"] < len(state["order"]) and marching.can_bury(state, _on_turn(state)) else None
    if ph == "strategy":
        seg = state["segment"]
        if seg == "surrender":
            return "surrender" if state.get("sroll") else None
        if seg in ("tyche", "activation"):
            return seg
        if seg == "forage":
            return "forage" if strategy.forage_lines(state, _on_turn(state)) else None
    return None


def prompts(state: dict) -> dict[str, Prompt]:
    """The prompts of the state (the game remembers them by the state's bytes: a Tyche prompt
    dry-runs every card event, and they are asked several times per action; core/game.py)."""
    if state.get("pend"):                  # a snapshot of rules version 2 with its question in `pend`
        state = copy_state(state)
        questions.legacy_question(state)
    return _prompts(state)


def _prompts(state: dict) -> dict[str, Prompt]:
    name = current(state)
    if name is None:
        return {}
    st = STATES[name]
    seat = st.seat(state)
    return {seat: st.prompt(state, seat)}


def handle(ctx) -> None:
    questions.legacy_question(ctx.state)
    name = current(ctx.state)
    verb = ctx.action.verb
    if name == "decision":
        handler = h_decision if verb not in COMMON else COMMON[verb]
    else:
        handler = STATES[name].handlers.get(verb) if name else None
        handler = handler or COMMON.get(verb)
    if handler is None:
        raise RulesError(msg("You cannot `{verb}` now.", verb=verb), code="NOT_NOW")
    handler(ctx)
