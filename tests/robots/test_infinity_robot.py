"""The Infinity robot's kit (issue #22): determinization of the opponent's hidden deployment
and Lieutenant, legal placements in every position, the deployment score, and a decision
that hidden information cannot change."""
import random

import pytest

from core.game import copy_state
from core.games.infinity import GAME, placement
from core.games.infinity.deployment import STEPS, pending, step_owner
from core.games.infinity.robot import (
    KIT,
    SPREAD_WEIGHT,
    InfinityKit,
    Worth,
    _crowding,
    deployment_score,
    placement_lines,
)
from robots.players import RandomPlayer, RobotPlayer
from tests.infinity.support import act, deploy_state, trooper
from tests.robots.positions import play_line, positions, random_step

A_LINES = ("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=11; s=2", "Hacker; wip=13; ph=10; s=2",
           "Trooper; wip=12; ph=10; s=2; skills=fd1")
B_LINES = ("Alguacil; wip=13; ph=10; s=2", "Paramedic; wip=12; ph=10; s=2")
B_HIDDEN = ("Ghost; wip=13; ph=11; s=2; skills=hd",)


def b_has_deployed(lieutenant: str = "BH1") -> dict:
    """B (Player 1, north) has placed a public trooper and his hidden one and kept a reserve;
    A's step 2 begins (§7.2–§7.3)."""
    state = deploy_state(A_LINES, B_LINES, b_hidden=B_HIDDEN, lt=("A1", lieutenant), p1="B")
    state, _ = act(state, "B", "place B1 20 40")
    state, _ = act(state, "B", "place BH1 30 42", private=True)
    state, _ = act(state, "B", "done")
    assert GAME.prompts(state).keys() == {"A"}
    return state


def test_determinize_keeps_the_view_and_plays_on_legally():
    """§11: a determinization shows the seat the same table; the opponent's hidden troopers it
    invents stand legally (the invariants) and the rules play on from it to the end."""
    checked = 0
    for seed in range(4):
        for n, (state, _) in enumerate(positions(GAME, 2, seed=seed, every=3, games=2)):
            for seat in ("A", "B"):
                view = GAME.view(state, seat)
                det = InfinityKit().determinize(view, seat, random.Random(n))
                assert GAME.view(det, seat) == view
                assert GAME.invariants(det) == []
                rnd = random.Random(n)
                while GAME.prompts(det):
                    det, _ = random_step(GAME, det, rnd)
                assert det["phase"] == "complete"
                checked += 1
    assert checked > 50


def test_determinize_gives_the_opponent_a_lieutenant_of_the_rolled_wip():
    """§5, §9.5: the Lieutenant's WIP is public after the Initiative Roll, the trooper is not;
    the sampled one matches it, hidden or public, and the seat's own stays as it is."""
    state = b_has_deployed()
    for k in range(10):
        det = KIT.determinize(GAME.view(state, "A"), "A", random.Random(k))
        lts = [t for t in det["rosters"]["B"] if t["lt"]]
        assert len(lts) == 1 and lts[0]["wip"] == state["lt_wip"]["B"]
        assert [t["id"] for t in det["rosters"]["A"] if t["lt"]] == ["A1"]


def test_the_same_view_and_seed_give_the_same_decision_whatever_is_hidden():
    """Issue #22: the opponent's hidden trooper elsewhere, another Lieutenant of the same WIP and
    another dice seed (§9.5, §11) leave the seat's view as it is, and the robot's placement too."""
    state = b_has_deployed(lieutenant="BH1")
    other = b_has_deployed(lieutenant="B1")
    trooper(other, "B", "BH1")["placed"].update(x=8.5, y=45.0)
    other["rng"]["seed"] = "hidden-elsewhere"
    assert GAME.view(other, "A") == GAME.view(state, "A") and other != state
    decisions = [RobotPlayer(budget=None, iterations=30, depth=6, kit=InfinityKit()).decide(
        GAME, GAME.view(s, "A"), "A", random.Random(5)) for s in (state, other)]
    assert decisions[0] == decisions[1] and decisions[0].startswith("place A")


ROBOT_LINES = A_LINES + ("Infiltrator; wip=12; ph=13; s=2; skills=inf", "Jumper; wip=12; ph=11; s=2; skills=ad",
                        "Forward; wip=12; ph=10; s=3; skills=fd2")
ROBOT_HIDDEN = ("Shade; wip=13; ph=12; s=2; skills=hd,inf",)


def play_out(state: dict, players: dict, rnd: random.Random) -> dict:
    """Every decision by its player from the seat's view; a refused line raises (play_line)."""
    while GAME.prompts(state):
        seat = sorted(GAME.prompts(state))[0]
        state = play_line(GAME, state, seat, players[seat].decide(GAME, GAME.view(state, seat), seat, rnd))
    return state


@pytest.mark.parametrize("mission", ["frontline", "crossfire"])
@pytest.mark.parametrize("p1", ["A", "B"])
@pytest.mark.parametrize("zone", ["south", "north"])
def test_the_robot_deploys_every_trooper_legally_in_every_position(mission, p1, zone):
    """§7–§9: first or second, north or south, on both missions, the robot places every trooper
    (Forward Deployment, Infiltration, Airborne and a hidden one among them) with lines the rules
    accept, and none is left pending at the end."""
    state = deploy_state(ROBOT_LINES, B_LINES, a_hidden=ROBOT_HIDDEN, b_hidden=B_HIDDEN, lt=("A1", "B1"),
                         mission=mission, p1=p1)
    if state["zone_of"]["A"] != zone:                   # the winner of the roll chose the zones
        state["zone_of"] = {"A": zone, "B": "north" if zone == "south" else "south"}
    players = {"A": RobotPlayer(budget=None, iterations=6, depth=4, kit=InfinityKit()),
               "B": RandomPlayer(InfinityKit())}
    state = play_out(state, players, random.Random(mission + p1 + zone))
    assert state["phase"] == "complete" and GAME.invariants(state) == []
    mine = state["rosters"]["A"]
    assert all(t["placed"] or t["airborne"] or t["withdrawn"] for t in mine)
    assert sum(1 for t in mine if t["placed"]) >= len(mine) - 2


