"""A game as its record: /export, /import of an export, /verify."""
from __future__ import annotations

import logging

import orjson

from bot.service.common import Topic, seat_of
from bot.service.imports import parse_export
from bot.service.types import Command, Reply, Write
from bot.store import Record
from bot.words.names import name_seats, seat_names
from core import rng
from core.errors import RulesError
from core.game import Game
from core.message import Cmd, Msg, msg, plural
from core.registry import get_game
from core.replay import FORMAT, replay, upgrade, verify

log = logging.getLogger("strategos.command")


class Records(Topic):
    """/export, /import and /verify."""

    def export_command(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        if rec.meta["status"] == "lobby":
            return Reply.refuse(msg("The game has not started; there is nothing to export yet."), "NOT_STARTED")
        if cmd.private and rec.meta["status"] == "playing" and seat_of(rec.meta, cmd.user) is not None:
            return self.service.transfer.file_reply(cmd, channel, rec)
        data = self.export(cmd.platform, channel, rec)
        note = "" if data["seed"] else (msg(" The game is not over: private actions and the seed are "
                                            "left out; to move the game elsewhere, send /export to me "
                                            "in a private message."))
        name = f"strategos-{rec.meta['game']}-{channel}-v{rec.version}.json"
        return Reply(public=[msg("Export of this game (version {version}).{note}", version=rec.version, note=note)],
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

    def import_game(self, rest: str, cmd: Command, channel: str, rec: Record | None) -> Reply | Write:
        if rec and rec.meta and rec.meta["status"] in ("lobby", "playing"):
            return Reply.refuse(msg("/import needs a channel without an open game."), "GAME_EXISTS", channel)
        try:
            data = orjson.loads(rest)
            if isinstance(data, dict) and data.get("format") == "strategos-transfer/1":
                return self.service.transfer.take_in(data, cmd, channel)
            export = parse_export(data)          # the whole shape, before anything reads a field
            game = get_game(export.game)
            problems = verify(data)
            if problems:
                raise ValueError(problems[0])
            setup = {"game": game.id, "players": export.players, "options": export.options,
                     "seed": export.seed, "setup_rolls": export.setup_rolls,
                     **{k: data[k] for k in ("format", "rules_version") if data.get(k) is not None}}
            setup, log_in = upgrade(game, setup, [e.model_dump() for e in export.log])   # to this bot's rules
            state = replay(game, setup, log_in)
            problem = self._not_its_end(game, state, export.summary, len(log_in))
            if problem:
                raise ValueError(problem)
        except orjson.JSONDecodeError as exc:
            return Reply.refuse(msg("That export cannot be imported: it is not JSON ({error} at line {line}, column "
                                    "{column}).", error=Cmd(exc.msg), line=exc.lineno, column=exc.colno),
                                "BAD_IMPORT", channel)
        except RulesError as exc:
            return Reply.refuse(msg("That export cannot be imported: {reason}.", reason=exc.message.rstrip('.')),
                                "BAD_IMPORT", channel)
        except ValueError as exc:
            reason = exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else str(exc).rstrip('.')
            return Reply.refuse(msg("That export cannot be imported: {reason}.", reason=reason),
                                "BAD_IMPORT", channel)
        except (KeyError, TypeError, AttributeError, IndexError, ZeroDivisionError):   # an action the rules choke on
            log.warning("an /import failed on its content", exc_info=True)
            return Reply.refuse(msg("That export cannot be imported: an action of its log cannot be "
                                    "replayed (was the file edited?)."), "BAD_IMPORT", channel)
        meta = {"status": "finished", "game": game.id, "options": setup["options"],
                "creator": cmd.user, "seed_sha256": rng.commitment(setup["seed"]),
                "players": [{"user": None, "name": n, "seat": s} for n, s in zip(setup["players"], state["seats"])]}
        entries = [{"seat": e["seat"], "user": None, "line": e["line"], "private": e["private"],
                    "rolls": e["rolls"], "reveal": False} for e in log_in]
        said = plural(("Imported a game of {title} with {count} action; every roll checks against its "
                       "seed.",
                       "Imported a game of {title} with {count} actions; every roll checks against its "
                       "seed."), len(entries), title=game.title, count=len(entries))
        return Write(lambda version: Reply(public=[said]),
                     meta=meta, setup=setup, state=state, append=entries)

    @staticmethod
    def _not_its_end(game: Game, state: dict, claimed: dict, actions: int) -> str | None:
        """Why the replayed log is not the finished game the export claims, or None. Only a finished
        game's export carries the seed: a log cut short would be stored as a game still playing
        whose every die and card anyone can work out ahead."""
        replayed = game.summary(state)
        if not replayed["finished"]:
            return plural(("its log does not end the game (the game is not over after its {count} action), so it "
                           "was cut short or edited",
                           "its log does not end the game (the game is not over after its {count} actions), so it "
                           "was cut short or edited"), actions, count=actions)
        for key in ("finished", "winner"):
            if key in claimed and claimed[key] != replayed[key]:
                return msg("its summary says {key} {claimed}, but its log gives {replayed}, so it was edited",
                           key=Cmd(key), claimed=Cmd(repr(claimed[key])), replayed=Cmd(repr(replayed[key])))
        return None

    def verify(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        if rec.meta["status"] != "finished":
            return Reply.refuse(msg("The seed stays secret until the game ends; its SHA-256 is {hash}. "
                                    "/verify works once the game is over.",
                                    hash=Cmd(rec.meta.get('seed_sha256', '?'))),
                                "NOT_FINISHED")
        export = self.export(cmd.platform, channel, rec)
        problems = verify(export)
        if problems:
            return Reply(ok=False, error="Verification failed: " + " ".join(problems[:3]), code="VERIFY_FAILED")
        count = self.store.log_length(cmd.platform, channel)
        lines = [plural(("Verified: the seed matches its SHA-256 and every roll of the {count} action "
                         "is the seed's own draw.",
                         "Verified: the seed matches its SHA-256 and every roll of the {count} actions "
                         "is the seed's own draw."), count, count=count)]
        try:
            upgrade(get_game(export["game"]), export, export["log"])
        except RulesError as exc:   # played under other rules: dice checked, the log not replayed
            lines.append(exc.message)
        return Reply(public=lines, version=rec.version)



