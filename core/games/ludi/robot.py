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
value once the line is played and, for a line that draws a combat card (a fight, a defender
chosen), once the fight is over (the defender and the cheers answered by the rules' own
defaults, §9.5), as the exact expectation over the cards the combat deck holds: its contents
are public (§11.1), so a fight is a chance node the look can weigh exactly, where a few sampled
orders judged it by luck. Palaestra's training is judged by the best fight it prepares (alone
it changes nothing the value sees). A search of a tenth of a second cannot try thirty lines.
The root alone may hold more (`root_breadth`, a level's `breadth`: level 5's 6, robots/levels.py):
the look's 3 are often one idea twice, and never a demolition that makes room for a building with
points (§5.4.2), which the look sees only as a building lost and the playouts see built.

The playouts: 12 actions after the tree (the rest of the turn and most of the next), played as a
plain player would (`playout_line`), not at random. The greedy player looks as far as the
one-ply value; what the search adds is what the next actions make of a line: the fight that
follows a training, the defender the opponent keeps, the auction a free building opens. With
random playouts (4 actions) the robot won about half its games against the greedy player; with
these, 54 of 100 at 0.1 s of one core and 73 of 100 at 0.25 s (docs/balance.md, Ludi).
"""
from __future__ import annotations

import math
import random

import orjson

from core import draws
from core.errors import RulesError
from core.game import NO_PRIVATE, Ctx, Prompt, copy_state
from core.kit import BaseKit

from .actions import gladiator, player, split_with
from .combat import best_defender
from .common import MAX_BUILDINGS, WIN_POINTS, attack_value, defence_value, defenders, points
from .data import B, E, G, K
from .game import GAME
from .names import match
from .states import build_lines, fight_lines, main_lines, work_lines

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
FORCED = ("defend", "cheer")   # answered by the rules' defaults when a fight is judged
SETTLE_STEPS = 6
FIGHT_ODDS = 0.4          # a playout fights at these odds or better: an even fight (§6.3 ties score nothing)
WIN_CHANCE = {m: sum(1 for c in K.values() if m + c["swords"] - c["shields"] > 0) / len(K) for m in range(-3, 4)}
PLAYOUT_DEPTH = 12        # actions after the tree: the rest of a turn and most of the next (a turn is 5–10)
PREPARING = ("train",)          # lines judged by the fight they prepare (`LudiKit._prepared`)
PREPARED_FIGHTS = 6              # of the fights after one, the strongest attackers' (fight_lines' order)
UNSEEN = ("vdeck", "cdeck", "edeck", "seen", "rng")   # not part of what ranks the lines
RANK_CACHE = 2_000           # states ranked, kept (a few kB each)


class LudiKit(BaseKit):
    game = GAME
    playout_depth = PLAYOUT_DEPTH
    root_breadth = RANKED_LINES   # the root's lines unless a level widens them (Settings.breadth)

    def determinize(self, view: dict, seat: str, rnd: random.Random) -> dict:
        state = copy_state(view)
        for key in VIEW_ONLY:
            state.pop(key, None)
        auction = state["auction"] or {}
        revealed = auction.get("revealed", []) if not auction.get("done") else []
        placed = set(state["gl"]) | set(state["tiros"]) | set(state["vdiscard"]) | set(revealed)
        state["vdeck"] = _shuffled([g for g in sorted(G) if G[g]["kind"] == "veteran" and g not in placed], rnd)
        fight_card = [state["fight"]["card"]] if state["fight"] and state["fight"].get("card") else []
        out_of_deck = set(state["cdiscard"]) | set(fight_card)   # built once, not once per card
        state["cdeck"] = _shuffled([c for c in sorted(K) if c not in out_of_deck], rnd)
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
        return self.root_candidates(state, seat, prompt, rnd)

    def root_candidates(self, state: dict, seat: str, prompt: Prompt, rnd: random.Random,
                        breadth: int = RANKED_LINES) -> list[str]:
        """The root's lines: the best `breadth` by the one-ply look, as `candidates` (a level's
        `breadth` widens the root alone: Settings.breadth)."""
        top = state["stack"][-1] if state["stack"] else None
        if top and top["s"] == "main" and top["seat"] == seat:
            lines = [line for lines in main_lines(state, seat).values() for line in lines] + ["end"]
        else:
            lines = list(dict.fromkeys((*prompt.actions, *prompt.private)))
        if len(lines) <= breadth:
            return lines
        values = self._values(state, seat, prompt, lines)
        return sorted(lines, key=lambda line: -values[line])[:breadth]

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
        cheers answered by the rules' own defaults, §9.5): for a fight, the exact expectation over
        the cards the combat deck holds (§6.2; its contents are public, only its order is not),
        one card played for each outcome the cards can give; −1 when the line is refused."""
        if line.startswith(PREPARING):
            return self._prepared(state, seat, line, prompt)
        draws = self._fight_draws(state, seat, line) if line.startswith(("fight", "defend")) else None
        try:
            if draws is None:
                return self.evaluate(_settled(_play(state, seat, line, prompt)), seat)
            decks, undrawn = draws
            total = 0.0
            if undrawn:
                # the fight declared once: its card is drawn only once the defender is chosen (§5.2.2),
                # so each world is the declared fight with its own deck, not the fight declared again
                declared = _play(state, seat, line, prompt)
                for i, (deck, weight) in enumerate(decks):
                    world = declared if i == len(decks) - 1 else GAME.copied(declared)   # the last one: itself
                    _dealt(world, deck, state)
                    total += weight * self.evaluate(_settled(world), seat)
                return total
            for deck, weight in decks:
                world = dict(state)
                _dealt(world, deck, state)
                total += weight * self.evaluate(_settled(_play(world, seat, line, prompt)), seat)
            return total
        except RulesError:
            return -1.0

    def _prepared(self, state: dict, seat: str, line: str, prompt: Prompt | None) -> float:
        """A line that only prepares a fight (Palaestra's training, §2.5; a chain, §5.6) is worth
        what the best fight it prepares is worth: judged alone it changes nothing the value
        sees, and would never be tried."""
        try:
            after = _play(state, seat, line, prompt)
        except RulesError:
            return -1.0
        fights = main_lines(after, seat)["fight"] if after["stack"] and after["stack"][-1]["s"] == "main" else []
        return max([self.one_ply(after, seat, f) for f in fights[:PREPARED_FIGHTS]] + [self.evaluate(after, seat)])

    def _fight_draws(self, state: dict, seat: str, line: str) -> tuple[list[tuple[list[str], float]], bool] | None:
        """For a line that draws a combat card (a fight declared, a defender chosen): the deck's
        cards grouped by what they do to this fight (§6.1–§6.5: who wins, by 2 or more or not,
        skull or not), one deck per group with one of its cards on top, weighted by the group's
        share of the deck; and whether the card is still undrawn once the line is played (a fight
        on a school of several defenders, whose choice comes first, §5.2.2). None when the line is
        not judged so (a line the rules refuse: `one_ply` plays it once and learns why)."""
        undrawn = False
        try:
            text = GAME.parse(line).args[0]
            if line.startswith("fight"):
                foe_text, att_text = split_with(text, "fight <player> with <gladiator>")
                foe, att = player(state, foe_text), gladiator(state, seat, att_text)
                able = defenders(state, foe)
                if not able or foe == seat:
                    return None
                dfn = able[0] if len(able) == 1 else best_defender(state, foe)
                undrawn = len(able) > 1
            else:
                fight = state["fight"]
                att = fight["att"]
                dfn = match(text, {g: G[g]["name"] for g in defenders(state, seat)}, "gladiator")
        except (RulesError, IndexError, KeyError, TypeError):
            return None
        edge = attack_value(state, att) - defence_value(state, dfn)
        deck = state["cdeck"] or sorted(state["cdiscard"])
        groups: dict[tuple, list[str]] = {}
        for card in deck:
            c = K[card]
            margin = edge + c["swords"] - c["shields"]
            outcome = 2 if margin >= 2 else (margin > 0) - (margin < 0)    # Tabularium pays a win by 2 (§2.5)
            groups.setdefault((outcome, bool(c["skull"]) and outcome != 0), []).append(card)
        decks = []
        for cards in groups.values():
            rest = [c for c in deck if c != cards[0]]
            decks.append(([cards[0]] + rest, len(cards) / len(deck)))
        return (decks, undrawn) if decks else None

    def playout_line(self, state: dict, seat: str, rnd: random.Random) -> str:
        """The search's playouts play as a plain player would, not at random (a random player
        fights with gladiators that cannot win and bids for what it cannot use, so every line
        looks alike behind it): a fight answered by the strongest defender (the deadline's
        default, §9.5); in the Main phase, the strongest ready gladiator fights where it wins at
        least `FIGHT_ODDS` of the deck's cards (§6), else a building with points is built
        (§9.1), else a gladiator works (§5.3); an auction is held, the strongest veteran picked
        and bid for at the lowest bid when he fights better than the school's weakest (§7)."""
        top = state["stack"][-1] if state["stack"] else None
        if top is None or top["seat"] != seat:
            return GAME.sample(state, seat, rnd)
        kind = top["s"]
        if kind in FORCED or kind == "start" or (kind == "main" and state["p"][seat]["train"]):
            return GAME.default_line(state, seat)
        if kind == "main":
            return _main_policy(state, seat)
        if kind == "pick":
            best = max(state["auction"]["revealed"], key=lambda g: (_worth(g), g))
            return f"pick {G[best]['name']}"
        if kind == "bid":
            prompt = GAME.prompts(state)[seat]
            bids = [line for line in prompt.actions if line != "pass"]
            mine = state["p"][seat]["gl"]
            weakest = min((_worth(g) for g in mine), default=0.0)
            wanted = len(mine) < len(state["p"][seat]["bld"]) and _worth(state["auction"]["vet"]) > weakest
            return bids[0] if bids and wanted else "pass"
        if kind == "release":
            weakest = min(state["p"][seat]["gl"], key=lambda g: (_worth(g), g))
            return f"release {G[weakest]['name']}"
        if kind == "offer":
            return "auction"
        return GAME.sample(state, seat, rnd)

    def evaluate(self, state: dict, seat: str) -> float:
        done = self.result(state, seat)
        if done is not None:
            return done
        mine = strength(state, seat)
        best_other = max(strength(state, s) for s in state["seats"] if s != seat)
        return 1.0 / (1.0 + math.exp(-LEAD_SCALE * (mine - best_other)))


