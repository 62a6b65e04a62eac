"""Trust on Discord (issue 11), through discord.py's own objects offline."""
from tests.discord.harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    Harness,
    make_harness,
    message_payload,
    settle,
    two_seated,
    user,
)

STRANGER = "666"


async def dm_message(h: Harness, uid: str, text: str) -> list:
    """A plain message in the bot's DM, dispatched as the gateway does (MESSAGE_CREATE)."""
    start = len(h.recorder.calls)
    data = message_payload(f"9{uid}", {"content": text})
    data["author"] = user(uid, f"user{uid}")
    h.client._connection.parse_message_create(data)
    await settle()
    return h.recorder.calls[start:]


async def test_a_dm_cannot_open_a_game_in_a_channel_the_sender_names(service):
    h = await make_harness(service)
    calls = await dm_message(h, STRANGER, "g=31337 /new tally")
    assert not h.recorder.find("POST", "/channels/31337/messages"), "nothing is posted in channel 31337"
    assert service.store.load("discord", "31337") is None
    answer = h.recorder.find("POST", f"/channels/9{STRANGER}/messages")
    assert answer and "a private message reaches only a channel where you sit" in answer[0].content
    assert calls


async def test_a_dm_join_of_a_real_lobby_is_refused(service):
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="tally")
    await h.say(ALICE, "alice", "join")
    version = service.store.load("discord", CHANNEL).version
    await dm_message(h, BOB, f"g={CHANNEL} /join")
    assert service.store.load("discord", CHANNEL).version == version
    assert "a private message reaches only a channel where you sit" in \
        h.recorder.find("POST", f"/channels/9{BOB}/messages")[0].content


async def test_a_slash_abort_sent_in_a_dm_is_refused(service):
    h = await make_harness(service)
    await two_seated(h)
    version = service.store.load("discord", CHANNEL).version
    calls = await h.say(ALICE, "alice", "abort", dm=True)
    assert service.store.load("discord", CHANNEL).version == version
    assert any("only inside the channel itself" in c.content for c in calls)


async def test_seed_in_the_options_of_new_is_refused(service):
    h = await make_harness(service)
    calls = await h.say(ALICE, "alice", "new", game="tally", options="seed=4711")
    assert any("seed= is not accepted here" in c.content and c.ephemeral for c in calls)
    assert service.store.load("discord", CHANNEL) is None


async def test_each_interaction_carries_its_id_as_the_commands_key(service):
    h = await make_harness(service)
    await two_seated(h)
    seen = []
    handle = service.handle
    service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    payload = h.slash(ALICE, "alice", "tally", "add", n=2)
    await h.send(payload)
    assert seen[-1].key == f"dci:{payload['id']}"
    assert "Already done" in handle(seen[-1]).text
    assert [e["line"] for e in service.store.log("discord", CHANNEL)] == ["add 2"]


async def test_a_button_naming_another_channel_is_refused_and_its_admin_rights_do_not_travel(service):
    """Rights come from the channel clicked, so the game must come from it too (issue 11.10)."""
    h = await make_harness(service)
    await two_seated(h)
    version = service.state("discord", CHANNEL)[2].version
    forged = f"sg:b:{CHANNEL}:{version}:/abort"
    elsewhere = "801"
    message = message_payload(elsewhere, {"components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "abort", "custom_id": forged}]}]})
    calls = await h.send(h.press(CAROL, "carol", forged, message, channel=elsewhere, admin=True))
    assert service.store.load("discord", CHANNEL).meta["status"] == "playing"
    assert any(c.ephemeral and "another channel" in c.content for c in calls)
    assert not h.recorder.find("POST", f"/channels/{CHANNEL}/messages")
