"""What the robots' search (`robots.search`) needs from Successors (issue #22).

- determinize: the Tyche cards a seat has not seen (the deck, the others' hands, the face-down
  table cards, the cards another seat looks at with #53) are dealt at random in the counts the
  view shows; the others' standing orders (§4.7 armed Surprise cards) are drawn from the
  Surprise cards so dealt to them; a fresh dice seed. Everything else is public.
- evaluate: each seat's LP + VP (the two roads to victory, §10.1–§10.3), plus its army
  (CUs on the map), fleets and the heirs it controls (the Regency check of §10.3), compared
  with the best of the others' through a logistic curve; a finished game is 1 or 0.
"""
from __future__ import annotations

import math
import random
from operator import itemgetter

import orjson

from core import draws
from core.errors import RulesError
from core.game import copy_state
from core.kit import BaseKit, default_candidates

from . import cards, flow, legitimacy, scoring, strategy, surprise
from .board import BOARD
from .common import card_tag
from .control import remember
from .forces import generals_of
from .game import GAME, TO_PELLA
from .setup import deck_of

# the force in motion's own bookkeeping (activation.py): what a march back or a royal taken up again
# leaves different although the position is the same (robots/purpose.py)
MOTION_BOOKKEEPING = ("mp", "path", "sally", "sea", "tried")   # not "reroll": a re-roll is a choice
ARM_CHANCE = 0.3       # how likely another seat has armed each Surprise card it holds (§4.7)
DERIVED = ("summary", "sieges")   # view keys computed from the state, not part of it

# weights of the heuristic, in LP/VP units
CU_WEIGHT = 0.25               # a CU is a quarter of a point: armies win battles, hold cities, carry royals
FLEET_WEIGHT = 0.2
HEIR_WEIGHT = 2.0              # an active heir controlled: the Regency check when he comes of age (§10.3)
LP_WEIGHT = 1.2                # 18 LP wins at once (§10.1), 23 VP does (§10.2)
SCALE = 4.0                    # a lead of 4 points ≈ 73 %
PELLA_PULL = 0.5               # of the Pella burial's worth (§9.6.4, 10 LP), what carrying the Cart beside Pella
#                                is worth in Turns I–III: a robot marches it there over several activations
BURIAL_TURNS = (1, 2, 3)       # the Cart can still reach a Pella burial (§9.6.3: Turns II and III)
PC_VARIANTS = 2                # random choices of PC spaces offered per card (§4.4.3)

# what `scores` reads of a state: LP's parts (legitimacy.LP_INPUTS), VP's (scoring.all_vp), the turn (the
# Cart's pull, BURIAL_TURNS); and of each seat, LP's flags (legitimacy.LP_FLAGS), its fleets and King's Favour
SCORED = (*legitimacy.LP_INPUTS, "ifleets_disp", "turn")
SCORED_FLAGS = (*legitimacy.LP_FLAGS, "fleets", "favour")
# read by itemgetter, not a dict made of them: the key's dict cost a third of a remembered leaf's value;
# "rules" alone may be absent (a game of the old rules, setup.py), so it is read apart, with its presence
_SCORED_PARTS = itemgetter(*(k for k in SCORED if k != "rules"))
_SCORED_FLAGS = itemgetter(*SCORED_FLAGS)
SCORES_MEMO = 1024             # the scores remembered: a search of 1 s values a few thousand leaves
_scores_memo: dict = {}


