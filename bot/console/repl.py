"""The console adapter: a REPL (or a script) where each line is ``name: /command args``.

``name (dm): /command`` sends the command as a private message. In a script, a line
starting with ``!`` must be refused; any other refused line stops the script with a
non-zero exit. Pictures are written to files whose paths are printed (`strategos console`
puts them in a folder per channel, `out/<channel>/`). A private line speaks about the
console's own channel (``g=CHANNEL`` is added unless the line names one), so a script
never depends on which other tables its players still sit at.
"""
from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path
from typing import Iterable, TextIO

from bot.service import COMMANDS, Service, split_command
from bot.service.commands import ANYWHERE
from bot.service.types import Command, Reply

LINE = re.compile(r"^(?P<expect>!)?\s*(?P<name>[^:()]+?)\s*(?P<dm>\(dm\))?\s*:\s*(?P<text>.*)$", re.S)


CONSOLE_SERVER = "console"   # every console table counts in one server's results (/stats)


class Console:
    def __init__(self, service: Service, channel: str = "console", out_dir: Path = Path("out"),
                 stream: TextIO = sys.stdout):
        self.service = service
        self.channel = channel
        self.out_dir = out_dir
        self.stream = stream
        self.session = uuid.uuid4().hex[:12]   # with the line number: each line's idempotency key
        self.lines = 0

    def say(self, line: str) -> tuple[bool, Reply | None]:
        """Run one console line; returns (as_expected, reply)."""
        match = LINE.match(line.strip())
        if not match:
            self.print("? Write lines as `name: /command args` (or `name (dm): /command` for a private "
                       "message). /help lists the commands.")
            return False, None
        name = match["name"].strip()
        private = bool(match["dm"])
        text = match["text"].strip()
        if private and not text.lower().startswith("g=") and not _own_word(text):
            # the console is one table: its private messages are about it, whatever other
            # tables (an earlier script's) the same names still sit at (a user's own settings,
            # /lang /remind /games /link, belong to no table)
            text = f"g={self.channel} {text}"
        self.lines += 1
        cmd = Command("console", None if private else self.channel, name, text,
                      name=name, private=private, key=f"console:{self.session}:{self.lines}",
                      server=CONSOLE_SERVER)
        reply = self.service.handle(cmd)
        self.show(reply, name)
        if reply.ok and reply.changed:   # robots at this table think here, in turn, until a person must decide
            for move in self.service.robots.play_here("console", self.channel):
                self.show(move, "robot")
        expected_refusal = bool(match["expect"])
        refused = not reply.ok
        return refused == expected_refusal, reply

    def show(self, reply: Reply, sender: str) -> None:
        if reply.error:
            self.print(f"  ! refused ({reply.code}): {reply.error}")
        for text in reply.public:
            self.print(f"  {text}")
        for user, texts in reply.private.items():
            for text in texts:
                self.print(f"  [to {user} only] {text}")
        seats: dict[str, list[str]] = {}
        for button in reply.buttons:   # named by the player they are for (the seat if nobody sits there)
            seats.setdefault(reply.names.get(button.user) or button.user or button.seat, []).append(button.line)
        for who, lines in seats.items():
            self.print(f"  [buttons for {who}] " + " | ".join(lines))
        if reply.image is not None:
            self.print(f"  [picture] {self.save(reply.image)}")
        for user, picture in reply.private_images.items():
            self.print(f"  [picture for {user} only] {self.save(picture)}")
        if reply.file is not None:
            self.print(f"  [file] {self.write(*reply.file)}")

    def save(self, picture) -> Path:
        return self.write(picture.filename, picture.render())

    def write(self, name: str, data: bytes) -> Path:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / name
        path.write_bytes(data)
        return path

    def print(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def run_script(self, lines: Iterable[str]) -> int:
        """Run a script; 0 when every line went as expected, else 1 at the first surprise."""
        for number, raw in enumerate(lines, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            self.print(f"> {line}")
            as_expected, reply = self.say(line)
            if not as_expected:
                what = "was accepted but the script expected a refusal" if line.lstrip().startswith("!") \
                    else "was refused"
                self.print(f"Script stopped at line {number}: the command {what}.")
                return 1
        return 0

    def open_table(self, game: str, robots: int, think: str = "1s", name: str = "you") -> None:
        """`strategos console --play GAME --robots N`: a fresh game, you and N robots seated, dealt."""
        self.service.handle(Command("console", self.channel, name, "/abort", admin=True))
        for line in (f"/new {game} robots={robots} think={think}", "/join", "/start"):
            self.say(f"{name}: {line}")

    def repl(self) -> int:
        self.print("Strategos console. Each line is `name: /command`, e.g. `alice: /new infinity`. "
                   "`name (dm): ...` is a private message. /help lists commands; Ctrl-D quits.")
        while True:
            try:
                line = input("> ")
            except (EOFError, KeyboardInterrupt):
                self.print("")
                return 0
            if line.strip():
                self.say(line)


def run_script_file(service: Service, script: Path, out: Path, stream: TextIO = sys.stdout) -> int:
    """`strategos console --script FILE`: a fresh table in channel ``script-<name>``, its
    pictures in ``out/script-<name>/``; runs the same whatever ran before it."""
    channel = f"script-{script.stem}"
    service.handle(Command("console", channel, "script", "/abort", admin=True))   # a fresh table
    return Console(service, channel, out / channel, stream).run_script(script.read_text().splitlines())


def _own_word(text: str) -> bool:
    """A command of the sender's own (/lang, /remind off, /games, /link, /help): it belongs to no table."""
    entry = COMMANDS.get(split_command(text)[0])
    return entry is not None and (entry.where == ANYWHERE or entry.own is not None)
