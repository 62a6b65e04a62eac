"""The helpers every game's rules tests share (tests/rules_helpers.py): one `run_until` for
all games, reproducible from its seed, failing loudly when the position never comes."""
import pytest

from core.games.ludi import GAME as LUDI
from core.games.successors import GAME as SUCCESSORS
from tests.rules_helpers import run_until
from tests.tally import GAME as TALLY


def after(steps: int):
    """A condition that holds from its `steps`-th look on."""
    looks = iter(range(steps))
    return lambda state: next(looks, None) is None


@pytest.mark.parametrize("game", [LUDI, SUCCESSORS], ids=["ludi", "successors"])
def test_run_until_plays_random_legal_moves_of_any_game_the_same_for_the_same_seed(game):
    start, _ = game.start(["a", "b", "c"], {}, "seed")
    once = run_until(game, start, after(30), seed=3)
    assert once != start
    assert run_until(game, start, after(30), seed=3) == once


def test_run_until_fails_when_the_game_ends_or_the_steps_run_out():
    start, _ = TALLY.start(["a", "b"], {"target": 5}, "seed")
    with pytest.raises(AssertionError, match="the game ended before the condition held"):
        run_until(TALLY, start, lambda state: False)
    with pytest.raises(AssertionError, match="condition never held"):
        run_until(TALLY, start, lambda state: False, limit=1)
