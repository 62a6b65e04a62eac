"""Every write of a command lands together, measured across processes (issue 28): the same
command delivered to two processes at once, 300 times, is "done" once and "already done" once
each time; bots killed (SIGKILL) at random moments mid-command, 80 times, leave no game with a
side write missing (a seated player outside his game index, a game in play without its
reminder, an index or reminder left behind by a game that ended)."""
import multiprocessing
import os
import random
import signal
import time

import redis

from bot.service import Service
from bot.service.types import Command
from bot.store import Store

RACES = 300
KILLS = 80
CHANNELS = 12
USERS = ("ann", "bob", "cat")


def connection_of(store) -> dict:
    """How a new process reaches the same Redis: REDIS_URL, or the embedded server's socket."""
    if os.environ.get("REDIS_URL"):
        return {"url": os.environ["REDIS_URL"]}
    return {"unix_socket_path": store.redis.socket_file}


def _client(kwargs) -> redis.Redis:
    return redis.Redis.from_url(kwargs["url"]) if "url" in kwargs else redis.Redis(**kwargs)


# ---- the same command, two processes ---------------------------------------------------------------
def _racer(kwargs, prefix, barrier, out):
    service = Service(Store(_client(kwargs), prefix=prefix))
    answers = []
    for i in range(RACES):
        barrier.wait(timeout=60)   # both deliveries leave together
        reply = service.handle(Command("t", "race", "ann", "/tl add 1", name="ann", key=f"update-{i}"))
        already = bool(reply.public) and reply.public[0].startswith("Already done")
        answers.append("already" if already else "done" if reply.ok and reply.changed else f"other:{reply.code}")
    out.put(answers)


def test_the_same_command_raced_by_two_processes_300_times_is_done_once_and_already_done_once(store):
    service = Service(store)
    for user, text in [("ann", "/new tally free=1 target=100000"), ("ann", "/join"), ("ann", "/start")]:
        assert service.handle(Command("t", "race", user, text, name=user)).ok
    ctx = multiprocessing.get_context("fork")
    barrier, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_racer, args=(connection_of(store), store.prefix, barrier, out)) for _ in range(2)]
    for p in procs:
        p.start()
    first, second = out.get(timeout=300), out.get(timeout=300)
    for p in procs:
        p.join(timeout=30)
    answers = first + second
    both_done = sum(a == b == "done" for a, b in zip(first, second))
    total = service.state("t", "race")[1]["total"]
    print(f"\n{RACES} races of one command in two processes: {answers.count('done')} done, "
          f"{answers.count('already')} already done, {both_done} answered done twice; applied {total} times")
    assert all({a, b} == {"done", "already"} for a, b in zip(first, second)), list(zip(first, second))
    assert total == RACES


# ---- bots killed at random ---------------------------------------------------------------------------
def _bot(kwargs, prefix, seed):
    """A bot process serving a crowd over a few channels: lobbies opened and left, games
    started, played to the end, aborted; killed from outside at any moment."""
    rng = random.Random(seed)
    service = Service(Store(_client(kwargs), prefix=prefix), remind_after=3600)
    while True:
        channel = f"k{rng.randrange(CHANNELS)}"
        user = rng.choice(USERS)
        text = rng.choice(["/new tally target=6", "/join", "/join", "/leave", "/start", "/start", "/tl add 2",
                           "/tl add 2", "/tl add 2", "/abort"])
        service.handle(Command("t", channel, user, text, name=user))


def missing_side_writes(store) -> list[str]:
    """Each game whose side writes disagree with it: its players' index, its reminder."""
    problems = []
    reminders = {m.decode() for m in store.redis.zrange(store.reminders_key("t"), 0, -1)}
    indexed = {u: set(store.user_channels("t", u)) for u in USERS}
    for i in range(CHANNELS):
        channel = f"k{i}"
        rec = store.load("t", channel)
        meta = rec.meta if rec else None
        open_game = bool(meta) and meta["status"] in ("lobby", "playing")
        seated = {p["user"] for p in meta["players"]} if open_game else set()
        for user in USERS:
            if (user in seated) != (channel in indexed[user]):
                why = "seated, not indexed" if user in seated else "indexed, not seated"
                problems.append(f"{channel}: {user} {why}")
        if (bool(meta) and meta["status"] == "playing") != (channel in reminders):
            why = "set" if channel in reminders else "missing"
            problems.append(f"{channel}: {meta and meta['status']}, reminder {why}")
    return problems


def test_bots_killed_at_random_80_times_leave_no_game_with_a_missing_side_write(store):
    ctx = multiprocessing.get_context("fork")
    rng = random.Random(28)
    kwargs = connection_of(store)
    for kill in range(KILLS):
        bot = ctx.Process(target=_bot, args=(kwargs, store.prefix, rng.randrange(1 << 30)))
        bot.start()
        time.sleep(rng.uniform(0.02, 0.25))
        os.kill(bot.pid, signal.SIGKILL)   # mid-command, as a crash or an OOM kill
        bot.join(timeout=10)
        assert bot.exitcode == -signal.SIGKILL
    games = [rec for i in range(CHANNELS) if (rec := store.load("t", f"k{i}")) and rec.meta]
    problems = missing_side_writes(store)
    writes = sum(1 for _ in store.redis.scan_iter(match=f"{store.prefix}:*:cmd:*", count=1000))
    print(f"\n{KILLS} bots killed (SIGKILL) mid-command: {len(games)} games left over {CHANNELS} channels "
          f"({sum(r.meta['status'] == 'playing' for r in games)} in play) after {writes} writes, "
          f"{len(problems)} with a missing side write")
    assert problems == [], problems
