"""Play over days: tunable reminders, deadlines, the scheduler that drives both.

The service composes it as `service.timers` (it plays deadlines through the service's one
command path); the adapters poll `Service.due_reminders` with their platforms' own loop helpers
(`discord.ext.tasks`, python-telegram-bot's JobQueue) and hand each posted reply back
with `reminded`.

Per game, options of `/new GAME ...` that belong to the platform, not the game:

    remind=12h   first reminder after 12 hours without a move (default: the service's remind_after)
    repeat=24h   then again every 24 hours (repeat=0: once)
    deadline=24h every pending seat must decide within 24 hours of the last move
    clock=3d+12h a chess-by-mail clock: 3 days in the bank, 12 hours added after each own move
                 (deadline and clock are capped at 7 days)
    away=7d      the most a player may be away (/away) in this game, in all (default 7 days; 0: never)

A player's `/away 3d` (bot/service/away.py) pauses his deadlines and reminders: each of his games
keeps his absence in its meta (`meta["away"][seat]`: the window from–until, the seconds used of
the game's limit, and those paused since the last move), and his deadline there is put off by
the part of his absences since the last move (`pause`), so he finds, back, the time he had left.

Per user, kept across games and channels (`strategos:prefs:{platform:user}`):
`/remind off|on`, `/remind tz Europe/Madrid`, `/remind quiet 23-08` (`/remind quiet off`).

The schedule holds one member per game, scored by its next event (reminder or deadline,
whichever is first). A worker claims a due member with a lease, recomputes from the stored
game what is due, acts, and moves the member to the next event: a deadline is played as
the seat's `Game.default_action` through the ordinary command path (idempotency key
`deadline:<version>:<seat>`, logged with `"by": "deadline"`); a reminder names only the
pending players who want it now and is marked sent with the time it was sent, so a second
worker never sends the same round twice.
"""
from __future__ import annotations

import logging
import math
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.common import Topic, playing
from bot.service.types import Command, Reply
from bot.store import Record
from bot.store.store import waiting_game
from bot.words.names import seat_labels
from core.errors import RulesError
from core.message import Cmd, join, msg, plural
from core.registry import get_game
from robots.levels import level as robot_level

log = logging.getLogger("strategos.async")

REMIND_LEASE = 120.0          # seconds a claimed game is left to its worker before another may take it
# games claimed at a time (the adapters look once a minute). The adapter posts a batch one message
# after another, and each post renews the lease of the rest (`reminded`): a batch outlives its
# lease only if a single post takes longer than the lease itself, however many it holds
REMIND_BATCH = 50
DAY = 24 * 3600
CAP = 7 * DAY                 # the longest deadline or clock bank
ABSENT_AFTER = 3              # deadlines missed in a row before a player is marked absent
DEADLINE_STEPS = 500          # defaults played in one claim at most (a zero deadline plays on and on)
STUCK_RETRY = 3600.0          # seconds before a deadline whose default failed is tried again
REMIND_THROTTLE = 15 * 60.0      # seconds between two /remind pings of one game (a ping is a notification)
PLAY_OPTIONS = ("remind", "repeat", "deadline", "clock", "robots", "absent", "think", "away", "level", "hints")
AWAY_LIMIT = 7 * DAY          # the most a player may be away in one game, in all (the option away=)
THINK_CAP = 10.0              # seconds a robot may think over one decision
RECONCILE_EVERY = 5           # seconds between two rounds of the robots' reconciler (one process at a time)
ROBOT_GRACE = 10.0            # seconds a game waits for a robot before the reconciler looks at its job
_PART = re.compile(r"(\d+(?:\.\d+)?)([smhd]?)")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": DAY, "": 3600}


def duration(key: str, text: str) -> float:
    """"12h", "3d12h", "90m", "0", "1.5" (hours) → seconds."""
    text = text.strip().lower()
    pos, total = 0, 0.0
    for match in _PART.finditer(text):
        if match.start() != pos:
            break
        total += float(match.group(1)) * _UNIT[match.group(2)]
        pos = match.end()
    if not text or pos != len(text):
        raise RulesError(msg("{key}= takes a duration such as 30m, 12h or 3d (got {text}).", key=Cmd(key),
                             text=repr(text)), code="OPTION")
    return total


