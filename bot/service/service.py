"""The one path every adapter takes: (platform, channel, user, text) → Reply.

It runs the lobby, maps users to seats, refuses what must be refused, and does
load → apply → save as one compare-and-set per command (retrying on a lost race).
It holds no rule of any game: those are in core/, reached through the Game contract.

What a platform command is, and which topic's method handles it, is the table of
`bot/service/commands.py`; the topics (lobby, looks, play, history, records, transfer,
seats, accounts, timers, languages, narration, help) are composed here, each handed this
service, none inheriting another.
"""
from __future__ import annotations

import logging
import os
import random
import time
from contextvars import ContextVar

from bot.service import metrics
from bot.service.accounts import Accounts
from bot.service.away import Away
from bot.service.between import Between
from bot.service.commands import ANYWHERE, CHANNEL, COMMANDS, PlatformCommand, topic_of
from bot.service.common import SPLIT, game_or_none, no_game, shown, split_command, unreadable
from bot.service.glossary import Glossary
from bot.service.help import Help
from bot.service.history import History
from bot.service.languages import Languages
from bot.service.lobby import Lobby
from bot.service.looks import Looks
from bot.service.menus import Menus
from bot.service.menus import localize as localize_menu
from bot.service.narration import Narration
from bot.service.pages import Pages
from bot.service.play import Play
from bot.service.records import Records
from bot.service.robots import Robots
from bot.service.seats import Seats
from bot.service.timers import Timers
from bot.service.transfer import Transfer
from bot.service.types import Command, Reply, Timings, Write
from bot.store import AlreadyDone, Conflict, OutcomeUnknown, Record, Store, StoreError, Unmet
from bot.words.names import name_reply, seat_names
from core.errors import RulesError
from core.game import Game
from core.message import Cmd, join, msg, plural
from core.registry import get_game

log = logging.getLogger("strategos.command")

LINE_LIMIT = 4096             # characters of one command line (a Telegram message holds 4,096)
IMPORT_LIMIT = 512 * 1024     # an /import carries a whole game's JSON
RETRIES = 100   # compare-and-set attempts per command before giving up (with jittered backoff)
SEATED_KEPT = 10_000   # channels whose users' languages a write reads with its game (a hint, see `write`)

# (platform, channel, user) of a private message sent to the channel its sender's last one was routed
# to, not yet checked: its write checks it, from memory (`Service.write`), or it is routed again
_UNCHECKED_ROUTE: ContextVar[tuple | None] = ContextVar("unchecked_route", default=None)


class _Reroute(Exception):
    """The channel a private message was guessed to go to is not (or no longer surely) its sender's
    one open game: nothing was written, and it is routed as any other."""


# (platform, channel, languages) read with the game by the write composing this reply: a picture
# in it draws its words in the channel's language without asking Redis again
_READ_LANGS: ContextVar[tuple | None] = ContextVar("read_langs", default=None)


