"""Trust (issue 11): nobody acts where they don't belong, a command counts once, nothing
acknowledged is lost. Each test here failed on the code before its fix."""
from bot.replies import Command


def send(service, user, text, channel="c", **kw):
    return service.handle(Command("t", channel, user, text, name=user, **kw))


def dm(service, user, text, **kw):
    return service.handle(Command("t", None, user, text, name=user, private=True, **kw))


def started(service, channel="c"):
    for user, text in [("alice", "/new tally target=20 seed=7"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert send(service, user, text, channel).ok
    return service


# 1. a private message reaches only a channel where its sender sits ----------------------------
def test_a_private_message_cannot_open_or_join_a_game_in_a_foreign_channel(service):
    for text in ("g=-1009999999999 /new tally", "g=-1009999999999 /join", "g=31337 /tl new tally"):
        reply = dm(service, "stranger", text)
        assert not reply.ok and reply.code == "NOT_YOUR_CHANNEL", text
        assert reply.channel is None and not reply.public
    assert service.store.load("t", "-1009999999999") is None
    assert service.store.load("t", "31337") is None


def test_new_join_import_abort_are_refused_by_private_message_even_from_a_player(service):
    started(service)
    send(service, "carol", "/new tally", "lobby")       # carol opened a lobby elsewhere
    for text in ("g=c /join", "g=c /abort", "g=c /new tally", "g=c /import {}", "g=lobby /join",
                 "g=lobby /abort", "/abort"):
        user = "carol" if "lobby" in text else "alice"
        before = service.store.load("t", "c").version, service.store.load("t", "lobby").version
        reply = dm(service, user, text)
        assert not reply.ok and reply.code == "IN_CHANNEL_ONLY", (text, reply.error)
        assert (service.store.load("t", "c").version, service.store.load("t", "lobby").version) == before


def test_an_empty_or_unknown_g_name_is_refused_with_the_senders_channels(service):
    started(service)
    started(service, "d")
    for text in ("g= /tl add 1", "g=nowhere /tl add 1", "g=x /status"):
        reply = dm(service, "alice", text)
        assert reply.code == "NOT_YOUR_CHANNEL" and "your channels: c, d" in reply.error, text
    # and the real games still take private commands
    assert dm(service, "alice", "g=c /tl secret swordfish").ok
    assert dm(service, "alice", "g=d /status").ok


def test_a_private_message_to_a_channel_where_the_sender_does_not_sit_is_refused(service):
    started(service)
    reply = dm(service, "mallory", "g=c /status")
    assert reply.code == "NOT_YOUR_CHANNEL" and "you sit in no game yet" in reply.error


def test_the_creator_of_a_lobby_may_look_at_it_privately(service):
    send(service, "carol", "/new tally", "lobby")
    reply = dm(service, "carol", "g=lobby /status")
    assert reply.ok and "Tally lobby" in reply.text


# 2. a chosen seed is for the console and tests only ----------------------------------------------
def test_seed_is_refused_on_discord_and_telegram_and_the_bot_draws_256_bits(service):
    for platform in ("discord", "telegram"):
        reply = service.handle(Command(platform, "g1", "alice", "/new tally seed=4711", name="alice"))
        assert not reply.ok and reply.code == "NO_SEED" and "secret seed" in reply.error
        assert service.store.load(platform, "g1") is None
        for user, text in [("alice", "/new tally"), ("alice", "/join"), ("alice", "/start")]:
            assert service.handle(Command(platform, "g1", user, text, name=user)).ok
        seed = service.store.setup(platform, "g1")["seed"]
        assert len(seed) == 64 and int(seed, 16) >= 0     # 32 bytes from `secrets`, as hex


def test_the_console_takes_a_seed_and_says_the_dice_are_predictable(service):
    reply = service.handle(Command("console", "table", "alice", "/new tally seed=4711", name="alice"))
    assert reply.ok and any("predictable" in line for line in reply.public)
