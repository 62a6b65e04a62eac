"""§5.2 Fight and §6 combat — seed: "Combatir: desafía al gladiador elegido por el jugador defensor.
¡Vence para conseguir un punto!"; "necesitas que el jugador defensor tenga, al menos, un gladiador
para defenderse"; tapped gladiators "sí podrán defenderte"."""
import pytest

from core.errors import RulesError
from core.games.ludi import GAME
from core.games.ludi.common import attack_value, defence_value

from .conftest import act, cards, gid, lay, only, table, texts


def arena(**options):
    state = table(**options)
    lay(state, "p1", glads=["Spartacus", "Brutus"], blds=["Casula", "Hortus"])
    lay(state, "p2", glads=["Teres", "Aulus"], blds=["Cubiculum", "Villa"])
    lay(state, "p3", glads=["Caius"], blds=["Popina"])
    return state


def test_no_fight_without_a_defender():
    """§5.2.1: a player with no gladiator able to defend cannot be attacked (NO_DEFENDER)."""
    state = arena()
    lay(state, "p3", glads=[])
    with pytest.raises(RulesError) as exc:
        act(state, "p1", "fight p3 with spartacus")
    assert exc.value.code == "NO_DEFENDER"


def test_defender_chooses_tapped_allowed_and_never_taps():
    """§5.2.2: the attacker is tapped; the defending player chooses any unchained gladiator, tapped
    or not, with a button for each; defending does not tap; a single defender is chosen by the bot."""
    state = arena()
    state["gl"][gid("Teres")]["tapped"] = True
    cards(state, "K01")
    state, _ = act(state, "p1", "fight p2 with spartacus")
    assert state["gl"][gid("Spartacus")]["tapped"]
    assert only(state) == "p2"
    assert set(GAME.prompts(state)["p2"].actions) == {"defend Teres", "defend Aulus"}
    state, _ = act(state, "p2", "defend teres")
    assert state["gl"][gid("Teres")]["tapped"] is True and not state["gl"][gid("Aulus")]["tapped"]
    cards(state, "K02")
    state, events = act(state, "p1", "fight p3 with brutus")
    assert "only gladiator able to defend" in texts(events)


def test_deadline_default_defender():
    """§5.2.3, §9.5: at the deadline the defender with the highest defence total, ties to the lowest id."""
    state = arena()
    state, _ = act(state, "p1", "fight p2 with spartacus")
    assert GAME.default_line(state, "p2") == "defend Teres"        # C1 + shield = 2 > Aulus 1
    lay(state, "p2", glads=["Aulus", "Caius"])
    state["stack"][-1]["seat"] = "p2"
    assert GAME.default_line(state, "p2") == "defend Aulus"       # tie: T02 < T03


def test_totals_and_modifiers():
    """§6.1, §2.2.1: attacker C + trained + Castra + swords; defender C + shield + Armamentarium
    (unshielded) + Carcer (Tiros) + shields; Schola makes Tiros C2 in both roles."""
    state = table(5)
    lay(state, "p1", glads=["Brutus", "Spartacus"], blds=["Castra", "Schola"])
    lay(state, "p2", glads=["Aulus", "Teres", "Juba"], blds=["Armamentarium", "Carcer"])
    assert attack_value(state, gid("Brutus")) == 2 + 1
    state["p"]["p1"]["trained"] = gid("Spartacus")
    assert attack_value(state, gid("Spartacus")) == 3 + 1 + 1
    assert defence_value(state, gid("Aulus")) == 1 + 1 + 1       # Armamentarium + Carcer
    assert defence_value(state, gid("Teres")) == 1 + 1           # shield; no Armamentarium with a shield
    assert defence_value(state, gid("Juba")) == 2 + 1
    assert defence_value(state, gid("Brutus")) == 2              # Schola in defence too


def test_worked_example_and_outcomes():
    """§5.2.4 once the defender is chosen §6 resolves: §6.6 worked example; §6.2 one card, then
    discarded; §6.3 a tie does nothing; §6.4 only the attacker scores; §6.5 a skull kills the
    loser (a veteran goes to the veteran discard)."""
    state = arena()
    cards(state, "K09", "K13")
    state, events = act(state, "p1", "fight p2 with spartacus")
    state, events = act(state, "p2", "defend teres")
    assert "3 against 3" in texts(events) and "nobody wins" in texts(events)
    assert state["p"]["p1"]["fpts"] == 0 and gid("Teres") in state["p"]["p2"]["gl"]
    assert state["cdiscard"] == ["K09"]
    state["gl"][gid("Spartacus")]["tapped"] = False
    state, _ = act(state, "p1", "fight p2 with spartacus")
    state, events = act(state, "p2", "defend teres")
    assert "5 against 2" in texts(events)
    assert state["p"]["p1"]["fpts"] == 1
    assert gid("Teres") not in state["p"]["p2"]["gl"] and gid("Teres") in state["vdiscard"]


