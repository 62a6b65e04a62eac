"""§9 Battle."""
import pytest

from core.errors import RulesError
from core.game import seat_ref
from core.games.starcraft import GAME, battle
from core.message import WORDS, kept

from .conftest import act, clear, execution_with, put, started, text


def fight(factions=("raynor", "queen"), att=(("marine", 2), ("firebat", 1)), dfd=(("zergling", 2), ("hydralisk", 1))):
    """P1 in AIU.A attacks P2 in AIU.B (both limit 3) with everything; returns the state
    waiting for cards."""
    s = clear(started(2, list(factions)))
    for kind, n in att:
        put(s, "AIU.A", "P1", kind, n)
    for kind, n in dfd:
        put(s, "AIU.B", "P2", kind, n)
    s = execution_with(s, {"AIU": [("P1", "mobilize", False)], "BRA": [("P2", "research", False)]})
    moves = "; ".join(f"move {n} {k} AIU.A AIU.B" for k, n in att)
    s, _ = act(s, "P1", f"resolve AIU {moves}")
    return s


def give(s, seat, *names):
    """Put cards of these names (first copies of the faction's deck) into the seat's hand."""
    from core.games.starcraft.board import BOARD
    p = s["p"][seat]
    pre = BOARD.factions[p["faction"]]["prefix"]
    out = []
    for name in names:
        cid = next(c for c in sorted(BOARD.combat) if c.startswith(pre) and BOARD.combat[c]["name"] == name
                   and c not in out)
        for pile in ("deck", "discard", "hand"):
            if cid in p[pile]:
                p[pile].remove(cid)
        p["hand"].append(cid)
        out.append(cid)
    return out


def test_9_1_sides_all_units_there_bases_do_not_fight():
    """§9.1: the attacker's side is all its units in the area; the defender's the enemy units."""
    s = fight()
    b = s["battle"]
    assert (b["attacker"], b["defender"], b["area"]) == ("P1", "P2", "AIU.B")
    assert sorted(GAME.prompts(s)) == ["P1", "P2"]


def test_9_2_cards_chosen_in_secret_revealed_together_feint_cancels():
    """§9.2: each side chooses one card or none by DM; both revealed together; a Feint cancels
    the opponent's card, two Feints cancel each other."""
    s = fight()
    ff, = give(s, "P1", "Focused Fire")
    with pytest.raises(RulesError):
        GAME.apply(s, "P1", GAME.parse(f"card {ff}", private=False))
    s, ev = act(s, "P1", f"card {ff}")
    assert ff not in text(ev, public_only=True) and s["battle"]["cards"]["P1"] == ff
    feint, = give(s, "P2", "Feint")
    to_def, to_att = battle.damage(s, s["areas"]["AIU.B"]["units"][3:], s["areas"]["AIU.B"]["units"][:3],
                                   {"P1": ff, "P2": feint}, "P1", "P2")
    assert to_def == 4                      # Focused Fire cancelled: attack 4 only
    f1, = give(s, "P1", "Feint")
    assert battle.damage(s, [], [], {"P1": f1, "P2": feint}, "P1", "P2") == (0, 0)
    s, ev = act(s, "P2", f"card {feint}")
    assert ff in text(ev, public_only=True) and feint in text(ev, public_only=True)


def test_9_3_damage_minus_shield_tassadar_plus_one():
    """§9.3: damage = attack + card bonus; received = the other's damage − own shield (≥ 0);
    Tassadar +1 shield (§2.1: rules 3, only in the battles he defends); Overrun +3 with more units,
    else +1; Ambush only for the defender."""
    s = fight(("tassadar", "queen"), att=(("zealot", 1),), dfd=(("zergling", 2),))
    s["rules"] = 3                        # rules 4 (§18): the Zealot's health and where the shield holds
    z = s["areas"]["AIU.B"]["units"]
    att = [u for u in z if u["owner"] == "P1"]
    dfd = [u for u in z if u["owner"] == "P2"]
    assert battle.damage(s, att, dfd, {}, "P1", "P2") == (2, 2)           # rules 3: no shield in attack
    assert battle.damage(s, dfd, att, {}, "P2", "P1") == (1, 2)           # 2 − Tassadar's 1 in defence
    s["rules"] = 2                                                        # §18: every battle
    assert battle.damage(s, att, dfd, {}, "P1", "P2") == (2, 1)           # 2 vs 2 − Tassadar's 1
    over, amb = give(s, "P1", "Overrun", "Ambush")
    assert battle.damage(s, att, dfd, {"P1": over}, "P1", "P2")[0] == 3   # fewer units: +1
    assert battle.damage(s, att, dfd, {"P1": amb}, "P1", "P2")[0] == 2    # attacker's Ambush: nothing
    dig, = give(s, "P2", "Dig In")
    assert battle.damage(s, att, dfd, {"P2": dig}, "P1", "P2")[0] == 0


