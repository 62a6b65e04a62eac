"""The words drawn on pictures, in the channel's language (English, Spanish, Russian).

A small gettext catalogue of its own, `render/locale/{es,ru}/LC_MESSAGES/render.po`, compiled
at load with Babel as the bot's is (render never imports bot). Message ids are the English
words and templates the drawers write (`Turn {turn}`, `VP`, a province's name); game terms
follow the seeds' vocabulary (Spanish PV, Usurpador, Diádoco; Russian ПО, ОЛ, БЧ, Узурпатор,
Сторонник, Диадох). A word missing from a catalogue is drawn in English.

    tr = translator("es"); tr("Players") == "Jugadores"
"""
from __future__ import annotations

import gettext
import io
from functools import lru_cache
from pathlib import Path
from typing import Callable

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "render"
LANGUAGES = ("en", "es", "ru")
DEFAULT = "en"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled(path: Path, lang: str, domain: str) -> gettext.NullTranslations:
    """A .po catalogue compiled in memory with Babel's own tools (read_po → write_mo →
    GNUTranslations), so no build step is needed; the bot's catalogues (bot/words/i18n.py) use it too.
    A missing file is no translation (English)."""
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    data = io.BytesIO()
    write_mo(data, catalog, use_fuzzy=False)
    data.seek(0)
    return gettext.GNUTranslations(data)


@lru_cache(maxsize=None)
def catalogue(lang: str) -> gettext.NullTranslations:
    """The language's compiled catalogue (compiled in memory from its .po at first use)."""
    return gettext.NullTranslations() if lang == DEFAULT else compiled(po_path(lang), lang, DOMAIN)


def language(lang: str | None) -> str:
    """`lang` if the pictures speak it, else English ("es-ES" → "es")."""
    code = str(lang or "").strip().lower()[:2]
    return code if code in LANGUAGES else DEFAULT


# The rules keep some of their words in a state as messages (core/message.keep: the last battle's
# line, the end's reason), which the pictures draw. The service's words layer says a message in a
# language (its catalogues, the Russian cases); it names itself here when it loads
# (bot/words/i18n.py), since render never imports it (the service sits above the pictures).
# Without it, as in a picture drawn by render alone, a message is said in English.
_speaker: Callable[[str, str], str] | None = None


def speak_with(speaker: Callable[[str, str], str]) -> None:
    """`speaker(message, lang)` says the rules' messages in the pictures from now on."""
    global _speaker
    _speaker = speaker


class Translator:
    """A picture's words in one language: `tr("Players")` an English word or template of the
    drawers; `tr.say(message)` a message the rules kept (a core.message.Msg, or the English
    sentence a game set up before issue 36 kept), by the words layer (`speak_with`)."""

    def __init__(self, lang: str):
        self.lang = lang
        self._gettext = _same if lang == DEFAULT else catalogue(lang).gettext

    def __call__(self, text: str) -> str:
        return self._gettext(text)

    def say(self, message) -> str:
        if self.lang == DEFAULT or _speaker is None:
            return str(message)
        return _speaker(message, self.lang)


@lru_cache(maxsize=None)
def translator(lang: str | None) -> Translator:
    """The words of the pictures in `lang` (one `Translator` a language)."""
    return Translator(language(lang))


def _same(text: str) -> str:
    return text