def test_defender_wins_scores_nothing_and_tiro_death():
    """§6.4 a winning defender gains nothing; §6.5 a dead Tiro returns to the centre."""
    state = arena()
    cards(state, "K15")                                          # +2 shields, skull
    state, _ = act(state, "p1", "fight p3 with brutus")
    assert state["p"]["p3"]["fpts"] == 0 and state["p"]["p1"]["fpts"] == 0
    assert gid("Brutus") in state["tiros"] and gid("Brutus") not in state["p"]["p1"]["gl"]


def test_combat_deck_reshuffles_when_empty():
    """§6.2, §10.3: an empty combat deck is rebuilt from its discard pile, shuffled."""
    state = arena()
    state["cdiscard"] = state["cdeck"][1:]
    state["cdeck"] = state["cdeck"][:1]
    state, _ = act(state, "p1", "fight p3 with brutus")
    state["gl"][gid("Spartacus")]["tapped"] = False
    state, events = act(state, "p1", "fight p3 with spartacus")
    assert "shuffled into a new deck" in texts(events)
    assert len(state["cdeck"]) + len(state["cdiscard"]) == 15


def test_building_coins_on_fights():
    """§2.5: Tabularium +1 on a win by 2+; Spoliarium +2 per death in your fight; Valetudinarium +2
    when your gladiator dies."""
    state = table(4)
    lay(state, "p1", glads=["Spartacus", "Brutus"], blds=["Tabularium", "Spoliarium"], coins=0)
    lay(state, "p2", glads=["Aulus"], blds=["Valetudinarium"], coins=0)
    cards(state, "K13")
    state, _ = act(state, "p1", "fight p2 with spartacus")     # 5 vs 1, skull
    assert state["p"]["p1"]["coins"] == 1 + 2
    assert state["p"]["p2"]["coins"] == 2


def test_events_in_combat():
    """§14.1: Ludi Romani (first win 2 points), Clementia (skulls ignored), Sanguis (losers die)."""
    state = arena(events=True)
    state["event"] = "E01"
    lay(state, "p2", glads=["Aulus", "Teres"])
    cards(state, "K04", "K07")
    state, _ = act(state, "p1", "fight p3 with spartacus")
    assert state["p"]["p1"]["fpts"] == 2
    state = arena(events=True)
    state["event"] = "E04"
    cards(state, "K13")
    state, _ = act(state, "p1", "fight p3 with spartacus")
    assert gid("Caius") in state["p"]["p3"]["gl"]
    state = arena(events=True)
    state["event"] = "E05"
    cards(state, "K04")
    state, _ = act(state, "p1", "fight p3 with spartacus")
    assert gid("Caius") not in state["p"]["p3"]["gl"]


def test_crowd_favour():
    """§14.2: a win gives the winner's owner 1 favour (max 3); after the card the attacker may cheer
    (+1), then the defender; players with 0 favour are not asked; the default is `/nocheer`."""
    state = arena(favour=True)
    cards(state, "K01", "K02")
    state, _ = act(state, "p1", "fight p3 with spartacus")     # 3 vs 1: no cheer prompt (0 favour)
    assert state["p"]["p1"]["favour"] == 1 and only(state) == "p1"
    state["p"]["p3"]["favour"] = 3
    state, _ = act(state, "p1", "fight p3 with brutus")        # 1 vs 1 + K02 blank
    assert GAME.prompts(state)["p1"].actions == ("cheer", "nocheer")
    assert GAME.default_line(state, "p1") == "nocheer"
    state, _ = act(state, "p1", "cheer")                       # 2 vs 1
    assert only(state) == "p3"
    state, events = act(state, "p3", "cheer")                  # 2 vs 2
    assert "nobody wins" in texts(events)
    assert state["p"]["p1"]["favour"] == 0 and state["p"]["p3"]["favour"] == 2


def test_champion():
    """§14.3: the first gladiator to 2 wins takes the token (+1 combat in every fight); beating
    the champion takes it; a champion leaving play returns it to the supply."""
    state = arena(champion=True)
    state["gl"][gid("Spartacus")]["wins"] = 1
    cards(state, "K01")
    state, _ = act(state, "p1", "fight p3 with spartacus")
    assert state["champion"] == gid("Spartacus")
    assert attack_value(state, gid("Spartacus")) == 4 and defence_value(state, gid("Spartacus")) == 5
    from .conftest import main_for
    main_for(state, "p2")
    lay(state, "p2", glads=["Memnon", "Viriatus"])
    cards(state, "K13")                                         # Memnon 3+2 vs Spartacus 3+1+1: tie
    state, _ = act(state, "p2", "fight p1 with memnon")
    if only(state) == "p1":
        state, _ = act(state, "p1", "defend spartacus")
    assert state["champion"] == gid("Spartacus")
    state["p"]["p2"]["trained"] = gid("Viriatus")
    cards(state, "K12")                                         # Viriatus 3+1+2 vs Spartacus 5: win
    state, _ = act(state, "p2", "fight p1 with viriatus")
    if only(state) == "p1":
        state, _ = act(state, "p1", "defend spartacus")
    assert state["champion"] == gid("Viriatus")
