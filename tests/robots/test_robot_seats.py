"""Robots at the table through the service, on real Redis (issue #22): where robots sit
(`robots=N`, /robot, `/replace SEAT robot` and /back, `absent=robot`), where they think (a
job per decision in a Redis stream, taken once; a worker killed mid-thought leaves its job to
another; the decided move applied once through the one path), and a channel of robots only."""
import multiprocessing
import os
import random
import signal
import time

import orjson
import pytest
import redis

from bot.robots.worker import work_once
from bot.service import Command, Service
from bot.store import AlreadyDone, Conflict, Store
from core.registry import get_game
from robots.players import RobotPlayer

P = "t"


def say(service, user, text, channel="r", **kw):
    return service.handle(Command(P, channel, user, text, name=user, **kw))


def quick():
    """A robot that thinks a few iterations, not a second: the tests play whole games."""
    return RobotPlayer(budget=None, iterations=4)


def test_robots_n_seats_robots_named_as_such_and_robot_add_remove_in_the_lobby(service):
    reply = say(service, "alice", "/new ludi robots=2 seed=1")
    assert reply.ok and "🤖 Robot 1, 🤖 Robot 2" in reply.text
    assert say(service, "alice", "/robot add").ok
    assert say(service, "alice", "/robot remove").ok
    assert say(service, "alice", "/robot add 9").code == "FULL"
    say(service, "alice", "/join")
    started = say(service, "alice", "/start")
    assert started.ok and "🤖 Robot 1 (p1)" in started.text
    assert not any(b.user and b.user.startswith("robot:") for b in started.buttons)   # nobody presses for a robot
    assert not any(u.startswith("robot:") for u in started.mentions + list(started.private))
    assert say(service, "alice", "/robot add").code == "STARTED"


def test_a_robot_seat_left_deciding_gets_one_job_and_a_retried_command_adds_none(service):
    say(service, "alice", "/new ludi robots=1 seed=3")
    say(service, "alice", "/join")
    say(service, "alice", "/start", key="start-1")
    say(service, "alice", "/start", key="start-1")   # the same command again: already done
    rec = service.store.load(P, "r")
    pending = service.robots.pending(rec.meta, rec.state)
    jobs = service.store.redis.xrange(service.robots.stream)
    assert len(jobs) == len(pending) <= 1


def jobs(service) -> list[dict]:
    return [{k.decode(): v.decode() for k, v in fields.items()}
            for _, fields in service.store.redis.xrange(service.robots.stream)]


def test_the_job_lands_with_the_write_that_needs_it_and_a_refused_or_repeated_write_adds_none(service):
    """The job is a side write of the commit (Store.commit's xadd, in the same script as the
    game): a write that leaves a robot deciding adds exactly one job naming its version and seq;
    a command refused, one carried out before (the same key), or one that lost the race adds none."""
    a_ludi_table_where_the_robot_decides(service)
    rec = service.store.load(P, "r")
    seat = service.robots.pending(rec.meta, rec.state)[0]
    queued = jobs(service)
    assert queued[-1] == {"platform": P, "channel": "r", "seat": seat, "version": str(rec.version),
                          "seq": str(rec.expected)}
    assert sum(1 for job in queued if job["seq"] == str(rec.expected)) == 1
    before = len(queued)
    assert not say(service, "alice", "/ludi end").ok            # not her turn: refused, nothing written
    assert say(service, "alice", "/robot add").code == "STARTED"
    assert len(jobs(service)) == before
    # a write that keeps the robot deciding adds one job at its own version and seq
    version = service.store.commit(P, "r", rec.expected, meta=rec.meta, key="k", robots=[seat])
    assert jobs(service)[before:] == [{"platform": P, "channel": "r", "seat": seat, "version": str(version),
                                       "seq": str(rec.expected + 1)}]
    with pytest.raises(AlreadyDone):                            # the same command again: none
        service.store.commit(P, "r", rec.expected + 1, meta=rec.meta, key="k", robots=[seat])
    with pytest.raises(Conflict):                               # a lost race: nothing written, none
        service.store.commit(P, "r", rec.expected, meta=rec.meta, robots=[seat])
    assert len(jobs(service)) == before + 1


def test_an_all_robot_ludi_game_plays_to_its_end_in_a_channel(service):
    say(service, "alice", "/new ludi robots=3 seed=5")
    assert say(service, "alice", "/start").ok
    replies = service.robots.play_here(P, "r", player=quick(), rnd=random.Random(1))
    assert replies and all(r.ok for r in replies), [r.error for r in replies if not r.ok]
    rec = service.store.load(P, "r")
    assert rec.meta["status"] == "finished"
    assert "by" in service.store.log(P, "r")[-1] and service.store.log(P, "r")[-1]["by"] == "robot"


