"""The lobby: /new, /join, /leave, /start, /abort."""
from __future__ import annotations

import secrets

from bot.service.common import Topic, shown, split_command
from bot.service.robots import fill
from bot.service.timers import play_options
from bot.service.types import Command, Reply, Write
from bot.store import Record
from bot.words.names import player_name, player_names
from core import rng
from core.errors import RulesError
from core.message import Cmd, join, msg, plural
from core.names import display_name
from core.registry import available, get_game
from core.replay import rolls_of, stamp

PUBLIC_PLATFORMS = {"discord", "telegram"}   # where a typed seed= is seen by everyone: refused
THREAD = "thread"   # `/new GAME ... thread`: the game opens in a new Discord thread or Telegram forum topic


def new_thread(text: str) -> tuple[str, str] | None:
    """For `/new GAME [options] thread`: the line without the word `thread`, and the game's title
    to name the new thread by. None for any other line, and for a game that does not exist (the
    service's answer to the line says so, and no thread is opened for nothing)."""
    word, rest = split_command(text)
    tokens = rest.split()
    if word != "new" or len(tokens) < 2 or THREAD not in (t.lower() for t in tokens[1:]):
        return None
    try:
        game = get_game(tokens[0])
    except RulesError:
        return None
    return "/new " + " ".join(t for t in tokens if t.lower() != THREAD), game.title


