"""Whose turn it was is asked of the state before an action without its prompts' lines
(`Game.deciding`, issue 37: the service worked out the full prompts of the old state to learn
which seats were deciding): the same seats, and the same narration, menus and mentions of every
move of seeded games as when the old state's prompts were worked out."""
import random

import pytest

from bot.service.types import Command
from core.game import Game
from core.registry import get_game

PLAYERS = ("Ann", "Bob", "Cy")


def told(service, game_id: str, channel: str, moves: int) -> tuple[list, int]:
    """What each move of a seeded 3-player game tells (public lines, private lines, mentions, who
    gets a menu), the channel's name taken out so two channels compare; and how many moves were
    made while two seats or more were deciding (where whose turn it was decides who is told)."""
    game = get_game(game_id)
    users = {name: f"{channel}:{name.lower()}" for name in PLAYERS}

    def send(name, text, private=False):
        return service.handle(Command("console", None if private else channel, users[name], text, name=name,
                                      private=private))

    send("Ann", f"/new {game_id} seed=7")
    for name in users:
        send(name, "/join")
    assert send("Ann", "/start").ok
    rnd, out, several = random.Random(7), [], 0
    for _ in range(moves):
        _, before, rec = service.state("console", channel)
        waiting = game.prompts(before)
        if not waiting:
            break
        several += len(waiting) > 1
        by_seat = {p["seat"]: p["name"] for p in rec.meta["players"]}
        seat = rnd.choice(sorted(waiting))
        line = game.sample(before, seat, rnd)
        reply = send(by_seat[seat], f"/{game.id} {line}", private=game.sent_privately(line, waiting[seat]))
        assert reply.ok, (line, reply.error)
        out.append(repr((reply.public, reply.private, reply.mentions, sorted(reply.menus),
                         [b.label for b in reply.buttons], reply.menu is None)).replace(channel, "CH"))
    return out, several


@pytest.mark.parametrize("game_id,moves", [("successors", 60), ("starcraft", 200)])
def test_the_narration_is_the_same_as_with_the_old_states_prompts(service, monkeypatch, game_id, moves):
    """§4.4/§5 (Successors' Tyche, placing and moving turns) and §5/§6/§9.2/§10 (StarCraft's Planning,
    Execution, battles and discards, where several seats decide at once): the seats apply no longer
    works the prompts out for. (With `deciding` answering nobody, StarCraft's told differs.)"""
    fast, several = told(service, game_id, f"deciding-{game_id}-fast", moves)
    monkeypatch.setattr(Game, "deciding", lambda self, state: list(self.prompts(state)))
    slow, _ = told(service, game_id, f"deciding-{game_id}-slow", moves)
    assert len(fast) >= 30 and fast == slow
    assert several or game_id == "successors"   # one seat decides at a time in Successors
