"""The web process: one Starlette app, served by uvicorn.

    GET  /g/<token>                the game's page (a seat's private page when the token is one)
    GET  /g/<token>/page.json      its data;  /g/<token>/events: the same, pushed after every move (SSE)
    GET  /g/<token>/map/<n>        the public picture after action n;  /g/<token>/mine: the seat's own
    POST /g/<token>/play           a seat's press: {line, version, key} through `Service.handle` (`Pages.press`)
    POST /g/<token>/check          what the rules say of a line before it is sent (`Pages.preview`)
    POST /g/<token>/hint           the seat's /hint: the advisor's three best lines with their reasons (`Pages.hint`)
    GET  /tg, /tg/games.json       the Telegram Mini App's home: the player's games (Authorization: tma)
    GET  /favicon.ico
    POST TELEGRAM_WEBHOOK_URL's path   Telegram's updates, onto the application's update queue
    GET  /healthz, /readyz, /metrics   alive; Redis reachable; Prometheus

Live updates: the service publishes every public write on one Redis pub/sub channel; one
thread per process listens and wakes the open pages of that game, which are sent the page's
data (made once per version, `Pages.view_json`). A wrong or stale token is a 404, the same
for every reason, so a link tells nothing of why.
"""
from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import logging
import os
import queue as queues
import threading
import time
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit

import orjson
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import render
from bot.service import STORE_ERRORS, Outage, Service, StoreError, metrics
from bot.service.pages import accepted_language
from bot.web import telegram_auth
from bot.words.i18n import gettext_

log = logging.getLogger("strategos.web")

STATIC = Path(__file__).with_name("static")
TEMPLATE = (STATIC / "page.html").read_text(encoding="utf-8")
TEMPLATE_HOME = (STATIC / "home.html").read_text(encoding="utf-8")
ASSETS = ("tg.js", "page.js", "home.js", "page.css")    # the page's whole code: no framework, nothing fetched
ASSET = hashlib.sha256(b"".join((STATIC / f).read_bytes() for f in ASSETS)).hexdigest()[:10]
PRESSES = 10          # presses a page may make in a second; more are answered "slow down" (429)
KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
STORE_DOWN_TITLE = "The game store cannot be reached"
STORE_DOWN = ("The game store cannot be reached right now, so this page cannot be shown. Nothing of the game is "
              "lost: try again in a moment.")
PRESS_FIRST = 1.0     # seconds a game's open pages wait for the page of a press being applied
KEEPALIVE = 15.0      # seconds between two comments on an idle event stream (proxies close silent ones)
# the page holds a secret-bearing address: no referrer leaves it, no outside script, no frame but
# Telegram Web's (it opens a Mini App in one)
PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex",
                "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                                           "img-src 'self'; connect-src 'self'; "
                                           "frame-ancestors https://web.telegram.org"}
DATA_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
# a picture of a position never changes: kept a day by the browser, and revalidated by its ETag
PICTURE_HEADERS = {"Cache-Control": "private, max-age=86400", "Referrer-Policy": "no-referrer",
                   "X-Content-Type-Options": "nosniff"}
FAVICON = (STATIC / "favicon.ico").read_bytes()


