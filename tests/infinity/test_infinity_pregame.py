"""§3 setup, §5 Initiative Roll, §6 the choice."""
import itertools

import orjson
import pytest

from core import rng
from core.games.infinity import GAME
from core.games.infinity.initiative import explain, grade, winner

from .support import act, named, new, refuse, rosters, seed_with_rolls, texts, to_deployment

# §3 -----------------------------------------------------------------------------------------

def test_setup_starts_in_rosters():  # §3.1 (lobby is the platform's), §4
    state = new()
    assert state["seats"] == ["A", "B"] and state["phase"] == "rosters"
    assert state["players"] == {"A": "alice", "B": "bob"}
    assert state["mission"]["id"] == "frontline"
    assert GAME.setup(["a", "b"], {"mission": "crossfire"}, "s")["mission"]["id"] == "crossfire"
    assert set(GAME.prompts(state)) == {"A", "B"}


def test_option_mission():  # §3.1 `/new infinity mission=<id>`
    assert GAME.parse_options(["mission=crossfire"]) == {"mission": "crossfire"}


def test_public_add_announced():  # §3.2
    state, ev = act(new(), "A", "add Fusilier; wip=13; ph=10; s=2")
    assert [e.to for e in ev] == [None]
    assert "A1 Fusilier; wip=13; ph=10; s=2" in ev[0].text


def test_roster_many_lines():  # §3.2 `roster`
    state, ev = act(new(), "B", "roster Fusilier; wip=13; ph=10; s=2 | Sniper; wip=12; ph=9; s=2; skills=fd1")
    assert [t["id"] for t in state["rosters"]["B"]] == ["B1", "B2"]
    assert state["rosters"]["B"][1]["skills"] == ["fd1"]


def test_roster_is_atomic():  # §3.2 a bad line stores nothing
    err = refuse(new(), "A", "roster Fusilier; wip=13; ph=10; s=2 | Sniper; wip=42; ph=9; s=2")
    assert err.message == "Roster line 2 (Sniper): wip must be from 1 to 20, not 42."


def test_hidden_in_channel_refused():  # §3.3 MUST_BE_PRIVATE, nothing stored
    err = refuse(new(), "A", "add Ghost; wip=13; ph=10; s=2; skills=hd,inf", code="MUST_BE_PRIVATE")
    assert "nothing stored" in err.message and "visible in the channel" in err.message
    refuse(new(), "A", "add Boss; wip=13; ph=10; s=2; lt", code="MUST_BE_PRIVATE")
    refuse(new(), "A", "roster X; wip=1; ph=1; s=1 | Ghost; wip=13; ph=10; s=2; skills=hd",
           code="MUST_BE_PRIVATE")


def test_lt_in_channel_refused():  # §3.3 `lt` is DM only
    state, _ = act(new(), "A", "add Fusilier; wip=13; ph=10; s=2")
    err = refuse(state, "A", "lt A1", code="MUST_BE_PRIVATE")
    assert "private" in err.message


def test_hidden_add_by_dm_told_to_owner_only():  # §3.3, §9.5.1
    state, ev = act(new(), "A", "add Ghost; wip=13; ph=10; s=2; skills=hd", private=True)
    assert all(e.to == ("A",) for e in ev)
    assert state["rosters"]["A"][0]["hidden"] is True
    assert GAME.view(state, None)["rosters"]["A"] == []


def test_public_add_by_dm_refused():  # §3.2 public troopers are entered in the channel
    err = refuse(new(), "A", "add Fusilier; wip=13; ph=10; s=2", private=True, code="WRONG_CHANNEL")
    assert "enter it in the channel" in err.message


def test_hidden_lieutenant_in_add_line():  # §2.3 lt flag by DM
    state, ev = act(new(), "A", "add Boss; wip=13; ph=10; s=2; skills=hd; lt", private=True)
    assert state["rosters"]["A"][0]["lt"] is True
    assert "Lieutenant: AH1" in texts(ev)


def test_two_lieutenants_refused():  # §2.3 exactly one Lieutenant
    err = refuse(new(), "A", "roster Boss; wip=13; ph=10; s=2; skills=hd; lt | Boss Two; wip=12; ph=10; s=2; "
                 "skills=hd; lt", private=True, code="TWO_LIEUTENANTS")
    assert err.message == "A roster has exactly one Lieutenant, but Boss, Boss Two all carry lt."


def test_lt_moves_the_lieutenant():  # §3.3 `lt <id>` names (or changes) the one Lieutenant
    state = rosters(new(), a_lines=("One; wip=10; ph=10; s=2", "Two; wip=11; ph=10; s=2"), ready=False)
    state, _ = act(state, "A", "lt A2", private=True)
    assert [t["lt"] for t in state["rosters"]["A"]] == [False, True]


