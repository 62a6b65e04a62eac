"""Words as data (issue 36): the rules name a message and pass typed fields (core/message.py);
the words layer renders them in the reader's language (bot/words/i18n.render) and never reads an
English line back, except a line that carries no message id (a stored old one)."""
from __future__ import annotations

import ast
import copy
import pickle
from pathlib import Path

import orjson
import pytest

from bot.words import i18n
from bot.words.examples import played
from bot.words.i18n import render, translate
from core.message import Cmd, Items, Msg, join, msg, plural

OPTIONS = {"successors": "sorties=on veterans=on glory=on", "ludi": "events=on favour=on champion=on",
           "starcraft": "", "infinity": ""}
CORE = Path(__file__).resolve().parents[1] / "core"


def events_of(game_id: str, seed: int, actions: int = 250):
    """Every event of a seeded random game on the bare rules, its optional rules on."""
    return [e for _, events in played(game_id, seed, actions, OPTIONS[game_id]) for e in events]


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_every_event_of_the_rules_carries_its_message_id(game_id):
    """No event text reaches the words layer without its message id: each is a Msg (or a Cmd,
    data a query prints as it is), public or private, told or revealed."""
    events = [e for seed in (1, 2) for e in events_of(game_id, seed) if e.text]
    assert len(events) > 50
    untyped = [e.text for e in events if not isinstance(e.text, (Msg, Cmd))]
    assert untyped == []


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_no_new_event_goes_through_the_matcher(game_id, monkeypatch):
    """translate() of an event renders it: the matcher (kept for stored old lines) is never asked."""
    asked = []
    original = i18n._matched
    monkeypatch.setattr(i18n, "_matched", lambda line, lang, depth=0: asked.append(line) or original(line, lang, depth))
    said = [e.text for e in events_of(game_id, 3, 120) if e.text]
    for lang in ("es", "ru"):
        out = [translate(line, lang) for line in said]
        assert len(out) == len(said)
    assert asked == []


def test_the_rules_hold_no_f_string_sentence():
    """`ctx.say/tell/reveal(f"…")`: 278 before issue 36, none after (a sentence is msg(id, fields))."""
    found = []
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("say", "tell", "reveal") and node.args:
                text = node.args[1 if node.func.attr == "tell" else 0] if len(node.args) > (
                    node.func.attr == "tell") else None
                if text is not None and any(isinstance(n, ast.JoinedStr) for n in ast.walk(text)) and not (
                        isinstance(text, ast.Call) and getattr(text.func, "id", "") in ("msg", "plural", "join")):
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_a_message_is_its_english_sentence_and_keeps_its_id_through_copies():
    said = msg("{seat} moves to {space}.", seat="⟨A⟩", space="Pella")
    assert said == "⟨A⟩ moves to Pella." and said.id == "{seat} moves to {space}."
    for copied in (copy.deepcopy(said), pickle.loads(pickle.dumps(said)), copy.copy(said)):
        assert copied == said and copied.id == said.id and copied.args == said.args
    assert orjson.loads(orjson.dumps({"text": said})) == {"text": "⟨A⟩ moves to Pella."}
    listed = join(", ", [said, "Babylon"])
    assert listed == "⟨A⟩ moves to Pella., Babylon" and isinstance(pickle.loads(pickle.dumps(listed)), Items)


def test_english_plural_follows_the_count():
    one = plural(("{n} CU is lost.", "{n} CUs are lost."), 1, n=1)
    many = plural(("{n} CU is lost.", "{n} CUs are lost."), 3, n=3)
    assert (one, many) == ("1 CU is lost.", "3 CUs are lost.")


def test_rendering_by_type_names_cards_and_spaces_translates_nested_messages_and_keeps_commands():
    # a name of the data is looked up whole; a nested message is rendered; a command never
    card = "Gift of the Orator"
    assert render(msg("{name}", name=card), "es") == i18n.name(card, "es") != card
    nested = msg("Tiro top-up: {seat} takes {value}.", seat="⟨A⟩", value=msg("none (the centre has no Tiro)"))
    es = render(nested, "es")
    assert "⟨A⟩" in es and translate("none (the centre has no Tiro)", "es") in es and "Tiro top-up" not in es
    verbs = msg("Unknown command {echo}. Known commands: {verbs}.", echo="'x'", verbs=join(", ", map(Cmd, ["build",
                                                                                                      "research"])))
    ru = render(verbs, "ru")
    assert "build, research" in ru and "Unknown" not in ru


def test_russian_plural_forms_come_from_the_catalogue():
    template = ("{seat} activates {what} with {n} CU at {name}: {mp} MP.",
                "{seat} activates {what} with {n} CUs at {name}: {mp} MP.")
    lines = {n: render(plural(template, n, seat="⟨A⟩", what="Perdikkas", n=n, name="Babylon", mp=4), "ru")
             for n in (1, 2, 5)}
    assert all(f" {n} " in line and "activates" not in line for n, line in lines.items())


def test_a_russian_verb_governs_the_case_of_a_nested_message():
    """"активирует младшего генерала B-I", not "… младший генерал …": the accusative of the
    minor general's message (bot/words/locale/ru/cases.toml, keyed by message id)."""
    minor = msg("minor general {name}-{labels} ({name2})", name="B", labels="I", name2="B1")
    line = render(plural(("{seat} activates {what} with {n} CU at {name}: {mp} MP.",
                          "{seat} activates {what} with {n} CUs at {name}: {mp} MP."), 2,
                         seat="⟨B⟩", what=join(", ", [minor]), n=2, name="Babylon", mp=4), "ru")
    assert "младшего генерала B-I" in line, line
    assert render(minor, "ru") == "младший генерал B-I (B1)"


def test_a_stored_old_line_without_an_id_is_still_translated():
    """Old stored words (a state's `last_battle.text` saved before issue 36) keep being shown in
    the reader's language by the matcher, kept for them alone."""
    old = "Horreum: no effect (coins to spare)."
    assert not isinstance(old, Msg)
    assert translate(old, "es") == render(msg(old), "es") != old


def test_a_message_missing_from_the_catalogue_is_its_english_template_filled():
    said = msg("A sentence no catalogue has yet: {space}.", space="Pella")
    assert render(said, "es") == "A sentence no catalogue has yet: Pella."
