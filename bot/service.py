"""The one path every adapter takes: (platform, channel, user, text) → Reply.

It runs the lobby, maps users to seats, refuses what must be refused, and does
load → apply → save as one compare-and-set per command (retrying on a lost race).
It holds no rule of any game: those are in core/, reached through the Game contract.
"""
from __future__ import annotations

import importlib
import logging
import random
import re
import secrets
import time
import unicodedata
import uuid
from dataclasses import dataclass, field
from typing import Callable

import orjson

import render
from bot.asyncplay import REMIND_LEASE, AsyncPlay, Tables, play_options  # noqa: F401 — REMIND_LEASE re-exported
from bot.describe import describe as readable
from bot.history import History, Languages
from bot.imports import export_problem
from bot.names import name_reply, name_seats, player_names, seat_names, winners
from bot.replies import Button, Command, Picture, Reply
from bot.store import AlreadyDone, Conflict, OutcomeUnknown, Record, Store, StoreError
from core import rng
from core.errors import RulesError
from core.game import Event, Game, seat_ref
from core.registry import all_games, available, get_game
from core.replay import FORMAT, entry_for, replay, rolls_of, stamp, upgrade, verify

log = logging.getLogger("strategos.command")

LINE_LIMIT = 4096             # characters of one command line (a Telegram message holds 4,096)
IMPORT_LIMIT = 512 * 1024     # an /import carries a whole game's JSON
RETRIES = 100   # compare-and-set attempts per command before giving up (with jittered backoff)
MAX_BUTTONS = 20

PLATFORM_HELP = {
    "new": ("/new GAME [key=value ...]", "open a lobby for a game in this channel (seed=N: console and tests only)"),
    "join": ("/join [CODE]", "take the next free seat"),
    "leave": ("/leave", "give your seat back (lobby only)"),
    "start": ("/start", "deal the game once enough players sit"),
    "abort": ("/abort", "end the game here (its creator or a channel admin)"),
    "status": ("/status", "whose decision is pending, and what they can do"),
    "map": ("/map [region]", "the current picture"),
    "me": ("/me", "your private view (sent privately)"),
    "log": ("/log [n]", "the last n actions, in words"),
    "replay": ("/replay N", "the map as it stood after action N"),
    "undo": ("/undo", "take back your own last action, if no die or secret came out since"),
    "export": ("/export", "the game as JSON (the seed once it is over; privately, a file to move it)"),
    "import": ("/import JSON|file", "load an exported game, or continue a moved one, in a channel without a game"),
    "verify": ("/verify", "recompute every roll of a finished game from its revealed seed"),
    "remind": ("/remind [on|off|tz ZONE|quiet 23-08]", "ping the pending players; or your own reminder settings"),
    "help": ("/help [command|game [verb]]", "this list, a command's usage, or a game verb's with an example"),
    "replace": ("/replace SEAT @user", "give an absent player's seat to someone else (they /agree)"),
    "handover": ("/handover @user", "hand your seat to another user (the others and they /agree)"),
    "agree": ("/agree", "agree to a /handover or /replace"),
    "games": ("/games", "the games you sit in, everywhere, and whose turn it is (sent privately)"),
    "link": ("/link [CODE]", "link your accounts on two platforms, for /games"),
    "spectate": ("/spectate [off]", "follow this game's public messages privately (non-players)"),
    "lang": ("/lang en|es|ru", "the language of this channel, or of your private messages"),
}
PLATFORM = set(PLATFORM_HELP)
PUBLIC_PLATFORMS = {"discord", "telegram"}   # where a typed seed= is seen by everyone: refused
# with new and import: the platform commands that write
WRITES = {"join", "leave", "start", "abort", "undo", "replace", "handover", "agree", "spectate"}
CHANNEL_ONLY = {"new", "join", "import", "abort"}   # never by private message: they act on the channel itself
NO_ARGUMENT = {"leave", "start", "abort", "status", "me", "undo", "export", "verify", "agree"}
USER_WORDS = {"remind", "games", "link", "lang"}   # the user's own (with an argument for remind), anywhere
_SPLIT = re.compile(r"^\s*/?(\S+)\s*(.*)$", re.S)


@dataclass
class Timings:
    load: float = 0.0
    apply: float = 0.0
    save: float = 0.0

    def line(self, total: float) -> str:
        return (f"load_ms={self.load * 1e3:.2f} apply_ms={self.apply * 1e3:.2f} "
                f"save_ms={self.save * 1e3:.2f} total_ms={total * 1e3:.2f}")


@dataclass
class Write:
    """What a command stores (the fields of `Store.commit`) and its reply once stored at a version."""

    done: Callable[[int], Reply]
    meta: dict | None = None
    setup: dict | None = None
    state: dict | None = None
    append: list[dict] = field(default_factory=list)
    pop: int = 0
    delete: bool = False
    quiet: bool = False      # a hidden action: the public version stays (Store.commit, _COMMIT)
    remind: float | None = None   # the game's next reminder, scheduled with the write

    def fields(self) -> dict:
        return dict(meta=self.meta, setup=self.setup, state=self.state, append=self.append, pop=self.pop,
                    delete=self.delete, quiet=self.quiet, remind=self.remind)


def split_command(text: str) -> tuple[str, str]:
    """"/inf@StrategosBot place A1 3 4" → ("inf", "place A1 3 4")."""
    match = _SPLIT.match(text or "")
    if not match:
        return "", ""
    word = match.group(1).split("@", 1)[0].lower()
    return word, match.group(2).strip()


