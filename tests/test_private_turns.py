"""A player whose turn has just come, played only with choices he alone may see (a hand,
face-down orders; no buttons), is told his private choices in the reply to the move that made
it his turn, without asking (a newcomer's console game of StarCraft and Successors waited on
/status); a player who was already waiting is not told again at every move of another."""
import random

import pytest

from bot.service.types import Command
from core.registry import get_game

PLAYERS = ("Ann", "Bob", "Cy")


@pytest.mark.parametrize("game_id,count", [("starcraft", 3), ("successors", 3), ("ludi", 3), ("infinity", 2)])
def test_the_player_whose_turn_comes_is_told_his_private_choices(service, game_id, count):
    game = get_game(game_id)
    channel = f"turns-{game_id}"
    users = {name: f"{channel}:{name.lower()}" for name in PLAYERS[:count]}

    def send(name, text, private=False):
        return service.handle(Command("console", None if private else channel, users[name], text, name=name,
                                      private=private))

    send("Ann", f"/new {game_id} seed=5")
    for name in users:
        send(name, "/join")
    assert send("Ann", "/start").ok
    rnd = random.Random(5)
    told = not_told_again = 0
    for _ in range(80):
        _, before, rec = service.state("console", channel)
        waiting = game.prompts(before)
        if not waiting:
            break
        by_seat = {p["seat"]: p for p in rec.meta["players"]}
        seat = rnd.choice(sorted(waiting))
        line = game.sample(before, seat, rnd)
        private = game.sent_privately(line, waiting[seat])
        mover = by_seat[seat]["name"]
        reply = send(mover, f"/{game.id} {line}", private=private)
        assert reply.ok, (line, reply.error)
        _, after, _ = service.state("console", channel)
        for other, prompt in game.prompts(after).items():
            user = by_seat[other]["user"]
            if not prompt.private or prompt.actions or user == users[mover]:   # buttons: he presses them
                continue
            got = any("Your private choices" in text for text in reply.private.get(user, []))
            if other not in waiting:
                assert got, f"{other} was not told his choices after {mover}'s {line!r}"
                told += 1
            else:
                assert not got, f"{other}, already waiting, was told again after {mover}'s {line!r}"
                not_told_again += 1
    assert told or game_id in ("infinity", "ludi")   # hands and orders: a turn passes to another privately
