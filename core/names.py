"""A person's name as the bot keeps and shows it: one line of printable text, bounded.

Every name that comes in — a platform's display name (each `Command`), /join, an imported
export's players — and every name a picture draws goes through `display_name`, so that no name
breaks a message or a picture (a line break made text layout fail), reorders the text around
it (bidirectional controls), or costs seconds to draw (a 20,000-character name). Pure text: no
chat, no Pillow; the service and the pictures both import it.
"""
from __future__ import annotations

import re
import unicodedata

NAME_MAX = 32          # characters, as Discord's display names; a longer one is cut with "…"
CUT = "…"
_KEEP_FORMAT = {"\u200d"}  # the zero-width joiner holds emoji sequences together (👩‍💻)
_SPACES = re.compile(r"\s+")


def display_name(raw: object, fallback: str = "") -> str:
    """`raw` on one line: control and format characters dropped (bar the emoji joiner), line
    breaks and runs of white space made one space, cut to NAME_MAX characters; `fallback`
    (bounded the same way) when nothing printable is left."""
    # a name longer than this is cut anyway: no time is spent on the rest of a huge one
    text = unicodedata.normalize("NFC", str(raw or "")[:NAME_MAX * 16])
    kept = []
    for char in text:
        kind = unicodedata.category(char)
        if char.isspace() or kind in ("Zl", "Zp"):
            kept.append(" ")
        elif kind[0] == "C" and char not in _KEEP_FORMAT:   # Cc, Cf, Cs, Co, Cn
            continue
        else:
            kept.append(char)
    name = _SPACES.sub(" ", "".join(kept)).strip()
    if len(name) > NAME_MAX:
        name = name[:NAME_MAX - 1].rstrip() + CUT
    if not name:
        return display_name(fallback) if fallback else ""
    return name


def is_display_name(raw: object) -> bool:
    """Whether `raw` is already a name as the bot keeps it (what an export of this bot holds)."""
    return isinstance(raw, str) and bool(raw) and display_name(raw) == raw
