"""What the robot's search needs from StarCraft (issue #22): a sampler of the hidden part, a
heuristic value, and the lines worth trying.

Hidden from a seat (§14): the other players' face-down orders (type and special marker), their
combat hands, decks and face-down discards, their event cards, the event deck's order within
its stages, the face-down event discard and the cards removed at setup, and the combat card
another player has chosen for the battle under way. A determinization deals each of these
from what the seat has not seen, in the counts the view shows: a player's combat cards from
his faction's deck less nothing the seat saw (the view keeps no record of played cards);
event cards from every event not in the seat's hand nor set aside, the deck's cards first
stage by stage (the view counts them per stage) so the stage clock (§3.7) stays true; order
types weighted like a plain player's (builds where a base is, mobilizes, researches) with at
most one special order per player.

The value: conquest points against the player's target (§10 step 6: 15, or 20 against
Aldaris), the CP income of the cp areas held (step 5), resource cards (§12.2's first
tie-breaker and the economy), bases, tech, the army's worth, the workers that can use the cards
held, combat cards, transports, a CP event in hand, and the faction's special victory progress
(§2.1; squared, and worth more as stage III nears, since a special victory at step 7 comes before
the end at step 8) — as a lead over the strongest opponent, squashed into (0, 1). Aldaris with a
base adds up to a whole game's worth as the second The End Draws Near comes (§10 step 8), times
how surely he holds ¾ of the leader's CP then (rules 2, §2.1; rules 1 asks the base only).

The lines (a 0.25 s budget buys some 30–120 iterations of a game of ~75 decisions a seat, so the
search chooses among few, well-chosen lines): in Execution, whole resolutions of each order on
top — builds filling the slots with one or two kinds, with or without a worker; a base; moves of
everything that fits into one area, the same leaving a unit behind, one unit into each open area,
a special order's transport; a few of the self-play sampler's moves — and a discard. In Planning,
the placements. At the root of a decision (`root_candidates`) the best few by a one-ply look: an
Execution line once the battle it starts is fought with each side's strongest card, a placement
by what the order would do if it were resolved now at best (`order_values`: the value placing
itself cannot show, since an order is face down until Execution); the same values are the
search's prior. Inner nodes and the greedy player take the cheap look (`quick_order_value`).

The faction is claimed without search: Aldaris first, since every other player then needs 20 CP
(§2.1), then the order of the rules-1 random games' record; no playout from the lobby reaches the
end.
"""
from __future__ import annotations

import math
import random

from core import draws
from core.errors import RulesError
from core.game import Prompt, copy_state
from core.kit import BaseKit

from . import execution, setup
from .board import BOARD
from .common import (
    base_planets,
    bases_of,
    controlled,
    controls,
    cp_value,
    has_base_on,
    in_game,
    transports_of,
    turn_order,
    unit_cost,
    units_in,
)
from .endgame import cp_needed, resource_value
from .game import GAME
from .game import candidates as game_candidates

# added to the view and recomputed by it: never part of the state
VIEW_ONLY_PLAYER = ("hand_count", "events_count", "orders_left")
# the factions in the order the robot claims them (module docstring)
FACTION_PREFERENCE = ("aldaris", "tassadar", "overmind", "queen", "mengsk", "raynor")
# a plain player's orders (the self-play weights of `StarCraft.sample`)
ORDER_WEIGHT = {"mobilize": 3.0, "research": 1.5}
BUILD_WEIGHT_WITH_BASE, BUILD_WEIGHT_ELSEWHERE = 6.0, 0.3
SPECIAL_CHANCE = 0.5      # an opponent's stack holds his one special order about half the time
CARD_NONE_CHANCE = 0.2    # an opponent's hidden battle card is "none" this often

