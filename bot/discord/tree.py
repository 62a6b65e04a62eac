"""Discord adapter, part 1: the slash-command tree.

The command table's platform commands are one `commands.Cog` (`TableCommands`), declared with
discord.py's decorators (`/robot add|remove` an `app_commands.Group` in it); an entry of the
table it does not declare yet becomes `/word [arguments]`. One command group per game
(``/successors place ...``), one subcommand per verb, one typed option per parameter (choices
as Discord choices, flags as booleans, key=value options as optional options). Every handler
only composes the text the console would send and hands it to the adapter; autocomplete offers
the values of the pending prompt's legal action lines. The tree's hash decides whether to sync it.
"""
import asyncio
import hashlib
import inspect
import json
import logging
import re
import shlex
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import COMMANDS, LEVEL_CHOICES, Service
from bot.words.glossary import glossaries
from core.grammar import Param, Verb
from core.message import Cmd, Msg, msg
from core.registry import all_games, available

if TYPE_CHECKING:
    from bot.discord.out import Adapter

log = logging.getLogger("strategos.discord")

PLATFORM = "discord"
MAX_SUBCOMMANDS = 25
MAX_OPTIONS = 25
MAX_CHOICES = 25
IMPORT_LIMIT = 512 * 1024   # bytes of an /import file: the service's own limit
_NAME = re.compile(r"[^-_a-z0-9]")


