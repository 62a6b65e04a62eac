"""Choices a thumb can make: a seat's legal action lines as a short menu, never a wall.

The lines a prompt offers (`play 38-unrest event abdera`, `order build* KOR`) are split into
their words and put in a tree: the card or force first, then what to do with it, then where
(a game may order a line's words its own way with `Game.menu_path`). A level with a single
choice is folded into its parent, and a level with more than `PAGE` choices is cut into pages
(the last choice of a page opens the next one), so no screen shows more than about eight.
Each leaf is a whole action line, sent through the normal command path: idempotency, the
version check and the rules' own checks are unchanged. `/me all` still lists every line.

A menu is addressed by (channel, version, a digest of its lines, seat, private, path): the
tree is built again from the stored game on every press, so nothing is kept for it. A press is
played when the seat's lines are still those the menu was drawn from (their digest), whatever moved
in between (a robot's answer, another seat's move: issue 35); else it is refused, changes nothing, and
the seat's fresh menu is drawn in its place. The platform-neutral page (`Menu`, in
types.py) is what the adapters draw: Discord select menus and buttons, Telegram inline
keyboards, the console's numbered lines.
"""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

import render
from bot.service.common import Topic, hints_allowed, seat_of
from bot.service.pictures import picture_key
from bot.service.types import CROP_FILE, HINT, Command, Menu, MenuOption, Picture, Reply
from bot.words.i18n import render as said_in
from core.game import Game, Prompt
from core.message import Cmd, Items, Msg, join, msg
from core.registry import get_game
from render import crops
from robots.kit import has_robot

log = logging.getLogger("strategos.command")

PAGE = 8            # options on one screen (the last one opens the next page when there are more)
MENU_AT = 9         # a public prompt with this many actions or more is a menu rather than a row of buttons


@dataclass
class Node:
    label: str
    line: str | None = None                       # a leaf: the action line it plays
    children: list["Node"] = field(default_factory=list)
    more: bool = False                            # the "next page" node of a long level
    parts: list[str] = field(default_factory=list)   # the words folded into it, each as the line had it

    def __post_init__(self) -> None:
        self.parts = self.parts or ([self.label] if self.label else [])


@lru_cache(maxsize=4096)
def words_of(game: Game, line: str) -> tuple[str, ...]:
    """A line's words in menu order: the game's own order (`menu_path`) or as typed. Remembered:
    `menu_path` reads the line alone, and the same lines come back menu after menu (a random
    StarCraft game: 519 distinct lines in 5,804)."""
    path = getattr(game, "menu_path", None)
    return tuple(path(line)) if path is not None else tuple(line.split())


def tree(game: Game, lines: list[str] | tuple[str, ...]) -> Node:
    """The menu of `lines`: a trie over their words, single choices folded, long levels paged.
    Remembered by (game, lines), as a seat's choices come back unchanged (a StarCraft game's 342
    menus hold 177 sets of lines) and every press builds its menu again: the caller must not
    change it, it is shared."""
    return _tree(game, tuple(lines))


@lru_cache(maxsize=256)
def _tree(game: Game, lines: tuple[str, ...]) -> Node:
    root = Node("")
    # (id of a node, word) → its child of that label still open to longer lines (no line of its own):
    # one at most, the one a scan of its children would find
    open_: dict[tuple[int, str], Node] = {}
    for line in dict.fromkeys(lines):
        node, key = root, None
        for word in words_of(game, line):
            key = (id(node), word)
            child = open_.get(key)
            if child is None:
                child = open_[key] = Node(word)
                node.children.append(child)
            node = child
        if node.children:   # a line that is also the start of longer ones: its own leaf among them
            node.children.insert(0, Node(line, line))
        else:
            node.line = line
            open_.pop(key, None)
    for child in root.children:
        _fold(child)
    while len(root.children) == 1 and root.children[0].line is None:   # one verb only: skip it
        root.children = root.children[0].children
    _page(root)
    return root


