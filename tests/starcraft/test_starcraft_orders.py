"""§7 orders (Mobilize, Build, Research) and §8 paying costs."""
import pytest

from core.errors import RulesError
from core.games.starcraft import payment

from .conftest import act, base, cards, clear, execution_with, put, started


def at(s, planet, kind, special=False, seat="P1"):
    return execution_with(s, {planet: [(seat, kind, special)], "BRA": [("P2", "research", False)]}, turn=seat)


def units(s, area, seat=None):
    return sorted(u["id"] for u in s["areas"][area]["units"] if seat is None or u["owner"] == seat)


# §7.1 Mobilize ------------------------------------------------------------------------------
def test_7_1_1_moves_within_the_planet_and_through_routes_with_your_transport():
    """§7.1.1: into areas of P from other areas of P, and from adjacent planets through a route
    holding your transport; any number of units per transport."""
    s = at(started(2), "CHR", "mobilize")
    with pytest.raises(RulesError) as e:                  # R7 MAR–CHR has no transport of P1
        act(s, "P1", "resolve CHR move 2 marine MAR.A CHR.A")
    assert e.value.code == "NO_TRANSPORT"
    s["transports"].append({"owner": "P1", "route": "R7"})
    s, _ = act(s, "P1", "resolve CHR move 2 marine mar.a char.a; move 1 firebat MAR.D CHR.B")
    assert units(s, "CHR.A") == ["RAY-u3", "RAY-u4"] and units(s, "CHR.B") == ["RAY-u2"]


def test_7_1_2_each_unit_moves_at_most_once_and_lowest_ids_first():
    """§7.1.2 / §15: a unit moves once per order; `move <n> <unit>` takes the lowest ids unless
    ids are given."""
    s = at(started(2), "MAR", "mobilize")
    with pytest.raises(RulesError):
        act(s, "P1", "resolve MAR move 1 marine#3 A B; move 1 marine#3 A C")
    t, _ = act(s, "P1", "resolve MAR move 1 marine A B")
    assert units(t, "MAR.B") == ["RAY-u3"]
    t, _ = act(s, "P1", "resolve MAR move 1 marine#4 a b")
    assert units(t, "MAR.B") == ["RAY-u4"]


def test_7_1_3_limits_after_moving():
    """§7.1.3: each area holds no more of your units than its limit (MAR.D limit 2)."""
    s = at(started(2), "MAR", "mobilize")
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR move 1 marine MAR.A MAR.D")
    assert e.value.code == "LIMIT"


def test_7_1_3_limits_count_the_units_that_leave_and_those_that_come():
    """§7.1.3: the limits hold after every move of the order: a unit leaving an area at its limit
    makes room there for one coming in by the same order, and units from another planet count."""
    s = clear(started(2))
    put(s, "MAR.D", "P1", "marine", 2)                    # MAR.D: limit 2
    put(s, "MAR.A", "P1", "marine", 1)
    s = at(s, "MAR", "mobilize")
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR move 1 marine MAR.A MAR.D")
    assert e.value.code == "LIMIT"
    t, _ = act(s, "P1", "resolve MAR move 1 marine MAR.D MAR.B; move 1 marine MAR.A MAR.D")
    assert len(units(t, "MAR.D")) == 2 and len(units(t, "MAR.B")) == 1
    s = clear(started(2))
    put(s, "CHR.B", "P1", "marine", 1)                    # CHR.B: limit 2
    put(s, "MAR.A", "P1", "marine", 2)
    s["transports"].append({"owner": "P1", "route": "R7"})
    s = at(s, "CHR", "mobilize")
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve CHR move 2 marine MAR.A CHR.B")
    assert e.value.code == "LIMIT"
    t, _ = act(s, "P1", "resolve CHR move 1 marine MAR.A CHR.B")
    assert len(units(t, "CHR.B")) == 2


def test_7_1_4_one_battle_at_most_and_a_lone_base_is_no_battle():
    """§7.1.4: at most one area with your units and enemy units; entering an area with only an
    enemy base causes no battle (the base goes in Regrouping step 1)."""
    s = clear(started(2))
    put(s, "CHR.A", "P1", "marine", 3)
    put(s, "CHR.B", "P2", "zealot")
    put(s, "CHR.C", "P2", "zealot")
    base(s, "CHR.D", "P2")
    s = at(s, "CHR", "mobilize")
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve CHR move 1 marine CHR.A CHR.B; move 1 marine CHR.A CHR.C")
    assert e.value.code == "ONE_BATTLE"
    t, _ = act(s, "P1", "resolve CHR move 1 marine CHR.A CHR.D")
    assert t["battle"] is None and t["areas"]["CHR.D"]["base"] == "P2"
    t, _ = act(s, "P1", "resolve CHR move 2 marine CHR.A CHR.B")
    assert t["battle"]["area"] == "CHR.B" and t["battle"]["attacker"] == "P1"


