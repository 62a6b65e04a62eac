"""The example pictures of Infinity, one per phase, public and private (§14).

Run ``.venv/bin/python -m tests.infinity.pictures [folder]`` to write them (default
``examples/``) and print draw + encode times; `test_infinity_render` runs the same
states into a temporary folder.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import render
from core.games.infinity import GAME
from tests.infinity.support import act, new

ROOT = Path(__file__).resolve().parents[2]

A_PUBLIC = ("Fusilier Angus; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2",
            "Scout; wip=12; ph=10; s=2; skills=fd1", "Ninja; wip=13; ph=11; s=2; skills=inf",
            "Heavy Gunner; wip=13; ph=10; s=5; skills=fd2")
B_PUBLIC = ("Alguacil; wip=14; ph=10; s=2", "Jumper; wip=13; ph=11; s=2; skills=ad",
            "Hacker; wip=13; ph=10; s=2; skills=inf", "Remote; wip=13; ph=10; s=3")


def _find_seed(predicate, tries: int = 400) -> str:
    for i in range(tries):
        seed = f"pictures-{i}"
        state = _rosters(new("frontline", seed))
        state, _ = act(state, "A", "roll")
        if predicate(state):
            return seed
    raise AssertionError("no seed found")


def _rosters(state: dict) -> dict:
    for line in A_PUBLIC:
        state, _ = act(state, "A", f"add {line}")
    state, _ = act(state, "A", "add Ghost; wip=13; ph=11; s=2; skills=hd,fd2", private=True)
    for line in B_PUBLIC:
        state, _ = act(state, "B", f"add {line}")
    state, _ = act(state, "B", "add Spectre; wip=12; ph=12; s=2; skills=hd", private=True)
    state, _ = act(state, "A", "lt AH1", private=True)
    state, _ = act(state, "B", "lt B1", private=True)
    state, _ = act(state, "A", "ready")
    state, _ = act(state, "B", "ready")
    return state


def states() -> list[tuple[str, dict]]:
    """(name, state) through the whole pre-game: rosters, initiative, choice, steps 1–4, end."""
    out = []
    seed = _find_seed(lambda s: s["winner"] == "A")
    s = new("frontline", seed)
    for line in A_PUBLIC[:3]:
        s, _ = act(s, "A", f"add {line}")
    s, _ = act(s, "A", "add Ghost; wip=13; ph=11; s=2; skills=hd,fd2", private=True)
    s, _ = act(s, "A", "lt AH1", private=True)
    s, _ = act(s, "B", f"add {B_PUBLIC[0]}")
    s, _ = act(s, "A", "ready")
    out.append(("rosters", s))
    s = _rosters(new("frontline", seed))
    out.append(("initiative", s))
    s, _ = act(s, "A", "roll")
    s, _ = act(s, "A", "choose deployment")
    out.append(("choice", s))
    s, _ = act(s, "A", "deploy zone=south first=me")
    s, _ = act(s, "B", "initiative first=me")
    s, _ = act(s, "A", "place A1 10 11.5")
    s, _ = act(s, "A", "place A2 16 5 prone")
    s, _ = act(s, "A", "place A5 26 17 facing=20")
    s, _ = act(s, "A", "place AH1 40 19", private=True)
    out.append(("step1", s))
    s, _ = act(s, "A", "place A4 30 6")
    s, _ = act(s, "A", "done")
    s, _ = act(s, "B", "airborne B2")
    s, _ = act(s, "B", "place B1 20 40")
    s, _ = act(s, "B", "place B4 30 44 prone")
    s, _ = act(s, "B", "place BH1 8 41", private=True)
    out.append(("step2", s))
    s, _ = act(s, "B", "done")
    out.append(("step3", s))
    s, _ = act(s, "A", "place A3 22 15.5 facing=10")
    out.append(("step4", s))
    s, _ = act(s, "B", "place B3 40 19.9")             # touches the hidden Ghost: revealed (§9.5.2)
    s, _ = act(s, "B", "place B3 40 38")
    out.append(("complete", s))
    return out


EXAMPLES_PRIVATE = ("rosters", "step2")     # phases whose private pictures go to examples/


def pictures(folder: Path, private_in=None) -> list[tuple[Path, float, int]]:
    """Write the public picture of every phase and the private ones of both seats (of the
    phases in `private_in`, all when None); returns (path, draw+encode ms, bytes)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, state in states():
        seats = (None, "A", "B") if private_in is None or name in private_in else (None,)
        for seat in seats:
            view = GAME.view(state, seat)
            started = time.perf_counter()
            data = render.encode(render.draw("infinity", view, seat))
            ms = (time.perf_counter() - started) * 1000
            suffix = "" if seat is None else f"-private-{seat}"
            path = folder / f"infinity-{name}{suffix}.png"
            path.write_bytes(data)
            written.append((path, ms, len(data)))
    return written


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.infinity.pictures",
                                     description="Write the Infinity example pictures, public and private.")
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "examples")
    folder = parser.parse_args().folder
    for path, ms, size in pictures(folder, EXAMPLES_PRIVATE):
        print(f"{path.name:40} {ms:6.1f} ms {size // 1024:4d} KB")


if __name__ == "__main__":
    main()
