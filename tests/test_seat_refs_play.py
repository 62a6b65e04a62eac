"""Issue 16 point 4, through the service on a real Redis: a short self-played game of each system
never shows a seat marker (`⟨A⟩`) nor a bare seat id where a player is meant, in any public or
private line, refusal, /status, /log or /me."""
import random
import re

import pytest

from bot.service.types import Command
from core.registry import get_game

PLAYERS = ("Ann", "Bob", "Cy")
ACTIONS = 40
VERBS = ("has|have|places|collects|activates|moves|plays|loses|wins|becomes|removes|retreats|attacks|intercepts|"
         "assaults|takes|uses|discards|recruits|marries|garrisons|buries|disbands|does|falls|tries|goes|avoids|"
         "fails|ends|resolves|makes|keeps|must|may|now|captures|cannot|first|puts|upgrades|raids|receives|holds|"
         "draws|reveals|claims|builds|gains|is|adds|agrees|refuses|unlocks|deploys|chooses|withdraws|readies|"
         "bids|passes|votes|challenges|scores|demolishes|releases|researches|placed|reshuffles|would")
# a seat letter standing for a player: "A has", "B's force", "waiting for C", "to D."
LETTER = re.compile(rf"(?<![\w(⟨/=§.-])[A-F](?:'s\b| (?:{VERBS})\b)"
                    r"|(?:waiting for|to|of|by|joins|against) [A-F]\b(?![\w-])")
# a numbered seat (StarCraft P1, Ludi p1) anywhere but beside its player's name, "Ann (P1, …)"
NUMBERED = re.compile(r"(?<![\w(/-])[Pp][1-6]\b")

CASES = {"successors": (3, LETTER), "starcraft": (3, NUMBERED), "ludi": (3, NUMBERED), "infinity": (2, LETTER)}


def lines_of(reply) -> list[str]:
    return [*reply.public, *(reply.error and [reply.error] or []), *(t for ts in reply.private.values() for t in ts)]


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_a_self_played_game_names_players_everywhere(service, game_id):
    count, bare = CASES[game_id]
    game = get_game(game_id)
    channel = f"refs-{game_id}"
    users = {name: f"{channel}:{name.lower()}" for name in PLAYERS[:count]}
    shown: list[tuple[str, str]] = []

    def send(name: str, text: str, private: bool = False):
        reply = service.handle(Command("console", None if private else channel, users[name], text, name=name,
                                       private=private))
        shown.extend((text, line) for line in lines_of(reply))
        return reply

    send("Ann", f"/new {game_id} seed=4")
    for name in users:
        send(name, "/join")
    assert send("Ann", "/start").ok
    rnd = random.Random(4)
    _, state, rec = service.state("console", channel)
    seated = {p["seat"]: p["name"] for p in rec.meta["players"]}
    for step in range(ACTIONS):
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        idle = next((s for s in seated if s not in prompts), None)
        if idle is not None and step % 10 == 0:   # a refusal the rules raise, naming who is waited for
            assert not send(seated[idle], f"/{game.id} {line}").ok
        assert send(seated[seat], f"/{game.id} {line}", game.sent_privately(line, prompts[seat])).ok
        if step % 10 == 5:
            for look in ("/status", "/log 5", "/me"):
                send(seated[seat], look)
        _, state, _ = service.state("console", channel)
    assert len(shown) > ACTIONS
    marked = [(text, line) for text, line in shown if "⟨" in line or "⟩" in line]
    assert not marked, marked[:3]
    own_words = getattr(game, "describe", None) is not None   # else /me lists the view's fields, seats as keys
    letters = [(text, line) for text, line in shown
               if bare.search(line.split("Your private choices:")[0]) and (own_words or text != "/me")]
    assert not letters, letters[:3]
    names = "\n".join(line for _, line in shown)
    assert all(name in names for name in users)
