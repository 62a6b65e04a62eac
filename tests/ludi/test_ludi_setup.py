"""§3 Setup and §10 randomness: seats, eligible buildings, pool, deal, centre, first player,
Tiros, coins, decks; the same seed gives the same game."""
import pytest

from core.errors import RulesError
from core.game import Ctx
from core.games.ludi import GAME
from core.games.ludi.data import B, G
from core.games.ludi.setup import deal, eligible

from .conftest import new, start_events


def test_player_count_and_seats():
    """§1.1, §3.1: 2–5 players; seats in join order p1..pn, play goes by ascending seat."""
    for n in range(2, 6):
        state = new(n)
        assert state["seats"] == [f"p{i}" for i in range(1, n + 1)]
        assert [state["names"][s] for s in state["seats"]] == [f"u{i}" for i in range(1, n + 1)]
    for n in (1, 6):
        with pytest.raises(RulesError):
            new(n)


@pytest.mark.parametrize("n, extra", [(2, 0), (3, 6), (4, 12), (5, 18)])
def test_eligible_buildings_by_player_count(n, extra):
    """§3.2: untagged always; III with 3+, IV with 4+, V with 5."""
    el = eligible(n)
    assert len(el) == 16 + extra
    tags = {B[b]["tag"] for b in el}
    assert ("III" in tags) == (n >= 3) and ("IV" in tags) == (n >= 4) and ("V" in tags) == (n >= 5)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_pool_deal_and_centre(n):
    """§3.3 pool of 6/9/12/15 with Casula; §3.4 three each, no name twice; §3.5 the rest of the
    eligible buildings in the centre, ineligible ones out of the game."""
    for seed in range(5):
        state = new(n, f"s{seed}")
        hands = [state["p"][s]["bld"] for s in state["seats"]]
        dealt = [b for h in hands for b in h]
        assert len(dealt) == 3 * n == {2: 6, 3: 9, 4: 12, 5: 15}[n]
        assert "B01" in dealt and all(B[b]["kind"] == "start" for b in dealt)
        for h in hands:
            assert len({B[b]["name"] for b in h}) == 3
        assert sorted(state["centre"]) == sorted(set(eligible(n)) - set(dealt))
        assert all(B[b]["kind"] == "advanced" for b in eligible(n) if B[b]["kind"] == "advanced"
                   and b in state["centre"])
        assert sorted(state["out"]) == sorted(set(B) - set(eligible(n)))


def test_deal_retries_when_a_name_cannot_be_avoided():
    """§3.4: if no card fits, the whole pool is reshuffled and dealt again."""
    state = {"rng": {"seed": "d", "n": 0}}
    pool = ["B01", "B02", "B03", "B04", "B05", "B06"]     # two Cubiculum, two Palaestra
    hands = deal(Ctx(state), pool, ["p1", "p2"])
    for h in hands.values():
        assert len({B[b]["name"] for b in h}) == 3
    assert sorted(b for h in hands.values() for b in h) == pool


def test_casula_holder_plays_first():
    """§3.6: whoever holds the Casula takes the start-player token and plays first."""
    for seed in range(6):
        state = new(4, f"c{seed}")
        holder = next(s for s in state["seats"] if "B01" in state["p"][s]["bld"])
        assert state["first"] == holder == state["active"]


def test_tiros_coins_and_decks():
    """§3.7 two Tiros each by seat, the rest in the centre; §3.8 3 coins, 0 points;
    §3.9 36 veterans and 15 combat cards shuffled face down."""
    state = new(3, "z")
    assert {s: state["p"][s]["gl"] for s in state["seats"]} == {
        "p1": ["T01", "T02"], "p2": ["T03", "T04"], "p3": ["T05", "T06"]}
    assert state["tiros"] == [f"T{i:02d}" for i in range(7, 16)]
    assert all(p["fpts"] == 0 for p in state["p"].values())
    coins = {s: p["coins"] for s, p in state["p"].items()}
    first = state["first"]
    assert all(c == 3 for s, c in coins.items() if s != first)   # the first player may have had a Cubiculum
    assert sorted(state["vdeck"]) == sorted(g for g in G if g.startswith("V"))
    assert state["vdeck"] != sorted(state["vdeck"])
    assert len(state["cdeck"]) == 15 and state["cdeck"] != sorted(state["cdeck"])


def test_same_seed_same_game_and_secret_seed():
    """§10.1–§10.2, §10.4: the seed decides everything through the counter-based generator; the
    same seed and actions give the same game; the view never holds the seed or a deck's order."""
    a, b, c = new(4, "same"), new(4, "same"), new(4, "other")
    assert a == b and a != c
    view = GAME.view(a, None)
    assert "rng" not in view and isinstance(view["vdeck"], int) and isinstance(view["cdeck"], int)


def test_setup_only_public_messages():
    """§11.2: no private messages are needed: setup tells everything in the channel."""
    state, events = start_events(3, "pub")
    assert all(e.to in (None, ()) for e in events)
    assert any("Casula" in e.text for e in events)