def play_options(tokens: list[str]) -> tuple[dict, list[str]]:
    """The platform's options of `/new` (remind, repeat, deadline, clock) and the game's own tokens."""
    play, rest = {}, []
    for token in tokens:
        key, eq, value = token.partition("=")
        key = key.lower()
        if not eq or key not in PLAY_OPTIONS:
            rest.append(token)
            continue
        if key == "robots":
            if not value.isdigit() or int(value) > 5:
                raise RulesError(msg("robots= takes a number of robots, 0 to 5, e.g. robots=2."), code="OPTION")
            play["robots"] = int(value)
            continue
        if key == "level":   # the robots' strength (robots/levels.py)
            play["level"] = robot_level(value).number
            continue
        if key == "hints":   # hints=off: no /hint at a competitive table
            if value.lower() not in ("on", "off"):
                raise RulesError(msg("hints= is on (the default: /hint advises a player) or off."), code="OPTION")
            play["hints"] = value.lower()
            continue
        if key == "absent":
            if value.lower() not in ("robot", "default"):
                raise RulesError(msg("absent= is robot (a robot takes a seat at its third missed "
                                     "deadline) or default (the deadline plays on)."), code="OPTION")
            play["absent"] = value.lower()
            continue
        if key == "think":
            play["think"] = duration(key, value if value[-1:].isalpha() else value + "s")
            if not 0 < play["think"] <= THINK_CAP:
                raise RulesError(msg("think= is a robot's time a decision, more than 0 and at most 10 "
                                     "s."), code="OPTION")
            continue
        if key == "clock":
            base, plus, inc = value.partition("+")
            play["clock"] = [duration(key, base), duration(key, inc) if plus else 0.0]
            if play["clock"][0] > CAP or play["clock"][1] > CAP:
                raise RulesError(msg("clock= is capped at 7 days (bank and increment)."), code="OPTION")
        else:
            play[key] = duration(key, value)
            if key == "deadline" and play[key] > CAP:
                raise RulesError(msg("deadline= is capped at 7 days."), code="OPTION")
    if "deadline" in play and "clock" in play:
        raise RulesError(msg("Choose deadline= or clock=, not both."), code="OPTION")
    return play, rest


def quiet_end(prefs: dict, now: float) -> float | None:
    """When the user's quiet hours end, if `now` falls in them (their own time zone); else None."""
    quiet = prefs.get("quiet")
    if not quiet:
        return None
    start, end = (int(h) for h in quiet.split("-"))
    zone = _zone(prefs.get("tz"))
    local = datetime.fromtimestamp(now, zone)
    hour = local.hour
    inside = start <= hour < end if start < end else (hour >= start or hour < end)
    if not inside:
        return None
    until = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if until <= local:
        until += timedelta(days=1)
    return until.timestamp()


def _span(seconds: float) -> str:
    """3 d 4 h, 5 h 20 min, 12 min: a time left, so a part minute counts (2 d less a second is 2 d)."""
    minutes = math.ceil(seconds / 60)
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    parts = [msg("{days} d", days=days)] * bool(days) + [msg("{hours} h", hours=hours)] * bool(hours) + \
        [msg("{mins} min", mins=mins)] * bool(mins and not days)
    return join(" ", parts) if parts else msg("{mins} min", mins=1)


def _zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def away_limit(meta: dict) -> float:
    return (meta.get("play") or {}).get("away", AWAY_LIMIT)


def away_until(meta: dict, seat: str | None, now: float) -> float | None:
    """When the seat's absence ends, if it is away at `now`; else None."""
    window = (meta.get("away") or {}).get(seat or "")
    if window and window.get("until") is not None and window["from"] <= now < window["until"]:
        return window["until"]
    return None


def pause(meta: dict, seat: str, upto: float | None = None) -> float:
    """Seconds the seat's deadline is put off: its absences since the last move (up to `upto`)."""
    window = (meta.get("away") or {}).get(seat)
    if not window:
        return 0.0
    out = window.get("paused", 0.0)
    if window.get("until") is not None:
        end = window["until"] if upto is None else min(window["until"], upto)
        out += max(0.0, end - max(window["from"], meta.get("since", window["from"])))
    return out


def close_away(window: dict, now: float, since: float | None) -> None:
    """An absence ends at `now` (or ended at its own end): its time counted in the game's limit
    and in the pause of the deadline running since `since`."""
    if window.get("until") is None:
        return
    end = min(window["until"], now)
    window["used"] = window.get("used", 0.0) + max(0.0, end - window["from"])
    window["paused"] = window.get("paused", 0.0) + max(0.0, end - max(window["from"], since or window["from"]))
    window.pop("from")
    window.pop("until")


