"""A Successors snapshot stored by earlier code, carried to the shape today's rules read.

A game lives for weeks across upgrades. A game of rules version 1 cannot be replayed under
today's rules (core/replay.upgrade refuses its /undo and full /verify, with the reason) but it
goes on from its stored snapshot, so that snapshot must read as today's code expects:

- ``stack``, the decisions pending (rules version 3), is read as a list; versions 1 and 2 had
  none and kept their one question in ``pend``, which moves onto the stack
  (questions.legacy_question), so that the sampler, the deadlines and every handler see it as
  the prompts do.
- ``played``, the card of the Tyche segment already played (§4.4.1): version 1 did not keep it,
  and a version-1 snapshot taken while the force a card set marching was still moving would
  then ask for a second card (from a hand that may be empty): there, it is played.

The other keys added since version 1 (``fx``, ``vp_last``, ``tally``, ``armed``, the §12
options) are read with their default when absent, so they are left absent: a current snapshot is
returned untouched, byte for byte (the replays compare stored snapshots with their own). A key
added later that today's code reads unguarded gets its line here and a fixture in tests/fixtures.
"""
from __future__ import annotations

from . import questions


def current(state: dict) -> dict:
    if "stack" not in state:
        state["stack"] = []
    if state.get("pend"):
        questions.legacy_question(state)
    if "played" not in state and state.get("segment") == "tyche" and state.get("act") is not None:
        state["played"] = True
    return state
