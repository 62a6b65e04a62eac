"""How a long-running process lives through its store being away (a restart, a failover, a
network cut): it waits and tries again, for ever, as Celery's and RQ's workers treat their
broker. The wait grows with each failed try (redis-py's own exponential backoff with jitter,
so a fleet of workers does not knock all at once), and the log says it once a minute, not once
a try: the first failure, "still unreachable" each minute, and "reachable again"."""
from __future__ import annotations

import logging
import time

import redis
from redis.backoff import ExponentialWithJitterBackoff

from bot.store.store import StoreError

# every error a store call may end with: ours (the sentence) and redis-py's own (a connection
# refused, a cluster without a master for a slot, a LOADING server, a NOGROUP, ...)
ERRORS = (StoreError, redis.RedisError)

LOG_EVERY = 60.0   # seconds between two log lines of one outage


class Outage:
    """One process's view of its store's availability: `failed` after a failed round (returns how
    long to wait before the next), `recovered` after a round that went through."""

    def __init__(self, what: str, log: logging.Logger, base: float = 0.2, cap: float = 5.0,
                 clock=time.monotonic):
        self.what = what
        self.log = log
        self.backoff = ExponentialWithJitterBackoff(base=base, cap=cap)
        self.clock = clock
        self.failures = 0
        self.since: float | None = None
        self.logged_at = 0.0

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, exc: BaseException) -> float:
        now = self.clock()
        self.failures += 1
        if self.since is None:
            self.since = now
            self.logged_at = now
            self.log.warning("%s: the game store (Redis) cannot be reached (%s: %s); trying again, with "
                             "a longer wait each time", self.what, type(exc).__name__, exc)
        elif now - self.logged_at >= LOG_EVERY:
            self.logged_at = now
            self.log.warning("%s: the game store still cannot be reached after %.0f s (%d tries; %s)",
                             self.what, now - self.since, self.failures, type(exc).__name__)
        return self.backoff.compute(min(self.failures, 30))   # 2**30 × base is past any cap

    def recovered(self) -> None:
        if self.since is not None:
            self.log.warning("%s: the game store is reachable again after %.0f s (%d failed tries)",
                             self.what, self.clock() - self.since, self.failures)
        self.failures = 0
        self.since = None