def test_ready_needs_a_lieutenant():  # §3.4 NO_LIEUTENANT
    state, _ = act(new(), "A", "add Fusilier; wip=13; ph=10; s=2")
    err = refuse(state, "A", "ready", code="NO_LIEUTENANT")
    assert err.message == "Name exactly one Lieutenant first: send `lt <id>` to the bot by direct message."
    assert err.private


def test_ready_needs_a_trooper():  # §3.4 at least one trooper
    refuse(new(), "A", "ready", code="EMPTY_ROSTER")


def test_remove_and_lieutenant():  # §3.4 remove before locking
    state = rosters(new(), ready=False)
    state, ev = act(state, "A", "remove A1")
    assert state["rosters"]["A"] == []
    assert any(e.to == ("A",) and "was your Lieutenant" in e.text for e in ev)
    refuse(state, "A", "remove A9", code="BAD_TROOPER")


def test_remove_hidden_only_by_dm():  # §3.3/§9.5.1 hidden troopers by DM
    state, _ = act(new(), "A", "add Ghost; wip=13; ph=10; s=2; skills=hd", private=True)
    refuse(state, "A", "remove AH1", code="MUST_BE_PRIVATE")
    state, ev = act(state, "A", "remove AH1", private=True)
    assert state["rosters"]["A"] == [] and all(e.to == ("A",) for e in ev)


def test_lock_and_unready():  # §3.4 unready while the other is not ready
    state = rosters(new(), ready=False)
    state, _ = act(state, "A", "ready")
    assert "A" not in GAME.prompts(state)
    err = refuse(state, "A", "add More; wip=10; ph=10; s=2", code="LOCKED")
    assert "type `unready` first" in err.message
    state, ev = act(state, "A", "unready")
    assert state["locked"]["A"] is False and "alice (A) unlocks" in texts(ev)
    state, _ = act(state, "A", "ready")
    state, _ = act(state, "B", "ready")
    refuse(state, "A", "unready")


def test_both_locked_go_to_initiative():  # §3.5
    state = rosters(new())
    assert state["phase"] == "initiative"
    assert {s: p.actions for s, p in GAME.prompts(state).items()} == {"A": ("roll",), "B": ("roll",)}


# §5 -----------------------------------------------------------------------------------------

def reference_winner(ra, wa, rb, wb):
    """The summary sentence of §5.4, written independently: the highest roll not exceeding
    the WIP wins, a critical beats any non-critical success, ties and double failures re-roll."""
    def key(r, w):
        if r > w:
            return None
        return (2, 0) if r == w else (1, r)
    ka, kb = key(ra, wa), key(rb, wb)
    if ka == kb:
        return "tie"
    if ka is None or (kb is not None and kb > ka):
        return "B"
    return "A"


def test_grading():  # §5.3
    assert grade(13, 13) == "critical" and grade(12, 13) == "success" and grade(14, 13) == "failure"
    assert grade(1, 1) == "critical" and grade(20, 20) == "critical" and grade(20, 19) == "failure"


def test_winner_table_exhaustive():  # §5.4, all WIP 1–20 and rolls 1–20
    for wa, wb, ra, rb in itertools.product(range(1, 21), range(1, 21), range(1, 21), range(1, 21)):
        assert winner(ra, wa, rb, wb) == reference_winner(ra, wa, rb, wb), (ra, wa, rb, wb)


@pytest.mark.parametrize("wa,wb,ra,rb,result", [
    (13, 14, 13, 14, "tie"),       # both critical → re-roll
    (13, 14, 12, 9, "A"),          # both succeed, 12 wins
    (13, 14, 13, 11, "A"),         # A's critical beats B's success
    (13, 14, 15, 16, "tie"),       # both fail → re-roll
    (13, 14, 10, 10, "tie"),       # equal successes → re-roll
    (12, 14, 12, 12, "A"),         # critical beats an equal non-critical success
])
def test_worked_examples(wa, wb, ra, rb, result):  # §5.6 verbatim
    assert winner(ra, wa, rb, wb) == result


def test_each_case_in_order():  # §5.4 cases 1–5
    assert winner(15, 13, 16, 14) == "tie"          # 1
    assert winner(3, 13, 16, 14) == "A"             # 2 (a low roll still wins alone)
    assert winner(13, 13, 14, 14) == "tie"          # 3
    assert winner(2, 2, 13, 14) == "A"              # 4 even though lower
    assert winner(9, 13, 12, 14) == "B"             # 5


def lieutenants(wip_a, wip_b, seed):
    return rosters(new(seed=seed), a_lines=(f"Boss; wip={wip_a}; ph=10; s=2",),
                   b_lines=(f"Chief; wip={wip_b}; ph=10; s=2",))


