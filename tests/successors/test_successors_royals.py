"""§9.8-§9.11 marriage, killing, coming of age; §10 victory (Regency, immediate victory and
when it is checked); §12 optional rules; §11.3 card effects in general; §4.7 and §8.1."""
import pytest

from core.errors import RulesError
from core.game import Ctx
from core.games.successors import GAME, cards, legitimacy, royals, scoring, sequence
from core.games.successors.board import BOARD
from core.games.successors.forces import cus_at
from core.message import kept

from .conftest import act, battlefield, clear_board, jump, new, place_cus, put_gen, texts
from .test_successors_cards import tyche


def heir_with(state, seat, heir="alexander_iv", space="babylon", gen=None):
    gen = gen or f"{seat}1"
    put_gen(state, gen, seat, space)
    place_cus(state, space, seat, merc=1)
    state["royals"][heir].update(st="active", at=space, by=gen)
    return state


# §9.11 coming of age, §10.3 Regency ---------------------------------------------------------------------
def test_regency_victory_at_turn_four():  # §10.3, §9.11, §3.2.1
    state = clear_board(new(3, "rg"))
    a = state["seats"][0]
    heir_with(state, a)
    for s in ("babylon", "susa"):
        state["pcs"][s] = a
    state, ev = jump(state, 4)
    assert state["result"]["winner"] == a and kept(state["result"]["reason"]).startswith("Regency")


def test_no_regency_on_a_tie_then_murder_or_crown():  # §10.3 "strictly", §9.11
    state = clear_board(new(2, "rg2"))
    a, b = state["seats"]
    heir_with(state, a)                                           # a: Champion 3 + Alexander IV 1 = 4 (§1.7)
    for s in (a, b):
        state["p"][s]["fleets"] = []                               # no Largest Fleet VP
    at = state["royals"]["thessalonike"]["at"]                     # b: Champion 3 + Thessalonike 1 = 4
    put_gen(state, f"{b}1", b, at)
    state["royals"]["thessalonike"].update(st="active", by=f"{b}1")
    lps, vps = legitimacy.all_lp(state), scoring.all_vp(state)
    assert lps[a] + vps[a] == lps[b] + vps[b]
    state, ev = jump(state, 4)
    assert state["result"] is None
    assert state["stack"][-1] == {"kind": "age", "seat": a, "heir": "alexander_iv"}
    assert set(GAME.prompts(state)[a].actions) == {"crown", "murder"}
    state, _ = act(state, a, "crown")
    assert state["royals"]["alexander_iv"]["st"] == "throne"


def test_crown_gives_king_favour_to_most_lp():  # §9.11, §8.5
    state = clear_board(new(3, "cr"))
    a, b = state["seats"][:2]
    state["p"][a]["champion"] = True
    for s in state["seats"][1:]:
        state["p"][s]["champion"] = False
    state["royals"]["herakles"].update(st="active", at="pergamon", by=None)
    ctx = Ctx(state)
    royals.coming_of_age(ctx, "herakles")                          # uncontrolled: crowned
    assert state["royals"]["herakles"]["st"] == "throne"
    assert state["p"][a]["favour"] == 1 and scoring.vp(state, a) >= 2
    royals.coming_of_age(Ctx(state), "herakles")                   # item 1: already crowned
    assert state["p"][a]["favour"] == 1


def test_murder_kills_and_flips_to_diadochos():  # §9.11, §9.10, §9.5
    state = clear_board(new(3, "md"))
    a = state["seats"][0]
    state["stack"] = [{"kind": "age", "seat": a, "heir": "herakles"}]
    state["phase"], state["step"] = "preparations", "usurper"
    state, _ = act(state, a, "murder")
    assert state["royals"]["herakles"]["st"] == "dead" and not state["p"][a]["champion"]


def test_coming_of_age_heirs_by_turn():  # §9.11
    assert royals.HEIR_OF_TURN == {4: "alexander_iv", 5: "herakles"}


# §9.8 marriage, §9.10 killing --------------------------------------------------------------------------
def test_marriage_needs_her_uncontrolled_and_an_army():  # §9.8
    state, order = tyche([32])
    a, b = order[0], order[1]
    at = state["royals"]["thessalonike"]["at"]
    put_gen(state, f"{b}1", b, at)
    place_cus(state, at, b, merc=1)
    state["royals"]["thessalonike"].update(st="active", by=f"{b}1")
    put_gen(state, f"{a}1", a, at)
    place_cus(state, at, a, merc=1)
    with pytest.raises(RulesError, match="§9.8"):
        act(state, a, "play 32 event")


def test_royals_die_only_by_hemlock_or_murder():  # §9.10
    state, order = tyche([34])
    a = order[0]
    at = state["royals"]["olympias"]["at"]
    put_gen(state, f"{a}1", a, at)
    state, _ = act(state, a, "play 34 event olympias")            # inactive women too
    assert state["royals"]["olympias"]["st"] == "dead"
    assert state["p"][a]["champion"]                                # not an heir: no flip


# §10.5 when immediate victory is checked -------------------------------------------------------------------
def test_victory_not_checked_in_the_middle_of_a_plain_move(dice):  # §10.5, §10.1
    state, order = battlefield(2, "v5")
    a = order[0]
    put_gen(state, f"{a}1", a, "pella")
    dice.append(6)
    state, _ = act(state, a, f"activate {a}1")
    state["p"][a]["pella"] = True                                   # 3 + 10 + 2 + 2 + 1 = 18 LP
    state["royals"]["herakles"].update(st="active", at="pella", by=f"{a}1")
    state["royals"]["kleopatra"].update(st="active", at="pella", by=f"{a}1")
    state["royals"]["thessalonike"].update(st="active", at="pella", by=f"{a}1")
    assert legitimacy.lp(state, a) == 18
    state, _ = act(state, a, "move pydna")                          # a plain move: no check
    assert state["result"] is None and state["act"] is not None
    state, _ = act(state, a, "stop")                                # the end of an activation
    assert state["result"]["winner"] == a and kept(state["result"]["reason"]).startswith("Legitimacy")


