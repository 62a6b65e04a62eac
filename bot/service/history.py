"""A game's history: /log in words and /replay N (the map after action N)."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import orjson

import render
from bot.service.common import Topic, playing, shown
from bot.service.pictures import cached_picture
from bot.service.types import Command, Reply
from bot.store import Record
from bot.words.names import seat_names
from core.game import seat_ref
from core.message import Cmd, msg
from core.registry import get_game
from core.replay import narrated, replay, upgrade

LOG_MAX = 100
NARRATED_KEPT = 64   # channels whose replayed log a process keeps


class History(Topic):
    """/log and /replay."""

    def __init__(self, service):
        super().__init__(service)
        self._narrated: OrderedDict[tuple, _Narrated] = OrderedDict()

    # /log [n] in words -------------------------------------------------------------------------
    def log(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        """The last actions told as the channel was told them: each action's public sentences (the
        narration's own, so nothing hidden), numbered as /replay counts them."""
        try:
            count = int(rest) if rest.strip() else 10
        except ValueError:
            return Reply.refuse(msg("/log takes a number of actions, not {shown}.", shown=Cmd(f"`{rest[:40]}`")),
                                "MALFORMED")
        if count < 1:
            return Reply.refuse(msg("/log N shows the last N actions (1 to {most}); {shown} is not a count. /log alone "
                                    "shows the last 10.", most=LOG_MAX, shown=Cmd(shown(rest, 40))), "MALFORMED")
        game = get_game(rec.meta["game"])
        return self.lines(self.told(game, cmd.platform, channel, rec.setup), min(count, LOG_MAX), game, rec)

    def lines(self, told: list[list[str]], count: int, game, rec: Record) -> Reply:
        """The last `count` of what the channel was told (`told`), numbered as /replay counts them."""
        if not told:
            return Reply(public=[msg("No action has been played yet.")])
        first = max(0, len(told) - count)
        lines = [msg("{number}. {line}", number=number, line=line)
                 for number, said in enumerate(told[first:], first + 1) for line in said]
        return Reply(public=lines, version=rec.version, namer=lambda: seat_names(game, rec.meta, rec.state))

    def told(self, game, platform: str, channel: str, setup: dict | None = None) -> list[list[str]]:
        """What the channel was told of each public action, in order (English, seats marked).
        Replayed from the log once and then carried forward: a /log or a page after a move
        replays that move only (kept per channel while its log only grows)."""
        entries = self.store.log(platform, channel)
        setup = setup or self.store.setup(platform, channel)
        if setup is None or not entries:
            return []
        setup, entries = upgrade(game, setup, entries)
        key = (platform, channel)
        fingerprint = game.id + orjson.dumps(setup, option=orjson.OPT_SORT_KEYS).decode()   # the same game
        kept = self._narrated.get(key)
        if kept is None or kept.fingerprint != fingerprint or kept.entries != entries[:len(kept.entries)]:
            state, _ = game.start(setup["players"], setup.get("options", {}), setup["seed"])
            kept = _Narrated(fingerprint, [], state, [])
        for entry, events, state in narrated(game, kept.state, entries[len(kept.entries):]):
            kept.entries.append(entry)
            kept.state = state
            if not entry.get("hidden"):     # a hidden action (a quiet write) is neither told nor counted
                kept.told.append(told_of(entry, events))
        self._narrated[key] = kept
        self._narrated.move_to_end(key)
        while len(self._narrated) > NARRATED_KEPT:
            self._narrated.popitem(last=False)
        return kept.told

    # /replay N: the map after action N --------------------------------------------------------
    def replay(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = playing(rec)
        log_entries = self.store.log(cmd.platform, channel)
        told = public_entries(log_entries)
        total = len(told)
        try:
            number = int(rest)
        except ValueError:
            return Reply.refuse(msg("/replay takes an action number, 0 to {total} (see /log).", total=total),
                                "MALFORMED")
        if not 0 <= number <= total:
            return Reply.refuse(msg("There is no action {number}: this game has {total} (0 is the "
                                    "start).", number=number, total=total),
                                "NO_ACTION")
        if not render.has_picture(game.id):
            return Reply.refuse(msg("{title} has no picture yet; /log tells the actions.", title=game.title),
                                "NO_PICTURE")
        setup = self.store.setup(cmd.platform, channel)
        entries = log_entries[:told[number - 1] + 1] if number else []   # hidden ones before it included
        state = replay(game, setup, entries)
        lang = render.language(self.store.languages(cmd.platform, channel, [])[0])
        picture = cached_picture(self.store, cmd.platform, channel, game.id, game.view(state, None), None, None,
                                 self.service.image_format, lang, f"{game.id}-after-{number}")
        return Reply(public=[msg("The map after action {number} of {total}.", number=number, total=total)],
                     image=picture, version=rec.version)


def public_entries(entries: list[dict]) -> list[int]:
    """Indexes of the log entries the channel may know of: all but hidden actions (quiet writes,
    bot/store/store.py _COMMIT), so that /log and /replay count the same actions everyone saw."""
    return [i for i, e in enumerate(entries) if not e.get("hidden")]


@dataclass
class _Narrated:
    """A channel's log as far as it was replayed: the entries, the state after them, and what the
    channel was told of each public one."""

    fingerprint: str
    entries: list[dict]
    state: dict
    told: list[list[str]]


def told_of(entry: dict, events: list) -> list[str]:
    """The sentences the channel read after an action: its public events (the narration's lines;
    a private action's only as far as the rules announced it), or that a private choice was made."""
    who = seat_ref(entry["seat"])
    said = [e.text for e in events if e.to is None and e.text and e.kind != "image"]
    if not said:
        said = [msg("{who} made a private choice.", who=who) if entry.get("private")
                else msg("{who} played {shown}.", who=who, shown=Cmd(shown(entry['line'], 300)))]
    if entry.get("by") == "deadline":
        said.insert(0, msg("Time was up for {who}: the deadline played for them.", who=who))
    return said
