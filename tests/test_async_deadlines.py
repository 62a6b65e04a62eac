"""Deadlines that never break a game (issue 15): deadline= and clock= at /new, the rules'
default applied through the ordinary command path at expiry, absent players, /replace and
/handover with /agree."""
import pytest

from bot.service import Service
from bot.service.types import Command
from core.registry import available, get_game

H = 3600.0
PLAYERS = {"infinity": 2, "successors": 3, "tally": 2}


def say(service, user, text, channel="d", **kw):
    return service.handle(Command("t", channel, user, text, name=user, **kw))


def table(store, now, options, players=("alice", "bob"), game="tally", channel="d"):
    service = Service(store, remind_after=12 * H, clock=lambda: now[0])
    assert say(service, "alice", f"/new {game} seed=1 {options}", channel).ok
    for user in players:
        assert say(service, user, "/join", channel).ok
    assert say(service, "alice", "/start", channel).ok
    return service


@pytest.mark.parametrize("game_id", sorted(set(available()) | {"tally"}))
def test_with_a_zero_deadline_and_nobody_acting_every_game_finishes(store, game_id):
    """Self-play by the deadline alone: every default is legal, the game reaches its end,
    every action is logged as the deadline's, and the finished game verifies."""
    now = [1000.0]
    players = [f"u{i}" for i in range(PLAYERS.get(game_id, get_game(game_id).min_players))]
    extra = "target=30" if game_id == "tally" else ""
    service = table(store, now, f"deadline=0 {extra}", players, game_id, channel=game_id)
    announced = []
    for _ in range(40):
        rec = store.load("t", game_id)
        if rec.meta["status"] == "finished":
            break
        now[0] += 1
        for reply in service.due_reminders("t"):
            announced += reply.public
            service.reminded(reply)
    rec = store.load("t", game_id)
    assert rec.meta["status"] == "finished", f"{game_id} did not finish by defaults"
    entries = store.log("t", game_id)
    assert entries and all(e.get("by") == "deadline" and e["user"] is None for e in entries)
    assert sum("Time is up for" in line for line in announced) == len(entries)
    assert say(service, players[0], "/verify", game_id).ok


def test_the_default_is_a_pass_like_line_where_the_prompt_offers_one():
    from core.game import Game, Prompt
    from core.grammar import Param, Verb

    class Demo(Game):
        verbs = {"attack": Verb("attack", (Param("x"),)), "undo": Verb("undo"), "pass": Verb("pass")}

        def _prompts(self, state):
            return {"A": Prompt("choose", ("attack x", "undo", "pass"))}

        def outcome(self, state):
            return False, None, None

        def _apply(self, ctx):
            pass
    assert Demo().default_action({"seats": ["A"]}, "A") == "pass"


def test_a_deadline_expires_on_time_and_plays_the_default_as_the_deadline(store):
    now = [1000.0]
    service = table(store, now, "deadline=2h")
    now[0] += 2 * H - 1
    assert service.due_reminders("t") == []
    now[0] += 2
    (reply,) = service.due_reminders("t")
    assert reply.ok and reply.public[0] == "Time is up for alice (P1): the deadline played `roll`."
    (entry,) = store.log("t", "d")
    assert entry["by"] == "deadline" and entry["seat"] == "P1" and entry["line"] == "roll"
    assert service.due_reminders("t") == []            # bob's two hours start now
    assert say(service, "alice", "/undo").error.startswith("The deadline played that action")
    assert "1." in say(service, "bob", "/log").public[0]


