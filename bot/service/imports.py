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

from core.message import Cmd, Msg, msg, plural
from core.names import NAME_MAX, is_display_name

SHAPE = msg("an object with game, players, seed and log, as /export writes it")


def _roll(roll: list) -> list:
    """[index, sides, value] or [index, sides, value, public]: the draws of core/rng.py."""
    if len(roll) not in (3, 4) or any(type(x) is not int for x in roll[:3]) or roll[0] < 0 or roll[1] < 1 \
            or len(roll) == 4 and type(roll[3]) is not bool:
        raise ValueError(msg("a roll must be [index, sides, value, public], not {roll}", roll=Cmd(str(roll)[:40])))
    return roll


def _name(name: str) -> str:
    if not is_display_name(name):
        raise ValueError(plural(("a player's name must be one line of at most {most} character with no control "
                                 "character, not {name}",
                                 "a player's name must be one line of at most {most} characters with no control "
                                 "character, not {name}"), NAME_MAX, most=NAME_MAX,
                                name=Cmd(repr(name[:20]) + ("…" if len(name) > 20 else ""))))
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
    "game": msg('a game id such as "successors"'), "players": msg("a list of names"),
    "options": msg("an object of key: value"), "seed": msg("text"), "seed_sha256": msg("text"),
    "setup_rolls": msg("a list of rolls"), "log": msg("a list of actions"),
    "summary": msg("an object (the game's summary)"), "seat": msg("text"), "line": msg("text"),
    "private": msg("true/false"), "rolls": msg("a list of rolls"), "format": msg("text"),
    "rules_version": msg("a whole number"),
}


def parse_export(data) -> Export:
    """`data` checked whole; ValueError with a sentence saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(msg("the file holds {kind}, not an export ({shape})", kind=_kind(data), shape=SHAPE))
    try:
        export = Export.model_validate(data)
    except ValidationError as exc:
        raise ValueError(_sentence(exc.errors()[0], data)) from None
    if not export.seed:
        raise ValueError(msg("it has no seed (only a finished game's export can be imported)"))
    return export


def _sentence(error: dict, data: dict) -> Msg:
    loc = list(error["loc"])
    field = Cmd(next((p for p in reversed(loc) if isinstance(p, str)), ""))
    where = None   # the export itself
    if loc[:1] == ["log"] and len(loc) >= 2 and isinstance(loc[1], int):
        where = msg("action {n} of its log", n=loc[1] + 1)
        if error["type"] == "model_type" or len(loc) == 2:
            return msg("{where} is {kind}, not an action (an object with seat, line, private and rolls)", where=where,
                       kind=_kind(_at(data, loc)))
    elif loc[:1] == ["setup_rolls"] and len(loc) >= 2:
        where = msg("roll {n} of its setup_rolls", n=loc[1] + 1)
    elif loc[:1] == ["players"] and len(loc) >= 2:
        where = msg("player {n}", n=loc[1] + 1)
    if error["type"] == "missing":
        if where is None:
            return msg("it has no {field} field, so it is not an export ({shape})", field=field, shape=SHAPE)
        return msg("{where} has no {field} field", where=where, field=field)
    if error["type"] == "value_error":
        cause = error.get("ctx", {}).get("error")
        said = cause.args[0] if cause is not None and cause.args and isinstance(cause.args[0], Msg) else \
            Cmd(str(cause if cause is not None else error["msg"]))
        return msg("{where}: {what}", where=where or msg("it"), what=said)
    if error["type"] == "too_short":
        return msg("its {field} list is empty", field=field)
    wanted, value = WANTED.get(str(field), msg("something else")), _kind(_at(data, loc))
    if where is None:
        return msg("its {field} must be {wanted}, not {kind}", field=field, wanted=wanted, kind=value)
    return msg("{where}: {field} must be {wanted}, not {kind}", where=where, field=field, wanted=wanted, kind=value)


def _at(data, loc):
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _kind(value) -> Msg:
    if isinstance(value, dict):
        return msg("an object")
    if isinstance(value, list):
        return msg("a list")
    if isinstance(value, bool):
        return msg("true/false")
    if isinstance(value, (int, float)):
        return msg("a number ({value})", value=value)
    if isinstance(value, str):
        return msg("the text {text}", text=Cmd(repr(value[:20]))) if value else msg("empty text")
    return msg("nothing (null)") if value is None else msg("something else")
