"""The Ludi Gladiatorii robot's kit (issue #22): determinization from a seat's view, the
value, the lines it searches, and a decision that hidden information cannot change."""
import random

from core.errors import RulesError
from core.game import copy_state
from core.games.ludi.common import gname as GAME_NAME
from core.games.ludi.robot import FORCED, KIT, PREPARING, RANKED_LINES, SETTLE_STEPS, LudiKit
from core.games.ludi.states import main_lines
from core.registry import get_game
from robots.players import RobotPlayer
from robots.search import Search, Settings
from tests.robots.positions import determinized_views_hold, finished, play_line, positions

GAME = get_game("ludi")
OPTIONS = {"events": True, "favour": True, "champion": True}


def main_phase_positions(players: int, seed: int):
    """Positions where the seat to move is in its Main phase with a real choice."""
    for state, seat in positions(GAME, players, seed, every=3, games=3, options=OPTIONS):
        top = state["stack"][-1]
        if top["s"] == "main" and top["seat"] == seat and len(KIT.candidates(
                state, seat, GAME.prompts(state)[seat], random.Random(0))) >= 3:
            yield state, seat


def test_no_prompt_offers_a_private_line():
    """The kit and the search's playouts send a line privately by its verb alone (robot._play,
    Game.private_lines): no prompt offers a line privately, with every option on."""
    checked = 0
    for players in (2, 4):
        for state, _ in positions(GAME, players, seed=players, every=2, games=2, options=OPTIONS):
            for prompt in GAME.prompts(state).values():
                assert not prompt.private
                checked += 1
    assert checked > 200


def test_determinize_keeps_the_view_and_plays_on_legally():
    """§11.1: only the decks' order is hidden; a determinization shows the seat the same table,
    deals every deck card exactly once (the invariants), and the rules play on from it."""
    assert determinized_views_hold(GAME, KIT, (2, 3, 5), every=17, games=2, steps=15, options=OPTIONS) > 60


def test_determinize_draws_the_decks_anew_from_the_view_alone():
    """§10.2, §11.1: the decks' order is not in the view, so it is drawn afresh: two seeds give
    two orders, and the same seed the same order whatever the true decks hold."""
    state, seat = next(main_phase_positions(2, 4))
    other = copy_state(state)
    other["cdeck"].reverse()
    other["vdeck"].reverse()
    other["rng"]["seed"] = "another"
    view = GAME.view(state, seat)
    assert GAME.view(other, seat) == view and other != state
    first = KIT.determinize(view, seat, random.Random(1))
    assert first == KIT.determinize(GAME.view(other, seat), seat, random.Random(1))
    second = KIT.determinize(view, seat, random.Random(2))
    assert sorted(first["cdeck"]) == sorted(state["cdeck"]) and sorted(first["vdeck"]) == sorted(state["vdeck"])
    assert (first["cdeck"], first["vdeck"], first["rng"]) != (second["cdeck"], second["vdeck"], second["rng"])


def test_the_same_view_and_seed_give_the_same_decision_whatever_is_hidden():
    """Issue #22: two states equal in the seat's view and different in the decks (§11.1) and the
    dice seed: the robot, with the same seed and iteration cap, decides the same."""
    compared = 0
    for state, seat in main_phase_positions(2, 6):
        other = copy_state(state)
        random.Random(compared).shuffle(other["cdeck"])
        other["vdeck"] = other["vdeck"][1:] + other["vdeck"][:1]
        other["rng"]["seed"] = "hidden-elsewhere"
        assert GAME.view(other, seat) == GAME.view(state, seat) and other != state
        decisions = [RobotPlayer(budget=None, iterations=25, depth=4, kit=LudiKit()).decide(
            GAME, GAME.view(s, seat), seat, random.Random(7)) for s in (state, other)]
        assert decisions[0] == decisions[1]
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def test_evaluate_is_one_for_the_winner_and_zero_for_the_losers():
    """§9.1: whoever reaches 7 points has won: 1 for him, 0 for every other seat."""
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        state = finished(GAME, players, seed)
        winner = GAME.outcome(state)[1]
        assert [KIT.evaluate(state, s) for s in state["seats"]] == [1.0 if s == winner else 0.0
                                                                  for s in state["seats"]]


def test_evaluate_prefers_points_and_stays_inside_zero_and_one():
    """§1.2: points win; a school one point ahead is worth more, and an unfinished game is
    never valued as won or lost."""
    state, seat = next(main_phase_positions(3, 2))
    before = KIT.evaluate(state, seat)
    ahead = copy_state(state)
    ahead["p"][seat]["fpts"] += 1
    assert 0.0 < before < KIT.evaluate(ahead, seat) < 1.0


