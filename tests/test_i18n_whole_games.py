"""Every word in the player's language (issue 24): whole games of the four systems played
through the service in a Spanish and in a Russian channel — /start, /status, /me, /log, /help,
the game verbs, a deadline played by a fake clock, a reminder, the pictures — and every line a
player reads (public, private, refusals, buttons that are words, the words drawn on pictures)
checked for English words outside the proper names the seeds keep (places, people, factions,
buildings, troopers a player named) and the command words a player types.

English is told apart from Spanish by vocabulary: a word is English when it is a word of the
English message ids (the service's, the games', the pictures') or of the games' data, and no
word of any Spanish translation; in Russian any word in Latin letters is. A missing translation
fails the test with the line that carries it."""
from __future__ import annotations

import json
import random
import re
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import ImageDraw

from bot.service import Service
from bot.service.types import Command, Reply
from bot.words.i18n import LOCALE_DIR, translate
from core.message import Cmd, Items
from core.registry import get_game
from render import draw, has_picture
from render.i18n import LOCALE_DIR as RENDER_LOCALE

GAMES = {"infinity": (2, 70), "ludi": (3, 70), "starcraft": (3, 70), "successors": (3, 90)}
DATA = Path(__file__).parent.parent / "core" / "games"
H = 3600.0
_LATIN = re.compile(r"(?<![^\W\d_])[A-Za-z][A-Za-z']*[A-Za-z](?![^\W\d_])")   # a whole word ("allí" is none)
_WORD = re.compile(r"[^\W\d_]+")
# what a player types or reads as code, not as words: `code spans`, /commands, <params>,
# [options], key=value, option lists a|b, identifiers with digits or underscores, hex digests, a
# StarCraft special order as typed (`build*`: a menu's key shows it without backticks)
_CODE = [re.compile(p) for p in (r"`[^`]*`", r"/[\w-]+", r"<[^<>]*>", r"\[[^\[\]]*\]", r"[\w.-]+=[^\s;,)]*", r"\b\w+\*",
                                 r"\w+(?:\|\w+)+", r"\b[\w-]*\d[\w-]*\b", r"\b\w*_\w*\b", r"\b[0-9a-f]{16,}\b")]
# words a player types (the grammar's words), the platform's names and the seats' letters
COMMAND_WORDS = {"left", "right", "off", "on", "en", "es", "ru", "JSON", "CODE", "GAME", "VERB", "SEAT", "ZONE",
                 "SHA", "DM", "Discord", "Telegram", "Strategos", "II", "III", "IV", "VI",
                 # Infinity's skill codes and missions' ids as a player types them (`skills=hd,ad`),
                 # StarCraft's permanent resource cards (PERM-MEN)
                 "hd", "ad", "inf", "crossfire", "frontline", "PERM", "ready", "roll"}
# what a verb's help says a player types after it (StarCraft's `resolve`: move …, build …)
HELP_WORDS = {"move", "build", "base", "research", "mobilize"}
# names of the games' data spelt alike in Spanish (their translation is the English word)
SAME_IN_SPANISH = {"Propaganda", "Olympias", "dice", "defender"}   # Spanish "says", "to defend"
# the titles the games keep in every language (as the seeds do), and the factions' and
# troopers' names (Infinity's rosters are typed by the players themselves)
PROPER = {"Infinity", "StarCraft", "Ludi Gladiatorii", "Frontline", "Crossfire", "Fusilier", "Alguacil",
          "Hacker", "Sniper", "Paramedic", "Trooper", "Forward Obs", "Ghost"}


def _names(relative: str, *path: str, field: str = "name") -> set[str]:
    data = json.loads((DATA / relative).read_text())
    for key in path:
        data = data[key]
    return {entry[field] for entry in (data.values() if isinstance(data, dict) else data)}


@lru_cache(maxsize=1)
def proper_names() -> list[str]:
    """Places, people, factions and buildings, longest first (so "Queen of Blades" goes whole)."""
    names = set(PROPER) | {"Mimetism", "Mimeti"}   # a skill a player typed into his roster, cut short on the picture
    names |= _names("successors/data/spaces.json", "spaces") | _names("successors/data/provinces.json", "provinces")
    names |= set(json.loads((DATA / "successors/data/provinces.json").read_text())["regions"])
    names |= _names("successors/data/generals.json", "generals") | _names("successors/data/components.json", "royals")
    names |= {n for n in _names("successors/data/components.json", "independent_armies") if " " not in n}
    names |= _names("ludi/data/gladiators.json", "gladiators") | _names("ludi/data/buildings.json", "buildings")
    names |= set(json.loads((DATA / "ludi/data/gladiators.json").read_text())["origins"].values())
    names |= _names("starcraft/data/factions.json", "factions") | _names("starcraft/data/planets.json", "planets")
    names |= _names("starcraft/data/units.json", "units") | _names("starcraft/data/units.json", "units", field="id")
    # the codes drawn and typed for provinces, planets and factions (MAC, CHR, MEN-02)
    names |= _names("successors/data/provinces.json", "provinces", field="code")
    names |= _names("starcraft/data/planets.json", "planets", field="code")
    names |= _names("starcraft/data/factions.json", "factions", field="prefix")
    return sorted(names, key=len, reverse=True)


