"""Words as the players read them (issue 26): /log told in the narration's own sentences, in the
channel's language, numbered as /replay counts the actions, with nothing hidden; /rules TERM from the
glossaries written from the specs."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.service import Service
from bot.service.types import Command
from bot.words.glossary import LANGS, fold, glossaries
from bot.words.i18n import GAMES_DOMAIN, LOCALE_DIR, Word, catalogue, count_field, plural, translate
from bot.words.messages import MESSAGES
from core.registry import get_game
from tests.discord.harness import ALICE, make_harness
from tests.telegram.conftest import GROUP, tg  # noqa: F401 — the offline Telegram harness, as a fixture

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
    private_choice = translate("⟨X⟩ made a private choice.", lang).replace("⟨X⟩", "")
    for match in numbered:
        sentence = match.group(2)
        # the very sentence the channel was told after that action (nothing private: a face-down
        # order shows as the public learnt it), never what was typed
        assert sentence in public or sentence.endswith(private_choice), sentence
        assert "`" not in sentence and " played " not in sentence, sentence
    if lang == "ru":   # (tests/test_i18n_whole_games.py checks the narration itself word by word)
        assert sum(bool(_CYRILLIC.search(line)) for line in lines) >= 0.9 * len(lines)


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


# numbers and names as the language wants them -----------------------------------------------------------
# a number field followed by a word that is no counted noun: an ordinal ("action 3 of 10") or a unit's
# abbreviation, alike for every number ("3 h", "12 min")
NOT_COUNTED = {"of", "d", "h", "min", "agreed"}   # "(2 of 3 agreed)": a verb, no noun
NUMBER_FIELDS = {"count", "seats", "most", "length", "limit", "wait", "n", "total", "number", "seated", "days",
                 "hours", "mins", "version", "current"}
COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1024)


def _counted(msgid: str) -> list[tuple[str, str]]:
    """(number field, the word after it) of a message id."""
    return [(name, word) for name, word in re.findall(r"\{(\w+)\} ([^\W\d_]+)", msgid) if name in NUMBER_FIELDS]


def _plural_messages() -> list[tuple[str, str]]:
    return [m for m in MESSAGES if isinstance(m, tuple)]


def test_every_message_that_counts_a_noun_is_a_plural_message():
    counting = [m for m in MESSAGES if isinstance(m, str) and any(w not in NOT_COUNTED for _, w in _counted(m))]
    assert counting == [], "use NP_(singular, plural) for these (bot/words/messages.py)"
    assert len(_plural_messages()) >= 10


def _filled(msgid: str, n: int) -> dict:
    """A value for every field: the count `n` in the first number field, plain words elsewhere."""
    fields = re.findall(r"\{(\w+)\}", msgid)
    first = next(f for f in fields if f in NUMBER_FIELDS)
    return {f: (f"{n:,}" if f == first else "7" if f in NUMBER_FIELDS else "Successors" if f == "title" else "ann")
            for f in fields}


@pytest.mark.parametrize("singular, many", _plural_messages())
def test_a_plural_message_reads_right_in_english_and_takes_the_russian_form_its_count_needs(singular, many):
    # English: "1 action", never "1 actions"; "2 actions"
    noun = next(w for f, w in _counted(singular) if w not in NOT_COUNTED)
    assert not noun.endswith("s") and next(w for f, w in _counted(many) if w not in NOT_COUNTED).endswith("s")
    assert plural(1, singular, many, **_filled(singular, 1)) == singular.format(**_filled(singular, 1))
    assert plural(2, singular, many, **_filled(many, 2)) == many.format(**_filled(many, 2))
    # Russian: the catalogue's three forms, chosen by the Plural-Forms of ru's .po for each count
    ru = catalogue("ru")
    forms = [ru.ngettext(singular, many, n) for n in (1, 2, 5)]
    assert len(set(forms)) >= 2 and forms[0] != forms[2], forms   # 1 карта / 5 карт differ at least
    for n in COUNTS:
        english = plural(n, singular, many, **_filled(singular, n))
        index = ru.plural(n)
        expected = ru.ngettext(singular, many, n).format(**{k: Word(translate(v, "ru"), "ru")
                                                          for k, v in _filled(singular, n).items()})
        assert translate(english, "ru") == expected, (n, index)
        spanish = translate(english, "es")
        assert spanish == catalogue("es").ngettext(singular, many, n).format(
            **{k: Word(translate(v, "es"), "es") for k, v in _filled(singular, n).items()})


@pytest.mark.parametrize("n, russian", [(1, "Все места (1) заняты."), (2, "Все 2 места заняты."),
                                        (5, "Все 5 мест заняты."), (11, "Все 11 мест заняты."),
                                        (21, "Все места (21) заняты."), (24, "Все 24 места заняты.")])
def test_russian_counts_one_few_and_many(n, russian):
    english = plural(n, "All {count} seat is taken.", "All {count} seats are taken.", count=n)
    assert english == (f"All {n} seat is taken." if n == 1 else f"All {n} seats are taken.")
    assert translate(english, "ru") == russian
    assert translate(plural(n, "{title} continues here after {count} action. Seats: {seats}.",
                            "{title} continues here after {count} actions. Seats: {seats}.",
                            title="StarCraft", count=n, seats="A (ann)"), "ru").split(" Места")[0] == \
        f"StarCraft продолжается здесь после {n} " + ("действия." if n % 10 == 1 and n != 11 else "действий.")


def test_a_game_title_takes_the_case_its_russian_sentence_needs(service):
    say = lambda text: service.handle(Command("t", "case", "ann", text, name="ann"))   # noqa: E731
    say("/lang ru")
    assert say("/new successors").public[0].startswith("Новая партия Диадохов на 2–5 игроков.")
    assert say("/join").ok
    assert say("/start").error.startswith("Для Диадохов нужно не меньше 2 игроков; за столом 1.")
    assert say("/sc build").error == "В этом канале играют в Диадохов, а не в StarCraft."
    assert say("/abort").public == ["Партия Диадохов прервана. /new начинает новую."]
    # a name with no case forms stays as it is (a title kept in Latin letters)
    assert translate("The game of StarCraft is aborted. /new starts another.", "ru") == \
        "Партия StarCraft прервана. /new начинает новую."
    assert "Word" in repr(type(Word("Диадохи", "ru"))) and f"{Word('Диадохи', 'ru'):prep}" == "Диадохах"


def _games_plurals() -> list[tuple[str, str]]:
    with (LOCALE_DIR / f"{GAMES_DOMAIN}.pot").open("rb") as handle:
        return [m.id for m in read_po(handle) if isinstance(m.id, tuple)]


def test_the_rules_plural_endings_are_plural_messages():
    """A rule's `'s' if n != 1 else ''` is extracted as one plural message, not two sentences (and
    Successors' "uses the 1 OPs" is one no more)."""
    found = _games_plurals()
    assert len(found) >= 20
    assert ("{seat} uses the {ops} OP of {card_name}.", "{seat} uses the {ops} OPs of {card_name}.") in found
    assert all(count_field(msgid) for msgid in found if msgid[0] != "End of the game: {w} wins, {reason}.")


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_a_rules_plural_message_takes_the_form_its_count_needs(lang):
    book = catalogue(lang, GAMES_DOMAIN)
    for one, many in _games_plurals():
        field = count_field((one, many))
        for n in COUNTS:
            english = (one if n == 1 else many).replace("{" + field + "}", str(n)) if field else (
                one if n == 1 else many)
            values = {f: Word("⟨A⟩", lang) for f in re.findall(r"\{(\w+)\}", english)}   # a field may ask a case
            english = english.format(**values)
            said = translate(english, lang)
            assert said == book.ngettext(one, many, n).replace("{" + field + "}", str(n)).format(**values) \
                if field and field not in values else said != english, (english, said)
    # the forms themselves: Russian one / few / many
    assert translate("Laetus works: ⟨B⟩ gains 1 coin (§5.3).", "ru").endswith("1 монету (§5.3).")
    assert translate("Laetus works: ⟨B⟩ gains 3 coins (§5.3).", "ru").endswith("3 монеты (§5.3).")
    assert translate("Laetus works: ⟨B⟩ gains 5 coins (§5.3).", "ru").endswith("5 монет (§5.3).")


