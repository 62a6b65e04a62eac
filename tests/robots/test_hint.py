"""/hint (issue 35): the seat's three best lines from the top level's search, each with its chance and
what it changes; the same hint for equal views whatever is hidden (the robot's own hidden-information
test); private; off at a hints=off table; the table marked in /stats."""
import random

from bot.service import Command
from core.games.successors.robot import SuccessorsKit
from core.registry import get_game
from robots import hint
from robots.hint import advise
from robots.levels import LEVELS, TOP
from tests.robots.positions import positions
from tests.robots.test_successors_robot import hidden_cards, other_world, tyche_positions

GAME = get_game("successors")


def test_equal_views_give_the_same_hint_whatever_is_hidden_and_a_reader_of_the_state_would_differ(monkeypatch):
    checked = 0
    for state, seat in tyche_positions(3, 5):
        other = other_world(state, seat, random.Random(checked))
        assert hidden_cards(state, seat) != hidden_cards(other, seat)
        assert GAME.view(state, seat) == GAME.view(other, seat)
        hints = [advise(GAME, GAME.view(world, seat), seat, budget=None, iterations=12) for world in (state, other)]
        assert hints[0] == hints[1] and 1 <= len(hints[0]) <= 3
        assert all(0.0 <= a.chance <= 1.0 for a in hints[0]) and hints[0][0].visits >= hints[0][-1].visits
        checked += 1
        if checked == 2:
            break
    assert checked == 2
    # the test has teeth: an advisor that read the true state would advise differently in some position
    class Cheat(SuccessorsKit):
        def determinize(self, view, seat, rnd):
            return dict(self.world)
    cheat = Cheat()
    differ = 0
    for state, seat in tyche_positions(3, 5):
        other = other_world(state, seat, random.Random(7))
        seen = []
        for world in (state, other):
            cheat.world = world
            monkeypatch.setattr(hint, "kit_for", lambda _: cheat)
            seen.append([a.line for a in advise(GAME, GAME.view(world, seat), seat, budget=None, iterations=12)])
        differ += seen[0] != seen[1]
        if differ:
            break
    assert differ


def say(service, user, text, channel="hint", **kw):
    return service.handle(Command("t", channel, user, text, name=user, **kw))


def test_hint_is_private_marks_the_table_and_is_refused_at_a_hints_off_table(service):
    say(service, "alice", "/new ludi robots=1 level=1 seed=2")
    say(service, "alice", "/join")
    say(service, "alice", "/start")
    for _ in range(40):   # the robot plays until alice decides
        if not service.robots.play_here("t", "hint", limit=1):
            break
    game, state, rec = service.state("t", "hint")
    seat = next(p["seat"] for p in rec.meta["players"] if p["user"] == "alice")
    assert seat in game.prompts(state)
    reply = say(service, "alice", "/hint")
    assert reply.ok and not reply.public and "alice" in reply.private, reply.error
    text = "\n".join(reply.private["alice"])
    assert text.startswith("Hint:") and "1. " in text and "chance to win about" in text
    after = service.state("t", "hint")[2]
    assert after.meta["hinted"] and after.version == rec.version   # a quiet write: nobody's buttons go stale
    say(service, "bob", "/new ludi hints=off seed=2", channel="comp")
    say(service, "bob", "/join", channel="comp")
    say(service, "carol", "/join", channel="comp")
    say(service, "bob", "/start", channel="comp")
    game, state, rec = service.state("t", "comp")
    decider = next(p["user"] for p in rec.meta["players"] if p["seat"] in game.prompts(state))
    off = say(service, decider, "/hint", channel="comp")
    assert not off.ok and off.code == "HINTS_OFF" and "hints=off" in off.error


def test_hint_at_a_game_no_robot_plays_is_refused_and_changes_nothing(service):
    """A game without a kit (the tests' Tally): a refusal that says so (it was a traceback, INTERNAL,
    found by the fuzz test)."""
    for user, text in (("alice", "/new tally"), ("alice", "/join"), ("bob", "/join"), ("alice", "/start")):
        assert say(service, user, text, channel="kitless").ok
    game, state, rec = service.state("t", "kitless")
    decider = next(p["user"] for p in rec.meta["players"] if p["seat"] in game.prompts(state))
    reply = say(service, decider, "/hint", channel="kitless")
    assert not reply.ok and reply.code == "NO_ROBOT" and "No robot plays Tally yet" in reply.error, reply.error
    assert service.store.load("t", "kitless").seq == rec.seq


def test_a_finished_game_where_hints_were_used_is_marked_in_stats(service):
    from bot.service.between import tally
    marked = tally([{"game": "ludi", "winners": ["p1"], "seats": [], "hints": True},
                    {"game": "ludi", "winners": ["p2"], "seats": [], "hints": False}])
    assert marked["by_game"]["ludi"]["hinted"] == 1


def test_a_hints_changes_leave_out_the_dice_of_the_world_it_imagined():
    """The changes are told from one world drawn from the view: its die rolls ("Activation of
    Antipatros (Initiative 3): d6 → 3", §5.2) are that world's guesses and would read as results."""
    rnd, state = random.Random(4), GAME.start(["a", "b", "c"], {}, "hint-dice")[0]
    for _ in range(400):
        prompts = GAME.prompts(state)
        seat = next((s for s, p in prompts.items() if any(a.startswith("activate ") for a in p.actions)), None)
        if seat is not None:
            break
        state = GAME.random_step(state, rnd, prompts)[2]
    assert seat is not None, "no activation offered"
    line = next(a for a in prompts[seat].actions if a.startswith("activate "))
    events = GAME.apply(state, seat, GAME.parse(line))[1]
    rolls = [e.text for e in events if e.kind == "roll" and e.text]
    assert rolls, "the activation rolled no die"   # the check below has something to leave out
    told = hint._changes(GAME, state, seat, prompts[seat], line)
    assert told and not set(rolls) & set(told)


def test_a_hint_thinks_with_the_top_levels_look_and_root(monkeypatch):
    """A hint is level 5's thought: its worlds and its root's breadth (robots/levels.py), not only its cap."""
    seen = []

    class Spy(hint.Search):
        def __init__(self, kit, settings, *args, **kwargs):
            seen.append(settings)
            super().__init__(kit, settings, *args, **kwargs)

    monkeypatch.setattr(hint, "Search", Spy)
    ludi = get_game("ludi")
    state, seat = next(positions(ludi, 2, seed=3, every=5, games=1))
    advise(ludi, ludi.view(state, seat), seat, budget=None, iterations=4)
    assert [(s.worlds, s.breadth) for s in seen] == [(LEVELS[TOP].worlds, LEVELS[TOP].breadth)]