class Hub:
    """The open pages of this process by game, woken by one Redis subscription."""

    def __init__(self, service: Service):
        self.service = service
        self.listeners: dict[tuple[str, str], dict[asyncio.Queue, str]] = {}   # game → {page's queue: its token}
        self.running: set[asyncio.Task] = set()
        self.pressing: dict[tuple[str, str], asyncio.Event] = {}   # game → set once its press's page is made
        self.stopping = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.Thread(target=self._listen, name="strategos-updates", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=3)

    def join(self, platform: str, channel: str, token: str) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue()
        self.listeners.setdefault((platform, channel), {})[queue] = token
        return queue

    def leave(self, platform: str, channel: str, queue: asyncio.Queue) -> None:
        pages = self.listeners.get((platform, channel))
        if pages is not None:
            pages.pop(queue, None)
            if not pages:
                del self.listeners[(platform, channel)]

    @asynccontextmanager
    async def press(self, platform: str, channel: str):
        """A press of this game being applied and its page made: the game's other pages wait for it
        (`_refresh`), so that the one who pressed is answered first, not after every open page."""
        done = self.pressing[(platform, channel)] = asyncio.Event()
        try:
            yield
        finally:
            done.set()
            if self.pressing.get((platform, channel)) is done:
                del self.pressing[(platform, channel)]

    def _wake(self, platform: str, channel: str, version: int) -> None:
        self.service.pages.heard(platform, channel, version)
        if (platform, channel) in self.listeners:
            task = asyncio.ensure_future(self._refresh(platform, channel, version))
            self.running.add(task)   # the loop keeps only a weak reference to a task
            task.add_done_callback(self.running.discard)

    async def _refresh(self, platform: str, channel: str, version: int) -> None:
        """Each distinct page of the game (the public one, each private one) checked and made once,
        in the thread pool; then every open copy of it is woken and finds it made."""
        pages = self.service.pages
        pressing = self.pressing.get((platform, channel))
        if pressing is not None:
            try:
                await asyncio.wait_for(pressing.wait(), PRESS_FIRST)
            except asyncio.TimeoutError:
                pass

        def made(token: str) -> None:
            found = pages.open(token)
            if found is not None:
                pages.view_json(*found)

        listening = self.listeners.get((platform, channel), {})
        for token in set(listening.values()):
            try:
                await run_in_threadpool(made, token)
            except STORE_ERRORS as exc:   # the store is away (a failover): each stream tries again itself
                log.warning("a page could not be made after a move: the game store cannot be reached (%s)",
                            type(exc).__name__)
            except Exception:   # noqa: BLE001 — each stream then tries (and reports) for itself
                log.warning("could not make a page after a move", exc_info=True)
            for queue, its in list(self.listeners.get((platform, channel), {}).items()):
                if its == token:
                    queue.put_nowait(version)

    def _listen(self) -> None:
        """Read the announcements until stopped; reconnect, waiting longer each time and saying so
        once a minute, when Redis drops us (pages stay open, and are told once it is back)."""
        outage = Outage("the pages' live updates", log)
        while not self.stopping.is_set():
            try:
                updates = self.service.pages.updates()
                try:
                    while not self.stopping.is_set():
                        message = updates.get_message(timeout=1.0)
                        outage.recovered()
                        if message and message.get("type") == "message":
                            platform, channel, version = orjson.loads(message["data"])
                            self.loop.call_soon_threadsafe(self._wake, platform, channel, version)
                finally:
                    updates.close()
            except STORE_ERRORS as exc:
                self.stopping.wait(outage.failed(exc))


class Presses:
    """How often each page presses, over the last second (this process's memory)."""

    def __init__(self, limit: int = PRESSES):
        self.limit = limit
        self.times: dict[str, list[float]] = {}

    def allowed(self, page: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self.times.get(page, ()) if now - t < 1.0]
        if len(self.times) > 10_000:   # pages gone quiet are forgotten
            self.times = {k: v for k, v in self.times.items() if v and now - v[-1] < 1.0}
        recent.append(now)
        self.times[page] = recent
        return len(recent) <= self.limit


class Relays:
    """The moves played on pages, handed to the chat (`Pages.relay`: it draws the move's picture)
    by one thread at the lowest priority, so that drawing never slows the next press or page."""

    def __init__(self, pages):
        self.pages = pages
        self.waiting: queues.SimpleQueue = queues.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def put(self, platform: str, reply) -> None:
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="strategos-relays", daemon=True)
                self.thread.start()
        self.waiting.put((platform, reply))

    def _run(self) -> None:
        _lowest_priority()
        while True:
            platform, reply = self.waiting.get()
            try:
                self.pages.relay(platform, reply)
            except Exception:   # noqa: BLE001 — the move is stored; only its post to the chat is lost
                log.exception("a move played on a page could not be handed to the chat")