def _fold(node: Node) -> None:
    """A level holding one choice only joins its parent ("event" → "event babylon")."""
    while node.line is None and len(node.children) == 1:
        only = node.children[0]
        node.label, node.line, node.children = f"{node.label} {only.label}", only.line, only.children
        node.parts = node.parts + only.parts
    for child in node.children:
        _fold(child)


def _page(node: Node) -> None:
    for child in node.children:
        _page(child)
    if len(node.children) > PAGE:
        rest = Node("", children=node.children[PAGE - 1:], more=True)
        node.children = node.children[:PAGE - 1] + [rest]
        _page(rest)


def find(root: Node, path: str) -> tuple[Node, list[Node]] | None:
    """The node at `path` ("3.1", "" the root) and the nodes on the way to it; None if none."""
    node, trail = root, []
    for part in path.split(".") if path else []:
        if not part.isdigit() or int(part) >= len(node.children):
            return None
        node = node.children[int(part)]
        trail.append(node)
    return node, trail


def shown_part(part: str, names: dict[str, str] | None = None) -> str:
    """One word of a choice as shown: a name the game gave as a message (a card, a space, a
    planet: `Game.menu_path`) as it is, to be said in the reader's language; else what a player
    types, a seat's id as its player's name, the codes' dashes and underscores as spaces."""
    if isinstance(part, Msg):
        return part
    words = [(names or {}).get(word, word) for word in part.split(" ")]
    return Cmd(" ".join(words).replace("_", " ").replace("-", " "))


def label_of(node: Node, names: dict[str, str] | None = None) -> str:
    """What a choice shows: its words, each as `shown_part` shows it (a list of typed words)."""
    return join(" ", [shown_part(part, names) for part in node.parts])


# a numbered card's name ("#38 Unrest"), as the page (bot/service/pages.py) still finds one in a label;
# a menu's own labels are typed (`label_of`: a card is a message, a command a `Cmd`)
NAMED = re.compile(r"^#\d+ \S")


def localize(menu: Menu, lang: str) -> None:
    """A menu's names in the reader's language at every level (a card's name as his hand and the
    narration name it, the trail above as the choices below); what he would type stays as it is."""
    if lang == "en":
        return
    def said(text):
        if isinstance(text, Items):   # a label of several words: each in its own type
            return join(" ", [said(part) for part in text.args["items"]])
        return said_in(text, lang) if isinstance(text, Msg) else text
    menu.options = [replace(o, label=said(o.label), parts=tuple(said(p) for p in o.parts)) for o in menu.options]
    menu.trail = [said(step) for step in menu.trail]


def page_of(root: Node, path: str, names: dict[str, str] | None = None
            ) -> tuple[list[MenuOption], list[str], str | None] | None:
    """The options at `path`, the trail of labels to it, and its line when it is a leaf."""
    found = find(root, path)
    if found is None:
        return None
    node, trail = found
    prefix = f"{path}." if path else ""
    options = [MenuOption(label_of(child, names), f"{prefix}{i}", child.line is not None, child.more,
                          tuple(shown_part(part, names) for part in child.parts))
               for i, child in enumerate(node.children)]
    return options, [label_of(n, names) for n in trail if not n.more], node.line


def choices(game: Game, state: dict, seat: str, private: bool) -> list[str]:
    """The lines a menu offers a seat: the public prompt's actions, or (privately) all of his
    choices, with what a game can enumerate beyond them (`Game.menu_lines`, e.g. StarCraft's
    orders that can be carried out)."""
    prompt = game.prompts(state).get(seat)
    if prompt is None:
        return []
    if not private:
        return list(prompt.actions)
    extra = getattr(game, "menu_lines", None)
    return private_choices(prompt, extra(state, seat) if extra is not None else ())


def private_choices(prompt: Prompt, more: list[str] | tuple[str, ...]) -> list[str]:
    """`choices` of a seat's private menu, from his prompt and the game's `menu_lines` for him
    (a caller that holds both already: the narration's, not asking them again)."""
    return list(dict.fromkeys([*prompt.private, *more, *prompt.actions]))


