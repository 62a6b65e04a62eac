"""Looking at a game: /status, /map, /me. Nothing here writes."""
from __future__ import annotations

import importlib

import render
from bot.service.common import Topic, playing, seat_of, shown
from bot.service.menus import choices
from bot.service.types import Command, Reply
from bot.store import Record
from bot.words.describe import describe as readable
from bot.words.names import player_name, winners
from core.game import Game, seat_ref
from core.message import Cmd, join, msg
from core.registry import get_game


class Looks(Topic):
    """/status, /map and /me."""

    def status(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        reply = self.position(cmd, rec, channel)
        link = self.service.pages.link_line(cmd.platform, channel, rec.meta)
        if link and rec.meta["status"] != "lobby":
            reply.public.append(link)
        return reply

    def position(self, cmd: Command, rec: Record, channel: str | None = None) -> Reply:
        """/status without the page's link: the position, who must decide, the deadline."""
        meta = rec.meta
        game = get_game(meta["game"])
        if meta["status"] == "lobby":
            names = join(", ", map(player_name, meta["players"])) if meta["players"] else msg("nobody yet")
            return Reply(public=[msg("{title} lobby. Seated: {names}. /join, then /start.", title=game.title,
                                     names=names)],
                         version=rec.version)
        summary = game.summary(rec.state)
        reply = Reply(public=[status_line(game, summary, rec.version)], version=rec.version)
        who = winners(game, meta, rec.state, summary["winner"]) if summary["finished"] else ""
        if who:
            reply.public.append(msg("Winner: {who}.", who=who))
        self.service.narration.prompt_lines(reply, game, meta, rec.state, rec.version, cmd.user, channel=channel)
        self.service.timers.timer_lines(reply, game, meta, rec.state)
        return reply

    def map(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = playing(rec)
        if not render.has_picture(game.id):
            return Reply.refuse(msg("{title} has no picture yet; /status tells the position.", title=game.title),
                                "NO_PICTURE")
        region = rest.strip() or None
        if region is not None:
            named = map_regions(game.id)
            key = region.lower().replace("_", "-").replace(" ", "-")
            if key not in named:
                known = msg("Its regions: {list}", list=join(", ", map(Cmd, named))) if named else \
                    msg("{title}'s map has no regions", title=game.title)
                return Reply.refuse(msg("There is no map region {shown}. {known}; /map without a "
                                        "region draws the whole map.",
                                        shown=Cmd(shown(region)), known=known), "NO_REGION")
            region = key
        picture = self.service.narration.picture(cmd.platform, channel, game, rec.state, rec.version, None, region)
        return Reply(image=picture,
                     version=rec.version)

    def me(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = playing(rec)
        seat = seat_of(rec.meta, cmd.user)
        if seat is None:
            return Reply.refuse(msg("You are not seated in this game, so there is no private view."), "NOT_SEATED")
        what = rest.strip().lower()
        if what not in ("", "all"):
            return Reply.refuse(msg("/me takes nothing or `all` (got {got}): /me shows your view and "
                                    "your choices as a menu, `/me all` lists every choice as text.",
                                    got=Cmd(shown(rest))), "MALFORMED")
        reply = Reply(version=rec.version)
        reply.tell(cmd.user, describe_view(game, game.view(rec.state, seat), rec.state))
        if rec.meta["status"] == "playing" and seat in game.prompts(rec.state):
            if what == "all":
                lines = choices(game, rec.state, seat, True)
                if lines:
                    reply.tell(cmd.user, msg("Your choices ({count}):", count=len(lines)))
                    reply.private[cmd.user] += [Cmd(f"`{line}`") for line in lines]
            else:
                menu = self.service.menus.root(game, channel, rec.meta, rec.state, rec.version, seat, True)
                if menu is not None:
                    reply.tell(cmd.user, msg("Your private choices ({count}): pick one below; `/me "
                                             "all` lists them as text.",
                                             count=menu.count))
                    reply.menus[cmd.user] = menu
        if render.has_picture(game.id):
            reply.private_images[cmd.user] = self.service.narration.picture(cmd.platform, channel, game, rec.state,
                                                           rec.version, seat, None)
        return reply


def map_regions(game_id: str) -> list[str]:
    """The named parts of a game's map its drawer offers (`REGIONS` of render/<game>.py), so a
    wrong name is refused before anything is drawn."""
    module = importlib.import_module(f"render.{game_id}")
    return list(getattr(module, "REGIONS", {}) or {})




def status_line(game: Game, summary: dict, version: int) -> str:
    keys = [k for k in ("turn", "phase", "round", "segment", "step") if summary.get(k) is not None]
    seats = set(summary.get("seats") or ())   # a game's "turn" may be a seat (StarCraft's): its player
    shown = {k: seat_ref(summary[k]) if isinstance(summary[k], str) and summary[k] in seats else summary[k]
             for k in keys}
    where = join(", ", (msg(f"{k} {{{k}}}", **{k: shown[k]}) for k in keys))
    if summary["finished"]:
        return msg("{title} (version {version}) over: {where}.", title=game.title, version=version, where=where) \
            if keys else msg("{title} (version {version}) over.", title=game.title, version=version)
    return msg("{title} (version {version}) in play: {where}.", title=game.title, version=version, where=where) \
        if keys else msg("{title} (version {version}) in play.", title=game.title, version=version)


def describe_view(game: Game, view: dict, state: dict | None = None) -> str:
    """A private view as text: the game may offer `describe(view)`, else readable lines with
    what only this player sees first (never raw JSON, never cut mid-field)."""
    describe = getattr(game, "describe", None)
    if describe is not None:
        return describe(view)
    return readable(view, game.view(state, None) if state is not None else None)
