"""§6.8 battle losses chosen by their owner: the game option `losses=ask` (§12 options) asks the
losing (and, on a small win, the winning) owner which CUs to lose; the standing order
(`losses …`) stays the first choice offered, and it is what a deadline plays. The same question
comes wherever else the rules say "owner's choice": §5.12, §5.7.3, §7.3, §8.1.3 (#8, §12.5), #54, #56."""
import random

from bot.service import Service
from bot.service.types import Command
from core.errors import RulesError
from core.game import Ctx
from core.games.successors import GAME, battles, flow, legitimacy, sequence
from core.games.successors.forces import cus_at, field_cus
from core.message import kept
from tests.successors.conftest import act, activate, battlefield, place_cus, put_gen
from tests.successors.test_successors_cards import tyche
from tests.successors.test_successors_sieges import besieger

ASK = {"losses": "ask"}


def to_losses(options=ASK, seed=0, limit=4000):
    """Random legal play until a seat is asked its battle losses; returns the state and the
    (seat, line, private) actions that led there."""
    state, _ = GAME.start(["p0", "p1", "p2"], dict(options), f"s{seed}")
    rnd = random.Random(seed)
    played = []
    for _ in range(limit):
        stack = state.get("stack") or []
        if stack and stack[-1]["kind"] == "losses" and "side" in stack[-1]:   # a battle's, not §5.12's
            return state, played
        prompts = GAME.prompts(state)
        assert prompts, "the game ended before a loss was asked"
        seat = rnd.choice(sorted(prompts))
        line = GAME.sample(state, seat, rnd)
        private = GAME.sent_privately(line, prompts[seat])
        state, _ = GAME.apply(state, seat, GAME.parse(line, private))
        played.append((seat, line, private))
    raise AssertionError("no loss was asked")


def asked(state):
    d = state["stack"][-1]
    return d["seat"], GAME.prompts(state)[d["seat"]]


def test_losses_ask_is_an_option_of_new_listed_with_its_section():
    assert "losses" in GAME.option_verbs and "§6.8" in GAME.option_verbs["losses"].help
    assert GAME.parse_options(["losses=ask"]) == {"losses": "ask"}
    plain, _ = GAME.start(["a", "b"], {}, "x")
    assert "losses" not in plain["options"]        # a game without the option keeps its old state


def test_6_8_with_losses_ask_the_owner_is_asked_before_the_battle_goes_on():
    state, _ = to_losses()
    seat, prompt = asked(state)
    assert list(GAME.prompts(state)) == [seat]     # nobody else decides while the losses are open
    assert len(prompt.actions) > 1 and all(line.startswith("lose ") for line in prompt.actions)
    assert "§6.8" in prompt.text
    assert state["battle"]["space"] == state["stack"][-1]["space"]


def test_6_8_the_standing_order_is_offered_first_and_is_the_deadline_default():
    state, _ = to_losses()
    seat, prompt = asked(state)
    d = state["stack"][-1]
    pool = flow._loss_pool(state, d)
    kinds = [k for k in ("merc", "mac", "royal", "silver", "eleph") if pool.get(k)]
    assert len(kinds) > 1
    for order in (kinds, list(reversed(kinds))):
        ordered, _ = act(state, seat, f"losses {' '.join(order)}")
        first = battles.loss_line(battles.pick_losses(pool, d["n"], tuple(order)))
        assert GAME.prompts(ordered)[seat].actions[0] == first
        assert GAME.rule_default(ordered, seat) == first
        assert GAME.default_action(ordered, seat) == first


def test_6_8_the_chosen_cus_are_the_ones_lost():
    state, _ = to_losses()
    seat, prompt = asked(state)
    d = state["stack"][-1]
    space = d["space"]
    before = dict(state["cus"][space][seat])
    line = prompt.actions[-1]                      # not the standing order's choice
    lost = {k: int(m) for k, m in (w.split("=") for w in line.split()[1:])}
    after, events = act(state, seat, line)
    have = after["cus"].get(space, {}).get(seat, {})
    moved_away = not have and not field_cus(after, space, seat)
    if not moved_away:                             # a retreat may have moved the survivors on
        for k, m in before.items():
            assert have.get(k, 0) == m - lost.get(k, 0), (k, before, have, lost)
    assert any("loses" in e.text and "§6." in e.text for e in events)


