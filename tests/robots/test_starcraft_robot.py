"""The StarCraft robot's kit (issue #22): determinization from a seat's view, the value, and
a decision that hidden information cannot change."""
import random

from core.game import copy_state
from core.games.starcraft.board import BOARD
from core.games.starcraft.robot import KIT, StarCraftKit, aldaris_share, execution_lines, one_ply, strength
from core.registry import get_game
from robots.levels import LEVELS
from robots.players import RobotPlayer
from tests.robots.positions import determinized_views_hold, finished, positions
from tests.starcraft.conftest import act, base, cards, clear, execution_with, put, started

GAME = get_game("starcraft")
OPTIONS = {"factions": "random"}


def deciding(players: int, seed: int, kinds: tuple[str, ...]):
    """Positions where the seat to move faces one of `kinds` of decision with a real choice."""
    for state, seat in positions(GAME, players, seed, every=2, games=6, options=OPTIONS):
        if GAME.state_key(state) in kinds and len(KIT.candidates(
                state, seat, GAME.prompts(state)[seat], random.Random(0))) >= 2:
            yield state, seat


def hide_differently(state: dict, seat: str) -> dict:
    """The same table for `seat`, other secrets (§14): every opponent's combat hand swapped with
    his deck, his face-down orders of another type, his event cards traded with the deck's of
    the same stage, and another dice seed."""
    other = copy_state(state)
    other["rng"]["seed"] = "hidden-elsewhere"
    for s, p in other["p"].items():
        if s == seat or not p["faction"]:
            continue
        n = min(len(p["hand"]), len(p["deck"]))
        p["hand"][:n], p["deck"][:n] = p["deck"][:n], p["hand"][:n]
        for i, e in enumerate(p["events"]):
            swap = next((j for j, d in enumerate(other["event_deck"])
                         if BOARD.events[d]["stage"] == BOARD.events[e]["stage"]), None)
            if swap is not None:
                p["events"][i], other["event_deck"][swap] = other["event_deck"][swap], e
    for stack in other["stacks"].values():
        for o in stack:
            if o["owner"] != seat:
                o["type"] = {"mobilize": "build", "build": "research", "research": "mobilize"}[o["type"]]
    return other


def test_determinize_keeps_the_view_and_plays_on_legally():
    """§14: a determinization shows the seat the same table and deals every hidden card exactly
    once (the invariants), and the rules play on from it."""
    # every 40th position: a game of rules 2 lasts ~6 rounds (rules 1: 2), so every 5th took 27 s
    assert determinized_views_hold(GAME, StarCraftKit(), (2, 4, 6), every=40, games=2, steps=10, options=OPTIONS) > 150


def test_determinize_keeps_the_event_stages_and_deals_hands_from_the_unseen():
    """§3.6–§3.7: the event deck keeps its stages in order (I on top, III at the bottom) and
    their counts; an opponent's hand is drawn from his faction's cards, never the seat's."""
    state, seat = next(deciding(3, 5, ("execution",)))
    det = KIT.determinize(GAME.view(state, seat), seat, random.Random(3))
    stages = [BOARD.events[e]["stage"] for e in det["event_deck"]]
    assert stages == sorted(stages) and stages == [BOARD.events[e]["stage"] for e in state["event_deck"]]
    for s, p in det["p"].items():
        assert sorted(p["hand"] + p["deck"] + p["discard"]) == sorted(
            state["p"][s]["hand"] + state["p"][s]["deck"] + state["p"][s]["discard"])
        assert len(p["hand"]) == len(state["p"][s]["hand"]) and len(p["events"]) == len(state["p"][s]["events"])
    assert det["p"][seat]["hand"] == sorted(state["p"][seat]["hand"])


