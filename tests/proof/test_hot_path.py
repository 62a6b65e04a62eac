"""What the command path relies on to do less per command (issue 17):

- `prompts` and `seat_colours` are looks: they never change the state they are asked about
  (the service computes the next reminder from the prompts of the new state *before* writing it,
  so a look that wrote into the state would store a state its replay does not reproduce);
- `seat_colours` names each seat as the summary does (it replaces a whole summary per reply);
- a move writes the game, its log entry and its next reminder in one script, and reads the
  languages of its reply with the game: translating costs no round trip of its own.
"""
import random

import orjson
import pytest

from bot.console.selfplay import PLATFORM, play_one
from bot.service.types import Command
from core.registry import all_games


def states_of(game, actions: int, seed: str):
    """The states of one seeded random game, in core (no service)."""
    rnd = random.Random(seed)
    players = [f"p{i}" for i in range(max(game.min_players, min(game.max_players, 4)))]
    state, _ = game.start(players, {}, seed)
    yield state
    for _ in range(actions):
        prompts = game._prompts(state) if not game.outcome(state)[0] else {}
        if not prompts:
            return
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        state, _ = game.apply(state, seat, game.parse(line, game.sent_privately(line, prompts[seat])))
        yield state


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_prompts_and_seat_colours_do_not_change_the_state(game):
    for state in states_of(game, 250, f"pure-{game.id}"):
        before = orjson.dumps(state)
        game._prompts(state)           # the rules' own answer, under any memo of the game
        game.seat_colours(state)
        assert orjson.dumps(state) == before, f"{game.id}: a look changed the state"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_seat_colours_name_seats_as_the_summary_does(game):
    for n, state in enumerate(states_of(game, 60, f"colours-{game.id}")):
        if n % 20:
            continue
        players = game.summary(state).get("players") or {}
        colours = game.seat_colours(state)
        for seat in state["seats"]:
            info = players.get(seat) if isinstance(players.get(seat), dict) else {}
            mine = colours.get(seat) or {}
            assert (info.get("colour") or info.get("faction")) == (mine.get("colour") or mine.get("faction"))


def a_tally_move(service, seed: str):
    """A Tally game one action in, and (channel, the command of its next move)."""
    play_one(service, "tally", 2, seed, max_actions=1, options="target=50")
    channel = f"tally-2-{seed}"
    game, state, rec = service.state(PLATFORM, channel)
    seat = sorted(game.prompts(state))[0]
    user = {p["seat"]: p["user"] for p in rec.meta["players"]}[seat]
    return channel, Command(PLATFORM, channel, user, f"/tally {game.sample(state, seat, random.Random(1))}")


def test_a_move_schedules_its_reminder_in_the_same_write(service):
    store = service.store
    channel, move = a_tally_move(service, "remind")
    store.redis.zrem(store.reminders_key(PLATFORM), channel)
    calls = []
    schedule = store.schedule_reminder
    store.schedule_reminder = lambda *a, **k: (calls.append(a), schedule(*a, **k))[1]
    reply = service.handle(move)
    assert reply.ok and reply.changed
    assert store.redis.zscore(store.reminders_key(PLATFORM), channel) is not None
    assert calls == [] or store.cluster   # outside a cluster: no separate write


def test_a_reply_is_translated_without_asking_redis_again(service):
    store = service.store
    channel, move = a_tally_move(service, "lang")
    store.set_channel_lang(PLATFORM, channel, "es")
    asked = []
    languages = store.languages
    store.languages = lambda *a, **k: (asked.append(a), languages(*a, **k))[1]
    reply = service.handle(move)
    assert reply.ok and reply.lang == "es" and asked == []
    reply = service.handle(Command(PLATFORM, channel, move.user, "/status"))   # a look: no write, read once too
    assert reply.lang == "es"


def test_a_write_that_loses_its_race_or_was_done_before_schedules_nothing(store):
    """The reminder rides the compare-and-set: refused writes leave the schedule as it was."""
    from bot.store import AlreadyDone, Conflict

    version = store.commit("t", "race", 0, meta={"status": "playing"}, state={"n": 1}, key="first", remind=100.0)
    zset = store.reminders_key("t")
    assert store.redis.zscore(zset, "race") == 100.0
    with pytest.raises(Conflict):
        store.commit("t", "race", version - 1, state={"n": 2}, remind=200.0)
    with pytest.raises(AlreadyDone):
        store.commit("t", "race", version, state={"n": 3}, key="first", remind=300.0)
    assert store.redis.zscore(zset, "race") == 100.0
    assert store.load("t", "race").state == {"n": 1}
    store.commit("t", "race", version, state={"n": 4}, remind=400.0)
    assert store.redis.zscore(zset, "race") == 400.0 and "t" in store.reminder_platforms()


def test_the_read_script_answers_as_the_plain_reads_do(store):
    """Game, command key and languages read in one script: the same values as read one by one."""
    store.commit("t", "read", 0, meta={"status": "playing"}, setup={"seed": "s"}, state={"n": 1}, key="k1")
    store.set_channel_lang("t", "read", "es")
    store.set_user_pref("t", "ann", "lang", "ru")
    rec = store.load("t", "read", with_setup=True, key="k1", langs=["ann", "bob"])
    assert (rec.version, rec.meta, rec.setup, rec.state, rec.done) == (1, {"status": "playing"}, {"seed": "s"},
                                                                       {"n": 1}, 1)
    assert rec.langs == ("es", {"ann": "ru", "bob": None}) == store.languages("t", "read", ["ann", "bob"])
    fresh = store.load("t", "read", key="k2", langs=[])
    assert fresh.done is None and fresh.langs == ("es", {})
    assert store.load("t", "nothing-here", key="k1", langs=["ann"]) is None
