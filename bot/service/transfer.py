"""Moving a game in play between channels and platforms (/export privately → /import).

`/export` in the channel posts the public export (no seed, no private line). Sent privately by
a player, `/export` answers with a transfer file that names only a one-use token; the full game
(setup with the seed, the whole log) waits in Redis under `strategos:transfer:<token>` for 30
days, never in the file, since the file is posted where the game is imported. Every seated
player also gets, privately, his seat's code (HMAC of the secret seed and the seat: the same at
every export, so a player who could not be told asks with his own private `/export`). `/import`
of the file in a channel without a game, on any platform served by the same Redis, takes the
token: the game goes on there, each seat with an account there (the same platform, or linked
with `/link`) at once, every other seat only with `/join CODE`, so whoever saw the file takes
no seat and no secret; the old channel's game is closed as moved and says where it went. A file
made before the game went on (or moved) is refused: a game never forks. Transfer files of the
first kind (stored without seat codes) are refused with a sentence: export again.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets as _secrets

import orjson
import redis

from bot.service.common import Topic
from bot.service.history import public_entries
from bot.service.types import Command, Reply, Write
from bot.store import Closing, Record, StoreError
from core import rng
from core.message import Cmd, join, msg, plural
from core.registry import get_game
from core.replay import replay, upgrade

TRANSFER_TTL = 30 * 24 * 3600
MOVED_LOOKS = {"log", "replay", "export", "help"}   # what the old channel of a moved game still answers


class Transfer(Topic):
    """Moving a game in play between channels and platforms (/export privately → /import)."""

    def key(self, token: str) -> str:
        return f"{self.store.prefix}:transfer:{token}"

    def file_reply(self, cmd: Command, channel: str, rec: Record) -> Reply:
        """/export asked privately by a player of a game in play: the transfer file (a one-use
        token, nothing of the game) for him, and to every seated player, privately, the code of
        his own seat, without which nobody takes that seat in the channel the game moves to."""
        game = get_game(rec.meta["game"])
        seed = (rec.setup or self.store.setup(cmd.platform, channel))["seed"]
        codes = {p["seat"]: seat_code(seed, p["seat"]) for p in rec.meta["players"] if p["user"] and p.get("seat")}
        reply = Reply(public=[msg("This file moves the game: /import it in a channel without a game, "
                                  "here or on another platform, and the game continues there (once; "
                                  "keep it to yourself).")],
                      file=self.file_out(cmd, channel, rec, codes), version=rec.version)
        for p in rec.meta["players"]:
            if p.get("seat") in codes:
                reply.tell(p["user"], msg("When this game of {title} moves, your seat {seat} there is "
                                          "yours with /join {code} in its new channel. Keep this code "
                                          "to yourself.", title=game.title,
                                          seat=p['seat'], code=Cmd(codes[p['seat']])))
        return reply

    def file_out(self, cmd: Command, channel: str, rec: Record, codes: dict[str, str]) -> tuple[str, bytes]:
        """The transfer file of a game in play: a token naming the full game, which waits in
        Redis with the digests of the seat codes (never the codes themselves)."""
        setup = rec.setup or self.store.setup(cmd.platform, channel)
        full = {"setup": setup, "log": self.store.log(cmd.platform, channel),
                "from": [cmd.platform, channel], "version": rec.version,
                "codes": {seat: _digest(code) for seat, code in codes.items()}}
        token = _secrets.token_urlsafe(24)
        try:
            self.store.redis.set(self.key(token), orjson.dumps(full), ex=TRANSFER_TTL)
        except redis.RedisError as exc:
            raise StoreError("The game store (Redis) cannot be reached right now; nothing was changed.") from exc
        data = {"format": "strategos-transfer/1", "game": setup["game"], "transfer": token,
                "actions": len(full["log"]), "version": rec.version}
        return f"strategos-{setup['game']}-transfer.json", orjson.dumps(data)

    def take_in(self, data: dict, cmd: Command, channel: str):
        """The Write of an /import of a transfer file, or a refusal."""
        key = self.key(str(data.get("transfer")))
        try:
            raw = self.store.redis.get(key)
        except redis.RedisError as exc:
            raise StoreError("The game store (Redis) cannot be reached right now; nothing was changed.") from exc
        if raw is None:
            return Reply.refuse(msg("That transfer file was used already or has expired (30 days); "
                                    "export the game again."), "BAD_IMPORT", channel)
        full = orjson.loads(raw)
        if "codes" not in full:   # made before seats had codes: whoever joined first took a seat (and its secrets)
            return Reply.refuse(msg("That transfer file is of an older kind, whose seats anyone could "
                                    "take; the game has not moved. Send /export privately again for a "
                                    "new one."), "BAD_IMPORT", channel)
        old = self.store.load(*full["from"])
        if old is not None and old.version != full["version"]:   # played on, or moved already: never a fork
            return Reply.refuse(msg("The game went on after this transfer file was made (version "
                                    "{version}, now {current}); send /export privately again for a new "
                                    "one.", version=full['version'],
                                    current=old.version), "BAD_IMPORT",
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
                linked = self.service.accounts.linked(from_platform, was["user"])
                here = [u for plat, u in linked if plat == cmd.platform]
                player["user"] = here[0] if here else None
        codes = {seat: digest for seat, digest in full["codes"].items()
                 if any(p["seat"] == seat and p["user"] is None for p in players)}
        meta = {"status": "playing", "game": game.id, "options": setup["options"], "creator": cmd.user,
                "seed_sha256": old_meta.get("seed_sha256") or rng.commitment(setup["seed"]), "players": players,
                "play": old_meta.get("play", {}), "since": self.clock(), "imported": True, "seat_codes": codes}
        if "bank" in old_meta:
            meta["bank"] = old_meta["bank"]

        def done(version: int) -> Reply:
            seats = join(", ", (Cmd(f"{p['seat']} ({p['name']})") for p in players))
            count = len(public_entries(entries))
            lines = [plural(("{title} continues here after {count} action. Seats: {seats}.",
                             "{title} continues here after {count} actions. Seats: {seats}."),
                             count, title=game.title, count=count, seats=seats)]
            seated = [p["name"] for p in players if p["user"]]
            if seated:
                lines.append(msg("Seated already (the same account, or one linked with /link): {names}.",
                                 names=join(", ", seated)))
            if len(seated) < len(players):
                lines.append(msg("Each other player takes his seat with /join CODE (the code of his "
                                 "seat came to him privately with /export)."))
            return Reply(public=lines)

        def unmet(what: str) -> Reply:   # another /import used the file first, or the old game went on
            if what == "close":
                now = self.store.load(*full["from"])
                return Reply.refuse(msg("The game went on after this transfer file was made (version "
                                        "{version}, now {current}); send /export privately again for a "
                                        "new one.", version=full['version'],
                                        current=now.version if now else '?'),
                                    "BAD_IMPORT", channel)
            return Reply.refuse(msg("That transfer file was used already or has expired (30 days); "
                                    "export the game again."), "BAD_IMPORT", channel)
        # one atomic step: the token used up (two /imports of one file make one game), the old channel
        # closed if it is still where the file was made (never a fork), the players indexed here and
        # no more there, the first reminder scheduled
        closing = None
        if old and old.meta and old.meta["status"] == "playing":
            closing = Closing(*full["from"], expected=old.expected,
                              meta=dict(old.meta, status="moved", moved_to=[cmd.platform, channel]),
                              users=tuple(p["user"] for p in old.meta["players"] if p["user"]))
        return Write(done, meta=meta, setup=setup, state=state, append=entries, take=key, close=closing,
                     index={p["user"]: True for p in players if p["user"]},
                     remind=self.service.timers.next_event(meta, game, state, self.clock()), unmet=unmet)

    def moved_refusal(self, word: str, cmd: Command, channel: str, rec: Record) -> Reply | None:
        """In the old channel of a moved game: where it went, instead of any move or ping
        (/status says it as an answer; /log, /replay and /export still look at the history)."""
        if rec.meta.get("status") != "moved" or word in MOVED_LOOKS:
            return None
        sentence = moved_sentence(rec.meta, cmd.platform)
        if word == "status":
            return Reply(public=[sentence], version=rec.version, channel=channel)
        return Reply.refuse(sentence, "MOVED", channel)

    def rejoin(self, rest: str, cmd: Command, channel: str, rec: Record):
        """/join CODE in a game moved here: the seat whose code it is (sent privately to its player
        at /export). A seat that had no player when it moved is open: /join alone takes it."""
        meta = dict(rec.meta)
        players = [dict(p) for p in meta["players"]]
        codes = dict(meta.get("seat_codes") or {})
        code = rest.strip()
        if code:
            seat = next((s for s, digest in codes.items() if _secrets.compare_digest(digest, _digest(code))), None)
            free = next((p for p in players if p["seat"] == seat and p["user"] is None), None)
            if free is None:
                return Reply.refuse(msg("That seat code fits no free seat of this game."), "BAD_CODE", channel)
            codes.pop(seat)
        else:
            free = next((p for p in players if p["user"] is None and p["seat"] not in codes), None)
            if free is None and codes:
                return Reply.refuse(msg("Each free seat of this game waits for its player, who got its "
                                        "code privately with /export: /join CODE."), "NEEDS_CODE", channel)
            if free is None:
                return Reply.refuse(msg("Every seat of this game is taken."), "FULL", channel)
        free["user"] = cmd.user
        meta["players"], meta["seat_codes"] = players, codes

        def done(version: int) -> Reply:
            return Reply(public=[msg("{name} takes seat {seat} ({was}).", name=cmd.name or cmd.user,
                                     seat=free['seat'], was=free['name'])])
        return Write(done, meta=meta, index={cmd.user: True})


def moved_sentence(meta: dict, platform: str) -> str:
    """Where a moved game went: its platform and channel id (a Discord channel seen from Discord
    as a mention, which Discord shows by name only to those who may see that channel; a
    Telegram group by id, never its title, which may be private)."""
    to_platform, to_channel = (meta.get("moved_to") or [None, None])[:2]
    if to_platform == "discord":
        where = msg("the Discord channel {channel}",
                    channel=f'<#{to_channel}>' if platform == 'discord' else to_channel)
    elif to_platform == "telegram":
        where = msg("the Telegram group {group}", group=to_channel)
    else:
        where = msg("the channel {channel} on {platform}", channel=to_channel, platform=to_platform)
    return msg("This game moved to {where}: it goes on there, and nothing more is played here.", where=where)


def seat_code(seed: str, seat: str) -> str:
    """A seat's code: the same at every /export of the game (a player who could not be told it
    privately asks for it with his own private /export), known only to whoever knows the seed,
    which stays secret while the game is in play, the only time a game can move."""
    return hmac.new(seed.encode(), f"seat-code:{seat}".encode(), hashlib.sha256).hexdigest()[:10]


def _digest(code: str) -> str:
    return hashlib.sha256(code.strip().lower().encode()).hexdigest()
