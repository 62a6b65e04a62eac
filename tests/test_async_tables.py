"""Several games and spectators (issue 15): /games across channels and (linked) platforms,
/spectate."""
from bot.service.types import Command


def say(service, user, text, channel="g", platform="t", **kw):
    return service.handle(Command(platform, channel, user, text, name=user, **kw))


def table(service, channel, platform="t", players=("alice", "bob")):
    for user, text in [("alice", "/new tally target=100")] + [(p, "/join") for p in players] + [("alice", "/start")]:
        assert say(service, user, text, channel, platform).ok


def test_games_lists_privately_every_game_a_user_sits_in_and_whose_turn_it_is(service):
    table(service, "g1")
    table(service, "g2", players=("bob", "alice"))
    assert say(service, "alice", "/new tally", "g3").ok and say(service, "alice", "/join", "g3").ok
    reply = say(service, "alice", "/games", channel=None, private=True)
    assert reply.ok and reply.public == []
    lines = reply.private["alice"]
    assert lines[0] == "Your games:"
    assert "• Tally in t g1: your turn (version 4)." in lines
    assert "• Tally in t g2: waiting for bob (P1) (version 4)." in lines
    assert "Tally in t g3: lobby, not started." in " ".join(lines)
    assert say(service, "zed", "/games").private == {"zed": ["You sit in no open game."]}


def test_games_reaches_across_platforms_once_the_accounts_are_linked(service):
    table(service, "100", "discord", players=("alice", "bob"))
    table(service, "-200", "telegram", players=("tg-bob", "tg-alice"))
    code = say(service, "alice", "/link", "100", "discord").private["alice"][0].split()[2]
    assert say(service, "tg-alice", f"/link {code}", None, "telegram", private=True).ok
    lines = say(service, "tg-alice", "/games", None, "telegram", private=True).private["tg-alice"]
    assert any("telegram -200: waiting for tg-bob" in line for line in lines)
    assert any("discord 100 (linked account): your turn" in line for line in lines)
    assert say(service, "x", f"/link {code}", None, "telegram").code == "BAD_CODE"   # a code works once


def test_a_spectator_gets_the_public_prompts_privately_and_never_a_secret(service):
    table(service, "s")
    assert say(service, "alice", "/spectate", "s").code == "SEATED"
    assert say(service, "carol", "/spectate", "s").ok
    reply = say(service, "alice", "/tl add 2", "s")
    assert reply.private["carol"] == reply.public and any("Waiting for bob" in line for line in reply.public)
    reply = service.handle(Command("t", None, "bob", "/tl secret swordfish", private=True))
    assert "carol" not in reply.private
    assert say(service, "carol", "/spectate off", "s").ok
    assert "carol" not in say(service, "bob", "/tl add 1", "s").private


async def test_telegram_mentions_picked_from_the_member_list_name_the_user_by_id(service):
    from telegram import Message

    from bot.telegram.adapter import with_user_ids

    message = Message.de_json({
        "message_id": 1, "date": 1700000000, "chat": {"id": -5, "type": "supergroup"},
        "text": "/handover Dave Smith",
        "entities": [{"type": "bot_command", "offset": 0, "length": 9},
                     {"type": "text_mention", "offset": 10, "length": 10,
                      "user": {"id": 4242, "is_bot": False, "first_name": "Dave"}}]}, None)
    assert with_user_ids(message) == "/handover <@4242>"
