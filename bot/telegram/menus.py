"""Telegram: a menu of choices (bot/service/menus.py) as an inline keyboard, walked in place.

Each key's callback data is ``m|`` and the page's address (`Menu.at`: channel, version, a
digest of the lines, seat, private or public, path) — well inside Telegram's 64 bytes, and
nothing to keep in Redis: the service builds the menu again from the stored game on a press.
The adapter routes a press here (`TelegramAdapter.on_menu`). A press on a level edits the same
message (`edit_message_text` in a private chat, `edit_message_reply_markup` under a public
message, which may be a photo's caption); a press on a choice plays its line through the
normal command path and the keyboard goes.

A level that chooses a place comes with its crop of the map (`Menu.crop`), each option's
number on it and on its key (`➌ Issos`). The crop is the menu message's own photo, its text
the caption: sent with the first page when that chooses a place and the message has no
picture of its own, else put in on the first level that has one (`edit_message_media`, which
also adds a photo to a text message) and swapped on the next. A public message's picture of
the position gives way to the crop, which is cut from that same picture; a text too long for
a caption keeps its keys only. A level without places keeps the last photo, its keys without
numbers. No message is added for a crop.
"""
from __future__ import annotations

import asyncio
import html
import logging
import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputFile, InputMediaPhoto, Message, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, TelegramError

from bot.service.types import HINT, HINT_LABEL, Command, Menu, Picture, Reply
from bot.words.i18n import gettext_, of_locale

log = logging.getLogger("strategos.telegram")

PLATFORM = "telegram"
PATTERN = r"^m\|"
DATA_LIMIT = 64          # bytes of one key's callback_data
PER_ROW = 2
ALERT_LIMIT = 200
CAPTION_LIMIT = 1024     # a photo caption, in characters
FILE_ID_TTL = 7 * 24 * 3600


def data_of(menu: Menu, path: str) -> str:
    return f"m|{menu.at(path)}"


def keyboard(menu: Menu, marked: bool = False) -> InlineKeyboardMarkup:
    """The page's choices two to a row, then the back key (on every page but the first), then a
    private menu's /hint key where the table allows hints;
    `marked`: its crop is shown with it, and each key carries its number on the crop."""
    keys = []
    for option in menu.options:
        label = gettext_(menu.lang, "More…") if option.more else \
            (option.badge if marked else "") + option.label + ("" if option.leaf else " ▸")
        keys.append(InlineKeyboardButton(label[:64], callback_data=data_of(menu, option.path)))
    rows = [keys[i:i + PER_ROW] for i in range(0, len(keys), PER_ROW)]
    if menu.back is not None:
        rows.append([InlineKeyboardButton("◂ " + gettext_(menu.lang, "Back"), callback_data=data_of(menu, menu.back))])
    if menu.hint:
        rows.append([InlineKeyboardButton(HINT_LABEL, callback_data=data_of(menu, HINT))])
    too_long = [k.callback_data for row in rows for k in row if len(k.callback_data.encode()) > DATA_LIMIT]
    if too_long:   # never expected (the address is ~45 bytes); a key Telegram would refuse is left out
        log.warning("menu keys over %d bytes left out: %s", DATA_LIMIT, too_long[0])
        rows = [[k for k in row if len(k.callback_data.encode()) <= DATA_LIMIT] for row in rows]
    return InlineKeyboardMarkup([row for row in rows if row])


def title(menu: Menu) -> str:
    """A private page's text: where the reader is in the menu."""
    trail = " › ".join(html.escape(step) for step in menu.trail)
    return gettext_(menu.lang, "Choose:") + (f" <b>{trail}</b>" if trail else "")


def joined(first: InlineKeyboardMarkup | None, second: InlineKeyboardMarkup) -> InlineKeyboardMarkup:
    """A message's buttons and a menu under them (a public prompt of several seats)."""
    rows = [list(row) for row in (first.inline_keyboard if first else ())]
    return InlineKeyboardMarkup(rows + [list(row) for row in second.inline_keyboard])


