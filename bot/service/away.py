"""Vacation: /away 3d pauses the sender's deadlines and reminders in all his games in play;
/back ends it, and takes back any seat a robot plays for him — one command for both returns.

The absence is also the player's own (his preferences' `away`, when it ends): a game of his
that starts before then begins with his seat away for what is left (`Away.on_start`, called by
/start), as far as that game allows; with no game in play, /away is taken for the games to come.

Each game keeps the absence in its own meta (bot/service/timers.py: `open_away`, `pause`), so
its deadline and reminders are computed from the game alone, and each game caps what one
player may be away in it, in all (the option `away=`, 7 days by default): nobody stalls a table
forever. Each game is written through the service's one write path, one compare-and-set each,
its idempotency key the command's own with the channel beside it; the others at each table
read of it there (a notice the scheduler posts) and in /status.
"""
from __future__ import annotations

from dataclasses import replace

from bot.service.common import Topic, seat_of
from bot.service.robots import take_back
from bot.service.timers import _span, away_limit, duration, end_away, open_away
from bot.service.types import Command, Reply, Timings, Write
from bot.store import Record
from core.errors import RulesError
from core.message import msg
from core.registry import get_game

AWAY = "away"              # the preference: when the player's own absence ends (epoch seconds)
LONGEST = 30 * 24 * 3600   # the longest absence one /away asks for (each game caps it lower: away=)


