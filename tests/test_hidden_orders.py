"""A private standing order given off turn (Successors `arm <card>`, §4.7) is logged, so replay
and /verify see it, but nobody else can tell it happened: the public version stays (nobody's
buttons go stale, no message shows a new number), the timers stay (no deadline restarts), and
the public /log, /replay and /export leave it out (bot/store/store.py _COMMIT, docs/successors.md)."""
import orjson

from bot.service import Service
from bot.service.types import Command
from core.games.successors import GAME
from core.games.successors.surprise import arm_lines
from core.replay import replay

USERS = ("alice", "bob", "carol")


def say(service, user, text, private=False, version=None):
    return service.handle(Command("t", None if private else "d", user, text, name=user, private=private,
                                  version=version))


def to_an_off_turn_surprise(store, now):
    """A Successors game played by the rules' defaults until a seat with no decision holds a
    Surprise card it may arm; returns the service, that seat, its user and the card's line."""
    service = Service(store, remind_after=12 * 3600.0, clock=lambda: now[0])
    assert say(service, "alice", "/new successors seed=7 deadline=1h").ok
    for user in USERS:
        assert say(service, user, "/join").ok
    assert say(service, "alice", "/start").ok
    for _ in range(300):
        game, state, rec = service.state("t", "d")
        users = {p["seat"]: p["user"] for p in rec.meta["players"]}
        prompts = game.prompts(state)
        idle = [s for s in state["seats"] if s not in prompts and arm_lines(state, s)]
        if idle and any(p.actions for p in prompts.values()):
            seat = idle[0]
            return service, seat, users[seat], arm_lines(state, seat)[0]
        seat = sorted(prompts)[0]
        line = game.default_action(state, seat)
        now[0] += 1
        assert say(service, users[seat], f"/successors {line}", game.sent_privately(line, prompts[seat])).ok
    raise AssertionError("no seat off turn held a Surprise card")


def test_an_off_turn_standing_order_leaves_no_public_trace_and_no_stale_button(store):
    now = [1000.0]
    service, seat, user, arm = to_an_off_turn_surprise(store, now)
    game, state, rec = service.state("t", "d")
    active, prompt = next((s, p) for s, p in game.prompts(state).items() if p.actions)
    active_user = next(p["user"] for p in rec.meta["players"] if p["seat"] == active)
    button = prompt.actions[0]
    now[0] += 60                                           # a minute later (a reset timer would show)
    log_before = say(service, "alice", "/log 100").public
    status_before = say(service, "alice", "/status").public

    reply = say(service, user, f"/successors {arm}", private=True)
    assert reply.ok and reply.public == [] and reply.image is None and not reply.buttons
    assert any("armed" in line for line in reply.private[user])

    after = store.load("t", "d", with_setup=True)
    assert after.version == rec.version                    # the public version did not move
    assert after.meta == rec.meta                          # timers untouched: no deadline restarts
    assert say(service, "alice", "/status").public == status_before
    assert say(service, "alice", "/log 100").public == log_before
    entries = store.log("t", "d")
    assert entries[-1]["line"] == arm and entries[-1].get("hidden")    # logged, for replay and /verify
    assert orjson.dumps(replay(GAME, after.setup, entries)) == after.raw_state
    export = orjson.loads(say(service, "alice", "/export").file[1])
    assert len(export["log"]) == len(entries) - 1          # the public export does not count it

    pressed = say(service, active_user, f"/successors {button}", version=rec.version)
    assert pressed.ok, pressed.error                       # the button drawn before is not stale
    assert store.load("t", "d").version == rec.version + 1


def test_an_off_turn_standing_order_survives_the_undo_of_the_action_before_it(store):
    now = [1000.0]
    service, seat, user, arm = to_an_off_turn_surprise(store, now)
    game, state, rec = service.state("t", "d")
    assert say(service, user, f"/successors {arm}", private=True).ok
    entries = store.log("t", "d")
    public_last = next(e for e in reversed(entries) if not e.get("hidden"))
    undoer = next(p["user"] for p in rec.meta["players"] if p["seat"] == public_last["seat"])
    undo = say(service, undoer, "/undo")
    if not undo.ok:                                        # the last public action rolled dice: it stands
        assert undo.code in ("IRREVERSIBLE", "NOT_YOURS"), undo.error
        return
    after = store.load("t", "d", with_setup=True)
    left = store.log("t", "d")
    assert left[-1]["line"] == arm and left[-1].get("hidden") and len(left) == len(entries) - 1
    assert orjson.dumps(replay(GAME, after.setup, left)) == after.raw_state


def test_a_quiet_write_keeps_the_public_version_but_never_loses_a_race(store):
    from bot.store import Conflict
    assert store.commit("t", "q", 0, meta={"m": 1}) == 1
    rec = store.load("t", "q")
    assert (rec.version, rec.expected) == (1, 1)
    assert store.commit("t", "q", rec.expected, state={"s": 2}, append=[{"n": 1}], quiet=True) == 1
    quiet = store.load("t", "q")
    assert (quiet.version, quiet.expected, quiet.state) == (1, 2, {"s": 2})
    try:                                                   # a write made from before the quiet one
        store.commit("t", "q", rec.expected, state={"s": 3})
    except Conflict:
        pass
    else:
        raise AssertionError("a write from a stale read was accepted")
    assert store.commit("t", "q", quiet.expected, state={"s": 3}, key="k1") == 2
    again = store.load("t", "q", key="k1")
    assert (again.version, again.expected, again.done) == (2, 3, 2)
