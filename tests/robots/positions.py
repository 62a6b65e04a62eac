"""Mid-game positions from random self-play through the rules (no service), for the kits' tests."""
from __future__ import annotations

import random
from collections.abc import Iterator

from core.game import Game


def play_line(game: Game, state: dict, seat: str, line: str) -> dict:
    """Apply a chosen line the way self-play sends it (privately when the prompt offers it so)."""
    prompt = game.prompts(state)[seat]
    return game.apply(state, seat, game.parse(line, private=game.sent_privately(line, prompt)))[0]


def random_step(game: Game, state: dict, rnd: random.Random) -> tuple[dict, str]:
    """One random legal move of a seat whose turn it is; the seat moved."""
    prompts = game.prompts(state)
    seat = rnd.choice(sorted(prompts))
    return play_line(game, state, seat, game.sample(state, seat, rnd)), seat


def positions(game: Game, players: int, seed: int, every: int = 7, games: int = 2, max_moves: int = 3000,
              options: dict | None = None) -> Iterator[tuple[dict, str]]:
    """(state, seat to move) every `every` moves of `games` random games, finished ones skipped."""
    rnd = random.Random(seed)
    for g in range(games):
        state = game.setup([f"n{i}" for i in range(players)], dict(options or {}), f"pos-{seed}-{g}")
        for move in range(max_moves):
            prompts = game.prompts(state)
            if not prompts:
                break
            if move % every == 0:
                yield state, rnd.choice(sorted(prompts))
            state, _ = random_step(game, state, rnd)


def finished(game: Game, players: int, seed: int, max_moves: int = 20000, options: dict | None = None) -> dict:
    """A random game played to its end."""
    rnd = random.Random(seed)
    state = game.setup([f"n{i}" for i in range(players)], dict(options or {}), f"end-{seed}")
    for _ in range(max_moves):
        if not game.prompts(state):
            return state
        state, _ = random_step(game, state, rnd)
    raise AssertionError(f"{game.id}: no end after {max_moves} random moves")


def determinized_views_hold(game: Game, kit, player_counts, every: int, games: int, steps: int,
                            options: dict | None = None) -> int:
    """For every seat of positions of random self-play: the kit's determinization keeps the
    seat's view exactly, breaks no invariant, and plays on legally for `steps` random moves.
    Returns how many (position, seat) pairs were checked."""
    checked = 0
    for players in player_counts:
        for n, (state, _) in enumerate(positions(game, players, seed=players, every=every, games=games,
                                                 options=options)):
            for seat in state["seats"]:
                view = game.view(state, seat)
                det = kit.determinize(view, seat, random.Random(n))
                assert game.view(det, seat) == view
                assert game.invariants(det) == []
                rnd = random.Random(n)
                for _ in range(steps):
                    if not game.prompts(det):
                        break
                    det, _ = random_step(game, det, rnd)
                checked += 1
    return checked
