"""An earlier build's robot, thinking in a process of its own (robots/builds.py starts it with
PYTHONPATH set to that build's extracted tree, and runs this file by its path).

It reads one JSON object a line on stdin and answers one on stdout: first the settings
({"budget", "iterations", "depth", "clock"}), answered with the file of the search that will run
(the caller checks it is the build's own); then each decision ({"game", "view", "seat", "seed"}),
answered with {"line", "iterations", "cpu"} (its seconds of one core). It imports only what every
build since the arena has: the registry and `robots.players.RobotPlayer(budget, iterations, depth, clock=...)`.
"""
import os
import random
import sys
import time

if __name__ == "__main__":
    # this file's own folder (this build's robots/) must not shadow the earlier build's modules
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]

    import orjson

    import robots.search
    from core.registry import get_game
    from robots.players import RobotPlayer

    def answer(value: dict) -> None:
        sys.stdout.buffer.write(orjson.dumps(value) + b"\n")
        sys.stdout.buffer.flush()

    settings = orjson.loads(sys.stdin.buffer.readline())
    clock = time.process_time if settings["clock"] == "cpu" else time.perf_counter
    player = RobotPlayer(settings["budget"], settings["iterations"], settings["depth"], clock=clock)
    answer({"search": robots.search.__file__})
    for question in sys.stdin.buffer:
        asked = orjson.loads(question)
        started = time.process_time()
        line = player.decide(get_game(asked["game"]), asked["view"], asked["seat"], random.Random(asked["seed"]))
        answer({"line": line, "iterations": player.last.iterations, "cpu": time.process_time() - started})
