"""Words as the players read them (issue 26): /log told in the narration's own sentences, in the
channel's language, numbered as /replay counts the actions, with nothing hidden; /rules TERM from the
glossaries written from the specs."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.service import Service
from bot.service.types import Command
from bot.words.glossary import LANGS, fold, glossaries
from bot.words.i18n import translate
from core.registry import get_game

_NUMBERED = re.compile(r"^(\d+)\. (.+)$", re.S)
_CYRILLIC = re.compile("[а-яё]", re.I)


def _play(store, game_id: str, lang: str, players: int, actions: int):
    """A seeded game played by the rules' own sampler in a channel speaking `lang`: the service,
    every public line the channel read, and each action's line and whether it was sent privately."""
    service = Service(store)
    users = [f"u{i}" for i in range(players)]

    def send(user, text, private=False):
        reply = service.handle(Command("t", None if private else "c", user, text, name=user, private=private))
        assert reply.ok, (text, reply.error)
        return reply
    send(users[0], f"/lang {lang}")
    for user in users:
        send(user, f"/lang {lang}", private=True)
    send(users[0], f"/new {game_id} seed=3")
    for user in users:
        send(user, "/join")
    send(users[0], "/start")
    public, played = [], []
    rnd = random.Random(f"{game_id}:{lang}")
    for _ in range(actions):
        game, state, rec = service.state("t", "c")
        prompts = game.prompts(state)
        seat = rnd.choice(sorted(prompts))
        line = game.sample(state, seat, rnd)
        private = game.sent_privately(line, prompts[seat])
        user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
        public += send(user, f"/{game_id} {line}", private).public
        played.append((line, private))
    return service, send, public, played


@pytest.mark.parametrize("game_id, lang, players", [("successors", "es", 3), ("starcraft", "ru", 3)])
def test_log_tells_the_narrations_sentences_in_the_channels_language(store, game_id, lang, players):
    service, send, public, played = _play(store, game_id, lang, players, 60)
    lines = send("u0", "/log 100").public
    numbered = [_NUMBERED.match(line) for line in lines]
    assert all(numbered), lines
    numbers = sorted({int(m.group(1)) for m in numbered})
    told = len([e for e in store.log("t", "c") if not e.get("hidden")])
    assert numbers == list(range(1, told + 1))           # every action, numbered as /replay counts them
    assert send("u0", f"/replay {told}").public          # ... so /replay N is read beside line N
    for match in numbered:
        sentence = match.group(2)
        # the very sentence the channel was told after that action (nothing private: a face-down
        # order shows as the public learnt it), or what was typed where the rules said nothing
        assert sentence in public or sentence.endswith("`.") and "`" in sentence, sentence
        assert " played " not in sentence and "private choice" not in sentence, sentence
    if lang == "ru":   # (tests/test_i18n_whole_games.py checks the narration itself word by word)
        assert sum(bool(_CYRILLIC.search(line)) for line in lines) >= 0.9 * len(lines)
    typed = [line for line, private in played if not private]
    assert sum("`" in line for line in lines) < len(typed) / 3   # a typed line is the exception


def test_log_shows_no_private_line_in_a_game_of_face_down_orders(store):
    """StarCraft's orders are placed face down by private message (§5): /log says an order was
    placed where, never which (until the rules reveal it)."""
    _, send, _, _ = _play(store, "starcraft", "en", 3, 60)
    told = [e for e in store.log("t", "c") if not e.get("hidden")]
    lines = send("u0", "/log 100").public
    placed = 0
    for number, entry in enumerate(told, 1):
        if not (entry["private"] and entry["line"].startswith("order ")):
            continue
        said = [m.group(2) for m in map(_NUMBERED.match, lines) if int(m.group(1)) == number]
        kind = entry["line"].split()[1].rstrip("*")
        assert said and all(kind not in sentence and "`" not in sentence for sentence in said), (entry, said)
        placed += 1
    assert placed >= 10


# /rules TERM: the glossary written from the specs ------------------------------------------------------
SPECS = Path(__file__).resolve().parents[1] / "docs" / "rules"
_SECTION_STARTS = [re.compile(p) for p in (r"^#{1,6} (\d+(?:\.\d+)*)\.?\s", r"^- (\d+(?:\.\d+)+)\s",
                                           r"^\*\*(\d+(?:\.\d+)+)\s")]


