"""§3 sequence of play: phases, turn events, Usurper, turn order, reinforcements, deal,
isolation, end of turn."""
import pytest

from core.errors import RulesError
from core.game import Ctx, without_seat_refs
from core.games.successors import GAME, flow, legitimacy, reinforcements, scoring, sequence
from core.games.successors.board import BOARD
from core.games.successors.forces import cus_at, generals_at

from .conftest import act, choose_order, jump, new, only, place_cus, run_until, texts


def phases_said(events):
    return [e.text.split(": ", 1)[1].rstrip(".") for e in events
            if e.text.startswith("Turn ") and ": " in e.text and e.text.split(": ", 1)[1].rstrip(".") in
            ("Preparations", "Reinforcement Phase", "Tyche Deal", "Strategy Phase", "Isolation Phase", "End of Turn")]


# §3.1 the Game Turn: six phases in order
def test_phases_in_order():
    import random
    state, ev = GAME.start(["x", "y", "z"], {}, "p")
    seen = phases_said(ev)
    rnd = random.Random(1)
    while state["turn"] < 3 and not state["result"]:
        seat = rnd.choice(sorted(GAME.prompts(state)))
        state, ev = GAME.apply(state, seat, GAME.parse(GAME.sample(state, seat, rnd), private=True))
        seen += phases_said(ev)
    assert seen[:5] == ["Tyche Deal", "Strategy Phase", "Isolation Phase", "End of Turn", "Preparations"]
    assert seen[5:11] == ["Reinforcement Phase", "Tyche Deal", "Strategy Phase", "Isolation Phase",
                          "End of Turn", "Preparations"]


# §3.2.1 Turn I
def test_turn_one_skips_reinforcements():
    state = new(3, "r")
    seat = only(state)
    state, ev = act(state, seat, f"first {state['seats'][0].lower()} left")
    assert "no Reinforcement Phase" in texts(ev) and state["phase"] == "strategy"


def test_turn_one_cart_cannot_move_nor_be_buried():
    state = choose_order(new(2, "cart"))
    a = state["gens"]["perdikkas"]["o"]
    state["order"] = [a] + [s for s in state["order"] if s != a]
    state["segment"] = "activation"
    state, ev = act(state, a, "activate perdikkas")
    assert "cannot move" in texts(ev)
    assert state["body"] == {"st": "cart", "at": "babylon", "by": None}
    from core.games.successors import marching
    state["body"]["by"] = "perdikkas"
    assert marching.can_bury(state, a) is None                     # Turn I: no burial


def test_turn_one_no_immediate_victory():
    state = new(2, "v", rules="4")                                    # A: 8 LP at start (§2.5, rules 4)
    a = state["gens"]["perdikkas"]["o"]
    state["p"][a]["pella"] = True                                    # 18+ LP
    assert legitimacy.lp(state, a) >= 18
    assert scoring.immediate_winner(state) is None
    state["turn"] = 2
    assert scoring.immediate_winner(state)[0] == a


def test_turn_two_peukestas():
    state, ev = jump(new(3), 2)
    assert "#10 Peukestas" in texts(ev)


def test_turn_three_polyperchon_replaces_living_antipatros_in_place():
    state = new(3, "3")
    owner = state["gens"]["antipatros"]["o"]
    state["gens"]["antipatros"]["at"] = "larisa"
    state["royals"]["herakles"].update(at="larisa", by="antipatros")
    state, ev = jump(state, 3)
    assert state["gens"]["polyperchon"] == {"o": owner, "at": "larisa", "in": False}
    assert state["gens"]["antipatros"]["at"] == "gone"
    assert state["royals"]["herakles"]["by"] == "polyperchon"
    assert "Polyperchon replaces Antipatros" in texts(ev)


def test_turn_three_polyperchon_in_the_dispersed_box():
    state = new(4, "3d")
    state["gens"]["antipatros"]["at"] = "dispersed"
    state, _ = jump(state, 3)
    assert state["gens"]["polyperchon"]["at"] in ("dispersed",) or state["gens"]["polyperchon"]["at"] in BOARD.spaces


