"""Information-set Monte Carlo tree search, written once for every game (issue #22).

After OpenSpiel's `ismcts.py` (Cowling, Powley & Whitehouse 2012, single-observer ISMCTS),
shaped by what a chat wargame needs:

- The search is handed the seat's VIEW, never the state. Each iteration starts from a fresh
  `kit.determinize(view, seat, rnd)`: a full state drawn from what the seat has not seen, so
  the decision can depend only on the view and the random seed (the hidden-information test).
  A kit may keep its worlds instead (`kept_worlds`, Settings.kept; Successors 8): K worlds drawn
  from the view once a decision, iteration n in world n % K, each node keeping its state there as
  bytes, so an iteration applies only the lines below what its world's nodes keep (issue 37). A
  fresh world is a kept world that no node keeps: one iteration, one selection, for both.
- Nodes are information sets of the searching seat's tree: the path of command lines from the
  root. Other seats' decisions live in the same tree, keyed by their lines, so a line that is
  legal in one determinization and not in another (an opponent's card) simply is not
  *available* there; selection uses availability counts instead of the parent's visits (the
  "subset-armed bandit" of ISMCTS). Chance (dice) is not a node: the tree is open-loop.
- Long games: after the tree, a playout of at most `depth` actions by the game's own `sample`
  (cheap and legal; a kit's `playout_line` where it has one), then the kit's heuristic
  `evaluate` at the horizon, for every seat that decided on the way (each seat maximises its
  own value: max-n for 3–5 players). A kit's `line_values` (its one-ply look) is the root's
  prior where it has one; a kit that ranks its root's lines by that look names how many
  (`root_breadth`), and a level may widen them (Settings.breadth: Ludi's level 5). A kit's
  `settled` gives a leaf as its look values it (StarCraft: a battle waiting for cards fought
  first), and its `look_decides` names the decisions the leaves cannot tell apart, where the
  look alone decides (StarCraft's placements of face-down orders).
- Several deciding seats at once (a prompt for each): the searching seat decides first when it
  is one of them, the others in seat order; one at a time, each sees only the lines applied.
- A think budget in seconds of wall time, checked between actions (an iteration past the
  deadline is dropped; an action that could end past it is not begun: the clock plus the longest
  action of this thought so far — a mean would let a rare long one, a kit ranking a new
  position's lines or the process descheduled on a busy machine, overrun the budget), and an
  iteration cap that makes tests deterministic.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

import orjson

from core import draws
from core.errors import RulesError
from core.game import NO_PRIVATE, Game, Prompt
from core.kit import Kit

from .purpose import activation, closing, position_key

DEFAULT_BUDGET = 1.0          # seconds of one core per decision (issue #22)
DEFAULT_DEPTH = 4             # actions of playout after the tree, for a kit that names none (`playout_depth`)
EXPLORATION = 1.0             # UCT's c, for values stretched to [0, 1] at each node
PRIOR_VISITS = 1             # weight of a root line's one-ply value, in visits
SLIP_LINES = 2                # a slip plays one of the two best lines clearly worse than the best
SLIP_GAP = 0.005              # "clearly worse": half a point of the chance to win below the best line
MAX_NODES = 200_000           # far above what a 1 s budget builds; keeps a runaway search under 200 MB
KEPT_BYTES = 64_000_000       # the kept worlds' states held in a tree's nodes, in bytes (a Successors state: ~5 kB)


@dataclass
class Settings:
    budget: float | None = DEFAULT_BUDGET   # seconds of wall time; None: only the iteration cap
    iterations: int | None = None           # cap on iterations (deterministic tests); None: budget only
    depth: int | None = None                # playout actions after the tree; None: the kit's `playout_depth`
    exploration: float = EXPLORATION
    prior: int = PRIOR_VISITS
    worlds: int = 1                         # determinizations the root's one-ply prior is averaged over
    slip: float = 0.0                       # chance a decision plays one of its next best lines (level 1)
    kept: int | None = None                 # worlds drawn once and kept, iteration n in world n % kept, each
    #                                         node holding its state there; 0: a fresh world an iteration;
    #                                         None: the kit's `kept_worlds` (0 where it names none)
    breadth: int | None = None              # the root's lines, where a kit ranks them by its look (its
    #                                         `root_breadth`); None, or a kit that names none: the kit's own


class Edge:
    """A line from an information set: how often it was chosen, its total value for the seat
    that chose it, how often it was legal when its node was visited, and the node it leads to."""

    __slots__ = ("visits", "total", "available", "child")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.child: Node | None = None

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    __slots__ = ("edges", "seen")

    def __init__(self) -> None:
        self.edges: dict[str, Edge] = {}
        self.seen: dict[int, Seen] | None = None   # kept world → what the node is there


class Seen:
    """A node as one world has it, kept in the node for a kept world (Settings.kept), for one
    iteration in a fresh world: the state's bytes, and once worked out the deciding seat, its prompt
    and the lines tried there (those found illegal in that world taken out), or None where nobody
    decides (the game ended); the values of an iteration that ended here."""

    __slots__ = ("raw", "known", "mover", "prompt", "lines", "edges", "tried", "values")

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.known = False            # the prompt and lines worked out
        self.tried = False            # every line tried (visited) once: none is untried again
        self.mover: str | None = None
        self.prompt: Prompt | None = None
        self.lines: list[str] | None = None
        self.edges: list[Edge] | None = None      # the node's edge of each line, in the lines' order
        self.values: dict[str, float] | None = None


@dataclass
class Thought:
    """What one decision cost and found: for the arena's report and the tests."""

    line: str
    iterations: int
    seconds: float
    nodes: int
    visits: dict[str, int]
    values: dict[str, float] | None = None   # each root line's mean value for the seat (the /hint's chance)