def spec_sections(game_id: str) -> dict[str, str]:
    """A spec's numbered sections (headings, numbered items, bold numbered paragraphs), each with its
    text up to the next section that is not inside it."""
    lines = (SPECS / f"{game_id}.md").read_text().splitlines()
    starts = []
    for at, line in enumerate(lines):
        for pattern in _SECTION_STARTS:
            match = pattern.match(line)
            if match:
                starts.append((at, match.group(1)))
                break
    sections = {}
    for i, (at, number) in enumerate(starts):
        end = next((later for later, other in starts[i + 1:] if not other.startswith(number + ".")), len(lines))
        sections.setdefault(number, "\n".join(lines[at:end]))
    return sections


@pytest.mark.parametrize("game_id", sorted(glossaries()))
def test_every_glossary_section_exists_in_its_spec_and_speaks_of_the_term(game_id):
    sections = spec_sections(game_id)
    assert len(glossaries()[game_id]) >= 8
    for term in glossaries()[game_id]:
        assert term.section in sections, f"{game_id}: §{term.section} ({term.name('en')}) is not in the spec"
        text = fold(sections[term.section])
        assert any(fold(name) in text for name in term.names["en"]), (term.section, term.names["en"])
        for lang in LANGS:   # every language has a name and its lines, and the §s it cites exist
            assert term.names[lang] and len(term.texts[lang]) > 40, (term.section, lang)
            for cited in re.findall(r"§(\d+(?:\.\d+)*)", term.texts[lang]):
                assert cited in sections, (term.section, lang, cited)


def _rules(service, text, lang, channel="r", private=False):
    service.handle(Command("t", channel, "ann", f"/lang {lang}", private=private))
    return service.handle(Command("t", None if private else channel, "ann", f"/rules {text}", name="ann",
                                  private=private))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", sorted(glossaries()))
def test_rules_answers_a_term_of_each_game_in_the_readers_language(service, game_id, lang):
    game = get_game(game_id)
    for term in glossaries()[game_id][:3]:
        expected = f"{translate(game.title, lang)} §{term.section} — {term.name(lang)}: {term.text(lang)}"
        for asked in (term.names[lang][-1], term.names["en"][0].upper(), f"§{term.section}"):
            reply = _rules(service, f"{game_id} {asked}", lang, channel=f"r-{lang}")
            assert reply.ok and reply.public == [expected], (asked, reply.public, reply.error)
    # in a private chat the reader's own language
    term = glossaries()[game_id][0]
    reply = _rules(service, f"{game.aliases[0] if game.aliases else game_id} {term.names['en'][0]}", lang,
                   private=True)
    assert reply.private == {} and reply.public[0].endswith(term.text(lang))


def test_rules_in_a_channel_answers_for_its_game_and_names_the_game_otherwise(service):
    for text in ("/new ludi", "/join"):
        service.handle(Command("t", "arena", "ann", text, name="ann"))
    here = service.handle(Command("t", "arena", "ann", "/rules build", name="ann"))
    assert [line.split(" §")[0] for line in here.public] == ["Ludi Gladiatorii"]        # §5.4, not StarCraft's §7.2
    anywhere = service.handle(Command("t", None, "ann", "/rules build", name="ann", private=True))
    assert sorted(line.split(" §")[0] for line in anywhere.public) == ["Ludi Gladiatorii", "StarCraft"]


@pytest.mark.parametrize("lang, closest", [("en", "land interception"), ("es", "intercepción terrestre"),
                                           ("ru", "перехват на суше")])
def test_an_unknown_term_is_answered_with_the_closest_terms(service, lang, closest):
    reply = _rules(service, "succ interseption", lang)
    assert not reply.ok and reply.code == "UNKNOWN" and closest in reply.error
    assert "`interseption`" in reply.error
    nothing = _rules(service, "succ qqqqqq", lang)
    assert not nothing.ok and "/rules" in nothing.error
    if lang != "en":
        assert "No rule" not in reply.error and "No rule" not in nothing.error