def test_turn_three_no_polyperchon_if_antipatros_dead():
    state = new(3, "3x")
    state["gens"]["antipatros"]["at"] = "dead"
    state, _ = jump(state, 3)
    assert state["gens"]["polyperchon"]["at"] == "out"


def test_turn_three_demetrios_joins_antigonos_player_even_if_dead():
    state = new(3, "dm")
    owner = state["gens"]["antigonos"]["o"]
    state["gens"]["antigonos"]["at"] = "dead"
    limit = state["p"][owner]["limit"]
    state, ev = jump(state, 3)
    assert state["gens"]["demetrios"]["o"] == owner
    assert state["p"][owner]["limit"] == limit + 1
    assert "Demetrios joins" in texts(ev)
    # placed as a reinforcement of this turn (§3.3.3)
    state = run_until(state, lambda s: s["phase"] == "reinforcements")
    state = run_until(state, lambda s: s["phase"] != "reinforcements" or (
        s["placing"] and s["placing"]["seat"] == owner))
    if state["phase"] == "reinforcements":
        assert "demetrios" in state["placing"]["gens"]
    state = run_until(state, lambda s: s["phase"] != "reinforcements")
    assert state["gens"]["demetrios"]["at"] in BOARD.spaces or state["gens"]["demetrios"]["at"] == "dispersed"


def test_turn_four_cart_removed_if_unburied():
    state, ev = jump(new(3), 4)
    assert state["body"] == {"st": "removed", "at": None, "by": None}
    assert "Alexander IV comes of age" in texts(ev)
    state = new(3)
    state["body"] = {"st": "buried", "at": "babylon", "by": None}
    state, _ = jump(state, 4)
    assert state["body"]["st"] == "buried"


def test_turn_five_herakles_comes_of_age():
    state, ev = jump(new(3), 5)
    assert "Herakles comes of age" in texts(ev)


# §3.2.2 Usurper
def test_usurper_most_vp():
    state = new(3)
    assert state["usurper"] == max(state["seats"], key=lambda s: scoring.vp(state, s))


def test_usurper_tie_most_senior_general():
    state = new(2, "u")
    a, b = state["gens"]["perdikkas"]["o"], state["gens"]["antipatros"]["o"]
    state["pcs"] = {}                                                # both 0 VP
    state["p"][b]["fleets"] = [1]
    state["p"][a]["fleets"] = [1]
    state, ev = jump(state, 2)
    assert state["usurper"] == a                                     # Perdikkas, Seniority 20
    state["gens"]["perdikkas"]["at"] = "dead"
    state, ev = jump(state, 2)
    assert state["usurper"] == b                                     # Antipatros 19 beats Eumenes


# §3.2.3 turn order
def test_fewest_vp_chooses_first_player_and_direction():
    state = new(4, "o")
    vps = scoring.all_vp(state)
    chooser = only(state)
    assert vps[chooser] == min(vps.values())
    seats = state["seats"]
    state2, _ = act(state, chooser, f"first {seats[2].lower()} left")
    assert state2["order"] == [seats[2], seats[3], seats[0], seats[1]]
    assert (state2["first"], state2["direction"]) == (seats[2], "left")
    state3, _ = act(state, chooser, f"first {seats[2].lower()} right")
    assert state3["order"] == [seats[2], seats[1], seats[0], seats[3]]
    s = GAME.summary(state3)
    assert s["order"] == state3["order"] and s["first_player"] == seats[2] and s["direction"] == "right"


def test_fewest_vp_tie_rolls_off_lowest():
    # 4 players: A and D both 4 VP (§2.5; at 5 players rules 6 leaves E alone on 3)
    state = new(4, "a")
    vps = scoring.all_vp(state)
    low = [s for s in state["seats"] if vps[s] == min(vps.values())]
    assert len(low) == 2
    _, ev = GAME.start(["p0", "p1", "p2", "p3"], {}, "a")
    rolls = [e for e in ev if e.kind == "roll" and "roll-off" in e.text]
    assert rolls
    last = {without_seat_refs(e.text.split(", ")[-1].split(":")[0]): e.data["value"] for e in rolls}
    assert only(state) == min(last, key=last.get)


