"""Reminders posted to the game's group, and the command menu published only when it changed."""
import time

from tests.telegram.conftest import GROUP, seat

ALICE = 11


async def test_a_due_reminder_is_posted_to_the_group_with_a_mention(tg, service):
    await seat(tg, ALICE)
    tg.tg.clear()
    assert await tg.adapter.remind() == 0
    service.clock = lambda: time.time() + 3600
    assert await tg.adapter.remind() == 1
    text = tg.tg.texts(GROUP)
    assert text.startswith("Reminder:") and '<a href="tg://user?id=11">' in text
    assert await tg.adapter.remind() == 0, "each reminder is claimed once"


async def test_the_command_menu_is_published_per_language_only_when_changed(tg):
    assert await tg.adapter.publish_commands(tg.app.bot) is True
    calls = [p for e, p, _ in tg.tg.calls if e == "setMyCommands"]
    assert sorted(str(p.get("language_code")) for p in calls) == ["None", "en", "es", "ru"]
    by_language = {p.get("language_code"): {c["command"]: c["description"] for c in p["commands"]}
                   for p in calls}
    assert {"new", "join", "start", "map", "tally", "tl"} <= set(by_language[None])
    assert by_language["es"]["join"] != by_language["en"]["join"] != by_language["ru"]["join"]
    tg.tg.clear()
    assert await tg.adapter.publish_commands(tg.app.bot) is False
    assert tg.tg.calls == []


async def test_polling_start_up_publishes_the_menu_and_runs_the_reminder_loop(service):
    import asyncio

    from bot.telegram.adapter import ALLOWED_UPDATES, TelegramAdapter
    from tests.telegram.conftest import TOKEN, FakeTelegram, Harness

    request, polling = FakeTelegram(), FakeTelegram()
    adapter = TelegramAdapter(service, remind_every=0.05)
    app = adapter.build(TOKEN, request=request, get_updates_request=polling)
    async with app:
        await app.post_init(app)
        await app.updater.start_polling(poll_interval=0.05, allowed_updates=ALLOWED_UPDATES)
        await app.start()
        harness = Harness(app, request, adapter)
        await seat(harness, ALICE)
        service.clock = lambda: time.time() + 3600
        for _ in range(100):
            if "Reminder:" in request.texts(GROUP):
                break
            await asyncio.sleep(0.02)
        await app.updater.stop()
        await app.stop()
        await app.post_shutdown(app)
    assert "Reminder:" in request.texts(GROUP)
    assert any(e == "setMyCommands" for e, _, _ in request.calls)
    assert any(e == "getUpdates" for e, _, _ in polling.calls)
    assert adapter._reminders is None, "the reminder task stops with the application"
