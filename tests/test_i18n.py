"""Three languages (issue 15): the catalogues are complete, every platform command is
covered, replies speak the channel's language and private ones the user's, and both
adapters publish their commands' descriptions in Spanish and Russian."""
import re

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from bot.service import COMMANDS
from bot.service.types import Command
from bot.words.i18n import KEYWORDS, LOCALE_DIR, translate
from tests.telegram.conftest import tg  # noqa: F401 — the offline Telegram harness, as a fixture

FIELD = re.compile(r"\{(\w+)(?::\w+)?\}")   # a field, or a field in a case ("{title:gen}")


def extracted() -> list:
    """The message ids, as Babel's extraction finds them in bot/words/messages.py today (a plural
    message as its (singular, plural))."""
    path = LOCALE_DIR.parent / "messages.py"
    return [message for _, message, _, _ in extract_from_file("python", str(path), keywords=KEYWORDS)]


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_message_id_has_its_translation(lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "strategos.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    missing, broken = [], []
    for msgid in extracted():
        message = catalog.get(msgid[0] if isinstance(msgid, tuple) else msgid)
        forms = message.string if message is not None and isinstance(message.string, tuple) else \
            (message.string,) if message is not None else ()
        if message is None or not all(forms) or message.fuzzy or isinstance(msgid, tuple) != isinstance(
                message.string, tuple) or len(forms) not in (1, catalog.num_plurals):
            missing.append(msgid)
        elif any(set(FIELD.findall(form)) != set(FIELD.findall(msgid if isinstance(msgid, str) else msgid[0]))
                 for form in forms):
            broken.append(msgid)
    assert not missing, f"{lang}: {len(missing)} message ids lack a translation, e.g. {missing[:3]}"
    assert not broken, f"{lang}: translations whose {{fields}} differ from the id: {broken[:3]}"


def test_the_template_is_the_extraction_of_today():
    with (LOCALE_DIR / "strategos.pot").open("rb") as handle:
        pot = [m.id for m in read_po(handle) if m.id]
    assert pot == extracted(), "run `python -m bot.words.i18n extract` and translate the new ids"


def test_every_platform_command_is_described_in_the_catalogues():
    ids = set(extracted())
    assert [word for word, c in COMMANDS.items() if c.help not in ids] == []


def say(service, user, text, channel="c", **kw):
    return service.handle(Command("t", channel, user, text, name=user, **kw))


def test_a_channel_speaks_its_language_and_a_user_gets_private_lines_in_theirs(service):
    assert say(service, "alice", "/lang es").public == ["Este canal habla ahora español."]
    assert say(service, "bob", "/lang ru", channel=None, private=True).private == {
        "bob": ["Ваши личные сообщения теперь на языке: русский."]}
    assert say(service, "alice", "/new successors").public[0].startswith("Nueva partida de Sucesores para 2–5")
    assert say(service, "alice", "/join").public == ["alice se une. Sentados: alice."]
    assert say(service, "alice", "/start").error == ("Sucesores necesita al menos 2 jugadores; sentados: 1. "
                                                     "Otros pueden unirse con /join.")
    assert say(service, "bob", "/remind off").private == {"bob": ["Ваши напоминания: выключены, во всех партиях."]}
    helped = say(service, "carol", "/help").public
    assert helped[0] == "Comandos:" and "  /join [CODE] — ocupar el siguiente puesto libre" in helped


def test_game_rule_messages_stay_english_inside_a_translated_sentence():
    line = "Waiting for alice (P1): add to the total (0/30)."
    assert translate(line, "es") == "Esperando a alice (P1): add to the total (0/30)."
    assert translate(line, "ru") == "Ждём alice (P1): add to the total (0/30)."
    assert translate("Something only the rules say.", "ru") == "Something only the rules say."


def test_game_terms_come_from_the_seeds_vocabulary():
    for english, es, ru in [("Usurper", "Usurpador", "Узурпатор"), ("Legitimacy", "Legitimidad", "Легитимность"),
                            ("Tyche cards", "cartas Tyche", "карты Тихе"),
                            ("Isolation Phase", "Fase de Aislamiento", "Фаза изоляции")]:
        assert (translate(english, "es"), translate(english, "ru")) == (es, ru)


async def test_discord_publishes_spanish_and_russian_descriptions(service):
    import discord

    from tests.discord.harness import make_harness

    h = await make_harness(service)
    translator = h.client.tree.translator
    assert translator is not None
    join = h.client.tree.get_command("join")
    payload = await join.get_translated_payload(h.client.tree, translator)
    assert payload["description_localizations"] == {"es-ES": "ocupar el siguiente puesto libre",
                                                    "es-419": "ocupar el siguiente puesto libre",
                                                    "ru": "занять следующее свободное место"}
    assert "name_localizations" not in payload or not payload["name_localizations"]
    assert discord.Locale.russian.value == "ru"


def test_telegram_menus_per_language_cover_every_command():
    from bot.telegram.commands import command_lists

    lists = command_lists([])
    es, ru = dict(lists["es"]), dict(lists["ru"])
    assert es["games"] == "Tus partidas, en todas partes, y a quién le toca (en privado)"
    assert ru["lang"] == "Язык этого канала или ваших личных сообщений"
    assert set(es) == set(ru) == set(COMMANDS)


@pytest.mark.parametrize("name, words", [("successors-es", "Nueva partida de Sucesores"),
                                         ("infinity-ru", "Новая партия Infinity"),
                                         ("ludi-es", "El defensor resiste; un defensor vencedor no gana nada")])
def test_the_spanish_and_russian_console_examples_run_to_the_end(service, tmp_path, name, words):
    import io
    from pathlib import Path

    from bot.console.repl import Console

    script = Path(__file__).parent.parent / "examples" / f"{name}.txt"
    out = io.StringIO()
    assert Console(service, "ex", tmp_path, out).run_script(script.read_text().splitlines()) == 0, out.getvalue()
    assert words in out.getvalue()


async def test_telegram_greets_a_newly_opened_private_chat_in_the_users_language(service, tg):
    from telegram import Update

    user = {"id": 31, "is_bot": False, "first_name": "Olga", "language_code": "ru"}
    update = Update.de_json({"update_id": 77, "message": {
        "message_id": 5, "date": 1700000000, "chat": {"id": 31, "type": "private", "first_name": "Olga"},
        "from": user, "text": "/start", "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}},
        tg.app.bot)
    await tg.app.process_update(update)
    assert tg.tg.texts(31).startswith("Личные сообщения включены")


async def test_discord_answers_a_stale_button_in_the_pressers_language(service):
    from bot.discord.out import _t

    assert _t("es-ES", "Pick one of the actions.") == "Elige una de las acciones."
    assert _t("fr", "Pick one of the actions.") == "Pick one of the actions."


def test_help_of_a_game_says_its_options_of_new_in_the_channels_language(service):
    """The frame of /help GAME (its heading, "Options of /new GAME:", an example) and of /help
    are the service's sentences: translated; the games' own verb texts are the games' part."""
    assert say(service, "alice", "/lang es").ok
    lines = say(service, "alice", "/help successors").public
    assert lines[0] == "Sucesores (/succ VERBO ...; /help succ VERBO da un ejemplo):"
    assert "Opciones de /new successors:" in lines and "Options of /new successors:" not in lines
    # the example is a line a seeded game offered, shown as code (bot/words/examples.toml)
    assert say(service, "alice", "/help succ move").public[1:] == [
        "  Qué hace: §5 mueve la fuerza activa por los espacios.", "  Ejemplo: `/succ move anatha`"]
    assert say(service, "alice", "/help").public[-1].startswith("Juegos: ")
    assert say(service, "alice", "/lang ru").ok
    assert "Параметры /new ludi:" in say(service, "alice", "/help ludi").public