# §3.3 reinforcements
def turn2(n=3, seed="r2", **edit):
    state = new(n, seed)
    for k, v in edit.items():
        state[k] = v
    return state


def test_reinforcement_fleets_return():  # §3.3.1
    state = new(3)
    s = state["seats"][0]
    state["p"][s]["fleets_disp"] = [2]
    state["ifleets_disp"] = ["athenian"]
    state, ev = jump(state, 2)
    state = choose_order(state)
    assert 2 in state["p"][s]["fleets"] and state["p"][s]["fleets_disp"] == []
    assert state["ifleets_disp"] == []


def test_reinforcement_collection():  # §3.3.2, §3.3.3
    state = new(3, "col")
    a = state["gens"]["perdikkas"]["o"]
    state["p"][a]["disp"] = {"royal": 1, "mac": 1}
    state["gens"]["eumenes"]["at"] = "dispersed"
    ctx = Ctx(state)
    state["turn"] = 2
    reinforcements.start_phase(ctx)
    vps = scoring.all_vp(state)
    lps = legitimacy.all_lp(state)
    mac = scoring.province_controller(state, "MAC")
    for s in state["seats"]:
        want_merc = 2 + (2 if vps[s] == max(vps.values()) else 0)
        want_mac = (1 if s == mac else 0) + (1 if lps[s] == max(lps.values()) else 0)
        got = state["reinf"][s]
        if s == a:
            assert got.get("royal") == 1
            want_mac += 1
            assert state["reinf_gens"][a] == ["eumenes"]
        assert got.get("merc", 0) == want_merc, s
        assert got.get("mac", 0) == want_mac, s


def test_most_vp_tie_gives_one_merc_each():  # §3.3.3
    state = new(2, "tie")
    state["pcs"] = {}
    state["p"]["A"]["fleets"] = [1]
    state["p"]["B"]["fleets"] = [1]
    state["turn"] = 2
    reinforcements.start_phase(Ctx(state))
    assert state["reinf"]["A"]["merc"] == 3 and state["reinf"]["B"]["merc"] == 3


def test_most_lp_tie_goes_to_most_senior_major_general():  # §3.3.3
    state = new(2, "lp")
    a = state["gens"]["perdikkas"]["o"]
    b = state["gens"]["antipatros"]["o"]
    for r in ("alexander_iv", "philip_iii", "herakles"):    # no heirs for anyone
        state["royals"][r].update(at="sparta", by=None)
    state["gens"]["perdikkas"]["at"] = "dead"
    state["gens"]["leonnatos"]["at"] = "dead"
    lps = legitimacy.all_lp(state)
    assert lps[a] == 3 and lps[b] == 5                       # B is Strategos of Europe
    state["pcs"].pop("pella")
    assert legitimacy.all_lp(state) == {a: 3, b: 3}
    state["turn"] = 2
    reinforcements.start_phase(Ctx(state))
    # A's most senior major general is now Lysimachos (14); B's is Antipatros (19)
    assert state["reinf"][b].get("mac", 0) == 1 and state["reinf"][a].get("mac", 0) == 0


def placing_for(state, seat, left, gens=()):
    reinforcements.begin(state, seat, "reinforcements", left, list(gens))
    return state


def test_placement_eligible_spaces():  # §3.3.4 (a)-(d)
    state = new(3, "el")
    a = state["gens"]["perdikkas"]["o"]
    placing_for(state, a, {"merc": 3})
    ok = reinforcements.eligible(state, a, "merc")
    assert "uruk" in ok                                    # (a) own PC, no enemy units
    assert "tyana" in ok                                   # (d) Eumenes there, no PC
    assert state["gens"][f"{a}1"]["at"] in ok             # (b) his minor general I
    assert "sparta" not in ok and "larisa" not in ok
    place_cus(state, "uruk", state["seats"][1], merc=1)     # enemy CUs: (a) fails
    assert "uruk" not in reinforcements.eligible(state, a, "merc")
    place_cus(state, "babylon", state["seats"][1], merc=1)  # besieged: (c) and (d) fail
    assert "babylon" not in reinforcements.eligible(state, a, "merc")