class Lobby(Topic):
    """Opening a game, taking seats, dealing it, ending it."""

    def new(self, rest: str, cmd: Command, channel: str, rec: Record | None) -> Reply | Write:
        tokens = rest.split()
        if not tokens:
            return Reply.refuse(msg("Name the game: /new GAME (games: {list}).",
                                    list=join(", ", map(Cmd, sorted(available())))),
                                "MALFORMED", channel)
        game = get_game(tokens[0])
        seed = None
        options_tokens = []
        for token in tokens[1:]:
            if token.lower() == THREAD:   # the bots open the thread and send /new there without the word
                return Reply.refuse(msg("`thread` opens the game in a new thread (Discord) or forum "
                                        "topic (Telegram); here, /new GAME opens it in this channel."),
                                    "OPTION", channel)
            if token.lower().startswith("seed="):
                if seed is not None:
                    return Reply.refuse(msg("seed= is given more than once; give it once."), "MALFORMED", channel)
                if cmd.platform in PUBLIC_PLATFORMS:
                    return Reply.refuse(msg("seed= is not accepted here: a seed typed in a channel "
                                            "lets anyone rebuild every hand and die. The bot draws a "
                                            "secret seed itself and reveals it at the end."), "NO_SEED", channel)
                seed = token.split("=", 1)[1]
                if not seed:
                    return Reply.refuse(msg("seed= needs a value, e.g. seed=42."), "MALFORMED", channel)
            else:
                options_tokens.append(token)
        play, options_tokens = play_options(options_tokens)
        options = game.parse_options(options_tokens)
        if rec and rec.meta and rec.meta["status"] in ("lobby", "playing"):
            return Reply.refuse(msg("A game of {title} is already open here. Its creator or a channel "
                                    "admin can /abort it first.",
                                    title=get_game(rec.meta['game']).title), "GAME_EXISTS", channel)
        if play.get("robots", 0) > game.max_players:
            title, most, count = game.title, game.max_players, play["robots"]
            return Reply.refuse(plural(("{title} seats at most {most} player; robots={count} is too "
                                        "many.",
                                        "{title} seats at most {most} players; robots={count} is too "
                                        "many."), most, title=title,
                                        most=most, count=count), "OPTION", channel)
        meta = {"status": "lobby", "game": game.id, "options": options, "creator": cmd.user,
                "players": fill([], play.pop("robots", 0), play.get("level")), "seed": seed, "play": play,
                "nonce": secrets.token_hex(8),   # its pages' links never open a later game of the same seed
                "server": cmd.server or channel}   # where its result counts (/stats)
        seats = f"{game.min_players}" if game.min_players == game.max_players else \
            f"{game.min_players}–{game.max_players}"
        lines = [plural(("New game of {title} for {seats} player. Type /join to sit, then /start.",
                         "New game of {title} for {seats} players. Type /join to sit, then /start."),
                         game.max_players, title=game.title, seats=seats)]
        if meta["players"]:
            names = join(", ", map(player_name, meta["players"]))
            lines.append(msg("Seated: {names}.", names=names))
        if seed is not None:
            lines.append(msg("The dice seed is {seed}: every die and hidden card of this game is "
                             "predictable (fine for a test, not for a real game).",
                             seed=Cmd(repr(seed))))
        # the log of a game over here makes way for the new one's
        old_log = self.store.log_length(cmd.platform, channel) if rec is not None and rec.meta is not None else 0
        return Write(lambda version: Reply(public=lines), meta=meta, pop=old_log)

    def join(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        game = get_game(meta["game"])
        if any(p["user"] == cmd.user for p in meta["players"]):
            return Reply.refuse(msg("You are already seated in this game."), "ALREADY_SEATED", channel)
        if meta["status"] == "playing" and meta.get("imported"):
            return self.service.transfer.rejoin(rest, cmd, channel, rec)   # /join CODE: the seat code of a moved game
        if rest:
            return Reply.refuse(msg("/{word} takes no argument (got {shown}). Usage: {usage}.", word=Cmd("join"),
                                    shown=Cmd(shown(rest)), usage=Cmd("/join")), "MALFORMED", channel)
        if meta["status"] != "lobby":
            return Reply.refuse(msg("This game has already started; you can watch, or wait for the "
                                    "next one."),
                                "STARTED", channel)
        if len(meta["players"]) >= game.max_players:
            return Reply.refuse(plural(("All {count} seat is taken.",
                                        "All {count} seats are taken."),
                                        game.max_players, count=game.max_players), "FULL", channel)
        name = display_name(cmd.name, cmd.user)   # one line, bounded (core/names.py), as every name kept
        meta["players"].append({"user": cmd.user, "name": name})

        def done(version: int) -> Reply:
            names = join(", ", map(player_name, meta["players"]))
            return Reply(public=[msg("{name} joins. Seated: {names}.", name=Cmd(name), names=names)])
        return Write(done, meta=meta, index={cmd.user: True})   # his private messages reach it, from this write on

    def leave(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        if meta["status"] != "lobby":
            return Reply.refuse(msg("The game has started: seats are fixed now. Ask its creator or an "
                                    "admin to /abort it."), "STARTED", channel)
        if not any(p["user"] == cmd.user for p in meta["players"]):
            return Reply.refuse(msg("You are not seated in this game."), "NOT_SEATED", channel)
        meta["players"] = [p for p in meta["players"] if p["user"] != cmd.user]

        def done(version: int) -> Reply:
            return Reply(public=[msg("{name} leaves the table.", name=cmd.name or cmd.user)])
        return Write(done, meta=meta, index={cmd.user: False})

    def start(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        game = get_game(meta["game"])
        if meta["status"] != "lobby":
            return Reply.refuse(msg("This game has already started."), "STARTED", channel)
        if cmd.user != meta["creator"] and not cmd.admin and \
                not any(p["user"] == cmd.user for p in meta["players"]):
            return Reply.refuse(msg("Only a seated player, the game's creator or an admin can /start."),
                                "NOT_SEATED", channel)
        names = [p["name"] for p in meta["players"]]
        if len(names) < game.min_players:
            return Reply.refuse(plural(("{title} needs at least {count} player; {seated} seated. "
                                        "Others can /join.",
                                        "{title} needs at least {count} players; {seated} seated. "
                                        "Others can /join."),
                                        game.min_players, title=game.title, count=game.min_players, seated=len(names)),
                                "PLAYERS", channel)
        seed = meta.pop("seed", None) or secrets.token_hex(32)   # 256 bits
        state, events = game.start(names, meta["options"], seed)
        setup = stamp(game, {"game": game.id, "players": names, "options": meta["options"], "seed": seed,
                             "setup_rolls": rolls_of(events)})
        meta.update(status="playing", seed_sha256=rng.commitment(seed))
        for player, seat in zip(meta["players"], state["seats"]):
            player["seat"] = seat
        self.service.timers.start_clock(meta, state["seats"])
        away = self.service.away.on_start(cmd.platform, meta)   # who typed /away before the game began

        def done(version: int) -> Reply:
            seating = join(", ", player_names(game, meta, state).values())
            reply = Reply(public=[msg("{title} begins. Players — {seating}.", title=game.title, seating=seating),
                                  msg("Dice seed SHA-256: {hash} (the seed is revealed at the end; "
                                      "/verify then checks every roll).",
                                      hash=Cmd(meta['seed_sha256']))])
            reply.public += away
            self.service.narration.narrate(reply, cmd.platform, channel, game, meta, state, version, events, cmd.user,
                                           picture=True)
            link = self.service.pages.link_line(cmd.platform, channel, meta)
            if link:
                reply.public.insert(2, link)
            return reply
        # its first reminder (or deadline) is scheduled by the same write: a game is never left unreminded
        return Write(done, meta=meta, setup=setup, state=state,
                     remind=self.service.timers.next_event(meta, game, state, self.clock()))

    def abort(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        if cmd.user != rec.meta["creator"] and not cmd.admin:
            return Reply.refuse(msg("Only the game's creator or a channel admin can /abort it."), "FORBIDDEN",
                                channel)

        def done(version: int) -> Reply:
            return Reply(public=[msg("The game of {title} is aborted. /new starts another.",
                                     title=get_game(rec.meta['game']).title)])
        seated = {p["user"]: False for p in rec.meta["players"] if p["user"]}
        return Write(done, delete=True, unremind=True, index=seated)   # its players' games and the schedule with it