def test_legitimacy_victory_at_18_not_in_turn_one():  # §10.1, §10.5
    state = clear_board(new(2, "lv"))
    a = state["seats"][0]
    state["p"][a]["pella"] = True
    heir_with(state, a)
    state["royals"]["kleopatra"].update(st="active", at="babylon", by=f"{a}1")
    state["royals"]["olympias"].update(st="active", at="babylon", by=f"{a}1")
    assert legitimacy.lp(state, a) >= 18
    assert scoring.immediate_winner(state) is None                  # Turn I
    state["turn"] = 2
    assert scoring.immediate_winner(state)[0] == a


def test_suspicion_answers_the_pella_burial():  # §9.6.4, §11.2 #35, §10.1
    state, order = tyche([35], n=2)
    a, b = order[0], order[1]
    state["p"][b]["pella"] = True
    state["p"][b]["champion"] = True
    heir_with(state, b, space="pella")
    state["royals"]["kleopatra"].update(st="active", at="pella", by=f"{b}1")
    lp = legitimacy.lp(state, b)
    state["p"][b]["suspicion"] = False
    if lp - 3 >= 18:
        pytest.skip("too much LP for this board")
    state, ev = act(state, a, f"play 35 event {b}")
    assert legitimacy.lp(state, b) == lp - 3


# §11.3 card effects in general, §4.7, §8.1 ----------------------------------------------------------------
def test_card_cus_that_cannot_be_placed_stay_in_pool():  # §11.3
    state, order = tyche([3])
    a = order[0]
    state, ev = act(state, a, "play 3 event")
    assert state["placing"] is None and state["p"][a]["disp"] == {}


def test_independent_blocked_entry_stays_in_box():  # §11.3
    state, order = tyche([43])
    state["indep"]["illyrians"] = "baktra"
    state, ev = act(state, order[0], "play 43 event")
    assert state["indep"]["greek_soldiers"] == "box" and state["act"] is None


def test_surprise_table_lists_every_window():  # §4.7
    assert set(cards.SURPRISE_WINDOWS) == {c for c in BOARD.cards if BOARD.cards[c]["ops"] is None} | {36}


def test_harvest_limits():  # §8.1.2
    from core.games.successors import strategy
    assert strategy.forage_limit("pella", True) == 12 and strategy.forage_limit("pella") == 8


def test_desert_attrition_option(dice):  # §12.5, §8.1.3
    state, order = battlefield(2, "ds")
    state["options"]["desert"] = True
    a = order[0]
    put_gen(state, f"{a}1", a, "palmyra")
    place_cus(state, "palmyra", a, merc=2)
    dice += [1, 5]                                                  # MP roll, then attrition 5: lose 2
    state, _ = act(state, a, f"activate {a}1")
    state, ev = act(state, a, "stop")
    assert "attrition" in texts(ev).lower() and cus_at(state, "palmyra", a) == {}


def test_royal_veterans_option(dice):  # §12.2
    from core.games.successors import battles
    state, order = battlefield(2, "vt")
    side = {"seat": order[0], "army": None, "gens": [], "cus": {"royal": 3}}
    dice += [5, 6, 2]
    assert battles.veterans(Ctx(state), side, 0) == 2


def test_glory_option_caps_at_two():  # §12.3
    from core.games.successors.cards import prestige
    state, order = battlefield(2, "gl")
    state["glory"] = {"krateros": 2}
    assert prestige(state, "krateros") == 2 + 2


def test_extended_deck_option():  # §12.4
    state, _ = GAME.start(["a", "b"], {"deck": "extended"}, "x")
    from core.games.successors import setup
    assert setup.deck_of(state) == list(range(1, 61))
    assert GAME.parse_options(["deck=extended", "veterans=on", "glory=on", "desert=on"])["deck"] == "extended"


def test_card_58_assassination(dice):  # §12.4, §11.2 #58
    state, order = tyche([58])
    state["options"]["deck"] = "extended"
    a, b = order[0], order[1]
    put_gen(state, "krateros", b, "athenai")
    dice.append(6)
    cards.resolve(Ctx(state, a), a, 58, "krateros")
    assert state["gens"]["krateros"]["at"] == "dead"


def test_describe_lists_cards_in_words():  # §11.2, §4.4.2
    state, order = tyche([35, 13])
    a = order[0]
    text = GAME.describe(GAME.view(state, a))
    assert "#35 Suspicion (Event, 2 OP)" in text and "#13 Ambush (Surprise, – OP)" in text
    assert "Choose another player" in text
    assert "Suspicion" not in GAME.describe(GAME.view(state, order[1]))


def test_diadochos_at_zero_vp_is_champion_again():  # §9.5.7
    state = clear_board(new(2, "z"))
    a = state["seats"][0]
    for s in state["seats"]:
        state["p"][s]["fleets"] = []
    state["p"][a]["champion"] = False
    state["vp_last"] = {a: 2}                                      # his VP were 2 ...
    ctx = Ctx(state)
    sequence.restore_champions(ctx)                                # ... and are 0 now
    assert state["p"][a]["champion"] and "Champion again" in texts(ctx.events)
    state["p"][a]["champion"] = False                              # flipped while at 0 VP: stays
    sequence.restore_champions(Ctx(state))
    assert not state["p"][a]["champion"]
