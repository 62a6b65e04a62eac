"""§4 the Strategy Phase: rounds, segments, table reveals, Surrender, Tyche OP uses,
training, activation (step-I movement), forage, card housekeeping."""
import pytest

from core.errors import RulesError
from core.game import Ctx, seat_ref
from core.games.successors import GAME, forces, marching, scoring, strategy
from core.games.successors.activation import disbandable, initiative
from core.games.successors.board import BOARD
from core.games.successors.forces import cus_at

from .conftest import act, new, only, place_cus, run_until, texts


def give(state, seat, cards):
    """Put exactly these cards in the seat's hand, swapping with the draw pile."""
    hand = state["p"][seat]["hand"]
    for c in cards:
        for pile in [state["deck"], state["table"], state["discard"], *(p["hand"] for p in state["p"].values())]:
            if c in pile and pile is not hand:
                pile.remove(c)
                break
        else:
            continue
        hand.append(c)
    extra = [c for c in hand if c not in cards]
    for c in extra:
        hand.remove(c)
        state["deck"].append(c)
    return state


def start(n=3, seed="s", first_is=None):
    """Turn I, round 1, the Tyche segment of the first player (optionally the holder of a
    general)."""
    state = new(n, seed)
    chooser = only(state)
    first = state["gens"][first_is]["o"] if first_is else state["seats"][0]
    state, _ = act(state, chooser, f"first {first.lower()} left")
    return state, first


# §4.1 rounds and segments
@pytest.mark.parametrize("n,rounds", [(2, 5), (3, 5), (4, 5), (5, 4)])
def test_rounds(n, rounds):
    assert strategy.rounds(new(n)) == rounds
    state, _ = start(n, "r")
    said = []
    import random
    rnd = random.Random(2)
    while state["phase"] == "strategy":
        seat = rnd.choice(sorted(GAME.prompts(state)))
        state, ev = GAME.apply(state, seat, GAME.parse(GAME.sample(state, seat, rnd), private=True))
        said += [e.text for e in ev if e.text.startswith("Round ")]
    assert len(said) == rounds - 1                     # round 1 was announced at the deal


def test_segments_in_order_in_turn_order():
    state, first = start(3, "seg")
    s = GAME.summary(state)
    assert (s["round"], s["segment"], s["active"]) == (1, "tyche", [first])   # A. surrender done
    card = state["p"][first]["hand"][0]
    from core.games.successors.common import card_tag
    line = next(line for line in GAME.prompts(state)[first].private if line.startswith(f"play {card_tag(card)} "))
    state, _ = act(state, first, line)
    while (GAME.prompts(state)[first].actions or ("",))[0].startswith("place "):
        state, _ = act(state, first, GAME.prompts(state)[first].actions[0])   # a CU the card trained (§4.4.4)
    assert GAME.summary(state)["segment"] == "activation"
    with pytest.raises(RulesError):
        act(state, first, line)                         # one card only (§4.4.1)
    state, _ = act(state, first, "end")
    s = GAME.summary(state)
    assert s["segment"] == "tyche" and s["active"] == [state["order"][1]]


# §4.2 end of round: table cards
def test_end_of_round_reveals_table_cards():
    state, first = start(3, "tab")
    state["table"][0] = 1 if state["table"][0] != 1 else state["table"][0]
    before = len(state["table"])
    state = run_until(state, lambda s: s["round"] == 2)
    assert len(state["table"]) == before - 1


def test_table_event_resolved_by_fewest_vp():
    state = new(2, "te")
    give(state, state["seats"][0], [])
    state["table"] = [38] + [c for c in state["table"] if c != 38]
    if 38 in state["deck"]:
        state["deck"].remove(38)
    state["table"] = state["table"][:10]
    ctx = Ctx(state)
    strategy.end_of_round(ctx)
    vps = scoring.all_vp(state)
    low = min(state["seats"], key=vps.get)
    assert f"{seat_ref(low)} (fewest VP) resolves it" in texts(ctx.events)
    assert 38 in state["discard"]


