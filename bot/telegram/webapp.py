"""The game's page as a Telegram Mini App: a seat's private page link (/web me) answered with a
`web_app` button that opens it inside Telegram, and the private chat's menu button set to the
player's games (the page /tg). Telegram opens a Mini App only at an HTTPS address; at any other
the link stays a link. python-telegram-bot's own classes (WebAppInfo, MenuButtonWebApp)."""
from __future__ import annotations

import logging

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, MenuButtonWebApp, WebAppInfo
from telegram.error import TelegramError

from bot.words.i18n import gettext_

log = logging.getLogger("strategos.telegram")


def page_markup(service, lines: list[str], lang: str) -> InlineKeyboardMarkup | None:
    """A button opening the seat's page in these lines inside Telegram (None: no such link, or
    not an HTTPS one)."""
    link = service.pages.seat_link(lines)
    if link is None or not link.startswith("https://"):
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton("🗺 " + gettext_(lang, "Your private view"),
                                                       web_app=WebAppInfo(url=link))]])


async def set_menu_button(bot, service, user_id: int, lang: str) -> None:
    """The private chat's menu button: the player's games, as a Mini App (only at an HTTPS WEB_URL)."""
    url = (service.web_url or "").rstrip("/")
    if not service.pages.configured or not url.startswith("https://"):
        return
    try:
        await bot.set_chat_menu_button(chat_id=user_id, menu_button=MenuButtonWebApp(
            gettext_(lang, "Your games:").rstrip(":"), WebAppInfo(url=f"{url}/tg")))
    except TelegramError as exc:   # a menu button is a convenience: the answer itself went out
        log.info("could not set the menu button of user %s: %s", user_id, exc)