# worth in conquest points (15 win, §10 step 6)
INCOME_ROUNDS = 1.5       # cp areas held pay again next round (step 5)
RESOURCE_WEIGHT = 0.6     # per value of resource cards held
BASE_WEIGHT = 1.0
TECH_WEIGHT = 0.5
ARMY_WEIGHT = 0.2         # per mineral + gas of units on the map
SPECIAL_WEIGHT = 4.0      # the whole way to a special victory
SPECIAL_END_WEIGHT = 12.0  # more as stage III nears: a special victory at step 7 comes before the end at step 8
TASSADAR_SLACK = 3        # areas behind the leader from which Tassadar's progress counts
END_WEIGHT = 15.0         # Aldaris with a base wins by the second The End Draws Near (§2.1): a whole game
ONE_BASE = 0.8           # Aldaris needs one base at the end; a second is insurance
DRAWN_SHARE = 0.7         # of `end_near`, what the copies already drawn weigh against the deck's progress
LEAD_SCALE = 0.35         # a lead of 3 CP ≈ 74 % (logistic)
WORKER_WEIGHT = 0.4       # a worker per resource card held pays for more each round (§8.1)
HAND_WEIGHT = 0.15        # combat cards win battles (§9.2)
HAND_CAP = 8              # the hand limit (§10 step 9)
TRANSPORT_WEIGHT = 0.3    # transports carry units between planets (§7.1.1)
TRANSPORT_CAP = 3
EVENT_CP = {"propaganda": 1, "glory": 2, "last_stand": 2}   # an event card in hand that gains CP (§2.8)
EVENT_CP_SHARE = 0.8      # one is played at the next step 8
ALDARIS_SLACK = 4.0       # CP below ¾ of the leader's at which Aldaris's end counts for nothing (rules 2)

# the lines the search looks at (issue 22: a 0.25 s budget buys some 30–80 iterations)
PLANNING_LINES = 3        # inner nodes and the greedy player: the best placements at a glance
ROOT_PLANNING_LINES = 3   # the root: the best placements by what they would do now
ROOT_EXECUTION_LINES = 4  # the root: the best resolutions by their one-ply value
REPEAT_SHARE = 0.5        # a second order of a kind this round does half as much (resources, units)
SPECIAL_TIE = 0.001       # between equal placements, the special marker
DISCARD_COST = 0.005      # an order that can do nothing useful is discarded (an event card)
RANDOM_MOVES = 4          # of the self-play sampler's moves, among the resolutions