def test_roll_posts_wip_then_rolls_a_then_b():  # §5.1, §5.2, §10.2
    seed = seed_with_rolls(lambda r: reference_winner(r[0], 13, r[1], 14) != "tie")
    state = lieutenants(13, 14, seed)
    state, ev = act(state, "B", "roll")
    assert ev[0].kind == "reveal" and named(ev[0].text) == "Lieutenant WIP — alice (A): 13, bob (B): 14."
    rolls = [e for e in ev if e.kind == "roll"]
    assert [(e.data["n"], e.data["value"]) for e in rolls] == [(n, rng.draw(seed, n, 20)) for n in range(2)]
    assert named(rolls[0].text).startswith("alice (A) initiative")
    assert named(rolls[1].text).startswith("bob (B) initiative")
    assert all(e.to is None for e in ev)
    assert state["phase"] == "choice" and state["winner"] in ("A", "B")
    assert state["lt_wip"] == {"A": 13, "B": 14}
    assert "Boss" not in texts(ev) and "A1" not in texts(ev)   # which trooper is Lt stays private


def test_rerolls_are_automatic():  # §5.4 tie → roll again, §5.7 one command, every attempt logged
    seed = seed_with_rolls(lambda r: reference_winner(r[0], 13, r[1], 14) == "tie"
                           and reference_winner(r[2], 13, r[3], 14) == "tie"
                           and reference_winner(r[4], 13, r[5], 14) != "tie", 6)
    state, ev = act(lieutenants(13, 14, seed), "A", "roll")
    assert len(state["initiative_attempts"]) == 3
    assert [a["result"] for a in state["initiative_attempts"]][:2] == ["tie", "tie"]
    assert len([e for e in ev if e.kind == "roll"]) == 6
    assert sum("roll again" in e.text for e in ev) == 2
    assert GAME.summary(state)["rolls"] == state["initiative_attempts"]


def test_attempt_sentence():  # §5.7 every attempt posted
    assert explain(13, 13, 14, 14) == "A rolls 13 (critical), B rolls 14 (critical): both critical, roll again."
    assert explain(12, 13, 9, 14) == "A rolls 12 (success), B rolls 9 (success): A wins the Initiative Roll."


# §6 -----------------------------------------------------------------------------------------

def rolled():
    state, _ = act(rosters(new()), "A", "roll")
    return state, state["winner"], "B" if state["winner"] == "A" else "A"


def test_only_the_winner_chooses():  # §6.1
    state, w, o = rolled()
    assert list(GAME.prompts(state)) == [w]
    refuse(state, o, "choose deployment", code="NOT_YOUR_TURN")


def test_choose_deployment_gives_initiative_away():  # §6.1
    state, w, o = rolled()
    state, _ = act(state, w, "choose deployment")
    assert state["holder_deployment"] == w and state["holder_initiative"] == o


def test_choose_initiative_gives_deployment_away():  # §6.1
    state, w, o = rolled()
    state, _ = act(state, w, "choose initiative")
    assert state["holder_initiative"] == w and state["holder_deployment"] == o


def test_deployment_declared_first_then_initiative():  # §6.2, §6.3, §6.4 order
    state, w, o = rolled()
    state, _ = act(state, w, "choose initiative")
    refuse(state, w, "initiative first=me")                    # §6.4: deployment first
    state, _ = act(state, o, "deploy zone=north first=them")
    assert state["zone_of"] == {o: "north", w: "south"} and state["player1"] == w
    refuse(state, o, "deploy zone=south first=me")              # §6.4 final
    state, ev = act(state, w, "initiative first=them")
    assert state["first_turn"] == o and state["phase"] == "deploy_3"   # one trooper each: §7.6
    assert f"{state['players'][o]} ({o}) takes the first Player Turn" in texts(ev)


def test_deploy_needs_both_options():  # §6.2 syntax
    state, w, o = rolled()
    state, _ = act(state, w, "choose deployment")
    err = refuse(state, w, "deploy zone=north", code="MALFORMED")
    assert "deploy zone=<north/south> first=<me/them>" in err.message


def test_summary_keys():  # contract summary
    state = to_deployment(rosters(new()))
    s = GAME.summary(state)
    for key in ("phase", "step", "initiative_holder", "deployment_holder", "first_turn", "placed", "pending", "rolls"):
        assert key in s
    assert s["first_turn"] == "A" and s["step"] == 3 and s["phase"] == "deploy_3"   # 1 trooper each
    assert s["placed"] == {"A": 0, "B": 0} and s["pending"] == {"A": 1, "B": 1}


def test_replay_is_byte_identical():  # determinism: same setup and lines, same bytes
    lines = [("A", "add Fusilier; wip=13; ph=10; s=2", False), ("B", "add Alguacil; wip=14; ph=10; s=2", False),
             ("A", "add Ghost; wip=13; ph=10; s=2; skills=hd", True), ("A", "lt AH1", True),
             ("B", "lt B1", True), ("A", "ready", False), ("B", "ready", False), ("A", "roll", False)]

    def play():
        state = new(seed="replay")
        for seat, line, private in lines:
            state, _ = act(state, seat, line, private)
        return orjson.dumps(state)
    assert play() == play()
