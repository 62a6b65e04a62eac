"""The game's page in a real browser: Debian's headless Chromium driven by Playwright. The page
loads and shows the map, zooms, the replay slider changes the picture, a move made through the
service appears without reloading; a private page shows the hand, the public one does not; a
wrong or stale token gets the 404 page. Screenshots: `python -m tests.web.screenshots`."""
import os
import shutil

import pytest

from tests.web.conftest import play, private_path, public_path, say, secrets_of, started

CHROMIUM = os.environ.get("STRATEGOS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]


def browser_or_skip():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("no browser: Playwright is not installed (pip install -e '.[test]')")
    if not shutil.which(CHROMIUM):
        pytest.skip(f"no browser: {CHROMIUM} is missing (apt-get install -y chromium)")
    return sync_playwright


@pytest.fixture(scope="module")
def browser():
    sync_playwright = browser_or_skip()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    # bypass_csp: Playwright waits by evaluating strings, which the page's policy (rightly) forbids
    context = browser.new_context(viewport={"width": 360, "height": 780}, has_touch=True, bypass_csp=True)
    yield context.new_page()
    context.close()


def loaded_map(page, selector="#map"):
    page.wait_for_function(f"document.querySelector('{selector}').complete && "
                           f"document.querySelector('{selector}').naturalWidth > 0", timeout=60000)
    return page.eval_on_selector(selector, "img => [img.naturalWidth, img.src, img.style.transform]")


def test_the_page_loads_shows_the_map_zooms_and_replays(web_service, live, phone):
    started(web_service)
    play(web_service, 2)
    path = public_path(web_service)
    phone.goto(live.url + path)
    width, src, before = loaded_map(phone)
    assert width >= 1000 and src.endswith(f"/map/{phone.evaluate('strategosPage.data().actions')}"
                                           f"?v={phone.evaluate('strategosPage.data().version')}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360, "readable 360 px wide: no sideways scroll"
    phone.click("#zoom-in")
    after = phone.eval_on_selector("#map", "img => img.style.transform")
    scale = lambda t: float(t.split("scale(")[1].rstrip(")"))   # noqa: E731
    assert scale(after) > scale(before) * 1.4
    # a pinch: two fingers moving apart, as pointer events (what a phone sends)
    box = phone.locator("#frame").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    phone.evaluate("""([cx, cy]) => {
        const f = document.getElementById('frame');
        const ev = (type, id, x) => f.dispatchEvent(new PointerEvent(type, {pointerId: id, clientX: x, clientY: cy,
            bubbles: true, pointerType: 'touch', isPrimary: id === 1}));
        ev('pointerdown', 1, cx - 20); ev('pointerdown', 2, cx + 20);
        ev('pointermove', 1, cx - 60); ev('pointermove', 2, cx + 60);
        ev('pointerup', 1, cx - 60); ev('pointerup', 2, cx + 60);
    }""", [cx, cy])
    pinched = phone.eval_on_selector("#map", "img => img.style.transform")
    assert scale(pinched) > scale(after) * 1.5
    # the replay slider: the picture of the position after action 0
    phone.eval_on_selector("#slider", "s => { s.value = 0; s.dispatchEvent(new Event('input')); }")
    phone.wait_for_function("document.querySelector('#map').src.includes('/map/0?')")
    _, replayed, _ = loaded_map(phone)
    assert "/map/0?" in replayed and "0" in phone.inner_text("#slider-label")


def test_a_move_appears_on_an_open_page_without_reloading(web_service, live, phone):
    started(web_service)
    phone.goto(live.url + public_path(web_service))
    loaded_map(phone)
    phone.wait_for_selector("#live.on")
    version = phone.evaluate("strategosPage.data().version")
    phone.evaluate("window.notReloaded = true")
    play(web_service, 1)
    phone.wait_for_function(f"strategosPage.data().version > {version}", timeout=5000)
    assert phone.evaluate("window.notReloaded") is True
    assert phone.evaluate("strategosPage.data().actions") == 1
    phone.wait_for_function("document.querySelector('#map').src.includes('/map/1?')")
    assert "1." in phone.inner_text("#log")


def test_a_private_page_shows_the_hand_and_the_public_one_does_not(web_service, live, browser):
    started(web_service)
    play(web_service, 3)
    secrets = secrets_of(web_service)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(live.url + private_path(web_service, "bob"))
        loaded_map(page, "#private-map")
        mine = page.inner_text("#private")
        assert [card for card in secrets if card in mine], mine
        page.goto(live.url + public_path(web_service))
        loaded_map(page)
        assert page.locator("#private").is_hidden()
        assert not [card for card in secrets if card in page.content()]
    finally:
        context.close()


def test_a_wrong_or_stale_token_gets_the_404_page(web_service, live, phone):
    started(web_service)
    path = public_path(web_service)
    wrong = phone.goto(live.url + path[:-3] + "AAA")
    assert wrong.status == 404 and "Page not found" in phone.inner_text("h1")
    say(web_service, "alice", "/abort")
    stale = phone.goto(live.url + path)
    assert stale.status == 404 and "aborted" in phone.inner_text("main")
