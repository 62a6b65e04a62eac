"""Between games and vacation (issue #26): /rematch, /stats with its ratings, /away and /back,
through the service on a real Redis."""
import pytest

from bot.service import Service
from bot.service.between import result_of, tally
from bot.service.types import Command
from bot.store import Conflict, Result
from core.registry import get_game

P = "t"
HOUR = 3600.0


@pytest.fixture
def now():
    return [1_000_000.0]


@pytest.fixture
def service(store, now):
    return Service(store, remind_after=60, clock=lambda: now[0])


def say(service, user, text, channel="c", server="guild", **kw):
    return service.handle(Command(P, channel, user, text, name=user, server=server, **kw))


def table(service, channel="c", players=("alice", "bob"), options="target=3 seed=7", server="guild"):
    assert say(service, players[0], f"/new tally {options}", channel, server).ok
    for user in players:
        assert say(service, user, "/join", channel, server).ok
    assert say(service, players[0], "/start", channel, server).ok


def finish(service, channel="c", winner_first=False, server="guild"):
    """Alice adds 2, then bob adds 2 (bob wins at 3); or alice adds 1, bob 1, alice 2 (alice wins)."""
    moves = [("alice", 1), ("bob", 1), ("alice", 2)] if winner_first else [("alice", 2), ("bob", 2)]
    for user, n in moves:
        reply = say(service, user, f"/tl add {n}", channel, server)
        assert reply.ok, reply.error
    assert service.store.load(P, channel).meta["status"] == "finished"
    return reply


# /rematch ---------------------------------------------------------------------------------------
def test_rematch_asks_every_player_and_deals_the_same_table_with_a_new_seed(service):
    table(service, players=("alice", "bob"))
    finish(service)
    before = service.store.load(P, "c", with_setup=True)
    asked = say(service, "alice", "/rematch")
    assert asked.ok and "1 of 2 agreed" in asked.text and asked.mentions == ["bob"]
    assert service.store.load(P, "c").meta["status"] == "finished"   # nothing dealt before everyone agrees
    dealt = say(service, "bob", "/rematch")
    assert dealt.ok and "Everyone agreed" in dealt.text
    rec = service.store.load(P, "c", with_setup=True)
    assert rec.meta["status"] == "playing"
    assert [(p["user"], p["seat"]) for p in rec.meta["players"]] == [("alice", "P1"), ("bob", "P2")]
    assert rec.setup["options"] == before.setup["options"] == {"target": 3}
    assert rec.setup["seed"] != before.setup["seed"] and rec.meta["nonce"] != before.meta["nonce"]
    assert service.store.log(P, "c") == []   # the new game's log starts empty
    assert sorted(service.open_channels(P, "alice")) == ["c"]   # private messages reach it again


def test_robots_agree_to_a_rematch_by_themselves(service):
    assert say(service, "alice", "/new tally target=3 seed=7 robots=1").ok
    assert say(service, "alice", "/join").ok and say(service, "alice", "/start").ok
    rec = service.store.load(P, "c")
    while rec.meta["status"] == "playing":   # the robot's turns played as the scheduler plays a seat's line
        seat = next(iter(get_game("tally").prompts(rec.state)))
        user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
        assert say(service, user, "/tl add 2", by="deadline" if user.startswith("robot") else None,
                   seat=seat).ok
        rec = service.store.load(P, "c")
    dealt = say(service, "alice", "/rematch")
    assert dealt.ok and "Everyone agreed" in dealt.text
    assert service.store.load(P, "c").meta["status"] == "playing"


@pytest.mark.parametrize("setup, user, text, code, words", [
    ("playing", "alice", "/rematch", "GAME_RUNNING", "already open"),
    ("lobby", "alice", "/rematch", "GAME_RUNNING", "already open"),
    ("finished", "carol", "/rematch", "NOT_A_PLAYER", "Only the players of the last game"),
    ("finished", "alice", "/rematch maybe", "MALFORMED", "/rematch no"),
    ("finished", "alice", "/rematch no", "NOTHING_TO_REMATCH", "Nobody has asked"),
    ("none", "alice", "/rematch", "NO_GAME", "no game in this channel"),
])
def test_rematch_refusals_are_sentences_and_change_nothing(service, setup, user, text, code, words):
    if setup == "lobby":
        assert say(service, "alice", "/new tally").ok
    elif setup != "none":
        table(service)
        if setup == "finished":
            finish(service)
    before = service.store.load(P, "c")
    reply = say(service, user, text)
    assert not reply.ok and reply.code == code and words in reply.error
    after = service.store.load(P, "c")
    if before is None:
        assert after is None
    else:
        assert (after.version, after.meta) == (before.version, before.meta)


