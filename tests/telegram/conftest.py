"""Offline Telegram: python-telegram-bot's real objects over a request class that refuses
the network, records every call and answers with canned Bot API JSON (the library's own
test approach)."""
from __future__ import annotations

import itertools

import orjson
import pytest
from telegram import Update
from telegram.request import BaseRequest, RequestData

from bot.telegram.adapter import TelegramAdapter

BOT_ID = 999
BOT_NAME = "StrategosBot"
TOKEN = f"{BOT_ID}:TEST-TOKEN"
GROUP = -1001234567890


class FakeTelegram(BaseRequest):
    """Records (endpoint, parameters, files) and answers like the Bot API; never connects."""

    def __init__(self):
        self.calls: list[tuple[str, dict, dict]] = []
        self.forbidden: set[int] = set()      # chats that answer 403 (the user blocked the bot)
        self.admins: set[int] = set()
        self.removed: set[int] = set()        # users banned from (or who left) the group
        self.photo_fails = False              # sendPhoto answers 400 (e.g. PHOTO_INVALID_DIMENSIONS)
        self.errors: dict[str, tuple[int, str]] = {}   # endpoint → (HTTP code, description)
        self.files: dict[str, bytes] = {}     # file_id → its bytes (getFile and the download)
        self.file_sizes_known = True          # getFile reports file_size (Telegram may not)
        self._ids = itertools.count(1000)

    @property
    def read_timeout(self):
        return 1.0

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def do_request(self, url, method, request_data: RequestData | None = None, read_timeout=None,
                         write_timeout=None, connect_timeout=None, pool_timeout=None):
        if url.startswith("https://api.telegram.org/file/bot"):
            self.calls.append(("download", {"url": url}, {}))
            return 200, self.files[url.rsplit("/", 1)[1]]
        if not url.startswith("https://api.telegram.org/bot"):
            raise AssertionError(f"unexpected network access: {url}")
        endpoint = url.rsplit("/", 1)[1]
        params = request_data.parameters if request_data else {}
        files = {}
        if request_data is not None and request_data.contains_files:
            files = {name: value for name, value in request_data.multipart_data.items()}
        self.calls.append((endpoint, params, files))
        chat_id = params.get("chat_id")
        if chat_id is not None and int(chat_id) in self.forbidden:
            return 403, orjson.dumps({"ok": False, "error_code": 403,
                                      "description": "Forbidden: bot was blocked by the user"})
        if endpoint in self.errors:
            code, description = self.errors[endpoint]
            return code, orjson.dumps({"ok": False, "error_code": code, "description": description})
        if endpoint == "sendPhoto" and self.photo_fails:
            return 400, orjson.dumps({"ok": False, "error_code": 400,
                                      "description": "Bad Request: PHOTO_INVALID_DIMENSIONS"})
        return 200, orjson.dumps({"ok": True, "result": self.result(endpoint, params)})

    def result(self, endpoint: str, params: dict):
        if endpoint == "getMe":
            return {"id": BOT_ID, "is_bot": True, "first_name": "Strategos", "username": BOT_NAME,
                    "can_join_groups": True, "can_read_all_group_messages": False,
                    "supports_inline_queries": False}
        if endpoint == "getChatMember":
            user = int(params["user_id"])
            if user in self.removed:
                return {"status": "kicked", "until_date": 0, "user": {"id": user, "is_bot": False, "first_name": "U"}}
            return {"status": "administrator" if user in self.admins else "member",
                    "user": {"id": user, "is_bot": False, "first_name": "U"},
                    **({"can_be_edited": False, "is_anonymous": False, "can_manage_chat": True,
                        "can_delete_messages": True, "can_manage_video_chats": True,
                        "can_restrict_members": True, "can_promote_members": False,
                        "can_change_info": True, "can_invite_users": True, "can_post_stories": False,
                        "can_edit_stories": False, "can_delete_stories": False}
                       if user in self.admins else {})}
        if endpoint.startswith("send"):
            n = next(self._ids)
            chat = int(params["chat_id"])
            message = {"message_id": n, "date": 1700000000,
                       "chat": {"id": chat, "type": "supergroup" if chat < 0 else "private"}}
            if endpoint == "sendMessage":
                message["text"] = params["text"]
            if endpoint == "sendPhoto":
                message["photo"] = [{"file_id": f"photo-{n}", "file_unique_id": f"p{n}",
                                     "width": 1280, "height": 853}]
            if endpoint == "sendDocument":
                message["document"] = {"file_id": f"doc-{n}", "file_unique_id": f"d{n}"}
            if params.get("caption"):
                message["caption"] = params["caption"]
            return message
        if endpoint == "createForumTopic":
            return {"message_thread_id": next(self._ids), "name": params["name"], "icon_color": 7322096}
        if endpoint == "getFile":
            file_id = params["file_id"]
            size = {"file_size": len(self.files[file_id])} if self.file_sizes_known else {}
            return {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_path": f"documents/{file_id}", **size}
        if endpoint == "getUpdates":
            return []
        return True   # answerCallbackQuery, setMyCommands, setWebhook, ...

    # what was said ------------------------------------------------------------------
    def sent(self, chat: int | None = None, endpoint: str | None = None) -> list[dict]:
        return [p for e, p, _ in self.calls
                if e.startswith("send") and (endpoint is None or e == endpoint)
                and (chat is None or int(p["chat_id"]) == chat)]

    def texts(self, chat: int | None = None) -> str:
        return "\n".join(str(p.get("text") or p.get("caption") or "") for p in self.sent(chat))

    def clear(self) -> None:
        self.calls.clear()


class Harness:
    """Build updates as Telegram sends them and feed them to the application."""

    def __init__(self, application, request: FakeTelegram, adapter: TelegramAdapter, first_update: int = 1):
        self.app = application
        self.tg = request
        self.adapter = adapter
        self._update_ids = itertools.count(first_update)
        self.names: dict[int, str] = {}

    def _sender(self, user: int, name: str = "") -> dict:
        if name:
            self.names[user] = name
        return {"id": user, "is_bot": False, "first_name": self.names.get(user, f"user{user}")}

    def message(self, user: int, text: str, chat: int = GROUP, name: str = "", update_id: int | None = None,
                thread: int | None = None, forum: bool | None = None) -> Update:
        sender = self._sender(user, name)
        chat_obj = ({"id": user, "type": "private", "first_name": sender["first_name"]} if chat == user
                    else {"id": chat, "type": "supergroup", "title": "Wargamers",
                          "is_forum": bool(thread) if forum is None else forum})
        msg = {"message_id": next(self._update_ids) + 500, "date": 1700000000, "chat": chat_obj, "from": sender,
               "text": text}
        if thread:
            msg.update(message_thread_id=thread, is_topic_message=True)
        if text.startswith("/"):
            msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return Update.de_json({"update_id": update_id or next(self._update_ids), "message": msg}, self.app.bot)

    def press(self, user: int, data: str, chat: int = GROUP, name: str = "") -> Update:
        sender = self._sender(user, name)
        query = {"id": f"q{next(self._update_ids)}", "from": sender, "chat_instance": "ci", "data": data,
                 "message": {"message_id": 7, "date": 1700000000, "text": "prompt",
                             "chat": ({"id": chat, "type": "private", "first_name": sender["first_name"]}
                                      if chat == user else {"id": chat, "type": "supergroup", "title": "Wargamers"})}}
        return Update.de_json({"update_id": next(self._update_ids), "callback_query": query}, self.app.bot)

    async def say(self, user: int, text: str, chat: int = GROUP, **kw) -> Update:
        update = self.message(user, text, chat, **kw)
        await self.app.process_update(update)
        return update

    async def click(self, user: int, data: str, chat: int = GROUP) -> None:
        await self.app.process_update(self.press(user, data, chat))

    def buttons(self, chat: int = GROUP) -> list[dict]:
        """The inline buttons of the last message to `chat` that had a keyboard."""
        for params in reversed(self.tg.sent(chat)):
            markup = params.get("reply_markup")
            if markup:
                markup = orjson.loads(markup) if isinstance(markup, str) else markup
                return [b for row in markup["inline_keyboard"] for b in row]
        return []

    def answers(self) -> list[dict]:
        return [p for e, p, _ in self.tg.calls if e == "answerCallbackQuery"]


@pytest.fixture
async def tg(service):
    request = FakeTelegram()
    adapter = TelegramAdapter(service, remind_every=0)
    application = adapter.build(TOKEN, request=request, get_updates_request=FakeTelegram(), updater=False)
    await application.initialize()
    try:
        yield Harness(application, request, adapter)
    finally:
        await application.shutdown()


async def seat(tg: Harness, *users: int, options: str = "") -> None:
    """/new tally, everyone joins, /start — then forget the calls so far."""
    await tg.say(users[0], f"/new tally {options}".strip())
    for user in users:
        await tg.say(user, "/join")
    await tg.say(users[0], "/start")