def _lowest_priority() -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)   # Linux: this thread only
    except (AttributeError, OSError):
        pass


def create_app(service: Service, telegram=None, settings=None, warm: bool = False,
               telegram_token: str | None = None) -> Starlette:
    """The app. `telegram`: a python-telegram-bot Application to feed from the webhook route
    (with `settings` giving its URL and secret), or None. `warm`: every game's board-only
    layers drawn at start, in a background thread at the lowest priority (`Pages.warm`)."""
    hub = Hub(service)
    pages = service.pages
    presses = Presses()
    relays = Relays(pages)
    bot_token = telegram_token if telegram_token is not None else getattr(settings, "telegram_token", None) or ""
    picture_type = f"image/{render.extension(service.image_format)}".replace("jpg", "jpeg")

    async def opened(request: Request):
        token = request.path_params["token"]
        found = pages.known(token) or await run_in_threadpool(pages.open, token)
        if found is None:
            raise HTTPException(404)
        return found

    async def page(request: Request) -> Response:
        key, rec = await opened(request)
        data = await run_in_threadpool(pages.view_json, key, rec)
        fields = orjson.loads(data)
        html = (TEMPLATE.replace("{lang}", fields["lang"]).replace("{asset}", ASSET)
                .replace("{title}", _escape(fields["title"]))
                .replace("{data}", script_json(data)))
        return HTMLResponse(html, headers=PAGE_HEADERS)

    async def page_json(request: Request) -> Response:
        key, rec = await opened(request)
        refusal = signed_in(request, key, rec)
        if refusal is not None:
            return refusal
        return Response(await run_in_threadpool(pages.view_json, key, rec), media_type="application/json",
                        headers=DATA_HEADERS)

    async def events(request: Request) -> Response:
        key, rec = await opened(request)
        token = request.path_params["token"]
        try:
            seen = int(request.query_params.get("v", rec.version))
        except ValueError:
            seen = rec.version
        queue = hub.join(key.platform, key.channel, token)
        if seen != rec.version:
            queue.put_nowait(rec.version)

        async def stream():
            try:
                yield "retry: 2000\n\n"
                while True:
                    try:
                        await asyncio.wait_for(queue.get(), KEEPALIVE)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                        continue
                    while not queue.empty():   # several moves at once: one page, the latest
                        queue.get_nowait()
                    try:
                        found = pages.known(token) or await run_in_threadpool(pages.open, token)
                        if found is None:
                            yield "event: gone\ndata: {}\n\n"
                            return
                        data = pages.view_known(*found) or await run_in_threadpool(pages.view_json, *found)
                    except STORE_ERRORS:   # the store is away: the page keeps what it shows until the next move
                        continue
                    yield b"event: page\ndata: " + data + b"\n\n"   # one line: orjson writes no newline
            finally:
                hub.leave(key.platform, key.channel, queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**DATA_HEADERS, "X-Accel-Buffering": "no"})

    async def public_map(request: Request) -> Response:
        key, rec = await opened(request)
        number = request.path_params["number"]
        return await _picture(request, pages.picture, key, rec, number, False)

    async def own_map(request: Request) -> Response:
        key, rec = await opened(request)
        return await _picture(request, pages.picture, key, rec, None, True)

    async def _picture(request, draw, key, rec, number, private) -> Response:
        # a picture this process keeps in memory is served at once, without the thread pool
        data = draw(key, rec, number, private) if pages.kept(key, rec, number, private) else \
            await run_in_threadpool(draw, key, rec, number, private)
        if data is None:
            raise HTTPException(404)
        tag = f'"{hashlib.blake2b(data, digest_size=12).hexdigest()}"'
        headers = {**PICTURE_HEADERS, "ETag": tag}
        if tag in (part.strip() for part in request.headers.get("if-none-match", "").split(",")):
            return Response(status_code=304, headers=headers)
        return Response(data, media_type=picture_type, headers=headers)

    def signed_in(request: Request, key=None, rec=None) -> JSONResponse | None:
        """Inside Telegram, every call carries `Authorization: tma <initData>`: checked as Telegram
        says, and its user must hold the page's seat. Outside, the signed link alone opens it.
        None: let it through; else the 401 to answer."""
        init_data = telegram_auth.from_header(request.headers.get("authorization"))
        if init_data is None:
            return None
        try:
            user = telegram_auth.user_of(init_data, bot_token)
        except telegram_auth.Refused as exc:
            return JSONResponse({"ok": False, "error": str(exc), "code": "SIGN_IN"}, status_code=401,
                                headers=DATA_HEADERS)
        request.state.telegram_user = str(user["id"])
        if key is not None and key.seat is not None:
            holder = next((p["user"] for p in rec.meta["players"] if p.get("seat") == key.seat), None)
            if key.platform != "telegram" or holder != str(user["id"]):
                return JSONResponse({"ok": False, "error": "This page is another player's seat; open your own "
                                     "from the chat with /web me.", "code": "NOT_YOURS"}, status_code=401,
                                    headers=DATA_HEADERS)
        return None

    async def seat_page(request: Request):
        """A private page's (key, record), or the answer refusing the call."""
        key, rec = await opened(request)
        if key.seat is None:
            raise HTTPException(404)
        return key, rec, signed_in(request, key, rec)

    async def body_of(request: Request) -> dict:
        try:
            body = orjson.loads(await request.body())
        except orjson.JSONDecodeError:
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("line"), str):
            raise HTTPException(400, "Expected JSON with a line.")
        line = body["line"].strip()
        if not line or "\n" in line or len(line) > 1000 or line.startswith("/"):
            raise HTTPException(400, "A press sends one of the game's action lines.")
        body["line"] = line
        return body

    async def slow_down(key) -> Response:
        return JSONResponse({"ok": False, "code": "SLOW_DOWN", "error": gettext_(
            (await run_in_threadpool(pages.view_lang, key)), "Slow down: too many presses at once. Nothing "
            "more was sent.")}, status_code=429, headers=DATA_HEADERS)

    async def play(request: Request) -> Response:
        key, rec, refusal = await seat_page(request)
        if refusal is not None:
            return refusal
        token = request.path_params["token"]
        if not presses.allowed(token):
            return await slow_down(key)
        body = await body_of(request)
        press_key, version = body.get("key"), body.get("version")
        if not isinstance(press_key, str) or not 8 <= len(press_key) <= 64 or set(press_key) - KEY_CHARS \
                or not isinstance(version, int):
            raise HTTPException(400, "A press carries the version its page was drawn at and a key of its own.")
        def pressed() -> tuple[dict, bytes]:
            # in one go, so that the page is made before this process's other pages are woken by the move
            answer = pages.press(key, rec, body["line"], version, press_key)
            found = pages.open(token)
            return answer, pages.view_json(*found) if found else b"null"

        async with hub.press(key.platform, key.channel):
            answer, fresh = await run_in_threadpool(pressed)
        reply = answer.pop("reply")
        if reply.changed:
            relays.put(key.platform, reply)
        # the page's data as made (bytes, once per version), spliced in rather than parsed and dumped again
        content = orjson.dumps(answer)[:-1] + b',"page":' + fresh + b"}"
        return Response(content, status_code=409 if answer["stale"] else 200, media_type="application/json",
                        headers=DATA_HEADERS)

    async def check(request: Request) -> Response:
        key, rec, refusal = await seat_page(request)
        if refusal is not None:
            return refusal
        body = await body_of(request)
        return JSONResponse(await run_in_threadpool(pages.preview, key, rec, body["line"]), headers=DATA_HEADERS)

    thinking = asyncio.Semaphore(1)   # a hint's search is seconds of CPU: one at a time in this process

    async def hint(request: Request) -> Response:
        key, rec, refusal = await seat_page(request)
        if refusal is not None:
            return refusal
        if not presses.allowed(request.path_params["token"]):
            return await slow_down(key)
        async with thinking:
            return JSONResponse(await run_in_threadpool(pages.hint, key, rec), headers=DATA_HEADERS)

    async def mini_app(request: Request) -> Response:
        html = (TEMPLATE_HOME.replace("{asset}", ASSET))
        return HTMLResponse(html, headers=PAGE_HEADERS)

    async def my_games(request: Request) -> Response:
        if telegram_auth.from_header(request.headers.get("authorization")) is None:
            return JSONResponse({"ok": False, "error": "Open this page from the bot's menu in Telegram.",
                                 "code": "SIGN_IN"}, status_code=401, headers=DATA_HEADERS)
        refusal = signed_in(request)
        if refusal is not None:
            return refusal
        games = await run_in_threadpool(pages.games_of, "telegram", request.state.telegram_user)
        return JSONResponse({"ok": True, "games": games}, headers=DATA_HEADERS)

    async def favicon(request: Request) -> Response:
        return Response(FAVICON, media_type="image/x-icon", headers={"Cache-Control": "public, max-age=604800",
                                                                     "X-Content-Type-Options": "nosniff"})

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def readyz(request: Request) -> Response:
        try:
            await run_in_threadpool(pages.ready)
        except StoreError as exc:
            return PlainTextResponse(f"Redis unreachable: {exc}", status_code=503)
        return PlainTextResponse("ok")

    async def metrics_page(request: Request) -> Response:
        try:
            counts = await run_in_threadpool(pages.gauges)
            metrics.ROBOT_JOBS_DUE.set(await run_in_threadpool(service.robots.jobs_due))
        except StoreError:
            counts = {}
        for platform, (due, scheduled) in counts.items():
            metrics.REMINDERS_DUE.labels(platform).set(due)
            metrics.GAMES_ACTIVE.labels(platform).set(scheduled)
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    async def not_found(request: Request, exc: HTTPException) -> Response:
        if exc.status_code != 404:
            return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=DATA_HEADERS)
        lang = accepted_language(request.headers.get("accept-language"))
        title = gettext_(lang, "Page not found")
        text = gettext_(lang, "This page does not exist, or its game is over here: it was aborted, replaced or "
                              "moved. Ask in the channel for /web.")
        body = (f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><meta name="viewport" '
                f'content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">'
                f'<title>{_escape(title)}</title><link rel="icon" href="/favicon.ico">'
                f'<link rel="stylesheet" href="/static/page.css?{ASSET}">'
                f'<main><h1>{_escape(title)}</h1><p class="gone">{_escape(text)}</p></main></html>')
        return HTMLResponse(body, status_code=404, headers=PAGE_HEADERS)

    async def store_down(request: Request, exc: Exception) -> Response:
        """Redis cannot be reached (a restart, a failover): a sentence and 503, not a traceback."""
        log.warning("a page could not be served: the game store cannot be reached (%s)", type(exc).__name__)
        body = ('<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" '
                'content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">'
                f'<title>{STORE_DOWN_TITLE}</title><link rel="stylesheet" href="/static/page.css?{ASSET}">'
                f'<main><h1>{STORE_DOWN_TITLE}</h1><p class="gone">{STORE_DOWN}</p></main></html>')
        return HTMLResponse(body, status_code=503, headers={**PAGE_HEADERS, "Retry-After": "5"})

    routes = [
        Route("/g/{token}", page), Route("/g/{token}/page.json", page_json), Route("/g/{token}/events", events),
        Route("/g/{token}/map/{number:int}", public_map), Route("/g/{token}/mine", own_map),
        Route("/g/{token}/play", play, methods=["POST"]), Route("/g/{token}/check", check, methods=["POST"]),
        Route("/g/{token}/hint", hint, methods=["POST"]),
        Route("/tg", mini_app), Route("/tg/games.json", my_games), Route("/favicon.ico", favicon),
        Route("/healthz", healthz), Route("/readyz", readyz), Route("/metrics", metrics_page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    if telegram is not None:
        routes.append(Route(urlsplit(settings.telegram_webhook_url).path or "/",
                            _webhook(telegram, settings.telegram_webhook_secret), methods=["POST"]))

    @asynccontextmanager
    async def lifespan(app):
        hub.start()
        if warm:   # the thread pool's first call starts it (~0.1 s): not on a first page
            await run_in_threadpool(lambda: None)
            threading.Thread(target=_warm, args=(pages,), name="strategos-warm", daemon=True).start()
        if telegram is not None:
            from bot.telegram.adapter import start_webhook, stop_webhook

            await start_webhook(telegram, settings)
        try:
            yield
        finally:
            if telegram is not None:
                await stop_webhook(telegram)
            hub.stop()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: not_found, **dict.fromkeys(STORE_ERRORS, store_down)})
    app.state.hub = hub
    return app