def _clip(text: str, limit: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def said(message: Msg) -> app_commands.locale_str:
    """A description Discord shows: its English text, and the message itself, which the translator
    says in each user's language (bot/discord/i18n.py)."""
    return app_commands.locale_str(_clip(str(message)), said=message)


def _discord_name(raw: str, taken: set[str]) -> str:
    name = _NAME.sub("_", raw.lower())[:32] or "arg"
    base, n = name, 2
    while name in taken:
        suffix = f"_{n}"
        name = base[: 32 - len(suffix)] + suffix
        n += 1
    taken.add(name)
    return name


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _token(value: Any, kind: str) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if kind == "float" or isinstance(value, float):
        return _num(float(value))
    text = str(value)
    if kind == "text":
        return text
    return shlex.quote(text) if text == "" or any(c in text for c in " \t'\"\\;") else text


# ------------------------------------------------------------------------------------
# one option of a verb's subcommand
# ------------------------------------------------------------------------------------
@dataclass
class Spec:
    py: str              # the callback's parameter name
    name: str            # the Discord option name
    role: str            # "param" | "flag" | "option"
    param: Param | None  # None for a flag
    index: int = 0       # position among the verb's params

    @property
    def required(self) -> bool:
        return self.role == "param" and not self.param.optional

    def annotation(self) -> Any:
        if self.role == "flag":
            return bool
        p = self.param
        if p.kind == "int":
            if p.low is not None or p.high is not None:
                return app_commands.Range[int, None if p.low is None else int(p.low),
                                          None if p.high is None else int(p.high)]
            return int
        if p.kind == "float":
            if p.low is not None or p.high is not None:
                return app_commands.Range[float, p.low, p.high]
            return float
        if p.kind == "choice" and 0 < len(p.choices) <= MAX_CHOICES:
            return Literal[tuple(p.choices)]  # type: ignore[valid-type]
        return str

    def autocompleted(self) -> bool:
        return self.role != "flag" and (self.param.kind in ("word", "text", "int")
                                        or self.param.kind == "choice" and len(self.param.choices) > MAX_CHOICES)

    def description(self) -> app_commands.locale_str:
        if self.role == "flag":
            return said(msg("add the flag `{flag}`", flag=Cmd(self.name)))
        p = self.param
        what = {"word": msg("a name (suggestions follow the game)"), "int": msg("a whole number"),
                "float": msg("a number"), "choice": msg("one of: {choices}", choices=Cmd(", ".join(p.choices))),
                "text": msg("the rest of the command")}[p.kind]
        if p.low is not None or p.high is not None:
            what = msg("{what} ({range})", what=what,
                       range=Cmd(f"{'' if p.low is None else _num(p.low)}…{'' if p.high is None else _num(p.high)}"))
        if not self.required:
            return said(msg("{name}: {what} — optional", name=Cmd(p.name), what=what))
        return said(msg("{name}: {what}", name=Cmd(p.name), what=what))


def specs_of(verb: Verb) -> list[Spec]:
    taken: set[str] = set()
    specs = [Spec(f"a{i}", _discord_name(p.name, taken), "param", p, i) for i, p in enumerate(verb.params)]
    specs += [Spec(f"f{i}", _discord_name(f, taken), "flag", None, i) for i, f in enumerate(verb.flags)]
    specs += [Spec(f"o{i}", _discord_name(o.name, taken), "option", o, i) for i, o in enumerate(verb.options)]
    if len(specs) > MAX_OPTIONS:
        log.warning("verb %s has more than %d arguments; the last ones are left out", verb.name, MAX_OPTIONS)
    return specs[:MAX_OPTIONS]


def compose(prefix: str, verb: Verb, specs: list[Spec], values: dict[str, Any]) -> str:
    """The command line the console would send: ``/inf place A4 22.5 10.25 prone facing=90``."""
    parts = [prefix, verb.name]
    for spec in specs:
        value = values.get(spec.py)
        if spec.role == "param" and value is not None and value != "":
            parts.append(_token(value, spec.param.kind))
    for spec in specs:
        if spec.role == "flag" and values.get(spec.py):
            parts.append(verb.flags[spec.index])
    for spec in specs:
        value = values.get(spec.py)
        if spec.role == "option" and value is not None and value != "":
            parts.append(f"{spec.param.name}={_token(value, spec.param.kind)}")
    return " ".join(parts)


# ------------------------------------------------------------------------------------
# autocomplete: the legal lines of the user's pending prompt
# ------------------------------------------------------------------------------------
def _split_line(line: str, verb: Verb) -> tuple[list[str], dict[str, str]] | None:
    try:
        tokens = shlex.split(line)
    except ValueError:
        return None
    if not tokens or tokens[0].lower() != verb.name:
        return None
    options = {o.name for o in verb.options}
    positional, opts = [], {}
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if eq and key.lower() in options:
            opts[key.lower()] = value
        elif token.lower() in verb.flags:
            continue
        else:
            positional.append(token)
    return positional, opts


def _user_channel(service: Service, user: str) -> str | None:
    """For a DM: the user's one open game, as the service routes it."""
    channels = service.open_channels(PLATFORM, user)
    return channels[0] if len(channels) == 1 else None


def suggestions(service: Service, channel: str | None, user: str, game_id: str, verb: Verb, spec: Spec,
                filled: dict[int, str]) -> list[str]:
    """Values for `spec` from the lines of the user's pending prompt (blocking: run in a thread)."""
    if channel is None:
        channel = _user_channel(service, user)
        if channel is None:
            return []
    found = service.state(PLATFORM, channel)
    if found is None:
        return []
    game, state, rec = found
    if game.id != game_id or not rec.meta:
        return []
    seat = next((p.get("seat") for p in rec.meta.get("players", []) if p.get("user") == user), None)
    prompt = game.prompts(state).get(seat) if seat else None
    if prompt is None:
        return []
    values: list[str] = []
    for line in (*prompt.actions, *prompt.private):   # the user's own prompt: private lines are theirs
        split = _split_line(line, verb)
        if split is None:
            continue
        positional, opts = split
        if spec.role == "option":
            value = opts.get(spec.param.name)
        else:
            if any(filled.get(i) and filled[i].lower() != positional[i].lower()
                   for i in range(min(spec.index, len(positional)))):
                continue   # an earlier argument already chosen rules this line out
            if spec.index >= len(positional):
                continue
            value = " ".join(positional[spec.index:]) if spec.param.kind == "text" else positional[spec.index]
        if value and "<" not in value and value not in values:
            values.append(value)
    return values


def _rank(values: list[str], current: Any, kind: str = "word") -> list[app_commands.Choice]:
    current = str(current or "").lower()
    if kind == "int":   # an integer option's suggestions must be integers
        values = [v for v in values if re.fullmatch(r"-?\d+", v)]
    starts = [v for v in values if v.lower().startswith(current)]
    contains = [v for v in values if current in v.lower() and v not in starts]
    return [app_commands.Choice(name=_clip(v), value=int(v) if kind == "int" else v[:100])
            for v in (starts + contains)[:MAX_CHOICES]]


def _filled(interaction: discord.Interaction, specs: list[Spec]) -> dict[int, str]:
    """The arguments already given, as the tokens a line would hold (10.0 → "10")."""
    namespace = interaction.namespace
    out = {}
    for s in specs:
        value = getattr(namespace, s.name, None)
        if s.role == "param" and value not in (None, ""):
            out[s.index] = _token(value, "word" if s.param.kind == "text" else s.param.kind).strip("'")
    return out


def make_autocomplete(adapter: "Adapter", game_id: str, verb: Verb, spec: Spec, specs: list[Spec]):
    async def autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if spec.param.kind == "choice":
            return _rank(list(spec.param.choices), current)
        channel = None if interaction.guild_id is None else str(interaction.channel_id)
        try:
            values = await asyncio.to_thread(suggestions, adapter.service, channel, str(interaction.user.id),
                                             game_id, verb, spec, _filled(interaction, specs))
        except Exception:
            log.exception("autocomplete failed")
            values = []
        return _rank(values, current, spec.param.kind)

    return autocomplete


# ------------------------------------------------------------------------------------
# building the tree
# ------------------------------------------------------------------------------------
def verb_command(adapter: "Adapter", game, verb: Verb, parent: app_commands.Group,
                 name: str | None = None) -> app_commands.Command:
    prefix = f"/{game.aliases[0] if game.aliases else game.id}"
    specs = specs_of(verb)

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        text = compose(prefix, verb, specs, values)
        await adapter.run(interaction, text, ephemeral=verb.query, private=verb.private)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    for spec in specs:
        annotation = spec.annotation()
        if spec.required:
            parameters.append(inspect.Parameter(spec.py, inspect.Parameter.KEYWORD_ONLY, annotation=annotation))
        else:
            parameters.append(inspect.Parameter(spec.py, inspect.Parameter.KEYWORD_ONLY,
                                                annotation=Optional[annotation], default=None))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    app_commands.rename(**{s.py: s.name for s in specs})(callback)
    app_commands.describe(**{s.py: s.description() for s in specs})(callback)
    app_commands.autocomplete(**{  # type: ignore
        s.py: make_autocomplete(adapter, game.id, verb, s, specs) for s in specs if s.autocompleted()})(callback)
    description = verb.help or Cmd(verb.usage)
    if verb.private:
        description = msg("{help} (secret: only you see it)", help=description)
    return app_commands.Command(name=name or _discord_name(verb.name, set()), description=said(description),
                                callback=callback, parent=parent)


def game_groups(adapter: "Adapter") -> list[app_commands.Group]:
    groups = []
    for game in all_games():
        verbs = list(game.verbs.values())
        for part in range(0, max(len(verbs), 1), MAX_SUBCOMMANDS):
            name = game.id if part == 0 else f"{game.id}{part // MAX_SUBCOMMANDS + 1}"
            group = app_commands.Group(name=_discord_name(name, set()), description=said(
                msg("{title}: play a move", title=game.title) if part == 0
                else msg("{title}: play a move (more commands)", title=game.title)))
            taken: set[str] = set()
            for verb in verbs[part:part + MAX_SUBCOMMANDS]:
                try:
                    group.add_command(verb_command(adapter, game, verb, group, _discord_name(verb.name, taken)))
                except Exception:   # one odd verb must not take the bot down
                    log.exception("verb %s of %s cannot be a slash command", verb.name, game.id)
            if group.commands:
                groups.append(group)
    return groups


def about(word: str) -> app_commands.locale_str:
    """A platform command's description: its help in the command table (translated by i18n.py)."""
    return said(msg(COMMANDS[word].help))   # clipped to Discord's 100 characters after it is said


def line(*parts: Any) -> str:
    """The console's line from a command's words, the empty ones left out: ``/map north``."""
    return " ".join(str(p) for p in parts if p not in (None, "", False))


# commands of the table that are no slash command, and why
NOT_SLASH = {"lang": "Discord shows each user the commands in his client's language; typed in a DM, /lang sets "
                     "the language of his private messages"}


class TableCommands(commands.Cog, name="table"):
    """The command table's platform commands as slash commands (discord.py's Cog): each option is
    typed and described, and each command composes the line the console would send."""

    def __init__(self, adapter: "Adapter"):
        self.adapter = adapter

    async def run(self, interaction: discord.Interaction, text: str, **how: bool) -> None:
        await self.adapter.run(interaction, text, **how)

    # the lobby -------------------------------------------------------------------------
    @app_commands.command(description=about("new"))
    @app_commands.describe(game="the game to play here", options="the game's key=value options, e.g. target=20",
                           thread="open the game in a new thread of this channel (a table of its own)")
    async def new(self, interaction: discord.Interaction, game: str, options: Optional[str] = None,
                  thread: Optional[bool] = None) -> None:
        await self.run(interaction, line("/new", game, options, thread and "thread"))

    @new.autocomplete("game")
    async def games_offered(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _rank(sorted(available()), current)

    @app_commands.command(description=about("join"))
    @app_commands.describe(code="in a game moved here: your seat's code (sent to you privately at /export)")
    async def join(self, interaction: discord.Interaction, code: Optional[str] = None) -> None:
        await self.run(interaction, line("/join", code))

    @app_commands.command(description=about("leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/leave")

    @app_commands.command(description=about("start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/start")

    @app_commands.command(description=about("abort"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/abort")

    # looks and history -----------------------------------------------------------------
    @app_commands.command(description=about("status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/status")

    @app_commands.command(name="map", description=about("map"))
    @app_commands.describe(region="a part of the board")
    async def map_(self, interaction: discord.Interaction, region: Optional[str] = None) -> None:
        await self.run(interaction, line("/map", region))

    @app_commands.command(description=about("me"))
    @app_commands.describe(what="`all`: every choice as a line of text, not a menu")
    async def me(self, interaction: discord.Interaction, what: Optional[Literal["all"]] = None) -> None:
        await self.run(interaction, line("/me", what), ephemeral=True)

    @app_commands.command(name="log", description=about("log"))
    @app_commands.describe(count="how many actions (default 10)")
    async def log_(self, interaction: discord.Interaction,
                   count: Optional[app_commands.Range[int, 1, 100]] = None) -> None:
        await self.run(interaction, line("/log", count))

    @app_commands.command(description=about("replay"))
    @app_commands.describe(action="the action number (see /log)")
    async def replay(self, interaction: discord.Interaction, action: app_commands.Range[int, 0, 100000]) -> None:
        await self.run(interaction, f"/replay {action}")

    @app_commands.command(description=about("undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/undo")

    # records -----------------------------------------------------------------------------
    @app_commands.command(description=about("export"))
    async def export(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/export")

    @app_commands.command(name="import", description=about("import"))
    @app_commands.describe(file="a Strategos export, or the transfer file of a game moved here")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > IMPORT_LIMIT:
            await interaction.response.send_message(_said(interaction, "That file is too large to be a Strategos "
                                                                       "export."), ephemeral=True)
            return
        data = await file.read()
        await self.run(interaction, "/import " + data.decode("utf-8", "replace"))

    @app_commands.command(description=about("verify"))
    async def verify(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/verify")

    # seats and robots ------------------------------------------------------------------
    @app_commands.command(description=about("replace"))
    @app_commands.describe(seat="the absent seat", user="who takes it",
                           robot="a robot takes it (its player comes /back)")
    async def replace(self, interaction: discord.Interaction, seat: str, user: Optional[discord.User] = None,
                      robot: Optional[bool] = None) -> None:
        await self.run(interaction, f"/replace {seat} robot" if robot or user is None
                       else f"/replace {seat} <@{user.id}>")

    @app_commands.command(description=about("handover"))
    @app_commands.describe(user="who takes your seat", cancel="withdraw the invitation you proposed")
    async def handover(self, interaction: discord.Interaction, user: Optional[discord.User] = None,
                       cancel: Optional[bool] = None) -> None:
        await self.run(interaction, "/handover cancel" if cancel or user is None else f"/handover <@{user.id}>")

    @app_commands.command(description=about("agree"))
    async def agree(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/agree")

    @app_commands.command(description=about("spectate"))
    @app_commands.describe(off="stop watching")
    async def spectate(self, interaction: discord.Interaction, off: Optional[bool] = None) -> None:
        await self.run(interaction, line("/spectate", off and "off"), ephemeral=True)

    robot = app_commands.Group(name="robot", description=about("robot"))

    @robot.command(name="add", description="seat robots in the lobby")
    @app_commands.describe(count="how many robots (default 1)",
                           level="how strong: 1 (a beginner) to 5 (the deepest search); default: the table's level=")
    @app_commands.choices(level=[app_commands.Choice(name=said(name), value=number) for number, name in LEVEL_CHOICES])
    async def robot_add(self, interaction: discord.Interaction,
                        count: Optional[app_commands.Range[int, 1, 100]] = None,
                        level: Optional[app_commands.Choice[int]] = None) -> None:
        await self.run(interaction, line("/robot add", count, level and f"level={level.value}"))

    @robot.command(name="remove", description="take a robot out of the lobby")
    async def robot_remove(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/robot remove")

    # between games and vacation (bot/service/between.py, bot/service/away.py) ---------------
    @app_commands.command(description=about("rematch"))
    @app_commands.describe(decline="decline the rematch asked for")
    async def rematch(self, interaction: discord.Interaction, decline: Optional[bool] = None) -> None:
        await self.run(interaction, line("/rematch", decline and "no"))

    @app_commands.command(description=about("stats"))
    @app_commands.describe(game="one game's results only")
    async def stats(self, interaction: discord.Interaction, game: Optional[str] = None) -> None:
        await self.run(interaction, line("/stats", game))

    @stats.autocomplete("game")
    async def stats_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _rank(sorted(available()), current)

    @app_commands.command(description=about("away"))
    @app_commands.describe(time="how long, e.g. 3d, 12h or 2d12h (/back ends it sooner)")
    async def away(self, interaction: discord.Interaction, time: str) -> None:
        await self.run(interaction, f"/away {time}")

    @app_commands.command(description=about("back"))
    async def back(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/back")

    # the player's own ------------------------------------------------------------------
    @app_commands.command(description=about("games"))
    async def games(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "/games", ephemeral=True)

    @app_commands.command(description=about("link"))
    @app_commands.describe(code="the code your other account got")
    async def link(self, interaction: discord.Interaction, code: Optional[str] = None) -> None:
        await self.run(interaction, line("/link", code), ephemeral=True)

    @app_commands.command(description=about("web"))
    @app_commands.describe(me="your private page (sent to you only)")
    async def web(self, interaction: discord.Interaction, me: Optional[bool] = None) -> None:
        await self.run(interaction, line("/web", me and "me"), ephemeral=bool(me))

    @app_commands.command(description=about("remind"))
    @app_commands.describe(setting="on, off, tz Europe/Madrid, quiet 23-08 (empty: ping the pending players)")
    async def remind(self, interaction: discord.Interaction, setting: Optional[str] = None) -> None:
        await self.run(interaction, line("/remind", setting), ephemeral=bool(setting))

    @app_commands.command(name="help", description=about("help"))
    @app_commands.describe(topic="a command or a game")
    async def help_(self, interaction: discord.Interaction, topic: Optional[str] = None) -> None:
        await self.run(interaction, line("/help", topic), ephemeral=True)

    @help_.autocomplete("topic")
    async def help_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _rank(sorted(COMMANDS) + sorted(available()), current)

    @app_commands.command(description=about("rules"))
    @app_commands.describe(term="a rule's name or its §", game="the game (default: this channel's)")
    async def rules(self, interaction: discord.Interaction, term: str, game: Optional[str] = None) -> None:
        await self.run(interaction, line("/rules", game, term), ephemeral=True)

    @rules.autocomplete("term")
    async def rules_terms(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _rank(sorted({name for terms in glossaries().values() for term in terms
                             for names in term.names.values() for name in names}), current)


def _said(interaction: discord.Interaction, msgid: str) -> str:
    from bot.words.i18n import gettext_, of_locale

    return gettext_(of_locale(interaction.locale), msgid)


def plain_command(adapter: "Adapter", word: str) -> app_commands.Command:
    """A command of the table that the Cog does not declare yet: `/word [arguments]`, so a new
    entry of the table is a slash command from the start (its own typed options can come later)."""
    async def callback(interaction: discord.Interaction, arguments: Optional[str] = None) -> None:
        await adapter.run(interaction, line(f"/{word}", arguments))

    app_commands.describe(arguments=_clip(COMMANDS[word].usage))(callback)
    return app_commands.Command(name=word, description=about(word), callback=callback)


async def install_tree(bot: commands.Bot, adapter: "Adapter") -> app_commands.CommandTree:
    """The whole tree: the Cog of the table's commands, a plain command for any entry it does
    not declare, and one group per game built from its grammar."""
    await bot.add_cog(TableCommands(adapter))
    tree = bot.tree
    taken = {command.name for command in tree.get_commands()}
    for word in COMMANDS:
        if word not in taken and word not in NOT_SLASH and _NAME.sub("", word) == word:
            tree.add_command(plain_command(adapter, word))
            taken.add(word)
    for group in game_groups(adapter):
        if group.name in taken:
            log.warning("game group /%s clashes with a platform command; left out", group.name)
            continue
        tree.add_command(group)
    return tree


# ------------------------------------------------------------------------------------
# syncing only when the tree changed
# ------------------------------------------------------------------------------------
def tree_payload(tree: app_commands.CommandTree) -> list[dict]:
    """What `tree.sync()` would send (global commands, no translator)."""
    return sorted((c.to_dict(tree) for c in tree.get_commands()), key=lambda d: (d["name"], d.get("type", 1)))


def tree_hash(tree: app_commands.CommandTree) -> str:
    from bot.discord.i18n import catalogue_digest

    data = json.dumps(tree_payload(tree), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256((data + catalogue_digest()).encode()).hexdigest()   # translations count too


def hash_key(service: Service, application_id: int | None) -> str:
    return f"discord:tree-hash:{application_id or 'app'}"


async def sync_if_changed(tree: app_commands.CommandTree, service: Service, application_id: int | None) -> bool:
    """Sync the global commands when their hash differs from the one stored in Redis."""
    key = hash_key(service, application_id)
    digest = tree_hash(tree)
    stored = await asyncio.to_thread(service.setting, key)   # None when unreadable: sync
    if stored == digest:
        log.info("command tree unchanged (%s); no sync", digest[:12])
        return False
    synced = await tree.sync()
    log.info("synced %d commands (tree %s)", len(synced), digest[:12])
    await asyncio.to_thread(service.set_setting, key, digest)
    return True
