"""Reminders people can tune (issue 15): per game remind=/repeat=, per user /remind off|on,
tz and quiet hours; the schedule in real Redis, raced by two scheduler processes, and
surviving a restart."""
import multiprocessing
import os
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import redis

from bot.service import Service
from bot.service.timers import play_options, quiet_end
from bot.service.types import Command
from bot.store import Store
from core.errors import RulesError

H = 3600.0


def at(text: str, tz: str = "UTC") -> float:
    """A moment as a timestamp: at("2026-11-23 23:30")."""
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(tz)).timestamp()


def make(store, now, options="", players=("alice", "bob"), channel="r", platform="t"):
    service = Service(store, remind_after=12 * H, remind_repeat=24 * H, clock=lambda: now[0])
    lines = [("alice", f"/new tally target=100 {options}")] + [(p, "/join") for p in players] + [("alice", "/start")]
    for user, text in lines:
        reply = service.handle(Command(platform, channel, user, text, name=user))
        assert reply.ok, reply.error
    return service


def say(service, user, text, channel="r", platform="t", **kw):
    return service.handle(Command(platform, channel, user, text, name=user, **kw))


def post_all(service, platform="t"):
    """What an adapter does each round: post every due reply, hand it back."""
    replies = service.due_reminders(platform)
    for reply in replies:
        service.reminded(reply)
    return replies


def test_play_options_are_the_platforms_not_the_games():
    play, rest = play_options(["remind=2h", "repeat=1d", "target=5", "deadline=30m"])
    assert play == {"remind": 7200, "repeat": 86400, "deadline": 1800} and rest == ["target=5"]
    assert play_options(["clock=3d+12h"])[0] == {"clock": [3 * 86400, 12 * 3600]}
    for bad in (["deadline=8d"], ["clock=8d+1h"], ["remind=soon"], ["deadline=1h", "clock=1d"]):
        with pytest.raises(RulesError):
            play_options(bad)


def test_first_reminder_after_remind_then_every_repeat(store):
    now = [at("2026-11-23 10:00")]
    service = make(store, now, "remind=2h repeat=5h")
    assert post_all(service) == []
    now[0] += 2 * H - 1
    assert post_all(service) == []
    now[0] += 2
    (first,) = post_all(service)
    assert first.public[0] == "Reminder:" and first.mentions == ["alice"]
    now[0] += 4 * H
    assert post_all(service) == []                      # the repeat is 5 h after the first
    now[0] += 1 * H + 1
    assert [r.mentions for r in post_all(service)] == [["alice"]]
    assert say(service, "alice", "/tl add 1").ok         # a move starts the count again, for bob
    now[0] += 1 * H
    assert post_all(service) == []
    now[0] += 1 * H + 1
    assert [r.mentions for r in post_all(service)] == [["bob"]]


def test_defaults_are_12h_then_24h(store):
    now = [at("2026-11-23 10:00")]
    service = make(store, now)
    now[0] += 12 * H + 1
    assert len(post_all(service)) == 1
    now[0] += 23 * H
    assert post_all(service) == []
    now[0] += 1 * H + 1
    assert len(post_all(service)) == 1


def test_a_reminder_names_only_the_pending_and_says_what_they_decide_with_its_buttons(store):
    now = [at("2026-11-23 10:00")]
    service = make(store, now, "free=1", players=("alice", "bob", "carol"))
    assert say(service, "carol", "/remind off").ok
    now[0] += 12 * H + 1
    (reply,) = post_all(service)
    assert sorted(reply.mentions) == ["alice", "bob"]
    assert all("carol" not in line for line in reply.public)
    assert any(line.startswith("Waiting for alice (P1): add to the total") for line in reply.public)
    assert {b.user for b in reply.buttons} == {"alice", "bob"} and {b.label for b in reply.buttons} >= {"roll"}
    # the private choice (a hidden word) goes to its player only, privately, as a menu (issue #26)
    assert set(reply.private) == {"alice", "bob"} and "Your private choices" in reply.private["alice"][0]
    assert set(reply.menus) == {"alice", "bob"} and reply.menus["alice"].seat == "P1"
    assert "secret wordP1" in [o.label for o in reply.menus["alice"].options]


