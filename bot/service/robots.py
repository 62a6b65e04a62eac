"""Robots at the table: computer players that fill empty seats and stand in for absent players.

Where robots sit: `/new GAME robots=2` (or `/robot add [N]` in the lobby) seats them;
`/replace SEAT robot` gives an absent player's seat to a robot and `/back` gives it back to
him; the option `absent=robot` hands a seat to a robot at its third missed deadline in a row.
A robot's name starts with 🤖 in every message.

Where robots think: never in a command's path. A write that leaves a robot seat with a
decision pending adds a job (channel, seat, the write's version and seq) to a Redis stream in
the same atomic step as the write (Store.commit), so a job exists iff its write does; any number of
workers (`strategos robots`, bot/robots/worker.py) take jobs through a consumer group, each
exactly once, and one that dies mid-thought leaves its job to be claimed again. A worker
hands the robot `Game.view(state, seat)` only, never the state (robots/players.py), and
files the line it decided with what sending it needs; the adapters' scheduler loop applies it
through the service's one path (`due_reminders`), with the idempotency key `robot:<seq>:<seat>`,
so a late or doubled job is "already done" or a stale version, never a second move; the job is
acknowledged once its move is applied. The console thinks in-process (`play_here`).
"""
from __future__ import annotations

import itertools
import logging
import random
from collections import OrderedDict

import redis

from bot.service.common import Topic, hints_allowed, seat_of
from bot.service.types import Command, Reply, Write
from bot.store import Record, StoreError
from bot.words.i18n import render
from bot.words.names import player_name, robot_name
from core.message import join, msg, plural
from core.registry import get_game
from robots.kit import has_robot
from robots.levels import LEVELS
from robots.levels import level as level_named

log = logging.getLogger("strategos.robots")

MARK = "🤖"
GROUP = "thinkers"
DEFAULT_THINK = 1.0        # seconds a decision (issue #22); `/new GAME think=0.2s` sets it per game
PLAYERS_KEPT = 256         # robot players (with their memories) a process keeps, the least recent dropped
CLAIM_IDLE_MS = 30_000     # a job unacknowledged this long (its worker died) is claimed again


# `level=` as a menu of choices shows it (Discord's /robot add): each level's number and what it is
# Discord's /robot add level= choices, each a message its translator says in the user's language
LEVEL_CHOICES = tuple((rung.number, msg("{number} · {about}", number=rung.number, about=msg(rung.about)))
                      for rung in LEVELS.values())


def robot_player(number: int, level: int | None = None) -> dict:
    """A robot's seat; its level (robots/levels.py), when the table chose one, shows in its name. The
    name kept is English; a line names the robot in its reader's language (bot/words/names.player_name)."""
    name = str(robot_name(number, level))
    if level is None:
        return {"user": f"robot:{number}", "name": name, "robot": True}
    return {"user": f"robot:{number}", "name": name, "robot": True, "level": level}


def is_robot_user(user: str | None) -> bool:
    return bool(user) and user.startswith("robot:")


def take_back(meta: dict, user: str) -> tuple[dict, str] | None:
    """The meta with `user`'s seat taken back from the robot that played it, and the sentence
    that says so; None when no robot plays a seat of his (`/back`, bot/service/away.py)."""
    players = [dict(p) for p in meta["players"]]
    player = next((p for p in players if p["user"] == user and p.get("robot")), None)
    if player is None:
        return None
    player["name"] = player.pop("away_name", player["name"])
    player.pop("robot")
    player.pop("absent", None)
    meta = dict(meta, players=players)
    meta["misses"] = {s: n for s, n in (meta.get("misses") or {}).items() if s != player["seat"]}
    return meta, msg("{name} takes seat {seat} back from the robot.", name=player['name'], seat=player['seat'])