class Service(AsyncPlay, History, Tables, Languages):
    def __init__(self, store: Store, remind_after: float = 12 * 3600, image_format: str = "png",
                 clock=time.time, remind_repeat: float = 24 * 3600):
        self.store = store
        self.remind_after = remind_after
        self.remind_repeat = remind_repeat
        self.image_format = image_format
        self.clock = clock
        self.last_timings: tuple[Timings, float] | None = None   # for the benchmark

    # the entry point ------------------------------------------------------------------
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
            reply = Reply.refuse("Something went wrong on our side; nothing was changed. "
                                 "Please tell the bot's keepers.", "INTERNAL", cmd.channel)
        self._finish(cmd, reply)
        total = time.perf_counter() - started
        self.last_timings = (timings, total)
        # one structured line per command; only the verb, never arguments (they may be secret)
        log.info("platform=%s channel=%s user=%s command=%s outcome=%s version=%s %s",
                 cmd.platform, reply.channel or cmd.channel, cmd.user, word or "-",
                 "ok" if reply.ok else f"refused:{reply.code}", reply.version, timings.line(total))
        return reply

    def _finish(self, cmd: Command, reply: Reply) -> None:
        """The edge every reply passes: its lines in their readers' languages, then each seat the
        games' messages mark (`⟨A⟩`) named by its player (after translating: a marker rides inside
        a template's field)."""
        self._localize(cmd, reply)
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
        refusal = _unreadable(cmd.text)
        if refusal:
            return Reply.refuse(refusal, "MALFORMED")
        word, rest = split_command(cmd.text)
        if not word:
            return Reply.refuse("Send a command such as /help.", "EMPTY")
        limit = IMPORT_LIMIT if word == "import" or rest.lower().startswith("import") else LINE_LIMIT
        if len(cmd.text) > limit:
            return Reply.refuse(f"That command is {len(cmd.text):,} characters long; the limit is {limit:,}. "
                                "Nothing was done.", "TOO_LONG")
        channel = cmd.channel
        if word == "help":
            return self._help(rest, self._game_here(cmd.platform, channel, rest))
        if word in USER_WORDS and (rest or word != "remind"):
            return self._user_word(word, rest, cmd)
        if channel is None:
            channel, rest_text = self._route_private(cmd)
            word, rest = split_command(rest_text)
            platform_word = self._platform_word(cmd.platform, channel, word, rest)
            if platform_word in CHANNEL_ONLY:
                return Reply.refuse(f"/{platform_word} works only inside the channel itself, not in a private "
                                    "message.", "IN_CHANNEL_ONLY")
        if word in PLATFORM and not (word == "undo" and self._game_has_verb(cmd.platform, channel, word)):
            return self._platform(word, rest, cmd, channel, timings)
        game = _game_or_none(word)
        if game is not None:
            verb, sub_rest = split_command(rest)
            if not verb:
                return self._help(game.id)
            if verb == "help" and verb not in game.verbs:
                return self._help(f"{game.id} {sub_rest}")
            if verb not in game.verbs and verb in PLATFORM:
                if verb == "new":
                    return self._platform("new", f"{game.id} {sub_rest}", cmd, channel, timings)
                return self._platform(verb, sub_rest, cmd, channel, timings)
            return self._act(cmd, channel, rest, timings, game)
        return self._act(cmd, channel, f"{word} {rest}".strip(), timings, None)

    def open_channels(self, platform: str, user: str) -> list[str]:
        """The channels where `user` sits at a game in its lobby or in play."""
        return [c for c in self.store.user_channels(platform, user)
                if (rec := self.store.load(platform, c)) and rec.meta and rec.meta["status"] in ("lobby", "playing")]

    def _platform_word(self, platform: str, channel: str, word: str, rest: str) -> str | None:
        """The platform command a line asks for (`/join`, `/tl join`), or None for a game verb."""
        if word in PLATFORM:
            return None if word == "undo" and self._game_has_verb(platform, channel, word) else word
        game = _game_or_none(word)
        verb = split_command(rest)[0]
        return verb if game is not None and verb not in game.verbs and verb in PLATFORM else None

    def _route_private(self, cmd: Command) -> tuple[str, str]:
        """A private message acts on the sender's one open game, or the one named g=CHANNEL —
        only a channel where the sender sits (or whose lobby they opened)."""
        word, rest = split_command(cmd.text)
        if word.startswith("g="):
            name = _SPLIT.match(cmd.text).group(1)[2:]
            channels = self.open_channels(cmd.platform, cmd.user)
            if name and (name in channels or self._created(cmd.platform, name, cmd.user)):
                return name, rest
            yours = ("your channels: " + ", ".join(channels)) if channels else "you sit in no game yet"
            what = f"You have no game in channel {_shown(name)}" if name else "g= needs a channel name"
            raise RulesError(f"{what}; a private message reaches only a channel where you sit ({yours}).",
                             code="NOT_YOUR_CHANNEL")
        channels = self.open_channels(cmd.platform, cmd.user)
        if not channels:
            raise RulesError("You have no open game; join one in a channel first with /join.", code="NO_GAME")
        if len(channels) > 1:
            raise RulesError("You play in several channels; start your message with g=CHANNEL, one of: "
                             + ", ".join(channels) + ".", code="WHICH_GAME")
        return channels[0], cmd.text

    def _created(self, platform: str, channel: str, user: str) -> bool:
        rec = self.store.load(platform, channel)
        return bool(rec and rec.meta and rec.meta["creator"] == user and rec.meta["status"] in ("lobby", "playing"))

    def _game_has_verb(self, platform: str, channel: str, verb: str) -> bool:
        rec = self.store.load(platform, channel)
        return bool(rec and rec.meta and verb in get_game(rec.meta["game"]).verbs)

    # platform commands ---------------------------------------------------------------
    def _platform(self, word: str, rest: str, cmd: Command, channel: str, timings: Timings) -> Reply:
        if rest and word in NO_ARGUMENT:
            return Reply.refuse(f"/{word} takes no argument (got {_shown(rest)}). Usage: {PLATFORM_HELP[word][0]}.",
                                "MALFORMED", channel)
        if word == "help":
            return self._help(rest)
        if word in ("new", "import"):
            handler = getattr(self, f"_{word}")
            return self._write(cmd, channel, lambda rec: handler(rest, cmd, channel, rec), timings)
        handler = getattr(self, f"_{word}")

        def step(rec: Record | None) -> Reply | Write:
            if rec is None or rec.meta is None:
                return Reply.refuse("There is no game in this channel. Start one with /new GAME "
                                    f"(games: {', '.join(sorted(available()))}).", "NO_GAME", channel)
            return self._moved_refusal(word, cmd, channel, rec) or handler(rest, cmd, channel, rec)

        if word in WRITES:
            return self._write(cmd, channel, step, timings, with_setup=word == "undo")
        started = time.perf_counter()
        rec = self.store.load(cmd.platform, channel, with_setup=word in ("export", "verify"))
        timings.load = time.perf_counter() - started
        reply = step(rec)
        reply.channel = reply.channel or channel
        return reply

    def _write(self, cmd: Command, channel: str, step, timings: Timings, with_setup: bool = False) -> Reply:
        """The one path of every write: load → step → compare-and-set, retried on a lost race.

        `step(rec)` answers a `Reply` (a refusal, or a look that writes nothing) or a `Write`.
        The command's key is stored with the write in the same script, so a command delivered
        or retried twice counts once: the second time it gets its first outcome back.
        """
        key = cmd.key or f"svc:{uuid.uuid4().hex}"
        for _ in range(RETRIES):
            started = time.perf_counter()
            # the channel's and the sender's languages come in the same round trip (for the reply)
            rec = self.store.load(cmd.platform, channel, with_setup=with_setup, key=key, langs=[cmd.user])
            timings.load += time.perf_counter() - started
            if rec is not None and rec.done is not None:
                return self._already(channel, rec.done)
            try:
                out = step(rec)
            except RulesError as exc:   # answered from the channel acted on: its language, its seats
                out = Reply.refuse(exc.message, exc.code)
            if isinstance(out, Reply):
                out.channel = out.channel or channel
                if out.channel == channel and rec is not None:
                    out.known_langs = rec.langs
                return out
            started = time.perf_counter()
            try:
                version = self.store.commit(cmd.platform, channel, rec.expected if rec else 0, key=key,
                                            **out.fields())
            except Conflict:
                time.sleep(random.random() * 0.002)   # jitter: racing writers stop colliding in step
                continue
            except AlreadyDone as done:
                return self._already(channel, done.version)
            finally:
                timings.save += time.perf_counter() - started
            try:
                reply = out.done(version)
            except Exception:   # stored already: never say "nothing was changed" now
                log.exception("reply after a write failed: platform=%s channel=%s", cmd.platform, channel)
                reply = Reply(public=[f"Done (the game is now at version {version}), but the answer could not "
                                      "be composed; /status shows the game."])
            reply.channel = reply.channel or channel
            reply.version, reply.changed = version, True
            if reply.channel == channel:
                reply.known_langs = rec.langs if rec is not None else None
            return reply
        return Reply.refuse("The game is very busy right now; nothing was changed. Try again.", "BUSY", channel)

    @staticmethod
    def _already(channel: str, version: int) -> Reply:
        return Reply(public=[f"Already done: this command was carried out before (the game then reached "
                             f"version {version}). /status shows the game now."], channel=channel, version=version)

    def _quietly(self, what: str, write) -> None:
        """A side write after the game's own (user index, reminder): logged, never a refusal."""
        try:
            write()
        except StoreError:
            log.warning("after a stored command, could not %s", what)

    def _game_here(self, platform: str, channel: str | None, topic: str) -> Game | None:
        """The game played in the channel, when /help asks about one of its verbs: then /help VERB
        answers for this game only. Help never fails for want of storage."""
        word = topic.strip().lstrip("/").lower()
        if not channel or not word or " " in word or word in PLATFORM_HELP:
            return None
        try:
            rec = self.store.load(platform, channel)
        except StoreError:
            return None
        game = get_game(rec.meta["game"]) if rec and rec.meta else None
        return game if game is not None and word in game.verbs else None

    def _help(self, topic: str, here: Game | None = None) -> Reply:
        topic = topic.strip().lstrip("/").lower()
        first, _, verb = topic.partition(" ")
        if here is not None:
            return _game_verb_help(here, topic)
        game = _game_or_none(first) if first else None
        if game is not None and verb.strip():
            return _game_verb_help(game, verb.strip().lstrip("/"))
        shared = [g for g in all_games() if topic in g.verbs] if topic and not verb else []
        if topic in PLATFORM_HELP or (game is None and shared):
            lines = [f"{PLATFORM_HELP[topic][0]}: {PLATFORM_HELP[topic][1]}."] if topic in PLATFORM_HELP else []
            for other in shared:
                lines += _verb_help(other, other.verbs[topic])
            return Reply(public=lines)
        if game is not None:
            lines = [f"{game.title} (/{_prefix(game)} VERB ...; /help {_prefix(game)} VERB gives an example):"]
            lines += [f"  {v.usage}" + (f" — {v.help}" if v.help else "") for v in game.verbs.values()]
            if game.option_verbs:   # the game's own options of /new (its optional rules)
                lines.append(f"Options of /new {game.id}:")
                lines += [f"  {key}=<{param.choices and '|'.join(param.choices) or param.kind}>"
                          + (f" — {v.help}" if v.help else "")
                          for key, v in game.option_verbs.items() for param in v.params[:1]]
            return Reply(public=lines)
        if topic:
            return Reply.refuse(f"No help for {_shown(topic)}. Try /help, or /help with a command or a game "
                                f"({', '.join(sorted(available()))}).", "UNKNOWN")
        lines = ["Commands:"] + [f"  {u} — {w}" for u, w in PLATFORM_HELP.values()]
        lines.append("Games: " + ", ".join(sorted(available())) + " — /help GAME lists its commands, "
                     "/help GAME VERB (or /help VERB) shows one with an example.")
        return Reply(public=lines)

    def _new(self, rest: str, cmd: Command, channel: str, rec: Record | None) -> Reply | Write:
        tokens = rest.split()
        if not tokens:
            return Reply.refuse(f"Name the game: /new GAME (games: {', '.join(sorted(available()))}).",
                                "MALFORMED", channel)
        game = get_game(tokens[0])
        seed = None
        options_tokens = []
        for token in tokens[1:]:
            if token.lower().startswith("seed="):
                if seed is not None:
                    return Reply.refuse("seed= is given more than once; give it once.", "MALFORMED", channel)
                if cmd.platform in PUBLIC_PLATFORMS:
                    return Reply.refuse("seed= is not accepted here: a seed typed in a channel lets anyone "
                                        "rebuild every hand and die. The bot draws a secret seed itself and "
                                        "reveals it at the end.", "NO_SEED", channel)
                seed = token.split("=", 1)[1]
                if not seed:
                    return Reply.refuse("seed= needs a value, e.g. seed=42.", "MALFORMED", channel)
            else:
                options_tokens.append(token)
        play, options_tokens = play_options(options_tokens)
        options = game.parse_options(options_tokens)
        if rec and rec.meta and rec.meta["status"] in ("lobby", "playing"):
            return Reply.refuse(f"A game of {get_game(rec.meta['game']).title} is already open here. "
                                "Its creator or a channel admin can /abort it first.", "GAME_EXISTS", channel)
        meta = {"status": "lobby", "game": game.id, "options": options, "creator": cmd.user,
                "players": [], "seed": seed, "play": play}
        seats = f"{game.min_players}" if game.min_players == game.max_players else \
            f"{game.min_players}–{game.max_players}"
        lines = [f"New game of {game.title} for {seats} players. Type /join to sit, then /start."]
        if seed is not None:
            lines.append(f"The dice seed is {seed!r}: every die and hidden card of this game is predictable "
                         "(fine for a test, not for a real game).")
        return Write(lambda version: Reply(public=lines), meta=meta)

    def _join(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        game = get_game(meta["game"])
        if any(p["user"] == cmd.user for p in meta["players"]):
            return Reply.refuse("You are already seated in this game.", "ALREADY_SEATED", channel)
        if meta["status"] == "playing" and meta.get("imported"):
            return self._rejoin(rest, cmd, channel, rec)   # /join CODE: the seat code of a moved game
        if rest:
            return Reply.refuse(f"/join takes no argument (got {_shown(rest)}). Usage: /join.", "MALFORMED", channel)
        if meta["status"] != "lobby":
            return Reply.refuse("This game has already started; you can watch, or wait for the next one.",
                                "STARTED", channel)
        if len(meta["players"]) >= game.max_players:
            return Reply.refuse(f"All {game.max_players} seats are taken.", "FULL", channel)
        meta["players"].append({"user": cmd.user, "name": cmd.name or cmd.user})

        def done(version: int) -> Reply:
            self._quietly("index the player's game", lambda: self.store.link_user(cmd.platform, cmd.user, channel))
            names = ", ".join(p["name"] for p in meta["players"])
            return Reply(public=[f"{cmd.name or cmd.user} joins. Seated: {names}."])
        return Write(done, meta=meta)

    def _leave(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        if meta["status"] != "lobby":
            return Reply.refuse("The game has started: seats are fixed now. Ask its creator or an admin to "
                                "/abort it.", "STARTED", channel)
        if not any(p["user"] == cmd.user for p in meta["players"]):
            return Reply.refuse("You are not seated in this game.", "NOT_SEATED", channel)
        meta["players"] = [p for p in meta["players"] if p["user"] != cmd.user]

        def done(version: int) -> Reply:
            self._quietly("unindex the player's game",
                          lambda: self.store.link_user(cmd.platform, cmd.user, channel, on=False))
            return Reply(public=[f"{cmd.name or cmd.user} leaves the table."])
        return Write(done, meta=meta)

    def _start(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        game = get_game(meta["game"])
        if meta["status"] != "lobby":
            return Reply.refuse("This game has already started.", "STARTED", channel)
        if cmd.user != meta["creator"] and not cmd.admin and \
                not any(p["user"] == cmd.user for p in meta["players"]):
            return Reply.refuse("Only a seated player, the game's creator or an admin can /start.",
                                "NOT_SEATED", channel)
        names = [p["name"] for p in meta["players"]]
        if len(names) < game.min_players:
            return Reply.refuse(f"{game.title} needs at least {game.min_players} players; "
                                f"{len(names)} seated. Others can /join.", "PLAYERS", channel)
        seed = meta.pop("seed", None) or secrets.token_hex(32)   # 256 bits
        state, events = game.start(names, meta["options"], seed)
        setup = stamp(game, {"game": game.id, "players": names, "options": meta["options"], "seed": seed,
                             "setup_rolls": rolls_of(events)})
        meta.update(status="playing", seed_sha256=rng.commitment(seed))
        for player, seat in zip(meta["players"], state["seats"]):
            player["seat"] = seat
        self._start_clock(meta, state["seats"])

        def done(version: int) -> Reply:
            self._schedule(cmd.platform, channel, version, meta, state)
            seating = ", ".join(player_names(game, meta, state).values())
            reply = Reply(public=[f"{game.title} begins. Players — {seating}.",
                                  f"Dice seed SHA-256: {meta['seed_sha256']} (the seed is revealed at the end; "
                                  "/verify then checks every roll)."])
            self._narrate(reply, cmd.platform, channel, game, meta, state, version, events, cmd.user, picture=True)
            return reply
        return Write(done, meta=meta, setup=setup, state=state)

    def _abort(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        if cmd.user != rec.meta["creator"] and not cmd.admin:
            return Reply.refuse("Only the game's creator or a channel admin can /abort it.", "FORBIDDEN",
                                channel)

        def done(version: int) -> Reply:
            self.store.cancel_reminder(cmd.platform, channel)
            for p in rec.meta["players"]:
                if p["user"]:
                    self._quietly("unindex a player's game",
                                  lambda u=p["user"]: self.store.link_user(cmd.platform, u, channel, on=False))
            return Reply(public=[f"The game of {get_game(rec.meta['game']).title} is aborted. /new starts another."])
        return Write(done, delete=True)

    def _status(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        meta = rec.meta
        game = get_game(meta["game"])
        if meta["status"] == "lobby":
            names = ", ".join(p["name"] for p in meta["players"]) or "nobody yet"
            return Reply(public=[f"{game.title} lobby. Seated: {names}. /join, then /start."],
                         version=rec.version)
        summary = game.summary(rec.state)
        reply = Reply(public=[_status_line(game, summary, rec.version)], version=rec.version)
        who = winners(game, meta, rec.state, summary["winner"]) if summary["finished"] else ""
        if who:
            reply.public.append(f"Winner: {who}.")
        self._prompt_lines(reply, game, meta, rec.state, rec.version, cmd.user)
        self._timer_lines(reply, game, meta, rec.state)
        return reply

    def _map(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = self._playing(rec, channel)
        if not render.has_picture(game.id):
            return Reply.refuse(f"{game.title} has no picture yet; /status tells the position.", "NO_PICTURE")
        region = rest.strip() or None
        if region is not None:
            regions = _regions(game.id)
            key = region.lower().replace("_", "-").replace(" ", "-")
            if key not in regions:
                known = (f"Its regions: {', '.join(regions)}" if regions else f"{game.title}'s map has no regions")
                return Reply.refuse(f"There is no map region {_shown(region)}. {known}; /map without a region "
                                    "draws the whole map.", "NO_REGION")
            region = key
        return Reply(image=self._picture(cmd.platform, channel, game, rec.state, rec.version, None, region),
                     version=rec.version)

    def _me(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = self._playing(rec, channel)
        seat = self._seat(rec.meta, cmd.user)
        if seat is None:
            return Reply.refuse("You are not seated in this game, so there is no private view.", "NOT_SEATED")
        reply = Reply(version=rec.version)
        reply.tell(cmd.user, _describe_view(game, game.view(rec.state, seat), rec.state))
        if render.has_picture(game.id):
            reply.private_images[cmd.user] = self._picture(cmd.platform, channel, game, rec.state,
                                                           rec.version, seat, None)
        return reply

    def _export(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        if rec.meta["status"] == "lobby":
            return Reply.refuse("The game has not started; there is nothing to export yet.", "NOT_STARTED")
        if cmd.private and rec.meta["status"] == "playing" and self._seat(rec.meta, cmd.user) is not None:
            return self._transfer_reply(cmd, channel, rec)
        data = self.export(cmd.platform, channel, rec)
        note = "" if data["seed"] else (" The game is not over: private actions and the seed are left out; to move "
                                        "the game elsewhere, send /export to me in a private message.")
        name = f"strategos-{rec.meta['game']}-{channel}-v{rec.version}.json"
        return Reply(public=[f"Export of this game (version {rec.version}).{note}"],
                     file=(name, orjson.dumps(data, option=orjson.OPT_INDENT_2)), version=rec.version)

    def export(self, platform: str, channel: str, rec: Record | None = None) -> dict:
        rec = rec or self.store.load(platform, channel, with_setup=True)
        setup = rec.setup or self.store.setup(platform, channel)
        finished = rec.meta["status"] == "finished"
        entries = self.store.log(platform, channel)
        log_out = []
        for e in entries:
            if e.get("hidden") and not finished:   # nobody else may learn it happened (a quiet write)
                continue
            item = {"seat": e["seat"], "line": e["line"], "private": e["private"], "rolls": e["rolls"]}
            if not finished:   # before the end an export is public: no secret line, roll or seed
                item["rolls"] = [r for r in e["rolls"] if r[3]]
                if e["private"]:
                    item["line"] = None
            log_out.append(item)
        return {"format": setup.get("format", FORMAT), "rules_version": setup.get("rules_version", 1),
                "game": setup["game"], "players": setup["players"],
                "options": setup["options"], "seed": setup["seed"] if finished else None,
                "seed_sha256": rec.meta["seed_sha256"],
                "setup_rolls": setup.get("setup_rolls", []) if finished else
                [r for r in setup.get("setup_rolls", []) if r[3]],
                "log": log_out, "summary": self._named_summary(get_game(setup["game"]), rec)}

    @staticmethod
    def _named_summary(game: Game, rec: Record) -> dict:
        """The game's summary for an export: its reason names the players, as every message does."""
        summary = game.summary(rec.state)
        if isinstance(summary.get("reason"), str):
            summary["reason"] = name_seats(summary["reason"], seat_names(game, rec.meta, rec.state))
        return summary

    def _import(self, rest: str, cmd: Command, channel: str, rec: Record | None) -> Reply | Write:
        if rec and rec.meta and rec.meta["status"] in ("lobby", "playing"):
            return Reply.refuse("/import needs a channel without an open game.", "GAME_EXISTS", channel)
        try:
            data = orjson.loads(rest)
            if isinstance(data, dict) and data.get("format") == "strategos-transfer/1":
                return self._transfer_in(data, cmd, channel)
            problem = export_problem(data)
            if problem:
                raise ValueError(problem)
            game = get_game(data["game"])
            problems = verify(data)
            if problems:
                raise ValueError(problems[0])
            setup = {"game": game.id, "players": data["players"], "options": data.get("options", {}),
                     "seed": data["seed"], "setup_rolls": data.get("setup_rolls", []),
                     **{k: data[k] for k in ("format", "rules_version") if k in data}}
            setup, log_in = upgrade(game, setup, data["log"])   # migrated to the rules of this bot
            state = replay(game, setup, log_in)
        except orjson.JSONDecodeError as exc:
            return Reply.refuse(f"That export cannot be imported: it is not JSON ({exc.msg} at line {exc.lineno}, "
                                f"column {exc.colno}).", "BAD_IMPORT", channel)
        except RulesError as exc:
            return Reply.refuse(f"That export cannot be imported: {exc.message.rstrip('.')}.", "BAD_IMPORT", channel)
        except ValueError as exc:
            return Reply.refuse(f"That export cannot be imported: {str(exc).rstrip('.')}.", "BAD_IMPORT", channel)
        except (KeyError, TypeError, AttributeError, IndexError, ZeroDivisionError):   # a shape not checked above
            log.warning("an /import failed on its content", exc_info=True)
            return Reply.refuse("That export cannot be imported: some field does not have the shape /export "
                                "writes (was the file edited?).", "BAD_IMPORT", channel)
        finished = game.outcome(state)[0]
        meta = {"status": "finished" if finished else "playing", "game": game.id, "options": setup["options"],
                "creator": cmd.user, "seed_sha256": rng.commitment(setup["seed"]),
                "players": [{"user": None, "name": n, "seat": s} for n, s in zip(setup["players"], state["seats"])]}
        entries = [{"seat": e["seat"], "user": None, "line": e["line"], "private": e["private"],
                    "rolls": e["rolls"], "reveal": False} for e in log_in]
        return Write(lambda version: Reply(public=[f"Imported a game of {game.title} with {len(entries)} actions; "
                                                   "every roll checks against its seed."]),
                     meta=meta, setup=setup, state=state, append=entries)

    def _verify(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        if rec.meta["status"] != "finished":
            return Reply.refuse("The seed stays secret until the game ends; its SHA-256 is "
                                f"{rec.meta.get('seed_sha256', '?')}. /verify works once the game is over.",
                                "NOT_FINISHED")
        export = self.export(cmd.platform, channel, rec)
        problems = verify(export)
        if problems:
            return Reply(ok=False, error="Verification failed: " + " ".join(problems[:3]), code="VERIFY_FAILED")
        count = self.store.log_length(cmd.platform, channel)
        lines = [f"Verified: the seed matches its SHA-256 and every roll of the {count} actions is the seed's "
                 "own draw."]
        try:
            upgrade(get_game(export["game"]), export, export["log"])
        except RulesError as exc:   # played under other rules: dice checked, the log not replayed
            lines.append(exc.message)
        return Reply(public=lines, version=rec.version)

    def _undo(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = self._playing(rec, channel)
        seat = self._seat(rec.meta, cmd.user)
        entries = self.store.log(cmd.platform, channel)
        if not entries:
            return Reply.refuse("Nothing has been played yet, so there is nothing to undo.", "NOTHING_TO_UNDO")
        # the last action the channel knows of; hidden actions after it (quiet writes, e.g. another
        # seat's standing order) are neither undone nor revealed: they are played again after it
        at = next((i for i in range(len(entries) - 1, -1, -1) if not entries[i].get("hidden")), None)
        if at is None:
            return Reply.refuse("Nothing has been played yet, so there is nothing to undo.", "NOTHING_TO_UNDO")
        last, after = entries[at], entries[at + 1:]
        if last["seat"] != seat:
            return Reply.refuse("Only the player who made the last action can undo it, and it was not yours.",
                                "NOT_YOURS")
        if last.get("by") == "deadline":
            return Reply.refuse("The deadline played that action when time was up, so it stands.", "IRREVERSIBLE")
        if last["rolls"] or last["reveal"]:
            return Reply.refuse("That action rolled dice or revealed hidden information, so it stands.",
                                "IRREVERSIBLE")
        setup = rec.setup or self.store.setup(cmd.platform, channel)
        state = replay(game, setup, entries[:at])
        kept = []
        for entry in after:           # each still legal is kept (a standing order for a card still held)
            try:
                state, _ = game.apply(state, entry["seat"], game.parse(entry["line"], entry["private"]))
            except RulesError:
                continue
            kept.append(entry)

        def done(version: int) -> Reply:
            shown = "a private action" if last["private"] else _shown(last["line"], 300)
            reply = Reply(public=[f"{player_names(game, rec.meta, state).get(seat, seat)} takes back {shown}."])
            self._narrate(reply, cmd.platform, channel, game, rec.meta, state, version, [], cmd.user, picture=True)
            return reply
        return Write(done, state=state, pop=1 + len(after), append=kept)

    # game actions ----------------------------------------------------------------------
    def _act(self, cmd: Command, channel: str, line: str, timings: Timings, named: Game | None) -> Reply:
        return self._write(cmd, channel, lambda rec: self._act_step(cmd, channel, line, timings, named, rec),
                           timings)

    def _act_step(self, cmd: Command, channel: str, line: str, timings: Timings, named: Game | None,
                  rec: Record | None) -> Reply | Write:
        if rec is None or rec.meta is None:
            word = line.split(" ", 1)[0]
            if named is None:
                return Reply.refuse(f"Unknown command {_shown('/' + word)}. Try /help; start a game with /new GAME.",
                                    "UNKNOWN", channel)
            return Reply.refuse(f"There is no game here. Start one with /new {named.id}.", "NO_GAME", channel)
        game = get_game(rec.meta["game"])
        if named is not None and named.id != game.id:
            return Reply.refuse(f"This channel plays {game.title}, not {named.title}.", "WRONG_GAME", channel)
        if named is None and line.split(" ", 1)[0].lower() not in game.verbs:
            return Reply.refuse(f"Unknown command {_shown('/' + line.split(' ', 1)[0])}. Try /help or /help {game.id}.",
                                "UNKNOWN", channel)
        if rec.meta["status"] == "lobby":
            return Reply.refuse("The game has not started: /join, then /start.", "NOT_PLAYING", channel)
        moved = self._moved_refusal("", cmd, channel, rec)
        if moved is not None:
            return moved
        seat = cmd.seat if cmd.by and cmd.seat else self._seat(rec.meta, cmd.user)
        if seat is None:
            seated = ", ".join(player_names(game, rec.meta, rec.state).values())
            return Reply.refuse(f"You are not seated in this game (players: {seated}); only they can act.",
                                "NOT_SEATED", channel)
        action = game.parse(line, cmd.private)
        if rec.meta["status"] != "playing" and not game.verbs[action.verb].query:
            return Reply.refuse("The game is over: only looks (/status, /map, /export, queries) remain.",
                                "NOT_PLAYING", channel)
        if game.verbs[action.verb].query:
            events = game.query(rec.state, seat, action)
            reply = Reply(version=rec.version, channel=channel)
            self._deliver(reply, cmd.platform, channel, game, rec.meta, rec.state, rec.version, events)
            return reply
        if cmd.version is not None and cmd.version != rec.version:
            return self._stale(cmd, channel, game, rec)
        started = time.perf_counter()
        try:
            state, events = game.apply(rec.state, seat, action)
        except RulesError as exc:
            reply = Reply.refuse(_named_refusal(exc, game, rec.meta, rec.state), exc.code, channel)
            _knows_seats(reply, game, rec.meta, rec.state)
            if exc.private:   # the refusal speaks of hidden information: tell the sender only
                reply.error, reply.code = None, exc.code
                reply.tell(cmd.user, exc.message)
            return reply
        finally:
            timings.apply += time.perf_counter() - started
        finished, _, _ = game.outcome(state)
        if not cmd.by and hidden_action(game, action, rec.state, state, events):   # a deadline's is announced
            return self._hidden_write(cmd, channel, game, rec, seat, action, state, events)
        meta = self._on_move(rec.meta, game, rec.state, seat, cmd.by)
        if finished:
            meta["status"] = "finished"

        def done(version: int) -> Reply:
            reply = Reply(channel=channel)
            if finished:
                self.store.cancel_reminder(cmd.platform, channel)
                for player in meta["players"]:   # private messages no longer route to this game
                    if player["user"]:
                        self._quietly("unindex a finished game", lambda u=player["user"]: self.store.link_user(
                            cmd.platform, u, channel, on=False))
            if action.private and not any(e.to is None and e.text for e in events):
                # a private action the rules did not announce: the channel must not learn it happened
                self._deliver(reply, cmd.platform, channel, game, meta, state, version, events)
                reply.public.clear()
                reply.image = None
                reply.tell(cmd.user, "Done (only you were told).")
            else:
                self._narrate(reply, cmd.platform, channel, game, meta, state, version, events, cmd.user,
                              before=rec.state)
            return reply
        entry = entry_for(seat, action, events, None if cmd.by else cmd.user)
        if cmd.by:
            entry["by"] = cmd.by
        # meta only when it changed (the move's clock changes it, a fixed clock may not); the next
        # reminder (or deadline) is scheduled by the same write
        return Write(done, state=state, meta=meta if meta != rec.meta else None, append=[entry],
                     remind=None if finished else self._next_event(meta, game, state, self.clock()))

    def _hidden_write(self, cmd: Command, channel: str, game: Game, rec: Record, seat: str, action,
                      state: dict, events: list[Event]) -> Write:
        """A private action nobody else can see (`hidden_action`): logged, for replay and /verify,
        but written quietly. The public version stays, so nobody's buttons go stale and no message
        shows a new version; the timers and reminders stay as they were (no deadline restarts);
        /log and /replay leave the entry out. Only the sender is answered."""
        def done(version: int) -> Reply:
            reply = Reply(channel=channel)
            self._deliver(reply, cmd.platform, channel, game, rec.meta, state, version, events)
            reply.public.clear()
            reply.image = None
            reply.tell(cmd.user, "Done (only you were told).")
            return reply
        entry = entry_for(seat, action, events, None if cmd.by else cmd.user)
        entry["hidden"] = True
        if cmd.by:
            entry["by"] = cmd.by
        return Write(done, state=state, append=[entry], quiet=True)

    def _stale(self, cmd: Command, channel: str, game: Game, rec: Record) -> Reply:
        prompt = game.prompts(rec.state).get(self._seat(rec.meta, cmd.user) or "")
        now = f" Now: {prompt.text}" if prompt else ""
        return Reply.refuse(f"That button is from an earlier position (version {cmd.version}; the game is at "
                            f"{rec.version}), so it was not used.{now}", "STALE", channel)

    # replies ---------------------------------------------------------------------------
    def _narrate(self, reply: Reply, platform: str, channel: str, game: Game, meta: dict, state: dict,
                 version: int, events: list[Event], actor: str, picture: bool = False,
                 before: dict | None = None) -> None:
        """Events, the picture, what happens next (or how the game ended). `before`: the state the
        action was applied to, so a player whose turn it has just become is told his private choices."""
        self._deliver(reply, platform, channel, game, meta, state, version, events, picture)
        finished, winner, reason = game.outcome(state)
        if finished:
            setup = self.store.setup(platform, channel) or {}
            who = winners(game, meta, state, winner)
            reply.public.append(f"The game is over ({reason or 'finished'})." + (f" Winner: {who}." if who else ""))
            reply.public.append(f"The dice seed was {setup.get('seed')} (SHA-256 {meta.get('seed_sha256')}); "
                                "/verify recomputes every roll, /export saves the game.")
        else:
            self._prompt_lines(reply, game, meta, state, version, actor, before)
        self._to_spectators(reply, meta)

    def _deliver(self, reply: Reply, platform: str, channel: str, game: Game, meta: dict, state: dict,
                 version: int, events: list[Event], picture: bool = False) -> None:
        _knows_seats(reply, game, meta, state)
        users = {p.get("seat"): p["user"] for p in meta["players"]}
        for event in events:
            if event.kind == "image":
                if not render.has_picture(game.id):
                    continue
                if event.to is None:
                    picture = True
                for seat in event.to or ():
                    if users.get(seat):
                        reply.private_images[users[seat]] = self._picture(platform, channel, game, state,
                                                                          version, seat, None)
            elif not event.text:
                continue
            elif event.to is None:
                reply.public.append(event.text)
            else:
                for seat in event.to:
                    if users.get(seat):
                        reply.tell(users[seat], event.text)
        if picture and render.has_picture(game.id):
            reply.image = self._picture(platform, channel, game, state, version, None, None)

    def _prompt_lines(self, reply: Reply, game: Game, meta: dict, state: dict, version: int,
                      asker: str | None, before: dict | None = None) -> None:
        """Who must decide what, with buttons. Private choices go to `asker` (every pending player
        when None, as in a reminder) and to a player whose turn, played only privately, has just
        come (not waiting in `before`): a new turn reaches its player, and nobody's DMs fill up."""
        waited: set | None = None
        names = _knows_seats(reply, game, meta, state)()
        users = {p.get("seat"): p for p in meta["players"]}
        labels = {seat: f"{seat}, {named.extra}" if named.extra else seat for seat, named in names.items()}
        for seat, prompt in game.prompts(state).items():
            player = users.get(seat) or {"user": None, "name": seat}
            reply.public.append(f"Waiting for {player['name']} ({labels.get(seat, seat)}): {prompt.text}")
            if player["user"]:
                reply.mentions.append(player["user"])
                reply.names[player["user"]] = player["name"]
                # his turn has just come and it can only be played privately (a hand, face-down orders):
                # the choices go to him at once; a turn with buttons waits for him to ask or press
                new_turn = prompt.private and not prompt.actions and before is not None and asker != player["user"]
                if new_turn and waited is None:
                    waited = set(game.prompts(before))   # (Successors remembers it from the apply)
                if prompt.private and (asker in (None, player["user"]) or new_turn and seat not in waited):
                    reply.tell(player["user"], "Your private choices: "
                               + "; ".join(f"`{line}`" for line in prompt.private))
            prefix = f"/{game.aliases[0] if game.aliases else game.id}"
            for line in prompt.actions[:MAX_BUTTONS]:
                reply.buttons.append(Button(line, f"{prefix} {line}", version, seat, player["user"]))

    def _picture(self, platform: str, channel: str, game: Game, state: dict, version: int,
                 seat: str | None, region: str | None) -> Picture:
        fmt = self.image_format
        # the picture's words in the channel's language (one read; English if Redis is silent)
        lang = render.language(self.store.languages(platform, channel, [])[0])
        key = f"img:{version}:{seat or 'public'}:{region or 'all'}:{fmt}:{lang}"

        def make() -> bytes:
            cached = self.store.cache_get(platform, channel, key)
            if cached is not None:
                return cached
            options = {"region": region} if region else {}
            data = render.encode(render.draw(game.id, game.view(state, seat), seat, lang=lang, **options), fmt)
            self.store.cache_set(platform, channel, key, data)
            return data

        name = f"{game.id}-v{version}{'-' + seat if seat else ''}{'-' + region if region else ''}"
        return Picture(key, f"{name}.{render.extension(fmt)}", make)

    # user-level words: settings of the sender, wherever typed ------------------------------
    def _user_word(self, word: str, rest: str, cmd: Command) -> Reply:
        if word == "games":
            return self._games_word(rest, cmd)
        if word == "link":
            return self._link_word(rest, cmd)
        if word == "lang":
            return self._lang_word(rest, cmd)
        return self._remind_settings(rest, cmd)

    # helpers ---------------------------------------------------------------------------
    @staticmethod
    def _seat(meta: dict, user: str) -> str | None:
        return next((p.get("seat") for p in meta["players"] if p["user"] == user), None)

    @staticmethod
    def _playing(rec: Record, channel: str) -> Game:
        if rec.meta["status"] == "lobby":
            raise RulesError("The game has not started yet: /join, then /start.", code="NOT_STARTED")
        return get_game(rec.meta["game"])

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








def _knows_seats(reply: Reply, game: Game, meta: dict, state: dict | None) -> Callable[[], dict]:
    """The reply names the seats its lines mark from this game: worked out once (a game's summary
    is not free), and only if asked — by a line holding a marker, or the prompt lines' labels."""
    if reply.namer is None:
        worked_out: list[dict] = []

        def namer() -> dict:
            if not worked_out:
                worked_out.append(seat_names(game, meta, state))
            return worked_out[0]
        reply.namer = namer
    return reply.namer


def _named_refusal(exc: RulesError, game: Game, meta: dict, state: dict) -> str:
    """A refusal that points at seats (the contract's "waiting for A") names their players."""
    if exc.code != "NOT_YOUR_TURN":
        return exc.message
    names = player_names(game, meta, state)
    waiting = ", ".join(names.get(seat, seat) for seat in game.prompts(state)) or "nobody"
    return f"It is not your turn: waiting for {waiting}."


def _prefix(game: Game) -> str:
    return game.aliases[0] if game.aliases else game.id


def _verb_help(game: Game, verb) -> list[str]:
    """One verb of one game for /help: usage, what it does, an example that parses."""
    prefix = _prefix(game)
    lines = [f"{game.title}: /{prefix} {verb.usage}", f"  What it does: {verb.help}"]
    if verb.private:
        lines.append("  Send it to the bot in a private chat.")
    if verb.query:
        lines.append("  A look: it changes nothing.")
    return lines + [f"  Example: /{prefix} {verb.sample}"]


def _game_verb_help(game: Game, word: str) -> Reply:
    verb = game.verbs.get(word.lower())
    if verb is None:
        return Reply.refuse(f"{game.title} has no command {_shown(word)}. Its commands: "
                            f"{', '.join(game.verbs)}.", "UNKNOWN")
    return Reply(public=_verb_help(game, verb))


def _game_or_none(word: str) -> Game | None:
    try:
        return get_game(word)
    except RulesError:
        return None


def _unreadable(text: str) -> str | None:
    """Why a line cannot be taken: a lone surrogate (not storable as UTF-8) or a control
    character other than a newline or tab (invisible, and unsafe to echo)."""
    for ch in text or "":
        category = unicodedata.category(ch)
        if category == "Cs" or (category == "Cc" and ch not in "\n\r\t"):
            return (f"The command holds a character that cannot be used (U+{ord(ch):04X}); type it again "
                    "without it.")
    return None


def _regions(game_id: str) -> list[str]:
    """The named parts of a game's map its drawer offers (`REGIONS` of render/<game>.py), so a
    wrong name is refused before anything is drawn."""
    module = importlib.import_module(f"render.{game_id}")
    return list(getattr(module, "REGIONS", {}) or {})


def _shown(text: str, limit: int = 40) -> str:
    """A user's words quoted back inside a code span: no platform formats or links them."""
    text = text.replace("`", "'").replace("\n", " ")
    return f"`{text[:limit]}{'…' if len(text) > limit else ''}`"


def hidden_action(game: Game, action, before: dict, after: dict, events: list[Event]) -> bool:
    """A private standing order (a verb of `Game.anytime`, e.g. Successors' `arm`) that changes
    nothing anyone else can see: no public event, the same public view, and every seat asked the
    same public question with the same buttons. Only its sender may know it happened."""
    if action.verb not in game.anytime or not action.private:
        return False
    if any(e.to is None and (e.text or e.kind == "image") for e in events):
        return False
    if any(e.kind in ("reveal", "end") for e in events):
        return False
    shown = lambda state: {s: (p.text, p.actions) for s, p in game.prompts(state).items()}   # noqa: E731
    return game.view(before, None) == game.view(after, None) and shown(before) == shown(after)


def _status_line(game: Game, summary: dict, version: int) -> str:
    keys = [k for k in ("turn", "phase", "round", "segment", "step") if summary.get(k) is not None]
    seats = set(summary.get("seats") or ())   # a game's "turn" may be a seat (StarCraft's): its player
    shown = {k: seat_ref(summary[k]) if isinstance(summary[k], str) and summary[k] in seats else summary[k]
             for k in keys}
    where = ", ".join(f"{k} {shown[k]}" for k in keys)
    state = "over" if summary["finished"] else "in play"
    return f"{game.title} (version {version}) {state}" + (f": {where}." if where else ".")


def _describe_view(game: Game, view: dict, state: dict | None = None) -> str:
    """A private view as text: the game may offer `describe(view)`, else readable lines with
    what only this player sees first (never raw JSON, never cut mid-field)."""
    describe = getattr(game, "describe", None)
    if describe is not None:
        return describe(view)
    return readable(view, game.view(state, None) if state is not None else None)