def test_6_8_a_choice_not_offered_is_refused_with_the_choices():
    state, _ = to_losses()
    seat, prompt = asked(state)
    n = state["stack"][-1]["n"]
    for bad in ("lose merc=9", "lose merc=0", f"lose silver={n + 3}", "lose perdikkas merc=1"):
        try:
            act(state, seat, bad)
        except RulesError as exc:
            assert exc.code == "LOSSES" and prompt.actions[0] in exc.message
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_6_8_once_every_owner_has_chosen_the_battle_is_over_and_play_goes_on():
    state, _ = to_losses()
    for _ in range(3):
        stack = state.get("stack") or []
        if not (stack and stack[-1]["kind"] == "losses"):
            break
        seat, prompt = asked(state)
        state, _ = act(state, seat, prompt.actions[0])
    assert "battle" not in state
    assert not [d for d in state.get("stack", []) if d["kind"] == "losses"]
    assert GAME.prompts(state) and not GAME.invariants(state)


def test_6_8_without_the_option_the_standing_order_applies_and_nobody_is_asked():
    rnd = random.Random(0)
    state, _ = GAME.start(["p0", "p1", "p2"], {}, "s0")
    for _ in range(800):
        if GAME.outcome(state)[0]:
            break
        prompts = GAME.prompts(state)
        seat = rnd.choice(sorted(prompts))
        assert not any(line.startswith("lose ") for line in prompts[seat].actions)
        line = GAME.sample(state, seat, rnd)
        state, _ = GAME.apply(state, seat, GAME.parse(line, GAME.sent_privately(line, prompts[seat])))
    assert state["counts"]["battles"] > 0


def test_6_8_at_the_deadline_the_service_plays_the_standing_order(store):
    """Through the service and real Redis: a game created with `losses=ask deadline=1h` reaches
    a battle; the owner does not answer; at the deadline his standing order is played through
    the ordinary command path and logged as the deadline's."""
    now = [1000.0]
    service = Service(store, remind_after=12 * 3600.0, clock=lambda: now[0])
    users = ["alice", "bob", "carol"]

    def say(user, text, private=False):
        return service.handle(Command("t", None if private else "d", user, text, name=user, private=private))
    assert say("alice", "/new successors seed=1 losses=ask deadline=1h").ok
    for user in users:
        assert say(user, "/join").ok
    assert say("alice", "/start").ok
    rec = store.load("t", "d", with_setup=True)
    options, seed = rec.setup["options"], rec.setup["seed"]
    assert options.get("losses") == "ask"
    user_of = {p["seat"]: p["user"] for p in rec.meta["players"]}
    # find, with the rules alone, a way to a battle whose losses are asked, then play it for real
    for attempt in range(10):
        state, played, rnd = rec.state, [], random.Random(attempt)
        while GAME.prompts(state):
            stack = state.get("stack") or []
            if stack and stack[-1]["kind"] == "losses":
                break
            prompts = GAME.prompts(state)
            seat = rnd.choice(sorted(prompts))
            line = GAME.sample(state, seat, rnd)
            private = GAME.sent_privately(line, prompts[seat])
            state, _ = GAME.apply(state, seat, GAME.parse(line, private))
            played.append((seat, line, private))
        else:
            continue
        break
    else:
        raise AssertionError(f"no loss asked with seed {seed}")
    for seat, line, private in played:
        reply = say(user_of[seat], f"/successors {line}", private)
        assert reply.ok, (line, reply.error)
    game, live, _ = service.state("t", "d")
    assert live["stack"] == state["stack"] and live["battle"] == state["battle"]
    owner = live["stack"][-1]["seat"]
    default = GAME.rule_default(live, owner)
    assert default and default.startswith("lose ")
    length = store.log_length("t", "d")
    now[0] += 3600 + 1
    replies = service.due_reminders("t")
    assert replies and any("Time is up" in line for r in replies for line in r.public)
    entry = store.log("t", "d", length, length)[0]
    assert entry["by"] == "deadline" and entry["seat"] == owner and entry["line"] == default


def to_force_loss(why, seeds=range(30)):
    """Random play with losses=ask until the moving force's owner is asked a loss of `why`."""
    for seed in seeds:
        state, _ = GAME.start(["a", "b", "c"], dict(ASK), f"s{seed}")
        rnd = random.Random(seed)
        for _ in range(4000):
            if GAME.outcome(state)[0]:
                break
            stack = state.get("stack") or []
            if stack and stack[-1]["kind"] == "losses" and kept(stack[-1].get("why")) == why:
                return state
            prompts = GAME.prompts(state)
            seat = rnd.choice(sorted(prompts))
            line = GAME.sample(state, seat, rnd)
            state, _ = GAME.apply(state, seat, GAME.parse(line, GAME.sent_privately(line, prompts[seat])))
    raise AssertionError(f"no {why} loss asked")


