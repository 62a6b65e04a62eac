"""Missions and table setup (§2.5, §2.6): loading, validation, derived areas.

Built-in missions are the JSON files in ``missions/`` beside this module (§2.6);
a custom one arrives with ``mission load <json>`` (§2.6, last line) and goes through
the same validation (§2.5.2). Every refusal names the field that is wrong.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from core.errors import RulesError
from core.games.infinity.geometry import circle_inside_rect, radius, rect_inside, rects_overlap
from core.message import join, msg

HERE = Path(__file__).parent / "missions"
BUILTIN = ("frontline", "crossfire")     # §2.6, default first (§3.1)
FD_DEPTH = {"fd1": 4.0, "fd2": 8.0}      # §9.2


def _bad(text: str) -> RulesError:
    return RulesError(msg("Mission refused: {text}", text=text), code="BAD_MISSION")


@lru_cache(maxsize=None)
def _builtin_text(mission_id: str) -> str:
    return (HERE / f"{mission_id}.json").read_text()


def builtin(mission_id: str) -> dict:
    """A built-in mission of §2.6, validated, as a fresh dict."""
    if mission_id not in BUILTIN:
        raise _bad(msg("there is no built-in mission {mission_id}; built-in: {builtin}.", mission_id=repr(mission_id), builtin=join(', ', BUILTIN)))
    return validate(json.loads(_builtin_text(mission_id)))


def parse_mission(text: str) -> dict:
    """The JSON of `mission load`, as pasted (the grammar keeps it raw). Single quotes
    around it are dropped, and a relaxed form with bare words is accepted too:
    ``{id: x, table: {w: 48, h: 48}, ...}``."""
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] == "'":
        text = text[1:-1].strip()
    if not text:
        raise _bad(msg("send the mission as JSON after `mission load`."))
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = _Relaxed(text).document()
        except ValueError as exc:
            raise _bad(msg("this is not valid JSON ({exc}).", exc=exc)) from None
    return validate(data)


def _number(value, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _bad(msg("field {field} must be a number, not {value}.", field=repr(field), value=repr(value)))
    return float(value)


def _rect(value, field: str) -> list[float]:
    if not isinstance(value, list) or len(value) != 4:
        raise _bad(msg("field {field} must be a rectangle [x0, y0, x1, y1].", field=repr(field)))
    x0, y0, x1, y1 = (_number(v, field) for v in value)
    if not (x0 < x1 and y0 < y1):
        raise _bad(msg("field {field} must have x0 < x1 and y0 < y1, not {value}.", field=repr(field), value=value))
    return [x0, y0, x1, y1]


def _clean_num(v: float):
    return int(v) if float(v).is_integer() else v


def validate(data) -> dict:
    """§2.5.2: required fields, shapes inside the table, each zone inside its own half,
    zones apart, ids unique. Returns the mission in canonical form."""
    if not isinstance(data, dict):
        raise _bad("a mission is a JSON object {\"id\": …, \"table\": …, \"zones\": …}.")
    for key in ("id", "name", "table", "zones"):
        if key not in data:
            raise _bad(msg("the field {key} is missing (required: id, name, table, zones).", key=repr(key)))
    mid = data["id"]
    if not isinstance(mid, str) or not 1 <= len(mid) <= 24:
        raise _bad(msg("field 'id' must be a text of 1–24 characters."))
    name = data["name"]
    if not isinstance(name, str) or not 1 <= len(name) <= 40:
        raise _bad(msg("field 'name' must be a text of 1–40 characters."))
    table = data["table"]
    if not isinstance(table, dict) or "w" not in table or "h" not in table:
        raise _bad("field 'table' must be {\"w\": <inches>, \"h\": <inches>}.")
    w, h = _number(table["w"], "table.w"), _number(table["h"], "table.h")
    if not (12 <= w <= 120 and 12 <= h <= 120):
        raise _bad(msg("the table must be 12–120 inches on each side."))
    whole = [0.0, 0.0, w, h]
    zones = data["zones"]
    if not isinstance(zones, dict) or set(zones) != {"south", "north"}:
        raise _bad(msg("field 'zones' must have exactly the keys 'south' and 'north'."))
    south = _rect(zones["south"], "zones.south")
    north = _rect(zones["north"], "zones.north")
    if not rect_inside(south, [0, 0, w, h / 2]):
        raise _bad(msg("zones.south {south} must lie inside the south half (y ≤ {h}).", south=south, h=format(h / 2, "g")))
    if not rect_inside(north, [0, h / 2, w, h]):
        raise _bad(msg("zones.north {north} must lie inside the north half (y ≥ {h}).", north=north, h=format(h / 2, "g")))
    if rects_overlap(south, north):
        raise _bad(msg("the two zones overlap."))
    exclusion = []
    for i, rect in enumerate(_list(data, "exclusion")):
        rect = _rect(rect, f"exclusion[{i}]")
        if not rect_inside(rect, whole):
            raise _bad(msg("exclusion[{i}] {rect} is not inside the table.", i=i, rect=rect))
        exclusion.append(rect)
    seen: set[str] = set()
    circles = {}
    for key in ("objectives", "neutral"):
        out = []
        for i, item in enumerate(_list(data, key)):
            field = f"{key}[{i}]"
            if not isinstance(item, dict):
                raise _bad(msg("{field} must be an object {{\"id\", \"x\", \"y\", \"d_mm\"}}.", field=field))
            for sub in ("id", "x", "y", "d_mm"):
                if sub not in item:
                    raise _bad(msg("{field} is missing the field {sub}.", field=field, sub=repr(sub)))
            oid = _ident(item["id"], field, seen)
            x, y = _number(item["x"], f"{field}.x"), _number(item["y"], f"{field}.y")
            d = _number(item["d_mm"], f"{field}.d_mm")
            if not 5 <= d <= 200:
                raise _bad(msg("{field}.d_mm must be 5–200 mm.", field=field))
            if not circle_inside_rect(x, y, radius(d), whole):
                raise _bad(msg("{field} {oid} at ({x}, {y}) is not inside the table.", field=field, oid=oid, x=format(x, "g"), y=format(y, "g")))
            out.append({"id": oid, "x": _clean_num(x), "y": _clean_num(y), "d_mm": _clean_num(d)})
        circles[key] = out
    terrain = []
    for i, item in enumerate(_list(data, "terrain")):
        field = f"terrain[{i}]"
        if not isinstance(item, dict) or "id" not in item or "rect" not in item:
            raise _bad(msg("{field} must be an object with the fields 'id' and 'rect'.", field=field))
        tid = _ident(item["id"], field, seen)
        rect = _rect(item["rect"], f"{field}.rect")
        if not rect_inside(rect, whole):
            raise _bad(msg("{field} {tid} is not inside the table.", field=field, tid=tid))
        label = item.get("label", "")
        if not isinstance(label, str) or len(label) > 24:
            raise _bad(msg("{field}.label must be a text of at most 24 characters.", field=field))
        terrain.append({"id": tid, "rect": [_clean_num(v) for v in rect], "label": label})
    return {
        "id": mid, "name": name, "table": {"w": _clean_num(w), "h": _clean_num(h)},
        "zones": {"south": [_clean_num(v) for v in south], "north": [_clean_num(v) for v in north]},
        "exclusion": [[_clean_num(v) for v in r] for r in exclusion],
        "objectives": circles["objectives"], "neutral": circles["neutral"], "terrain": terrain,
    }


def _list(data: dict, key: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _bad(msg("field {key} must be a list.", key=repr(key)))
    return value


def _ident(value, field: str, seen: set) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 8:
        raise _bad(msg("{field}.id must be a short text (1–8 characters).", field=field))
    if value.upper() in seen:
        raise _bad(msg("the id {value} is used twice (ids must be unique).", value=repr(value)))
    seen.add(value.upper())
    return value


# derived areas --------------------------------------------------------------------

def half(mission: dict, side: str) -> list[float]:
    """§2.5.1: the south half is y ≤ h/2, the north half y ≥ h/2."""
    w, h = mission["table"]["w"], mission["table"]["h"]
    return [0, 0, w, h / 2] if side == "south" else [0, h / 2, w, h]


def other(side: str) -> str:
    return "north" if side == "south" else "south"


def fd_area(mission: dict, side: str, level: str) -> list[float]:
    """§9.2: the zone extended toward the centre line across the full width by 4" (fd1)
    or 8" (fd2), never beyond the centre line."""
    w, h = mission["table"]["w"], mission["table"]["h"]
    x0, y0, x1, y1 = mission["zones"][side]
    depth = FD_DEPTH[level]
    if side == "south":
        return [0, y0, w, min(y1 + depth, h / 2)]
    return [0, max(y0 - depth, h / 2), w, y1]


