"""The cost of saying a line in the reader's language, before and after issue 36.

Before: the rules composed English and the words layer read each line back by its templates
(bot/words/i18n._matched, the matcher kept for stored old lines). After: the rules name a message
and pass typed fields, and the words layer renders it (bot/words/i18n.render). Both are timed on
the same lines: every event of seeded games of the four games, in Spanish and in Russian.
Also counted: the lines each way leaves wholly unchanged (still English), and the f-string
sentences left in the rules (`ctx.say(f"…")`, target 0). The service's own sentences likewise
(`--service`): the lines a table of each game reads through the service (lobby, /start, /status, /help
for the game and each verb, /log, refusals) on an embedded Redis, and the service sentences still
composed in English (bot/words/rewrite_service.py finds none to rewrite, target 0).

    python -m bench.words [--actions 150] [--service]
"""
from __future__ import annotations

import argparse
import ast
import time
from pathlib import Path

from bot.words.examples import played
from bot.words.i18n import _matched, render
from core.message import Msg

GAMES = ("successors", "ludi", "starcraft", "infinity")
RULES = Path(__file__).resolve().parents[1] / "core"


def lines(actions: int) -> list[Msg]:
    said = [e.text for game_id in GAMES for _, events in played(game_id, 7, actions, options="") for e in events]
    return [line for line in said if isinstance(line, Msg)]


def f_string_says() -> int:
    """`ctx.say/tell/reveal` calls whose text is an f-string (the issue's count: 278 before)."""
    count = 0
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("say", "tell", "reveal"):
                text = node.args[1 if node.func.attr == "tell" else 0] if node.args else None
                count += isinstance(text, ast.JoinedStr) or (
                    isinstance(text, ast.BinOp) and any(isinstance(n, ast.JoinedStr) for n in ast.walk(text)))
    return count


def service_lines() -> list[Msg]:
    """The lines a table of each game reads through the service, each a message (the rules' events
    and the service's own sentences), in English: what the edge then says in a reader's language."""
    import tempfile

    from bot.service import Service
    from bot.service.types import Command
    from bot.store import Store, connect
    from core.registry import get_game

    said: list[Msg] = []
    with tempfile.TemporaryDirectory() as folder:
        service = Service(Store(connect(None, folder), prefix="bench"), remind_after=3600)
        for game_id in GAMES:
            game, channel = get_game(game_id), f"words-{game_id}"
            users = [f"u{i}" for i in range(game.min_players)]
            sent = [(users[0], f"/new {game_id} seed=7"), *((u, "/join") for u in users), (users[0], "/start"),
                    (users[0], "/status"), (users[0], "/log"), (users[0], f"/help {game_id}"),
                    *((users[0], f"/help {game_id} {verb}") for verb in game.verbs), (users[0], f"/{game_id} x"),
                    (users[0], "/join"), (users[0], "/help"), (users[0], "/me")]
            for user, text in sent:
                reply = service.handle(Command("bench", channel, user, text, name=user))
                lines = [*reply.public, *([reply.error] if reply.error else []), *(x for v in reply.private.values()
                                                                                  for x in v)]
                said += [line for line in lines if isinstance(line, Msg)]
    return said


def composed_in_english() -> int:
    """The service's sentences of bot/words/messages.py still composed as English (rewrite_service's count)."""
    from bot.words.rewrite_service import SERVICE, Rewriter

    count = 0
    for path in SERVICE.glob("*.py"):
        rewriter = Rewriter(path.read_text())
        rewriter.run()
        count += len(rewriter.edits)
    return count


def timed(function, said: list, lang: str) -> tuple[float, list[str]]:
    started = time.perf_counter()
    out = [function(line, lang) for line in said]
    return (time.perf_counter() - started) / len(said) * 1e6, out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--service", action="store_true", help="the service's lines, on an embedded Redis")
    args = parser.parse_args(argv)
    if args.service:
        said = service_lines()
        print(f"lines: {len(said)} lines a table of each game reads through the service ({', '.join(GAMES)})")
        print(f"service sentences composed in English left: {composed_in_english()}")
    else:
        said = lines(args.actions)
        print(f"lines: {len(said)} events of seeded games ({', '.join(GAMES)}, {args.actions} actions each)")
        print(f"f-string say/tell/reveal calls left in core: {f_string_says()}")
    for lang in ("es", "ru"):
        render(said[0], lang), _matched(str(said[0]), lang)   # catalogues compiled, indexes built
        before, matched = timed(lambda line, lang: _matched(str(line), lang), said, lang)
        after, rendered = timed(render, said, lang)
        left_before = sum(a == str(b) for a, b in zip(matched, said))
        left_after = sum(a == str(b) for a, b in zip(rendered, said))
        print(f"{lang}: matched {before:7.1f} µs a line, {left_before} lines unchanged; "
              f"rendered {after:7.1f} µs a line, {left_after} unchanged (floor: rendered ≤ matched)")


if __name__ == "__main__":
    main()
