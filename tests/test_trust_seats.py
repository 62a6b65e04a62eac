"""A seat goes only to the person invited (issue 28): identity is the platform's user id,
/replace asks the other seated players too, one pending invitation at a time, any game's
seat names, a button plays only a game action, /remind is throttled, a moved chat keeps its
game. On real Redis through the service's one path."""
import pytest

from bot.service import Service
from bot.service.timers import REMIND_THROTTLE
from bot.service.types import Command

H = 3600.0


def say(service, user, text, channel="d", platform="discord", name=None, **kw):
    return service.handle(Command(platform, channel, user, text, name=name or f"user{user}", **kw))


def table(service, players=("1", "2", "3"), game="tally", platform="discord", channel="d", options=""):
    assert say(service, players[0], f"/new {game} {options}".strip(), channel, platform).ok
    for user in players:
        assert say(service, user, "/join", channel, platform).ok
    assert say(service, players[0], "/start", channel, platform).ok


def make_absent(store, platform, channel, seat):
    """Seat `seat` absent, as three missed deadlines leave it (the deadline tests show how)."""
    rec = store.load(platform, channel)
    players = [dict(p, absent=True) if p["seat"] == seat else p for p in rec.meta["players"]]
    store.commit(platform, channel, rec.expected, meta=dict(rec.meta, players=players))


def seated(store, platform="discord", channel="d"):
    return [p["user"] for p in store.load(platform, channel).meta["players"]]


# identity -------------------------------------------------------------------------------------
def test_a_handover_to_a_mention_is_accepted_by_that_user_id_only_never_by_a_display_name(service):
    table(service, players=("1", "2"))
    assert say(service, "1", "/handover <@333>").ok
    assert say(service, "2", "/agree").ok
    impostor = say(service, "444", "/agree", name="333")
    assert not impostor.ok and impostor.code == "NOT_ASKED"
    assert seated(service.store) == ["1", "2"]
    assert say(service, "333", "/agree", name="somebody").ok
    assert seated(service.store) == ["333", "2"]


def test_on_a_chat_platform_a_bare_name_is_no_invitation(service):
    """Telegram gives bots no @username → id lookup, and Discord names are not ids: a name
    typed as text could only be matched by a display name, which anybody can take."""
    table(service, players=("1", "2"), platform="telegram")
    reply = say(service, "1", "/handover @bob_tg", platform="telegram")
    assert not reply.ok and reply.code == "NOT_A_MENTION"
    assert "invite" not in service.store.load("telegram", "d").meta
    assert not say(service, "555", "/agree", platform="telegram", name="bob_tg").ok


def test_on_the_console_the_typed_name_is_the_user_id(service):
    table(service, players=("alice", "bob"), platform="console")
    assert say(service, "alice", "/handover @carol", platform="console").ok
    assert say(service, "bob", "/agree", platform="console").ok
    assert not say(service, "Carol", "/agree", platform="console").ok   # another user id
    assert say(service, "carol", "/agree", platform="console").ok
    assert seated(service.store, "console") == ["carol", "bob"]


# /replace asks the others ---------------------------------------------------------------------
def test_replace_of_an_absent_seat_needs_every_other_present_players_agreement(service):
    table(service)
    make_absent(service.store, "discord", "d", "P3")
    reply = say(service, "1", "/replace P3 <@77>")
    assert reply.ok and "<@2>" in reply.text
    assert say(service, "77", "/agree").ok
    assert seated(service.store) == ["1", "2", "3"], "the newcomer alone does not seat himself"
    assert say(service, "2", "/agree").ok
    assert seated(service.store) == ["1", "2", "77"]


def test_replace_finds_ludis_lower_case_seat(service):
    table(service, players=("1", "2", "3"), game="ludi")
    seats = [p["seat"] for p in service.store.load("discord", "d").meta["players"]]
    assert seats[2] == "p3"
    make_absent(service.store, "discord", "d", "p3")
    reply = say(service, "1", "/replace p3 <@77>")
    assert reply.ok, reply.error
    assert service.store.load("discord", "d").meta["invite"]["seat"] == "p3"


# one pending invitation -----------------------------------------------------------------------
def test_a_second_invitation_while_one_waits_is_refused_and_names_the_pending_one(service):
    table(service)
    assert say(service, "1", "/handover <@77>").ok
    assert say(service, "2", "/agree").ok
    second = say(service, "2", "/handover <@88>")
    assert not second.ok and second.code == "INVITE_PENDING"
    assert "<@77>" in second.error and "P1" in second.error and "/handover cancel" in second.error
    invite = service.store.load("discord", "d").meta["invite"]
    assert invite["ref"] == "77" and "2" not in invite["waiting"], "the agreement given stays"


def test_only_the_proposer_cancels_a_pending_invitation(service):
    table(service)
    assert say(service, "1", "/handover <@77>").ok
    assert say(service, "2", "/handover cancel").code == "NOT_YOURS"
    assert say(service, "1", "/handover cancel").ok
    assert "invite" not in service.store.load("discord", "d").meta
    assert say(service, "2", "/handover <@88>").ok


# a button plays a game action only ------------------------------------------------------------
def test_a_press_carrying_a_platform_command_is_refused(service):
    table(service, players=("1", "2"))
    version = service.store.load("discord", "d").version
    reply = say(service, "1", "/handover <@666>", version=version)
    assert not reply.ok and reply.code == "NOT_AN_ACTION"
    assert "invite" not in service.store.load("discord", "d").meta
    assert say(service, "1", "/tl add 1", version=version).ok   # a game's action still plays


# /remind is throttled -------------------------------------------------------------------------
def test_remind_pings_at_most_once_per_game_per_throttle(store):
    now = [1000.0]
    service = Service(store, remind_after=12 * H, clock=lambda: now[0])
    table(service, players=("1", "2"))
    assert say(service, "2", "/remind").mentions == ["1"]
    again = say(service, "2", "/remind")
    assert not again.ok and again.code == "REMIND_THROTTLED" and f"{REMIND_THROTTLE // 60:.0f} minutes" in again.error
    now[0] += REMIND_THROTTLE + 1
    assert say(service, "2", "/remind").mentions == ["1"]


# a chat that moves keeps its game -------------------------------------------------------------
def test_move_channel_carries_the_game_its_log_and_its_players_index(service):
    table(service, players=("1", "2"), platform="telegram", channel="-5")
    assert say(service, "1", "/tl add 2", "-5", "telegram").ok
    assert say(service, "1", "/lang es", "-5", "telegram").ok
    before = service.store.load("telegram", "-5")
    assert service.move_channel("telegram", "-5", "-1005")
    assert service.store.load("telegram", "-5").meta is None
    after = service.store.load("telegram", "-1005", with_setup=True)
    assert after.meta == before.meta and after.state == before.state
    assert [e["line"] for e in service.store.log("telegram", "-1005")] == ["add 2"]
    assert service.open_channels("telegram", "1") == ["-1005"]
    assert say(service, "2", "/tl add 1", "-1005", "telegram").lang == "es", "the group's language moved too"
    assert not service.move_channel("telegram", "-5", "-1005"), "nothing left to move"


@pytest.mark.parametrize("kind", ["handover", "replace"])
def test_the_invited_user_is_told_how_to_agree(service, kind):
    table(service)
    if kind == "replace":
        make_absent(service.store, "discord", "d", "P3")
    reply = say(service, "1", f"/{kind} {'P3 ' if kind == 'replace' else ''}<@77>")
    assert reply.ok and "<@77>" in reply.text and "/agree" in reply.text
