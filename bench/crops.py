"""The map in a chat menu (issue 34, item 5): drawing and encoding a menu level's crop against
the bare encode of the same crop, per game: `python -m bench.crops [--runs N]`, and a section
of `strategos bench`.

For each game a position is self-played through the service (random legal actions) until one
of its menus has a level that chooses a place (bot/service/menus.py, render/crops.py); that
level's crop is then timed as the service draws it on a press: the game's picture of the view
is already drawn (kept per process, `render.crops.full`; its cost is the map's own, measured
by the report's section 2 and printed here beside), the crop cut and marked (`draw_marks`)
and encoded (PNG, as every picture). The floor is encoding the finished crop again, in the
same loop, so a busy machine slows both alike. Target: ≤ 1.3× the floor.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import render
from bot.console.selfplay import PLATFORM, play_one
from bot.service.menus import choices, page_of, tree
from core.registry import get_game
from render import crops

GAMES = (("successors", 3, 300), ("starcraft", 3, 400), ("infinity", 2, 400), ("ludi", 3, 200))
TARGET = 1.3


def place_level(service, game_id: str, players: int, most: int):
    """A self-played position and a menu level of it that chooses a place: (view, seat, marks,
    context, its trail), None if none came within `most` actions."""
    game = get_game(game_id)
    found = []

    def look(reply, report) -> None:
        loaded = None if found else service.state(PLATFORM, f"{game.id}-{players}-crops")
        if loaded is None:
            return
        state = loaded[1]
        for seat in game.prompts(state):
            for private in (True, False):
                lines = choices(game, state, seat, private)
                root = tree(game, lines) if lines else None
                stack = [""] if root is not None else []
                while stack and not found:
                    path = stack.pop()
                    options, trail, _ = page_of(root, path)
                    view = game.view(state, seat if private else None)
                    points = crops.spots(game.id, view, [o.parts for o in options], trail)
                    if crops.chooses_place([p for p, o in zip(points, options) if not o.more]) and len(options) > 1:
                        marks = [(str(i), p) for i, p in enumerate(points, 1) if p is not None]
                        context = [p for p in crops.spots(game.id, view, [(t,) for t in trail]) if p][-1:]
                        found.append((view, seat if private else None, marks, context, trail))
                    stack += [o.path for o in options if not o.leaf]

    play_one(service, game_id, players, "crops", max_actions=most, on_reply=look)
    return found[0] if found else None


def time_crop(game_id: str, view: dict, seat: str | None, marks, context, runs: int) -> dict:
    picture = crops.full(game_id, view, seat, None)   # the map of the view, drawn once (untimed here)
    started = time.perf_counter()
    render.draw(game_id, view, seat)
    map_draw = time.perf_counter() - started
    frame = crops.FRAMES.get(game_id, (crops.MARGIN, crops.MIN_SIDE))
    totals, bares = [], []
    for _ in range(runs):
        started = time.perf_counter()
        image = crops.draw_marks(picture, marks, context, *frame)
        data = render.encode(image)
        totals.append(time.perf_counter() - started)
        started = time.perf_counter()
        render.encode(image)
        bares.append(time.perf_counter() - started)
    return {"total": statistics.median(totals), "bare": statistics.median(bares), "size": image.size,
            "bytes": len(data), "map": map_draw, "image": image}


def section(service, runs: int, verdict=None, examples=None) -> list[str]:
    """The report's lines; `verdict(ok, target)` (bench/report.py) records each figure's target;
    `examples`: a folder to save each game's crop in (docs/menus/)."""
    out = [f"Menu crops (issue 34): a place level's crop cut + marked + encoded vs the bare encode of the same "
           f"crop (PNG, medians of {runs})"]
    for game_id, players, most in GAMES:
        found = place_level(service, game_id, players, most)
        if found is None:
            out.append(f"   {game_id:<12} no menu level chose a place in {most} actions")
            continue
        view, seat, marks, context, trail = found
        t = time_crop(game_id, view, seat, marks, context, runs)
        if examples is not None:
            t["image"].save(examples / f"crop-{game_id}.png")
        ok = t["total"] <= TARGET * t["bare"]
        said = verdict(ok, f"{game_id} menu crop {t['total'] / t['bare']:.2f}× ≤ {TARGET}×") if verdict else \
            ("PASS" if ok else "MISS")
        w, h = t["size"]
        out.append(f"   {game_id:<12} {len(marks)} marks, {w}×{h} ({'private' if seat else 'public'}, "
                   f"{' › '.join(trail) or 'first page'}): crop+marks+encode {t['total'] * 1e3:6.1f} ms vs bare "
                   f"encode {t['bare'] * 1e3:6.1f} ms: {t['total'] / t['bare']:.2f}× (≤ {TARGET}×: {said}), "
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