def test_an_all_robot_successors_game_in_a_channel_plays_legally(service):
    say(service, "alice", "/new successors robots=3 seed=2")
    assert say(service, "alice", "/start").ok
    replies = service.robots.play_here(P, "r", limit=150, player=quick(), rnd=random.Random(2))
    assert len(replies) == 150 and all(r.ok for r in replies), [r.error for r in replies if not r.ok][:3]


@pytest.mark.slow
def test_an_all_robot_successors_game_plays_to_its_end(service):
    say(service, "alice", "/new successors robots=2 seed=4")
    say(service, "alice", "/start")
    service.robots.play_here(P, "r", limit=50_000, player=quick(), rnd=random.Random(4))
    assert service.store.load(P, "r").meta["status"] == "finished"


def missing_deadlines(service, options: str, until) -> dict:
    """A Ludi game of alice and bob with a 1 h deadline that nobody meets, hour after hour,
    until `until(meta)`; the stored meta then."""
    now = [1_000_000.0]
    service.clock = lambda: now[0]
    say(service, "alice", f"/new ludi deadline=1h {options}")
    say(service, "alice", "/join")
    say(service, "bob", "/join")
    say(service, "alice", "/start")
    for _ in range(40):
        now[0] += 3601
        service.due_reminders(P)
        meta = service.store.load(P, "r").meta
        if until(meta):
            break
    return meta


def test_replace_an_absent_seat_with_a_robot_and_take_it_back(service):
    meta = missing_deadlines(service, "seed=7", lambda meta: any(p.get("absent") for p in meta["players"]))
    absent = [p for p in meta["players"] if p.get("absent")]
    assert absent, "three missed deadlines make a seat absent"
    seat, owner = absent[0]["seat"], absent[0]["user"]
    other = "bob" if owner == "alice" else "alice"
    reply = say(service, other, f"/replace {seat} robot")
    assert reply.ok and "/back" in reply.text
    rec = service.store.load(P, "r")
    held = next(p for p in rec.meta["players"] if p["seat"] == seat)
    assert held["robot"] and held["name"].startswith("🤖") and held["user"] == owner
    if seat in service.robots.pending(rec.meta, rec.state):
        assert say(service, owner, "/ludi end").code == "ROBOT_SEAT"   # he must /back first
    back = say(service, owner, "/back")
    assert back.ok
    assert not any(p.get("robot") for p in service.store.load(P, "r").meta["players"])


def test_absent_robot_hands_the_seat_to_a_robot_at_the_third_missed_deadline(service):
    missing_deadlines(service, "absent=robot seed=8", lambda meta: any(p.get("robot") for p in meta["players"]))
    rec = service.store.load(P, "r")
    assert any(p.get("robot") and p["name"].startswith("🤖") for p in rec.meta["players"])


def a_ludi_table_where_the_robot_decides(service):
    """Alice against one robot at Ludi (seed 11), played until the robot must decide."""
    say(service, "alice", "/new ludi robots=1 seed=11")
    say(service, "alice", "/join")
    say(service, "alice", "/start")
    until_a_robot_decides(service)


def until_a_robot_decides(service):
    """The person plays (the deadline's line) until the robot must decide."""
    ludi = get_game("ludi")
    for _ in range(50):
        rec = service.store.load(P, "r")
        if service.robots.pending(rec.meta, rec.state):
            return
        seat = next(iter(ludi.prompts(rec.state)))
        line = ludi.default_action(rec.state, seat)
        say(service, "alice", f"/ludi {line}", private=ludi.sent_privately(line, ludi.prompts(rec.state)[seat]))


# a worker killed mid-thought ------------------------------------------------------------------
def _connection(store) -> dict:
    if os.environ.get("REDIS_URL"):
        return {"url": os.environ["REDIS_URL"]}
    return {"unix_socket_path": store.redis.socket_file}


def _worker(kwargs, prefix, budget):
    client = redis.Redis.from_url(kwargs["url"]) if "url" in kwargs else redis.Redis(**kwargs)
    service = Service(Store(client, prefix=prefix))
    robots = service.robots
    taken = robots.take("doomed", 5000)
    assert taken is not None
    RobotPlayer(budget=budget)   # it would think for `budget` seconds: it is killed first
    time.sleep(60)


