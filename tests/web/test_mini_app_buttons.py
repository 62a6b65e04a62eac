"""/web me as a button (issue 34): in Telegram a `web_app` button (python-telegram-bot's
WebAppInfo) that opens the seat's page as a Mini App, and the private chat's menu button set to
the player's games; in Discord a link button. Both platforms offline through their own objects."""
import orjson

from tests.discord.harness import ALICE as D_ALICE
from tests.discord.harness import make_harness, two_seated
from tests.telegram.conftest import seat, tg  # noqa: F401 — the offline Telegram fixture
from tests.web.conftest import SECRET

ALICE, BOB = 11, 22


async def test_telegram_answers_web_me_with_a_mini_app_button_and_sets_the_menu_button(tg, service):
    service.web_secret, service.web_url = SECRET, "https://web.example"
    await tg.say(ALICE, "/start", chat=ALICE)   # the private chat is open
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/web me")
    [button] = tg.buttons(ALICE)
    link = service.pages.seat_link([tg.tg.texts(ALICE)])
    assert button["web_app"] == {"url": link} and link.startswith("https://web.example/g/")
    [menu] = [p for e, p, _ in tg.tg.calls if e == "setChatMenuButton"]
    button = orjson.loads(menu["menu_button"]) if isinstance(menu["menu_button"], str) else menu["menu_button"]
    assert int(menu["chat_id"]) == ALICE and button["type"] == "web_app"
    assert button["web_app"]["url"] == "https://web.example/tg"


async def test_telegram_keeps_a_plain_link_where_a_mini_app_cannot_open(tg, service):
    service.web_secret, service.web_url = SECRET, "http://web.example"   # Telegram opens Mini Apps over HTTPS only
    await tg.say(ALICE, "/start", chat=ALICE)
    await seat(tg, ALICE, BOB)
    tg.tg.clear()
    await tg.say(ALICE, "/web me")
    assert "http://web.example/g/" in tg.tg.texts(ALICE) and tg.buttons(ALICE) == []
    assert not [e for e, _, _ in tg.tg.calls if e == "setChatMenuButton"]


async def test_discord_answers_web_me_with_a_link_button(service):
    service.web_secret, service.web_url = SECRET, "https://web.example"
    h = await make_harness(service)
    await two_seated(h)
    h.recorder.clear()
    calls = await h.say(D_ALICE, "alice", "web", me=True)
    answer = next(c for c in calls if "keep it to yourself" in c.content)
    assert answer.ephemeral
    [row] = answer.payload["components"]
    [button] = row["components"]
    assert button["style"] == 5 and button["url"] == service.pages.seat_link([answer.content])


async def test_a_move_pressed_on_the_page_is_posted_in_the_group_as_if_typed(tg, service):
    from bot.service.menus import choices
    from bot.service.pages import PageKey
    from tests.telegram.conftest import GROUP

    service.web_secret, service.web_url = SECRET, "https://web.example"
    await seat(tg, ALICE, BOB)
    game, state, rec = service.state("telegram", str(GROUP))
    seat_ = sorted(game.prompts(state))[0]
    line = next(line for line in choices(game, state, seat_, True) if not game.verbs[line.split()[0]].private)
    answer = service.pages.press(PageKey("telegram", str(GROUP), seat_), rec, line, rec.version, "page-press-1")
    assert answer["ok"] and answer["changed"], answer
    service.pages.relay("telegram", answer["reply"])   # what the web route does after answering the page
    tg.tg.clear()
    await tg.adapter.remind()   # the adapter's next round of reminders
    told = tg.tg.texts(GROUP)
    assert answer["reply"].public and all(line_ in told for line_ in answer["reply"].public[:1]), told
    tg.tg.clear()
    await tg.adapter.remind()
    assert tg.tg.sent(GROUP) == [], "posted once"
