"""Pictures of games: `render/<game>.py` (or the package `render/<game>/` for a large one,
as Successors') draws a view into a Pillow image; this module finds the drawer and encodes
the result.

A drawer is ``draw(view: dict, seat: str | None = None, lang="en", **options) -> PIL.Image.Image``
(`lang`: the channel's language, for the words it draws; `render.i18n`).
It only ever sees a view (``Game.view``), so the public picture cannot show what the
public view does not hold.
"""
from __future__ import annotations

import importlib
import importlib.util
import io
from functools import cache

import orjson

from render.i18n import language  # noqa: F401 — re-exported: the service asks it for a channel's language

# Chosen by measurement on the 2-core machine: our pictures are flat 256-colour images drawn
# on a fixed palette. PNG level 6 encodes the 1280×1116 Successors map in ~15 ms to ~120 KB
# (level 3: 8 ms, 141 KB; level 1: 7 ms, 156 KB; level 9 or optimize=True: ~88 ms, 115 KB);
# the StarCraft galaxy 14 ms, 41 KB (level 3: 7 ms, 61 KB). Level 6 keeps the files a
# third smaller for ~7 ms more; never optimize=True per move. WebP lossless m0 is slower,
# JPEG blurs labels.
FORMATS = {"png": ("PNG", {"compress_level": 6}), "webp": ("WEBP", {"lossless": True, "method": 0}),
           "jpeg": ("JPEG", {"quality": 85})}


@cache   # until a game's picture is first drawn, its module is looked for on disk (10-15 µs, a reply asks twice)
def has_picture(game_id: str) -> bool:
    return importlib.util.find_spec(f"render.{game_id}") is not None


# marks the chat shows as emoji, drawn with a glyph DejaVu Sans has (it has no emoji): a robot's 🤖
DRAWN_AS = {"\U0001F916": "\u2699"}


def draw(game_id: str, view: dict, seat: str | None = None, lang: str | None = None, **options):
    """The game's picture of `view`; `lang` (en, es, ru) is the language of its words."""
    module = importlib.import_module(f"render.{game_id}")
    return module.draw(drawable(view), seat, lang=language(lang), **options)


def drawable(view: dict) -> dict:
    """The view with every emoji mark the pictures' font lacks replaced by its drawn glyph; the
    view itself, untouched, when it holds none (one serialisation, no copy: the common case)."""
    text = orjson.dumps(view).decode()
    if not any(mark in text for mark in DRAWN_AS):
        return view
    for mark, glyph in DRAWN_AS.items():
        text = text.replace(mark, glyph)
    return orjson.loads(text)


def encode(image, fmt: str = "png") -> bytes:
    name, params = FORMATS[fmt]
    if name == "JPEG" and image.mode != "RGB":
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, name, **params)
    return out.getvalue()


def extension(fmt: str) -> str:
    return "jpg" if fmt == "jpeg" else fmt
