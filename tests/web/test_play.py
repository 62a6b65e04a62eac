"""Playing on the page without a browser (issue 34): the private page's choices are the chat's
menu tree; a press goes through `Service.handle` as the seat's player, at the page's version,
counted once per key; a stale press gets a fresh menu; the chat is given the move's reply; a
flood of presses is told to slow down; Telegram's initData is checked as Telegram documents;
hit regions are the drawers' own; nothing private reaches another page."""
import time
import urllib.parse

import orjson
import pytest
from starlette.testclient import TestClient

import render
from bot.service.menus import choices, tree
from bot.service.types import Command
from bot.web import telegram_auth
from bot.web.app import create_app
from core.registry import get_game
from render.regions import regions
from tests.web.conftest import play, private_path, public_path, secrets_of, started

BOT_TOKEN = "123456:TEST-token-for-the-mini-app"


@pytest.fixture
def client(web_service):
    with TestClient(create_app(web_service, telegram_token=BOT_TOKEN)) as test_client:
        yield test_client


def press(client, path, line, version, key=None):
    return client.post(f"{path}/play", json={"line": line, "version": version, "key": key or f"k{time.time_ns()}"})


def first_leaf(nodes):
    for node in nodes:
        if "line" in node and "children" not in node:
            return node
        found = first_leaf(node.get("children", []))
        if found:
            return found
    return None


def test_the_private_page_offers_the_chats_menu_tree(web_service, client):
    started(web_service)
    path = private_path(web_service, "alice")
    data = client.get(f"{path}/page.json").json()
    game, state, rec = web_service.state("console", "table")
    seat = data["seat"]
    lines = choices(game, state, seat, True)
    assert data["choices"]["lines"] == lines
    root = tree(game, lines)
    assert [n["label"] for n in data["choices"]["tree"]] == [" ".join(c.parts) for c in root.children]
    public = client.get(f"{public_path(web_service)}/page.json").json()
    assert "choices" not in public and "regions" not in public


def test_a_press_plays_through_the_service_once_per_key(web_service, client):
    started(web_service)
    path = private_path(web_service, "alice")
    data = client.get(f"{path}/page.json").json()
    line = first_leaf(data["choices"]["tree"])["line"]
    answer = press(client, path, line, data["version"], key="press-one-1")
    body = answer.json()
    assert answer.status_code == 200 and body["ok"] and body["changed"], body
    assert body["page"]["version"] == body["version"] > data["version"]
    entries = web_service.store.log("console", "table")
    assert entries[-1]["line"] == line
    again = press(client, path, line, data["version"], key="press-one-1")   # the same press, retried
    assert again.json()["ok"] and "Already done" in again.json()["lines"][0]
    assert len(web_service.store.log("console", "table")) == len(entries), "counted once"


def test_the_chat_is_given_the_move_as_if_typed(web_service, client):
    started(web_service)
    path = private_path(web_service, "alice")
    data = client.get(f"{path}/page.json").json()
    line = first_leaf(data["choices"]["tree"])["line"]
    assert press(client, path, line, data["version"]).json()["ok"]
    deadline = time.monotonic() + 5
    relayed = []
    while not relayed and time.monotonic() < deadline:   # the relay runs after the answer
        relayed = web_service.due_reminders("console")
        time.sleep(0.05)
    move = next(r for r in relayed if r.changed)
    assert move.channel == "table" and move.public, "the channel reads the move's narration"
    assert move.version == web_service.store.version("console", "table")


def test_a_stale_press_gets_a_fresh_menu_never_another_line(web_service, client):
    started(web_service)
    path = private_path(web_service, "alice")
    old = client.get(f"{path}/page.json").json()
    play(web_service, 1)
    before = len(web_service.store.log("console", "table"))
    answer = press(client, path, first_leaf(old["choices"]["tree"])["line"], old["version"])
    body = answer.json()
    assert answer.status_code == 409 and body["stale"] and not body["ok"] and "earlier position" in body["error"]
    assert body["page"]["version"] > old["version"], "the fresh page comes with the refusal"
    assert len(web_service.store.log("console", "table")) == before


def test_bad_presses_are_refused_and_change_nothing(web_service, client):
    started(web_service)
    alice, public = private_path(web_service, "alice"), public_path(web_service)
    data = client.get(f"{alice}/page.json").json()
    version = data["version"]
    assert press(client, public, "first a left", version).status_code == 404, "a public page cannot press"
    refused = press(client, alice, "march nowhere", version).json()
    assert not refused["ok"] and refused["error"], "refused as the chat refuses it"
    for bad in ({"line": "/abort", "version": version, "key": "abcdefgh1"},
                {"line": "first a left\n/abort", "version": version, "key": "abcdefgh2"},
                {"line": "first a left", "version": "1", "key": "abcdefgh3"},
                {"line": "first a left", "version": version, "key": "short"}):
        assert client.post(f"{alice}/play", json=bad).status_code == 400
    assert web_service.store.version("console", "table") == version


