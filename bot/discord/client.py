"""The Discord adapter: `strategos discord` (DISCORD_TOKEN).

Thin by design: slash commands and button presses become `Command`s for the one
service; its `Reply`s become messages, pictures, buttons, ephemeral answers and direct
messages. No rule of any game is checked here.

- bot/discord/tree.py  the slash-command tree built from the games' grammars, autocomplete,
                       and the tree hash that decides whether to sync
- bot/discord/out.py   Reply → Discord (deferral, follow-ups, files, buttons, DMs, reminders)
- this file            the sharded client, its start-up, reminders, plain DMs, `run`
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord.menus import MenuKey, MenuSelect
from bot.discord.out import PLATFORM, ActionButton, ActionSelect, Adapter, ChannelOutlet, display_name
from bot.discord.tree import install_tree, sync_if_changed
from bot.service import STORE_ERRORS, Outage, Service
from bot.service.types import Command

log = logging.getLogger("strategos.discord")

REMIND_EVERY = 60.0


class StrategosClient(commands.AutoShardedBot):
    """A sharded bot with the Strategos command tree (the table's commands as a Cog, the games'
    groups from their grammars) and persistent buttons. Slash commands only: no prefix command
    is read (`on_message` below takes a DM's plain text to the service instead)."""

    def __init__(self, service: Service, *, shard_count: int | None = None, shard_ids: list[int] | None = None,
                 sync: bool = True, remind_every: float = REMIND_EVERY, **options):
        intents = discord.Intents.none()
        intents.guilds = True         # channels and threads the commands arrive from
        intents.dm_messages = True    # plain-text commands sent to the bot in a DM
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, intents=intents,
                         shard_count=shard_count, shard_ids=shard_ids,
                         allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                                         private_channel=False),
                         allowed_installs=app_commands.AppInstallationType(guild=True, user=False), **options)
        self.service = service
        self.strategos = Adapter(service, self)
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        self.sync = sync
        self.remind_every = remind_every
        # discord.ext.tasks polls the Redis schedule: it reconnects, logs and keeps going
        self.reminder_loop = tasks.loop(seconds=max(remind_every, 1.0))(self.remind_round)
        self.reminder_loop.before_loop(self.wait_until_ready)
        self.outage = Outage("Discord's reminder loop", log)

    @staticmethod
    def dynamic_item_classes() -> tuple[type, ...]:
        return (ActionButton, ActionSelect, MenuSelect, MenuKey)

    async def setup_hook(self) -> None:
        from bot.discord.i18n import StrategosTranslator

        self.add_dynamic_items(*self.dynamic_item_classes())
        await install_tree(self, self.strategos)
        await self.tree.set_translator(StrategosTranslator())   # descriptions in es and ru
        if self.sync:
            try:
                await sync_if_changed(self.tree, self.service, self.application_id)
            except discord.HTTPException as exc:
                log.error("could not sync the slash commands: %s", exc)
        if self.remind_every > 0:
            self.reminder_loop.start()

    async def close(self) -> None:
        self.reminder_loop.cancel()
        await super().close()

    async def remind_round(self) -> None:
        """One look at the schedule: due deadlines played and announced, due reminders posted."""
        try:
            await self.strategos.remind_once()
            self.outage.recovered()
        except STORE_ERRORS as exc:   # the store away: the next round tries again, logged once a minute
            self.outage.failed(exc)
        except Exception:   # one bad round must not stop the loop
            log.exception("reminders failed this round")

    async def on_ready(self) -> None:
        log.info("Discord: logged in as %s (shards %s of %s, %d guilds)", self.user, self.shard_ids,
                 self.shard_count, len(self.guilds))

    async def on_message(self, message: discord.Message) -> None:
        """A plain message in a DM with the bot is a private command (e.g. `g=123 /tl secret x`)."""
        if message.guild is not None or message.author.bot or not message.content.strip():
            return
        text = message.content.strip()
        cmd = Command(PLATFORM, None, str(message.author.id), text, name=display_name(message.author),
                      private=True, key=f"dcm:{message.id}")
        await self.strategos.dispatch(cmd, ChannelOutlet(message.channel), True)

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        log.error("slash command failed: %s", error, exc_info=error)
        from bot.words.i18n import gettext_, of_locale

        sentence = gettext_(of_locale(interaction.locale), "That command could not be read; try /help.")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(sentence, ephemeral=True)
            else:
                await interaction.response.send_message(sentence, ephemeral=True)
        except discord.HTTPException:
            pass


def shard_ids_of(text: str | None) -> list[int] | None:
    if not text or not text.strip():
        return None
    return [int(part) for part in text.replace(" ", "").split(",") if part]


def make_client(settings, service: Service | None = None) -> StrategosClient:
    from bot.wiring import make_service

    count = settings.discord_shard_count
    ids = shard_ids_of(settings.discord_shard_ids)
    if ids is not None and not count:
        raise ValueError("DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT (the total number of shards).")
    if ids is not None and any(not 0 <= i < count for i in ids):
        raise ValueError(f"DISCORD_SHARD_IDS must be between 0 and {count - 1} (DISCORD_SHARD_COUNT={count}).")
    return StrategosClient(service or make_service(settings), shard_count=count, shard_ids=ids)


def run(settings) -> int:
    """Start the bot; returns the process exit status."""
    if not settings.discord_token:
        print("DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal, put its token in "
              "DISCORD_TOKEN (environment or .env) and run `strategos discord` again. See docs/discord.md.")
        return 2
    try:
        client = make_client(settings)
    except ValueError as exc:
        print(f"Cannot start the Discord bot: {exc}")
        return 2
    try:
        client.run(settings.discord_token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN (check it in the Developer Portal → Bot → Reset Token).")
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Discord refused a privileged intent; this bot needs none — check the application settings.")
        return 1
    except (OSError, discord.GatewayNotFound, discord.HTTPException) as exc:
        print(f"Cannot reach Discord ({type(exc).__name__}: {exc}). Check the network and try again.")
        return 1
    return 0
