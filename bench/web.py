"""The game page's figures (issues 23 and 34), each beside its floor:

- a move reaches N open pages (Server-Sent Events from a `strategos web` process on loopback,
  fed by Redis pub/sub) within 250 ms at the p95; floor: a bare Redis pub/sub message to N
  subscribers;
- the page without its picture (HTML + CSS + JavaScript) ≤ 60 KB, and its code (JS + CSS, no
  framework, nothing fetched from elsewhere) ≤ 40 KB;
- a cached picture served in ≤ 2 ms at the p50 (over HTTP, keep-alive); floor: a bare GET of
  /healthz on the same connection;
- a press on a seat's page → applied → the page holds the new version, p95 ≤ 300 ms with N other
  pages of the game open; floor: the same line sent straight through `Service.handle`;
- the first page of a game (HTML + its picture) after the process started ≤ 1.5× a warm one (the
  first page of a later game); the base layers drawn at start (`Pages.warm`) are what a first page
  waited for before.

    python -m bench.web [--pages 100] [--moves 20] [--redis-url URL]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import httpx
import redis
import redis.asyncio as aredis

from bench.__main__ import percentile
from bot.service import Service
from bot.service.types import Command
from bot.store import Store, connect
from bot.web.app import PRESSES

SECRET = "bench-web-secret-" + "b" * 24


def _url_of(client) -> str:
    kwargs = client.connection_pool.connection_kwargs
    return f"unix://{kwargs['path']}" if "path" in kwargs else \
        f"redis://{kwargs.get('host', '127.0.0.1')}:{kwargs.get('port', 6379)}/{kwargs.get('db', 0)}"


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def _pubsub_floor(url: str, subscribers: int, rounds: int) -> list[float]:
    """Seconds from PUBLISH to each of `subscribers` receiving it, over `rounds` messages."""
    clients = [aredis.Redis.from_url(url) for _ in range(subscribers)]
    subs = [c.pubsub(ignore_subscribe_messages=True) for c in clients]
    for sub in subs:
        await sub.subscribe("bench-web-floor")
    publisher = redis.Redis.from_url(url)
    samples: list[float] = []
    for _ in range(rounds):
        sent = time.perf_counter()
        publisher.publish("bench-web-floor", b"x")

        async def receive(sub):
            while True:
                message = await sub.get_message(timeout=2.0)
                if message:
                    return time.perf_counter() - sent
        samples += await asyncio.gather(*(receive(s) for s in subs))
    for sub, client in zip(subs, clients):
        await sub.aclose()
        await client.aclose()
    return samples


async def _streams(base: str, path: str, pages: int) -> list[tuple]:
    """`pages` open event streams of the page at `path`, their headers read: (reader, writer) each."""
    host, port = base.split("//")[1].split(":")
    streams = []
    for _ in range(pages):
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(f"GET {path}/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        streams.append((reader, writer))
    return streams


async def _sse_reach(base: str, path: str, pages: int, moves: int, move) -> list[float]:
    """Seconds from sending a move (through the service, in a thread) to each of `pages` open
    event streams receiving the page's new data."""
    streams = await _streams(base, path, pages)
    await asyncio.sleep(0.3)
    loop = asyncio.get_running_loop()
    samples: list[float] = []

    async def until_page(reader, sent):
        while True:
            line = await reader.readline()
            if b"event: page" in line:
                return time.perf_counter() - sent

    for _ in range(moves):
        sent = time.perf_counter()
        waiting = [asyncio.ensure_future(until_page(r, sent)) for r, _ in streams]
        await loop.run_in_executor(None, move)
        samples += await asyncio.wait_for(asyncio.gather(*waiting), 10)
        await asyncio.sleep(0.05)
    for _, writer in streams:
        writer.close()
    return samples


def _other_pages(base: str, path: str, pages: int, ready, stop) -> None:
    """`pages` event streams of the page at `path`, open and read until `stop` is set: the other
    players' and watchers' browsers, in a process of their own (as on their own devices), so that
    reading their pushes never slows the one pressing."""
    async def hold() -> None:
        streams = await _streams(base, path, pages)

        async def drain(reader):
            while await reader.read(65536):
                pass
        readers = [asyncio.ensure_future(drain(r)) for r, _ in streams]
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        for task in readers:
            task.cancel()
        for _, writer in streams:
            writer.close()
    asyncio.run(hold())


