"""One text grammar for actions, shared by every adapter.

A command line is ``verb arg arg flag key=value``; tokens are split with ``shlex`` so a
name with spaces can be quoted. A verb whose last parameter is ``text`` takes the rest
of the line raw (newlines and quotes kept: roster blocks, pasted JSON). Each game declares
its verbs with typed parameters; `Verb.parse` turns tokens into an `Action` and `Action.line` formats it back into the
canonical line, so ``parse(a.line) == a`` for every action.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from core.errors import ParseError
from core.message import Cmd, join, msg

KINDS = ("word", "int", "float", "choice", "text")
WORD_LIMIT = 100   # a word parameter names a thing (a unit, a space, a card): never an essay


@dataclass(frozen=True)
class Param:
    name: str
    kind: str = "word"           # word | int | float | choice | text (rest of the line)
    choices: tuple[str, ...] = ()
    optional: bool = False
    low: float | None = None
    high: float | None = None

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(msg("unknown parameter kind {kind}", kind=repr(self.kind)))

    @property
    def usage(self) -> str:
        shown = "|".join(self.choices) if self.kind == "choice" else self.name
        return f"[{shown}]" if self.optional else f"<{shown}>"

    @property
    def sample(self) -> str:
        """A value this parameter accepts, for a generated example: the first choice, the low
        bound of a number, else the parameter's name in capitals (a word to replace)."""
        if self.kind == "choice":
            return self.choices[0]
        if self.kind in ("int", "float"):
            low = self.low if self.low is not None else 1
            return _num(float(low)) if self.kind == "float" else str(int(low))
        return self.name.upper()

    def convert(self, verb: str, raw: str, what: str = ""):
        def about():   # the refused value's name, worded only for a refusal: most values are accepted
            return what or msg("`{verb}` {name}", verb=verb, name=self.name)
        if self.kind == "int":
            try:
                value = int(raw)
            except ValueError:
                raise ParseError(msg("{what} must be a whole number, not {echo}.", what=about(), echo=_echo(raw))) from None
        elif self.kind == "float":
            try:
                value = float(raw)
            except ValueError:
                raise ParseError(msg("{what} must be a number such as 12.5, not {echo}.", what=about(), echo=_echo(raw))) from None
            if value != value or value in (float("inf"), float("-inf")):
                raise ParseError(msg("{what} must be a finite number, not {echo}.", what=about(), echo=_echo(raw)))
            value = round(value, 2)
        elif self.kind == "choice":
            value = raw.lower()
            if value not in self.choices:
                raise ParseError(msg("{what} must be one of {choices}, not {echo}.", what=about(), choices=join(', ', self.choices), echo=_echo(raw)))
        else:
            value = raw
            if self.kind == "word" and len(raw) > WORD_LIMIT:
                raise ParseError(msg("{what} is {n_raw} characters long; a name is at most {word_limit}.", what=about(), n_raw=len(raw), word_limit=WORD_LIMIT))
        if self.low is not None and value < self.low or self.high is not None and value > self.high:
            raise ParseError(msg("{what} must be between {num} and {num2}, not {echo}.", what=about(), num=_num(self.low), num2=_num(self.high), echo=_echo(raw)))
        return value