def check_force_loss(state, why):
    d = state["stack"][-1]
    seat, act = d["seat"], state["act"]
    prompt = GAME.prompts(state)[seat]
    assert seat == act["seat"] and why in prompt.text and len(prompt.actions) > 1
    assert GAME.rule_default(state, seat) == prompt.actions[0]
    line = prompt.actions[-1]
    (kind, m), = ((w.split("=")[0], int(w.split("=")[1])) for w in line.split()[1:])
    at, before = act["at"], dict(act["cus"])
    on_map = state["cus"][at][seat].get(kind, 0)
    after, events = act_line(state, seat, line)
    assert any(why in e.text and "loses" in e.text for e in events)
    assert after["cus"].get(at, {}).get(seat, {}).get(kind, 0) == on_map - m or after["act"] is None
    if after["act"] is not None and after["act"]["at"] == at:
        assert after["act"]["cus"].get(kind, 0) == before[kind] - m
    assert not [x for x in after.get("stack", []) if x is d] and not GAME.invariants(after)
    return after


def act_line(state, seat, line):
    return GAME.apply(state, seat, GAME.parse(line))


def test_5_12_with_losses_ask_the_owner_chooses_the_cu_stronghold_attrition_takes():
    state = to_force_loss("§5.12")
    after = check_force_loss(state, "§5.12")
    assert GAME.prompts(after)                             # the move goes on (or its encounter)


def test_5_7_3_with_losses_ask_the_owner_chooses_the_cu_lost_at_sea_and_the_activation_ends():
    state = to_force_loss("§5.7.3")
    fleets = len(state["p"][state["act"]["seat"]]["fleets"])
    seat = state["act"]["seat"]
    after = check_force_loss(state, "§5.7.3")
    assert after["act"] is None                            # its activation ends (§5.7.3)
    assert len(after["p"][seat]["fleets"]) <= fleets


# every other "owner's choice" of CUs lost asks him too (issue 12) --------------------------------
def ask_on(state):
    state["options"]["losses"] = "ask"
    return state


def asked_space_loss(state, seat, why, n=1):
    """The top decision asks `seat` for n of his CUs (a `space` loss, or the moving force's);
    its first line is his standing order's choice, and the deadline's."""
    d = state["stack"][-1]
    assert d["kind"] == "losses" and d["seat"] == seat and d["n"] == n and why in kept(d["why"])
    assert list(GAME.prompts(state)) == [seat]
    prompt = GAME.prompts(state)[seat]
    assert why in prompt.text and len(prompt.actions) > 1
    assert all(line.startswith("lose ") for line in prompt.actions)
    assert GAME.rule_default(state, seat) == prompt.actions[0]
    return prompt


def test_7_3_a_repulsed_assault_asks_the_moving_force_owner_which_cu(dice):
    """§7.3 Repulsed: "the assaulting side loses 1 of its CUs in the space (owner's choice)"."""
    state, a, b = besieger(cus={"merc": 2, "mac": 1})
    ask_on(state)
    state = activate(state, a, dice)
    dice.append(1)
    state, ev = act_line(state, a, "assault")
    prompt = asked_space_loss(state, a, "§7.3")
    assert prompt.actions == ("lose merc=1", "lose mac=1")          # the standing order: weakest first
    assert state["cus"]["larisa"][a] == {"merc": 2, "mac": 1}       # nothing lost before he chooses
    state, ev = act_line(state, a, "lose mac=1")
    assert state["cus"]["larisa"][a] == {"merc": 2} and state["act"]["cus"] == {"merc": 2}
    assert any("loses" in e.text and "§7.3" in e.text for e in ev)
    assert not state["stack"] and "assault" in GAME.prompts(state)[a].actions   # his activation goes on


def test_7_3_a_repulsed_surrender_roll_asks_and_then_the_segment_goes_on(dice):
    """§7.3 on the Surrender roll of §4.3 C: his CUs in the space, his choice; the segment goes on."""
    state, a, b = besieger("lamia", cus={"merc": 1, "mac": 1})
    ask_on(state)
    state.update(segment="surrender", sroll=False)
    sequence.advance(Ctx(state))
    dice.append(1)
    state, _ = act_line(state, a, "assault lamia")
    asked_space_loss(state, a, "§7.3")
    assert state["segment"] == "surrender"
    state, _ = act_line(state, a, "lose mac=1")
    assert state["cus"]["lamia"][a] == {"merc": 1}
    assert state["segment"] in ("tyche", "activation")               # no Surrender roll left: it ended


def test_8_1_3_epidemic_attrition_asks_the_owner_which_cus(dice):
    """§8.1.3 "The owner chooses which CUs are lost", rolled for #8 Epidemic."""
    state, order = tyche([8])
    a, b = order[0], order[1]
    ask_on(state)
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=3, mac=3)
    dice.append(5)                                                   # 5 + 1 (6 CUs) = 6: lose 3
    state, _ = act_line(state, a, f"play 8 event amphipolis {b}")
    prompt = asked_space_loss(state, b, "§8.1.3", n=3)
    assert prompt.actions[0] == "lose merc=3" and "lose merc=1 mac=2" in prompt.actions
    state, ev = act_line(state, b, "lose merc=1 mac=2")
    assert cus_at(state, "amphipolis", b) == {"merc": 2, "mac": 1}
    assert any("§8.1.3" in e.text and "loses" in e.text for e in ev) and not state["stack"]


