"""Discord adapter, part 2: a `Reply` turned into Discord messages.

Everything the service decided is rendered here and nothing is decided: public lines,
the picture and the pending prompt's buttons go to the game's channel; the sender's
refusal and private lines go back ephemerally; other players' private lines go by
direct message (with a secret-free sentence in the channel when their DMs are closed).
Buttons are `DynamicItem`s whose custom_id carries channel, version and action line, so
a press still works after a restart.
"""
from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import re
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord import menus
from bot.service import Service, new_thread
from bot.service.batching import DISCORD_CHANNEL, RobotRun, asks_a_person
from bot.service.types import CROP_FILE, HINT, Button, Command, Menu, Picture, Reply
from bot.service.types import chunks as split_lines

log = logging.getLogger("strategos.discord")

PLATFORM = "discord"
MESSAGE_LIMIT = 2000          # characters of one Discord message
DEFAULT_FILE_LIMIT = 10 * 1024 * 1024
CUSTOM_ID_LIMIT = 100
BUTTON_TTL = 14 * 24 * 3600   # how long a long button line stays resolvable
MAX_PLAIN_BUTTONS = 5         # more than this: one select menu
SELECT_LIMIT = 25
MEMBER_TTL = 300              # how long "this user is (not) a member of that server" is believed
THREAD_ARCHIVE = 10080        # minutes without a message before Discord hides a game's thread (a week)
THREAD_NAME_LIMIT = 100


# ------------------------------------------------------------------------------------
# buttons and select menus that survive a restart
# ------------------------------------------------------------------------------------
def _line_key(line: str) -> str:
    return hashlib.sha1(line.encode()).hexdigest()[:16]


def encode_line(service: Service, channel: str, line: str, room: int) -> str:
    """The line itself when it fits in `room` characters, else ``~KEY`` with the line in Redis."""
    if len(line) <= room and not line.startswith("~"):
        return line
    key = _line_key(line)
    service.cache_set(PLATFORM, channel, f"btn:{key}", line.encode(), BUTTON_TTL)
    return f"~{key}"


def decode_line(service: Service, channel: str, value: str) -> str | None:
    if not value.startswith("~"):
        return value
    raw = service.cache_get(PLATFORM, channel, f"btn:{value[1:]}")
    return raw.decode() if raw is not None else None


def button_id(channel: str, version: int, value: str) -> str:
    return f"sg:b:{channel}:{version}:{value}"