class StarCraftKit(BaseKit):
    game = GAME
    # No random playout after the tree: the search's leaves are valued as they stand. Four random
    # actions (a placement anywhere, an order resolved any way) moved the value more than the root's
    # lines differ, so more iterations followed the noise: 100 lost to 30 (38 of 100, seed ladder35)
    # and 30 barely beat none (53 of 100). Without them, the same first games: 26 of 40 and 9 of 16
    # (docs/balance.md, the ladder).
    playout_depth = 0
    # 8 worlds drawn once a decision, each node keeping its state in each (robots/search.py, issue 37):
    # 6.34 -> 2.60 M instructions an iteration; 3 vs 2 70 of 100, 4 vs 3 62 of 100 (docs/balance.md)
    kept_worlds = 8

    def determinize(self, view: dict, seat: str, rnd: random.Random) -> dict:
        state = copy_state(view)
        state.pop("event_stages", None)
        shown = state["areas"]   # the view's non-empty areas, copied with it above
        state["areas"] = {a: shown.get(a) or {"units": [], "base": None} for a in BOARD.areas}
        state["shown"] = []
        for s, q in state["p"].items():
            for key in VIEW_ONLY_PLAYER:
                q.pop(key, None)
        self._combat_cards(state, view, seat, rnd)
        self._event_cards(state, view, seat, rnd)
        self._orders(state, view, seat, rnd)
        self._battle(state, view, seat, rnd)
        top = state["pend"][-1] if state["pend"] else None
        # Regrouping step 8 asks clockwise from the first player: those still to be asked
        if top and top["kind"] == "event":
            order = turn_order(state)
            state["queue"] = order[order.index(top["seat"]):] if top["seat"] in order else [top["seat"]]
        else:
            state["queue"] = []
        state["rng"] = {"seed": f"robot-{rnd.getrandbits(64):016x}", "n": 0}
        return state

    def _combat_cards(self, state: dict, view: dict, seat: str, rnd: random.Random) -> None:
        for s, q in state["p"].items():
            if not q["faction"]:
                q["deck"], q["hand"], q["discard"] = [], [], []
                continue
            pre = BOARD.factions[q["faction"]]["prefix"]
            cards = BOARD.combat_of[pre]
            if s == seat:
                known = set(q["hand"]) | set(q["discard"])
                q["deck"] = _shuffled([c for c in cards if c not in known], rnd)
                continue
            cards = _shuffled(cards, rnd)
            n_hand, n_discard = view["p"][s]["hand"], view["p"][s]["discard"]
            q["hand"], q["discard"], q["deck"] = (cards[:n_hand], cards[n_hand:n_hand + n_discard],
                                                  cards[n_hand + n_discard:])

    def _event_cards(self, state: dict, view: dict, seat: str, rnd: random.Random) -> None:
        mine = state["p"][seat]["events"] if seat in state["p"] else []
        if view["phase"] == "factions":
            state["event_deck"], state["event_discard"], state["removed"] = [], [], []
            for s, q in state["p"].items():
                if s != seat:
                    q["events"] = []
            return
        seen = set(mine) | set(state["set_aside"])   # built once, not once per card
        unseen = _shuffled((e for e in BOARD.event_ids if e not in seen), rnd)
        deck = []
        stage_of = BOARD.event_stage
        for stage in ("I", "II", "III"):      # the deck is I on top, then II, then III (§3.6)
            of_stage = [e for e in unseen if stage_of[e] == stage][:view["event_stages"][stage]]
            deck += of_stage
        dealt = set(deck)
        rest = [e for e in unseen if e not in dealt]
        state["event_deck"] = deck
        for s, q in state["p"].items():
            if s != seat:
                q["events"], rest = rest[:view["p"][s]["events"]], rest[view["p"][s]["events"]:]
        state["event_discard"], rest = rest[:view["event_discard"]], rest[view["event_discard"]:]
        state["removed"] = rest

    def _orders(self, state: dict, view: dict, seat: str, rnd: random.Random) -> None:
        bases = {s: set(base_planets(state, s)) for s in state["seats"]}
        theirs: dict[str, list[dict]] = {}
        for planet, stack in state["stacks"].items():
            for o in stack:
                if o["owner"] == seat:
                    continue
                kinds = ("mobilize", "build", "research")
                weights = [ORDER_WEIGHT.get(k) or (BUILD_WEIGHT_WITH_BASE if planet in bases[o["owner"]]
                                                   else BUILD_WEIGHT_ELSEWHERE) for k in kinds]
                o["type"], o["special"] = rnd.choices(kinds, weights)[0], False
                theirs.setdefault(o["owner"], []).append(o)
        for s, q in state["p"].items():
            if s == seat:
                continue
            orders = theirs.get(s, [])
            q["special"] = bool(orders) and rnd.random() < SPECIAL_CHANCE
            if q["special"]:
                draws.choice(rnd, orders)["special"] = True

    def _battle(self, state: dict, view: dict, seat: str, rnd: random.Random) -> None:
        b = view["battle"]
        if not b:
            state["battle"] = None
            return
        cards = {}
        for s in b["chosen"]:
            if s == seat:
                cards[s] = b["mine"]
            else:
                hand = state["p"][s]["hand"]
                cards[s] = None if not hand or rnd.random() < CARD_NONE_CHANCE else draws.choice(rnd, hand)
        state["battle"] = {"area": b["area"], "attacker": b["attacker"], "defender": b["defender"],
                           "cards": cards, "origins": dict(b["origins"])}

    def candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random) -> list[str]:
        """The lines worth a look, cheaply (the greedy player, the search's inner nodes): Planning's
        few best placements by a static look (`quick_order_value`), Execution's resolutions of the
        orders on top (whole builds and moves, not the random sampler's), every other prompt's own
        lines."""
        key = GAME.state_key(state)
        if state["phase"] == "factions":          # no search: the factions' record in play (module docstring)
            free = setup.claimable(state)
            return [f"faction {next(f for f in FACTION_PREFERENCE + tuple(free) if f in free)}"]
        if key == "planning":
            lines = list(prompt.private)
            held = set(controlled(state, seat))       # once for every line, not once a line
            ranked = sorted(lines, key=lambda line: -quick_order_value(state, seat, line, held))
            return ranked[:PLANNING_LINES]
        if key == "execution" and state["turn"] == seat:
            return execution_lines(state, seat, rnd)
        return super().candidates(state, seat, prompt, rnd)

    def root_candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random) -> list[str]:
        """The search's root, looked at harder: Planning's placements ranked by what the order
        could do if it were resolved now (`order_values`), Execution's resolutions by their
        one-ply value once the battle they start is fought; the best few of each."""
        key = GAME.state_key(state)
        if key == "planning":
            values = self.order_values(state, seat, list(prompt.private))
            self._root = values
            return sorted(values, key=lambda line: -values[line])[:ROOT_PLANNING_LINES]
        if key == "execution" and state["turn"] == seat:
            lines = execution_lines(state, seat, rnd)
            values = {line: v for line in lines if (v := one_ply(self, state, seat, line)) is not None}
            self._root = values
            return sorted(values, key=lambda line: -values[line])[:ROOT_EXECUTION_LINES] or lines[:1]
        self._root = {}
        return self.candidates(state, seat, prompt, rnd)

    def settled(self, state: dict) -> dict:
        """A leaf of the search as the root's look values it: a battle waiting for cards fought
        first. Valued with the battle pending, a resolution that starts one was worth its units'
        move and nothing of the fight (and a card chosen, nothing at all), where the look fights it."""
        try:
            return fought(state)
        except RulesError:
            return state

    def look_decides(self, state: dict, seat: str) -> bool:
        """Planning: an order placed is face down and does nothing until Execution (§6), which a
        leaf of a few placements later never reaches, so the search's values cannot tell the
        placements apart and its visits would follow the worlds' noise; what each would do once
        resolved (`order_values`, the root's look) decides."""
        return GAME.state_key(state) == "planning"

    def line_values(self, state: dict, seat: str, prompt: Prompt, lines: list[str]) -> dict[str, float]:
        """The root's prior: the values that ranked its lines (a battle fought, an order resolved)."""
        return {line: v for line, v in getattr(self, "_root", {}).items() if line in lines}

    def order_values(self, state: dict, seat: str, lines: list[str]) -> dict[str, float]:
        """Each placement's value: the state's value once the order, placed on top of its planet's
        stack, is resolved in the best way found now (`execution_lines`), less what the orders
        already placed this round would do twice (the same resources, the same units)."""
        base = self.evaluate(state, seat)
        best: dict[tuple[str, str, bool], float] = {}
        mine = [(o["type"], pl) for pl, st in state["stacks"].items() for o in st if o["owner"] == seat]
        rnd = random.Random(0)
        out = {}
        for line in lines:
            _, word, planet = line.split()
            kind, special = word.rstrip("*"), word.endswith("*")
            if (kind, planet, special) not in best:
                best[(kind, planet, special)] = _resolved_value(self, state, seat, kind, planet, special, rnd, base)
            gain = best[(kind, planet, special)] - base
            gain *= REPEAT_SHARE ** sum(1 for k, pl in mine if k == kind and (pl == planet or kind != "mobilize"))
            out[line] = base + gain + (SPECIAL_TIE if special else 0.0)
        return out

    def evaluate(self, state: dict, seat: str) -> float:
        done = self.result(state, seat)
        if done is not None:
            return done
        if state["phase"] in ("factions", "transport") or state["p"][seat]["out"]:
            return 0.5 if not state["p"][seat]["out"] else 0.0
        mine = strength(state, seat)
        others = [strength(state, s) for s in in_game(state) if s != seat]
        if not others:
            return 1.0
        return 1.0 / (1.0 + math.exp(-LEAD_SCALE * (mine - max(others))))