def parse_address(text: str) -> tuple[str, int, str, str, bool, str] | None:
    """A page's address (`Menu.at`: `CHANNEL|VERSION|DIGEST|SEAT|x|PATH`, x private, p public) → its parts."""
    parts = text.split("|")
    if len(parts) != 6 or not parts[1].isdigit() or parts[4] not in ("x", "p"):
        return None
    return parts[0], int(parts[1]), parts[2], parts[3], parts[4] == "x", parts[5]


def digest(lines: list[str]) -> str:
    """Six hex digits of the lines' hash: a menu's choices changed by a quiet write (an armed
    card) at the same public version no longer match, so a press never lands on another line."""
    return hashlib.sha1("\n".join(lines).encode()).hexdigest()[:6]


def offers_hint(game: Game, meta: dict) -> bool:
    """A private menu's /hint button: where a robot can think for the game and the table allows hints."""
    return hints_allowed(meta) and has_robot(game.id)


def seat_players(meta: dict) -> dict[str, str]:
    """seat → its player's name, for a choice that names a seat (`fight b with Caius`)."""
    return {p["seat"]: p["name"] for p in meta["players"] if p.get("seat") and p.get("name")}


class Menus(Topic):
    """Menus of choices: the first page with a prompt, and each press on one."""

    def root(self, game: Game, channel: str, meta: dict, state: dict, version: int, seat: str,
             private: bool, lines: list[str] | None = None) -> Menu | None:
        """The first page of the seat's menu; `lines`: its `choices`, when the caller has them."""
        lines = choices(game, state, seat, private) if lines is None else lines
        if not lines:
            return None
        players = seat_players(meta)
        options, trail, line = page_of(tree(game, lines), "", players)
        return Menu(channel, version, seat, private, "", trail, options, line, count=len(lines), digest=digest(lines),
                    player=players.get(seat, ""), source=(game, state), hint=private and offers_hint(game, meta))

    def press(self, cmd: Command, where: str) -> Reply:
        """A press on a menu page (`where`: its address). A page: the reply carries it (`Reply.page`)
        for the adapter to draw in place of the old one. A leaf: its line played through the
        normal command path, at the version the menu was drawn for. A refusal changes nothing."""
        parsed = parse_address(where)
        if parsed is None:
            return self.refused(cmd, msg("This menu has expired. /me shows your choices now."), "EXPIRED", None)
        channel, version, drawn, seat, private, path = parsed
        rec = self.store.load(cmd.platform, channel)
        if rec is None or rec.meta is None or rec.state is None or rec.meta["status"] != "playing":
            return self.refused(cmd, msg("This menu's game is over or gone, so it was not used."), "STALE", channel)
        if seat_of(rec.meta, cmd.user) != seat:
            who = seat_players(rec.meta).get(seat, seat)
            return self.refused(cmd, msg("These choices are {who}'s; only they can make them.", who=who), "NOT_YOURS",
                                channel)
        if path == HINT:   # the menu's /hint button: the hint, privately, whatever was pressed since
            return self.service.handle(Command(cmd.platform, channel, cmd.user, "/hint", name=cmd.name, private=True,
                                               key=cmd.key))
        game = get_game(rec.meta["game"])
        lines = choices(game, rec.state, seat, private)
        if digest(lines) != drawn:
            return self.refreshed(cmd, game, channel, rec, seat, private, lines)
        # the seat's choices are the ones the menu showed: a move made since by someone else (a robot's
        # answer, say) leaves the press good, and it is played at the game's version now (issue 35)
        version = rec.version
        players = seat_players(rec.meta)
        page = page_of(tree(game, lines), path, players)
        if page is None:
            return self.refused(cmd, msg("This menu has expired. /me shows your choices now."), "EXPIRED", channel)
        options, trail, line = page
        if line is not None:
            prefix = f"/{game.aliases[0] if game.aliases else game.id}"
            return self.service.handle(Command(cmd.platform, channel, cmd.user, f"{prefix} {line}", name=cmd.name,
                                               private=private, version=version, key=cmd.key))
        reply = Reply(version=rec.version, channel=channel)
        reply.page = Menu(channel, version, seat, private, path, trail, options, None, count=len(lines),
                          digest=drawn, player=players.get(seat, ""), source=(game, rec.state),
                          hint=private and offers_hint(game, rec.meta))
        self.service.finish(cmd, reply)
        return reply

    def refreshed(self, cmd: Command, game: Game, channel: str, rec, seat: str, private: bool,
                  lines: list[str]) -> Reply:
        """A press on choices that have changed since its menu was drawn: refused, with the seat's
        menu as it is now drawn in place of the old one (none when the seat has nothing to decide)."""
        if not lines:
            return self.refused(cmd, "Your choices have changed since this menu was drawn, and you have nothing "
                                "to decide now, so it was not used.", "STALE", channel)
        reply = self.refused(cmd, msg("Your choices have changed since this menu was drawn, so it was "
                                      "not used; here they are now."), "STALE", channel)
        reply.page = self.root(game, channel, rec.meta, rec.state, rec.version, seat, private)
        return reply

    def crop(self, platform: str, menu: Menu) -> None:
        """A level that chooses a place (most of its options name one: a space, a planet, an
        area, a spot on the table, a gladiator) gets the map cut around them, each option's
        place marked with its number (`MenuOption.mark`, its button's too; render/crops.py):
        the public view for a public menu, the seat's own for his private one. Drawn when an
        adapter first shows it, then kept in the channel's cache under the view drawn, the
        menu's lines and the path (bot/service/pictures.py), so every level is drawn once.
        Its words are in the menu's language (`Menu.lang`, set before this)."""
        source, menu.source = menu.source, None
        if source is None or menu.crop is not None:
            return
        try:
            self._crop(platform, menu, *source)
        except Exception:   # noqa: BLE001 — a picture never costs a press its menu
            log.exception("could not mark the map of a menu")

    def _crop(self, platform: str, menu: Menu, game: Game, state: dict) -> None:
        if not crops.has_places(game.id) or not render.has_picture(game.id):
            return
        seat = menu.seat if menu.private else None
        lang = render.language(menu.lang)
        # the view only where the places need it: most of StarCraft's levels choose none, and it is drawn
        # (and keyed) only for a level that does; a Successors level asks it only for a word that may
        # name a force (crops.LAZY_VIEW), so a level of verbs, cards or seats costs none
        view_of = cache(lambda: game.view(state, seat))
        points = crops.spots(game.id, view_of if crops.reads_view(game.id) else None, [o.parts for o in menu.options],
                             menu.trail, lang)
        if not crops.chooses_place([p for p, o in zip(points, menu.options) if not o.more]):
            return
        view = view_of()
        menu.options = [replace(o, mark=str(i)) if p is not None else o
                        for i, (o, p) in enumerate(zip(menu.options, points), 1)]
        marks = [(o.mark, p) for o, p in zip(menu.options, points) if p is not None]
        # the place chosen on the way here (where a force moves from), as a ring
        context = [p for p in crops.spots(game.id, view, [(step,) for step in menu.trail], lang=lang)
                   if p is not None][-1:]
        fmt = self.service.image_format
        key = picture_key(game.id, view, seat, f"menu-{menu.digest}-{menu.path or 'top'}", fmt, lang)
        store, channel = self.store, menu.channel

        def draw() -> bytes:
            cached = store.cache_get(platform, channel, key)
            if cached is None:
                cached = render.encode(crops.crop(game.id, view, seat, lang, marks, context), fmt)
                store.cache_set(platform, channel, key, cached)
            return cached

        name = f"{CROP_FILE}{game.id}-v{menu.version}-{menu.path.replace('.', '-') or 'top'}"
        menu.crop = Picture(key, f"{name}.{render.extension(fmt)}", draw)

    def refused(self, cmd: Command, sentence: str, code: str, channel: str | None) -> Reply:
        """A refusal of a press, in the presser's language (a command's reply is translated by
        `Service.handle`; a press's page or refusal here)."""
        reply = Reply.refuse(sentence, code, channel)
        self.service.finish(cmd, reply)
        return reply
