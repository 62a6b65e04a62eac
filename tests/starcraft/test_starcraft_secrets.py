"""§14 hidden information, §0 conventions, §15 commands, §17 the state model — and the
summary keys of issue 14."""
import pytest

from core.errors import RulesError
from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD
from core.games.starcraft.common import controls

from .conftest import act, base, clear, execution_with, put, started, text


def test_14_orders_face_down_until_taken():
    """§14: an order's type is seen by its owner only (DM); the public view shows stack owners;
    it becomes public when taken."""
    s = started(2)
    s, ev = act(s, "P1", "order build* MAR")
    label = "#1 build*"
    assert label in text(ev) and label not in text(ev, public_only=True)
    assert label in GAME.secrets(s)
    pub = GAME.view(s, None)
    assert pub["stacks"]["MAR"] == [{"id": 1, "owner": "P1"}]
    assert GAME.view(s, "P1")["stacks"]["MAR"][0]["type"] == "build"
    assert GAME.prompts(s)["P2"].actions == ()          # nothing public to press during planning
    assert "special" not in pub["p"]["P1"] and GAME.view(s, "P1")["p"]["P1"]["special"] is True


def test_14_hands_and_event_cards_private_counts_public():
    """§14: combat and event hands are the owner's; the public view holds counts only; the
    stage of the deck's top card is public, its order is not; face-down discards are counts."""
    s = started(3)
    s["p"]["P2"]["events"] = [s["event_deck"].pop(0)]
    pub = GAME.view(s, None)
    for seat in s["seats"]:
        assert pub["p"][seat]["hand"] == len(s["p"][seat]["hand"]) and isinstance(pub["p"][seat]["events"], int)
    assert pub["event_deck"] == len(s["event_deck"])
    assert pub["event_stages"]["I"] == BOARD.rules_of(s)["event_deck"]["I"]["3"] - 1
    assert isinstance(pub["removed"], int) and isinstance(pub["event_discard"], int)
    mine = GAME.view(s, "P2")
    assert mine["p"]["P2"]["events"] == s["p"]["P2"]["events"] and isinstance(mine["p"]["P1"]["hand"], int)
    secrets = GAME.secrets(s)
    assert set(s["p"]["P1"]["hand"]) <= set(secrets) and s["p"]["P2"]["events"][0] in secrets
    import orjson
    blob = orjson.dumps(pub).decode()
    assert not any(x in blob for x in secrets)
    assert "rng" not in pub                             # §13.4 the seed stays secret


def test_14_battle_card_choice_private_until_reveal():
    """§14: the battle card choice is the owner's until both are revealed."""
    s = clear(started(2))
    put(s, "CHR.A", "P1", "marine", 2)
    put(s, "CHR.B", "P2", "zealot")
    s = execution_with(s, {"CHR": [("P1", "mobilize", False)], "BRA": [("P2", "research", False)]})
    s, _ = act(s, "P1", "resolve CHR move 1 marine CHR.A CHR.B")
    card = s["p"]["P1"]["hand"][0]
    s, ev = act(s, "P1", f"card {card}")
    assert card not in text(ev, public_only=True)
    # who chose is public, and so is where the attackers came from (they moved in the channel)
    assert GAME.view(s, None)["battle"] == {"area": "CHR.B", "attacker": "P1", "defender": "P2", "chosen": ["P1"],
                                            "origins": {"RAY-u5": "CHR.A"}}
    assert GAME.view(s, "P1")["battle"]["mine"] == card


def test_0_3_control_and_friendly_areas():
    """§0.3: an area is controlled by you with your unit or base and no enemy unit or base."""
    s = clear(started(2))
    base(s, "MAR.A", "P1")
    put(s, "MAR.B", "P1", "marine")
    put(s, "MAR.C", "P1", "marine")
    base(s, "MAR.C", "P2")
    assert controls(s, "P1", "MAR.A") and controls(s, "P1", "MAR.B")
    assert not controls(s, "P1", "MAR.C") and not controls(s, "P2", "MAR.C") and not controls(s, "P1", "MAR.D")


def test_0_4_apply_is_pure():
    """§0.4: apply(state, action) → (state, events) leaves its input unchanged."""
    s = started(2)
    import copy
    before = copy.deepcopy(s)
    act(s, "P1", "order build MAR")
    assert s == before


