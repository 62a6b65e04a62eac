"""What is wrong with a file given to /import, as a sentence a player can act on (never a
Python message such as "list indices must be integers or slices, not str")."""
from __future__ import annotations

SHAPE = "an object with game, players, seed and log, as /export writes it"


def export_problem(data) -> str | None:
    """Why `data` is not a finished game's export of this bot, or None when its shape is right."""
    if not isinstance(data, dict):
        return f"the file holds {_kind(data)}, not an export ({SHAPE})"
    for key, kind, what in (("game", str, 'a game id such as "successors"'), ("players", list, "a list of names"),
                            ("log", list, "a list of actions")):
        if key not in data:
            return f"it has no {key} field, so it is not an export ({SHAPE})"
        if not isinstance(data[key], kind):
            return f"its {key} must be {what}, not {_kind(data[key])}"
    if not data.get("seed"):
        return "it has no seed (only a finished game's export can be imported)"
    if not isinstance(data["seed"], str):
        return f"its seed must be text, not {_kind(data['seed'])}"
    if not all(isinstance(name, str) and name for name in data["players"]):
        return "its players must be names (text)"
    if not isinstance(data.get("options", {}), dict):
        return f"its options must be an object of key: value, not {_kind(data['options'])}"
    problem = _rolls("its setup_rolls", data.get("setup_rolls", []))
    if problem:
        return problem
    for i, entry in enumerate(data["log"], 1):
        if not isinstance(entry, dict):
            return f"action {i} of its log is {_kind(entry)}, not an action (an object with seat, line and rolls)"
        for key in ("seat", "line"):
            if not isinstance(entry.get(key), str):
                return f"action {i} of its log has no {key} (text)"
        problem = _rolls(f"action {i} of its log", entry.get("rolls", []))
        if problem:
            return problem
    return None


def _rolls(where: str, rolls) -> str | None:
    if not isinstance(rolls, list):
        return f"{where}: rolls must be a list, not {_kind(rolls)}"
    for roll in rolls:
        if not (isinstance(roll, list) and len(roll) >= 3 and all(type(x) is int for x in roll[:3])
                and roll[0] >= 0 and roll[1] >= 1):
            return f"{where}: a roll must be [index, sides, value, public], not {str(roll)[:40]}"
    return None


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
        return "text"
    return "nothing (null)" if value is None else "something else"
