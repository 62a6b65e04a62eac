"""§1.2, §9 End of game, §4.4 end of turn, §9.5 defaults; seed: "Subasta" closes the turn."""
import random

import pytest

from core.errors import RulesError
from core.game import Ctx
from core.games.ludi import GAME, flow
from core.message import kept

from .conftest import act, cards, gid, lay, main_for, new, table, texts


def test_seven_points_end_the_game_at_once():
    """§1.2, §9.1: points = fight points + building vp; the moment a player has 7 the game ends,
    even in the middle of the Main phase."""
    state = table()
    lay(state, "p1", glads=["Spartacus", "Brutus", "Aulus"], blds=["Templum", "Statua"])
    state["p"]["p1"]["fpts"] = 4
    lay(state, "p2", glads=["Caius"], blds=["Hortus"])
    cards(state, "K04")
    state, events = act(state, "p1", "fight p2 with spartacus")
    assert GAME.outcome(state) == (True, "p1", kept(state["result"]["reason"]))
    assert GAME.prompts(state) == {} and "wins the game" in texts(events)
    with pytest.raises(RulesError):
        act(state, "p1", "work brutus")


def test_building_vp_can_win():
    """§9.1: building a VP building can reach 7 too."""
    state = table()
    lay(state, "p1", glads=["Fenix", "Hanno", "Mago"], blds=["Templum"])
    state["p"]["p1"]["fpts"] = 5
    state, _ = act(state, "p1", "build statua with fenix mago")
    assert GAME.outcome(state)[1] == "p1"


def test_only_the_active_player_scores():
    """§9.2, §6.4: a defender who wins gets no point, so nobody else can reach 7 in your turn."""
    state = table()
    lay(state, "p1", glads=["Brutus", "Aulus"], blds=["Casula"])
    lay(state, "p2", glads=["Spartacus"], blds=["Hortus"])
    state["p"]["p2"]["fpts"] = 6
    cards(state, "K14")
    state, _ = act(state, "p1", "fight p2 with brutus")
    assert state["p"]["p2"]["fpts"] == 6 and not GAME.outcome(state)[0]


def test_end_of_turn_passes_clockwise_and_expires_bonuses():
    """§4.4, §3.1: at the end of a turn chains and Palaestra bonuses expire and play passes to the
    next seat, wrapping."""
    state = table()
    lay(state, "p3", glads=["Brutus", "Aulus"], blds=["Casula", "Hortus"])
    lay(state, "p1", glads=["Caius", "Decimus"], blds=["Villa", "Popina"])
    main_for(state, "p3")
    state["p"]["p3"]["trained"] = gid("Brutus")
    state, _ = act(state, "p3", "end")
    if state["active"] == "p3":
        state, _ = act(state, "p3", "noauction")
    assert state["active"] == "p1" and state["p"]["p3"]["trained"] is None


def test_round_limit():
    """§9.4: after 30 full rounds without 7 points, most points wins; then most coins; then the
    player who played last in the round."""
    state = table()
    state["first"] = "p2"
    state["turns"] = 30 * 3 - 1
    for s, (f, c) in zip(state["seats"], ((3, 1), (3, 1), (2, 9))):
        state["p"][s].update(fpts=f, coins=c)
    ctx = Ctx(state)
    flow.end_turn(ctx)
    assert state["result"]["winner"] == "p1"       # p1 plays after p2 when p2 starts the round
    assert "30 full rounds" in texts(ctx.events)


def test_abort_needs_every_player():
    """§9.3: `/ludi abort` ends the game with no winner once every player agrees."""
    state = table()
    state, events = act(state, "p2", "abort")
    assert not GAME.outcome(state)[0] and "still needed" in texts(events)
    with pytest.raises(RulesError):
        act(state, "p2", "abort")
    state, _ = act(state, "p3", "abort")
    state, _ = act(state, "p1", "abort")
    assert GAME.outcome(state) == (True, None, "aborted: every player agreed (§9.3)")


def test_every_prompt_has_a_default():
    """§9.5: every prompt has a default line, and the default is legal; main defaults to `/end`,
    `/train` (if pending) to the highest combat."""
    state = table()
    lay(state, "p1", glads=["Brutus", "Memnon"], blds=["Palaestra", "Casula"])
    main_for(state, "p1")
    assert GAME.default_line(state, "p1") == "end"
    state["p"]["p1"]["train"] = True
    assert GAME.default_line(state, "p1") == "train Memnon"
    rnd = random.Random(5)
    for seed in range(3):
        st = new(4, f"d{seed}", favour=True)
        for i in range(400):
            prompts = GAME.prompts(st)
            if not prompts:
                break
            seat = next(iter(prompts))
            line = GAME.default_line(st, seat)
            assert line, st["stack"][-1]
            if i % 3:                          # mix defaults with random play to meet every prompt
                line = GAME.sample(st, seat, rnd)
            st, _ = act(st, seat, line)
