"""A private view in words for a game that offers no `describe(view)` of its own.

Never raw JSON: each key becomes a ``key: value`` line, lists and maps are summarised, and
what only this player sees (where the private view differs from the public one: a hand,
a hidden unit, a private roll) comes first, so it is never the part cut off. The text stays
under a limit by dropping whole lines, never by cutting a field in half.
"""
from __future__ import annotations

LIMIT = 3500          # characters of the whole text (a Telegram message holds 4,096)
LINE = 300            # characters of one line
ITEMS = 20            # items of a list shown before "and N more"
DEPTH = 3             # nesting shown as indented lines; deeper maps are summarised

_MISSING = object()


def describe(view: dict, public: dict | None = None, limit: int = LIMIT) -> str:
    """The view as readable lines; `public` (the public view) puts what differs first."""
    mine = _only_mine(view, public) if public is not None else {}
    lines: list[str] = []
    if mine:
        lines.append("Only you see:")
        lines += _lines(mine, 1, ())
        lines.append("Everything you see:")
    lines += _lines(view, 1 if mine else 0, ())
    return _fit(lines, limit)


def _only_mine(view, public):
    """The parts of `view` that differ from `public`, keeping their nesting."""
    if isinstance(view, dict) and isinstance(public, dict):
        out = {}
        for key, value in view.items():
            other = public.get(key, _MISSING)
            if other is _MISSING:
                out[key] = value
            elif value != other:
                out[key] = _only_mine(value, other)
        return out
    return view


def _lines(value: dict, depth: int, path: tuple) -> list[str]:
    pad = "  " * depth
    out = []
    for key, item in value.items():
        if isinstance(item, dict) and item and depth < DEPTH and not _flat(item):
            out.append(f"{pad}{_key(key)}:")
            out += _lines(item, depth + 1, (*path, key))
        elif isinstance(item, list) and any(isinstance(x, (dict, list)) for x in item):
            out.append(f"{pad}{_key(key)}: {len(item)} items")   # a hand of cards: one line each
            out += [_clip(f"{pad}  - {_short(x)}") for x in item[:ITEMS]]
            if len(item) > ITEMS:
                out.append(f"{pad}  and {len(item) - ITEMS} more")
        else:
            out.append(_clip(f"{pad}{_key(key)}: {_value(item)}"))
    return out


def _flat(item: dict) -> bool:
    return all(not isinstance(v, (dict, list)) for v in item.values())


def _key(key) -> str:
    return str(key).replace("_", " ")


def _value(item) -> str:
    if item is None:
        return "none"
    if isinstance(item, bool):
        return "yes" if item else "no"
    if isinstance(item, (int, float, str)):
        return str(item) if item != "" else "(empty)"
    if isinstance(item, list):
        if not item:
            return "none"
        shown = [_short(x) for x in item[:ITEMS]]
        more = f" and {len(item) - ITEMS} more" if len(item) > ITEMS else ""
        return "; ".join(shown) + more if any(isinstance(x, (dict, list)) for x in item) else \
            ", ".join(shown) + more
    if isinstance(item, dict):
        if not item:
            return "none"
        parts = [f"{_key(k)} {_short(v)}" for k, v in list(item.items())[:ITEMS]]
        more = f" and {len(item) - ITEMS} more" if len(item) > ITEMS else ""
        return ", ".join(parts) + more
    return str(item)


def _short(item) -> str:
    """An item inside a list or a map: one level shown, deeper ones counted."""
    if isinstance(item, dict):
        return "(" + ", ".join(f"{_key(k)} {_count(v)}" for k, v in item.items()) + ")" if item else "none"
    if isinstance(item, list):
        return "[" + ", ".join(_count(v) for v in item) + "]" if item else "none"
    return _value(item)


def _count(item) -> str:
    if isinstance(item, dict):
        return f"({len(item)} entries)"
    if isinstance(item, list):
        return f"[{len(item)} items]"
    return _value(item)


def _clip(line: str) -> str:
    if len(line) <= LINE:
        return line
    cut = line.rfind(", ", 0, LINE - 20)
    return line[:cut if cut > 0 else LINE - 20] + " …"


def _fit(lines: list[str], limit: int) -> str:
    out, size = [], 0
    for i, line in enumerate(lines):
        if size + len(line) + 1 > limit - 80:
            out.append(f"… and {len(lines) - i} more lines (/status and /map show the position).")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)