# each gladiator's combat as `strength` counts it, a shield half a point (worked out once: the search
# values thousands of states a second)
_FIGHTING = {g: G[g]["combat"] + (1 if G[g]["shield"] else 0) * 0.5 for g in G}


def strength(state: dict, seat: str) -> float:
    """A school's worth in points: its points (§9.1) plus what will earn more."""
    p = state["p"][seat]
    combat = sum([_FIGHTING[g] for g in p["gl"]])
    return (min(points(state, seat), WIN_POINTS) + COMBAT_WEIGHT * combat
            + COIN_WEIGHT * min(p["coins"], COIN_CAP) + BUILDING_WEIGHT * min(len(p["bld"]), MAX_BUILDINGS))


def _worth(gid: str) -> float:
    """A gladiator's fighting worth, as `strength` counts it."""
    return G[gid]["combat"] + (0.5 if G[gid]["shield"] else 0.0)


def _main_policy(state: dict, seat: str) -> str:
    """The playouts' Main phase (`LudiKit.playout_line`): its groups of lines (states.main_lines)
    each worked out only when the one before gave nothing to play (a playout's state is new: no
    line of it is remembered), and never the chains and demolitions it does not play."""
    fights = fight_lines(state, seat)
    for line in fights[:1]:
        text = line[len("fight "):]
        foe_text, att_text = split_with(text, "fight <player> with <gladiator>")
        att = gladiator(state, seat, att_text)
        attack = attack_value(state, att)
        # the opponent whose strongest defender is weakest (fight_lines lists every opponent per attacker)
        options = []
        for other in fights:
            if other.endswith(f" with {G[att]['name']}"):
                foe = player(state, split_with(other[len("fight "):], "fight <player> with <gladiator>")[0])
                guard = max(defence_value(state, g) for g in defenders(state, foe))
                options.append((attack - guard, other))
        margin, best = max(options)
        if WIN_CHANCE.get(max(-3, min(3, margin)), 0.0) >= FIGHT_ODDS:
            return best
    for line in build_lines(state, seat):
        name = line[len("build "):].split(" with ")[0]
        if any(B[b]["vp"] and B[b]["name"] == name for b in state["centre"]):
            return line
    work = work_lines(state, seat)
    if work:
        return work[-1]                 # ready gladiators in the school's order: the last bought
    return "end"


