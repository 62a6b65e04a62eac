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
tie-breaker and the economy), bases, tech, the army's worth, and the faction's special
victory progress (§2.1; squared, and worth more as stage III nears, since a special victory
at step 7 comes before the end at step 8) — as a lead over the strongest opponent, squashed
into (0, 1). Aldaris with a base adds up to a whole game's worth as the second The End Draws
Near comes (§10 step 8): that end closes nine random games in ten, and Aldaris then wins.

The faction is claimed without search, by how often each faction won random games (Aldaris
first: 35 % of the 2-player and 58 % of the 4-player games, against a fair 17 %), since no
playout from the lobby reaches the end.
"""
from __future__ import annotations

import math
import random

from core.game import Prompt, copy_state
from core.kit import BaseKit

from . import setup
from .board import BOARD
from .common import base_planets, bases_of, controlled, in_game, turn_order, unit_cost
from .endgame import cp_needed, resource_value
from .game import GAME

# added to the view and recomputed by it: never part of the state
VIEW_ONLY_PLAYER = ("hand_count", "events_count", "orders_left")
# the factions by how often each won 300 random games of 2 and 4 players (Aldaris 35 % and 58 %)
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


class StarCraftKit(BaseKit):
    game = GAME

    def determinize(self, view: dict, seat: str, rnd: random.Random) -> dict:
        state = copy_state(view)
        state.pop("event_stages", None)
        state["areas"] = {a: view["areas"].get(a) and copy_state(view["areas"][a]) or {"units": [], "base": None}
                          for a in BOARD.areas}
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
            cards = sorted(c for c in BOARD.combat if c.startswith(pre + "-"))
            if s == seat:
                known = set(q["hand"]) | set(q["discard"])
                q["deck"] = _shuffled([c for c in cards if c not in known], rnd)
                continue
            rnd.shuffle(cards)
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
        unseen = [e for e in sorted(BOARD.events) if e not in set(mine) | set(state["set_aside"])]
        rnd.shuffle(unseen)
        deck = []
        for stage in ("I", "II", "III"):      # the deck is I on top, then II, then III (§3.6)
            of_stage = [e for e in unseen if BOARD.events[e]["stage"] == stage][:view["event_stages"][stage]]
            deck += of_stage
        rest = [e for e in unseen if e not in set(deck)]
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
                rnd.choice(orders)["special"] = True

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
                cards[s] = None if not hand or rnd.random() < CARD_NONE_CHANCE else rnd.choice(hand)
        state["battle"] = {"area": b["area"], "attacker": b["attacker"], "defender": b["defender"],
                           "cards": cards, "origins": dict(b["origins"])}

    def candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random) -> list[str]:
        if state["phase"] == "factions":          # no search: the factions' record in play (module docstring)
            free = setup.claimable(state)
            return [f"faction {next(f for f in FACTION_PREFERENCE + tuple(free) if f in free)}"]
        return super().candidates(state, seat, prompt, rnd)

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


def strength(state: dict, seat: str) -> float:
    """A player's worth in conquest points, scaled to the common target of 15, plus what the
    end by the second The End Draws Near promises Aldaris."""
    p = state["p"][seat]
    held = controlled(state, seat)
    income = sum(BOARD.areas[a]["value"] for a in held if BOARD.areas[a]["kind"] == "cp")
    army = sum(unit_cost(u["type"]) for a in held for u in state["areas"][a]["units"] if u["owner"] == seat)
    worth = (p["cp"] + INCOME_ROUNDS * income + RESOURCE_WEIGHT * resource_value(state, seat)
             + BASE_WEIGHT * len(bases_of(state, seat)) + TECH_WEIGHT * p["tech"] + ARMY_WEIGHT * army
             + (SPECIAL_WEIGHT + SPECIAL_END_WEIGHT * end_near(state)) * special_progress(state, seat, held) ** 2)
    worth *= BOARD.pieces["victory_cp"] / cp_needed(state, seat)
    if p["faction"] == "aldaris":
        bases = len(bases_of(state, seat))
        worth += END_WEIGHT * end_near(state) * (0.0 if not bases else ONE_BASE if bases == 1 else 1.0)
    return worth


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
        return min(1.0, sum(BOARD.areas[a]["kind"] == "cp" for a in held) / 3)
    if f == "overmind":
        return min(1.0, len({BOARD.areas[a]["planet"] for a in held}) / 5)
    if f == "tassadar":
        others = [len(controlled(state, s)) for s in in_game(state) if s != seat]
        lead = len(held) - max(others, default=0)
        return min(1.0, max(0.0, (lead + TASSADAR_SLACK) / (TASSADAR_SLACK + 1)))
    return 0.0


def _shuffled(items: list, rnd: random.Random) -> list:
    rnd.shuffle(items)
    return items


KIT = StarCraftKit()
