"""Three languages — English, Spanish, Russian — through gettext catalogues and Babel.

The catalogues are `bot/locale/{es,ru}/LC_MESSAGES/strategos.po` (under version control),
compiled at load with Babel's own tools (`read_po` → `write_mo` → `GNUTranslations`), so
no build step is needed. Their message ids are the English sentences of the service and the
adapters as templates (`{name} joins. Seated: {names}.`), listed in `bot/messages.py` for
Babel's extraction:

    python -m bot.i18n extract   # bot/messages.py → bot/locale/strategos.pot, and merges it into each .po

Translation happens at the edge of the service, on the finished Reply: each line is matched
against the templates, and the values it carries (a game's title, "on", "your turn") are
translated in turn where they are message ids themselves, so the service keeps composing its
sentences in English and one place speaks the channel's language. A line that matches no
template stays English: the game rule messages of core/games are English for now.
"""
from __future__ import annotations

import gettext
import io
import re
import sys
from functools import lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "strategos"
LANGUAGES = {"en": "English", "es": "español", "ru": "русский"}
DEFAULT = "en"
_FIELD = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=None)
def catalogue(lang: str) -> gettext.NullTranslations:
    """The language's compiled catalogue (compiled in memory from its .po at first use)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == DEFAULT or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def gettext_(lang: str, msgid: str, **values) -> str:
    """One message id in `lang`, its fields filled."""
    text = catalogue(lang).gettext(msgid) if lang != DEFAULT else msgid
    return text.format(**values) if values else text


@lru_cache(maxsize=1)
def _templates() -> list[tuple[re.Pattern, str]]:
    """Every message id with fields, as a pattern, the most specific (longest literal) first."""
    from bot import messages

    out = []
    for msgid in messages.MESSAGES:
        if "{" not in msgid:
            continue
        parts = re.split(r"(\{\w+\})", msgid)
        pattern = "".join(f"(?P<{p[1:-1]}>.*?)" if _FIELD.fullmatch(p) else re.escape(p) for p in parts)
        literal = sum(len(p) for p in parts if not _FIELD.fullmatch(p))
        out.append((literal, re.compile(f"^{pattern}$", re.S), msgid))
    out.sort(key=lambda item: -item[0])
    return [(pattern, msgid) for _, pattern, msgid in out]


@lru_cache(maxsize=1)
def _plain() -> frozenset[str]:
    from bot import messages

    return frozenset(m for m in messages.MESSAGES if "{" not in m)


def translate(line: str, lang: str, depth: int = 0) -> str:
    """A line composed in English by the service, in `lang` (unchanged when no template fits)."""
    if lang == DEFAULT or not line or depth > 3:
        return line
    if line in _plain():
        return catalogue(lang).gettext(line)
    for pattern, msgid in _templates():
        match = pattern.match(line)
        if match is None:
            continue
        values = {k: translate(v, lang, depth + 1) if v else v for k, v in match.groupdict().items()}
        target = catalogue(lang).gettext(msgid)
        try:
            return target.format(**values)
        except (KeyError, IndexError, ValueError):
            return line
    return line


def localize(reply, lang: str, lang_of=None) -> None:
    """The reply's own lines in `lang` (the channel's); private lines in each user's language."""
    if lang != DEFAULT:
        reply.public = [translate(line, lang) for line in reply.public]
        if reply.error:
            reply.error = translate(reply.error, lang)
    for user, lines in reply.private.items():
        own = (lang_of(user) if lang_of else None) or lang
        if own != DEFAULT:
            reply.private[user] = [translate(line, own) for line in lines]
    reply.lang = lang


def of_locale(code) -> str:
    """A platform's locale ("es-ES", "ru", discord.Locale.russian, Telegram's language_code) → en|es|ru."""
    code = str(getattr(code, "value", code) or "").lower()[:2]
    return code if code in LANGUAGES else DEFAULT


def language_of(text: str | None) -> str | None:
    code = (text or "").strip().lower()[:2]
    return code if code in LANGUAGES else None


# extraction: bot/messages.py → the .pot, merged into each .po ---------------------------------------
def extract() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import write_po

    source = Path(__file__).with_name("messages.py")
    template = Catalog(domain=DOMAIN, project="Strategos")
    for lineno, message, comments, _ in extract_from_file("python", str(source), keywords={"N_": None}):
        template.add(message, locations=[(f"bot/{source.name}", lineno)], auto_comments=comments)
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, template, omit_header=False, sort_output=False)
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, sort_output=False, ignore_obsolete=True)


if __name__ == "__main__" and sys.argv[1:] == ["extract"]:
    extract()