@lru_cache(maxsize=1)
def verbs() -> frozenset[str]:
    return frozenset(verb for game_id in GAMES for verb in get_game(game_id).verbs)


@lru_cache(maxsize=1)
def grammar_words() -> frozenset[str]:
    """Every word a game's usages and options show (`merc`, `pc`, `both`): /help's own words."""
    out = set(verbs())
    for game_id in GAMES:
        game = get_game(game_id)
        for verb in [*game.verbs.values(), *game.option_verbs.values()]:
            out |= set(_WORD.findall(verb.usage))
            for param in (*verb.params, *verb.options):
                out |= set(param.choices)
    return frozenset(out)


@lru_cache(maxsize=1)
def game_names() -> frozenset[str]:
    from core.registry import available

    return frozenset(w for game_id in available() for w in (game_id, *get_game(game_id).aliases))


_LIST = re.compile(r"[a-z]+(?:, [a-z]+){2,}")


def _words(text: str) -> set[str]:
    for pattern in [re.compile(r"\{\w+\}"), *_CODE]:
        text = pattern.sub(" ", text)
    return {w.lower() for w in _WORD.findall(text)}


def _catalogue_words(path: Path, lang: str) -> tuple[set[str], set[str], dict[str, str]]:
    """(the words of the English ids, the words of the translations that differ from their id,
    the catalogue): an id copied as its own translation brings no word of the language."""
    with path.open("rb") as handle:
        catalog = {m.id: m.string for m in read_po(handle, locale=lang) if isinstance(m.id, str) and m.id}
    english: set[str] = set()
    translated: set[str] = set()
    for msgid, string in catalog.items():
        english |= _words(msgid)
        if isinstance(string, str) and string != msgid:
            translated |= _words(string)
    return english, translated, catalog


@lru_cache(maxsize=1)
def english_only() -> frozenset[str]:
    """Words of the English ids and of the games' data that no Spanish translation brings."""
    catalogues = [(LOCALE_DIR / "es" / "LC_MESSAGES" / f"{d}.po") for d in ("strategos", "games")]
    catalogues.append(RENDER_LOCALE / "es" / "LC_MESSAGES" / "render.po")
    english, spanish, games = set(), set(), {}
    for path in catalogues:
        ids, translated, catalog = _catalogue_words(path, "es")
        english |= ids
        spanish |= translated
        games = games or (catalog if path.name == "games.po" else {})
    # the names of the games' data (cards, CUs) stay English words even where a Spanish sentence
    # carries one untranslated; only their own Spanish names make a word of theirs Spanish
    from bot.words.game_messages import data_names

    names = {msgid for _, _, msgid in data_names() if "{" not in msgid and len(msgid) < 60}
    carrying = [string for msgid, string in games.items() if isinstance(string, str) and string != msgid
                and any(name in string for name in names if " " in name)]
    spanish -= {w for name in names for w in _words(name)} - {w for string in games.values() if isinstance(
        string, str) and string not in carrying and string not in names for w in _words(string)}
    spanish |= {w for name in names if games.get(name) and games[name] != name for w in _words(games[name])}
    spanish |= {w.lower() for w in SAME_IN_SPANISH}
    english |= {w.lower() for game_id in GAMES for w in _WORD.findall(get_game(game_id).title)}
    proper = {w.lower() for name in proper_names() for w in _WORD.findall(name)}
    return frozenset(w for w in english - spanish - proper - {c.lower() for c in COMMAND_WORDS} if len(w) > 1)


