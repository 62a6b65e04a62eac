"""Telegram: a menu of choices (bot/service/menus.py) as an inline keyboard, walked in place.

Each key's callback data is ``m|`` and the page's address (`Menu.at`: channel, version, a
digest of the lines, seat, private or public, path) — well inside Telegram's 64 bytes, and
nothing to keep in Redis: the service builds the menu again from the stored game on a press.
The adapter routes a press here (`TelegramAdapter.on_menu`). A press on a level edits the same
message (`edit_message_text` in a private chat, `edit_message_reply_markup` under a public
message, which may be a photo's caption); a press on a choice plays its line through the
normal command path and the keyboard goes.
"""
from __future__ import annotations

import asyncio
import html
import logging

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError

from bot.service.types import Command, Menu, Reply
from bot.words.i18n import gettext_, of_locale

log = logging.getLogger("strategos.telegram")

PLATFORM = "telegram"
PATTERN = r"^m\|"
DATA_LIMIT = 64          # bytes of one key's callback_data
PER_ROW = 2
ALERT_LIMIT = 200


def data_of(menu: Menu, path: str) -> str:
    return f"m|{menu.at(path)}"


def keyboard(menu: Menu) -> InlineKeyboardMarkup:
    """The page's choices two to a row, then the back key (on every page but the first)."""
    keys = []
    for option in menu.options:
        label = gettext_(menu.lang, "More…") if option.more else option.label + ("" if option.leaf else " ▸")
        keys.append(InlineKeyboardButton(label[:64], callback_data=data_of(menu, option.path)))
    rows = [keys[i:i + PER_ROW] for i in range(0, len(keys), PER_ROW)]
    if menu.back is not None:
        rows.append([InlineKeyboardButton("◂ " + gettext_(menu.lang, "Back"), callback_data=data_of(menu, menu.back))])
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
            if in_private:
                await query.edit_message_text(title(reply.page), parse_mode=ParseMode.HTML,
                                              reply_markup=keyboard(reply.page))
            else:
                await query.edit_message_reply_markup(reply_markup=keyboard(reply.page))
        except TelegramError as exc:   # e.g. "message is not modified": the keyboard is still there
            log.info("menu page not drawn in place: %s", exc)
        return None
    if reply.error:
        await query.answer(reply.error[:ALERT_LIMIT], show_alert=True)
        return None
    await query.answer()
    try:   # the choice is made: this menu is spent, its keys go
        await query.edit_message_reply_markup(reply_markup=None)
    except TelegramError as exc:
        log.info("spent menu not cleared: %s", exc)
    reply.channel = reply.channel or where.split("|", 1)[0]
    return reply, in_private