def test_a_second_rematch_from_the_same_player_and_a_decline(service):
    table(service)
    finish(service)
    assert say(service, "alice", "/rematch").ok
    again = say(service, "alice", "/rematch")
    assert again.code == "ALREADY_AGREED" and "waiting for bob" in again.error
    declined = say(service, "bob", "/rematch no")
    assert declined.ok and "declines" in declined.text
    assert "rematch" not in service.store.load(P, "c").meta
    assert "1 of 2" in say(service, "bob", "/rematch").text   # asked afresh


# /stats and ratings -------------------------------------------------------------------------------
def test_stats_after_two_finished_games_count_games_wins_and_ratings(service):
    table(service)
    finish(service)                          # bob (P2) wins
    assert say(service, "alice", "/rematch").ok and say(service, "bob", "/rematch").ok
    finish(service, winner_first=True)       # alice (P1) wins
    stats = say(service, "carol", "/stats")   # anyone in the server may look
    assert stats.ok
    assert stats.public[0] == "Games played here: 2."
    assert "Tally — played: 2; wins by seat or faction: P1 1/2, P2 1/2." in stats.public
    ratings = next(line for line in stats.public if line.startswith("Tally ratings:"))
    assert "alice" in ratings and "bob" in ratings and "(played 2)" in ratings


def test_a_result_changes_the_ratings_winner_up_loser_down(service):
    table(service)
    ended = finish(service)                 # bob wins
    line = next(line for line in ended.public if line.startswith("Ratings:"))
    assert "alice 0.0 → -" in line and "bob 0.0 → " in line and "bob 0.0 → -" not in line
    out, _ = service.between.current(P, "guild")
    alice, bob = out["ratings"]["tally"]["alice"], out["ratings"]["tally"]["bob"]
    assert bob[0] > 25 > alice[0]           # openskill's μ moved from its 25 start, each its own way
    assert alice[1] < 25 / 3 and bob[1] < 25 / 3   # and both grew surer


def test_the_stats_of_one_server_are_its_own(service):
    table(service, channel="c1", server="guild")
    finish(service, channel="c1", server="guild")
    table(service, channel="c2", server="guild")
    finish(service, channel="c2", server="guild")
    table(service, channel="c3", server="other")
    finish(service, channel="c3", server="other")
    assert say(service, "alice", "/stats", channel="c1").public[0] == "Games played here: 2."
    assert say(service, "alice", "/stats", channel="c3", server="other").public[0] == "Games played here: 1."
    assert "No game has ended here yet" in say(service, "alice", "/stats", channel="x", server="new").text
    private = say(service, "alice", "/stats", channel=None, server=None, private=True)
    assert private.code == "IN_CHANNEL_ONLY"


def test_a_result_counts_once_when_the_ending_write_is_retried(service):
    table(service)
    assert say(service, "alice", "/tl add 2", key="k1").ok
    ending = say(service, "bob", "/tl add 2", key="k2")
    assert ending.ok
    again = say(service, "bob", "/tl add 2", key="k2")   # the platform delivers the ending again
    assert "Already done" in again.text
    rec = service.store.load(P, "c")
    game = get_game("tally")
    result = result_of(game, P, "c", rec.meta, rec.state, 0.0)
    # the ending written again with the same result (a retry that did land the first time): once
    service.store.commit(P, "c", rec.expected, meta=rec.meta, result=result)
    assert len(service.store.results(P, "guild")) == 1
    assert service.between.current(P, "guild")[0]["games"] == 1


def test_robots_are_counted_by_seat_but_not_rated():
    result = {"id": "c:1", "game": "tally", "winners": ["P2"], "seats": [
        {"seat": "P1", "user": "alice", "name": "alice", "robot": False, "faction": None},
        {"seat": "P2", "user": "robot:1", "name": "🤖 Robot 1", "robot": True, "faction": None}]}
    out = tally([result])
    assert out["by_game"]["tally"]["wins"] == {"P2": 1}
    assert out["ratings"]["tally"] == {}      # one human: nobody to be rated against


def test_the_result_is_written_by_the_ending_write_itself(store):
    """`Store.commit`'s result lands with the game in one script; an unchanged seq refuses both."""
    store.commit(P, "x", 0, meta={"status": "playing"})
    result = Result(P, "g", "x:1", {"id": "x:1", "game": "tally", "winners": [], "seats": []})
    store.commit(P, "x", 1, meta={"status": "finished"}, result=result)
    with pytest.raises(Conflict):   # a stale ending writes neither the game nor a result
        store.commit(P, "x", 1, meta={"status": "finished"}, result=Result(P, "g", "x:2", {"id": "x:2"}))
    assert [r["id"] for r in store.results(P, "g")] == ["x:1"]


