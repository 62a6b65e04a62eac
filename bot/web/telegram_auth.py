"""A Telegram Mini App's user, proved by the `initData` Telegram signs for the page it opens
(https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):

- the secret key is HMAC-SHA256 of the bot's token, keyed with the constant "WebAppData";
- the data-check string is every received field but `hash`, sorted by name, as `name=value`
  lines joined by "\\n";
- its HMAC-SHA256 under the secret key, in hex, must equal `hash` (compared in constant time);
- `auth_date` may be at most a day old (a replayed initData stops working).

The page sends it on every call as `Authorization: tma <initData>`.
"""
from __future__ import annotations

import hashlib
import hmac
import time
from urllib.parse import parse_qsl

import orjson

MAX_AGE = 24 * 3600     # seconds an initData is accepted after Telegram signed it
SCHEME = "tma"


class Refused(Exception):
    """The initData does not prove a user; the message says why, in a sentence."""


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    return "\n".join(f"{name}={value}" for name, value in sorted(fields.items()) if name != "hash")


def sign(fields: dict[str, str], bot_token: str) -> str:
    """The `hash` Telegram puts in initData for these fields (the tests sign their own)."""
    return hmac.new(secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256).hexdigest()


def user_of(init_data: str, bot_token: str, now: float | None = None) -> dict:
    """The Telegram user (`id`, `first_name`, …) that `init_data` proves; Refused otherwise."""
    if not bot_token:
        raise Refused("This bot has no Telegram token, so it cannot check a Telegram sign-in.")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise Refused("The Telegram sign-in data is not readable.") from None
    fields = dict(pairs)
    given = fields.get("hash", "")
    if len(fields) != len(pairs) or not given:
        raise Refused("The Telegram sign-in data is incomplete or repeats a field.")
    if not hmac.compare_digest(sign(fields, bot_token).encode(), given.encode()):
        raise Refused("The Telegram sign-in data is not signed for this bot.")
    try:
        signed_at = int(fields["auth_date"])
        user = orjson.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError, orjson.JSONDecodeError):
        raise Refused("The Telegram sign-in data names no user.") from None
    now = time.time() if now is None else now
    if not -60 <= now - signed_at <= MAX_AGE:
        raise Refused("The Telegram sign-in is more than a day old: close the page and open it again from the chat.")
    return {**user, "id": user_id}


def from_header(header: str | None) -> str | None:
    """The initData of an `Authorization: tma <initData>` header (None: no such header)."""
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == SCHEME else None