def _resolved_value(kit, state: dict, seat: str, kind: str, planet: str, special: bool,
                    rnd: random.Random, base: float) -> float:
    """The value once an order of `kind` on `planet` is resolved at best now: the order put on top
    of the stack, the turn given to `seat` in Execution, an order of another player left
    elsewhere so that the phase goes on (no Regrouping in the look); the best line, or a discard
    when nothing better works."""
    other = next((s for s in in_game(state) if s != seat), seat)
    spare = next(pl for pl in BOARD.planets if pl != planet)
    order = {"id": -1, "owner": seat, "type": kind, "special": special}
    look = dict(state)
    look["stacks"] = {planet: [order], spare: [{"id": -2, "owner": other, "type": "research", "special": False}]}
    look["phase"], look["turn"], look["pend"], look["battle"] = "execution", seat, [], None
    look.pop("deck_at_execution", None)
    best = base - DISCARD_COST
    for line in execution_lines(look, seat, rnd, planets=(planet,), discards=False):
        value = one_ply(kit, look, seat, line)
        if value is not None and value > best:
            best = value
    return best


def one_ply(kit, state: dict, seat: str, line: str) -> float | None:
    """The value of `line` for `seat` once the battle it starts is fought (each side playing its
    strongest card, §9.2); None when the rules refuse the line."""
    try:
        after = fought(_play(state, seat, line))
    except RulesError:
        return None
    return kit.evaluate(after, seat)