def test_no_table_with_four_players():
    state, _ = start(4, "t4")
    assert state["table"] == [] and strategy.reveal_count(state) == 0


# §4.3 Surrender segment
def test_surrender_remove_and_place():
    state = new(3, "sur")
    a = state["gens"]["perdikkas"]["o"]
    b = next(s for s in state["seats"] if s != a)
    state["pcs"]["sparta"] = b                           # opponent Minor City, no CU of his
    place_cus(state, "sparta", a, merc=1)
    place_cus(state, "lamia", a, merc=1)                 # empty Minor City
    place_cus(state, "korinthos", a, merc=1)             # Independent Stronghold: untouched
    place_cus(state, "tempe", a, merc=1)                 # Transit Point: never a PC
    place_cus(state, "delphoi", a, merc=1)
    place_cus(state, "delphoi", b, merc=1)               # enemy CUs: no PC
    ctx = Ctx(state)
    strategy.surrender(ctx, a)
    assert state["pcs"]["sparta"] == a                   # A removed, then B placed
    assert state["pcs"]["lamia"] == a
    assert state["pcs"]["korinthos"] == "IND"
    assert "tempe" not in state["pcs"] and "delphoi" not in state["pcs"]


def test_surrender_keeps_pc_where_opponent_has_cus():
    state = new(3, "sur2")
    a = state["gens"]["perdikkas"]["o"]
    b = next(s for s in state["seats"] if s != a)
    state["pcs"]["sparta"] = b
    place_cus(state, "sparta", a, merc=1)
    place_cus(state, "sparta", b, merc=1)
    strategy.surrender(Ctx(state), a)
    assert state["pcs"]["sparta"] == b


# §4.4.1 obligation
def test_must_play_exactly_one_card():
    state, first = start(3, "ob")
    with pytest.raises(RulesError, match="cannot `end` now"):
        act(state, first, "end")


def test_empty_hand_skips_the_segment():
    state = new(3, "emp")
    chooser = only(state)
    state, _ = act(state, chooser, f"first {state['seats'][0].lower()} left")
    # empty the next player's hand, then finish the first player's turn
    nxt = state["order"][1]
    state["deck"] += state["p"][nxt]["hand"]
    state["p"][nxt]["hand"] = []
    first = state["order"][0]
    line = GAME.prompts(state)[first].private[0]
    state, _ = act(state, first, line)
    state, ev = act(state, first, "end")
    assert "has no card" in texts(ev)
    assert GAME.summary(state)["segment"] == "activation" and only(state) == nxt


# §4.4.2 card types
def test_surprise_card_discard_and_draw():
    state, first = start(3, "sp")
    give(state, first, [12, 20])
    state, ev = act(state, first, "play 12 redraw")
    hand = state["p"][first]["hand"]
    assert 12 in state["discard"] and len(hand) == 2 and 20 in hand
    assert GAME.summary(state)["segment"] == "activation"


def test_surprise_card_has_no_ops_and_an_event_needs_its_choices():
    """§4.4.2: a Surprise card has no OP value; an event whose conditions are not met (here:
    #21 needs a CU type on an empty track) cannot be chosen."""
    state, first = start(3, "sp2")
    give(state, first, [12, 21])
    with pytest.raises(RulesError, match="no OP value"):
        act(state, first, "play 12 train merc")
    with pytest.raises(RulesError, match="merc or mac"):
        act(state, first, "play 21 event")
    with pytest.raises(RulesError, match="not a Surprise"):
        act(state, first, "play 21 redraw")


def test_card_not_in_hand_is_refused_privately():
    state, first = start(3, "nh")
    give(state, first, [21])
    with pytest.raises(RulesError) as err:
        act(state, first, "play 22 train merc")
    assert err.value.private


