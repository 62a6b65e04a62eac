"""What /import accepts: an export of a finished game, as /export writes it (core/replay.py),
checked whole against the schema below before anything else reads it. What is wrong with a
file is said as a sentence a player can act on, naming the field and the action ("action 3 of
its log has no private field"), never a Python message.

The log is then replayed (bot/service/records.py): to the end of the game, and to the summary
the export claims.
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from core.names import NAME_MAX, is_display_name

SHAPE = "an object with game, players, seed and log, as /export writes it"


def _roll(roll: list) -> list:
    """[index, sides, value] or [index, sides, value, public]: the draws of core/rng.py."""
    if len(roll) not in (3, 4) or any(type(x) is not int for x in roll[:3]) or roll[0] < 0 or roll[1] < 1 \
            or len(roll) == 4 and type(roll[3]) is not bool:
        raise ValueError(f"a roll must be [index, sides, value, public], not {str(roll)[:40]}")
    return roll


def _name(name: str) -> str:
    if not is_display_name(name):
        raise ValueError(f"a player's name must be one line of at most {NAME_MAX} characters with no "
                         f"control character, not {name[:20]!r}{'…' if len(name) > 20 else ''}")
    return name


Roll = Annotated[list[Any], AfterValidator(_roll)]
PlayerName = Annotated[StrictStr, AfterValidator(_name)]


class Entry(BaseModel):
    """One action of the log (core/replay.entry_for, as exported)."""
    model_config = ConfigDict(extra="ignore")

    seat: StrictStr
    line: StrictStr
    private: StrictBool
    rolls: list[Roll]


class Export(BaseModel):
    """A finished game's export. `format` and `rules_version` came later (absent: strategos/1,
    rules 1, core/replay.upgrade); every other field every /export has written."""
    model_config = ConfigDict(extra="ignore")

    format: StrictStr | None = None
    rules_version: StrictInt | None = None
    game: StrictStr
    players: list[PlayerName] = Field(min_length=1)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: StrictStr | None
    seed_sha256: StrictStr
    setup_rolls: list[Roll] = Field(default_factory=list)
    log: list[Entry]
    summary: dict[str, Any]


WANTED = {   # what a field must hold, in words, for the refusals
    "game": 'a game id such as "successors"', "players": "a list of names", "options": "an object of key: value",
    "seed": "text", "seed_sha256": "text", "setup_rolls": "a list of rolls", "log": "a list of actions",
    "summary": "an object (the game's summary)", "seat": "text", "line": "text", "private": "true/false",
    "rolls": "a list of rolls", "format": "text", "rules_version": "a whole number",
}


def parse_export(data) -> Export:
    """`data` checked whole; ValueError with a sentence saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"the file holds {_kind(data)}, not an export ({SHAPE})")
    try:
        export = Export.model_validate(data)
    except ValidationError as exc:
        raise ValueError(_sentence(exc.errors()[0], data)) from None
    if not export.seed:
        raise ValueError("it has no seed (only a finished game's export can be imported)")
    return export


def _sentence(error: dict, data: dict) -> str:
    loc = list(error["loc"])
    field = next((p for p in reversed(loc) if isinstance(p, str)), "")
    if loc[:1] == ["log"] and len(loc) >= 2 and isinstance(loc[1], int):
        where = f"action {loc[1] + 1} of its log"
        if error["type"] == "model_type" or len(loc) == 2:
            return f"{where} is {_kind(_at(data, loc))}, not an action (an object with seat, line, private and rolls)"
    elif loc[:1] == ["setup_rolls"] and len(loc) >= 2:
        where = f"roll {loc[1] + 1} of its setup_rolls"
    elif loc[:1] == ["players"] and len(loc) >= 2:
        where = f"player {loc[1] + 1}"
    else:
        where = "it"
    if error["type"] == "missing":
        if where == "it":
            return f"it has no {field} field, so it is not an export ({SHAPE})"
        return f"{where} has no {field} field"
    if error["type"] == "value_error":
        return f"{where}: {str(error.get('ctx', {}).get('error', error['msg']))}"
    if error["type"] == "too_short":
        return f"its {field} list is empty"
    value = _at(data, loc)
    if where == "it":
        return f"its {field} must be {WANTED.get(field, 'something else')}, not {_kind(value)}"
    return f"{where}: {field} must be {WANTED.get(field, 'something else')}, not {_kind(value)}"


def _at(data, loc):
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _kind(value) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"the text {value[:20]!r}" if value else "empty text"
    return "nothing (null)" if value is None else "something else"
