"""Seats over days: /replace an absent player, /handover your seat, /agree; /spectate."""
from __future__ import annotations

import re

from bot.service.common import Topic, seat_of, shown
from bot.service.types import Command, Reply, Write
from bot.store import Record
from core.message import Cmd, msg


class Seats(Topic):
    """Who sits where once the game is under way, and who watches."""

    def replace(self, rest: str, cmd: Command, channel: str, rec: Record):
        return self.invite(rest, cmd, channel, rec, "replace")

    def handover(self, rest: str, cmd: Command, channel: str, rec: Record):
        return self.invite(rest, cmd, channel, rec, "handover")

    def invite(self, rest: str, cmd: Command, channel: str, rec: Record, kind: str):
        """A seated player proposes a user for a seat (his own, or an absent one). Every other
        present player and the invited user then /agree; the invited user is known by his
        platform id alone (a display name is anybody's to take)."""
        meta = rec.meta
        if meta["status"] != "playing":
            return Reply.refuse(msg("/{kind} works while the game is in play.", kind=Cmd(kind)), "NOT_PLAYING", channel)
        mine = seat_of(meta, cmd.user)
        words = rest.split()
        pending = meta.get("invite")
        if words == ["cancel"]:
            return self.cancel(cmd, channel, meta, pending)
        if mine is None:
            return Reply.refuse(msg("Only a seated player can /{kind}.", kind=Cmd(kind)), "NOT_SEATED", channel)
        if pending:   # one at a time: a second would silently drop the agreements given to the first
            return Reply.refuse(msg("An invitation waits already: {user} for seat {seat}, proposed by "
                                    "{name}. It must be agreed first, or withdrawn by its proposer "
                                    "with /{kind} cancel.",
                                    user=_who(pending['ref']), seat=pending['seat'], name=_who(pending['by']),
                                    kind=Cmd(pending['kind'])), "INVITE_PENDING", channel)
        if kind == "replace":
            absent = [p["seat"] for p in meta["players"] if p.get("absent")]
            named = {w: s for w in words for s in (p["seat"] for p in meta["players"]) if w.lower() == s.lower()}
            seat = next(iter(named.values()), None) or (absent[0] if len(absent) == 1 else None)
            if seat is None or seat not in absent:
                return Reply.refuse(msg("Only an absent seat (three deadlines missed in a row) can be "
                                        "replaced; absent now: {absent}. Usage: /replace SEAT @user.",
                                        absent=', '.join(absent) or 'nobody'),
                                    "NOT_ABSENT", channel)
            words = [w for w in words if w not in named]
            if [w.lower() for w in words] == ["robot"]:   # nobody's hand changes owner: no agreement asked
                return self.service.robots.replace(seat, cmd, channel, rec)
        else:
            seat = mine
        # the proposer's own agreement is his proposal; the seat's absent holder is not asked
        agree_from = [p["user"] for p in meta["players"] if p["user"] and p["user"] != cmd.user
                      and p["seat"] != seat and not p.get("absent")]
        if len(words) != 1:
            return Reply.refuse(msg("Name one user: /{kind} {seat}@user.", kind=Cmd(kind),
                                    seat='SEAT ' if kind == 'replace' else ''),
                                "MALFORMED", channel)
        ref = _user_ref(words[0], cmd.platform)
        if ref is None:
            return Reply.refuse(msg("Name the user with a mention the platform resolves to an account, "
                                    "not a name typed as text (anybody can call himself {shown}). On "
                                    "Discord pick the user in the command's user option; on Telegram "
                                    "send /{kind} as a reply to one of that user's messages.",
                                    shown=Cmd(shown(words[0])), kind=Cmd(kind)), "NOT_A_MENTION", channel)
        if any(p["user"] == ref for p in meta["players"]):
            return Reply.refuse(msg("That user already sits in this game."), "ALREADY_SEATED", channel)
        meta = dict(meta, invite={"kind": kind, "seat": seat, "ref": ref, "by": cmd.user,
                                  "waiting": agree_from + ["@new"]})
        others = " ".join(_who(u) for u in agree_from)
        invited = _who(ref)
        if agree_from:
            text = (msg("{name} proposes {user} for seat {seat}. Each other player ({others}) and "
                        "{user2} type /agree to confirm.", name=cmd.name or cmd.user,
                        user=invited, seat=seat, others=others, user2=invited))
        else:
            text = msg("{name} proposes {user} for seat {seat}; {user2} types /agree to confirm.",
                       name=cmd.name or cmd.user, user=invited, seat=seat, user2=invited)
        return Write(lambda version: Reply(public=[text]), meta=meta)

    def cancel(self, cmd: Command, channel: str, meta: dict, pending: dict | None):
        if not pending:
            return Reply.refuse(msg("No invitation waits here."), "NOTHING_TO_CANCEL", channel)
        if pending["by"] != cmd.user:
            return Reply.refuse(msg("Only its proposer ({name}) can withdraw the invitation.",
                                    name=_who(pending['by'])),
                                "NOT_YOURS", channel)
        meta = {k: v for k, v in meta.items() if k != "invite"}
        text = msg("{name} withdraws the invitation of {user} for seat {seat}.", name=cmd.name or cmd.user,
                   user=_who(pending['ref']), seat=pending['seat'])
        return Write(lambda version: Reply(public=[text]), meta=meta)

    def agree(self, rest: str, cmd: Command, channel: str, rec: Record):
        meta = rec.meta
        invite = meta.get("invite")
        if not invite:
            return Reply.refuse(msg("Nothing waits for your agreement here."), "NOTHING_TO_AGREE", channel)
        waiting = list(invite["waiting"])
        if cmd.user in waiting:
            waiting.remove(cmd.user)
        elif "@new" in waiting and cmd.user == invite["ref"]:
            waiting.remove("@new")
            invite = dict(invite, user=cmd.user, name=cmd.name or cmd.user)
        else:
            return Reply.refuse(msg("Your agreement is not asked for (or was given already)."), "NOT_ASKED", channel)
        meta = dict(meta, invite=dict(invite, waiting=waiting))
        if waiting:
            return Write(lambda version: Reply(public=[msg("{name} agrees; still waiting for {count}.",
                                                           name=cmd.name or cmd.user, count=len(waiting))]), meta=meta)
        players = [dict(p) for p in meta["players"]]
        old = next(p for p in players if p["seat"] == invite["seat"])
        old_user = old["user"]
        old.update(user=invite["user"], name=invite["name"])
        old.pop("absent", None)
        meta.pop("invite")
        meta["players"] = players
        meta["misses"] = {s: n for s, n in (meta.get("misses") or {}).items() if s != invite["seat"]}

        def done(version: int) -> Reply:
            return Reply(public=[msg("{name} now plays seat {seat}.", name=invite['name'], seat=invite['seat'])])
        index = {old_user: False} if old_user else {}
        return Write(done, meta=meta, index=index | {invite["user"]: True})

    # /spectate ---------------------------------------------------------------------------------
    def spectate(self, rest: str, cmd: Command, channel: str, rec: Record):
        meta = rec.meta
        if seat_of(meta, cmd.user) is not None:
            return Reply.refuse(msg("You play in this game; spectators are the others."), "SEATED", channel)
        watching = list(meta.get("spectators") or [])
        stop = rest.strip().lower() == "off"
        if stop and cmd.user not in watching:
            return Reply.refuse(msg("You are not watching this game."), "NOT_WATCHING", channel)
        if not stop and cmd.user in watching:
            return Reply.refuse(msg("You watch this game already (/spectate off to stop)."), "WATCHING", channel)
        watching = [u for u in watching if u != cmd.user] if stop else watching + [cmd.user]
        meta = dict(meta, spectators=watching)
        text = (msg("You no longer watch this game.") if stop else
                msg("You watch this game: its public messages and prompts come to you privately "
                    "(/spectate off stops)."))
        return Write(lambda version: Reply(private={cmd.user: [text]}), meta=meta)


# platforms whose user ids are not what a user types: there a user is named only by a mention
# that carries his id (`<@id>`), never by a name
NAMED_BY_ID = frozenset({"discord", "telegram"})


def _user_ref(word: str, platform: str) -> str | None:
    """`<@123>` or `<@!123>` → "123"; on the console (where a typed name is the user id),
    `@name` or `name` → "name"; None: a name typed on a platform where it is no id."""
    match = re.fullmatch(r"<@!?(\d+)>", word)
    if match:
        return match.group(1)
    return None if platform in NAMED_BY_ID else word.lstrip("@")


def _who(user: str) -> str:
    """A user as a mention the adapters show by name (`<@id>`), or his console name."""
    return f"<@{user}>" if user.isdigit() else user