def test_candidates_are_legal_lines_of_the_main_phase_the_best_kept():
    """§5: the lines searched are accepted by the rules; of a Main phase's many lines (§4.2)
    the best by a one-ply look are kept, none worse than a line left out."""
    pruned = 0
    for state, seat in list(main_phase_positions(3, 9))[:8]:
        every = [line for lines in main_lines(state, seat).values() for line in lines] + ["end"]
        kept = LudiKit().candidates(state, seat, GAME.prompts(state)[seat], random.Random(0))
        assert 1 <= len(kept) <= 5 and set(kept) <= set(every)
        for line in kept:
            play_line(GAME, state, seat, line)
        left_out = [line for line in every if line not in kept]
        if left_out:
            pruned += 1
            assert min(KIT.one_ply(state, seat, line) for line in kept) >= \
                max(KIT.one_ply(state, seat, line) for line in left_out)
    assert pruned


def fight_positions(players: int, seed: int):
    """Positions where the seat to move answers a fight: chooses its defender (§5.2.2)."""
    for state, seat in positions(GAME, players, seed, every=1, games=3, options=OPTIONS):
        top = state["stack"][-1]
        if top["s"] == "defend" and top["seat"] == seat and len(GAME.prompts(state)[seat].actions) >= 2:
            yield state, seat


def test_playouts_defend_with_the_rules_default_not_at_random():
    """§5.2.2, §9.5: a playout answers a fight the way the one-ply look judges it (the strongest
    defender, the deadline's default), so a random defender never makes an attack look good."""
    checked = 0
    for state, seat in fight_positions(2, 3):
        lines = {KIT.playout_line(state, seat, random.Random(n)) for n in range(8)}
        assert lines == {GAME.default_line(state, seat)}
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_searchs_prior_for_a_fight_is_the_fight_fought_not_the_fight_declared():
    """§5.2: a fight's worth shows once it is fought; the root's prior (`line_values`) is the
    one-ply look that ranked the lines, not the value right after the line is declared."""
    for state, seat in main_phase_positions(2, 6):
        prompt = GAME.prompts(state)[seat]
        fights = main_lines(state, seat)["fight"]
        if not fights:
            continue
        kit = LudiKit()
        values = kit.line_values(state, seat, prompt, fights)
        assert values == {line: kit.one_ply(state, seat, line) for line in fights}
        declared = {line: kit.evaluate(play_line(GAME, state, seat, line), seat) for line in fights}
        assert values != declared
        return
    raise AssertionError("no Main phase with a fight")


def _judged_card_by_card(kit, state, seat, line):
    """The value of `line` over every card of the combat deck put on top in turn (§6.2)."""
    total = 0.0
    deck = state["cdeck"]
    for card in deck:
        world = dict(state, cdeck=[card] + [c for c in deck if c != card])
        after = play_line(GAME, world, seat, line)
        while after["stack"] and not after["result"] and after["stack"][-1]["s"] in ("defend", "cheer"):
            top = after["stack"][-1]
            after = play_line(GAME, after, top["seat"], GAME.default_line(after, top["seat"]))
        total += kit.evaluate(after, seat)
    return total / len(deck)


def test_a_fight_is_judged_by_the_exact_expectation_over_the_combat_deck():
    """§6.1–§6.5, §11.1: the deck's contents are public, so a declared fight (the defender by the
    deadline's default, §5.2.3) and a chosen defender are worth the mean over every card the
    deck holds, exactly (the look plays one card of each outcome, weighted)."""
    checked = 0
    for state, seat in main_phase_positions(2, 6):
        state = dict(state, options=dict(state["options"], favour=False))
        for line in main_lines(state, seat)["fight"][:2]:
            assert abs(LudiKit().one_ply(state, seat, line) - _judged_card_by_card(KIT, state, seat, line)) < 1e-9
            checked += 1
        if checked >= 4:
            break
    defended = 0
    for state, seat in fight_positions(2, 3):
        state = dict(state, options=dict(state["options"], favour=False))
        for line in GAME.prompts(state)[seat].actions:
            assert abs(LudiKit().one_ply(state, seat, line) - _judged_card_by_card(KIT, state, seat, line)) < 1e-9
            defended += 1
        if defended >= 4:
            break
    assert checked >= 4 and defended >= 4


def _one_ply_played_plainly(state: dict, seat: str, line: str) -> float:
    """`LudiKit.one_ply` with nothing saved: each world the state with its deck dealt, the line and
    each default that settles the fight applied by `Game.apply`, to a copy each time."""
    kit = LudiKit()
    draws = kit._fight_draws(state, seat, line) if line.startswith(("fight", "defend")) else None
    worlds = [(state, 1.0)] if draws is None else [
        (dict(state, cdeck=deck, **({} if state["cdeck"] else {"cdiscard": []})), weight) for deck, weight in draws[0]]
    total = 0.0
    for world, weight in worlds:
        try:
            after = GAME.apply(world, seat, line)[0]
            for _ in range(SETTLE_STEPS):
                top = after["stack"][-1] if after["stack"] and not after["result"] else None
                if top is None or top["s"] not in FORCED:
                    break
                after = GAME.apply(after, top["seat"], GAME.default_line(after, top["seat"]))[0]
        except RulesError:
            return -1.0
        total += weight * kit.evaluate(after, seat)
    return total