def test_placing_with_many_eligible_spaces_still_offers_buttons():  # §3.3.4
    """Two CU types over many spaces make more lines than a chat shows: the prompt offers the first
    type's spaces as buttons (never none), and every offered line is legal."""
    state = new(3, "many")
    a = state["gens"]["perdikkas"]["o"]
    for space in [s for s in BOARD.spaces if s not in state["pcs"]][:12]:   # PCs of his own: (a)
        state["pcs"][space] = a
    placing_for(state, a, {"merc": 4, "mac": 2})
    legal = reinforcements.legal_lines(state)
    assert len(legal) > flow.BUTTON_ROOM
    prompt = flow.placing_prompt(state, a)
    assert 0 < len(prompt.actions) <= flow.BUTTON_ROOM
    assert set(prompt.actions) <= set(legal) and len({line.split()[1] for line in prompt.actions}) == 1


def test_minor_general_must_be_on_map_since_phase_start():  # §3.3.4 (b)
    state = new(3, "mn")
    a = state["gens"]["perdikkas"]["o"]
    placing_for(state, a, {"merc": 1})
    state["gens"][f"{a}3"]["at"] = "sparta"
    assert "sparta" in reinforcements.eligible(state, a, "merc")
    state["placing"]["new"].append(f"{a}3")
    assert "sparta" not in reinforcements.eligible(state, a, "merc")


def test_two_cu_limit_except_major_city_or_major_general():  # §3.3.4
    state = new(3, "lim")
    a = state["gens"]["perdikkas"]["o"]
    state = placing_for(state, a, {"merc": 5})
    ctx = Ctx(state, a)
    with pytest.raises(RulesError, match="Only 2"):
        reinforcements.place(ctx, "merc", "uruk", 3)
    state = placing_for(new(3, "lim"), a, {"merc": 5})
    ctx = Ctx(state, a)
    reinforcements.place(ctx, "merc", "uruk", 2)
    with pytest.raises(RulesError, match="not eligible"):
        reinforcements.place(ctx, "merc", "uruk", 1)
    reinforcements.place(ctx, "merc", "babylon", 3)         # own Major City: no limit
    assert cus_at(state, "uruk", a)["merc"] == 2
    assert cus_at(state, "babylon", a)["merc"] == 5


def test_reinforcing_major_general_cannot_make_a_space_eligible_for_himself():  # §3.3.4 (d)
    state = new(3, "self")
    a = state["gens"]["perdikkas"]["o"]
    state["gens"]["eumenes"]["at"] = "dispersed"
    placing_for(state, a, {}, ["eumenes"])
    ok = reinforcements.eligible(state, a, "eumenes")
    assert "tyana" not in ok and "babylon" in ok            # babylon: own city and Perdikkas
    ctx = Ctx(state, a)
    reinforcements.place(ctx, "eumenes", "babylon")
    assert state["gens"]["eumenes"]["at"] == "babylon"


