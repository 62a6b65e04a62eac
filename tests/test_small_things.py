"""Small things a newcomer trips on (issue 16 §8): /import says what is wrong with the file
in words, repeated options are refused, /log takes a positive count."""
import orjson
import pytest

from bot.service.types import Command

PYTHON_WORDS = ("indices", "subscriptable", "NoneType", "object has no attribute", "'int'", "'str'", "'list'",
                "Traceback", "KeyError", "not iterable")


def say(service, text, channel="small", user="ann"):
    return service.handle(Command("console", channel, user, text, name=user.title()))


def finished_export(service):
    say(service, "/new tally target=3 seed=5", "src")
    say(service, "/join", "src")
    say(service, "/start", "src")
    say(service, "/tl add 2", "src")
    say(service, "/tl add 2", "src")
    return orjson.loads(say(service, "/export", "src").file[1])


BROKEN = {
    "not JSON": lambda e: "{not json",
    "a list": lambda e: [],
    "a number": lambda e: 5,
    "no game": lambda e: {k: v for k, v in e.items() if k != "game"},
    "game is a list": lambda e: {**e, "game": ["tally"]},
    "players is text": lambda e: {**e, "players": "ann"},
    "log is an object": lambda e: {**e, "log": {}},
    "an action is a number": lambda e: {**e, "log": [1]},
    "an action without line": lambda e: {**e, "log": [{"seat": "P1"}]},
    "a roll of zero sides": lambda e: {**e, "log": [{**e["log"][0], "rolls": [[0, 0, 1, True]]}]},
    "rolls is text": lambda e: {**e, "setup_rolls": "none"},
    "options is a list": lambda e: {**e, "options": []},
    "seed is a number": lambda e: {**e, "seed": 12},
}


@pytest.mark.parametrize("what", BROKEN)
def test_import_says_what_is_wrong_with_the_file_in_words(service, what):
    data = BROKEN[what](finished_export(service))
    text = data if isinstance(data, str) else orjson.dumps(data).decode()
    reply = say(service, f"/import {text}", f"imp-{what}".replace(" ", "-"))
    assert reply.code == "BAD_IMPORT", (what, reply.error)
    assert reply.error.startswith("That export cannot be imported: ") and reply.error.endswith(".")
    assert not reply.error.endswith("..")
    assert not any(word in reply.error for word in PYTHON_WORDS), reply.error


def test_the_untouched_export_still_imports(service):
    reply = say(service, "/import " + orjson.dumps(finished_export(service)).decode(), "imp-ok")
    assert reply.ok and "Imported a game of Tally" in reply.public[0]


def test_repeated_options_are_refused_and_a_huge_line_is_too_long(service):
    reply = say(service, "/new infinity mission=frontline mission=crossfire")
    assert reply.code == "OPTION" and "mission= is given more than once" in reply.error
    assert say(service, "/new tally seed=1 seed=2").code == "MALFORMED"
    huge = say(service, "/new infinity " + "mission=frontline " * 5000)   # 90 KB
    assert huge.code == "TOO_LONG" and "90,014 characters" in huge.error


@pytest.mark.parametrize("count", ["-5", "0"])
def test_log_refuses_a_count_below_one(service, count):
    say(service, "/new tally")
    say(service, "/join")
    say(service, "/start")
    say(service, "/tl add 1")
    reply = say(service, f"/log {count}")
    assert reply.code == "MALFORMED" and "last N actions" in reply.error
    assert say(service, "/log 1").public == ["1. P1 adds 1: total 1."]


def test_a_wrong_option_value_names_the_option_once(service):
    reply = say(service, "/new successors sorties=maybe")
    assert reply.error == "The option sorties= must be one of on, off, not 'maybe'."