def test_the_look_saves_work_but_values_every_line_as_played_plainly():
    """The one-ply look declares a fight once for all its worlds (the card is drawn only once the
    defender is chosen, §5.2.2) and settles the fights in place: every line's value is still, to
    the bit, the one each world played afresh through the rules gives."""
    fights = checked = 0
    for players in (2, 3):
        for state, seat in positions(GAME, players, seed=30 + players, every=2, games=3, options=OPTIONS):
            top = state["stack"][-1]
            lines = ([line for group in main_lines(state, seat).values() for line in group] + ["end"]
                     if top["s"] == "main" and top["seat"] == seat else list(GAME.prompts(state)[seat].actions))
            for line in lines:
                if line.startswith(PREPARING):
                    continue                    # judged by the fights it prepares, each checked here
                assert LudiKit().one_ply(state, seat, line) == _one_ply_played_plainly(state, seat, line), line
                fights += line.startswith(("fight", "defend"))
                checked += 1
    assert checked >= 500 and fights >= 100


def test_training_is_worth_the_best_fight_it_prepares():
    """§2.5 Palaestra: `/train` changes nothing the value sees until the trained gladiator
    fights, so the look judges it by the best fight after it, which is never worse than the
    same fight untrained."""
    for state, seat in main_phase_positions(2, 6):
        if not main_lines(state, seat)["fight"]:
            continue
        state = copy_state(state)
        state["p"][seat]["train"] = True
        kit = LudiKit()
        for g in state["p"][seat]["gl"][:2]:
            line = f"train {GAME_NAME(g)}"
            after = play_line(GAME, state, seat, line)
            fights = main_lines(after, seat)["fight"]
            best = max(kit.one_ply(after, seat, f) for f in fights[:6])
            assert kit.one_ply(state, seat, line) == max(best, kit.evaluate(after, seat))
        untrained = copy_state(state)
        untrained["p"][seat]["train"] = False
        line = main_lines(untrained, seat)["fight"][0]
        trained_first = f"train {line.split(' with ')[1]}"
        assert kit.one_ply(state, seat, trained_first) >= kit.one_ply(untrained, seat, line)
        return
    raise AssertionError("no Main phase with a fight")


def test_playouts_fight_at_even_odds_or_better_and_bid_only_with_room():
    """The playouts' plain player: the strongest ready gladiator fights the opponent whose best
    defender it beats most easily when it wins on at least 40 % of the deck (§6.1–§6.3, the
    whole deck §2.6), else nobody fights; it bids only with a free building to take the
    veteran into (§4.3.1, §7.3)."""
    from core.games.ludi.common import attack_value, defence_value, defenders, ready
    from core.games.ludi.robot import FIGHT_ODDS, WIN_CHANCE
    fights = quiet = 0
    for state, seat in positions(GAME, 3, 4, every=2, games=3):
        top = state["stack"][-1]
        if top["seat"] != seat or state["p"][seat]["train"]:
            continue
        line = KIT.playout_line(state, seat, random.Random(0))
        if top["s"] == "main":
            foes = [s for s in state["seats"] if s != seat and defenders(state, s)]
            odds = max((WIN_CHANCE[max(-3, min(3, attack_value(state, g)
                                               - max(defence_value(state, d) for d in defenders(state, s))))]
                        for g in ready(state, seat) for s in foes), default=0.0)
            if line.startswith("fight"):
                fights += 1
                assert odds >= FIGHT_ODDS
            else:
                quiet += 1
                assert odds < FIGHT_ODDS
            play_line(GAME, state, seat, line)
        elif top["s"] == "bid" and line != "pass":
            p = state["p"][seat]
            assert len(p["gl"]) < len(p["bld"])
    assert fights and quiet


def test_a_levels_breadth_widens_the_root_alone_to_the_looks_best_lines():
    """Settings.breadth (level 5's, robots/levels.py): the root holds the look's best `breadth` lines,
    not RANKED_LINES, so a line the look ranks low (a demolition that makes room for a building with
    points, §5.4.2) is searched; the nodes below keep the kit's own few lines."""
    for state, seat in main_phase_positions(2, 6):
        prompt = GAME.prompts(state)[seat]
        every = [line for lines in main_lines(state, seat).values() for line in lines] + ["end"]
        if len(every) <= 6:
            continue
        view = GAME.view(state, seat)
        kit = LudiKit()
        narrow = Search(kit, Settings(budget=None, iterations=20, worlds=1)).decide(view, seat, random.Random(1))
        wide = Search(kit, Settings(budget=None, iterations=20, worlds=1, breadth=6))
        wide.decide(view, seat, random.Random(1))
        assert len(narrow.visits) == RANKED_LINES and set(narrow.visits) == set(kit.candidates(
            state, seat, prompt, random.Random(0)))
        best = kit.root_candidates(state, seat, prompt, random.Random(0), breadth=6)
        assert list(wide.root.edges) == best and set(narrow.visits) < set(best)
        inner = [edge.child for edge in wide.root.edges.values() if edge.child and edge.child.edges]
        assert inner and all(len(node.edges) <= RANKED_LINES for node in inner)
        return
    raise AssertionError("no Main phase of more than six lines")