def test_remind_off_on_is_kept_across_games(store):
    now = [at("2026-11-23 10:00")]
    service = make(store, now)
    reply = say(service, "alice", "/remind off", channel=None, private=True)   # in private, no game needed
    assert reply.ok and "off" in reply.private["alice"][0]
    other = make(store, now, channel="r2")
    now[0] += 12 * H + 1
    assert post_all(service) == [] and post_all(other) == []
    assert say(service, "alice", "/remind on").ok
    now[0] += 24 * H + 1
    assert {r.channel for r in post_all(service)} == {"r", "r2"}


def test_bad_settings_are_refused_with_the_usage(store):
    now = [0.0]
    service = make(store, now)
    for text, words in [("/remind tz Mars/Olympus", "Unknown time zone"), ("/remind quiet 25-3", "0–23"),
                        ("/remind sometimes", "Usage")]:
        reply = say(service, "alice", text)
        assert not reply.ok and words in reply.error
    assert store.user_prefs("t", "alice") == {}


def test_quiet_hours_hold_across_a_time_zone_change(store):
    now = [at("2026-11-23 09:00")]
    service = make(store, now)
    assert say(service, "alice", "/remind quiet 23-08").ok         # in UTC for now
    now[0] = at("2026-11-23 23:30")                              # due (14.5 h), but 23:30 UTC is quiet
    assert post_all(service) == []
    assert say(service, "alice", "/remind tz Europe/Madrid").ok   # now 00:30 in Madrid: still quiet
    assert post_all(service) == []
    now[0] = at("2026-11-24 07:30")     # 07:30 UTC would be quiet in UTC, but it is 08:30 in Madrid
    assert [r.mentions for r in post_all(service)] == [["alice"]]
    assert quiet_end({"quiet": "23-8", "tz": "Europe/Madrid"}, at("2026-11-23 23:30")) == at("2026-11-24 07:00")
    assert quiet_end({"quiet": "23-8", "tz": "UTC"}, at("2026-11-24 07:30")) == at("2026-11-24 08:00")
    assert quiet_end({"quiet": "23-8", "tz": "Europe/Madrid"}, at("2026-11-24 07:30")) is None


def test_the_schedule_waits_for_the_end_of_quiet_hours_not_the_next_repeat(store):
    now = [at("2026-11-23 10:00")]
    service = make(store, now)
    say(service, "alice", "/remind quiet 22-07")
    now[0] = at("2026-11-23 22:30")
    assert post_all(service) == []
    score = store.redis.zscore(store.reminders_key("t"), "r")
    assert score == at("2026-11-24 07:00")


def test_a_reminder_due_during_a_restart_is_sent_after_it(store):
    now = [at("2026-11-23 10:00")]
    make(store, now, "remind=1h")
    # the bot stops; two hours pass; a new process with a new connection starts
    now[0] += 2 * H
    client = _connect(connection_of(store))
    reborn = Service(Store(client, prefix=store.prefix), remind_after=12 * H, clock=lambda: now[0])
    assert [r.mentions for r in post_all(reborn)] == [["alice"]]
    assert post_all(reborn) == []


def connection_of(store) -> dict:
    """How a new process reaches the same Redis: REDIS_URL, or the embedded server's socket."""
    if os.environ.get("REDIS_URL"):
        return {"url": os.environ["REDIS_URL"]}
    return {"unix_socket_path": store.redis.socket_file}


def _connect(kwargs):
    return redis.Redis.from_url(kwargs["url"]) if "url" in kwargs else redis.Redis(**kwargs)


def _scheduler(kwargs, prefix, now, out):
    client = _connect(kwargs)
    service = Service(Store(client, prefix=prefix), remind_after=60, clock=lambda: now)
    sent, idle = [], 0
    while idle < 3:
        replies = service.due_reminders("t")
        idle = 0 if replies else idle + 1
        for reply in replies:
            sent.append((reply.channel, reply.version))
            service.reminded(reply)
    out.put(sent)