# §4.4.3 (a) place PCs
def test_pc_placement_within_two_mp():
    state, first = start(3, "pc", first_is="antipatros")
    give(state, first, [6])                                # 2 OPs
    targets = strategy.pc_targets(state, first)
    assert "tempe" not in targets                          # Transit Point
    assert "larisa" not in targets                         # Independent PC
    assert "lamia" in targets                              # pydna-tempe-... no: via larisa? see below
    state2, _ = act(state, first, "play 6 pc dodona pagasai")
    assert state2["pcs"]["dodona"] == state2["pcs"]["pagasai"] == first
    with pytest.raises(RulesError, match="Name 1 to 2"):
        act(state, first, "play 6 pc dodona pagasai lamia")


def test_pc_path_rules():
    state = new(3, "pp")
    a = state["gens"]["perdikkas"]["o"]
    state["pcs"] = {"pella": a}
    for p in state["p"].values():
        p["fleets"] = []
    t = strategy.pc_targets(state, a)
    assert {"pydna", "amphipolis", "herakleia_lynkestis", "abdera", "apollonia"} <= set(t)
    assert "tempe" not in t                                 # a Transit Point is never a target
    assert "larisa" not in t                                # pella-pydna-tempe-larisa is 3 MP
    assert "sestos" not in t                                # pella-amphipolis-abdera-sestos: 3 MP
    state["pcs"]["amphipolis"] = "IND"                      # an Independent PC blocks the path
    assert "abdera" not in strategy.pc_targets(state, a)
    del state["pcs"]["amphipolis"]
    place_cus(state, "amphipolis", state["seats"][1], merc=1)   # enemy CUs block too
    t = strategy.pc_targets(state, a)
    assert "abdera" not in t and "amphipolis" not in t
    state["cus"] = {}
    assert "pagasai" not in strategy.pc_targets(state, a)   # by sea only with FS >= 1
    state["p"][a]["fleets"] = [1]
    assert "pagasai" in strategy.pc_targets(state, a)       # pella-pydna-pagasai, coastal lanes
    assert "chalkis" not in strategy.pc_targets(state, a)   # 3 lanes


def test_pc_never_traced_over_trans_lanes():
    state = new(3, "tr")
    a = state["gens"]["ptolemaios"]["o"]
    state["pcs"] = {"alexandreia": a}
    state["p"][a]["fleets"] = [2]
    t = strategy.pc_targets(state, a)
    assert "rhodos" not in t and "salamis" not in t        # trans lanes only
    assert "paraitonion" in t and "memphis" in t


# §4.4.3 (b) force march
def test_force_march_gets_card_ops_without_roll():
    state, first = start(3, "fm", first_is="antipatros")
    give(state, first, [21])                               # 4 OPs
    state, ev = act(state, first, "play 21 march antipatros")
    assert not [e for e in ev if e.kind == "roll" and e.text]
    assert state["act"]["mp"] == 4 and state["act"]["kind"] == "march"
    state, _ = act(state, first, "move pydna")
    assert state["act"]["mp"] == 3
    state, _ = act(state, first, "stop")
    assert GAME.summary(state)["segment"] == "activation"
    assert "antipatros" not in state["done"]                # may be activated again (§4.5)


# §4.4.3 (c) train and §4.4.4 training track
def test_training_track():
    state, first = start(3, "tt", first_is="perdikkas")
    give(state, first, [9, 21])                            # 1 OP and 4 OPs
    state, _ = act(state, first, "play 9 train merc")
    assert state["p"][first]["track"] == ["merc", 1]
    state = run_until(state, lambda s: s["round"] == 2 and GAME.summary(s)["active"] == [first]
                      and s["segment"] == "tyche", seed=5)
    give(state, first, [21])
    with pytest.raises(RulesError, match="cannot change"):
        act(state, first, "play 21 train mac")
    state, ev = act(state, first, "play 21 train")
    assert state["p"][first]["track"] == [None, 0]         # 5 >= 3: done, surplus lost
    assert "finishes training" in texts(ev)