class Robots(Topic):
    """/robot, `/replace SEAT robot`, and the robots' jobs (/back is bot/service/away.py's)."""

    def __init__(self, service):
        super().__init__(service)
        # one player per seat this process thinks for: its memory of the lines it chose in each
        # position keeps it from looping through free actions that undo each other (pick up, drop)
        self._players: OrderedDict[tuple, object] = OrderedDict()
        # decisions taken from the store whose move the store then failed under (a restart, a
        # failover): applied again next round, not left to a claim of their job 30 s later
        self._held: dict[str, list[dict]] = {}

    def player_for(self, platform: str, channel: str, seat: str, budget: float, level: int | None = None):
        """The seat's robot: a level's iteration cap under its time ceiling (`think=` lowers the
        ceiling), or without a level the think budget alone, as before levels."""
        from robots.players import RobotPlayer  # the search's modules load only where robots think

        key = (platform, channel, seat, budget, level)
        player = self._players.pop(key, None)
        if player is None and level is not None:
            player = RobotPlayer.at(LEVELS[level], budget)
        player = player or RobotPlayer(budget=budget)
        self._players[key] = player
        while len(self._players) > PLAYERS_KEPT:
            self._players.popitem(last=False)
        return player

    # keys ------------------------------------------------------------------------------------
    @property
    def stream(self) -> str:
        """The jobs' stream (the first shard's on a cluster: bot/store/store.py)."""
        return self.store.robot_jobs_key()

    def decided_key(self, platform: str) -> str:
        return self.store.decided_key(platform)

    # /robot add [N] | remove: robots in the lobby ---------------------------------------------
    def robot(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        game = get_game(meta["game"])
        words = rest.split()
        what = words[0].lower() if words else "add"
        if meta["status"] != "lobby":
            return Reply.refuse(msg("Robots join in the lobby. In play, /replace SEAT robot gives an "
                                    "absent player's seat to a robot."), "STARTED", channel)
        players = [dict(p) for p in meta["players"]]
        if what == "add":
            numbers = [w for w in words[1:] if w.isdigit()]
            levels = [w.partition("=")[2] for w in words[1:] if w.lower().startswith("level=")]
            if len(numbers) + len(levels) != len(words[1:]) or len(numbers) > 1 or len(levels) > 1:
                return Reply.refuse(msg("Usage: /robot add [N] [level=1-5], /robot remove."), "MALFORMED", channel)
            count = int(numbers[0]) if numbers else 1
            level = parse_level(levels[0]) if levels else (meta.get("play") or {}).get("level")
            free = game.max_players - len(players)
            if count < 1 or count > free:
                return Reply.refuse(plural(("Only {count} seat is free at this table; /robot add N adds N robots.",
                                            "Only {count} seats are free at this table; /robot add N adds N "
                                            "robots."), free, count=free), "FULL", channel)
            players += fill(players, count, level)
        elif what == "remove":
            robots = [p for p in players if is_robot_user(p["user"])]
            if not robots:
                return Reply.refuse(msg("No robot sits in this lobby."), "NO_ROBOT", channel)
            players.remove(robots[-1])
        else:
            return Reply.refuse(msg("Usage: /robot add [N] [level=1-5], /robot remove."), "MALFORMED", channel)
        meta = dict(meta, players=players)
        names = join(", ", map(player_name, players))
        return Write(lambda version: Reply(public=[msg("Seated: {names}.", names=names)]), meta=meta)

    # /replace SEAT robot, /back ------------------------------------------------------------------
    def replace(self, seat: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        """An absent seat goes to a robot at once: nobody's hand changes owner (its player keeps
        his private messages and takes the seat back with /back)."""
        players = [dict(p) for p in rec.meta["players"]]
        player = next(p for p in players if p.get("seat") == seat)
        player.update(robot=True, away_name=player["name"], name=f"{MARK} {player['name']}")
        meta = dict(rec.meta, players=players)
        return Write(lambda version: Reply(public=[msg("A robot now plays seat {seat} for {name}, who "
                                                       "takes it back with /back.",
                                                       seat=seat, name=player['away_name'])]), meta=meta)

    # /hint: the advisor (issue 35) --------------------------------------------------------------
    def hint(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        """The seat's three best lines as the top level's search sees them, each with its chance to
        win and what it changes, to the asker alone; the table is marked as one where hints were
        used (`/stats`), by a quiet write that moves nobody's buttons."""
        from robots.hint import advise  # the search's modules load only where robots think

        meta = rec.meta
        game = get_game(meta["game"])
        if meta.get("status") != "playing" or rec.state is None:
            return Reply.refuse(msg("/hint helps during a game; this one is not being played."), "NOT_PLAYING", channel)
        if not hints_allowed(meta):
            return Reply.refuse(msg("Hints are off at this table (it was opened with hints=off)."), "HINTS_OFF",
                                channel)
        seat = seat_of(meta, cmd.user)
        if seat is None:
            return Reply.refuse(msg("/hint advises a seated player; you have no seat in this game."), "NOT_SEATED",
                                channel)
        if seat not in game.prompts(rec.state):
            return Reply.refuse(msg("You have nothing to decide now; /hint helps when a choice is "
                                    "yours."), "NOT_YOUR_TURN",
                                channel)
        if not has_robot(game.id):
            return Reply.refuse(msg("No robot plays {game} yet, so there is nobody to ask for a hint.",
                                    game=game.title), "NO_ROBOT", channel)
        lines = [msg("Hint: the lines the strongest robot would weigh for you, best first.")]
        for number, advice in enumerate(advise(game, game.view(rec.state, seat), seat), 1):
            percent = round(advice.chance * 100)
            lines.append(msg("{number}. {line} — chance to win about {percent} %.", number=number, line=advice.line,
                             percent=percent))
            lines += [f"   {change}" for change in advice.changes]

        def done(version: int) -> Reply:
            reply = Reply(channel=channel)
            reply.tell(cmd.user, "\n".join(lines))
            return reply
        if meta.get("hinted"):
            reply = done(rec.version)
            reply.version = rec.version
            return reply
        return Write(done, meta=dict(meta, hinted=True), quiet=True)

    # the jobs ----------------------------------------------------------------------------------
    @staticmethod
    def pending(meta: dict | None, state: dict | None) -> list[str]:
        """The robot seats that must decide now."""
        if not meta or state is None or meta.get("status") != "playing":
            return []
        robots = {p.get("seat") for p in meta["players"] if p.get("robot")}
        if not robots:
            return []
        return [seat for seat in get_game(meta["game"]).prompts(state) if seat in robots]

    def jobs_due(self) -> int:
        """Robots' decisions waiting: jobs no worker has taken yet, taken but not applied, and
        decided lines not yet applied (the web process's `strategos_robot_jobs_due`)."""
        return self.store.jobs_due()

    def ensure_group(self) -> None:
        self.store.ensure_job_groups()

    def take(self, worker: str, block_ms: int = 1000, claim_idle_ms: int = CLAIM_IDLE_MS) -> tuple[str, dict] | None:
        """One job for `worker`: one another worker left unacknowledged too long first (it died
        mid-thought), else a new one (`Store.take_job`)."""
        return self.store.take_job(worker, block_ms, claim_idle_ms)

    def think(self, job: dict, player=None, rnd: random.Random | None = None) -> dict | None:
        """The robot's decision for a job: the job with the line decided and what sending it
        needs (the game, whether the line is private, the seat's player), so applying it loads
        nothing more than the service's own write does; None when the job is out of date (the
        game has been written since). The robot is handed the seat's view, never the state."""
        rec = self.store.load(job["platform"], job["channel"])
        seat = job["seat"]
        if rec is None or rec.meta is None or seat not in self.pending(rec.meta, rec.state):
            return None
        if "seq" not in job:   # a job queued before jobs named their write: its version tells
            job = dict(job, seq=rec.expected) if rec.version == int(job["version"]) else None
        if job is None or rec.expected != int(job["seq"]):
            return None
        game = get_game(rec.meta["game"])
        view = game.view(rec.state, seat)
        budget = float((rec.meta.get("play") or {}).get("think", DEFAULT_THINK))
        held = next((p for p in rec.meta["players"] if p.get("seat") == seat), {})
        level = held.get("level", (rec.meta.get("play") or {}).get("level"))
        player = player or self.player_for(job["platform"], job["channel"], seat, budget, level)
        line = player.decide(game, view, seat, rnd or random.Random())
        private = game.sent_privately(line, game.prompts(rec.state)[seat])
        return {**job, "line": line, "game": game.id, "private": private,
                "user": held.get("user") or f"robot:{seat}", "name": held.get("name", seat), "level": held.get("level")}

    def file(self, job_id: str, decision: dict) -> None:
        """A decision waits for the platform's scheduler loop to apply it."""
        self.store.file_decision({"id": job_id, **decision})

    def drop(self, job_id: str, job: dict) -> None:
        self.store.ack_job(job_id, job["platform"], job["channel"])

    def apply(self, decision: dict) -> Reply:
        """A robot's decision (`think`) through the one command path, which loads the game once;
        the key names the write the robot decided at, so the same decision counts once."""
        seat, private = decision["seat"], bool(decision["private"])
        cmd = Command(decision["platform"], decision["channel"], decision["user"],
                      f"/{decision['game']} {decision['line']}", private=private, version=int(decision["version"]),
                      key=f"robot:{decision['seq']}:{seat}", by="robot", seat=seat)
        reply = self.service.handle(cmd)
        reply.robot = True
        for user in list(reply.private):   # a robot reads nothing; a seat held for a player keeps his own
            if is_robot_user(user):
                reply.private.pop(user)
        for user in list(reply.menus):     # nor presses a menu
            if is_robot_user(user):
                reply.menus.pop(user)
        if private and reply.ok:
            # said after the reply was put in the channel's language: rendered in it here
            robot = {"user": decision["user"], "name": decision["name"], "robot": True, "level": decision.get("level")}
            reply.public.insert(0, render(msg("{name} made a private choice.", name=player_name(robot)), reply.lang))
        return reply

    def decided(self, platform: str) -> list[Reply]:
        """The moves robots decided for this platform's games, applied (each job acknowledged
        once applied; one whose game moved on is acknowledged and dropped)."""
        replies = []
        held = self._held.setdefault(platform, [])
        try:
            for decision in itertools.chain(list(held), self.store.decisions(platform)):
                if decision in held:
                    held.remove(decision)
                if "game" not in decision:   # filed by a worker of before: its job is claimed and thought again
                    continue
                reply = self.apply(decision)
                if reply.code in ("STORE_DOWN", "OUTCOME_UNKNOWN"):   # again next round (its key counts it once)
                    held.append(decision)
                    raise StoreError(reply.error)
                self.drop(decision["id"], decision)
                if reply.ok and reply.changed:
                    replies.append(reply)
        except redis.RedisError as exc:
            raise StoreError("The game store (Redis) cannot be reached right now.") from exc
        return replies

    def play_here(self, platform: str, channel: str, limit: int = 10_000, player=None,
                  rnd: random.Random | None = None) -> list[Reply]:
        """The console's way: every robot decision due in this channel, thought and applied
        in-process, until a person must decide or the game ends."""
        replies = []
        for _ in range(limit):
            rec = self.store.load(platform, channel)
            seats = self.pending(rec.meta if rec else None, rec.state if rec else None)
            if not seats:
                break
            job = {"platform": platform, "channel": channel, "seat": seats[0], "version": rec.version,
                   "seq": rec.expected}
            decision = self.think(job, player, rnd)
            if decision is None:
                break
            reply = self.apply(decision)
            replies.append(reply)
            if not reply.ok:
                log.error("a robot's line %r was refused at %s:%s: %s", decision["line"], platform, channel,
                          reply.error)
                break
        return replies


def parse_level(text: str) -> int:
    """A robot's level from `level=N` (robots/levels.py), or a refusal naming the levels."""
    return level_named(text).number


def fill(players: list[dict], count: int, level: int | None = None) -> list[dict]:
    """`count` new robots, numbered after those seated, of a level when one is given."""
    taken = {p["user"] for p in players}
    out, number = [], 1
    while len(out) < count:
        if f"robot:{number}" not in taken:
            out.append(robot_player(number, level))
        number += 1
    return out


def robot_held(meta: dict, user: str) -> bool:
    """The user's seat is played by a robot (he must /back before he plays it again)."""
    seat = seat_of(meta, user)
    return seat is not None and any(p.get("seat") == seat and p.get("robot") for p in meta["players"])
