"""Tables with robots feel fair (issue 35): a menu press whose seat's choices did not change while
a robot moved in between is played; one whose choices changed is refused with the fresh menu."""
import random

from bot.service import Command
from bot.service.menus import choices, digest
from robots.players import RobotPlayer

P, CHANNEL = "console", "fair"


def say(service, user, text, **kw):
    return service.handle(Command(P, CHANNEL, user, text, name=user, **kw))


def robot_move(service, rnd) -> bool:
    rec = service.store.load(P, CHANNEL)
    seats = service.robots.pending(rec.meta, rec.state)
    if not seats:
        return False
    job = {"platform": P, "channel": CHANNEL, "seat": seats[0], "version": rec.version, "seq": rec.expected}
    assert service.robots.apply(service.robots.think(job, RobotPlayer(budget=None, iterations=0), rnd)).ok
    return True


def both_deciding(service):
    """A StarCraft table (alice, one robot) played on to a prompt where both decide at once
    (Regrouping step 9's discards): alice's private menu is drawn while the robot still must move."""
    for seed in range(4, 10):      # a game the robot wins before such a prompt: the next seed
        say(service, "alice", "/abort")
        say(service, "alice", f"/new starcraft robots=1 seed={seed}")
        say(service, "alice", "/join")
        say(service, "alice", "/start")
        rnd = random.Random(1)
        for _ in range(400):
            game, state, rec = service.state(P, CHANNEL)
            prompts = game.prompts(state)
            if "P2" in prompts and service.robots.pending(rec.meta, rec.state):
                return game, rnd
            if not prompts:
                break
            if not robot_move(service, rnd):
                line = game.sample(state, "P2", rnd)
                assert say(service, "alice", f"/sc {line}", private=game.sent_privately(line, prompts["P2"])).ok
    raise AssertionError("no prompt where alice and the robot decide at once")


def leaf_address(service, menu) -> tuple[str, str]:
    """A leaf of the menu: its address and line, walked through the service's own pages."""
    option = menu.options[0]
    while not option.leaf:
        page = service.press_menu(Command(P, None, "alice", "", private=menu.private), menu.at(option.path)).page
        menu, option = page, page.options[0]
    return menu.at(option.path), option.path


def test_a_press_whose_choices_a_robots_move_left_unchanged_is_played(service):
    game, rnd = both_deciding(service)
    menu = say(service, "alice", "/me", private=True).menus["alice"]
    where, _ = leaf_address(service, menu)
    drawn = service.state(P, CHANNEL)
    assert robot_move(service, rnd)                      # the robot answers between the menu and the press
    game, state, rec = service.state(P, CHANNEL)
    assert rec.version > drawn[2].version                # the position moved on…
    assert digest(choices(game, state, "P2", True)) == menu.digest   # …and alice's choices did not
    played = service.press_menu(Command(P, None, "alice", "", private=True, key="press-1"), where)
    assert played.ok and played.changed, played.error
    assert service.state(P, CHANNEL)[2].version > rec.version


def test_a_press_whose_choices_changed_is_refused_with_the_fresh_menu_and_changes_nothing(service):
    game, rnd = both_deciding(service)
    menu = say(service, "alice", "/me", private=True).menus["alice"]
    where, _ = leaf_address(service, menu)
    # alice plays one of her choices by typing: the menu's lines are no longer hers to choose
    game, state, rec = service.state(P, CHANNEL)
    line = game.sample(state, "P2", rnd)
    assert say(service, "alice", f"/sc {line}", private=game.sent_privately(line, game.prompts(state)["P2"])).ok
    game, state, rec = service.state(P, CHANNEL)
    refused = service.press_menu(Command(P, None, "alice", "", private=True, key="press-2"), where)
    assert not refused.ok and refused.code == "STALE" and "changed since this menu was drawn" in refused.error
    assert service.state(P, CHANNEL)[2].version == rec.version
    lines = choices(game, state, "P2", True)
    if lines:
        assert refused.page is not None and refused.page.digest == digest(lines) and refused.page.version == rec.version


def test_undo_takes_back_the_robots_answers_with_the_persons_action_and_says_why_when_it_cannot(service):
    """`/undo` after robots answered: the person's action and the answers go when no die or secret
    came out since (the robots answer again); else a refusal that says why and what to do."""
    say(service, "alice", "/new starcraft robots=1 seed=4")
    say(service, "alice", "/join")
    say(service, "alice", "/start")
    rnd = random.Random(3)
    undone = refused = False
    for _ in range(300):
        game, state, rec = service.state(P, CHANNEL)
        prompts = game.prompts(state)
        if "P2" not in prompts:
            if not robot_move(service, rnd):
                break
            continue
        line = game.sample(state, "P2", rnd)
        private = game.sent_privately(line, prompts["P2"])
        assert say(service, "alice", f"/sc {line}", private=private).ok
        mine = len(service.store.log(P, CHANNEL))
        answered = 0
        while robot_move(service, rnd):
            answered += 1
        if not answered:
            continue
        entries = service.store.log(P, CHANNEL)
        answers = [e for e in entries[mine:] if not e.get("hidden")]
        if not all(e.get("by") == "robot" for e in answers) or entries[mine - 1].get("hidden"):
            continue
        if entries[mine - 1]["rolls"] or entries[mine - 1]["reveal"]:
            continue
        reply = say(service, "alice", "/undo")
        if any(e["rolls"] or e["reveal"] for e in answers):
            assert not reply.ok and reply.code == "IRREVERSIBLE" and "Play on from here" in reply.error
            assert len(service.store.log(P, CHANNEL)) == len(entries)      # nothing changed
            refused = True
        else:
            assert reply.ok, reply.error
            n = len(answers)
            assert f"the robots' {n} answer{'s' if n != 1 else ''} after it" in reply.text
            assert len(service.store.log(P, CHANNEL)) == mine - 1          # hers and theirs, gone
            undone = True
        if undone and refused:
            return
    assert undone, "no robot answered alice's action without dice"