def plain(text: str) -> str:
    """An HTML message's text as the reader sees it (what Telegram counts against a caption's limit)."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def fits_caption(text: str) -> bool:
    return len(plain(text)) <= CAPTION_LIMIT


async def photo_of(service, picture: Picture, where: str) -> tuple[str | InputFile, bool]:
    """The crop to send: Telegram's file_id of it when it was uploaded before, else its bytes
    (drawn off the event loop); and whether it was cached."""
    cached = await asyncio.to_thread(service.cache_get, PLATFORM, where, f"tgfile:photo:{picture.key}")
    if cached:
        return cached.decode(), True
    return InputFile(await asyncio.to_thread(picture.render), filename=picture.filename), False


async def remember(service, picture: Picture, where: str, message: Message | bool) -> None:
    """Keep the file_id Telegram gave the crop: the next walk through this level sends no bytes."""
    if isinstance(message, Message) and message.photo:
        await asyncio.to_thread(service.cache_set, PLATFORM, where, f"tgfile:photo:{picture.key}",
                                message.photo[-1].file_id.encode(), FILE_ID_TTL)


async def show_page(service, query, page: Menu, in_private: bool) -> None:
    """A level drawn in place of the last: its crop swapped in (or added to a text message),
    else its text or keys edited."""
    pressed = query.message   # (an inaccessible message, too old to read, has neither photo nor text)
    photo = bool(getattr(pressed, "photo", None))
    kept = None if in_private else getattr(pressed, "caption_html" if photo else "text_html", None)
    caption = title(page) if in_private else kept
    where, media, cached = page.channel or "dm", None, False
    if page.crop is not None and caption is not None and fits_caption(caption):
        try:
            media, cached = await photo_of(service, page.crop, where)
        except Exception:   # noqa: BLE001 — a picture never costs a press its level
            log.exception("a menu's crop could not be drawn; its keys are drawn without it")
    if media is not None:
        try:
            sent = await query.edit_message_media(InputMediaPhoto(media, caption=caption, parse_mode=ParseMode.HTML),
                                                  reply_markup=keyboard(page, marked=True))
        except BadRequest:
            if not cached:
                raise
            log.info("cached file_id of %s refused; uploading again", page.crop.key)
            media = InputFile(await asyncio.to_thread(page.crop.render), filename=page.crop.filename)
            sent = await query.edit_message_media(InputMediaPhoto(media, caption=caption, parse_mode=ParseMode.HTML),
                                                  reply_markup=keyboard(page, marked=True))
        await remember(service, page.crop, where, sent)
    elif in_private and photo:   # the last crop stays; this level's keys carry no numbers
        await query.edit_message_caption(caption=caption, parse_mode=ParseMode.HTML, reply_markup=keyboard(page))
    elif in_private:
        await query.edit_message_text(caption, parse_mode=ParseMode.HTML, reply_markup=keyboard(page))
    else:
        await query.edit_message_reply_markup(reply_markup=keyboard(page))


async def press(service, update: Update, key: str, pressed_in: str | None) -> tuple[Reply, bool] | None:
    """A key of a menu: the next page drawn in place, or a refusal as an alert (None: done
    here); or the choice played, its reply and whether it came from a private chat, for the
    adapter to deliver as any command's. `pressed_in`: the channel of the chat (topic) pressed in."""
    query, user = update.callback_query, update.effective_user
    where = (query.data or "")[2:]
    pressed = query.message
    in_private = pressed is not None and pressed.chat.type == ChatType.PRIVATE
    if not in_private and not where.startswith(f"{pressed_in}|"):
        # a public menu travels with its message: one pressed in another chat or topic is not ours
        await query.answer(gettext_(of_locale(user.language_code), "This menu has expired. /me shows your choices "
                                    "now."), show_alert=True)
        return None
    cmd = Command(PLATFORM, None, str(user.id), "", name=user.full_name, private=in_private, key=key)
    reply = await asyncio.to_thread(service.press_menu, cmd, where)
    if reply.page is not None:   # a refused press carries the fresh menu: the refusal as an alert
        await (query.answer(reply.error[:ALERT_LIMIT], show_alert=True) if reply.error else query.answer())
        try:
            await show_page(service, query, reply.page, in_private)
        except TelegramError as exc:   # e.g. "message is not modified": the keyboard is still there
            log.info("menu page not drawn in place: %s", exc)
        return None
    if reply.error:
        await query.answer(reply.error[:ALERT_LIMIT], show_alert=True)
        return None
    await query.answer()
    if where.endswith(f"|{HINT}"):   # the hint, delivered privately: the menu stays for the choice itself
        reply.channel = reply.channel or where.split("|", 1)[0]
        return reply, True
    try:   # the choice is made: this menu is spent, its keys go
        await query.edit_message_reply_markup(reply_markup=None)
    except TelegramError as exc:
        log.info("spent menu not cleared: %s", exc)
    reply.channel = reply.channel or where.split("|", 1)[0]
    return reply, in_private
