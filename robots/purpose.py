"""Purposeful play (issue 35): a robot never spends an action that changes nothing.

A robot-only Successors game showed marches A→B→A inside one activation and royals dropped and
picked up again on the same space: the rules allow them (free actions, movement points to spare), a
table sees a machine. The check is a transposition test on the position within an activation:

- a kit names the activation a view is in (`activation(view)`: Successors' force in motion, its
  seat, generals and starting space), or None where the game has none;
- a kit names the position of a view (`position_key(view)`): the view without what only counts the
  activation's own bookkeeping (Successors: the movement points left and the path walked), so a
  march back to where it began, or a royal taken up where it was dropped, is the same position;
- a line is wasted when, inside one activation, it leads back to a position the activation has
  already stood in. The search drops such lines at its root while another remains, so a march that
  returns for a purpose (an interception fought, a burial, a siege lifted) is kept: the position
  after it differs.

Among lines the search values equally, a closing line ("end", "stop", "pass") is preferred: an
action worth nothing is not played for its own sake.

`python -m robots.wasted` measures the share of wasted actions in robot-only games with the same test.
"""
from __future__ import annotations

from collections.abc import Hashable

import orjson

from core.kit import Kit

CLOSING = frozenset({"end", "stop", "pass", "done"})
DERIVED = ("summary", "sieges", "words", "log")   # a view's parts that are drawn from the rest, or words


def activation(kit: Kit, view: dict) -> Hashable | None:
    """The activation the view is in, as the kit names it; None where the game has none (then only
    the arena's wasted-action count falls back on a seat's unbroken run of actions)."""
    named = getattr(kit, "activation", None)
    return named(view) if named is not None else None


def position_key(kit: Kit, view: dict) -> bytes:
    """The position a view shows, as bytes: the kit's own key, else the view without its derived parts."""
    named = getattr(kit, "position_key", None)
    if named is not None:
        return named(view)
    return orjson.dumps({k: v for k, v in view.items() if k not in DERIVED}, option=orjson.OPT_SORT_KEYS)


def closing(kit: Kit, line: str) -> bool:
    """The line ends the seat's activation, segment or turn without doing anything more."""
    named = getattr(kit, "closing", None)
    return named(line) if named is not None else line.split(" ", 1)[0].lower() in CLOSING


class Trail:
    """The positions one seat has stood in during its current activation (what a robot remembers
    between its decisions: it is handed one view at a time)."""

    def __init__(self) -> None:
        self.token: Hashable | None = None
        self.keys: set[bytes] = set()

    def visit(self, kit: Kit, view: dict) -> tuple[Hashable | None, frozenset]:
        """Note the view's position; the activation and the positions already stood in (this one
        included), none outside an activation."""
        token = activation(kit, view)
        if token is None:
            self.token, self.keys = None, set()
            return None, frozenset()
        if token != self.token:
            self.token, self.keys = token, set()
        self.keys.add(position_key(kit, view))
        return token, frozenset(self.keys)
