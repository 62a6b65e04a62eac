"""/hint as a key under a private menu (issue 35): the advice comes to the presser privately and his
menu keeps its keys; a table opened with hints=off, or a game no robot plays, shows no such key."""
from tests.telegram.conftest import GROUP

ALICE, BOB = 11, 22


async def ludi_menu(tg, options: str = "") -> tuple[int, list[dict]]:
    """A two-player Ludi game: the deciding player's private menu (/me in his private chat)."""
    await tg.say(ALICE, f"/new ludi {options}".strip())
    for user in (ALICE, BOB):
        await tg.say(user, "/join")
        await tg.say(user, "/start", chat=user)        # each opened his private chat once
    await tg.say(ALICE, "/start")
    game, state, rec = tg.adapter.service.state("telegram", str(GROUP))
    seat = next(iter(game.prompts(state)))
    user = int(next(p["user"] for p in rec.meta["players"] if p["seat"] == seat))
    tg.tg.clear()
    await tg.say(user, "/me", chat=user)
    return user, tg.buttons(user)


async def test_the_hint_key_of_a_private_menu_answers_privately_and_keeps_the_menu(tg):
    user, keys = await ludi_menu(tg)
    hint = keys[-1]
    assert hint["text"] == "💡 /hint" and hint["callback_data"].endswith("|hint")
    assert len(hint["callback_data"].encode()) <= 64
    version = tg.adapter.service.store.load("telegram", str(GROUP)).version
    tg.tg.clear()
    await tg.click(user, hint["callback_data"], chat=user)
    said = tg.tg.texts(user)
    assert "Hint:" in said and "chance to win about" in said
    assert tg.tg.sent(GROUP) == []                                     # nothing in the group
    assert not [p for e, p, _ in tg.tg.calls if e == "editMessageReplyMarkup"], "the menu keeps its keys"
    rec = tg.adapter.service.store.load("telegram", str(GROUP))
    assert rec.meta["hinted"] and rec.version == version              # marked for /stats; nobody's buttons moved


async def test_no_hint_key_at_a_hints_off_table(tg):
    user, keys = await ludi_menu(tg, "hints=off")
    assert keys and not [k for k in keys if k["callback_data"].endswith("|hint")]
