"""The docs say only what exists: every command shown in README.md and docs/*.md that can run
offline is run, every slash command they show is a command of the bot (a game's verb parses
with the game's own parser), and every file they name is in the project."""
from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console.repl import LINE, Console
from bot.service import COMMANDS as PLATFORM_COMMANDS
from core.errors import RulesError
from core.registry import MODULES, get_game

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent
FENCE = re.compile(r"^\s*```[^\n]*\n(.*?)^\s*```", re.S | re.M)
SPAN = re.compile(r"`([^`\n]+)`")

# shell lines that are not run here, and why
NOT_RUN = {
    "venv": "creates the virtualenv the tests already run in",
    "pip": "installs from the network",
    "pytest": "the test suite itself",
}
# files the docs name that a user creates, a command writes or the bot makes at run time (not shipped)
OUTPUTS = {"trace.jsonl", "exported-game.json", ".env", "out/", "data/", "./data", "out/script-infinity/"}
# slash words that are not the bot's commands: BotFather's, a webhook URL path, the web process's routes
NOT_OURS = {"newbot", "setjoingroups", "setdescription", "setuserpic", "setprivacy", "setcommands", "telegram",
            "command", "healthz", "readyz", "metrics", "g", "newapp", "mybots", "tg"}


def blocks(doc: Path) -> list[str]:
    return FENCE.findall(doc.read_text())


def shell_commands() -> list[tuple[str, list[str]]]:
    """(where, argv) of every shell command in a code block, or an inline span that starts
    like one; `&&` chains split; comments, `[optional]` parts and env assignments dropped."""
    found = []
    for doc in DOCS:
        texts = [line for block in blocks(doc) for line in block.splitlines()]
        texts += [s for s in SPAN.findall(doc.read_text()) if re.match(r"(\.venv/bin/|strategos |python3? -m )", s)]
        for text in texts:
            text = re.sub(r"\s#.*$", "", text.strip())
            text = re.sub(r"\[--?[^\]]*\]", "", text)
            for part in text.split("&&"):
                try:
                    argv = shlex.split(part)
                except ValueError:
                    continue
                while argv and re.match(r"^[A-Z_]+=", argv[0]):
                    argv = argv[1:]
                if not argv:
                    continue
                exe = argv[0].removeprefix(".venv/bin/")
                if exe in ("strategos", "python", "python3", "pip"):
                    found.append((f"{doc.name}: {part.strip()}", [exe, *argv[1:]]))
    return found


COMMANDS = shell_commands()


def runnable(argv: list[str], tmp: Path) -> list[str] | None:
    """The offline form of a documented command, or None when it is one of NOT_RUN."""
    exe, args = argv[0], argv[1:]
    if exe == "pip" or args[:1] == ["pip"]:
        return None
    if exe.startswith("python"):
        if args[:2] == ["-m", "venv"] or args[:2] == ["-m", "pytest"]:
            return None
        assert args[:1] == ["-m"], argv
        module = args[1]
        if module == "render.successors":     # draws into the folder it is given: a scratch one
            return [sys.executable, "-m", module, str(tmp / "pictures")]
        return [sys.executable, "-m", module, "--help"]
    sub = args[0] if args else ""
    if sub == "console":
        return [str(BIN / "strategos"), *args, "--out", str(tmp / "out")]
    return [str(BIN / "strategos"), sub, "--help"]   # long runs, network, files of one's own


