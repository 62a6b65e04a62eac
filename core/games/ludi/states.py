"""The flow as a table of states (Rally the Troops' shape). ``state["stack"]`` holds the
pending decisions, the one on top being asked now: each entry names its state and the seat
that must answer. Every state has its prompt, its handlers and its deadline default (§9.5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core.errors import RulesError
from core.game import Prompt, Remembered
from core.message import join, msg, plural

from . import actions, auction, combat, start
from .actions import chain_allowed, crews
from .common import MAX_BUILDINGS, attack_value, bname, build_cost, defenders, gname, ready, token, who
from .data import B, G

MAX_BID_BUTTONS = 8


@dataclass(frozen=True)
class State:
    phase: str                                   # start | main | auction (summary, §15)
    prompt: Callable[[dict, dict], Prompt]
    verbs: dict[str, Callable]
    default: Callable[[dict, dict], str]


# start (§4.1 item 5) ---------------------------------------------------------------------------
def start_prompt(state: dict, top: dict) -> Prompt:
    lines = tuple(f"effect {e}" for e in top["pending"]) + ("effect auto",)
    return Prompt(msg("{seat}, choose the order of your start-of-turn effects ({pending}) (§4.1).", seat=who(state, top['seat']), pending=join(', ', top['pending'])), lines, ("effect <name>",))


# main (§4.2, §5) -------------------------------------------------------------------------------
def fight_lines(state: dict, seat: str) -> list[str]:
    rd = sorted(ready(state, seat), key=lambda g: (-attack_value(state, g), g))
    foes = [token(state, s) for s in state["seats"] if s != seat and defenders(state, s)]   # each named once
    return [f"fight {foe} with {gname(g)}" for g in rd for foe in foes]


# the centre's buildings in the order a prompt offers them: the most points, then the dearest, then by
# id (printed numbers: ranked once, not weighed again at every prompt)
_BUILD_RANK = {b: i for i, b in enumerate(sorted(B, key=lambda b: (-B[b]["vp"], -B[b]["cost"], b)))}


def build_lines(state: dict, seat: str) -> list[str]:
    p = state["p"][seat]
    if len(p["bld"]) >= MAX_BUILDINGS:
        return []
    out, seen = [], {B[b]["name"] for b in p["bld"]}     # a building owned is not built again
    crew_for = crews(state, seat)
    for b in sorted(state["centre"], key=_BUILD_RANK.__getitem__):
        name = B[b]["name"]
        if name in seen:
            continue
        seen.add(name)
        crew = crew_for(build_cost(state, b))
        if crew:
            out.append(f"build {name} with " + " ".join(gname(g) for g in crew))
    return out


def demolish_lines(state: dict, seat: str) -> list[str]:
    out = []
    crew_for = crews(state, seat, demolish=True)
    for b in state["p"][seat]["bld"]:
        if B[b]["vp"] == 0:
            crew = crew_for(build_cost(state, b))
            if crew:
                out.append(f"demolish {bname(b)} with " + " ".join(gname(g) for g in crew))
    return out


def work_lines(state: dict, seat: str) -> list[str]:
    return [f"work {gname(g)}" for g in ready(state, seat)]


def chain_lines(state: dict, seat: str) -> list[str]:
    if chain_allowed(state, seat):
        return []
    chainers = sorted((g for g in ready(state, seat) if G[g]["build"] >= 1), key=lambda g: (G[g]["combat"], g))
    if not chainers:
        return []
    out = []
    for s in state["seats"]:
        free = sorted(defenders(state, s), key=lambda g: (-combat.defence_value(state, g), g))
        if s == seat or len(free) < 2:
            continue
        g = chainers[0]
        victims = free[:min(G[g]["build"], len(free) - 1)]
        out.append(f"chain {token(state, s)} {' '.join(gname(v) for v in victims)} with {gname(g)}")
    return out


def main_lines(state: dict, seat: str) -> dict[str, list[str]]:
    """Every line of the seat's Main phase, by kind (a fresh dict of fresh lists: the caller's to
    change). Remembered by the state's bytes: the prompt, the robot's candidates and its playouts
    each ask them of the same state, and a Main phase's lines cost some forty times its bytes."""
    return {kind: list(lines) for kind, lines in _MAIN_LINES(None, state, seat).items()}


