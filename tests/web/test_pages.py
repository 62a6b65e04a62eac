"""The game's page without a browser: /web and its links, tokens that cannot be guessed or
outlive their game or seat, what the public and private pages hold, pictures drawn once per
position, the health and metrics routes."""
import threading
import time

import pytest
from starlette.testclient import TestClient

import render
from bot.web.app import create_app
from tests.web.conftest import play, private_path, public_path, say, secrets_of, started


def refused(client, path: str) -> bool:
    """The page is a 404 once the web process has heard of the write (pub/sub: within
    milliseconds; a second at most, when a token checked in memory is checked again)."""
    deadline = time.monotonic() + 3
    while client.get(path).status_code != 404:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.fixture
def client(web_service):
    with TestClient(create_app(web_service)) as test_client:
        yield test_client


def test_web_gives_the_public_link_and_web_me_a_private_one_privately(web_service):
    started(web_service)
    public = say(web_service, "bob", "/web")
    assert public.ok and public.public[0].startswith("The game's page: http://web.test/g/")
    mine = say(web_service, "bob", "/web me")
    assert mine.public == [] and "keep it to yourself" in mine.private["bob"][0]
    assert say(web_service, "carol", "/web me").code == "NOT_SEATED"
    assert say(web_service, "bob", "/web now").code == "MALFORMED"


def test_the_link_is_in_status_and_in_the_games_first_message(web_service):
    say(web_service, "alice", "/new successors seed=7")
    say(web_service, "alice", "/join")
    say(web_service, "bob", "/join")
    first = say(web_service, "alice", "/start")
    link = public_path(web_service)
    assert any(link in line for line in first.public)
    assert any(link in line for line in say(web_service, "bob", "/status").public)


def test_without_a_secret_there_are_no_pages(service):
    started(service)
    assert say(service, "alice", "/web").code == "NO_PAGES"
    assert not any("/g/" in line for line in say(service, "alice", "/status").public)


def test_the_public_page_and_its_data(web_service, client):
    started(web_service)
    path = public_path(web_service)
    page = client.get(path)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert page.headers["referrer-policy"] == "no-referrer" and "no-store" in page.headers["cache-control"]
    data = client.get(f"{path}/page.json").json()
    assert data["title"] == "Successors" and {p["name"] for p in data["players"]} == {"Alice", "Bob"}
    assert any("Waiting for" in line for line in data["status"]) and "private" not in data
    assert client.get(f"{path}/mine").status_code == 404, "a public page has no private picture"


def test_the_page_speaks_the_channels_language(web_service, client):
    started(web_service)
    say(web_service, "alice", "/lang es")
    say(web_service, "alice", "/succ first a left")   # a move: the page is made anew for the new version
    data = client.get(f"{public_path(web_service)}/page.json").json()
    assert data["lang"] == "es" and data["words"]["players"] == "Jugadores"
    assert any("(versión" in line for line in data["status"]), data["status"]


def test_a_private_page_shows_the_seats_view_and_the_public_one_does_not(web_service, client):
    started(web_service)
    play(web_service, 3)   # the Tyche cards are dealt
    bob = client.get(f"{private_path(web_service, 'bob')}/page.json").json()
    public = client.get(f"{public_path(web_service)}/page.json").json()
    secrets = secrets_of(web_service)   # every hand's cards
    hand = [card for card in secrets if card in "\n".join(bob["private"])]
    assert hand and "hand" in "\n".join(bob["private"]).lower(), bob["private"]
    assert not [card for card in secrets if card in str(public)]
    picture = client.get(f"{private_path(web_service, 'bob')}/mine")
    assert picture.status_code == 200 and picture.content[:4] == b"\x89PNG"