def test_the_same_view_and_seed_give_the_same_decision_whatever_is_hidden():
    """Issue #22: two states equal in the seat's view and different in the opponents' hands,
    face-down orders, event cards and the dice seed (§14): the robot, with the same seed and
    iteration cap, decides the same, in the Planning and the Execution phases."""
    compared = set()
    for state, seat in deciding(2, 8, ("planning", "execution")):
        other = hide_differently(state, seat)
        if other == {**state, "rng": other["rng"]}:
            continue                                  # nothing hidden to change yet
        assert GAME.view(other, seat) == GAME.view(state, seat)
        decisions = [RobotPlayer(budget=None, iterations=20, depth=6, kit=StarCraftKit()).decide(
            GAME, GAME.view(s, seat), seat, random.Random(11)) for s in (state, other)]
        assert decisions[0] == decisions[1]
        compared.add(GAME.state_key(state))
        if compared == {"planning", "execution"}:
            break
    assert compared == {"planning", "execution"}


def test_evaluate_is_one_for_the_winner_and_zero_for_the_losers():
    """§10 steps 6–8, §12: a finished game is worth 1 to its winner and 0 to every other seat."""
    for seed, players in ((1, 2), (2, 3), (3, 5)):
        state = finished(GAME, players, seed, options=OPTIONS)
        winner = GAME.outcome(state)[1]
        assert [KIT.evaluate(state, s) for s in state["seats"]] == [1.0 if s == winner else 0.0
                                                                  for s in state["seats"]]


def test_evaluate_prefers_conquest_points_and_stays_inside_zero_and_one():
    """§10 step 5–6: conquest points win; one player ahead in CP is worth more to himself, and
    an unfinished game is never valued as won or lost."""
    state, seat = next(deciding(3, 4, ("execution",)))
    before = KIT.evaluate(state, seat)
    ahead = copy_state(state)
    ahead["p"][seat]["cp"] += 3
    assert strength(ahead, seat) > strength(state, seat)
    assert 0.0 < before < KIT.evaluate(ahead, seat) < 1.0



def test_execution_lines_fill_the_build_slots_and_the_root_ranks_them_above_a_discard():
    """§7.2.1: a Build order with a base buys up to 2 unit slots; the robot's lines include builds
    filling both slots, and the root's one-ply look ranks a legal build of units above the
    discard (§6.2) of the same order."""
    s = started(2, ["raynor", "tassadar"])
    s = execution_with(s, {"MAR": [("P1", "build", False)], "BRA": [("P2", "research", False)]})
    lines = execution_lines(s, "P1", random.Random(0))
    assert "discard MAR" in lines
    assert any(line.startswith("resolve MAR build") and line.count(",") >= 1 for line in lines)
    kit = StarCraftKit()
    ranked = kit.root_candidates(s, "P1", GAME.prompts(s)["P1"], random.Random(0))
    assert ranked[0].startswith("resolve MAR build")
    act(s, "P1", ranked[0])                       # legal as ranked
    values = kit.line_values(s, "P1", GAME.prompts(s)["P1"], ranked)
    assert set(values) == set(ranked) and values[ranked[0]] == max(values.values())


def test_a_placement_is_worth_what_its_order_would_do_resolved_now():
    """§5, §7.2.2: Planning shows nothing of a face-down order, so the robot values a placement
    by the best resolution of that order now. A Build where the seat holds an area without a base
    and can pay for one (3M 1G) is worth the base; a Build where it holds nothing can only be
    discarded, and is worth no more than the position."""
    s = clear(started(2, ["raynor", "tassadar"]))
    base(s, "MAR.A", "P1")
    put(s, "MAR.A", "P1", "marine")
    put(s, "CHR.C", "P1", "marine")
    put(s, "BRA.A", "P2", "zealot")
    base(s, "BRA.A", "P2")
    cards(s, "P1", "MAR.A", "MAR.C", "PERM-RAY")
    kit = StarCraftKit()
    lines = [f"order build {pl}" for pl in ("CHR", "KOR")]
    values = kit.order_values(s, "P1", lines)
    assert values["order build CHR"] > kit.evaluate(s, "P1") >= values["order build KOR"]
    looked = execution_with(dict(s), {"CHR": [("P1", "build", False)], "BRA": [("P2", "research", False)]})
    after, _ = act(looked, "P1", "resolve CHR base CHR.C")
    assert values["order build CHR"] == kit.evaluate(after, "P1")


