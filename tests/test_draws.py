"""core/draws.py draws exactly what `random.Random` draws: the same results, the generator left in
the same state (the robots' seeded decisions depend on both)."""
import random

import pytest

from core import draws


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 131])
def test_shuffle_is_random_shuffle(size):
    for seed in range(60):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, other = list(range(size)), list(range(size))
        draws.shuffle(ours, mine)
        theirs.shuffle(other)
        assert mine == other
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("size", [1, 2, 3, 7, 8, 9, 100, 1000])
def test_choice_and_below_are_randoms(size):
    seq = list(range(size))
    for seed in range(60):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert draws.choice(ours, seq) == theirs.choice(seq)
        assert draws.below(ours, size) == theirs._randbelow(size)
        assert ours.getstate() == theirs.getstate()


def test_choice_of_nothing_refused_as_random_does():
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), [])


def test_another_generator_draws_its_own_way():
    class Counting(random.Random):
        def random(self):
            return 0.0
    ours, theirs = Counting(3), Counting(3)
    mine, other = list(range(10)), list(range(10))
    draws.shuffle(ours, mine)
    theirs.shuffle(other)
    assert mine == other and draws.choice(ours, mine) == theirs.choice(other)