def test_7_1_5_special_mobilize_places_a_free_transport_first():
    """§7.1.5: a special Mobilize first places 1 transport, free, on a route touching P."""
    s = at(started(2), "CHR", "mobilize", special=True)
    s, _ = act(s, "P1", "resolve CHR move 2 marine MAR.A CHR.A; transport R7")
    assert {"owner": "P1", "route": "R7"} in s["transports"] and units(s, "CHR.A") == ["RAY-u3", "RAY-u4"]
    t = at(started(2), "CHR", "mobilize", special=False)
    with pytest.raises(RulesError):
        act(t, "P1", "resolve CHR transport R7")


# §7.2 Build ---------------------------------------------------------------------------------
def test_7_2_1_build_with_a_base_slots_workers_transport():
    """§7.2.1: up to 2 unit slots of your tech in areas you control (limits apply), workers to
    the unavailable area, at most 1 transport, one payment."""
    s = at(started(2), "MAR", "build")
    s["p"]["P1"]["cards"].append({"id": "CHR.C", "used": False})   # 2 more minerals
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR build 1 goliath MAR.B")           # tech 2 needed
    assert e.value.code == "TECH"
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR build 3 marine MAR.B")            # 3 slots
    assert e.value.code == "SLOTS"
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR build 1 marine MAR.C")            # not controlled
    assert e.value.code == "AREA"
    s, _ = act(s, "P1", "resolve MAR build 1 marine MAR.A, 1 worker, transport R6")
    p = s["p"]["P1"]
    assert len(units(s, "MAR.A")) == 3 and p["pool"] == 3       # 2M (Raynor's transport is free): MAR.A
    assert p["unavailable"] == 1 and {"owner": "P1", "route": "R6"} in s["transports"]


def test_7_2_1_zerglings_count_singly_two_per_slot_split_areas():
    """§7.2.1 / §2.4: for Zerglings the number counts Zerglings; each started pair is one slot
    and 1M, and the two may go to different areas."""
    s = clear(started(2, ["queen", "tassadar"]))
    base(s, "MAR.A", "P1")
    put(s, "MAR.B", "P1", "hydralisk")
    cards(s, "P1", "MAR.A")
    s = at(s, "MAR", "build")
    s, _ = act(s, "P1", "resolve MAR build 1 zergling MAR.A, 1 zergling MAR.B")
    assert [u["type"] for u in s["areas"]["MAR.A"]["units"]] == ["zergling"]
    assert s["p"]["P1"]["cards"][0]["used"] and s["p"]["P1"]["pool"] == 3


def test_7_2_2_without_a_base_only_a_base():
    """§7.2.2: without a base on P: 1 base (3M 1G) in a controlled area with no base."""
    s = clear(started(2))
    put(s, "CHR.B", "P1", "marine")
    cards(s, "P1", "MAR.A", "MAR.B", "MAR.C")
    base(s, "MAR.A", "P1")
    s = at(s, "CHR", "build")
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve CHR build 1 marine CHR.B")
    assert e.value.code == "NO_BASE"
    s, _ = act(s, "P1", "resolve CHR base CHR.B")
    assert s["areas"]["CHR.B"]["base"] == "P1" and s["p"]["P1"]["pool"] == 1


def test_7_2_3_one_base_per_planet_and_supply():
    """§7.2.3: one base per planet; nothing beyond supply (SUPPLY)."""
    s = at(started(2), "MAR", "build")
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR base MAR.D")
    assert e.value.code == "MALFORMED" or e.value.code == "BASE"
    s["p"]["P1"]["wsupply"], s["p"]["P1"]["pool"] = 0, 12
    s["p"]["P1"]["pool"] = 4
    s["p"]["P1"]["unavailable"] = 8
    with pytest.raises(RulesError) as e:
        act(s, "P1", "resolve MAR build 1 worker")
    assert e.value.code == "SUPPLY"


def test_7_2_4_special_build_costs_one_mineral_less():
    """§7.2.4: the total cost is reduced by 1 mineral (not below 0): a special Marine is free."""
    s = at(started(2), "MAR", "build", special=True)
    s, _ = act(s, "P1", "resolve MAR build 1 marine MAR.A")
    assert s["p"]["P1"]["pool"] == 4 and len(units(s, "MAR.A")) == 3


def test_7_2_5_overmind_free_zergling():
    """§7.2.5 / §2.1: the Overmind's Build on a planet with its base also places 1 free
    Zergling, in its base's area if room, else the first controlled area by letter with room."""
    s = clear(started(2, ["overmind", "tassadar"]))
    base(s, "MAR.A", "P1")
    put(s, "MAR.A", "P1", "zergling", 3)          # base area full (limit 3)
    put(s, "MAR.C", "P1", "zergling")
    cards(s, "P1", "MAR.A", "MAR.B")
    s = at(s, "MAR", "build")
    s, _ = act(s, "P1", "resolve MAR build 1 worker")
    assert len(units(s, "MAR.C")) == 2 and len(units(s, "MAR.A")) == 3


