"""Trust through the Discord adapter (issue 28), through discord.py's own objects offline: a
seat goes to the user id the command's user option names, a button carries only the game's
action, and a display name is shown literally, never as markdown."""
from tests.discord.harness import ALICE, BOB, CHANNEL, make_harness, message_payload, two_seated, user
from tests.discord.test_discord_trust import dm_message

DAVE, MALLORY = "333", "444"
EVIL = "[Official rules`](https://evil.example)"


def with_user_option(h, uid: str, name: str, command: str, target: str, target_name: str, **options) -> dict:
    """A slash command whose `user` option picks a member (type 6), resolved as Discord sends it."""
    payload = h.slash(uid, name, command, **options)
    payload["data"]["options"].append({"name": "user", "type": 6, "value": target})
    payload["data"]["resolved"] = {"users": {target: user(target, target_name)}}
    return payload


def players(service):
    return [p["user"] for p in service.store.load("discord", CHANNEL).meta["players"]]


async def test_a_handover_is_accepted_by_the_picked_user_id_only_never_by_his_name(service):
    h = await make_harness(service)
    await two_seated(h)
    await h.send(with_user_option(h, ALICE, "alice", "handover", DAVE, "dave"))
    assert service.store.load("discord", CHANNEL).meta["invite"]["ref"] == DAVE
    await h.say(BOB, "bob", "agree")
    calls = await h.say(MALLORY, "333", "agree")                 # named "333", but user 444
    assert any("not asked for" in c.content and c.ephemeral for c in calls)
    assert players(service) == [ALICE, BOB]
    await h.say(DAVE, "dave", "agree")
    assert players(service) == [DAVE, BOB]


async def test_a_button_whose_data_names_a_platform_command_is_refused(service):
    h = await make_harness(service)
    calls = await two_seated(h)
    post = next(c for c in calls if c.payload and c.payload.get("components"))
    message = message_payload(CHANNEL, post.payload)
    version = service.state("discord", CHANNEL)[2].version
    forged = f"sg:b:{CHANNEL}:{version}:/handover <@666>"
    message["components"][0]["components"][0]["custom_id"] = forged
    calls = await h.send(h.press(ALICE, "alice", forged, message))
    assert "invite" not in service.store.load("discord", CHANNEL).meta
    assert any("plays one of the game's actions" in c.content and c.ephemeral for c in calls)


async def test_a_display_name_with_markdown_link_syntax_is_shown_literally(service):
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="tally")
    calls = await h.say(ALICE, EVIL, "join")
    calls += await h.say(BOB, "bob", "join")
    calls += await h.say(ALICE, EVIL, "start")
    posted = [c.content for c in calls if "Official" in c.content]
    assert posted
    for content in posted:
        # no code span can swallow the name's closing bracket, and the bracket is escaped:
        # Discord shows the characters, not a masked link
        assert "`" not in content.lower().split("official", 1)[1].split("evil.example", 1)[0]
        assert "[Official" not in content.replace("\\[Official", "")


async def test_the_proposer_withdraws_his_invitation_with_the_cancel_option(service):
    h = await make_harness(service)
    await two_seated(h)
    await h.send(with_user_option(h, ALICE, "alice", "handover", DAVE, "dave"))
    calls = await h.send(with_user_option(h, BOB, "bob", "handover", "555", "eve"))
    assert any("An invitation waits already" in c.content for c in calls)
    await h.say(ALICE, "alice", "handover", cancel=True)
    assert "invite" not in service.store.load("discord", CHANNEL).meta


async def test_a_member_removed_from_the_server_cannot_play_by_direct_message(service):
    h = await make_harness(service)
    await two_seated(h)
    h.recorder.removed.add(ALICE)
    version = service.store.load("discord", CHANNEL).version
    calls = await dm_message(h, ALICE, "/tl add 2")
    calls += await h.say(ALICE, "alice", "remind", dm=True)
    assert service.store.load("discord", CHANNEL).version == version
    assert not h.recorder.find("POST", f"/channels/{CHANNEL}/messages"), "nothing narrated, nobody pinged"
    assert any("no longer a member" in c.content for c in calls)
    asked = h.recorder.find("GET", "/members/")
    assert len(asked) == 1, "the answer is cached briefly: one lookup for two commands"


async def test_a_member_still_plays_by_direct_message(service):
    h = await make_harness(service)
    await two_seated(h)
    await dm_message(h, ALICE, "/tl add 2")
    assert [e["line"] for e in service.store.log("discord", CHANNEL)] == ["add 2"]
