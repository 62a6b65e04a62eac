"""Reminders: the background round posts each due reminder to its channel, pinging only
the players whose decision is pending."""
from bot.service import Service
from tests.discord.harness import CHANNEL, make_harness

ALICE, BOB = "101", "102"


async def test_a_due_reminder_is_posted_with_the_pending_players_mention(store):
    now = [1_000_000.0]
    service = Service(store, remind_after=60, clock=lambda: now[0])
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="tally")
    await h.say(ALICE, "alice", "join")
    await h.say(BOB, "bob", "join")
    await h.say(ALICE, "alice", "start")
    await h.say(ALICE, "alice", "tally", "add", n=1)
    h.recorder.clear()
    assert await h.client.strategos.remind_once() == 0       # not yet due
    now[0] += 61
    assert await h.client.strategos.remind_once() == 1
    (post,) = [c for c in h.recorder.find("POST", f"/channels/{CHANNEL}/messages")]
    assert post.content.startswith("Reminder:") and f"<@{BOB}>" in post.content
    assert post.payload["allowed_mentions"] == {"parse": [], "users": [int(BOB)]}
    assert post.custom_ids() and all(i.startswith(f"sg:b:{CHANNEL}:") for i in post.custom_ids())
    assert await h.client.strategos.remind_once() == 0       # each reminder fires once


async def test_the_schedule_is_polled_by_a_discord_ext_tasks_loop(store):
    from discord.ext import tasks

    now = [1_000_000.0]
    service = Service(store, remind_after=60, clock=lambda: now[0])
    h = await make_harness(service)
    assert isinstance(h.client.reminder_loop, tasks.Loop) and not h.client.reminder_loop.is_running()
    await h.say(ALICE, "alice", "new", game="tally")
    await h.say(ALICE, "alice", "join")
    await h.say(ALICE, "alice", "start")
    h.recorder.clear()
    now[0] += 61
    await h.client.remind_round()            # what each iteration of the loop runs
    (post,) = [c for c in h.recorder.find("POST", f"/channels/{CHANNEL}/messages")]
    assert post.content.startswith("Reminder:") and f"<@{ALICE}>" in post.content
