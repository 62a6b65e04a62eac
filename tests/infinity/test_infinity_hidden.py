"""§9.5 Hidden Deployment and §11 hidden information: what the channel never learns."""
import orjson

from core.games.infinity import GAME

from .support import act, deploy_state, named, refuse, texts, trooper

THREE_B = ("Alguacil; wip=14; ph=10; s=2", "Hacker; wip=12; ph=10; s=2", "Doctor; wip=12; ph=10; s=2")
GHOST = "Ghost; wip=13; ph=11; s=2; skills=hd,fd2"


def hidden_start(b=THREE_B, b_hidden=()):
    state = deploy_state(("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2"), b,
                         a_hidden=(GHOST,), b_hidden=b_hidden, lt=("AH1", "B1"))
    assert state["phase"] == "deploy_1" and state["player1"] == "A"
    return state


def public_json(state) -> bytes:
    return orjson.dumps(GAME.view(state, None))


def test_public_view_hides_hidden_troopers_and_lieutenant():  # §9.5.1, §11, §14.4
    state = hidden_start()
    pub = public_json(state)
    assert b"AH1" not in pub and b"Ghost" not in pub and b'"lt"' not in pub
    mine = GAME.view(state, "A")["rosters"]["A"]
    assert [(t["id"], t["hidden"], t["lt"]) for t in mine] == [("A1", False, False), ("A2", False, False),
                                                                ("AH1", True, True)]
    assert "AH1" not in orjson.dumps(GAME.view(state, "B")).decode()
    assert "seed" not in orjson.dumps(GAME.view(state, None)).decode()


def test_hidden_placement_changes_nothing_public():  # §9.5.1: the channel is not told
    state = hidden_start()
    state2, ev = act(state, "A", "place AH1 16 19", private=True)
    assert all(e.to == ("A",) for e in ev)
    assert public_json(state2) == public_json(state)
    assert trooper(state2, "A", "AH1")["placed"]["y"] == 19


def test_prompts_never_name_hidden_troopers_publicly():  # contract: private lines only
    state = hidden_start()
    for seat, p in GAME.prompts(state).items():
        public = " ".join((p.text, *p.actions, *p.templates))
        assert "AH1" not in public and "Ghost" not in public
    assert any(line.startswith("place AH1 ") for line in GAME.prompts(state)["A"].private)
    assert "withdraw AH1" in GAME.prompts(state)["A"].private


def test_hidden_trooper_in_channel_refused_without_looking():  # §8 P3, §9.5.1
    state = hidden_start()
    a = refuse(state, "A", "place AH1 16 19", code="WRONG_CHANNEL")
    b = refuse(state, "A", "place AH7 10 19", code="WRONG_CHANNEL")     # does not exist: same answer
    assert a.message == b.message and not a.private


def test_done_refusal_is_private():  # §9.5.1 RESERVE_RULE of done goes to the owner only
    state, _ = act(hidden_start(), "A", "place A1 30 5")
    err = refuse(state, "A", "done", code="RESERVE_RULE")
    assert err.private and "2 pending" in err.message


def test_hidden_reserve_announced_without_naming():  # §7.6, §11 reserve not announced
    state = hidden_start()
    for line in ("place A1 30 5", "place A2 34 5", "done"):
        state, _ = act(state, "A", line)
    for line in ("place B1 20 40", "place B2 24 40", "done"):
        state, _ = act(state, "B", line)
    assert state["phase"] == "deploy_3"
    p = GAME.prompts(state)["A"]
    assert "AH1" not in p.text + " ".join(p.actions + p.templates)
    state, ev = act(state, "A", "place AH1 16 19", private=True)
    public = [named(e.text) for e in ev if e.to is None and e.text]
    assert "alice (A) has deployed its reserve." in public
    assert not any("AH1" in t or "Ghost" in t for t in public)
    assert state["phase"] == "deploy_4"


def test_visible_contact_reveals_hidden_trooper():  # §9.5.2
    b = ("Ninja; wip=14; ph=14; s=2; skills=inf", *THREE_B[1:])
    state = hidden_start(b=b)
    for line, private in (("place AH1 16 19", True), ("place A1 30 5", False), ("done", False)):
        state, _ = act(state, "A", line, private)
    before_roll = state["rng"]["n"]
    state, ev = act(state, "B", "place B1 16 19.9")
    assert trooper(state, "B", "B1")["placed"] is None
    assert trooper(state, "A", "AH1")["revealed"]
    reveal = [e for e in ev if e.kind == "reveal"]
    assert reveal and "AH1 Ghost" in reveal[0].text and "(16, 19)" in reveal[0].text
    assert state["rng"]["n"] == before_roll          # refused before any roll
    view = GAME.view(state, None)
    assert "AH1" in [t["id"] for t in view["rosters"]["A"]]
    assert b'"lt"' not in public_json(state)          # the Lieutenant stays secret (§11)
    refuse(state, "B", "place B1 16 19.9", code="CONTACT")   # now a visible trooper


def test_hidden_contact_between_hidden_troopers():  # §9.5.3 POSITION_UNAVAILABLE, nothing revealed
    state = hidden_start(b_hidden=("Shade; wip=12; ph=14; s=2; skills=hd,inf",))
    for line, private in (("place AH1 16 19", True), ("place A1 30 5", False), ("done", False)):
        state, _ = act(state, "A", line, private)
    err = refuse(state, "B", "place BH1 16 19.9", private=True, code="POSITION_UNAVAILABLE")
    assert err.private and "AH1" not in err.message and "Ghost" not in err.message
    assert not trooper(state, "A", "AH1")["revealed"]


