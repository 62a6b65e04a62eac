"""Prompt buttons: the press is found again in Redis, a stale or expired one is an alert."""
from tests.telegram.conftest import GROUP, seat


async def test_a_button_press_plays_the_line_it_was_drawn_for(tg):
    await seat(tg, 1, 2)
    add_one = next(b for b in tg.buttons() if b["text"] == "add 1")
    tg.tg.clear()
    await tg.click(1, add_one["callback_data"])
    (answer,) = tg.answers()
    assert not answer.get("show_alert")
    assert "P1 adds 1: total 1." in tg.tg.texts(GROUP)
    assert "Waiting for user2 (P2)" in tg.tg.texts(GROUP)


async def test_buttons_survive_a_restart_of_the_adapter(tg, service):
    from bot.telegram.adapter import TelegramAdapter
    from tests.telegram.conftest import TOKEN, FakeTelegram, Harness

    await seat(tg, 1)
    data = tg.buttons()[1]["callback_data"]
    request = FakeTelegram()
    fresh = TelegramAdapter(service, remind_every=0)
    app = fresh.build(TOKEN, request=request, get_updates_request=FakeTelegram(), updater=False)
    await app.initialize()
    try:
        await Harness(app, request, fresh, first_update=10_000).click(1, data)
    finally:
        await app.shutdown()
    assert "P1 adds 1" in request.texts(GROUP)


async def test_a_stale_button_is_an_alert_and_changes_nothing(tg):
    await seat(tg, 1, 2)
    old = tg.buttons()[1]["callback_data"]
    await tg.say(1, "/tl add 2")          # the position moves on
    version = tg.adapter.service.store.load("telegram", str(GROUP)).version
    tg.tg.clear()
    await tg.click(1, old)
    (answer,) = tg.answers()
    assert answer["show_alert"] is True and "earlier position" in answer["text"]
    assert len(answer["text"]) <= 200
    assert tg.tg.sent() == [], "nothing is posted for a stale press"
    assert tg.adapter.service.store.load("telegram", str(GROUP)).version == version


async def test_someone_elses_button_is_refused_by_the_service_as_an_alert(tg):
    await seat(tg, 1, 2)
    data = tg.buttons()[0]["callback_data"]
    tg.tg.clear()
    await tg.click(2, data)
    (answer,) = tg.answers()
    assert answer["show_alert"] is True
    assert tg.tg.sent() == []


async def test_an_expired_or_forged_button_is_an_alert(tg):
    await seat(tg, 1)
    tg.tg.clear()
    await tg.click(1, f"b|{GROUP}|nosuchid")
    await tg.click(1, "b|-42|whatever")
    answers = tg.answers()
    assert len(answers) == 2 and all(a["show_alert"] and "expired" in a["text"] for a in answers)
    assert tg.tg.sent() == []


async def test_a_press_answered_too_late_is_still_narrated(tg):
    await seat(tg, 1, 2)
    add_one = next(b for b in tg.buttons() if b["text"] == "add 1")
    tg.tg.errors["answerCallbackQuery"] = (400, "Bad Request: query is too old and response timeout expired")
    tg.tg.clear()
    await tg.click(1, add_one["callback_data"])
    assert "P1 adds 1" in tg.tg.texts(GROUP)