def _dealt(world: dict, deck: list[str], state: dict) -> None:
    """A world of `_fight_draws`: `deck` is the combat deck (rebuilt from the discard where the
    state's is empty, §6.2, so the discard is then empty too)."""
    world["cdeck"] = deck
    if not state["cdeck"]:
        world["cdiscard"] = []


def _settled(after: dict) -> dict:
    """`after` (the look's own state) once the fight's defender and cheers are answered by the
    rules' defaults (§9.5), each applied to it in place: a default is always accepted by
    `Ludi.apply`'s checks (its seat's own prompt, one of that prompt's verbs, the game not over),
    so only the handler is run, not the checks and a copy of the state."""
    for _ in range(SETTLE_STEPS):
        top = after["stack"][-1] if after["stack"] and not after["result"] else None
        if top is None or top["s"] not in FORCED:
            break
        seat = top["seat"]
        line = GAME.default_line(after, seat)
        GAME._apply(_Unsaid(after, seat, GAME.parse(line, private=GAME.sent_privately(line, NO_PRIVATE))))
    return after


class _Unsaid(Ctx):
    """The rules' context for the defaults `_settled` plays: what they say and show is let go at once
    (no rule reads its events back, and the look reads only the state they leave)."""

    def say(self, text, kind: str = "info", **data) -> None:
        pass

    def tell(self, seats, text, kind: str = "info", **data) -> None:
        pass

    def reveal(self, text, **data) -> None:
        pass

    def picture(self, seats=None) -> None:
        pass


def _play(state: dict, seat: str, line: str, prompt: Prompt | None = None) -> dict:
    # Ludi's prompts offer no private line (Game.private_lines), so a line goes privately where its verb
    # is private: the prompt is not worked out for that alone (the one-ply look answers a fight's
    # defender and cheers by their defaults, a dozen states a line)
    return GAME.apply(state, seat, GAME.parse(line, private=GAME.sent_privately(line, prompt or NO_PRIVATE)))[0]


def _shuffled(items: list, rnd: random.Random) -> list:
    draws.shuffle(rnd, items)
    return items


KIT = LudiKit()