def test_9_4_casualties_health_then_cost_then_id_stop_at_the_first_survivor():
    """§9.4: damage goes to units by health, then cost, then id; a unit dies while the rest
    covers its health; the rest is lost."""
    s = clear(started(2, rules=3))        # the Firebat's health of rules 3 (rules 4: 2, §2.4)
    units = put(s, "MAR.A", "P1", "firebat") + put(s, "MAR.A", "P1", "marine") + put(s, "MAR.A", "P1", "goliath")
    dead = battle.casualties(s, units, 2)
    assert [u["type"] for u in dead] == ["marine", "firebat"]
    assert [u["type"] for u in battle.casualties(s, units, 4)] == ["marine", "firebat", "goliath"]
    assert battle.casualties(s, units, 0) == [] and units[0]["id"] == "RAY-u5"


def test_9_5_results_defender_holds_attacker_takes_both_return_none():
    """§9.5: both sides left → the attacker's units return where they came from."""
    s = fight(att=(("marine", 1),), dfd=(("hydralisk", 1),))
    s, _ = act(s, "P1", "card none")
    s, ev = act(s, "P2", "card none")
    assert "Neither side" in text(ev) and not s["areas"]["AIU.B"]["units"]
    s = fight(("raynor", "tassadar"), att=(("marine", 1),), dfd=(("dragoon", 1),))
    s, _ = act(s, "P1", "card none")
    s, ev = act(s, "P2", "card none")
    assert [u["owner"] for u in s["areas"]["AIU.B"]["units"]] == ["P2"]
    s = fight(("tassadar", "raynor"), att=(("dragoon", 1),), dfd=(("goliath", 1),))
    s["rules"] = 2                              # Tassadar's shield in attack too (§2.1, §18): 3 − 1 < 3
    dig, = give(s, "P2", "Dig In")
    s, _ = act(s, "P1", "card none")
    s, _ = act(s, "P2", f"card {dig}")
    assert [u["type"] for u in s["areas"]["AIU.A"]["units"]] == ["dragoon"]     # returned
    assert [u["type"] for u in s["areas"]["AIU.B"]["units"]] == ["goliath"]
    s = fight(att=(("marine", 3),), dfd=(("zergling", 1),))
    s, _ = act(s, "P1", "card none")
    s, _ = act(s, "P2", "card none")
    assert [u["owner"] for u in s["areas"]["AIU.B"]["units"]] == ["P1"] * 2


def test_9_5_the_channel_hears_the_winner_as_a_seat_the_last_battle_keeps_the_message():
    """§9.5 result: the message marks the seat (the service names the player, "Ann (Jim Raynor)");
    the last battle kept in the view is that message, its fields typed (issue 36), never English to
    read back; a game set up before keeps the English naming the faction, as its snapshots hold it."""
    for words in (True, False):
        s = fight(att=(("marine", 3),), dfd=(("zergling", 1),))
        if not words:
            del s[WORDS]          # as a game of rules 4 replays (core/replay._english_words)
        s, _ = act(s, "P1", "card none")
        s, ev = act(s, "P2", "card none")
        assert f"{seat_ref('P1')} takes AIU.B." in text(ev)
        kept_text = GAME.view(s, None)["last_battle"]["text"]
        if words:
            said = kept(kept_text)
            assert said.id == "{att} takes {area}." and said.args == {"att": seat_ref("P1"), "area": "AIU.B"}
        else:
            assert kept_text == "Jim Raynor takes AIU.B." and type(kept_text) is str


def test_9_6_discard_played_cards_and_draw_queen_draws_two():
    """§9.6: played cards go to their owner's discard pile; each side draws 1, the Queen 2."""
    s = fight()
    h1, h2 = len(s["p"]["P1"]["hand"]), len(s["p"]["P2"]["hand"])
    c1 = s["p"]["P1"]["hand"][0]
    s, _ = act(s, "P1", f"card {c1}")
    s, _ = act(s, "P2", "card none")
    assert c1 in s["p"]["P1"]["discard"]
    assert len(s["p"]["P1"]["hand"]) == h1 and len(s["p"]["P2"]["hand"]) == h2 + 2


def test_9_7_the_worked_example():
    """§9.7: 2 Marines + Firebat (4) with Flanking against 2 Zerglings + Hydralisk (4) with
    Brace: Zerg receives 4, Terran 4; everything dies; the area is empty."""
    s = fight()
    fl, = give(s, "P1", "Flanking")
    br, = give(s, "P2", "Brace")
    s, _ = act(s, "P1", f"card {fl}")
    s, ev = act(s, "P2", f"card {br}")
    assert "receives 4" in text(ev) and s["areas"]["AIU.B"]["units"] == []
    assert s["battle"] is None and s["counts"]["battles"] == 1