def test_7_3_research_tech_or_cards_special_one_more_card():
    """§7.3: raise the tech level and pay, or draw 3 cards free; special: 1 more card."""
    s = at(started(2), "CHR", "research", special=True)
    hand = len(s["p"]["P1"]["hand"])
    t, _ = act(s, "P1", "resolve CHR research cards")
    assert len(t["p"]["P1"]["hand"]) == hand + 4
    t, _ = act(s, "P1", "resolve CHR research tech")
    assert t["p"]["P1"]["tech"] == 2 and len(t["p"]["P1"]["hand"]) == hand + 1
    assert sorted(c["id"] for c in t["p"]["P1"]["cards"] if c["used"]) == ["MAR.A", "MAR.C"]


# §8 payment ---------------------------------------------------------------------------------
def test_8_1_workers_go_to_unused_cards_and_stay_until_step_4():
    """§8.1: each worker yields its card's full value once; card used, worker assigned."""
    s = at(started(2), "MAR", "build")
    s, _ = act(s, "P1", "resolve MAR build 1 marine MAR.A")
    p = s["p"]["P1"]
    assert p["assigned"] == 1 and p["pool"] == 3 and sum(c["used"] for c in p["cards"]) == 1


def test_8_2_one_worker_per_card_surplus_lost_nothing_stored():
    """§8.2: a used card cannot pay again this round; surplus is lost."""
    s = started(2)
    cards(s, "P1", "MAR.A", used=("MAR.A",))
    with pytest.raises(RulesError) as e:
        payment.pay(s, "P1", {"minerals": 1, "gas": 0}, ["MAR.A"])
    assert e.value.code == "PAY"
    cards(s, "P1", "MAR.A")
    assert payment.pay(s, "P1", {"minerals": 1, "gas": 0}, None) == ["MAR.A"]   # 1 mineral lost


def test_8_3_automatic_payment_fewest_cards_least_surplus_alphabetical():
    """§8.3: fewest cards, then the smallest surplus, then the alphabetically first list;
    no cover → CANNOT_PAY; no more cards than available workers."""
    s = started(2)
    cards(s, "P1", "MAR.A", "MAR.B", "KOR.B", "PERM-RAY")
    assert payment.choose(s, "P1", {"minerals": 1, "gas": 0}) == ["KOR.B"]
    assert payment.choose(s, "P1", {"minerals": 2, "gas": 0}) == ["MAR.A"]
    assert payment.choose(s, "P1", {"minerals": 3, "gas": 0}) == ["KOR.B", "MAR.A"]
    assert payment.choose(s, "P1", {"minerals": 0, "gas": 1}) is None
    s["p"]["P1"]["pool"] = 1
    assert payment.choose(s, "P1", {"minerals": 3, "gas": 0}) is None
    with pytest.raises(RulesError) as e:
        payment.pay(s, "P1", {"minerals": 3, "gas": 0}, None)
    assert e.value.code == "CANNOT_PAY"


def test_8_3_automatic_payment_is_the_exhaustive_choice():
    """§8.3 `choose` against every combination weighed by the letter (fewest cards, then the
    smallest surplus, then the alphabetically first list), over random hands, workers and costs:
    its early answer that nothing pays (the richest cards short of the cost) is never wrong."""
    import random
    from itertools import combinations
    rnd = random.Random(83)
    ids = sorted(payment.VALUES)
    s = started(2)
    for _ in range(400):
        hand = rnd.sample(ids, rnd.randint(0, 7))
        cards(s, "P1", *hand)
        s["p"]["P1"]["pool"] = rnd.randint(0, 5)
        cost = {"minerals": rnd.randint(0, 8), "gas": rnd.randint(0, 4)}
        best = [] if cost["minerals"] <= 0 and cost["gas"] <= 0 else None
        for n in range(1, min(len(hand), s["p"]["P1"]["pool"]) + 1):
            paying = [(payment.covers(c, cost)[1], list(c)) for c in combinations(sorted(hand), n)
                      if payment.covers(c, cost)[0]]
            if best is None and paying:
                best = min(paying)[1]
        assert payment.choose(s, "P1", cost) == best, (hand, s["p"]["P1"]["pool"], cost)


def test_8_4_the_worked_example():
    """§8.4: Raynor with MAR.A, MAR.B, MAR.C, PERM-RAY and 4 workers pays a Marine plus a
    Firebat (2M 1G) with MAR.A + MAR.C: 2 workers assigned, no surplus."""
    s = at(started(2), "MAR", "build")
    s["areas"]["MAR.D"]["units"] = [s["areas"]["MAR.D"]["units"][0]]   # room for the Firebat
    assert payment.choose(s, "P1", {"minerals": 2, "gas": 1}) == ["MAR.A", "MAR.C"]
    assert payment.covers(["MAR.A", "MAR.C"], {"minerals": 2, "gas": 1}) == (True, 0)
    s, _ = act(s, "P1", "resolve MAR build 1 marine MAR.A, 1 firebat MAR.D")
    p = s["p"]["P1"]
    assert sorted(c["id"] for c in p["cards"] if c["used"]) == ["MAR.A", "MAR.C"] and p["assigned"] == 2
