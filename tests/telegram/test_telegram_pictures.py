"""The map: a photo (captioned with the public lines when they fit), the full file on
/map full, and Telegram's file_id reused for a picture already sent."""
import pytest
from PIL import Image

import render
from bot.service.types import Picture, Reply
from bot.telegram.adapter import Origin
from tests.telegram.conftest import GROUP, seat

ALICE = 11


@pytest.fixture
def tally_has_a_picture(monkeypatch):
    drawn = []

    def draw(game_id, view, seat=None, **options):
        drawn.append((game_id, seat, options))
        return Image.new("RGB", (64, 40), "white")

    monkeypatch.setattr(render, "has_picture", lambda game_id: True)
    monkeypatch.setattr(render, "draw", draw)
    return drawn


def uploads(tg, endpoint):
    return [(p, f) for e, p, f in tg.tg.calls if e == endpoint]


async def test_the_map_is_a_photo_captioned_with_the_public_lines(tg, tally_has_a_picture):
    await seat(tg, ALICE)
    tg.tg.clear()
    await tg.say(ALICE, "/tl add 2")
    (params, files), = uploads(tg, "sendPhoto")
    assert "P1 adds 2" in params["caption"] and params["parse_mode"] == "HTML"
    assert params["reply_markup"], "the prompt's buttons ride on the photo"
    assert next(iter(files.values()))[1].startswith(b"\x89PNG")
    assert tg.tg.sent(endpoint="sendMessage") == [], "one message for the whole reply"


async def test_an_unchanged_picture_is_resent_by_file_id(tg, tally_has_a_picture):
    await seat(tg, ALICE)                   # /start posts the picture: uploaded once
    (_, files), = uploads(tg, "sendPhoto")
    assert files, "the first time, the bytes are uploaded"
    drawn = len(tally_has_a_picture)
    tg.tg.clear()
    await tg.say(ALICE, "/map")
    (params, files), = uploads(tg, "sendPhoto")
    assert files == {} and params["photo"].startswith("photo-")
    assert len(tally_has_a_picture) == drawn, "nothing was drawn again"


async def test_map_full_sends_the_file_as_a_document(tg, tally_has_a_picture):
    await seat(tg, ALICE)
    tg.tg.clear()
    await tg.say(ALICE, "/map full")
    assert uploads(tg, "sendPhoto") == []
    (params, files), = uploads(tg, "sendDocument")
    name, data, _ = next(iter(files.values()))
    assert name.endswith(".png") and data.startswith(b"\x89PNG")
    tg.tg.clear()
    await tg.say(ALICE, "/tl map full")
    (params, files), = uploads(tg, "sendDocument")
    assert files == {} and params["document"].startswith("doc-")


async def test_a_long_text_goes_after_the_photo_with_the_buttons(tg):
    reply = Reply(public=[f"line {i}: " + "x" * 60 for i in range(30)], channel=str(GROUP),
                  image=Picture("img:test", "t.png", lambda: b"\x89PNG fake"))
    await tg.adapter.deliver(reply, Origin(GROUP, None, 1, "1", False))
    endpoints = [e for e, _, _ in tg.tg.calls if e.startswith("send")]
    assert endpoints == ["sendPhoto", "sendMessage"]
    assert "caption" not in tg.tg.sent(endpoint="sendPhoto")[0]


async def test_a_photo_telegram_refuses_is_sent_as_a_file(tg):
    tg.tg.photo_fails = True
    tg.tg.clear()
    reply = Reply(public=["The map."], channel=str(GROUP),
                  image=Picture("img:huge", "huge.png", lambda: b"\x89PNG fake"))
    await tg.adapter.deliver(reply, Origin(GROUP, None, 1, "1", False))
    assert [e for e, _, _ in tg.tg.calls] == ["sendPhoto", "sendDocument"]
    assert tg.tg.sent(endpoint="sendDocument")[0]["caption"] == "The map."


async def test_a_private_picture_goes_by_private_chat(tg, tally_has_a_picture):
    await tg.say(ALICE, "/start", chat=ALICE)
    await seat(tg, ALICE)
    tg.tg.clear()
    await tg.say(ALICE, "/me")
    photos = uploads(tg, "sendPhoto")
    assert [p["chat_id"] for p, _ in photos] == [ALICE]
    assert tally_has_a_picture[-1][1] == "P1", "drawn from Alice's own view"
    assert tg.tg.sent(GROUP) == []