def test_fallback_when_no_eligible_space():  # §3.3.5
    state = new(3, "fb")
    a = state["gens"]["perdikkas"]["o"]
    for s, o in list(state["pcs"].items()):
        if o == a:
            del state["pcs"][s]
    for g, d in state["gens"].items():
        if d["o"] == a and d["at"] in BOARD.spaces:
            d["at"] = "reserve" if g[0].isupper() else "dispersed"
    state["cus"] = {s: {o: c for o, c in by.items() if o != a} for s, by in state["cus"].items()}
    state["cus"] = {s: by for s, by in state["cus"].items() if by}
    state["gens"]["peithon"]["at"] = "dead"
    state["gens"]["eumenes"]["at"] = "dead"
    placing_for(state, a, {"merc": 3}, ["perdikkas"])
    opts = reinforcements.options(state)
    assert opts["merc"][0] == "fallback" and opts["perdikkas"][0] == "fallback"
    assert "sparta" in opts["merc"][1]                      # uncontrolled, nobody's province
    assert "korinthos" in opts["merc"][1]                   # Independent PC
    assert "athenai" not in opts["merc"][1]                 # the Greek Army is there
    assert "alexandreia" not in opts["merc"][1]             # another player's province
    ctx = Ctx(state, a)
    reinforcements.place(ctx, "merc", "sparta", 2)          # the group takes Perdikkas along
    assert state["gens"]["perdikkas"]["at"] == "sparta"
    assert "sparta" not in reinforcements.options(state)["merc"][1]    # 2 CUs per province
    reinforcements.place(ctx, "merc", "larisa", 1)          # next group: a minor from reserve
    assert generals_at(state, "larisa", a) == [f"{a}1"]


def test_fallback_without_general_disperses():  # §3.3.5
    state = new(3, "fd")
    a = state["gens"]["perdikkas"]["o"]
    state["pcs"] = {s: o for s, o in state["pcs"].items() if o != a}
    for g, d in state["gens"].items():
        if d["o"] == a:
            d["at"] = "dead" if not g[0].isupper() else "reserve"
    state["p"][a]["limit"] = 0                               # no minor may come
    state["cus"] = {s: {o: c for o, c in by.items() if o != a} for s, by in state["cus"].items()}
    state["cus"] = {s: by for s, by in state["cus"].items() if by}
    placing_for(state, a, {"merc": 2})
    ctx = Ctx(state, a)
    reinforcements.place(ctx, "merc", "sparta", 1)
    assert state["p"][a]["disp"] == {"merc": 1}
    assert "dispersed" in texts(ctx.events)


def test_unplaceable_reinforcements_are_dispersed():  # §3.3.5
    state = new(3, "up")
    a = state["gens"]["perdikkas"]["o"]
    placing_for(state, a, {"merc": 1})
    import core.games.successors.reinforcements as R
    orig_e, orig_f = R.eligible, R.fallback
    R.eligible = lambda *x, **k: []
    R.fallback = lambda *x, **k: []
    try:
        ctx = Ctx(state, a)
        assert R.settle(ctx)
    finally:
        R.eligible, R.fallback = orig_e, orig_f
    assert state["p"][a]["disp"] == {"merc": 1}


def test_reinforcements_are_placed_in_turn_order():  # §3.3.4
    state, _ = jump(new(3, "to"), 2)
    state = choose_order(state)
    assert state["phase"] == "reinforcements"
    order = []
    import random
    rnd = random.Random(3)
    while state["phase"] == "reinforcements":
        seat = only(state)
        if not order or order[-1] != seat:
            order.append(seat)
        state, _ = GAME.apply(state, seat, GAME.parse(GAME.sample(state, seat, rnd), private=True))
    assert order == [s for s in state["order"] if s in order]


# §3.4 Tyche deal
@pytest.mark.parametrize("n,hand,table", [(2, 5, 10), (3, 5, 5), (4, 5, 0), (5, 4, 0)])
def test_deal(n, hand, table):
    state = choose_order(new(n, "deal"))
    assert all(len(state["p"][s]["hand"]) == hand or s == state["order"][0] for s in state["seats"])
    assert len(state["table"]) == table
    assert len(state["deck"]) == 57 - n * hand - table


def test_deal_gathers_everything_but_removed_cards():  # §3.4
    state = new(3, "g")
    state["removed"] = [10]
    state["deck"] = [c for c in state["deck"] if c != 10]
    state, _ = jump(state, 2)
    state = run_until(state, lambda s: s["phase"] == "strategy")
    cards = state["deck"] + state["table"] + state["discard"] + sum((p["hand"] for p in state["p"].values()), [])
    assert sorted(cards) == [c for c in range(1, 58) if c != 10]


