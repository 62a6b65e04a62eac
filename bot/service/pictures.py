"""A game's pictures, cached by what they show.

One key scheme for every picture of a game: the live one (/map, /me, after a move), the
history's (/replay N), and the game's web page. A key names the game, who looks (the public
or a seat), the region, the image format and the language, and a digest of the view drawn,
so that it is the position itself that is named, not a counter that a new game (/abort,
/new), an /undo or a quiet private write (Successors `arm`) can bring back to a value it
had before for another position::

    img:<game id>:<seat | public>:<region | all>:<format>:<language>:<sha256 of the view, 32 hex>

The same view drawn the same way is the same picture, whichever game or moment it comes
from, so the key needs nothing else. The view is the one the seat may see (`Game.view`):
the digest of a private view goes no further than the cache's own key.
"""
from __future__ import annotations

import hashlib

import orjson

import render
from bot.service.types import Picture

DIGEST_CHARS = 32


def picture_key(game_id: str, view: dict, seat: str | None, region: str | None, fmt: str, lang: str) -> str:
    """The cache key of the picture of `view` (see the module's docstring for its shape)."""
    drawn = orjson.dumps(view, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    digest = hashlib.sha256(drawn).hexdigest()[:DIGEST_CHARS]
    return f"img:{game_id}:{seat or 'public'}:{region or 'all'}:{fmt}:{lang}:{digest}"


def cached_picture(store, platform: str, channel: str, game_id: str, view: dict, seat: str | None,
                   region: str | None, fmt: str, lang: str, filename: str) -> Picture:
    """The picture of `view`, drawn on first use and kept in the channel's cache under its key."""
    key = picture_key(game_id, view, seat, region, fmt, lang)

    def make() -> bytes:
        cached = store.cache_get(platform, channel, key)
        if cached is None:
            options = {"region": region} if region else {}
            cached = render.encode(render.draw(game_id, view, seat, lang=lang, **options), fmt)
            store.cache_set(platform, channel, key, cached)
        return cached

    return Picture(key, f"{filename}.{render.extension(fmt)}", make)