async def _press_reach(base: str, public: str, tokens: dict[str, str], pages: int, presses: int, service,
                       channel: str) -> tuple[list[float], list[float]]:
    """Seconds from a "play" press (POST /play) to its answer, which carries the page at the new
    version, with `pages` event streams of the game open and read (by another process: the other
    pages' browsers); and the floor: the same kind of line sent straight through the service."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    ready, stop = context.Event(), context.Event()
    others = context.Process(target=_other_pages, args=(base, public, pages, ready, stop), daemon=True)
    others.start()
    if not ready.wait(120):
        raise RuntimeError("the other pages could not be opened")
    await asyncio.sleep(0.3)
    rnd = random.Random(7)
    samples, floor = [], []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for i in range(presses):
            game, state, rec = service.state("console", channel)
            prompts = game.prompts(state)
            if not prompts:
                break
            seat = sorted(prompts)[0]
            line = game.sample(state, seat, rnd)
            if i % 2:   # the floor, every other move: the service alone, no page, no HTTP
                user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
                t = time.perf_counter()
                await asyncio.get_running_loop().run_in_executor(None, lambda: service.handle(Command(
                    "console", channel, user, f"/succ {line}", name=user, private=True, version=rec.version)))
                floor.append(time.perf_counter() - t)
                continue
            t = time.perf_counter()
            answer = await http.post(f"/g/{tokens[seat]}/play", json={"line": line, "version": rec.version,
                                                                       "key": f"bench{time.time_ns()}"})
            body = answer.json()
            assert body["ok"] and body["page"]["version"] > rec.version, body
            samples.append(time.perf_counter() - t)
            # under the page's limit of presses a second (bot/web/app.py PRESSES): a seat often plays
            # on, and once a press took one round trip, presses 50 ms apart met "slow down"
            await asyncio.sleep(1.2 / PRESSES)
    stop.set()
    others.join(10)
    return samples, floor


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time a process's threads have used so far (Linux's per-task schedstat, in ns), or
    None where there is none: a figure a loaded machine does not stretch as it stretches the wall clock."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    total = 0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


def _first_pages(http, service, games: int = 6, pid: int | None = None) -> tuple[list[float], list[float | None]]:
    """Seconds for the page of each of `games` new games (its HTML, then its picture), in order;
    and the web process's CPU seconds for each (None without /proc)."""
    out, cpu = [], []
    for i in range(games):
        channel = f"bench-first-{time.time_ns()}"
        for user, text in [("a", "/new successors seed=1"), ("a", "/join"), ("b", "/join"), ("a", "/start")]:
            assert service.handle(Command("console", channel, user, text, name=user)).ok
        path = f"/g/{service.pages.token('console', channel, service.state('console', channel)[2].meta)}"
        used = _cpu_seconds(pid) if pid else None
        t = time.perf_counter()
        assert http.get(path).status_code == 200 and http.get(f"{path}/map/0").status_code == 200
        out.append(time.perf_counter() - t)
        after = _cpu_seconds(pid) if pid else None
        cpu.append(after - used if used is not None and after is not None else None)
        service.handle(Command("console", channel, "a", "/abort", name="a"))
    return out, cpu


