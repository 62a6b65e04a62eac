"""A sentence as data: the message id the rules name and the typed fields they pass (gettext's
and Fluent's way). The language is chosen at the edge (bot/words/i18n.render), never here.

    ctx.say(msg("{seat} collects {what}.", seat=seat_ref(s), what=card_name))
    ctx.say(plural(("{n} CU is lost.", "{n} CUs are lost."), n, n=n))

A `Msg` is also the English sentence it renders to (a `str`), so everything that reads a rule's
words as text (tests, logs, the fingerprint, a state key holding a sentence) reads what it always
read. Its fields are typed by their values:

- a `Msg` (a nested message, or an `Items` list of them): rendered in the reader's language;
- a `Cmd`: what a player types, never translated;
- an `int` or a `float`: a number (a plural message's count picks the language's plural form);
- a `str`: a name of the games' data (a space, a planet, a unit, a card, a word like "north"),
  looked up whole in the language's catalogue, else shown as it is (a seat marker `⟨A⟩`, a code).

Nothing here knows a language: the English forms are the message ids themselves.
"""
from __future__ import annotations

from typing import Iterable


class Msg(str):
    """A message: `id` (a template, or a plural's (singular, plural)), its fields, and for a
    plural its count; its value as a str is the English sentence."""

    id: str | tuple[str, str]
    args: dict
    n: int | None = None      # a class default: only a plural message stores its own

    def __new__(cls, id: str | tuple[str, str], args: dict, n: int | None = None) -> "Msg":
        template = id if isinstance(id, str) else (id[0] if n == 1 else id[1])
        self = super().__new__(cls, template.format_map(args) if args else template)
        self.id, self.args = id, args
        if n is not None:
            self.n = n
        return self

    def __reduce__(self):
        return Msg, (self.id, self.args, self.n)

    # `text + " " + said`: a sentence put after another keeps both messages (a str subclass's
    # reflected `+` is asked before str's own, so `"…" + said` comes here too)
    def __add__(self, other):
        return Items("", (self, other)) if isinstance(other, str) else NotImplemented

    def __radd__(self, other):
        return Items("", (other, self)) if isinstance(other, str) else NotImplemented

    def __repr__(self) -> str:
        return f"Msg({self.id!r}, {self.args!r})"


class Items(Msg):
    """A list of messages or names said one after another (`", ".join(...)` as data)."""

    def __new__(cls, sep: str, items: Iterable) -> "Items":
        items = tuple(items)
        self = str.__new__(cls, sep.join(items))
        self.id, self.args = None, {"sep": sep, "items": items}
        return self

    def __reduce__(self):
        return Items, (self.args["sep"], self.args["items"])

    def __repr__(self) -> str:
        return f"Items({self.args['sep']!r}, {self.args['items']!r})"


class Cmd(str):
    """What a player types (`move pella`, a verb, a card's code): the same in every language."""

    def __reduce__(self):
        return Cmd, (str(self),)


def msg(id: str, /, **args) -> Msg:
    """A sentence with named fields (`{seat} moves to {space}.`)."""
    # `Msg(id, args)` without its plural's branch: the rules build thousands of messages an action
    self = str.__new__(Msg, id.format_map(args) if args else id)
    self.id, self.args = id, args
    return self


def plural(id: tuple[str, str], count, /, **args) -> Msg:
    """A sentence whose noun follows a count: English picks the singular for 1, another language
    its own plural form for `count` (gettext's ngettext)."""
    try:
        n = int(str(count).replace(",", ""))
    except ValueError:
        n = 2
    return Msg(id, args, n)


def join(sep: str, items: Iterable) -> Items:
    """`sep.join(items)` keeping each item's message: the list is rendered item by item."""
    return Items(sep, items)


# words a state keeps (`result.reason`, `placing.why`, a pending loss's `why`). A game set up since
# issue 36 keeps them as messages, as JSON a snapshot holds (`stored`), and marks its state so
# (`WORDS`); a game set up before keeps their English sentences, since its saved snapshots hold them
# and its log must replay to the same bytes (core/replay.py: its rules version keeps that way) --------
WORDS = "words"   # a state key: present where the state keeps its words as messages


class Kept(str):
    """A sentence a stored state kept as English: the words layer reads it back by the templates
    it fits (bot/words/i18n's matcher, kept for such lines alone)."""

    def __reduce__(self):
        return Kept, (str(self),)


def stored(value):
    """A message as a state keeps it: JSON (its id, its fields each kept by its type), read back
    whole by `kept`, never parsed. A name (a plain str) is marked as one."""
    if isinstance(value, Items):
        return {"items": [stored(item) for item in value.args["items"]], "sep": value.args["sep"]}
    if isinstance(value, Msg):
        out = {"msg": list(value.id) if isinstance(value.id, tuple) else value.id,
               "args": {key: stored(arg) for key, arg in value.args.items()}}
        if value.n is not None:
            out["n"] = value.n
        return out
    if isinstance(value, Cmd):
        return {"cmd": str(value)}
    if isinstance(value, str):
        return {"name": str(value)}
    if isinstance(value, (list, tuple)):
        return [stored(item) for item in value]
    return value


def keep(state: dict, value, english=None):
    """What `state` keeps of a message: the message as data where the game keeps its words so
    (`WORDS`), else the message itself, stored as its English sentence — or as `english(value)`
    where a game set up before kept a sentence of its own making (a battle's line with bare seats)."""
    if state.get(WORDS):
        return stored(value)
    return value if english is None else english(value)


def _unstored(value):
    if isinstance(value, list):
        return [_unstored(item) for item in value]
    if not isinstance(value, dict):
        return value
    if "items" in value:
        return Items(value["sep"], (_unstored(item) for item in value["items"]))
    if "msg" in value:
        id = value["msg"]
        return Msg(tuple(id) if isinstance(id, list) else id,
                   {key: _unstored(arg) for key, arg in value["args"].items()}, value.get("n"))
    if "cmd" in value:
        return Cmd(value["cmd"])
    return value.get("name", value)


def kept(value):
    """A state's words as their reader gets them: the message itself while it is one or was kept as
    one (`stored`), else `Kept` (an English sentence a game set up before issue 36 stored)."""
    if isinstance(value, dict):
        return _unstored(value)
    return value if isinstance(value, (Msg, Cmd)) or not isinstance(value, str) else Kept(value)
