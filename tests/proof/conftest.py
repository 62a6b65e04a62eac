"""The proof tests' own Redis: a real server process each test may stop, kill and start again."""
import pytest

from tests.proof.servers import Server, need_binary


@pytest.fixture
def server(tmp_path):
    need_binary()
    srv = Server(tmp_path / "redis").start()
    yield srv
    srv.stop()