def _warmed(web: subprocess.Popen, timeout: float = 300) -> float | None:
    """The seconds the web process took to draw the base layers at start (its log line), or None."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = web.stderr.readline().decode(errors="replace")
        if not line:
            return None
        found = re.search(r"base layers drawn in ([0-9.]+) s", line)
        if found:   # the rest of its log is read and dropped, so that a full pipe never stops it
            threading.Thread(target=lambda: [None for _ in iter(web.stderr.readline, b"")], daemon=True).start()
            return float(found.group(1))
    return None


def run(redis_url: str | None, pages: int = 100, moves: int = 20) -> list[str]:
    out = []
    with tempfile.TemporaryDirectory() as folder:
        client = connect(redis_url, None if redis_url else folder)
        url = redis_url or _url_of(client)
        prefix = "strategos"   # the web process's own
        service = Service(Store(client, prefix=prefix), web_secret=SECRET, web_url="http://bench")
        channel = f"bench-web-{time.time_ns()}"
        say = lambda user, text: service.handle(Command("console", channel, user, text, name=user))  # noqa: E731
        for user, text in [("a", "/new successors seed=1"), ("a", "/join"), ("b", "/join"), ("a", "/start")]:
            assert say(user, text).ok
        rnd = random.Random(1)

        def move() -> None:
            game, state, rec = service.state("console", channel)
            seat = rnd.choice(sorted(game.prompts(state)))
            line = game.sample(state, seat, rnd)
            user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
            private = game.sent_privately(line, game.prompts(state)[seat])
            service.handle(Command("console", None if private else channel, user, f"/succ {line}", name=user,
                                   private=private))

        port = _free_port()
        env = dict(os.environ, REDIS_URL=url, WEB_SECRET=SECRET, WEB_URL="http://bench", WEB_PORT=str(port),
                   WEB_LISTEN="127.0.0.1", STRATEGOS_LOG_LEVEL="INFO")
        web = subprocess.Popen([sys.executable, "-m", "bot.cli", "web"], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
        base = f"http://127.0.0.1:{port}"
        try:
            with httpx.Client(base_url=base, timeout=60) as http:
                for _ in range(300):
                    try:
                        if http.get("/healthz").status_code == 200:
                            break
                    except httpx.TransportError:
                        time.sleep(0.05)
                warm_up = _warmed(web)
                firsts, cpus = _first_pages(http, service, pid=web.pid)
                first, warm = firsts[0], statistics.median(firsts[1:])
                cpu_said = ""
                if None not in cpus:
                    cpu_first, cpu_warm = cpus[0], statistics.median(cpus[1:])
                    cpu_said = (f"; the web process's CPU for it {cpu_first * 1e3:.0f} ms vs {cpu_warm * 1e3:.0f} ms: "
                                f"×{cpu_first / cpu_warm:.2f} (what load does not stretch)")
                out.append(f"  first page after the start (HTML + picture): {first * 1e3:.0f} ms; a warm one (median "
                           f"of {len(firsts) - 1} later games' first pages) {warm * 1e3:.0f} ms: ×{first / warm:.2f}; "
                           f"target ≤ ×1.5 {'PASS' if first <= 1.5 * warm else 'MISS'} (base layers drawn at start in "
                           f"{warm_up if warm_up is not None else float('nan'):.1f} s, in the background: what a "
                           f"first page waited for before){cpu_said}")
                path = f"/g/{service.pages.token('console', channel, service.state('console', channel)[2].meta)}"
                html = http.get(path)
                names = ("page.css", "tg.js", "page.js")
                assets = [http.get(f"/static/{name}").content for name in names]
                code = sum(len(a) for a in assets)
                weight = len(html.content) + code
                out.append(f"  page without its picture: {weight / 1024:.1f} KB (HTML {len(html.content) / 1024:.1f}, "
                           + ", ".join(f"{n} {len(a) / 1024:.1f}" for n, a in zip(names, assets))
                           + f"; target ≤ 60 KB) {'PASS' if weight <= 60 * 1024 else 'MISS'}")
                out.append(f"  the page's code, JS + CSS: {code / 1024:.1f} KB, no framework, nothing from elsewhere; "
                           f"target ≤ 40 KB {'PASS' if code <= 40 * 1024 else 'MISS'}")
                started = time.perf_counter()
                first = http.get(f"{path}/map/0")
                drawn = time.perf_counter() - started
                served, floor = [], []
                for _ in range(300):
                    t = time.perf_counter()
                    assert http.get(f"{path}/map/0").status_code == 200
                    served.append(time.perf_counter() - t)
                    t = time.perf_counter()
                    http.get("/healthz")
                    floor.append(time.perf_counter() - t)
                p50 = statistics.median(served)
                kb = len(first.content) / 1024
                out.append(f"  cached picture ({kb:.0f} KB; first drawn in {drawn * 1e3:.0f} ms) served p50 "
                           f"{p50 * 1e3:.2f} ms, p95 {percentile(served, .95) * 1e3:.2f} ms; floor (GET "
                           f"/healthz) p50 {statistics.median(floor) * 1e3:.2f} ms; target ≤ 2 ms "
                           f"{'PASS' if p50 <= 0.002 else 'MISS'}")
            reach = asyncio.run(_sse_reach(base, path, pages, moves, move))
            bare = asyncio.run(_pubsub_floor(url, pages, moves))
            p95 = percentile(reach, .95)
            out.append(f"  a move reaches {pages} open pages: p50 {statistics.median(reach) * 1e3:.1f} ms, p95 "
                       f"{p95 * 1e3:.1f} ms, max {max(reach) * 1e3:.1f} ms ({moves} moves, from sending the command); "
                       f"floor (bare pub/sub to {pages} subscribers): p50 {statistics.median(bare) * 1e3:.1f} ms, p95 "
                       f"{percentile(bare, .95) * 1e3:.1f} ms; target p95 ≤ 250 ms {'PASS' if p95 <= 0.25 else 'MISS'}")
            meta = service.state("console", channel)[2].meta
            tokens = {p["seat"]: service.pages.token("console", channel, meta, p["seat"]) for p in meta["players"]}
            pressed, direct = asyncio.run(_press_reach(base, path, tokens, pages, moves * 4, service, channel))
            p95 = percentile(pressed, .95)
            out.append(f"  a press → applied → its page at the new version, {pages} other pages open: p50 "
                       f"{statistics.median(pressed) * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms ({len(pressed)} presses); "
                       f"floor (the line through Service.handle alone): p50 {statistics.median(direct) * 1e3:.1f} ms, "
                       f"p95 {percentile(direct, .95) * 1e3:.1f} ms; target p95 ≤ 300 ms "
                       f"{'PASS' if p95 <= 0.3 else 'MISS'}")
        finally:
            web.terminate()
            web.wait(10)
            say("a", "/abort")
            if hasattr(client, "stop"):
                client.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web", description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"))
    args = parser.parse_args(argv)
    print(f"game page (issues 23, 34), {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}:", flush=True)
    print("\n".join(run(args.redis_url, args.pages, args.moves)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