async def test_rules_on_discord_and_telegram_through_their_own_objects(service, tg):
    """/rules on both platforms: Discord's slash command (with its term's autocomplete), Telegram's
    command in a Russian group."""
    h = await make_harness(service)
    calls = await h.say(ALICE, "alice", "rules", term="interception", game="succ")
    assert any("§5.8 — land interception:" in c.content for c in calls)
    command = h.client.tree.get_command("rules")
    assert command is not None and {p.name for p in command.parameters} == {"term", "game"}
    assert command.get_parameter("term").autocomplete and command.get_parameter("term").required
    await tg.say(7, "/lang ru")
    await tg.say(7, "/rules ludi чемпион")
    assert "Ludi Gladiatorii §14.3 — чемпион: Первый гладиатор" in tg.tg.texts(GROUP)


# a count followed by a plural noun, in a rule's sentence that is not a plural message: "1 troopers"
# when the count is 1. Ratchet: the number may only go down (make the sentence `'s' if n != 1 else ''`,
# which the extractor turns into a plural message, and translate its forms).
_COUNTED_NOUNS = re.compile(r"\{(\w+)\} (troopers|gladiators|buildings|points|coins|cards|CUs|OPs|players|actions|"
                            r"workers|units|orders|swords|shields|rounds|bases|transports|minerals|spaces|generals|"
                            r"PCs|tokens|deadlines|minutes|veterans|characters|areas|planets|stacks|cities)\b")
RULES_COUNTS_LEFT = 24


def test_the_rules_sentences_that_count_without_a_plural_only_get_fewer():
    with (LOCALE_DIR / f"{GAMES_DOMAIN}.pot").open("rb") as handle:
        ids = [m.id for m in read_po(handle) if isinstance(m.id, str)]
    left = [msgid for msgid in ids if any(not field.startswith(("max_", "min_")) and field != "limit"
                                          for field, _ in _COUNTED_NOUNS.findall(msgid))]
    assert len(left) <= RULES_COUNTS_LEFT, "\n".join(left)
    assert not any("OPs" in msgid and "{ops} OPs" in msgid for msgid in left if "train_cost" not in msgid)
