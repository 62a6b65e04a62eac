"""Issue 36, item 2 ("the service's own sentences, … the console's markers … are in the reader's
language"): what the adapters say themselves — Discord's slash commands and their options, its
buttons' and menus' words, its errors; Telegram's command menu; the console's — is a message of the
catalogues (bot/words/locale), said in the reader's language."""
import re

from discord import Locale

from tests.tally import GAME as TALLY


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
    for command in tree.get_commands():
        if command.name == TALLY.id:   # the tests' own game, in English alone
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