def _main_lines(state: dict, seat: str) -> dict[str, list[str]]:
    p = state["p"][seat]
    return {
        "train": [f"train {gname(g)}" for g in sorted(p["gl"], key=lambda g: (-G[g]["combat"], g))]
        if p["train"] else [],
        "fight": fight_lines(state, seat),
        "build": build_lines(state, seat),
        "work": work_lines(state, seat),
        "chain": chain_lines(state, seat),
        "demolish": demolish_lines(state, seat),
    }


_MAIN_LINES = Remembered(lambda _, state, seat: _main_lines(state, seat))

MAIN_TEMPLATES = ("fight <player> with <gladiator>", "work <gladiator>",
                  "build <building> with <gladiator> [<gladiator>...]",
                  "demolish <building> with <gladiator> [<gladiator>...]",
                  "chain <player> <gladiator> [<gladiator>...] with <gladiator>")
# the Main phase's verbs without its lines (Ludi._prompt_verbs): each line it offers is of a template's
# verb, `end`, or `train` (offered, with its template, only while a Palaestra's training is due)
MAIN_VERBS = frozenset(line.split(" ", 1)[0] for line in MAIN_TEMPLATES) | {"end"}


def main_prompt(state: dict, top: dict) -> Prompt:
    seat = top["seat"]
    groups = main_lines(state, seat)
    # buttons (at most 20 are shown): the strongest attacker against each opponent comes first;
    # every other fight can be typed (the templates)
    best = {}
    for line in groups["fight"]:
        best.setdefault(line.split()[1], line)
    rest = [line for line in groups["fight"] if line not in best.values()]
    lines = [line for k in ("train", "build", "work", "chain", "demolish") for line in groups[k]]
    lines = (groups["train"] + list(best.values()) + lines[len(groups["train"]):] + rest)[:19]
    templates = list(MAIN_TEMPLATES)
    if state["p"][seat]["train"]:
        templates.append("train <gladiator>")
    rd = join(", ", (gname(g) for g in ready(state, seat)))
    train = (msg(" Palaestra: `/train` must be your first command.") if state["p"][seat]["train"] else msg(""))
    return Prompt(msg("{seat}'s Main phase: act with a ready gladiator ({rd}) or `/end` (§4.2).{train}", seat=who(state, seat), rd=rd, train=train),
                  tuple(lines) + ("end",), tuple(templates))


def main_verb(handler):
    def run(ctx, top, action):
        seat = top["seat"]
        p = ctx.state["p"][seat]
        if action.verb == "train":
            if not p["train"]:
                raise RulesError(msg("`/train` works only as the first command of your Main phase, with a Palaestra owned at the start of your turn (§2.5)."), code="NOT_NOW")
        elif p["train"]:
            p["train"] = False                  # §2.5: any other first command forfeits the bonus
        handler(ctx, seat, action.args[0] if action.args else "")
        if action.verb != "fight":
            actions.after_action(ctx)
    return run


def end_main(ctx, top, action):
    ctx.say(msg("{seat} ends the Main phase.", seat=who(ctx.state, top['seat'])))
    actions.end_main(ctx)


def main_default(state: dict, top: dict) -> str:
    return "end"


# fight (§5.2, §14.2) -----------------------------------------------------------------------------
def defend_prompt(state: dict, top: dict) -> Prompt:
    f = state["fight"]
    able = sorted(defenders(state, top["seat"]), key=lambda g: (-combat.defence_value(state, g), g))
    return Prompt(msg("{seat}, {gname} of {aseat} attacks you: choose your defender, tapped or not (§5.2.2).", seat=who(state, top['seat']), gname=gname(f['att']), aseat=who(state, f['aseat'])),
                  tuple(f"defend {gname(g)}" for g in able), ("defend <gladiator>",))


def cheer_prompt(state: dict, top: dict) -> Prompt:
    a, d = combat.totals(state)
    return Prompt(msg("{seat}, it stands {a} against {d}: spend 1 favour for +1? (favour {favour}, §14.2)", seat=who(state, top['seat']), a=a, d=d, favour=state['p'][top['seat']]['favour']), ("cheer", "nocheer"))


# auction (§4.3, §7) ------------------------------------------------------------------------------
def release_prompt(state: dict, top: dict) -> Prompt:
    p = state["p"][top["seat"]]
    return Prompt(plural(("{seat}, release {n_gl} gladiator down to your {n_bld} buildings (§4.3.1).", "{seat}, release {n_gl} gladiators down to your {n_bld} buildings (§4.3.1)."), len(p['gl']) - len(p['bld']), seat=who(state, top['seat']), n_gl=len(p['gl']) - len(p['bld']), n_bld=len(p['bld'])),
                  tuple(f"release {gname(g)}" for g in sorted(p["gl"], reverse=True)), ("release <gladiator>",))


