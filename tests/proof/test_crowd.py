"""Many client processes pressing buttons and typing in one channel (bench/crowd.py):
every accepted action exactly once in the log, versions contiguous, replay = snapshot."""
import pytest

from bench.crowd import run


def test_a_few_clients_for_a_few_seconds(redis_client):
    result = run(redis_client, clients=4, seconds=3)
    assert result.problems == [], result.text()
    assert result.accepted > 10, result.text()


@pytest.mark.slow
def test_fifty_clients_for_a_minute(redis_client):
    result = run(redis_client, clients=50, seconds=60)
    print(result.text())
    assert result.problems == [], result.text()
    assert result.accepted > 100, result.text()
