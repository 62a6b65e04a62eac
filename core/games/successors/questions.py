"""The questions of a move (§5): a decision that belongs to a seat other than the mover
(intercept? go inside or avoid? retreat where? fight or fall back? sortie?) is a *question* on
the decision stack (``ask(state, {"kind", "seat", "space", "from", ...})``, kinds in
``QUESTIONS``); the game prompts that seat only, and the mover waits. There is at most one
question at a time (a new one replaces the old, as the single ``pend`` slot of rules version 2
did), and it is asked before the activation and any other decision, wherever it sits on the
stack. What a question offers, says and does when answered is in answers.py.
"""
from __future__ import annotations

QUESTIONS = ("intercept", "respond", "naval", "defend", "retreat", "sortie")


def question(state: dict) -> dict | None:
    """The question put to a seat during an activation, if any (see the module's docstring)."""
    for d in reversed(state.get("stack") or ()):
        if d["kind"] in QUESTIONS:
            return d
    return None


def ask(state: dict, q: dict) -> None:
    drop_question(state)
    state["stack"].append(q)


def drop_question(state: dict) -> None:
    q = question(state)
    if q is not None:
        state["stack"].remove(q)


def legacy_question(state: dict) -> None:
    """A snapshot saved while rules version 2 kept the question in ``state["pend"]``: it moves
    onto the stack (the key stays, None, so that replays match stored snapshots byte for byte)."""
    if state.get("pend"):
        ask(state, state["pend"])
        state["pend"] = None
