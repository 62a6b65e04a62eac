"""The contract every game follows (after OpenSpiel's State and Rally the Troops' rules).

A game is a `Game` subclass with a plain JSON-able dict as its state:

- ``setup(players, options, seed)`` → state. Seats are the game's own ids, in seat order,
  stored as ``state["seats"]``; the service maps the n-th player to the n-th seat.
- ``prompts(state)`` → ``{seat: Prompt}`` for every seat that must decide now.
- ``apply(state, seat, action)`` → ``(new_state, events)``; never mutates its input; an
  illegal action raises `RulesError` saying what is wrong and what is possible.
- ``view(state, seat)`` → what that seat may see; ``view(state, None)`` is the public view.
- ``summary(state)`` → JSON-able dict with the common keys `game`, `seats`, `active`,
  `finished`, `winner`, `reason`, plus the game's own keys.
- ``default_action(state, seat)`` → the rules-legal line a deadline plays for a seat that
  did not decide in time (the base picks a pass-like line; games may override per prompt).

Subclasses write `_setup`, `_prompts`, `_apply`, `_view`, `_summary` and `outcome`;
every random number goes through `Ctx.roll` / `Ctx.shuffle` so it is logged and
verifiable. Where a path is hot, a game may also write `_prompt_verbs`, `copied` and `sampled`,
each an exact shortcut of the plain path (tests/test_remembered.py checks each against it).
Queries (verbs with ``query=True``) go through `query` and change nothing.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Callable

import orjson

from core import rng
from core.errors import RulesError
from core.grammar import Action, Verb, parse
from core.message import Msg, join, msg

SEAT_REF_OPEN, SEAT_REF_CLOSE = "\u27e8", "\u27e9"
_SEAT_REF = re.compile(f"{SEAT_REF_OPEN}([^{SEAT_REF_OPEN}{SEAT_REF_CLOSE}]+){SEAT_REF_CLOSE}")


def seat_ref(seat: str) -> str:
    """A seat named in a message (`⟨A⟩`): the service writes the player's name in its place,
    so the rules never need to know who sits where, and a language never has to parse letters."""
    return f"{SEAT_REF_OPEN}{seat}{SEAT_REF_CLOSE}"


def without_seat_refs(text: str, name: Callable[[str], str] | None = None) -> str:
    """A message with its seat markers back to bare seat ids (`⟨A⟩` → `A`), or to `name(seat)`:
    for text kept in a view for the picture, which draws no player names."""
    if name is None:
        return text.replace(SEAT_REF_OPEN, "").replace(SEAT_REF_CLOSE, "")
    return _SEAT_REF.sub(lambda match: name(match.group(1)), text)


@dataclass(frozen=True)
class Event:
    """Something that happened. `to` is None for the channel, else the seats told privately.

    kind: ``info``; ``roll`` (data: n, sides, value); ``reveal`` (hidden information made
    public: undo stops here); ``image`` (the picture changed and should be posted);
    ``end`` (the game is over).
    """

    text: str
    to: tuple[str, ...] | None = None
    kind: str = "info"
    data: dict = field(default_factory=dict)

    def __init__(self, text: str, to: tuple[str, ...] | None = None, kind: str = "info",
                 data: dict | None = None) -> None:
        # the fields written into the instance's dict at once: a frozen dataclass's own __init__ sets
        # each through object.__setattr__, and the rules make several events an action
        fields = self.__dict__
        fields["text"], fields["to"], fields["kind"] = text, to, kind
        fields["data"] = {} if data is None else data

    @property
    def public(self) -> bool:
        return self.to is None

    def as_dict(self) -> dict:
        return {"text": self.text, "to": list(self.to) if self.to else None, "kind": self.kind, "data": self.data}


@dataclass(frozen=True)
class Prompt:
    """What one seat must decide now.

    `text` is one public sentence. `actions` are complete command lines (buttons);
    `templates` are usages of verbs whose arguments are free (coordinates, names), for
    help and autocomplete; `private` are complete lines that reveal hidden information
    and are shown only to the seat (never as public buttons).
    """

    text: str
    actions: tuple[str, ...] = ()
    templates: tuple[str, ...] = ()
    private: tuple[str, ...] = ()

    def verbs(self) -> frozenset[str]:
        # worked out once per prompt: the prompts are remembered, and every action checks its verb here
        # (kept in the instance's dict by hand: functools.cached_property takes a lock at each read)
        verbs = self.__dict__.get("_verbs")
        if verbs is None:
            verbs = frozenset([line.split(" ", 1)[0] for line in (*self.actions, *self.templates, *self.private)])
            object.__setattr__(self, "_verbs", verbs)
        return verbs


# the prompt a line is sent by where the game's prompts offer no private line (`Game.private_lines`)
NO_PRIVATE = Prompt("")


class Ctx:
    """What a rules handler works with: the state being changed, the dice, the events."""

    def __init__(self, state: dict, seat: str | None = None, action: Action | None = None):
        self.state = state
        self.seat = seat
        self.action = action
        self.events: list[Event] = []

    # dice -------------------------------------------------------------------------
    def roll(self, sides: int = 6, to: tuple[str, ...] | None = None, label: str = "") -> int:
        """Draw the next die. `to` keeps a private roll (and its result) off the channel."""
        box = self.state["rng"]
        n = box["n"]
        value = rng.draw(box["seed"], n, sides)
        box["n"] = n + 1
        text = msg("{label}: d{sides} → {value}", label=label or msg("Roll"), sides=sides, value=value)
        self.events.append(Event(text, to, "roll", {"n": n, "sides": sides, "value": value}))
        return value

    def shuffle(self, items: list) -> list:
        """Fisher–Yates with the game's dice; shuffles are never shown as rolls."""
        items = list(items)
        box = self.state["rng"]
        seed, events, draw = box["seed"], self.events, rng.draw
        for i in range(len(items) - 1, 0, -1):
            n = box["n"]
            j = draw(seed, n, i + 1) - 1
            events.append(Event("", (), "roll", {"n": n, "sides": i + 1, "value": j + 1}))
            box["n"] = n + 1
            items[i], items[j] = items[j], items[i]
        return items

    # messages ---------------------------------------------------------------------
    def say(self, text: Msg, kind: str = "info", **data) -> None:
        """A sentence for the channel: a message id with typed fields (core/message.py), rendered
        in each reader's language at the service's edge."""
        self.events.append(Event(text, None, kind, data))

    def tell(self, seats: str | tuple[str, ...], text: Msg, kind: str = "info", **data) -> None:
        seats = (seats,) if isinstance(seats, str) else tuple(seats)
        self.events.append(Event(text, seats, kind, data))

    def picture(self, seats: tuple[str, ...] | None = None) -> None:
        """Ask the adapters to post the picture: the public one, or `seats`' private ones."""
        self.events.append(Event("", seats, "image"))

    def reveal(self, text: Msg, **data) -> None:
        """Hidden information becomes public: said in the channel, and undo stops here."""
        self.events.append(Event(text, None, "reveal", data))