def fought(state: dict) -> dict:
    """The state once the battle waiting for cards is fought, each side that has not chosen yet
    playing its strongest card (§9.2); the state itself when no battle waits."""
    for _ in range(3):
        if state["result"] or not state["pend"] or state["pend"][-1]["kind"] != "card":
            break
        for s in list(state["pend"][-1]["seats"]):
            if state["battle"] and s not in state["battle"]["cards"]:
                state = _play(state, s, strongest_card(state, s))
    return state


def strongest_card(state: dict, seat: str) -> str:
    """The card a plain player plays (§9.2): the most attack and shield, Ambush only in defence."""
    b = state["battle"]
    defender = b["defender"] == seat
    best, worth = "card none", 0.0
    for c in state["p"][seat]["hand"]:
        k = BOARD.combat[c]
        if k.get("defender_only") and not defender:
            continue
        w = (k.get("attack", 0) + k.get("attack_if_more_units", 0) * 0.5 + k.get("shield", 0)
             + (1.5 if k.get("cancel") else 0))
        if w > worth:
            best, worth = f"card {c}", w
    return best


def _play(state: dict, seat: str, line: str) -> dict:
    prompt = GAME.prompts(state).get(seat)
    if prompt is None:
        raise RulesError("not this seat's turn", code="NOT_YOUR_TURN")
    return GAME.apply(state, seat, GAME.parse(line, private=GAME.sent_privately(line, prompt)))[0]