def test_aldaris_counts_on_the_end_only_while_he_holds_three_quarters_of_the_leaders_cp():
    """§2.1 (rules 2): Aldaris wins by the second The End Draws Near only with ¾ of the CP of the
    leader among the others; the robot's value of that end falls to nothing below it, and rules 1
    (a base is enough) keeps it whole."""
    s = clear(started(2, ["raynor", "aldaris"]))
    base(s, "BRA.A", "P2")
    put(s, "MAR.A", "P1", "marine")
    s["p"]["P1"]["cp"], s["p"]["P2"]["cp"] = 12, 9
    assert aldaris_share(s, "P2") == 1.0
    s["set_aside"] = ["EV29"]                      # one copy played: the end is near
    near = strength(s, "P2")
    s["p"]["P2"]["cp"] = 5                         # 4 CP short of 9
    assert aldaris_share(s, "P2") == 0.0
    assert near - strength(s, "P2") > 4            # more than the 4 CP he lost
    s.pop("rules")
    assert aldaris_share(s, "P2") == 1.0


def test_a_leaf_whose_battle_waits_for_cards_is_valued_once_the_battle_is_fought():
    """§9.2: a Mobilize into an enemy's area starts a battle that waits for both sides' face-down
    cards. The search values such a leaf as the root's look does (`one_ply`): the battle fought,
    each side playing its strongest card; valued pending, the fight's outcome counted for nothing."""
    s = clear(started(2, ["raynor", "queen"]))
    put(s, "MAR.A", "P1", "marine", 2)
    put(s, "MAR.B", "P2", "zergling")
    base(s, "MAR.A", "P1")
    base(s, "BRA.A", "P2")
    s = execution_with(s, {"MAR": [("P1", "mobilize", False)], "BRA": [("P2", "research", False)]})
    line = "resolve MAR move 2 marine MAR.A MAR.B"
    pending, _ = act(s, "P1", line)
    assert pending["pend"][-1]["kind"] == "card" and pending["battle"]
    leaf = KIT.settled(pending)
    assert leaf["battle"] is None and not any(p["kind"] == "card" for p in leaf["pend"])
    assert [u["owner"] for u in leaf["areas"]["MAR.B"]["units"]] == ["P1"]     # the marines took the area
    assert KIT.evaluate(leaf, "P1") == one_ply(KIT, s, "P1", line) > KIT.evaluate(pending, "P1")
    assert KIT.settled(leaf) is leaf                                          # nothing waits: the leaf itself


def test_planning_is_decided_by_the_look_and_execution_by_the_search():
    """§5–§6: an order placed in Planning is face down and does nothing until Execution, which
    the search's leaves, a few placements on, never reach: there the root's look (what each order
    would do resolved now) decides, as level 3's (one ply) does, and no iteration is spent; in
    Execution the search (level 4) runs its iterations."""
    one_ply, searching = (RobotPlayer.at(LEVELS[n], timed=False) for n in (3, 4))
    planned = executed = 0
    for state, seat in deciding(2, 5, ("planning", "execution")):
        view = GAME.view(state, seat)
        line = searching.decide(GAME, view, seat, random.Random(1))
        if GAME.state_key(state) == "planning":
            assert searching.last.iterations == 0
            assert line == one_ply.decide(GAME, view, seat, random.Random(1))
            planned += 1
        elif searching.last.visits:
            assert searching.last.iterations == LEVELS[4].iterations
            executed += 1
        if planned >= 3 and executed >= 3:
            break
    assert planned >= 3 and executed >= 3