def test_trained_cu_is_placed_at_once():
    state, first = start(3, "tp", first_is="perdikkas")
    state["p"][first]["track"] = ["merc", 2]
    give(state, first, [21])
    state, _ = act(state, first, "play 21 train")
    if state["placing"]:
        assert state["placing"]["left"] == {"merc": 1} and only(state) == first
        state, _ = act(state, first, "place merc babylon")
    assert GAME.summary(state)["segment"] == "activation"


def test_train_needs_a_type_on_an_empty_track():
    state, first = start(3, "ty")
    give(state, first, [21])
    with pytest.raises(RulesError, match="Name the CU"):
        act(state, first, "play 21 train")


# §4.4.3 (d) fleet
def test_fleet_action_needs_four_ops():
    state, first = start(3, "fl", first_is="antigonos")
    give(state, first, [6, 21])
    with pytest.raises(RulesError, match="4-OP"):
        act(state, first, "play 6 fleet new")
    fs = scoring.fleet_strength(state, first)
    state2, _ = act(state, first, "play 21 fleet new")
    assert scoring.fleet_strength(state2, first) == fs + 1
    state["p"][first]["fleets"] = [1, 1, 2]
    assert "play 21 fleet new" not in strategy.uses(state, first, 21)
    state3, _ = act(state, first, "play 21 fleet upgrade")
    assert sorted(state3["p"][first]["fleets"]) == [1, 2, 2]


# §4.4.3 (e) recruit
def test_recruit():
    state, first = start(3, "rc", first_is="perdikkas")
    give(state, first, [6, 18])                            # 2 and 3 OPs
    with pytest.raises(RulesError, match="3-OP"):
        act(state, first, "play 6 recruit babylon")
    with pytest.raises(RulesError, match="limit"):
        act(state, first, "play 18 recruit babylon")        # majors + 2 minors = the limit
    other = next(g for g, d in state["gens"].items() if d["o"] == first and g != "perdikkas" and not g[0].isupper())
    state["gens"][other]["at"] = "dead"                    # one major fewer in play: below the limit
    state2, _ = act(state, first, "play 18 recruit babylon")
    assert state2["gens"][f"{first}3"]["at"] == "babylon"
    with pytest.raises(RulesError, match="not eligible"):
        act(state, first, "play 18 recruit sparta")


# §4.5 activation, with the step-I movement rules of §5
def activation(n=3, seed="ac", gen="antipatros"):
    state, first = start(n, seed, first_is=gen)
    state["segment"] = "activation"
    return state, first


def test_mp_roll_against_initiative():  # §5.2
    state, first = activation()
    state, ev = act(state, first, "activate antipatros")
    roll = next(e for e in ev if e.kind == "roll")
    ini = 3                                                 # in Europe (§1.3.2)
    want = 2 if roll.data["value"] < ini else 3 if roll.data["value"] == ini else 4
    assert state["act"]["mp"] == want


def test_initiative_abilities():  # §1.3.2
    state = new(3)
    assert initiative(state, "antipatros", "pella") == 3
    assert initiative(state, "antipatros", "tarsos") == 4
    assert initiative(state, "lysimachos", "byzantion") == 2
    assert initiative(state, "lysimachos", "kyzikos") == 3
    assert initiative(state, "A1", "pella") == 5


def test_activation_once_per_segment_and_moved_cus_stay():
    state, first = activation(seed="once")
    state, _ = act(state, first, "activate antipatros")
    state["act"]["mp"] = 4
    state, _ = act(state, first, "move pydna")
    state, _ = act(state, first, "stop")
    with pytest.raises(RulesError, match="already been activated"):
        act(state, first, "activate antipatros")
    assert cus_at(state, "pydna", first) == {"royal": 2, "mac": 2, "merc": 1}


