"""The one action grammar: parse a line, format it back, refuse bad lines clearly."""
import pytest

from core.errors import ParseError
from core.grammar import Param, Verb, parse

VERBS = {
    "place": Verb("place", (Param("id"), Param("x", "float"), Param("y", "float")), flags=("prone",),
                  options=(Param("facing", "int", low=0, high=359),)),
    "choose": Verb("choose", (Param("what", "choice", choices=("initiative", "deployment")),)),
    "add": Verb("add", (Param("line", "text"),)),
}


@pytest.mark.parametrize("line", ["place A4 22.5 10.25 prone facing=90", "place A1 3 4",
                                  "choose initiative", "add Fusilier; wip=13; ph=10; s=2",
                                  "place 'two words' 1 2"])
def test_round_trip(line):
    action = parse(line, VERBS)
    assert parse(action.line, VERBS) == action


def test_canonical_form_orders_flags_and_options():
    assert parse("place A4 22.50 10.25 facing=90 PRONE", VERBS).line == "place A4 22.5 10.25 prone facing=90"


def test_text_parameter_keeps_the_rest_of_the_line():
    assert parse("add Fusilier; wip=13", VERBS).args == ("Fusilier; wip=13",)


def test_text_parameter_keeps_newlines_and_quotes_and_round_trips():
    block = 'Fusilier; wip=13\nSniper "Ghost"; wip=14\n{"id": "x"}'
    action = parse(f"add {block}", VERBS)
    assert action.args == (block,)
    assert parse(action.line, VERBS) == action


@pytest.mark.parametrize("line, words", [
    ("place A4 abc 3", "x must be a number"),
    ("place A4 3", "missing y"),
    ("place A4 3 4 5", "more than it takes"),
    ("place A4 3 4 facing=400", "between 0 and 359"),
    ("choose nothing", "one of initiative, deployment"),
    ("fly away", "Unknown command 'fly'"),
    ("place 'A4 3 4", "close your quotes"),
    ("place A4 nan 3", "finite"),
])
def test_malformed_lines_say_what_is_wrong(line, words):
    with pytest.raises(ParseError) as err:
        parse(line, VERBS)
    assert words in err.value.message


def test_tokenize_splits_every_line_as_shlex_does():
    """The plain-line shortcut (str.split where shlex would split alike, issue 37) gives shlex's
    tokens, or its refusal, for lines drawn from quotes, escapes and every kind of whitespace."""
    import random
    import shlex

    from core.grammar import tokenize

    alphabet = "ab c\t\r\n'\"\\\x0b\x0c\x1c\xa0é#=;\u2003-"
    rnd = random.Random(37)
    for _ in range(20000):
        line = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 12)))
        try:
            expected = shlex.split(line)
        except ValueError:
            with pytest.raises(ParseError):
                tokenize(line)
            continue
        assert tokenize(line) == expected, repr(line)
