"""§4.3 Auction phase and §7 the auction — seed: "si tienes más gladiadores que edificios, elige y
descarta gladiadores hasta tener tantos como edificios. Si tienes edificios disponibles ... puedes
iniciar una subasta: muestra las 3 primeras cartas de la pila de gladiadores y elige una de ellas;
el jugador que ofrezca más monedas gana la carta"."""
import pytest

from core.errors import RulesError
from core.game import seat_ref
from core.games.ludi import GAME

from .conftest import act, gid, lay, only, table, texts, vets_on_top


def to_auction(state, seat="p1"):
    state, _ = act(state, seat, "end")
    return state


def test_discard_down_to_buildings():
    """§4.3.1: more gladiators than buildings → release until equal; Tiros to the centre,
    veterans to the veteran discard; the default releases the highest id."""
    state = table()
    lay(state, "p1", glads=["Brutus", "Memnon", "Juba"], blds=["Casula"])
    lay(state, "p2", glads=["Caius", "Decimus"], blds=["Hortus", "Villa"])
    state = to_auction(state)
    assert state["stack"][-1]["s"] == "release"
    assert GAME.default_line(state, "p1") == "release Juba"
    state, _ = act(state, "p1", "release memnon")
    assert gid("Memnon") in state["vdiscard"] and state["stack"][-1]["s"] == "release"
    state, _ = act(state, "p1", "release brutus")
    assert gid("Brutus") in state["tiros"] and state["p"]["p1"]["gl"] == [gid("Juba")]
    assert state["active"] == "p2"                     # 1 building, 1 gladiator: no auction


def test_auction_optional_only_with_free_building():
    """§4.3.2: with a free building you may `/auction` or `/noauction` (even with 0 coins);
    without one the phase ends."""
    state = table()
    lay(state, "p1", glads=["Brutus"], blds=["Casula", "Hortus"], coins=0)
    s1 = to_auction(state)
    assert GAME.prompts(s1)["p1"].actions == ("auction", "noauction")
    assert GAME.default_line(s1, "p1") == "noauction"
    s2, _ = act(s1, "p1", "noauction")
    assert s2["active"] == "p2"
    lay(state, "p1", blds=["Casula"])
    assert to_auction(state)["active"] == "p2"


def auction_table(coins=(5, 5, 5)):
    state = table()
    lay(state, "p1", glads=["Brutus"], blds=["Casula", "Hortus"], coins=coins[0])
    lay(state, "p2", glads=["Aulus"], blds=["Cubiculum", "Villa"], coins=coins[1])
    lay(state, "p3", glads=["Caius"], blds=["Popina", "Culina"], coins=coins[2])
    vets_on_top(state, "Teres", "Juba", "Memnon", "Hanno")
    return to_auction(state)


def test_reveal_three_pick_one():
    """§7.1 reveal 3 (4 under Mercatus); §7.2 the active player picks one, the others are discarded."""
    state = auction_table()
    state, events = act(state, "p1", "auction")
    assert state["auction"]["revealed"] == [gid("Teres"), gid("Juba"), gid("Memnon")]
    assert "Memnon" in texts(events)
    assert GAME.default_line(state, "p1") == "pick Teres"
    state, _ = act(state, "p1", "pick juba")
    assert {gid("Teres"), gid("Memnon")} <= set(state["vdiscard"])
    mer = auction_table()
    mer["event"] = "E06"
    mer, _ = act(mer, "p1", "auction")
    assert len(mer["auction"]["revealed"]) == 4


def test_reveal_reshuffles_and_may_reveal_none():
    """§7.1: a deck running out mid-reveal is rebuilt from the shuffled discard; with both empty,
    fewer (or none: the auction ends)."""
    state = auction_table()
    rest = [g for g in state["vdeck"] if g not in (gid("Teres"),)]
    state["vdeck"] = [gid("Teres")]
    state["vdiscard"] = rest
    s, events = act(state, "p1", "auction")
    assert len(s["auction"]["revealed"]) == 3 and "shuffled into a new deck" in texts(events)
    state["vdeck"], state["vdiscard"] = [], []
    s, events = act(state, "p1", "auction")
    assert "ends" in texts(events) and s["active"] == "p2"


def test_bidders_order_and_eligibility():
    """§7.3 only players with a free building bid; §7.4 from the active player's left, the active
    player last; §7.5 the minimum bid, your coins, at least the high bid; automatic pass."""
    state = auction_table(coins=(5, 5, 1))
    lay(state, "p2", glads=["Aulus", "Decimus"])             # no free building: cannot bid
    state, _ = act(state, "p1", "auction")
    state, events = act(state, "p1", "pick juba")            # minbid 3
    assert f"{seat_ref('p3')} cannot bid 3 and passes" in texts(events)   # u3 sits at p3
    assert only(state) == "p1"
    with pytest.raises(RulesError) as exc:
        act(state, "p1", "bid 2")
    assert exc.value.code == "BAD_BID"
    with pytest.raises(RulesError):
        act(state, "p1", "bid 6")
    state, _ = act(state, "p1", "bid 3")
    assert state["p"]["p1"]["coins"] == 2 and gid("Juba") in state["p"]["p1"]["gl"]
    assert not state["gl"][gid("Juba")]["tapped"]


def test_ties_go_to_the_later_bidder_unless_forum():
    """§7.6: equal bids → the later bidder in the §7.4 order; the Forum owner wins ties and bids 1 less;
    §7.7 the winner pays the bank."""
    state = auction_table()
    state, _ = act(state, "p1", "auction")
    state, _ = act(state, "p1", "pick juba")
    assert only(state) == "p2"
    state, _ = act(state, "p2", "bid 4")
    state, _ = act(state, "p3", "bid 4")
    state, _ = act(state, "p1", "pass")
    assert gid("Juba") in state["p"]["p3"]["gl"] and state["p"]["p3"]["coins"] == 1
    state = auction_table()
    lay(state, "p2", blds=["Forum", "Hortus"])
    state, _ = act(state, "p1", "auction")
    state, _ = act(state, "p1", "pick juba")
    assert GAME.prompts(state)["p2"].actions[0] == "bid 2"      # minbid 3 − 1
    state, _ = act(state, "p2", "bid 4")
    state, _ = act(state, "p3", "bid 4")
    state, _ = act(state, "p1", "bid 4")
    assert gid("Juba") in state["p"]["p2"]["gl"] and state["p"]["p2"]["coins"] == 1


def test_no_bid_discards():
    """§7.7: with no bid the veteran goes to the veteran discard pile; a bid prompt defaults to pass."""
    state = auction_table()
    state, _ = act(state, "p1", "auction")
    state, _ = act(state, "p1", "pick juba")
    assert GAME.default_line(state, "p2") == "pass"
    for seat in ("p2", "p3", "p1"):
        state, _ = act(state, seat, "pass")
    assert gid("Juba") in state["vdiscard"] and state["active"] == "p2"