@pytest.mark.parametrize("mission", ["frontline", "crossfire"])
def test_the_robot_plays_a_whole_game_from_the_rosters(mission):
    """§3–§6 then §7–§9: from the rosters, the roll and the choice of Initiative or Deployment to
    the end of deployment, in either seat, every line of the robot is accepted."""
    for robot in ("A", "B"):
        state = GAME.setup(["x", "y"], {"mission": mission}, f"whole-{mission}-{robot}")
        players = {s: RobotPlayer(budget=None, iterations=6, depth=4, kit=InfinityKit()) if s == robot
                   else RandomPlayer(InfinityKit()) for s in "AB"}
        state = play_out(state, players, random.Random(robot))
        assert state["phase"] == "complete" and GAME.invariants(state) == []
        assert not any(t["placed"] is None and not t["airborne"] and not t["withdrawn"]
                       for t in state["rosters"][robot])


def test_placement_lines_are_legal_and_keep_the_reserve_rule():
    """§7.2, §8: in step 1–2 every line searched is accepted, and `done` is offered only with
    one trooper left."""
    state = b_has_deployed()
    lines = placement_lines(state, "A", random.Random(1))
    assert lines and "done" not in lines
    for line in lines:
        play_line(GAME, state, "A", line)
    for t in state["rosters"]["A"][:3]:
        state = play_line(GAME, state, "A", next(x for x in placement_lines(state, "A", random.Random(2))
                                                  if x.split()[1] == t["id"]))
    assert placement_lines(state, "A", random.Random(3)) == ["done"]


def test_deployment_score_rewards_cover_reach_and_spread():
    """The heuristic (module docstring): behind terrain and forward beats the open back edge;
    a Lieutenant is better back in cover; two troopers within one template score less than the
    same two apart; the score stays between 0 and 1."""
    base = b_has_deployed()
    # A is south: T1 (container 6–12 × 15–19) covers a trooper just south of it
    behind = copy_state(base)
    trooper(behind, "A", "A2")["placed"] = {"x": 9.0, "y": 11.0, "facing": 0.0, "prone": False}
    open_back = copy_state(base)
    trooper(open_back, "A", "A2")["placed"] = {"x": 26.0, "y": 1.0, "facing": 0.0, "prone": False}
    assert deployment_score(behind, "A") > deployment_score(open_back, "A")
    close = copy_state(behind)
    trooper(close, "A", "A3")["placed"] = {"x": 10.0, "y": 11.0, "facing": 0.0, "prone": False}
    apart = copy_state(behind)
    trooper(apart, "A", "A3")["placed"] = {"x": 36.0, "y": 7.0, "facing": 0.0, "prone": False}
    assert deployment_score(close, "A") < deployment_score(apart, "A")
    assert all(0.0 <= deployment_score(s, "A") <= 1.0 for s in (behind, open_back, close, apart))
    assert KIT.evaluate(apart, "A") == deployment_score(apart, "A")


def test_the_robot_deploys_better_than_random_placement():
    """The arena's figure in small: over a few games the robot's deployment scores above a
    random player's."""
    scores = {"robot": [], "random": []}
    rnd = random.Random(3)
    for game in range(6):
        state = GAME.setup(["a", "b"], {}, f"duel-{game}")
        robot = "AB"[game % 2]
        players = {s: RobotPlayer(budget=None, iterations=12, depth=4, kit=InfinityKit()) if s == robot
                   else RandomPlayer(InfinityKit()) for s in "AB"}
        state = play_out(state, players, rnd)
        for s in "AB":
            scores["robot" if s == robot else "random"].append(deployment_score(state, s))
    assert sum(scores["robot"]) > sum(scores["random"])


def test_a_spots_value_is_its_troopers_worth_less_the_crowding():
    """The kit's spots valued in one loop (`Worth.spot_values`, cover written out) are each, to the
    bit, the trooper's worth there (`Worth.trooper` at `Worth.cover`) less the crowding of the
    friends its placement keeps clear of, in every area of every pending trooper."""
    rnd, checked = random.Random(2), 0
    for state, _ in positions(GAME, 2, seed=4, every=1, games=4, max_moves=400):
        if state["phase"] not in STEPS:
            continue
        seat = step_owner(state)
        worth = Worth(state, seat)
        for t in pending(state, seat)[:3]:
            judge = placement.Spots(state, seat, t, see_enemy_hidden=False)
            for area, rect in judge.areas:
                x0, y0, x1, y1 = region = rect or judge.table
                rects = worth.near(region)
                drawn = [(round(rnd.uniform(x0, x1), 2), round(rnd.uniform(y0, y1), 2), area) for _ in range(10)]
                for (x, y, _), value in zip(drawn, worth.spot_values(judge, drawn, {area: rects})):
                    cover = worth.cover(judge.r, x, y, rects)
                    crowd = sum(_crowding((x, y), (f["placed"]["x"], f["placed"]["y"])) for f, _ in judge.friends)
                    assert value == worth.trooper(t, x, y, cover == 0, cover) - SPREAD_WEIGHT * crowd
                    checked += 1
    assert checked >= 1000
