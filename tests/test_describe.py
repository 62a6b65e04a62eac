"""/me for a game without `describe`: readable lines (key: value, lists summarised), what only
the player sees first, sent privately; never raw JSON cut mid-field."""
from bot.service.types import Command
from bot.words.describe import LIMIT, describe


def say(service, user, text, channel="me"):
    return service.handle(Command("console", channel, user, text, name=user))


def test_me_without_describe_is_private_readable_and_puts_the_secret_first(service):
    say(service, "ann", "/new tally free=1")
    say(service, "ann", "/join")
    say(service, "bob", "/join")
    say(service, "ann", "/start")
    assert service.handle(Command("console", None, "ann", "/tl secret swordfish", name="ann", private=True)).ok
    reply = say(service, "ann", "/me")
    assert reply.ok and not reply.public
    text = reply.private["ann"][0]
    assert text.startswith("Only you see:\n  secrets: P1 swordfish\n")
    assert "{" not in text and '"' not in text
    assert "  total: 0" in text and "Everything you see:" in text


def test_a_huge_view_is_summarised_by_whole_lines_under_the_limit():
    view = {"hand": [{"id": n, "name": f"Card {n}", "text": "x" * 80, "tags": ["a", "b"]} for n in range(60)],
            "spaces": {f"space_{n}": {"owner": "A", "units": {"merc": n}} for n in range(400)},
            "deck": list(range(50)), "note": "y" * 1000}
    text = describe(view, {**view, "hand": 60})
    assert len(text) <= LIMIT and "{" not in text
    assert text.startswith("Only you see:\n  hand: 60 items\n    - (id 0, name Card 0")
    assert "and 40 more" in text                      # a long list is counted, not dumped
    assert text.endswith("(/status and /map show the position).")
    assert all(len(line) <= 300 for line in text.splitlines())