class Game:
    id: str = ""
    title: str = ""
    aliases: tuple[str, ...] = ()
    min_players: int = 2
    max_players: int = 2
    verbs: dict[str, Verb] = {}
    option_verbs: dict[str, Verb] = {}   # options of `/new GAME ...`, as key=value
    anytime: frozenset = frozenset()     # verbs a seat may send with no prompt of its own (standing orders)

    # the public contract ----------------------------------------------------------
    def setup(self, players: list[str], options: dict, seed: str) -> dict:
        return self.start(players, options, seed)[0]

    def start(self, players: list[str], options: dict, seed: str) -> tuple[dict, list[Event]]:
        """`setup` plus the events it produced (opening messages, setup rolls)."""
        if not self.min_players <= len(players) <= self.max_players:
            raise RulesError(
                msg("{title} is for {min_players}–{max_players} players, not {n_players}.", title=self.title, min_players=self.min_players, max_players=self.max_players, n_players=len(players)),
                code="PLAYERS")
        state = {"game": self.id, "seats": [], "rng": {"seed": seed, "n": 0}}
        ctx = Ctx(state)
        self._setup(ctx, list(players), dict(options))
        return state, ctx.events

    def current_snapshot(self, state: dict) -> dict:
        """A stored snapshot, written by this game's code of any earlier date, in the shape today's
        rules read (a key added since filled as if it had always been there). A game whose state
        changed shape says how here (Successors: snapshots.py); every store read passes it
        (bot/store Store.load), so a game saved weeks ago keeps playing."""
        return state

    def prompts(self, state: dict, raw: bytes | None = None) -> dict[str, Prompt]:
        """`raw`: the state's bytes (`orjson.dumps(state)`), when the caller has them (see `apply`)."""
        if self.outcome(state)[0]:
            return {}
        return self._prompts_of(state, raw)

    def deciding(self, state: dict) -> list[str]:
        """The seats that must decide now (`list(prompts(state))`, in its order), from `_prompt_verbs`
        where the game knows them without its prompts' lines: the service asks it of the state
        before an action (whose turn it was). Its prompts are remembered when this process told
        the previous move (one set of prompts a command, counted over seeded service games), but
        not when another process did (the page's, a robot's, a restart)."""
        if self.outcome(state)[0]:
            return []
        verbs = self._prompt_verbs(state)
        return list(verbs if verbs is not None else self._prompts_of(state))

    # the prompts cost more than the state's bytes in every game so far (they dry-run lines);
    # a game whose prompts are cheaper may say False
    remember_prompts = True
    # a game none of whose prompts ever offers a private line (`Prompt.private`) says False: a line then
    # goes privately by its verb alone, and a robot's playout works out no prompt, only whose turn it
    # is (`deciding`), where the game knows its prompts' verbs (tests/test_remembered.py checks it)
    private_lines = True

    def _prompts_of(self, state: dict, raw: bytes | None = None) -> dict[str, Prompt]:
        """`_prompts`, remembered by the state's bytes where the game says so (`remember_prompts`):
        they are asked several times for one state (the rules check an action against them, the
        service shows them, a robot chooses from them). `raw`: the state's bytes, when known."""
        if not self.remember_prompts:
            return self._prompts(state)
        return dict(_PROMPTS(self, state, raw=raw))

    def _prompt_verbs(self, state: dict) -> dict[str, frozenset[str]] | None:
        """Each deciding seat's verbs (`{seat: prompt.verbs()}` of `_prompts`, exactly), where a game
        knows them without working out its prompts' lines (a Successors Tyche segment dry-runs every
        card's event): all `apply` needs of the prompts to accept an action, so a refusal alone
        works the prompts out. None: ask the prompts (the default; tests/test_remembered.py checks
        every answer against them)."""
        return None

    def parse(self, line: str, private: bool = False) -> Action:
        # the same lines are read again and again (a search tries its lines in every world it draws, a
        # menu checks its buttons at every command): remembered, exactly (an Action is frozen and holds
        # plain values; the verbs are the game's own); a refusal is raised anew each time
        key = (self, line, private)
        action = _PARSED.get(key)
        if action is None:
            action = parse(line, self.verbs, private)
            if len(line) <= PARSED_LINE:          # a line typed at length is read once and forgotten
                if len(_PARSED) >= PARSED_SIZE:
                    _PARSED.clear()
                _PARSED[key] = action
        return action

    def apply(self, state: dict, seat: str, action: Action | str, raw: bytes | None = None,
              own: bool = False) -> tuple[dict, list[Event]]:
        """`raw`: the state's bytes (`orjson.dumps(state)`), when the caller has them: one that tries
        several actions on the same state (a menu's lines checked, a search's candidates, a deadline's
        default) serialises it once, not once an action. `own`: `state` is the caller's alone,
        `raw` its bytes, and it is never read again (a search's state loaded from its kept bytes, or
        just made by a line): the action changes it in place instead of a copy of it, which would be
        the same dict (a refused action leaves it half changed)."""
        if isinstance(action, str):
            action = self.parse(action)
        verb = self.verbs.get(action.verb)
        if verb is None or verb.query:
            raise RulesError(msg("{verb} is not an action of {title}.", verb=repr(action.verb), title=self.title), code="UNKNOWN")
        if verb.private and not action.private:
            raise RulesError(msg("`{verb}` is private: send it to the bot in a private chat, not in the channel.", verb=action.verb), code="MUST_BE_PRIVATE")
        finished, _, _ = self.outcome(state)
        if finished:
            raise RulesError(msg("The game is over: nothing more can be played. Try /export or /verify."),
                             code="FINISHED")
        # the prompts already worked out for these bytes (a search asks them of each state before it
        # tries a line there) say the verbs; else the game's own verbs where it knows them alone
        prompts = _PROMPTS.known(self, raw) if raw is not None and self.remember_prompts else None
        deciding = self._prompt_verbs(state) if prompts is None else None
        if prompts is not None or deciding is None or not (
                action.verb in self.anytime and seat in state.get("seats", ()) or action.verb in deciding.get(seat, ())):
            if prompts is None:
                if raw is None:
                    raw = orjson.dumps(state)   # once: the prompts' memory key and the copy's source
                prompts = self._prompts_of(state, raw)
            prompt = prompts.get(seat)
            if action.verb in self.anytime and seat in state.get("seats", ()):
                prompt = None
            elif prompt is None:
                waiting = join(", ", (seat_ref(s) for s in prompts)) or msg("nobody")
                raise RulesError(msg("It is not your turn: waiting for {waiting}.", waiting=waiting), code="NOT_YOUR_TURN")
            if prompt is not None and action.verb not in prompt.verbs():
                raise RulesError(msg("You cannot `{verb}` now. {text} Possible: {possible}.", verb=action.verb, text=prompt.text, possible=self.possible(prompt)), code="NOT_NOW")
        new = state if own and raw is not None else self.copied(state, raw)
        ctx = Ctx(new, seat, action)
        self._apply(ctx)
        return new, ctx.events

    def copied(self, state: dict, raw: bytes | None = None) -> dict:
        """A deep copy of `state` for `apply` to change, equal to `copy_state`'s to the types of its
        values (a str stays a str, a list a list); `raw`: the state's bytes, when the caller has them
        (orjson's copy then only parses them). A game may copy the parts whose shape it knows
        faster than orjson, sharing only the immutable values, and then copies so even given the
        bytes where that beats parsing them (tests/test_remembered.py checks the copy against
        `copy_state`'s, and that it shares no list or dict with the state, after every action of
        seeded games)."""
        return orjson.loads(raw) if raw is not None else copy_state(state)

    def query(self, state: dict, seat: str | None, action: Action) -> list[Event]:
        ctx = Ctx(copy_state(state), seat, action)
        self._query(ctx)
        return ctx.events

    def view(self, state: dict, seat: str | None) -> dict:
        view = self._view(state, seat)
        view.pop("rng", None)   # the seed never leaves the rules
        return view

    def summary(self, state: dict) -> dict:
        finished, winner, reason = self.outcome(state)
        base = {
            "game": self.id,
            "seats": list(state["seats"]),
            "active": self.deciding(state),
            "finished": finished,
            "winner": winner,
            "reason": reason,
        }
        base.update(self._summary(state))
        return base

    def seat_colours(self, state: dict) -> dict[str, dict]:
        """seat → {"colour": ...} or {"faction": ...}: what names a seat beside its player at
        every reply (bot/words/names.py). By default the summary's `players`; a game whose summary
        is costly (it scores the whole board) gives these directly."""
        players = self.summary(state).get("players")
        return players if isinstance(players, dict) else {}

    def possible(self, prompt: Prompt, limit: int = 8) -> str:
        lines = list(prompt.actions[:limit]) + list(prompt.templates)
        more = len(prompt.actions) - limit
        return (msg("{value} and {more} more", value=join("; ", (f"`{line}`" for line in lines)), more=more) if more > 0 else msg("{value}", value=join("; ", (f"`{line}`" for line in lines))))

    def sample(self, state: dict, seat: str, rnd: random.Random) -> str:
        """A random legal command line for self-play. Games with free arguments override."""
        prompt = self.prompts(state)[seat]
        choices = list(prompt.actions) + list(prompt.private)
        return rnd.choice(choices)

    def sampled(self, state: dict, seat: str, rnd: random.Random,
                raw: bytes | None = None) -> tuple[str, tuple[dict, list[Event]] | None]:
        """`sample`'s line, drawing the same numbers from `rnd`, with what `apply` makes of it (the new
        state and the events) where the sampler applied it already to know it legal (StarCraft's
        Execution tries its lines so), else None: a search's playout then applies it once, not twice.
        `raw`: the state's bytes, when the caller has them (see `apply`)."""
        return self.sample(state, seat, rnd), None

    def random_step(self, state: dict, rnd: random.Random,
                    prompts: dict[str, Prompt] | None = None) -> tuple[str, str, dict, list[Event]] | None:
        """One random legal action, for every seeded random game (the fingerprint, the words'
        examples, the remembered values' test): a seat drawn among those to decide, in seat order so
        that a seed plays the same game everywhere, its line by `sample`, sent privately where it
        must be. Returns (seat, line, new state, events), or None when nobody has to decide."""
        prompts = self.prompts(state) if prompts is None else prompts
        if not prompts:
            return None
        seat = rnd.choice(sorted(prompts))
        line = self.sample(state, seat, rnd)
        new, events = self.apply(state, seat, self.parse(line, self.sent_privately(line, prompts[seat])))
        return seat, line, new, events

    # what a deadline plays for a seat that did not decide in time (bot/service/timers.py) ----------
    DEFAULT_VERBS = ("pass", "done", "end", "decline", "skip", "stop", "hold", "ready", "no")
    NEVER_DEFAULT = ("undo",)

    def rule_default(self, state: dict, seat: str) -> str | None:
        """The game's own default for the seat's prompt, where its spec gives one (a timeout
        rule), as a complete command line; None leaves the choice to `default_action`."""
        return None

    def default_action(self, state: dict, seat: str) -> str:
        """The rules-legal line a deadline plays for `seat` (a complete command line).

        The game's `rule_default` first, when the rules accept it now. Otherwise the base
        choice, for every prompt of every game: the first offered line whose verb
        declines to act (pass, done, end, decline, skip, stop, hold, ready, no — in that order
        of preference); else the first complete line the prompt offers (a public button, then
        a private line, never `undo`); else, when the prompt has only free-argument templates
        (or no offered line is accepted now), the game's own `sample` with fixed seeds. Each
        candidate is tried on a copy and the first the rules accept is chosen, so the default
        is always legal and always the same for the same state. A game overrides this per
        prompt where that is not the least harmful choice. Raises RulesError when the seat has
        nothing to decide, or nothing legal was found.
        """
        prompt = self.prompts(state).get(seat)
        if prompt is None:
            raise RulesError(msg("{seat} has no decision pending.", seat=seat_ref(seat)), code="NOT_YOUR_TURN")
        lines = [line for line in (*prompt.actions, *prompt.private)
                 if line.split(" ", 1)[0] not in self.NEVER_DEFAULT]
        declining = [line for verb in self.DEFAULT_VERBS for line in lines if line.split(" ", 1)[0] == verb]
        candidates = declining + [line for line in lines if line not in declining]
        ruled = self.rule_default(state, seat)
        raw = orjson.dumps(state)
        for line in ([ruled] if ruled else []) + candidates:
            if self._legal(state, seat, line, self.sent_privately(line, prompt), raw):
                return line
        for i in range(50):
            try:
                line = self.sample(state, seat, random.Random(i))
            except (RulesError, IndexError):
                continue
            if line.split(" ", 1)[0] not in self.NEVER_DEFAULT and \
                    self._legal(state, seat, line, self.sent_privately(line, prompt), raw):
                return line
        raise RulesError(msg("No legal default was found for {seat}: {text}", seat=seat_ref(seat), text=prompt.text),
                         code="NO_DEFAULT")

    def sent_privately(self, line: str, prompt: Prompt) -> bool:
        """A line goes by private message when its verb is private, or when the prompt offers it
        privately (a choice that reveals hidden information). Self-play, the bench and the
        deadlines all send a chosen line this way."""
        verb = self.verbs.get(line.split(" ", 1)[0])
        return bool(verb and verb.private) or line in prompt.private

    def _legal(self, state: dict, seat: str, line: str, private: bool, raw: bytes | None = None) -> bool:
        try:
            self.apply(state, seat, self.parse(line, private), raw)
        except RulesError:
            return False
        return True

    def secrets(self, state: dict) -> list[str]:
        """Strings that must not appear in any public message or the public view right now
        (hidden names, the Lieutenant's id, ...). Self-play checks every public line."""
        return []

    def invariants(self, state: dict) -> list[str]:
        """Broken invariants of a state, as sentences (empty when all hold). For self-play."""
        return []

    def parse_options(self, tokens: list[str]) -> dict:
        """Options of `/new GAME key=value ...`."""
        options = {}
        for token in tokens:
            key, eq, value = token.partition("=")
            verb = self.option_verbs.get(key.lower())
            if not eq or verb is None:
                known = join(", ", (f"{k}=<{k}>" for k in self.option_verbs)) or "none"
                raise RulesError(msg("Unknown option {token} for {title}. Options: {known}.", token=repr(token), title=self.title, known=known), code="OPTION")
            if key.lower() in options:   # a repeated option is a typo or noise, never "last one wins"
                raise RulesError(msg("The option {key}= is given more than once; give each option once.", key=key.lower()),
                                 code="OPTION")
            options[key.lower()] = verb.params[0].convert(key, value, what=msg("The option {key}=", key=key.lower()))
        return options

    # what each game writes -----------------------------------------------------------
    def _setup(self, ctx: Ctx, players: list[str], options: dict) -> None:
        raise NotImplementedError

    def _prompts(self, state: dict) -> dict[str, Prompt]:
        raise NotImplementedError

    def _apply(self, ctx: Ctx) -> None:
        raise NotImplementedError

    def _query(self, ctx: Ctx) -> None:
        raise RulesError(msg("{title} has no command {verb}.", title=self.title, verb=repr(ctx.action.verb)), code="UNKNOWN")

    def _view(self, state: dict, seat: str | None) -> dict:
        raise NotImplementedError

    def _summary(self, state: dict) -> dict:
        return {}

    def outcome(self, state: dict) -> tuple[bool, object, str | None]:
        """(finished, winner, reason): winner is a seat, a list of seats, or None."""
        raise NotImplementedError


