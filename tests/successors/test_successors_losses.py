"""§6.8 battle losses chosen by their owner: the game option `losses=ask` (§12 options) asks the
losing (and, on a small win, the winning) owner which CUs to lose; the standing order
(`losses …`) stays the first choice offered, and it is what a deadline plays."""
import random

from bot.replies import Command
from bot.service import Service
from core.errors import RulesError
from core.games.successors import GAME, battles, flow
from core.games.successors.forces import field_cus
from tests.successors.conftest import act

ASK = {"losses": "ask"}


def to_losses(options=ASK, seed=0, limit=4000):
    """Random legal play until a seat is asked its battle losses; returns the state and the
    (seat, line, private) actions that led there."""
    state, _ = GAME.start(["p0", "p1", "p2"], dict(options), f"s{seed}")
    rnd = random.Random(seed)
    played = []
    for _ in range(limit):
        stack = state.get("stack") or []
        if stack and stack[-1]["kind"] == "losses":
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


def to_force_loss(why, seeds=range(12)):
    """Random play with losses=ask until the moving force's owner is asked a loss of `why`."""
    for seed in seeds:
        state, _ = GAME.start(["a", "b", "c"], dict(ASK), f"s{seed}")
        rnd = random.Random(seed)
        for _ in range(4000):
            if GAME.outcome(state)[0]:
                break
            stack = state.get("stack") or []
            if stack and stack[-1]["kind"] == "losses" and stack[-1].get("why") == why:
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
