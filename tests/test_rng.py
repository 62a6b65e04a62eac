"""The counter-based dice: roll n = HMAC-SHA256(seed, n)."""
import hashlib
import hmac
from collections import Counter

from core import rng
from core.game import Ctx


def test_draw_is_hmac_of_the_counter():
    digest = hmac.new(b"seed", (7).to_bytes(8, "big"), hashlib.sha256).digest()
    assert rng.draw("seed", 7, 20) == int.from_bytes(digest, "big") % 20 + 1


def test_draw_is_hmac_for_every_length_of_seed():
    """The seed's padded keys are hashed once and kept (core/rng._keyed): the same HMAC for a seed
    shorter than SHA-256's block, as long, longer (hashed first, RFC 2104), or not ASCII."""
    for seed in ("", "x", "a" * 64, "b" * 65, "é" * 40, "0123456789abcdef" * 2):
        for n in (0, 1, 255, 2**40):
            digest = hmac.new(seed.encode(), n.to_bytes(8, "big"), hashlib.sha256).digest()
            assert rng.draw(seed, n, 1000) == int.from_bytes(digest, "big") % 1000 + 1


def test_draws_are_replayable_and_seed_dependent():
    a = [rng.draw("s1", n, 6) for n in range(100)]
    assert a == [rng.draw("s1", n, 6) for n in range(100)]
    assert a != [rng.draw("s2", n, 6) for n in range(100)]


def test_d20_is_uniform_enough():
    counts = Counter(rng.draw("uniform", n, 20) for n in range(20000))
    assert set(counts) == set(range(1, 21))
    assert max(counts.values()) - min(counts.values()) < 250   # ~1000 each; 8 sigma apart


def test_commitment_is_sha256_of_the_seed():
    assert rng.commitment("abc") == hashlib.sha256(b"abc").hexdigest()


def test_ctx_roll_advances_counter_and_logs_event():
    state = {"rng": {"seed": "x", "n": 5}}
    ctx = Ctx(state)
    value = ctx.roll(20, to=("A",), label="A infiltration")
    assert state["rng"]["n"] == 6
    assert value == rng.draw("x", 5, 20)
    assert ctx.events[0].kind == "roll" and ctx.events[0].to == ("A",)
    assert ctx.events[0].data == {"n": 5, "sides": 20, "value": value}


def test_shuffle_is_a_permutation_from_the_dice():
    items = list(range(30))
    first = Ctx({"rng": {"seed": "deck", "n": 0}}).shuffle(items)
    again = Ctx({"rng": {"seed": "deck", "n": 0}}).shuffle(items)
    assert sorted(first) == items and first == again and first != items
