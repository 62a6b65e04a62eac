"""Trust through the Telegram adapter (issue 28), through python-telegram-bot's own objects
offline: a seat goes to the user a reply or a text mention names, a private command is
answered privately, a channel or an anonymous admin is nobody's identity, a removed member
stops playing, a migrated group keeps its game, presses and edits are what they seem, and
/import files are ours and bounded."""
import orjson
from telegram import Message, Update

from bot.telegram.adapter import IMPORT_FILE_LIMIT, with_user_ids
from tests.telegram.conftest import BOT_NAME, GROUP, seat

ALICE, BOB, DAVE, MALLORY = 11, 22, 44, 66
ANONYMOUS_ADMIN_BOT = 1087968824   # Telegram's placeholder sender of an anonymous admin
CHANNEL_BOT = 136817688            # Telegram's placeholder sender of a message sent as a channel


def raw_message(tg, user: int, text: str, chat: int = GROUP, **extra) -> dict:
    sender = {"id": user, "is_bot": False, "first_name": tg.names.get(user, f"user{user}")}
    chat_obj = ({"id": user, "type": "private", "first_name": sender["first_name"]} if chat == user
                else {"id": chat, "type": "supergroup", "title": "Wargamers"})
    msg = {"message_id": next(tg._update_ids) + 500, "date": 1700000000, "chat": chat_obj, "from": sender,
           "text": text, **extra}
    if text.startswith("/") and "entities" not in extra:
        msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    return msg


async def feed(tg, kind: str = "message", **message) -> None:
    update = Update.de_json({"update_id": next(tg._update_ids), kind: message}, tg.app.bot)
    await tg.app.process_update(update)


def meta(tg, channel=GROUP):
    rec = tg.adapter.service.store.load("telegram", str(channel))
    return rec.meta if rec else None


# a seat goes to the user named by a reply or a text mention ------------------------------------
async def test_handover_by_reply_invites_the_replied_to_user_and_only_him(tg):
    await seat(tg, ALICE, BOB)
    dave_said = raw_message(tg, DAVE, "I'd like to play")
    # in a supergroup Telegram numbers a reply's thread by the message replied to
    await feed(tg, **raw_message(tg, ALICE, "/handover", reply_to_message=dave_said,
                                 message_thread_id=dave_said["message_id"]))
    assert meta(tg)["invite"]["ref"] == str(DAVE)
    assert 'href="tg://user?id=44"' in tg.tg.texts(GROUP), "the invitation names Dave by a mention"
    await tg.say(BOB, "/agree")
    await tg.say(MALLORY, "/agree", name=str(DAVE))           # a display name is nobody's identity
    assert [p["user"] for p in meta(tg)["players"]] == [str(ALICE), str(BOB)]
    await tg.say(DAVE, "/agree")
    assert [p["user"] for p in meta(tg)["players"]] == [str(DAVE), str(BOB)]


async def test_a_message_in_a_forum_topic_is_no_reply_to_the_topics_first_message(tg):
    topic = 77
    for user, text in ((ALICE, "/new tally"), (ALICE, "/join"), (BOB, "/join"), (ALICE, "/start")):
        await tg.say(user, text, thread=topic)
    root = raw_message(tg, DAVE, "", forum_topic_created={"name": "Game", "icon_color": 7322096})
    root.pop("text")
    root.pop("entities", None)
    root["message_id"] = topic
    await feed(tg, **raw_message(tg, ALICE, "/handover", reply_to_message=root, message_thread_id=topic,
                                 is_topic_message=True))
    assert meta(tg, f"{GROUP}/{topic}")["status"] == "playing"
    assert "invite" not in meta(tg, f"{GROUP}/{topic}"), "the topic's creator is not invited"