def quick_order_value(state: dict, seat: str, line: str, held: set[str] | None = None) -> float:
    """A placement's worth at a glance (no rules applied): a Build where a base can buy units or
    a new base, a Mobilize where there is an area to take, a Research while tech can rise; less
    for the same order again this round. `held`: the seat's controlled areas, when the caller has them."""
    _, word, planet = line.split()
    kind, special = word.rstrip("*"), word.endswith("*")
    held = set(controlled(state, seat)) if held is None else held
    areas = BOARD.planet_areas(planet)
    if kind == "build":
        if has_base_on(state, seat, planet):
            value = 2.0
        elif any(a in held and not state["areas"][a]["base"] for a in areas):
            value = 2.5
        else:
            value = 0.0
    elif kind == "mobilize":
        present = any(a in held for a in areas)
        open_ = [a for a in areas if a not in held]
        value = (1.0 + 0.5 * sum(cp_value(state, a) > 0 for a in open_)) if open_ else 0.2
        value *= 1.0 if present or special else 0.6
    else:
        value = 1.3 if state["p"][seat]["tech"] < 3 else 0.8
    repeats = sum(1 for st in state["stacks"].get(planet, []) if st["owner"] == seat and st.get("type") == kind)
    return value - repeats + (0.05 if special and kind != "research" else 0.0)


def execution_lines(state: dict, seat: str, rnd: random.Random, planets=None, discards: bool = True) -> list[str]:
    """Whole resolutions of `seat`'s orders on top (§7), unchecked: research either way; builds of
    one or two kinds filling the slots, with or without a worker; a base in each area it may go;
    moves of everything into one area, one unit into each open area, and a few of the random
    sampler's; discards."""
    lines: list[str] = []
    for planet in planets or execution.top_planets(state, seat):
        o = state["stacks"][planet][-1]
        if o["type"] == "research":
            lines += [f"resolve {planet} research tech", f"resolve {planet} research cards"]
        elif o["type"] == "build":
            lines += _build_lines(state, seat, planet)
        else:
            lines += _move_lines(state, seat, planet, o, rnd)
        if discards:
            lines.append(f"discard {planet}")
    return list(dict.fromkeys(lines))


def _build_lines(state: dict, seat: str, planet: str) -> list[str]:
    areas = BOARD.planet_areas(planet)
    if not has_base_on(state, seat, planet):
        return [f"resolve {planet} base {a}" for a in areas
                if controls(state, seat, a) and not state["areas"][a]["base"]]
    p = state["p"][seat]
    race = BOARD.factions[p["faction"]]["race"]
    kinds = sorted((k for k, u in BOARD.units.items() if u["race"] == race and u["tech"] <= p["tech"]),
                   key=lambda k: -unit_cost(state, k))
    room = {a: BOARD.areas[a]["limit"] - len(units_in(state, a, seat)) for a in areas if controls(state, seat, a)}
    # the CP areas first, then the fullest room
    order = sorted(room, key=lambda a: (-cp_value(state, a), -room[a]))
    slots = BOARD.pieces["build_slots"] + (1 if p["faction"] == "mengsk" else 0)
    lines = []

    def place(wanted: list[str]) -> str | None:
        left, items = dict(room), []
        for k in wanted:
            n = 2 if k == "zergling" else 1
            a = next((a for a in order if left[a] >= n), None)
            if a is None:
                return None
            left[a] -= n
            items.append(f"{n} {k} {a}")
        merged: dict[tuple[str, str], int] = {}
        for it in items:
            n, k, a = it.split()
            merged[(k, a)] = merged.get((k, a), 0) + int(n)
        return ", ".join(f"{n} {k} {a}" for (k, a), n in merged.items())

    combos = [[k] * slots for k in kinds] + [[a, b] for i, a in enumerate(kinds) for b in kinds[i + 1:]] + \
        [[k] for k in kinds]
    for wanted in combos:
        body = place(wanted)
        if body:
            lines.append(f"resolve {planet} build {body}")
            if p["wsupply"]:
                lines.append(f"resolve {planet} build {body}, 1 worker")
    if p["wsupply"]:
        lines += [f"resolve {planet} build 1 worker", f"resolve {planet} build 2 worker"]
    return lines


