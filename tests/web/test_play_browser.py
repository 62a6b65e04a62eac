"""Playing on the page in a real browser (issue 34): Debian's Chromium driven by Playwright, a
390×844 phone with touch. Every move is made by taps on the private map and the page's buttons
only; the server decides. With STRATEGOS_SHOTS=folder each test leaves its phone and desktop
screenshots there (`python -m tests.web.screenshots` writes docs/web/)."""
import os
import time
import urllib.parse
from pathlib import Path

import orjson
import pytest

from bot.web import telegram_auth
from bot.web.app import create_app
from tests.web.conftest import LiveServer, play, private_path, started
from tests.web.test_browser import browser  # noqa: F401 — Chromium, once per module

BOT_TOKEN = "123456:TEST-token-for-the-mini-app"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1}
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1}


@pytest.fixture
def live(web_service):
    with LiveServer(create_app(web_service, telegram_token=BOT_TOKEN)) as server:
        yield server


def phone_page(browser, script: str | None = None):
    # bypass_csp: Playwright waits by evaluating strings, which the page's policy (rightly) forbids
    context = browser.new_context(bypass_csp=True, **PHONE)
    if script:
        context.add_init_script(script)
    return context, context.new_page()


def shot(page, name: str) -> None:
    """The phone screenshot, and the same page at desktop size, when STRATEGOS_SHOTS names a folder."""
    folder = os.environ.get("STRATEGOS_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(folder) / f"{name}-phone.png"))
    page.set_viewport_size(DESKTOP["viewport"])
    page.wait_for_timeout(300)
    page.screenshot(path=str(Path(folder) / f"{name}-desktop.png"))
    page.set_viewport_size(PHONE["viewport"])


def ready(page) -> None:
    page.wait_for_function("document.querySelector('#private-map').complete && "
                           "document.querySelector('#private-map').naturalWidth > 0", timeout=60000)
    page.wait_for_selector("#play:not([hidden])")


def tap_at(page, px: float, py: float) -> None:
    """A finger on the private map at picture pixel (px, py), where the page shows it now; the
    map dragged first to bring that place into view when it lies outside (a phone opens the map
    zoomed on the choices' places: the others are a pan away)."""
    page.locator("#private-frame").scroll_into_view_if_needed()
    for _ in range(4):
        x, y = page.evaluate("""([px, py]) => {
            const img = document.getElementById('private-map'), r = img.getBoundingClientRect();
            return [r.left + px * r.width / img.naturalWidth, r.top + py * r.height / img.naturalHeight];
        }""", [px, py])
        frame = page.locator("#private-frame").bounding_box()
        if frame["x"] + 4 <= x <= frame["x"] + frame["width"] - 4 and \
                frame["y"] + 4 <= y <= frame["y"] + frame["height"] - 4:
            break
        cx, cy = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
        page.mouse.move(cx, cy)
        page.mouse.down()
        page.mouse.move(cx - (x - cx), cy - (y - cy), steps=6)
        page.mouse.up()
    assert frame["x"] <= x <= frame["x"] + frame["width"] and frame["y"] <= y <= frame["y"] + frame["height"]
    page.touchscreen.tap(x, y)


def tap_region(page, kind: str, key: str) -> None:
    box = page.evaluate("([kind, key]) => strategosPage.data().regions.regions.find("
                        "r => r.kind === kind && r.key === key).box", [kind, key])
    tap_at(page, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def any_line(page) -> str:
    """Down the menu by its first options until a line is chosen; that line."""
    for _ in range(6):
        chosen = page.evaluate("strategosPage.play().chosen")
        if chosen:
            return chosen
        page.locator("#options button:not(.back)").first.tap()
    raise AssertionError("no line at the end of the menu")


def press_play(page, version: int) -> dict:
    """Tap "play" and wait for the page to be at a later version; the answer's lines."""
    with page.expect_response(lambda r: r.url.endswith("/play")) as answer:
        page.locator("#send").tap()
    page.wait_for_function(f"strategosPage.data().version > {version}", timeout=10000)
    return answer.value.json()


def lines_of(service, platform="console"):
    from bot.service.menus import choices

    game, state, rec = service.state(platform, "table")
    prompts = game.prompts(state)
    seat = sorted(prompts)[0] if prompts else None
    user = next((p["user"] for p in rec.meta["players"] if p["seat"] == seat), None)
    return game, state, rec, seat, user, (choices(game, state, seat, True) if seat else [])


def played_until(service, wanted, platform="console", limit=80) -> tuple:
    """Random legal moves until the seat to decide has a line `wanted` accepts."""
    for i in range(limit):
        found = lines_of(service, platform)
        if found[3] is not None and len(found[1].get("seats", [])) and any(wanted(line) for line in found[5]) \
                and len(game_prompts(found)) == 1:
            return found
        play(service, 1, seed=i, platform=platform)
    raise AssertionError("the wanted position did not come")


def game_prompts(found) -> dict:
    game, state = found[0], found[1]
    return game.prompts(state)


def test_a_successors_activation_played_only_by_taps(web_service, live, browser):
    started(web_service)
    game, state, rec, seat, user, lines = played_until(
        web_service, lambda line: line.startswith("activate ") and not line[9:10].isupper())
    general = next(line.split()[1] for line in lines if line.startswith("activate ") and
                   state["gens"].get(line.split()[1], {}).get("at"))
    context, page = phone_page(browser)
    try:
        page.goto(live.url + private_path(web_service, user))
        ready(page)
        assert page.locator("#marks span").count() > 0, "the map's places the options name are outlined"
        version = page.evaluate("strategosPage.data().version")
        tap_region(page, "force", state["gens"][general]["at"])
        assert page.evaluate("document.getElementById('hint-lines').hidden"), "the tap pressed nothing else"
        if page.evaluate("strategosPage.play().chosen") is None:   # several generals stand there: narrowed
            page.locator("#options button", has_text=general).first.tap()
        assert page.evaluate("strategosPage.play().chosen") == f"activate {general}"
        shot(page, "play-successors")
        answer = press_play(page, version)
        assert answer["ok"], answer
        moved = 0
        while moved < 2:
            data = page.evaluate("strategosPage.data()")
            moves = [line for line in data["choices"]["lines"] if line.startswith("move ")] if data["choices"] else []
            if not moves:
                break
            destination = moves[0].split()[1]
            tap_region(page, "space", destination)
            page.wait_for_function(f"strategosPage.play().chosen === 'move {destination}'", timeout=5000)
            assert press_play(page, data["version"])["ok"]
            moved += 1
        assert moved == 2, "two moves by taps on the map"
        data = page.evaluate("strategosPage.data()")
        page.locator("#options button", has_text="stop").first.tap()
        assert page.evaluate("strategosPage.play().chosen") == "stop"
        assert press_play(page, data["version"])["ok"]
        told = [e["line"] for e in web_service.store.log("console", "table")[-4:]]
        assert told[0] == f"activate {general}" and told[1].startswith("move ") and told[3] == "stop", told
    finally:
        context.close()


def test_a_starcraft_order_placed_by_taps(web_service, live, browser):
    started(web_service, game="starcraft")
    game, state, rec, seat, user, lines = played_until(web_service, lambda line: line.startswith("order "))
    planet = next(line.split()[2] for line in lines if line.startswith("order "))
    context, page = phone_page(browser)
    try:
        page.goto(live.url + private_path(web_service, user))
        ready(page)
        version = page.evaluate("strategosPage.data().version")
        tap_region(page, "planet", planet)
        if page.evaluate("strategosPage.play().chosen") is None:
            # several lines name the planet: the menu is narrowed to them (labels give its name, not its id)
            assert planet in page.evaluate("strategosPage.play().filter")
            page.locator("#options button.leaf").first.tap()
        chosen = page.evaluate("strategosPage.play().chosen")
        assert chosen.startswith("order ") and planet in chosen
        shot(page, "play-starcraft")
        assert press_play(page, version)["ok"]
        entry = web_service.store.log("console", "table")[-1]
        assert entry["line"] == chosen
    finally:
        context.close()


def test_an_infinity_trooper_deployed_by_a_tap_on_the_table(web_service, live, browser):
    started(web_service, game="infinity")
    game, state, rec, seat, user, lines = played_until(web_service, lambda line: line.startswith("place "))
    sample = next(line for line in lines if line.startswith("place "))
    trooper, x, y = sample.split()[1], float(sample.split()[2]), float(sample.split()[3])
    context, page = phone_page(browser)
    try:
        page.goto(live.url + private_path(web_service, user))
        ready(page)
        version = page.evaluate("strategosPage.data().version")
        for _ in range(3):   # down the menu to the trooper to place ("place", then its id)
            if page.evaluate("(() => { const p = strategosPage.play(); return p.depth; })()") >= 0 and \
                    page.locator("#options button", has_text=trooper).count() == 0 and \
                    page.locator("#options button", has_text="place").count():
                page.locator("#options button", has_text="place").first.tap()
            elif page.locator("#options button", has_text=trooper).count():
                page.locator("#options button", has_text=trooper).first.tap()
                break
        table = page.evaluate("strategosPage.data().regions.table")
        tap_at(page, table["left"] + x * table["ppi"], table["top"] + (table["h"] - y) * table["ppi"])
        chosen = page.evaluate("strategosPage.play().chosen")
        assert chosen.startswith(f"place {trooper} ")
        tx, ty = map(float, chosen.split()[2:4])
        assert abs(tx - x) < 0.2 and abs(ty - y) < 0.2, (chosen, sample)
        page.wait_for_function("document.getElementById('answer').textContent.length > 0", timeout=5000)
        assert "rules take it" in page.inner_text("#answer"), "the template and zone checks, before sending"
        shot(page, "play-infinity")
        assert press_play(page, version)["ok"]
        entry = web_service.store.log("console", "table")[-1]
        assert entry["line"].startswith(f"place {trooper} ")
    finally:
        context.close()


def test_a_stale_press_is_answered_with_a_fresh_menu(web_service, live, browser):
    started(web_service)
    game, state, rec, seat, user, lines = played_until(
        web_service, lambda line: line.startswith("activate ") and not line[9:10].isupper())
    # no live updates on this page: it stays at the version it was drawn at
    context, page = phone_page(browser, "window.EventSource = undefined;")
    try:
        page.goto(live.url + private_path(web_service, user))
        ready(page)
        old = page.evaluate("strategosPage.data().version")
        assert any_line(page)
        play(web_service, 1, seed=99)   # the position moves on meanwhile
        before = len(web_service.store.log("console", "table"))
        with page.expect_response(lambda r: r.url.endswith("/play")) as answer:
            page.locator("#send").tap()
        assert answer.value.status == 409
        page.wait_for_function(f"strategosPage.data().version > {old}", timeout=5000)
        assert "earlier position" in page.inner_text("#answer")
        assert page.evaluate("strategosPage.play().chosen") is None, "the fresh menu, no line chosen"
        shot(page, "play-stale")
        assert len(web_service.store.log("console", "table")) == before, "never another line"
    finally:
        context.close()


def shim(user: str, token: str = BOT_TOKEN) -> str:
    fields = {"query_id": "AAH", "user": orjson.dumps({"id": int(user), "first_name": "Ann"}).decode(),
              "auth_date": str(int(time.time()))}
    fields["hash"] = telegram_auth.sign(fields, token)
    init_data = urllib.parse.urlencode(fields)
    return ("window.Telegram = {WebApp: {initData: %s, themeParams: {bg_color: '#17212b', text_color: '#f5f5f5', "
            "button_color: '#5288c1', button_text_color: '#ffffff'}, viewportStableHeight: 700, "
            "expanded: false, ready() { this.isReady = true; }, expand() { this.expanded = true; }, "
            "onEvent() {}, BackButton: {visible: false, show() { this.visible = true; }, "
            "hide() { this.visible = false; }, onClick(f) { this.press = f; }}}};" % orjson.dumps(init_data).decode())


def test_the_page_as_a_mini_app_plays_and_a_forged_init_data_gets_401(web_service, live, browser):
    started(web_service, platform="telegram", players=("1001", "1002"))
    game, state, rec, seat, user, lines = lines_of(web_service, "telegram")
    path = private_path(web_service, user, platform="telegram")
    context, page = phone_page(browser, shim("999", token="1:another-bot"))
    try:   # forged: signed with another bot's token
        page.goto(live.url + path)
        ready(page)
        version = page.evaluate("strategosPage.data().version")
        any_line(page)
        with page.expect_response(lambda r: r.url.endswith("/play")) as answer:
            page.locator("#send").tap()
        assert answer.value.status == 401
        page.wait_for_function("document.getElementById('answer').textContent.length > 0")
        assert "not signed for this bot" in page.inner_text("#answer")
        assert web_service.store.version("telegram", "table") == version
    finally:
        context.close()
    context, page = phone_page(browser, shim(user))
    try:
        page.goto(live.url + path)
        ready(page)
        assert page.evaluate("Telegram.WebApp.expanded && Telegram.WebApp.isReady")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(23, 33, 43)", "themeParams"
        version = page.evaluate("strategosPage.data().version")
        first = page.locator("#options button").first
        if "leaf" not in (first.get_attribute("class") or ""):
            first.tap()
            assert page.evaluate("Telegram.WebApp.BackButton.visible"), "the menu's back key is Telegram's"
            page.evaluate("Telegram.WebApp.BackButton.press()")
            assert page.evaluate("strategosPage.play().depth") == 0
        any_line(page)
        shot(page, "play-mini-app")
        with page.expect_request(lambda r: r.url.endswith("/play")) as sent:
            answer = press_play(page, version)
        assert sent.value.headers["authorization"].startswith("tma query_id=")
        assert answer["ok"], answer
    finally:
        context.close()


def test_inside_telegram_without_its_script_the_launch_parameters_are_read(web_service, live, browser):
    """The page loads no outside script: `tg.js` reads the initData and theme Telegram puts in the
    address's fragment and speaks Telegram's event bridge (a mobile client's TelegramWebviewProxy)."""
    started(web_service, platform="telegram", players=("1001", "1002"))
    game, state, rec, seat, user, lines = lines_of(web_service, "telegram")
    fields = {"user": orjson.dumps({"id": int(user), "first_name": "Ann"}).decode(),
              "auth_date": str(int(time.time()))}
    fields["hash"] = telegram_auth.sign(fields, BOT_TOKEN)
    fragment = urllib.parse.urlencode({"tgWebAppData": urllib.parse.urlencode(fields),
                                       "tgWebAppThemeParams": orjson.dumps({"bg_color": "#223344"}).decode()})
    context, page = phone_page(browser, "window.TelegramWebviewProxy = {events: [], "
                                        "postEvent(type, data) { this.events.push(type); }};")
    try:
        page.goto(live.url + private_path(web_service, user, platform="telegram") + "#" + fragment)
        ready(page)
        assert page.evaluate("Telegram.WebApp.initData") == urllib.parse.urlencode(fields)
        assert {"web_app_ready", "web_app_expand"} <= set(page.evaluate("TelegramWebviewProxy.events"))
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(34, 51, 68)"
        version = page.evaluate("strategosPage.data().version")
        any_line(page)
        with page.expect_request(lambda r: r.url.endswith("/play")) as sent:
            assert press_play(page, version)["ok"]
        assert sent.value.headers["authorization"] == "tma " + urllib.parse.urlencode(fields)
    finally:
        context.close()


def test_the_zoom_keys_cover_nothing_of_the_map_on_a_phone(web_service, live, browser):
    """They hid Successors' "Off the map" panel (its north-east corner) on a phone: now under the map."""
    from tests.web.conftest import public_path

    started(web_service)
    context, page = phone_page(browser)
    try:
        page.goto(live.url + public_path(web_service))
        page.wait_for_function("document.querySelector('#map').naturalWidth > 0", timeout=60000)
        frame = page.locator("#frame").bounding_box()
        for key in page.locator("#viewer .tools button").all():
            box = key.bounding_box()
            assert box["y"] >= frame["y"] + frame["height"], (box, frame)
    finally:
        context.close()


def test_the_hint_key_shows_the_seats_best_lines_and_a_tap_chooses_one(web_service, live, browser):
    """The advisor on the page: "hint" asks the chat's /hint; its numbered lines that are among the
    seat's choices become keys, and a tap on one chooses that line (the press still sends it)."""
    started(web_service)
    game, state, rec, seat, user, lines = played_until(
        web_service, lambda line: line.startswith("activate ") and not line[9:10].isupper())
    context, page = phone_page(browser)
    try:
        page.goto(live.url + private_path(web_service, user))
        ready(page)
        version = page.evaluate("strategosPage.data().version")
        with page.expect_response(lambda r: r.url.endswith("/hint"), timeout=60000) as answer:
            page.locator("#hint").tap()
        assert answer.value.json()["ok"], answer.value.json()
        page.wait_for_selector("#hint-lines button.advised", timeout=10000)
        shown = page.inner_text("#hint-lines")
        assert "1. " in shown and "chance to win about" in shown
        advised = page.locator("#hint-lines button.advised")
        assert 1 <= advised.count() <= 3
        first = advised.first.inner_text().split(". ", 1)[1].split(" — ")[0]
        advised.first.tap()
        assert page.evaluate("strategosPage.play().chosen") == first and first in lines
        shot(page, "play-hint")
        assert press_play(page, version)["ok"]
        assert web_service.store.log("console", "table")[-1]["line"] == first
    finally:
        context.close()
