"""Pictures of games: `render/<game>.py` draws a view into a Pillow image; this module
finds the drawer and encodes the result.

A drawer is ``draw(view: dict, seat: str | None = None, lang="en", **options) -> PIL.Image.Image``
(`lang`: the channel's language, for the words it draws; `render.i18n`).
It only ever sees a view (``Game.view``), so the public picture cannot show what the
public view does not hold.
"""
from __future__ import annotations

import importlib
import importlib.util
import io

from render.i18n import language  # noqa: F401 — re-exported: the service asks it for a channel's language

# Chosen by measurement on the 2-core machine (python -m bench.render_successors): our
# pictures are flat 256-colour images, so PNG level 6 encodes the 1280×960 Successors map
# in ~10 ms to ~95 KB (level 1: 4 ms, 120 KB; WebP lossless m0: 30 ms; JPEG blurs labels).
# Never optimize=True (~0.7 s) per move.
FORMATS = {"png": ("PNG", {"compress_level": 6}), "webp": ("WEBP", {"lossless": True, "method": 0}),
           "jpeg": ("JPEG", {"quality": 85})}


def has_picture(game_id: str) -> bool:
    return importlib.util.find_spec(f"render.{game_id}") is not None


def draw(game_id: str, view: dict, seat: str | None = None, lang: str | None = None, **options):
    """The game's picture of `view`; `lang` (en, es, ru) is the language of its words."""
    module = importlib.import_module(f"render.{game_id}")
    return module.draw(view, seat, lang=language(lang), **options)


def encode(image, fmt: str = "png") -> bytes:
    name, params = FORMATS[fmt]
    if name == "JPEG" and image.mode != "RGB":
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, name, **params)
    return out.getvalue()


def extension(fmt: str) -> str:
    return "jpg" if fmt == "jpeg" else fmt