# /away and /back ---------------------------------------------------------------------------------
def test_away_pauses_a_deadline_that_would_otherwise_fire(service, now):
    table(service, channel="c1", players=("alice", "bob"), options="target=30 seed=7 deadline=1h")
    table(service, channel="c2", players=("alice", "dave"), options="target=30 seed=7 deadline=1h")
    for channel in ("c1", "c2"):
        assert say(service, "alice", "/tl add 1", channel).ok   # bob's turn in c1, dave's in c2
    away = say(service, "dave", "/away 3d", channel=None, private=True)
    assert away.ok and "dave is away for 3 d" in " ".join(away.private["dave"])
    now[0] += 2 * HOUR
    played = [r for r in service.due_reminders(P) if any("Time is up" in line for line in r.public)]
    assert [r.channel for r in played] == ["c1"]          # bob's deadline fired; dave's waits
    status = say(service, "alice", "/status", "c2")
    assert "dave (P2) is away for 2 d 22 h more" in status.text
    notice = [r for r in service.due_reminders(P) if r.channel == "c2"]
    assert notice == []                                    # the notice went out with the first round
    now[0] += 3 * 24 * HOUR                                # his absence over, his hour runs again
    played = [r for r in service.due_reminders(P) if any("Time is up" in line for line in r.public)]
    assert "c2" in [r.channel for r in played]


def test_the_others_are_told_of_an_absence_in_their_channel(service, now):
    table(service, channel="c1", options="target=30 seed=7 deadline=1h")
    assert say(service, "bob", "/away 1d", channel=None, private=True).ok
    notices = [r for r in service.due_reminders(P) if r.channel == "c1"]
    assert notices and "bob is away for 1 d" in notices[0].text


def test_the_game_limit_cuts_an_absence_short(service, now):
    table(service, options="target=30 seed=7 deadline=1h away=1d")
    assert say(service, "alice", "/tl add 1").ok
    away = say(service, "bob", "/away 3d")
    assert "bob is away for 1 d (this game allows 1 d away in all)" in away.text
    now[0] += 24 * HOUR + 30 * 60                          # the limit reached, half the hour left
    assert not [r for r in service.due_reminders(P) if "Time is up" in r.text]
    now[0] += 31 * 60
    assert [r for r in service.due_reminders(P) if "Time is up" in r.text]
    used = say(service, "bob", "/away 1d")                 # the game's allowance is spent
    assert used.ok and "has used the 1 d this game allows away" in used.text
    assert "is away" not in say(service, "alice", "/status").text


def test_back_ends_the_absence_and_the_deadline_runs_from_what_was_left(service, now):
    table(service, options="target=30 seed=7 deadline=1h")
    assert say(service, "alice", "/tl add 1").ok
    now[0] += 30 * 60                                      # half of bob's hour gone
    assert say(service, "bob", "/away 2d").ok
    now[0] += 5 * HOUR
    back = say(service, "bob", "/back")
    assert back.ok and "bob is back" in back.text
    assert "the default in 30 min" in say(service, "alice", "/status").text
    again = say(service, "bob", "/back")
    assert again.code == "NOT_AWAY" and "nothing to come back to" in again.error


def test_an_away_player_is_not_reminded(service, now):
    table(service, options="target=30 seed=7 remind=1h")
    assert say(service, "alice", "/tl add 1").ok
    assert say(service, "bob", "/away 1d").ok
    now[0] += 2 * HOUR
    assert not [r for r in service.due_reminders(P) if "Reminder:" in r.text]
    pinged = say(service, "alice", "/remind")
    assert "Not pinged, away: bob." in pinged.text or pinged.code == "NOBODY_PENDING"


@pytest.mark.parametrize("text, code", [("/away", "MALFORMED"), ("/away soon", "MALFORMED"),
                                        ("/away 40d", "MALFORMED"), ("/back now", "MALFORMED")])
def test_away_and_back_refuse_bad_input(service, text, code):
    table(service, options="target=30 seed=7 deadline=1h")
    before = service.store.load(P, "c")
    reply = say(service, "bob", text)
    assert not reply.ok and reply.code == code and reply.error
    assert service.store.load(P, "c").meta == before.meta


def test_away_before_a_game_starts_is_kept_for_it(service, now):
    """An absence typed with no game in play is the player's own: a game of his that starts
    while it runs begins with his seat away, as far as that game allows."""
    noted = say(service, "bob", "/away 2d", channel=None, private=True)
    assert noted.ok and "Noted for the next 2 d" in " ".join(noted.private["bob"])
    assert "You are away for 2 d more" in " ".join(say(service, "bob", "/games", channel=None,
                                                       private=True).private["bob"])
    now[0] += HOUR
    assert say(service, "alice", "/new tally target=30 seed=7 deadline=1h").ok
    for user in ("alice", "bob"):
        assert say(service, user, "/join").ok
    begins = say(service, "alice", "/start")
    assert "bob is away for 1 d 23 h: the deadline and reminders wait for that seat" in begins.text
    started = service.store.load(P, "c").meta
    assert started["away"]["P2"]["until"] == pytest.approx(now[0] + 47 * HOUR)
    assert say(service, "alice", "/tl add 1").ok           # bob's turn, while he is away
    now[0] += 5 * HOUR
    assert not [r for r in service.due_reminders(P) if "Time is up" in r.text]
    assert "bob (P2) is away for 1 d 18 h more" in say(service, "alice", "/status").text