class Service:
    def __init__(self, store: Store, remind_after: float = 12 * 3600, image_format: str = "png",
                 clock=time.time, remind_repeat: float = 24 * 3600, web_secret: str | None = None,
                 web_url: str | None = None):
        self.store = store
        self.web_secret, self.web_url = web_secret, web_url   # the game pages' links (bot/service/pages.py)
        self.remind_after = remind_after
        self.remind_repeat = remind_repeat
        self.image_format = image_format
        self.clock = clock
        self.last_timings: tuple[Timings, float] | None = None   # for the benchmark
        # (platform, channel) → the users its last write read: their languages come with the next
        # load, so a reply with private lines (a menu, a hand) needs no round trip of its own. Only
        # a hint: a user it misses is asked for at the reply (Languages.localize), as before
        self._seated: dict[tuple[str, str], tuple[str, ...]] = {}
        # (platform, user) → the channel his last private message was routed to, by `open_channels`: a
        # guess his next one is checked against by its write (`_dispatch`)
        self._routes: dict[tuple[str, str], str] = {}
        self.commands = COMMANDS
        # the topics, each handed this service: they reach one another through it
        self.lobby, self.looks, self.play = Lobby(self), Looks(self), Play(self)
        self.history, self.records, self.transfer = History(self), Records(self), Transfer(self)
        self.seats, self.accounts, self.timers = Seats(self), Accounts(self), Timers(self)
        self.languages, self.narration, self.help = Languages(self), Narration(self), Help(self)
        self.robots, self.pages, self.menus = Robots(self), Pages(self), Menus(self)
        self.between, self.away, self.glossary = Between(self), Away(self), Glossary(self)
        self._topics = {type(topic): topic for topic in (
            self.lobby, self.looks, self.play, self.history, self.records, self.transfer, self.seats,
            self.accounts, self.timers, self.languages, self.narration, self.help, self.robots, self.pages,
            self.menus, self.between, self.away, self.glossary)}

    def handle(self, cmd: Command) -> Reply:
        started = time.perf_counter()
        timings = Timings()
        word, _ = split_command(cmd.text)
        try:
            reply = self._dispatch(cmd, timings)
        except OutcomeUnknown as exc:   # sent, maybe stored: never "nothing was changed"
            reply = Reply.refuse(str(exc), "OUTCOME_UNKNOWN", cmd.channel)
        except StoreError as exc:
            reply = Reply.refuse(str(exc), "STORE_DOWN", cmd.channel)
        except RulesError as exc:
            reply = Reply.refuse(exc.message, exc.code, cmd.channel)
        except Exception:   # a bug of ours: the write comes last, so nothing was stored
            log.exception("command failed: platform=%s channel=%s user=%s command=%s",
                          cmd.platform, cmd.channel, cmd.user, word or "-")
            reply = Reply.refuse(msg("Something went wrong on our side; nothing was changed. Please "
                                     "tell the bot's keepers."), "INTERNAL", cmd.channel)
        self.finish(cmd, reply)
        total = time.perf_counter() - started
        self.last_timings = (timings, total)
        metrics.COMMANDS.labels(word if word in self.commands else "game", "ok" if reply.ok else reply.code).inc()
        metrics.COMMAND_SECONDS.observe(total)
        # one structured line per command; only the verb, never arguments (they may be secret)
        log.info("platform=%s channel=%s user=%s command=%s outcome=%s version=%s %s",
                 cmd.platform, reply.channel or cmd.channel, cmd.user, word or "-",
                 "ok" if reply.ok else f"refused:{reply.code}", reply.version, timings.line(total))
        return reply

    def finish(self, cmd: Command, reply: Reply) -> None:
        """The edge every reply passes: its lines in their readers' languages, then each seat the
        games' messages mark (`⟨A⟩`) named by its player (after translating: a marker rides inside
        a template's field)."""
        self.languages.localize(cmd, reply)
        for user, menu in reply.menus.items():   # a menu's own words in its reader's language
            menu.lang = reply.private_langs.get(user, reply.lang)
            localize_menu(menu, menu.lang)
        for menu in (reply.menu, reply.page):
            if menu is not None:
                menu.lang = reply.lang
                localize_menu(menu, menu.lang)
        for menu in [*reply.menus.values(), reply.menu, reply.page]:   # a place's level: its map
            if menu is not None:
                self.menus.crop(cmd.platform, menu)
        namer, reply.namer = reply.namer, None
        try:
            name_reply(reply, namer or (lambda: self._seat_names_of(cmd, reply)))
        except Exception:   # noqa: BLE001 — a name never costs a command its answer
            log.exception("could not name the seats of a reply")

    def _seat_names_of(self, cmd: Command, reply: Reply) -> dict:
        """Who sits where in the reply's channel, for a reply composed without its game at hand
        (a refusal raised deep in the rules); bare seat ids when Redis is in trouble."""
        channel = reply.channel or cmd.channel
        if channel is None or reply.code in ("OUTCOME_UNKNOWN", "STORE_DOWN"):
            return {}
        rec = self.store.load(cmd.platform, channel)
        if rec is None or rec.meta is None or rec.state is None:
            return {}
        return seat_names(get_game(rec.meta["game"]), rec.meta, rec.state)

    def _dispatch(self, cmd: Command, timings: Timings) -> Reply:
        refusal = unreadable(cmd.text)
        if refusal:
            return Reply.refuse(refusal, "MALFORMED")
        word, rest = split_command(cmd.text)
        if not word:
            return Reply.refuse(msg("Send a command such as /help."), "EMPTY")
        limit = IMPORT_LIMIT if word == "import" or rest.lower().startswith("import") else LINE_LIMIT
        if len(cmd.text) > limit:
            return Reply.refuse(plural(("That command is {length} character long; the limit is "
                                        "{limit}. Nothing was done.",
                                        "That command is {length} characters long; the limit is "
                                        "{limit}. Nothing was done."),
                                        len(cmd.text), length=f"{len(cmd.text):,}", limit=f"{limit:,}"), "TOO_LONG")
        if cmd.version is not None and not _game_action(word, rest):
            # a press carries the prompt's action it was drawn for: data naming anything else
            # (a platform command such as /handover) was not drawn by us
            return Reply.refuse(msg("A button plays one of the game's actions, nothing else; type the "
                                    "command instead."), "NOT_AN_ACTION", cmd.channel)
        channel = cmd.channel
        entry = self.commands.get(word)
        if entry is not None and (entry.where == ANYWHERE or entry.own and rest):
            return self._own(entry, rest, cmd)
        if channel is None:
            guess = self._routes.get((cmd.platform, cmd.user)) if not word.startswith("g=") else None
            if guess is not None and self._plays(word, rest):
                # where this process routed the sender's last private message: the write checks that
                # it still is his one open game, else the message is routed as below (nothing written)
                checked = _UNCHECKED_ROUTE.set((cmd.platform, guess, cmd.user))
                try:
                    return self._dispatch_in(cmd, guess, word, rest, timings)
                except _Reroute:
                    pass
                finally:
                    _UNCHECKED_ROUTE.reset(checked)
            channel, rest_text = self._route_private(cmd)
            word, rest = split_command(rest_text)
            asked = self._platform_word(cmd.platform, channel, word, rest)
            if asked is not None and self.commands[asked].where == CHANNEL:
                return Reply.refuse(msg("/{word} works only inside the channel itself, not in a "
                                        "private message.", word=Cmd(asked)), "IN_CHANNEL_ONLY")
        return self._dispatch_in(cmd, channel, word, rest, timings)

    def _plays(self, word: str, rest: str) -> bool:
        """The line is a game's action (or query) as `_dispatch_in` reads it, whatever the channel."""
        if word in self.commands:
            return False
        game = game_or_none(word)
        if game is None:
            return True
        verb = split_command(rest)[0]
        return bool(verb) and not (verb == "help" and verb not in game.verbs) and \
            not (verb not in game.verbs and verb in self.commands)

    def _dispatch_in(self, cmd: Command, channel: str, word: str, rest: str, timings: Timings) -> Reply:
        if word in self.commands and not (word == "undo" and self._game_has_verb(cmd.platform, channel, word)):
            return self._platform(word, rest, cmd, channel, timings)
        game = game_or_none(word)
        if game is not None:
            verb, sub_rest = split_command(rest)
            if not verb:
                return self.help.answer(game.id)
            if verb == "help" and verb not in game.verbs:
                return self.help.answer(f"{game.id} {sub_rest}")
            if verb not in game.verbs and verb in self.commands:
                if verb == "new":
                    return self._platform("new", f"{game.id} {sub_rest}", cmd, channel, timings)
                return self._platform(verb, sub_rest, cmd, channel, timings)
            return self.play.act(cmd, channel, rest, timings, game)
        return self.play.act(cmd, channel, f"{word} {rest}".strip(), timings, None)

    def _own(self, entry: PlatformCommand, rest: str, cmd: Command) -> Reply:
        """A command of the sender's own (his settings, his accounts, help): wherever typed."""
        handler = entry.handler if entry.where == ANYWHERE else entry.own
        return handler(self._topics[topic_of(handler)], rest, cmd)

    def open_channels(self, platform: str, user: str) -> list[str]:
        """The channels where `user` sits at a game in its lobby or in play. The index is checked
        against each game: on a Redis Cluster it may hold a channel a moment longer (Store._before)."""
        return [c for c in self.store.user_channels(platform, user)
                if (rec := self.store.load(platform, c)) and rec.meta and rec.meta["status"] in ("lobby", "playing")
                and any(p["user"] == user for p in rec.meta["players"])]

    def private_target(self, platform: str, user: str, text: str) -> str | None:
        """The channel a private message would act on, without acting: the one named g=CHANNEL,
        else the sender's one open game. None for a command of his own (settings, accounts,
        help), or when he has no game or several (the service then asks, acting on none).
        The adapters ask it to check that the sender still belongs to that channel."""
        word, rest = split_command(text)
        entry = self.commands.get(word)
        if entry is not None and (entry.where == ANYWHERE or entry.own and rest):
            return None
        if word.startswith("g="):
            return SPLIT.match(text).group(1)[2:] or None
        channels = self.open_channels(platform, user)
        return channels[0] if len(channels) == 1 else None

    def _platform_word(self, platform: str, channel: str, word: str, rest: str) -> str | None:
        """The platform command a line asks for (`/join`, `/tl join`), or None for a game verb."""
        if word in self.commands:
            return None if word == "undo" and self._game_has_verb(platform, channel, word) else word
        game = game_or_none(word)
        verb = split_command(rest)[0]
        return verb if game is not None and verb not in game.verbs and verb in self.commands else None

    def _route_private(self, cmd: Command) -> tuple[str, str]:
        """A private message acts on the sender's one open game, or the one named g=CHANNEL —
        only a channel where the sender sits (or whose lobby they opened)."""
        word, rest = split_command(cmd.text)
        if word.startswith("g="):
            name = SPLIT.match(cmd.text).group(1)[2:]
            if name and self._sits_or_created(cmd.platform, name, cmd.user):
                return name, rest
            channels = self.open_channels(cmd.platform, cmd.user)
            yours = msg("your channels: {list}", list=join(", ", map(Cmd, channels))) if channels else \
                msg("you sit in no game yet")
            what = msg("You have no game in channel {shown}", shown=Cmd(shown(name))) if name else \
                msg("g= needs a channel name")
            raise RulesError(msg("{what}; a private message reaches only a channel where you sit "
                                 "({yours}).", what=what, yours=yours),
                             code="NOT_YOUR_CHANNEL")
        channels = self.open_channels(cmd.platform, cmd.user)
        if not channels:
            raise RulesError(msg("You have no open game; join one in a channel first with /join."), code="NO_GAME")
        if len(channels) > 1:
            raise RulesError(msg("You play in several channels; start your message with g=CHANNEL, one of: {list}.",
                                 list=join(", ", map(Cmd, channels))), code="WHICH_GAME")
        if len(self._routes) >= SEATED_KEPT:
            self._routes.clear()
        self._routes[(cmd.platform, cmd.user)] = channels[0]
        return channels[0], cmd.text

    def _sits_or_created(self, platform: str, channel: str, user: str) -> bool:
        """`user` sits at the channel's game in its lobby or in play, or opened its lobby: what
        `open_channels` would say of this one channel (or its creator), read in one round trip (the
        game's players are the truth the user's index is checked against)."""
        rec = self.store.load(platform, channel)
        if not (rec and rec.meta and rec.meta["status"] in ("lobby", "playing")):
            return False
        return any(p["user"] == user for p in rec.meta["players"]) or rec.meta["creator"] == user

    def _game_has_verb(self, platform: str, channel: str, verb: str) -> bool:
        rec = self.store.load(platform, channel)
        return bool(rec and rec.meta and verb in get_game(rec.meta["game"]).verbs)

    def _platform(self, word: str, rest: str, cmd: Command, channel: str, timings: Timings) -> Reply:
        """A platform command on the channel's game, through its table entry: a look loads the
        game once; a write goes through the one write path."""
        entry = self.commands[word]
        if rest and not entry.argument:
            return Reply.refuse(msg("/{word} takes no argument (got {shown}). Usage: {usage}.", word=Cmd(word),
                                    shown=Cmd(shown(rest)), usage=Cmd(entry.usage)),
                                "MALFORMED", channel)
        if entry.where == ANYWHERE:
            return self._own(entry, rest, cmd)
        topic = self._topics[entry.topic]
        if entry.opens:
            return self.write(cmd, channel, lambda rec: entry.handler(topic, rest, cmd, channel, rec), timings)

        def step(rec: Record | None) -> Reply | Write:
            if rec is None or rec.meta is None:
                return no_game(channel)
            return self.transfer.moved_refusal(word, cmd, channel, rec) or entry.handler(topic, rest, cmd, channel, rec)

        if entry.writes:
            return self.write(cmd, channel, step, timings, with_setup=entry.setup)
        started = time.perf_counter()
        rec = self.store.load(cmd.platform, channel, with_setup=entry.setup)
        timings.load = time.perf_counter() - started
        reply = step(rec)
        reply.channel = reply.channel or channel
        return reply

    def write(self, cmd: Command, channel: str, step, timings: Timings, with_setup: bool = False,
              recall: bool = False) -> Reply:
        """The one path of every write: load → step → compare-and-set, retried on a lost race.

        `step(rec)` answers a `Reply` (a refusal, or a look that writes nothing) or a `Write`.
        The command's key is stored with the write in the same script, so a command delivered
        or retried twice counts once: the second time it gets its first outcome back.

        With `recall` (a step that reads nothing but its record and writes nothing but its
        `Write`: a game's action), the first try is made from the game as this process last wrote
        or read it (`Store.recall`), without a load: the compare-and-set checks that it is still
        the stored one (and the command's key), so a stale memory costs a lost race, whose answer
        is the stored game the retry is made from; a `Reply` made from memory (a refusal, a look)
        is made again from a load.
        """
        key = cmd.key or f"svc:{os.urandom(16).hex()}"   # 32 hex digits, as uuid4().hex, cheaper
        recalled = recall and self.store.recalls
        unchecked = _UNCHECKED_ROUTE.get()
        sole = unchecked is not None and unchecked[:2] == (cmd.platform, channel) and unchecked[2] == cmd.user
        found: Record | None = None   # the game as a write from memory that lost its race read it
        for _ in range(RETRIES):
            started = time.perf_counter()
            # the channel's and the sender's languages come in the same round trip (for the reply)
            hint = self._seated.get((cmd.platform, channel), ())
            langs = [cmd.user, *(u for u in hint if u != cmd.user)]
            rec = self.store.recall(cmd.platform, channel, with_setup) if recalled else found
            found = None
            if rec is None or rec.meta is None:
                recalled = False
                rec = None if sole else \
                    self.store.load(cmd.platform, channel, with_setup=with_setup, key=key, langs=langs)
            if sole and not recalled:   # a guessed route is only ever checked by a write from memory
                raise _Reroute()
            timings.load += time.perf_counter() - started
            if sole and not (rec.meta["status"] in ("lobby", "playing")
                             and any(p["user"] == cmd.user for p in rec.meta["players"])):
                raise _Reroute()
            if rec is not None and rec.meta is not None:
                self._remember_seated(cmd.platform, channel, rec.meta)
                if recalled:   # the game's users are known before its write: their languages come with it
                    langs = [cmd.user, *(u for u in self._seated.get((cmd.platform, channel), ()) if u != cmd.user)]
            if rec is not None and rec.done is not None:
                return self._already(channel, rec.done)
            try:
                out = step(rec)
            except RulesError as exc:   # answered from the channel acted on: its language, its seats
                out = Reply.refuse(exc.message, exc.code)
            if isinstance(out, Reply) and recalled:   # nothing checks an answer that writes nothing
                recalled = False
                continue
            if isinstance(out, Reply):
                out.channel = out.channel or channel
                if out.channel == channel and rec is not None:
                    out.known_langs = rec.langs
                return out
            if not out.delete:   # a robot seat left deciding: its job lands with the write
                out.robots = self.robots.pending(out.meta if out.meta is not None else rec.meta if rec else None,
                                                 out.state if out.state is not None else rec.state if rec else None)
            started = time.perf_counter()
            try:
                written = self.store.commit(cmd.platform, channel, rec.expected if rec else 0, key=key,
                                            wid=rec.wid if rec else None, langs=langs if recalled else None,
                                            sole=cmd.user if sole else None, written=True, **out.fields())
                version = written.version
                if recalled:
                    rec.langs = written.langs
            except Conflict as lost:
                if recalled:   # the memory was stale: the stored game, as the compare-and-set found it
                    recalled, found = False, None if with_setup else lost.record
                    continue
                time.sleep(random.random() * 0.002)   # jitter: racing writers stop colliding in step
                continue
            except AlreadyDone as done:
                return self._already(channel, done.version)
            except Unmet as unmet:   # nothing written: the key it needed is gone, or a game it closes went on
                if unmet.what == "sole":   # (or the sender's games are not this one alone: routed again)
                    raise _Reroute() from None
                refusal = out.unmet(unmet.what) if out.unmet else Reply.refuse(
                    msg("The game is very busy right now; nothing was changed. Try again."), "BUSY")
                refusal.channel = refusal.channel or channel
                return refusal
            finally:
                timings.save += time.perf_counter() - started
            if not out.quiet:   # open pages of the game hear of a public write at once
                self.pages.published(cmd.platform, channel, version)
            read = _READ_LANGS.set((cmd.platform, channel, rec.langs if rec is not None else None))
            try:
                reply = out.done(version)
            except Exception:   # stored already: never say "nothing was changed" now
                log.exception("reply after a write failed: platform=%s channel=%s", cmd.platform, channel)
                reply = Reply(public=[msg("Done (the game is now at version {version}), but the answer "
                                          "could not be composed; /status shows the game.",
                                          version=version)])
            finally:
                _READ_LANGS.reset(read)
            reply.channel = reply.channel or channel
            reply.version, reply.changed = version, True
            if reply.channel == channel:
                reply.known_langs = rec.langs if rec is not None else None
            return reply
        return Reply.refuse(msg("The game is very busy right now; nothing was changed. Try again."), "BUSY", channel)

    def _remember_seated(self, platform: str, channel: str, meta: dict) -> None:
        users = tuple(dict.fromkeys([*(p["user"] for p in meta.get("players") or () if p.get("user")),
                                     *(meta.get("spectators") or ())]))
        if self._seated.get((platform, channel)) != users:
            if len(self._seated) >= SEATED_KEPT:
                self._seated.clear()
            self._seated[(platform, channel)] = users

    def channel_lang(self, platform: str, channel: str) -> str | None:
        """The channel's language: as the write composing this reply read it with the game, else
        asked of Redis (None: English, also when Redis does not answer)."""
        read = _READ_LANGS.get()
        if read is not None and read[:2] == (platform, channel) and read[2] is not None:
            return read[2][0]
        return self.store.languages(platform, channel, [])[0]

    @staticmethod
    def _already(channel: str, version: int) -> Reply:
        return Reply(public=[msg("Already done: this command was carried out before (the game then "
                                 "reached version {version}). /status shows the game now.",
                                 version=version)], channel=channel, version=version)

    # what the adapters and tools ask of the service besides commands ----------------------------
    def due_reminders(self, platform: str | None = None) -> list[Reply]:
        """Deadlines played, reminders due (`Timers.due_reminders`), the moves robots decided
        (`Robots.decided`) and the notices left for channels (`Away.notices`): the adapters' loops
        poll it."""
        moves = self.robots.decided(platform) if platform else []
        moves += self.pages.relayed(platform) if platform else []   # moves played on the game's page
        notices = self.away.notices(platform) if platform else []
        return moves + self.timers.due_reminders(platform) + notices

    def reminded(self, reply: Reply) -> None:
        """A reminder from `due_reminders` was posted: not again before its repeat."""
        self.timers.reminded(reply)

    def export(self, platform: str, channel: str, rec: Record | None = None) -> dict:
        """The channel's game as /export writes it (public while it is in play)."""
        return self.records.export(platform, channel, rec)

    def thread_opened(self, platform: str, parent: str, thread: str) -> None:
        """A thread (Discord) or forum topic (Telegram) the bot opened for a game: it speaks its
        parent channel's language from the start."""
        self.languages.inherit(platform, parent, thread)

    def move_channel(self, platform: str, old: str, new: str) -> bool:
        """The game of channel `old` carried to `new` (a Telegram group upgraded to a supergroup
        gets a new chat id): its setup, snapshot and log written there in one write, then the old
        copy deleted and the players' index pointed at the new one. False when there is nothing
        to move or `new` holds a game of its own (never overwritten).

        Two writes, in this order: a crash between them leaves the game in both places, never
        in none, and the old copy is deleted by the next attempt (the migration message comes
        again with every later update of the old chat)."""
        rec = self.store.load(platform, old, with_setup=True)
        if rec is None or rec.meta is None:
            return False
        there = self.store.load(platform, new)
        if there is not None and there.meta is not None and there.meta != rec.meta:
            log.warning("not moving %s:%s to %s: a game is there already", platform, old, new)
            return False
        users = [p["user"] for p in rec.meta["players"] if p.get("user")]
        if there is None or there.meta is None:   # the new copy indexes its players in the same write
            entries = self.store.log(platform, old)
            self.store.commit(platform, new, there.expected if there else 0, meta=rec.meta, setup=rec.setup,
                              state=rec.state, append=entries, remind=self.clock(),
                              index=dict.fromkeys(users, True),
                              robots=self.robots.pending(rec.meta, rec.state))   # the old channel's job is stale
        lang, _ = self.store.languages(platform, old, [])
        if lang:   # the group's /lang goes with it
            self.store.set_channel_lang(platform, new, lang)
        self.store.commit(platform, old, rec.expected, delete=True, unremind=True,
                          index=dict.fromkeys(users, False))
        return True
    def press_menu(self, cmd: Command, where: str) -> Reply:
        """A press on a menu page drawn by an adapter (`where`: the page's address, `Menu.at`):
        the next page (`Reply.page`), or the leaf's action played through `handle`."""
        return self.menus.press(cmd, where)

    def observe(self, what: str, seconds: float) -> None:
        """A timing for the metrics (`what`: "picture")."""
        if what == "picture":
            metrics.PICTURE_SECONDS.observe(seconds)

    # small caches for the adapters (button ids, file ids, who opened a private chat), so no
    # adapter reaches the store itself --------------------------------------------------------
    def cache_get(self, platform: str, scope: str, name: str) -> bytes | None:
        return self.store.cache_get(platform, scope, name)

    def cache_set(self, platform: str, scope: str, name: str, value: bytes, ttl: int) -> None:
        self.store.cache_set(platform, scope, name, value, ttl)

    def cache_set_many(self, platform: str, scope: str, entries: list[tuple[str, bytes]], ttl: int) -> None:
        self.store.cache_set_many(platform, scope, entries, ttl)

    def cache_delete(self, platform: str, scope: str, name: str) -> None:
        self.store.cache_delete(platform, scope, name)

    def once(self, name: str, ttl: int = 24 * 3600) -> bool:
        """True the first time `name` is seen (e.g. a platform's update id); raises StoreError."""
        return self.store.once(name, ttl)

    def setting(self, name: str) -> str | None:
        return self.store.setting(name)

    def set_setting(self, name: str, value: str) -> None:
        self.store.set_setting(name, value)

    def state(self, platform: str, channel: str) -> tuple[Game, dict, Record] | None:
        """The game and state of a channel (for self-play and tools; adapters use `handle`)."""
        rec = self.store.load(platform, channel)
        if rec is None or rec.meta is None or rec.state is None:
            return None
        return get_game(rec.meta["game"]), rec.state, rec


def _game_action(word: str, rest: str) -> bool:
    """`/tl add 1`: a game's prefix followed by one of its verbs (what a prompt's button carries)."""
    game = game_or_none(word)
    return game is not None and split_command(rest)[0] in game.verbs
