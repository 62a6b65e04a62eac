"""No hidden item reaches the channel, in every self-play of every registered game: the
game's secrets (hands, face-down cards, private rosters, orders), its private prompt lines
and the seed before the end, in any public line, button, the public view, what a watcher
can ask for (/status, /log, /export) or the labels drawn on the public picture."""
import hashlib
import html
import re

import orjson
import pytest

import render
from bot.console.selfplay import audit, drawn_labels, play_one
from core.registry import all_games, get_game

GAMES = [g.id for g in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_secret_in_public_in_self_play(service, game_id):
    game = get_game(game_id)
    # the smallest and the largest table; a Successors game is ~1,000 actions: its first 150
    for players in sorted({game.min_players, game.max_players}):
        report = play_one(service, game_id, players, "secrets", audit_every=30, secret_seed=True,
                          max_actions=150 if game_id == "successors" else 20000)
        assert not [p for p in report.problems if "stuck" not in p], report.problems


def test_the_audit_sees_a_secret_drawn_on_the_picture(service, monkeypatch):
    game = get_game("successors") if "successors" in GAMES else None
    if game is None:
        pytest.skip("needs a game with a picture")
    import render

    play_one(service, game.id, 3, "audit", max_actions=5)
    state = service.state("selfplay", f"{game.id}-3-audit")[1]
    real = render.draw

    def leaky(game_id, view, seat=None, **kw):
        image = real(game_id, view, seat, **kw)
        from PIL import ImageDraw

        ImageDraw.Draw(image).text((5, 5), "TOP-SECRET-CARD")
        return image

    monkeypatch.setattr(render, "draw", leaky)
    assert "TOP-SECRET-CARD" in drawn_labels(game, state)
    monkeypatch.setattr(type(game), "secrets", lambda self, s: ["TOP-SECRET-CARD"])
    assert audit(service, game, f"{game.id}-3-audit", state, []) == ["TOP-SECRET-CARD"]


def test_a_seed_shown_before_the_end_is_caught(service, monkeypatch):
    from bot.console.selfplay import _leaks
    from bot.service.types import Reply

    game = get_game("tally")
    state = game.setup(["a", "b"], {}, "x" * 20)
    assert _leaks(game, state, Reply(public=["the seed is " + "x" * 20]), ["x" * 20]) == ["x" * 20]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_no_secret_in_public_in_many_whole_games(service, game_id):
    game = get_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for i in range(5):
            report = play_one(service, game_id, players, f"secrets-slow{i}", audit_every=25, secret_seed=True)
            assert report.problems == [], report.problems


@pytest.mark.parametrize("game_id", GAMES)
def test_no_secret_on_the_public_page_its_json_or_its_pictures(service, game_id, monkeypatch):
    """The game's public page (bot/web/), in self-play: its HTML, its JSON and the labels drawn on
    its pictures (now and a replayed earlier position) hold no secret of the state and not the seed."""
    import random

    from PIL import ImageDraw
    from starlette.testclient import TestClient

    from bot.console.selfplay import PLATFORM, _leaks
    from bot.service.types import Reply
    from bot.web.app import create_app

    game = get_game(game_id)
    service.web_secret, service.web_url = "secrets-suite-" + "k" * 24, "http://web.test"
    labels: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, words, *args, **kwargs):
        labels.append(str(words))
        return original(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    rnd = random.Random(game_id)
    checked, leaks = [], []
    channel = f"{game.id}-{game.min_players}-page-secrets"
    dice_seed = hashlib.sha256(b"selfplay:page-secrets").hexdigest()[:32]
    every = {"successors": 40, "tally": 2}.get(game_id, 15)   # looks per game: a picture costs ~0.1-1 s

    with TestClient(create_app(service)) as client:
        def look(reply, report) -> None:
            if report.actions == 0 or report.actions % every or leaks:
                return
            _, state, rec = service.state(PLATFORM, channel)
            if game.outcome(state)[0]:
                return
            path = f"/g/{service.pages.token(PLATFORM, channel, rec.meta)}"
            labels.clear()
            shown = [client.get(path).text, client.get(f"{path}/page.json").text]
            total = orjson.loads(shown[1])["actions"]
            for number in {total, rnd.randrange(total + 1)}:
                assert client.get(f"{path}/map/{number}").status_code == (200 if render.has_picture(game.id) else 404)
            checked.append(report.actions)
            # the page's log tells each action as the channel read it, checked when it was said (a
            # card named then may lie in a hand now, reshuffled): the last action's lines against today's
            log = orjson.loads(shown[1])["log"]
            last = [line for line in log if line.startswith(f"{total}. ")]
            for line in sorted(log, key=len, reverse=True):
                shown = [text.replace(html.escape(line), "").replace(orjson.dumps(line).decode()[1:-1], "")
                         for text in shown]
            leaks.extend(_leaks(game, state, Reply(), [dice_seed], "\n".join(shown + labels + last)))
            # each seat's page: its choices and hit regions (issue 34) hold nothing of another seat's
            # secrets, and never the seed
            for player in rec.meta["players"]:
                seat = player.get("seat")
                if not seat:
                    continue
                mine = orjson.loads(client.get(f"/g/{service.pages.token(PLATFORM, channel, rec.meta, seat)}"
                                               "/page.json").content)
                offered = orjson.dumps([mine.get("choices"), mine.get("regions")]).decode()
                seen = orjson.dumps(game.view(state, seat)).decode()
                hidden = [s for s in game.secrets(state) if s and s not in seen]
                leaks.extend(f"{seat}'s page offers {s!r}" for s in hidden
                             if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", offered))
                if dice_seed in offered or (state.get("rng") or {}).get("seed", "\0") in offered:
                    leaks.append(f"{seat}'s page holds the seed")

        report = play_one(service, game_id, game.min_players, "page-secrets", secret_seed=True, on_reply=look,
                          max_actions=130 if game_id == "successors" else 20000)
    assert not [p for p in report.problems if "stuck" not in p], report.problems
    assert checked, "the page was looked at during the game"
    assert leaks == []


@pytest.mark.parametrize("game_id", ["successors", "starcraft", "infinity", "ludi"])
def test_a_menus_crop_shows_only_what_its_reader_may_see(service, game_id, monkeypatch):
    """Issue 34, item 5, in self-play: every crop of a menu level is drawn from the view of who
    reads it, the public view for a public menu (whose drawn labels then hold no secret of the
    state and not the seed), the seat's own view for his private one, and nothing else."""
    from PIL import ImageDraw

    from bot.console.selfplay import PLATFORM, _leaks
    from bot.service.types import Command, Reply
    from render import crops

    game = get_game(game_id)
    players = game.min_players
    channel = f"{game.id}-{players}-crop-secrets"
    dice_seed = hashlib.sha256(b"selfplay:crop-secrets").hexdigest()[:32]
    drawn: list[tuple] = []
    labels: list[str] = []
    real_full, real_text = crops.full, ImageDraw.ImageDraw.text
    monkeypatch.setattr(crops, "full", lambda g, view, seat, lang: drawn.append((view, seat)) or
                        real_full(g, view, seat, lang))
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", lambda self, xy, words, *a, **k:
                        labels.append(str(words)) or real_text(self, xy, words, *a, **k))
    checked = {"public": 0, "private": 0}
    leaks: list[str] = []

    def look(reply, report) -> None:
        loaded = service.state(PLATFORM, channel)
        if loaded is None or leaks:
            return
        _, state, rec = loaded
        users = {p["seat"]: p["user"] for p in rec.meta["players"]}
        menus = [m for m in (reply.menu, reply.page, *reply.menus.values()) if m is not None]
        for menu in list(menus)[:2]:   # and the levels under their first pages (a place is often a level down)
            for option in [o for o in menu.options if not o.leaf][:3]:
                pressed = Command(PLATFORM, None, users[menu.seat], "", name="p", private=menu.private)
                menus.append(service.press_menu(pressed, menu.at(option.path)).page)
        for menu in menus:
            if menu is None or menu.crop is None or checked["private" if menu.private else "public"] >= 6:
                continue
            drawn.clear()
            labels.clear()
            menu.crop.render()
            reader = menu.seat if menu.private else None
            assert all(view == game.view(state, reader) and who == reader for view, who in drawn), \
                f"a {'private' if menu.private else 'public'} crop drawn from another view"
            if not menu.private:
                leaks.extend(_leaks(game, state, Reply(), [dice_seed], "\n".join(labels)))
            checked["private" if menu.private else "public"] += 1

    report = play_one(service, game_id, players, "crop-secrets", secret_seed=True, on_reply=look,
                      max_actions=150 if game_id == "successors" else 400)
    assert not [p for p in report.problems if "stuck" not in p], report.problems
    assert sum(checked.values()), "no menu level chose a place in this game"
    assert leaks == []
