"""The pure rules core: games, their action grammar and their dice.

Nothing in this package touches the network, the clock, Redis or a global random
generator. See core/game.py for the contract every game follows.
"""
from core.errors import ParseError, RulesError
from core.game import Event, Game, Prompt
from core.grammar import Action, Param, Verb
from core.registry import all_games, get_game

__all__ = [
    "Action", "Event", "Game", "Param", "ParseError", "Prompt", "RulesError",
    "Verb", "all_games", "get_game",
]