def test_deal_one_at_a_time_in_turn_order():  # §3.4
    import core.games.successors.sequence as S
    state = new(3, "one")
    state["order"] = list(state["seats"])
    ctx = Ctx(state)
    S.deal(ctx)
    shuffled = [e for e in ctx.events if e.kind == "roll"]
    assert shuffled
    # the first player got the 1st, 4th, 7th ... card: rebuild the shuffle
    state2 = new(3, "one")
    state2["order"] = list(state2["seats"])
    deck = Ctx(state2).shuffle(sorted(state2["deck"]))
    assert sorted(state["p"][state["order"][0]]["hand"]) == sorted(deck[0:15:3])


# §3.6 isolation
def test_isolation_phase_removes_isolated_pcs_in_turn_order():
    state = new(3, "iso")
    a = state["gens"]["perdikkas"]["o"]
    state["pcs"]["sparta"] = a                              # far from anything of A's
    state["phase"], state["step"] = "isolation", "start"
    ctx = Ctx(state)
    sequence.isolation(ctx)
    assert "sparta" not in state["pcs"]
    assert "Isolation" in texts(ctx.events)


# §3.7 end of turn
def test_burial_offered_at_end_of_turns_two_and_three():
    state = new(2, "bur")
    a = state["gens"]["perdikkas"]["o"]
    state["turn"] = 2
    state.update(phase="end_of_turn", step="burial", cur=0, order=[a, [s for s in state["seats"] if s != a][0]])
    ctx = Ctx(state)
    sequence.advance(ctx)
    assert GAME.prompts(state)[a].actions == ("bury", "pass")
    state2, ev = act(state, a, "bury")
    assert state2["body"] == {"st": "buried", "at": "babylon", "by": None}
    assert "guardian" in legitimacy.lp_parts(state2, a)
    state3, _ = act(state, a, "pass")
    assert state3["turn"] == 3 and state3["body"]["st"] == "cart"


def test_no_burial_offer_in_turn_one_or_four():
    state = new(2, "bur4")
    state.update(phase="end_of_turn", step="burial", cur=0, turn=4)
    ctx = Ctx(state)
    sequence.advance(ctx)
    assert state["turn"] == 5


def test_suspicion_ends_with_the_turn():
    state = new(3, "sus")
    s = state["seats"][0]
    state["p"][s]["suspicion"] = True
    assert legitimacy.lp_parts(state, s)["suspicion"] == -3
    state.update(phase="end_of_turn", step="close", cur=0, turn=2)
    sequence.advance(Ctx(state))
    assert state["p"][s]["suspicion"] is False


def test_turn_five_ends_the_game_by_vp():  # §3.7 item 3, §10.4
    state = new(3, "end")
    state.update(phase="end_of_turn", step="close", cur=0, turn=5)
    ctx = Ctx(state)
    sequence.advance(ctx)
    finished, winner, reason = GAME.outcome(state)
    assert finished and winner == max(state["seats"], key=lambda s: scoring.vp(state, s))
    assert "most VP" in reason
    assert GAME.prompts(state) == {}


def test_the_silver_shields_are_placed_whole_never_one_cu_here_and_one_there():  # §6.13, S35, §3.3.4
    """Seed 004 (14.2): «Серебряные щиты никогда не могут быть разделены». Dispersed Silver
    Shields come back as one marker: `place silver <space>` places both CUs, and a space with
    room for only one more CU is not offered for them."""
    state = new(3, "silver")
    a = state["gens"]["perdikkas"]["o"]
    placing_for(state, a, {"silver": 2, "merc": 1})
    reinforcements.place(Ctx(state, a), "merc", "uruk", 1)          # uruk: room for one more CU
    assert "uruk" not in reinforcements.options(state)["silver"][1]
    assert "place silver uruk" not in reinforcements.legal_lines(state)
    space = reinforcements.options(state)["silver"][1][0]
    reinforcements.place(Ctx(state, a), "silver", space)
    assert cus_at(state, space, a).get("silver") == 2 and "silver" not in state["placing"]["left"]
