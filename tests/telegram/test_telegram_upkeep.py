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