def select_id(channel: str, version: int) -> str:
    return f"sg:s:{channel}:{version}"


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"sg:b:(?P<channel>\d+):(?P<version>\d+):(?P<value>.+)"):
    """One legal action of the pending prompt; a press plays its line at its version."""

    def __init__(self, channel: str, version: int, value: str, label: str = "…"):
        super().__init__(discord.ui.Button(label=label[:80] or "…", style=discord.ButtonStyle.primary,
                                           custom_id=button_id(channel, version, value)))
        self.channel, self.version, self.value = channel, version, value

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "ActionButton":
        return cls(match["channel"], int(match["version"]), match["value"], item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await adapter_of(interaction).press(interaction, self.channel, self.version, self.value)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"sg:s:(?P<channel>\d+):(?P<version>\d+)"):
    """The pending prompt's actions as a select menu (when there are more than five)."""

    def __init__(self, channel: str, version: int, options: list[discord.SelectOption] | None = None,
                 lang: str = "en"):
        super().__init__(discord.ui.Select(custom_id=select_id(channel, version),
                                           placeholder=_t(lang, "Choose an action"),
                                           options=options or [discord.SelectOption(label="…", value="…")]))
        self.channel, self.version = channel, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> "ActionSelect":
        return cls(match["channel"], int(match["version"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or self.item.values
        if not values:
            await interaction.response.send_message(_t(interaction.locale, "Pick one of the actions."),
                                                    ephemeral=True)
            return
        await adapter_of(interaction).press(interaction, self.channel, self.version, values[0])


def adapter_of(interaction: discord.Interaction) -> "Adapter":
    return interaction.client.strategos  # type: ignore[attr-defined]


def build_view(service: Service, channel: str, buttons: list[Button], lang: str = "en") -> discord.ui.View | None:
    """Buttons (≤ 5) or a select menu for the prompt's actions (its placeholder in `lang`); the view
    is stopped so the client never keeps it in memory: presses are routed by the dynamic items' templates."""
    if not buttons or not channel or not channel.isdigit():
        return None
    view = discord.ui.View(timeout=None)
    # one control per distinct line: the service knows the presser's seat
    seats_of: dict[str, list[str]] = {}
    first: dict[str, Button] = {}
    for b in buttons:
        seats_of.setdefault(b.line, []).append(b.seat)
        first.setdefault(b.line, b)
    several = len({b.seat for b in buttons}) > 1
    unique = list(first.values())

    def label(b: Button) -> str:
        owners = seats_of[b.line]
        return f"{owners[0]}: {b.label}" if several and len(owners) == 1 else b.label

    if len(unique) <= MAX_PLAIN_BUTTONS:
        for b in unique:
            prefix = len(button_id(channel, b.version, ""))
            view.add_item(ActionButton(channel, b.version,
                                       encode_line(service, channel, b.line, CUSTOM_ID_LIMIT - prefix), label(b)))
    else:
        options = [discord.SelectOption(label=label(b)[:100] or "…", value=encode_line(service, channel, b.line, 100))
                   for b in unique[:SELECT_LIMIT]]
        view.add_item(ActionSelect(channel, unique[0].version, options, lang))
    view.stop()
    return view


# ------------------------------------------------------------------------------------
# where answers go
# ------------------------------------------------------------------------------------
class Outlet:
    """The sender's side of a command: `send(ephemeral, **message)`."""

    async def send(self, ephemeral: bool, **message: Any) -> None:
        raise NotImplementedError

    async def finish(self) -> None:
        pass

    file_limit: int = DEFAULT_FILE_LIMIT
    where: str | None = None   # the channel the command was typed in (None: a direct message)

    @property
    def locale(self):
        """The sender's client language where the platform says it (an interaction's), else None."""
        interaction = getattr(self, "interaction", None)
        return interaction.locale if interaction is not None else None


class InteractionOutlet(Outlet):
    """Answers to a deferred interaction. The first follow-up replaces the "thinking…"
    message and keeps the deferral's visibility, so a private first answer after a public
    deferral deletes that message and then follows up ephemerally."""

    def __init__(self, interaction: discord.Interaction, deferred_ephemeral: bool):
        self.interaction = interaction
        self.deferred_ephemeral = deferred_ephemeral
        self.resolved = False
        self.where = str(interaction.channel_id) if interaction.guild_id is not None else None
        limit = getattr(interaction, "filesize_limit", None) or getattr(interaction, "attachment_size_limit", None)
        self.file_limit = int(limit) if limit else DEFAULT_FILE_LIMIT

    async def send(self, ephemeral: bool, **message: Any) -> None:
        if not self.resolved:
            self.resolved = True
            if ephemeral and not self.deferred_ephemeral:
                try:
                    await self.interaction.delete_original_response()
                except discord.HTTPException:
                    log.debug("could not delete the deferred response")
        await self.interaction.followup.send(ephemeral=ephemeral or self.deferred_ephemeral, **message)

    async def finish(self) -> None:
        if not self.resolved:
            await self.send(True, content="Done.")


class FollowUpOutlet(Outlet):
    """Answers as follow-ups of an interaction whose response was used already (a menu's
    choice: its response edited the menu)."""

    def __init__(self, interaction: discord.Interaction):
        self.interaction = interaction

    async def send(self, ephemeral: bool, **message: Any) -> None:
        await self.interaction.followup.send(ephemeral=ephemeral, **message)


class ChannelOutlet(Outlet):
    """Answers to a plain direct message: replies in that DM (private by nature)."""

    def __init__(self, channel: discord.abc.Messageable):
        self.channel = channel
        self.sent = False

    async def send(self, ephemeral: bool, **message: Any) -> None:
        self.sent = True
        await self.channel.send(**message)

    async def finish(self) -> None:
        if not self.sent:
            await self.send(True, content="Done.")


# ------------------------------------------------------------------------------------
# the adapter: commands in, replies out
# ------------------------------------------------------------------------------------
@dataclass
class Outgoing:
    """One message to post: text chunks, then attachments, buttons and mentions on the last."""

    lines: list[str] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    view: discord.ui.View | None = None
    mentions: list[str] = field(default_factory=list)
    lang: str = "en"

    def your_move(self) -> str:
        from bot.words.i18n import gettext_

        return gettext_(self.lang, "Your move:") + " " + " ".join(f"<@{u}>" for u in self.mentions)

    def empty(self) -> bool:
        return not (self.lines or self.files or self.view or self.mentions)


_CODE_SPAN = re.compile(r"(`[^`\n]+`)")


def _t(locale, msgid: str, **values) -> str:
    """The adapter's own sentence in the user's (interaction locale) or the reply's language."""
    from bot.words.i18n import gettext_, of_locale

    return gettext_(of_locale(locale), msgid, **values)


def markdown_line(line: str) -> str:
    """A service line for Discord: markdown escaped (no masked link, heading or bold from
    what a user typed), `code` spans kept as they are (the service quotes user text in them)."""
    return "".join(part if _CODE_SPAN.fullmatch(part) else _escaped(part) for part in _CODE_SPAN.split(line))


def _escaped(text: str) -> str:
    """discord.py's escape, and every `[` escaped: its own pattern for a masked link is greedy,
    so of two names like `[x](https://…)` in one line it escapes the first only."""
    return discord.utils.escape_markdown(text).replace("\\[", "[").replace("[", "\\[")


def display_name(user: discord.abc.User) -> str:
    """The name the service shows for a user, safe inside any line: a backtick would pair with
    one of the service's code spans (which `markdown_line` keeps as they are) and leave the
    rest of the name, a masked link say, unescaped. It becomes a look-alike (U+02CB)."""
    return (getattr(user, "display_name", None) or user.name).replace("`", "\u02cb")


def chunks(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Lines packed into Discord messages (the platform's one chunking function)."""
    return split_lines(lines, limit)


def mention_allowance(users: list[str]) -> discord.AllowedMentions:
    return discord.AllowedMentions(users=[discord.Object(int(u)) for u in users if u.isdigit()],
                                   everyone=False, roles=False, replied_user=False)


NO_PING = discord.AllowedMentions.none()


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MiB"


class Adapter:
    """Service ↔ Discord. Holds no rule: it builds `Command`s and renders `Reply`s."""

    def __init__(self, service: Service, client: discord.Client):
        self.service = service
        self.client = client
        # the robots' run in each channel: one message edited in place, within 5 messages per 5 s
        self.robot_runs = RobotRun(DISCORD_CHANNEL, MESSAGE_LIMIT)
        self._run_messages: dict[str, dict[str, discord.PartialMessage]] = {}

    # commands in ---------------------------------------------------------------------
    @staticmethod
    def command(interaction: discord.Interaction, text: str, *, private: bool = False,
                version: int | None = None, channel: str | None = None) -> Command:
        in_dm = interaction.guild_id is None
        if channel is None and not in_dm:
            channel = str(interaction.channel_id) if interaction.channel_id else None
        admin = not in_dm and bool(interaction.permissions.manage_channels)
        user = interaction.user
        return Command(PLATFORM, None if in_dm and channel is None else channel, str(user.id), text,
                       name=display_name(user),
                       private=private or in_dm, version=version, admin=admin,
                       key=f"dci:{interaction.id}",   # the interaction id: a command counts once
                       server=None if in_dm else str(interaction.guild_id))   # /stats: the guild's results

    async def run(self, interaction: discord.Interaction, text: str, *, ephemeral: bool = False,
                  private: bool = False) -> Reply:
        """A slash command: defer at once, ask the service in a thread, render the reply.

        `ephemeral`: only the sender sees the answer (help, /me, queries). `private`: the
        command is a secret (a private verb): answered ephemerally, its announced outcome
        posted in the channel. A look (status, map…) that changed nothing is answered where asked.
        """
        opening = new_thread(text) if interaction.guild_id is not None else None
        if opening is not None:
            return await self.run_in_new_thread(interaction, *opening)
        ephemeral = ephemeral or private
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        cmd = self.command(interaction, text, private=private)
        return await self.dispatch(cmd, InteractionOutlet(interaction, ephemeral), ephemeral)

    async def run_in_new_thread(self, interaction: discord.Interaction, text: str, title: str) -> Reply | None:
        """`/new GAME ... thread`: a public thread of this channel is opened for the game, which is a
        table of its own there (a thread is a channel to the store); the lobby is posted in it, the
        sender is told where. A refused /new leaves no empty thread behind."""
        await interaction.response.defer(thinking=True, ephemeral=True)
        outlet = InteractionOutlet(interaction, True)
        parent = interaction.channel
        if not isinstance(parent, discord.TextChannel):
            await outlet.send(True, content=_t(interaction.locale, "A game's thread is opened from a text channel. "
                                               "In a thread, /new without thread opens the game in the thread itself."))
            return None
        name = f"{title} — {display_name(interaction.user)}"[:THREAD_NAME_LIMIT]
        try:
            kind = discord.ChannelType.news_thread if parent.is_news() else discord.ChannelType.public_thread
            thread = await parent.create_thread(name=name, type=kind, auto_archive_duration=THREAD_ARCHIVE)
        except discord.HTTPException as exc:
            log.info("no thread opened in %s: %s", parent.id, exc)
            await outlet.send(True, content=_t(interaction.locale, "I cannot open a thread here: the bot needs the "
                                               "Create Public Threads and Send Messages in Threads permissions. A "
                                               "thread someone opened works too: type /new in it."))
            return None
        await asyncio.to_thread(self.service.thread_opened, PLATFORM, str(parent.id), str(thread.id))
        reply = await self.dispatch(self.command(interaction, text, channel=str(thread.id)), outlet, True)
        try:
            if reply.error:
                await self.discard_thread(thread)
            else:
                await thread.add_user(interaction.user)   # the thread shows in the creator's list at once
        except discord.HTTPException as exc:
            log.info("thread %s not tidied: %s", thread.id, exc)
        return reply

    @staticmethod
    async def discard_thread(thread: discord.Thread) -> None:
        """Deleting a thread takes Manage Threads, which the bot does not ask for; without it the
        thread it opened is archived (its opener may do that), out of the channel's list."""
        try:
            await thread.delete()
        except discord.Forbidden:
            await thread.edit(archived=True)

    async def press(self, interaction: discord.Interaction, channel: str, version: int, value: str) -> Reply | None:
        """A button or select press: the line it carries, at the version it was drawn for."""
        await interaction.response.defer(thinking=True)
        outlet = InteractionOutlet(interaction, False)
        if str(interaction.channel_id) != channel:
            # the rights (admin) come from the channel clicked: the game must come from it too
            await outlet.send(True, content=_t(interaction.locale, "This button belongs to a game in another "
                                               "channel, so it was not used. Use /status in that channel."))
            return None
        line = await asyncio.to_thread(decode_line, self.service, channel, value)
        if line is None:
            await outlet.send(True, content=_t(interaction.locale, "This button is too old to remember its "
                                               "action; use /status, then type the command."))
            return None
        cmd = self.command(interaction, line, version=version, channel=channel)
        return await self.dispatch(cmd, outlet, False)

    async def press_menu(self, interaction: discord.Interaction, where: str) -> None:
        """A press on a menu of choices (bot/discord/menus.py; `where`: the page's address): the
        next page drawn in place, a refusal to the presser alone, or the choice played (the menu
        taken off its message, the outcome delivered as any command's)."""
        channel = where.split("|", 1)[0]
        if interaction.guild_id is not None and str(interaction.channel_id) != channel:
            await interaction.response.send_message(_t(interaction.locale, "This menu has expired. /me shows your "
                                                       "choices now."), ephemeral=True)
            return
        private = where.split("|")[4:5] == ["x"]
        cmd = Command(PLATFORM, None, str(interaction.user.id), "", name=display_name(interaction.user),
                      private=private, key=f"dci:{interaction.id}")
        reply = await asyncio.to_thread(self.service.press_menu, cmd, where)
        if reply.page is not None:
            await interaction.response.edit_message(content=menus.title(reply.page), view=menus.view_of(reply.page),
                                                    **await self.crop_swapped(interaction.message, reply.page.crop))
            if reply.error:   # a refused press carries the fresh menu: the refusal to the presser alone
                await interaction.followup.send(chunks([markdown_line(reply.error)])[0], ephemeral=True)
        elif reply.error:
            await interaction.response.send_message(chunks([markdown_line(reply.error)])[0], ephemeral=True)
        elif where.endswith(f"|{HINT}"):   # the hint, to the presser alone: the menu stays for the choice itself
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.deliver(Command(PLATFORM, channel, cmd.user, "", private=True), reply,
                               FollowUpOutlet(interaction), True)
        else:   # the choice is made: the menu is spent, and its crop with it
            await interaction.response.edit_message(view=None, **await self.crop_swapped(interaction.message, None))
            played = Command(PLATFORM, channel, cmd.user, "", private=private)
            await self.deliver(played, reply, FollowUpOutlet(interaction), private)

    async def crop_swapped(self, message: discord.Message | None, crop: Picture | None) -> dict:
        """The `attachments` of a menu's message moved to another level: its other pictures kept,
        the last level's crop replaced by this one's (or taken off); nothing when neither has one."""
        old = list(getattr(message, "attachments", None) or [])
        kept = [a for a in old if not a.filename.startswith(CROP_FILE)]
        files = (await self.files([(crop.filename, crop)], DEFAULT_FILE_LIMIT))[0] if crop is not None else []
        return {"attachments": [*kept, *files]} if files or len(kept) < len(old) else {}

    async def dispatch(self, cmd: Command, outlet: Outlet, ephemeral: bool) -> Reply:
        if cmd.channel is None and not await self.still_member(cmd):
            await outlet.send(True, content=_t(None, "You are no longer a member of that game's group, so you "
                                                     "cannot play it from here."))
            return Reply.refuse("not a member", "NOT_A_MEMBER")
        try:
            reply = await asyncio.to_thread(self.service.handle, cmd)
        except Exception:
            log.exception("the service failed on a command")
            await outlet.send(True, content=_t(outlet.locale, "Something went wrong on our side; nothing was "
                                                              "changed. Try again in a moment."))
            return Reply.refuse("internal error", "INTERNAL")
        try:
            await self.deliver(cmd, reply, outlet, ephemeral)
        except Exception:
            log.exception("a reply could not be delivered")
        return reply

    async def still_member(self, cmd: Command) -> bool:
        """Whether the sender of a direct message still belongs to the server of the game it acts
        on: a member removed from a server stops playing its game and pinging it. Discord's
        answer is cached for MEMBER_TTL seconds."""
        channel = await asyncio.to_thread(self.service.private_target, PLATFORM, cmd.user, cmd.text)
        if channel is None or not channel.isdigit() or not cmd.user.isdigit():
            return True   # no game's channel, or not a Discord one: the service answers
        scope, name = f"user:{cmd.user}", f"member:{channel}"
        cached = await asyncio.to_thread(self.service.cache_get, PLATFORM, scope, name)
        if cached is not None:
            return cached == b"1"
        try:
            where = self.client.get_channel(int(channel)) or await self.client.fetch_channel(int(channel))
            guild_id = getattr(where, "guild_id", None) or getattr(getattr(where, "guild", None), "id", None)
            if guild_id is None:
                return True
            await self.client.http.get_member(guild_id, int(cmd.user))
            inside = True
        except discord.NotFound:
            inside = False
        except discord.HTTPException as exc:   # unknown (no access, a hiccup): the service's own checks hold
            log.info("membership of %s for channel %s unknown: %s", cmd.user, channel, exc)
            return True
        await asyncio.to_thread(self.service.cache_set, PLATFORM, scope, name, b"1" if inside else b"0", MEMBER_TTL)
        return inside

    # replies out ---------------------------------------------------------------------
    async def deliver(self, cmd: Command, reply: Reply, outlet: Outlet, ephemeral: bool) -> None:
        sender = cmd.user
        channel = reply.channel or cmd.channel
        # a private command (a DM, a secret verb) or one for another channel (a new thread) that acted:
        # the game's channel hears the outcome
        elsewhere = (cmd.channel is None or cmd.private or cmd.channel != outlet.where) and reply.changed \
            and channel is not None
        with_buttons = elsewhere or (cmd.channel is not None and not ephemeral)
        public = await self.outgoing(reply, channel if with_buttons else None,
                                     DEFAULT_FILE_LIMIT if elsewhere else outlet.file_limit)
        if not public.empty():
            if elsewhere:
                await self.post(channel, public)
            else:
                await self.answer(outlet, public, ephemeral)
        if reply.error:
            await outlet.send(True, content=chunks([markdown_line(reply.error)])[0], allowed_mentions=NO_PING)
        own = chunks([markdown_line(line) for line in reply.private.get(sender, [])])
        for i, text in enumerate(own):
            menu = reply.menus.get(sender) if i == len(own) - 1 else None   # his choices under his lines
            last = i == len(own) - 1
            page = page_button(self.service, reply.private.get(sender, []),
                               reply.private_langs.get(sender, reply.lang)) if last and menu is None else None
            await outlet.send(True, content=text, allowed_mentions=NO_PING,
                              **(await self.with_menu(menu, outlet.file_limit) if menu is not None else
                                 {"view": page} if page is not None else {}))
        if sender in reply.private_images:
            files, notes = await self.files([(p.filename, p) for p in [reply.private_images[sender]]],
                                            outlet.file_limit, reply.private_langs.get(sender, reply.lang))
            if files or notes:
                await outlet.send(True, content="\n".join(notes) or None, files=files, allowed_mentions=NO_PING)
        if elsewhere and not public.empty() and not reply.error and sender not in reply.private:
            await outlet.send(True, content=_t(reply.lang, "Done: posted in {where}.", where=f"<#{channel}>"),
                              allowed_mentions=NO_PING)
        await outlet.finish()
        await self.tell_others(reply, sender, channel)

    async def with_menu(self, menu: Menu, limit: int) -> dict:
        """A message's menu: its view, and the first page's crop when it chooses a place."""
        files = (await self.files([(menu.crop.filename, menu.crop)], limit))[0] if menu.crop is not None else []
        return {"view": menus.view_of(menu), **({"files": files} if files else {})}

    async def outgoing(self, reply: Reply, channel: str | None, limit: int) -> Outgoing:
        out = Outgoing(lines=[markdown_line(line) for line in reply.public], mentions=list(reply.mentions),
                       lang=reply.lang)
        pictures = []
        if reply.image is not None:
            pictures.append((reply.image.filename, reply.image))
        if reply.file is not None:
            pictures.append(reply.file)
        if reply.menu is not None and reply.menu.crop is not None and channel:   # beside the position's picture
            pictures.append((reply.menu.crop.filename, reply.menu.crop))
        if pictures:
            out.files, notes = await self.files(pictures, limit, reply.lang)
            out.lines += notes
        if reply.buttons and channel:
            out.view = await asyncio.to_thread(build_view, self.service, channel, reply.buttons, reply.lang)
        if reply.menu is not None and channel:
            out.view = menus.with_menu(out.view, reply.menu)
        return out

    async def files(self, items: list[tuple[str, Any]], limit: int,
                    lang: str = "en") -> tuple[list[discord.File], list[str]]:
        """Attachments (pictures rendered off the loop), or a sentence in `lang` for one too large."""
        files, notes = [], []
        for name, item in items:
            try:
                data = item if isinstance(item, (bytes, bytearray)) else await asyncio.to_thread(item.render)
            except Exception:
                log.exception("a picture could not be drawn")
                notes.append(_t(lang, "(The picture could not be drawn this time; /map tries again.)"))
                continue
            if len(data) > limit:
                notes.append(_t(lang, "({name} is {size}, over the {allowed} upload limit here, so it is not "
                                      "attached.)", name=name, size=_size(len(data)), allowed=_size(limit)))
                continue
            files.append(discord.File(io.BytesIO(data), filename=name))
        return files, notes

    async def answer(self, outlet: Outlet, out: Outgoing, ephemeral: bool) -> None:
        """The public part as the answer to the command itself (it replaces "thinking…")."""
        texts = chunks(out.lines) or [None]
        for i, text in enumerate(texts):
            last = i == len(texts) - 1
            message: dict[str, Any] = {"content": text, "allowed_mentions": NO_PING}
            if last:
                if out.files:
                    message["files"] = out.files
                if out.view is not None and not ephemeral:
                    message["view"] = out.view
            if message["content"] is None and "files" not in message and "view" not in message:
                continue
            await outlet.send(ephemeral, **message)
        if out.mentions and not ephemeral:
            # a separate message: an edited "thinking…" message would not notify anyone
            await outlet.send(False, content=out.your_move(),
                              allowed_mentions=mention_allowance(out.mentions))

    async def post(self, channel: str, out: Outgoing) -> bool:
        """The public part straight to a channel (reminders, private commands, DMs)."""
        target = self.client.get_partial_messageable(int(channel))
        lines = list(out.lines)
        if out.mentions:
            lines.append(out.your_move())
        texts = chunks(lines) or [None]
        for i, text in enumerate(texts):
            last = i == len(texts) - 1
            message: dict[str, Any] = {"content": text,
                                       "allowed_mentions": mention_allowance(out.mentions) if last else NO_PING}
            if last and out.files:
                message["files"] = out.files
            if last and out.view is not None:
                message["view"] = out.view
            try:
                await target.send(**message)
            except discord.HTTPException as exc:
                log.warning("could not post in channel %s: %s", channel, exc)
                return False
        return True

    async def tell_others(self, reply: Reply, sender: str, channel: str | None) -> None:
        """Other players' private lines and pictures, by direct message."""
        users = [u for u in {*reply.private, *reply.private_images} if u != sender]
        closed = []
        for user in users:
            if not user.isdigit():
                continue
            texts = chunks([markdown_line(line) for line in reply.private.get(user, [])])
            files, notes = [], []
            if user in reply.private_images:
                picture = reply.private_images[user]
                files, notes = await self.files([(picture.filename, picture)], DEFAULT_FILE_LIMIT,
                                                reply.private_langs.get(user, reply.lang))
            try:
                dm = await self.client.create_dm(discord.Object(int(user)))
                menu = reply.menus.get(user)
                for i, text in enumerate(texts + (["\n".join(notes)] if notes else [])):
                    under = await self.with_menu(menu, DEFAULT_FILE_LIMIT) \
                        if menu is not None and i == len(texts) - 1 else {}
                    await dm.send(content=text, allowed_mentions=NO_PING, **under)
                if files:
                    await dm.send(files=files)
            except discord.Forbidden:
                closed.append(user)
            except discord.HTTPException as exc:
                log.warning("could not send a direct message: %s", exc)
                closed.append(user)
        if closed and channel:
            who = " ".join(f"<@{u}>" for u in closed)
            sentence = _t(reply.lang, "{who}: I have something private for you but cannot send you a direct "
                              "message. Allow direct messages from this server's members, then use /me here.", who=who)
            try:
                await self.client.get_partial_messageable(int(channel)).send(content=sentence,
                                                                            allowed_mentions=NO_PING)
            except discord.HTTPException as exc:
                log.warning("could not post the closed-DM notice in %s: %s", channel, exc)

    async def post_robot(self, reply: Reply) -> bool:
        """A robot's move: its lines appended to the robots' run message (edited in place), the
        activation's picture posted, or put in place of the run's last one when the channel's rate
        is reached (bot/service/batching.py)."""
        channel = reply.channel
        lines = [markdown_line(line) for line in reply.public]
        step = self.robot_runs.plan(channel, lines, reply.image is not None)
        target = self.client.get_partial_messageable(int(channel))
        ids = self._run_messages.setdefault(channel, {})
        try:
            if step.text is not None:
                text = "\n".join(step.text)
                if step.edit_text and "text" in ids:
                    await ids["text"].edit(content=text, allowed_mentions=NO_PING)
                else:
                    sent = await target.send(content=text, allowed_mentions=NO_PING)
                    ids["text"] = target.get_partial_message(sent.id)
            if step.picture:
                files, notes = await self.files([(reply.image.filename, reply.image)], DEFAULT_FILE_LIMIT, reply.lang)
                if step.edit_picture and "picture" in ids:
                    await ids["picture"].edit(attachments=files)
                else:
                    sent = await target.send(content="\n".join(notes) or None, files=files, allowed_mentions=NO_PING)
                    ids["picture"] = target.get_partial_message(sent.id)
                    ids.pop("text", None)
        except discord.HTTPException as exc:
            log.warning("could not post a robot's move in channel %s: %s", channel, exc)
            return False
        return True

    # reminders -----------------------------------------------------------------------
    async def remind_once(self) -> int:
        replies = await asyncio.to_thread(self.service.due_reminders, PLATFORM)
        posted = 0
        for reply in replies:
            if reply.channel and reply.channel.isdigit():
                if reply.robot and not asks_a_person(reply) and not reply.error:
                    if await self.post_robot(reply):
                        await asyncio.to_thread(self.service.reminded, reply)
                        await self.tell_others(reply, "", reply.channel)
                        posted += 1
                    continue
                self.robot_runs.new_message(reply.channel)
                if await self.post(reply.channel, await self.outgoing(reply, reply.channel, DEFAULT_FILE_LIMIT)):
                    await asyncio.to_thread(self.service.reminded, reply)   # else it comes due again
                    await self.tell_others(reply, "", reply.channel)   # private choices, privately
                    posted += 1
        return posted


def page_button(service, lines: list[str], lang: str) -> discord.ui.View | None:
    """A seat's private page (/web me) as a link button under his answer (Discord has no Mini App
    yet: docs/deploy.md says what an Activity would take)."""
    link = service.pages.seat_link(lines)
    if link is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=link, label=_t(lang, "Your private view")))
    return view