@pytest.mark.parametrize("where,argv", COMMANDS, ids=[w for w, _ in COMMANDS])
def test_every_documented_command_runs_offline(where, argv, tmp_path):
    command = runnable(argv, tmp_path)
    if command is None:
        assert any(word in " ".join(argv) for word in NOT_RUN), where
        return
    env = dict(os.environ, STRATEGOS_DATA=str(tmp_path / "data"), TELEGRAM_TOKEN="", DISCORD_TOKEN="")
    env.pop("REDIS_URL", None)   # a scratch embedded Redis: never write into a developer's server
    done = subprocess.run(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{where}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def test_the_documented_console_lines_play(service, tmp_path):
    """Every block of `name: /command` lines in the docs runs in the console without a refusal."""
    scripts = []
    for doc in DOCS:
        for block in blocks(doc):
            lines = [line for line in block.splitlines() if line.strip()]
            if lines and all(LINE.match(line.strip()) and "/" in line for line in lines):
                scripts.append((doc.name, lines))
    assert scripts, "README shows a console example"
    for i, (name, lines) in enumerate(scripts):
        out = io.StringIO()
        assert Console(service, f"docs-{i}", tmp_path, out).run_script(lines) == 0, (name, out.getvalue())


def slash_commands() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        text = doc.read_text()
        pieces = SPAN.findall(text) + [line.strip() for block in blocks(doc) for line in block.splitlines()]
        for piece in pieces:
            match = LINE.match(piece)
            piece = match["text"] if match and "/" in match["text"] and "://" not in piece else piece
            if re.match(r"^/[a-z]", piece):
                found.append((doc.name, piece))
    return found


def test_every_slash_command_the_docs_show_exists(service):
    problems = []
    for doc, line in slash_commands():
        line = re.split(r"\s{2,}", line)[0]   # a block's comment column
        tokens = line.split()
        word = tokens[0][1:].split("@", 1)[0]
        if word == "new" and len(tokens) > 1 and re.match(r"^[a-z]+$", tokens[1]):
            try:   # a game that ships (not the tests' own Tally) and takes the options shown
                game = get_game(tokens[1])
                if game.id not in MODULES:
                    raise RulesError(f"{game.title} is a game of the tests, not of the bot")
                game.parse_options([t for t in tokens[2:] if not t.startswith("seed=")])
            except RulesError as exc:
                problems.append(f"{doc}: {line!r}: {exc.message}")
            continue
        if word in PLATFORM_COMMANDS or word in NOT_OURS:
            continue
        try:
            game = get_game(word)
            if game.id not in MODULES:
                raise RulesError("a game of the tests")
        except RulesError:
            if word in MODULES:   # a game the docs mention "when installed"
                continue
            problems.append(f"{doc}: {line!r}: no command /{word}")
            continue
        if len(tokens) < 2 or not re.match(r"^[a-z]+$", tokens[1]) or tokens[1] in PLATFORM_COMMANDS:
            continue
        verb = tokens[1]
        if verb not in game.verbs:
            problems.append(f"{doc}: {line!r}: {game.title} has no verb {verb!r}")
        elif not re.search(r"[<>:]|\.\.\.", line):
            try:
                game.parse(line.split(None, 1)[1], private=True)
            except RulesError as exc:
                problems.append(f"{doc}: {line!r}: {exc.message}")
    assert not problems, "\n".join(problems)


LIBRARIES = {"discord.py"}   # a library named like a file


def paths() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        text = doc.read_text()
        prose = re.findall(r"[\w./*-]+\.(?:md|py|txt|json|toml)\b", text)   # FACTS.md in a table cell
        for span in SPAN.findall(text) + [w for b in blocks(doc) for w in b.split()] + prose:
            for token in span.split():
                token = token.rstrip(".,;:)").lstrip("(")
                if "://" in token or "<" in token or token.startswith(("/", "@", "-")) or "=" in token:
                    continue
                if re.match(r"^[\w.*-]+(/[\w.*-]*)+$", token) or \
                        re.match(r"^[\w*-]*\.(md|py|txt|json|jsonl|toml|png|example)$", token) or token == "Procfile":
                    found.append((doc.name, token))
    return found


def test_every_file_the_docs_name_exists():
    problems = []
    for doc, token in paths():
        if token in OUTPUTS or token in LIBRARIES or token.startswith((".venv/", "out/")):
            continue
        module, dot, attribute = token.rpartition(".")
        if "/" in token and attribute.isupper() and (ROOT / f"{module}.py").exists():
            if attribute not in (ROOT / f"{module}.py").read_text():
                problems.append(f"{doc}: {token}")
            continue
        if "/" in token.rstrip("/"):
            hit = list(ROOT.glob(token.rstrip("/"))) if "*" in token else (ROOT / token).exists()
        else:   # a bare name: somewhere in the project
            hit = any(p for p in ROOT.rglob(token.rstrip("/")) if ".venv" not in p.parts)
        if not hit:
            problems.append(f"{doc}: {token}")
    assert not problems, "the docs name files that do not exist:\n" + "\n".join(problems)
