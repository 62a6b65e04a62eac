"""Issue 16: /me sends each player his private picture, which differs from the public one
exactly where private information is (§11 Successors hands, §14 StarCraft hands and orders;
Infinity's hidden troopers are tested in tests/infinity). Through the service: the private
picture is the public one with the seat's own block under it."""
import io

import pytest
from PIL import Image

from bot.service.types import Command


def say(service, channel, user, text):
    return service.handle(Command("t", channel, user, text, name=user))


def picture(image_ref) -> Image.Image:
    return Image.open(io.BytesIO(image_ref.render())).convert("RGB")


@pytest.mark.parametrize("game_id", ["successors", "starcraft"])
def test_me_sends_a_private_picture_that_adds_only_the_seats_own_block(service, game_id):
    channel = f"private-picture-{game_id}"
    say(service, channel, "alice", f"/new {game_id} seed=3")
    say(service, channel, "alice", "/join")
    say(service, channel, "bob", "/join")
    assert say(service, channel, "alice", "/start").ok
    public = picture(say(service, channel, "alice", "/map").image)
    mine = {}
    for user in ("alice", "bob"):
        reply = say(service, channel, user, "/me")
        assert reply.ok and user in reply.private_images
        mine[user] = picture(reply.private_images[user])
        assert mine[user].width == public.width and mine[user].height > public.height
        # the public picture, then the seat's own lines: nothing else moves
        assert mine[user].crop((0, 0, *public.size)).tobytes() == public.tobytes()
    assert mine["alice"].tobytes() != mine["bob"].tobytes()
