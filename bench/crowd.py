"""Many players at once in one channel: N client processes, each with its own service and
Redis connection, press buttons (with the version they were drawn for) and type commands,
some delivered twice with the same idempotency key (a platform's redelivery).

Afterwards: every accepted action is in the log exactly once and at the version its reply
named (a hidden action at the public version it left unchanged), the public versions are
contiguous, and replaying the log gives the stored snapshot.
`tests/proof/test_crowd.py` runs a few clients for a few seconds; the slow test and
`strategos bench --crowd` run 50 clients for 60 s.
"""
from __future__ import annotations

import logging
import multiprocessing
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import orjson
import redis

from bot.console.selfplay import PLATFORM, play_one
from bot.service import Service
from bot.service.types import Command
from bot.store import Store
from core.registry import get_game
from core.replay import replay


def client_of(kwargs: dict) -> redis.Redis:
    if "path" in kwargs:
        return redis.Redis(unix_socket_path=kwargs["path"], db=kwargs.get("db", 0), password=kwargs.get("password"))
    return redis.Redis(**kwargs)


def connection_kwargs(client: redis.Redis) -> dict:
    """How another process reaches the same server (a TCP address or a unix socket)."""
    kw = client.connection_pool.connection_kwargs
    return {k: kw[k] for k in ("host", "port", "db", "password", "username", "path") if kw.get(k) is not None}


def _player(args) -> dict:
    kwargs, prefix, channel, game_id, users, index, start_at, seconds = args
    logging.getLogger("strategos.command").setLevel(logging.ERROR)
    service = Service(Store(client_of(kwargs), prefix=prefix), remind_after=0)
    game = get_game(game_id)
    rnd = random.Random(index)
    accepted, codes, problems = [], Counter(), []
    while time.time() < start_at:
        time.sleep(0.001)
    stop = start_at + seconds
    while time.time() < stop:
        loaded = service.state(PLATFORM, channel)
        if loaded is None:
            break
        _, state, rec = loaded
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        user = dict((p["seat"], p["user"]) for p in rec.meta["players"])[seat]
        line = game.sample(state, seat, rnd)
        private = game.sent_privately(line, prompts[seat])
        button = not private and line in prompts[seat].actions and rnd.random() < 0.5
        key = f"c{index}-{uuid.uuid4().hex[:10]}"
        cmd = Command(PLATFORM, None if private else channel, user, f"/{game.id} {line}", name=user,
                      private=private, version=rec.version if button else None, key=key)
        for attempt in range(2 if rnd.random() < 0.2 else 1):   # sometimes delivered twice
            try:
                reply = service.handle(cmd)
            except Exception as exc:
                problems.append(f"client {index}: {line!r} raised {exc!r}")
                continue
            codes[reply.code or ("ok" if reply.changed else "looked")] += 1
            if reply.code == "INTERNAL":
                problems.append(f"client {index}: {line!r} answered INTERNAL")
            if reply.ok and reply.changed:
                accepted.append((reply.version, seat, line, key, attempt))
    return {"accepted": accepted, "codes": codes, "problems": problems}


@dataclass
class CrowdResult:
    clients: int
    seconds: float
    accepted: int = 0
    commands: int = 0
    codes: Counter = field(default_factory=Counter)
    finished: bool = False
    problems: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"6. Concurrency: {self.clients} client processes in one channel for {self.seconds:.0f} s: "
                 f"{self.commands:,} commands, {self.accepted:,} accepted ({self.accepted / self.seconds:.0f}/s)"
                 f"{', game finished' if self.finished else ''}; refusals: "
                 + ", ".join(f"{k} {v}" for k, v in self.codes.most_common(6) if k not in ("ok",))
                 + f"; {len(self.problems)} problems"]
        lines += [f"   {p}" for p in self.problems[:10]]
        return "\n".join(lines)


def run(client: redis.Redis, clients: int, seconds: float, game_id: str = "successors", players: int = 5,
        seed: str = "crowd") -> CrowdResult:
    logging.getLogger("strategos.command").setLevel(logging.ERROR)
    prefix = f"crowd-{uuid.uuid4().hex[:8]}"
    service = Service(Store(client, prefix=prefix), remind_after=0)
    game = get_game(game_id)
    play_one(service, game.id, players, seed, max_actions=3)
    channel = f"{game.id}-{players}-{seed}"
    start_rec = service.store.load(PLATFORM, channel)
    start_len = service.store.log_length(PLATFORM, channel)
    users = [p["user"] for p in start_rec.meta["players"]]
    kwargs = connection_kwargs(client)
    start_at = time.time() + 0.5 + 0.05 * clients
    jobs = [(kwargs, prefix, channel, game.id, users, i, start_at, seconds) for i in range(clients)]
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        outs = pool.map(_player, jobs)
    result = CrowdResult(clients, seconds)
    accepted = []
    for out in outs:
        accepted += out["accepted"]
        result.codes.update(out["codes"])
        result.problems += out["problems"]
    result.commands = sum(result.codes.values())
    result.accepted = len(accepted)
    result.problems += check(service, channel, start_rec.version, start_len, accepted)
    rec = service.store.load(PLATFORM, channel)
    result.finished = bool(rec and rec.meta and rec.meta["status"] == "finished")
    for key in client.scan_iter(f"{prefix}*", count=1000):
        client.unlink(key)
    return result


def check(service: Service, channel: str, start_version: int, start_len: int, accepted: list) -> list[str]:
    problems = []
    rec = service.store.load(PLATFORM, channel, with_setup=True)
    entries = service.store.log(PLATFORM, channel)
    # the public version each log entry was answered with: a hidden action (a quiet write: an
    # off-turn standing order) is answered at the version before it, which it leaves as it is
    logged, version = Counter(), start_version
    for entry in entries[start_len:]:
        version += 0 if entry.get("hidden") else 1
        logged[(version, entry["seat"], entry["line"])] += 1
    if version != rec.version or {v for v, *_ in logged} != set(range(start_version + 1, rec.version + 1)):
        problems.append(f"the public versions are not contiguous from {start_version + 1} to {rec.version} "
                        f"(the log reaches {version})")
    keys = Counter(k for *_, k, _ in accepted)
    if any(n > 1 for n in keys.values()):
        problems.append(f"a command delivered twice was applied twice: {[k for k, n in keys.items() if n > 1][:3]}")
    if len(entries) - start_len != len(accepted):
        problems.append(f"the log grew by {len(entries) - start_len} entries for {len(accepted)} accepted actions")
    answered = Counter((version, seat, line) for version, seat, line, *_ in accepted)
    if answered != logged:
        first = sorted((answered - logged) or (logged - answered))[:1]
        problems.append(f"accepted actions and the log differ (version, seat, line): {first}")
    state = replay(get_game(rec.meta["game"]), rec.setup, entries)
    if orjson.dumps(state) != rec.raw_state:
        problems.append("replaying the log does not give the stored snapshot")
    return problems