class SuccessorsKit(BaseKit):
    game = GAME
    # No random playout after the tree: one Successors action moves the heuristic little and a
    # random one much (a battle thrown away), and a playout costs ~1 ms an action, so the tree's
    # leaves are valued as they stand (arena, 0.1 s of one core a decision: 9 of 10 against greedy).
    playout_depth = 0
    # 8 worlds drawn once a decision, each node keeping its state in each (robots/search.py, issue 37):
    # 4.07 -> 2.12 M instructions an iteration; 4 worlds won as often, 2 clearly less (docs/balance.md)
    kept_worlds = 8

    def determinize(self, view: dict, seat: str, rnd: random.Random) -> dict:
        state = copy_state({k: v for k, v in view.items() if k not in DERIVED})   # the summary is not copied
        mine = state["p"][seat]
        seen = set(mine["hand"]) | set(state["discard"]) | set(state["removed"])
        for d in state.get("stack", []):
            if isinstance(d.get("cards"), list):
                seen |= set(d["cards"])
        unseen = [c for c in deck_of(state) if c not in seen]
        draws.shuffle(rnd, unseen)

        def deal(n: int) -> list[int]:
            dealt = unseen[:n]
            del unseen[:n]
            return dealt

        for s in state["seats"]:
            if s == seat:
                continue
            p = state["p"][s]
            p["hand"] = deal(p["hand"])
            armable = [c for c in p["hand"] if c in surprise.SURPRISE_WINDOWS
                       and surprise.is_surprise(state, c) and surprise.SURPRISE_WINDOWS[c] != ("W7",)]
            armed = [c for c in armable if rnd.random() < ARM_CHANCE]
            if armed:
                p["armed"] = armed
        for d in state.get("stack", []):
            if isinstance(d.get("cards"), int):
                d["cards"] = deal(d["cards"])
        state["table"] = deal(state["table"])
        state["deck"] = unseen
        state["rng"] = {"seed": "%032x" % rnd.getrandbits(128), "n": 0}
        return state

    def activation(self, view: dict):
        """The force in motion's activation (§4.5, §5.10): its seat, generals or army, kind and
        starting space in this segment; None when no force moves."""
        act = view.get("act")
        if not act:
            return None
        return (view.get("turn"), view.get("round"), view.get("segment"), act["seat"], tuple(act.get("gens") or ()),
                act.get("army"), act.get("kind"), (act.get("path") or [act.get("at")])[0])

    def position_key(self, view: dict) -> bytes:
        """The view without what is derived from it, the force's movement bookkeeping and the
        interceptions merely offered."""
        position = {k: v for k, v in view.items() if k not in DERIVED}
        # an interception only offered (§5.8) leaves the position as it was if declined; one fought changes it
        position["stack"] = [d for d in position.get("stack") or () if d.get("kind") != "intercept"]
        if position.get("act"):
            position["act"] = {k: v for k, v in position["act"].items() if k not in MOTION_BOOKKEEPING}
        return orjson.dumps(position, option=orjson.OPT_SORT_KEYS)

    def scores(self, state: dict) -> dict[str, float]:
        """Each seat's standing in points (LP + VP and what wins them), remembered by the parts of the
        state they are made of (SCORED, and each seat's SCORED_FLAGS): a search's leaves often differ
        only where these do not (a die, a card, the force's MP), so most are found, not worked out."""
        part = (_SCORED_PARTS(state), "rules" in state, state.get("rules"),
                [(s, _SCORED_FLAGS(q)) for s, q in state["p"].items()])
        return dict(remember(_scores_memo, orjson.dumps(part), self.fresh_scores, state, size=SCORES_MEMO))

    def fresh_scores(self, state: dict) -> dict[str, float]:
        """`scores` worked out afresh."""
        seats = state["seats"]
        lps, vps = legitimacy.all_lp(state), scoring.all_vp(state)
        cus = dict.fromkeys(seats, 0)
        for by in state["cus"].values():
            for owner, c in by.items():
                if owner in cus:
                    cus[owner] += sum(c.values())
        out = {}
        for s in seats:
            fleets = sum(state["p"][s]["fleets"])
            out[s] = LP_WEIGHT * lps[s] + vps[s] + CU_WEIGHT * cus[s] + FLEET_WEIGHT * fleets
        for heir in ("alexander_iv", "herakles"):
            owner = legitimacy.royal_controller(state, heir)
            if owner in out:
                out[owner] += HEIR_WEIGHT
        carrier = legitimacy.body_controller(state) if state["turn"] in BURIAL_TURNS else None
        if carrier in out:
            out[carrier] += pella_pull(state["body"]["at"])
        return out

    def evaluate_all(self, state: dict) -> dict[str, float]:
        seats = state["seats"]
        result = state.get("result")
        if result:
            winner = result["winner"]
            winners = winner if isinstance(winner, list) else [winner]
            return {s: (1.0 / len(winners) if s in winners else 0.0) for s in seats}
        scores = self.scores(state)
        # the best of the others' is the best score, or for the seat holding it the next (equal where
        # two hold it): the two best sorted once for all seats, not each seat's others scanned
        top, second = sorted(scores.values(), reverse=True)[:2]
        out = {}
        for s in seats:
            mine = scores[s]
            out[s] = 1.0 / (1.0 + math.exp(-(mine - (second if mine == top else top)) / SCALE))
        return out

    def evaluate(self, state: dict, seat: str) -> float:
        return self.evaluate_all(state)[seat]

    def line_values(self, state: dict, seat: str, prompt, lines: list[str]) -> dict[str, float]:
        """The one-ply look at a line that starts a march (§4.4.1, §5.1: `activate G`, `play C march G`):
        the starting changes nothing by itself, so it is valued by its best first step (or by standing,
        where no step is better). Without this a one-ply look never activates a force, and the Cart
        never leaves for Pella (§9.6.4). The other lines: the search's own one-ply value (not given here)."""
        out = {}
        for line in lines:
            if not (line.startswith("activate ") or " march " in line):
                continue
            try:
                after = play(state, seat, prompt, line)
            except RulesError:
                continue
            step = GAME.prompts(after).get(seat)
            if not (after.get("act") or {}).get("seat") == seat or step is None:
                continue
            best = self.evaluate(after, seat)
            for move in step.actions:
                if move.startswith("move "):
                    try:
                        best = max(best, self.evaluate(play(after, seat, step, move), seat))
                    except RulesError:
                        continue
            out[line] = best
        return out

    def candidates(self, state, seat, prompt, rnd):
        """The prompt's complete lines; in a Tyche segment also the OP uses with free arguments
        (§4.4.3 PCs, §4.4.1 march, recruit), which the prompt only names as templates: PCs on a
        few random choices of the legal spaces, a march for each general on the map, a recruit."""
        lines = list(dict.fromkeys((*prompt.actions, *prompt.private)))
        if flow.current(state) == "tyche":
            lines += [line for line in self._op_lines(state, seat, rnd) if line not in lines]
        return lines or default_candidates(self.game, state, seat, prompt, rnd)

    def _op_lines(self, state: dict, seat: str, rnd: random.Random) -> list[str]:
        hand = [c for c in sorted(state["p"][seat]["hand"]) if cards.ops_of(state, c)]
        if not hand:
            return []
        strongest = max(hand, key=lambda c: cards.ops_of(state, c))
        weakest = min(hand, key=lambda c: cards.ops_of(state, c))
        out = []
        targets = strategy.pc_targets(state, seat)
        for card in dict.fromkeys((strongest, weakest)):
            if targets:
                for _ in range(PC_VARIANTS):
                    chosen = rnd.sample(targets, min(cards.ops_of(state, card), len(targets)))
                    out.append(f"play {card_tag(card)} pc " + " ".join(chosen))
        for g in generals_of(state, seat):
            where = state["gens"][g]
            if where["at"] in BOARD.spaces and not where["in"]:     # inside: Activation segment only (§7.10)
                out.append(f"play {card_tag(strongest)} march {g}")
        if cards.ops_of(state, strongest) >= 3 and strategy._in_play(state, seat) < state["p"][seat]["limit"] \
                and generals_of(state, seat, "reserve"):
            spaces = strategy.recruit_spaces(state, seat)
            if spaces:
                out.append(f"play {card_tag(strongest)} recruit {draws.choice(rnd, spaces)}")
        return list(dict.fromkeys(out))


def play(state: dict, seat: str, prompt, line: str) -> dict:
    """The state after `seat` sends `line` as a player would (privately where the prompt offers it so)."""
    return GAME.apply(state, seat, GAME.parse(line, private=GAME.sent_privately(line, prompt)))[0]


def pella_pull(at: str | None) -> float:
    """What the Cart is worth to its controller on `at` while a burial can still come (§9.6.3): a
    share of the Pella burial's LP (§9.6.4) that grows as the Cart nears Pella, so the search sees a
    march of several activations towards the legitimacy victory (§10.1), not only the last step."""
    steps = TO_PELLA.get(at or "")
    if steps is None:
        return 0.0
    burial = BOARD.markers["pella_burial"]["lp"] * LP_WEIGHT
    return PELLA_PULL * burial * (1 - steps / (FARTHEST + 1))


FARTHEST = max(TO_PELLA.values())
KIT = SuccessorsKit()
