"""The web process's fixtures: a service whose pages are set up, the app on a real uvicorn
server on loopback (Server-Sent Events need one), and a game to look at."""
import re
import socket
import threading
import time

import pytest
import uvicorn

from bot.service.types import Command
from bot.web.app import create_app

SECRET = "test-web-secret-" + "x" * 20


@pytest.fixture
def web_service(service):
    service.web_secret, service.web_url = SECRET, "http://web.test"
    return service


def say(service, user: str, text: str, channel: str | None = "table", private: bool = False, platform="console"):
    return service.handle(Command(platform, None if private else channel, user, text, name=user.title(),
                                  private=private, admin=user == "alice"))


def path_of(text: str) -> str:
    """The page's path in a /web answer."""
    return re.search(r"https?://[^/]+(/g/\S+)", text).group(1)


def public_path(service, channel="table") -> str:
    return path_of(say(service, "alice", "/web", channel).public[0])


def private_path(service, user: str, channel="table", platform="console") -> str:
    reply = say(service, user, "/web me", channel, platform=platform)
    return path_of(reply.private[user][0])


def started(service, game: str = "successors", channel: str = "table", players=("alice", "bob"),
            platform: str = "console"):
    # a chat platform draws a secret seed itself (and refuses a fixed one)
    say(service, players[0], f"/new {game}" + (" seed=7" if platform == "console" else ""), channel, platform=platform)
    for user in players:
        say(service, user, "/join", channel, platform=platform)
    reply = say(service, players[0], "/start", channel, platform=platform)
    assert reply.ok, reply.error


class LiveServer:
    def __init__(self, app):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    access_log=False, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the web server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def live(web_service):
    with LiveServer(create_app(web_service)) as server:
        yield server


def play(service, actions: int, channel: str = "table", seed: int = 1, platform: str = "console") -> None:
    """`actions` random legal moves, each sent by the seat's player (privately where it must be)."""
    import random

    rnd = random.Random(seed)
    for _ in range(actions):
        game, state, rec = service.state(platform, channel)
        prompts = game.prompts(state)
        if not prompts:
            return
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
        private = game.sent_privately(line, prompts[seat])
        reply = say(service, user, f"/{game.id} {line}", channel, private=private, platform=platform)
        assert reply.ok, reply.error


def secrets_of(service, channel: str = "table", platform: str = "console") -> list[str]:
    game, state, _ = service.state(platform, channel)
    return [s for s in game.secrets(state) if s]
