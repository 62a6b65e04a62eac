"""/rules [GAME] TERM: a rule's few lines and its §, from the glossary written from the specs
(bot/words/glossary.py), in the reader's language."""
from __future__ import annotations

from bot.service.common import Topic, game_or_none, shown
from bot.service.types import Command, Reply
from bot.store import StoreError
from bot.words.glossary import closest, glossaries, look_up
from bot.words.i18n import Said, language_of, name
from core.message import Cmd, join, msg
from core.registry import get_game


class Glossary(Topic):
    """/rules, about the channel's game unless a game is named."""

    def rules(self, rest: str, cmd: Command) -> Reply:
        first, _, after = rest.strip().partition(" ")
        named = game_or_none(first) if first else None
        word = after.strip() if named is not None else rest.strip()
        games = [named.id] if named is not None else self._games_here(cmd)
        lang = self._language(cmd)
        if not word:
            if named is None:
                return Reply.refuse(msg("Usage: /rules [GAME] TERM, e.g. /rules succ interception; "
                                        "/rules GAME lists its terms (games: {list}).",
                                        list=join(", ", map(Cmd, sorted(glossaries())))), "MALFORMED")
            names = Said(", ".join(term.name(lang) for term in glossaries().get(named.id, ())))
            return Reply(public=[msg("Terms of /rules {game}: {names}.", game=Cmd(named.id), names=names)])
        found = look_up(word, games)
        if not found:
            near = closest(word, games, lang)
            titles = ", ".join(get_game(game).title for game in games)
            if near:
                return Reply.refuse(msg("No rule called {shown} in {titles}. Closest: {names}.",
                                        shown=Cmd(shown(word)), titles=titles, names=join(", ", near)),
                                    "UNKNOWN")
            return Reply.refuse(msg("No rule called {shown} in {titles}; /rules GAME lists its terms.",
                                    shown=Cmd(shown(word)), titles=titles), "UNKNOWN")
        # already in the reader's language (the glossary is written in each): the edge leaves it be
        return Reply(public=[Said(f"{name(get_game(t.game).title, lang)} §{t.section} — {t.name(lang)}: "
                                  f"{t.text(lang)}") for t in found[:3]])

    def _games_here(self, cmd: Command) -> list[str]:
        """The channel's game, or every game with a glossary (a private chat, an empty channel)."""
        if cmd.channel:
            try:
                rec = self.store.load(cmd.platform, cmd.channel)
            except StoreError:
                rec = None
            if rec is not None and rec.meta and rec.meta.get("game") in glossaries():
                return [rec.meta["game"]]
        return sorted(glossaries())

    def _language(self, cmd: Command) -> str:
        """The language the edge will answer in: the sender's own in a private chat, else the channel's."""
        channel = None if cmd.private else cmd.channel
        channel_lang, users = self.store.languages(cmd.platform, channel, [cmd.user] if channel is None else [])
        if channel is None:
            return language_of(users.get(cmd.user)) or "en"
        return language_of(channel_lang) or "en"