def open_away(meta: dict, seat: str, now: float, seconds: float) -> float:
    """The seat away from `now` for `seconds`, as far as the game's limit allows: the seconds
    granted (0: the limit is used up, nothing changed). Writes `meta["away"]`."""
    away = {s: dict(w) for s, w in (meta.get("away") or {}).items()}
    window = away.get(seat, {"used": 0.0, "paused": 0.0})
    close_away(window, now, meta.get("since"))
    granted = min(seconds, away_limit(meta) - window["used"])
    if granted <= 0:
        return 0.0
    window.update({"from": now, "until": now + granted})
    away[seat] = window
    meta["away"] = away
    return granted


def end_away(meta: dict, seat: str, now: float) -> bool:
    """The seat's absence ends now (/back): True if it was away."""
    if away_until(meta, seat, now) is None:
        return False
    away = {s: dict(w) for s, w in meta["away"].items()}
    close_away(away[seat], now, meta.get("since"))
    meta["away"] = away
    return True


def settle_away(meta: dict, now: float) -> None:
    """At a move (the deadlines start again from `now`): absences over are counted and dropped,
    the pauses of the old deadlines forgotten."""
    if not meta.get("away"):
        return
    away = {}
    for seat, window in meta["away"].items():
        window = dict(window)
        if window.get("until") is not None and window["until"] <= now:
            close_away(window, now, None)
        window["paused"] = 0.0
        away[seat] = window
    meta["away"] = away


@dataclass
class Batch:
    """Reminders claimed together: their common lease, renewed at each post for those not yet posted."""

    platform: str
    until: float
    unposted: set[str] = field(default_factory=set)


