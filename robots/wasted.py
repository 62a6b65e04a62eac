"""`python -m robots.wasted GAME`: the share of a robot's actions that change nothing (issue 35), in
robot-only games played straight through the rules.

    python -m robots.wasted successors --players 3 --games 4 --level 3 --seed 9 [--plain]
    python -m robots.wasted successors --players 3 --games 3 --iterations 3 --seed 9   # as before levels

An action is wasted when, inside one activation of its seat, it leads back to a position the
activation has already stood in without a die rolled (a failed interception is a try, not waste;
robots/purpose.py: the kit's `activation` and `position_key` of the acting seat's view). A game
whose kit names no activation is read by the seat's unbroken runs of actions instead. Successors
also gets the issue's plain counts, independent of the position key: a
march that returns where it stood two moves before (A→B→A, counted once) and a royal or the Cart
taken up on the space where the same activation dropped it. `--plain` plays the robots of before
(no transposition check), on the same seeds: the before figure.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass

from core.registry import get_game

from .kit import kit_for
from .levels import level as level_of
from .players import RobotPlayer
from .purpose import activation, position_key


@dataclass
class Count:
    actions: int = 0
    wasted: int = 0          # back to a position of the activation (the key test)
    returns: int = 0         # Successors: A→B→A inside one activation
    retaken: int = 0         # Successors: dropped and taken up again on the same space
    games: int = 0

    def add(self, other: Count) -> None:
        for name in ("actions", "wasted", "returns", "retaken", "games"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def line(self) -> str:
        share = self.wasted / self.actions if self.actions else 0.0
        plain = self.returns + self.retaken
        return (f"{self.games} games, {self.actions} robot actions: {self.wasted} wasted ({share:.1%}) by the "
                f"position test; plain count {plain} ({plain / max(self.actions, 1):.1%}: {self.returns} "
                f"returns A→B→A, {self.retaken} royals or Cart dropped and taken up again)")


def play(game_id: str, players: int, index: int, seed: str, level: int, plain: bool,
         max_actions: int = 20_000, iterations: int | None = None) -> Count:
    """One game of robots of `level`, or (`iterations`) of a plain search capped at that many iterations."""
    game, kit = get_game(game_id), kit_for(game_id)
    state = game.setup([f"player{i + 1}" for i in range(players)], {}, f"{seed}-{index}")
    rnd = random.Random(f"{seed}-{index}")
    robots = {seat: RobotPlayer(None, iterations, purposeful=not plain) if iterations is not None else
              RobotPlayer.at(level_of(level), purposeful=not plain, timed=False) for seat in state["seats"]}
    count = Count(games=1)
    runs: dict[object, set[bytes]] = {}      # activation → positions it stood in
    last_mover = run = None
    dropped: dict[tuple, str] = {}           # (activation, marker) → the space it was dropped on
    while count.actions < max_actions:
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = sorted(prompts)[0]
        prompt = prompts[seat]
        before = game.view(state, seat)
        token = activation(kit, before)
        if token is None:                     # the kit names none: the seat's unbroken run of actions
            run = run if last_mover == seat else ("run", seat, count.actions)
            token = run
        stood = runs.setdefault(token, set())
        stood.add(position_key(kit, before))
        line = robots[seat].decide(game, before, seat, rnd)
        dice = dict(state.get("rng") or {})
        state = game.apply(state, seat, game.parse(line, private=game.sent_privately(line, prompt)))[0]
        count.actions += 1
        after = game.view(state, seat)
        inside = activation(kit, after)
        # a line that rolled dice was a try the rules offer, not waste: an interception that failed
        # (§5.8) leaves the position as it was, one that succeeded changes it
        rolled = (state.get("rng") or {}) != dice
        if not rolled and ((inside is None and token == run) or inside == token):
            if position_key(kit, after) in stood:
                count.wasted += 1
        if game_id == "successors":
            count.returns, count.retaken = _plain(count, line, before, after, token, dropped)
        last_mover = seat
    return count


def _plain(count: Count, line: str, before: dict, after: dict, token, dropped: dict) -> tuple[int, int]:
    """The issue's plain Successors counts, from the lines and the force's path."""
    verb, _, marker = line.partition(" ")
    act = after.get("act") or {}
    returns, retaken = count.returns, count.retaken
    if verb == "move" and len(act.get("path") or ()) >= 3 and act["path"][-1] == act["path"][-3]:
        returns += 1
    at = (before.get("act") or {}).get("at")
    if verb == "drop":
        dropped[(token, marker)] = at
    elif verb == "take" and dropped.get((token, marker)) == at and at is not None:
        retaken += 1
    return returns, retaken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m robots.wasted", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--level", type=int, default=2, help="the robots' level (robots/levels.py)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="instead of a level, a search of this many iterations (3: the figure of before levels)")
    parser.add_argument("--seed", default="wasted")
    parser.add_argument("--plain", action="store_true", help="the robots of before: no transposition check")
    args = parser.parse_args(argv)
    game_id = get_game(args.game).id
    total = Count()
    for index in range(args.games):
        one = play(game_id, args.players, index, args.seed, args.level, args.plain, iterations=args.iterations)
        total.add(one)
        print(f"  game {index}: {one.line()}", file=sys.stderr)
    setting = f"level {args.level}" if args.iterations is None else f"{args.iterations} iterations"
    print(f"{game_id}, {args.players} players, {setting}, seed {args.seed!r}"
          f"{' (plain robots: before issue 35)' if args.plain else ''}: {total.line()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