def _warm(pages) -> None:
    _lowest_priority()
    started = time.perf_counter()
    try:
        pages.warm()
    except STORE_ERRORS as exc:   # its sample pages read a (never written) log: a cold first page is slow, never broken
        log.warning("could not draw the pictures' base layers at start: the game store cannot be reached (%s)",
                    type(exc).__name__)
        return
    except Exception:   # noqa: BLE001 — a cold first page is slow, never broken
        log.warning("could not draw the pictures' base layers at start", exc_info=True)
        return
    # what the warm-up made lives as long as the process: out of the collector's sight, or the
    # first full collection after it (on a first page) walks it all
    gc.collect()
    gc.freeze()
    log.info("pictures' base layers drawn in %.1f s", time.perf_counter() - started)


def _webhook(application, secret: str):
    """Telegram's POSTs onto the application's update queue (python-telegram-bot's
    customwebhookbot.py way); the secret header compared in constant time."""
    from telegram import Update

    async def telegram_update(request: Request) -> Response:
        given = request.headers.get("x-telegram-bot-api-secret-token", "")
        if not hmac.compare_digest(given.encode(), secret.encode()):
            log.warning("webhook request with a wrong secret token from %s",
                        request.client.host if request.client else "?")
            return PlainTextResponse("Wrong secret token", status_code=403)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return PlainTextResponse("Expected JSON", status_code=403)
        try:
            update = Update.de_json(orjson.loads(await request.body()), application.bot)
        except Exception:   # noqa: BLE001
            return PlainTextResponse("Update could not be parsed", status_code=400)
        await application.update_queue.put(update)
        return Response()

    return telegram_update