class Remembered:
    """The last answers of a pure function of a state, remembered by the state's bytes: exact
    (the same bytes are the same state, keys in the same order, so the same answer), and kept
    out of the state, so nothing stored or replayed changes. The caller must not change an
    answer: it is shared."""

    def __init__(self, compute: Callable, size: int = 32):
        self.compute = compute
        self.size = size
        self.answers: dict = {}

    def known(self, owner, raw: bytes, *args):
        """The answer remembered for the state of these bytes, or None: nothing is worked out."""
        return self.answers.get((owner, raw, args))

    def __call__(self, owner, state: dict, *args, raw: bytes | None = None):
        # the owner itself (a game), not its id: kept alive by the key, its id is never another's
        key = (owner, raw if raw is not None else orjson.dumps(state), args)
        got = self.answers.get(key)
        if got is None:
            got = self.compute(owner, state, *args)
            if len(self.answers) >= self.size:
                self.answers.clear()
            self.answers[key] = got
        return got


_PROMPTS = Remembered(lambda game, state: game._prompts(state))
_PARSED: dict = {}
PARSED_SIZE = 4096
PARSED_LINE = 200     # characters: every line a prompt offers is shorter; the memory stays under a few MB


def copy_state(state: dict) -> dict:
    """A deep copy through orjson: the fastest deep copy of JSON-shaped data of unknown shape."""
    return orjson.loads(orjson.dumps(state))


# the values a copy shares: immutable, and exactly these types (a message, a str subclass, is
# copied through orjson as `copy_state` would, to its plain str)
PLAIN = frozenset((str, int, float, bool, type(None)))


def copy_parts(value: dict, parts: dict[str, Callable]) -> dict:
    """A deep copy of a JSON dict (`Game.copied`) in its key order: a plain value shared, a key of
    `parts` copied by its function (written for that key's known shape), any other by `copy_state`.
    Faster than the round trip where the big parts are lists of names or dicts of plain values:
    their strings are shared, not made again."""
    return {k: v if type(v) in PLAIN else parts.get(k, copy_state)(v) for k, v in value.items()}


def copy_list(value: list) -> list:
    """A list of plain values (names, numbers)."""
    return value[:]


def copy_dicts(value: list) -> list:
    """A list of dicts of plain values."""
    return [d.copy() for d in value]
