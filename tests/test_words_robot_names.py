"""Issue 36, item 2 ("the robots' lines … are in the reader's language"): a robot's name is a message
("🤖 Robot 2 · 4" in English, "🤖 Робот 2 · 4" in Russian), made at read time from the robot's number
and level (bot/words/names.player_name), whatever English name a table stored for it; a player's
own name is never translated, and a robot standing in for an absent player keeps his name."""
from bot.service.types import Command
from bot.words.i18n import render
from bot.words.names import player_name, robot_name
from core.message import Cmd, Msg


def say(service, user, text, channel="c", **kw):
    return service.handle(Command("t", channel, user, text, name=user, **kw))


def test_a_robots_name_is_said_in_the_readers_language():
    assert str(robot_name(2, 4)) == "🤖 Robot 2 · 4" and str(robot_name(3)) == "🤖 Robot 3"
    assert render(robot_name(2, 4), "ru") == "🤖 Робот 2 · 4"
    assert render(robot_name(3), "ru") == "🤖 Робот 3"
    assert render(robot_name(3), "es") == "🤖 Robot 3"


def test_a_stored_robot_is_named_from_its_number_and_level_and_a_person_as_he_is():
    # as tables stored them before: the English name kept in the meta, read again by number and level
    stored = {"user": "robot:2", "name": "🤖 Robot 2 · 4", "robot": True, "level": 4}
    assert isinstance(player_name(stored), Msg) and render(player_name(stored), "ru") == "🤖 Робот 2 · 4"
    plain = {"user": "robot:1", "name": "🤖 Robot 1", "robot": True}
    assert render(player_name(plain), "ru") == "🤖 Робот 1"
    # a person, and a robot standing in for him (/replace SEAT robot): his own name, never translated
    assert player_name({"user": "u7", "name": "Pella"}) == Cmd("Pella")
    standing_in = {"user": "u7", "name": "🤖 Ann", "robot": True, "away_name": "Ann"}
    assert type(player_name(standing_in)) is Cmd and player_name(standing_in) == "🤖 Ann"


def test_a_russian_table_hears_its_robots_named_in_russian(service):
    assert say(service, "olga", "/lang ru").ok
    opened = say(service, "olga", "/new ludi robots=2 level=3")
    assert opened.ok
    lines = "\n".join(opened.public)
    assert "🤖 Робот 1 · 3" in lines and "Robot" not in lines, lines
    assert say(service, "olga", "/join").ok
    status = "\n".join(say(service, "olga", "/status").public)
    assert "🤖 Робот 2 · 3" in status and "Robot" not in status, status
    started = say(service, "olga", "/start")
    assert started.ok and not any("Robot" in line for line in started.public), started.public
