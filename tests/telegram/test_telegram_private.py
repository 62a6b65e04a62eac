"""Private information goes by private chat, once the player opened it; never to the group."""
from tests.telegram.conftest import BOT_NAME, GROUP, seat

ALICE, BOB = 11, 22


async def test_the_deep_link_opens_the_private_chat_and_delivers_the_view(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, f"/start g{GROUP}", chat=ALICE)
    private = tg.tg.texts(ALICE)
    assert "Private messages are on" in private
    assert "total: 0" in private, "the /me view of the game the link was for"
    assert tg.tg.sent(GROUP) == [], "opening the chat does not start anything in the group"


async def test_a_private_hand_goes_by_private_chat(tg):
    await seat(tg, ALICE, BOB, options="free=1")
    await tg.say(BOB, "/start", chat=BOB)          # Bob opened the private chat once
    tg.tg.clear()
    await tg.say(BOB, "/tl secret swordfish", chat=BOB)
    assert "Your word is swordfish." in tg.tg.texts(BOB)
    assert "swordfish" not in tg.tg.texts(GROUP)
    tg.tg.clear()
    await tg.say(BOB, "/me")                         # typed in the group: the view comes privately
    assert "swordfish" in tg.tg.texts(BOB)
    assert "swordfish" not in tg.tg.texts(GROUP)
    assert tg.tg.sent(GROUP) == []


async def test_a_player_who_never_opened_the_chat_gets_the_deep_link_not_the_secret(tg):
    await tg.say(ALICE, "/new tally")
    await tg.say(ALICE, "/join", name="Alice")
    tg.tg.clear()
    await tg.say(ALICE, "/start")        # Alice's private choices ("secret xyzzy") are for her only
    group = tg.tg.texts(GROUP)
    assert f"https://t.me/{BOT_NAME}?start=g{GROUP}" in group
    assert '<a href="tg://user?id=11">Alice</a>' in group
    assert "xyzzy" not in group
    assert tg.tg.sent(ALICE) == [], "the bot does not try a chat that was never opened"
    assert len(tg.tg.sent(GROUP)) == 1, "the notice rides in the same message as the public lines"


async def test_a_player_who_blocked_the_bot_gets_the_deep_link(tg):
    await tg.say(ALICE, "/start", chat=ALICE)
    await seat(tg, ALICE)
    tg.tg.forbidden.add(ALICE)               # Alice blocked the bot since
    tg.tg.clear()
    await tg.say(ALICE, "/me")
    assert [p["chat_id"] for p in tg.tg.sent(ALICE)] == [ALICE], "tried once"
    assert f"?start=g{GROUP}" in tg.tg.texts(GROUP)
    tg.tg.clear()
    await tg.say(ALICE, "/me")
    assert tg.tg.sent(ALICE) == [], "known closed: not tried again until she opens the chat"


async def test_a_refusal_about_a_secret_is_told_privately(tg):
    """The service puts refusals that depend on secrets in Reply.private, not Reply.error."""
    from bot.service.types import Reply
    from bot.telegram.adapter import Origin

    reply = Reply(ok=False, code="HIDDEN", private={str(ALICE): ["You do not hold the Ace of spades."]},
                  channel=str(GROUP))
    await tg.say(ALICE, "/start", chat=ALICE)
    tg.tg.clear()
    await tg.adapter.deliver(reply, Origin(GROUP, None, 5, str(ALICE), False))
    assert "Ace of spades" in tg.tg.texts(ALICE)
    assert tg.tg.sent(GROUP) == []
    # and for a player who cannot be written to: the link, never the sentence
    tg.tg.forbidden.add(ALICE)
    tg.tg.clear()
    await tg.adapter.deliver(reply, Origin(GROUP, None, 5, str(ALICE), False))
    assert "Ace of spades" not in tg.tg.texts(GROUP) and "?start=" in tg.tg.texts(GROUP)


async def test_a_command_in_private_acts_on_the_players_game_and_narrates_in_the_group(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/tl add 2", chat=ALICE)
    assert "P1 adds 2" in tg.tg.texts(GROUP)
    assert "P1 adds 2" not in tg.tg.texts(ALICE)


async def test_a_private_refusal_answers_in_the_private_chat(tg):
    tg.tg.clear()
    await tg.say(ALICE, "/tl add 1", chat=ALICE)
    (sent,) = tg.tg.sent()
    assert sent["chat_id"] == ALICE and "no open game" in sent["text"]