def english_words(line: str, lang: str) -> list[str]:
    """The English words of a line meant to be in `lang` (es or ru)."""
    allowed = COMMAND_WORDS | game_names()
    if line.startswith("  ") and " — " in line:   # /help: a usage, then what it does in the game's words
        line = line.split(" — ", 1)[1]
        allowed = allowed | grammar_words() | HELP_WORDS
    line = re.sub(r"'[^']*'", " ", line)          # a player's own line, echoed
    line = _LIST.sub(lambda m: " " if set(m.group().split(", ")) <= verbs() else m.group(), line)
    for name in proper_names():
        if name in line:
            line = re.sub(rf"\b{re.escape(name)}\b", " ", line)
    for pattern in _CODE:
        line = pattern.sub(" ", line)
    words = [w for w in _LATIN.findall(line) if w not in allowed and not _abbreviated(w, line)]
    if lang == "ru":
        return words
    vocabulary = english_only()
    return [w for w in words if w.lower() in vocabulary]


def _abbreviated(word: str, line: str) -> bool:
    """A proper name cut short on a picture ("Rhinokol.", "Kl" for Kleopatra)."""
    if not (line.strip() == word or f"{word}." in line):
        return False
    return any(part.startswith(word) and part != word for name in proper_names() for part in name.split())


class Table:
    """One game played through the service by its seats, on a fake clock, in one language."""

    def __init__(self, store, game_id: str, lang: str, players: int):
        self.now = [1_000_000.0]
        self.service = Service(store, remind_after=H, clock=lambda: self.now[0])
        self.game = get_game(game_id)
        self.channel = f"{game_id}-{lang}"
        self.users = [f"{lang}{i}" for i in range(players)]
        self.lines: list[tuple[str, str]] = []   # (what was sent, a line read)
        self.pictures = 0
        # the drawer's one-time layers built before any picture's words are read: Successors' base map
        # draws a swatch of sample English words to fix its palette the first time a process builds it,
        # which `drawn` would read as the picture's own (the Spanish robots' table failed alone, so)
        if has_picture(game_id):
            warm = self.game.setup([f"w{i}" for i in range(self.game.min_players)], {}, "warm")
            draw(game_id, self.game.view(warm, None), None, lang=lang)

    def send(self, user: str, text: str, private: bool = False) -> Reply:
        reply = self.service.handle(Command("t", None if private else self.channel, user, text, name=user,
                                            private=private, admin=True))
        self.keep(text, reply)
        return reply

    def keep(self, sent: str, reply: Reply, picture: bool = False) -> None:
        read = list(reply.public) + [line for lines in reply.private.values() for line in lines]
        read += [reply.error] if reply.error else []
        # a button whose label is its command line is code; one that says words is read
        read += [b.label for b in reply.buttons if b.line.split(" ", 1)[-1] != b.label]
        self.lines += [(sent, line) for text in read for line in text.split("\n")]
        if picture:
            for image in [reply.image, *reply.private_images.values()]:
                if image is not None:
                    self.lines += [(sent + " (picture)", label) for label in drawn(image)]
                    self.pictures += 1

    def state(self):
        _, state, rec = self.service.state("t", self.channel)
        return state, rec


