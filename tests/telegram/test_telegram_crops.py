"""Issue 34, item 5 on Telegram: a menu level that chooses a place shows its crop as the menu
message's own photo, each key with its number as on the crop; the crop is sent with the first
page (as the caption's photo) or put in on the level that has one (`editMessageMedia`), and no
message is added to the walk."""
import orjson
from telegram import Update

from bot.service.types import BADGES, Command, Reply
from bot.telegram.adapter import Origin
from tests.rules_helpers import place_level, play_through_service_until, seat_with_a_place_level
from tests.telegram.conftest import GROUP

ALICE, BOB = 11, 22


def keys_of(params: dict) -> list[dict]:
    markup = params.get("reply_markup")
    markup = orjson.loads(markup) if isinstance(markup, str) else markup
    return [k for row in (markup or {}).get("inline_keyboard", []) for k in row]


def calls(tg, endpoint: str) -> list[tuple[dict, dict]]:
    return [(p, f) for e, p, f in tg.tg.calls if e == endpoint]


async def ludi_at_a_public_menu(tg):
    service = tg.adapter.service
    for user, text in ((ALICE, "/new ludi"), (ALICE, "/join"), (BOB, "/join"), (ALICE, "/start")):
        await tg.say(user, text)
    seat, users = play_through_service_until(service, "telegram", str(GROUP),
                                             seat_with_a_place_level(service, "telegram", str(GROUP)))
    return int(users[seat])


def photo_message_press(tg, user: int, data: str, chat: int, caption: str = "prompt") -> Update:
    """A key pressed under a message that shows a photo (a crop put in before)."""
    update = tg.press(user, data, chat=chat)
    raw = update.callback_query.to_dict()
    message = raw["message"]
    message.pop("text", None)
    message.update(caption=caption, photo=[{"file_id": "crop-1", "file_unique_id": "c1", "width": 760, "height": 420}])
    return Update.de_json({"update_id": update.update_id, "callback_query": raw}, tg.app.bot)


async def test_a_public_walk_puts_the_crop_in_its_own_message_and_adds_none(tg):
    user = await ludi_at_a_public_menu(tg)
    service = tg.adapter.service
    status = service.handle(Command(
        "telegram", str(GROUP), str(user), "/status", name="u"))
    target = place_level(service, "telegram", status.menu, str(user))
    tg.tg.clear()
    await tg.say(user, "/status")
    sent_by_status = len(tg.tg.sent(GROUP))
    keys = [k for k in tg.buttons() if k["callback_data"].startswith("m|")]
    steps = target.split(".")
    for depth in range(len(steps)):
        want = ".".join(steps[:depth + 1])
        key = next(k for k in keys if k["callback_data"].endswith(f"|{want}"))
        tg.tg.clear()
        await tg.click(user, key["callback_data"])
        assert tg.tg.sent(GROUP) == [], "a level is drawn in place: no message is added"
        edited = calls(tg, "editMessageMedia") or calls(tg, "editMessageReplyMarkup")
        assert len(edited) == 1
        keys = keys_of(edited[0][0])
    (params, files), = calls(tg, "editMessageMedia")
    media = orjson.loads(params["media"]) if isinstance(params["media"], str) else params["media"]
    assert media["type"] == "photo" and media["caption"] == "prompt"        # the message's own text kept
    assert any(value[1][:8] == b"\x89PNG\r\n\x1a\n" for value in files.values() if isinstance(value, tuple))
    page = service.press_menu(Command(
        "telegram", None, str(user), "", name="u"), status.menu.at(target)).page
    labels = [k["text"] for k in keys if "Back" not in k["text"]]
    # each key carries its option's number as the crop marks it, in the options' order
    assert labels[:len(page.options)] == [(f"{BADGES[o.mark]} " if o.mark else "") + o.label +
                                          ("" if o.leaf else " ▸") for o in page.options if not o.more][:len(labels)]
    assert any(o.mark for o in page.options)
    # the choice: played and narrated as before, the spent menu's keys go; nothing else was sent for the walk
    leaf = next((k for k in keys if "Back" not in k["text"] and not k["text"].endswith("▸")), None)
    if leaf is not None:
        tg.tg.clear()
        await tg.click(user, leaf["callback_data"])
        assert len(tg.tg.sent(GROUP)) <= sent_by_status + 1
        assert calls(tg, "editMessageReplyMarkup")


async def test_the_first_page_that_chooses_a_place_is_sent_as_its_crop_with_the_lines_as_caption(tg):
    user = await ludi_at_a_public_menu(tg)
    status = tg.adapter.service.handle(Command("telegram", str(GROUP), str(user), "/status", name="u"))
    menu = status.menu
    assert menu.crop is not None and any(o.mark for o in menu.options)   # Ludi's first page: who acts
    tg.tg.clear()
    await tg.adapter.deliver(Reply(public=["Waiting for you."], menu=menu, channel=str(GROUP)), None)
    (photo,) = tg.tg.sent(GROUP)
    assert photo["caption"] == "Waiting for you." and "sendMessage" not in [e for e, _, _ in tg.tg.calls]
    marked = [k["text"] for k in keys_of(photo)]
    assert marked[:len(menu.options)] == [(f"{BADGES[o.mark]} " if o.mark else "") + o.label +
                                          ("" if o.leaf else " ▸") for o in menu.options]
    # with the position's own picture, that picture is the message's photo and the keys carry no numbers
    tg.tg.clear()
    picture = tg.adapter.service.handle(Command("telegram", str(GROUP), str(user), "/map", name="u")).image
    assert picture is not None
    await tg.adapter.deliver(Reply(public=["Waiting for you."], menu=menu, channel=str(GROUP), image=picture), None)
    (photo,) = tg.tg.sent(GROUP)
    assert [k["text"] for k in keys_of(photo)][:len(menu.options)] == [o.label + ("" if o.leaf else " ▸")
                                                                     for o in menu.options]
    # privately: the crop carries the private lines as its caption, one message as before
    await tg.say(user, "/start", chat=user)
    tg.tg.clear()
    await tg.adapter.deliver(Reply(private={str(user): ["Your private choices (9): pick one below."]},
                                   menus={str(user): menu}, channel=str(GROUP)), Origin(user, None, None, str(user),
                                                                                         True))
    (photo,) = tg.tg.sent(user)
    assert photo["caption"].startswith("Your private choices") and keys_of(photo)


async def test_a_private_level_without_places_keeps_the_crop_and_drops_the_numbers(tg):
    user = await ludi_at_a_public_menu(tg)
    service = tg.adapter.service
    menu = service.handle(Command("telegram", str(GROUP), str(user), "/status", name="u")).menu
    first = next(o for o in menu.options if not o.leaf)
    page = service.press_menu(Command("telegram", None, str(user), "", name="u"), menu.at(first.path)).page
    assert page.crop is None   # a gladiator's level: what he does (train, fight, build, work)
    await tg.say(user, "/start", chat=user)
    tg.tg.clear()
    # pressed in the private chat, under a message showing a crop: its caption and keys change, the photo stays
    await tg.app.process_update(photo_message_press(tg, user, f"m|{menu.at(first.path)}", chat=user))
    (params, _), = calls(tg, "editMessageCaption")
    assert not calls(tg, "editMessageMedia") and not calls(tg, "editMessageText")
    assert not any(k["text"][0] in BADGES.values() for k in keys_of(params))
