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


# issue 38: processes outlive their store; a cluster's seeds and shards ------------------------
def test_an_outage_is_logged_once_a_minute_with_a_growing_capped_wait(caplog):
    import logging

    from bot.store.outage import LOG_EVERY, Outage

    now = [0.0]
    outage = Outage("a loop", logging.getLogger("test.outage"), base=0.1, cap=2.0, clock=lambda: now[0])
    waits = []
    with caplog.at_level(logging.WARNING, "test.outage"):
        for _ in range(300):   # 300 failed tries, half a second apart: 150 s down
            waits.append(outage.failed(ConnectionError("refused")))
            now[0] += 0.5
        outage.recovered()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 + int(150 // LOG_EVERY) + 1, lines   # the first, one a minute, the end
    assert "cannot be reached" in lines[0] and "reachable again after 150 s (300 failed tries)" in lines[-1]
    assert all(0 <= w <= 2.0 for w in waits) and max(waits[:3]) <= 0.8   # short at first, never past the cap
    assert not outage.down and outage.failures == 0


def test_a_cluster_url_names_several_seed_nodes():
    from bot.store.store import seed_nodes

    assert seed_nodes("redis+cluster://10.0.0.1:6379,10.0.0.2:6380/0") == \
        ([("10.0.0.1", 6379), ("10.0.0.2", 6380)], None, None, False)
    assert seed_nodes("rediss+cluster://:pw@a:7000, b:7001,c") == ([("a", 7000), ("b", 7001), ("c", 6379)], None,
                                                                   "pw", True)
    assert seed_nodes("redis+cluster://user:pw@a:7000") == ([("a", 7000)], "user", "pw", False)


def test_each_shards_tag_lies_in_its_part_of_the_slots_and_a_game_goes_to_the_part_of_its_slot(store):
    from redis.crc import key_slot

    from bot.store.store import shard_tag

    for n in range(16):
        assert n * 1024 <= key_slot(shard_tag(n, 16).encode()) < (n + 1) * 1024
    sharded = Store(store.redis, prefix=store.prefix, shards=16)
    for channel in ("a", "b", "c", "-100123"):
        key = sharded.robot_jobs_key("t", channel)
        assert key_slot(key.encode()) // 1024 == key_slot(f"t:{channel}".encode()) // 1024
    assert store.robot_jobs_key("t", "a") == f"{store.prefix}:robots:jobs"   # one shard outside a cluster


def test_a_sharded_store_takes_every_shards_jobs_and_remakes_a_lost_group(store):
    """The workers read every shard (here 4, on one server); a consumer group lost with its stream
    (NOGROUP) is made again and the next job is taken."""
    sharded = Store(store.redis, prefix=store.prefix, shards=4)
    channels = [f"c{n}" for n in range(12)]
    for channel in channels:
        sharded.commit("t", channel, 0, meta={"status": "playing"}, robots=["A"])
    assert len({sharded.shard("t", c) for c in channels}) > 1
    taken = [sharded.take_job("w", 10, 30_000) for _ in channels]
    assert sorted(job["channel"] for _, job in taken) == sorted(channels)
    assert sharded.take_job("w", 10, 30_000) is None
    store.redis.delete(*sharded.sharded_keys("robots:jobs"))   # the streams and their group gone
    sharded.commit("t", "c0", 1, meta={"status": "playing"}, robots=["A"])
    got = sharded.take_job("w", 10, 30_000) or sharded.take_job("w", 10, 30_000)
    assert got is not None and got[1]["channel"] == "c0" and got[1]["seq"] == "2"


# ---- a process's memory of a game (Store.recall): checked by the write, never trusted -----------
def test_a_write_expecting_a_content_is_refused_when_another_write_left_the_same_seq(store):
    """seq and wid name a content: a server restarted from a file a second old may let another
    write reach the same seq with another game; a write made from the old memory must lose."""
    store.commit("t", "c", 0, meta={"m": 1}, state={"s": 1})
    remembered = store.recall("t", "c")
    assert (remembered.expected, remembered.state) == (1, {"s": 1}) and remembered.wid
    other = Store(store.redis, prefix=store.prefix)   # another process
    game_key, _ = store._keys("t", "c")
    store.redis.hset(game_key, mapping={"snap": b'{"s":9}', "wid": "another"})   # same seq, other content
    with pytest.raises(Conflict):
        store.commit("t", "c", remembered.expected, state={"s": 2}, wid=remembered.wid)
    assert other.load("t", "c").state == {"s": 9}
    assert store.commit("t", "c", 1, state={"s": 10}, wid="another") == 2


def test_the_memory_follows_the_writes_and_reads_of_its_process(store):
    first = store.commit("t", "c", 0, meta={"m": 1}, setup={"seed": "x"}, state={"s": 1}, written=True)
    rec = store.load("t", "c", with_setup=True)
    assert rec.wid == first.wid
    written = store.commit("t", "c", rec.expected, state={"s": 2}, append=[{"n": 1}], wid=rec.wid, written=True)
    mine = store.recall("t", "c", with_setup=True)
    assert (mine.version, mine.expected, mine.wid, mine.meta, mine.state, mine.setup) == \
        (2, 2, written.wid, {"m": 1}, {"s": 2}, {"seed": "x"})
    assert (mine.done, mine.langs) == (None, None)   # not read: the write checks the key itself
    other = Store(store.redis, prefix=store.prefix)
    other.commit("t", "c", 2, state={"s": 3})
    assert store.recall("t", "c").state == {"s": 2}   # stale until read: the next write finds out
    with pytest.raises(Conflict):
        store.commit("t", "c", mine.expected, state={"s": 4}, wid=mine.wid)
    assert store.load("t", "c").state == {"s": 3} and store.recall("t", "c").state == {"s": 3}
    store.commit("t", "c", 3, delete=True)
    assert store.recall("t", "c") is None


def test_a_write_reads_the_languages_its_reply_needs(store):
    store.commit("t", "c", 0, meta={"m": 1})
    store.set_channel_lang("t", "c", "es")
    store.set_user_pref("t", "ann", "lang", "ru")
    written = store.commit("t", "c", 1, state={"s": 1}, langs=["ann", "bob"], written=True)
    assert written.langs == ("es", {"ann": "ru", "bob": None})


def test_a_write_from_memory_that_loses_its_race_reads_the_game_for_its_retry(store):
    """A stale memory costs the retry no read of its own: the lost compare-and-set answers with
    the game as it found it, and the languages, as `load` would."""
    store.commit("t", "c", 0, meta={"m": 1}, state={"s": 1})
    mine = store.recall("t", "c")
    Store(store.redis, prefix=store.prefix).commit("t", "c", 1, state={"s": 2})   # another process
    store.set_user_pref("t", "ann", "lang", "es")
    with pytest.raises(Conflict) as lost:
        store.commit("t", "c", mine.expected, state={"s": 3}, wid=mine.wid, langs=["ann"])
    found = lost.value.record
    assert (found.version, found.expected, found.state, found.meta, found.langs) == (2, 2, {"s": 2}, {"m": 1},
                                                                                    (None, {"ann": "es"}))
    assert found.wid == store.load("t", "c").wid and store.recall("t", "c").state == {"s": 2}
    assert store.commit("t", "c", found.expected, state={"s": 3}, wid=found.wid) == 3
    with pytest.raises(Conflict) as plain:   # a write without languages: no read
        store.commit("t", "c", 2, state={"s": 4})
    assert plain.value.record is None
