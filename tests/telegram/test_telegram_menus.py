"""Choices as an inline keyboard walked in place (issue #26): a level edits the same message,
the back key returns, a choice plays its line; a key whose choices changed is an alert and
changes nothing; every key's callback data fits Telegram's 64 bytes."""
import orjson

from tests.rules_helpers import play_through_service_until, seat_with_a_menu
from tests.telegram.conftest import GROUP, seat

ALICE, BOB = 11, 22


def keys_of(params: dict) -> list[dict]:
    markup = params.get("reply_markup")
    markup = orjson.loads(markup) if isinstance(markup, str) else markup
    return [k for row in (markup or {}).get("inline_keyboard", []) for k in row]


def edits(tg, endpoint: str = "editMessageText") -> list[dict]:
    return [p for e, p, _ in tg.tg.calls if e == endpoint]


async def private_menu(tg) -> list[dict]:
    await seat(tg, ALICE, BOB)
    await tg.say(ALICE, "/start", chat=ALICE)          # Alice opened the private chat once
    tg.tg.clear()
    await tg.say(ALICE, "/me", chat=ALICE)
    assert "Your private choices (4): pick one below" in tg.tg.texts(ALICE)
    return tg.buttons(ALICE)


async def test_a_private_menu_is_walked_in_place_to_an_action(tg):
    keys = await private_menu(tg)
    assert [k["text"] for k in keys] == ["secret wordP1", "roll", "add ▸"]
    assert all(len(k["callback_data"].encode()) <= 64 for k in keys)
    tg.tg.clear()
    await tg.click(ALICE, next(k for k in keys if k["text"] == "add ▸")["callback_data"], chat=ALICE)
    (page,) = edits(tg)                                  # the same message, edited: nothing sent anew
    assert tg.tg.sent() == [] and "add" in page["text"]
    level = keys_of(page)
    assert [k["text"] for k in level] == ["1", "2", "◂ Back"]
    tg.tg.clear()
    await tg.click(ALICE, level[-1]["callback_data"], chat=ALICE)   # back to the first page
    assert [k["text"] for k in keys_of(edits(tg)[0])] == ["secret wordP1", "roll", "add ▸"]
    tg.tg.clear()
    await tg.click(ALICE, level[1]["callback_data"], chat=ALICE)    # "2": the action
    assert "P1 adds 2: total 2." in tg.tg.texts(GROUP)
    assert edits(tg, "editMessageReplyMarkup"), "the spent menu loses its keys"
    assert tg.adapter.service.state("telegram", str(GROUP))[1]["total"] == 2


async def test_a_stale_menu_press_is_an_alert_and_changes_nothing(tg):
    keys = await private_menu(tg)
    roll = next(k for k in keys if k["text"] == "roll")
    await tg.say(ALICE, "/tl add 1")                    # the game moves on
    version = tg.adapter.service.store.load("telegram", str(GROUP)).version
    tg.tg.clear()
    await tg.click(ALICE, roll["callback_data"], chat=ALICE)
    (answer,) = tg.answers()
    assert answer["show_alert"] is True and "changed since this menu was drawn" in answer["text"]
    assert tg.tg.sent() == [] and not edits(tg)
    assert tg.adapter.service.store.load("telegram", str(GROUP)).version == version
    assert tg.adapter.service.state("telegram", str(GROUP))[1]["total"] == 1


async def test_someone_elses_menu_is_refused(tg):
    keys = await private_menu(tg)
    tg.tg.clear()
    await tg.click(BOB, keys[-1]["callback_data"], chat=BOB)
    (answer,) = tg.answers()
    assert answer["show_alert"] is True and "only they can make them" in answer["text"]
    assert tg.adapter.service.state("telegram", str(GROUP))[1]["total"] == 0


async def ludi_public_menu(tg):
    """A Ludi game played to a prompt of nine or more public actions: /status draws its menu."""


    service = tg.adapter.service
    await tg.say(ALICE, "/new ludi")
    await tg.say(ALICE, "/join")
    await tg.say(BOB, "/join")
    await tg.say(ALICE, "/start")
    seat, users = play_through_service_until(   # until a public prompt needs a menu (≥ 9 actions)
        service, "telegram", str(GROUP), seat_with_a_menu)
    tg.tg.clear()
    await tg.say(int(users[seat]), "/status")
    return int(users[seat]), [k for k in tg.buttons() if k["callback_data"].startswith("m|")]


async def test_a_public_menu_is_walked_in_place_under_the_group_message(tg):
    user, keys = await ludi_public_menu(tg)
    assert 1 <= len(keys) <= 8 and all(len(k["callback_data"].encode()) <= 64 for k in keys)
    other = BOB if user == ALICE else ALICE
    tg.tg.clear()
    await tg.click(other, keys[0]["callback_data"])             # not his: an alert, nothing drawn
    assert tg.answers()[0]["show_alert"] is True and not edits(tg, "editMessageReplyMarkup")
    version = tg.adapter.service.state("telegram", str(GROUP))[2].version
    key = keys[0]
    for _ in range(6):                                          # the first option, level after level
        tg.tg.clear()
        await tg.click(user, key["callback_data"])
        if tg.tg.sent(GROUP):                                    # a choice: played, narrated in the group
            break
        # a level: the same message's keys (and its crop, on a level that chooses a place)
        (page,) = edits(tg, "editMessageReplyMarkup") + edits(tg, "editMessageMedia")
        key = keys_of(page)[0]
    assert tg.adapter.service.state("telegram", str(GROUP))[2].version == version + 1
