"""Buttons and select menus: persistent DynamicItems whose custom_id carries the line."""
from bot.discord.out import ActionButton, build_view, decode_line
from bot.service.types import Button
from tests.discord.harness import ALICE, BOB, CAROL, CHANNEL, make_harness, message_payload, two_seated


async def started(service, options=None):
    h = await make_harness(service)
    calls = await two_seated(h, options)
    post = next(c for c in calls if c.payload and c.payload.get("components"))
    return h, message_payload(CHANNEL, post.payload)


async def test_a_press_plays_its_line_at_its_version(service):
    h, message = await started(service)
    version = service.state("discord", CHANNEL)[2].version
    custom_id = f"sg:b:{CHANNEL}:{version}:/tl add 2"
    seen = []
    handle = service.handle
    service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    calls = await h.send(h.press(ALICE, "alice", custom_id, message))
    assert seen[0].text == "/tl add 2" and seen[0].version == version and seen[0].channel == CHANNEL
    assert calls[0].url.endswith("/callback") and calls[0].payload["type"] == 5   # deferred, thinking
    assert "P1 adds 2: total 2." in calls[1].content and not calls[1].ephemeral
    # the next prompt comes with its own buttons, drawn for the new version
    assert calls[1].custom_ids()[0] == f"sg:b:{CHANNEL}:{version + 1}:/tl roll"
    assert calls[2].content == f"Your move: <@{BOB}>"
    # Bob's private choices wait for him to ask (/me, /status) or for a reminder: no DM now
    assert not h.recorder.find("POST", "/users/@me/channels")


async def test_a_stale_press_is_refused_ephemerally(service):
    h, message = await started(service)
    version = service.state("discord", CHANNEL)[2].version
    await h.send(h.press(ALICE, "alice", f"sg:b:{CHANNEL}:{version}:/tl add 1", message))
    calls = await h.send(h.press(ALICE, "alice", f"sg:b:{CHANNEL}:{version}:/tl add 2", message))
    assert calls[1].method == "DELETE"
    assert calls[2].ephemeral and "earlier position" in calls[2].content
    assert service.state("discord", CHANNEL)[1]["total"] == 1


async def test_a_non_player_press_is_refused_ephemerally(service):
    h, message = await started(service)
    version = service.state("discord", CHANNEL)[2].version
    calls = await h.send(h.press(CAROL, "carol", f"sg:b:{CHANNEL}:{version}:/tl roll", message))
    assert calls[-1].ephemeral and "not seated" in calls[-1].content
    assert service.state("discord", CHANNEL)[1]["total"] == 0


async def test_the_same_line_for_several_seats_is_one_button(service):
    h, message = await started(service, options="free=1")   # both seats may roll or add
    row = message["components"][0]["components"]
    assert [c["label"] for c in row] == ["roll", "add 1", "add 2"]
    calls = await h.send(h.press(BOB, "bob", row[2]["custom_id"], message))
    assert "P2 adds 2: total 2." in calls[1].content


async def test_more_than_five_actions_make_one_select_menu(service):
    h, _ = await started(service)
    version = service.state("discord", CHANNEL)[2].version
    lines = ["roll"] + [f"add {n}" for n in range(1, 8)]
    view = build_view(service, CHANNEL, [Button(line, f"/tl {line}", version, "P1", ALICE) for line in lines])
    message = message_payload(CHANNEL, {"components": view.to_components()})
    (select,) = message["components"][0]["components"]
    assert select["type"] == 3 and select["custom_id"] == f"sg:s:{CHANNEL}:{version}"
    assert [o["label"] for o in select["options"]] == lines
    calls = await h.send(h.press(ALICE, "alice", select["custom_id"], message, values=["/tl add 7"]))
    assert "P1 adds 7: total 7." in calls[1].content
    stale = await h.send(h.press(ALICE, "alice", select["custom_id"], message, values=["/tl add 7"]))
    assert stale[-1].ephemeral and "earlier position" in stale[-1].content


async def test_a_long_line_is_kept_in_redis_and_the_custom_id_fits(service):
    line = "/tl add " + "9" * 150
    view = build_view(service, CHANNEL, [Button("long", line, 7, "P1", ALICE)])
    (item,) = view.children
    custom_id = item.custom_id
    assert len(custom_id) <= 100 and custom_id.startswith(f"sg:b:{CHANNEL}:7:~")
    assert decode_line(service, CHANNEL, custom_id.rsplit(":", 1)[1]) == line
    assert isinstance(item, ActionButton) and view.is_finished()   # not kept in the client's memory


async def test_buttons_survive_a_restart(service):
    h, message = await started(service)
    version = service.state("discord", CHANNEL)[2].version
    fresh = await make_harness(service)        # a new process: no view was ever stored in it
    calls = await fresh.send(fresh.press(ALICE, "alice", f"sg:b:{CHANNEL}:{version}:/tl add 1", message))
    assert "P1 adds 1: total 1." in calls[1].content


async def test_a_press_posts_the_new_picture_rendered_in_a_worker_thread(service):
    import threading

    from bot.service.types import Picture

    h, message = await started(service)
    threads = []

    def draw():
        threads.append(threading.current_thread())
        return b"\x89PNG picture"

    handle = service.handle

    def with_picture(cmd):
        reply = handle(cmd)
        if reply.ok:
            reply.image = Picture("k", "tally-v9.png", draw)
        return reply

    service.handle = with_picture
    version = service.state("discord", CHANNEL)[2].version
    calls = await h.send(h.press(ALICE, "alice", f"sg:b:{CHANNEL}:{version}:/tl roll", message))
    assert calls[0].payload["type"] == 5
    post = calls[1]
    assert post.files == [("tally-v9.png", b"\x89PNG picture")]
    assert post.payload["attachments"] == [{"id": 0, "filename": "tally-v9.png"}]
    assert post.custom_ids()       # the next buttons ride on the message with the picture
    assert threads and threads[0] is not threading.main_thread()
