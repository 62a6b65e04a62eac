"""Issue 34, item 5 on Discord: a menu level that chooses a place comes with its crop of the map,
attached to the menu's own message, each option numbered as on the crop; a press swaps the crop
in the interaction message's attachments (its other pictures kept), a level without places and
the spent menu take it off; no message is added to the walk."""
from bot.service.types import BADGES, Command
from tests.discord.harness import ALICE, BOB, CHANNEL, make_harness, message_payload
from tests.rules_helpers import place_level, play_through_service_until, seat_with_a_place_level

UPDATE_MESSAGE = 7


def select_of(message: dict) -> dict:
    return next(c for row in message["components"] for c in row["components"] if c["type"] == 3)


def attachment(aid: str, filename: str) -> dict:
    return {"id": aid, "filename": filename, "size": 100, "url": f"https://cdn.example/{filename}",
            "proxy_url": f"https://media.example/{filename}", "content_type": "image/png"}


async def test_a_public_walk_swaps_the_crop_in_its_own_message(service):
    h = await make_harness(service)
    for uid, name, word, kw in ((ALICE, "alice", "new", {"game": "ludi"}), (ALICE, "alice", "join", {}),
                                (BOB, "bob", "join", {}), (ALICE, "alice", "start", {})):
        await h.say(uid, name, word, **kw)
    seat, users = play_through_service_until(service, "discord", CHANNEL,
                                             seat_with_a_place_level(service, "discord", CHANNEL))
    user = users[seat]
    menu = service.handle(Command("discord", CHANNEL, user, "/status", name="u")).menu
    target = place_level(service, "discord", menu, user)

    calls = await h.say(user, "player", "status")
    shown = next(c for c in calls if c.payload and any(i.startswith("sg:m:") for i in c.custom_ids()))
    # the first page chooses who acts: its crop is attached to the menu's message, its options numbered
    crop_files = [name for name, data in shown.files if name.startswith("crop-") and data[:4] == b"\x89PNG"]
    assert len(crop_files) == 1
    labels = [o["label"] for o in select_of(shown.payload)["options"]]
    assert labels == [(f"{BADGES[o.mark]} " if o.mark else "") + o.label + ("" if o.leaf else " ▸")
                      for o in menu.options]
    message = message_payload(CHANNEL, shown.payload)
    message["attachments"] = [attachment("900", crop_files[0]), attachment("901", "ludi-v9.png")]
    steps = target.split(".")
    for depth in range(len(steps)):
        want = ".".join(steps[:depth + 1])
        calls = await h.send(h.press(user, "player", select_of(message)["custom_id"], message, values=[want]))
        (edit,) = calls   # the same message, edited: nothing sent anew
        assert edit.payload["type"] == UPDATE_MESSAGE
        data = edit.payload["data"]
        kept = [a for a in data.get("attachments", message["attachments"]) if str(a.get("id")) == "901"]
        assert kept, "the message's other picture is kept"
        page = service.press_menu(Command("discord", None, user, "", name="u"), menu.at(want)).page
        new_crops = [name for name, _ in edit.files if name.startswith("crop-")]
        if page.crop is None:   # a level without places: the last crop taken off, no numbers
            assert not new_crops and all(str(a.get("id")) != "900" for a in data["attachments"])
        else:                   # a place level: its crop in the old one's place, its options numbered
            assert new_crops == [page.crop.filename]
            assert all(str(a.get("id")) != "900" for a in data["attachments"])
            assert [o["label"] for o in select_of(data)["options"]] == \
                [(f"{BADGES[o.mark]} " if o.mark else "") + o.label + ("" if o.leaf else " ▸") for o in page.options]
        message = message_payload(CHANNEL, data)
        message["attachments"] = [attachment("901", "ludi-v9.png")] + \
            ([attachment("902", page.crop.filename)] if page.crop is not None else [])
    # the choice: the spent menu goes, and its crop with it
    leaf = next(o for o in select_of(message)["options"] if not o["label"].endswith("▸"))
    calls = await h.send(h.press(user, "player", select_of(message)["custom_id"], message, values=[leaf["value"]]))
    spent = calls[0].payload["data"]
    assert spent["components"] == [] and [str(a["id"]) for a in spent["attachments"]] == ["901"]