def test_a_hundred_presses_in_a_second_are_told_to_slow_down(web_service, client):
    started(web_service)
    path = private_path(web_service, "alice")
    version = client.get(f"{path}/page.json").json()["version"]
    codes = [press(client, path, "nothing at all", version).status_code for _ in range(100)]
    assert codes.count(429) >= 85, codes
    slow = press(client, path, "nothing at all", version)
    assert slow.status_code == 429 and "Slow down" in slow.json()["error"]
    assert web_service.store.version("console", "table") == version


def test_the_check_says_what_the_rules_say_before_sending(web_service, client):
    started(web_service)
    path = private_path(web_service, "alice")
    data = client.get(f"{path}/page.json").json()
    line = first_leaf(data["choices"]["tree"])["line"]
    assert client.post(f"{path}/check", json={"line": line}).json() == {"ok": True, "error": None, "lines": []}
    wrong = client.post(f"{path}/check", json={"line": "move nowhere"}).json()
    assert not wrong["ok"] and wrong["error"]
    assert web_service.store.version("console", "table") == data["version"], "a check stores nothing"


# Telegram's initData --------------------------------------------------------------------------

def init_data(user_id: str, token: str = BOT_TOKEN, signed_at: float | None = None, **changes) -> str:
    fields = {"query_id": "AAH", "user": orjson.dumps({"id": int(user_id), "first_name": "Ann"}).decode(),
              "auth_date": str(int(signed_at if signed_at is not None else time.time()))}
    fields["hash"] = telegram_auth.sign(fields, token)
    fields.update(changes)
    return urllib.parse.urlencode(fields)


def test_init_data_is_checked_as_telegram_documents():
    good = init_data("42")
    assert telegram_auth.user_of(good, BOT_TOKEN)["id"] == 42
    fields = dict(urllib.parse.parse_qsl(good))
    import hashlib
    import hmac

    secret = hmac.new(b"WebAppData", BOT_TOKEN.encode(), hashlib.sha256).digest()   # as the documentation says
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()) if k != "hash")
    assert fields["hash"] == hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    for forged, why in ((init_data("42", token="999:other-bot"), "signed for this bot"),
                        (good.replace("Ann", "Bob"), "signed for this bot"),
                        (init_data("42", signed_at=time.time() - 86400 - 5), "more than a day old"),
                        (good + "&hash=00", "repeats"), ("", "incomplete"), ("a=%zz&&", "readable|incomplete")):
        with pytest.raises(telegram_auth.Refused, match=why):
            telegram_auth.user_of(forged, BOT_TOKEN)


def telegram_game(web_service) -> tuple[str, str]:
    """A Telegram game of users 1001 and 1002: (the user to decide, the other)."""
    started(web_service, platform="telegram", players=("1001", "1002"))
    game, state, rec = web_service.state("telegram", "table")
    pending = next(p["user"] for p in rec.meta["players"] if p["seat"] in game.prompts(state))
    return pending, "1002" if pending == "1001" else "1001"


def test_a_mini_app_presses_with_its_init_data_and_a_forged_one_gets_401(web_service, client):
    me, other_user = telegram_game(web_service)
    path = private_path(web_service, me, platform="telegram")
    data = client.get(f"{path}/page.json", headers={"Authorization": f"tma {init_data(me)}"}).json()
    line = first_leaf(data["choices"]["tree"])["line"]
    forged = client.post(f"{path}/play", json={"line": line, "version": data["version"], "key": "forged-key-1"},
                         headers={"Authorization": f"tma {init_data(me, token='1:another-bot')}"})
    assert forged.status_code == 401 and "not signed for this bot" in forged.json()["error"]
    other = client.post(f"{path}/play", json={"line": line, "version": data["version"], "key": "other-key-1"},
                        headers={"Authorization": f"tma {init_data(other_user)}"})
    assert other.status_code == 401 and other.json()["code"] == "NOT_YOURS", "a seat that is not the user's"
    assert web_service.store.version("telegram", "table") == data["version"]
    mine = client.post(f"{path}/play", json={"line": line, "version": data["version"], "key": "mine-key-1"},
                       headers={"Authorization": f"tma {init_data(me)}"})
    assert mine.status_code == 200 and mine.json()["ok"]
    games = client.get("/tg/games.json", headers={"Authorization": f"tma {init_data(other_user)}"}).json()
    assert games["ok"] and len(games["games"]) == 1 and games["games"][0]["path"].startswith("/g/")
    assert client.get("/tg/games.json").status_code == 401


# hit regions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ["successors", "starcraft", "ludi", "infinity"])
def test_hit_regions_lie_on_the_picture_and_name_what_lines_name(game_id):
    import random

    game = get_game(game_id)
    state = game.setup(["A", "B"], {}, "7")
    rnd = random.Random(4)
    named = set()
    for _ in range(40):
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = sorted(prompts)[0]
        view = game.view(state, seat)
        found = regions(game_id, view, seat)
        picture = render.draw(game_id, view, seat)
        width, height = found["size"]
        assert width == picture.width and height <= picture.height
        for region in found["regions"]:
            x0, y0, x1, y1 = region["box"]
            assert -40 <= x0 < x1 <= width + 40 and -40 <= y0 < y1 <= height + 40, region
        words = {w.lower() for r in found["regions"] for w in r["names"]}
        named |= {w for line in choices(game, state, seat, True) for w in line.lower().split() if w in words}
        line = game.sample(state, seat, rnd)
        state, _ = game.apply(state, seat, game.parse(line, game.sent_privately(line, prompts[seat])))
    if game_id == "infinity":
        assert found["table"]["ppi"] > 0
    else:
        assert named, "some line names a place or piece a tap can find"


