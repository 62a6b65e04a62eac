"""The platform's commands as one table, in the manner of the games' state tables: each
command is one entry with its usage and help, where it may be used, whether it writes, and
its handler (a method of one of the service's topics).

The service dispatches through this table; /help, Discord's command tree and Telegram's
command menu are written from it. Adding a command adds an entry, not a branch.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable

from bot.service.accounts import Accounts
from bot.service.away import Away
from bot.service.between import Between
from bot.service.glossary import Glossary
from bot.service.help import Help
from bot.service.history import History
from bot.service.languages import Languages
from bot.service.lobby import Lobby
from bot.service.looks import Looks
from bot.service.pages import Pages
from bot.service.play import Play
from bot.service.records import Records
from bot.service.robots import Robots
from bot.service.seats import Seats
from bot.service.timers import Timers
from core.message import msg

# where a command may be used
CHANNEL = "channel"     # only inside the channel: it acts on the channel itself (never by private message)
GAME = "game"           # the channel's game: there, or by private message routed to the sender's game
ANYWHERE = "anywhere"   # the sender's own words (settings, accounts, help), wherever typed


@dataclass(frozen=True)
class PlatformCommand:
    """One platform command.

    `handler` is a topic's method: ``(topic, rest, cmd, channel, rec) → Reply | Write`` for a
    command on the channel's game, ``(topic, rest, cmd) → Reply`` for one used ANYWHERE. `own`
    is the same command with an argument when it then means the sender's own settings
    (`/remind off`), handled as ANYWHERE.
    """

    usage: str
    help: str
    handler: Callable
    where: str = GAME
    writes: bool = False      # it changes the stored game: one compare-and-set, counted once
    argument: bool = True     # False: it takes no argument, and one given is refused
    opens: bool = False       # it may run where no game is open yet (/new, /import)
    setup: bool = False       # it reads the game's setup record with the game (its seed, its players)
    own: Callable | None = None

    @property
    def topic(self) -> type:
        """The topic class whose method the handler is."""
        return topic_of(self.handler)


def topic_of(method: Callable) -> type:
    return getattr(sys.modules[method.__module__], method.__qualname__.split(".")[0])


COMMANDS: dict[str, PlatformCommand] = {
    "new": PlatformCommand("/new GAME [key=value ...] [thread]",
                           msg("open a lobby for a game in this channel (seed=N: console and tests "
                               "only)"),
                           Lobby.new, CHANNEL, writes=True, opens=True),
    "join": PlatformCommand("/join [CODE]", msg("take the next free seat"), Lobby.join, CHANNEL, writes=True),
    "leave": PlatformCommand("/leave", msg("give your seat back (lobby only)"), Lobby.leave, writes=True,
                             argument=False),
    "start": PlatformCommand("/start", msg("deal the game once enough players sit"), Lobby.start, writes=True,
                             argument=False),
    "abort": PlatformCommand("/abort", msg("end the game here (its creator or a channel admin)"), Lobby.abort, CHANNEL,
                             writes=True, argument=False),
    "status": PlatformCommand("/status", msg("whose decision is pending, and what they can do"), Looks.status,
                              argument=False),
    "map": PlatformCommand("/map [region]", msg("the current picture"), Looks.map),
    "me": PlatformCommand("/me [all]", msg("your private view and your choices as a menu (`all`: as "
                                           "text), sent privately"),
                          Looks.me),
    "log": PlatformCommand("/log [n]", msg("the last n actions, in words"), History.log, setup=True),
    "replay": PlatformCommand("/replay N", msg("the map as it stood after action N"), History.replay),
    "undo": PlatformCommand("/undo", msg("take back your own last action, if no die or secret came out "
                                         "since"),
                            Play.undo, writes=True, argument=False, setup=True),
    "export": PlatformCommand("/export",
                              msg("the game as JSON (the seed once it is over; privately, a file to "
                                  "move it)"),
                              Records.export_command, argument=False, setup=True),
    "import": PlatformCommand("/import JSON|file",
                              msg("load an exported game, or continue a moved one, in a channel "
                                  "without a game"),
                              Records.import_game, CHANNEL, writes=True, opens=True),
    "verify": PlatformCommand("/verify", msg("recompute every roll of a finished game from its "
                                             "revealed seed"),
                              Records.verify, argument=False, setup=True),
    "remind": PlatformCommand("/remind [on|off|tz ZONE|quiet 23-08]",
                              msg("ping the pending players; or your own reminder settings"),
                              Timers.remind, own=Timers.remind_settings),
    "help": PlatformCommand("/help [command|game [verb]]",
                            msg("this list, a command's usage, or a game verb's with an example"),
                            Help.command, ANYWHERE),
    "replace": PlatformCommand("/replace SEAT @user", msg("give an absent player's seat to someone "
                                                          "else (they /agree)"),
                               Seats.replace, writes=True),
    "handover": PlatformCommand("/handover @user|cancel", msg("hand your seat to another user (the "
                                                              "others and they /agree)"),
                                Seats.handover, writes=True),
    "agree": PlatformCommand("/agree", msg("agree to a /handover or /replace"), Seats.agree, writes=True,
                             argument=False),
    "games": PlatformCommand("/games", msg("the games you sit in, everywhere, and whose turn it is "
                                           "(sent privately)"),
                             Accounts.games, ANYWHERE),
    "link": PlatformCommand("/link [CODE]", msg("link your accounts on two platforms, for /games"), Accounts.link,
                            ANYWHERE),
    "spectate": PlatformCommand("/spectate [off]", msg("follow this game's public messages privately "
                                                       "(non-players)"),
                                Seats.spectate, writes=True),
    "robot": PlatformCommand("/robot add [N] [level=1-5] | remove", msg("seat computer players "
                                                                        "(robots) in the lobby"),
                             Robots.robot, writes=True),
    "hint": PlatformCommand("/hint", msg("your three best lines as the strongest robot sees them, with "
                                         "why (sent privately; off at a table opened with hints=off)"),
                            Robots.hint, writes=True,
                            argument=False),
    "back": PlatformCommand("/back", msg("end your absence in all your games, and take back any seat a "
                                         "robot plays for you"), Away.back, ANYWHERE),
    "away": PlatformCommand("/away 3d", msg("pause your deadlines and reminders in all your games "
                                            "(each game allows 7 days unless set otherwise: away=)"),
                            Away.away, ANYWHERE),
    "rematch": PlatformCommand("/rematch [no]", msg("the finished game again: the same seats and "
                                                    "options, a new seed, once every player agrees"),
                               Between.rematch, CHANNEL, writes=True),
    "stats": PlatformCommand("/stats [GAME]", msg("this server's results: games, wins by seat or "
                                                  "faction, ratings"),
                             Between.stats, ANYWHERE),
    "web": PlatformCommand("/web [me]", msg("the game's own page: live map, log and replay (me: your "
                                            "private page)"),
                           Pages.web),
    "rules": PlatformCommand("/rules [GAME] TERM", msg("a rule's few lines and its §, from the specs' "
                                                       "glossary"),
                             Glossary.rules, ANYWHERE),
    "lang": PlatformCommand("/lang en|es|ru", msg("the language of this channel, or of your private "
                                                  "messages"),
                            Languages.lang, ANYWHERE),
}
