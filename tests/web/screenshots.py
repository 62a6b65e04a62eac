"""Screenshots of the game page for docs/web/: the public and a private page of a Successors game,
on a 390×844 phone and on a desktop, in headless Chromium.

    python -m tests.web.screenshots [docs/web]
"""
import sys
import tempfile
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

from bot.service import Service
from bot.store import Store, connect
from bot.web.app import create_app
from tests.web.conftest import SECRET, LiveServer, play, private_path, public_path, started
from tests.web.test_browser import ARGS, CHROMIUM

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1440, "height": 900}}


def main(folder: str = "docs/web") -> int:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        client = connect(None, data)
        service = Service(Store(client, prefix=f"shots-{uuid.uuid4().hex[:6]}"), web_secret=SECRET,
                          web_url="http://web.test")
        started(service, players=("alice", "bob", "carol"))
        play(service, 12, seed=3)
        pages = {"public": public_path(service), "private": private_path(service, "bob")}
        with LiveServer(create_app(service)) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for size, viewport in SIZES.items():
                context = browser.new_context(viewport=viewport, device_scale_factor=1, bypass_csp=True,
                                              has_touch=size == "phone")
                page = context.new_page()
                for name, path in pages.items():
                    page.goto(server.url + path)
                    page.wait_for_function("document.querySelector('#map').complete && "
                                           "document.querySelector('#map').naturalWidth > 0", timeout=60000)
                    if name == "private":
                        page.wait_for_function("document.querySelector('#private-map').naturalWidth > 0")
                    page.wait_for_selector("#live.on")
                    page.screenshot(path=str(out / f"{name}-{size}.png"), full_page=size == "phone")
                    print(out / f"{name}-{size}.png")
                context.close()
            browser.close()
        client.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