def test_no_secret_reaches_the_public_page_or_another_seats_choices(web_service, client):
    started(web_service)
    play(web_service, 3)
    secrets = secrets_of(web_service)
    public = client.get(f"{public_path(web_service)}/page.json").text
    assert not [s for s in secrets if s in public]
    game, state, rec = web_service.state("console", "table")
    for user in ("alice", "bob"):
        seat = next(p["seat"] for p in rec.meta["players"] if p["user"] == user)
        page = client.get(f"{private_path(web_service, user)}/page.json").json()
        others = [s for s in game.secrets(state) if s and s not in str(game.view(state, seat))]
        text = orjson.dumps({"choices": page.get("choices"), "regions": page.get("regions")}).decode()
        assert not [s for s in others if s in text], (user, others)


def test_a_relayed_move_keeps_its_picture_and_its_menus_crop(web_service):
    """What the page hands the chat (`Pages.relay`) comes back whole to the adapter (`relayed`):
    lines, menus with their crop, the pictures, drawn once into the channel's cache."""
    from bot.service.types import Menu, MenuOption, Picture, Reply

    started(web_service)
    store = web_service.store

    def picture(key: str, data: bytes) -> Picture:
        def draw() -> bytes:
            store.cache_set("console", "table", key, data)
            return data
        return Picture(key, f"{key}.png", draw)

    menu = Menu("table", 3, "A", True, "", [], [MenuOption("move issos", "0", True, parts=("move", "issos"),
                                                           mark="1")],
                crop=picture("crop-key", b"\x89PNG crop"), source=("not", "sent"))
    reply = Reply(public=["Ann moves to Issos."], private={"alice": ["Your choices:"]}, menus={"alice": menu},
                  image=picture("map-key", b"\x89PNG map"), channel="table", version=3, changed=True)
    web_service.pages.relay("console", reply)
    [back] = web_service.pages.relayed("console")
    assert back.public == reply.public and back.private == reply.private and back.changed
    assert back.image.render() == b"\x89PNG map" and back.menus["alice"].crop.render() == b"\x89PNG crop"
    assert back.menus["alice"].options == menu.options and back.menus["alice"].source is None
    assert web_service.pages.relayed("console") == [], "handed over once"


def test_the_hint_key_answers_the_chats_hint_for_the_seat_alone(web_service, client):
    """The page's "hint" key is /hint through `Service.handle` as the seat's player: the advisor's
    three best lines with their reasons, from the seat's view; nothing another seat holds in its
    JSON (the secrets suite, extended to the hint's answer)."""
    started(web_service)
    play(web_service, 3)
    game, state, rec = web_service.state("console", "table")
    seat = sorted(game.prompts(state))[0]
    user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
    path = private_path(web_service, user)
    data = client.get(f"{path}/page.json").json()
    assert data["hints"] is True and data["words"]["hint"]
    answer = client.post(f"{path}/hint", json={})
    body = answer.json()
    assert answer.status_code == 200 and body["ok"], body
    text = "\n".join(body["lines"])
    assert text.startswith("Hint:") and "1. " in text and "chance to win about" in text
    advised = [row.split(". ", 1)[1].split(" — ")[0] for row in text.split("\n") if row[:1].isdigit()]
    assert 1 <= len(advised) <= 3 and set(advised) <= set(data["choices"]["lines"]), advised
    others = [s for s in game.secrets(state) if s and s not in str(game.view(state, seat))]
    assert others and not [s for s in others if s in answer.text], "only the seat's view is read"
    assert web_service.store.version("console", "table") == rec.version, "a hint moves nobody's buttons"


def test_no_hint_key_at_a_hints_off_table_and_the_route_refuses_as_the_chat_does(web_service, client):
    say = lambda user, text: web_service.handle(Command("console", "table", user, text, name=user))  # noqa: E731
    say("alice", "/new successors hints=off seed=7")
    say("alice", "/join")
    say("bob", "/join")
    assert say("alice", "/start").ok
    game, state, rec = web_service.state("console", "table")
    user = next(p["user"] for p in rec.meta["players"] if p["seat"] in game.prompts(state))
    path = private_path(web_service, user)
    assert client.get(f"{path}/page.json").json()["hints"] is False
    body = client.post(f"{path}/hint", json={}).json()
    assert not body["ok"] and body["code"] == "HINTS_OFF" and "hints=off" in body["error"]
    waiting = next(p["user"] for p in rec.meta["players"] if p["user"] != user)
    assert client.get(f"{private_path(web_service, waiting)}/page.json").json()["hints"] is False
    assert client.post(f"{public_path(web_service)}/hint", json={}).status_code == 404, "no seat, no hint"
