"""The Successors robot's kit (issue #22): determinization from a seat's view, the value, the
lines it searches, and a decision that hidden information cannot change."""
import random

from core.game import copy_state
from core.games.successors import flow
from core.games.successors.robot import KIT, SuccessorsKit
from core.registry import get_game
from robots.players import RobotPlayer
from robots.search import Search, Settings
from tests.robots.positions import determinized_views_hold, finished, positions

GAME = get_game("successors")


def hidden_cards(state: dict, seat: str) -> dict:
    """What `seat` cannot see: the others' hands and standing orders, the deck, the table."""
    return {"hands": {s: sorted(p["hand"]) for s, p in state["p"].items() if s != seat},
            "armed": {s: p.get("armed") for s, p in state["p"].items() if s != seat},
            "deck": list(state["deck"]), "table": list(state["table"]), "rng": state["rng"]}


def tyche_positions(players: int, seed: int):
    """Positions where the seat to move plays a card in its Tyche segment (§4.4): the hands matter."""
    for state, _ in positions(GAME, players, seed, every=5, games=4):
        if flow.current(state) == "tyche":
            seat = next(iter(GAME.prompts(state)))
            yield state, seat


def test_determinize_keeps_the_view_and_plays_on_legally():
    """§3.4, §4.7, §11: the hands, the deck, the face-down table cards and the armed Surprise cards
    are hidden; a determinization shows the seat the same game, holds every Tyche card exactly
    once (the invariants), and the rules play on from it."""
    assert determinized_views_hold(GAME, KIT, (2, 3, 5), every=53, games=1, steps=6) > 40


def test_determinize_deals_the_unseen_cards_anew():
    """§3.4: the others' hands and the deck are drawn from the cards the seat has not seen, so two
    seeds deal differently, and no card the seat holds or saw discarded goes to anyone else."""
    state, seat = next(tyche_positions(3, 1))
    view = GAME.view(state, seat)
    one, two = (KIT.determinize(view, seat, random.Random(s)) for s in (1, 2))
    assert hidden_cards(one, seat) != hidden_cards(two, seat)
    known = set(state["p"][seat]["hand"]) | set(state["discard"]) | set(state["removed"])
    for det in (one, two):
        assert sorted(det["p"][seat]["hand"]) == sorted(state["p"][seat]["hand"])
        dealt = set(det["deck"]) | set(det["table"])
        for s in det["seats"]:
            if s != seat:
                dealt |= set(det["p"][s]["hand"])
        assert not dealt & known


def other_world(state: dict, seat: str, rnd: random.Random) -> dict:
    """The same game as `seat` sees it, with everything it cannot see changed: the others' hands
    swapped with the deck's cards, the deck and table reshuffled, another dice seed."""
    other = copy_state(state)
    pool = list(other["deck"]) + list(other["table"])
    for s in other["seats"]:
        if s != seat:
            pool += other["p"][s]["hand"]
            other["p"][s].pop("armed", None)
    rnd.shuffle(pool)
    for s in other["seats"]:
        if s != seat:
            n = len(other["p"][s]["hand"])
            other["p"][s]["hand"], pool = pool[:n], pool[n:]
    n = len(other["table"])
    other["table"], other["deck"] = pool[:n], pool[n:]
    other["rng"] = {"seed": "another-seed", "n": 7}
    return other


class Cheat(SuccessorsKit):
    """A kit that reads the true state instead of drawing one: what the robot must never be."""

    def __init__(self, state: dict):
        self.state = state

    def determinize(self, view, seat, rnd):
        return copy_state(self.state)