def test_hidden_vs_visible_contact_is_refused_privately():  # §8 P7 for a hidden placement
    state, _ = act(hidden_start(), "A", "place A1 10 5")
    err = refuse(state, "A", "place AH1 10 5.5", private=True, code="OVERLAP")
    assert err.private


def test_public_overlap_with_own_hidden_is_private():  # §9.5.1 reply depends on hidden troopers
    state, _ = act(hidden_start(), "A", "place AH1 10 5", private=True)
    err = refuse(state, "A", "place A1 10 5.5", code="OVERLAP")
    assert err.private


def test_hidden_airborne_by_dm():  # §9.4 hd+ad declares by DM
    state = deploy_state(("Fusilier; wip=13; ph=10; s=2",), THREE_B,
                         a_hidden=("Sky; wip=13; ph=11; s=2; skills=hd,ad",), lt=("A1", "B1"))
    assert state["phase"] == "deploy_1"
    p = GAME.prompts(state)["A"]
    assert "airborne AH1" in p.private and "airborne AH1" not in p.actions
    refuse(state, "A", "airborne AH1", code="WRONG_CHANNEL")
    state, ev = act(state, "A", "airborne AH1", private=True)
    assert all(e.to == ("A",) for e in ev) and trooper(state, "A", "AH1")["airborne"]


def test_hidden_undo_only_by_dm():  # §7.7 / §13 undo by DM for hidden troopers
    state, _ = act(hidden_start(), "A", "place AH1 16 19", private=True)
    err = refuse(state, "A", "undo", code="WRONG_CHANNEL")
    assert err.private
    state, ev = act(state, "A", "undo", private=True)
    assert trooper(state, "A", "AH1")["placed"] is None and all(e.to == ("A",) for e in ev)


def test_me_and_status():  # §11 private view by DM
    state, _ = act(hidden_start(), "A", "place AH1 16 19", private=True)
    ev = GAME.query(state, "A", GAME.parse("me", private=True))
    assert all(e.to == ("A",) for e in ev)
    assert "AH1 Ghost [★ your LIEUTENANT" in texts(ev)
    assert any(e.kind == "image" and e.to == ("A",) for e in ev)
    pub = texts(GAME.query(state, "B", GAME.parse("status")))
    assert "AH1" not in pub and "Ghost" not in pub and "★" not in pub


def test_summary_counts_public_troopers_only():  # contract summary, §11
    state, _ = act(hidden_start(), "A", "place AH1 16 19", private=True)
    s = GAME.summary(state)
    assert s["placed"] == {"A": 0, "B": 0} and s["pending"] == {"A": 2, "B": 3}


def test_secrets_lists_hidden_ids_and_names():  # platform self-play leak check
    state = hidden_start()
    assert GAME.secrets(state) == ["AH1", "Ghost"]


def test_hidden_withdraw_is_silent():  # §7.9 by DM, silently, for a hidden trooper
    state = hidden_start()
    state2, ev = act(state, "A", "withdraw AH1", private=True)
    assert all(e.to == ("A",) for e in ev) and trooper(state2, "A", "AH1")["withdrawn"]
    assert public_json(state2) == public_json(state)


def test_agreed_terrain_spot_still_reveals_hidden_enemy():  # §8.3 then §9.5.2
    b = ("Ninja; wip=14; ph=14; s=2; skills=inf", *THREE_B[1:])
    state = hidden_start(b=b)
    # AH1 (fd2) at (12.5, 19.5) beside terrain T1 [6, 15, 12, 19]
    for line, private in (("place AH1 12.5 19.5", True), ("place A1 30 5", False), ("done", False)):
        state, _ = act(state, "A", line, private)
    state, ev = act(state, "B", "place B1 11.8 19.4")          # overlaps T1: B asks A
    assert state["pending_waiver"]["terrain"] == "T1"
    state, ev = act(state, "A", "agree")
    assert trooper(state, "A", "AH1")["revealed"] and trooper(state, "B", "B1")["placed"] is None
    assert any(e.kind == "reveal" for e in ev)


def test_hidden_reserve_of_player_2_in_step_4():  # §7.5, §7.6 silent hidden reserve
    state = deploy_state(("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2"),
                         ("Alguacil; wip=14; ph=10; s=2",), b_hidden=("Shade; wip=12; ph=11; s=2; skills=hd",),
                         lt=("A1", "BH1"))
    for line in ("place A1 30 5", "done"):
        state, _ = act(state, "A", line)
    state, _ = act(state, "B", "place B1 20 40")
    state, _ = act(state, "B", "done")
    state, _ = act(state, "A", "place A2 34 5")
    assert state["phase"] == "deploy_4" and GAME.summary(state)["pending"]["B"] == 0
    state, ev = act(state, "B", "place BH1 24 40", private=True)
    public = [named(e.text) for e in ev if e.to is None and e.text]
    assert public[0] == "bob (B) has deployed its reserve." and state["phase"] == "complete"
    assert not any("BH1" in t or "Shade" in t for t in public)


def test_hidden_add_with_lt_moves_the_lieutenant():  # §2.3 exactly one Lieutenant
    from .support import new
    state, _ = act(new(), "A", "add Fusilier; wip=13; ph=10; s=2")
    state, _ = act(state, "A", "lt A1", private=True)
    state, ev = act(state, "A", "add Boss; wip=14; ph=10; s=2; skills=hd; lt", private=True)
    assert [t["lt"] for t in state["rosters"]["A"]] == [False, True]