def deciding_seat(prompts: dict[str, Prompt] | list[str], seat: str) -> str:
    """Who moves next in the search when several seats decide at once: the searching seat first."""
    return seat if seat in prompts else sorted(prompts)[0]


def apply_line(game: Game, state: dict, seat: str, prompt: Prompt, line: str, raw: bytes | None = None,
               own: bool = False) -> dict:
    """The state after `seat` sends `line` the way a player would (privately when the line is).
    `raw`: the state's bytes, taken once where several lines are tried on one state (Game.apply);
    `own`: the state is the caller's alone, changed in place (Game.apply)."""
    return game.apply(state, seat, game.parse(line, private=game.sent_privately(line, prompt)), raw, own)[0]


def values_of(kit: Kit, state: dict, seats) -> dict[str, float]:
    """The heuristic value of `state` for each seat; a kit may score all seats in one pass."""
    every = getattr(kit, "evaluate_all", None)
    if every is not None:
        return every(state)
    return {s: kit.evaluate(state, s) for s in seats}


class Search:
    def __init__(self, kit: Kit, settings: Settings | None = None, clock=time.perf_counter):
        self.kit = kit
        self.game = kit.game
        self.settings = settings or Settings()
        self.clock = clock
        self.step = 0.0          # the longest action of this thought: what the next may take, in clock units
        self.depth = self.settings.depth
        if self.depth is None:
            self.depth = getattr(kit, "playout_depth", DEFAULT_DEPTH)

    def decide(self, view: dict, seat: str, rnd: random.Random, avoid: frozenset = frozenset(),
               visited: frozenset = frozenset()) -> Thought:
        """The line `seat` should send now, from its view alone. Lines in `avoid` (chosen before
        in this very position: a free action undone, and done again) are left out while any
        other line remains, so a robot never loops forever through actions the rules allow.
        `visited` holds the positions this activation has stood in (robots/purpose.py): a line
        leading back to one of them, still inside the activation, is left out too."""
        start = self.clock()
        self.step = 0.0
        settings = self.settings
        deadline = None if settings.budget is None else start + settings.budget
        first = self.kit.determinize(view, seat, rnd)
        prompt = self.game.prompts(first).get(seat)
        if prompt is None:
            raise RulesError("The robot's seat has nothing to decide.", code="NOT_YOUR_TURN")
        # the root's lines come from the seat's own prompt, which its view determines; a kit may
        # look harder at the root's (`root_candidates`) than at the inner nodes' lines
        rank = getattr(self.kit, "root_candidates", self.kit.candidates)
        if settings.breadth is not None and getattr(self.kit, "root_breadth", None) is not None:
            root_lines = rank(first, seat, prompt, rnd, breadth=settings.breadth)
        else:
            root_lines = rank(first, seat, prompt, rnd)
        root_lines = [line for line in root_lines if line not in avoid] or root_lines
        if visited and len(root_lines) > 1:
            root_lines = self._purposeful(first, seat, prompt, root_lines, visited)
        if len(root_lines) <= 1:
            return Thought(root_lines[0] if root_lines else self.game.sample(first, seat, rnd),
                           0, self.clock() - start, 0, {})
        root = Node()
        root.edges = {line: Edge() for line in root_lines}
        self.nodes = 1
        looks = [first, *(self.kit.determinize(view, seat, rnd) for _ in range(settings.worlds - 1))]
        self._prior(root, looks, seat, deadline)
        done = 0
        looked = getattr(self.kit, "look_decides", None)   # where the search's leaves cannot tell the lines apart
        searched = not (looked and looked(first, seat))
        kept = settings.kept if settings.kept is not None else getattr(self.kit, "kept_worlds", 0)
        worlds: list[dict] = []
        self.root, self.worlds, self.kept_bytes = root, worlds, 0   # for the tests: the tree and its kept worlds
        while searched and (settings.iterations is None or done < settings.iterations):
            if self._late(deadline):
                break
            if kept:
                w = done % kept
                if w == len(worlds):             # the kept worlds: the one-ply look's first, then drawn as needed
                    began = self.clock()
                    worlds.append(looks[w] if w < len(looks) else self.kit.determinize(view, seat, rnd))
                    self._keep(root, w, Seen(orjson.dumps(worlds[w])), always=True)
                    self._timed(began)
                world = worlds[w]
            else:
                w = None                         # a fresh world, kept by nothing
                began = self.clock()
                world = self.kit.determinize(view, seat, rnd)
                self._timed(began)
            if self._iterate(root, w, world, seat, rnd, deadline):
                done += 1
        visits = {line: edge.visits for line, edge in root.edges.items()}
        values = {line: edge.mean for line, edge in root.edges.items() if edge.visits}
        line = self._best(root, root_lines)
        if settings.slip and rnd.random() < settings.slip:
            line = self._slip(root, root_lines, rnd)
        return Thought(line, done, self.clock() - start, self.nodes, visits, values)

    def _best(self, root: Node, lines: list[str]) -> str:
        """The most visited line, then the best valued; among lines equal in both, a closing one
        ("end", "stop"): an action that adds nothing is not played for its own sake."""
        def rank(line: str) -> tuple:
            edge = root.edges[line]
            return edge.visits, round(edge.mean, 9), closing(self.kit, line)
        return max(lines, key=rank)

    def _slip(self, root: Node, lines: list[str], rnd: random.Random) -> str:
        """A beginner's slip (level 1): one of the best lines among those clearly worse than the
        best, a mistake, not nonsense, as a chess engine's skill levels slip (Stockfish's `Skill
        Level` picks among its best few lines at random). Only a line worse by SLIP_GAP counts:
        where the look values most lines alike (Successors' windows and offers), a slip among equals
        would cost nothing, and a beginner no weaker than the look. Nothing clearly worse: no slip."""
        best = root.edges[self._best(root, lines)].mean
        worse = sorted((line for line in lines if root.edges[line].visits and root.edges[line].mean <= best - SLIP_GAP),
                       key=lambda line: -root.edges[line].mean)
        return draws.choice(rnd, worse[:SLIP_LINES]) if worse else self._best(root, lines)

    def _purposeful(self, state: dict, seat: str, prompt: Prompt, lines: list[str], visited: frozenset) -> list[str]:
        """The lines that do not lead back, inside the activation, to a position it has stood in
        (robots/purpose.py), judged in one world drawn from the view; all of them if none is left."""
        game, kit = self.game, self.kit
        here = activation(kit, game.view(state, seat))
        kept = []
        for line in lines:
            try:
                after = game.view(apply_line(game, state, seat, prompt, line), seat)
            except RulesError:
                kept.append(line)            # illegal in this world: the search finds out for itself
                continue
            if activation(kit, after) != here or position_key(kit, after) not in visited:
                kept.append(line)
        return kept or lines

    def _prior(self, root: Node, worlds: list[dict], seat: str, deadline: float | None) -> None:
        """Each root line's one-ply value, averaged over the determinizations `worlds` (a line not
        legal in one counts where it is), counted as `prior` visits: with the few iterations a
        short budget allows in a long game, the search starts from what a greedy player knows and
        spends its iterations where that is uncertain."""
        weight = self.settings.prior
        if not weight:
            return
        valued = getattr(self.kit, "line_values", None)   # a kit's own one-ply look, where it has one
        seen: dict[str, list[float]] = {}
        for state in worlds:
            prompt = self.game.prompts(state)[seat]
            values = valued(state, seat, prompt, list(root.edges)) if valued is not None else {}
            raw = None   # the world's bytes, taken once for the lines the kit's own look did not value
            for line in root.edges:
                if line in values:
                    seen.setdefault(line, []).append(values[line])
                    continue
                began = self.clock()
                if self._late(deadline, began):
                    break
                raw = raw or orjson.dumps(state)
                try:
                    after = apply_line(self.game, state, seat, prompt, line, raw)
                except RulesError:
                    continue
                finally:
                    self._timed(began)
                seen.setdefault(line, []).append(values_of(self.kit, after, (seat,))[seat])
        for line, found in seen.items():
            edge = root.edges[line]
            edge.visits, edge.total, edge.available = weight, weight * sum(found) / len(found), weight

    # one iteration: selection and expansion in the tree, playout, back-propagation ------------
    def _iterate(self, root: Node, w: int | None, top: dict, seat: str, rnd: random.Random,
                 deadline: float | None) -> bool:
        """One iteration in the world whose state at the root is `top`: the kept world `w`
        (Settings.kept), or with `w` None a fresh world, which is a kept world that nothing keeps.
        Down the tree each node's state in a kept world is taken from the node where an earlier
        iteration in that world left it, and a line is applied only below the part so kept (usually
        one: the new leaf); a node's prompt and lines are worked out once a world."""
        game, kit = self.game, self.kit
        node: Node | None = root
        state: dict | None = top                 # the node's state as a dict, where at hand
        here: Seen | None = root.seen[w] if w is not None else None   # the node's state as kept, where it is
        owned = False                            # `state` this iteration's own (loaded from `here.raw`, or made
        #                                          by a line), unchanged since: a line may change it in place
        path: list[tuple[Edge, str]] = []
        expanded = False
        movers = {seat}
        playout = 0
        while node is not None or playout < self.depth:
            if expanded and not self.depth:
                break                            # a new leaf and no playout: what lies below it is not looked at
            began = self.clock()
            if self._late(deadline, began):
                return False                     # past the budget: this iteration does not count
            if node is None:                     # below the tree: the game's own random player (or the kit's)
                if state is None:
                    state = orjson.loads(here.raw)
                here, owned = None, False
                if not game.private_lines:
                    # where no prompt offers a private line (Ludi), a step needs only whose turn it is:
                    # a line goes privately by its verb, and apply checks it by the game's verbs
                    deciding = game.deciding(state)
                    if not deciding:
                        break
                    mover = deciding_seat(deciding, seat)
                    movers.add(mover)
                    state = self._playout_step(state, mover, NO_PRIVATE, rnd)
                else:
                    raw = orjson.dumps(state)
                    prompts = game.prompts(state, raw)
                    if not prompts:
                        break                    # the game ended: evaluate says won or lost
                    mover = deciding_seat(prompts, seat)
                    movers.add(mover)
                    state = self._playout_step(state, mover, prompts[mover], rnd, raw)
                playout += 1
                self._timed(began)
                continue
            if here is None:                     # a node reached by applying a line, its state not kept
                # the state's bytes once for its prompts (remembered by them) and each line tried on it;
                # the kits' queries (candidates, playout lines) read the state and never change it
                here = Seen(orjson.dumps(state))
            if not here.known:
                if state is None:
                    state, owned = orjson.loads(here.raw), True
                prompts = game.prompts(state, here.raw)
                here.known = True
                if prompts:
                    mover = deciding_seat(prompts, seat)
                    prompt = prompts[mover]
                    if node is root and hasattr(kit, "root_candidates"):
                        lines = list(root.edges)     # the root's own lines, ranked once
                    else:
                        lines = [line for line in kit.candidates(state, mover, prompt, rnd)
                                 if node is not root or line in root.edges]
                    edges = node.edges
                    here.mover, here.prompt, here.lines = mover, prompt, lines
                    here.edges = [edges.get(line) or edges.setdefault(line, Edge()) for line in lines]
            lines = here.lines
            if lines is None:
                break                            # the game ended: evaluate says won or lost
            mover, prompt, edges = here.mover, here.prompt, here.edges
            movers.add(mover)
            while lines:                         # the kept lists themselves: a line found illegal leaves them
                i = self._select(here, rnd, expanded)
                if i is None:                    # an unvisited line after this iteration's expansion
                    node = None
                    break
                line, edge = lines[i], edges[i]
                child = edge.child
                below = child.seen.get(w) if child is not None and child.seen is not None else None
                after = None
                if below is None:
                    if state is None:
                        state, owned = orjson.loads(here.raw), True
                    try:                         # a state loaded here from the kept bytes: applied in place
                        after = apply_line(game, state, mover, prompt, line, here.raw, owned)
                    except RulesError:           # not legal in this world: never tried here again
                        del lines[i], edges[i]
                        if owned:
                            state = None         # half changed, maybe
                        continue
                for other in edges:
                    other.available += 1
                if edge.visits == 0:
                    expanded = True
                path.append((edge, mover))
                self._timed(began)
                if child is None and self.nodes < MAX_NODES:
                    edge.child = child = Node()
                    self.nodes += 1
                # the state a line just made is this iteration's alone (a kept node keeps its bytes): the
                # next line is applied to it in place, not to a copy of it
                node, state, here, owned = child, after, below, after is not None
                if child is not None and below is None and w is not None:
                    here = Seen(orjson.dumps(after))
                    self._keep(child, w, here)
                break
            else:
                break                            # no line of the prompt is legal here
        began = self.clock()
        if self._late(deadline, began):
            return False
        if here is not None and here.values is not None:
            values = here.values                 # an iteration ended here before (the game over, no line legal)
        else:
            if state is None:
                state = orjson.loads(here.raw)
            settled = getattr(kit, "settled", None)   # a leaf as the kit's look values it (StarCraft: a battle fought)
            values = values_of(kit, settled(state) if settled else state, movers)
            if here is not None:
                here.values = values
        self._timed(began)
        for edge, mover in path:
            edge.visits += 1
            edge.total += values.get(mover, 0.0)
        return True

    def _keep(self, node: Node, w: int, seen: Seen, always: bool = False) -> None:
        """Keep `seen` as the node's state in world `w`, while the kept states stay under KEPT_BYTES."""
        if not always and self.kept_bytes + len(seen.raw) > KEPT_BYTES:
            return
        self.kept_bytes += len(seen.raw)
        if node.seen is None:
            node.seen = {}
        node.seen[w] = seen

    def _late(self, deadline: float | None, now: float | None = None) -> bool:
        """Past the deadline, or would be before the next action ends (`now`: the clock as just read,
        where the caller reads it anyway to time that action: one call to the clock, not two)."""
        if deadline is None:
            return False
        return (self.clock() if now is None else now) + self.step >= deadline

    def _timed(self, began: float) -> None:
        took = self.clock() - began      # compared, not max()ed: a builtin's call costs more, at every action
        if took > self.step:
            self.step = took

    def _select(self, here: Seen, rnd: random.Random, expanded: bool) -> int | None:
        """UCT over a node's edges of the lines available now (`here.edges`): the chosen one's index.
        An untried line is tried first (in random order); once this iteration has expanded a node, an
        untried line ends the tree part instead. Visits only grow and a node's lines are never added
        to, so once none is untried, none is again (`here.tried`)."""
        edges = here.edges
        if not here.tried:
            untried = [i for i, edge in enumerate(edges) if edge.visits == 0]
            if untried:
                return None if expanded else draws.choice(rnd, untried)
            here.tried = True
        c = self.settings.exploration
        # the values' differences between lines of a long game are small (a CU, a PC), so they are
        # stretched to [0, 1] at each node before exploring (as MuZero does), or UCT explores uniformly
        means = [edge.total / edge.visits for edge in edges]     # each edge's mean: all visited here
        low = min(means)
        spread = (max(means) - low) or 1.0
        sqrt, log = math.sqrt, math.log
        best, best_score = 0, -math.inf
        # an edge is available each time it is chosen (and the prior counts its visits as available),
        # so `available` >= `visits` >= 1 here: its log needs no floor
        for i, edge in enumerate(edges):
            score = (means[i] - low) / spread + c * sqrt(log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = i, score
        return best

    def _playout_step(self, state: dict, mover: str, prompt: Prompt, rnd: random.Random,
                      raw: bytes | None = None) -> dict:
        game = self.game
        policy = getattr(self.kit, "playout_line", None)   # a kit may play some prompts better than at random
        for _ in range(3):
            try:
                if policy is not None:
                    return apply_line(game, state, mover, prompt, policy(state, mover, rnd), raw)
                line, applied = game.sampled(state, mover, rnd, raw)   # applied already where the sampler tried it
                return applied[0] if applied is not None else apply_line(game, state, mover, prompt, line, raw)
            except (RulesError, IndexError):
                continue
        return apply_line(game, state, mover, prompt, game.default_action(state, mover), raw)


def decide(kit: Kit, view: dict, seat: str, rnd: random.Random, budget: float | None = DEFAULT_BUDGET,
           iterations: int | None = None, depth: int | None = None) -> str:
    """The line a robot sends for `seat`, knowing only `view`."""
    return Search(kit, Settings(budget, iterations, depth)).decide(view, seat, rnd).line