def drawn(picture) -> list[str]:
    """The words the drawer writes on a picture (Pillow's text calls)."""
    labels: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, words, *args, **kwargs):
        labels.append(str(words))
        return original(self, xy, words, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        picture.render()
    finally:
        ImageDraw.ImageDraw.text = original
    return labels


def _warm_successors_map(lang: str) -> None:
    """Successors' base map is built once per process, with a palette swatch of sample words
    that is never shown (render/successors/basemap.py `_palette`): built before the words are
    read, and the text sprites it cached forgotten, so every word a picture shows is drawn anew."""
    import importlib

    importlib.import_module("render.successors.basemap").base(lang=lang)
    for name in ("sprites", "panels", "pieces"):
        module = importlib.import_module(f"render.successors.{name}")
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def play_whole_game(store, game_id: str, lang: str) -> Table:
    players, actions = GAMES[game_id]
    if game_id == "successors":
        _warm_successors_map(lang)
    table = Table(store, game_id, lang, players)
    first = table.users[0]
    for user in table.users:
        table.send(user, f"/lang {lang}", private=True)
    table.send(first, f"/lang {lang}")
    table.send(first, f"/new {game_id} seed=3 deadline=2h")
    for user in table.users:
        table.send(user, "/join")
    reply = table.send(first, "/start")
    table.keep("/start", reply, picture=True)
    for text in ("/status", "/me", "/log", "/help", f"/help {game_id}", "/map"):
        table.send(first, text)
    table.send(first, f"/{game_id} nonsense")   # a refusal
    rnd = random.Random(f"{game_id}:{lang}")
    state, rec = table.state()
    seat_user = {p["seat"]: p["user"] for p in rec.meta["players"]}
    for n in range(actions):
        prompts = table.game.prompts(state)
        if not prompts:
            break
        if n % 20 == 10:   # nobody acts: a reminder after an hour, the deadline after two
            for hours in (1.1, 1.1):
                table.now[0] += hours * H
                for reply in table.service.due_reminders("t"):
                    table.keep("(clock)", reply)
                    table.service.reminded(reply)
            state, rec = table.state()
            continue
        seat = rnd.choice(sorted(prompts))
        line = table.game.sample(state, seat, rnd)
        reply = table.send(seat_user[seat], f"/{game_id} {line}", table.game.sent_privately(line, prompts[seat]))
        table.keep(line, reply, picture=n % 25 == 0)
        if n % 15 == 0:
            table.send(seat_user[seat], "/me")
            table.send(first, "/status")
        state, rec = table.state()
    for text in ("/log 40", "/status", "/me"):
        table.send(first, text)
    table.now[0] += 1
    return table


# Lines still English, each with why; the test fails when one is no longer found (then strike it
# here), so this list only shrinks. Keyed by (game, language): the words the line shows.
KNOWN: dict[tuple[str, str], set[str]] = {}


def findings(table: Table, lang: str) -> list[str]:
    out, seen = [], set()
    for sent, line in table.lines:
        words = english_words(line, lang)
        if words and line not in seen:
            seen.add(line)
            out.append(f"{' '.join(dict.fromkeys(words))!r} in {line!r} (after {sent})")
    return out


def test_the_detector_finds_english_and_spares_names_and_commands():
    assert english_words("Successors begins. Players — alice (C, yellow).", "es") == ["begins", "Players", "yellow"]
    assert english_words("u2 (azul) se mueve a Abdera (queda 1 PO); escribe `move pella`.", "es") == []
    assert english_words("Ждём u2 (B, blue): силы u2 в Sestos: 1 ОД.", "ru") == ["blue"]
    assert english_words("Queen of Blades строит Zergling на Char (/status).", "ru") == []


@pytest.mark.parametrize("lang", ["es", "ru"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_in_the_players_language_has_no_english_word(store, game_id, lang):
    table = play_whole_game(store, game_id, lang)
    sent = {s.split(" ", 1)[0] for s, _ in table.lines}
    assert {"/start", "/status", "/me", "/log", "/help", "(clock)"} <= sent
    clock = [line for s, line in table.lines if s == "(clock)"]
    assert translate("Reminder:", lang) in clock                                   # a reminder was read
    assert any(e.get("by") == "deadline" for e in store.log("t", table.channel))   # a deadline was played
    assert table.pictures or game_id == "infinity" and len(table.lines) > 200
    known = KNOWN.get((game_id, lang), set())
    found = findings(table, lang)
    new = [f for f in found if not set(f.split("'")[1].split()) <= known]
    assert not new, f"{game_id}, {lang}: {len(new)} lines with English words:\n" + "\n".join(new[:60])
    seen = {w for f in found for w in f.split("'")[1].split()}
    assert known <= seen, f"{game_id}, {lang}: now translated, strike from KNOWN: {sorted(known - seen)}"


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_one_name_per_card_in_the_hand_the_narration_and_the_picture(lang):
    """A card's name has one translation: the games' catalogue (hands, narration) and the
    pictures' (render) say it alike wherever both carry it."""
    def catalogue(path: Path) -> dict[str, str]:
        with path.open("rb") as handle:
            return {m.id: m.string for m in read_po(handle, locale=lang) if isinstance(m.id, str) and m.string}

    games = catalogue(LOCALE_DIR / lang / "LC_MESSAGES" / "games.po")
    pictures = catalogue(RENDER_LOCALE / lang / "LC_MESSAGES" / "render.po")
    cards = _names("successors/data/cards.json", "cards") | _names("starcraft/data/event_cards.json", "event_cards")
    cards |= _names("starcraft/data/combat_cards.json", "combat_cards")
    assert all(name in games for name in cards)
    # a card named after a kind of CU (#36 Silver Shields): the picture's legend names the CUs,
    # abbreviated to fit ("Сер. щиты"), never the card
    cards -= _names("successors/data/components.json", "cu_types")
    assert {n: (games[n], pictures[n]) for n in cards if n in pictures and games[n] != pictures[n]} == {}


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_no_name_of_the_games_data_is_left_in_english(lang):
    """A card's or a CU's name translated as itself is left English (55 Successors cards were, in
    Spanish hands), unless it is a proper name or spelt alike in the language."""
    from bot.words.game_messages import data_names

    with (LOCALE_DIR / lang / "LC_MESSAGES" / "games.po").open("rb") as handle:
        games = {m.id: m.string for m in read_po(handle, locale=lang) if isinstance(m.id, str)}
    alike = set(proper_names()) | (SAME_IN_SPANISH if lang == "es" else set()) | {"Ariarathes"}
    assert sorted(msgid for _, _, msgid in data_names() if games.get(msgid) == msgid and msgid not in alike) == []


# a table of one person and robots (issue 36): the robots' own lines, every level of the person's
# menus, /help for every verb and /rules for every term, in the reader's language -----------------------
ROBOTS = {"infinity": 1, "ludi": 2, "starcraft": 2, "successors": 2}
# a robot's name is a message of the reader's language ("🤖 Робот 2", bot/words/names.robot_name) in every
# line the service names it; a picture and Ludi's /me name the players as the game's state keeps them
# (the names it was set up with), still English there
_STATE_ROBOT_NAME = re.compile(r"[⚙🤖] Robot \d+")


def keep_menus(table: Table, sent: str, reply: Reply) -> list:
    """The menus a reply carries, their trail and labels read as lines."""
    menus = [m for m in (reply.menu, reply.page, *reply.menus.values()) if m is not None]
    def words(label) -> str:   # what a player types (a Cmd part) is no word; the names beside it are
        parts = label.args["items"] if isinstance(label, Items) else [label]
        return " ".join(str(p) for p in parts if not isinstance(p, Cmd))

    for menu in menus:
        labels = [*menu.trail, *(o.label for o in menu.options if not o.more)]
        table.lines += [(sent + " (menu)", text) for text in map(words, labels) if text.strip()]
    return menus


def walk_menu(table: Table, user: str, menu, depth: int = 0, budget: list | None = None) -> None:
    """Every level of a menu, pressed down to the last level before a leaf (a leaf would play)."""
    budget = budget if budget is not None else [40]
    for option in menu.options:
        if option.leaf or budget[0] <= 0 or depth > 4:
            continue
        budget[0] -= 1
        reply = table.service.press_menu(Command("t", None if menu.private else table.channel, user, "",
                                                 name=user, private=menu.private), menu.at(option.path))
        table.keep("(menu press)", reply)
        for page in keep_menus(table, "(menu press)", reply):
            walk_menu(table, user, page, depth + 1, budget)


def play_with_robots(store, game_id: str, lang: str, actions: int = 40) -> Table:
    from robots.players import RandomPlayer

    game = get_game(game_id)
    table = Table(store, game_id, lang, 1)
    table.channel = f"{game_id}-robots-{lang}"
    person = table.users[0]
    table.send(person, f"/lang {lang}", private=True)
    table.send(person, f"/lang {lang}")
    table.send(person, f"/new {game_id} seed=5 robots={ROBOTS[game_id]} think=0.01s")
    table.send(person, "/join")
    table.keep("/start", table.send(person, "/start"), picture=True)
    rnd = random.Random(f"robots:{game_id}:{lang}")
    walked = 0
    for _ in range(actions):
        for reply in table.service.robots.play_here("t", table.channel, limit=40, player=RandomPlayer(), rnd=rnd):
            table.keep("(robot)", reply)
            keep_menus(table, "(robot)", reply)
        state, rec = table.state()
        prompts = game.prompts(state)
        seat = next(p["seat"] for p in rec.meta["players"] if p["user"] == person)
        if seat not in prompts:
            break
        if walked < 3:   # the menus of his choices, every level
            me = table.send(person, "/me", private=True)
            for menu in keep_menus(table, "/me", me):
                walk_menu(table, person, menu)
            walked += 1
        line = game.sample(state, seat, rnd)
        reply = table.send(person, f"/{game_id} {line}", game.sent_privately(line, prompts[seat]))
        keep_menus(table, line, reply)
    for verb in game.verbs:
        table.send(person, f"/help {game_id} {verb}")
    from bot.words.glossary import glossaries

    for term in glossaries()[game_id]:
        table.send(person, f"/rules {game_id} {term.names['en'][0]}")
    table.send(person, "/log 30")
    return table


@pytest.mark.parametrize("lang", ["es", "ru"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_with_robots_menus_help_and_rules_in_the_players_language(store, game_id, lang):
    table = play_with_robots(store, game_id, lang)
    sent = {s for s, _ in table.lines}
    assert "(robot)" in sent and "/start" in sent
    assert any(s.endswith("(menu)") for s in sent) or game_id == "infinity"
    table.lines = [(s, _STATE_ROBOT_NAME.sub(" ", line) if s.endswith("(picture)") or s == "/me" else line)
                   for s, line in table.lines]
    found = findings(table, lang)
    assert not found, f"{game_id}, {lang}: {len(found)} lines with English words:\n" + "\n".join(found[:60])
