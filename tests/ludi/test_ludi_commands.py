"""§12 chat commands and names, §14 options, §11 hidden information, §0.3 the pure contract,
summary keys — through the rules and through the service (console path)."""
import re

import pytest

from bot.service.types import Command
from core.errors import RulesError
from core.games.ludi import GAME

from .conftest import act, gid, lay, new, table


def test_names_ignore_case_and_accents_and_take_prefixes():
    """§12: names match ignoring case and accents, exactly or by a unique prefix of 3+ letters."""
    state = table()
    lay(state, "p1", glads=["Brutus", "Marcus", "Marbod"], blds=["Casula", "Hortus", "Popina"])
    lay(state, "p2", glads=["Caius"], blds=["Villa"])
    for typed in ("BRÚTUS", "brutus", "bru"):
        s, _ = act(state, "p1", f"work {typed}")
        assert s["gl"][gid("Brutus")]["tapped"]
    with pytest.raises(RulesError) as exc:
        act(state, "p1", "work mar")
    assert exc.value.code == "AMBIGUOUS" and "Marbod" in exc.value.message
    with pytest.raises(RulesError) as exc:
        act(state, "p1", "work br")
    assert "at least 3 letters" in exc.value.message
    s, _ = act(state, "p1", "build cubícu with marbod")          # building prefix, accent
    assert any(b in s["p"]["p1"]["bld"] for b in ("B02", "B03"))
    s, _ = act(state, "p1", "fight U2 with marcus")              # a player by name, any case
    assert s["fight"] is not None or s["cdiscard"]


def test_prompt_lines_are_complete_commands():
    """§12: what the prompts offer (buttons) are complete command lines the rules accept."""
    state = new(4, "buttons")
    for _ in range(60):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat, prompt = next(iter(prompts.items()))
        assert prompt.actions
        for line in prompt.actions:
            GAME.apply(state, seat, line)                      # none is refused
        state, _ = GAME.apply(state, seat, prompt.actions[-1] if prompt.actions[-1] != "end"
                              or len(prompt.actions) == 1 else prompt.actions[0])


def test_options_of_new():
    """§14, §12 `/ludi new [events] [favour] [champion]`: bare words or key=on/off."""
    assert GAME.parse_options(["events", "FAVOR", "champion=off"]) == {"events": True, "favour": True,
                                                                       "champion": False}
    with pytest.raises(RulesError):
        GAME.parse_options(["crowd"])
    state = new(2, "o", events=True, champion=True)
    assert state["options"] == {"events": True, "favour": False, "champion": True}


def test_summary_keys():
    """Summary: turn, phase (start/main/auction), active_player, per seat points, coins, buildings,
    gladiators with a tapped flag."""
    state = new(3, "sum")
    s = GAME.summary(state)
    assert s["turn"] == 1 and s["phase"] == "main" and s["active_player"] == state["active"]
    p = s["players"]["p1"]
    assert set(p) >= {"points", "coins", "buildings", "gladiators"}
    assert p["gladiators"] == [{"name": "Brutus", "tapped": False}, {"name": "Aulus", "tapped": False}]


def test_public_view_hides_only_deck_order():
    """§11.1: coins, points, buildings, gladiators, discards are public; the decks are sizes only;
    §0.3 apply never changes the state it is given."""
    state = new(3, "v")
    view = GAME.view(state, None)
    assert view["vdeck"] == 36 and view["cdeck"] == 15 and "seen" not in view
    assert view["p"] == state["p"] and view == GAME.view(state, "p1")
    before = repr(state)
    seat = next(iter(GAME.prompts(state)))
    GAME.apply(state, seat, "end")
    assert repr(state) == before


def _send(service, user, text):
    return service.handle(Command("console", "arena", user, text, name=user))


def test_through_the_service(service):
    """§12: `/new ludi favour`, verbs alone or after `/ludi`, buttons prefixed `/ludi`, `/table`."""
    for user, text in [("ann", "/new ludi favour"), ("ann", "/join"), ("bob", "/join"), ("ann", "/start")]:
        reply = _send(service, user, text)
        assert reply.ok, reply.error
    game, state, rec = service.state("console", "arena")
    assert state["options"]["favour"]
    seat = state["active"]
    user = {"p1": "ann", "p2": "bob"}[seat]
    reply = _send(service, user, "/ludi work " + GAME.summary(state)["players"][seat]["gladiators"][0]["name"])
    assert reply.ok and any("works" in t for t in reply.public)
    assert reply.buttons and all(b.line.startswith("/ludi ") for b in reply.buttons)
    reply = _send(service, user, "/table")
    assert reply.ok and reply.image is not None


def test_me_describes_the_table(service):
    """§12 `/status` and the text summary: `/me` describes every school's points, coins,
    buildings and gladiators."""
    for user, text in [("ann", "/new ludi"), ("ann", "/join"), ("bob", "/join"), ("ann", "/start")]:
        assert _send(service, user, text).ok
    reply = _send(service, "bob", "/me")
    said = " ".join(t for texts in reply.private.values() for t in texts)
    # 3 coins each (§3.8), one more if the random deal gave a school the Cubiculum and its turn began
    assert re.search(r"ann \(p1\): points 0, coins [34]; buildings ", said) and "bob (p2)" in said
