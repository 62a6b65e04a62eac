"""Discord offline, through discord.py's own objects.

The bot is a real `StrategosClient`; its REST client is a real `discord.http.HTTPClient`
whose `request` records `(method, path, payload)` and answers with canned JSON (refusing
any route it does not know), and interaction answers go through a real
`AsyncWebhookAdapter` whose `request` does the same. Interactions are real
`discord.Interaction`s built from gateway payloads and dispatched the way the gateway
does (`ConnectionState.parse_interaction_create`).
"""
from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.discord.client import StrategosClient

APP_ID = "5000"
GUILD = "700"
CHANNEL = "800"
BOT_USER = {"id": APP_ID, "username": "strategos", "discriminator": "0", "avatar": None, "bot": True}
MANAGE_CHANNELS = str(discord.Permissions(manage_channels=True).value)
_ids = itertools.count(10_000)


@dataclass
class Call:
    method: str
    path: str              # the route template, e.g. /channels/{channel_id}/messages
    url: str               # with its parameters filled in
    payload: dict | None
    files: list[tuple[str, bytes]] = field(default_factory=list)

    @property
    def content(self) -> str:
        return (self.payload or {}).get("content") or ""

    @property
    def ephemeral(self) -> bool:
        return bool((self.payload or {}).get("flags", 0) & 64)

    def custom_ids(self) -> list[str]:
        out = []
        for row in (self.payload or {}).get("components", []):
            for comp in row.get("components", []):
                out.append(comp.get("custom_id"))
        return out


def message_payload(channel_id: str, payload: dict | None, flags: int = 0) -> dict:
    payload = payload or {}
    return {"id": str(next(_ids)), "channel_id": str(channel_id), "author": BOT_USER,
            "content": payload.get("content") or "", "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": False, "type": 0,
            "flags": payload.get("flags", flags) or 0, "components": payload.get("components", [])}


def _multipart(multipart: list[dict] | None, files) -> tuple[dict | None, list[tuple[str, bytes]]]:
    payload, out = None, []
    for part in multipart or []:
        if part.get("name") == "payload_json":
            payload = json.loads(part["value"])
    for f in files or []:
        f.fp.seek(0)
        out.append((f.filename, f.fp.read()))
    return payload, out


class Recorder:
    """Both fakes write here; `dm_closed` makes DMs fail with 403 Forbidden."""

    def __init__(self):
        self.calls: list[Call] = []
        self.dm_closed: set[str] = set()
        self.dm_channels: dict[str, str] = {}
        self.removed: set[str] = set()       # users no longer members of the guild
        self.threads_forbidden = False       # opening a thread answers 403 (the bot lacks the permission)
        self.manage_threads = True           # False: deleting a thread answers 403

    def add(self, route: Route, payload: dict | None, files=()) -> Call:
        call = Call(route.method, route.path, route.url, payload, list(files))
        self.calls.append(call)
        return call

    def find(self, method: str, path_part: str) -> list[Call]:
        return [c for c in self.calls if c.method == method and path_part in c.url]

    def texts(self) -> str:
        return "\n".join(json.dumps(c.payload) for c in self.calls if c.payload)

    def clear(self) -> None:
        self.calls.clear()


class _Response:
    """The smallest object `discord.Forbidden` reads from an aiohttp response."""

    status = 403
    reason = "Forbidden"


class _Missing:
    status = 404
    reason = "Not Found"


