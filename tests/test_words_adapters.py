"""Issue 36, item 2 ("the service's own sentences, … the console's markers … are in the reader's
language"): what the adapters say themselves — Discord's slash commands and their options, its
buttons' and menus' words, its errors; Telegram's command menu; the console's — is a message of the
catalogues (bot/words/locale), said in the reader's language."""
import re

from discord import Locale

from bot.service.types import Command
from core.registry import MODULES, available
from tests.telegram.conftest import tg  # noqa: F401 — the offline Telegram harness, as a fixture


def described(payload: dict, path: str = ""):
    """(where, English, localizations) of a command's description and each option's, nested."""
    where = f"{path}/{payload['name']}"
    yield where, payload.get("description", ""), payload.get("description_localizations") or {}
    for option in payload.get("options") or ():
        if option.get("type") in (1, 2):    # a subcommand or a group
            yield from described(option, where)
        else:
            yield (f"{where} {option['name']}", option.get("description", ""),
                   option.get("description_localizations") or {})


async def test_every_slash_command_and_option_is_described_in_spanish_and_russian(service):
    """discord.py's own localisation (app_commands.Translator, bot/discord/i18n.py): each description
    Discord shows, of the table's commands, the games' verbs and every option, in es-ES, es-419, ru."""
    from tests.discord.harness import make_harness

    h = await make_harness(service)
    tree = h.client.tree
    missing = []
    test_games = set(available()) - set(MODULES)   # registered by the tests (tally, and others' own)
    for command in tree.get_commands():
        if command.name in test_games:   # in English alone
            continue
        payload = await command.get_translated_payload(tree, tree.translator)
        for where, english, localized in described(payload):
            # a verb's help that is a § alone ("§6.2"), a command's usage (`/hint`): no words
            if not re.search(r"[A-Za-z]{2}", english) or english.startswith("/"):
                continue
            for locale in (Locale.spain_spanish, Locale.latin_american_spanish, Locale.russian):
                if not localized.get(locale.value):
                    missing.append(f"{where} [{locale.value}]: {english!r}")
    assert not missing, f"{len(missing)} descriptions stay English:\n" + "\n".join(sorted(set(missing)))


async def test_discords_robot_levels_are_named_in_the_users_language_and_typed_names_stay(service):
    """/robot add level: its choices are messages ("2 · mira una jugada"), the values the levels; a
    choice that is what a player types (a game's own terms) is never translated."""
    from tests.discord.harness import make_harness

    h = await make_harness(service)
    tree = h.client.tree
    robot = next(c for c in tree.get_commands() if c.name == "robot")
    payload = await robot.get_translated_payload(tree, tree.translator)
    level = payload["options"][0]["options"][1]
    assert [c["name_localizations"]["es-ES"] for c in level["choices"]][:2] == [
        "1 · principiante: mira una jugada, con despistes", "2 · mira una jugada, con algún despiste"]
    assert level["choices"][4]["name_localizations"]["ru"] == "5 · самый глубокий поиск"
    assert [c["value"] for c in level["choices"]] == [1, 2, 3, 4, 5]


def test_a_level_out_of_range_is_refused_in_the_channels_language(service):
    service.handle(Command("t", "lvl", "alice", "/lang es", name="alice"))
    refused = service.handle(Command("t", "lvl", "alice", "/new ludi robots=2 level=9", name="alice"))
    assert not refused.ok and refused.code == "OPTION"
    assert "level= es la fuerza de un robot, de 1 (principiante) a 5" in refused.error, refused.error
    assert service.store.load("t", "lvl") is None or service.store.load("t", "lvl").meta is None


def test_discords_select_menu_of_actions_asks_in_the_channels_language(service):
    """More actions than buttons: a select menu whose placeholder is in the reply's language."""
    from bot.discord.out import build_view
    from bot.service.types import Button

    buttons = [Button(f"roll {i}", f"/tally roll {i}", 3, "A", "101") for i in range(8)]
    assert build_view(service, "123", buttons, "ru").children[0].item.placeholder == "Выберите действие"
    assert build_view(service, "123", buttons).children[0].item.placeholder == "Choose an action"


async def test_discords_notes_on_a_picture_it_cannot_attach_are_in_the_readers_language():
    """A picture that failed to draw, or too large to upload: said in the reply's language."""
    from bot.discord.out import Adapter

    class Broken:
        def render(self):
            raise RuntimeError("no picture")

    files, notes = await Adapter.files(None, [("map.png", Broken()), ("big.png", b"x" * 2048)], 1024, "es")
    assert files == [] and notes[0] == "(Esta vez no se pudo dibujar la imagen; /map lo intenta de nuevo.)"
    assert notes[1].startswith("(big.png ocupa ") and "límite de subida" in notes[1]


async def test_telegrams_expired_button_answers_in_the_pressers_language(service, tg):
    from telegram import Update

    query = {"id": "q1", "chat_instance": "ci", "data": "b|-100|gone",
             "from": {"id": 31, "is_bot": False, "first_name": "Olga", "language_code": "ru"},
             "message": {"message_id": 7, "date": 1700000000, "text": "prompt",
                         "chat": {"id": -100, "type": "supergroup", "title": "Wargamers"}}}
    await tg.app.process_update(Update.de_json({"update_id": 900, "callback_query": query}, tg.app.bot))
    expired = "Эта кнопка устарела. Введите команду; /status покажет, что можно сделать сейчас."
    assert tg.answers()[-1]["text"] == expired


def test_the_consoles_menu_refusal_is_in_the_readers_language(service, tmp_path):
    """`name: 9` beyond a menu's choices: the refusal in the menu's language, not English."""
    import io

    from bot.console.repl import Console

    out = io.StringIO()
    console = Console(service, "menu-es", tmp_path, out)
    for line in ("ana: /lang es", "ana: /new ludi seed=2 robots=2 think=0.01s", "ana: /join", "ana: /start"):
        console.run_script([line])
    console.run_script(["ana (dm): /me"])
    assert console.menu_for("ana") is not None, out.getvalue()[-2000:]
    console.run_script(["!ana: 99"])
    assert "Elige un número del 1 al" in out.getvalue().split("99")[-1], out.getvalue()[-800:]


def test_telegrams_command_menu_names_each_game_as_the_language_does():
    """set_my_commands per language_code (bot/telegram/commands.py): a game's entry is a message, its
    title the language's ("Jugar a Sucesores", not "Jugar a Successors")."""
    from bot.telegram.commands import command_lists
    from core.registry import all_games

    lists = {lang: dict(rows) for lang, rows in command_lists(all_games()).items()}
    assert lists["es"]["successors"] == "Jugar a Sucesores: /successors VERBO …"
    assert lists["ru"]["succ"] == "Играть в Диадохи: /succ ДЕЙСТВИЕ …"
    assert lists["en"]["successors"] == lists[None]["successors"] == "Play Successors: /successors VERB …"
