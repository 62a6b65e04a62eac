"""Commands typed in a group: the service's answer comes back as one message per chat."""
import orjson

from tests.telegram.conftest import BOT_NAME, GROUP, seat


async def test_a_command_in_a_group_reaches_the_service_and_is_answered_there(tg):
    await tg.say(1, f"/new@{BOT_NAME} tally", name="Alice")
    await tg.say(1, "/join", name="Alice")
    await tg.say(2, f"/join@{BOT_NAME}", name="Bob")
    tg.tg.clear()
    await tg.say(1, "/start")
    sent = tg.tg.sent(GROUP)
    assert len(sent) == 1, "public lines, prompt and buttons are batched into one message"
    text = sent[0]["text"]
    assert "Tally begins" in text and "Waiting for Alice (P1)" in text
    assert sent[0]["parse_mode"] == "HTML"
    # the pending player is mentioned with a tg:// link, by the name Telegram gave
    assert '<a href="tg://user?id=1">Alice</a>' in text
    labels = [b["text"] for b in tg.buttons()]
    assert labels == ["roll", "add 1", "add 2"]
    assert all(len(b["callback_data"].encode()) <= 64 for b in tg.buttons())

    tg.tg.clear()
    await tg.say(1, f"/tl@{BOT_NAME} add 2")
    assert "P1 adds 2: total 2." in tg.tg.texts(GROUP)


async def test_a_refusal_answers_the_senders_message(tg):
    await seat(tg, 1, 2)
    tg.tg.clear()
    update = await tg.say(2, "/tl add 1")          # not P2's turn
    (sent,) = tg.tg.sent(GROUP)
    assert sent["reply_parameters"]["message_id"] == update.message.message_id
    assert "turn" in sent["text"].lower()


async def test_commands_for_another_bot_are_ignored(tg):
    await tg.say(1, "/new@SomeOtherBot tally")
    assert tg.tg.sent() == []


async def test_a_duplicated_update_acts_once(tg):
    await tg.say(1, "/new tally")
    tg.tg.clear()
    await tg.say(1, "/join", update_id=4242, name="Alice")
    await tg.say(1, "/join", update_id=4242, name="Alice")     # Telegram delivers it again
    texts = [p["text"] for p in tg.tg.sent(GROUP)]
    assert texts == ["Alice joins. Seated: Alice."], "the repeat neither joined again nor was refused"
    rec = tg.adapter.service.store.load("telegram", str(GROUP))
    assert [p["user"] for p in rec.meta["players"]] == ["1"]


async def test_a_forum_topic_is_its_own_channel(tg):
    await tg.say(1, "/new tally", thread=77)
    sent = tg.tg.sent(GROUP)[-1]
    assert sent["message_thread_id"] == 77
    assert tg.adapter.service.store.load("telegram", f"{GROUP}/77") is not None
    assert tg.adapter.service.store.load("telegram", str(GROUP)) is None


async def test_a_chat_admin_may_abort_a_game_they_did_not_create(tg):
    await tg.say(1, "/new tally")
    tg.tg.clear()
    await tg.say(3, "/abort")
    assert "Only the game's creator" in tg.tg.texts(GROUP)
    tg.tg.admins.add(3)
    tg.tg.clear()
    await tg.say(3, "/abort")
    assert "is aborted" in tg.tg.texts(GROUP)
    assert [e for e, _, _ in tg.tg.calls].count("getChatMember") == 1


async def test_export_is_sent_as_a_file(tg):
    await seat(tg, 1)
    tg.tg.clear()
    await tg.say(1, "/export")
    docs = [(p, f) for e, p, f in tg.tg.calls if e == "sendDocument"]
    assert len(docs) == 1
    params, files = docs[0]
    name, content, _ = next(iter(files.values()))
    assert name.endswith(".json") and orjson.loads(content)["game"] == "tally"
