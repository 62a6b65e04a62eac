"""A game's history: /log in words and /replay N (the map after action N)."""
from __future__ import annotations

import render
from bot.service.common import Topic, playing, shown
from bot.service.pictures import cached_picture
from bot.service.types import Command, Reply
from bot.store import Record
from bot.words.names import player_names, seat_names
from core.errors import RulesError
from core.registry import get_game
from core.replay import replay, upgrade

LOG_MAX = 100


class History(Topic):
    """/log and /replay."""

    # /log [n] in words -------------------------------------------------------------------------
    def log(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        try:
            count = int(rest) if rest.strip() else 10
        except ValueError:
            return Reply.refuse(f"/log takes a number of actions, not `{rest[:40]}`.", "MALFORMED")
        if count < 1:
            return Reply.refuse(f"/log N shows the last N actions (1 to {LOG_MAX}); {shown(rest, 40)} is not a count. "
                                "/log alone shows the last 10.", "MALFORMED")
        count = min(count, LOG_MAX)
        entries = self.store.log(cmd.platform, channel)
        told = public_entries(entries)     # hidden actions (a quiet write) are not told, nor counted
        total = len(told)
        if not total:
            return Reply(public=["No action has been played yet."])
        game = get_game(rec.meta["game"])
        names = player_names(game, rec.meta, rec.state)
        describe = getattr(game, "describe_action", None)
        first = max(0, total - count)
        if describe is not None:   # a sentence needs the state before each action: replay the log
            states = _states(game, self.store.setup(cmd.platform, channel), entries)
            items = [(number, entries[at], states[at] if at < len(states) else None)
                     for number, at in enumerate(told[first:], first + 1)]
        else:
            items = [(number, entries[at], None) for number, at in enumerate(told[first:], first + 1)]
        lines = []
        for number, entry, before in items:
            who = names.get(entry["seat"], entry["seat"])
            if entry["private"]:
                what = "made a private choice"
            elif describe is not None and before is not None:
                what = describe(before, entry["seat"], entry["line"])
            else:
                what = f"played {shown(entry['line'], 300)}"
            by = " — by the deadline" if entry.get("by") == "deadline" else ""
            lines.append(f"{number}. {who} {what}{by}.".replace("..", "."))
        return Reply(public=lines, version=rec.version, namer=lambda: seat_names(game, rec.meta, rec.state))

    # /replay N: the map after action N --------------------------------------------------------
    def replay(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = playing(rec)
        log_entries = self.store.log(cmd.platform, channel)
        told = public_entries(log_entries)
        total = len(told)
        try:
            number = int(rest)
        except ValueError:
            return Reply.refuse(f"/replay takes an action number, 0 to {total} (see /log).", "MALFORMED")
        if not 0 <= number <= total:
            return Reply.refuse(f"There is no action {number}: this game has {total} (0 is the start).",
                                "NO_ACTION")
        if not render.has_picture(game.id):
            return Reply.refuse(f"{game.title} has no picture yet; /log tells the actions.", "NO_PICTURE")
        setup = self.store.setup(cmd.platform, channel)
        entries = log_entries[:told[number - 1] + 1] if number else []   # hidden ones before it included
        state = replay(game, setup, entries)
        lang = render.language(self.store.languages(cmd.platform, channel, [])[0])
        picture = cached_picture(self.store, cmd.platform, channel, game.id, game.view(state, None), None, None,
                                 self.service.image_format, lang, f"{game.id}-after-{number}")
        return Reply(public=[f"The map after action {number} of {total}."], image=picture, version=rec.version)


def public_entries(entries: list[dict]) -> list[int]:
    """Indexes of the log entries the channel may know of: all but hidden actions (quiet writes,
    bot/store/store.py _COMMIT), so that /log and /replay count the same actions everyone saw."""
    return [i for i, e in enumerate(entries) if not e.get("hidden")]


def _states(game, setup: dict, entries: list[dict]) -> list[dict]:
    """The state before each entry."""
    setup, entries = upgrade(game, setup, entries)
    state, _ = game.start(setup["players"], setup.get("options", {}), setup["seed"])
    out = []
    for entry in entries:
        out.append(state)
        try:
            state, _ = game.apply(state, entry["seat"], game.parse(entry["line"], entry.get("private", False)))
        except RulesError:
            break
    return out