def offer_prompt(state: dict, top: dict) -> Prompt:
    return Prompt(msg("{seat} has a free building: start an auction? (§4.3.2)", seat=who(state, top['seat'])),
                  ("auction", "noauction"))


def pick_prompt(state: dict, top: dict) -> Prompt:
    shown = state["auction"]["revealed"]
    return Prompt(msg("{seat}, pick the veteran to auction: {card_text} (§7.2).", seat=who(state, top['seat']), card_text=join(', ', (auction.card_text(g) for g in shown))),
                  tuple(f"pick {gname(g)}" for g in shown), ("pick <veteran>",))


def bid_prompt(state: dict, top: dict) -> Prompt:
    seat = top["seat"]
    auc = state["auction"]
    low, coins = auction.lowest_bid(state, seat), state["p"][seat]["coins"]
    high = (msg("high bid {high} by {leader}", high=auc['high'], leader=who(state, auc['leader'])) if auc["leader"] else msg("no bid yet"))
    bids = tuple(f"bid {n}" for n in range(low, min(coins, low + MAX_BID_BUTTONS - 1) + 1))
    return Prompt(plural(("{seat}, bid for {gname}: {low} to {coins} coin ({high}) (§7.5).", "{seat}, bid for {gname}: {low} to {coins} coins ({high}) (§7.5)."), coins, seat=who(state, seat), gname=gname(auc['vet']), low=low, coins=coins, high=high),
                  bids + ("pass",), ("bid <n>",))


STATES = {
    "start": State("start", start_prompt, {"effect": lambda ctx, top, a: start.choose(ctx, a.args[0])},
                   lambda s, t: "effect auto"),
    "main": State("main", main_prompt, {
        "fight": main_verb(combat.fight), "work": main_verb(actions.work), "build": main_verb(actions.build),
        "demolish": main_verb(actions.demolish), "chain": main_verb(actions.chain),
        "train": main_verb(actions.train), "end": end_main}, main_default),
    "defend": State("main", defend_prompt, {"defend": lambda ctx, top, a: combat.defend(ctx, top["seat"], a.args[0])},
                    lambda s, t: f"defend {gname(combat.best_defender(s, t['seat']))}"),
    "cheer": State("main", cheer_prompt, {"cheer": lambda ctx, top, a: combat.cheer(ctx, top["seat"], True),
                                          "nocheer": lambda ctx, top, a: combat.cheer(ctx, top["seat"], False)},
                   lambda s, t: "nocheer"),
    "release": State("auction", release_prompt,
                     {"release": lambda ctx, top, a: auction.release(ctx, top["seat"], a.args[0])},
                     lambda s, t: f"release {gname(max(s['p'][t['seat']]['gl']))}"),
    "offer": State("auction", offer_prompt, {"auction": lambda ctx, top, a: auction.start(ctx, top["seat"]),
                                             "noauction": lambda ctx, top, a: auction.decline(ctx, top["seat"])},
                   lambda s, t: "noauction"),
    "pick": State("auction", pick_prompt, {"pick": lambda ctx, top, a: auction.pick(ctx, top["seat"], a.args[0])},
                  lambda s, t: f"pick {gname(s['auction']['revealed'][0])}"),
    "bid": State("auction", bid_prompt, {"bid": lambda ctx, top, a: auction.bid(ctx, top["seat"], a.args[0]),
                                         "pass": lambda ctx, top, a: auction.pass_bid(ctx, top["seat"])},
                 lambda s, t: "pass"),
}

# each prompt's verbs but the Main phase's (Ludi._prompt_verbs): its handlers', each offered by a template
# or a button in every position (start, defend, release, pick, bid) or by its fixed buttons (cheer, offer)
STATE_VERBS = {name: frozenset(st.verbs) for name, st in STATES.items() if name != "main"}


def train_default(state: dict, seat: str) -> str:
    """§9.5: `/train` the gladiator with the highest combat."""
    g = min(state["p"][seat]["gl"], key=lambda g: (-G[g]["combat"], g))
    return f"train {gname(g)}"