class Away(Topic):
    """/away and /back."""

    def away(self, rest: str, cmd: Command) -> Reply:
        if not rest.strip():
            return Reply.refuse(msg("Say for how long: /away 3d (or 12h, 2d12h); /back ends it sooner."), "MALFORMED")
        try:
            seconds = duration("away", rest.strip())
        except RulesError:
            return Reply.refuse(msg("/away takes a duration such as 12h, 3d or 2d12h (got {text}).",
                                    text=repr(rest.strip())),
                                "MALFORMED")
        if not 0 < seconds <= LONGEST:
            return Reply.refuse(msg("An absence lasts more than 0 and at most 30 days; each game "
                                    "allows at most its own limit (away=, 7 days unless its creator "
                                    "set another)."), "MALFORMED")
        until = self.clock() + seconds
        self.store.set_user_pref(cmd.platform, cmd.user, AWAY, f"{until:.0f}")
        reply = self._each_game(cmd, lambda rec, seat: self._away_step(cmd, rec, seat, seconds), "", "NO_GAME")
        if reply.ok:
            reply.tell(cmd.user, msg("A game of yours that starts in the next {span} begins with your "
                                     "seat away too; /back ends it.",
                                     span=_span(seconds)))
            return reply
        return Reply(private={cmd.user: [
            msg("You sit in no game in play. Noted for the next {span}: a game of yours that starts "
                "before then begins with your seat away (as far as it allows); /back ends it.",
                span=_span(seconds))]})

    def back(self, rest: str, cmd: Command) -> Reply:
        if rest.strip():
            return Reply.refuse(msg("/back takes no argument (got {text}). Usage: /back.", text=repr(rest.strip())),
                                "MALFORMED")
        was_away = self.until(cmd.platform, cmd.user) is not None
        self.store.set_user_pref(cmd.platform, cmd.user, AWAY, None)
        reply = self._each_game(cmd, lambda rec, seat: self._back_step(cmd, rec, seat),
                                msg("You are not away, and no robot plays a seat of yours: nothing to "
                                    "come back to."),
                                "NOT_AWAY")
        if not reply.ok and was_away:
            return Reply(private={cmd.user: [msg("Welcome back: games of yours that start from now on "
                                                 "run your deadlines from the first move.")]})
        return reply

    # the player's own absence, for games that start while it runs ------------------------------
    def until(self, platform: str, user: str) -> float | None:
        """When the player's own absence ends, if it runs now."""
        raw = self.store.user_prefs(platform, user).get(AWAY)
        try:
            until = float(raw) if raw else None
        except ValueError:
            return None
        return until if until is not None and until > self.clock() else None

    def on_start(self, platform: str, meta: dict) -> list[str]:
        """At /start: each seated player whose own absence runs is away in this game for what is
        left of it (as far as `away=` allows). `meta` is written by the start's own write; the
        lines say who is away."""
        now, lines = self.clock(), []
        for player in meta["players"]:
            if player.get("robot"):
                continue
            until = self.until(platform, player["user"])
            if until is None:
                continue
            granted = open_away(meta, player["seat"], now, until - now)
            if granted:
                lines.append(msg("{name} is away for {span}: the deadline and reminders wait for that "
                                 "seat; /back ends it.", name=player['name'],
                                 span=_span(granted)))
        return lines

    # one game at a time -------------------------------------------------------------------------
    def _each_game(self, cmd: Command, step, nothing: str, code: str) -> Reply:
        """`step(rec, seat)` written in each of the sender's games in play; one reply for all:
        the public lines of the channel he typed in, a notice in every other, and to him
        privately what happened where."""
        channels = [c for c in self.service.open_channels(cmd.platform, cmd.user)
                    if self.store.load(cmd.platform, c).meta["status"] == "playing"]
        answers: dict[str, Reply] = {}
        for channel in channels:
            own = replace(cmd, key=f"{cmd.key}:{channel}" if cmd.key else None)
            answer = self.service.write(own, channel, lambda rec, ch=channel: self._in_game(rec, cmd, ch, step),
                                        Timings())
            if answer.ok and (answer.changed or answer.public):
                answers[channel] = answer
        if not answers:
            return Reply.refuse(nothing, code, cmd.channel)
        reply = Reply(channel=cmd.channel)
        for channel, answer in answers.items():
            if channel == cmd.channel:
                reply.public.extend(answer.public)
                reply.version = answer.version
            else:
                self.store.notify(cmd.platform, channel, answer.public)
            if channel != cmd.channel:   # what he does not read in the channel, he reads privately
                reply.tell(cmd.user, msg("In channel {channel}:", channel=channel))
                for line in answer.public:
                    reply.tell(cmd.user, line)
        return reply

    def _in_game(self, rec: Record | None, cmd: Command, channel: str, step) -> Reply | Write:
        if rec is None or rec.meta is None or rec.meta["status"] != "playing":
            return Reply(ok=False)
        seat = seat_of(rec.meta, cmd.user)
        if seat is None:
            return Reply(ok=False)
        return step(rec, seat)

    def _away_step(self, cmd: Command, rec: Record, seat: str, seconds: float) -> Reply | Write:
        meta = dict(rec.meta)
        now = self.clock()
        game = get_game(meta["game"])
        granted = open_away(meta, seat, now, seconds)
        name = next(p.get("away_name") or p["name"] for p in meta["players"] if p["user"] == cmd.user)
        if not granted:
            if away_limit(meta) <= 0:
                return Reply(public=[msg("This game allows no absence (away=0): its deadlines run on.")])
            allowance = _span(away_limit(meta))
            return Reply(public=[msg("{name} has used the {allowance} this game allows away: its "
                                     "deadlines run on.", name=name,
                                     allowance=allowance)])
        if granted < seconds:
            line = msg("{name} is away for {span} (this game allows {allowance} away in all): the deadline and "
                       "reminders wait for that seat; /back ends it.", name=name, span=_span(granted),
                       allowance=_span(away_limit(meta)))
        else:
            line = msg("{name} is away for {span}: the deadline and reminders wait for that seat; /back ends it.",
                       name=name, span=_span(granted))
        return Write(lambda version: Reply(public=[line]), meta=meta,
                     remind=self.service.timers.next_event(meta, game, rec.state, now))

    def _back_step(self, cmd: Command, rec: Record, seat: str) -> Reply | Write:
        meta = dict(rec.meta)
        now = self.clock()
        game = get_game(meta["game"])
        lines = []
        if end_away(meta, seat, now):
            name = next(p.get("away_name") or p["name"] for p in meta["players"] if p["user"] == cmd.user)
            lines.append(msg("{name} is back: the deadline runs again for that seat.", name=name))
        robot = take_back(meta, cmd.user)
        if robot is not None:
            meta, sentence = robot
            lines.append(sentence)
        if not lines:
            return Reply(ok=False)
        return Write(lambda version: Reply(public=lines), meta=meta,
                     remind=self.service.timers.next_event(meta, game, rec.state, now))

    # the notices the scheduler posts -------------------------------------------------------------
    def notices(self, platform: str) -> list[Reply]:
        """The lines left for channels no command of theirs answered (a player's /away elsewhere)."""
        out = []
        for channel, lines in self.store.take_notices(platform):
            reply = Reply(public=list(lines), channel=channel)
            self.service.finish(Command(platform, channel, "", ""), reply)
            out.append(reply)
        return out
