"""The service's own sentences are messages (issue 36): each names its message id (bot/words/messages.py)
and passes typed fields, and the words layer renders it in the reader's language without reading
English back (bot/words/i18n's matcher is kept for stored old lines alone)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.words import i18n, messages
from bot.words.rewrite_service import SERVICE, Rewriter
from core.message import Kept, Msg, msg
from tests.test_i18n_whole_games import GAMES, play_whole_game, play_with_robots

WORDS = Path(__file__).resolve().parents[1] / "bot" / "words"


def test_no_sentence_of_the_service_is_composed_in_english():
    """Every f-string or literal of bot/service whose words are a message id of messages.py is that
    message (`msg(id, fields)`): the codemod finds nothing left to rewrite."""
    left = {}
    for path in sorted(SERVICE.glob("*.py")):
        rewriter = Rewriter(path.read_text())
        rewriter.run()
        if rewriter.edits:
            left[path.name] = [rewriter.data[a:b].decode() for a, b, _ in rewriter.edits]
    assert left == {}
    assert _said_as_english() == []


SAYING = {"refuse", "RulesError", "tell", "append", "insert", "Reply"}   # what hands a reader a line


def _said_as_english() -> list[str]:
    """Literal or f-string sentences the service hands a reader as they stand (no message id)."""
    found = []
    for path in sorted(SERVICE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            said = [node.args[-1 if name in ("insert", "tell") else 0]] if name in SAYING and node.args else []
            said += [e for k in node.keywords if k.arg in ("public", "error") and isinstance(k.value, ast.List)
                     for e in k.value.elts]
            found += [f"{path.name}:{node.lineno}" for e in said if isinstance(e, ast.JoinedStr) or
                      isinstance(e, ast.Constant) and isinstance(e.value, str) and " " in e.value]
    return found


def _ids(path: Path) -> list[tuple[int, str]]:
    """The message ids a module names as literals: msg("…"), plural(("…", "…"), n)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            first = node.args[0]
            if node.func.id == "msg" and isinstance(first, ast.Constant):
                found.append((node.lineno, first.value))
            elif node.func.id == "plural" and isinstance(first, ast.Tuple) and \
                    all(isinstance(e, ast.Constant) for e in first.elts):
                found.append((node.lineno, tuple(e.value for e in first.elts)))
    return found


def test_every_message_the_service_names_is_in_the_catalogues():
    """A message id the service names is one of messages.py's, so `extract` puts it in the catalogues
    and each language translates it (a message missing there would render in English)."""
    known = set(messages.MESSAGES) | set(i18n._game_ids())   # a rules' sentence the service passes on
    paths = [*sorted(SERVICE.glob("*.py")), WORDS / "names.py"]
    missing = [f"{path.name}:{line}: {mid!r}" for path in paths for line, mid in _ids(path) if mid not in known]
    assert missing == []
    assert sum(len(_ids(path)) for path in paths) > 250


@pytest.mark.parametrize("lang", ["es", "ru"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_never_asks_the_matcher(store, game_id, lang, monkeypatch):
    """A whole game per language — lobby, /start, /status, /me, /log, /help for every verb, /rules for
    every term, deadlines, reminders, refusals, a table with robots and its menus — and every line
    any reader gets is rendered from its message id: the matcher is asked for no line (only for a
    state's stored English, `Kept`, inside a message)."""
    asked = []
    original = i18n._matched

    def spy(line, language, depth=0):
        if not (depth and isinstance(line, Kept)):
            asked.append(line)
        return original(line, language, depth)

    monkeypatch.setattr(i18n, "_matched", spy)
    rendered = []
    original_render = i18n.render
    monkeypatch.setattr(i18n, "render", lambda message, language: rendered.append(message) or
                        original_render(message, language))
    whole = play_whole_game(store, game_id, lang)
    robots = play_with_robots(store, game_id, lang)
    assert len(whole.lines) > 100 and len(robots.lines) > 50
    assert len(rendered) > 300 and all(isinstance(m, Msg) for m in rendered)
    assert asked == []


@pytest.mark.parametrize("lang, word, term", [("es", "campeón", "Campeón"), ("ru", "сторонник", "Сторонник")])
def test_me_explains_a_bare_status_word_in_the_readers_language(service, lang, word, term):
    """Successors' /me says the player's status (§9.5) as a word of his language, with the § and the
    /rules line that explains it; that line, typed as it stands, answers in his language."""
    from bot.service.types import Command

    def say(user, text, private=False):
        return service.handle(Command("t", None if private else f"me-{lang}", user, text, name=user,
                                      private=private, admin=True))

    say("ann", f"/lang {lang}", private=True)
    say("ann", f"/lang {lang}")
    say("ann", "/new successors seed=3")
    for user in ("ann", "bob", "cy"):
        say(user, "/join")
    say("ann", "/start")
    view = "\n".join(say("ann", "/me").private["ann"])
    assert f"{word} (§9.5, `/rules champion`)" in view, view
    told = say("ann", "/rules champion").public
    assert told and told[0].startswith(f"{i18n.name('Successors', lang)} §9.5 — {term}:"), told


def _kept_words(value, found: list) -> list:
    """Every value under a state's word keys (core/message: a result's reason, a placing's or a
    pending loss's why)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("reason", "why") and item is not None:
                found.append(item)
            else:
                _kept_words(item, found)
    elif isinstance(value, list):
        for item in value:
            _kept_words(item, found)
    return found


@pytest.mark.parametrize("game_id", ["ludi", "starcraft", "successors"])
def test_a_states_words_are_kept_as_messages_through_its_snapshot(game_id, monkeypatch):
    """A game set up now keeps its words as messages (core/message.keep): through a snapshot's JSON
    they come back whole (`kept`), its end's reason among them, and are rendered in es and ru
    without the matcher; a game of the rules version before keeps English (tests/test_fixtures.py
    replays such saves byte for byte)."""
    import random

    import orjson

    from core.message import WORDS, kept
    from core.registry import get_game

    game = get_game(game_id)
    options = {"ludi": "events=on favour=on champion=on", "successors": "losses=ask"}.get(game_id, "")
    words, ended = [], None
    for seed in range(6):
        rnd = random.Random(seed)
        state = game.setup(["a", "b", "c"], game.parse_options(options.split()), f"words-{seed}")
        assert state[WORDS] == 1
        for _ in range(3000):
            step = game.random_step(state, rnd)
            if step is None:
                break
            state = orjson.loads(orjson.dumps(step[2]))   # as the store keeps it
            words += _kept_words(state, [])
        if state.get("result"):
            ended = state
            break
    assert words and all(isinstance(w, dict) for w in words), words[:3]
    assert ended is not None, "a seeded game reached its end"
    finished, _, reason = game.outcome(ended)
    assert finished and isinstance(reason, Msg) and not isinstance(reason, Kept)
    asked = []
    monkeypatch.setattr(i18n, "_matched", lambda line, lang, depth=0: asked.append(line) or line)
    for lang in ("es", "ru"):
        # each as the rules use it, a field of their sentence (a name is looked up whole)
        said = [i18n.render(msg("({why})", why=kept(w)), lang) for w in words[:200]] + [i18n.translate(reason, lang)]
        assert all(said)
    assert asked == []
    old = game.setup(["a", "b", "c"], {**game.parse_options(options.split()), WORDS: "english"}, "old")
    assert WORDS not in old
