"""The log is stored compact (bot/store/store.py pack_entry): every entry reads back exactly as
the service wrote it, draws derivable from the seed are not stored, old games still load."""
import random

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.console.selfplay import PLATFORM
from bot.service.types import Command
from bot.store.store import pack_entry, unpack_entry
from core import rng
from core.registry import all_games, get_game
from core.replay import entry_for, replay, rolls_of, stamp, verify

SEED = "c0ffee"


@st.composite
def entries(draw):
    n = draw(st.integers(0, 10_000))
    rolls = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["dice", "shuffle", "mixed"]))
        count = draw(st.integers(1, 70))
        public = draw(st.booleans())
        for i in range(count):
            sides = {"dice": 6, "shuffle": max(2, count + 1 - i),
                     "mixed": draw(st.integers(1, 100))}[kind]
            rolls.append([n, sides, rng.draw(SEED, n, sides), public])
            n += 1
    return {"seat": draw(st.sampled_from(["A", "B", "Rome"])), "user": "u-" + "A",
            "line": draw(st.text(max_size=30)), "private": draw(st.booleans()), "rolls": rolls,
            "reveal": draw(st.booleans())}


@settings(max_examples=150, deadline=None)
@given(entries())
def test_an_entry_reads_back_as_written(entry):
    entry["user"] = {"A": "ua", "B": "ub", "Rome": None}[entry["seat"]]
    packed = pack_entry(entry)
    assert unpack_entry(packed, SEED, {"A": "ua", "B": "ub", "Rome": None}) == entry
    assert len(packed) <= len(orjson.dumps(entry))


def test_other_shapes_are_kept_whole():
    for odd in ({"n": 1}, {"seat": 1, "user": None, "line": "x", "private": False, "rolls": [], "reveal": False}):
        assert unpack_entry(pack_entry(odd), SEED, {}) == odd


def finished_game(store, game_id: str, players: int, seed: str) -> str:
    """A random finished game played by the rules alone (fast), stored as the service stores one."""
    game = get_game(game_id)
    rnd = random.Random(seed)
    names = [f"u{i}" for i in range(players)]
    state, events = game.start(names, {}, seed)
    setup = stamp(game, {"game": game.id, "players": names, "options": {}, "seed": seed,
                         "setup_rolls": rolls_of(events)})
    entries = []
    while (prompts := game.prompts(state)) and len(entries) < 5000:
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        action = game.parse(line, game.sent_privately(line, prompts[seat]))
        state, events = game.apply(state, seat, action)
        entries.append(entry_for(seat, action, events, f"user-{seat}-123456789012345678"))
    assert game.outcome(state)[0]
    meta = {"status": "finished", "game": game.id, "options": {}, "creator": "u0", "seed_sha256": rng.commitment(seed),
            "players": [{"user": f"user-{s}-123456789012345678", "name": n, "seat": s}
                        for n, s in zip(names, state["seats"])]}
    channel = f"{game_id}-{seed}"
    store.commit(PLATFORM, channel, 0, meta=meta, setup=setup, state=state, append=entries)
    return channel


def test_a_finished_successors_game_stores_small_and_still_replays_exports_and_verifies(service):
    """The shuffles inline made a finished 4-player game ~147 KB (~117 KB with this
    round's log); stored compact it is under 40 KB, and still replays, exports and verifies."""
    if "successors" not in [g.id for g in all_games()]:
        pytest.skip("Successors is not installed")
    channel = finished_game(service.store, "successors", 4, "11")
    game_key, log_key = service.store._keys(PLATFORM, channel)
    raw = service.store.redis.lrange(log_key, 0, -1)
    fields = service.store.redis.hgetall(game_key)
    total = sum(map(len, raw)) + sum(len(k) + len(v) for k, v in fields.items())
    assert total <= 40 * 1024, f"{total} bytes stored"
    rec = service.store.load(PLATFORM, channel, with_setup=True)
    entries = service.store.log(PLATFORM, channel)
    assert any(len(e["rolls"]) > 20 for e in entries)   # the shuffles are there, recomputed
    assert orjson.dumps(replay(get_game("successors"), rec.setup, entries)) == rec.raw_state
    assert verify(service.export(PLATFORM, channel)) == []
    assert all(e["user"] for e in entries)
    reply = service.handle(Command(PLATFORM, channel, "user-A-123456789012345678", "/verify"))
    assert reply.ok and reply.public[0].startswith("Verified"), reply.error
