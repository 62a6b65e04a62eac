"""An earlier build's robot at the arena's table (`--against build:REV`, issue 37: "the robot's score
against today's robot at the same think budget").

Two builds cannot share one process (the same module names), so the earlier build's robot thinks in
a process of its own, running that build's source tree, extracted from git. It is handed what every
player is handed, the seat's view (from this build's rules), and answers a line, which this build's
rules apply: the earlier build never holds a state, so it cannot cheat either. Its views are read by
the earlier build's kit as they come; `tests/robots/test_builds.py` plays a whole game so, and hands it
positions of every game.
"""
from __future__ import annotations

import atexit
import os
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

import orjson

from core.game import Game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKER_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_worker.py")
_TREES: dict[str, str] = {}     # revision → its extracted tree, once a process (and its forked children)


class BuildError(RuntimeError):
    """The earlier build could not be extracted, or its robot did not answer."""


def extract(revision: str, into: str) -> str:
    """The source tree of `revision` of this checkout, extracted from git into `into`."""
    try:
        archive = subprocess.run(["git", "-C", ROOT, "archive", revision], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)
    except FileNotFoundError as missing:
        raise BuildError(f"cannot extract build {revision}: {missing.filename} is not installed") from None
    except subprocess.CalledProcessError as failed:
        said = (failed.stderr or b"").decode(errors="replace").strip()
        raise BuildError(f"cannot extract build {revision} from git (a checkout with its history is needed): "
                         f"{said or failed}") from None
    return into


def tree_of(revision: str) -> str:
    """The extracted tree of `revision`, made once a process in a temporary folder removed at exit."""
    if revision not in _TREES:
        folder = tempfile.mkdtemp(prefix=f"strategos-build-{revision[:12]}-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _TREES[revision] = extract(revision, folder)
    return _TREES[revision]


@dataclass
class Thought:
    """What the arena reads of a decision (`Played.think` counts searched ones only)."""

    line: str
    iterations: int
    cpu: float      # seconds of one core the earlier build's process spent on it


class BuildPlayer:
    """The robot of an earlier build: its own search, its own kit, at this table's settings, in a
    process running that build's tree. One process a player (a game's seat): its memory of the lines
    it chose (the robot's `Memory`) lasts the game, as a robot's of this build does."""

    def __init__(self, revision: str, budget: float | None, iterations: int | None, depth: int | None,
                 clock: str = "cpu"):
        self.kind = f"build:{revision}"
        self.tree = tree_of(revision)
        self.last: Thought | None = None
        env = {**os.environ, "PYTHONPATH": self.tree, "PYTHONHASHSEED": "0"}
        self.process = subprocess.Popen([sys.executable, WORKER_FILE], env=env, cwd=self.tree,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        first = self._ask({"budget": budget, "iterations": iterations, "depth": depth, "clock": clock})
        if not os.path.realpath(first["search"]).startswith(os.path.realpath(self.tree)):
            self.close()
            raise BuildError(f"{self.kind}'s robot ran {first['search']}, not the build's own tree {self.tree}")

    def decide(self, game: Game, view: dict, seat: str, rnd: random.Random) -> str:
        answer = self._ask({"game": game.id, "view": view, "seat": seat, "seed": rnd.getrandbits(64)})
        self.last = Thought(answer["line"], answer["iterations"], answer["cpu"])
        return self.last.line

    def _ask(self, question: dict) -> dict:
        try:
            self.process.stdin.write(orjson.dumps(question) + b"\n")
            self.process.stdin.flush()
            said = self.process.stdout.readline()
        except (BrokenPipeError, ValueError):
            said = b""
        if not said:
            code = self.process.poll()
            raise BuildError(f"{self.kind}'s robot stopped (exit code {code}); its error is printed above")
        return orjson.loads(said)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def __del__(self) -> None:
        process = getattr(self, "process", None)
        if process is not None and process.poll() is None:
            process.kill()
