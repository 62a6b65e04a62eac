"""What the robot's search needs from Ludi Gladiatorii (issue #22): a sampler of the hidden
part, a heuristic value, and the lines worth trying.

Hidden here is only the order of the three decks (§11.1): the view shows their sizes. Their
contents follow from the public table — every veteran, combat card and event not seen
elsewhere — so a determinization deals exactly those cards in a fresh random order. The one
exception is the event deck, whose used events the view does not list once they leave the
table: the sample takes the right number from the events not in force now (events are off by
default, §14.1).

The value (§1.2, §9.1): points first, then what wins points later — the school's combat (fights,
§5.2), its building room (gladiators and auctions, §4.3) and coins (auctions, §7) — as a lead
over the strongest opponent, squashed into (0, 1).

The lines searched: of the 10–30 a Main phase allows, the three best by a one-ply look — the
value once the line is played and, for a fight, once the fight is over (the defender and the
cheers answered by the rules' own defaults, §9.5), over three orders of the combat deck. A
search of a tenth of a second cannot try thirty lines; ranked first, it beats the greedy player.
"""
from __future__ import annotations

import math
import random

import orjson

from core.errors import RulesError
from core.game import Prompt, copy_state
from core.kit import BaseKit

from .common import MAX_BUILDINGS, WIN_POINTS, points
from .data import E, G, K
from .game import GAME
from .states import main_lines

# added to the view and recomputed by it: never part of the state
VIEW_ONLY = ("points", "phase", "prompt")
# how much a unit of each quantity is worth in points (§1.2: 7 points win)
COMBAT_WEIGHT = 0.25      # a school's summed combat, for fights still to win
COIN_WEIGHT = 0.08        # coins buy veterans at auction (§7)
COIN_CAP = 10             # beyond this, coins buy nothing more in practice
BUILDING_WEIGHT = 0.2     # each building is room for one more gladiator (§4.3.1) and an effect
LEAD_SCALE = 0.9          # a lead of one point ≈ 71 % (logistic)
# the lines the search considers: the best few by a one-ply look (`LudiKit.candidates`)
RANKED_LINES = 3
FIGHT_SAMPLES = 3         # orders of the combat deck a fight is judged over
FORCED = ("defend", "cheer")   # answered by the rules' defaults when a fight is judged
SETTLE_STEPS = 6
UNSEEN = ("vdeck", "cdeck", "edeck", "seen", "rng")   # not part of what ranks the lines
RANK_CACHE = 2_000           # states ranked, kept (a few kB each)


