"""Several games in one channel: `/new … thread:True` opens the game in a public thread of its
own (a thread is a channel to the store, so one game per channel still holds); its messages,
buttons and reminders go to the thread, and the parent channel's own game is untouched."""
from bot.service import Service
from bot.service.types import Command
from tests.discord.harness import ALICE, BOB, CHANNEL, make_harness, two_seated

THREADS = f"/channels/{CHANNEL}/threads"


async def test_a_game_opened_in_a_thread_is_played_there_and_leaves_the_channels_game_alone(store):
    now = [1_000_000.0]
    service = Service(store, remind_after=60, clock=lambda: now[0])
    h = await make_harness(service)
    await two_seated(h)                                   # the channel's own game, in play
    await h.say(ALICE, "alice", "tally", "add", n=2)
    before = service.state("discord", CHANNEL)[2].version
    h.recorder.clear()

    calls = await h.say(ALICE, "alice", "new", game="tally", thread=True)
    assert calls[0].payload["type"] == 5 and calls[0].payload["data"]["flags"] & 64   # only Alice sees "thinking…"
    (opening,) = h.recorder.find("POST", THREADS)
    assert opening.payload["name"] == "Tally — Alice" and opening.payload["type"] == 11   # a public thread
    lobby = [c for c in calls if c.method == "POST" and c.path == "/channels/{channel_id}/messages"]
    assert len(lobby) == 1 and "New game of Tally" in lobby[0].content
    thread = lobby[0].url.split("/")[-2]
    assert thread != CHANNEL
    assert h.recorder.find("PUT", f"/channels/{thread}/thread-members/{ALICE}"), "the thread is in Alice's list"
    (told,) = [c for c in calls if c.ephemeral]
    assert f"<#{thread}>" in told.content, "Alice is told where the game went"
    assert service.store.load("discord", thread).meta["status"] == "lobby"

    # the thread's table: seats, start, a move, its buttons carry the thread
    for uid, name in ((ALICE, "alice"), (BOB, "bob")):
        await h.say(uid, name, "join", channel=thread, thread_parent=CHANNEL)
    started = await h.say(ALICE, "alice", "start", channel=thread, thread_parent=CHANNEL)
    ids = [i for c in started for i in c.custom_ids()]
    assert ids and all(i.startswith((f"sg:b:{thread}:", f"sg:m:{thread}|")) for i in ids)   # buttons, menus
    await h.say(ALICE, "alice", "tally", "add", n=1, channel=thread, thread_parent=CHANNEL)
    assert service.state("discord", thread)[1]["total"] == 1

    # the channel's game did not move, and still plays on its own
    assert service.state("discord", CHANNEL)[2].version == before
    assert service.state("discord", CHANNEL)[1]["total"] == 2
    await h.say(BOB, "bob", "tally", "add", n=1)
    assert service.state("discord", CHANNEL)[1]["total"] == 3 and service.state("discord", thread)[1]["total"] == 1

    # a reminder of the thread's game is posted in the thread
    h.recorder.clear()
    now[0] += 61
    await h.client.strategos.remind_once()
    reminders = {c.url.split("/")[-2]: c.content for c in h.recorder.find("POST", "/messages")
                 if c.content.startswith("Reminder:")}
    assert f"<@{BOB}>" in reminders[thread] and f"<@{ALICE}>" in reminders[CHANNEL]


async def test_a_refused_new_leaves_no_empty_thread(service):
    h = await make_harness(service)
    calls = await h.say(ALICE, "alice", "new", game="tally", options="colour=mauve", thread=True)
    assert len(h.recorder.find("POST", THREADS)) == 1
    deleted = [c for c in calls if c.method == "DELETE" and c.path == "/channels/{channel_id}"]
    assert len(deleted) == 1
    thread = deleted[0].url.rsplit("/", 1)[1]
    assert service.store.load("discord", thread) is None and service.store.load("discord", CHANNEL) is None
    (told,) = [c for c in calls if c.ephemeral]
    assert "colour" in told.content, "the service's refusal, to Alice only"


async def test_without_manage_threads_a_refused_new_archives_its_thread(service):
    h = await make_harness(service)
    h.recorder.manage_threads = False
    calls = await h.say(ALICE, "alice", "new", game="tally", options="colour=mauve", thread=True)
    (archived,) = [c for c in calls if c.method == "PATCH" and c.path == "/channels/{channel_id}"]
    assert archived.payload["archived"] is True
    assert service.store.load("discord", archived.url.rsplit("/", 1)[1]) is None


async def test_without_the_permission_the_sender_is_told_what_is_missing(service):
    h = await make_harness(service)
    h.recorder.threads_forbidden = True
    calls = await h.say(ALICE, "alice", "new", game="tally", thread=True)
    assert calls[-1].ephemeral and "Create Public Threads" in calls[-1].content
    assert service.store.load("discord", CHANNEL) is None


async def test_inside_a_thread_a_thread_is_not_opened(service):
    h = await make_harness(service)
    calls = await h.say(ALICE, "alice", "new", game="tally", thread=True, channel="880", thread_parent=CHANNEL)
    assert not h.recorder.find("POST", "/threads")
    assert calls[-1].ephemeral and "without thread" in calls[-1].content
    assert service.store.load("discord", "880") is None


def test_the_console_refuses_the_word_thread_with_what_to_do_instead(service):
    reply = service.handle(Command("console", "room", "ann", "/new tally thread", name="Ann"))
    assert reply.error and "/new GAME opens it in this channel" in reply.error
    assert service.store.load("console", "room") is None


async def test_a_thread_speaks_the_language_of_its_channel(service):
    h = await make_harness(service)
    service.store.set_channel_lang("discord", CHANNEL, "ru")
    calls = await h.say(ALICE, "alice", "new", game="tally", thread=True)
    (lobby,) = [c for c in calls if c.method == "POST" and c.path == "/channels/{channel_id}/messages"]
    assert lobby.content.startswith("Новая партия Tally"), "the lobby in the channel's Russian"
