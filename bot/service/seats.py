"""Seats over days: /replace an absent player, /handover your seat, /agree; /spectate."""
from __future__ import annotations

import re

from bot.service.common import Topic, seat_of
from bot.service.types import Command, Reply, Write
from bot.store import Record


class Seats(Topic):
    """Who sits where once the game is under way, and who watches."""

    def replace(self, rest: str, cmd: Command, channel: str, rec: Record):
        return self.invite(rest, cmd, channel, rec, "replace")

    def handover(self, rest: str, cmd: Command, channel: str, rec: Record):
        return self.invite(rest, cmd, channel, rec, "handover")

    def invite(self, rest: str, cmd: Command, channel: str, rec: Record, kind: str):
        meta = rec.meta
        if meta["status"] != "playing":
            return Reply.refuse(f"/{kind} works while the game is in play.", "NOT_PLAYING", channel)
        mine = seat_of(meta, cmd.user)
        if mine is None:
            return Reply.refuse(f"Only a seated player can /{kind}.", "NOT_SEATED", channel)
        words = rest.split()
        if kind == "replace":
            absent = [p["seat"] for p in meta["players"] if p.get("absent")]
            seat = next((w.upper() for w in words if w.upper() in {p["seat"] for p in meta["players"]}), None)
            seat = seat or (absent[0] if len(absent) == 1 else None)
            if seat is None or seat not in absent:
                return Reply.refuse("Only an absent seat (three deadlines missed in a row) can be replaced; "
                                    f"absent now: {', '.join(absent) or 'nobody'}. Usage: /replace SEAT @user.",
                                    "NOT_ABSENT", channel)
            words = [w for w in words if w.upper() != seat]
            agree_from = []
        else:
            seat = mine
            agree_from = [p["user"] for p in meta["players"] if p["user"] and p["user"] != cmd.user
                          and not p.get("absent")]
        if len(words) != 1:
            return Reply.refuse(f"Name one user: /{kind} {'SEAT ' if kind == 'replace' else ''}@user.",
                                "MALFORMED", channel)
        ref = _user_ref(words[0])
        if any(_is(p["user"], p["name"], ref) for p in meta["players"] if p["user"]):
            return Reply.refuse("That user already sits in this game.", "ALREADY_SEATED", channel)
        meta = dict(meta, invite={"kind": kind, "seat": seat, "ref": ref, "by": cmd.user,
                                  "waiting": agree_from + ["@new"]})
        others = " ".join(f"<@{u}>" if u.isdigit() else u for u in agree_from)
        if agree_from:
            text = (f"{cmd.name or cmd.user} proposes {words[0]} for seat {seat}. Each other player ({others}) "
                    f"and {words[0]} type /agree to confirm.")
        else:
            text = f"{cmd.name or cmd.user} proposes {words[0]} for seat {seat}; {words[0]} types /agree to confirm."
        return Write(lambda version: Reply(public=[text]), meta=meta)

    def agree(self, rest: str, cmd: Command, channel: str, rec: Record):
        meta = rec.meta
        invite = meta.get("invite")
        if not invite:
            return Reply.refuse("Nothing waits for your agreement here.", "NOTHING_TO_AGREE", channel)
        waiting = list(invite["waiting"])
        if cmd.user in waiting:
            waiting.remove(cmd.user)
        elif "@new" in waiting and _is(cmd.user, cmd.name, invite["ref"]):
            waiting.remove("@new")
            invite = dict(invite, user=cmd.user, name=cmd.name or cmd.user)
        else:
            return Reply.refuse("Your agreement is not asked for (or was given already).", "NOT_ASKED", channel)
        meta = dict(meta, invite=dict(invite, waiting=waiting))
        if waiting:
            return Write(lambda version: Reply(public=[f"{cmd.name or cmd.user} agrees; still waiting for "
                                                       f"{len(waiting)}."]), meta=meta)
        players = [dict(p) for p in meta["players"]]
        old = next(p for p in players if p["seat"] == invite["seat"])
        old_user = old["user"]
        old.update(user=invite["user"], name=invite["name"])
        old.pop("absent", None)
        meta.pop("invite")
        meta["players"] = players
        meta["misses"] = {s: n for s, n in (meta.get("misses") or {}).items() if s != invite["seat"]}

        def done(version: int) -> Reply:
            return Reply(public=[f"{invite['name']} now plays seat {invite['seat']}."])
        index = {old_user: False} if old_user else {}
        return Write(done, meta=meta, index=index | {invite["user"]: True})

    # /spectate ---------------------------------------------------------------------------------
    def spectate(self, rest: str, cmd: Command, channel: str, rec: Record):
        meta = rec.meta
        if seat_of(meta, cmd.user) is not None:
            return Reply.refuse("You play in this game; spectators are the others.", "SEATED", channel)
        watching = list(meta.get("spectators") or [])
        stop = rest.strip().lower() == "off"
        if stop and cmd.user not in watching:
            return Reply.refuse("You are not watching this game.", "NOT_WATCHING", channel)
        if not stop and cmd.user in watching:
            return Reply.refuse("You watch this game already (/spectate off to stop).", "WATCHING", channel)
        watching = [u for u in watching if u != cmd.user] if stop else watching + [cmd.user]
        meta = dict(meta, spectators=watching)
        text = ("You no longer watch this game." if stop else
                "You watch this game: its public messages and prompts come to you privately (/spectate off stops).")
        return Write(lambda version: Reply(private={cmd.user: [text]}), meta=meta)


def _user_ref(word: str) -> str:
    """`<@123>`, `<@!123>`, `123`, `@name` or `name` → a comparable reference."""
    match = re.fullmatch(r"<@!?(\d+)>", word)
    return match.group(1) if match else word.lstrip("@").lower()


def _is(user: str, name: str, ref: str) -> bool:
    return ref in (user, (name or "").lower(), (name or "").lower().replace(" ", ""))
