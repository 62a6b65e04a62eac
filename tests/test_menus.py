"""Menus of choices (issue #26): a seat's legal lines as a tree of at most eight options a
level, every line reachable exactly once; the console's numbered choices walked to an action;
a stale menu refused with nothing changed; `/me all` keeps the full text list."""
import io
import random

from bot.console.repl import Console
from bot.service.menus import PAGE, choices, tree
from core.registry import get_game

HAND = ['play 15-storm-at-sea redraw', 'play 19-intercepted-dispatches redraw', 'play 38-unrest event abdera',
        'play 38-unrest event amphipolis', 'play 38-unrest event herakleia_lynkestis', 'play 38-unrest event issos',
        'play 38-unrest event odessos', 'play 38-unrest event opis', 'play 38-unrest train merc',
        'play 38-unrest train mac', 'play 49-traitor-in-the-city redraw', 'play 56-scorched-earth event EGY',
        'play 56-scorched-earth event HEL', 'play 56-scorched-earth event PHR', 'play 56-scorched-earth train merc',
        'play 56-scorched-earth train mac', 'arm 49-traitor-in-the-city']


def leaves(node, depth=0, seen=None):
    seen = [] if seen is None else seen
    assert len(node.children) <= PAGE or node.line is not None
    for child in node.children:
        if child.line is not None:
            seen.append(child.line)
        leaves(child, depth + 1, seen)
    return seen


def test_a_successors_hand_is_cards_first_then_what_then_where():
    root = tree(get_game("successors"), HAND)
    # a card with one thing to do is one choice ("#15 Storm at Sea redraw")
    assert [c.label.split(" redraw")[0] for c in root.children] == [
        "#15 Storm at Sea", "#19 Intercepted Dispatches", "#38 Unrest", "#49 Traitor in the City", "#56 Scorched Earth"]
    unrest = root.children[2]
    assert [c.label for c in unrest.children] == ["event", "train"]
    assert sorted(leaves(root)) == sorted(HAND)          # every line once, nothing else


def test_a_long_level_is_paged_at_most_eight_a_screen():
    places = [f"place merc space{i}" for i in range(20)]
    root = tree(get_game("successors"), places)
    assert len(root.children) == PAGE and root.children[-1].more
    assert sorted(leaves(root)) == sorted(places)


def successors_console(service, channel="menus"):
    out = io.StringIO()
    console = Console(service, channel, stream=out)
    for line in ["alice: /new successors seed=3", "alice: /join", "bob: /join", "carol: /join", "alice: /start"]:
        console.say(line)
    rnd = random.Random(2)
    for _ in range(50):   # the first player's choice, then a Tyche segment: a hand to play privately
        game, state, rec = service.state("console", channel)
        users = {p["seat"]: p["user"] for p in rec.meta["players"]}
        prompts = game.prompts(state)
        seat = sorted(prompts)[0]
        if prompts[seat].private:
            return console, out, users[seat]
        console.say(f"{users[seat]}: /succ {game.sample(state, seat, rnd)}")
    raise AssertionError("no private choice came")


def test_a_console_menu_is_walked_by_numbers_to_an_action(service):
    console, out, user = successors_console(service)
    console.say(f"{user}: /me")
    menu = console.menus[user]
    assert menu.private and 1 <= len(menu.options) <= PAGE and "Your private choices" in out.getvalue()
    before = service.state("console", "menus")[2].version
    for _ in range(6):   # the first choice at each level, down to a leaf
        ok, reply = console.say(f"{user}: 1")
        assert ok, reply.error
        if reply.page is None:
            break
        assert len(reply.page.options) <= PAGE
    assert reply.changed and service.state("console", "menus")[2].version > before


def test_a_stale_console_menu_is_refused_and_changes_nothing(service):
    console, out, user = successors_console(service)
    console.say(f"{user}: /me")
    stale = console.menus[user]
    game, state, rec = service.state("console", "menus")
    seat = next(p["seat"] for p in rec.meta["players"] if p["user"] == user)
    line = next(x for x in game.prompts(state)[seat].private if x.startswith("play"))
    console.say(f"{user} (dm): /succ {line}")          # played by typing: the game moves on
    console.menus[user] = stale
    version = service.state("console", "menus")[2].version
    ok, reply = console.say(f"{user}: 1")
    assert not ok and reply.code == "STALE" and "changed since this menu was drawn" in reply.error
    assert service.state("console", "menus")[2].version == version


def test_me_all_lists_every_choice_as_text(service):
    console, out, user = successors_console(service)
    ok, reply = console.say(f"{user}: /me all")
    game, state, rec = service.state("console", "menus")
    seat = next(p["seat"] for p in rec.meta["players"] if p["user"] == user)
    text = "\n".join(reply.private[user])
    assert all(f"`{line}`" in text for line in game.prompts(state)[seat].private)
    assert user not in reply.menus


def labels(node):
    for child in node.children:
        yield child.label
        yield from labels(child)


def test_a_menus_labels_are_plain_text_for_buttons():
    """A label becomes a Telegram key, a Discord select option or a page's button, none of which
    reads Markdown: no backtick in any label of any game's menus along a seeded random game
    (StarCraft's special order said "`build*`" on every button)."""
    for game_id in ("successors", "ludi", "starcraft", "infinity"):
        game = get_game(game_id)
        state, _ = game.start([f"p{i}" for i in range(game.min_players)], {}, "menus")
        rnd = random.Random(3)
        for _ in range(150):
            prompts = game.prompts(state)
            if not prompts:
                break
            for seat in prompts:
                found = [label for label in labels(tree(game, choices(game, state, seat, private=True)))
                         if "`" in str(label)]
                assert not found, (game_id, found[:3])
            state = game.random_step(state, rnd, prompts)[2]
