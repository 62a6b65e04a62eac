"""The game's counter-based generator: roll n = HMAC-SHA256(seed, n).

Every random number of a game is a pure function of its secret seed and the draw's
index, so a replay reproduces every die and, once the seed is revealed, anyone can
recompute every roll of the log (`strategos verify`). The 256-bit digest reduced
modulo the number of sides is uniform to within 2^-250 for any die we use.
"""
from __future__ import annotations

import hashlib
import secrets


def new_seed() -> str:
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    """What the channel sees at game start: SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def draw(seed: str, n: int, sides: int) -> int:
    """The n-th draw of the game, as a die of `sides` faces (1..sides)."""
    if sides < 1:
        raise ValueError("a die has at least one side")
    # HMAC-SHA256 (RFC 2104) from the seed's two padded keys hashed once (`_keyed`): each draw then
    # hashes only its counter, half the time of hmac.digest, which hashes the key again every draw
    inner, outer = _keyed(seed)
    inner = inner.copy()
    inner.update(n.to_bytes(8, "big"))
    outer = outer.copy()
    outer.update(inner.digest())
    return int.from_bytes(outer.digest(), "big") % sides + 1


_INNER = bytes(b ^ 0x36 for b in range(256))   # RFC 2104's ipad and opad, as translation tables
_OUTER = bytes(b ^ 0x5C for b in range(256))
_KEYED: dict[str, tuple] = {}                  # seed → SHA-256 of its inner and outer padded key, begun
KEYED_SIZE = 256                               # seeds kept: a robot's search draws in a few worlds at a time


def _keyed(seed: str) -> tuple:
    keyed = _KEYED.get(seed)
    if keyed is None:
        key = seed.encode()
        if len(key) > hashlib.sha256().block_size:
            key = hashlib.sha256(key).digest()
        key = key.ljust(hashlib.sha256().block_size, b"\0")
        keyed = (hashlib.sha256(key.translate(_INNER)), hashlib.sha256(key.translate(_OUTER)))
        if len(_KEYED) >= KEYED_SIZE:
            _KEYED.clear()
        _KEYED[seed] = keyed
    return keyed