class RecordingHTTP(HTTPClient):
    """The bot's REST client with the network replaced by canned answers."""

    def __init__(self, recorder: Recorder):
        super().__init__(asyncio.get_running_loop())
        self.recorder = recorder

    async def request(self, route: Route, *, files=None, form=None, **kwargs: Any) -> Any:
        payload = kwargs.get("json")
        stored_files: list = []
        if form:
            payload, stored_files = _multipart(form, files)
        self.recorder.add(route, payload, stored_files)
        if route.method == "POST" and route.path == "/users/@me/channels":
            user = str(payload["recipient_id"])
            channel = self.recorder.dm_channels.setdefault(user, str(next(_ids)))
            return {"id": channel, "type": 1, "last_message_id": None,
                    "recipients": [{"id": user, "username": f"user{user}", "discriminator": "0", "avatar": None}]}
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            channel = str(route.channel_id)
            if channel in {self.recorder.dm_channels.get(u) for u in self.recorder.dm_closed}:
                raise discord.Forbidden(_Response(), {"code": 50007, "message": "Cannot send messages to this user"})
            return message_payload(channel, payload)
        if route.method == "PATCH" and route.path == "/channels/{channel_id}/messages/{message_id}":
            return dict(message_payload(str(route.channel_id), payload), id=route.url.rsplit("/", 1)[1])   # an edit
        if route.method == "GET" and route.path == "/channels/{channel_id}":
            return {"id": str(route.channel_id), "type": 0, "guild_id": GUILD, "name": "games", "position": 0,
                    "permission_overwrites": [], "nsfw": False, "parent_id": None}
        if route.method == "GET" and route.path == "/guilds/{guild_id}/members/{member_id}":
            uid = str(route.url.rsplit("/", 1)[1])
            if uid in self.recorder.removed:
                raise discord.NotFound(_Missing(), {"code": 10007, "message": "Unknown Member"})
            return {"user": {"id": uid, "username": f"user{uid}", "discriminator": "0", "avatar": None},
                    "roles": [], "joined_at": "2025-01-01T00:00:00+00:00",
                    "deaf": False, "mute": False, "flags": 0}
        if route.method == "POST" and route.path == "/channels/{channel_id}/threads":
            if self.recorder.threads_forbidden:
                raise discord.Forbidden(_Response(), {"code": 50013, "message": "Missing Permissions"})
            return thread_payload(str(next(_ids)), str(route.channel_id), payload["name"])
        if route.method == "PUT" and route.path == "/channels/{channel_id}/thread-members/{user_id}":
            return None
        if route.method == "DELETE" and route.path == "/channels/{channel_id}":
            if not self.recorder.manage_threads:
                raise discord.Forbidden(_Response(), {"code": 50013, "message": "Missing Permissions"})
            return thread_payload(str(route.channel_id), CHANNEL, "deleted")
        if route.method == "PATCH" and route.path == "/channels/{channel_id}":
            return dict(thread_payload(str(route.channel_id), CHANNEL, "game"),
                        thread_metadata={"archived": bool(payload.get("archived")), "auto_archive_duration": 10080,
                                         "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False})
        if route.method == "PUT" and route.path == "/applications/{application_id}/commands":
            return [dict(cmd, id=str(next(_ids)), application_id=APP_ID, version="1") for cmd in payload]
        raise AssertionError(f"unexpected Discord route {route.method} {route.url}")


class RecordingWebhooks(AsyncWebhookAdapter):
    """Interaction responses and follow-ups, recorded instead of sent."""

    def __init__(self, recorder: Recorder):
        super().__init__()
        self.recorder = recorder

    async def request(self, route: Route, session, *, payload=None, multipart=None, files=None, **kwargs) -> Any:
        if multipart:
            payload, stored = _multipart(multipart, files)
        else:
            stored = []
        self.recorder.add(route, payload, stored)
        if route.path.endswith("/callback"):
            data = (payload or {}).get("data") or {}
            return {"interaction": {"id": str(route.webhook_id), "type": 2,
                                    "response_message_loading": payload.get("type") == 5,
                                    "response_message_ephemeral": bool(data.get("flags", 0) & 64)}}
        if route.method == "POST" and route.path == "/webhooks/{webhook_id}/{webhook_token}":
            return message_payload(CHANNEL, payload)
        if route.method == "DELETE" and route.path.endswith("/messages/@original"):
            return None
        raise AssertionError(f"unexpected webhook route {route.method} {route.url}")


def thread_payload(thread: str, parent: str, name: str, owner: str = APP_ID) -> dict:
    return {"id": thread, "type": 11, "guild_id": GUILD, "name": name, "parent_id": parent, "owner_id": owner,
            "message_count": 0, "member_count": 1,
            "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False}}


def user(uid: str, name: str) -> dict:
    return {"id": uid, "username": name, "discriminator": "0", "avatar": None, "global_name": name.title()}


class Harness:
    def __init__(self, client: StrategosClient, recorder: Recorder):
        self.client = client
        self.recorder = recorder

    # payloads ------------------------------------------------------------------------
    def base(self, kind: int, uid: str, name: str, *, channel: str | None = CHANNEL, admin: bool = False,
             dm: bool = False, thread_parent: str | None = None, limit: int = 10 * 1024 * 1024) -> dict:
        iid = str(next(_ids))
        data: dict[str, Any] = {"id": iid, "application_id": APP_ID, "type": kind, "token": f"tok-{iid}",
                                "version": 1, "locale": "en-US", "app_permissions": "0",
                                "attachment_size_limit": limit, "entitlements": [],
                                "authorizing_integration_owners": {"0": GUILD}}
        if dm:
            dm_id = f"9{uid}"
            data.update(channel_id=dm_id, channel={"id": dm_id, "type": 1, "recipients": [user(uid, name)]},
                        user=user(uid, name), context=1)
            return data
        if thread_parent:
            chan = thread_payload(channel, thread_parent, "game thread", uid)
        else:
            chan = {"id": channel, "type": 0, "guild_id": GUILD, "name": "games", "position": 0,
                    "permission_overwrites": [], "nsfw": False, "parent_id": None}
        data.update(guild_id=GUILD, channel_id=channel, channel=chan, context=0, guild_locale="en-US",
                    member={"user": user(uid, name), "roles": [], "joined_at": "2025-01-01T00:00:00+00:00",
                            "deaf": False, "mute": False, "flags": 0,
                            "permissions": MANAGE_CHANNELS if admin else "0"})
        return data

    def slash(self, uid: str, name: str, command: str, sub: str | None = None, focused: str | None = None,
              **kwargs) -> dict:
        options_in = {k: v for k, v in kwargs.items() if k not in ("channel", "admin", "dm", "thread_parent", "limit")}
        options = [{"name": k, "type": _option_type(v), "value": v, **({"focused": True} if k == focused else {})}
                   for k, v in options_in.items()]
        data = {"id": "9000", "name": command, "type": 1,
                "options": [{"name": sub, "type": 1, "options": options}] if sub else options}
        payload = self.base(4 if focused else 2, uid, name,
                            **{k: v for k, v in kwargs.items() if k in ("channel", "admin", "dm", "thread_parent",
                                                                        "limit")})
        payload["data"] = data
        return payload

    def press(self, uid: str, name: str, custom_id: str, message: dict, values: list[str] | None = None,
              **kwargs) -> dict:
        payload = self.base(3, uid, name, **kwargs)
        comp = next(c for row in message["components"] for c in row["components"] if c["custom_id"] == custom_id)
        payload["data"] = {"custom_id": custom_id, "component_type": comp["type"]}
        if values is not None:
            payload["data"]["values"] = values
        payload["message"] = message
        return payload

    # running -------------------------------------------------------------------------
    async def send(self, payload: dict) -> list[Call]:
        """Dispatch like the gateway does, wait for the handlers, return the new calls."""
        start = len(self.recorder.calls)
        self.client._connection.parse_interaction_create(payload)
        await settle()
        return self.recorder.calls[start:]

    async def say(self, uid: str, name: str, command: str, sub: str | None = None, **options) -> list[Call]:
        return await self.send(self.slash(uid, name, command, sub, **options))


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    return 3


async def settle(timeout: float = 10.0) -> None:
    """Wait until every task but this one is done (handlers run service calls in threads)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    me = asyncio.current_task()
    while loop.time() < deadline:
        pending = [t for t in asyncio.all_tasks() if t is not me and not t.done()]
        if not pending:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("handlers did not finish")


async def make_harness(service, **client_options) -> Harness:
    """A client as after login, minus the gateway: the loop hooks, the bot user, `setup_hook`."""
    recorder = Recorder()
    client_options.setdefault("sync", False)
    client_options.setdefault("remind_every", 0)
    client = StrategosClient(service, **client_options)
    http = RecordingHTTP(recorder)
    client.http = http
    client._connection.http = http
    client.tree._http = http
    client._connection.application_id = int(APP_ID)
    client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)  # as after login
    async_context.set(RecordingWebhooks(recorder))
    await client._async_setup_hook()
    await client.setup_hook()
    return Harness(client, recorder)


ALICE, BOB, CAROL = "101", "102", "103"


async def two_seated(h, options=None) -> list:
    """Alice opens a Tally game, Alice and Bob sit, Alice starts it; the calls of /start."""
    await h.say(ALICE, "alice", "new", game="tally", **({"options": options} if options else {}))
    await h.say(ALICE, "alice", "join")
    await h.say(BOB, "bob", "join")
    return await h.say(ALICE, "alice", "start")
