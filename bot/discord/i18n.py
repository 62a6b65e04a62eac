"""discord.py's `app_commands.Translator` over the gettext catalogues: the slash commands'
descriptions (and their options', and the games' verbs', said from their messages) in Spanish and
Russian, as Discord shows them to users whose client speaks those languages. Command names stay
English: they are what players type in every language, and what /help and the examples name."""
from __future__ import annotations

import hashlib

import discord
from discord import app_commands

from bot.words.i18n import LOCALE_DIR, render
from core.message import Msg, msg

LOCALES = {discord.Locale.spain_spanish: "es", discord.Locale.latin_american_spanish: "es",
           discord.Locale.russian: "ru"}
DESCRIPTION_LIMIT = 100   # characters of a command or option description


class StrategosTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = LOCALES.get(locale)
        where = app_commands.TranslationContextLocation
        # a name is what a player types (English everywhere), and so is a choice, unless it was made a
        # message to be said (a robot's level: "2 · one ply")
        if lang is None or context.location in (where.command_name, where.group_name, where.parameter_name) or (
                context.location is where.choice_name and "said" not in string.extras):
            return None
        # a description composed of messages (a verb's help, an option's kind) carries them
        # (bot/discord/tree.said); a fixed one is its own message id
        message = string.extras.get("said", string.message)
        text = render(message if isinstance(message, Msg) else msg(str(message)), lang)
        if text == string.message:
            return None
        text = " ".join(text.split())
        return text if len(text) <= DESCRIPTION_LIMIT else text[:DESCRIPTION_LIMIT - 1] + "…"


def catalogue_digest() -> str:
    """Changes when a translation changes, so the command tree is synced again."""
    digest = hashlib.sha256()
    for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        digest.update(path.read_bytes())
    return digest.hexdigest()
