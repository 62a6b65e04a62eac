"""Issue 27: the designed numbers tuned by the balance runs (docs/balance.md) are the ones
docs/rules/starcraft.md states, rules version 3 plays them, and a game of rules 1 or 2 keeps its own
(§18)."""
import pytest

from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD
from core.games.starcraft.common import cp_value, turn_order
from core.games.starcraft.endgame import aldaris_holds_out, special_victory
from core.games.starcraft.execution import start_execution
from core.games.starcraft.regroup import step5_conquest_points
from core.replay import MIGRATIONS, replay, rules_version

from .conftest import act, base, clear, ctx, execution_with, put, started, text


def test_17_new_games_play_rules_4_and_the_game_names_it():
    """§18: StarCraft is at rules version 4; a new game stores it, a game of rules 3 or 2 stores its
    version, a game of rules 1 stores nothing (a snapshot without the key is a game of rules 1)."""
    # rules version 5 (issue 36) changed how a state keeps its words, not the numbers: rules 4's
    assert rules_version(GAME) == 5 and BOARD.current_rules == 4
    assert started(2)["rules"] == 4 and started(2, rules=3)["rules"] == 3 and started(2, rules=2)["rules"] == 2
    assert "rules" not in started(2, rules=1)
    assert BOARD.rules_of({}) is BOARD.rules[1]


def test_2_2_rules_3_a_home_nobody_starts_on_is_worth_no_cp():
    """§2.2 (rules 3): the CP area of a home planet no player starts on at this player count (§3.3)
    is worth no CP at step 5 (§10) nor for the Queen of Blades' special victory (§2.1), and Char's
    and Aiur's A areas are worth 1; the homes played on keep their CP; rules 1 and 2 count the
    printed values."""
    assert [BOARD.rules[v]["empty_homes_cp"] for v in (1, 2, 3)] == [True, True, False]
    assert BOARD.rules[3]["cp_values"] == {"CHR.A": 1, "AIU.A": 1} and BOARD.rules[2]["cp_values"] == {}
    s = clear(started(2, ["raynor", "queen"], rules=3))          # homes MAR and BRA (§3.3)
    assert [cp_value(s, a) for a in ("MAR.D", "BRA.D", "KOR.D", "MOR.D", "CHR.A", "CHR.B", "AIU.A", "AIU.B")] == \
        [1, 1, 0, 0, 1, 1, 1, 1]
    assert [cp_value(started(2, rules=2), a) for a in ("KOR.D", "CHR.A", "AIU.A")] == [1, 2, 2]
    assert [cp_value(started(6), a) for a in ("KOR.D", "MOR.D")] == [1, 1]
    for a in ("MAR.D", "KOR.D", "MOR.D", "CHR.B"):
        put(s, a, "P2", "zergling")
    put(s, "BRA.A", "P1", "marine")
    assert not special_victory(s, "P2")                          # MAR.D and CHR.B: 2 areas with CP
    step5_conquest_points(ctx(s))
    assert s["p"]["P2"]["cp"] == 2
    two = clear(started(2, ["raynor", "queen"], rules=2))
    for a in ("MAR.D", "KOR.D", "MOR.D", "CHR.B"):
        put(two, a, "P2", "zergling")
    assert special_victory(two, "P2")
    step5_conquest_points(ctx(two))
    assert two["p"]["P2"]["cp"] == 4


def test_17_a_log_of_rules_2_replays_under_rules_2():
    """§18: a game stored under rules 2 is carried to rules 3 by pinning its rules."""
    setup = {"format": "strategos/1", "rules_version": 2, "game": "starcraft", "players": ["a", "b"],
             "options": {"factions": "random"}, "seed": "old2"}
    state = replay(GAME, setup, [])
    assert ("starcraft", 2) in MIGRATIONS and state["rules"] == 2


# §3.6 (rules 2): cards kept of stages I, II and III (III: besides both "The End Draws Near")
SPEC_3_6 = {2: (20, 20, 8), 3: (42, 42, 12), 4: (72, 72, 16), 5: (110, 110, 20), 6: (156, 156, 24)}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_3_6_rules_2_event_deck_sizes_by_player_count(n):
    """§3.6 (rules 2): n × (4n + 2) cards of stage I on top, as many of stage II, then 4 × n of the
    other stage III cards shuffled with both "The End Draws Near" at the bottom; the cards come
    from 13 copies of every printed card but "The End Draws Near"."""
    one, two, three = SPEC_3_6[n]
    assert one == two == n * (4 * n + 2) and three == 4 * n
    s = started(n, seed=f"e{n}")
    stages = [BOARD.events[e]["stage"] for e in s["event_deck"]]
    assert stages == ["I"] * one + ["II"] * two + ["III"] * (three + 2)
    ends = [e for e in s["event_deck"] if BOARD.events[e]["effect"] == "end_draws_near"]
    assert sorted(ends) == ["EV29", "EV30"]
    assert len(set(s["event_deck"])) == len(s["event_deck"])
    assert len(s["event_deck"]) + len(s["removed"]) == 13 * 28 + 2      # 13 copies of EV01–EV28, EV29–30 once
    assert BOARD.rules[2]["event_copies"] == 13
    assert [BOARD.rules[2]["event_deck"][st][str(n)] for st in ("I", "II", "III")] == [one, two, three]


