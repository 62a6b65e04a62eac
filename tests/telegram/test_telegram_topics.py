"""Several games in one group: `/new GAME thread` in a forum opens a topic for the game (the
store's channel is "chat/topic"), and every message, picture, button and reminder of that game
carries the topic's `message_thread_id`. Two topics of one chat hold two games."""
import time

from telegram import Update

from tests.telegram.conftest import GROUP

ALICE, BOB = 11, 22


async def open_in_topic(tg, user: int, name: str, options: str = "") -> int:
    """`/new tally [options] thread` typed in the forum's General topic; the new topic's id."""
    tg.tg.clear()
    await tg.say(user, f"/new tally {options} thread".replace("  ", " "), forum=True, name=name)
    (params,) = [p for e, p, _ in tg.tg.calls if e == "createForumTopic"]
    assert params["name"] == f"Tally — {name}" and int(params["chat_id"]) == GROUP
    lobby = next(p for p in tg.tg.sent(GROUP) if "New game of Tally" in p.get("text", ""))
    return int(lobby["message_thread_id"])


async def play_in(tg, topic: int, *users: int) -> None:
    for user in users:
        await tg.say(user, "/join", thread=topic)
    await tg.say(users[0], "/start", thread=topic)


async def test_two_topics_of_one_chat_hold_two_games(tg, service):
    first = await open_in_topic(tg, ALICE, "Alice")
    notice = tg.tg.sent(GROUP)[-1]
    assert "message_thread_id" not in notice and "open in a topic of its own: Tally — Alice" in notice["text"]
    second = await open_in_topic(tg, BOB, "Bob")
    assert first != second
    assert service.store.load("telegram", f"{GROUP}/{first}").meta["creator"] == str(ALICE)
    assert service.store.load("telegram", f"{GROUP}/{second}").meta["creator"] == str(BOB)
    assert service.store.load("telegram", str(GROUP)) is None, "the General topic holds no game"

    await play_in(tg, first, ALICE, BOB)
    await play_in(tg, second, BOB, ALICE)
    tg.tg.clear()
    await tg.say(ALICE, "/tl add 2", thread=first)
    await tg.say(BOB, "/tl add 1", thread=second)
    assert service.state("telegram", f"{GROUP}/{first}")[1]["total"] == 2
    assert service.state("telegram", f"{GROUP}/{second}")[1]["total"] == 1
    sent = tg.tg.sent(GROUP)
    assert sent and all(int(p["message_thread_id"]) in (first, second) for p in sent)
    assert [int(p["message_thread_id"]) for p in sent if "adds 2" in p["text"]] == [first]
    assert [int(p["message_thread_id"]) for p in sent if "adds 1" in p["text"]] == [second]


async def test_a_button_plays_in_its_own_topic_only(tg, service):
    topic = await open_in_topic(tg, ALICE, "Alice")
    await play_in(tg, topic, ALICE, BOB)
    data = next(b for b in tg.buttons() if b["text"] == "add 1")["callback_data"]
    assert data.startswith(f"b|{GROUP}/{topic}|")
    raw = tg.press(ALICE, data).to_dict()
    raw["callback_query"]["message"].update(message_thread_id=topic, is_topic_message=True)
    tg.tg.clear()
    await tg.app.process_update(Update.de_json(raw, tg.app.bot))
    assert service.state("telegram", f"{GROUP}/{topic}")[1]["total"] == 1
    assert all(int(p["message_thread_id"]) == topic for p in tg.tg.sent(GROUP))


async def test_a_reminder_goes_to_the_games_topic(tg, service):
    topic = await open_in_topic(tg, ALICE, "Alice")
    await play_in(tg, topic, ALICE)
    tg.tg.clear()
    service.clock = lambda: time.time() + 3600
    assert await tg.adapter.remind() == 1
    (reminder,) = tg.tg.sent(GROUP)
    assert reminder["text"].startswith("Reminder:") and int(reminder["message_thread_id"]) == topic


async def test_a_group_without_topics_is_told_how_to_get_them(tg, service):
    await tg.say(ALICE, "/new tally thread", forum=False)
    assert not [e for e, _, _ in tg.tg.calls if e == "createForumTopic"]
    assert "This group has no topics" in tg.tg.texts(GROUP)
    assert service.store.load("telegram", str(GROUP)) is None


async def test_without_the_right_to_manage_topics_the_sender_is_told(tg, service):
    tg.tg.errors["createForumTopic"] = (400, "Bad Request: not enough rights to create a topic")
    await tg.say(ALICE, "/new tally thread", forum=True)
    assert "I cannot open a topic here" in tg.tg.texts(GROUP)
    assert service.store.load("telegram", str(GROUP)) is None


async def test_a_refused_new_leaves_no_empty_topic(tg, service):
    update = await tg.say(ALICE, "/new tally colour=mauve thread", forum=True)
    assert len([e for e, _, _ in tg.tg.calls if e == "createForumTopic"]) == 1
    (deleted,) = [p for e, p, _ in tg.tg.calls if e == "deleteForumTopic"]
    topic = int(deleted["message_thread_id"])
    assert service.store.load("telegram", f"{GROUP}/{topic}") is None
    (refusal,) = tg.tg.sent(GROUP)
    assert "colour" in refusal["text"] and "message_thread_id" not in refusal
    assert refusal["reply_parameters"]["message_id"] == update.message.message_id


async def test_a_topic_speaks_the_language_of_the_group_it_was_opened_from(tg, service):
    await tg.say(ALICE, "/lang es", forum=True)
    tg.tg.clear()
    await tg.say(ALICE, "/new tally thread", forum=True, name="Alice")
    (lobby,) = [p for p in tg.tg.sent(GROUP) if "message_thread_id" in p]
    assert lobby["text"].startswith("Nueva partida de Tally"), "the lobby in the group's Spanish"
    assert "La partida está abierta en un tema propio" in tg.tg.texts(GROUP)