def test_two_scheduler_processes_racing_over_1000_due_reminders_send_each_exactly_once(store):
    now = [at("2026-11-23 10:00")]
    make(store, now, "remind=1m", channel="g0")
    source = store.tag("t", "g0") + ":game"
    fields = store.redis.hgetall(source)
    pipe = store.redis.pipeline(transaction=False)
    channels = [f"g{i}" for i in range(1000)]
    for channel in channels[1:]:
        pipe.hset(store.tag("t", channel) + ":game", mapping=fields)
    pipe.zadd(store.reminders_key("t"), {c: now[0] + 60 for c in channels})
    pipe.execute()
    kwargs = connection_of(store)
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=_scheduler, args=(kwargs, store.prefix, now[0] + 61, out)) for _ in range(2)]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=30)
    sent = results[0] + results[1]
    assert sorted(c for c, _ in sent) == sorted(channels)          # each once: none lost, none twice
    assert all(results), "both processes took part in the race"
    assert os.getpid()   # the parent survived its forks


def test_remind_now_pings_only_who_wants_it_and_says_who_was_left_out_and_why(store):
    """Plain /remind follows each player's own settings, as the scheduler does: /remind off and
    quiet hours (in the player's time zone) hold; the reply names who was not pinged and why,
    without his hours or his zone."""
    now = [at("2026-11-23 10:00")]
    service = make(store, now, "free=1", players=("alice", "bob", "carol"))
    assert say(service, "carol", "/remind off").ok
    assert say(service, "bob", "/remind quiet 23-08").ok and say(service, "bob", "/remind tz Europe/Madrid").ok
    now[0] = at("2026-11-23 22:30")              # 23:30 in Madrid: bob's night
    reply = say(service, "alice", "/remind")
    assert reply.ok and reply.public[0] == "Reminder:"
    assert reply.mentions == ["alice"] and set(reply.private) == {"alice"}
    assert "Not pinged, reminders off: carol." in reply.public
    assert "Not pinged, in quiet hours: bob." in reply.public
    assert not any(secret in line for line in reply.public for secret in ("Madrid", "23", "08"))
    now[0] = at("2026-11-24 07:30")              # 08:30 in Madrid: bob is awake again
    assert sorted(say(service, "alice", "/remind").mentions) == ["alice", "bob"]
    assert say(service, "alice", "/lang es").ok
    now[0] += 16 * 60                            # /remind pings a game once per quarter of an hour
    assert "Sin aviso, recordatorios desactivados: carol." in say(service, "alice", "/remind").public


@pytest.mark.parametrize("seconds", [5.0, 30.0])
def test_a_reminder_is_sent_once_even_when_each_post_takes_5_seconds(store, seconds):
    """Issue 28: worker A posts its claimed reminders one by one, 5 s each (a slow platform;
    30 s: four posts outlive the lease);
    worker B polls in between, as a second process does. A claimed batch must not outlive its
    lease while A still works through it (before: 27 of 60 once-only reminders went out twice)."""
    now = [at("2026-11-23 10:00")]
    make(store, now, "remind=1m repeat=0", channel="s0")
    source = store.tag("t", "s0") + ":game"
    fields = store.redis.hgetall(source)
    channels = [f"s{i}" for i in range(60)]
    pipe = store.redis.pipeline(transaction=False)
    for channel in channels[1:]:
        pipe.hset(store.tag("t", channel) + ":game", mapping=fields)
    pipe.zadd(store.reminders_key("t"), {c: now[0] + 60 for c in channels})
    pipe.execute()
    now[0] += 61
    a = Service(Store(store.redis, prefix=store.prefix), remind_after=60, clock=lambda: now[0])
    b = Service(Store(store.redis, prefix=store.prefix), remind_after=60, clock=lambda: now[0])
    posted: dict[str, int] = {}

    def post(service, reply, seconds):
        now[0] += seconds
        posted[reply.channel] = posted.get(reply.channel, 0) + 1
        service.reminded(reply)

    for _ in range(100):
        batch = a.due_reminders("t")
        for reply in batch:
            post(a, reply, seconds)
            for other in b.due_reminders("t"):   # B works alongside; its own posts take no time of A's
                post(b, other, 0.0)
        if not batch and not b.due_reminders("t"):
            break
    twice = sorted(c for c, n in posted.items() if n > 1)
    print(f"\n60 once-only reminders, posts of {seconds:.0f} s: {len(posted)} posted, {len(twice)} twice")
    assert sorted(posted) == sorted(channels) and twice == []
