"""The defects an independent look at the page found (issue 34, item 4), each with its test: a
name that ends the page's script element, a token accepted in a second spelling, pictures
without ETag/304 and answers without nosniff, /lang that waited for the next move and left the
players' colours in English, /favicon.ico, and the cold first page."""
import re
import time

import orjson
import pytest
from starlette.testclient import TestClient

from bot.service.types import Command
from bot.web.app import create_app
from tests.web.conftest import public_path, say, started


@pytest.fixture
def client(web_service):
    with TestClient(create_app(web_service)) as test_client:
        yield test_client


def embedded(html: str) -> str:
    return re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S).group(1)


def test_a_name_that_opens_a_comment_or_a_script_cannot_blank_the_page(web_service, client):
    say(web_service, "alice", "/new successors seed=7")
    for user, name in (("alice", "<!--<script>"), ("bob", "</script>&amp;")):
        web_service.handle(Command("console", "table", user, "/join", name=name))
    assert say(web_service, "alice", "/start").ok
    path = public_path(web_service)
    html = client.get(path).text
    text = embedded(html)
    assert not set("<>&") & set(text), "the script's JSON holds no <, > or &"
    assert orjson.loads(text) == client.get(f"{path}/page.json").json(), "and reads back as the same data"
    assert {p["name"] for p in orjson.loads(text)["players"]} == {"<!--<script>", "</script>&amp;"}
    assert html.count("</script>") == 3, "the page's three script elements end where they should"


def test_a_token_is_accepted_only_in_its_canonical_spelling(web_service, client):
    started(web_service)
    path = public_path(web_service)
    where, mac = path.removeprefix("/g/").split(".")
    # 16 bytes are 22 base64 characters, whose last holds 2 bits that decode to nothing
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(mac[-1])
    twin = mac[:-1] + alphabet[last ^ 1]
    import base64

    assert base64.urlsafe_b64decode(mac + "==") == base64.urlsafe_b64decode(twin + "=="), "same bytes"
    assert client.get(path).status_code == 200
    assert client.get(f"/g/{where}.{twin}").status_code == 404
    assert client.get(f"/g/{where}.{mac}=").status_code == 404, "no padding either"
    assert client.get(f"/g/{where}.{mac[:-1]}+").status_code == 404, "nor the other alphabet"


def test_pictures_have_an_etag_and_answer_304_and_nothing_is_sniffed(web_service, client):
    started(web_service)
    path = public_path(web_service)
    first = client.get(f"{path}/map/0")
    assert first.status_code == 200 and first.headers["etag"].startswith('"')
    assert first.headers["x-content-type-options"] == "nosniff"
    again = client.get(f"{path}/map/0", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == first.headers["etag"]
    other = client.get(f"{path}/map/0", headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200 and other.content == first.content
    for answer in (client.get(f"{path}/page.json"), client.get(path)):
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_lang_reaches_an_open_page_at_once_with_the_players_colours_in_it(web_service, client):
    started(web_service)
    path = public_path(web_service)
    before = client.get(f"{path}/page.json").json()
    assert before["lang"] == "en" and all(", " in p["label"] for p in before["players"])
    say(web_service, "alice", "/lang es")   # no move: the same version
    deadline = time.monotonic() + 3
    while (after := client.get(f"{path}/page.json").json())["lang"] != "es":
        assert time.monotonic() < deadline, "the open page did not hear of /lang"
        time.sleep(0.02)
    assert after["version"] == before["version"] and after["words"]["players"] == "Jugadores"
    english = {p["seat"]: p["label"].split(", ")[1] for p in before["players"]}
    spanish = {p["seat"]: p["label"].split(", ")[1] for p in after["players"]}
    assert all(spanish[s] != english[s] for s in english), (english, spanish)   # "azul", not "blue"


def test_lang_is_pushed_to_an_open_event_stream(web_service):
    import httpx

    from tests.web.conftest import LiveServer

    started(web_service)
    path = public_path(web_service)
    with LiveServer(create_app(web_service)) as server, httpx.Client(timeout=5) as http:
        with http.stream("GET", f"{server.url}{path}/events") as stream:
            lines = stream.iter_lines()
            assert next(lines).startswith("retry")
            time.sleep(0.2)   # subscribed
            say(web_service, "alice", "/lang ru")
            for line in lines:
                if line.startswith("data: "):
                    assert orjson.loads(line[6:])["lang"] == "ru"
                    break


def test_favicon(client):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/x-icon"
    assert icon.content[:4] == b"\x00\x00\x01\x00", "an ICO file"


def test_the_base_layers_are_drawn_at_start_so_a_first_page_draws_none(web_service, client):
    from render.successors import basemap

    web_service.pages.warm(langs=("en",))
    built = basemap._base.cache_info().misses
    started(web_service)
    assert client.get(f"{public_path(web_service)}/map/0").status_code == 200
    assert basemap._base.cache_info().misses == built, "the first page of a new game built no base map"