@dataclass(frozen=True)
class Verb:
    """A verb of a game's grammar: positional params, bare flags and key=value options."""

    name: str
    params: tuple[Param, ...] = ()
    flags: tuple[str, ...] = ()
    options: tuple[Param, ...] = ()
    help: str = ""
    query: bool = False          # reads the state, changes nothing, never logged
    private: bool = False        # only accepted in a private chat (direct message)
    example: str = ""            # a complete line for /help; default: built from the params

    @property
    def sample(self) -> str:
        """An example line for /help: `example`, else the verb with a sample of each
        required parameter (a line that `parse` accepts)."""
        if self.example:
            return self.example
        return " ".join([self.name] + [p.sample for p in self.params if not p.optional])

    @property
    def usage(self) -> str:
        parts = [self.name] + [p.usage for p in self.params]
        parts += [f"[{f}]" for f in self.flags]
        parts += [f"[{o.name}=<{o.name}>]" for o in self.options]
        return " ".join(parts)

    def parse(self, tokens: list[str], private: bool = False) -> Action:
        args: list = []
        flags: set[str] = set()
        opts: dict = {}
        by_option = {o.name: o for o in self.options}
        positional: list[str] = []
        for i, token in enumerate(tokens):
            if self.params and self.params[-1].kind == "text" and len(positional) == len(self.params) - 1:
                positional.append(" ".join(tokens[i:]))
                break
            key, eq, value = token.partition("=")
            if eq and key.lower() in by_option:
                opts[key.lower()] = by_option[key.lower()].convert(self.name, value)
            elif token.lower() in self.flags:
                flags.add(token.lower())
            else:
                positional.append(token)
        if len(positional) > len(self.params):
            extra = " ".join(positional[len(self.params):])
            raise ParseError(msg("`{name}` got more than it takes ({echo}). Usage: {usage}.", name=self.name, echo=_echo(extra), usage=self.usage))
        for i, param in enumerate(self.params):
            if i < len(positional):
                args.append(param.convert(self.name, positional[i]))
            elif not param.optional:
                raise ParseError(msg("`{name}` is missing {name2}. Usage: {usage}.", name=self.name, name2=param.name, usage=self.usage))
        raw_tail = bool(self.takes_text and len(args) == len(self.params))
        return Action(self.name, tuple(args), tuple(sorted(flags)), tuple(sorted(opts.items())), private, raw_tail)

    @property
    def takes_text(self) -> bool:
        return bool(self.params) and self.params[-1].kind == "text"


@dataclass(frozen=True)
class Action:
    verb: str
    args: tuple = ()
    flags: tuple[str, ...] = ()
    opts: tuple[tuple[str, object], ...] = ()
    private: bool = field(default=False, compare=False)
    raw_tail: bool = field(default=False, compare=False)   # the last arg is raw text

    @property
    def line(self) -> str:
        if self.raw_tail:
            return " ".join([self.verb] + [_quote(a) for a in self.args[:-1]] + [self.args[-1]])
        parts = [self.verb] + [_quote(a) for a in self.args] + list(self.flags)
        parts += [f"{k}={_quote(v)}" for k, v in self.opts]
        return " ".join(parts)

    def opt(self, name: str, default=None):
        return dict(self.opts).get(name, default)

    def __str__(self) -> str:
        return self.line


# what makes shlex's split differ from str.split: a quote, a backslash, or a whitespace other than
# shlex's four (str.split also splits at \f, \v, \x1c-\x1f and Unicode spaces)
_NEEDS_SHLEX = re.compile(r"['\"\\]|[^\S \t\r\n]")


def tokenize(line: str) -> list[str]:
    if _NEEDS_SHLEX.search(line) is None:   # nearly every line sent: split as shlex would, 10× faster
        return line.split()
    try:
        return shlex.split(line)
    except ValueError as exc:  # an unclosed quote
        raise ParseError(msg("Could not read that line ({exc}); close your quotes.", exc=exc)) from None


def parse(line: str, verbs: dict[str, Verb], private: bool = False) -> Action:
    line = line.strip()
    verb = verbs.get(line.split(None, 1)[0].lower()) if line else None
    if verb is not None and verb.takes_text:
        # words up to the text parameter, then the rest of the line exactly as typed
        parts = line.split(None, len(verb.params))
        return verb.parse(parts[1:], private)
    tokens = tokenize(line)
    if not tokens:
        raise ParseError(msg("The command is empty. Known commands: {verbs}.", verbs=join(", ", map(Cmd, sorted(verbs)))))
    verb = verbs.get(tokens[0].lower())
    if verb is None:
        raise ParseError(msg("Unknown command {echo}. Known commands: {verbs}.", echo=_echo(tokens[0]), verbs=join(', ', map(Cmd, sorted(verbs)))))
    return verb.parse(tokens[1:], private)


def _echo(text: str, limit: int = 40) -> str:
    """A user's words quoted back in a refusal, cut short: a 10 KB line is not repeated."""
    return repr(text[:limit] + "…" if len(text) > limit else text)


def _quote(value) -> str:
    if isinstance(value, float):
        return _num(value)
    text = str(value)
    return shlex.quote(text) if text == "" or any(c in text for c in " \t'\"\\;") else text


def _num(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f"{value:g}" if isinstance(value, float) else str(value)
