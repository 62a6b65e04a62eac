"""A cached picture is keyed by the game and its exact position (issue 28, "Pictures of the
position asked for"): every picture sent is the one a fresh draw of the position asked for gives,
after /abort and /new, after /undo and a different move, and after a quiet private write.
Through the service, on real Redis; each sent picture is compared with a fresh draw."""
import random

import pytest

import render
from bot.service.pictures import picture_key
from bot.service.types import Command
from core.games.successors import surprise
from core.registry import get_game
from core.replay import replay

GAMES = ["successors", "infinity", "ludi", "starcraft"]


def say(service, channel, user, text, private=False):
    return service.handle(Command("t", None if private else channel, user, text, name=user, private=private,
                                  admin=True))


def fresh(game, view, seat=None, fmt="png") -> bytes:
    """The picture of `view` drawn now, with no cache."""
    return render.encode(render.draw(game.id, view, seat, lang="en"), fmt)


def new_game(service, channel, game_id, seed, players=2):
    game = get_game(game_id)
    users = [f"{channel}-u{i}" for i in range(max(players, game.min_players))]
    assert say(service, channel, users[0], f"/new {game_id} seed={seed}").ok
    for user in users:
        assert say(service, channel, user, "/join").ok
    assert say(service, channel, users[0], "/start").ok
    return users


def play(service, channel, moves, rnd):
    """`moves` legal public actions (sampled; a private one is sent privately), as self-play does."""
    for _ in range(moves):
        game, state, rec = service.state("t", channel)
        users = {p["seat"]: p["user"] for p in rec.meta["players"]}
        prompts = game.prompts(state)
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        private = game.sent_privately(line, prompts[seat])
        assert say(service, channel, users[seat], f"/{game.id} {line}", private).ok


def replayed_view(service, channel, number):
    """The public view after action `number`, replayed from the store (no cache)."""
    game, _, _ = service.state("t", channel)
    entries = [e for e in service.store.log("t", channel) if not e.get("hidden")][:number]
    return game, game.view(replay(game, service.store.setup("t", channel), entries), None)


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_after_abort_and_new_shows_the_new_games_position(service, game_id):
    channel = f"replay-abort-{game_id}"
    users = new_game(service, channel, game_id, seed=1)
    play(service, channel, 3, random.Random(1))
    first = say(service, channel, users[0], "/replay 2")
    assert first.ok, first.error
    first.image.render()                                   # drawn and cached
    assert say(service, channel, users[0], "/abort").ok
    users = new_game(service, channel, game_id, seed=2)
    play(service, channel, 3, random.Random(2))
    again = say(service, channel, users[0], "/replay 2")
    assert again.ok, again.error
    game, view = replayed_view(service, channel, 2)
    assert again.image.render() == fresh(game, view)
    assert again.image.render() != first.image.render()    # the two games' positions differ


def test_replay_after_undo_and_a_different_move_shows_the_new_move(service):
    """Ludi's first moves roll no die, so /undo takes one back and another is played instead."""
    channel = "replay-undo"
    users = new_game(service, channel, "ludi", seed=5, players=3)
    game, state, rec = service.state("t", channel)
    seat_user = {p["seat"]: p["user"] for p in rec.meta["players"]}
    seat, prompt = next((s, p) for s, p in game.prompts(state).items() if len(p.actions) > 1)
    first_line, other_line = prompt.actions[0], prompt.actions[-1]
    assert say(service, channel, seat_user[seat], f"/{game.id} {first_line}").ok
    shown = say(service, channel, users[0], "/replay 1")
    shown.image.render()
    undone = say(service, channel, seat_user[seat], "/undo")
    assert undone.ok, undone.error
    assert say(service, channel, seat_user[seat], f"/{game.id} {other_line}").ok
    again = say(service, channel, users[0], "/replay 1")
    game, view = replayed_view(service, channel, 1)
    assert again.image.render() == fresh(game, view)
    assert again.image.render() != shown.image.render()


def test_me_after_a_quiet_private_write_shows_the_card_armed(service):
    """Successors `arm` (§4.7) is written quietly (the public version stays): /me must show the
    card armed, in words and in the picture."""
    game = get_game("successors")
    channel = "quiet-arm"
    new_game(service, channel, "successors", seed=1)
    rnd = random.Random(1)
    for _ in range(200):   # until a seat holds a Surprise card it may arm
        _, state, rec = service.state("t", channel)
        armable = {p["seat"]: (p["user"], surprise.arm_lines(state, p["seat"])) for p in rec.meta["players"]}
        armable = {s: (u, lines) for s, (u, lines) in armable.items() if lines}
        if armable:
            break
        play(service, channel, 1, rnd)
    seat, (user, lines) = sorted(armable.items())[0]
    before = say(service, channel, user, "/me", private=True)
    before.private_images[user].render()
    armed = say(service, channel, user, f"/{game.id} {lines[0]}", private=True)
    assert armed.ok, armed.error
    after = say(service, channel, user, "/me", private=True)
    assert "Armed Surprise cards" in "\n".join(after.private[user])
    _, state, _ = service.state("t", channel)
    assert after.private_images[user].render() == fresh(game, game.view(state, seat), seat)
    assert after.private_images[user].render() != before.private_images[user].render()


def test_the_key_names_the_position_drawn_and_the_way_it_is_drawn():
    view = {"turn": 1, "p": {"A": {"hand": 3}}}
    key = picture_key("successors", view, None, None, "png", "en")
    assert key == picture_key("successors", {"p": {"A": {"hand": 3}}, "turn": 1}, None, None, "png", "en")
    changed = [picture_key("successors", {"turn": 2, "p": {"A": {"hand": 3}}}, None, None, "png", "en"),
               picture_key("ludi", view, None, None, "png", "en"),
               picture_key("successors", view, "A", None, "png", "en"),
               picture_key("successors", view, None, "greece", "png", "en"),
               picture_key("successors", view, None, None, "webp", "en"),
               picture_key("successors", view, None, None, "png", "ru")]
    assert len({key, *changed}) == 7
