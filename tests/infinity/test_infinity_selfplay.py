"""Self-play straight through `GAME`: 1000 seeded games over both missions and every roster
type reach `complete`, with no refusal of a sampled line, no dead end, invariants holding,
and nothing hidden ever reaching the channel."""
import random
import re
import time

import orjson
import pytest

from core.errors import RulesError
from core.games.infinity import GAME
from render.infinity import draw

GAMES = 1000
LT_OK = re.compile(r"^Lieutenant WIP — [^:]+ \(A\): \d+, [^:]+ \(B\): \d+\.$")


def public_leaks(events, secrets: list[str]) -> list[str]:
    out = []
    for e in events:
        if e.to is not None:
            continue
        for s in secrets:       # whole words: a revealed BH10 does not leak a hidden BH1
            if s and re.search(rf"(?<![\w]){re.escape(s)}(?![\w])", e.text):
                out.append(f"{s!r} in public {e.kind}: {e.text[:80]}")
        if "Lieutenant" in e.text and not LT_OK.match(e.text):
            out.append(f"Lieutenant mentioned publicly: {e.text[:80]}")
    return out


def play(seed: int, mission: str, log: list | None = None):
    rnd = random.Random(seed)
    state = GAME.setup(["alice", "bob"], {"mission": mission}, f"sp-{seed}")
    stats = {"actions": 0, "reveals": 0, "rolls": 0, "hidden": 0}
    while True:
        finished, _, _ = GAME.outcome(state)
        prompts = GAME.prompts(state)
        if finished:
            assert prompts == {}
            break
        assert prompts, f"seed {seed}: nobody to act in {state['phase']}"
        seat = rnd.choice(sorted(prompts))
        prompt = prompts[seat]
        for p in prompts.values():                 # no dead end; hidden ids never in public prompt parts
            assert p.actions or p.templates or p.private, (seed, p.text)
            public = " ".join((p.text, *p.actions, *p.templates))
            for s in GAME.secrets(state):
                assert s not in public, (seed, s, public)
        line = GAME.sample(state, seat, rnd)
        private = GAME.sent_privately(line, prompt)
        action = GAME.parse(line, private=private)
        assert GAME.parse(action.line, private=private) == action
        secrets_before = GAME.secrets(state)
        try:
            new, events = GAME.apply(state, seat, action)
        except RulesError as exc:
            raise AssertionError(f"seed {seed}: sampled {line!r} by {seat} refused: {exc.code} {exc.message}")
        revealed = {e.data["id"] for e in events if e.kind == "reveal" and e.data.get("id")}
        still_secret = [s for s in secrets_before if s in GAME.secrets(new)]
        leaks = public_leaks(events, still_secret)
        assert not leaks, (seed, line, leaks)
        view = orjson.dumps(GAME.view(new, None)).decode()
        assert '"lt"' not in view and "sp-" not in view
        for s in GAME.secrets(new):
            assert not re.search(rf'"{re.escape(s)}"', view), (seed, s)
        assert GAME.invariants(new) == [], (seed, line, GAME.invariants(new))
        stats["actions"] += 1
        stats["reveals"] += len(revealed)
        stats["rolls"] += sum(1 for e in events if e.kind == "roll")
        stats["hidden"] += private
        if log is not None:
            log.append((seat, action.line, private))
        state = new
    return state, stats


@pytest.mark.parametrize("games", [
    100,
    pytest.param(GAMES, marks=pytest.mark.slow),
])
def test_selfplay_games(games):  # contract: self-play through GAME; 100 in CI, 1,000 with -m slow
    started = time.perf_counter()
    totals = {"actions": 0, "reveals": 0, "rolls": 0, "hidden": 0}
    phases_seen = set()
    for seed in range(games):
        state, stats = play(seed, ("frontline", "crossfire")[seed % 2])
        assert state["phase"] == "complete"
        for k in totals:
            totals[k] += stats[k]
        for t in state["rosters"]["A"] + state["rosters"]["B"]:
            phases_seen.add("airborne" if t["airborne"] else "withdrawn" if t["withdrawn"] else "placed")
            if t["hidden"]:
                phases_seen.add("hidden")
            if t["placed"] and t["placed"]["prone"]:
                phases_seen.add("prone")
    wall = time.perf_counter() - started
    print(f"\n{games} games, {totals}, {wall:.1f} s")
    assert phases_seen >= {"airborne", "withdrawn", "placed", "hidden", "prone"}
    assert totals["reveals"] > 0 and totals["hidden"] > 0


def test_replay_reproduces_state_bytes():  # determinism: same setup + same lines → same bytes
    for seed in (3, 17, 256):
        log = []
        state, _ = play(seed, "crossfire", log)
        again = GAME.setup(["alice", "bob"], {"mission": "crossfire"}, f"sp-{seed}")
        for seat, line, private in log:
            again, _ = GAME.apply(again, seat, GAME.parse(line, private=private))
        assert orjson.dumps(again) == orjson.dumps(state)


def test_public_image_ignores_hidden_troopers():  # §14.4 on self-played final states
    checked = 0
    for seed in range(40):
        state, _ = play(seed, "frontline")
        if not any(t["hidden"] and not t["revealed"] for s in "AB" for t in state["rosters"][s]):
            continue
        stripped = orjson.loads(orjson.dumps(state))
        for s in "AB":
            stripped["rosters"][s] = [t for t in stripped["rosters"][s] if not t["hidden"] or t["revealed"]]
        assert draw(GAME.view(state, None)).tobytes() == draw(GAME.view(stripped, None)).tobytes()
        checked += 1
        if checked == 4:
            break
    assert checked == 4
