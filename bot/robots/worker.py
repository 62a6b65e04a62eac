"""A worker process: claims robot jobs from the stream's consumer group (one a worker dying
mid-thought left behind first), thinks, files the decided line, and goes on. Any number run
on any number of machines against the same Redis; each job is taken by one of them."""
from __future__ import annotations

import logging
import os
import random
import socket
import time

from bot.service import Service
from bot.store import StoreError

log = logging.getLogger("strategos.robots")


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def work_once(service: Service, name: str, block_ms: int = 1000, claim_idle_ms: int | None = None,
              rnd: random.Random | None = None) -> bool:
    """One job if there is one: False when none came within `block_ms`."""
    robots = service.robots
    kwargs = {} if claim_idle_ms is None else {"claim_idle_ms": claim_idle_ms}
    taken = robots.take(name, block_ms, **kwargs)
    if taken is None:
        return False
    job_id, job = taken
    started = time.perf_counter()
    decision = robots.think(job, rnd=rnd)
    if decision is None:   # the game moved on: nothing to decide any more
        robots.drop(job_id)
        return True
    robots.file(job_id, decision)
    log.info("robot decided: platform=%s channel=%s seat=%s version=%s think_ms=%.0f", job["platform"],
             job["channel"], job["seat"], job["version"], (time.perf_counter() - started) * 1e3)
    return True


def run(service: Service, stop_after: float | None = None) -> int:
    name = worker_name()
    log.info("robot worker %s started", name)
    until = time.monotonic() + stop_after if stop_after else None
    while until is None or time.monotonic() < until:
        try:
            work_once(service, name)
        except StoreError:
            log.warning("Redis cannot be reached; trying again in 5 s")
            time.sleep(5)
    return 0
