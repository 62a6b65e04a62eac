"""The game's counter-based generator: roll n = HMAC-SHA256(seed, n).

Every random number of a game is a pure function of its secret seed and the draw's
index, so a replay reproduces every die and, once the seed is revealed, anyone can
recompute every roll of the log (`strategos verify`). The 256-bit digest reduced
modulo the number of sides is uniform to within 2^-250 for any die we use.
"""
from __future__ import annotations

import hashlib
import hmac
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
    # HMAC-SHA256 from the seed's keyed hash begun once (`_keyed`, copied for each draw): hmac.digest
    # would key it again at every draw, twice this time
    keyed = _keyed(seed).copy()
    keyed.update(n.to_bytes(8, "big"))
    return int.from_bytes(keyed.digest(), "big") % sides + 1


_KEYED: dict[str, hmac.HMAC] = {}              # seed → its HMAC-SHA256, keyed and nothing hashed yet
KEYED_SIZE = 256                               # seeds kept: a robot's search draws in a few worlds at a time


def _keyed(seed: str) -> hmac.HMAC:
    keyed = _KEYED.get(seed)
    if keyed is None:
        keyed = hmac.new(seed.encode(), digestmod=hashlib.sha256)
        if len(_KEYED) >= KEYED_SIZE:
            _KEYED.clear()
        _KEYED[seed] = keyed
    return keyed
