"""History (issue 15): /log in words, /replay N, and a game in play moved between channels
and platforms by /export → /import, through both adapters' offline harnesses."""
import io

import orjson
import pytest
from PIL import Image

from bot.service import Service
from bot.service.types import Command
from core.replay import replay
from tests.telegram.conftest import tg  # noqa: F401 — the offline Telegram harness, as a fixture


def say(service, user, text, channel="h", platform="t", **kw):
    return service.handle(Command(platform, channel, user, text, name=user, **kw))


@pytest.fixture
def tally(service):
    for user, text in [("alice", "/new tally target=100 deadline=1h"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert say(service, user, text).ok
    return service


def test_log_tells_what_the_channel_was_told_and_marks_the_deadline_and_private_choices(tally):
    assert say(tally, "alice", "/tl add 2").ok
    assert say(tally, "bob", "/tl secret rosebud", channel=None, private=True).ok
    tally.clock = lambda: 10 ** 12
    deadline = tally.due_reminders("t")[0].public  # bob's hour runs out: the deadline plays for him
    lines = say(tally, "alice", "/log").public
    # the narration's own sentences, each numbered as /replay counts the actions
    assert lines == ["1. P1 adds 2: total 2.", "2. bob made a private choice.",
                     "3. Time was up for bob: the deadline played for them.", f"3. {deadline[1]}"]
    assert all("rosebud" not in line and "`" not in line for line in lines)   # neither the secret nor a typed line
    assert say(tally, "alice", "/log 1").public == lines[2:]


def test_log_replays_only_the_moves_since_it_was_last_asked_and_follows_an_undo(tally, monkeypatch):
    from core import replay as replay_module

    assert say(tally, "alice", "/tl add 2").ok and say(tally, "bob", "/tl add 3").ok
    assert say(tally, "bob", "/log").public == ["1. P1 adds 2: total 2.", "2. P2 adds 3: total 5."]
    applied = []
    original = replay_module.narrated
    monkeypatch.setattr("bot.service.history.narrated",
                        lambda game, state, entries: applied.extend(entries) or original(game, state, entries))
    assert say(tally, "alice", "/tl add 1").ok
    assert say(tally, "bob", "/log 1").public == ["3. P1 adds 1: total 6."]
    assert [e["line"] for e in applied] == ["add 1"]          # the earlier two were not replayed again
    assert say(tally, "alice", "/undo").ok
    assert say(tally, "alice", "/tl add 4").ok
    assert say(tally, "bob", "/log").public == ["1. P1 adds 2: total 2.", "2. P2 adds 3: total 5.",
                                                "3. P1 adds 4: total 9."]


def test_replay_draws_the_map_as_it_stood_after_action_n(store):
    service = Service(store)
    for user, text in [("a", "/new infinity seed=5"), ("a", "/join"), ("b", "/join"), ("a", "/start")]:
        assert say(service, user, text, "m").ok
    game, state, rec = service.state("t", "m")
    for _ in range(3):   # a few moves, by the rules' own defaults
        seat = sorted(game.prompts(state))[0]
        player = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
        line = game.default_action(state, seat)
        private = line in game.prompts(state)[seat].private
        assert say(service, player, f"/inf {line}", None if private else "m", private=private).ok
        game, state, rec = service.state("t", "m")
    reply = say(service, "a", "/replay 2", "m")
    assert reply.ok and reply.public == ["The map after action 2 of 3."]
    png = reply.image.render()
    assert Image.open(io.BytesIO(png)).size[0] >= 800
    import render

    then = replay(game, store.setup("t", "m"), store.log("t", "m", 0, 1))
    assert png == render.encode(render.draw("infinity", game.view(then, None), None), "png")
    for bad, code in [("4", "NO_ACTION"), ("x", "MALFORMED")]:
        assert say(service, "a", f"/replay {bad}", "m").code == code


def test_a_public_export_of_a_game_in_play_cannot_move_it_and_a_transfer_moves_it_once(tally):
    assert say(tally, "alice", "/tl add 2").ok
    public = orjson.loads(say(tally, "alice", "/export").file[1])
    assert public["seed"] is None and "transfer" not in public
    assert say(tally, "carol", "/export", channel=None, private=True).code == "NO_GAME"
    moved = say(tally, "alice", "/export", channel=None, private=True)
    assert moved.ok and "moves the game" in moved.public[0]
    text = "/import " + moved.file[1].decode()
    reply = say(tally, "dave", text, channel="elsewhere")
    assert reply.ok and "continues here after 1 action." in reply.public[0], reply.error
    # the same platform: the same accounts sit at once; a stranger takes no seat
    assert reply.public[1] == "Seated already (the same account, or one linked with /link): alice, bob."
    assert say(tally, "dave", text, channel="third").code == "BAD_IMPORT"     # once
    assert tally.store.load("t", "h").meta["status"] == "moved"
    assert not say(tally, "bob", "/tl add 1").ok                              # not in the old channel
    assert say(tally, "dave", "/join", channel="elsewhere").code == "FULL"
    assert say(tally, "bob", "/join", channel="elsewhere").code == "ALREADY_SEATED"
    assert not say(tally, "alice", "/tl add 1", channel="elsewhere").ok        # P2's turn: bob's
    assert say(tally, "bob", "/tl add 1", channel="elsewhere").ok
    assert tally.state("t", "elsewhere")[1]["total"] == 3


def test_a_moved_game_gives_each_seat_only_to_its_player_and_the_posted_file_holds_no_secret(service):
    """The transfer file is posted where the game is imported, so it must not open the game's
    secrets to whoever sees it: it holds a one-use token only (no seed, no private line, no
    seat code), and in the new channel a seat goes only to the one with its code, which came
    to its player privately with /export (or to his account linked with /link)."""
    for user, text in [("alice", "/new tally target=100"), ("alice", "/join"), ("bob", "/join"),
                       ("carol", "/join"), ("alice", "/start"), ("alice", "/tl add 2")]:
        assert say(service, user, text, platform="telegram").ok
    assert say(service, "bob", "/tl secret rosebud", channel=None, platform="telegram", private=True).ok
    assert say(service, "carol", "/link", channel=None, platform="telegram", private=True).ok
    code = service.store.redis.keys(f"{service.store.prefix}:link:*")[0].decode().rsplit(":", 1)[1]
    assert say(service, "c-on-discord", f"/link {code}", channel=None, platform="discord", private=True).ok
    seed = service.store.setup("telegram", "h")["seed"]

    moved = say(service, "alice", "/export", channel=None, platform="telegram", private=True)
    codes = {user: lines[0].split("/join ")[1].split()[0] for user, lines in moved.private.items()}
    assert set(codes) == {"alice", "bob", "carol"} and len(set(codes.values())) == 3
    assert all(f"your seat P{i} there" in moved.private[u][0] for i, u in enumerate(("alice", "bob", "carol"), 1))
    posted = moved.file[1].decode() + "\n".join(moved.public)
    for hidden in [seed, "rosebud", "secret", *codes.values()]:
        assert hidden not in posted, hidden
    assert set(orjson.loads(moved.file[1])) == {"format", "game", "transfer", "actions", "version"}

    imported = say(service, "mallory", "/import " + moved.file[1].decode(), channel="9", platform="discord")
    assert imported.ok and imported.public[1] == "Seated already (the same account, or one linked with /link): carol."
    assert all(c not in line for line in imported.public for c in codes.values())
    refused = say(service, "mallory", "/join", channel="9", platform="discord")
    assert refused.code == "NEEDS_CODE" and "/join CODE" in refused.error
    assert say(service, "mallory", "/join 00000000", channel="9", platform="discord").code == "BAD_CODE"
    assert say(service, "mallory", "/me", channel="9", platform="discord").code == "NOT_SEATED"
    assert say(service, "b-on-discord", f"/join {codes['bob']}", channel="9", platform="discord").public == [
        "b-on-discord takes seat P2 (bob)."]
    assert say(service, "mallory", f"/join {codes['bob']}", channel="9", platform="discord").code == "BAD_CODE"
    assert say(service, "a-on-discord", f"/join {codes['alice'].upper()}", channel="9", platform="discord").ok
    assert say(service, "b-on-discord", "/tl show", channel="9", platform="discord").ok   # bob's secret is his


def test_a_transfer_file_never_forks_a_game_and_an_old_kind_is_refused_with_a_sentence(tally):
    first = say(tally, "alice", "/export", channel=None, private=True).file[1].decode()
    second = say(tally, "bob", "/export", channel=None, private=True).file[1].decode()
    assert say(tally, "alice", "/tl add 2").ok                 # played on after both files were made
    reply = say(tally, "dave", "/import " + first, channel="x")
    assert reply.code == "BAD_IMPORT" and reply.error.startswith("The game went on after this transfer file was made")
    fresh = say(tally, "alice", "/export", channel=None, private=True).file[1].decode()
    assert say(tally, "dave", "/import " + fresh, channel="x").ok
    assert say(tally, "dave", "/import " + second, channel="y").code == "BAD_IMPORT"    # moved already: no fork
    # a transfer file of the first kind (its stored game has no seat codes): refused, the game stays
    token = "old-kind-token"
    record = {"setup": tally.store.setup("t", "x"), "log": tally.store.log("t", "x"), "from": ["t", "x"],
              "version": tally.store.load("t", "x").version}
    tally.store.redis.set(tally.transfer.key(token), orjson.dumps(record))
    old = orjson.dumps({"format": "strategos-transfer/1", "game": "tally", "transfer": token}).decode()
    reply = say(tally, "dave", "/import " + old, channel="z")
    assert reply.error == ("That transfer file is of an older kind, whose seats anyone could take; the game has not "
                           "moved. Send /export privately again for a new one.")
    assert tally.store.load("t", "x").meta["status"] == "playing"


async def test_a_game_started_on_telegram_continues_on_discord_and_comes_back(service, tg):
    from tests.discord.harness import CHANNEL, make_harness
    from tests.telegram.conftest import GROUP

    alice, bob = 11, 12
    for user, text in [(alice, "/new tally target=100"), (alice, "/join"), (bob, "/join"), (alice, "/start"),
                       (alice, "/tl add 2")]:
        await tg.say(user, text, name=f"u{user}")
    await tg.say(alice, "/export", chat=alice)                 # in the private chat with the bot
    (doc,) = [files for e, p, files in tg.tg.calls if e == "sendDocument" and int(p["chat_id"]) == alice]
    transfer = _file_bytes(doc)
    assert orjson.loads(transfer)["format"] == "strategos-transfer/1"
    await tg.say(bob, "/export", chat=bob)       # bob had no private chat with the bot: he asks for his code
    codes = {int(p["chat_id"]): p["text"].split("/join ")[1].split()[0] for e, p, _ in tg.tg.calls
             if e == "sendMessage" and "/join " in p.get("text", "") and "your seat" in p["text"]}
    assert set(codes) == {alice, bob}

    h = await make_harness(service)
    h.client.http.get_from_cdn = _cdn({"https://cdn.example/t.json": transfer})
    payload = h.slash("201", "alice", "import")
    payload["data"]["options"] = [{"name": "file", "type": 11, "value": "77"}]
    payload["data"]["resolved"] = {"attachments": {"77": {
        "id": "77", "filename": "t.json", "size": len(transfer), "url": "https://cdn.example/t.json",
        "proxy_url": "https://cdn.example/t.json", "content_type": "application/json"}}}
    await h.send(payload)
    assert service.store.load("discord", CHANNEL).meta["status"] == "playing"
    await h.say("203", "mallory", "join")                      # no code: no seat
    await h.say("201", "alice", "join", code=codes[alice])
    await h.say("202", "bob", "join", code=codes[bob])
    assert [p["user"] for p in service.store.load("discord", CHANNEL).meta["players"]] == ["201", "202"]
    await h.say("202", "bob", "tally", "add", n=3)              # bob (P2) moves on Discord
    assert service.state("discord", CHANNEL)[1]["total"] == 5

    await h.say("202", "bob", "export", dm=True)                # and moves it back
    back = next(c for c in reversed(h.recorder.calls) if c.files)
    data = back.files[0][1]
    tg.tg.files = {"back.json": data}
    await tg.app.process_update(_document(tg, alice, data))
    assert service.state("telegram", str(GROUP))[1]["total"] == 5
    assert service.store.load("discord", CHANNEL).meta["status"] == "moved"


def _file_bytes(files: dict) -> bytes:
    (value,) = files.values()
    return value[1] if isinstance(value, tuple) else value


def _cdn(files):
    async def get_from_cdn(url):
        return files[url]
    return get_from_cdn


def _document(tg, user, data):
    from telegram import Update

    from tests.telegram.conftest import GROUP

    original = tg.tg.result

    def result(endpoint, params):
        if endpoint == "getFile":
            return {"file_id": params["file_id"], "file_unique_id": "u", "file_size": len(data),
                    "file_path": "documents/back.json"}
        return original(endpoint, params)
    tg.tg.result = result
    original_request = tg.tg.do_request

    async def do_request(url, method, request_data=None, **kw):
        if "/file/bot" in url:
            return 200, data
        return await original_request(url, method, request_data, **kw)
    tg.tg.do_request = do_request
    msg = {"message_id": 900, "date": 1700000000, "from": {"id": user, "is_bot": False, "first_name": "A"},
           "chat": {"id": GROUP, "type": "supergroup", "title": "Wargamers"}, "caption": "/import",
           "caption_entities": [{"type": "bot_command", "offset": 0, "length": 7}],
           "document": {"file_id": "doc-back", "file_unique_id": "db", "file_name": "back.json",
                        "file_size": len(data)}}
    return Update.de_json({"update_id": 4242, "message": msg}, tg.app.bot)


def _move(service, platform, channel, to_platform, to_channel, user="alice"):
    """/export privately from `platform`, /import in `to_platform`'s `to_channel`."""
    transfer = service.handle(Command(platform, None, user, "/export", name=user, private=True))
    assert transfer.ok and transfer.file, transfer.error
    reply = service.handle(Command(to_platform, to_channel, user, "/import " + transfer.file[1].decode(), name=user))
    assert reply.ok, reply.error
    assert service.store.load(platform, channel).meta["status"] == "moved"
    return {user: lines[0].split("/join ")[1].split()[0] for user, lines in transfer.private.items()}


def test_the_old_channel_of_a_moved_game_says_where_it_went_and_refuses_moves_there(service):
    for user, text in [("alice", "/new tally target=100"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start"), ("alice", "/tl add 2")]:
        assert say(service, user, text, channel="-100500", platform="telegram").ok
    codes = _move(service, "telegram", "-100500", "discord", "777")
    went = "This game moved to the Discord channel 777: it goes on there, and nothing more is played here."
    for user, text in [("bob", "/tl add 1"), ("bob", "/tl total"), ("carol", "/join"), ("alice", "/undo"),
                       ("alice", "/remind"), ("alice", "/map"), ("bob", "/me")]:
        reply = say(service, user, text, channel="-100500", platform="telegram")
        assert (reply.ok, reply.code, reply.error) == (False, "MOVED", went), text
        assert reply.mentions == [] and reply.private == {}
    assert say(service, "bob", "/status", channel="-100500", platform="telegram").public == [went]
    history = say(service, "bob", "/log", channel="-100500", platform="telegram").public
    assert history == ["1. P1 adds 2: total 2."]
    assert service.store.log_length("telegram", "-100500") == 1        # nothing was played or undone there
    assert say(service, "bob", "/lang es", channel="-100500", platform="telegram").ok
    assert say(service, "bob", "/tl add 1", channel="-100500", platform="telegram").error == (
        "Esta partida se ha trasladado; ahora está en el canal de Discord 777: sigue allí, y aquí ya no se juega "
        "nada más.")

    # from Discord, a Discord channel is a mention (Discord shows its name to whoever may see it);
    # a Telegram group is named by its id only, never by its title
    for user in ("alice", "bob"):
        assert say(service, user, f"/join {codes[user]}", channel="777", platform="discord").ok
    _move(service, "discord", "777", "discord", "888")      # the same accounts: seated at once
    assert say(service, "bob", "/tl add 1", channel="777", platform="discord").error.startswith(
        "This game moved to the Discord channel <#888>:")
    _move(service, "discord", "888", "telegram", "-100600")
    assert say(service, "bob", "/status", channel="888", platform="discord").public[0].startswith(
        "This game moved to the Telegram group -100600:")