def test_a_robot_decides_the_same_when_only_hidden_information_differs():
    """Issue #22: two states equal in the seat's view and different in the others' hands, the deck,
    the table and the dice seed; the same random seed and iteration cap → the same decision,
    with the same search statistics (the search never reads the state)."""
    checked = 0
    for state, seat in tyche_positions(3, 5):
        other = other_world(state, seat, random.Random(checked))
        assert hidden_cards(state, seat) != hidden_cards(other, seat)     # the test can fail
        assert GAME.view(state, seat) == GAME.view(other, seat)
        decisions = []
        for world in (state, other):
            robot = RobotPlayer(budget=None, iterations=25, depth=6)
            line = robot.decide(GAME, GAME.view(world, seat), seat, random.Random(11))
            decisions.append((line, robot.last.visits))
        assert decisions[0] == decisions[1]
        assert robot.last.iterations == 25 and len(robot.last.visits) >= 2
        # the comparison has teeth: count only positions where a search that read the state would
        # think differently (in some, the hidden cards change nothing even for a cheat)
        cheats = [Search(Cheat(world), Settings(budget=None, iterations=25, depth=6)).decide(
            GAME.view(world, seat), seat, random.Random(11)).visits for world in (state, other)]
        if cheats[0] == cheats[1]:
            continue
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_evaluate_is_one_for_a_win_and_zero_for_a_loss():
    """§10: a finished game is worth 1 to its winner and 0 to the others; a game in progress is
    between, and higher for the seat with more LP + VP."""
    state = finished(GAME, 3, seed=2)
    winner = GAME.outcome(state)[1]
    winners = winner if isinstance(winner, list) else [winner]
    for seat in state["seats"]:
        assert KIT.evaluate(state, seat) == (1 / len(winners) if seat in winners else 0.0)
    for state, _ in positions(GAME, 3, seed=3, every=97, games=1):
        values = KIT.evaluate_all(state)
        scores = KIT.scores(state)
        assert all(0 < v < 1 for v in values.values())
        leader = max(scores, key=scores.get)
        assert values[leader] == max(values.values())


def test_candidates_offer_the_op_uses_of_a_tyche_segment():
    """§4.4: besides the prompt's complete lines (events, training, fleets, arming), the Tyche
    segment's OP uses with free arguments — PCs, a march, a recruit — are searched too, and each
    is legal."""
    state, seat = next(tyche_positions(2, 7))
    prompt = GAME.prompts(state)[seat]
    lines = KIT.candidates(state, seat, prompt, random.Random(0))
    assert set(prompt.actions) | set(prompt.private) <= set(lines)
    extra = [line for line in lines if line not in prompt.actions and line not in prompt.private]
    assert any(" pc " in line for line in extra) and any(" march " in line for line in extra)
    for line in extra:
        GAME.apply(state, seat, GAME.parse(line, private=GAME.sent_privately(line, prompt)))



def test_the_cart_nearer_pella_is_worth_more_to_its_controller_while_a_burial_can_come():
    """§9.6.3–§9.6.4, §10.1: the Pella burial (10 LP) is the legitimacy victory's road, and the Cart
    reaches Pella only over several activations, so the kit values the Cart to its controller by
    its steps to Pella (`pella_pull`) in Turns I–III, and not after (no burial is possible then)."""
    from core.games.successors.legitimacy import body_controller
    from core.games.successors.robot import TO_PELLA, pella_pull

    state = GAME.setup(["x", "y"], {}, "pella")
    assert state["body"]["st"] == "cart" and state["turn"] == 1
    owner, at = body_controller(state), state["body"]["at"]
    far = max(TO_PELLA, key=TO_PELLA.get)
    assert 0 < pella_pull(far) <= pella_pull(at) < pella_pull("pella")
    late = copy_state(state)
    late["turn"] = 4                              # §9.6.3: a burial in Turns II and III only
    pulled = KIT.scores(state)[owner] - KIT.scores(late)[owner]
    assert abs(pulled - pella_pull(at)) < 1e-9
    other = next(s for s in state["seats"] if s != owner)
    assert KIT.scores(state)[other] == KIT.scores(late)[other]


def test_a_one_ply_robot_marches_the_cart_towards_pella_in_turn_ii():
    """§9.6.3–§9.6.4, §4.5: starting a march changes nothing by itself, so the one-ply look values
    `activate G` by its best first step (`line_values`); with the Cart's pull, the robots of level 3
    (one ply) take the Cart out of Babylon towards Pella in Turn II instead of standing still."""
    from core.games.successors.robot import TO_PELLA
    from robots.levels import LEVELS

    state = GAME.setup(["x", "y"], {}, "ladder35-0")
    rnd = random.Random("ladder35-0")
    robots = {seat: RobotPlayer.at(LEVELS[3], timed=False) for seat in state["seats"]}
    start = TO_PELLA[state["body"]["at"]]
    for _ in range(3000):
        prompts = GAME.prompts(state)
        if not prompts or state["turn"] > 2 or TO_PELLA.get(state["body"]["at"], start) < start:
            break
        seat = sorted(prompts)[0]
        line = robots[seat].decide(GAME, GAME.view(state, seat), seat, rnd)
        state = GAME.apply(state, seat, GAME.parse(line, private=GAME.sent_privately(line, prompts[seat])))[0]
    assert state["turn"] == 2 and state["body"]["st"] == "cart"
    assert TO_PELLA[state["body"]["at"]] < start          # the Cart left Babylon for Pella in Turn II
