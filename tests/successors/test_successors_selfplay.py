"""Self-play: seeded random games reach the end of Turn V (or an allowed earlier end)
with no crash, no dead end, no refused sample and no Tyche card lost or duplicated;
replaying a game's log reproduces its state byte for byte."""
import random

import orjson
import pytest

from core.games.successors import GAME


def play(n, seed, check=True):
    rnd = random.Random(f"succ:{n}:{seed}")
    players = [f"p{i}" for i in range(n)]
    state, _ = GAME.start(players, {}, f"seed-{n}-{seed}")
    log = []
    for _ in range(20000):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat = rnd.choice(sorted(prompts))
        prompt = prompts[seat]
        assert prompt.actions or prompt.templates or prompt.private, f"dead end: {prompt.text}"
        line = GAME.sample(state, seat, rnd)
        state, _ = GAME.apply(state, seat, GAME.parse(line, line in prompt.private))   # a refusal raises
        log.append((seat, line))
        if check:
            assert GAME.invariants(state) == [], (n, seed, line)
    finished, winner, reason = GAME.outcome(state)
    assert finished, f"stuck after {len(log)} actions"
    assert state["turn"] == 5 or reason.startswith(("Legitimacy", "automatic VP", "Regency"))
    return state, log, players


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_selfplay_quick(n):
    for seed in range(6):
        play(n, seed)


@pytest.mark.parametrize("n", [2, 5])
def test_replay_reproduces_the_state(n):
    state, log, players = play(n, 99, check=False)
    again, _ = GAME.start(players, {}, f"seed-{n}-99")
    for seat, line in log:
        action = GAME.parse(GAME.parse(line, True).line, True)   # the canonical line round-trips
        again, _ = GAME.apply(again, seat, action)
    assert orjson.dumps(again) == orjson.dumps(state)


def test_state_stays_compact():
    state, _, _ = play(5, 7, check=False)
    assert len(orjson.dumps(state)) < 60000


def test_public_view_hides_hands_and_table():
    state, _, _ = play(3, 1, check=False)
    state2, _ = GAME.start(["a", "b", "c"], {}, "v")
    from .conftest import choose_order
    state2 = choose_order(state2)
    pub = GAME.view(state2, None)
    assert all(isinstance(p["hand"], int) for p in pub["p"].values())
    assert pub["table"] == 5 and isinstance(pub["deck"], int) and "rng" not in pub
    seat = state2["seats"][0]
    mine = GAME.view(state2, seat)
    assert mine["p"][seat]["hand"] == sorted(state2["p"][seat]["hand"])


def test_summary_keys():
    state, _ = GAME.start(["a", "b", "c"], {}, "k")
    s = GAME.summary(state)
    for key in ("turn", "phase", "round", "segment", "order", "first_player", "direction", "usurper",
                "table_cards", "deck", "discard", "removed", "players", "body", "royals", "control",
                "counts", "sieges"):
        assert key in s
    for p in s["players"].values():
        assert set(p) >= {"vp", "legitimacy", "prestige", "hand", "status", "generals", "cus",
                          "royal_cus", "fleets"}
    assert s["body"] == {"state": "cart", "space": "babylon"}
    assert s["royals"]["Herakles"]["space"] == "pergamon"


def counted(n, games):
    """Battles, sieges and crushings summed over seeded self-played games (summary["counts"],
    read by the platform driver as GameReport.counters)."""
    tot = {"battles": 0, "sieges": 0, "crushings": 0}
    for seed in range(games):
        state, _, _ = play(n, seed, check=False)
        counts = GAME.summary(state)["counts"]
        for k in tot:
            tot[k] += counts[k]
    return tot


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_battles_sieges_and_crushings_happen(n):
    tot = counted(n, 12)
    assert all(v > 0 for v in tot.values()), tot


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_battles_sieges_and_crushings_over_100_games(n):
    tot = counted(n, 100)
    assert all(v > 0 for v in tot.values()), tot


ENDINGS = ("Legitimacy victory", "automatic VP victory", "Regency victory", "most VP at the end of Turn V")


@pytest.mark.slow
def test_selfplay_full_every_ending_occurs():  # §10.1 §10.2 §10.3 §10.4
    """300 games at each player count: no crash, dead end or broken invariant, never past
    Turn V, and every ending of §10 occurs."""
    seen = {}
    for n in (2, 3, 4, 5):
        for seed in range(300):
            state, _, _ = play(n, seed, check=True)
            assert state["turn"] <= 5
            kind = GAME.outcome(state)[2].split(" (")[0]
            seen[kind] = seen.get(kind, 0) + 1
    assert set(seen) == set(ENDINGS), seen
