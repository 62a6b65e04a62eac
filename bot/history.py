"""A game's history: /log in words, /replay N (the map after action N), and moving a game
in play between channels and platforms (/export → /import).

A mixin of `bot.service.Service`. Moving a game in play: `/export` of an unfinished game
posts the public export (no seed, no private line), and sends the exporting player, privately,
a transfer file naming a one-use token; the full game (setup with the seed, the whole log)
waits in Redis under `strategos:transfer:<token>` for 30 days. `/import` of that file in a
channel without a game — on any platform served by the same Redis — takes it: the game goes
on there, its seats open until each player `/join`s again (platform user ids differ), and the
old channel's game is closed as moved.
"""
from __future__ import annotations

import logging
import secrets as _secrets

import orjson
import redis

import render
from bot.i18n import LANGUAGES, language_of, localize
from bot.names import player_names
from bot.replies import Command, Picture, Reply
from bot.store import Record, StoreError
from core import rng
from core.errors import RulesError
from core.registry import get_game
from core.replay import replay, upgrade

log = logging.getLogger("strategos.history")

TRANSFER_TTL = 30 * 24 * 3600
LOG_MAX = 100


class History:
    """/log, /replay, and the transfer of a game in play."""

    # /log [n] in words -------------------------------------------------------------------------
    def _log(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        try:
            count = int(rest) if rest.strip() else 10
        except ValueError:
            return Reply.refuse(f"/log takes a number of actions, not `{rest[:40]}`.", "MALFORMED")
        if count < 1:
            return Reply.refuse(f"/log N shows the last N actions (1 to {LOG_MAX}); {_shown(rest, 40)} is not a count. "
                                "/log alone shows the last 10.", "MALFORMED")
        count = min(count, LOG_MAX)
        total = self.store.log_length(cmd.platform, channel)
        if not total:
            return Reply(public=["No action has been played yet."])
        game = get_game(rec.meta["game"])
        names = player_names(game, rec.meta, rec.state)
        describe = getattr(game, "describe_action", None)
        if describe is not None:   # a sentence needs the state before each action: replay the log
            setup = self.store.setup(cmd.platform, channel)
            entries = self.store.log(cmd.platform, channel)
            states = _states(game, setup, entries)
            first = max(0, total - count)
            items = list(zip(range(first + 1, total + 1), entries[first:], states[first:]))
        else:
            entries = self.store.log(cmd.platform, channel, -count, -1)
            items = [(total - len(entries) + i + 1, e, None) for i, e in enumerate(entries)]
        lines = []
        for number, entry, before in items:
            who = names.get(entry["seat"], entry["seat"])
            if entry["private"]:
                what = "made a private choice"
            elif describe is not None and before is not None:
                what = describe(before, entry["seat"], entry["line"])
            else:
                what = f"played {_shown(entry['line'], 300)}"
            by = " — by the deadline" if entry.get("by") == "deadline" else ""
            lines.append(f"{number}. {who} {what}{by}.".replace("..", "."))
        return Reply(public=lines, version=rec.version)

    # /replay N: the map after action N --------------------------------------------------------
    def _replay(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = self._playing(rec, channel)
        total = self.store.log_length(cmd.platform, channel)
        try:
            number = int(rest)
        except ValueError:
            return Reply.refuse(f"/replay takes an action number, 0 to {total} (see /log).", "MALFORMED")
        if not 0 <= number <= total:
            return Reply.refuse(f"There is no action {number}: this game has {total} (0 is the start).",
                                "NO_ACTION")
        if not render.has_picture(game.id):
            return Reply.refuse(f"{game.title} has no picture yet; /log tells the actions.", "NO_PICTURE")
        setup = self.store.setup(cmd.platform, channel)
        entries = self.store.log(cmd.platform, channel, 0, number - 1) if number else []
        state = replay(game, setup, entries)
        lang = render.language(self.store.languages(cmd.platform, channel, [])[0])
        key = f"img:replay:{number}:{self.image_format}:{lang}"

        def make() -> bytes:
            cached = self.store.cache_get(cmd.platform, channel, key)
            if cached is None:
                cached = render.encode(render.draw(game.id, game.view(state, None), None, lang=lang),
                                       self.image_format)
                self.store.cache_set(cmd.platform, channel, key, cached)
            return cached

        picture = Picture(key, f"{game.id}-after-{number}.{render.extension(self.image_format)}", make)
        return Reply(public=[f"The map after action {number} of {total}."], image=picture, version=rec.version)

    # moving a game in play -----------------------------------------------------------------------
    def _transfer_key(self, token: str) -> str:
        return f"{self.store.prefix}:transfer:{token}"

    def _transfer_out(self, cmd: Command, channel: str, rec: Record) -> tuple[str, bytes]:
        """The transfer file of a game in play (asked privately by one of its players)."""
        setup = rec.setup or self.store.setup(cmd.platform, channel)
        full = {"setup": setup, "log": self.store.log(cmd.platform, channel),
                "from": [cmd.platform, channel], "version": rec.version}
        token = _secrets.token_urlsafe(24)
        try:
            self.store.redis.set(self._transfer_key(token), orjson.dumps(full), ex=TRANSFER_TTL)
        except redis.RedisError as exc:
            raise StoreError("The game store (Redis) cannot be reached right now; nothing was changed.") from exc
        data = {"format": "strategos-transfer/1", "game": setup["game"], "transfer": token,
                "actions": len(full["log"]), "version": rec.version}
        return f"strategos-{setup['game']}-transfer.json", orjson.dumps(data)

    def _transfer_in(self, data: dict, cmd: Command, channel: str):
        """The Write of an /import of a transfer file, or a refusal."""
        from bot.service import Write

        key = self._transfer_key(str(data.get("transfer")))
        try:
            raw = self.store.redis.get(key)
        except redis.RedisError as exc:
            raise StoreError("The game store (Redis) cannot be reached right now; nothing was changed.") from exc
        if raw is None:
            return Reply.refuse("That transfer file was used already or has expired (30 days); export the game "
                                "again.", "BAD_IMPORT", channel)
        full = orjson.loads(raw)
        game = get_game(full["setup"]["game"])
        setup, entries = upgrade(game, full["setup"], full["log"])
        state = replay(game, setup, entries)
        old = self.store.load(*full["from"])
        old_meta = old.meta if old and old.meta else {}
        players = [{"user": None, "name": p["name"], "seat": p["seat"]} for p in old_meta.get("players", [])] or \
            [{"user": None, "name": n, "seat": s} for n, s in zip(setup["players"], state["seats"])]
        meta = {"status": "playing", "game": game.id, "options": setup["options"], "creator": cmd.user,
                "seed_sha256": old_meta.get("seed_sha256") or rng.commitment(setup["seed"]), "players": players,
                "play": old_meta.get("play", {}), "since": self.clock(), "imported": True}
        if "bank" in old_meta:
            meta["bank"] = old_meta["bank"]

        def done(version: int) -> Reply:
            self._quietly("use up the transfer file", lambda: self.store.redis.delete(key))
            if old and old.meta and old.meta["status"] == "playing":
                self._close_moved(full["from"], cmd.platform, channel)
            self._schedule(cmd.platform, channel, version, meta, state)
            seats = ", ".join(f"{p['seat']} ({p['name']})" for p in players)
            return Reply(public=[f"{game.title} continues here after {len(entries)} actions. Seats: {seats}. "
                                 "Each player types /join to take their seat again (in seat order)."])
        return Write(done, meta=meta, setup=setup, state=state, append=entries)

    def _close_moved(self, origin: list[str], platform: str, channel: str) -> None:
        plat, old_channel = origin
        rec = self.store.load(plat, old_channel)
        if rec is None or rec.meta is None:
            return
        meta = dict(rec.meta, status="moved", moved_to=[platform, channel])
        try:
            self.store.commit(plat, old_channel, rec.version, meta=meta)
        except Exception:   # noqa: BLE001 — the move stands; the old channel just still shows the game
            return
        self.store.cancel_reminder(plat, old_channel)
        for p in rec.meta["players"]:
            if p["user"]:
                self._quietly("unindex a moved game",
                              lambda u=p["user"]: self.store.link_user(plat, u, old_channel, on=False))

    def _rejoin(self, cmd: Command, channel: str, rec: Record):
        """/join in an imported game in play: the next seat nobody has taken yet."""
        from bot.service import Write

        meta = dict(rec.meta)
        players = [dict(p) for p in meta["players"]]
        free = next((p for p in players if p["user"] is None), None)
        if free is None:
            return Reply.refuse("Every seat of this game is taken.", "FULL", channel)
        free["user"] = cmd.user
        meta["players"] = players

        def done(version: int) -> Reply:
            self._quietly("index the player's game", lambda: self.store.link_user(cmd.platform, cmd.user, channel))
            return Reply(public=[f"{cmd.name or cmd.user} takes seat {free['seat']} ({free['name']})."])
        return Write(done, meta=meta)


def _shown(text: str, limit: int) -> str:
    from bot.service import _shown as shown  # one quoting rule: a backtick cannot close the span
    return shown(text, limit)


def _states(game, setup: dict, entries: list[dict]) -> list[dict]:
    """The state before each entry."""
    setup, entries = upgrade(game, setup, entries)
    state, _ = game.start(setup["players"], setup.get("options", {}), setup["seed"])
    out = []
    for entry in entries:
        out.append(state)
        try:
            state, _ = game.apply(state, entry["seat"], game.parse(entry["line"], entry.get("private", False)))
        except RulesError:
            break
    return out


class Languages:
    """/lang per channel and per user, and the translation of every reply at the service's edge."""

    def _localize(self, cmd: Command, reply: Reply) -> None:
        if reply.code in ("OUTCOME_UNKNOWN", "STORE_DOWN"):
            return   # Redis is in trouble: answer now, in English, without asking it for a language
        try:
            channel = reply.channel or cmd.channel
            users = set(reply.private) | ({cmd.user} if cmd.private or channel is None else set())
            # one round trip for every language this reply needs (the channel's, the users')
            channel_lang, user_langs = self.store.languages(cmd.platform, channel, sorted(users))
            lang = None
            if cmd.private or channel is None:
                lang = language_of(user_langs.get(cmd.user))
            if lang is None and channel is not None:
                lang = language_of(channel_lang)
            lang = lang or "en"
            if reply.private:
                own = {u: language_of(user_langs.get(u)) for u in reply.private}
                localize(reply, lang, own.get)
            else:
                localize(reply, lang)
        except Exception:   # noqa: BLE001 — a translation never costs a command its answer
            log.exception("could not translate a reply")

    def _lang_word(self, rest: str, cmd: Command) -> Reply:
        lang = language_of(rest)
        if lang is None or len(rest.strip()) != 2:
            return Reply.refuse("Languages: en (English), es (español), ru (русский). Usage: /lang es.", "MALFORMED")
        if cmd.channel is not None and not cmd.private:
            self.store.set_channel_lang(cmd.platform, cmd.channel, lang)
            return Reply(public=[f"This channel now speaks {LANGUAGES[lang]}."], channel=cmd.channel)
        self.store.set_user_pref(cmd.platform, cmd.user, "lang", lang)
        return Reply(private={cmd.user: [f"Your private messages now come in {LANGUAGES[lang]}."]})
