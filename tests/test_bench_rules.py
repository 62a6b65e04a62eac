"""The rules bench's search rate (issue 37): each build timed in a process of its own running
that build's tree, and a probe that ran other code than the tree named gives no figure."""
import pytest

from bench import rules
from bench.search_probe import search_rate


def test_a_probe_in_this_process_searches_the_bench_decision():
    iterations, seconds = search_rate("ludi", 0.05)
    assert iterations > 0 and 0 < seconds < 1


def test_a_probe_runs_the_tree_it_names():
    assert rules.probe(rules.ROOT, "starcraft", 0.05) > 0


def test_a_probe_whose_code_came_from_elsewhere_is_refused(tmp_path):
    # an empty tree: the imports fall through to the installed checkout, which is not the tree asked for
    with pytest.raises(RuntimeError, match="not the tree"):
        rules.probe(str(tmp_path), "starcraft", 0.05)
