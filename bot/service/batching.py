"""The robots' run in a channel (issue 35): their consecutive moves, up to the next decision of a
person, said as one message edited in place, and the picture of each activation — within the
platform's rate for a channel (Telegram: 20 messages a minute in a group; Discord: 5 per 5 s).

The adapters hand each robot move's reply to `RobotRun.plan`, which says what to do with it:
append its lines to the run's message (an edit), or start a new message when the run's message is
full or the run has just begun; post the picture as a new message while the rate allows, else put it
in place of the run's last picture (an edit). A reply that asks a person to decide (a mention, buttons,
a menu) ends the run: it is delivered as every reply is, so the person is notified. Edits are not new
messages; new messages are counted in a sliding window and never exceed the platform's rate: when the
window is full, text goes into the run's message (its oldest robot lines dropped from it, "…": /log keeps
them) or waits for the next message, and the picture replaces the run's last one or, when the run has
none yet, is left for the next activation's, which shows the newer position (/map draws it any time).

Pure bookkeeping, no platform: the clock is handed in.
"""
from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

ELLIPSIS = "…"


@dataclass(frozen=True)
class Rate:
    messages: int
    seconds: float


TELEGRAM_GROUP = Rate(20, 60.0)    # Telegram's limit for a bot in one group
DISCORD_CHANNEL = Rate(5, 5.0)     # Discord's limit for a bot in one channel


@dataclass
class Step:
    """What an adapter does with one robot reply: `text` is the run's whole message now; `edit_text`
    says whether it replaces the run's message (else it is a new one); the picture likewise."""

    text: list[str] | None = None
    edit_text: bool = False
    picture: bool = False
    edit_picture: bool = False


@dataclass
class _Channel:
    lines: list[str] = field(default_factory=list)
    has_text: bool = False          # the run has a message to edit
    has_picture: bool = False       # the run has a picture to put another in place of
    sent: deque = field(default_factory=deque)   # times of the new messages in the window


class RobotRun:
    def __init__(self, rate: Rate, limit: int, clock=time.monotonic):
        self.rate = rate
        self.limit = limit           # the platform's longest message, in characters
        self.clock = clock
        self.channels: dict[str, _Channel] = {}

    def _room(self, ch: _Channel) -> bool:
        """A new message fits in the rate's window now."""
        now = self.clock()
        while ch.sent and now - ch.sent[0] >= self.rate.seconds:
            ch.sent.popleft()
        return len(ch.sent) < self.rate.messages

    def _count(self, ch: _Channel) -> None:
        ch.sent.append(self.clock())

    def plan(self, channel: str, lines: list[str], picture: bool) -> Step:
        """The step for a robot's move whose reply says `lines` and has a picture or not."""
        ch = self.channels.setdefault(channel, _Channel())
        step = Step()
        if lines:
            joined = ch.lines + lines                # the run's message's lines, or lines not yet shown
            if ch.has_text and self._fits(joined):
                ch.lines, step.text, step.edit_text = joined, joined, True
            elif self._room(ch):
                ch.lines = self._tail(lines if ch.has_text else joined)
                step.text, ch.has_text = ch.lines, True
                self._count(ch)
            elif ch.has_text:                        # full and no room: the run's message keeps its newest lines
                ch.lines = self._tail(joined)
                step.text, step.edit_text = ch.lines, True
            else:                                    # no message yet and no room: said with the next one
                ch.lines = self._tail(joined)
        if picture:
            if self._room(ch):
                step.picture, ch.has_picture = True, True
                self._count(ch)
                if ch.has_text:                      # the next lines come after the picture
                    ch.has_text, ch.lines = False, []
            elif ch.has_picture:
                step.picture = step.edit_picture = True
            # else no room and no picture to replace: the next activation's shows the newer position
        return step

    def new_message(self, channel: str) -> None:
        """A message the adapter sent in the channel outside the run (a person's command, a reply
        that asks a person to decide): counted in the window, and the robots' run ends."""
        ch = self.channels.setdefault(channel, _Channel())
        self._count(ch)
        self.end(channel)

    def end(self, channel: str) -> None:
        ch = self.channels.get(channel)
        if ch is not None:
            ch.lines, ch.has_text, ch.has_picture = [], False, False

    def room(self, channel: str) -> bool:
        return self._room(self.channels.setdefault(channel, _Channel()))

    def _fits(self, lines: list[str]) -> bool:
        return len("\n".join(lines)) <= self.limit

    def _tail(self, lines: list[str]) -> list[str]:
        """The newest lines that fit, an ellipsis first when older ones were left out."""
        kept: list[str] = []
        size = len(ELLIPSIS) + 1
        for line in reversed(lines):
            size += len(line) + 1
            if size > self.limit:
                break
            kept.append(line)
        kept.reverse()
        if len(kept) < len(lines):
            kept.insert(0, ELLIPSIS)
        return kept or [lines[-1][: self.limit]]


def asks_a_person(reply) -> bool:
    """The reply leaves a person to decide: it notifies him (mentions) or draws his choices."""
    return bool(reply.mentions or reply.buttons or reply.menu is not None or reply.menus)