def test_split_a_stack():
    state, first = activation(seed="split")
    state, _ = act(state, first, "activate antipatros merc=0 royal=1")
    assert state["act"]["cus"] == {"royal": 1, "mac": 2}
    state, _ = act(state, first, "stop")
    assert cus_at(state, "pella", first) == {"royal": 2, "mac": 2, "merc": 1}

def test_lone_general():
    state, first = activation(seed="lone")
    state, _ = act(state, first, "activate antipatros alone")
    assert state["act"]["cus"] == {}


def test_lone_general_cannot_enter_an_enemy_field_force():  # §5.4.1
    state, first = activation(seed="enemy")
    other = next(s for s in state["seats"] if s != first)
    place_cus(state, "pydna", other, merc=1)
    state, _ = act(state, first, "activate antipatros alone")
    with pytest.raises(RulesError, match="lone general"):
        act(state, first, "move pydna")


def test_move_costs_and_sea_capacity():  # §5.3, §5.6.2
    state, first = activation(seed="cost")
    state, _ = act(state, first, "activate antipatros")   # 5 CUs at pella
    state["act"]["mp"] = 1
    with pytest.raises(RulesError, match="not adjacent"):
        act(state, first, "move larisa")
    state["p"][first]["fleets"] = [1]                      # FS 1 carries 3 CUs, not 5
    state["act"]["mp"] = 4
    with pytest.raises(RulesError, match="3 CUs per fleet"):
        act(state, first, "move pydna pagasai")
    state["act"]["mp"] = 1
    with pytest.raises(RulesError, match="0 MP left"):
        act(state, first, "move herakleia_lynkestis apollonia")


def test_pass_costs_two():  # §5.3
    state, first = activation(seed="pass", gen="lysimachos")
    state, _ = act(state, first, "activate lysimachos alone")
    state["act"]["mp"] = 4
    state, ev = act(state, first, "move sestos abdera seuthopolis")   # 1 + 1 + 2
    assert state["act"] is None and state["gens"]["lysimachos"]["at"] == "seuthopolis"


def test_cart_and_royals_follow_their_carrier():  # §5.11
    state, first = start(2, "car", first_is="perdikkas")
    state["turn"] = 2
    state["segment"] = "activation"
    state, _ = act(state, first, "activate perdikkas")
    state["act"]["mp"] = 4
    state, _ = act(state, first, "move opis")
    assert state["body"]["at"] == "opis" and state["royals"]["alexander_iv"]["at"] == "opis"
    state, _ = act(state, first, "drop alexander_iv")
    state, _ = act(state, first, "move babylon")
    assert state["royals"]["alexander_iv"]["at"] == "opis"
    state, _ = act(state, first, "bury")                   # §9.6.3
    assert state["body"] == {"st": "buried", "at": "babylon", "by": None}


def test_unattended_heir_is_captured():  # §9.9
    state, first = start(3, "cap", first_is="antigonos")
    state["segment"] = "activation"
    state["royals"]["herakles"]["at"] = "sardeis"           # uncontrolled space
    state, _ = act(state, first, "activate antigonos")
    state["act"]["mp"] = 4
    state, ev = act(state, first, "move sardeis")
    assert state["royals"]["herakles"]["by"] == "antigonos" and "captures" in texts(ev)


def test_antigonos_reroll():  # §1.3.2
    state, first = activation(seed="rr", gen="antigonos")
    state, _ = act(state, first, "activate antigonos")
    assert "reroll" in GAME.prompts(state)[first].actions
    state, ev = act(state, first, "reroll")
    assert [e for e in ev if e.kind == "roll"]
    assert "reroll" not in GAME.prompts(state)[first].actions


def test_disband_royal_cus():  # §4.5
    state, first = activation(seed="db")
    assert "disband <space> [<count>]" in GAME.prompts(state)[first].templates
    assert disbandable(state, first)["pella"] == 2
    state, _ = act(state, first, "disband pella 2")
    assert "royal" not in cus_at(state, "pella", first)
    assert state["gone_cus"]["royal"] == 2


