"""Seats the games' messages mark (`core.game.seat_ref`, `⟨A⟩`) reach players as names: the
service replaces each marker at its edge, after translating, in every line it sends."""
import re

import orjson

from bot.console.selfplay import play_one
from bot.service import Service
from bot.service.types import Command, Reply
from bot.words.i18n import translate
from bot.words.names import Named, name_reply, name_seats, seat_names
from core.game import seat_ref
from core.registry import get_game

NAMES = {"A": Named("Ann", "purple"), "B": Named("Bob", "blue")}


def say(service, user, text, channel="refs", private=False):
    return service.handle(Command("console", None if private else channel, user, text, name=user.title(),
                                  private=private))


def test_a_marker_becomes_the_player_with_his_colour_then_his_name_alone():
    text = f"{seat_ref('A')} attacks {seat_ref('B')}; {seat_ref('A')} wins and {seat_ref('B')} retreats."
    assert name_seats(text, NAMES) == "Ann (purple) attacks Bob (blue); Ann wins and Bob retreats."


def test_a_seat_nobody_holds_keeps_its_id_and_a_line_without_markers_is_the_same_object():
    assert name_seats(f"{seat_ref('C')} passes.", NAMES) == "C passes."
    line = "A has 3 VP (nothing marked)."
    assert name_seats(line, NAMES) is line


def test_seat_names_give_display_name_and_colour_of_a_game_with_colours():
    game = get_game("successors")
    state, _ = game.start(["Ann", "Bob", "Cy"], {}, "7")
    meta = {"players": [{"user": u, "name": n, "seat": s} for u, n, s in zip("abc", ["Ann", "Bob", "Cy"],
                                                                              state["seats"])]}
    names = seat_names(game, meta, state)
    first = state["seats"][0]
    colour = game.summary(state)["players"][first]["colour"].lower()
    assert names[first] == Named("Ann", colour) and names[first].full == f"Ann ({colour})"


def test_every_line_of_a_reply_is_named_and_the_names_are_asked_once():
    asked = []

    def names():
        asked.append(1)
        return NAMES
    reply = Reply(public=[f"{seat_ref('A')} moves.", "plain"], error=f"Waiting for {seat_ref('B')}.",
                  private={"u": [f"{seat_ref('B')} sees your card."]})
    name_reply(reply, names)
    assert reply.public == ["Ann (purple) moves.", "plain"] and reply.error == "Waiting for Bob (blue)."
    assert reply.private == {"u": ["Bob (blue) sees your card."]} and asked == [1]
    quiet = Reply(public=["nothing marked"])
    name_reply(quiet, names)
    assert asked == [1]   # no marker: the names are not even worked out


def test_a_line_that_says_the_colour_or_faction_itself_names_the_player_alone():
    factions = {"P1": Named("Ann", "Jim Raynor")}
    assert name_seats(f"{seat_ref('P1')} claims Jim Raynor.", factions) == "Ann claims Jim Raynor."
    assert name_seats(f"{seat_ref('P1')} builds a base.", factions) == "Ann (Jim Raynor) builds a base."


def test_a_marker_survives_translation_inside_a_template_field():
    line = f"Waiting for Ann (A): Round 2, {seat_ref('A')}'s Tyche segment."
    spanish = translate(line, "es")
    assert spanish != line and seat_ref("A") in spanish
    assert name_seats(spanish, NAMES) == "Esperando a Ann (A): Round 2, Ann's Tyche segment."


def test_a_line_that_named_the_player_in_full_names_him_short_after():
    line = f"Waiting for Ann (A, purple): Round 1, {seat_ref('A')}'s Tyche segment."
    assert name_seats(line, NAMES) == "Waiting for Ann (A, purple): Round 1, Ann's Tyche segment."


def _successors(service, channel="refs"):
    say(service, "ann", "/new successors seed=5", channel)
    for user in ("ann", "bob", "cy"):
        say(service, user, "/join", channel)
    return say(service, "ann", "/start", channel)


def test_a_successors_game_names_players_in_its_own_messages(service):
    start = _successors(service)
    _, state, rec = service.state("console", "refs")
    text = "\n".join(start.public)
    assert "⟨" not in text
    game = get_game("successors")
    colours = {s: p["colour"].lower() for s, p in game.summary(state)["players"].items()}
    pending = next(iter(game.prompts(state)))
    player = next(p["name"] for p in rec.meta["players"] if p["seat"] == pending)
    assert f"{player} ({colours[pending]})" in text


def test_a_refusal_the_rules_raise_names_the_seat_even_sent_privately(service):
    _successors(service, "refs-dm")
    game, state, rec = service.state("console", "refs-dm")
    pending = set(game.prompts(state))
    idle = next(p for p in rec.meta["players"] if p["seat"] not in pending)
    reply = say(service, idle["user"], "/succ pass", "refs-dm")
    assert not reply.ok and "⟨" not in reply.error
    waited = next(p["name"] for p in rec.meta["players"] if p["seat"] in pending)
    assert waited in reply.error


def test_a_reminder_and_a_deadline_name_the_seats_of_the_games_own_lines(store):
    """The scheduler's replies pass the same edge: a Successors prompt (it marks the seat) in a
    reminder, and the events of a default the deadline plays."""
    now = [1_000_000.0]
    service = Service(store, remind_after=3600, clock=lambda: now[0])
    for user, text in [("ann", "/new successors seed=5 deadline=2h"), ("ann", "/join"), ("bob", "/join"),
                       ("cy", "/join"), ("ann", "/start")]:
        assert service.handle(Command("console", "refs-clock", user, text, name=user.title())).ok
    now[0] += 3600 + 1
    reminders = service.due_reminders("console")
    assert reminders and reminders[0].public[0] == "Reminder:"
    for reply in reminders:
        service.reminded(reply)
    now[0] += 3600
    deadline = service.due_reminders("console")
    shown = [line for reply in reminders + deadline for line in lines_of(reply)]
    assert any(re.match(r"Time is up for (Ann|Bob|Cy) \([A-E], [a-z]+\): the deadline played", line)
               for line in shown)   # the seat with its colour
    assert not [line for line in shown if "⟨" in line]
    assert any("Cy (" in line or "Ann (" in line or "Bob (" in line for line in shown[1:])


def lines_of(reply) -> list[str]:
    return [*reply.public, *(t for ts in reply.private.values() for t in ts)]


def test_a_stale_button_quotes_the_prompt_with_the_player_named(service):
    """A refusal composed without the game at hand (the stale button's "Now: …") is named too."""
    _successors(service, "refs-stale")
    game, state, rec = service.state("console", "refs-stale")
    seat, prompt = next(iter(game.prompts(state).items()))
    user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
    reply = service.handle(Command("console", "refs-stale", user, f"/succ {prompt.actions[0]}", name=user.title(),
                                   version=rec.version - 1))
    assert reply.code == "STALE" and "Now:" in reply.error and "⟨" not in reply.error
    assert f"{user.title()} (" in reply.error


def test_an_export_names_the_winner_in_its_summary(service):
    """The exported summary's reason (a game's own sentence, "⟨p1⟩ reached 7 points") names the
    player as every message does, never a raw seat marker."""
    report = play_one(service, "ludi", 2, "export-names")
    assert report.finished
    rec = service.store.load("selfplay", "ludi-2-export-names")
    creator = rec.meta["creator"]
    export = service.handle(Command("selfplay", "ludi-2-export-names", creator, "/export", name=creator))
    summary = orjson.loads(export.file[1])["summary"]
    assert summary["reason"] and "⟨" not in summary["reason"] and "⟩" not in summary["reason"]
