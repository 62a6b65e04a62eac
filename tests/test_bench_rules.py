"""The rules bench's search rate (issue 37): each build timed in a process of its own running
that build's tree, a probe that ran other code than the tree named gives no figure, and the
equal-work comparison searches exactly the iterations asked of it."""
import pytest

from bench import rules
from bench.search_probe import search_rate


def test_a_probe_in_this_process_searches_the_bench_decision():
    iterations, seconds = search_rate("ludi", 0.05)
    assert iterations > 0 and 0 < seconds < 1


def test_a_probe_at_equal_work_runs_exactly_the_iterations_asked_whatever_the_budget():
    # a budget far too short for 40 iterations: the cap, not the clock, ends an equal-work search
    iterations, seconds = search_rate("starcraft", 1e-9, iterations=40)
    assert iterations == 40 and seconds > 0


def test_a_probe_runs_the_tree_it_names():
    done, rate = rules.probe(rules.ROOT, "starcraft", 0.05)
    assert done > 0 and rate > 0
    assert rules.probe(rules.ROOT, "starcraft", 0.05, iterations=7)[0] == 7


def test_a_probe_whose_code_came_from_elsewhere_is_refused(tmp_path):
    # an empty tree: the imports fall through to the installed checkout, which is not the tree asked for
    with pytest.raises(RuntimeError, match="not the tree"):
        rules.probe(str(tmp_path), "starcraft", 0.05)


def test_the_search_rates_time_both_builds_at_equal_work(tmp_path):
    # this checkout standing in for the pre-issue tree: both sides are timed, at the budget's median count
    rates = rules.search_rates("starcraft", 0.05, 1, rules.ROOT)
    assert rates.work > 0 and rates.pre and rates.now_equal and rates.pre_equal
    assert rules.search_rates("starcraft", 0.05, 1, None).pre_equal is None
