"""A game's history: /log in words, /replay N (the map after action N), and moving a game
in play between channels and platforms (/export → /import).

A mixin of `bot.service.Service`. Moving a game in play: `/export` in the channel posts the
public export (no seed, no private line). Sent privately by a player, `/export` answers with a
transfer file that names only a one-use token; the full game (setup with the seed, the whole
log) waits in Redis under `strategos:transfer:<token>` for 30 days, never in the file, since
the file is posted where the game is imported. Every seated player also gets, privately, his
seat's code (HMAC of the secret seed and the seat: the same at every export, so a player who
could not be told asks with his own private `/export`). `/import` of the file in a channel
without a game, on any platform served by the same Redis, takes the token: the game goes on
there, each seat with an account there (the same platform, or linked with `/link`) at once,
every other seat only with `/join CODE`, so whoever saw the file takes no seat and no secret;
the old channel's game is closed as moved and says where it went. A file made before the
game went on (or moved) is refused: a game never forks. Transfer files of the first kind
(stored without seat codes) are refused with a sentence: export again.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets as _secrets

import orjson
import redis

import render
from bot.i18n import LANGUAGES, language_of, localize
from bot.names import player_names, seat_names
from bot.replies import Command, Picture, Reply
from bot.store import Record, StoreError
from core import rng
from core.errors import RulesError
from core.registry import get_game
from core.replay import replay, upgrade

log = logging.getLogger("strategos.history")

TRANSFER_TTL = 30 * 24 * 3600
LOG_MAX = 100
MOVED_LOOKS = {"log", "replay", "export", "help"}   # what the old channel of a moved game still answers


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
        entries = self.store.log(cmd.platform, channel)
        shown = public_entries(entries)     # hidden actions (a quiet write) are not told, nor counted
        total = len(shown)
        if not total:
            return Reply(public=["No action has been played yet."])
        game = get_game(rec.meta["game"])
        names = player_names(game, rec.meta, rec.state)
        describe = getattr(game, "describe_action", None)
        first = max(0, total - count)
        if describe is not None:   # a sentence needs the state before each action: replay the log
            states = _states(game, self.store.setup(cmd.platform, channel), entries)
            items = [(number, entries[at], states[at] if at < len(states) else None)
                     for number, at in enumerate(shown[first:], first + 1)]
        else:
            items = [(number, entries[at], None) for number, at in enumerate(shown[first:], first + 1)]
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
        return Reply(public=lines, version=rec.version, namer=lambda: seat_names(game, rec.meta, rec.state))

    # /replay N: the map after action N --------------------------------------------------------
    def _replay(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = self._playing(rec, channel)
        log_entries = self.store.log(cmd.platform, channel)
        shown = public_entries(log_entries)
        total = len(shown)
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
        entries = log_entries[:shown[number - 1] + 1] if number else []   # hidden ones before it included
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

    def _transfer_reply(self, cmd: Command, channel: str, rec: Record) -> Reply:
        """/export asked privately by a player of a game in play: the transfer file (a one-use
        token, nothing of the game) for him, and to every seated player, privately, the code of
        his own seat, without which nobody takes that seat in the channel the game moves to."""
        game = get_game(rec.meta["game"])
        seed = (rec.setup or self.store.setup(cmd.platform, channel))["seed"]
        codes = {p["seat"]: seat_code(seed, p["seat"]) for p in rec.meta["players"] if p["user"] and p.get("seat")}
        reply = Reply(public=["This file moves the game: /import it in a channel without a game, here or on "
                              "another platform, and the game continues there (once; keep it to yourself)."],
                      file=self._transfer_out(cmd, channel, rec, codes), version=rec.version)
        for p in rec.meta["players"]:
            if p.get("seat") in codes:
                reply.tell(p["user"], f"When this game of {game.title} moves, your seat {p['seat']} there is yours "
                                      f"with /join {codes[p['seat']]} in its new channel. Keep this code to yourself.")
        return reply

    def _transfer_out(self, cmd: Command, channel: str, rec: Record, codes: dict[str, str]) -> tuple[str, bytes]:
        """The transfer file of a game in play: a token naming the full game, which waits in
        Redis with the digests of the seat codes (never the codes themselves)."""
        setup = rec.setup or self.store.setup(cmd.platform, channel)
        full = {"setup": setup, "log": self.store.log(cmd.platform, channel),
                "from": [cmd.platform, channel], "version": rec.version,
                "codes": {seat: _digest(code) for seat, code in codes.items()}}
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
        if "codes" not in full:   # made before seats had codes: whoever joined first took a seat (and its secrets)
            return Reply.refuse("That transfer file is of an older kind, whose seats anyone could take; the game "
                                "has not moved. Send /export privately again for a new one.", "BAD_IMPORT", channel)
        old = self.store.load(*full["from"])
        if old is not None and old.version != full["version"]:   # played on, or moved already: never a fork
            return Reply.refuse(f"The game went on after this transfer file was made (version {full['version']}, "
                                f"now {old.version}); send /export privately again for a new one.", "BAD_IMPORT",
                                channel)
        game = get_game(full["setup"]["game"])
        setup, entries = upgrade(game, full["setup"], full["log"])
        state = replay(game, setup, entries)
        old_meta = old.meta if old and old.meta else {}
        players = [{"user": None, "name": p["name"], "seat": p["seat"]} for p in old_meta.get("players", [])] or \
            [{"user": None, "name": n, "seat": s} for n, s in zip(setup["players"], state["seats"])]
        from_platform = full["from"][0]
        for player, was in zip(players, old_meta.get("players", [])):   # the same person here: seated at once
            if was["user"]:
                here = [u for plat, u in self.accounts(from_platform, was["user"]) if plat == cmd.platform]
                player["user"] = here[0] if here else None
        codes = {seat: digest for seat, digest in full["codes"].items()
                 if any(p["seat"] == seat and p["user"] is None for p in players)}
        meta = {"status": "playing", "game": game.id, "options": setup["options"], "creator": cmd.user,
                "seed_sha256": old_meta.get("seed_sha256") or rng.commitment(setup["seed"]), "players": players,
                "play": old_meta.get("play", {}), "since": self.clock(), "imported": True, "seat_codes": codes}
        if "bank" in old_meta:
            meta["bank"] = old_meta["bank"]

        def done(version: int) -> Reply:
            self._quietly("use up the transfer file", lambda: self.store.redis.delete(key))
            if old and old.meta and old.meta["status"] == "playing":
                self._close_moved(full["from"], cmd.platform, channel)
            for p in players:
                if p["user"]:
                    self._quietly("index the player's game",
                                  lambda u=p["user"]: self.store.link_user(cmd.platform, u, channel))
            self._schedule(cmd.platform, channel, version, meta, state)
            seats = ", ".join(f"{p['seat']} ({p['name']})" for p in players)
            lines = [f"{game.title} continues here after {len(public_entries(entries))} actions. Seats: {seats}."]
            seated = [p["name"] for p in players if p["user"]]
            if seated:
                lines.append(f"Seated already (the same account, or one linked with /link): {', '.join(seated)}.")
            if len(seated) < len(players):
                lines.append("Each other player takes his seat with /join CODE (the code of his seat came to him "
                             "privately with /export).")
            return Reply(public=lines)
        return Write(done, meta=meta, setup=setup, state=state, append=entries)

    def _close_moved(self, origin: list[str], platform: str, channel: str) -> None:
        plat, old_channel = origin
        rec = self.store.load(plat, old_channel)
        if rec is None or rec.meta is None:
            return
        meta = dict(rec.meta, status="moved", moved_to=[platform, channel])
        try:
            self.store.commit(plat, old_channel, rec.expected, meta=meta)
        except Exception:   # noqa: BLE001 — the move stands; the old channel just still shows the game
            return
        self.store.cancel_reminder(plat, old_channel)
        for p in rec.meta["players"]:
            if p["user"]:
                self._quietly("unindex a moved game",
                              lambda u=p["user"]: self.store.link_user(plat, u, old_channel, on=False))

    def _moved_refusal(self, word: str, cmd: Command, channel: str, rec: Record) -> Reply | None:
        """In the old channel of a moved game: where it went, instead of any move or ping
        (/status says it as an answer; /log, /replay and /export still look at the history)."""
        if rec.meta.get("status") != "moved" or word in MOVED_LOOKS:
            return None
        sentence = moved_sentence(rec.meta, cmd.platform)
        if word == "status":
            return Reply(public=[sentence], version=rec.version, channel=channel)
        return Reply.refuse(sentence, "MOVED", channel)

    def _rejoin(self, rest: str, cmd: Command, channel: str, rec: Record):
        """/join CODE in a game moved here: the seat whose code it is (sent privately to its player
        at /export). A seat that had no player when it moved is open: /join alone takes it."""
        from bot.service import Write

        meta = dict(rec.meta)
        players = [dict(p) for p in meta["players"]]
        codes = dict(meta.get("seat_codes") or {})
        code = rest.strip()
        if code:
            seat = next((s for s, digest in codes.items() if _secrets.compare_digest(digest, _digest(code))), None)
            free = next((p for p in players if p["seat"] == seat and p["user"] is None), None)
            if free is None:
                return Reply.refuse("That seat code fits no free seat of this game.", "BAD_CODE", channel)
            codes.pop(seat)
        else:
            free = next((p for p in players if p["user"] is None and p["seat"] not in codes), None)
            if free is None and codes:
                return Reply.refuse("Each free seat of this game waits for its player, who got its code privately "
                                    "with /export: /join CODE.", "NEEDS_CODE", channel)
            if free is None:
                return Reply.refuse("Every seat of this game is taken.", "FULL", channel)
        free["user"] = cmd.user
        meta["players"], meta["seat_codes"] = players, codes

        def done(version: int) -> Reply:
            self._quietly("index the player's game", lambda: self.store.link_user(cmd.platform, cmd.user, channel))
            return Reply(public=[f"{cmd.name or cmd.user} takes seat {free['seat']} ({free['name']})."])
        return Write(done, meta=meta)


def moved_sentence(meta: dict, platform: str) -> str:
    """Where a moved game went: its platform and channel id (a Discord channel seen from Discord
    as a mention, which Discord shows by name only to those who may see that channel; a
    Telegram group by id, never its title, which may be private)."""
    to_platform, to_channel = (meta.get("moved_to") or [None, None])[:2]
    if to_platform == "discord":
        where = f"the Discord channel {f'<#{to_channel}>' if platform == 'discord' else to_channel}"
    elif to_platform == "telegram":
        where = f"the Telegram group {to_channel}"
    else:
        where = f"the channel {to_channel} on {to_platform}"
    return f"This game moved to {where}: it goes on there, and nothing more is played here."


def seat_code(seed: str, seat: str) -> str:
    """A seat's code: the same at every /export of the game (a player who could not be told it
    privately asks for it with his own private /export), known only to whoever knows the seed,
    which stays secret while the game is in play, the only time a game can move."""
    return hmac.new(seed.encode(), f"seat-code:{seat}".encode(), hashlib.sha256).hexdigest()[:10]


def _digest(code: str) -> str:
    return hashlib.sha256(code.strip().lower().encode()).hexdigest()


def _shown(text: str, limit: int) -> str:
    from bot.service import _shown as shown  # one quoting rule: a backtick cannot close the span
    return shown(text, limit)


def public_entries(entries: list[dict]) -> list[int]:
    """Indexes of the log entries the channel may know of: all but hidden actions (quiet writes,
    bot/store._COMMIT), so that /log and /replay count the same actions everyone saw."""
    return [i for i, e in enumerate(entries) if not e.get("hidden")]


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
            known = reply.known_langs
            if known is not None and users <= set(known[1]):
                channel_lang, user_langs = known   # read with the game
            else:   # one round trip for every language this reply needs (the channel's, the users')
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
