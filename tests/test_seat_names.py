"""Seats are named by their players: wherever a message means a seat it names the player
(display name), with the seat id and the colour or faction the game gives it; seats follow
join order."""
from bot.service.types import Command
from core.registry import get_game


def say(service, user, text, channel="names", name=None):
    return service.handle(Command("console", channel, user, text, name=name or user.title()))


def table(service, game="tally", options="target=5", channel="names"):
    say(service, "ann", f"/new {game} {options} seed=3", channel)
    say(service, "bob", "/join", channel)     # Bob joins first
    say(service, "ann", "/join", channel)
    return say(service, "ann", "/start", channel)


def test_the_first_to_join_gets_the_first_seat_and_the_start_names_players(service):
    start = table(service)
    assert "Players — Bob (P1), Ann (P2)." in start.public[0]
    assert any(line.startswith("Waiting for Bob (P1):") for line in start.public)


def test_not_your_turn_names_the_player_waited_for(service):
    table(service)
    reply = say(service, "ann", "/tl add 1")
    assert reply.code == "NOT_YOUR_TURN"
    assert reply.error == "It is not your turn: waiting for Bob (P1)."


def test_log_undo_and_winner_name_players(service):
    table(service)
    say(service, "bob", "/tl add 2")
    assert say(service, "bob", "/undo").public[0].startswith("Bob (P1) takes back")
    say(service, "bob", "/tl add 2")
    say(service, "ann", "/tl add 2")
    end = say(service, "bob", "/tl add 2")
    assert "Winner: Bob (P1)." in " ".join(end.public)
    assert say(service, "ann", "/status").public[1] == "Winner: Bob (P1)."
    log = say(service, "ann", "/log")
    # the narration's sentences (the test game writes its seats bare, "P1", where a real game marks them)
    assert log.public[:3] == ["1. P1 adds 2: total 2.", "2. P2 adds 2: total 4.", "3. P1 adds 2: total 6."]


def test_a_stranger_is_told_who_plays(service):
    table(service)
    reply = say(service, "cy", "/tl add 1")
    assert reply.code == "NOT_SEATED" and "players: Bob (P1), Ann (P2)" in reply.error


def test_a_game_with_colours_shows_the_colour_beside_the_seat(service):
    """Successors seats are faction packages dealt by the §2.1 shuffle (a rule, not the
    service): the n-th to join gets the n-th package of the shuffle, named with its colour."""
    start = table(service, "successors", "", channel="succ-names")
    game = get_game("successors")
    state = service.state("console", "succ-names")[1]
    first = state["seats"][0]
    colour = game.summary(state)["players"][first]["colour"].lower()
    assert f"Bob ({first}, {colour})" in start.public[0]


def test_the_console_names_whose_buttons_they_are(service, tmp_path):
    import io

    from bot.console.repl import Console

    out = io.StringIO()
    Console(service, "btn", tmp_path, out).run_script(["ann: /new tally", "bob: /join", "ann: /join", "ann: /start"])
    assert "[buttons for bob]\n    1. /tl roll" in out.getvalue()
