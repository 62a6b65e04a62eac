"""The embedded store (REDIS_URL unset): an append-only file, so a crash of the server loses
nothing acknowledged, and a quick, quiet exit that loses nothing (issue 11.4)."""
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bot.service import Service
from bot.service.types import Command
from bot.store import Store, connect

MOVES = 60


def play(service: Service, channel: str, moves: int) -> int:
    """Open a free-for-all Tally game and make `moves` acknowledged moves; returns how many."""
    for user, text in [("a", "/new tally free=1 target=100000 seed=1"), ("a", "/join"), ("a", "/start")]:
        assert service.handle(Command("console", channel, user, text)).ok
    acknowledged = 0
    for _ in range(moves):
        acknowledged += service.handle(Command("console", channel, "a", "/tl add 1")).ok
    return acknowledged


@pytest.mark.skipif(bool(os.environ.get("REDIS_URL")), reason="the embedded server only")
def test_kill_9_of_the_embedded_server_loses_no_acknowledged_move(tmp_path):
    client = connect(None, tmp_path)
    assert client.config_get("appendonly") == {"appendonly": "yes"}
    assert client.config_get("appendfsync") == {"appendfsync": "everysec"}
    acknowledged = play(Service(Store(client)), "crash", MOVES)
    os.kill(client.pid, signal.SIGKILL)                  # no shutdown, no save: a crash
    client.socket_file = None                            # that object's server is gone
    time.sleep(0.1)
    again = connect(None, tmp_path)
    try:
        found = Store(again).log_length("console", "crash")
        print(f"\ncrash test: {acknowledged} moves acknowledged, kill -9, {found} found after restart")
        assert acknowledged == MOVES and found == acknowledged
        assert Service(Store(again)).state("console", "crash")[1]["total"] == MOVES
    finally:
        again._cleanup()


@pytest.mark.skipif(bool(os.environ.get("REDIS_URL")), reason="the embedded server only")
def test_a_clean_exit_is_quick_quiet_and_loses_nothing(tmp_path):
    script = textwrap.dedent(f"""
        import logging, sys, time
        logging.basicConfig(level=logging.INFO)
        from bot.store import Store, connect
        from bot.service import Service
        from tests.test_embedded import play
        from tests.conftest import TALLY  # registers the test game
        client = connect(None, {str(tmp_path)!r})
        print(client.pid, play(Service(Store(client)), "exit", {MOVES}), time.time())
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).parent.parent)
    ended = time.time()
    assert done.returncode == 0, done.stderr
    pid, acknowledged, last_line_at = done.stdout.split()[-3:]
    exit_ms = round((ended - float(last_line_at)) * 1000)
    assert int(acknowledged) == MOVES
    assert "graceful shutdown failed" not in done.stderr and "WARNING" not in done.stderr, done.stderr
    from bot.store.embedded import alive
    assert not alive(int(pid)), "the embedded server stopped with the process"
    again = connect(None, tmp_path)
    try:
        found = Store(again).log_length("console", "exit")
        print(f"\nclean exit: {MOVES} moves acknowledged, exit took {exit_ms} ms, {found} found after restart")
        assert found == MOVES
        assert exit_ms < 1000
    finally:
        again._cleanup()
