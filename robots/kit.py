"""Finding a game's kit (`core/games/<game>/robot.py`, the contract in core/kit.py) for the
search: imported on first use, so one game's broken kit never hides the others."""
from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from core.errors import RulesError
from core.kit import Kit
from core.message import Cmd, msg


def kit_for(game_id: str) -> Kit:
    """The kit of a game by id (`core.games.<game_id>.robot.KIT`), imported on first use."""
    try:
        module = importlib.import_module(f"core.games.{game_id}.robot")
    except ModuleNotFoundError as missing:
        if missing.name not in (f"core.games.{game_id}.robot", f"core.games.{game_id}"):   # a test's own game
            raise
        raise RulesError(msg("No robot plays {game} yet.", game=Cmd(game_id)), code="NO_ROBOT") from None
    return module.KIT


@cache   # a module's file is found on disk (stat calls), each private menu asks: the files stay for the process
def has_robot(game_id: str) -> bool:
    """Whether a game has a kit, without importing it (a menu offers /hint only where a robot can think)."""
    try:
        return importlib.util.find_spec(f"core.games.{game_id}.robot") is not None
    except ModuleNotFoundError:      # not a game of core.games (a test's own game)
        return False
