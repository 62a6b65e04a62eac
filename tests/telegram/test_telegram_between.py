"""/rematch, /stats, /away and /back in a Telegram group, offline through python-telegram-bot's
own objects (issue #26): the group is the results' server, its forum topics included."""
from tests.telegram.conftest import GROUP, seat


async def finish(tg, thread=None):
    kw = {"thread": thread} if thread else {}
    await tg.say(1, "/tl add 2", **kw)
    await tg.say(2, "/tl add 2", **kw)


async def test_rematch_then_stats_of_the_group_and_its_topic(tg):
    await seat(tg, 1, 2, options="target=3")
    await finish(tg)
    await tg.say(1, "/rematch")
    assert "asks for a rematch" in tg.tg.texts(GROUP)
    tg.tg.clear()
    await tg.say(2, "/rematch")
    assert "Everyone agreed: the rematch begins." in tg.tg.texts(GROUP)
    await tg.say(1, "/new tally target=3", thread=77)       # a forum topic of the same group
    for user in (1, 2):
        await tg.say(user, "/join", thread=77)
    await tg.say(1, "/start", thread=77)
    await finish(tg, thread=77)
    tg.tg.clear()
    await tg.say(3, "/stats")
    text = tg.tg.texts(GROUP)
    assert "Games played here: 2." in text and "P2 2/2" in text


async def test_away_is_told_in_the_group_and_back_ends_it(tg, service):
    await seat(tg, 1, 2, options="target=30 deadline=1h")
    await tg.say(2, "/away 3d", chat=2)                      # from his private chat
    assert "away for 3 d" in tg.tg.texts(2)
    tg.tg.clear()
    assert await tg.adapter.remind() >= 1                    # the scheduler posts the notice in the group
    assert "away for 3 d" in tg.tg.texts(GROUP)
    await tg.say(2, "/back")
    assert "is back: the deadline runs again" in tg.tg.texts(GROUP)
