"""/lang per channel and per user, and the translation of every reply at the service's edge."""
from __future__ import annotations

import logging

from bot.service.common import Topic
from bot.service.types import Command, Reply
from bot.words.i18n import LANGUAGES, language_of, localize
from core.message import msg

log = logging.getLogger("strategos.command")


class Languages(Topic):
    """The languages of a reply."""

    def localize(self, cmd: Command, reply: Reply) -> None:
        if reply.code in ("OUTCOME_UNKNOWN", "STORE_DOWN"):
            return   # Redis is in trouble: answer now, in English, without asking it for a language
        try:
            channel = reply.channel or cmd.channel
            users = set(reply.private) | ({cmd.user} if cmd.private or channel is None else set())
            known = reply.known_langs
            if known is not None and users <= set(known[1]):
                channel_lang, user_langs = known   # read with the game
            else:   # one round trip for every language this reply needs (the channel's, the users')
                channel_lang, user_langs = self.store.languages(cmd.platform, channel, sorted(users))
            lang = None
            if cmd.private or channel is None:
                lang = language_of(user_langs.get(cmd.user))
            if lang is None and channel is not None:
                lang = language_of(channel_lang)
            lang = lang or "en"
            if reply.private:
                own = {u: language_of(user_langs.get(u)) for u in reply.private}
                localize(reply, lang, own.get)
            else:
                localize(reply, lang)
        except Exception:   # noqa: BLE001 — a translation never costs a command its answer
            log.exception("could not translate a reply")

    def inherit(self, platform: str, parent: str, child: str) -> None:
        """`child` speaks `parent`'s language (a thread opened from a channel)."""
        lang, _ = self.store.languages(platform, parent, [])
        if language_of(lang):
            self.store.set_channel_lang(platform, child, lang)

    def lang(self, rest: str, cmd: Command) -> Reply:
        lang = language_of(rest)
        if lang is None or len(rest.strip()) != 2:
            return Reply.refuse(msg("Languages: en (English), es (español), ru (русский). Usage: /lang "
                                    "es."), "MALFORMED")
        if cmd.channel is not None and not cmd.private:
            self.store.set_channel_lang(cmd.platform, cmd.channel, lang)
            self.service.pages.language_changed(cmd.platform, cmd.channel)   # open pages speak it at once
            return Reply(public=[msg("This channel now speaks {language}.", language=LANGUAGES[lang])],
                         channel=cmd.channel)
        self.store.set_user_pref(cmd.platform, cmd.user, "lang", lang)
        return Reply(private={cmd.user: [msg("Your private messages now come in {language}.",
                                             language=LANGUAGES[lang])]})



