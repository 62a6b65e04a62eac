"""Issue 38 §4: a Redis Cluster of 3 masters and 3 replicas the test starts (tests/proof/servers.py)
loses a master (SIGKILL) in the middle of traffic: tables of all four games, a person against
robots at each, the robots thinking in a real `strategos robots` process and an open page served
by a real `strategos web`, both given every node as a seed (REDIS_URL). The cluster promotes the
dead master's replica by itself. Counted: acknowledged commands missing afterwards (Redis
replicates asynchronously: at most the last few before the kill), robot seats stuck 60 s after
the traffic (0), tracebacks (0), and the seconds until every game answers again. A short run is
in the default suite, a longer one is `-m slow`."""
from __future__ import annotations

import os
import subprocess
import threading
import time

import pytest
from redis.crc import key_slot

from bot.service import Command, Service
from bot.store import Store, connect
from core.registry import get_game
from tests.proof.servers import Cluster, free_port, need_binary
from tests.proof.test_outage import SECRET, get, started, wait_for

P = "t"
GAMES = ("successors", "ludi", "infinity", "starcraft")


def tables(per_game: int) -> list[tuple[str, str]]:
    """(game, channel) for each table, the channels spread over the three masters' slot ranges (each
    game has a table on the master that dies)."""
    out = []
    for game in GAMES:
        for n in range(per_game):
            want = n % 3
            channel = next(f"{game}-{n}-{i}" for i in range(1000)
                           if key_slot(f"{P}:{game}-{n}-{i}".encode()) * 3 // 16384 == want)
            out.append((game, channel))
    return out


def alices_move(service: Service, channel: str, number: int) -> Command | None:
    rec = service.store.load(P, channel)
    if rec is None or rec.meta is None or rec.meta["status"] != "playing":
        return None
    game = get_game(rec.meta["game"])
    seat = next((p["seat"] for p in rec.meta["players"] if p["user"] == "alice"), None)
    prompts = game.prompts(rec.state)
    if seat not in prompts:
        return None
    line = game.default_action(rec.state, seat)
    private = game.sent_privately(line, prompts[seat])
    text = f"g={channel} /{game.id} {line}" if private else f"/{game.id} {line}"   # alice sits at every table
    return Command(P, None if private else channel, "alice", text, name="alice",
                   private=private, key=f"h:{channel}:{number}")


def hammer_move(service: Service, channel: str, number: int) -> Command:
    """The next command at a table of two people playing as fast as they can (a new game when one ends)."""
    rec = service.store.load(P, channel)
    if rec is None or rec.meta is None or rec.meta["status"] != "playing":
        step = ("/new ludi seed=9", "alice"), ("/join", "alice"), ("/join", "bob"), ("/start", "alice")
        text, user = step[0] if rec is None or rec.meta is None or rec.meta["status"] not in ("lobby",) else \
            step[1 + min(2, len(rec.meta["players"]))]
        return Command(P, channel, user, text, name=user, key=f"x:{channel}:{number}")
    game = get_game(rec.meta["game"])
    seat = sorted(game.prompts(rec.state))[0]
    user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
    line = game.default_action(rec.state, seat)
    private = game.sent_privately(line, game.prompts(rec.state)[seat])
    return Command(P, None if private else channel, user, f"g={channel} /ludi {line}" if private else f"/ludi {line}",
                   name=user, private=private, key=f"x:{channel}:{number}")


def failover(tmp_path, per_game: int, before: float, after: float) -> dict:
    need_binary()
    cluster = Cluster(tmp_path / "cluster", 3, 1).start()
    port = free_port()
    env = dict(os.environ, REDIS_URL=cluster.seeds, WEB_SECRET=SECRET, WEB_URL=f"http://127.0.0.1:{port}",
               WEB_LISTEN="127.0.0.1", WEB_PORT=str(port), STRATEGOS_LOG_LEVEL="INFO", PYTHONUNBUFFERED="1")
    service = Service(Store(connect(cluster.seeds)), web_secret=SECRET, web_url=env["WEB_URL"])
    logs = {name: open(tmp_path / f"{name}.log", "w") for name in ("robots", "web")}
    procs = [started(["robots"], env, logs["robots"]), started(["web"], env, logs["web"])]
    report: dict = {"acknowledged": 0, "missing": 0, "stuck": 0, "tracebacks": 0, "refused": 0}
    errors: list[str] = []
    try:
        wait_for(f"http://127.0.0.1:{port}/healthz")
        chosen = tables(per_game)
        for game, channel in chosen:
            robots = get_game(game).min_players - 1
            for text in (f"/new {game} robots={robots} seed=7 think=0.05s", "/join", "/start"):
                reply = service.handle(Command(P, channel, "alice", text, name="alice"))
                assert reply.ok, reply.error
        page = service.pages.link(P, chosen[0][1], service.store.load(P, chosen[0][1]).meta)
        assert get(page)[0] == 200
        acked: list[tuple[str, str]] = []
        codes: dict[str, int] = {}
        report["refusals"] = codes
        stop, looping = threading.Event(), threading.Event()

        def person() -> None:   # alice plays her turn at every table, one command after another
            number = 0
            while not stop.is_set():
                for _, channel in chosen:
                    number += 1
                    try:
                        cmd = alices_move(service, channel, number)
                        if cmd is None:
                            continue
                        reply = service.handle(cmd)
                    except Exception as exc:   # noqa: BLE001 — a read failed: the store is away
                        if "cannot be reached" not in str(exc) and "stopped answering" not in str(exc):
                            errors.append(repr(exc))
                        continue
                    if reply.code == "INTERNAL":
                        errors.append(reply.error)
                    elif reply.ok and reply.changed:
                        acked.append((channel, cmd.key))
                    elif not reply.ok:
                        report["refused"] += 1
                        codes[reply.code] = codes.get(reply.code, 0) + 1
                        if reply.code not in ("STORE_DOWN", "OUTCOME_UNKNOWN"):
                            print(reply.code, reply.error[:200], cmd.text)
                time.sleep(0.05)

        def scheduler() -> None:   # the adapters' loop: the robots' moves applied, the reconciler
            while not looping.is_set():
                try:
                    service.due_reminders(P)
                except Exception as exc:   # noqa: BLE001
                    if "cannot be reached" not in str(exc):
                        errors.append(repr(exc))
                time.sleep(0.3)

        heard: list[float] = []

        def watcher(page: str) -> None:   # an open page's live updates (a browser's EventSource: it reconnects)
            import urllib.request

            while not looping.is_set():
                try:
                    with urllib.request.urlopen(page + "/events", timeout=5) as stream:
                        for line in stream:
                            if line.startswith(b"event: page"):
                                heard.append(time.monotonic())
                            if looping.is_set():
                                return
                except OSError:
                    time.sleep(0.5)

        # a table on the master that dies, written as fast as two people can: the replication window
        hammered = next(f"fast-{i}" for i in range(1000) if key_slot(f"{P}:fast-{i}".encode()) * 3 // 16384 == 0)
        fast: list[tuple[str, str]] = []

        def hammer() -> None:
            number = 0
            while not stop.is_set():
                number += 1
                try:
                    reply = service.handle(hammer_move(service, hammered, number))
                except Exception:   # noqa: BLE001 — a read failed: the store is away
                    time.sleep(0.05)
                    continue
                if reply.code == "INTERNAL":
                    errors.append(reply.error)
                elif reply.ok and reply.changed:
                    fast.append((hammered, f"x:{hammered}:{number}"))
                time.sleep(0.002)   # the other tables' threads get their turn

        threads = [threading.Thread(target=person), threading.Thread(target=hammer),
                   threading.Thread(target=scheduler),
                   *(threading.Thread(target=watcher, args=(service.pages.link(P, c, service.store.load(P, c).meta),),
                                      daemon=True) for _, c in chosen)]
        for thread in threads:
            thread.start()
        time.sleep(before)
        victim, heir = cluster.nodes[0], cluster.nodes[3]
        victim.kill()
        killed = time.monotonic()
        pages_seen = set()
        answering = None
        while time.monotonic() - killed < max(after, 60):
            pages_seen.add(get(page)[0])
            statuses = [service.handle(Command(P, c, "alice", "/status", name="alice")) for _, c in chosen]
            if all(r.ok for r in statuses):
                answering = time.monotonic() - killed
                break
            time.sleep(0.2)
        report["answering_after_s"] = round(answering, 1) if answering is not None else None
        report["promoted"] = cluster.role(heir) == "master"
        # the traffic goes on past `after` until an open page hears a move made after the failover
        # (its subscriber waits out the outage with a backoff, longer on a loaded machine), 30 s at most
        back = killed + (answering or 0)
        while time.monotonic() - killed < after or (
                not any(t > back for t in heard) and time.monotonic() - killed < after + 30):
            time.sleep(0.2)
        first_heard = min((t for t in heard if t > back), default=None)
        report["page_heard_after_s"] = round(first_heard - killed, 1) if first_heard else None
        stop.set()
        threads[0].join(30)
        threads[1].join(30)
        # 60 s for the robots to catch up: a robot seat still to decide then, its game unchanged for
        # 15 s, is stuck (a robot on a long run of its own moves is not)
        deadline = time.monotonic() + 60
        changed: dict[str, tuple[int, float]] = {}
        while time.monotonic() < deadline:
            waiting = []
            for _, channel in chosen:
                rec = service.store.load(P, channel)
                if changed.get(channel, (None,))[0] != rec.expected:
                    changed[channel] = (rec.expected, time.monotonic())
                if service.robots.pending(rec.meta, rec.state):
                    waiting.append(channel)
            if not waiting:
                break
            time.sleep(1)
        report["stuck"] = sum(time.monotonic() - changed[c][1] > 15 for c in waiting)
        report["robots_caught_up_s"] = round(time.monotonic() - deadline + 60, 1)   # after the traffic stopped
        looping.set()
        threads[2].join(30)
        report["page_updates_after_failover"] = sum(t > killed + (answering or 0) for t in heard)
        report["acknowledged"] = len(acked)
        report["missing"] = sum(not service.store.redis.exists(service.store._key_of(P, c, k)) for c, k in acked)
        report["fast_acknowledged"] = len(fast)
        report["fast_missing"] = sum(not service.store.redis.exists(service.store._key_of(P, c, k)) for c, k in fast)
        pages_seen.add(get(page)[0])
        report["page_statuses"] = sorted(pages_seen)
        report["alive"] = all(p.poll() is None for p in procs)
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        for log in logs.values():
            log.close()
        cluster.stop()
    texts = {name: (tmp_path / f"{name}.log").read_text() for name in logs}
    report["tracebacks"] = sum(t.count("Traceback") for t in texts.values()) + len(errors)
    report["errors"] = errors[:5]
    print("failover report:", report)
    if report["tracebacks"]:
        print({name: t[-3000:] for name, t in texts.items()})
    return report


def check(report: dict) -> None:
    assert report["promoted"], report
    assert report["alive"], report
    assert report["answering_after_s"] is not None and report["answering_after_s"] < 30, report
    assert report["stuck"] == 0, report
    assert report["tracebacks"] == 0, report
    assert set(report["page_statuses"]) <= {200, 503}, report   # a sentence while down, never a 500
    assert report["acknowledged"] > 0
    assert report["page_updates_after_failover"] > 0, report   # open pages hear moves after the failover
    # the replication window: a kill -9 may take the last acknowledged writes with it (docs/deploy.md)
    assert report["missing"] + report["fast_missing"] <= 5, report


# the short run is in the default suite. It failed from issue 38 on (0 moves heard after the
# failover): one web process read its sharded announcements at ten a second, so the hammered
# table's backlog held every watched table's moves back (bot/store/store.py `_ShardedUpdates`)
def test_a_master_killed_mid_traffic_its_replica_takes_over_and_nothing_is_stuck(tmp_path):
    check(failover(tmp_path, per_game=1, before=4, after=8))


@pytest.mark.slow
def test_a_master_killed_mid_traffic_at_three_tables_a_game(tmp_path):
    check(failover(tmp_path, per_game=3, before=15, after=30))


@pytest.mark.parametrize("coverage, answering", [("yes", 0), ("no", 2)])
def test_a_master_without_a_replica_killed_stops_every_game_or_only_its_own(tmp_path, coverage, answering):
    """docs/deploy.md, `cluster-require-full-coverage`: a master with no replica killed, the cluster
    refuses every game while a slot has no owner (yes, the default), or only the dead master's
    games (no): one table a master, /status at each."""
    need_binary()
    cluster = Cluster(tmp_path / "cluster", 3, 0, "--cluster-require-full-coverage", coverage).start()
    try:
        service = Service(Store(connect(cluster.seeds)))
        chosen = tables(3)[:3]   # successors' three tables: one on each master
        assert sorted(key_slot(f"{P}:{c}".encode()) * 3 // 16384 for _, c in chosen) == [0, 1, 2]
        for _, channel in chosen:
            for user, text in (("alice", "/new ludi seed=3"), ("alice", "/join"), ("bob", "/join"),
                               ("alice", "/start")):
                assert service.handle(Command(P, channel, user, text, name=user)).ok
        cluster.nodes[0].kill()
        time.sleep(6)   # past cluster-node-timeout (2 s): the others mark it failed
        replies = [service.handle(Command(P, c, "alice", "/status", name="alice")) for _, c in chosen]
        assert all(r.ok or r.code == "STORE_DOWN" for r in replies), [r.error for r in replies]
        assert sum(r.ok for r in replies) == answering, [r.code for r in replies]
    finally:
        cluster.stop()
