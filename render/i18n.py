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


@lru_cache(maxsize=None)
def translator(lang: str | None) -> Callable[[str], str]:
    """The function that turns an English word or template into `lang`."""
    lang = language(lang)
    if lang == DEFAULT:
        return _same
    return catalogue(lang).gettext


def _same(text: str) -> str:
    return text
