"""/help VERB and /help GAME VERB: every verb of every game has its usage and an example,
generated from the grammar the parser uses, and the example parses with the game's own parser."""
import pytest

from bot.service.types import Command
from bot.words.examples import example
from core.registry import all_games, get_game

GAMES = all_games()
VERBS = [(game, verb) for game in GAMES for verb in game.verbs.values()]


def ask(service, text):
    return service.handle(Command("console", "help-ch", "ann", text, name="Ann"))


@pytest.mark.parametrize("game,verb", VERBS, ids=[f"{g.id}-{v.name}" for g, v in VERBS])
def test_every_verb_of_every_game_has_help_with_an_example_that_parses(service, game, verb):
    prefix = game.aliases[0] if game.aliases else game.id
    for topic in (f"/help {game.id} {verb.name}", f"/help {prefix} {verb.name}", f"/{prefix} help {verb.name}"):
        reply = ask(service, topic)
        assert reply.ok, (topic, reply.error)
        text = "\n".join(reply.public)
        assert verb.usage in text and f"Example: `/{prefix} {example(game.id, verb)}`" in text
    action = game.parse(example(game.id, verb), private=True)
    assert action.verb == verb.name


def test_a_verb_without_a_game_lists_every_game_that_has_it(service):
    shared = {}
    for game, verb in VERBS:
        shared.setdefault(verb.name, []).append(game)
    name, games = max(shared.items(), key=lambda kv: len(kv[1]))
    assert len(games) >= 2   # the registered games share at least one verb (e.g. `place`, `done`)
    text = "\n".join(ask(service, f"/help {name}").public)
    for game in games:
        assert f"{game.title}: `/" in text


def test_in_a_channel_with_a_game_help_verb_answers_for_that_game(service):
    """/help fight at a Ludi table is Ludi's fight, with an example a player can send as written."""
    def say(user, text):
        return service.handle(Command("console", "help-ludi", user, text, name=user.title()))

    for user, text in (("ann", "/new ludi seed=3"), ("ann", "/join"), ("bob", "/join"), ("ann", "/start")):
        assert say(user, text).ok
    text = "\n".join(say("ann", "/help fight").public)
    assert "Ludi Gladiatorii: `/ludi fight <player with gladiator>" in text and "Successors" not in text
    assert f"Example: `/ludi {example('ludi', get_game('ludi').verbs['fight'])}`" in text
    assert "Successors: `/succ fight" in "\n".join(ask(service, "/help fight").public)   # no game here: every game


@pytest.mark.parametrize("game,verb", [(g, v) for g, v in VERBS if any(p.kind == "text" for p in v.params)],
                         ids=lambda x: getattr(x, "name", getattr(x, "id", "")))
def test_a_verb_that_takes_free_text_has_a_written_example(game, verb):
    """A free-text verb's generated example would be a placeholder (`fight WHAT`): it must be written."""
    assert verb.example, f"{game.id} {verb.name}"


def test_help_move_and_help_succ_move_answer(service):
    for topic in ("/help move", "/help succ move", "/help successors move"):
        reply = ask(service, topic)
        assert reply.ok and "Successors: `/succ move <path>" in reply.public[0]


def test_an_unknown_verb_of_a_game_lists_its_verbs(service):
    reply = ask(service, "/help inf fly")
    assert not reply.ok and "has no command" in reply.error and "place" in reply.error


def test_a_platform_command_that_is_also_a_game_verb_shows_both(service):
    text = "\n".join(ask(service, "/help status").public)
    assert text.startswith("/status:") and "Infinity: `/inf status`" in text


def test_a_generated_example_uses_the_first_choice_and_the_low_bound():
    from core.grammar import Param, Verb

    verb = Verb("hit", (Param("who"), Param("n", "int", low=2), Param("how", "choice", ("hard", "soft")),
                        Param("x", "float", optional=True)))
    assert verb.sample == "hit WHO 2 hard"
    assert Verb("hit", example="hit me 3").sample == "hit me 3"


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games() if g.option_verbs))
def test_help_of_a_game_lists_its_options_of_new(service, game_id):
    """§12 (Successors), §14 (Ludi): a game's optional rules are found from /help GAME."""
    game = get_game(game_id)
    lines = service.handle(Command("t", "h", "ann", f"/help {game_id}")).public
    assert f"Options of /new {game.id}:" in lines
    for key in game.option_verbs:
        assert any(line.strip().startswith(f"{key}=") for line in lines), key