def test_15_commands_case_insensitive_singular_or_plural_and_private_verbs():
    """§15: planet codes and area ids case-insensitive, unit names singular or plural; /order,
    /card, /event and /drop only by DM; /hand and /orders tell the asker privately."""
    s = execution_with(started(2), {"MAR": [("P1", "mobilize", False)], "BRA": [("P2", "research", False)]})
    s2, _ = act(s, "P1", "resolve mar move 2 Marines mar.a MAR.B; move 1 firebat d c")
    assert len(s2["areas"]["MAR.B"]["units"]) == 2 and len(s2["areas"]["MAR.C"]["units"]) == 1
    for line in ("order build MAR", "card none", "event pass", "drop RAY-01"):
        assert GAME.verbs[line.split()[0]].private
    ev = GAME.query(s, "P1", GAME.parse("hand"))
    assert all(e.to == ("P1",) for e in ev) and s["p"]["P1"]["hand"][0] in ev[0].text
    ev = GAME.query(s, "P1", GAME.parse("orders"))
    assert "mobilize" in ev[0].text and ev[0].to == ("P1",)
    with pytest.raises(RulesError):
        act(s, "P1", "resolve MAR move 1 marine MAR.Z MAR.B")


def test_17_state_model_fields():
    """§17: the state holds the round, phase, first seat, players with cp/tech/workers/cards/
    decks/hands, areas with units and bases, transports, stacks, event deck and discard,
    set-aside cards, the battle and the pending decisions."""
    s = started(2)
    assert {"round", "phase", "first", "p", "areas", "transports", "stacks", "event_deck", "event_discard",
            "set_aside", "battle", "pend", "rng"} <= set(s)
    assert {"faction", "cp", "tech", "pool", "assigned", "unavailable", "wsupply", "cards", "deck", "hand",
            "discard", "events", "special", "out"} <= set(s["p"]["P1"])


def test_summary_keys_of_issue_14():
    """The summary: round, phase, step, first_player, event_stage, end_draws_near and per seat
    cp, bases, workers_pool, resource_cards, combat_cards (count), areas_controlled."""
    s = started(3)
    sm = GAME.summary(s)
    assert (sm["round"], sm["phase"], sm["step"], sm["first_player"], sm["event_stage"], sm["end_draws_near"]) == \
        (1, "planning", None, "P1", "I", 0)
    p = sm["players"]["P1"]
    assert (p["cp"], p["bases"], p["workers_pool"], p["combat_cards"], p["areas_controlled"]) == (0, 1, 4, 4, 2)
    assert p["resource_cards"] == ["MAR.A", "MAR.B", "MAR.C", "PERM-RAY"]
    s["phase"], s["step"] = "regroup", 8
    assert GAME.summary(s)["step"] == 8


def test_a_card_seen_privately_makes_the_action_irreversible():
    """§14 with /undo: the action whose side effect shows a player a card (here the last
    planning order, after which a player with no top order draws, §6.3) cannot be taken back."""
    from core.replay import entry_for
    s = started(2)
    s = execution_with(s, {"MAR": [("P1", "research", False), ("P2", "research", False)]}, turn="P2")
    s["phase"] = "planning"
    s["turn"] = "P2"
    s["p"]["P1"]["placed"], s["p"]["P2"]["placed"] = 4, 3
    action = GAME.parse("order research BRA", private=True)
    s2, ev = GAME.apply(s, "P2", action)
    assert s2["phase"] == "execution" and s2["p"]["P1"]["events"]          # P1 passed and drew
    assert entry_for("P2", action, ev)["reveal"] is True
    assert all(e.to in (None, ("P1",), ("P2",)) for e in ev)


def test_14_a_private_view_in_words_names_cards_and_orders():
    """§14 (issue 16 point 1): /me tells a seat his hand and face-down orders in words — each
    combat card by its id and name (issue 36: the name in the reader's language, never a slug) with
    what it does, each event card with its text — and nothing of another's."""
    s = started(2)
    s["p"]["P1"]["hand"] = ["RAY-01", "RAY-17"]
    s["p"]["P1"]["events"] = ["EV10"]
    s, _ = act(s, "P1", "order build* MAR")
    words = GAME.describe(GAME.view(s, "P1"))
    assert "RAY-01 Focused Fire: attack +2" in words
    assert "RAY-17 Ambush: attack +2, shield +1 (defender only)" in words
    assert f"EV10 Propaganda: {BOARD.events['EV10']['text']}" in words
    assert "#1 build* on Mar Sara (level 1)" in words
    other = GAME.describe(GAME.view(s, "P2"))
    assert "RAY-01" not in other and "build*" not in other and "EV10" not in other