class Timers(Topic):
    """Reminders, deadlines, personal settings: the part of the service that runs on a clock."""

    # settings of /new and the start of play ---------------------------------------------------
    def play_defaults(self, play: dict) -> dict:
        out = {"remind": self.service.remind_after, "repeat": self.service.remind_repeat}
        out.update(play)
        return out

    def start_clock(self, meta: dict, seats: list[str]) -> None:
        meta["since"] = self.clock()
        play = meta.get("play") or {}
        if play.get("clock"):
            meta["bank"] = {seat: play["clock"][0] for seat in seats}

    def on_move(self, meta: dict, game, before: dict, seat: str, by: str | None) -> dict:
        """The game's timers after `seat` moved (by itself, or by the deadline)."""
        meta = dict(meta)
        now = self.clock()
        play = meta.get("play") or {}
        if play.get("clock") and "bank" in meta:
            bank = dict(meta["bank"])
            elapsed = max(0.0, now - meta.get("since", now))
            for pending in game.deciding(before):   # an absence's time is not taken from the bank
                used = max(0.0, elapsed - pause(meta, pending, upto=now))
                bank[pending] = max(0.0, bank.get(pending, 0.0) - used)
            bank[seat] = min(CAP, bank.get(seat, 0.0) + play["clock"][1])
            meta["bank"] = bank
        meta["since"] = now
        settle_away(meta, now)
        misses = dict(meta.get("misses") or {})
        players = [dict(p) for p in meta["players"]]
        if by == "deadline":
            misses[seat] = misses.get(seat, 0) + 1
            if misses[seat] >= ABSENT_AFTER:
                for p in players:
                    if p.get("seat") == seat:
                        p["absent"] = True
                        if play.get("absent") == "robot" and not p.get("robot"):   # a robot stands in
                            p.update(robot=True, away_name=p["name"], name=f"🤖 {p['name']}")
        else:
            misses.pop(seat, None)
            for p in players:
                if p.get("seat") == seat:
                    p.pop("absent", None)
        meta["misses"], meta["players"] = misses, players
        return meta

    def expiry(self, meta: dict, game, state: dict) -> tuple[float | None, list[str]]:
        """When the first pending seat runs out of time, and the seats in that order."""
        play = meta.get("play") or {}
        since = meta.get("since")
        if since is None:
            return None, []
        absent = {p.get("seat") for p in meta["players"] if p.get("absent")}
        if not (absent or play.get("clock") or play.get("deadline") is not None):
            return None, []   # no seat has a time to run out: whose turn it is is not needed
        times = {}
        for seat in game.prompts(state):
            if seat in absent:
                times[seat] = since   # play continues with defaults at once
            elif play.get("clock"):
                times[seat] = since + (meta.get("bank") or {}).get(seat, play["clock"][0]) + pause(meta, seat)
            elif play.get("deadline") is not None:
                times[seat] = since + play["deadline"] + pause(meta, seat)
        if not times:
            return None, []
        order = sorted(times, key=lambda s: (times[s], s))
        return times[order[0]], order

    def timer_lines(self, reply: Reply, game, meta: dict, state: dict) -> None:
        """/status: when the deadline plays, and who is absent."""
        if meta.get("status") != "playing":
            return
        now = self.clock()
        expiry, _ = self.expiry(meta, game, state)
        if expiry is not None and expiry > now:
            reply.public.append(msg("Without a decision, the deadline plays the default in {when}.",
                                    when=_span(expiry - now)))
        for p in meta["players"]:
            if p.get("absent"):
                reply.public.append(msg("{name} ({seat}) is absent: the deadline plays for that seat; "
                                        "/replace {seat2} @user gives it to someone else.",
                                        name=p['name'], seat=p['seat'], seat2=p['seat']))
            until = away_until(meta, p.get("seat"), now)
            if until is not None:
                reply.public.append(msg("{name} ({seat}) is away for {span} more: the deadline and "
                                        "reminders wait for that seat.",
                                        name=p['name'], seat=p['seat'], span=_span(until - now)))

    def next_event(self, meta: dict, game, state: dict, now: float) -> float:
        play = self.play_defaults(meta.get("play") or {})
        due = now + play["remind"]
        expiry, _ = self.expiry(meta, game, state)
        return min(due, expiry) if expiry is not None else due

    # the robots' reconciler: no robot seat waits for ever -------------------------------------
    _next_reconcile = 0.0

    def reconcile_robots(self) -> int:
        """Queue again the job of every robot seat that waits with no job queued or taken (the
        stream lost with a node, trimmed, deleted; on a cluster a process killed between the game's
        write and its job's): the games come from the index written with the game (`Store.commit`),
        those indexed more than ROBOT_GRACE seconds ago; each job names the write it is for, so its
        move's key `robot:<seq>:<seat>` makes a doubled job "already done". At most a round every
        RECONCILE_EVERY seconds in this process, and one process at a time (a lock with that
        lifetime). Returns the jobs queued again."""
        if time.monotonic() < self._next_reconcile:
            return 0
        self._next_reconcile = time.monotonic() + RECONCILE_EVERY
        if not self.store.once("robots:reconcile", ttl=RECONCILE_EVERY):
            return 0
        now = time.time()
        queued = 0
        live: dict[int, set | None] = {}
        for shard, member, score in self.store.waiting_robots(now - ROBOT_GRACE):
            platform, channel = waiting_game(member)
            rec = self.store.load(platform, channel)
            seats = self.service.robots.pending(rec.meta, rec.state) if rec else []
            if not seats:
                self.store.not_waiting(shard, member, score)
                continue
            if shard not in live:
                live[shard] = self.store.live_jobs(shard)
            if live[shard] is None:   # more jobs in the shard than a round reads: the workers are behind
                continue
            for seat in seats:
                if (platform, channel, seat, str(rec.expected)) not in live[shard]:
                    self.store.queue_job(platform, channel, seat, rec.version, rec.expected)
                    log.warning("robot job queued again: %s:%s seat %s at write %s (no job was queued or taken)",
                                platform, channel, seat, rec.expected)
                    queued += 1
            self.store.still_waiting(shard, member, now)
        return queued

    # the scheduler ----------------------------------------------------------------------------
    def due_reminders(self, platform: str | None = None) -> list[Reply]:
        """Replies of the games of `platform` with something due: deadlines played (announced),
        reminders (each leased to this caller: hand it back with `reminded(reply)` once posted;
        one not handed back comes due again after the lease). The robots' reconciler first."""
        self.reconcile_robots()
        replies = []
        now = self.clock()
        for plat in [platform] if platform else self.store.reminder_platforms():
            claimed = self.store.claim_reminders(plat, now, REMIND_LEASE, limit=REMIND_BATCH)
            batch = Batch(plat, claimed[0][1] if claimed else now + REMIND_LEASE)
            for channel, lease in claimed:
                try:
                    due = self._due(plat, channel, lease, now)
                except Exception:   # one game's failure must not stop the others' reminders
                    log.exception("scheduler failed for %s:%s", plat, channel)
                    continue
                for reply in due:   # in the channel's language, seats named (lines added after `handle` too)
                    self.service.finish(Command(plat, reply.channel or channel, "", ""), reply)
                    if reply.lease is not None:   # posted later, one by one: its lease is the batch's
                        reply.lease = reply.lease[:3] + (batch,) + reply.lease[4:]
                        batch.unposted.add(reply.channel or channel)
                replies.extend(due)
        return replies

    def _due(self, plat: str, channel: str, lease: float, now: float) -> list[Reply]:
        out: list[Reply] = []
        for _ in range(DEADLINE_STEPS):
            rec = self.store.load(plat, channel)
            if rec is None or rec.meta is None or rec.meta["status"] != "playing":
                self.store.reminder_dropped(plat, channel, lease)
                return out
            game = get_game(rec.meta["game"])
            expiry, seats = self.expiry(rec.meta, game, rec.state)
            if expiry is None or expiry > now:
                break
            reply = self._play_default(plat, channel, rec, game, seats[0])
            if reply is None:   # logged; try again in an hour rather than at every poll
                expiry = now + STUCK_RETRY
                break
            out.append(reply)
        else:
            self.store.reminder_dropped(plat, channel, lease, now)   # more next round
            return out
        if out:
            # the moves rescheduled the game already; a reminder waits for its own time
            return out
        return self._reminder_due(plat, channel, lease, now, rec, game, expiry)

    def _play_default(self, plat: str, channel: str, rec: Record, game, seat: str) -> Reply | None:
        try:
            line = game.default_action(rec.state, seat)
        except RulesError as exc:
            log.error("no default for %s at %s:%s v%s: %s", seat, plat, channel, rec.version, exc.message)
            return None
        prompt = game.prompts(rec.state)[seat]
        private = game.sent_privately(line, prompt)
        player = next((p for p in rec.meta["players"] if p.get("seat") == seat), {"user": None, "name": seat})
        cmd = Command(plat, channel, player["user"] or f"seat:{seat}", f"/{game.id} {line}", private=private,
                      version=rec.version,
                      key=f"deadline:{rec.version}:{seat}", by="deadline", seat=seat)
        reply = self.service.handle(cmd)
        if not reply.ok:
            log.error("the default %r for %s was refused at %s:%s: %s", line, seat, plat, channel, reply.error)
            return None
        shown = msg("a private choice") if private else Cmd(f"`{line}`")
        label = seat_labels(game, rec.state).get(seat, seat)   # "C, yellow": the seat with its colour
        reply.public.insert(0, msg("Time is up for {name} ({seat}): the deadline played {shown}.",
                                   name=player['name'], seat=label, shown=shown))
        rec2 = self.store.load(plat, channel)
        if rec2 and rec2.meta:
            now_absent = next((p for p in rec2.meta["players"] if p.get("seat") == seat and p.get("absent")), None)
            was_absent = player.get("absent")
            if now_absent and not was_absent:
                reply.public.append(plural(("{name} ({seat}) missed {count} deadline in a row and is now absent: the "
                                            "game goes on with defaults for that seat; another player may /replace it "
                                            "with someone else (/replace SEAT @user).",
                                            "{name} ({seat}) missed {count} deadlines in a row and is now absent: the "
                                            "game goes on with defaults for that seat; another player may /replace it "
                                            "with someone else (/replace SEAT @user)."), ABSENT_AFTER,
                                           name=Cmd(player["name"]), seat=label, count=ABSENT_AFTER))
        for user in list(reply.private):   # the seat's private lines stay with its player
            if not user or user.startswith("seat:"):
                reply.private.pop(user)
        return reply

    def _reminder_due(self, plat: str, channel: str, lease: float, now: float, rec: Record, game,
                      expiry: float | None) -> list[Reply]:
        play = self.play_defaults(rec.meta.get("play") or {})
        mark = self.store.reminded_mark(plat, channel)
        if mark and mark[0] == rec.version:
            if mark[1] is None or play["repeat"] <= 0:   # sent once; no repeat
                self._release(plat, channel, lease, None, expiry)
                return []
            due = mark[1] + play["repeat"]
        else:
            due = rec.meta.get("since", now) + play["remind"] if "since" in rec.meta else now
        if due > now or play["remind"] <= 0:
            self._release(plat, channel, lease, due if play["remind"] > 0 else None, expiry)
            return []
        reply, later = self._reminder(plat, channel, rec, game, now)
        if reply is None:   # all quiet or off: look again when a night ends, or at the next repeat
            if later is None and play["repeat"] > 0:
                later = now + play["repeat"]
            self._release(plat, channel, lease, later, expiry)
            return []
        repeat = now + play["repeat"] if play["repeat"] > 0 else None
        nexts = [t for t in (repeat, later, expiry) if t is not None]
        reply.lease = (plat, channel, rec.version, lease, now, min(nexts) if nexts else None)
        return [reply]

    def _release(self, plat, channel, lease, due, expiry) -> None:
        nexts = [t for t in (due, expiry) if t is not None]
        self.store.reminder_dropped(plat, channel, lease, min(nexts) if nexts else None)

    def _reminder(self, plat: str, channel: str, rec: Record, game, now: float) -> tuple[Reply | None, float | None]:
        """The reminder for the pending players who want one now (not off, not in their quiet
        hours), and when the first quiet one's night ends."""
        pending = {p["user"] for p in rec.meta["players"] if p.get("seat") in game.prompts(rec.state) and p["user"]}
        wanted, later = set(), []
        for user in pending:
            why, end = self.not_now(plat, user, now, rec.meta)
            if end is not None:
                later.append(end)
            if why is None:
                wanted.add(user)
        if not wanted:
            return None, min(later) if later else None
        reply = Reply(version=rec.version, channel=channel)
        self.service.narration.prompt_lines(reply, game, rec.meta, rec.state, rec.version, None, channel=channel)
        users = {p.get("seat"): p["user"] for p in rec.meta["players"]}
        reply.public = [line for line, seat in zip(reply.public, game.prompts(rec.state))
                        if users.get(seat) in wanted]
        reply.mentions = [u for u in reply.mentions if u in wanted]
        reply.private = {u: lines for u, lines in reply.private.items() if u in wanted}
        reply.buttons = [b for b in reply.buttons if b.user in wanted]
        reply.menus = {u: menu for u, menu in reply.menus.items() if u in wanted}
        if reply.menu is not None and users.get(reply.menu.seat) not in wanted:
            reply.menu = None
        reply.public.insert(0, msg("Reminder:"))
        expiry, _ = self.expiry(rec.meta, game, rec.state)
        if expiry is not None and expiry > now:
            reply.public.append(msg("Without a decision, the deadline plays the default in {when}.",
                                    when=_span(expiry - now)))
        return reply, min(later) if later else None

    def not_now(self, plat: str, user: str, now: float, meta: dict | None = None) -> tuple[str | None, float | None]:
        """Why `user` does not want a reminder now ("away" in the game of `meta`, "off", "quiet",
        or None: he does), and when his absence or quiet hours end if he is in them."""
        seat = next((p.get("seat") for p in (meta or {}).get("players", []) if p["user"] == user), None)
        back = away_until(meta, seat, now) if meta else None
        if back is not None:
            return "away", back
        prefs = self.store.user_prefs(plat, user)
        if prefs.get("remind") == "off":
            return "off", None
        end = quiet_end(prefs, now)
        return ("quiet", end) if end is not None else (None, None)

    def remind(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        """/remind: ping the pending players now, as the scheduler would: not one who turned
        reminders off or is in his quiet hours. The reply names those left out and the reason,
        never his hours or time zone."""
        game = playing(rec)
        reply = Reply(version=rec.version)
        self.service.narration.prompt_lines(reply, game, rec.meta, rec.state, rec.version, None, channel=channel)
        if not reply.mentions:
            return Reply.refuse(msg("Nobody has a decision pending."), "NOBODY_PENDING")
        now = self.clock()
        left_out: dict[str, list[str]] = {"off": [], "quiet": [], "away": []}
        for user in list(reply.mentions):
            why, _ = self.not_now(cmd.platform, user, now, rec.meta)
            if why is not None:
                left_out[why].append(reply.names.get(user) or user)
                reply.mentions.remove(user)
                reply.private.pop(user, None)   # a private message pings too
                reply.menus.pop(user, None)
        if reply.mentions:
            last = self.store.cache_get(cmd.platform, channel, "remind-ping")
            if last is not None and now - float(last) < REMIND_THROTTLE:
                wait = max(1, round((REMIND_THROTTLE - (now - float(last))) / 60))
                minutes = int(REMIND_THROTTLE // 60)
                return Reply.refuse(plural(("The pending players were pinged less than {count} minute "
                                            "ago; /remind pings again in {wait} min.",
                                            "The pending players were pinged less than {count} minutes "
                                            "ago; /remind pings again in {wait} min."),
                                            minutes, count=minutes, wait=wait), "REMIND_THROTTLED", channel)
            self.store.cache_set(cmd.platform, channel, "remind-ping", repr(now).encode(), int(REMIND_THROTTLE) + 60)
        reply.public.insert(0, msg("Reminder:"))
        if left_out["off"]:
            reply.public.append(msg("Not pinged, reminders off: {names}.", names=join(", ", left_out['off'])))
        if left_out["quiet"]:
            reply.public.append(msg("Not pinged, in quiet hours: {names}.", names=join(", ", left_out['quiet'])))
        if left_out["away"]:
            reply.public.append(msg("Not pinged, away: {names}.", names=join(", ", left_out['away'])))
        return reply

    def reminded(self, reply: Reply) -> None:
        """A reminder from `due_reminders` was posted: not again before its repeat."""
        if reply.lease is not None:
            plat, channel, version, lease, *rest = reply.lease
            at, next_due = (rest + [None, None])[:2]
            batch = lease if isinstance(lease, Batch) else None
            self.store.reminder_sent(plat, channel, version, batch.until if batch else lease, at, next_due)
            if batch is not None:   # the rest of the batch is still this worker's: their lease starts again
                batch.unposted.discard(channel)
                until = self.clock() + REMIND_LEASE
                self.store.renew_reminders(plat, sorted(batch.unposted), batch.until, until)
                batch.until = until

    # a user's own settings: /remind on|off|tz ZONE|quiet A-B ------------------------------------
    def remind_settings(self, rest: str, cmd: Command) -> Reply:
        reply = self.remind_setting(rest, cmd)
        if reply.ok:   # the user's games look again now: a night may end earlier in the new zone
            for channel in self.store.user_channels(cmd.platform, cmd.user):
                self.store.schedule_reminder(cmd.platform, channel, self.clock())
        return reply

    def remind_setting(self, rest: str, cmd: Command) -> Reply:
        words = rest.split()
        what = words[0].lower()
        if what in ("on", "off") and len(words) == 1:
            self.store.set_user_pref(cmd.platform, cmd.user, "remind", what)
            return Reply(private={cmd.user: [msg("Reminders are {state} for you, in every game.", state=what)]})
        if what == "tz" and len(words) == 2:
            try:
                ZoneInfo(words[1])
            except (ZoneInfoNotFoundError, ValueError):
                return Reply.refuse(msg("Unknown time zone {zone}; use a name such as Europe/Madrid or "
                                        "America/New_York.",
                                        zone=Cmd(repr(words[1]))), "MALFORMED")
            self.store.set_user_pref(cmd.platform, cmd.user, "tz", words[1])
            return Reply(private={cmd.user: [msg("Your time zone is {zone}; quiet hours follow it.",
                                                 zone=Cmd(words[1]))]})
        if what == "quiet" and len(words) == 2:
            if words[1].lower() == "off":
                self.store.set_user_pref(cmd.platform, cmd.user, "quiet", None)
                return Reply(private={cmd.user: [msg("No quiet hours: reminders may come at any hour.")]})
            match = re.fullmatch(r"(\d{1,2})-(\d{1,2})", words[1])
            if not match or not all(0 <= int(h) <= 23 for h in match.groups()) or match.group(1) == match.group(2):
                return Reply.refuse(msg("Quiet hours are two different hours 0–23, e.g. /remind quiet "
                                        "23-08."),
                                    "MALFORMED")
            value = f"{int(match.group(1))}-{int(match.group(2))}"
            self.store.set_user_pref(cmd.platform, cmd.user, "quiet", value)
            tz = self.store.user_prefs(cmd.platform, cmd.user).get("tz", "UTC")
            return Reply(private={cmd.user: [msg("No reminders for you from {start}:00 to {end}:00 "
                                                 "({zone}).",
                                                 start=match.group(1), end=match.group(2), zone=Cmd(tz))]})
        return Reply.refuse(msg("Usage: /remind (ping the pending players), /remind on|off, /remind tz "
                                "ZONE, /remind quiet 23-08 (or off)."), "MALFORMED")

