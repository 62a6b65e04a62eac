"""/hint as a button under a private menu (issue 35): the advice comes to the presser alone (an
ephemeral follow-up) and his menu is not taken off; a table opened with hints=off, or a game no robot
plays, shows no such button."""
from tests.discord.harness import ALICE, BOB, CHANNEL, make_harness, message_payload

UPDATE_MESSAGE = 7


async def ludi_menu(service, options: str | None = None):
    """A two-player Ludi game: the deciding player's private menu (/me) and the harness."""
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="ludi", **({"options": options} if options else {}))
    await h.say(ALICE, "alice", "join")
    await h.say(BOB, "bob", "join")
    await h.say(ALICE, "alice", "start")
    game, state, rec = service.state("discord", CHANNEL)
    seat = next(iter(game.prompts(state)))
    user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
    calls = await h.say(user, "player", "me")
    shown = next(c for c in calls if c.payload and c.payload.get("components"))
    return h, user, message_payload(CHANNEL, shown.payload)


def buttons_of(message: dict) -> list[dict]:
    return [c for row in message["components"] for c in row["components"] if c["type"] == 2]


async def test_the_hint_button_of_a_private_menu_answers_the_presser_alone_and_keeps_the_menu(service):
    h, user, message = await ludi_menu(service)
    (hint,) = [b for b in buttons_of(message) if b["custom_id"].startswith("sg:h:")]
    assert hint["label"] == "💡 /hint" and hint["custom_id"].endswith("|hint")
    version = service.store.load("discord", CHANNEL).version
    calls = await h.send(h.press(user, "player", hint["custom_id"], message))
    assert not [c for c in calls if (c.payload or {}).get("type") == UPDATE_MESSAGE], "the menu stays as it was"
    (said,) = [c for c in calls if "Hint:" in (c.content or "")]
    assert said.ephemeral and "chance to win about" in said.content
    rec = service.store.load("discord", CHANNEL)
    assert rec.meta["hinted"] and rec.version == version     # marked for /stats; nobody's buttons moved


async def test_no_hint_button_at_a_hints_off_table(service):
    h, user, message = await ludi_menu(service, "hints=off")
    assert message["components"] and not [b for b in buttons_of(message) if b["custom_id"].startswith("sg:h:")]