def script_json(data: bytes) -> str:
    """JSON safe inside a <script> element: `<`, `>` and `&` as \\u escapes (JSON reads them
    back the same), so no name (`<!--<script>`, `</script>`) can end or bend the element."""
    return data.decode().replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))


def serve(settings) -> int:
    """`strategos web`: the app on WEB_LISTEN:WEB_PORT, with the Telegram webhook when
    TELEGRAM_TOKEN and TELEGRAM_WEBHOOK_URL are set."""
    import sys

    import uvicorn

    from bot.wiring import configure_logging, make_service

    configure_logging(settings)
    webhook = bool(settings.telegram_token and settings.telegram_webhook_url)
    if webhook:
        from bot.telegram.adapter import TelegramAdapter, _unreachable, webhook_problem

        problem = webhook_problem(settings) or _unreachable(settings.telegram_token)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    service = make_service(settings)
    if not service.pages.configured:
        log.warning("WEB_SECRET or WEB_URL is unset: no game pages (only the webhook, health and metrics)")
    telegram = TelegramAdapter(service).build(settings.telegram_token, updater=False) if webhook else None
    app = create_app(service, telegram, settings, warm=True)
    started = time.time()
    log.info("web process on %s:%s", settings.web_listen, settings.web_port)
    # no access log: a page's address is its secret
    uvicorn.run(app, host=settings.web_listen, port=settings.web_port, access_log=False, proxy_headers=True,
                log_level=settings.strategos_log_level.lower())
    log.info("web process stopped after %.0f s", time.time() - started)
    return 0
