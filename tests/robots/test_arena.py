"""The arena (robots/arena.py, issue #22): games straight through the rules, robots against
random or greedy players, and the report."""
import math

import pytest

from robots import arena


def test_a_short_arena_run_prints_its_report(capsys):
    """`strategos arena successors ...` plays its games and prints win rates with intervals,
    think times, endings, length and memory."""
    assert arena.main(["successors", "--players", "2", "--robots", "1", "--games", "1", "--budget", "5",
                       "--iterations", "2", "--depth", "1", "--seed", "short"]) == 0
    out = capsys.readouterr().out
    assert "Arena: successors, 2 players, 1 robot(s) against random, 1 games" in out
    assert "robot   wins" in out and "random  wins" in out and "95 % CI" in out
    assert "robot   think:" in out and "p95" in out
    assert "endings: " in out and "length: median" in out and "memory peak" in out
    assert "refused lines: 0" in out


def test_every_kind_sits_every_seat_in_turn():
    """The robots' seats rotate from game to game, so no seat's advantage favours one kind."""
    table = arena.Table("successors", 3, 1, "random")
    seats = [table.kinds(i).index("robot") for i in range(6)]
    assert sorted(seats) == [0, 0, 1, 1, 2, 2]


def test_wilson_interval():
    """The 95 % Wilson score interval: 0 of n has upper bound z²/(n + z²); it holds p inside."""
    low, high = arena.wilson(0, 10)
    assert low == 0 and math.isclose(high, arena.Z95 ** 2 / (10 + arena.Z95 ** 2))
    low, high = arena.wilson(19, 20)
    assert low < 19 / 20 < high <= 1
    assert arena.wilson(10, 20)[0] == pytest.approx(1 - arena.wilson(10, 20)[1])


def test_endings_are_grouped_without_their_figures():
    assert arena.ending("Regency victory (Herakles, 7 LP + 9 VP)") == "Regency victory"
    assert arena.ending("most VP at the end of Turn V (21 VP)") == "most VP at the end of Turn V"
    assert arena.ending(None) == "none"


@pytest.mark.slow
def test_the_robot_beats_random_players_in_a_small_sample():
    """Issue #22 in small: two players, a robot on a small iteration cap (deterministic) against the
    game's random player, four games, seats rotating: the robot wins at least three."""
    table = arena.Table("successors", 2, 1, "random", budget=None, iterations=6, depth=2, seed="small")
    results = arena.run(table, 4)
    robot_wins = sum(1 for r in results for s in r.winners if r.kinds[s] == "robot")
    assert all(r.reason != "unfinished" and r.errors == 0 for r in results)
    assert robot_wins >= 3


def test_the_arena_judges_infinity_by_its_deployment_score(capsys):
    """Infinity ends after deployment with no winner: the arena prints the kit's score of each
    kind's deployment, so the robot can be compared with random legal placements."""
    from robots.arena import main

    assert main(["infinity", "--games", "2", "--iterations", "2", "--budget", "0"]) == 0
    out = capsys.readouterr().out
    assert "robot   score" in out and "random  score" in out
