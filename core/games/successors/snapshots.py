"""A Successors snapshot stored by earlier code, carried to the shape today's rules read.

A game lives for weeks across upgrades. A game of rules version 1 cannot be replayed under
today's rules (core/replay.upgrade refuses its /undo and full /verify, with the reason) but it
goes on from its stored snapshot, so that snapshot must read as today's code expects:

- ``stack``, the decisions pending (rules version 3), is read as a list; version 1 had none,
  version 2 kept its one question in ``pend`` (moved onto the stack by questions.legacy_question).

The other keys added since version 1 (``fx``, ``played``, ``vp_last``, ``tally``, ``armed``, the §12
options) are read with their default when absent, so they are left absent: a current snapshot is
returned untouched, byte for byte (the replays compare stored snapshots with their own). A key
added later that today's code reads unguarded gets its line here and a fixture in tests/fixtures.
"""
from __future__ import annotations


def current(state: dict) -> dict:
    if "stack" not in state:
        state["stack"] = []
    return state
