"""Rosters (§2.2 silhouettes and bases, §2.3 the roster record, §2.4 skill codes, §3 entry).

A roster line reads ``<name>; wip=<n>; ph=<n>; s=<n>[; base=<mm>][; skills=<a,b>][; lt]``.
`roster` takes many such lines; chat adapters join the lines of a message with spaces,
so a new record also starts after any field value followed by a space (values never
contain spaces), after a newline or after ``|``.
"""
from __future__ import annotations

import re

from core.errors import RulesError
from core.message import msg

MAX_TROOPERS = 30                                  # §2.3
SKILL_CODES = ("fd1", "fd2", "inf", "ad", "hd")    # §2.4
BASE_BY_SILHOUETTE = {1: 25, 2: 25, 3: 40, 5: 40, 6: 40, 4: 55, 7: 55, 8: 70}   # §2.2
BASES = (25, 40, 55, 70)
NAME_RE = re.compile(r"^[^\W_](?:[^\W_]| |-){0,23}$")     # letters (any script), digits, space, hyphen
FIELDS = ("wip", "ph", "s", "base", "skills", "lt")
USAGE = "add <name>; wip=<n>; ph=<n>; s=<n>[; base=<mm>][; skills=<a,b>]"


def _bad(text: str, code: str = "BAD_ROSTER") -> RulesError:
    return RulesError(text, code=code)


def _int(key: str, raw: str, low: int, high: int, where: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise _bad(msg("{where}: {key} must be a whole number from {low} to {high}, not {raw}.", where=where, key=key, low=low, high=high, raw=repr(raw))) from None
    if not low <= value <= high:
        raise _bad(msg("{where}: {key} must be from {low} to {high}, not {value}.", where=where, key=key, low=low, high=high, value=value))
    return value


def parse_line(text: str, where: str = msg("Roster line")) -> dict:
    """One roster line → the fields of §2.3 (without id). Errors name the field."""
    parts = [p.strip() for p in text.split(";")]
    name = " ".join(parts[0].split())
    if not name:
        raise _bad(msg("{where}: the name is missing. Usage: {usage}", where=where, usage=USAGE))
    if not NAME_RE.match(name):
        raise _bad(msg("{where}: the name {name} must be 1–24 letters, digits, spaces or hyphens.", where=where, name=repr(name)))
    where = msg("{where} ({name})", where=where, name=name)
    got: dict[str, str] = {}
    for part in parts[1:]:
        if not part:
            continue
        key, eq, value = part.partition("=")
        key, value = key.strip().lower(), value.strip()
        if key not in FIELDS:
            raise _bad(msg("{where}: unknown field {key}; fields are wip, ph, s, base, skills (and lt by DM).", where=where, key=repr(key)))
        if key in got:
            raise _bad(msg("{where}: the field {key} is given twice.", where=where, key=repr(key)))
        if key != "lt" and not value:
            raise _bad(msg("{where}: the field {key} has no value.", where=where, key=repr(key)))
        got[key] = value if eq else "yes"
    for key in ("wip", "ph", "s"):
        if key not in got:
            raise _bad(msg("{where}: the field {key} is missing. Usage: {usage}", where=where, key=repr(key), usage=USAGE))
    s = _int("s", got["s"], 1, 8, where)
    base = BASE_BY_SILHOUETTE[s]
    if "base" in got:
        base = _int("base", got["base"], 1, 999, where)
        if base not in BASES:
            raise _bad(msg("{where}: base must be 25, 40, 55 or 70 (mm), not {base}.", where=where, base=base))
    skills: list[str] = []
    for raw in got.get("skills", "").split(","):
        raw = raw.strip()
        if not raw:
            continue
        code = raw.lower() if raw.lower() in SKILL_CODES else raw
        if code.lower() in (s_.lower() for s_ in skills):
            continue
        skills.append(code)
    lt = got.get("lt", "no").lower()
    if lt not in ("yes", "no", "true", "false", "1", "0"):
        raise _bad(msg("{where}: lt takes no value (or yes/no), not {lt}.", where=where, lt=repr(lt)))
    return {
        "name": name,
        "wip": _int("wip", got["wip"], 1, 20, where),
        "ph": _int("ph", got["ph"], 1, 20, where),
        "s": s,
        "base_mm": base,
        "skills": skills,
        "lt": lt in ("yes", "true", "1"),
    }


def split_lines(text: str) -> list[str]:
    """The records of a `roster` command (see the module docstring)."""
    records: list[str] = []
    for chunk in re.split(r"[\n|]", text):
        current: list[str] = []
        for part in chunk.split(";"):
            part = part.strip()
            if not current:
                current.append(part)
                continue
            key, eq, value = part.partition("=")
            value = value.strip()
            if eq and " " in value:
                first, rest = value.split(None, 1)
                current.append(f"{key.strip()}={first}")
                records.append("; ".join(current))
                current = [rest.strip()]
            elif not eq and " " in part and part.split(None, 1)[0].lower() == "lt":
                current.append("lt")
                records.append("; ".join(current))
                current = [part.split(None, 1)[1].strip()]
            else:
                current.append(part)
        if current and any(current):
            records.append("; ".join(p for p in current if p))
    return [r for r in records if r.strip()]


def parse_lines(text: str) -> list[dict]:
    lines = split_lines(text)
    if not lines:
        raise _bad(msg("`roster` needs at least one line: {removeprefix}", removeprefix=USAGE.removeprefix('add ')))
    return [parse_line(line, msg("Roster line {i}", i=i)) for i, line in enumerate(lines, 1)]


def new_trooper(tid: str, fields: dict, hidden: bool) -> dict:
    """§15 trooper record."""
    return {
        "id": tid, "name": fields["name"], "wip": fields["wip"], "ph": fields["ph"],
        "s": fields["s"], "base_mm": fields["base_mm"], "skills": list(fields["skills"]),
        "lt": False, "hidden": hidden, "placed": None, "airborne": False, "withdrawn": False,
        "revealed": False, "roll_used": False, "must_place_in_zone": False,
    }


def has(trooper: dict, code: str) -> bool:
    return code in trooper["skills"]


def is_hidden(trooper: dict) -> bool:
    """Hidden and not (yet) revealed: known to its owner only (§9.5, §11)."""
    return trooper["hidden"] and not trooper["revealed"]


def is_pending(trooper: dict) -> bool:
    """§7.1: neither placed, declared airborne nor withdrawn."""
    return trooper["placed"] is None and not trooper["airborne"] and not trooper["withdrawn"]


def hidden_id(tid: str) -> bool:
    """Ids of hidden troopers look like AH1 / BH2 (§2.3)."""
    return len(tid) > 2 and tid[1] == "H" and tid[2:].isdigit()


def find(state: dict, seat: str, tid: str) -> dict | None:
    """The trooper `tid` of `seat`'s roster, or None."""
    tid = tid.upper()
    return next((t for t in state["rosters"][seat] if t["id"] == tid), None)


def lieutenant(state: dict, seat: str) -> dict | None:
    return next((t for t in state["rosters"][seat] if t["lt"]), None)


def describe(t: dict) -> str:
    extra = f"; base={t['base_mm']}" if t["base_mm"] != BASE_BY_SILHOUETTE[t["s"]] else ""
    skills = f"; skills={','.join(t['skills'])}" if t["skills"] else ""
    return f"{t['id']} {t['name']}; wip={t['wip']}; ph={t['ph']}; s={t['s']}{extra}{skills}"