class _Relaxed:
    """A tolerant reader for JSON whose double quotes were eaten: bare words are strings
    or numbers; `{}`, `[]`, `:` and `,` keep their meaning."""

    DELIMS = "{}[]:,"

    def __init__(self, text: str):
        self.text = text
        self.i = 0

    def document(self):
        value = self.value()
        self.skip()
        if self.i != len(self.text):
            raise ValueError(msg("unexpected text at character {i}", i=self.i))
        return value

    def skip(self):
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def value(self):
        self.skip()
        if self.i >= len(self.text):
            raise ValueError(msg("unexpected end"))
        c = self.text[self.i]
        if c == "{":
            self.i += 1
            out = {}
            self.skip()
            if self.text[self.i:self.i + 1] == "}":
                self.i += 1
                return out
            while True:
                key = self.value()
                self.skip()
                if self.text[self.i:self.i + 1] != ":":
                    raise ValueError(msg("expected ':' at character {i}", i=self.i))
                self.i += 1
                out[str(key)] = self.value()
                self.skip()
                c = self.text[self.i:self.i + 1]
                self.i += 1
                if c == "}":
                    return out
                if c != ",":
                    raise ValueError(msg("expected ',' or '}}' at character {i}", i=self.i - 1))
        if c == "[":
            self.i += 1
            out = []
            self.skip()
            if self.text[self.i:self.i + 1] == "]":
                self.i += 1
                return out
            while True:
                out.append(self.value())
                self.skip()
                c = self.text[self.i:self.i + 1]
                self.i += 1
                if c == "]":
                    return out
                if c != ",":
                    raise ValueError(msg("expected ',' or ']' at character {i}", i=self.i - 1))
        if c == '"':
            end = self.text.index('"', self.i + 1)
            word = self.text[self.i + 1:end]
            self.i = end + 1
            return word
        start = self.i
        while self.i < len(self.text) and self.text[self.i] not in self.DELIMS:
            self.i += 1
        word = self.text[start:self.i].strip()
        if not word:
            raise ValueError(msg("a value is missing at character {start}", start=start))
        try:
            return int(word)
        except ValueError:
            pass
        try:
            return float(word)
        except ValueError:
            pass
        return {"true": True, "false": False, "null": None}.get(word, word)
