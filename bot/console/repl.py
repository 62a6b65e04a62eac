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
from bot.service.types import Command, Menu, Reply
from bot.words.i18n import gettext_, render
from core.message import msg

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
        self.menus: dict[str | None, Menu] = {}   # user → the menu page last shown to him (None: the public one)
        self.buttons: dict[str, list[str]] = {}   # user → the lines of the buttons last shown for him, numbered
        self.player: str | None = None   # with --play: who speaks a line that names nobody

    def say(self, line: str) -> tuple[bool, Reply | None]:
        """Run one console line; returns (as_expected, reply)."""
        match = LINE.match(self._named(line.strip()))
        if not match:
            self.print("? Write lines as `name: /command args` (or `name (dm): /command` for a private "
                       "message). /help lists the commands.")
            return False, None
        name = match["name"].strip()
        private = bool(match["dm"])
        text = match["text"].strip()
        if text.isdigit():   # a number picks from the menu shown, or presses a button numbered for him
            if self.menu_for(name) is not None:
                return self.pick(name, int(text), bool(match["expect"]))
            return self.press(name, int(text), bool(match["expect"]))
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

    def _named(self, line: str) -> str:
        """At a --play table the person at the keyboard need not name himself: `/order …`,
        `(dm) /order …` and a menu number are his."""
        if self.player is None or LINE.match(line):
            return line
        bare = line.lstrip("!").lstrip()
        expect = "!" if line.startswith("!") else ""
        if bare.startswith("(dm)"):
            return f"{expect}{self.player} (dm): {bare[4:].lstrip()}"
        if bare.startswith("/") or bare.isdigit():
            return f"{expect}{self.player}: {bare}"
        return line

    def show(self, reply: Reply, sender: str) -> None:
        if reply.error:
            self.print(f"  ! {gettext_(reply.lang, 'refused ({code}): {error}', code=reply.code, error=reply.error)}")
        for text in reply.public:
            self.print(f"  {text}")
        for user, texts in reply.private.items():
            if not self._may_read(user):
                continue
            own = reply.private_langs.get(user, reply.lang)
            for text in texts:
                self.print(f"  [{gettext_(own, 'to {user} only', user=user)}] {text}")
        for user, menu in reply.menus.items():
            if self._may_read(user):
                self.show_menu(menu, user)
        if reply.menu is not None:
            self.show_menu(reply.menu, None)
        if reply.page is not None:
            self.show_menu(reply.page, sender if reply.page.private else None)
        if reply.changed:   # a move was played: the buttons shown before it are spent
            self.buttons.clear()
        seats: dict[str, list] = {}
        for button in reply.buttons:   # named by the player they are for (the seat if nobody sits there)
            seats.setdefault(button.user or button.seat, []).append(button)
        for user, buttons in seats.items():
            who = reply.names.get(user) or user
            self.print(f"  [{gettext_(reply.lang, 'buttons for {who}', who=who)}]")
            for number, button in enumerate(buttons, 1):   # a number presses one, as a chat's key would
                self.print(f"    {number}. {button.line}")
            self.buttons[user] = [button.line for button in buttons]
        if reply.image is not None:
            self.print(f"  [{gettext_(reply.lang, 'picture')}] {self.save(reply.image)}")
        for user, picture in reply.private_images.items():
            if self._may_read(user):
                own = reply.private_langs.get(user, reply.lang)
                self.print(f"  [{gettext_(own, 'picture for {user} only', user=user)}] {self.save(picture)}")
        if reply.file is not None:
            self.print(f"  [{gettext_(reply.lang, 'file')}] {self.write(*reply.file)}")

    def _may_read(self, user: str) -> bool:
        """At a --play table the keyboard is one player's: the robots' hands and private
        pictures are not his to read (a script's console speaks for everybody)."""
        return self.player is None or user == self.player

    # menus: numbered choices ------------------------------------------------------------
    def show_menu(self, menu: Menu, user: str | None) -> None:
        """A menu page as numbered lines; the reader types a number to pick (0: back)."""
        self.menus[user] = menu
        where = gettext_(menu.lang, "for {user} only", user=user) if user is not None else \
            gettext_(menu.lang, "for {seat}", seat=menu.player or menu.seat)   # its player, by name
        trail = " › ".join(menu.trail)
        self.print(f"  [{gettext_(menu.lang, 'Choose:')} {where}]" + (f" {trail}" if trail else ""))
        for number, option in enumerate(menu.options, 1):
            label = gettext_(menu.lang, "More…") if option.more else option.label + ("" if option.leaf else " ▸")
            self.print(f"    {number}. {label}")
        if menu.back is not None:
            self.print(f"    0. {gettext_(menu.lang, 'Back')}")
        if menu.crop is not None:   # the places it chooses, each marked with its number
            self.print(f"    [map] {self.save(menu.crop)}")

    def menu_for(self, user: str) -> Menu | None:
        return self.menus.get(user) or self.menus.get(None)

    def pick(self, user: str, number: int, expect_refusal: bool = False) -> tuple[bool, Reply]:
        """`name: 3`: the third choice of the menu last shown to him; `name: 0` goes back."""
        menu = self.menu_for(user)
        if number == 0 and menu.back is not None:
            path = menu.back
        elif 1 <= number <= len(menu.options):
            path = menu.options[number - 1].path
        else:
            said = msg("Pick a number from 1 to {count} (0: back).", count=len(menu.options)) if menu.back is not None \
                else msg("Pick a number from 1 to {count}.", count=len(menu.options))
            reply = Reply.refuse(render(said, menu.lang), "MALFORMED")
            reply.lang = menu.lang
            self.show(reply, user)
            return expect_refusal, reply
        self.lines += 1
        cmd = Command("console", menu.channel, user, "", name=user, private=menu.private,
                      key=f"console:{self.session}:{self.lines}")
        reply = self.service.press_menu(cmd, menu.at(path))
        if reply.ok and reply.page is None:   # an action was played: that menu is spent
            self.menus.pop(user if menu.private else None, None)
        self.show(reply, user)
        if reply.ok and reply.changed:
            for move in self.service.robots.play_here("console", self.channel):
                self.show(move, "robot")
        return (not reply.ok) == expect_refusal, reply

    def press(self, user: str, number: int, expect_refusal: bool = False) -> tuple[bool, Reply]:
        """`name: 2`: the second button shown for him, sent as its line, as a chat's key press sends it."""
        lines = self.buttons.get(user, [])
        if not 1 <= number <= len(lines):
            said = msg("Pick a number from 1 to {count}.", count=len(lines)) if lines else \
                msg("No menu or buttons are shown for you now: /me shows your choices, /status whose turn it is.")
            lang = self.service.channel_lang("console", self.channel) or "en"
            reply = Reply.refuse(render(said, lang), "MALFORMED")
            reply.lang = lang
            self.show(reply, user)
            return expect_refusal, reply
        return self.say(("!" if expect_refusal else "") + f"{user}: {lines[number - 1]}")

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

    def open_table(self, game: str, robots: int, think: str = "1s", name: str = "Player") -> None:
        """`strategos console --play GAME --robots N`: a fresh game, the person at the keyboard (`name`)
        and N robots seated, dealt; his lines need not name him."""
        self.player = name
        self.print(f"You play as {name}: type commands as they are (`/help`), `(dm) /command` for a "
                   f"private one, a number to pick from a menu or press a button; Ctrl-D quits.")
        self.service.handle(Command("console", self.channel, name, "/abort", admin=True))
        for line in (f"/new {game} robots={robots} think={think}", "/join", "/start"):
            self.say(f"{name}: {line}")

    def repl(self) -> int:
        if self.player is None:   # a --play table said how to speak when it opened
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


def fresh_channel(game: str) -> str:
    """A `--play` run's own channel: two runs at once never share a game, and a language chosen
    at one table (/lang) is not the next one's."""
    return f"play-{game}-{uuid.uuid4().hex[:8]}"


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
