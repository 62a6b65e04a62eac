"""The game's own page, as the service sees it: `/web` (the links), the signed tokens those
links carry, what a page shows (the view data: players, whose turn, the deadline, the log in
words in the channel's language, a seat's private view) and its pictures, drawn once per
position and kept.

A link is `/g/<token>`; the token is the channel and seat it opens, signed with
HMAC-SHA256(WEB_SECRET, platform, channel, the game's identity[, seat, the seat's user]). The
game's identity is the seed's commitment (`meta["seed_sha256"]`) and its nonce (`identity`), drawn
anew for every game, so a link is refused once its game is aborted, replaced or moved (the moved game's old channel is
closed; its new channel has its own links), and a private link once its seat changes hands.

The web adapter (bot/web/) reads only through this topic; nothing here knows HTTP.
"""
from __future__ import annotations

import base64
import copy
import dataclasses
import hashlib
import hmac
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import orjson
import redis

import render
from bot.service.common import Topic, playing, seat_of
from bot.service.history import LOG_MAX, public_entries
from bot.service.looks import describe_view
from bot.service.menus import NAMED, choices, digest, label_of, seat_players, tree
from bot.service.types import Button, Command, Menu, MenuOption, Picture, Reply
from bot.store import Record, StoreError
from bot.words.i18n import gettext_, language_of, translate
from bot.words.names import seat_labels
from core.errors import RulesError
from core.message import Cmd, msg
from core.registry import MODULES, get_game
from core.replay import replay
from render.regions import regions

PAGE_USER = "web:page"          # who "asks" for a public page: nobody seated
PICTURE_TTL = 24 * 3600         # a drawn picture is kept a day in Redis,
PICTURES_KEPT = 48              # and at most this many per game (the oldest go first)
DRAWING_AT_ONCE = 2             # pictures drawn at once by one process (the others wait): a scrubbed
                                # replay slider never takes every core
LOCAL_PICTURES = 64 * 2**20     # bytes of pictures this process keeps in memory as well
DRAW_LOCK = 60                  # seconds another process waits for the one drawing a picture
FRESH = 1.0                     # seconds a checked token is trusted without asking Redis again
RELAYS_KEPT = 1000              # moves played on pages waiting for their chat's adapter, at most
MAC_BYTES = 16                  # 128 bits of HMAC: not guessable, and a short link


class Memo:
    """A bounded LRU whose missing entries are made by exactly one caller at a time: the others
    asking for the same key wait for its result (many viewers, one drawing)."""

    def __init__(self, limit: int, size=lambda value: 1):
        self.limit, self.size = limit, size
        self.entries: OrderedDict = OrderedDict()
        self.used = 0
        self.lock = threading.Lock()
        self.making: dict = {}

    def peek(self, key):
        with self.lock:
            if key in self.entries:
                self.entries.move_to_end(key)
                return self.entries[key]
        return None

    def get(self, key, make):
        found = self.peek(key)
        if found is not None:
            return found
        with self.lock:
            making = self.making.setdefault(key, threading.Lock())
        with making:
            found = self.peek(key)
            if found is None:
                found = make()
                self.put(key, found)
            with self.lock:
                self.making.pop(key, None)
        return found

    def put(self, key, value) -> None:
        with self.lock:
            if key in self.entries:
                self.used -= self.size(self.entries.pop(key))
            self.entries[key] = value
            self.used += self.size(value)
            while self.used > self.limit and len(self.entries) > 1:
                _, dropped = self.entries.popitem(last=False)
                self.used -= self.size(dropped)


@dataclass(frozen=True)
class PageKey:
    """What a valid token opens: a channel's game, and a seat for a private page."""

    platform: str
    channel: str
    seat: str | None = None


