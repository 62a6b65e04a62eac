"""A worker process: claims robot jobs from the stream's consumer group (one a worker dying
mid-thought left behind first), thinks, files the decided line, and goes on. Any number run
on any number of machines against the same Redis; each job is taken by one of them.

The worker outlives its store (issue 38): any Redis error (a restart, a failover, a lost
consumer group) is waited out with a growing pause and logged once a minute (bot/store/outage.py);
a job it had taken and not acknowledged is claimed again after `CLAIM_IDLE_MS`. Between jobs it
runs the reconciler (`Timers.reconcile_robots`, at most one worker at a time, every few seconds), which
queues again a job the store lost, so no robot seat waits for ever."""
from __future__ import annotations

import logging
import os
import random
import socket
import time

from bot.service import STORE_ERRORS, Outage, Service

log = logging.getLogger("strategos.robots")


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def work_once(service: Service, name: str, block_ms: int = 1000, claim_idle_ms: int | None = None,
              rnd: random.Random | None = None) -> bool:
    """One job if there is one: False when none came within `block_ms`."""
    kwargs = {} if claim_idle_ms is None else {"claim_idle_ms": claim_idle_ms}
    taken = service.robots.take(name, block_ms, **kwargs)
    if taken is None:
        return False
    work_on(service, taken, rnd)
    return True


def work_on(service: Service, taken: tuple[str, dict], rnd: random.Random | None = None) -> None:
    """Think over a job taken, and file the decision (or drop the job, out of date)."""
    robots = service.robots
    job_id, job = taken
    started = time.perf_counter()
    decision = robots.think(job, rnd=rnd)
    if decision is None:   # the game moved on: nothing to decide any more
        robots.drop(job_id, job)
        return
    robots.file(job_id, decision)
    log.info("robot decided: platform=%s channel=%s seat=%s version=%s think_ms=%.0f", job["platform"],
             job["channel"], job["seat"], job["version"], (time.perf_counter() - started) * 1e3)


def run(service: Service, stop_after: float | None = None) -> int:
    name = worker_name()
    log.info("robot worker %s started", name)
    until = time.monotonic() + stop_after if stop_after else None
    outage = Outage(f"robot worker {name}", log)
    taken = None   # a job this worker holds: one the store failed under is thought over again once it is back
    while until is None or time.monotonic() < until:
        try:
            taken = taken or service.robots.take(name)
            if taken is not None:
                work_on(service, taken)
                taken = None
            service.timers.reconcile_robots()
        except STORE_ERRORS as exc:
            time.sleep(outage.failed(exc))
            continue
        outage.recovered()
    return 0
