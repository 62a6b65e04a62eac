"""Commands reach the adapter through python-telegram-bot's own handlers: a CommandHandler for
every word of the command table and every game's name (`/word` or `/word@ThisBot`), its
deep-linking pattern for `/start <payload>`, and its helpers for mentions and links."""
from telegram import Update
from telegram.ext import CommandHandler

from bot.telegram.adapter import DEEP_LINK, deep_link_code
from tests.telegram.conftest import BOT_NAME, GROUP, seat

ALICE, BOB = 11, 22


def command_handlers(tg) -> list[CommandHandler]:
    return [h for handlers in tg.app.handlers.values() for h in handlers if isinstance(h, CommandHandler)]


def test_the_table_and_every_games_name_are_command_handlers(tg):
    words = set().union(*(h.commands for h in command_handlers(tg)))
    assert {"new", "join", "start", "status", "map", "robot", "help"} <= words
    assert {"tally", "tl"} <= words, "a game's id and alias are commands of their own"


async def test_a_game_alias_addressed_to_this_bot_is_played(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, f"/tl@{BOT_NAME} add 2")
    assert "P1 adds 2: total 2." in tg.tg.texts(GROUP)
    tg.tg.clear()
    await tg.say(BOB, f"/status@{BOT_NAME.lower()}")   # Telegram matches a bot's name in any case
    assert "total" in tg.tg.texts(GROUP).lower()


async def test_a_game_command_for_another_bot_is_left_to_it(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/tl@SomeOtherBot add 2")
    await tg.say(ALICE, "/frobnicate@SomeOtherBot")
    assert tg.tg.sent() == []
    assert tg.adapter.service.state("telegram", str(GROUP))[1]["total"] == 0


async def test_a_command_of_no_table_gets_the_services_answer(tg):
    await tg.say(ALICE, "/joni")
    assert "Unknown command" in tg.tg.texts(GROUP)


async def test_an_edited_command_is_never_a_second_move(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    first = await tg.say(ALICE, "/tl add 2")
    edited = first.message.to_dict()
    edited["text"], edited["edit_date"] = "/tl add 1", 1700000100
    await tg.app.process_update(Update.de_json({"update_id": 90001, "edited_message": edited}, tg.app.bot))
    assert tg.adapter.service.state("telegram", str(GROUP))[1]["total"] == 2


async def test_a_line_that_only_contains_a_command_is_no_command(tg):
    await tg.say(ALICE, "/new tally")
    tg.tg.clear()
    await tg.say(ALICE, "let us /join")
    assert tg.tg.sent() == []


async def test_the_deep_link_of_a_topics_game_is_built_by_the_library_and_opens_that_game(tg):
    await tg.say(ALICE, "/new tally", thread=77)
    await tg.say(ALICE, "/join", thread=77, name="Alice")
    tg.tg.clear()
    await tg.say(ALICE, "/start", thread=77)   # Alice never opened the private chat
    link = f"https://t.me/{BOT_NAME}?start=g{GROUP}_77"
    assert link in tg.tg.texts(GROUP)
    assert DEEP_LINK.match(f"/start g{GROUP}_77") and deep_link_code(f"{GROUP}/77") == f"g{GROUP}_77"
    tg.tg.clear()
    await tg.say(ALICE, f"/start g{GROUP}_77", chat=ALICE)
    private = tg.tg.texts(ALICE)
    assert "Private messages are on" in private and "total: 0" in private, "the topic's game, privately"
    assert tg.tg.sent(GROUP) == []


async def test_a_bare_start_in_private_only_opens_the_chat(tg):
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(BOB, "/start", chat=BOB)
    assert "Private messages are on" in tg.tg.texts(BOB) and "total" not in tg.tg.texts(BOB)
    assert tg.adapter.service.state("telegram", str(GROUP))[2].meta["status"] == "playing", "never the game's /start"


async def test_a_start_with_a_payload_of_no_game_is_a_bare_start(tg):
    await tg.say(BOB, "/start hello", chat=BOB)
    assert "Private messages are on" in tg.tg.texts(BOB)
    assert len(tg.tg.sent(BOB)) == 1

