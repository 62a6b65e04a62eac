"""Words as the players read them (issue 26): /log told in the narration's own sentences, in the
channel's language, numbered as /replay counts the actions, with nothing hidden."""
from __future__ import annotations

import random
import re

import pytest

from bot.service import Service
from bot.service.types import Command

_NUMBERED = re.compile(r"^(\d+)\. (.+)$", re.S)
_CYRILLIC = re.compile("[а-яё]", re.I)


def _play(store, game_id: str, lang: str, players: int, actions: int):
    """A seeded game played by the rules' own sampler in a channel speaking `lang`: the service,
    every public line the channel read, and each action's line and whether it was sent privately."""
    service = Service(store)
    users = [f"u{i}" for i in range(players)]

    def send(user, text, private=False):
        reply = service.handle(Command("t", None if private else "c", user, text, name=user, private=private))
        assert reply.ok, (text, reply.error)
        return reply
    send(users[0], f"/lang {lang}")
    for user in users:
        send(user, f"/lang {lang}", private=True)
    send(users[0], f"/new {game_id} seed=3")
    for user in users:
        send(user, "/join")
    send(users[0], "/start")
    public, played = [], []
    rnd = random.Random(f"{game_id}:{lang}")
    for _ in range(actions):
        game, state, rec = service.state("t", "c")
        prompts = game.prompts(state)
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        private = game.sent_privately(line, prompts[seat])
        user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
        public += send(user, f"/{game_id} {line}", private).public
        played.append((line, private))
    return service, send, public, played


@pytest.mark.parametrize("game_id, lang, players", [("successors", "es", 3), ("starcraft", "ru", 3)])
def test_log_tells_the_narrations_sentences_in_the_channels_language(store, game_id, lang, players):
    service, send, public, played = _play(store, game_id, lang, players, 60)
    lines = send("u0", "/log 100").public
    numbered = [_NUMBERED.match(line) for line in lines]
    assert all(numbered), lines
    numbers = sorted({int(m.group(1)) for m in numbered})
    told = len([e for e in store.log("t", "c") if not e.get("hidden")])
    assert numbers == list(range(1, told + 1))           # every action, numbered as /replay counts them
    assert send("u0", f"/replay {told}").public          # ... so /replay N is read beside line N
    for match in numbered:
        sentence = match.group(2)
        # the very sentence the channel was told after that action (nothing private: a face-down
        # order shows as the public learnt it), or what was typed where the rules said nothing
        assert sentence in public or sentence.endswith("`.") and "`" in sentence, sentence
        assert " played " not in sentence and "private choice" not in sentence, sentence
    if lang == "ru":   # (tests/test_i18n_whole_games.py checks the narration itself word by word)
        assert sum(bool(_CYRILLIC.search(line)) for line in lines) >= 0.9 * len(lines)
    typed = [line for line, private in played if not private]
    assert sum("`" in line for line in lines) < len(typed) / 3   # a typed line is the exception


def test_log_shows_no_private_line_in_a_game_of_face_down_orders(store):
    """StarCraft's orders are placed face down by private message (§5): /log says an order was
    placed where, never which (until the rules reveal it)."""
    _, send, _, _ = _play(store, "starcraft", "en", 3, 60)
    told = [e for e in store.log("t", "c") if not e.get("hidden")]
    lines = send("u0", "/log 100").public
    placed = 0
    for number, entry in enumerate(told, 1):
        if not (entry["private"] and entry["line"].startswith("order ")):
            continue
        said = [m.group(2) for m in map(_NUMBERED.match, lines) if int(m.group(1)) == number]
        kind = entry["line"].split()[1].rstrip("*")
        assert said and all(kind not in sentence and "`" not in sentence for sentence in said), (entry, said)
        placed += 1
    assert placed >= 10
