"""`random.Random`'s shuffle and choice, drawing exactly the same numbers from the generator (so the
same results and the same generator's state after), in a third of the time.

The robots draw their worlds and playouts with a `random.Random` (never the game's dice, core/rng.py):
a search shuffles every hidden deck of every world it draws (StarCraft's event deck, some 130
cards, a tenth of its search) and chooses thousands of random spots and lines. `Random.shuffle`
calls `_randbelow` once a card, and it `getrandbits` once a try: two Python calls a draw. Here they
are one loop, the same rejection sampling of the same bit counts (CPython's
`_randbelow_with_getrandbits`, unchanged since 3.2); tests/test_draws.py checks both results and
the generator's state against `random.Random`'s own. Any other generator (a subclass, which may
draw otherwise) is left to its own methods.
"""
from __future__ import annotations

import random
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")


def below(rnd: random.Random, n: int) -> int:
    """`rnd._randbelow(n)`: an int in [0, n), n > 0."""
    if type(rnd) is not random.Random:
        return rnd._randbelow(n)
    k = n.bit_length()
    r = rnd.getrandbits(k)
    while r >= n:
        r = rnd.getrandbits(k)
    return r


def shuffle(rnd: random.Random, items: MutableSequence) -> None:
    """`rnd.shuffle(items)`, in place."""
    if type(rnd) is not random.Random:
        rnd.shuffle(items)
        return
    n = len(items)
    if n < 2:
        return
    getrandbits = rnd.getrandbits
    k = n.bit_length()             # the bits of a draw below i + 1: (i + 1).bit_length(), kept as i falls
    low = (1 << (k - 1)) - 1       # k is right while i >= low
    for i in range(n - 1, 0, -1):
        if i < low:
            k -= 1
            low >>= 1
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def choice(rnd: random.Random, seq: Sequence[T]) -> T:
    """`rnd.choice(seq)`."""
    if type(rnd) is not random.Random:
        return rnd.choice(seq)
    if not seq:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rnd, len(seq))]