def test_a_wrong_or_stale_token_is_a_404_page(web_service, client):
    started(web_service)
    public, bob = public_path(web_service), private_path(web_service, "bob")
    for wrong in (public[:-2] + ("AA" if not public.endswith("AA") else "BB"), "/g/nothing", "/g/a.b",
                  public.replace("dGFibGU", "dGFibGX")):
        answer = client.get(wrong)
        assert answer.status_code == 404 and "Page not found" in answer.text
    say(web_service, "bob", "/handover @carol")   # a seat that changes hands: its old private link is dead
    say(web_service, "alice", "/agree")
    say(web_service, "carol", "/agree")
    assert client.get(public).status_code == 200
    say(web_service, "alice", "/abort")
    assert refused(client, public) and client.get(f"{public}/map/0").status_code == 404
    started(web_service)   # a new game in the same channel: the old link does not open it
    assert refused(client, public) and client.get(public_path(web_service)).status_code == 200
    assert client.get(bob).status_code == 404


def test_a_private_link_dies_when_its_seat_changes_hands(web_service, client):
    started(web_service)
    bob = private_path(web_service, "bob")
    assert client.get(bob).status_code == 200
    game, state, rec = web_service.state("console", "table")
    meta = dict(rec.meta, players=[dict(p, user="carol") if p["user"] == "bob" else p for p in rec.meta["players"]])
    version = web_service.store.commit("console", "table", rec.expected, meta=meta)
    web_service.pages.heard("console", "table", version)   # what the web process hears of every write
    assert client.get(bob).status_code == 404


def test_a_picture_is_drawn_once_however_many_ask(web_service, client, monkeypatch):
    started(web_service)
    path = public_path(web_service)
    drawn = []
    real = render.draw

    def counting(*args, **kwargs):
        drawn.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(render, "draw", counting)
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(client.get(f"{path}/map/0"))) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [a.status_code for a in answers] == [200] * 6 and len({a.content for a in answers}) == 1
    assert len(drawn) == 1
    web_service.pages._pictures.entries.clear()   # another process: Redis has it, nobody draws again
    assert client.get(f"{path}/map/0").content == answers[0].content and len(drawn) == 1
    assert client.get(f"{path}/map/1").status_code == 404, "no action 1 yet"


def test_health_readiness_and_metrics(web_service, client):
    started(web_service)
    assert client.get("/healthz").text == "ok" and client.get("/readyz").text == "ok"
    text = client.get("/metrics").text
    for name in ("strategos_commands_total", "strategos_command_seconds", "strategos_picture_seconds",
                 "strategos_reminders_due", "strategos_robot_jobs_due", "strategos_games_active"):
        assert name in text
    assert 'strategos_commands_total{command="start",outcome="ok"}' in text


def test_a_game_keeps_a_bounded_number_of_pictures_in_redis(web_service, client, monkeypatch):
    from bot.service import pages

    monkeypatch.setattr(pages, "PICTURES_KEPT", 2)
    started(web_service)
    play(web_service, 3)
    path = public_path(web_service)
    for number in range(4):
        assert client.get(f"{path}/map/{number}").status_code == 200
    tag = web_service.store.tag("console", "table")
    kept = [k for k in web_service.store.redis.scan_iter(f"{tag}:img:page:*")]
    assert len(kept) == 2
    web_service.pages._pictures.entries.clear()
    assert client.get(f"{path}/map/0").status_code == 200, "an evicted picture is drawn again when asked"


def test_the_pages_code_stays_small_and_fetches_nothing_from_elsewhere():
    """Issue 34: the page's JavaScript and CSS together ≤ 40 KB, no framework, nothing loaded from
    another address (it works offline from the bot's own server; its policy allows 'self' only)."""
    import re

    from bot.web.app import ASSETS, PAGE_HEADERS, STATIC

    code = [(STATIC / name).read_text(encoding="utf-8") for name in ASSETS if name != "home.js"]
    assert sum(len(text.encode()) for text in code) <= 40 * 1024
    pages = [(STATIC / name).read_text(encoding="utf-8") for name in ("page.html", "home.html")]
    assert not [u for text in code + pages for u in re.findall(r"(?:https?:)?//[\w.-]+\.\w+/", text)]
    assert all(src.startswith("/static/") for text in pages for src in re.findall(r'src="([^"]+)"', text))
    assert "script-src 'self';" in PAGE_HEADERS["Content-Security-Policy"]
