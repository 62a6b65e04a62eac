"""Seeded self-play through the real service path: random legal actions until the end.

It reports crashes (an exception anywhere on the path), dead ends (a seat must act and
has nothing it can do), refusals of sampled actions (the prompt offered something the
rules then refused), broken invariants, stuck games (no end within a bound) and leaks
(a game's secret showing up in a public message).
"""
from __future__ import annotations

import hashlib
import random
import re
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable

import orjson

from bot.service import Service
from bot.service.types import Command, Reply
from core.registry import get_game

PLATFORM = "selfplay"


@dataclass
class GameReport:
    seed: str
    actions: int = 0
    finished: bool = False
    problems: list[str] = field(default_factory=list)
    summary: dict | None = None
    counters: dict = field(default_factory=dict)


@dataclass
class Report:
    game: str
    players: int
    games: list[GameReport] = field(default_factory=list)
    wall: float = 0.0

    @property
    def problems(self) -> list[str]:
        return [f"seed {g.seed}: {p}" for g in self.games for p in g.problems]

    def text(self) -> str:
        actions = sum(g.actions for g in self.games)
        finished = sum(g.finished for g in self.games)
        lines = [f"{self.game}: {len(self.games)} games, {self.players} players, {finished} finished, "
                 f"{actions} actions, {self.wall:.2f} s wall ({actions / self.wall if self.wall else 0:.0f} actions/s)"]
        totals: dict = {}
        for g in self.games:
            for k, v in g.counters.items():
                totals[k] = totals.get(k, 0) + v
        if totals:
            lines.append("counted: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))
        problems = self.problems
        lines.append(f"problems: {len(problems)}")
        lines += [f"  {p}" for p in problems[:20]]
        return "\n".join(lines)


def play_one(service: Service, game_id: str, players: int, seed: str, max_actions: int = 20000,
             trace: Callable[[dict], None] | None = None, on_reply: Callable[[Reply, object], None] | None = None,
             options: str = "", audit_every: int = 0, secret_seed: bool = False) -> GameReport:
    """One seeded random game. Every reply's public lines, buttons and the public view are
    checked for the game's secrets and the private lines of its prompts; with `secret_seed`,
    the dice seed is a long one derived from `seed` and checked as a secret until the end
    (a short typed `seed=7` is public by design); with `audit_every`, every that many actions
    also what a watcher can ask for
    (/status, /log, /export) and the labels drawn on the public picture; /log must tell only what
    the channel was told."""
    game = get_game(game_id)
    rnd = random.Random(f"selfplay:{seed}")
    channel = f"{game.id}-{players}-{seed}"
    users = [f"{channel}:p{i + 1}" for i in range(players)]   # own users: DMs route to this game
    report = GameReport(seed)

    def send(user: str, text: str, private: bool = False) -> Reply:
        reply = service.handle(Command(PLATFORM, None if private else channel, user, text, name=user,
                                       private=private, admin=True))
        if on_reply is not None:
            on_reply(reply, report)
        return reply

    send(users[0], "/abort")   # a previous run's game in this channel, if any
    dice_seed = hashlib.sha256(f"selfplay:{seed}".encode()).hexdigest()[:32] if secret_seed else seed
    for text, user in [(f"/new {game.id} seed={dice_seed} {options}".strip(), users[0])] + \
            [("/join", u) for u in users] + [("/start", users[0])]:
        reply = send(user, text)
        if not reply.ok:
            report.problems.append(f"lobby refused {text!r}: {reply.error}")
            return report
    loaded = service.state(PLATFORM, channel)
    _, state, rec = loaded
    if trace:
        trace({"setup": {"game": game.id, "players": users, "seed_sha256": rec.meta["seed_sha256"],
                         "options": rec.meta["options"]}, "summary": game.summary(state)})
    seat_user = {p["seat"]: p["user"] for p in rec.meta["players"]}
    told: set[str] = set()   # every public line the channel read since the start
    while report.actions < max_actions:
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        prompt = prompts[seat]
        if not (prompt.actions or prompt.templates or prompt.private):
            report.problems.append(f"dead end: {seat} must act but has no legal action ({prompt.text})")
            return report
        try:
            line = game.sample(state, seat, rnd)
        except Exception:
            report.problems.append("crash in sample: " + traceback.format_exc(limit=3))
            return report
        private = game.sent_privately(line, prompt)
        try:
            reply = send(seat_user[seat], f"/{game.id} {line}", private)
        except Exception:
            report.problems.append(f"crash on `{line}`: " + traceback.format_exc(limit=5))
            return report
        if not reply.ok:
            report.problems.append(f"sampled `{line}` by {seat} was refused: {reply.error or reply.private}")
            return report
        _, state, rec = service.state(PLATFORM, channel)
        report.actions += 1
        hidden = [dice_seed] if secret_seed and not game.outcome(state)[0] else []
        told.update(reply.public)
        leaks = _leaks(game, state, reply, hidden)
        # (once over, /export shows every private line and the seed: by design, so not audited then)
        if not leaks and audit_every and report.actions % audit_every == 0 and not game.outcome(state)[0]:
            leaks = audit(service, game, channel, state, hidden, told)
        if leaks:
            report.problems.append(f"after `{line}`: secret {leaks[0]!r} shown in public")
            return report
        broken = game.invariants(state)
        if broken:
            report.problems.append(f"after `{line}`: " + "; ".join(broken))
            return report
        if trace:
            trace({"n": report.actions, "seat": seat, "action": line, "summary": game.summary(state)})
    summary = game.summary(state)
    report.summary = summary
    report.finished = summary["finished"]
    report.counters = dict(summary.get("counts") or {})   # e.g. battles, sieges, crushings
    if not report.finished:
        report.problems.append(f"stuck: no end after {report.actions} actions")
    return report


def _leaks(game, state: dict, reply: Reply, hidden: list[str] = (), extra: str = "") -> list[str]:
    """Secrets of the new state that a public line, a button or the public view shows;
    `hidden` adds more (the seed), `extra` more public text (a watcher's answers, labels)."""
    prompts = game.prompts(state) if hasattr(game, "prompts") else {}
    # lines a prompt offers privately only (one offered both ways, like Infinity's `undo`, is not hidden)
    private_lines = {line for prompt in prompts.values() for line in prompt.private if line not in prompt.actions}
    shown = [b.line for b in reply.buttons if b.line.split(" ", 1)[-1] in private_lines]
    if shown:
        return [f"the private line `{shown[0]}` as a public button"]
    secrets = [s for s in game.secrets(state) if s] + [s for s in hidden if s]
    if not secrets:
        return []
    menu = [o.label for o in reply.menu.options] if reply.menu is not None else []   # a public menu's first page
    public = "\n".join(reply.public + [b.line for b in reply.buttons] + [b.label for b in reply.buttons] + menu) + \
        orjson.dumps(game.view(state, None)).decode() + extra
    # whole words only: a revealed `BH17` is not a leak of a still-hidden `BH1`
    # (a plain substring test first: the regular expression only for the rare candidates)
    return [s for s in secrets if s in public and re.search(rf"(?<!\w){re.escape(s)}(?!\w)", public)]


WATCHER = "selfplay:watcher"   # not seated: sees what the whole channel sees
_LABEL = re.compile(r" \([^()]*\)")   # a seat's colour or faction beside its player


def audit(service: Service, game, channel: str, state: dict, hidden: list[str],
          told: set[str] | None = None) -> list[str]:
    """What anyone in the channel can ask for now, and the public picture's drawn labels. /log
    tells the sentences the channel read after each action (each checked when it was said; a card
    named then may lie in a hand now, reshuffled): its last action's against today's secrets, and
    every one of them against what the channel was `told`."""
    texts = []
    for text in ("/status", "/log 1", "/export"):
        reply = service.handle(Command(PLATFORM, channel, WATCHER, text, name="watcher"))
        texts += reply.public + [reply.error or ""]
        if reply.file:
            texts.append(reply.file[1].decode())
    texts += drawn_labels(game, state)
    if told is not None:   # (a seat is named as it sits now: "ann (Tassadar)" once a faction is claimed)
        unlabelled = {_LABEL.sub("", line) for line in told}
        for line in service.handle(Command(PLATFORM, channel, WATCHER, "/log 100", name="watcher")).public:
            said = line.split(". ", 1)[-1]
            if _LABEL.sub("", said) not in unlabelled and not said.endswith((" made a private choice.", "`.")):
                return [f"/log's {line!r}, never told to the channel"]
    return _leaks(game, state, Reply(), hidden, "\n" + "\n".join(texts))


def drawn_labels(game, state: dict) -> list[str]:
    """Every string the drawer writes on the public picture (Pillow's text calls)."""
    import render

    if not render.has_picture(game.id):
        return []
    from PIL import ImageDraw

    labels: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):
        labels.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        render.draw(game.id, game.view(state, None), None)
    finally:
        ImageDraw.ImageDraw.text = original
    return labels


def run(service: Service, game_id: str, players: int, seed: int, games: int = 1, trace_file=None,
        max_actions: int = 20000, options: str = "") -> Report:
    report = Report(get_game(game_id).id, players)
    started = time.perf_counter()
    out = open(trace_file, "wb") if trace_file else None
    try:
        def trace(line: dict) -> None:
            out.write(orjson.dumps(line) + b"\n")

        for i in range(games):
            report.games.append(play_one(service, game_id, players, str(seed + i), max_actions,
                                         trace if out else None, options=options))
    finally:
        if out:
            out.close()
    report.wall = time.perf_counter() - started
    return report