def _move_lines(state: dict, seat: str, planet: str, o: dict, rnd: random.Random) -> list[str]:
    routes = {t["route"] for t in transports_of(state, seat)}
    extras = [None]
    if o["special"] and len(transports_of(state, seat)) < BOARD.pieces["transports"]:
        extras += [r for r in BOARD.routes_touching(planet) if r not in routes and any(
            units_in(state, a, seat) for pl in BOARD.routes[r]["planets"] if pl != planet
            for a in BOARD.planet_areas(pl))]
    lines = []
    dests = BOARD.planet_areas(planet)
    for extra in extras:
        usable = routes | ({extra} if extra else set())
        srcs = list(dests)
        for r in sorted(usable):   # a set's order is the process's hash seed: the lines would differ by run
            if planet in BOARD.routes[r]["planets"]:
                srcs += [a for pl in BOARD.routes[r]["planets"] if pl != planet for a in BOARD.planet_areas(pl)]
        pool = [(a, u) for a in dict.fromkeys(srcs) for u in units_in(state, a, seat)]
        if not pool:
            continue
        tail = f"; transport {extra}" if extra else ""
        strong = sorted(pool, key=lambda x: -_might(state, x[1]["type"]))
        for dst in dests:
            room = BOARD.areas[dst]["limit"] - len(units_in(state, dst, seat))
            movers = [(a, u) for a, u in strong if a != dst][:max(room, 0)]
            if movers:
                lines.append(_moves(planet, movers, dst) + tail)
                # leave one unit behind in each area it empties, to keep holding it
                kept, seen = [], {}
                for a, u in movers:
                    seen[a] = seen.get(a, 0) + 1
                    if seen[a] < len(units_in(state, a, seat)):
                        kept.append((a, u))
                if kept and len(kept) < len(movers):
                    lines.append(_moves(planet, kept, dst) + tail)
        # one unit into each area of the planet not held, from areas with more than one
        spare = sorted(((a, u) for a, u in pool), key=lambda x: unit_cost(state, x[1]["type"]))
        counts: dict[str, int] = {}
        for a, _ in pool:
            counts[a] = counts.get(a, 0) + 1
        spread = []
        for dst in dests:
            if controls(state, seat, dst) or state["areas"][dst]["units"] or state["areas"][dst]["base"]:
                continue
            pick = next(((a, u) for a, u in spare if counts[a] > 1 and all(u is not v for _, v, _ in spread)), None)
            if pick:
                spread.append((pick[0], pick[1], dst))
                counts[pick[0]] -= 1
        if spread:
            parts = [f"move 1 {u['type']} {a} {d}" for a, u, d in spread]
            lines.append(f"resolve {planet} " + "; ".join(parts) + tail)
        if extra:
            lines.append(f"resolve {planet} transport {extra}")
    lines += game_candidates(state, seat, planet, o, rnd)[:RANDOM_MOVES]
    return lines


def _might(state: dict, kind: str) -> int:
    u = BOARD.unit(state, kind)
    return u["attack"] + u["health"]


def _moves(planet: str, movers: list, dst: str) -> str:
    groups: dict[tuple[str, str], int] = {}
    for a, u in movers:
        groups[(u["type"], a)] = groups.get((u["type"], a), 0) + 1
    return f"resolve {planet} " + "; ".join(f"move {n} {k} {a} {dst}" for (k, a), n in groups.items())


