"""The store and the reminder scheduler, unchanged, on a 3-master Redis Cluster the test
starts on loopback (tests/proof/servers.py): every key of a game in one hash slot, games
of every registered game played, undone, exported and verified; reminders due, sent once."""
import time
import uuid
from collections import defaultdict

import orjson
import pytest
from redis.cluster import key_slot

from bot.console.selfplay import PLATFORM, play_one
from bot.service import Service
from bot.service.types import Command
from bot.store import Store, connect
from core.registry import all_games
from tests.proof.servers import Cluster, need_binary


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    need_binary()
    c = Cluster(tmp_path_factory.mktemp("cluster")).start()
    yield c
    c.stop()


def test_games_of_every_game_keep_each_game_in_one_slot(cluster):
    client = cluster.client()
    now = [1_000_000.0]
    prefix = f"cl-{uuid.uuid4().hex[:6]}"
    service = Service(Store(client, prefix=prefix), remind_after=60, clock=lambda: now[0])
    channels = []
    for game in all_games():
        players = max(game.min_players, min(game.max_players, 3))
        report = play_one(service, game.id, players, "cluster", max_actions=80)
        assert not [p for p in report.problems if "stuck" not in p], report.problems
        channels.append(f"{game.id}-{players}-cluster")
    # a finished game too: verify and export on the cluster
    report = play_one(service, "tally", 2, "done", options="target=15")
    assert report.finished
    user = "tally-2-done:p1"
    assert service.handle(Command(PLATFORM, "tally-2-done", user, "/verify")).public[0].startswith("Verified")
    assert service.handle(Command(PLATFORM, "tally-2-done", user, "/export")).file
    keys = [k.decode() for k in client.scan_iter(f"{prefix}*", count=1000, target_nodes=client.ALL_NODES)
            if isinstance(k, bytes)] or [k for k in client.scan_iter(f"{prefix}*", target_nodes=client.ALL_NODES)]
    by_tag = defaultdict(set)
    for key in keys:
        if "{" in key:
            by_tag[key[key.index("{"): key.index("}") + 1]].add(key_slot(key.encode()))
    assert {f"{{{PLATFORM}:{c}}}" for c in channels} <= set(by_tag)
    assert all(len(slots) == 1 for slots in by_tag.values()), by_tag
    assert len({s for slots in by_tag.values() for s in slots}) > 1   # spread over the masters
    # the reminder scheduler: due after its delay, sent once per version
    now[0] += 61
    due = service.due_reminders(PLATFORM)
    playing = {c for c in channels if service.store.load(PLATFORM, c).meta["status"] == "playing"}
    assert {r.channel for r in due} == playing and playing
    for reply in due:
        service.reminded(reply)
    now[0] += 1000
    assert service.due_reminders(PLATFORM) == []


def test_undo_on_the_cluster(cluster):
    service = Service(Store(cluster.client(), prefix=f"cl-{uuid.uuid4().hex[:6]}"), remind_after=0)
    for user, text in [("a", "/new tally seed=1"), ("a", "/join"), ("b", "/join"), ("a", "/start")]:
        assert service.handle(Command("t", "c", user, text)).ok
    status = service.handle(Command("t", "c", "a", "/status"))
    who = status.mentions[0]
    first = service.handle(Command("t", "c", who, "/tl add 2"))
    assert first.ok and first.changed, first.error
    undo = service.handle(Command("t", "c", who, "/undo"))
    assert undo.ok and undo.changed, undo.error


def test_connect_reaches_a_cluster_from_its_url(cluster):
    client = connect(f"redis+cluster://127.0.0.1:{cluster.nodes[1].port}/0")
    store = Store(client, prefix=f"cl-{uuid.uuid4().hex[:6]}")
    assert store.commit("t", "x", 0, meta={"status": "lobby"}) == 1
    assert store.load("t", "x").meta == {"status": "lobby"}


def test_the_side_writes_of_a_command_on_the_cluster(cluster):
    """Issue 28 on a cluster, where a script reaches one slot: the players' index and the
    reminder are written before the game (a leftover is harmless: readers check the game),
    removed after it; a transfer's token is claimed before and used once; the old channel closed."""
    client = cluster.client()
    store = Store(client, prefix=f"cl-{uuid.uuid4().hex[:6]}")
    service = Service(store, remind_after=60)
    for user, text in [("a", "/new tally target=100"), ("a", "/join"), ("b", "/join"), ("a", "/start")]:
        assert service.handle(Command("t", "c", user, text, name=user)).ok
    assert store.user_channels("t", "a") == store.user_channels("t", "b") == ["c"]
    assert client.zscore(store.reminders_key("t", "c"), "c") is not None
    transfer = service.handle(Command("t", None, "a", "/export", name="a", private=True))
    line = "/import " + transfer.file[1].decode()
    assert service.handle(Command("t", "d", "x", line, name="x")).ok
    assert service.handle(Command("t", "e", "x", line, name="x")).code == "BAD_IMPORT"   # once
    assert store.load("t", "c").meta["status"] == "moved"
    assert store.user_channels("t", "a") == ["d"] and client.zscore(store.reminders_key("t", "c"), "c") is None
    assert service.handle(Command("t", "d", "x", "/abort", name="x")).ok   # the importer created it
    assert store.user_channels("t", "a") == [] and client.zscore(store.reminders_key("t", "d"), "d") is None