def test_a_worker_killed_mid_thought_leaves_its_job_to_another_and_the_move_is_applied_once(service):
    a_ludi_table_where_the_robot_decides(service)
    rec = service.store.load(P, "r")
    assert service.robots.pending(rec.meta, rec.state), "the robot must decide"
    before = service.store.log_length(P, "r")
    service.robots.ensure_group()
    ctx = multiprocessing.get_context("fork")
    doomed = ctx.Process(target=_worker, args=(_connection(service.store), service.store.prefix, 30.0))
    doomed.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:   # it has taken the job and is "thinking"
        pending = service.store.redis.xpending(service.robots.stream, "thinkers")
        if pending and pending["pending"]:
            break
        time.sleep(0.05)
    os.kill(doomed.pid, signal.SIGKILL)
    doomed.join(timeout=10)
    assert service.store.redis.xpending(service.robots.stream, "thinkers")["pending"] == 1
    # another worker claims the dead one's job once it has been idle long enough
    assert work_once(service, "survivor", block_ms=100, claim_idle_ms=0, rnd=random.Random(3))
    decision = orjson.loads(service.store.redis.lindex(service.robots.decided_key(P), 0))
    applied = service.due_reminders(P)
    assert [r for r in applied if r.changed], "the decided move is posted"
    assert service.store.log_length(P, "r") == before + 1
    assert service.store.redis.xpending(service.robots.stream, "thinkers")["pending"] == 0
    # the same decision filed again (a doubled job) changes nothing
    again = service.robots.apply(decision)
    assert again.ok and not again.changed and service.store.log_length(P, "r") == before + 1


def test_robot_jobs_due_counts_what_no_worker_has_applied_yet(service):
    assert service.robots.jobs_due() == 0
    say(service, "alice", "/new ludi robots=2 seed=13")
    say(service, "alice", "/join")
    say(service, "alice", "/start")
    until_a_robot_decides(service)
    assert service.robots.jobs_due() == 1
    assert work_once(service, "w", block_ms=100, rnd=random.Random(1))
    assert service.robots.jobs_due() == 1       # decided, not yet applied
    service.due_reminders(P)
    assert service.robots.jobs_due() <= 1       # applied; the next robot decision may be due


def test_a_robots_name_is_drawn_with_a_glyph_the_pictures_font_has(service):
    """The chat shows 🤖; DejaVu Sans has no emoji (it would draw an empty box): pictures draw ⚙."""
    import render

    say(service, "alice", "/new ludi robots=1 seed=21")
    say(service, "alice", "/join")
    say(service, "alice", "/start")
    rec = service.store.load(P, "r")
    view = get_game("ludi").view(rec.state, None)
    assert "🤖" in str(view)
    drawn = render.drawable(view)
    assert "🤖" not in str(drawn) and "\u2699 Robot 1" in str(drawn)
    assert render.draw("ludi", view).size == render.draw("ludi", drawn).size


def test_a_game_moved_to_another_channel_gives_its_deciding_robot_a_job_there(service):
    """A Telegram group upgraded to a supergroup moves its game (Service.move_channel): the job
    of a robot deciding there names the old channel, so the write that moves the game adds one
    naming the new channel, or the robot's seat would wait forever."""
    a_ludi_table_where_the_robot_decides(service)
    seat = service.robots.pending(*(lambda rec: (rec.meta, rec.state))(service.store.load(P, "r")))[0]
    assert service.move_channel(P, "r", "moved")
    rec = service.store.load(P, "moved")
    assert jobs(service)[-1] == {"platform": P, "channel": "moved", "seat": seat, "version": str(rec.version),
                                 "seq": str(rec.expected)}
    while work_once(service, "w", block_ms=100, rnd=random.Random(5)):   # the old channel's job: dropped
        pass
    assert [r for r in service.due_reminders(P) if r.changed and r.channel == "moved"], \
        "the robot plays on in the new channel"


def test_a_job_and_a_decision_of_the_version_before_seq_are_neither_lost_nor_poison(service):
    """Jobs queued and decisions filed by the release before jobs named their write's seq
    (upgrades meet them in Redis): a job at the current version is still thought, and a
    decision without what applying needs is passed over (its job is claimed again), never
    raising in the bots' loop or the worker."""
    a_ludi_table_where_the_robot_decides(service)
    rec = service.store.load(P, "r")
    seat = service.robots.pending(rec.meta, rec.state)[0]
    old_job = {"platform": P, "channel": "r", "version": str(rec.version), "seat": seat}
    decision = service.robots.think(old_job, player=quick(), rnd=random.Random(1))
    assert decision is not None and decision["seq"] == rec.expected
    service.store.redis.rpush(service.robots.decided_key(P), orjson.dumps({"id": "0-1", **old_job, "line": "end"}))
    service.due_reminders(P)
    assert service.store.redis.llen(service.robots.decided_key(P)) == 0
    assert service.store.load(P, "r").expected == rec.expected      # nothing applied
