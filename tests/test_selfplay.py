"""Self-play through the service path, and the structured command log."""
import logging

import orjson

from bot.console.selfplay import run
from bot.service.types import Command


def test_selfplay_finishes_games_and_writes_a_trace(service, tmp_path):
    trace = tmp_path / "trace.jsonl"
    report = run(service, "tally", 3, seed=10, games=5, trace_file=trace, options="target=25")
    assert report.problems == []
    assert all(g.finished for g in report.games)
    lines = [orjson.loads(line) for line in trace.read_bytes().splitlines()]
    assert set(lines[0]) == {"setup", "summary"} and lines[0]["summary"]["game"] == "tally"
    assert [line["n"] for line in lines[1:lines.index(next(x for x in lines[1:] if "setup" in x))]][:3] == [1, 2, 3]
    action_lines = [line for line in lines if "n" in line]
    assert all({"n", "seat", "action", "summary"} == set(line) for line in action_lines)
    assert "games, 3 players, 5 finished" in report.text()


def test_selfplay_reports_a_stuck_game(service):
    report = run(service, "tally", 2, seed=1, games=1, max_actions=2, options="target=1000")
    assert report.problems and "stuck" in report.problems[0]


def test_one_structured_log_line_per_command_without_arguments(service, caplog):
    caplog.set_level(logging.INFO, logger="strategos.command")
    for user, text in [("a", "/new tally seed=1"), ("a", "/join"), ("a", "/start")]:
        service.handle(Command("t", "logchan", user, text))
    caplog.clear()
    service.handle(Command("t", None, "a", "/tl secret hunter2", private=True))
    assert len(caplog.records) == 1
    line = caplog.records[0].getMessage()
    for key in ("platform=t", "channel=logchan", "user=a", "command=tl", "outcome=ok", "load_ms=",
                "apply_ms=", "save_ms=", "total_ms="):
        assert key in line
    assert "hunter2" not in line


def test_selfplay_catches_a_secret_in_public(service, monkeypatch):
    from tests.tally import GAME

    # a broken view that shows the hidden words must be caught
    monkeypatch.setattr(type(GAME), "_view", lambda self, state, seat: dict(state))
    report = run(service, "tally", 2, seed=3, games=3, options="target=60")
    assert any("shown in public" in p for p in report.problems)


def test_leak_check_matches_whole_words_only():
    from bot.console.selfplay import _leaks
    from bot.service.types import Reply

    class Game:
        def secrets(self, state):
            return ["BH1"]

        def view(self, state, seat):
            return {}

    assert _leaks(Game(), {}, Reply(public=["BH17 is revealed at (3, 4)."])) == []
    assert _leaks(Game(), {}, Reply(public=["BH1 is at (3, 4)."])) == ["BH1"]
