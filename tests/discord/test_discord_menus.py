"""Choices as a discord.ui select menu walked in place (issue #26): a level edits the message
(an UPDATE_MESSAGE response), the back button returns, a choice plays its line; a press whose
choices changed since the menu was drawn is refused to the presser alone and changes nothing."""
from tests.discord.harness import ALICE, BOB, CHANNEL, make_harness, message_payload, two_seated
from tests.rules_helpers import play_through_service_until, seat_with_a_menu

UPDATE_MESSAGE = 7


async def my_menu(service):
    h = await make_harness(service)
    await two_seated(h)
    calls = await h.say(ALICE, "alice", "me")
    shown = next(c for c in calls if c.payload and c.payload.get("components"))
    assert shown.ephemeral and "Your private choices (4)" in shown.content
    return h, message_payload(CHANNEL, shown.payload)


def select_of(message: dict) -> dict:
    return next(c for row in message["components"] for c in row["components"] if c["type"] == 3)


async def test_a_private_menu_is_walked_in_place_to_an_action(service):
    h, message = await my_menu(service)
    select = select_of(message)
    assert [o["label"] for o in select["options"]] == ["secret wordP1", "roll", "add ▸"]
    add = next(o for o in select["options"] if o["label"] == "add ▸")
    calls = await h.send(h.press(ALICE, "alice", select["custom_id"], message, values=[add["value"]]))
    (edit,) = calls
    assert edit.url.endswith("/callback") and edit.payload["type"] == UPDATE_MESSAGE   # edited, not sent anew
    page = message_payload(CHANNEL, edit.payload["data"])
    assert [o["label"] for o in select_of(page)["options"]] == ["1", "2"]
    back = next(c for row in page["components"] for c in row["components"] if c["type"] == 2)
    assert "Back" in back["label"]
    calls = await h.send(h.press(ALICE, "alice", back["custom_id"], page))
    assert [o["label"] for o in select_of(message_payload(CHANNEL, calls[0].payload["data"]))["options"]] == \
        ["secret wordP1", "roll", "add ▸"]
    one = select_of(page)["options"][0]
    calls = await h.send(h.press(ALICE, "alice", select_of(page)["custom_id"], page, values=[one["value"]]))
    assert calls[0].payload["type"] == UPDATE_MESSAGE and calls[0].payload["data"]["components"] == []
    assert any("P1 adds 1: total 1." in c.content for c in calls)
    assert service.state("discord", CHANNEL)[1]["total"] == 1


async def test_a_stale_menu_press_is_refused_to_the_presser_and_changes_nothing(service):
    h, message = await my_menu(service)
    select = select_of(message)
    roll = next(o for o in select["options"] if o["label"] == "roll")
    await h.say(ALICE, "alice", "tally", "add", n=2)     # the game moves on
    version = service.state("discord", CHANNEL)[2].version
    calls = await h.send(h.press(ALICE, "alice", select["custom_id"], message, values=[roll["value"]]))
    refusal = calls[-1].payload["data"]
    assert refusal["flags"] & 64 and "changed since this menu was drawn" in refusal["content"]
    assert service.state("discord", CHANNEL)[2].version == version
    assert service.state("discord", CHANNEL)[1]["total"] == 2


async def test_someone_elses_menu_is_refused(service):
    h, message = await my_menu(service)
    select = select_of(message)
    calls = await h.send(h.press(BOB, "bob", select["custom_id"], message, values=[select["options"][1]["value"]]))
    assert "only they can make them" in calls[-1].payload["data"]["content"]
    assert service.state("discord", CHANNEL)[1]["total"] == 0


async def test_a_public_menu_under_the_channel_message_plays_for_its_seat_only(service):
    """A Ludi prompt of nine or more actions: one menu under the public message, not twenty buttons."""


    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="ludi")
    await h.say(ALICE, "alice", "join")
    await h.say(BOB, "bob", "join")
    await h.say(ALICE, "alice", "start")
    seat, users = play_through_service_until(   # until a public prompt needs a menu (≥ 9 actions)
        service, "discord", CHANNEL, seat_with_a_menu)
    user, other = users[seat], (BOB if users[seat] == ALICE else ALICE)
    calls = await h.say(user, "player", "status")
    shown = next(c for c in calls if c.payload and any(i.startswith("sg:m:") for i in c.custom_ids()))
    message = message_payload(CHANNEL, shown.payload)
    select = select_of(message)
    assert not shown.ephemeral and 1 <= len(select["options"]) <= 8
    first = select["options"][0]["value"]
    refused = await h.send(h.press(other, "other", select["custom_id"], message, values=[first]))
    assert "only they can make them" in refused[-1].payload["data"]["content"]
    version = service.state("discord", CHANNEL)[2].version
    for _ in range(6):   # the first option, level after level, down to a choice
        calls = await h.send(h.press(user, "player", select["custom_id"], message,
                                     values=[select["options"][0]["value"]]))
        if calls[0].payload["data"].get("components") == []:
            break
        message = message_payload(CHANNEL, calls[0].payload["data"])
        select = select_of(message)
    assert service.state("discord", CHANNEL)[2].version == version + 1
