"""The map in a chat menu (issue 34, item 5): drawing and encoding a menu level's crop against
the bare encode of the same crop, per game: `python -m bench.crops [--runs N]`, and a section
of `strategos bench`.

For each game a position is played through the service (random legal actions, seeded) until
one of its menus has a level that chooses a place (bot/service/menus.py, render/crops.py); that
level's crop is then timed as the service draws it on a press: the game's picture of the view
is already drawn (kept per process, `render.crops.full`; its cost is the map's own, measured
by the report's section 2 and printed here beside), the crop cut and marked (`draw_marks`)
and encoded (PNG, as every picture). The floor is encoding the finished crop again (a fresh
copy of its pixels, as the crop's were fresh), right after, so a busy moment slows both
alike; the figure is the median of the pairs' ratios.
Target: ≤ 1.3× the floor.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import render
from bot.console.selfplay import PLATFORM
from bot.service.menus import choices, page_of, tree
from bot.service.types import Command
from core.registry import get_game
from render import crops

GAMES = (("successors", 3, 300), ("starcraft", 3, 400), ("infinity", 2, 400), ("ludi", 3, 200))
TARGET = 1.3
MIN_RUNS = 100     # pairs at least, even in a quick report: a pair costs a few ms


def place_level(service, game_id: str, players: int, most: int):
    """A self-played position and a menu level of it that chooses a place: (view, seat, marks,
    context, its trail), None if none came within `most` actions."""
    game = get_game(game_id)
    channel = f"{game.id}-{players}-crops"
    users = [f"{channel}:p{i + 1}" for i in range(players)]

    def send(user: str, text: str, private: bool = False) -> None:
        service.handle(Command(PLATFORM, None if private else channel, user, text, name=user, private=private,
                               admin=True))

    for user, text in [(users[0], "/abort"), (users[0], f"/new {game.id} seed=crops")] + \
            [(u, "/join") for u in users] + [(users[0], "/start")]:
        send(user, text)
    rnd = random.Random("crops")
    for _ in range(most):
        _, state, rec = service.state(PLATFORM, channel)
        prompts = game.prompts(state)
        if not prompts:
            return None
        for seat in prompts:
            for private in (True, False):
                found = first_place_level(game, state, seat, private)
                if found is not None:
                    return found
        seat_user = {p["seat"]: p["user"] for p in rec.meta["players"]}
        seat = sorted(prompts)[0]
        line = game.sample(state, seat, rnd)
        send(seat_user[seat], f"/{game.id} {line}", private=game.sent_privately(line, prompts[seat]))
    return None


def first_place_level(game, state: dict, seat: str, private: bool):
    lines = choices(game, state, seat, private)
    if not lines:
        return None
    root, stack = tree(game, lines), [""]
    view = game.view(state, seat if private else None)
    while stack:
        options, trail, _ = page_of(root, stack.pop())
        points = crops.spots(game.id, view, [o.parts for o in options], trail)
        if len(options) > 1 and crops.chooses_place([p for p, o in zip(points, options) if not o.more]):
            marks = [(str(i), p) for i, p in enumerate(points, 1) if p is not None]
            context = [p for p in crops.spots(game.id, view, [(t,) for t in trail]) if p][-1:]
            return view, seat if private else None, marks, context, trail
        stack += [o.path for o in options if not o.leaf]
    return None


def time_crop(game_id: str, view: dict, seat: str | None, marks, context, runs: int) -> dict:
    picture = crops.full(game_id, view, seat, None)   # the map of the view, drawn once (untimed here)
    started = time.perf_counter()
    render.draw(game_id, view, seat)
    map_draw = time.perf_counter() - started
    frame = crops.FRAMES.get(game_id, (crops.MARGIN, crops.MIN_SIDE))
    image = crops.draw_marks(picture, marks, context, *frame)

    def crop_encoded() -> float:
        nonlocal image
        started = time.perf_counter()
        image = crops.draw_marks(picture, marks, context, *frame)
        render.encode(image)
        return time.perf_counter() - started

    def floor() -> float:
        same = image.copy()   # the same pixels freshly made, as the crop's are
        started = time.perf_counter()
        render.encode(same)
        return time.perf_counter() - started

    totals, bares = [], []
    for i in range(max(runs, MIN_RUNS)):   # each first in turn: neither gains from going second
        if i % 2:
            bares.append(floor())
            totals.append(crop_encoded())
        else:
            totals.append(crop_encoded())
            bares.append(floor())
    data = render.encode(image)
    # each pair is timed back to back: a busy moment slows both, so the pairs' ratios are compared
    return {"total": statistics.median(totals), "bare": statistics.median(bares),
            "ratio": statistics.median(t / b for t, b in zip(totals, bares)), "size": image.size,
            "bytes": len(data), "map": map_draw, "image": image}


def section(service, runs: int, verdict=None, examples=None) -> list[str]:
    """The report's lines; `verdict(ok, target)` (bench/report.py) records each figure's target;
    `examples`: a folder to save each game's crop in (docs/menus/)."""
    out = [f"Menu crops (issue 34): a place level's crop cut + marked + encoded vs the bare encode of the same "
           f"crop (PNG; medians of {max(runs, MIN_RUNS)} pairs, the ratio the pairs' median)"]
    for game_id, players, most in GAMES:
        found = place_level(service, game_id, players, most)
        if found is None:
            out.append(f"   {game_id:<12} no menu level chose a place in {most} actions")
            continue
        view, seat, marks, context, trail = found
        t = time_crop(game_id, view, seat, marks, context, runs)
        if examples is not None:
            t["image"].save(examples / f"crop-{game_id}.png")
        ok = t["ratio"] <= TARGET
        said = verdict(ok, f"{game_id} menu crop {t['ratio']:.2f}× ≤ {TARGET}×") if verdict else \
            ("PASS" if ok else "MISS")
        w, h = t["size"]
        out.append(f"   {game_id:<12} {len(marks)} marks, {w}×{h} ({'private' if seat else 'public'}, "
                   f"{' › '.join(trail) or 'first page'}): crop+marks+encode {t['total'] * 1e3:6.1f} ms vs bare "
                   f"encode {t['bare'] * 1e3:6.1f} ms: {t['ratio']:.2f}× (≤ {TARGET}×: {said}), "
                   f"{t['bytes'] / 1024:.0f} KB; the map it is cut from: {t['map'] * 1e3:.0f} ms, once a position")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.crops", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--examples", type=Path, default=None, metavar="DIR",
                        help="also save each game's crop there (docs/menus/)")
    args = parser.parse_args(argv)
    from bot.wiring import make_service

    print("\n".join(section(make_service(), args.runs, examples=args.examples)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