def strength(state: dict, seat: str) -> float:
    """A player's worth in conquest points, scaled to the common target of 15, plus what the
    end by the second The End Draws Near promises Aldaris."""
    p = state["p"][seat]
    held = controlled(state, seat)
    income = sum(cp_value(state, a) for a in held)
    army = sum(unit_cost(state, u["type"]) for a in held for u in state["areas"][a]["units"] if u["owner"] == seat)
    workers = min(p["pool"] + p["assigned"] + p["unavailable"], len(p["cards"]))
    worth = (p["cp"] + INCOME_ROUNDS * income + RESOURCE_WEIGHT * resource_value(state, seat)
             + BASE_WEIGHT * len(bases_of(state, seat)) + TECH_WEIGHT * p["tech"] + ARMY_WEIGHT * army
             + WORKER_WEIGHT * workers + HAND_WEIGHT * min(len(p["hand"]), HAND_CAP)
             + TRANSPORT_WEIGHT * min(len(transports_of(state, seat)), TRANSPORT_CAP)
             + EVENT_CP_SHARE * max((EVENT_CP.get(BOARD.events[e]["effect"], 0) for e in p["events"]), default=0)
             + (SPECIAL_WEIGHT + SPECIAL_END_WEIGHT * end_near(state)) * special_progress(state, seat, held) ** 2)
    worth *= BOARD.pieces["victory_cp"] / cp_needed(state, seat)
    if p["faction"] == "aldaris":
        bases = len(bases_of(state, seat))
        worth += END_WEIGHT * end_near(state) * (0.0 if not bases else ONE_BASE if bases == 1 else 1.0) \
            * aldaris_share(state, seat)
    return worth


def aldaris_share(state: dict, seat: str) -> float:
    """How surely Aldaris meets the CP part of his condition at the end (§2.1, rules 2: ¾ of the
    leader's CP among the others; rules 1: none), 0 to 1: whole at the share, falling to 0 at
    `ALDARIS_SLACK` CP below it."""
    need = BOARD.rules_of(state)["aldaris_end"]["cp_of_leader"]
    if not need:
        return 1.0
    lead = max((state["p"][s]["cp"] for s in in_game(state) if s != seat), default=0)
    short = need * lead - state["p"][seat]["cp"]
    return 1.0 if short <= 0 else max(0.0, 1.0 - short / ALDARIS_SLACK)


def end_near(state: dict) -> float:
    """How near the end by the second The End Draws Near is (§10 step 8), 0 to 1: the copies
    set aside or in hand (played at the next step 8) count most, the event deck's progress the
    rest (both copies lie in stage III, at the bottom)."""
    need = BOARD.pieces["end_draws_near_to_end"]
    drawn = len(state["set_aside"]) + sum(1 for s in in_game(state) for e in state["p"][s]["events"]
                                          if BOARD.events[e]["effect"] == "end_draws_near")
    total = len(state["event_deck"]) + len(state["event_discard"]) + len(state["set_aside"]) + \
        sum(len(state["p"][s]["events"]) for s in state["seats"])
    used = total - len(state["event_deck"])
    return min(1.0, DRAWN_SHARE * min(drawn, need) / need + (1 - DRAWN_SHARE) * used / max(total, 1))


def special_progress(state: dict, seat: str, held: list[str]) -> float:
    """How far the faction is along its special victory (§2.1), 0 to 1 (Aldaris's needs a base
    when the second The End Draws Near is played: not measured)."""
    f = state["p"][seat]["faction"]
    if f == "raynor":
        return min(1.0, sum(BOARD.areas[a]["kind"] in ("minerals", "gas") for a in held) / 6)
    if f == "mengsk":
        whole = sorted((sum(a in held for a in BOARD.planet_areas(pl)) / len(BOARD.planet_areas(pl))
                        for pl in BOARD.planets), reverse=True)
        return sum(whole[:2]) / 2
    if f == "queen":
        return min(1.0, sum(cp_value(state, a) > 0 for a in held) / 3)
    if f == "overmind":
        return min(1.0, len({BOARD.areas[a]["planet"] for a in held}) / 5)
    if f == "tassadar":
        others = [len(controlled(state, s)) for s in in_game(state) if s != seat]
        lead = len(held) - max(others, default=0)
        return min(1.0, max(0.0, (lead + TASSADAR_SLACK) / (TASSADAR_SLACK + 1)))
    return 0.0


def _shuffled(items, rnd: random.Random) -> list:
    """The items in a uniformly random order: sorted by a random key each, twice as fast as
    `Random.shuffle` (whose Python-level draws were a fifth of a search's time, in every world)."""
    draw = rnd.random
    return sorted(items, key=lambda _: draw())


KIT = StarCraftKit()