def test_three_expiries_in_a_row_mark_a_player_absent_and_play_goes_on(store):
    now = [1000.0]
    service = table(store, now, "deadline=1h target=100")
    texts = []
    for _ in range(3):
        now[0] += H + 1
        texts += [line for r in service.due_reminders("t") for line in r.public]   # alice's default
        assert say(service, "bob", "/tl add 1").ok
    assert any("is now absent" in t for t in texts)
    rec = store.load("t", "d")
    assert [p.get("absent", False) for p in rec.meta["players"]] == [True, False]
    status = say(service, "bob", "/status").public
    assert "alice (P1) is absent: the deadline plays for that seat; /replace P1 @user gives it to someone else." \
        in status
    now[0] += 1   # an absent seat does not wait for its deadline
    (reply,) = service.due_reminders("t")
    assert "Time is up for alice" in reply.public[0]
    # bob gives the absent seat to carol; she agrees; the seat is hers and present again
    assert say(service, "bob", "/replace P1 @carol").ok
    assert not say(service, "dave", "/agree").ok
    assert say(service, "bob", "/tl add 1").ok
    reply = say(service, "carol", "/agree")
    assert reply.ok and "carol now plays seat P1" in reply.public[0]
    players = store.load("t", "d").meta["players"]
    assert players[0]["user"] == "carol" and "absent" not in players[0]
    assert say(service, "carol", "/tl add 1").ok


def test_a_seat_is_handed_over_only_with_every_other_players_agreement(store):
    now = [1000.0]
    service = table(store, now, "", players=("alice", "bob", "carol"))
    assert say(service, "alice", "/handover @dave").ok
    assert say(service, "dave", "/agree").ok
    assert store.load("t", "d").meta["players"][0]["user"] == "alice"   # bob and carol not yet
    assert say(service, "bob", "/agree").ok
    assert say(service, "carol", "/agree").public[0] == "dave now plays seat P1."
    assert say(service, "dave", "/tl add 1").ok and not say(service, "alice", "/tl add 1").ok


def test_a_clock_spends_each_seats_bank_and_adds_the_increment(store):
    now = [1000.0]
    service = table(store, now, "clock=3h+1h target=100")
    now[0] += 2 * H
    assert say(service, "alice", "/tl add 1").ok                  # alice: 3 − 2 + 1 = 2 h left
    bank = store.load("t", "d").meta["bank"]
    assert bank == {"P1": 2 * H, "P2": 3 * H}
    now[0] += 3 * H - 1
    assert service.due_reminders("t") == []
    now[0] += 2
    (reply,) = service.due_reminders("t")
    assert "Time is up for bob" in reply.public[0]


def test_deadline_and_clock_are_capped_at_seven_days(store):
    service = Service(store)
    reply = say(service, "alice", "/new tally deadline=8d")
    assert not reply.ok and "7 days" in reply.error


@pytest.mark.parametrize("game_id", sorted(set(available()) | {"tally"}))
def test_every_prompt_met_by_defaults_has_a_legal_default_and_those_without_a_button_are_named(game_id):
    """Played by defaults alone, straight on the rules: each default is accepted; prompts
    that offer no complete line (only free-argument templates), where the default comes from
    the game's own `sample`, are listed in the test output for the games' authors."""
    game = get_game(game_id)
    players = [f"u{i}" for i in range(PLAYERS.get(game_id, game.min_players))]
    state, _ = game.start(players, {"target": 30} if game_id == "tally" else {}, "seed-7")
    sampled = set()
    for _ in range(5000):
        prompts = game.prompts(state)
        if not prompts:
            break
        seat = sorted(prompts)[0]
        prompt = prompts[seat]
        line = game.default_action(state, seat)
        if line not in (*prompt.actions, *prompt.private):
            sampled.add(prompt.text[:80])
        ruled = game.rule_default(state, seat)
        if ruled is not None and game._legal(state, seat, ruled, game.sent_privately(ruled, prompt)):
            assert line == ruled, "the game's own timeout rule comes first"
        state, _ = game.apply(state, seat, game.parse(line, game.sent_privately(line, prompt)))
    assert game.outcome(state)[0]
    print(f"{game_id}: prompts without a complete line (default from sample): {sorted(sampled) or 'none'}")


def test_a_reminder_says_when_the_deadline_will_play(store):
    now = [1000.0]
    service = table(store, now, "deadline=3d remind=1h")
    now[0] += H + 1
    (reply,) = service.due_reminders("t")
    assert reply.public[-1] == "Without a decision, the deadline plays the default in 2 d 23 h."  # 2 d 22 h 59 min 59 s
    service.reminded(reply)
