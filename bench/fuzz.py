"""Random and mutated command lines through the service, at random points of self-played
games of every game in the registry: every answer is a sentence, never INTERNAL, and a
refused command leaves the stored game exactly as it was (version and snapshot bytes).

`tests/proof/test_fuzz.py` drives the same check with hypothesis (a few hundred lines in
CI); `strategos bench --fuzz 100000` sends many more with a seeded `random`.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from bot.console.selfplay import PLATFORM, play_one
from bot.service import COMMANDS, Service
from bot.service.types import Command, Reply
from core.registry import all_games

# pieces a hostile or clumsy user types
ATOMS = [
    "", " ", "\t", "\n", "0", "-1", "1.5", "1e308", "-0", "nan", "inf", "9" * 400, "-" + "9" * 30,
    "0x10", "١٢", "Ⅻ", "e\u0301", "ﬁ", "ǅ", "İ", "ß", "\u200b", "\u202e", "\ufeff", "🙂", "👨‍👩‍👧", "\U0010ffff",
    "\ud800", "\udfff", "\x00", "\x1b[31m", "\x7f", "\r\n", "<@123>", "<@&1>", "@everyone", "@here",
    "**b**", "__u__", "`c`", "```x```", "||s||", "[l](http://x)", "<b>x</b>", "</code>", "&amp;", "\\",
    "'", '"', "'unclosed", '"unclosed', "=", "g=", "g=nowhere", "seed=1", "a=b=c", "region=", "/", "//",
    "@bot", "/help@", "*", "%s", "{}", "{0}", "${x}", "None", "null", "true", "[]", "{\"a\":1}",
    "x" * 10_000, "é" * 3000, "A1", "Z99", "(1,2)", "1 2", "  spaced  ", "ALL", "all", "0,0", "-1,-1",
]


def verbs_of_everything() -> list[str]:
    words = list(COMMANDS)
    for game in all_games():
        words += [game.id, *game.aliases]
        words += list(game.verbs)
        words += [f"{game.aliases[0] if game.aliases else game.id} {v}" for v in game.verbs]
    return words


def mutate(line: str, rnd: random.Random) -> str:
    """A legal line made a little wrong: a token dropped, doubled, swapped, replaced, recased."""
    tokens = line.split(" ")
    op = rnd.randrange(7)
    i = rnd.randrange(len(tokens))
    if op == 0 and len(tokens) > 1:
        del tokens[i]
    elif op == 1:
        tokens.insert(i, tokens[i])
    elif op == 2:
        tokens[i] = rnd.choice(ATOMS)
    elif op == 3:
        tokens.append(rnd.choice(ATOMS))
    elif op == 4:
        tokens[i] = tokens[i].upper() if rnd.random() < 0.5 else tokens[i][::-1]
    elif op == 5 and len(tokens) > 1:
        j = rnd.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
    else:
        tokens = tokens[: rnd.randrange(1, len(tokens) + 1)] + [str(rnd.choice([0, -1, 10 ** 20, 2 ** 63]))]
    return " ".join(tokens)


def random_line(rnd: random.Random, verbs: list[str], legal: list[str]) -> str:
    kind = rnd.randrange(5)
    if kind == 0 and legal:
        return "/" + mutate(rnd.choice(legal), rnd)
    if kind in (1, 2):   # every verb with a wrong (random) arity
        args = " ".join(rnd.choice(ATOMS) for _ in range(rnd.randrange(0, 5)))
        return f"{rnd.choice(['/', '', '/', ' /'])}{rnd.choice(verbs)} {args}".rstrip()
    if kind == 3:
        return "".join(rnd.choice(ATOMS) for _ in range(rnd.randrange(1, 4)))
    return "".join(chr(rnd.choice([rnd.randrange(32, 127), rnd.randrange(0x80, 0x3000), rnd.randrange(0xd800, 0xe000),
                                   rnd.randrange(0x1f300, 0x1f700)])) for _ in range(rnd.randrange(0, 40)))


@dataclass
class Position:
    game: object
    channel: str
    users: list[str]


@dataclass
class Result:
    sent: int = 0
    refused: int = 0
    accepted: int = 0
    wall: float = 0.0
    problems: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"7. Fuzzing: {self.sent:,} random and mutated command lines through the service at random "
                 f"points of self-played games of every game ({self.refused:,} refused or only looked, "
                 f"{self.accepted:,} accepted) in {self.wall:.1f} s "
                 f"({self.sent / self.wall if self.wall else 0:.0f}/s): "
                 f"{len(self.problems)} problems"]
        lines += [f"   {p}" for p in self.problems[:20]]
        return "\n".join(lines)


class Fuzzer:
    def __init__(self, service: Service, seed: int = 0, depths: tuple[int, ...] = (0, 7, 40, 150)):
        self.service = service
        self.rnd = random.Random(seed)
        self.verbs = verbs_of_everything()
        self.depths = depths
        self.positions: list[Position] = []
        self.counts = [0, 0]   # refused or looked, accepted
        for game in all_games():
            players = max(game.min_players, min(game.max_players, 5))
            for depth in depths:
                seed_s = f"fuzz{depth}"
                play_one(service, game.id, players, seed_s, max_actions=depth)
                channel = f"{game.id}-{players}-{seed_s}"
                self.positions.append(Position(game, channel, [f"{channel}:p{i + 1}" for i in range(players)]))

    def snapshot(self, pos: Position) -> tuple:
        rec = self.service.store.load(PLATFORM, pos.channel)
        log_length = self.service.store.log_length(PLATFORM, pos.channel)
        return (rec.version, rec.raw_state, rec.meta, log_length) if rec else None

    def legal(self, pos: Position) -> list[str]:
        loaded = self.service.state(PLATFORM, pos.channel)
        if loaded is None:
            return []
        game, state, _ = loaded
        lines = []
        for prompt in game.prompts(state).values():
            lines += [f"{game.id} {x}" for x in (*prompt.actions[:10], *prompt.templates, *prompt.private[:3])]
        return lines

    def send(self, pos: Position, line: str, who: int, private: bool) -> str | None:
        """One line, checked; a problem as a sentence, or None."""
        user = pos.users[who] if who < len(pos.users) else "stranger"
        before = self.snapshot(pos)
        try:
            reply = self.service.handle(Command(PLATFORM, None if private else pos.channel, user, line,
                                                name=user, private=private))
        except Exception as exc:   # handle() must never raise
            return f"{pos.game.id}: {line[:80]!r} raised {type(exc).__name__}: {exc}"
        self.counts[reply.ok and reply.changed] += 1
        problem = judge(reply, line)
        if problem:
            return f"{pos.game.id} {pos.channel}: {line[:80]!r}: {problem}"
        if not reply.ok or not reply.changed:
            after = self.snapshot(pos)
            if after != before:
                return (f"{pos.game.id} {pos.channel}: {line[:80]!r} was answered "
                        f"{'refused ' + str(reply.code) if not reply.ok else 'without a change'} but the stored "
                        f"game changed (version {before and before[0]} → {after and after[0]})")
        else:
            self.restore(pos)
        return None

    def restore(self, pos: Position) -> None:
        """An accepted line may end or abort the game: play a fresh one in its place."""
        rec = self.service.store.load(PLATFORM, pos.channel)
        if rec is None or rec.meta is None or rec.meta["status"] != "playing":
            players = len(pos.users)
            seed = pos.channel.rsplit("-", 1)[1]
            play_one(self.service, pos.game.id, players, seed, max_actions=self.rnd.choice(self.depths))

    def random_send(self) -> str | None:
        pos = self.rnd.choice(self.positions)
        line = random_line(self.rnd, self.verbs, self.legal(pos) if self.rnd.random() < 0.4 else [])
        return self.send(pos, line, self.rnd.randrange(len(pos.users) + 1), self.rnd.random() < 0.2)


def judge(reply: Reply, line: str) -> str | None:
    """What is wrong with an answer: not a sentence, an internal error, or nothing said."""
    if reply.code == "INTERNAL":
        return "answered INTERNAL (an exception in our code: see the log)"
    if not reply.ok:
        text = reply.error or " ".join(x for lines in reply.private.values() for x in lines)
        if not text or not isinstance(text, str):
            return f"a refusal ({reply.code}) with no sentence"
        ends = text.rstrip()[-1] in ".!?)`'\"»" or "Usage: " in text   # a usage line may close it
        if "Traceback" in text or "Error(" in text or not ends:
            return f"a refusal that is not a sentence: {text[:200]!r}"
        return None
    if not (reply.public or reply.private or reply.image or reply.private_images or reply.file):
        return "accepted, but nothing was said"
    return None


def run(service: Service, n: int, seed: int = 0) -> Result:
    import logging

    logging.getLogger("strategos.command").setLevel(logging.ERROR)
    started = time.perf_counter()
    fuzzer = Fuzzer(service, seed)
    result = Result()
    for _ in range(n):
        problem = fuzzer.random_send()
        result.sent += 1
        if problem:
            result.problems.append(problem)
    result.refused, result.accepted = fuzzer.counts
    result.wall = time.perf_counter() - started
    return result
