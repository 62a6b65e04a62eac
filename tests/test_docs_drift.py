"""Docs that cannot drift (issue 26): the defaults the docs state are read from the code, the
Procfile they show is the Procfile, every command of the table is documented for each platform,
and every command docs/discord.md and docs/telegram.md name is one the adapters answer — on
Discord with the options the docs give it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.discord import client as discord_client
from bot.discord import out as discord_out
from bot.discord.tree import tree_payload
from bot.service import COMMANDS, timers, transfer
from bot.service import robots as service_robots
from bot.service import service as service_module
from bot.settings import Settings
from bot.telegram import adapter as telegram_adapter
from core.registry import all_games
from tests.discord.harness import make_harness
from tests.telegram.conftest import tg  # noqa: F401 — the offline Telegram application, as a fixture

ROOT = Path(__file__).resolve().parent.parent
README, DISCORD, TELEGRAM, DEPLOY = (ROOT / "README.md", ROOT / "docs" / "discord.md", ROOT / "docs" / "telegram.md",
                                     ROOT / "docs" / "deploy.md")
SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^\s*```[^\n]*\n(.*?)^\s*```", re.S | re.M)
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}
# BotFather's commands and the webhook's path, which docs/telegram.md names beside the bot's own
NOT_THE_BOTS = {"newbot", "setjoingroups", "setdescription", "setuserpic", "setprivacy", "setcommands", "token",
                "telegram", "newapp", "mybots"}


def text(doc: Path) -> str:
    return " ".join(doc.read_text().split())   # a sentence may wrap anywhere


def slash_spans(doc: Path) -> list[str]:
    """Every code span, and every line of a code block, that starts with a slash command."""
    raw = doc.read_text()
    pieces = SPAN.findall(raw) + [line.strip() for block in FENCE.findall(raw) for line in block.splitlines()]
    return [p for p in pieces if re.match(r"^/[a-z]", p)]


def word_of(span: str) -> str:
    return span.split()[0][1:].split("@", 1)[0]


def seconds_in_words(seconds: float) -> str:
    """60 → "minute", 900 → "15 minutes", 300 → "five minutes", 14 days → "14 days" (the docs' own way)."""
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "s")):
        if seconds % size == 0 and seconds >= size:
            n = int(seconds // size)
            if unit == "s":
                return f"{n} s"
            return unit if n == 1 else f"{NUMBERS.get(n, n) if unit == 'minute' and n < 10 else n} {unit}s"
    raise AssertionError(seconds)


# the defaults -------------------------------------------------------------------------------------
def setting(name: str):
    return Settings.model_fields[name].default


DEFAULTS = [
    # (doc, the sentence the doc says it in, with the code's value in its place)
    (DISCORD, "reminds the player (default {} h)", lambda: setting("strategos_remind_after") // 3600),
    (ROOT / ".env.example", "Default: {0} ({1} h)", lambda: (setting("strategos_remind_after"),
                                                             setting("strategos_remind_after") // 3600)),
    (DISCORD, "Every {} the bot asks the service for due reminders",
     lambda: seconds_in_words(discord_client.REMIND_EVERY)),
    (TELEGRAM, "(it checks every {})", lambda: seconds_in_words(telegram_adapter.REMIND_EVERY)),
    (DISCORD, "pending players at most once every {}", lambda: seconds_in_words(timers.REMIND_THROTTLE)),
    (TELEGRAM, "pending players at most once every {}", lambda: seconds_in_words(timers.REMIND_THROTTLE)),
    (DISCORD, "was kept in Redis for {}", lambda: seconds_in_words(discord_out.BUTTON_TTL)),
    (TELEGRAM, "{}, so buttons keep working across restarts", lambda: seconds_in_words(telegram_adapter.BUTTON_TTL)),
    (TELEGRAM, "(the answer is kept {})", lambda: seconds_in_words(telegram_adapter.MEMBER_TTL)),
    (DISCORD, "waits in Redis for {}", lambda: seconds_in_words(transfer.TRANSFER_TTL)),
    (TELEGRAM, "waits in Redis for {}", lambda: seconds_in_words(transfer.TRANSFER_TTL)),
    (README, "A command line holds at most {:,} characters", lambda: service_module.LINE_LIMIT),
    (TELEGRAM, "A command line holds at most {:,} characters", lambda: service_module.LINE_LIMIT),
    (README, "a robot's time a decision (default {:g} s)", lambda: service_robots.DEFAULT_THINK),
    (DEPLOY, "`think=` (default {:g} s)", lambda: service_robots.DEFAULT_THINK),
    (DEPLOY, "leaves its job to another after {}", lambda: seconds_in_words(service_robots.CLAIM_IDLE_MS // 1000)),
    (TELEGRAM, "listens (default `{}:{}`)", lambda: (setting("web_listen"), setting("web_port"))),
    (TELEGRAM, "may open at once (default {})", lambda: setting("telegram_webhook_max_connections")),
]


@pytest.mark.parametrize("doc,sentence,value", DEFAULTS, ids=[f"{d.name}: {s}" for d, s, _ in DEFAULTS])
def test_every_default_the_docs_state_is_the_codes(doc, sentence, value):
    found = value()
    expected = sentence.format(*found) if isinstance(found, tuple) else sentence.format(found)
    assert expected in text(doc), f"{doc.name} should say {expected!r}, as the code has it"


def test_the_words_for_a_duration_are_the_docs():
    assert [seconds_in_words(s) for s in (60, 300, 900, 14 * 86400, 30)] == [
        "minute", "five minutes", "15 minutes", "14 days", "30 s"]


# the Procfile ------------------------------------------------------------------------------------
def procfile() -> list[str]:
    return [line.strip() for line in (ROOT / "Procfile").read_text().splitlines() if line.strip()]


def test_the_procfile_the_deploy_guide_shows_is_the_procfile():
    shown = [block for block in FENCE.findall(DEPLOY.read_text())
             if all(re.match(r"^\w+: ", line) for line in block.strip().splitlines())]
    assert shown, "docs/deploy.md shows the Procfile"
    assert [line.strip() for line in shown[0].strip().splitlines()] == procfile()


def test_the_readme_names_every_process_of_the_procfile_with_its_command():
    for line in procfile():
        name, command = (part.strip() for part in line.split(":", 1))
        assert f"`{name}`: `strategos {command.split()[-1]}`" in text(README), line


# every command of the table, documented for each platform ------------------------------------------
@pytest.mark.parametrize("doc", [README, DISCORD, TELEGRAM], ids=lambda d: d.name)
def test_every_command_of_the_table_is_documented(doc):
    documented = {word_of(span) for span in slash_spans(doc)}
    assert [word for word in COMMANDS if word not in documented] == []


# every command the platform docs name, answered by the adapter ---------------------------------------
def game_words() -> set[str]:
    return {name for game in all_games() for name in (game.id, *game.aliases)}


async def test_every_discord_command_the_docs_show_is_in_the_tree_with_its_options(service):
    """A span with Discord's `option:` syntax names options of that command (or subcommand); a
    span without it may also be a plain-text command typed in a DM (`/succ ...`, `/lang es`)."""
    h = await make_harness(service)
    tree = {command["name"]: command for command in tree_payload(h.client.tree)}
    problems = []
    for span in slash_spans(DISCORD):
        word, tokens = word_of(span), span.split()[1:]
        options = [re.match(r"^\[?(\w+):", t)[1] for t in tokens if re.match(r"^\[?\w+:", t)]
        command = tree.get(word)
        if command is None:
            if options or (word not in COMMANDS and word not in game_words()):
                problems.append(f"{span!r}: no slash command /{word}")
            continue
        subcommands = {o["name"]: o for o in command.get("options", []) if o["type"] in (1, 2)}
        if tokens and tokens[0] in subcommands:
            command = subcommands[tokens[0]]
        names = {o["name"] for o in command.get("options", [])}
        problems += [f"{span!r}: /{word} has no option {name!r}" for name in options if name not in names]
    assert not problems, "\n".join(problems)


async def test_every_telegram_command_the_docs_show_has_its_command_handler(tg):  # noqa: F811
    from telegram.ext import CommandHandler

    handled = set().union(*(h.commands for group in tg.app.handlers.values() for h in group
                            if isinstance(h, CommandHandler)))
    shown = {word_of(span) for span in slash_spans(TELEGRAM)} - NOT_THE_BOTS
    assert shown - handled == set()
    assert game_words() & shown, "the docs show a game's own command"
