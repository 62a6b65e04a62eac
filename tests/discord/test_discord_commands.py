"""Slash commands reach the service and come back as the right Discord calls."""
import json

from bot.discord.out import DEFAULT_FILE_LIMIT
from bot.service.types import Command
from tests.discord.harness import CHANNEL, GUILD, make_harness

ALICE, BOB, CAROL = "101", "102", "103"
CALLBACK = "/interactions/"
FOLLOWUP = "/webhooks/5000/"


async def table(service, *players, options=None, start=True):
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="tally", **({"options": options} if options else {}))
    for uid, name in players:
        await h.say(uid, name, "join")
    if start:
        await h.say(ALICE, "alice", "start")
    return h


def deferral(call, ephemeral=False):
    assert call.method == "POST" and CALLBACK in call.url and call.url.endswith("/callback")
    assert call.payload["type"] == 5   # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: "thinking…"
    assert bool(call.payload.get("data", {}).get("flags", 0) & 64) == ephemeral


async def test_start_defers_then_posts_prompt_with_buttons_and_pings_only_the_next_player(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"), start=False)
    calls = await h.say(ALICE, "alice", "start")
    deferral(calls[0])
    post = calls[1]
    assert post.url.startswith("https://discord.com/api/v10/webhooks/5000/") and not post.ephemeral
    assert "Tally begins" in post.content and "Waiting for Alice (P1)" in post.content
    version = service.state("discord", CHANNEL)[2].version
    assert post.custom_ids() == [f"sg:b:{CHANNEL}:{version}:/tl roll", f"sg:b:{CHANNEL}:{version}:/tl add 1",
                                 f"sg:b:{CHANNEL}:{version}:/tl add 2"]
    assert post.payload["allowed_mentions"] == {"parse": []}        # the long message pings nobody
    ping = calls[2]
    assert ping.content == f"Your move: <@{ALICE}>"
    assert ping.payload["allowed_mentions"] == {"parse": [], "users": [int(ALICE)]}
    # the sender's private choices are for her eyes only
    assert calls[3].ephemeral and "Your private choices" in calls[3].content


async def test_typed_verb_composes_the_console_line_and_reaches_the_service(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"))
    seen = []
    handle = service.handle
    service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    calls = await h.say(ALICE, "alice", "tally", "add", n=2)
    assert seen == [Command("discord", CHANNEL, ALICE, "/tl add 2", name="Alice", server=GUILD)]
    deferral(calls[0])
    assert "P1 adds 2: total 2." in calls[1].content
    assert service.state("discord", CHANNEL)[1]["total"] == 2


async def test_a_non_player_is_refused_ephemerally(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"))
    calls = await h.say(CAROL, "carol", "tally", "roll")
    deferral(calls[0])
    # the public "thinking…" message goes away; the refusal is for Carol only
    assert calls[1].method == "DELETE" and calls[1].url.endswith("/messages/@original")
    assert calls[2].ephemeral and "not seated" in calls[2].content
    assert len(calls) == 3
    assert service.state("discord", CHANNEL)[1]["total"] == 0


async def test_not_your_turn_is_refused_ephemerally(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"))
    calls = await h.say(BOB, "bob", "tally", "add", n=1)
    assert [c.method for c in calls] == ["POST", "DELETE", "POST"]
    assert calls[2].ephemeral and "not your turn" in calls[2].content.lower()


async def test_export_is_a_followup_with_a_file(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"))
    await h.say(ALICE, "alice", "tally", "add", n=2)
    calls = await h.say(BOB, "bob", "export")
    deferral(calls[0])
    post = calls[1]
    assert not post.ephemeral and "Export of this game" in post.content
    assert post.payload["attachments"][0]["filename"].endswith(".json")
    name, data = post.files[0]
    assert name.startswith("strategos-tally-") and json.loads(data)["log"][0]["line"] == "add 2"


async def test_admin_flag_follows_manage_channels(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"))
    refused = await h.say(CAROL, "carol", "abort")
    assert refused[-1].ephemeral and "creator or a channel admin" in refused[-1].content
    assert service.state("discord", CHANNEL) is not None
    calls = await h.say(CAROL, "carol", "abort", admin=True)
    assert "aborted" in calls[1].content and service.state("discord", CHANNEL) is None


async def test_a_thread_is_its_own_table(service):
    h = await make_harness(service)
    thread = "880"
    await h.say(ALICE, "alice", "new", game="tally", channel=thread, thread_parent=CHANNEL)
    calls = await h.say(ALICE, "alice", "join", channel=thread, thread_parent=CHANNEL)
    assert "Alice joins" in calls[1].content
    assert service.store.load("discord", thread).meta["players"][0]["user"] == ALICE
    assert service.store.load("discord", CHANNEL) is None


async def test_help_is_ephemeral_and_query_verbs_answer_the_sender_only(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"))
    calls = await h.say(CAROL, "carol", "help")
    deferral(calls[0], ephemeral=True)
    assert calls[1].ephemeral and "Commands:" in calls[1].content
    calls = await h.say(BOB, "bob", "tally", "total")
    deferral(calls[0], ephemeral=True)
    assert all(c.ephemeral for c in calls[1:]) and "The total is 0." in calls[1].content


async def test_a_picture_is_rendered_off_the_loop_and_attached_unless_too_large(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"))
    from bot.service.types import Picture
    handle = service.handle
    size = {"n": 1000}

    def with_picture(cmd):
        reply = handle(cmd)
        reply.image = Picture("k", "board.png", lambda: b"\x89PNG" + b"0" * size["n"])
        return reply

    service.handle = with_picture
    calls = await h.say(ALICE, "alice", "tally", "add", n=1)
    assert calls[1].files and calls[1].files[0][0] == "board.png" and len(calls[1].files[0][1]) == 1004
    size["n"] = 2_000_000
    calls = await h.send(h.slash(BOB, "bob", "tally", "add", n=1, limit=1_000_000))
    assert not calls[1].files
    assert "board.png is 1.9 MiB, over the 1.0 MiB upload limit" in calls[1].content
    assert DEFAULT_FILE_LIMIT == 10 * 1024 * 1024
