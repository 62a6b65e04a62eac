"""One person's accounts and games: /link between platforms, /games everywhere."""
from __future__ import annotations

import secrets as _secrets

import redis

from bot.service.common import Topic
from bot.service.timers import _span
from bot.service.types import Command, Reply
from bot.store import StoreError
from core.message import Cmd, join, msg
from core.registry import get_game


class Accounts(Topic):
    """/link and /games."""

    # /link: one person's accounts on several platforms ------------------------------------------
    def link_key(self, code: str) -> str:
        return f"{self.store.prefix}:link:{code}"

    def linked(self, platform: str, user: str) -> list[tuple[str, str]]:
        """(platform, user) of every account linked with this one, itself first."""
        peers = self.store.user_prefs(platform, user).get("accounts")
        out = [(platform, user)]
        for item in (peers.split(",") if peers else []):
            plat, _, uid = item.partition(":")
            if (plat, uid) not in out:
                out.append((plat, uid))
        return out

    def link(self, rest: str, cmd: Command) -> Reply:



        code = rest.strip()
        try:
            if not code:
                code = f"{_secrets.randbelow(10 ** 8):08d}"
                self.store.redis.set(self.link_key(code), f"{cmd.platform}:{cmd.user}", ex=600)
                return Reply(private={cmd.user: [msg("Send /link {code} to the bot from your other "
                                                     "account (on the other platform) within 10 "
                                                     "minutes: /games will then list both.",
                                                     code=Cmd(code))]})
            raw = self.store.redis.getdel(self.link_key(code))
        except redis.RedisError as exc:
            raise StoreError("The game store (Redis) cannot be reached right now; nothing was changed.") from exc
        if raw is None:
            return Reply.refuse(msg("That link code is unknown or expired; ask for a new one with "
                                    "/link."), "BAD_CODE")
        plat, _, uid = raw.decode().partition(":")
        group = dict.fromkeys(self.linked(cmd.platform, cmd.user) + self.linked(plat, uid))
        value = ",".join(f"{p}:{u}" for p, u in group)
        for p, u in group:
            self.store.set_user_pref(p, u, "accounts", value)
        return Reply(private={cmd.user: [msg("Linked: {accounts}.",
                                             accounts=join(", ", (f'{p} {u}' for p, u in group)))]})

    # /games ------------------------------------------------------------------------------------
    def games(self, rest: str, cmd: Command) -> Reply:
        lines = []
        for plat, user in self.service.accounts.linked(cmd.platform, cmd.user):
            for channel in self.store.user_channels(plat, user):
                rec = self.store.load(plat, channel)
                if rec is None or rec.meta is None or rec.meta["status"] not in ("lobby", "playing"):
                    continue
                game = get_game(rec.meta["game"])
                where = f"{plat} {channel}" + ("" if plat == cmd.platform else " (linked account)")
                if rec.meta["status"] == "lobby":
                    lines.append(msg("• {title} in {where}: lobby, not started.", title=game.title, where=where))
                    continue
                names = {p.get("seat"): p for p in rec.meta["players"]}
                pending = list(game.prompts(rec.state))
                mine = any(names.get(s, {}).get("user") == user for s in pending)
                who = join(", ", (msg("{name} ({seat})", name=Cmd(names[s]["name"]), seat=Cmd(s)) if s in names
                                  else Cmd(s) for s in pending)) if pending else msg("nobody")
                turn = msg("your turn") if mine else msg("waiting for {who}", who=who)
                lines.append(msg("• {title} in {where}: {turn} (version {version}).", title=game.title, where=where,
                                 turn=turn, version=rec.version))
        until = self.service.away.until(cmd.platform, cmd.user)
        away = [msg("You are away for {span} more; /back ends it.", span=_span(until - self.clock()))] if until else []
        if not lines:
            return Reply(private={cmd.user: [msg("You sit in no open game.")] + away})
        return Reply(private={cmd.user: [msg("Your games:")] + lines + away})



