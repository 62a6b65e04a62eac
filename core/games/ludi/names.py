"""§12 name matching: ignoring case and accents, exactly or by a unique prefix of 3+ letters."""
from __future__ import annotations

from core.errors import RulesError
from core.message import join, msg

from .data import fold

MIN_PREFIX = 3


def match(text: str, candidates: dict[str, str], what: str, code: str = "UNKNOWN_NAME") -> str:
    """The key of `candidates` ({key: display name}) that `text` names, else a RulesError."""
    key = fold(text.strip())
    for exact in ([k for k in candidates if fold(k) == key],                  # an id or seat first
                  [k for k, name in candidates.items() if fold(name) == key]):
        if len(exact) == 1:
            return exact[0]
    if len(key) >= MIN_PREFIX:
        pre = sorted({k for k, name in candidates.items() if fold(name).startswith(key)})
        if len(pre) == 1:
            return pre[0]
        if len(pre) > 1:
            names = join(", ", sorted(candidates[k] for k in pre))
            raise RulesError(msg("{text} could be {names}: type more letters.", text=repr(text), names=names), code="AMBIGUOUS")
    known = join(", ", sorted(set(candidates.values()))) or "none"
    short = (msg(" (a prefix needs at least 3 letters)") if 0 < len(key) < MIN_PREFIX else msg(""))
    raise RulesError(msg("There is no {what} {text}{short}. Possible: {known}.", what=what, text=repr(text), short=short, known=known), code=code)


def try_match(text: str, candidates: dict[str, str]) -> str | None:
    try:
        return match(text, candidates, "")
    except RulesError:
        return None