# §4.6 forage
def test_forage():
    state, first = activation(seed="fo")
    place_cus(state, "tempe", first, merc=4)               # Transit Point: limit 3
    place_cus(state, "pella", first, merc=4)               # 9 CUs of 3 types: limit 8
    state, _ = act(state, first, "end")
    assert cus_at(state, "tempe", first) == {"merc": 3}    # one type: removed by the bot
    assert only(state) == first and GAME.summary(state)["segment"] == "forage"
    assert GAME.prompts(state)[first].actions == ("forage pella mac", "forage pella merc", "forage pella royal")
    state, _ = act(state, first, "forage pella royal")
    assert sum(cus_at(state, "pella", first).values()) == 8
    assert GAME.summary(state)["segment"] == "tyche"


# §4.8 card housekeeping
def test_hands_discarded_at_end_of_strategy_phase():
    state, _ = start(3, "hk")
    state = run_until(state, lambda s: s["phase"] != "strategy")
    assert all(p["hand"] == [] for p in state["p"].values())


def test_empty_draw_pile_reshuffles_discards():
    state, first = start(3, "rs")
    give(state, first, [12])
    state["discard"] += state["deck"]
    state["deck"] = []
    state, ev = act(state, first, "play 12 redraw")
    assert "shuffled" in texts(ev) and len(state["p"][first]["hand"]) == 1
    assert GAME.invariants(state) == []


def test_single_surprise_card_is_discarded_by_the_bot():  # §0.2, §4.4.2
    state, first = start(3, "one")
    state["cur"] = 1
    nxt = state["order"][1]
    give(state, nxt, [12])
    state["cur"] = 0
    give(state, first, [21])
    state, _ = act(state, first, "play 21 train mac")
    state, ev = act(state, first, "end")
    assert "discards #12" in texts(ev)
    assert GAME.summary(state)["segment"] == "activation" and only(state) == nxt
    assert len(state["p"][nxt]["hand"]) == 1 and 12 in state["discard"]


def test_commander_is_the_most_senior_general():  # §1.3.4
    assert forces.commander(["eumenes", "perdikkas"]) == "perdikkas"
    assert forces.commander(["A2", "A1"]) == "A2"          # minors: the owner's pick (first named)
    assert forces.commander(["A1", "demetrios"]) == "demetrios"


def test_player_stronghold_counts_as_minor_city():  # §1.9, §4.3 A
    state = new(3, "str")
    a = state["gens"]["perdikkas"]["o"]
    b = state["pcs"]["pergamon"]
    assert b != a and BOARD.spaces["pergamon"]["type"] == "STR"
    state["gens"][f"{b}1"]["at"] = "reserve"
    place_cus(state, "pergamon", a, merc=1)
    strategy.surrender(Ctx(state), a)
    assert state["pcs"]["pergamon"] == a


def test_burial_at_pella_gives_ten_lp():  # §9.6.4 (the §3.7 burial step)
    from core.games.successors import legitimacy
    state = new(3, "pel")
    a = state["gens"]["perdikkas"]["o"]
    state["turn"] = 3
    state["gens"]["perdikkas"]["at"] = "pella"
    state["body"]["at"] = "pella"
    state["cus"]["pella"] = {}
    del state["cus"]["pella"]
    state["gens"]["antipatros"]["at"] = "dispersed"
    ctx = Ctx(state, a)
    marching.bury(ctx, a)
    assert state["p"][a]["pella"] and legitimacy.lp_parts(state, a)["pella_burial"] == 10
    assert "guardian" not in legitimacy.lp_parts(state, state["pcs"]["pella"])


def test_burial_offered_in_own_segments():  # §9.6.3 "during any of your segments"
    state, first = start(2, "bt", first_is="perdikkas")
    state["turn"] = 2
    assert "bury" in GAME.prompts(state)[first].actions
    state, _ = act(state, first, "bury")
    assert state["body"]["st"] == "buried" and GAME.summary(state)["segment"] == "tyche"
