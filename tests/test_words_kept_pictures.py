"""Issue 36, item 1 ("events carry a message id and typed fields", "the words layer renders and
never parses"): the words a state keeps for its picture — Successors' `last_battle.text`, StarCraft's,
Ludi's `last_fight` — are messages kept whole (core/message.keep), which the pictures say in the
reader's language through the words layer (render/i18n.Translator.say), never read back from
English. A game set up before issue 36 keeps the English sentences its snapshots hold."""
import random

import pytest

import bot.words.i18n as i18n
from core.game import without_seat_refs
from core.games.successors.battles import BATTLE_AT
from core.message import WORDS, Msg, kept
from core.registry import get_game
from render import ludi as ludi_picture
from render.successors import words as successors_words


def until_kept(game_id: str, key: str, players: int, options: dict | None = None):
    """A seeded random game of `game_id` played until its state keeps `key` (the first seed whose
    game comes to it): the public view then."""
    game = get_game(game_id)
    for seed in range(6):
        state, rnd = game.setup([f"p{i}" for i in range(players)], options or {}, f"pic{seed}"), random.Random(seed)
        for _ in range(1500):
            step = game.random_step(state, rnd)
            if step is None:
                break
            state = step[2]
            if state.get(key):
                return game.view(state, None)
    raise AssertionError(f"no {key} in six seeded games of {game_id}")


@pytest.fixture
def never_matched(monkeypatch):
    """The matcher (kept for old stored English alone) fails the test if anything reaches it."""
    def refuse(line, lang, depth=0):
        raise AssertionError(f"matched, not rendered: {line!r}")
    monkeypatch.setattr(i18n, "_matched", refuse)


def test_a_successors_last_battle_is_a_message_its_picture_says_in_the_readers_language(never_matched):
    """§6 a battle's line on the map's panel: the message kept whole, its fields typed (the sides
    seat markers the picture draws as letters); drawn in Russian and Spanish from its fields."""
    view = until_kept("successors", "last_battle", 3)
    battle = view["last_battle"]
    assert isinstance(battle["text"], dict), "kept as data (its id and fields), not as a sentence"
    said = kept(battle["text"])
    assert isinstance(said, Msg) and said.id == BATTLE_AT
    line = said.args["text"]          # the space is the block's own first line
    english = without_seat_refs(line)
    assert english in successors_words(view, lang="en")
    for lang in ("es", "ru"):
        drawn = successors_words(view, lang=lang)
        assert without_seat_refs(i18n.render(line, lang)) in drawn
        assert english not in drawn and not any("strength" in text or "crushes" in text for text in drawn)


def test_a_ludi_last_fight_is_a_message_its_picture_says_in_the_readers_language(never_matched):
    """§7 a fight's outcome beside the last combat card: a message, said in the picture's language."""
    view = until_kept("ludi", "last_fight", 3)
    said = kept(view["last_fight"])
    assert isinstance(view["last_fight"], dict) and isinstance(said, Msg)
    dashed = str(said).replace("–", "-")
    assert any(dashed in text for text in ludi_picture.words(view, "en"))
    ru = ludi_picture.words(view, "ru")
    assert not any(dashed in text for text in ru)
    assert any(i18n.render(said, "ru").replace("–", "-") in text for text in ru)


def test_a_starcraft_last_battle_is_kept_as_a_message():
    """§9.5 the battle's result in the view: a message (its seat a field), not English naming a faction."""
    view = until_kept("starcraft", "last_battle", 2)
    assert isinstance(view["last_battle"]["text"], dict) and isinstance(kept(view["last_battle"]["text"]), Msg)


@pytest.mark.parametrize("game_id, key, players", [("successors", "last_battle", 3), ("ludi", "last_fight", 3)])
def test_a_game_set_up_before_issue_36_keeps_its_english_and_its_picture_still_draws_it(game_id, key, players):
    """A log of the rules version before replays with `words=english` (core/replay._english_words):
    the state keeps the English sentence as its stored snapshots do, and the picture draws it (in
    English the same words as a new game's; in Russian through the matcher kept for such lines)."""
    old = until_kept(game_id, key, players, {WORDS: "english"})
    new = until_kept(game_id, key, players)
    kept_old = old[key]["text"] if key == "last_battle" else old[key]
    assert isinstance(kept_old, str) and WORDS not in old   # stored as its English sentence
    draw = successors_words if game_id == "successors" else (lambda view, lang: ludi_picture.words(view, lang))
    if game_id == "successors":
        assert draw(old, lang="en") == draw(new, lang="en")
        assert not any(text.startswith("Battle at ") for text in draw(old, lang="en"))
    else:
        assert draw(old, "en") == draw(new, "en")
    assert "strength" not in " ".join(draw(old, lang="ru") if game_id == "successors" else draw(old, "ru"))