def test_3_6_a_copy_is_the_card_it_copies():
    """§3.6 (rules 2): EV09C is a third Propaganda, played and named as EV09 is."""
    assert BOARD.events["EV09C"]["effect"] == BOARD.events["EV09"]["effect"] == "propaganda"
    assert "EV29B" not in BOARD.events and "EV09M" in BOARD.events and "EV09N" not in BOARD.events


def test_6_4_rules_2_the_first_player_draws_only_when_nobody_drew_this_phase():
    """§6.4 (rules 2): when every stack is empty the first player draws 1 event card only if no
    event card was drawn this Execution phase."""
    s = execution_with(started(2), {"BRA": [("P2", "research", False)]}, turn="P2")
    s["first"], s["phase"] = "P2", "planning"
    start_execution(ctx(s))
    top = s["event_deck"][0]
    s, ev = act(s, "P2", "resolve BRA research cards")
    assert s["p"]["P2"]["events"] == [top] and "§6.4" in text(ev)
    s = execution_with(started(2), {"BRA": [("P2", "research", False), ("P2", "research", False)]}, turn="P2")
    s["first"], s["phase"] = "P2", "planning"
    start_execution(ctx(s))
    s, _ = act(s, "P2", "discard BRA")                   # §6.2 draws one
    s, ev = act(s, "P2", "resolve BRA research cards")
    assert len(s["p"]["P2"]["events"]) == 1 and "draws none (§6.4)" in text(ev)
    assert "deck_at_execution" not in s


def test_6_4_rules_1_the_first_player_always_draws():
    """§6.4 (rules 1, §18): the draw is made whatever was drawn before in the phase."""
    s = execution_with(started(2, rules=1), {"BRA": [("P2", "research", False), ("P2", "research", False)]},
                       turn="P2")
    s["first"], s["phase"] = "P2", "planning"
    start_execution(ctx(s))
    s, _ = act(s, "P2", "discard BRA")
    s, ev = act(s, "P2", "resolve BRA research cards")
    assert len(s["p"]["P2"]["events"]) == 2 and "draws an event card (§6.4)" in text(ev)


def test_2_1_aldaris_condition_of_rules_2():
    """§2.1 (rules 2): Aldaris wins by the second "The End Draws Near" with at least 1 base and at
    least the share of the leader's CP that rules.json names; rules 1 asks a base only."""
    assert BOARD.rules[2]["aldaris_end"] == {"bases": 1, "cp_of_leader": 0.75}
    assert BOARD.rules[1]["aldaris_end"] == {"bases": 1, "cp_of_leader": 0}
    s = clear(started(2, ["raynor", "aldaris"]))
    base(s, "BRA.A", "P2")
    put(s, "MAR.A", "P1", "marine")
    s["p"]["P1"]["cp"], s["p"]["P2"]["cp"] = 12, 9
    assert aldaris_holds_out(s, "P2")                    # 9 ≥ 0.75 × 12
    s["p"]["P2"]["cp"] = 8
    assert not aldaris_holds_out(s, "P2")
    s.pop("rules")
    assert aldaris_holds_out(s, "P2")                    # rules 1: the base is enough
    s["areas"]["BRA.A"]["base"] = None
    assert not aldaris_holds_out(s, "P2")


def test_17_a_log_of_rules_1_replays_under_rules_1():
    """§18: a game stored under rules 1 (no `rules` option) is carried to rules 2 by pinning its
    rules: its replay deals the rules 1 deck."""
    setup = {"format": "strategos/1", "rules_version": 1, "game": "starcraft", "players": ["a", "b"],
             "options": {"factions": "random"}, "seed": "old"}
    state = replay(GAME, setup, [])
    assert ("starcraft", 1) in MIGRATIONS and "rules" not in state
    assert len(state["event_deck"]) == 2 * 2 + 2 * 2 + 6
    assert turn_order(state) == ["P1", "P2"]


# §2.4 (rules 4): the unit numbers that differ from units.json (the printed table of rules 1–3)
SPEC_2_4_RULES_4 = {"zealot": {"health": 1}, "dragoon": {"health": 2}, "firebat": {"health": 2}}


def test_2_4_rules_4_unit_numbers_and_rules_3_keeps_the_printed_ones():
    """§2.4 (rules 4, §18): the Zealot's health 1, the Dragoon's 2 and the Firebat's 2; every other
    number as printed; a game of rules 3 plays the printed table."""
    assert BOARD.rules[4]["units"] == SPEC_2_4_RULES_4
    four, three = started(2, ["raynor", "tassadar"]), started(2, ["raynor", "tassadar"], rules=3)
    for kind, printed in BOARD.units.items():
        assert BOARD.unit(three, kind) == printed
        assert BOARD.unit(four, kind) == {**printed, **SPEC_2_4_RULES_4.get(kind, {})}
    assert [BOARD.unit(three, k)["health"] for k in ("zealot", "dragoon", "firebat")] == [2, 3, 1]


