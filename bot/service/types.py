"""The service's shared types: what an adapter hands in (`Command`), what it gets back
(`Reply`, with its `Button`s and `Picture`s), and what a handler asks the store to write
(`Write`).

Adapters turn a platform update into a `Command` and a `Reply` back into messages,
pictures, buttons and private messages. Nothing here knows a chat platform, and this
module imports nothing of the service (only core's rule for a name): every other module may
import it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from core.names import display_name


@dataclass(frozen=True)
class Command:
    platform: str              # "console", "discord", "telegram", "selfplay"
    channel: str | None        # the channel (or thread) id; None for a private chat
    user: str                  # the platform's user id, as text
    text: str                  # "/join", "/inf place A1 3 4", or a button's line
    name: str = ""             # display name, for the lobby
    private: bool = False      # arrived in a private chat / direct message
    version: int | None = None  # for a button press: the version it was drawn for
    admin: bool = False        # the platform says this user may manage the channel
    key: str | None = field(default=None, compare=False)  # idempotency: the platform's id of this command
    by: str | None = None      # "deadline" when the scheduler plays a default (never set by an adapter)
    seat: str | None = None    # with `by`: the seat played for
    server: str | None = None  # the server the channel belongs to (a Discord guild, a Telegram chat): its
    #                            results and ratings (/stats) are kept together; None: the channel is its own

    def __post_init__(self) -> None:
        # every platform's display name comes in here: one line, bounded (core/names.py)
        if self.name:
            object.__setattr__(self, "name", display_name(self.name))


@dataclass(frozen=True)
class Button:
    label: str
    line: str        # the command text a press sends, e.g. "/inf roll"
    version: int     # the game version the button was drawn for
    seat: str        # the seat whose prompt it belongs to
    user: str | None  # the user seated there (adapters may restrict presses to them)


CROP_FILE = "crop-"   # a menu crop's file name starts so: an adapter replaces it, never a message's other pictures
# an option's mark as its button shows it: the crop's dark disc with its number (PAGE is 8)
BADGES = dict(zip(map(str, range(1, 11)), "\u2776\u2777\u2778\u2779\u277a\u277b\u277c\u277d\u277e\u277f"))


@dataclass(frozen=True)
class MenuOption:
    label: str
    path: str        # the address of what it opens, within its menu ("3.1")
    leaf: bool       # it plays an action (else it opens a level)
    more: bool = False   # it opens the next page of the same level
    parts: tuple[str, ...] = ()   # the words folded into its label (a card's name, then what to do)
    mark: str = ""   # its number on the page's map crop (`Menu.crop`), shown on its button too; "" none

    @property
    def badge(self) -> str:
        """What goes before its label on a button: its mark as on the map (`➌ `), or nothing."""
        return f"{BADGES.get(self.mark, self.mark)} " if self.mark else ""


HINT = "hint"        # the path of a menu's /hint button (bot/service/menus.py answers it with the hint)
HINT_LABEL = "💡 /hint"   # the button's label: the command's own name, the same in every language


@dataclass
class Menu:
    """One page of a menu of choices (bot/service/menus.py): drawn by the adapters as select
    menus and buttons, an inline keyboard, or numbered lines; each press names `path`."""

    channel: str
    version: int     # the game version the menu was drawn for
    seat: str
    private: bool    # the seat's private choices (shown to him alone), else the public prompt's
    path: str        # "" the first page
    trail: list[str]            # the labels chosen on the way here
    options: list[MenuOption]
    line: str | None = None     # (not drawn) a leaf's line
    count: int = 0              # how many action lines the whole menu holds
    digest: str = ""            # a fingerprint of its lines: a quiet write may change them at one version
    lang: str = "en"            # the language its own words are drawn in
    player: str = ""            # the name of the player whose choices these are (a header says it, not the seat)
    # a level that chooses a place: the map cut around its places, each marked with its
    # option's `mark` (render/crops.py); set at the service's edge (`Menus.crop`)
    crop: "Picture | None" = None
    # the service's own: the game and position the page was built from, for its crop; adapters never read it
    source: tuple | None = field(default=None, repr=False, compare=False)
    # a private menu at a table that allows hints offers /hint as a button (issue 35), pressed at `at(HINT)`
    hint: bool = False

    def at(self, path: str) -> str:
        """The address of a page of this menu (`bot.service.menus.parse_address` reads it back)."""
        return f"{self.channel}|{self.version}|{self.digest}|{self.seat}|{'x' if self.private else 'p'}|{path}"

    @property
    def back(self) -> str | None:
        """The path of the page before this one (None on the first page)."""
        return None if not self.path else self.path.rpartition(".")[0]


@dataclass
class Picture:
    """A picture to post. `render()` draws and encodes it once, off the event loop."""

    key: str                        # cache key: game version, viewer, region
    filename: str
    _render: Callable[[], bytes] = field(repr=False)
    _bytes: bytes | None = field(default=None, repr=False)

    def render(self) -> bytes:
        if self._bytes is None:
            self._bytes = self._render()
        return self._bytes


@dataclass
class Reply:
    ok: bool = True
    public: list[str] = field(default_factory=list)             # lines for the channel
    private: dict[str, list[str]] = field(default_factory=dict)  # user id → lines
    image: Picture | None = None                                 # the public picture
    private_images: dict[str, Picture] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)
    menus: dict[str, Menu] = field(default_factory=dict)         # user id → his private choices' menu
    menu: Menu | None = None        # the public prompt's menu, drawn under the public lines
    page: Menu | None = None        # a menu press answered by another page (drawn in place of the old)
    mentions: list[str] = field(default_factory=list)            # users whose decision is pending
    names: dict[str, str] = field(default_factory=dict)          # user id → display name (for mentions)
    error: str | None = None        # a refusal, for the sender only (ephemeral where possible)
    code: str | None = None         # the refusal's stable code
    file: tuple[str, bytes] | None = None  # an attachment (e.g. /export)
    channel: str | None = None      # the channel the command acted on (resolved for DMs)
    version: int | None = None      # the game version after the command
    changed: bool = False           # the command changed the stored game (else it only looked)
    robot: bool = False             # a robot's move: the adapters say a run of them as one message (batching.py)
    lease: tuple | None = None      # a reminder's claim: hand it back with Service.reminded once posted
    lang: str = "en"                # the language of the public lines (the adapters' own words follow it)
    private_langs: dict[str, str] = field(default_factory=dict)   # user id → the language of his private lines
    # (the channel's language, {user: language}) the service read with the game, so translating
    # the reply costs no round trip of its own; None: not read
    known_langs: tuple | None = field(default=None, repr=False, compare=False)
    # the service's own: who sits where, asked once at its edge to name the seats its lines mark
    # (`bot.words.names.name_reply`); adapters never see it set
    namer: Callable[[], dict] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def refuse(cls, sentence: str, code: str = "REFUSED", channel: str | None = None) -> "Reply":
        return cls(ok=False, error=sentence, code=code, channel=channel)

    def tell(self, user: str, text: str) -> None:
        self.private.setdefault(user, []).append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.public)


@dataclass
class Write:
    """What a command stores (the fields of `Store.commit`) and its reply once stored at a version."""

    done: Callable[[int], Reply]
    meta: dict | None = None
    setup: dict | None = None
    state: dict | None = None
    append: list[dict] = field(default_factory=list)
    pop: int = 0
    delete: bool = False
    quiet: bool = False      # a hidden action: the public version stays (Store.commit, _COMMIT)
    # the rest lands in the same atomic step as the game (Store.commit): nothing is left for after it
    remind: float | None = None   # the game's next reminder, scheduled with the write
    unremind: bool = False        # the game's reminder dropped (it ended)
    index: dict[str, bool] = field(default_factory=dict)   # user → this channel added to (True) or
    #                                                         removed from (False) his games
    take: str | None = None       # a key used up by the write (a transfer's token): it must exist
    close: object | None = None   # bot.store.Closing: the old channel of a game moving here
    unmet: Callable[[str], Reply] | None = None   # the answer when take's key or close's game moved on
    result: object | None = None  # bot.store.Result: a finished game's result, counted once with its ending
    robots: list[str] = field(default_factory=list)   # robot seats left deciding: a job each (Service.write)

    def fields(self) -> dict:
        return dict(meta=self.meta, setup=self.setup, state=self.state, append=self.append, pop=self.pop,
                    delete=self.delete, quiet=self.quiet, remind=self.remind, unremind=self.unremind,
                    index=self.index, take=self.take, close=self.close, result=self.result,
                    robots=self.robots)


@dataclass
class Timings:
    """Where a command's time went (the benchmark reads the last one)."""

    load: float = 0.0
    apply: float = 0.0
    save: float = 0.0

    def line(self, total: float) -> str:
        return (f"load_ms={self.load * 1e3:.2f} apply_ms={self.apply * 1e3:.2f} "
                f"save_ms={self.save * 1e3:.2f} total_ms={total * 1e3:.2f}")


def chunks(lines: list[str], limit: int) -> list[str]:
    """Lines joined into as few messages of at most `limit` characters as they fit
    (a single longer line is cut). Every chat platform caps a message's length."""
    out: list[str] = []
    current = ""
    for line in lines:
        while len(line) > limit:
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out