def test_12_5_desert_attrition_asks_the_owner_which_cu(dice):
    """§12.5 desert attrition rolls on §8.1.3: the owner chooses."""
    state, order = battlefield(2, "ds")
    ask_on(state)
    state["options"]["desert"] = True
    a = order[0]
    put_gen(state, f"{a}1", a, "palmyra")
    place_cus(state, "palmyra", a, merc=2, mac=1)
    dice += [1, 3]                                                  # MP roll, then attrition 3: lose 1
    state, _ = act_line(state, a, f"activate {a}1")
    state, _ = act_line(state, a, "stop")
    asked_space_loss(state, a, "§12.5")
    state, _ = act_line(state, a, "lose mac=1")
    assert cus_at(state, "palmyra", a) == {"merc": 2} and not state["stack"]


def test_card_54_mutiny_asks_which_macedonian_or_royal_cus_desert():
    """#54 Mutiny: "he loses min(N, 3) of that army's Loyal Macedonian or Royal CUs (his
    choice); Royal CUs lost this way leave the game"."""
    state, order = tyche([54])
    a, b = order[0], order[1]
    ask_on(state)
    state["p"][b]["champion"] = False
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, mac=2, royal=2, merc=1)
    n = min(legitimacy.lp(state, a) - legitimacy.lp(state, b), 3)
    assert n >= 1
    state, _ = act_line(state, a, f"play 54 event amphipolis {b}")
    prompt = asked_space_loss(state, b, "#54", n=n)
    assert not any("merc" in line for line in prompt.actions)       # only Macedonian or Royal CUs
    gone = state["gone_cus"].get("royal", 0)
    line = next(x for x in prompt.actions if "royal" in x)
    state, _ = act_line(state, b, line)
    left = cus_at(state, "amphipolis", b)
    assert sum(left.values()) == 5 - n and left["merc"] == 1
    assert state["gone_cus"].get("royal", 0) - gone == 2 - left.get("royal", 0)


def test_card_56_scorched_earth_asks_each_army_with_a_choice_and_not_the_others():
    """#56 Scorched Earth: "Every army of another player in it with 4 or more CUs loses 1 CU
    (owner's choice)"; an army of one CU type has no choice and is not asked."""
    state, order = tyche([56])
    a, b, c = order
    ask_on(state)
    state["pcs"]["pella"] = a
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=2, mac=2)
    put_gen(state, f"{c}1", c, "pydna")
    place_cus(state, "pydna", c, merc=4)
    state, _ = act_line(state, a, "play 56 event MAC")
    assert cus_at(state, "pydna", c) == {"merc": 3}                   # no choice: lost at once
    asked_space_loss(state, b, "#56")
    state, _ = act_line(state, b, "lose mac=1")
    assert cus_at(state, "amphipolis", b) == {"merc": 2, "mac": 1} and not state["stack"]


def test_8_1_3_the_standing_order_is_the_first_choice_and_the_deadline_default(dice):
    """With a standing order (`losses mac merc`), a `space` loss offers it first; the deadline
    plays it; a choice not offered is refused."""
    state, order = tyche([8])
    a, b = order[0], order[1]
    ask_on(state)
    state["p"][b]["loss_order"] = ["mac", "merc"]
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=2, mac=2)
    dice.append(3)                                                   # 3: lose 1
    state, _ = act_line(state, a, f"play 8 event amphipolis {b}")
    prompt = asked_space_loss(state, b, "§8.1.3")
    assert prompt.actions[0] == "lose mac=1" == GAME.rule_default(state, b)
    try:
        act_line(state, b, "lose merc=2")
    except RulesError as exc:
        assert exc.code == "LOSSES"
    else:
        raise AssertionError("two CUs were accepted for one")


def test_card_23_veterans_return_home_has_no_choice_and_asks_nobody():
    """#23 names the CU type lost (a Loyal Macedonian, else a Royal): no owner's choice."""
    state, order = tyche([23])
    a, b = order[0], order[1]
    ask_on(state)
    put_gen(state, f"{b}1", b, "amphipolis")
    place_cus(state, "amphipolis", b, merc=2, mac=2)
    state, _ = act_line(state, a, f"play 23 event amphipolis {b}")
    assert cus_at(state, "amphipolis", b) == {"merc": 2, "mac": 1}
    assert not [d for d in state.get("stack", []) if d["kind"] == "losses"]
