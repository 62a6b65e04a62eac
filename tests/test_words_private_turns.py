"""A private action that ends a public segment is said in the channel (issue 36): whose turn it
is changed, so the table reads that a private choice was made and who is waited for now, not
the sender alone "Done (only you were told)"."""
from __future__ import annotations

import random

from bot.service import Command, Service
from core.registry import get_game


def test_a_private_choice_that_passes_the_turn_is_said_in_the_channel(store):
    service = Service(store)
    game = get_game("starcraft")
    users = {"ann": None, "bob": None}
    say = lambda user, text, private=False: service.handle(   # noqa: E731
        Command("t", None if private else "sc", user, text, name=user, private=private, admin=True))
    say("ann", "/new starcraft seed=2")
    for user in users:
        say(user, "/join")
    say("ann", "/start")
    rnd = random.Random(4)
    seen = 0
    for _ in range(120):
        _, state, rec = service.state("t", "sc")
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
        line = game.sample(state, seat, rnd)
        private = game.sent_privately(line, prompts[seat])
        reply = say(user, f"/sc {line}", private)
        assert reply.ok, reply.error
        _, after, _ = service.state("t", "sc")
        if private and set(game.prompts(after)) != set(prompts):
            seen += 1   # the channel reads what happened (the rules' words or "made a private choice")
            assert any(not line.startswith("Waiting for") for line in reply.public), reply.public
            assert "Done (only you were told)." not in reply.private.get(user, [])
    assert seen, "no private action passed the turn in 120 moves"