def test_a_game_started_after_back_runs_its_deadlines(service, now):
    assert say(service, "bob", "/away 2d", channel=None, private=True).ok
    back = say(service, "bob", "/back", channel=None, private=True)
    assert back.ok and "Welcome back" in " ".join(back.private["bob"])
    table(service, options="target=30 seed=7 deadline=1h")
    assert not service.store.load(P, "c").meta.get("away")
    assert say(service, "bob", "/back", channel=None, private=True).code == "NOT_AWAY"


def test_a_started_game_caps_the_players_own_absence(service, now):
    assert say(service, "bob", "/away 5d", channel=None, private=True).ok
    table(service, options="target=30 seed=7 deadline=1h away=1d")
    rec = service.store.load(P, "c")
    assert rec.meta["away"]["P2"]["until"] == pytest.approx(now[0] + 24 * HOUR)
    assert "bob (P2) is away for 1 d more" in say(service, "alice", "/status").text


def test_back_is_one_command_for_an_absence_and_a_robot_seat(service, now):
    table(service, options="target=1000 seed=7 deadline=1h absent=robot")
    for _ in range(3):                                       # bob misses three deadlines in a row
        assert say(service, "alice", "/tl add 1").ok
        now[0] += 2 * HOUR
        service.due_reminders(P)
    bob = next(p for p in service.store.load(P, "c").meta["players"] if p["user"] == "bob")
    assert bob.get("robot"), "the third missed deadline gave his seat to a robot"
    assert say(service, "bob", "/away 1d").ok
    back = say(service, "bob", "/back")
    assert back.ok and "bob is back" in back.text and "bob takes seat P2 back from the robot." in back.text
    meta = service.store.load(P, "c").meta
    assert not any(p.get("robot") for p in meta["players"]) and "is away" not in say(service, "alice", "/status").text


def test_a_clock_bank_is_not_spent_while_away(service, now):
    table(service, options="target=30 seed=7 clock=2h")
    assert say(service, "alice", "/tl add 1").ok
    assert say(service, "bob", "/away 1d").ok
    now[0] += 5 * HOUR
    assert say(service, "bob", "/tl add 1").ok              # his move, while away: his bank untouched
    assert service.store.load(P, "c").meta["bank"]["P2"] == pytest.approx(2 * HOUR, abs=1)


@pytest.mark.parametrize("game_id, info, side", [
    ("starcraft", {"faction": "protoss-aldaris", "name": "Aldaris"}, "Aldaris"),   # a faction, by its name
    ("successors", {"colour": "Purple"}, None),                                      # a colour is no faction
    ("ludi", {"name": "alice", "points": 3}, None),                                  # nor a player's name
])
def test_a_result_names_the_faction_a_seat_played(game_id, info, side, monkeypatch):
    game = get_game(game_id)
    monkeypatch.setattr(type(game), "seat_colours", lambda self, state: {"A": info})
    monkeypatch.setattr(type(game), "outcome", lambda self, state: (True, "A", "test"))
    meta = {"nonce": "n", "players": [{"user": "alice", "name": "alice", "seat": "A"}]}
    result = result_of(game, P, "c", meta, {}, 0.0)
    assert result.data["seats"][0]["faction"] == side and result.data["winners"] == ["A"]


def test_a_game_may_allow_no_absence(service):
    table(service, options="target=30 seed=7 deadline=1h away=0")
    reply = say(service, "bob", "/away 1d")
    assert reply.ok and "This game allows no absence (away=0)" in reply.text
    assert "away" not in service.store.load(P, "c").meta


def test_a_new_game_over_a_finished_one_starts_with_an_empty_log(service):
    table(service)
    finish(service)
    assert len(service.store.log(P, "c")) == 2
    table(service)                                            # /new over the finished game, as a rematch does
    assert service.store.log(P, "c") == []
    assert say(service, "alice", "/tl add 1").ok and len(service.store.log(P, "c")) == 1


def test_a_time_left_counts_its_part_minute_so_an_absence_just_begun_reads_as_asked():
    """/away 2d then /status a moment later: "2 d more", not "1 d 23 h" (the span rounds up)."""
    from bot.service.timers import _span

    assert _span(2 * 86400 - 1) == "2 d"
    assert _span(5 * 3600 + 20 * 60) == "5 h 20 min"
    assert _span(5 * 3600 + 20 * 60 - 30) == "5 h 20 min"
    assert _span(61) == "2 min"