def test_redis_url_names_several_seed_nodes_and_one_down_is_not_fatal(cluster, tmp_path):
    """Issue 38 §3: the process starts while a seed is down, from any other (redis-py's startup_nodes)."""
    from tests.proof.servers import free_port

    dead = free_port()   # nothing listens there
    url = f"redis+cluster://127.0.0.1:{dead}," + ",".join(f"127.0.0.1:{n.port}" for n in cluster.nodes)
    store = Store(connect(url), prefix=f"cl-{uuid.uuid4().hex[:6]}")
    assert store.commit("t", "x", 0, meta={"status": "lobby"}) == 1
    assert store.load("t", "x").meta == {"status": "lobby"}


def test_the_shared_keys_are_sharded_over_every_master_and_pages_hear_sharded_pub_sub(cluster):
    """Issue 38 §3: the robots' jobs, the waiting index, the reminders and the notices of games in
    every part of the slots go to 16 shards, on every master, mostly beside their games (the shard's
    tag in the game's slot range); a worker reads every shard; a page hears a move by SSUBSCRIBE."""
    client = cluster.client()
    prefix = f"cl-{uuid.uuid4().hex[:6]}"
    store = Store(client, prefix=prefix)
    service = Service(store, remind_after=60, web_secret="s" * 40, web_url="https://pages.example")
    assert store.shards == 16
    updates = store.updates()
    channels = [f"r{n}" for n in range(24)]
    for channel in channels:
        for text in ("/new ludi robots=1 seed=5 think=0.05s", "/join", "/start"):
            assert service.handle(Command("t", channel, "alice", text, name="alice")).ok
    # the announcements reach a subscriber of every shard (the last move's at least)
    heard = set()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and len(heard) < len(channels):
        message = updates.get_message(timeout=0.2)
        if message:
            heard.add(orjson.loads(message["data"])[1])
    updates.close()
    assert heard == set(channels)
    # each game's entries in its own shard, on the node that holds the game
    node_of = {}
    for key in client.scan_iter(f"{prefix}*", target_nodes=client.ALL_NODES):
        key = key.decode()
        node_of[key] = client.get_node_from_key(key).port
    sharded = [k for k in node_of if ":reminders:" in k or ":robots:" in k]
    assert {node_of[k] for k in sharded} == {n.port for n in cluster.nodes}   # no node holds all of them
    beside = 0
    for channel in channels:
        game_node = client.get_node_from_key(f"{prefix}:{{t:{channel}}}:game").port
        assert client.zscore(store.reminders_key("t", channel), channel) is not None
        beside += client.get_node_from_key(store.reminders_key("t", channel)).port == game_node
    # all but those whose shard straddles two masters' ranges (16 shards over 3 masters: 2 of 16 do)
    assert beside >= 0.8 * len(channels)
    # a worker reads every shard: every robot decides, the scheduler applies every move
    from bot.robots.worker import work_once

    before = {c: store.load("t", c).version for c in channels}
    waiting = sum(1 for c in channels if service.robots.pending(store.load("t", c).meta, store.load("t", c).state))
    decided = 0
    while work_once(service, "w", block_ms=160):
        decided += 1
    assert decided >= waiting > 0
    service.due_reminders("t")
    moved = [c for c in channels if store.load("t", c).version > before[c]]
    assert len(moved) == waiting


def test_a_busy_shard_does_not_hold_back_the_pages_announcements_of_the_others(cluster):
    """Issue 38: one web process reads every shard's announcements. redis-py waits on each node's
    connection in turn, so a read that waited on idle nodes heard ten messages a second at most,
    and a table playing fast (a robot's run, two people at a page) held every other page's moves
    back behind its backlog, for minutes after a failover. Here 400 moves of one table, then one of
    a table on another master, are all heard within seconds (before: 40 s)."""
    client = cluster.client()
    store = Store(client, prefix=f"cl-{uuid.uuid4().hex[:6]}")
    busy, other = (next(c for c in (f"{name}{i}" for i in range(1000))
                        if key_slot(store.updates_channel("t", c).encode()) * 3 // 16384 == master)
                   for name, master in (("busy", 0), ("other", 2)))
    updates = store.updates()
    try:
        for version in range(1, 401):
            store.publish_version("t", busy, version)
        store.publish_version("t", other, 1)
        heard: list = []
        started = time.monotonic()
        while time.monotonic() - started < 10 and len(heard) < 401:
            message = updates.get_message(timeout=0.5)
            if message:
                heard.append(tuple(orjson.loads(message["data"])[1:]))
        took = time.monotonic() - started
    finally:
        updates.close()
    # each table's own in order; between shards no order is promised
    assert [h for h in heard if h[0] == busy] == [(busy, v) for v in range(1, 401)], heard[-3:]
    assert (other, 1) in heard
    assert took < 5, took