async def test_handover_to_a_typed_username_is_refused_with_how_to_invite(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/handover @bob_tg")
    assert "invite" not in meta(tg)
    assert "as a reply" in tg.tg.texts(GROUP)


def test_a_text_mention_is_put_in_at_its_entitys_offset():
    """`/handover a` with a mention of "a": the mention, not the first "a" of the line."""
    message = Message.de_json({
        "message_id": 1, "date": 1700000000, "chat": {"id": -5, "type": "supergroup"},
        "text": "/handover a",
        "entities": [{"type": "bot_command", "offset": 0, "length": 9},
                     {"type": "text_mention", "offset": 10, "length": 1,
                      "user": {"id": 77, "is_bot": False, "first_name": "a"}}]}, None)
    assert with_user_ids(message) == "/handover <@77>"
    wide = Message.de_json({   # UTF-16 offsets: an emoji before the mention counts two
        "message_id": 1, "date": 1700000000, "chat": {"id": -5, "type": "supergroup"},
        "text": "/replace P3 🎲 a",
        "entities": [{"type": "text_mention", "offset": 15, "length": 1,
                      "user": {"id": 77, "is_bot": False, "first_name": "a"}}]}, None)
    assert with_user_ids(wide) == "/replace P3 🎲 <@77>"


# a private command is answered privately -------------------------------------------------------
async def test_a_private_status_is_answered_in_the_private_chat_not_the_group(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(BOB, "/status", chat=BOB)
    assert tg.tg.sent(GROUP) == [], "nothing posted, nobody pinged in the group"
    assert "Waiting for" in tg.tg.texts(BOB)


async def test_a_private_export_keeps_its_warning_out_of_the_group(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/export", chat=ALICE)
    assert tg.tg.sent(GROUP) == []
    assert "keep it to yourself" in tg.tg.texts(ALICE)
    assert [p["chat_id"] for p in tg.tg.sent(endpoint="sendDocument")] == [ALICE]


async def test_a_private_move_still_narrates_in_the_group(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/tl add 2", chat=ALICE)
    assert "P1 adds 2" in tg.tg.texts(GROUP)


# a channel or an anonymous admin is no player -------------------------------------------------
async def test_a_message_sent_as_a_channel_is_refused_not_taken_as_the_placeholder_user(tg):
    await seat(tg, ALICE, BOB)
    channel = {"id": -100777, "type": "channel", "title": "Alice's channel"}
    version = tg.adapter.service.store.load("telegram", str(GROUP)).version
    tg.tg.clear()
    await feed(tg, **raw_message(tg, CHANNEL_BOT, "/tl add 1", sender_chat=channel))
    await feed(tg, **raw_message(tg, CHANNEL_BOT, "/join", sender_chat=channel))
    assert tg.adapter.service.store.load("telegram", str(GROUP)).version == version
    assert "as yourself" in tg.tg.texts(GROUP)


async def test_an_anonymous_admin_is_refused_not_taken_as_an_admin_user(tg):
    await tg.say(ALICE, "/new tally")
    group = {"id": GROUP, "type": "supergroup", "title": "Wargamers"}
    tg.tg.clear()
    await feed(tg, **raw_message(tg, ANONYMOUS_ADMIN_BOT, "/abort", sender_chat=group))
    assert meta(tg)["status"] == "lobby"
    assert "as yourself" in tg.tg.texts(GROUP)


# a removed member stops playing ----------------------------------------------------------------
async def test_a_user_removed_from_the_group_cannot_play_from_his_private_chat(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.removed.add(ALICE)
    version = tg.adapter.service.store.load("telegram", str(GROUP)).version
    tg.tg.clear()
    await tg.say(ALICE, "/tl add 2", chat=ALICE)
    await tg.say(ALICE, f"g={GROUP} /remind", chat=ALICE)
    assert tg.adapter.service.store.load("telegram", str(GROUP)).version == version
    assert tg.tg.sent(GROUP) == [], "no move narrated, nobody pinged"
    assert "no longer a member" in tg.tg.texts(ALICE)
    asked = [c for c in tg.tg.calls if c[0] == "getChatMember"]
    assert len(asked) == 1, "the answer is cached briefly: one lookup for two commands"


async def test_a_member_plays_from_his_private_chat(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/tl add 2", chat=ALICE)
    assert "P1 adds 2" in tg.tg.texts(GROUP)


# a migrated group keeps its game ---------------------------------------------------------------
async def test_a_group_upgraded_to_a_supergroup_keeps_its_game(tg):
    old, new = -4242, -1004242
    await tg.say(ALICE, "/new tally", chat=old)
    await tg.say(ALICE, "/join", chat=old)
    await tg.say(BOB, "/join", chat=old)
    await tg.say(ALICE, "/start", chat=old)
    await tg.say(ALICE, "/tl add 2", chat=old)
    await feed(tg, message_id=900, date=1700000000, chat={"id": old, "type": "group", "title": "W"},
               **{"from": {"id": ALICE, "is_bot": False, "first_name": "A"}}, migrate_to_chat_id=new)
    assert meta(tg, old) is None
    assert meta(tg, new)["status"] == "playing"
    tg.tg.clear()
    await tg.say(BOB, "/tl add 1", chat=new)
    assert "P2 adds 1" in tg.tg.texts(new)
    assert [e["line"] for e in tg.adapter.service.store.log("telegram", str(new))] == ["add 2", "add 1"]


# presses and edits ----------------------------------------------------------------------------
async def test_a_press_in_another_forum_topic_of_the_same_chat_is_not_honoured(tg):
    await seat(tg, ALICE, BOB)
    data = next(b for b in tg.buttons() if b["text"] == "add 1")["callback_data"]
    tg.tg.clear()
    update = tg.press(ALICE, data)
    raw = update.to_dict()
    raw["callback_query"]["message"].update(message_thread_id=5, is_topic_message=True)
    await tg.app.process_update(Update.de_json(raw, tg.app.bot))
    (answer,) = tg.answers()
    assert answer.get("show_alert") and "expired" in answer["text"]
    assert tg.adapter.service.state("telegram", str(GROUP))[1]["total"] == 0


async def test_an_edited_message_is_never_taken_as_a_new_move(tg):
    await seat(tg, ALICE, BOB)
    first = raw_message(tg, ALICE, "/tl add 99")      # refused: more than the rules allow
    await feed(tg, **first)
    edited = dict(first, text="/tl add 3", edit_date=1700000100,
                  entities=[{"type": "bot_command", "offset": 0, "length": 3}])
    await feed(tg, "edited_message", **edited)
    assert tg.adapter.service.store.log("telegram", str(GROUP)) == []
    await tg.say(ALICE, "/tl add 3")                     # the same line sent anew is a move
    assert [e["line"] for e in tg.adapter.service.store.log("telegram", str(GROUP))] == ["add 3"]


# /import files --------------------------------------------------------------------------------
def document_message(tg, user: int, caption: str, file_id: str, size: int | None) -> dict:
    msg = raw_message(tg, user, "", caption=caption)
    msg.pop("text")
    msg.pop("entities", None)
    msg["caption_entities"] = [{"type": "bot_command", "offset": 0, "length": len(caption.split()[0])}]
    msg["document"] = {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_name": "game.json",
                       **({"file_size": size} if size is not None else {})}
    return msg


async def test_an_import_captioned_for_another_bot_is_not_ours(tg, service):
    await tg.say(ALICE, "/new tally")
    await tg.say(ALICE, "/join")
    await tg.say(BOB, "/join")
    await tg.say(ALICE, "/start")
    export = orjson.dumps(service.export("telegram", str(GROUP)))
    tg.tg.files["f1"] = export
    tg.tg.clear()
    await feed(tg, **document_message(tg, ALICE, "/import@OtherBot", "f1", len(export)))
    assert tg.tg.calls == [], "no download, no answer: the caption names another bot"
    await feed(tg, **document_message(tg, ALICE, f"/import@{BOT_NAME}", "f1", len(export)))
    assert [c for c in tg.tg.calls if c[0] == "download"], "our own caption is read"


async def test_a_document_of_unknown_size_is_size_checked_before_it_is_read(tg):
    tg.tg.files["big"] = b"{" + b" " * (IMPORT_FILE_LIMIT + 10) + b"}"
    tg.tg.file_sizes_known = False
    tg.tg.clear()
    seen = []
    handle = tg.adapter.service.handle
    tg.adapter.service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    await feed(tg, **document_message(tg, ALICE, "/import", "big", None))
    assert seen == [], "a file over the limit never reaches the service"
    assert "too large" in tg.tg.texts(GROUP)
