"""Secrets stay secret: ephemeral answers, direct messages, and a secret-free fallback."""
import json

from bot.service.types import Command
from tests.discord.harness import ALICE, BOB, CHANNEL, make_harness, two_seated


async def started(service):
    h = await make_harness(service)
    await two_seated(h)
    h.recorder.clear()
    return h


async def test_a_command_from_a_dm_is_private_and_routed_by_the_service(service):
    h = await started(service)
    seen = []
    handle = service.handle
    service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    calls = await h.say(ALICE, "alice", "tally", "secret", word="plugh", dm=True)
    assert seen == [Command("discord", None, ALICE, "/tl secret plugh", name="Alice", private=True)]
    assert calls[0].payload == {"type": 5, "data": {"flags": 64}}
    answers = "\n".join(c.content for c in calls[1:])
    assert "Your word is plugh." in answers and "Done (only you were told)." in answers
    # nothing was posted to the channel, and no secret went anywhere but the sender's answers
    assert not h.recorder.find("POST", f"/channels/{CHANNEL}/messages")
    assert service.state("discord", CHANNEL)[1]["secrets"] == {"P1": "plugh"}


async def test_a_secret_verb_typed_in_the_channel_is_answered_ephemerally(service):
    h = await started(service)
    calls = await h.say(ALICE, "alice", "tally", "secret", word="plugh")
    assert calls[0].payload == {"type": 5, "data": {"flags": 64}}
    assert all(c.ephemeral for c in calls[1:] if c.payload and "content" in c.payload)
    assert not h.recorder.find("POST", f"/channels/{CHANNEL}/messages")
    assert service.state("discord", CHANNEL)[1]["secrets"] == {"P1": "plugh"}


async def test_an_announced_outcome_of_a_dm_command_is_posted_in_the_game_channel(service):
    h = await started(service)
    await h.say(ALICE, "alice", "tally", "secret", word="plugh", dm=True)
    h.recorder.clear()
    calls = await h.say(ALICE, "alice", "tally", "show", dm=True)
    posted = h.recorder.find("POST", f"/channels/{CHANNEL}/messages")
    assert posted and "P1's word was plugh." in posted[0].content
    assert any(c.content == f"Done: posted in <#{CHANNEL}>." for c in calls)


async def test_other_players_private_lines_go_by_dm_and_a_closed_dm_leaves_a_secret_free_note(service):
    h = await started(service)
    h.recorder.dm_closed.add(BOB)
    await h.say(ALICE, "alice", "tally", "add", n=1)   # now Bob decides…
    await h.say(ALICE, "alice", "remind")               # …and a reminder sends him his private choices
    dm_channel = h.recorder.dm_channels[BOB]
    tried = h.recorder.find("POST", f"/channels/{dm_channel}/messages")
    assert tried and "Your private choices" in tried[0].content   # it was sent to Bob's DM only, as a menu…
    options = [o["value"] + o["label"] for row in tried[0].payload["components"] for c in row["components"]
               for o in c.get("options", [])]
    assert any("wordP2" in o for o in options)
    note = h.recorder.find("POST", f"/channels/{CHANNEL}/messages")
    assert len(note) == 1 and f"<@{BOB}>" in note[0].content and "direct message" in note[0].content
    assert "wordP2" not in note[0].content                     # …and the channel never sees it
    assert note[0].payload["allowed_mentions"] == {"parse": []}
    public = [c for c in h.recorder.calls if c is not tried[0] and "wordP2" in json.dumps(c.payload or {})]
    assert not public


async def test_me_is_ephemeral(service):
    h = await started(service)
    calls = await h.say(BOB, "bob", "me")
    assert calls[0].payload == {"type": 5, "data": {"flags": 64}}
    assert calls[1].ephemeral and "total: 0" in calls[1].content


async def test_a_plain_dm_message_is_a_private_command(service):
    import discord

    h = await started(service)
    seen = []
    handle = service.handle
    service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    dm = await h.client.create_dm(discord.Object(int(ALICE)))
    data = {"id": "4242", "channel_id": str(dm.id), "author": {"id": ALICE, "username": "alice",
            "discriminator": "0", "avatar": None}, "content": f"g={CHANNEL} /tl secret xyzzy",
            "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "pinned": False, "type": 0}
    h.recorder.clear()
    await h.client.on_message(discord.Message(state=h.client._connection, channel=dm, data=data))
    assert seen == [Command("discord", None, ALICE, f"g={CHANNEL} /tl secret xyzzy", name="alice", private=True)]
    answers = "\n".join(c.content for c in h.recorder.find("POST", f"/channels/{dm.id}/messages"))
    assert "Your word is xyzzy." in answers
    assert not h.recorder.find("POST", f"/channels/{CHANNEL}/messages")