class LudiKit(BaseKit):
    game = GAME

    def determinize(self, view: dict, seat: str, rnd: random.Random) -> dict:
        state = copy_state(view)
        for key in VIEW_ONLY:
            state.pop(key, None)
        auction = state["auction"] or {}
        revealed = auction.get("revealed", []) if not auction.get("done") else []
        placed = set(state["gl"]) | set(state["tiros"]) | set(state["vdiscard"]) | set(revealed)
        state["vdeck"] = _shuffled([g for g in sorted(G) if G[g]["kind"] == "veteran" and g not in placed], rnd)
        fight_card = [state["fight"]["card"]] if state["fight"] and state["fight"].get("card") else []
        state["cdeck"] = _shuffled([c for c in sorted(K) if c not in set(state["cdiscard"]) | set(fight_card)], rnd)
        unseen_events = [e for e in sorted(E) if e != state.get("event")]
        state["edeck"] = rnd.sample(unseen_events, min(view["edeck"], len(unseen_events)))
        # `seen` only names the deck cards that may be spoken of (secrets): every card outside a deck
        state["seen"] = sorted(placed | set(state["cdiscard"]) | set(fight_card)
                               | ({state["event"]} if state.get("event") else set()))
        state["rng"] = {"seed": f"robot-{rnd.getrandbits(64):016x}", "n": 0}
        return state

    def __init__(self) -> None:
        self._judged: dict[tuple, dict[str, float]] = {}   # the one-ply values of a state's lines

    def candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random) -> list[str]:
        """The best few lines by a one-ply look (below): a Main phase offers 10–30 lines and a
        search of a tenth of a second cannot try them all, while the value ranks them well.
        Every line the Main phase allows is judged (the prompt's buttons stop at 19, its
        templates cover the rest); the other prompts' buttons are already all of them."""
        top = state["stack"][-1] if state["stack"] else None
        if top and top["s"] == "main" and top["seat"] == seat:
            lines = [line for lines in main_lines(state, seat).values() for line in lines] + ["end"]
        else:
            lines = list(dict.fromkeys((*prompt.actions, *prompt.private)))
        if len(lines) <= RANKED_LINES:
            return lines
        values = self._values(state, seat, prompt, lines)
        return sorted(lines, key=lambda line: -values[line])[:RANKED_LINES]

    def line_values(self, state: dict, seat: str, prompt: Prompt, lines: list[str]) -> dict[str, float]:
        """The search's prior for the root's lines: the one-ply look that ranked them (a fight
        judged once it is over), not the bare value after the line (a fight not yet fought)."""
        return self._values(state, seat, prompt, lines)

    def _values(self, state: dict, seat: str, prompt: Prompt, lines: list[str]) -> dict[str, float]:
        key = (seat, orjson.dumps({k: v for k, v in state.items() if k not in UNSEEN}))
        values = self._judged.get(key)
        if values is None:
            if len(self._judged) >= RANK_CACHE:
                self._judged.clear()
            values = self._judged[key] = {}
        missing = [line for line in lines if line not in values]
        for line in missing:   # the prompt handed down: the rules do not compute it again for each line
            values[line] = self.one_ply(state, seat, line, prompt)
        return values

    def one_ply(self, state: dict, seat: str, line: str, prompt: Prompt | None = None) -> float:
        """The value of `line` for `seat` once the fight it starts is over (the defender and the
        cheers answered by the rules' own defaults, §9.5), averaged over a few orders of the
        combat deck for a fight; −1 when the line is refused."""
        samples = FIGHT_SAMPLES if line.startswith("fight") else 1
        shuffle = random.Random(line)
        total = 0.0
        for k in range(samples):
            world = state
            if k:
                world = dict(state)
                world["cdeck"] = shuffle.sample(state["cdeck"], len(state["cdeck"]))
            try:
                after = _play(world, seat, line, prompt)
                for _ in range(SETTLE_STEPS):
                    top = after["stack"][-1] if after["stack"] and not after["result"] else None
                    if top is None or top["s"] not in FORCED:
                        break
                    after = _play(after, top["seat"], GAME.default_line(after, top["seat"]))
            except RulesError:
                return -1.0
            total += self.evaluate(after, seat)
        return total / samples

    def playout_line(self, state: dict, seat: str, rnd: random.Random) -> str:
        """The search's playouts answer a fight as the one-ply look judges it (the strongest
        defender, the cheers by the rules' defaults, §9.5), not at random: a random defender
        makes every attack look better than it is against a player who defends well."""
        top = state["stack"][-1] if state["stack"] else None
        if top is not None and top["s"] in FORCED and top["seat"] == seat:
            return GAME.default_line(state, seat)
        return GAME.sample(state, seat, rnd)

    def evaluate(self, state: dict, seat: str) -> float:
        done = self.result(state, seat)
        if done is not None:
            return done
        mine = strength(state, seat)
        best_other = max(strength(state, s) for s in state["seats"] if s != seat)
        return 1.0 / (1.0 + math.exp(-LEAD_SCALE * (mine - best_other)))


def strength(state: dict, seat: str) -> float:
    """A school's worth in points: its points (§9.1) plus what will earn more."""
    p = state["p"][seat]
    combat = sum(G[g]["combat"] + (1 if G[g]["shield"] else 0) * 0.5 for g in p["gl"])
    return (min(points(state, seat), WIN_POINTS) + COMBAT_WEIGHT * combat
            + COIN_WEIGHT * min(p["coins"], COIN_CAP) + BUILDING_WEIGHT * min(len(p["bld"]), MAX_BUILDINGS))


def _play(state: dict, seat: str, line: str, prompt: Prompt | None = None) -> dict:
    prompt = prompt or GAME.prompts(state)[seat]
    return GAME.apply(state, seat, GAME.parse(line, private=GAME.sent_privately(line, prompt)))[0]


def _shuffled(items: list, rnd: random.Random) -> list:
    rnd.shuffle(items)
    return items


KIT = LudiKit()
