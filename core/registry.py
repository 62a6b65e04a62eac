"""Games by id. Each entry names the module that defines `GAME`, imported on first use
so that one game's import error never hides the others."""
from __future__ import annotations

import importlib
import importlib.util
import logging

from core.errors import RulesError

log = logging.getLogger("strategos.registry")

MODULES = {
    "infinity": "core.games.infinity",
    "successors": "core.games.successors",
    "ludi": "core.games.ludi",
    "starcraft": "core.games.starcraft",
}
_loaded: dict = {}
_broken: set = set()


def register(game) -> None:
    """Add a game object (used by tests for their small contract-test game)."""
    _loaded[game.id] = game


def available() -> list[str]:
    """Ids of the games whose module exists in this installation."""
    out = list(_loaded)
    for gid, module in MODULES.items():
        if gid not in out and gid not in _broken and importlib.util.find_spec(module) is not None:
            out.append(gid)
    return out


def get_game(name: str):
    key = name.lower()
    for game in list(_loaded.values()):
        if key == game.id or key in game.aliases:
            return game
    for gid in available():
        if gid in _loaded or gid in _broken:
            continue
        try:
            game = importlib.import_module(MODULES[gid]).GAME
        except Exception:  # one broken game must not take the others down
            log.exception("game %s cannot be loaded", gid)
            _broken.add(gid)
            continue
        _loaded[gid] = game
        if key == game.id or key in game.aliases:
            return game
    raise RulesError(f"There is no game {name!r}. Games: {', '.join(sorted(available()))}.", code="NO_GAME")


def all_games() -> list:
    games = []
    for gid in available():
        try:
            games.append(get_game(gid))
        except RulesError:   # its module failed to load (logged); the others still play
            pass
    return games