class Pages(Topic):
    """/web, the tokens of its links, and the pages' data and pictures."""

    def __init__(self, service):
        super().__init__(service)
        self._pictures = Memo(LOCAL_PICTURES, len)    # in front of Redis: bytes of this process's memory
        self._picture_keys = Memo(4096)               # (game, version, action, viewer) → the picture's key
        self._opened = Memo(4096)                     # token → (version, page, record) it was checked at
        self._views = Memo(512)                       # (game, version, seat) → the page's data as JSON
        self._heard: dict[tuple[str, str], int] = {}
        self._drawing = threading.BoundedSemaphore(DRAWING_AT_ONCE)  # game → the last version announced to this process

    @property
    def configured(self) -> bool:
        return bool(self.service.web_secret and self.service.web_url)

    # /web ---------------------------------------------------------------------------------
    def web(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        playing(rec)
        if not self.configured:
            return Reply.refuse(msg("Game pages are not set up on this bot (its keepers set WEB_SECRET "
                                    "and WEB_URL)."),
                                "NO_PAGES", channel)
        word = rest.strip().lower()
        if word == "me":
            seat = seat_of(rec.meta, cmd.user)
            if seat is None:
                return Reply.refuse(msg("You are not seated in this game, so there is no private page."),
                                    "NOT_SEATED", channel)
            reply = Reply(version=rec.version)
            link = self.link(cmd.platform, channel, rec.meta, seat)
            reply.tell(cmd.user, msg("Your private page of this game (keep it to yourself): {link}", link=Cmd(link)))
            return reply
        if word:
            return Reply.refuse(msg("Usage: /web, or /web me for your private page."), "MALFORMED", channel)
        return Reply(public=[msg("The game's page: {link}", link=Cmd(self.link(cmd.platform, channel, rec.meta)))],
                     version=rec.version)

    def link(self, platform: str, channel: str, meta: dict, seat: str | None = None) -> str:
        return f"{self.service.web_url.rstrip('/')}/g/{self.token(platform, channel, meta, seat)}"

    def seat_link(self, lines: list[str]) -> str | None:
        """The link to a seat's private page in these lines (a /web me answer), for an adapter to
        give it as a button: Telegram's Mini App, Discord's link button. None when there is none."""
        if not self.configured:
            return None
        pattern = re.compile(re.escape(self.service.web_url.rstrip("/")) + r"/g/([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+")
        for line in lines:
            for found in pattern.finditer(line):
                try:
                    fields = orjson.loads(_unb64(found.group(1)))
                except (ValueError, orjson.JSONDecodeError):
                    continue
                if isinstance(fields, list) and len(fields) == 3:
                    return found.group(0)
        return None

    def link_line(self, platform: str, channel: str, meta: dict) -> str | None:
        """The public page's line for /status and the game's first message (None: no pages here)."""
        if not self.configured or not meta.get("seed_sha256"):
            return None
        return msg("The game's page: {link}", link=Cmd(self.link(platform, channel, meta)))

    # tokens ---------------------------------------------------------------------------------
    def token(self, platform: str, channel: str, meta: dict, seat: str | None = None) -> str:
        user = next((p["user"] for p in meta["players"] if p.get("seat") == seat), "") if seat else ""
        where = _b64(orjson.dumps([platform, channel] + ([seat] if seat else [])))
        return f"{where}.{_b64(self._mac(platform, channel, identity(meta), seat, user))}"

    def _mac(self, platform: str, channel: str, identity: str, seat: str | None, user: str | None) -> bytes:
        message = "\n".join([platform, channel, identity, seat or "", user or ""]).encode()
        return hmac.new(self.service.web_secret.encode(), message, hashlib.sha256).digest()[:MAC_BYTES]

    def open(self, token: str) -> tuple[PageKey, Record] | None:
        """The page a token opens, with its game as stored now; None for a token that is wrong,
        or stale: its game aborted, replaced or moved, or its seat held by someone else now.
        Every change of a game (a move, an abort, a seat handed over) is announced (`heard`);
        a token checked since the last announcement of its game, less than a second ago, is
        taken from memory; otherwise it is checked again, by one caller at a time per token."""
        if not self.configured:
            return None
        found = self.known(token)
        if found is not None:
            return found
        with self._opened.lock:
            making = self._opened.making.setdefault(token, threading.Lock())
        with making:
            found = self.known(token)
            if found is None:
                found = self._check(token)
                if found is not None:
                    self._opened.put(token, (found[1].version, time.monotonic(), *found))
            with self._opened.lock:
                self._opened.making.pop(token, None)
        return found

    def known(self, token: str) -> tuple[PageKey, Record] | None:
        """`open` from this process's memory alone (None: ask `open`)."""
        entry = self._opened.peek(token)
        if entry is None:
            return None
        version, checked, key, rec = entry
        if version < self._heard.get((key.platform, key.channel), 0) or time.monotonic() - checked > FRESH:
            return None
        return key, rec

    def heard(self, platform: str, channel: str, version: int) -> None:
        """An announcement (`published`) reached this process: its game's pages are checked anew."""
        game = (platform, channel)
        self._heard[game] = max(version, self._heard.get(game, 0))
        self.forget_views(platform, channel)

    def forget_views(self, platform: str, channel: str) -> None:
        """The game's pages are made anew: an announcement may come at the same version (a /lang)."""
        with self._views.lock:
            for made in [k for k in self._views.entries if k[0].platform == platform and k[0].channel == channel]:
                self._views.used -= 1
                del self._views.entries[made]

    def _check(self, token: str) -> tuple[PageKey, Record] | None:
        try:
            where, mac = token.split(".", 1)
            fields = orjson.loads(_unb64(where))
            platform, channel, *seat = fields
            given = _unb64(mac)
            if not all(isinstance(f, str) for f in fields) or len(seat) > 1:
                return None
        except (ValueError, TypeError, orjson.JSONDecodeError):
            return None
        rec = self.store.load(platform, channel)
        if rec is None or rec.meta is None or rec.meta.get("status") not in ("playing", "finished") \
                or rec.state is None:
            return None
        seat_id = seat[0] if seat else None
        user = next((p["user"] for p in rec.meta["players"] if p.get("seat") == seat_id), None) if seat_id else ""
        if user is None:
            return None
        expected = self._mac(platform, channel, identity(rec.meta), seat_id, user)
        if not hmac.compare_digest(expected, given):
            return None
        return PageKey(platform, channel, seat_id), rec

    # the page's data ------------------------------------------------------------------------
    def view_json(self, key: PageKey, rec: Record) -> bytes:
        """`page` as JSON, made once per game version and seat in this process."""
        return self._views.get((key, rec.version), lambda: orjson.dumps(self.page(key, rec)))

    def view_known(self, key: PageKey, rec: Record) -> bytes | None:
        """`view_json` from memory alone (None: ask `view_json`)."""
        return self._views.peek((key, rec.version))

    def page(self, key: PageKey, rec: Record) -> dict:
        """What a page shows, in the channel's language; with a seat, that seat's private view too.
        The public part holds only what the channel is told (its /status, /log and public picture)."""
        game = get_game(rec.meta["game"])
        user = next((p["user"] for p in rec.meta["players"] if p.get("seat") == key.seat), None) \
            if key.seat else None
        asker = Command(key.platform, key.channel, user or PAGE_USER, "/status")
        status = self.service.looks.position(asker, rec)
        private = status.private.get(user, []) if user else []
        status.private = {}
        self.service.finish(asker, status)
        # what the channel was told, read from the log once: its last lines and its count
        history = self.service.history
        told_all = history.told(game, key.platform, key.channel, rec.setup)
        told = history.lines(told_all, LOG_MAX, game, rec)
        self.service.finish(asker, told)
        lang = status.lang
        labels = seat_labels(game, rec.state)
        pending = sorted(game.prompts(rec.state)) if rec.meta["status"] == "playing" else []
        expiry, _ = self.service.timers.expiry(rec.meta, game, rec.state)
        data = {
            "title": gettext_(lang, game.title), "game": game.id, "version": rec.version, "lang": lang,
            "status": status.public, "log": told.public, "actions": len(told_all),
            "players": [{"name": p["name"], "seat": p["seat"], "label": _label(labels.get(p["seat"], Cmd(p["seat"])),
                                                                                   lang),
                         "pending": p["seat"] in pending} for p in rec.meta["players"] if p.get("seat")],
            "deadline": expiry, "picture": render.has_picture(game.id), "words": words(lang),
        }
        if key.seat:
            me = Reply(private={user: private})
            view = game.view(rec.state, key.seat)
            me.tell(user, describe_view(game, view, rec.state))
            self.service.finish(Command(key.platform, key.channel, user, "/me", private=True), me)
            data["seat"] = key.seat
            data["private"] = me.private.get(user, [])
            data["choices"] = self.choices(game, rec, key.seat, me.private_langs.get(user, lang))
            # the advisor's key is offered when /hint would answer: a choice is the seat's and the
            # table was not opened with hints=off
            data["hints"] = bool(data["choices"]) and (rec.meta.get("play") or {}).get("hints") != "off"
            if data["choices"] and render.has_picture(game.id):
                data["regions"] = regions(game.id, view, key.seat, render.language(lang))
        return data

    # playing on the page ----------------------------------------------------------------------
    def choices(self, game, rec: Record, seat: str, lang: str) -> dict | None:
        """A seat's pending choices as the chat's menu tree (bot/service/menus.py: the same lines,
        the same levels and labels), for the page to draw as buttons; None when it has none.
        Each node: its label, its words as the lines write them (`words`, what a tap on the map
        matches), and a leaf's line."""
        if rec.meta["status"] != "playing":
            return None
        lines = choices(game, rec.state, seat, True)
        if not lines:
            return None
        names = seat_players(rec.meta)

        def nodes(node) -> list[dict]:
            return [{"label": _localized(label_of(child, names), lang), "words": child.parts,
                     **({"line": child.line} if child.line is not None else {}),
                     **({"more": True} if child.more else {}),
                     **({"children": nodes(child)} if child.children else {})} for child in node.children]

        return {"lines": lines, "tree": nodes(tree(game, lines)), "digest": digest(lines),
                "prefix": f"/{game.aliases[0] if game.aliases else game.id}"}

    def view_lang(self, key: PageKey) -> str:
        """The language a page's own answers (a "slow down") are in: its channel's."""
        return self.store.languages(key.platform, key.channel, [])[0] or "en"

    def press(self, key: PageKey, rec: Record, line: str, version: int, press_key: str) -> dict:
        """A "play" press on a seat's page: the line sent through the one command path
        (`Service.handle`) as its player, privately, at the version the page was drawn at, under
        the page's idempotency key for this press (a retry counts once). The answer is the
        chat's own: the lines it would have read, a refusal's sentence, "Already done", "outcome
        unknown"; `stale` when the position moved on (the page then shows the fresh menu).
        A move's reply is left for the chat's adapter to post (`relay`), as if typed."""
        game = get_game(rec.meta["game"])
        user = next(p for p in rec.meta["players"] if p.get("seat") == key.seat)
        prefix = f"/{game.aliases[0] if game.aliases else game.id}"
        cmd = Command(key.platform, key.channel, user["user"], f"{prefix} {line}", name=user.get("name", ""),
                      private=True, version=version, key=f"page:{key.platform}:{press_key}")
        reply = self.service.handle(cmd)
        if reply.changed:
            self.heard(key.platform, key.channel, reply.version)   # this process's pages are made anew
        return {"ok": reply.ok, "code": reply.code, "stale": reply.code == "STALE",
                "error": reply.error, "lines": reply.public + reply.private.get(user["user"], []),
                "version": reply.version, "changed": reply.changed, "reply": reply}

    def hint(self, key: PageKey, rec: Record) -> dict:
        """The page's "hint" key: `/hint` sent through `Service.handle` as the seat's player,
        privately, as if typed in the chat (robots/hint.py thinks from the seat's view alone; a
        hints=off table refuses it). The answer is the chat's own: the advisor's three lines with
        their reasons, or the refusal's sentence. Asking again asks again: the only write a hint
        makes (the table marked as hinted, for /stats) is the same each time, so no key is needed."""
        user = next(p for p in rec.meta["players"] if p.get("seat") == key.seat)
        reply = self.service.handle(Command(key.platform, key.channel, user["user"], "/hint",
                                            name=user.get("name", ""), private=True))
        return {"ok": reply.ok, "code": reply.code, "error": reply.error,
                "lines": reply.private.get(user["user"], [])}

    def preview(self, key: PageKey, rec: Record, line: str) -> dict:
        """What the rules say of `line` before it is sent (Infinity's template and zone checks for
        a tapped `place`): applied to a copy of the position, never stored; only whether it
        would be taken, or the rules' refusal in the reader's language (the sentence typing it
        gets), never what it would bring about (a die it would roll). The page decides nothing."""
        game = get_game(rec.meta["game"])
        user = next(p["user"] for p in rec.meta["players"] if p.get("seat") == key.seat)
        try:
            game.apply(copy.deepcopy(rec.state), key.seat, game.parse(line, True))
            reply = Reply()
        except RulesError as exc:
            reply = Reply.refuse(exc.message, exc.code, key.channel)
        self.service.finish(Command(key.platform, key.channel, user, "/check", private=True), reply)
        return {"ok": reply.ok, "error": reply.error, "lines": reply.public}

    def games_of(self, platform: str, user: str) -> list[dict]:
        """The games a user sits in on a platform, each with its private page's path (the Mini
        App's menu button opens this list): title, whether he is to decide, the path."""
        out = []
        for channel in self.store.user_channels(platform, user):
            rec = self.store.load(platform, channel)
            if rec is None or rec.meta is None or rec.meta["status"] != "playing" or rec.state is None:
                continue
            seat = seat_of(rec.meta, user)
            if seat is None:
                continue
            game = get_game(rec.meta["game"])
            lang = self.store.languages(platform, channel, [])[0] or "en"
            out.append({"title": gettext_(lang, game.title), "turn": seat in game.prompts(rec.state),
                        "path": f"/g/{self.token(platform, channel, rec.meta, seat)}"})
        return out

    def relay(self, platform: str, reply: Reply) -> None:
        """A move played on the page, for the chat: its reply (narration, buttons, menus, the
        picture drawn here and kept in the channel's cache) queued for the platform's adapter,
        which posts it as it posts a robot's move (`relayed`, through `Service.due_reminders`)."""
        record = {"public": reply.public, "private": reply.private, "mentions": reply.mentions,
                  "names": reply.names, "channel": reply.channel, "version": reply.version, "lang": reply.lang,
                  "private_langs": reply.private_langs,
                  "buttons": [dataclasses.asdict(b) for b in reply.buttons],
                  "menus": {u: _menu_record(m) for u, m in reply.menus.items()},
                  "menu": _menu_record(reply.menu) if reply.menu else None}
        for name, picture in (("image", reply.image), *((f"private_image:{u}", pic)
                                                         for u, pic in reply.private_images.items())):
            if picture is not None:
                picture.render()   # drawn once, into the channel's cache, where the adapter reads it
                record[name] = [picture.key, picture.filename]
        key = self._relay_key(platform)
        with self.store.redis.pipeline() as pipe:   # a platform whose adapter never runs keeps the last few, a day
            pipe.rpush(key, orjson.dumps(record)).ltrim(key, -RELAYS_KEPT, -1).expire(key, PICTURE_TTL).execute()

    def relayed(self, platform: str) -> list[Reply]:
        """The moves played on pages, for this platform's adapter to post (each once)."""
        out = []
        try:
            while raw := self.store.redis.lpop(self._relay_key(platform)):
                out.append(self._reply_of(platform, orjson.loads(raw)))
        except redis.RedisError as exc:
            raise StoreError("The game store (Redis) cannot be reached right now.") from exc
        return out

    def _relay_key(self, platform: str) -> str:
        return f"{self.store.prefix}:pages:relay:{platform}"

    def _reply_of(self, platform: str, record: dict) -> Reply:
        def picture(kept) -> Picture | None:
            data = self.store.cache_get(platform, record["channel"], kept[0]) if kept else None
            return Picture(kept[0], kept[1], lambda: data, data) if data is not None else None

        def menu(data: dict | None) -> Menu | None:
            if data is None:
                return None
            return Menu(**{**data, "crop": picture(data.get("crop")),
                           "options": [MenuOption(**{**o, "parts": tuple(o["parts"])}) for o in data["options"]]})

        reply = Reply(public=record["public"], private=record["private"], mentions=record["mentions"],
                      names=record["names"], channel=record["channel"], version=record["version"],
                      changed=True, lang=record["lang"], private_langs=record["private_langs"],
                      buttons=[Button(**b) for b in record["buttons"]],
                      menus={u: menu(m) for u, m in record["menus"].items()}, menu=menu(record["menu"]),
                      image=picture(record.get("image")))
        for name, kept in record.items():
            if name.startswith("private_image:") and (found := picture(kept)) is not None:
                reply.private_images[name.split(":", 1)[1]] = found
        return reply

    # pictures: one drawing per position, kept --------------------------------------------------
    def picture(self, key: PageKey, rec: Record, number: int | None, private: bool = False) -> bytes | None:
        """The public picture after public action `number` (None: now), or the seat's private
        picture now. Drawn once and kept, whoever asks and in whichever process."""
        game = get_game(rec.meta["game"])
        if not render.has_picture(game.id) or (private and key.seat is None):
            return None
        asked = (key.platform, key.channel, rec.version, number, key.seat if private else None)
        known = self._picture_keys.peek(asked)
        if known is not None and (data := self._pictures.peek(known)) is not None:
            return data
        entries = self.store.log(key.platform, key.channel)
        told = public_entries(entries)
        total = len(told)
        if number is None or private:
            number = total
        if not 0 <= number <= total:
            return None
        lang = render.language(self.store.languages(key.platform, key.channel, [])[0])
        fmt = self.service.image_format
        position = hashlib.sha256(orjson.dumps([[entries[i]["seat"], entries[i]["line"]] for i in told[:number]]))
        viewer = key.seat if private else "public"
        # ONE key scheme: the game (its identity), the exact position, the viewer, format and language
        game_id = hashlib.sha256(identity(rec.meta).encode()).hexdigest()[:16]
        cache_key = f"img:page:{game_id}:{position.hexdigest()[:24]}:" \
                    f"{viewer}:{fmt}:{lang}"

        def draw() -> bytes:
            started = time.perf_counter()
            if number == total:
                state = rec.state
            else:
                state = replay(game, self.store.setup(key.platform, key.channel),
                               entries[:told[number - 1] + 1] if number else [])
            seat = key.seat if private else None
            data = render.encode(render.draw(game.id, game.view(state, seat), seat, lang=lang), fmt)
            self.service.observe("picture", time.perf_counter() - started)
            return data

        self._picture_keys.put(asked, f"{key.platform}:{key.channel}:{cache_key}")
        return self.cached_picture(key.platform, key.channel, cache_key, draw)

    def kept(self, key: PageKey, rec: Record, number: int | None, private: bool = False) -> bool:
        """Whether `picture` would answer from this process's memory (no Redis, no drawing)."""
        known = self._picture_keys.peek((key.platform, key.channel, rec.version, number,
                                          key.seat if private else None))
        return known is not None and self._pictures.peek(known) is not None

    def cached_picture(self, platform: str, channel: str, cache_key: str, draw) -> bytes:
        """The picture under `cache_key`: from this process's memory, else Redis, else drawn by
        exactly one of the askers (one in this process, by `Memo`; one across processes, by a
        Redis lock; the others wait for its result)."""
        def fetch() -> bytes:
            data = self.store.cache_get(platform, channel, cache_key)
            return data if data is not None else self._drawn_once(platform, channel, cache_key, draw)
        return self._pictures.get(f"{platform}:{channel}:{cache_key}", fetch)

    def _drawn_once(self, platform: str, channel: str, cache_key: str, draw) -> bytes:
        lock = f"drawing:{platform}:{channel}:{cache_key}"
        try:
            mine = self.store.once(lock, DRAW_LOCK)
        except StoreError:
            mine = True
        if not mine:   # another process draws it: wait for its result (and draw it ourselves if it died)
            deadline = time.monotonic() + DRAW_LOCK
            while time.monotonic() < deadline:
                time.sleep(0.02)
                data = self.store.cache_get(platform, channel, cache_key)
                if data is not None:
                    return data
        try:
            with self._drawing:
                data = draw()
            self.store.cache_set_kept(platform, channel, cache_key, data, PICTURE_TTL, PICTURES_KEPT)
        finally:
            if mine:
                self.store.forget_once(lock)
        return data

    def warm(self, langs=("en", "es", "ru")) -> None:
        """Every game's picture drawn once per language (of a fresh setup, thrown away): the
        board-only layers each drawer builds on first use (Successors' base map, ~1-2 s a
        language) are then in this process before any page asks, so a game's first page costs
        what a warm one does."""
        for game_id in sorted(g for g in MODULES if render.has_picture(g)):
            game = get_game(game_id)
            state = game.setup([f"warm{i}" for i in range(game.min_players)], {}, "warm")
            for lang in langs:
                render.encode(render.draw(game_id, game.view(state, None), None, lang=lang), self.service.image_format)
                regions(game_id, game.view(state, None), None, lang)
        for lang in langs:   # the catalogues, read on first use
            words(lang)
        self._warm_page(langs)

    def _warm_page(self, langs) -> None:
        """Each game's page and a seat's page, of a game nobody plays (nothing is stored: its
        channel holds no game), made once, and its opening messages read in each language: the
        words, views, menus and message tables a first page builds on first use."""
        for game_id in sorted(g for g in MODULES if render.has_picture(g)):
            game = get_game(game_id)
            users = [f"warm{i}" for i in range(game.min_players)]
            state, events = game.start(users, {}, "warm")
            players = [{"user": user, "name": user, "seat": seat} for user, seat in zip(users, state["seats"])]
            meta = {"game": game.id, "status": "playing", "players": players, "options": {}, "seed_sha256": "warm"}
            rec = Record(version=1, meta=meta, state=state)
            for seat in (None, players[0]["seat"]):
                self.page(PageKey("web:warm", f"warm-{game_id}", seat), rec)
            for lang in langs:
                for event in events:
                    translate(event.text, lang)

    # for the metrics ----------------------------------------------------------------------------
    def gauges(self) -> dict[str, tuple[int, int]]:
        """platform → (reminders and deadlines due now, games with a timer scheduled)."""
        now = self.clock()
        return {platform: self.store.reminder_counts(platform, now) for platform in self.store.reminder_platforms()}

    def ready(self) -> None:
        """Raises StoreError when Redis does not answer (the web process's /readyz)."""
        self.store.version("readyz", "readyz")

    # live updates ---------------------------------------------------------------------------
    def updates(self):
        """A subscription to every public write's announcement (`published`), for the web process."""
        return self.store.updates()

    def published(self, platform: str, channel: str, version: int) -> None:
        """A public write was stored: open pages of the game hear of it (Redis pub/sub), this
        process's at once (its subscription may hear it after its next look at the game)."""
        if self.configured:
            self.heard(platform, channel, version)
            self.store.publish_version(platform, channel, version)

    def language_changed(self, platform: str, channel: str) -> None:
        """A channel's /lang: its open pages are made again in the new language at once (the
        same announcement as a move's, at the version the game is at)."""
        if self.configured:
            version = self.store.version(platform, channel)
            if version:
                self.store.publish_version(platform, channel, version)


def identity(meta: dict) -> str:
    """The game's setup identity: the seed's commitment, drawn anew per game, and the game's
    nonce (given at /new; a game stored before it has none), which tells apart two games of
    one typed seed in one channel."""
    return f"{meta.get('seed_sha256') or ''}:{meta.get('nonce') or ''}"


def words(lang: str) -> dict[str, str]:
    """The page's own words, in the channel's language."""
    return {name: gettext_(lang, text) for name, text in PAGE_WORDS.items()}


PAGE_WORDS = {   # message ids of bot/words/messages.py, said in the reader's language by `words`
    "players": msg("Players"), "log": msg("Log"), "map": msg("Map"), "replay": msg("After action {n} of {total}"),
    "now": msg("Now"), "private": msg("Your private view"), "private_map": msg("Your private map"),
    "live": msg("Live"), "offline": msg("Reconnecting…"), "deadline": msg("Deadline"), "zoom_in": msg("Zoom in"),
    "zoom_out": msg("Zoom out"), "reset": msg("Fit"), "turn": msg("to decide"), "back": msg("Back"),
    "more": msg("More…"), "play": msg("Play"), "fits": msg("The rules take it."), "hint": msg("Hint"),
}


def _menu_record(menu: Menu) -> dict:
    """A menu as JSON for `Pages.relay`: its crop drawn (into the channel's cache) and named by its
    key, the service's own `source` left out (adapters never read it)."""
    record = {f.name: getattr(menu, f.name) for f in dataclasses.fields(menu) if f.name not in ("crop", "source")}
    record["options"] = [dataclasses.asdict(option) for option in menu.options]
    if menu.crop is not None:
        menu.crop.render()
        record["crop"] = [menu.crop.key, menu.crop.filename]
    return record


def _localized(label: str, lang: str) -> str:
    """A choice's label with its card's name in the reader's language, as `menus.localize` does."""
    return translate(label, lang) if lang != "en" and NAMED.match(label) else label


def _label(label: str, lang: str) -> str:
    """A seat's label ("B, blue") in the page's language ("B, azul"): a message (bot/words/names.seat_labels)."""
    return translate(label, lang)


def accepted_language(header: str | None) -> str:
    """The first of the three languages a browser's Accept-Language names (for a page with no game)."""
    for part in (header or "").split(","):
        lang = language_of(part.split(";")[0].strip()[:2])
        if lang:
            return lang
    return "en"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    """Strictly: only the URL-safe alphabet, and only the canonical form `_b64` writes (a token
    whose last character differs in the bits base64 leaves unused decodes to the same bytes,
    and is refused all the same: one token per page)."""
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (ValueError, TypeError) as exc:
        raise ValueError("not base64") from exc
    if _b64(data) != text:
        raise ValueError("not the canonical base64 of its bytes")
    return data


