"""/help: the platform's commands (from the command table), a game's verbs, one verb with an example."""
from __future__ import annotations

from bot.service.common import Topic, game_or_none, shown
from bot.service.types import Command, Reply
from bot.store import StoreError
from bot.words.examples import example
from core.game import Game
from core.message import Cmd, join, msg
from core.registry import all_games, available, get_game


class Help(Topic):
    """/help, in the channel's game where it has the verb asked for."""

    def game_here(self, platform: str, channel: str | None, topic: str) -> Game | None:
        """The game played in the channel, when /help asks about one of its verbs: then /help VERB
        answers for this game only. Help never fails for want of storage."""
        word = topic.strip().lstrip("/").lower()
        if not channel or not word or " " in word or word in self.service.commands:
            return None
        try:
            rec = self.store.load(platform, channel)
        except StoreError:
            return None
        game = get_game(rec.meta["game"]) if rec and rec.meta else None
        return game if game is not None and word in game.verbs else None

    def command(self, rest: str, cmd: Command) -> Reply:
        """/help [topic], typed anywhere: about the channel's game when it has the verb asked for."""
        return self.answer(rest, self.game_here(cmd.platform, cmd.channel, rest))

    def answer(self, topic: str, here: Game | None = None) -> Reply:
        commands = self.service.commands
        topic = topic.strip().lstrip("/").lower()
        first, _, verb = topic.partition(" ")
        if here is not None:
            return game_verb_help(here, topic)
        game = game_or_none(first) if first else None
        if game is not None and verb.strip():
            return game_verb_help(game, verb.strip().lstrip("/"))
        shared = [g for g in all_games() if topic in g.verbs] if topic and not verb else []
        if topic in commands or (game is None and shared):
            lines = [msg("{usage}: {what}.", usage=Cmd(commands[topic].usage),
                         what=commands[topic].help)] if topic in commands else []
            for other in shared:
                lines += verb_help(other, other.verbs[topic])
            return Reply(public=lines)
        if game is not None:
            lines = [msg("{title} (/{prefix} VERB ...; /help {prefix2} VERB gives an example):", title=game.title,
                         prefix=Cmd(verb_prefix(game)), prefix2=Cmd(verb_prefix(game)))]
            lines += [usage_line(v.usage, v.help) for v in game.verbs.values()]
            if game.option_verbs:   # the game's own options of /new (its optional rules)
                lines.append(msg("Options of /new {game}:", game=Cmd(game.id)))
                lines += [usage_line(f"{key}=<{param.choices and '|'.join(param.choices) or param.kind}>", v.help)
                          for key, v in game.option_verbs.items() for param in v.params[:1]]
            return Reply(public=lines)
        if topic:
            return Reply.refuse(msg("No help for {shown}. Try /help, or /help with a command or a game "
                                    "({list}).", shown=Cmd(shown(topic)),
                                    list=join(", ", map(Cmd, sorted(available())))), "UNKNOWN")
        lines = [msg("Commands:")] + [usage_line(c.usage, c.help) for c in commands.values()]
        lines.append(msg("Games: {list} — /help GAME lists its commands, /help GAME VERB (or /help VERB) shows "
                         "one with an example.", list=join(", ", map(Cmd, sorted(available())))))
        return Reply(public=lines)


def usage_line(usage: str, what: str | None):
    """A verb's or an option's line in a list: what a player types, and what it does."""
    return msg("  {usage} — {what}", usage=Cmd(usage), what=what) if what else msg("  {usage}", usage=Cmd(usage))


def verb_prefix(game: Game) -> str:
    return game.aliases[0] if game.aliases else game.id


def verb_help(game: Game, verb) -> list[str]:
    """One verb of one game for /help: usage, what it does, and a line a player typed in a position
    a seeded game reached (bot/words/examples.toml)."""
    prefix = verb_prefix(game)
    # what a player types is code (a span), never words to translate
    lines = [msg("{title}: `/{command}`", title=game.title, command=Cmd(f"{prefix} {verb.usage}")),
             msg("  What it does: {help}", help=verb.help)]
    if verb.private:
        lines.append(msg("  Send it to the bot in a private chat."))
    if verb.query:
        lines.append(msg("  A look: it changes nothing."))
    return lines + [msg("  Example: `{example}`", example=Cmd(f"/{prefix} {example(game.id, verb)}"))]


def game_verb_help(game: Game, word: str) -> Reply:
    verb = game.verbs.get(word.lower())
    if verb is None:
        return Reply.refuse(msg("{title} has no command {shown}. Its commands: {verbs}.", title=game.title,
                                shown=Cmd(shown(word)), verbs=join(", ", map(Cmd, game.verbs))), "UNKNOWN")
    return Reply(public=verb_help(game, verb))
