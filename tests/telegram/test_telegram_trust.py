"""Trust on Telegram (issue 11), through python-telegram-bot's own objects offline."""
from tests.telegram.conftest import GROUP, seat

ALICE, BOB, STRANGER = 11, 22, 66
FOREIGN = -1009999999999


async def test_a_private_chat_cannot_open_or_join_a_lobby_in_a_foreign_group(tg):
    await tg.say(STRANGER, f"g={FOREIGN} /new tally", chat=STRANGER)
    await tg.say(STRANGER, f"g={FOREIGN} /join", chat=STRANGER)
    assert tg.tg.sent(FOREIGN) == [], "the bot never posts in the group named by a stranger"
    assert tg.adapter.service.store.load("telegram", str(FOREIGN)) is None
    assert "a private message reaches only a channel where you sit" in tg.tg.texts(STRANGER)


async def test_a_seated_player_cannot_abort_from_the_private_chat(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, f"g={GROUP} /abort", chat=ALICE)
    assert tg.tg.sent(GROUP) == []
    assert "only inside the channel itself" in tg.tg.texts(ALICE)
    assert tg.adapter.service.store.load("telegram", str(GROUP)).meta["status"] == "playing"


async def test_seed_typed_in_a_group_is_refused(tg):
    await tg.say(ALICE, "/new tally seed=4711")
    assert "seed= is not accepted here" in tg.tg.texts(GROUP)
    assert tg.adapter.service.store.load("telegram", str(GROUP)) is None


async def test_each_update_carries_its_update_id_as_the_commands_key(tg):
    await seat(tg, ALICE, BOB)
    seen = []
    handle = tg.adapter.service.handle
    tg.adapter.service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    update = await tg.say(ALICE, "/tl add 2")
    assert seen[-1].key == f"tg999:{update.update_id}"
    # the service's own retry of that command (e.g. after a lost reply) is applied once
    again = handle(seen[-1])
    assert "Already done" in again.text
    assert [e["line"] for e in tg.adapter.service.store.log("telegram", str(GROUP))] == ["add 2"]


async def test_a_button_pressed_in_another_chat_is_not_honoured(tg):
    await seat(tg, ALICE, BOB)
    data = next(b for b in tg.buttons() if b["text"] == "add 1")["callback_data"]
    tg.tg.clear()
    await tg.click(ALICE, data, chat=-100555)
    (answer,) = tg.answers()
    assert answer.get("show_alert") and "expired" in answer["text"]
    assert tg.adapter.service.state("telegram", str(GROUP))[1]["total"] == 0
