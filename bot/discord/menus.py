"""Discord: a menu of choices (bot/service/menus.py) as a select menu and a back button,
walked by editing the message in place.

The select's custom_id carries the page's address (`Menu.at`: channel, version, a digest of
the lines, seat, private or public, path) and each option's value the path it opens; the back
button's custom_id the page before. Both are `DynamicItem`s, so a menu still works after a
restart and nothing is kept for it: the service builds the menu again from the stored game.
A press goes to the adapter (`Adapter.press_menu`, bot/discord/out.py): the next page is
drawn in place; a choice plays its line through the normal command path and the spent menu
is taken off.

A level that chooses a place comes with its crop of the map (`Menu.crop`), each option's
number on it and on its option (`➌ Issos`), attached to the menu's own message: a level's
press swaps it in the message's attachments (its other pictures kept), a level without places
and the spent menu take it off. No message is added for a crop.
"""
from __future__ import annotations

import re

import discord

from bot.service.types import HINT, HINT_LABEL, Menu
from bot.words.i18n import gettext_, of_locale


def view_of(menu: Menu) -> discord.ui.View:
    """The page as a view: its choices in one select menu, then a back button (not on the first page),
    then a private menu's /hint button where the table allows hints."""
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=(gettext_(menu.lang, "More…") if o.more
                                           else o.badge + o.label + ("" if o.leaf else " ▸"))[:100] or "…",
                                    value=o.path or "-")
               for o in menu.options]
    view.add_item(MenuSelect(menu.at(menu.path), options, gettext_(menu.lang, "Choose one")))
    if menu.back is not None:
        view.add_item(MenuKey("k", menu.at(menu.back), "◂ " + gettext_(menu.lang, "Back")))
    if menu.hint:
        view.add_item(MenuKey("h", menu.at(HINT), HINT_LABEL))
    view.stop()   # presses are routed by the dynamic items' templates, not by this object
    return view


def with_menu(view: discord.ui.View | None, menu: Menu) -> discord.ui.View:
    """A public message's buttons (other seats') with a menu under them."""
    if view is None:
        return view_of(menu)
    for item in view_of(menu).children:
        view.add_item(item)
    return view


def title(menu: Menu) -> str:
    trail = " › ".join(menu.trail)
    return gettext_(menu.lang, "Choose:") + (f" **{discord.utils.escape_markdown(trail)}**" if trail else "")


class MenuSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"sg:m:(?P<where>[^|]+\|.+)"):
    """A page's choices; the chosen option's value is the path it opens."""

    def __init__(self, where: str, options: list[discord.SelectOption] | None = None, placeholder: str = "…"):
        super().__init__(discord.ui.Select(custom_id=f"sg:m:{where}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="…", value="-")]))
        self.where = where

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> "MenuSelect":
        return cls(match["where"], list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if not values:
            await interaction.response.send_message(gettext_(of_locale(interaction.locale), "Pick one of the actions."),
                                                    ephemeral=True)
            return
        page = self.where.rsplit("|", 1)[0]
        await interaction.client.strategos.press_menu(interaction, f"{page}|{values[0]}")  # type: ignore[attr-defined]


class MenuKey(discord.ui.DynamicItem[discord.ui.Button], template=r"sg:(?P<kind>[kh]):(?P<where>[^|]+\|.+)"):
    """A key under a menu that opens another of its pages: back to the page before (k), or /hint for
    the menu's seat (h, issue 35: the advice comes privately and the menu stays)."""

    def __init__(self, kind: str, where: str, label: str):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"sg:{kind}:{where}"))
        self.where = where

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "MenuKey":
        return cls(match["kind"], match["where"], item.label or "◂")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.strategos.press_menu(interaction, self.where)  # type: ignore[attr-defined]
