"""A Successors snapshot stored by earlier code, carried to the shape today's rules read.

A game lives for weeks across upgrades. A game of rules version 1 cannot be replayed under
today's rules (core/replay.upgrade refuses its /undo and full /verify, with the reason) but it
goes on from its stored snapshot, so that snapshot must read as today's code expects. Each key
added since rules version 1 gets the value it would have had, had the game been played with it
from the start (what setup.setup_state puts, or what the rules put when nothing happened yet):

- ``stack``: the decisions pending (rules version 3; version 2 kept the one question in ``pend``,
  which questions.legacy_question moves onto the stack);
- ``fx``, ``played``, ``vp_last``, ``tally``: effects in force, the card played this Tyche segment,
  the VP last announced, the cards played so far (none of which version 1 tracked);
- each seat's ``armed`` Surprise cards (version 1 had no standing orders);
- the §12 optional rules: off, and the base deck, as version 1 played.

Idempotent, and a snapshot already current is returned untouched at the cost of a few lookups.
"""
from __future__ import annotations

TOP = {"stack": list, "fx": dict, "vp_last": dict, "tally": dict}
OPTIONS = {"sorties": False, "veterans": False, "glory": False, "desert": False, "deck": "base"}


def current(state: dict) -> dict:
    if all(key in state for key in TOP) and "played" in state and \
            all(key in state.get("options", {}) for key in OPTIONS):
        return state
    for key, empty in TOP.items():
        state.setdefault(key, empty())
    state.setdefault("played", False)
    options = state.setdefault("options", {})
    for key, value in OPTIONS.items():
        options.setdefault(key, value)
    return state