def test_9_4_rules_4_casualties_read_the_games_unit_numbers():
    """§9.4 with §2.4 (rules 4): 2 damage kills two Zealots of health 1 under rules 4, one of
    health 2 under rules 3; a Firebat of health 2 outlives 1 damage."""
    from core.games.starcraft import battle
    for rules, dead in ((None, 2), (3, 1)):
        s = clear(started(2, ["raynor", "tassadar"], rules=rules))
        zealots = put(s, "BRA.A", "P2", "zealot", 2)
        assert len(battle.casualties(s, zealots, 2)) == dead
    s = clear(started(2, ["raynor", "tassadar"]))
    assert battle.casualties(s, put(s, "MAR.A", "P1", "firebat"), 1) == []


def test_2_2_rules_4_two_players_the_centre_b_areas_pay_no_cp():
    """§2.2 (rules 4): at 2 players Char's and Aiur's B areas are worth no CP (the map pays 4 CP a
    round); at 3 players and more, and under rules 3, they are worth 1."""
    assert BOARD.rules[4]["cp_values_by_players"] == {"2": {"CHR.B": 0, "AIU.B": 0}}
    two = started(2)
    assert [cp_value(two, a) for a in ("MAR.D", "BRA.D", "CHR.A", "CHR.B", "AIU.A", "AIU.B")] == [1, 1, 1, 0, 1, 0]
    assert [cp_value(started(3), a) for a in ("CHR.A", "CHR.B", "AIU.A", "AIU.B")] == [1, 1, 1, 1]
    assert [cp_value(started(2, rules=3), a) for a in ("CHR.B", "AIU.B")] == [1, 1]
    s = clear(two)
    for a in ("MAR.D", "CHR.A", "CHR.B", "AIU.B"):
        put(s, a, "P1", "marine")
    step5_conquest_points(ctx(s))
    assert s["p"]["P1"]["cp"] == 2


def test_2_1_rules_4_tassadar_shields_only_on_a_planet_with_his_base():
    """§2.1 (rules 4): Tassadar's +1 shield holds in the battles he defends on a planet where he
    has a base, not elsewhere; under rules 3 in every battle he defends."""
    from core.games.starcraft import battle
    assert BOARD.rules[4]["tassadar_defends"] == "base_planet" and "tassadar_defends" not in BOARD.rules[3]
    s = clear(started(2, ["raynor", "tassadar"]))
    att, dfd = put(s, "AIU.A", "P1", "marine", 2), put(s, "AIU.A", "P2", "dragoon")
    s["battle"] = {"area": "AIU.A"}
    assert battle.damage(s, att, dfd, {}, "P1", "P2") == (2, 2)        # no base on Aiur: no shield
    base(s, "AIU.B", "P2")
    assert battle.damage(s, att, dfd, {}, "P1", "P2") == (1, 2)        # his base on Aiur: 2 − 1
    s["areas"]["AIU.B"]["base"], s["rules"] = None, 3
    assert battle.damage(s, att, dfd, {}, "P1", "P2") == (1, 2)        # rules 3: wherever he defends


def test_17_a_log_of_rules_3_replays_under_rules_3():
    """§18: a game stored under rules 3 is carried to rules 4 by pinning its rules: its replay
    plays the printed units and the 2-player CP of rules 3."""
    setup = {"format": "strategos/1", "rules_version": 3, "game": "starcraft", "players": ["a", "b"],
             "options": {"factions": "random"}, "seed": "old3"}
    state = replay(GAME, setup, [])
    assert ("starcraft", 3) in MIGRATIONS and state["rules"] == 3
    assert BOARD.unit(state, "zealot")["health"] == 2 and cp_value(state, "CHR.B") == 1


def test_3_4_rules_4_aldaris_starts_without_his_dragoon_at_two_players():
    """§3.4 (rules 4): at 2 players Aldaris starts with a Zealot in D and a Zealot in A; at 3 players,
    Tassadar at 2, and Aldaris under rules 3 keep the Protoss force (Zealot + Dragoon in D, Zealot in A)."""
    def force(s, seat):
        home = s["p"][seat]["home"]
        return {x: [u["type"] for u in s["areas"][f"{home}.{x}"]["units"]] for x in "AD"}
    protoss = {"A": ["zealot"], "D": ["zealot", "dragoon"]}
    assert force(started(2, ["aldaris", "raynor"]), "P1") == {"A": ["zealot"], "D": ["zealot"]}
    assert force(started(2, ["tassadar", "aldaris"]), "P1") == protoss
    assert force(started(3, ["raynor", "aldaris", "queen"]), "P2") == protoss
    assert force(started(2, ["aldaris", "raynor"], rules=3), "P1") == protoss
    assert force(started(2, ["aldaris", "raynor"]), "P2") == {"A": ["marine", "marine"], "D": ["marine", "firebat"]}
