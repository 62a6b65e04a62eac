"""The store on a real Redis: compare-and-set, the log, concurrency, Redis down."""
import threading

import pytest
import redis

from bot.service import Service
from bot.service.types import Command
from bot.store import Conflict, Store, StoreError, connect


def test_commit_is_compare_and_set(store):
    v1 = store.commit("t", "c", 0, meta={"status": "lobby"})
    assert v1 == 1
    with pytest.raises(Conflict):
        store.commit("t", "c", 0, meta={"status": "stale"})
    assert store.load("t", "c").meta == {"status": "lobby"}


def test_log_append_pop_and_delete_keep_versions_growing(store):
    store.commit("t", "c", 0, meta={"m": 1}, state={"s": 1}, append=[{"n": 1}, {"n": 2}])
    assert [e["n"] for e in store.log("t", "c")] == [1, 2]
    assert store.commit("t", "c", 1, pop=1) == 2
    assert store.log("t", "c") == [{"n": 1}]
    assert store.commit("t", "c", 2, delete=True) == 3
    rec = store.load("t", "c")
    assert rec.meta is None and rec.version == 3 and store.log("t", "c") == []


def test_keys_of_a_game_share_one_cluster_slot(store):
    game_key, log_key = store._keys("discord", "123")
    tag = "{discord:123}"
    assert tag in game_key and tag in log_key


def test_fifty_concurrent_writers_lose_nothing(redis_client, store, tmp_path):
    """50 threads, each with its own connection, each applying 10 actions to one channel."""
    service = Service(store)
    for text, user in [("/new tally free=1 target=100000 seed=1", "u0")] + \
            [("/join", f"u{i}") for i in range(50)] + [("/start", "u0")]:
        assert service.handle(Command("t", "race", user, text)).ok
    start_version = store.load("t", "race").version
    pool = redis_client.connection_pool
    errors = []

    def writer(i):
        connection = redis.Redis(connection_pool=redis.ConnectionPool(
            connection_class=pool.connection_class, **pool.connection_kwargs))   # its own socket
        own = Service(Store(connection, prefix=store.prefix))
        for k in range(10):
            reply = own.handle(Command("t", "race", f"u{i}", f"/tl add {1 + (i + k) % 9}"))
            if not reply.ok:
                errors.append(reply.error)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    entries = store.log("t", "race")
    assert len(entries) == 500
    sent = sorted((f"u{i}", f"add {1 + (i + k) % 9}") for i in range(50) for k in range(10))
    assert sorted((e["user"], e["line"]) for e in entries) == sent      # each exactly once
    rec = store.load("t", "race")
    assert rec.version == start_version + 500                            # contiguous versions
    assert rec.state["total"] == sum(1 + (i + k) % 9 for i in range(50) for k in range(10))


def test_embedded_redis_starts_under_the_data_folder(tmp_path):
    client = connect(None, tmp_path / "data")
    assert client.ping()
    assert (tmp_path / "data").is_dir()


def test_redis_down_gives_a_sentence_and_writes_nothing():
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    dead = Store(redis.Redis(port=1, socket_connect_timeout=0.2, retry=Retry(NoBackoff(), 0)))
    with pytest.raises(StoreError, match="cannot be reached"):
        dead.load("t", "c")
    reply = Service(dead).handle(Command("t", "c", "alice", "/join"))
    assert not reply.ok and reply.code == "STORE_DOWN"
    assert "nothing was changed" in reply.error
