"""The games' rule messages in Spanish and Russian (issue 15): extracted from core/games as
templates without rewriting the rules, complete in both catalogues, and matched at the edge
so that no line a game template made stays English in a Spanish channel."""
import re

import pytest
from babel.messages.pofile import read_po

from bot.console.selfplay import PLATFORM, play_one
from bot.service.types import Command
from bot.words.game_messages import templates_of_source
from bot.words.i18n import GAMES_DOMAIN, LOCALE_DIR, extract_games, matching_template, translate

FIELD = re.compile(r"\{(\w+)(?::(?:gen|dat|acc|ins|prep))?\}")   # a Russian case asked of a field: the same field
GAMES = {"infinity": (2, 40), "ludi": (3, 60), "starcraft": (3, 60), "successors": (3, 80)}


@pytest.fixture(scope="module")
def extracted():
    """The games' message ids as the extraction finds them in core/games today, by game."""
    by_game: dict[str, list[str]] = {}
    for message in extract_games():
        if message.id:
            for path, _ in message.locations:
                parts = path.split("/")   # core/games/<game>/… or core/game.py, the shared contract
                by_game.setdefault(parts[2] if parts[1] == "games" else "core", []).append(message.id)
    return by_game


def test_the_games_template_is_the_extraction_of_today(extracted):
    with (LOCALE_DIR / f"{GAMES_DOMAIN}.pot").open("rb") as handle:
        pot = {m.id for m in read_po(handle) if m.id}
    today = {msgid for ids in extracted.values() for msgid in ids}
    assert pot == today, ("run `python -m bot.words.i18n extract` and translate the new ids of "
                           "bot/words/locale/*/games.po")


