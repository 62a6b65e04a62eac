"""The Telegram adapter (python-telegram-bot 22): updates → `Command`, `Reply` → messages.

It holds no rule. A command typed in a group (``/succ move ...``, ``/map@StrategosBot``)
becomes ``Command(channel=<chat id>[/<topic id>])``; anything typed in a private chat
with the bot becomes ``Command(channel=None, private=True)`` and the service routes it
to the user's game. The reply is posted as one batch per chat: the public lines as one
message (the picture's caption when they fit), the prompt's buttons as an inline
keyboard, private lines and pictures by private chat, refusals as a reply to the sender.

Redis keys (beside the service's own, under the channel's hash tag):

    strategos:{telegram:<channel>}:btn:<id>            a button: [channel, version, line]
    strategos:{telegram:<channel>}:tgfile:<kind>:<key>  Telegram's file_id of a picture
    strategos:{telegram:user:<id>}:dm                   the user opened the private chat
    strategos:{telegram:user:<id>}:name                 the user's display name, for mentions
    strategos:{telegram:user:<id>}:member:<chat>        1/0: still a member of that group (5 min)
    strategos:once:tg-update:<bot>:<update id>          an update already handled
    strategos:tg:commands:<bot>                         hash of the published command menu
"""
from __future__ import annotations

import asyncio
import html
import logging
import re
import secrets
import sys
from dataclasses import dataclass
from urllib.parse import urlsplit