@pytest.mark.parametrize("game", ["core", *sorted(GAMES)])
@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_game_template_has_its_translation(extracted, game, lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{GAMES_DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    ids = extracted[game]
    missing, broken = [], []
    for msgid in ids:   # a plural message (singular, plural) has one form per plural of the language
        message = catalog.get(msgid[0] if isinstance(msgid, tuple) else msgid)
        forms = () if message is None else message.string if isinstance(message.string, tuple) else (message.string,)
        if message is None or not all(forms) or message.fuzzy or \
                len(forms) != (catalog.num_plurals if isinstance(msgid, tuple) else 1):
            missing.append(msgid)
        elif any(set(FIELD.findall(form)) != set(FIELD.findall(msgid[0] if isinstance(msgid, tuple) else msgid))
                 for form in forms):
            broken.append(msgid)
    assert len(ids) > (20 if game == "core" else 100)
    assert not missing, f"{game}, {lang}: {len(missing)} of {len(ids)} templates lack a translation, e.g. {missing[:3]}"
    assert not broken, f"{game}, {lang}: translations whose {{fields}} differ from the id: {broken[:3]}"


def test_the_extractor_turns_fstrings_into_templates_with_named_fields():
    source = '''
"""A docstring is not a message."""
def handler(ctx, state, seat, t, cards, n):
    ctx.say(f"{seat_ref(seat)} places {t['id']} at ({x:g}, {y:g}).")
    ctx.tell(seat, f"You draw {len(cards)} card{'s' if n > 1 else ''}.")
    ctx.say(f"{seat_ref(seat)} has finished step {n}" + ("; its reserve waits." if n else "."))
    raise RulesError(f"{seat_ref(a)} attacks {seat_ref(b)}.", code="NOT_YOUR_TURN")
    prompt = Prompt("Choose a card.", actions=("card none", "card 3"))
    key = state.get("some_key")
'''
    found = [template for _, template, _ in templates_of_source(source)]
    assert "{seat} places {id} at ({x}, {y})." in found
    assert ("You draw {n_cards} card.", "You draw {n_cards} cards.") in found   # a plural message (ngettext)
    assert {"{seat} has finished step {n}; its reserve waits.", "{seat} has finished step {n}."} <= set(found)
    assert "{seat} attacks {seat2}." in found   # two seats in one sentence: each its own field
    assert "Choose a card." in found
    for not_a_message in ("A docstring is not a message.", "card none", "NOT_YOUR_TURN", "some_key"):
        assert not_a_message not in found


@pytest.mark.parametrize("english, lang, expected", [
    ("⟨A⟩ places A1 at (22.5, 10), facing 90°.", "es", "⟨A⟩ coloca A1 en (22.5, 10), orientada a 90°."),
    ("Nothing like this is said by any game", "ru", "Nothing like this is said by any game"),   # no template
    ("Both rosters are locked. Initiative Roll (§5): either player types `roll`.", "es",
     "Ambas listas están cerradas. Tirada de Iniciativa (§5): cualquiera de los jugadores escribe `roll`."),
    # several sentences in one line, each translated on its own
    ("Aulus wins 3–2. ⟨A⟩ scores 1 (now 1) (§6.4). Caius dies (§6.5).", "es",
     "Aulus gana 3–2. ⟨A⟩ consigue 1 (ahora 1) (§6.4). Caius muere (§6.5)."),
    # the template whose words come first reads the line, and its values are translated in turn
    ("⟨B⟩ plays event EV08 Jump Coordinates: places a transport on R2.", "ru",
     "⟨B⟩ играет событие EV08 Координаты прыжка: ставит транспорт на R2."),
    # a service sentence around a game's prompt
    ("Waiting for bob (B): Round 2, ⟨B⟩'s Tyche segment: play one card (§4.4).", "es",
     "Esperando a bob (B): Ronda 2, segmento Tyche de ⟨B⟩: juega una carta (§4.4)."),
    # a list of messages in a field, item by item
    ("Successors: ⟨C⟩ takes package C (Yellow: Ptolemaios, Antigonos), ⟨B⟩ takes package B (Blue: "
     "Antipatros).", "es", "Sucesores: ⟨C⟩ toma el lote C (Amarillo: Ptolemaios, Antigonos), ⟨B⟩ "
     "toma el lote B (Azul: Antipatros)."),
    ("⟨C⟩ has the most VP (4) and is the Usurper (§3.2.2).", "ru",
     "У ⟨C⟩ больше всего ПО (4), он — Узурпатор (§3.2.2)."),
    ("Isolation Phase", "es", "Fase de Aislamiento"),
    # names and texts of the games' data: CU types with their counts, cards in a hand
    ("⟨A⟩ loses 2 Mercenary, 1 Loyal Macedonian (§6.9).", "es", "⟨A⟩ pierde 2 UC Mercenarias, 1 UC de Macedonios "
     "Leales (§6.9)."),
    ("Your hand:\n- #35 Suspicion (Event, 2 OP): Choose another player. He has −3 LP until the end of this Game Turn.",
     "ru", "Ваша рука:\n- #35 Подозрение (Событие, 2 ОП): Выберите другого игрока. У него −3 ОЛ до конца этого хода."),
])
def test_a_game_line_is_translated_with_its_fields(english, lang, expected):
    assert translate(english, lang) == expected


def test_an_english_channel_skips_translation():
    line = "⟨A⟩ places A1 at (22.5, 10), facing 90°."
    assert translate(line, "en") is line


def _play(service, game: str, players: int, actions: int) -> list[list[str]]:
    """Every reply's lines (public, private, the refusal) of one seeded self-played stretch."""
    replies = []

    def keep(reply, report):
        lines = list(reply.public) + [line for user in sorted(reply.private) for line in reply.private[user]]
        replies.append(lines + ([reply.error] if reply.error else []))

    report = play_one(service, game, players, "5", max_actions=actions, on_reply=keep)
    assert not [p for p in report.problems if not p.startswith("stuck")], report.problems
    return replies


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_self_played_stretch_in_a_spanish_channel_has_no_english_game_line(service, game):
    """The same seeded stretch twice, in English then in a Spanish channel (/lang es): every
    line that a game template made in English reads differently in Spanish."""
    players, actions = GAMES[game]
    english = _play(service, game, players, actions)
    channel = f"{game}-{players}-5"
    assert service.handle(Command(PLATFORM, channel, "admin", "/lang es", name="admin", admin=True)).ok
    spanish = _play(service, game, players, actions)
    assert len(english) == len(spanish)
    made, untranslated = 0, []
    for en_lines, es_lines in zip(english, spanish):
        assert len(en_lines) == len(es_lines)
        for en, es in zip(en_lines, es_lines):
            found = matching_template(en)
            if found is None or found[0] != GAMES_DOMAIN:
                continue
            made += 1
            if es == en:
                untranslated.append(en)
    assert made > 10, f"only {made} lines of {game} came from its templates"
    assert not untranslated, f"{len(untranslated)} of {made} game lines stayed English, e.g. {untranslated[:3]}"