import orjson
from telegram import (
    BotCommand,
    BotCommandScopeDefault,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    InputMediaPhoto,
    LinkPreviewOptions,
    Message,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatMemberStatus, MessageEntityType, MessageLimit, ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.helpers import create_deep_linked_url, mention_html
from telegram.request import BaseRequest

from bot.service import COMMANDS, STORE_ERRORS, Outage, Service, StoreError, new_thread, split_command
from bot.service.batching import TELEGRAM_GROUP, RobotRun, asks_a_person
from bot.service.types import Button, Command, Menu, Picture, Reply
from bot.service.types import chunks as split_lines
from bot.telegram import menus, webapp
from bot.telegram.commands import command_lists, command_words, digest
from bot.words.i18n import gettext_, of_locale
from core.registry import all_games

log = logging.getLogger("strategos.telegram")

PLATFORM = "telegram"
ALLOWED_UPDATES = [Update.MESSAGE, Update.CALLBACK_QUERY]
REMIND_EVERY = 60.0            # seconds between two looks at the due reminders
IMPORT_FILE_LIMIT = 512 * 1024   # the service's own limit of an /import
CAPTION_LIMIT = menus.CAPTION_LIMIT   # a photo caption, in characters
ALERT_LIMIT = 200              # an answerCallbackQuery text
USER_TTL = 365 * 24 * 3600     # how long "the private chat is open" and names are remembered
MEMBER_TTL = 300               # how long "this user is (not) a member of that group" is believed
FILE_ID_TTL = menus.FILE_ID_TTL
BUTTON_TTL = 14 * 24 * 3600    # how long a posted button can still be pressed
BUTTONS_PER_ROW = 3
TOPIC_NAME_LIMIT = 128         # characters of a forum topic's name
_SECRET = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_USER_REF = re.compile(r"&lt;@(\d+)&gt;")   # the service's `<@id>`, once escaped


# channels: a group's chat id, or "chat/topic" for a forum topic ------------------------------
def channel_of(chat_id: int, thread_id: int | None = None) -> str:
    return f"{chat_id}/{thread_id}" if thread_id else str(chat_id)


def topic_of(message) -> int | None:
    """The forum topic a message is in (None outside a topic; an inaccessible message has none)."""
    return message.message_thread_id if getattr(message, "is_topic_message", False) else None


def pressed_in(message) -> str | None:
    """The channel of the message a button was pressed under (None when Telegram no longer has it)."""
    return channel_of(message.chat.id, topic_of(message)) if message is not None else None


def chat_of(channel: str) -> tuple[int, int | None]:
    chat, _, thread = channel.partition("/")
    return int(chat), (int(thread) if thread else None)


# the deep link's payload (Telegram allows A-Za-z0-9_- only): the game the user was asked to open
# the private chat for, "g<chat>[_<topic>]"; python-telegram-bot builds the link itself
# (create_deep_linked_url) and routes /start <payload> by a filter (its deep-linking pattern)
GAME_PAYLOAD = r"g-?\d+(?:_\d+)?"
DEEP_LINK = re.compile(rf"^/start(?:@\w+)?\s+({GAME_PAYLOAD})\s*$")


def deep_link_code(channel: str | None) -> str:
    """The ?start= payload naming a game's channel."""
    return "g" + channel.replace("/", "_") if channel else "hello"


def channel_of_code(code: str) -> str | None:
    if not re.fullmatch(GAME_PAYLOAD, code or ""):
        return None
    return code[1:].replace("_", "/")


def html_line(line: str) -> str:
    """A service line as Telegram HTML: escaped, with `code` spans kept as code."""
    return _CODE_SPAN.sub(r"<code>\1</code>", html.escape(line, quote=False))


def mention(user: str, name: str | None) -> str:
    """A user by his id (python-telegram-bot's mention_html); a robot or a guest has none."""
    return mention_html(int(user), name or "player") if user.isdigit() else html.escape(name or "player", quote=False)


def chunks(lines: list[str], limit: int = MessageLimit.MAX_TEXT_LENGTH) -> list[str]:
    return split_lines(lines, limit)


def map_full(text: str) -> tuple[str, bool]:
    """`/map full` (or `/succ map full`): ask the service for /map, post the file as a document."""
    word, rest = split_command(text)
    if word == "map" and rest.lower() == "full":
        return text[: text.lower().rfind("full")].rstrip(), True
    if rest and word not in COMMANDS:
        verb, sub = split_command(rest)
        if verb == "map" and sub.lower() == "full":
            return text[: text.lower().rfind("full")].rstrip(), True
    return text, False


def with_user_ids(message: Message) -> str:
    """The text with each mention of a user picked from the member list (a text_mention, which
    carries the user's id) written `<@id>` where the entity stands, as /replace and /handover
    read it. Telegram counts offsets in UTF-16 code units."""
    units = message.text.encode("utf-16-le")
    for entity in sorted(message.entities or (), key=lambda e: -e.offset):
        if entity.type == MessageEntityType.TEXT_MENTION and entity.user is not None:
            start, end = 2 * entity.offset, 2 * (entity.offset + entity.length)
            units = units[:start] + f"<@{entity.user.id}>".encode("utf-16-le") + units[end:]
    return units.decode("utf-16-le")


def invitee_of(message: Message) -> int | None:
    """The user a /handover or /replace sent as a reply invites: the author of the message
    replied to (Telegram tells bots no @username's id; a reply carries it). None when the
    line names a user itself, or the reply is to a bot, a channel or a forum topic's start."""
    word, rest = split_command(message.text)
    if word not in ("handover", "replace") and rest and word not in COMMANDS:
        word, rest = split_command(rest)   # /succ handover
    if word not in ("handover", "replace") or len(rest.split()) > (1 if word == "replace" else 0):
        return None
    replied = message.reply_to_message
    # in a forum every message of a topic "replies" to the topic's first message: that is no invitation
    if replied is None or replied.forum_topic_created is not None or \
            (message.is_topic_message and replied.message_id == message.message_thread_id):
        return None
    author = replied.from_user
    if author is None or author.is_bot or replied.sender_chat is not None:
        return None
    return author.id


def shared_sender(message: Message) -> bool:
    """Sent "as a channel" or by an anonymous admin: Telegram puts one placeholder user in
    `from` for all such messages, so it names nobody."""
    return message.sender_chat is not None


def command_key(bot_id: int, update: Update) -> str:
    """The command's idempotency key: Telegram's update_id (unique per bot), so a redelivered
    update, or the service's retry of it, is applied once."""
    return f"tg{bot_id}:{update.update_id}"


def needs_admin(text: str) -> bool:
    """Commands whose permission may depend on being a chat admin (the service decides)."""
    word, rest = split_command(text)
    if word in ("abort", "start"):
        return True
    return bool(rest) and word not in COMMANDS and split_command(rest)[0] in ("abort", "start")


@dataclass
class Origin:
    """Where a command came from: the chat to answer refusals in, and the sender."""

    chat_id: int
    thread_id: int | None
    message_id: int | None
    user: str
    private: bool


class TelegramAdapter:
    def __init__(self, service: Service, remind_every: float = REMIND_EVERY):
        self.service = service
        self.remind_every = remind_every
        self.application: Application | None = None
        self._reminders = None   # the JobQueue job that polls the schedule
        # the robots' run in each group: one message edited in place, within 20 messages a minute
        self.robot_runs = RobotRun(TELEGRAM_GROUP, MessageLimit.MAX_TEXT_LENGTH)
        self._run_messages: dict[str, dict[str, int]] = {}   # channel → {"text"|"picture": message id}
        self._outage = Outage("Telegram's reminder loop", log)

    # wiring -------------------------------------------------------------------------------
    def build(self, token: str, *, request: BaseRequest | None = None,
              get_updates_request: BaseRequest | None = None, updater: bool = True,
              rate_limiter: bool = True, concurrent_updates: int = 16) -> Application:
        builder = (ApplicationBuilder().token(token).concurrent_updates(concurrent_updates)
                   .post_init(self.on_startup).post_shutdown(self.on_shutdown))
        if request is not None:
            builder = builder.request(request).get_updates_request(get_updates_request or request)
        if rate_limiter:
            builder = builder.rate_limiter(AIORateLimiter(max_retries=3))
        if not updater:
            builder = builder.updater(None)
        application = builder.build()
        self.install(application)
        return application

    def install(self, application: Application) -> None:
        self.application = application
        application.bot_data["strategos"] = self
        application.add_handler(TypeHandler(Update, self.on_any), group=-1)
        # new messages only: an edit of a command is never a second (or a changed) move
        new = filters.UpdateType.MESSAGE
        private, groups = new & filters.ChatType.PRIVATE, new & filters.ChatType.GROUPS
        application.add_handler(MessageHandler(new & filters.StatusUpdate.MIGRATE, self.on_migrate))
        # the private chat: /start with a game's payload (the deep link), a bare /start, then every line
        # (commands and `g=CHANNEL /command` alike: all of it is for this bot)
        application.add_handler(CommandHandler("start", self.on_deep_link, private & filters.Regex(DEEP_LINK)))
        application.add_handler(CommandHandler("start", self.on_hello, private))
        application.add_handler(MessageHandler(private & filters.TEXT, self.on_private))
        # a group: the command table and the games' names, each `/word` or `/word@ThisBot` (the library
        # matches the bot's name); then any other command, which the service answers "unknown"
        application.add_handler(CommandHandler(command_words(all_games()), self.on_group, groups))
        application.add_handler(MessageHandler(groups & filters.COMMAND, self.on_other_command))
        # a file captioned /import: CommandHandler reads a message's text, never a caption
        application.add_handler(MessageHandler(groups & filters.Document.ALL
                                               & filters.CaptionRegex(r"^/import(@\w+)?\s*$"), self.on_import_file))
        application.add_handler(CallbackQueryHandler(self.on_button, pattern=r"^b\|"))
        application.add_handler(CallbackQueryHandler(self.on_menu, pattern=menus.PATTERN))
        application.add_error_handler(self.on_error)

    async def on_startup(self, application: Application) -> None:
        try:
            await self.publish_commands(application.bot)
        except TelegramError as exc:   # the menu is a nicety: play works without it
            log.warning("command menu not published: %s", exc)
        if self.remind_every > 0 and self._reminders is None and application.job_queue is not None:
            self._reminders = application.job_queue.run_repeating(
                self._remind_job, interval=self.remind_every, first=self.remind_every, name="strategos-reminders")

    async def on_shutdown(self, application: Application) -> None:
        if self._reminders is not None:
            try:
                self._reminders.schedule_removal()
            except Exception:   # noqa: BLE001 — the JobQueue stopped first and dropped it already
                pass
            self._reminders = None

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("update failed: %r", context.error, exc_info=context.error)

    async def publish_commands(self, bot) -> bool:
        """set_my_commands in each language, only when the list changed (hash in Redis)."""
        lists = command_lists(all_games())
        key = f"tg:commands:{bot.id}"
        new = digest(lists)
        old = await asyncio.to_thread(self.service.setting, key)   # None when Redis is down: publish anyway
        if old == new:
            return False
        for language, rows in lists.items():
            await bot.set_my_commands([BotCommand(name, text) for name, text in rows],
                                      scope=BotCommandScopeDefault(), language_code=language)
        await asyncio.to_thread(self.service.set_setting, key, new)
        return True

    # updates ------------------------------------------------------------------------------
    async def on_any(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Telegram may deliver an update twice: the second time, nothing happens."""
        try:
            first = await asyncio.to_thread(self.service.once, f"tg-update:{context.bot.id}:{update.update_id}")
        except StoreError:
            first = True   # Redis is down: the service will say so to the user
        if not first:
            log.info("update %s delivered twice; ignored", update.update_id)
            raise ApplicationHandlerStop

    async def on_other_command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A command of no table (a typo, or another bot's): ours unless addressed to another bot."""
        first = (update.effective_message.text or "").split(maxsplit=1)[0]
        if "@" in first and first.split("@", 1)[1].lower() != (context.bot.username or "").lower():
            return   # /command@AnotherBot
        await self.on_group(update, context)

    async def on_group(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, chat, user = update.effective_message, update.effective_chat, update.effective_user
        if message is None or user is None or not message.text:
            return
        thread = topic_of(message)
        if shared_sender(message):
            await self._refuse_shared(context.bot, message, user)
            return
        text, full = map_full(with_user_ids(message))
        origin = Origin(chat.id, thread, message.message_id, str(user.id), False)
        opening = new_thread(text)
        if opening is not None:   # /new GAME ... thread: the game gets a forum topic of its own
            text, title = opening
            thread = await self._open_topic(context.bot, chat, origin, user, title)
            if thread is None:
                return
        invitee = invitee_of(message)
        if invitee is not None:
            text = f"{text} <@{invitee}>"
            author = message.reply_to_message.from_user
            await asyncio.to_thread(self._remember, author.id, author.full_name, False)
        admin = needs_admin(text) and await self._is_admin(context.bot, chat.id, user.id)
        cmd = Command(PLATFORM, channel_of(chat.id, thread), str(user.id), text, name=user.full_name,
                      admin=admin, key=command_key(context.bot.id, update), server=str(chat.id))   # its topics' too
        await asyncio.to_thread(self._remember, user.id, user.full_name, False)
        reply = await asyncio.to_thread(self.service.handle, cmd)
        if opening is not None and reply.error:   # a refused /new leaves no empty topic behind
            await self._close_topic(context.bot, chat.id, thread)
        await self.deliver(reply, origin, full)
        if opening is not None and not reply.error:
            await self._send_text(context.bot, chat.id, origin.thread_id, [gettext_(
                reply.lang, "The game is open in a topic of its own: {topic}.",
                topic=html.escape(self._topic_name(title, user), quote=False))], reply_to=origin.message_id,
                html_lines=True)

    @staticmethod
    def _topic_name(title: str, user) -> str:
        return f"{title} — {user.full_name}"[:TOPIC_NAME_LIMIT]

    async def _open_topic(self, bot, chat, origin: Origin, user, title: str) -> int | None:
        """A forum topic for a new game (a topic is a channel to the store: "chat/topic"); None,
        with the reason told, when the group has no topics or the bot may not open one."""
        lang = of_locale(user.language_code)
        if not chat.is_forum:
            await self._send_text(bot, chat.id, origin.thread_id, [gettext_(
                lang, "This group has no topics. Turn Topics on in the group's settings to give each game a topic "
                      "of its own, or type /new without thread to play here.")], reply_to=origin.message_id)
            return None
        try:
            topic = await bot.create_forum_topic(chat.id, self._topic_name(title, user))
        except TelegramError as exc:
            log.info("no topic opened in %s: %s", chat.id, exc)
            await self._send_text(bot, chat.id, origin.thread_id, [gettext_(
                lang, "I cannot open a topic here: make me an admin with the right to manage topics, or open a "
                      "topic yourself and type /new in it.")], reply_to=origin.message_id)
            return None
        await asyncio.to_thread(self.service.thread_opened, PLATFORM, channel_of(chat.id, origin.thread_id),
                                channel_of(chat.id, topic.message_thread_id))
        return topic.message_thread_id

    @staticmethod
    async def _close_topic(bot, chat_id: int, thread: int) -> None:
        try:
            await bot.delete_forum_topic(chat_id, thread)
        except TelegramError as exc:
            log.info("topic %s of %s not deleted: %s", thread, chat_id, exc)

    async def on_import_file(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A file sent to the group with the caption /import: an export, or a game moved here."""
        message, chat, user = update.effective_message, update.effective_chat, update.effective_user
        if message is None or user is None or message.document is None:
            return
        first = (message.caption or "").split(maxsplit=1)[0]
        if "@" in first and first.split("@", 1)[1].lower() != (context.bot.username or "").lower():
            return   # /import@AnotherBot: that bot's file
        if shared_sender(message):
            await self._refuse_shared(context.bot, message, user)
            return
        thread = topic_of(message)
        origin = Origin(chat.id, thread, message.message_id, str(user.id), False)
        too_large = Reply.refuse(gettext_(of_locale(user.language_code),
                                          "That file is too large to be a Strategos export."), "TOO_LONG")
        data = await self._download(context.bot, message.document) \
            if (message.document.file_size or 0) <= IMPORT_FILE_LIMIT else None
        if data is None:
            reply = too_large
        else:
            text = "/import " + bytes(data).decode("utf-8", "replace")
            cmd = Command(PLATFORM, channel_of(chat.id, thread), str(user.id), text, name=user.full_name,
                          key=command_key(context.bot.id, update), server=str(chat.id))
            reply = await asyncio.to_thread(self.service.handle, cmd)
        await self.deliver(reply, origin)

    @staticmethod
    async def _download(bot, document) -> bytearray | None:
        """The document's bytes, or None when it is over the /import limit. A message may not
        say its size: getFile's answer is checked before downloading, and the bytes after (the
        library reads a download whole; Telegram serves bots at most 20 MB)."""
        file = await bot.get_file(document.file_id)
        if (file.file_size or 0) > IMPORT_FILE_LIMIT:
            return None
        data = await file.download_as_bytearray()
        return data if len(data) <= IMPORT_FILE_LIMIT else None

    async def _refuse_shared(self, bot, message: Message, user) -> None:
        await self._send_text(bot, message.chat_id, topic_of(message),
                              [gettext_(of_locale(user.language_code if user else None),
                                        "Strategos plays with people, not with channels: a message sent as a "
                                        "channel or by an anonymous admin cannot be told from others sent the "
                                        "same way, so it is not taken. Send it as yourself.")],
                              reply_to=message.message_id)

    async def on_migrate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A group upgraded to a supergroup gets a new chat id: its game goes with it. Telegram
        says so in both chats (migrate_to in the old, migrate_from in the new); either moves it,
        the other then finds nothing left to move."""
        message = update.effective_message
        if message.migrate_to_chat_id:
            old, new = message.chat_id, message.migrate_to_chat_id
        else:
            old, new = message.migrate_from_chat_id, message.chat_id
        if await asyncio.to_thread(self.service.move_channel, PLATFORM, str(old), str(new)):
            log.info("game of chat %s moved to %s (upgraded to a supergroup)", old, new)

    async def on_private(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None or not message.text:
            return
        # whoever writes to the bot in private has opened the chat: private lines can come here
        await asyncio.to_thread(self._remember, user.id, user.full_name, True)
        origin = Origin(message.chat_id, None, message.message_id, str(user.id), True)
        text, full = map_full(message.text)
        if not await self._still_member(context.bot, user, text):
            await self._send_text(context.bot, origin.chat_id, None, [gettext_(
                of_locale(user.language_code), "You are no longer a member of that game's group, so you cannot "
                                               "play it from here.")], reply_to=origin.message_id)
            return
        cmd = Command(PLATFORM, None, str(user.id), text, name=user.full_name, private=True,
                      key=command_key(context.bot.id, update))
        reply = await asyncio.to_thread(self.service.handle, cmd)
        await self.deliver(reply, origin, full)

    async def _still_member(self, bot, user, text: str) -> bool:
        """Whether the sender of a private command still belongs to the group of the game it
        acts on: a user removed from a group stops playing its game and pinging it."""
        channel = await asyncio.to_thread(self.service.private_target, PLATFORM, str(user.id), text)
        try:
            chat_id = chat_of(channel)[0] if channel else None
        except ValueError:
            return True   # not a Telegram chat: the service refuses it
        return chat_id is None or await self._is_member(bot, chat_id, user.id)

    async def _is_member(self, bot, chat_id: int, user_id: int) -> bool:
        """Telegram's get_chat_member, its answer cached for MEMBER_TTL seconds."""
        scope = self._user_tag(user_id)
        cached = await asyncio.to_thread(self.service.cache_get, PLATFORM, scope, f"member:{chat_id}")
        if cached is not None:
            return cached == b"1"
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramError as exc:   # unknown (the bot left, a hiccup): the service's own checks hold
            log.info("membership of %s in %s unknown: %s", user_id, chat_id, exc)
            return True
        inside = member.status not in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED) and \
            getattr(member, "is_member", True)
        await asyncio.to_thread(self.service.cache_set, PLATFORM, scope, f"member:{chat_id}",
                                b"1" if inside else b"0", MEMBER_TTL)
        return inside

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query, user = update.callback_query, update.effective_user
        try:
            _, channel, button_id = query.data.split("|", 2)
            raw = await asyncio.to_thread(self.service.cache_get, PLATFORM, channel, f"btn:{button_id}")
            stored_channel, version, line = orjson.loads(raw) if raw else (None, None, None)
        except (ValueError, TypeError, orjson.JSONDecodeError):
            stored_channel = None
        if stored_channel is not None and pressed_in(query.message) != channel:
            # a button travels with its message: one in another chat, or another topic, is not ours to honour
            stored_channel = None
        if stored_channel is None or stored_channel != channel:
            expired = gettext_(of_locale(user.language_code if user else None), "This button has expired. Type the "
                               "command instead; /status shows what can be done now.")
            await query.answer(expired, show_alert=True)
            return
        await asyncio.to_thread(self._remember, user.id, user.full_name, False)
        cmd = Command(PLATFORM, channel, str(user.id), line, name=user.full_name, version=version,
                      key=command_key(context.bot.id, update))
        reply = await asyncio.to_thread(self.service.handle, cmd)
        try:
            if reply.error:
                # refusals of a press (stale, not your turn, ...) go to the presser alone
                await query.answer(_cut(reply.error, ALERT_LIMIT), show_alert=True)
            else:
                await query.answer()
            reply.error = None
        except TelegramError as exc:   # e.g. "query is too old": the refusal goes to the chat instead
            log.info("callback query %s not answered: %s", query.id, exc)
        chat_id, thread = chat_of(channel)
        await self.deliver(reply, Origin(chat_id, thread, None, str(user.id), False))

    async def on_menu(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A key of a menu of choices (bot/telegram/menus.py); a choice's outcome is delivered here."""
        pressed, user = update.callback_query.message, update.effective_user
        played = await menus.press(self.service, update, command_key(context.bot.id, update), pressed_in(pressed))
        if played is not None:
            reply, private = played
            chat_id, thread = (user.id, None) if private else chat_of(reply.channel)
            await self.deliver(reply, Origin(chat_id, thread, None, str(user.id), private))

    async def on_hello(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/start in the private chat (never the game's /start): private messages are on."""
        await self._opened(update, context)

    async def on_deep_link(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/start g<chat>[_<topic>], the link the group was given: private messages are on, and the
        private view the user could not receive before follows."""
        origin = await self._opened(update, context)
        channel = channel_of_code(context.args[0]) if context.args else None
        if channel is None or not await self._is_member(context.bot, chat_of(channel)[0], int(origin.user)):
            return
        cmd = Command(PLATFORM, None, origin.user, f"g={channel} /me", private=True)
        reply = await asyncio.to_thread(self.service.handle, cmd)
        if reply.ok:
            await self.deliver(reply, origin)

    async def _opened(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Origin:
        message, user = update.effective_message, update.effective_user
        # whoever writes to the bot in private has opened the chat: private lines can come here
        await asyncio.to_thread(self._remember, user.id, user.full_name, True)
        origin = Origin(message.chat_id, None, message.message_id, str(user.id), True)
        await self._send_text(context.bot, origin.chat_id, None, [gettext_(
            of_locale(user.language_code),
            "Private messages are on: your hands, private choices and secret results will come here. "
            "Play in the group; here you can also type a game's commands (e.g. /me).")])
        return origin

    async def _is_admin(self, bot, chat_id: int, user_id: int) -> bool:
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramError:
            return False
        return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    # replies ------------------------------------------------------------------------------
    async def deliver(self, reply: Reply, origin: Origin | None, full: bool = False) -> None:
        """Post a reply: the refusal to the sender, private parts privately, the rest as one batch."""
        bot = self.application.bot
        if origin is not None and origin.private and not reply.changed:
            # a look asked in private (/status, /export, /me) is answered there, never in the group
            reply.mentions, reply.buttons, reply.menu = [], [], None
            chat_id, thread = origin.chat_id, None
        elif reply.channel:
            chat_id, thread = chat_of(reply.channel)
        elif origin is not None:
            chat_id, thread = origin.chat_id, origin.thread_id
        else:
            return
        if reply.error and origin is not None:
            await self._send_text(bot, origin.chat_id, origin.thread_id, [reply.error],
                                  reply_to=origin.message_id)
        # a game's channel is a group; a reply with no channel came from (and stays in) a private chat
        public_chat = chat_id if not (origin and origin.private and chat_id == origin.chat_id) else None
        if public_chat is not None and reply.channel and (reply.public or reply.image or reply.mentions):
            self.robot_runs.new_message(reply.channel)   # said outside the robots' run: it ends
        closed = await self._deliver_private(bot, reply, origin)
        lines = await self._named([html_line(line) for line in reply.public])
        if reply.mentions:
            names = await asyncio.to_thread(self._names, reply.mentions)
            lines.append("🔔 " + ", ".join(mention(u, names.get(u)) for u in reply.mentions))
        if closed and public_chat is not None:
            lines.append(await self._open_notice(bot, closed, reply.channel, reply.lang))
        markup = await self._keyboard(reply.buttons, reply.channel) if reply.buttons and reply.channel else None
        # a first page that chooses a place: its crop is the message's photo, the lines its caption
        # (when the message has no picture of the position, and not as a message more)
        on_crop = reply.menu is not None and reply.menu.crop is not None and reply.image is None and bool(lines) \
            and menus.fits_caption("\n".join(lines))
        if reply.menu is not None:
            markup = menus.joined(markup, menus.keyboard(reply.menu, marked=on_crop))
        if on_crop:
            await self._send_picture(bot, chat_id, thread, reply.menu.crop, reply.channel, False, "\n".join(lines),
                                     markup)
            lines, markup = [], None
        if reply.image is not None:
            text = "\n".join(lines)
            caption = text if text and len(_plain(text)) <= CAPTION_LIMIT else None
            await self._send_picture(bot, chat_id, thread, reply.image, reply.channel, full, caption,
                                     markup if caption is not None or not lines else None)
            if caption is not None:
                lines, markup = [], None
        if lines:
            await self._send_text(bot, chat_id, thread, lines, markup=markup, html_lines=True)
        if reply.file is not None:
            target = origin or Origin(chat_id, thread, None, "", False)
            name, data = reply.file
            await bot.send_document(target.chat_id, InputFile(data, filename=name),
                                    message_thread_id=target.thread_id)

    async def _deliver_private(self, bot, reply: Reply, origin: Origin | None) -> list[str]:
        """Private lines and pictures by private chat; returns the users who could not be reached."""
        closed = []
        for user in dict.fromkeys([*reply.private, *reply.private_images]):
            open_ = (origin is not None and origin.private and origin.user == user) or \
                await asyncio.to_thread(self._is_open, user)
            if open_ and user.isdigit():
                try:
                    if reply.private.get(user):
                        menu = reply.menus.get(user)
                        lang = reply.private_langs.get(user, reply.lang)
                        page = webapp.page_markup(self.service, reply.private[user], lang) if menu is None else None
                        if page is not None:   # /web me: the page as a Mini App, and his games a press away
                            await self._send_text(bot, int(user), None, reply.private[user], markup=page)
                            await webapp.set_menu_button(bot, self.service, int(user), lang)
                        else:
                            await self._send_with_menu(bot, int(user), reply.private[user], menu, reply.channel)
                    if user in reply.private_images:
                        await self._send_picture(bot, int(user), None, reply.private_images[user],
                                                 reply.channel, False, None, None)
                    continue
                except (Forbidden, BadRequest) as exc:   # blocked the bot, or the chat is gone
                    log.info("cannot write to user %s privately: %s", user, exc)
                    await asyncio.to_thread(self._close, user)
                except TelegramError as exc:   # a network hiccup: the group must still get its lines
                    log.warning("private message to user %s failed: %s", user, exc)
                    continue
            closed.append(user)
        return closed

    async def _named(self, lines: list[str]) -> list[str]:
        """HTML lines with each user the service names by id (`<@id>`, escaped) as a mention
        showing his name, as Telegram links a user without a username."""
        users = sorted({m for line in lines for m in _USER_REF.findall(line)})
        if not users:
            return lines
        names = await asyncio.to_thread(self._names, users)
        return [_USER_REF.sub(lambda m: mention(m.group(1), names.get(m.group(1))), line) for line in lines]

    async def _open_notice(self, bot, users: list[str], channel: str | None, lang: str = "en") -> str:
        names = await asyncio.to_thread(self._names, users)
        link = create_deep_linked_url(bot.username, deep_link_code(channel))
        who = ", ".join(mention(u, names.get(u)) for u in users)
        return gettext_(lang, "{who}: I have something private for you, but cannot write to you yet. Open a "
                              "private chat with me once: {link} (press Start); /me then shows your private view.",
                        who=who, link=f'<a href="{link}">{html.escape(link)}</a>')

    async def _send_with_menu(self, bot, chat_id: int, lines: list[str], menu: Menu | None,
                              channel: str | None) -> None:
        """Private lines with a menu under the last: when its first page chooses a place and the
        last part fits a caption, that part is the caption of the page's crop (no message more)."""
        if menu is None or menu.crop is None:
            await self._send_text(bot, chat_id, None, lines, markup=menus.keyboard(menu) if menu is not None else None)
            return
        parts = chunks(await self._named([html_line(line) for line in lines]))
        if not parts or not menus.fits_caption(parts[-1]):
            await self._send_text(bot, chat_id, None, parts, markup=menus.keyboard(menu), html_lines=True)
            return
        if parts[:-1]:
            await self._send_text(bot, chat_id, None, parts[:-1], html_lines=True)
        await self._send_picture(bot, chat_id, None, menu.crop, channel, False, parts[-1],
                                 menus.keyboard(menu, marked=True))

    async def _send_text(self, bot, chat_id: int, thread: int | None, lines: list[str], *,
                         markup: InlineKeyboardMarkup | None = None, reply_to: int | None = None,
                         html_lines: bool = False) -> Message | None:
        parts = chunks(lines if html_lines else await self._named([html_line(line) for line in lines]))
        sent = None
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            sent = await bot.send_message(
                chat_id, part, parse_mode=ParseMode.HTML, message_thread_id=thread,
                reply_markup=markup if last else None, link_preview_options=NO_PREVIEW,
                reply_parameters=ReplyParameters(reply_to, allow_sending_without_reply=True)
                if reply_to and i == 0 else None)
        return sent

    async def _send_picture(self, bot, chat_id: int, thread: int | None, picture: Picture,
                            channel: str | None, as_document: bool, caption: str | None,
                            markup: InlineKeyboardMarkup | None) -> Message:
        """A photo (or the full-size file), reusing Telegram's file_id of an unchanged picture."""
        kind = "doc" if as_document else "photo"
        where = channel or "dm"
        cache_key = f"tgfile:{kind}:{picture.key}"
        cached = await asyncio.to_thread(self.service.cache_get, PLATFORM, where, cache_key)
        kwargs = dict(caption=caption, parse_mode=ParseMode.HTML, message_thread_id=thread, reply_markup=markup)
        if cached:
            try:
                return await self._post_picture(bot, chat_id, cached.decode(), as_document, kwargs)
            except BadRequest:
                log.info("cached file_id of %s refused; uploading again", picture.key)
        data = await asyncio.to_thread(picture.render)
        upload = InputFile(data, filename=picture.filename)
        try:
            message = await self._post_picture(bot, chat_id, upload, as_document, kwargs)
        except BadRequest as exc:
            if as_document:
                raise
            log.info("photo refused (%s); sending it as a file", exc)   # too big or too long for a photo
            kind, cache_key = "doc", f"tgfile:doc:{picture.key}"
            message = await self._post_picture(bot, chat_id, InputFile(data, filename=picture.filename),
                                               True, kwargs)
        file_id = (message.document.file_id if message.document else
                   message.photo[-1].file_id if message.photo else None)
        if file_id:
            await asyncio.to_thread(self.service.cache_set, PLATFORM, where, cache_key, file_id.encode(),
                                    FILE_ID_TTL)
        return message

    @staticmethod
    async def _post_picture(bot, chat_id: int, media, as_document: bool, kwargs: dict) -> Message:
        if as_document:
            return await bot.send_document(chat_id, media, **kwargs)
        return await bot.send_photo(chat_id, media, **kwargs)

    async def _keyboard(self, buttons: list[Button], channel: str) -> InlineKeyboardMarkup:
        """Buttons as an inline keyboard; each press is found again in Redis by a short id."""
        several = len({b.seat for b in buttons}) > 1
        stored, rows, row, last_seat = [], [], [], None
        for button in buttons:
            button_id = secrets.token_urlsafe(6)
            data = f"b|{channel}|{button_id}"
            if len(data.encode()) > 64:
                continue
            stored.append((f"btn:{button_id}", orjson.dumps([channel, button.version, button.line])))
            label = f"{button.seat}: {button.label}" if several else button.label
            if row and (len(row) >= BUTTONS_PER_ROW or button.seat != last_seat):
                rows.append(row)
                row = []
            row.append(InlineKeyboardButton(label, callback_data=data))
            last_seat = button.seat
        if row:
            rows.append(row)
        await asyncio.to_thread(self._store_buttons, channel, stored)
        return InlineKeyboardMarkup(rows)

    async def deliver_robot(self, reply: Reply) -> None:
        """A robot's move: its lines appended to the robots' run message (edited in place), the
        activation's picture posted, or put in place of the run's last one when the group's rate
        is reached (bot/service/batching.py); a move that leaves a person to decide is delivered as
        any reply, so he is notified."""
        if asks_a_person(reply) or reply.error or reply.file is not None or not reply.channel:
            await self.deliver(reply, None)
            return
        bot = self.application.bot
        chat_id, thread = chat_of(reply.channel)
        await self._deliver_private(bot, reply, None)   # a seat a robot holds for a player keeps his lines
        lines = await self._named([html_line(line) for line in reply.public])
        step = self.robot_runs.plan(reply.channel, lines, reply.image is not None)
        ids = self._run_messages.setdefault(reply.channel, {})
        if step.text is not None:
            text = "\n".join(step.text)
            if step.edit_text and "text" in ids:
                try:
                    await bot.edit_message_text(text, chat_id, ids["text"], parse_mode=ParseMode.HTML,
                                                link_preview_options=NO_PREVIEW)
                except BadRequest as exc:   # deleted by an admin, or nothing changed: the lines stay in /log
                    log.info("robots' run message not edited: %s", exc)
            else:
                sent = await bot.send_message(chat_id, text, parse_mode=ParseMode.HTML, message_thread_id=thread,
                                              link_preview_options=NO_PREVIEW)
                ids["text"] = sent.message_id
        if step.picture:
            if step.edit_picture and "picture" in ids:
                data = await asyncio.to_thread(reply.image.render)
                try:
                    await bot.edit_message_media(InputMediaPhoto(InputFile(data, filename=reply.image.filename)),
                                                 chat_id, ids["picture"])
                except BadRequest as exc:
                    log.info("robots' run picture not replaced: %s", exc)
            else:
                sent = await self._send_picture(bot, chat_id, thread, reply.image, reply.channel, False, None, None)
                ids["picture"] = sent.message_id
                ids.pop("text", None)

    # reminders ----------------------------------------------------------------------------
    async def remind(self) -> int:
        """Post every due reminder of a Telegram game; returns how many were posted."""
        replies = await asyncio.to_thread(self.service.due_reminders, PLATFORM)
        posted = 0
        for reply in replies:
            try:
                await (self.deliver_robot(reply) if reply.robot else self.deliver(reply, None))
            except TelegramError as exc:   # not handed back: it comes due again after its lease
                log.warning("reminder for %s not posted: %s", reply.channel, exc)
                continue
            await asyncio.to_thread(self.service.reminded, reply)
            posted += 1
        return posted

    async def _remind_job(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        """JobQueue's repeating job: one look at the schedule (the store away: the next round tries
        again, and the outage is logged once a minute)."""
        try:
            await self.remind()
            self._outage.recovered()
        except STORE_ERRORS as exc:
            self._outage.failed(exc)
        except Exception:   # noqa: BLE001 — one bad round must not stop the reminders
            log.exception("reminder round failed")

    # Redis (blocking: called through asyncio.to_thread) ----------------------------------------
    def _user_tag(self, user: str | int) -> str:
        return f"user:{user}"

    def _remember(self, user: int, name: str, opened: bool) -> None:
        self.service.cache_set(PLATFORM, self._user_tag(user), "name", name.encode(), USER_TTL)
        if opened:
            self.service.cache_set(PLATFORM, self._user_tag(user), "dm", b"1", USER_TTL)

    def _is_open(self, user: str) -> bool:
        return self.service.cache_get(PLATFORM, self._user_tag(user), "dm") is not None

    def _close(self, user: str) -> None:
        self.service.cache_delete(PLATFORM, self._user_tag(user), "dm")

    def _names(self, users: list[str]) -> dict[str, str]:
        out = {}
        for user in users:
            raw = self.service.cache_get(PLATFORM, self._user_tag(user), "name")
            if raw:
                out[user] = raw.decode()
        return out

    def _store_buttons(self, channel: str, entries: list[tuple[str, bytes]]) -> None:
        self.service.cache_set_many(PLATFORM, channel, entries, BUTTON_TTL)   # if lost, a press says "expired"


_plain = menus.plain


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# the webhook: the web process (bot/web/app.py) takes Telegram's POSTs on its own route and puts
# each update on the application's update queue, python-telegram-bot's documented custom-webhook
# way (its customwebhookbot.py example); here the application is started and stopped around it.
async def start_webhook(application: Application, settings) -> None:
    """Initialize, register the webhook with Telegram (with its secret) and start processing."""
    await application.initialize()
    if application.post_init:
        await application.post_init(application)
    await application.bot.set_webhook(settings.telegram_webhook_url, allowed_updates=ALLOWED_UPDATES,
                                      secret_token=settings.telegram_webhook_secret,
                                      max_connections=settings.telegram_webhook_max_connections)
    await application.start()
    log.info("webhook mode: updates arrive at %s", urlsplit(settings.telegram_webhook_url).path or "/")


async def stop_webhook(application: Application) -> None:
    if application.running:
        await application.stop()
    if application.post_shutdown:
        await application.post_shutdown(application)
    await application.shutdown()


def webhook_problem(settings) -> str | None:
    """Why webhook mode cannot start (no secret), or None."""
    if not _SECRET.match(settings.telegram_webhook_secret or ""):
        return ("Webhook mode needs TELEGRAM_WEBHOOK_SECRET: 1-256 characters of A-Z a-z 0-9 _ - "
                "(Telegram sends it with every update; requests without it are refused).")
    return None


def run(settings) -> int:
    """`strategos telegram`: long polling, or a webhook when TELEGRAM_WEBHOOK_URL is set."""
    if not settings.telegram_token:
        print("TELEGRAM_TOKEN is not set: create a bot with @BotFather and put its token in the "
              "environment or in .env (see docs/telegram.md).", file=sys.stderr)
        return 2
    if settings.telegram_webhook_url:
        print("With TELEGRAM_WEBHOOK_URL set, Telegram's updates arrive at the web process: run "
              "`strategos web` (docs/deploy.md). Without it, this command polls.", file=sys.stderr)
        return 2
    problem = _unreachable(settings.telegram_token)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from bot.wiring import make_service

    adapter = TelegramAdapter(make_service(settings))
    application = adapter.build(settings.telegram_token)
    log.info("polling mode")
    application.run_polling(allowed_updates=ALLOWED_UPDATES)
    return 0


def _unreachable(token: str) -> str | None:
    """Why Telegram cannot be used now, in one line (a refused token, no network), or None.

    Asked once before the application starts, so a machine without network prints one
    sentence (as `strategos discord` does) instead of the library's retry tracebacks."""
    from telegram import Bot
    from telegram.error import InvalidToken, NetworkError

    async def hello() -> None:
        async with Bot(token):   # initialize() asks getMe: the token and the network at once
            pass

    try:
        asyncio.run(hello())
    except InvalidToken:
        return ("Telegram refused the token in TELEGRAM_TOKEN (ask @BotFather for it again with /token "
                "and put it in the environment or .env).")
    except NetworkError as exc:   # TimedOut included
        return f"Cannot reach Telegram ({exc}). Check the network and try again."
    except TelegramError as exc:
        return f"Telegram answered the start-up check with an error: {exc}."
    return None
