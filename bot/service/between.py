"""Between games: /rematch (the same table again) and /stats (a server's results and ratings).

A game's result is written by its ending write, in the same compare-and-set (`Store.commit`'s
`result`), into its server's results, keyed by the game's id: a retried or repeated ending
counts once. The server is the Discord guild or the Telegram chat (`Command.server`, kept in
the game's meta at /new); a channel without one is its own.

Ratings come from openskill's Plackett-Luce model (a Bayesian rating for free-for-all games of
any number of players: a winner ranks first, every other seat ties for second, a draw ties all),
one rating per game and player, shown as its conservative estimate μ − 3σ. Robots are left out
of the ratings (a robot's strength is its think budget, and its id names a seat, not a player):
their games count in the tally of wins by seat or faction, and the humans of a game are rated
among themselves when at least two sat.
"""
from __future__ import annotations

import copy
import secrets

from openskill.models import PlackettLuce

from bot.service.common import Topic, game_or_none, seat_of, shown
from bot.service.robots import is_robot_user
from bot.service.types import Command, Reply, Write
from bot.store import Record, Result
from core.game import Game
from core.message import Cmd, join, msg
from core.registry import get_game

MODEL = PlackettLuce()


def server_of(cmd: Command, channel: str | None) -> str | None:
    """Where a command's results are kept: its server, else its channel (None in a private chat)."""
    return cmd.server or channel


def game_id(channel: str, meta: dict) -> str:
    """A game's id among its server's results: its channel and the nonce drawn at /new."""
    return f"{channel}:{meta.get('nonce') or meta.get('seed_sha256')}"


def result_of(game: Game, platform: str, channel: str, meta: dict, state: dict, at: float) -> Result:
    """The result of a game that has just ended, to be written by its ending write."""
    _, winner, reason = game.outcome(state)
    winners = winner if isinstance(winner, list) else [winner] if winner else []
    try:   # the faction each seat plays, where the game's summary names one
        info = game.seat_colours(state) or {}
    except Exception:   # noqa: BLE001 — a label never costs a game its result
        info = {}
    seats = []
    for p in meta["players"]:
        if not p.get("seat"):
            continue
        side = info.get(p["seat"]) if isinstance(info.get(p["seat"]), dict) else {}
        # a faction by its name where the summary gives one (StarCraft's); a colour is not a faction
        faction = (side.get("name") or side["faction"]) if side.get("faction") else None
        seats.append({"seat": p["seat"], "user": p["user"], "name": p.get("away_name") or p["name"],
                      "robot": is_robot_user(p["user"]), "faction": faction})
    data = {"id": game_id(channel, meta), "game": game.id, "at": at, "seats": seats,
            "winners": [str(w) for w in winners], "reason": reason, "hints": bool(meta.get("hinted"))}
    return Result(platform, meta.get("server") or channel, data["id"], data)


def tally(results: list[dict], start: dict | None = None) -> dict:
    """The server's tally after `results` (in the order they ended), from `start`: games played,
    wins by game and by seat or faction, and each player's rating in each game."""
    out = start or {"games": 0, "by_game": {}, "ratings": {}}
    for result in results:
        out["games"] += 1
        by_game = out["by_game"].setdefault(result["game"], {"games": 0, "wins": {}, "played": {}})
        by_game["games"] += 1
        by_game["hinted"] = by_game.get("hinted", 0) + bool(result.get("hints"))   # games where /hint was used
        winners = set(result["winners"])
        for seat in result["seats"]:
            side = seat.get("faction") or seat["seat"]
            by_game["played"][side] = by_game["played"].get(side, 0) + 1
            if seat["seat"] in winners:
                by_game["wins"][side] = by_game["wins"].get(side, 0) + 1
        rate(out["ratings"].setdefault(result["game"], {}), result)
    return out


def rate(ratings: dict, result: dict) -> None:
    """One result applied to a game's ratings (user → [μ, σ, games, name]): humans only."""
    humans = [s for s in result["seats"] if not s["robot"] and s["user"]]
    if len(humans) < 2:
        return
    winners = set(result["winners"])
    before = [MODEL.create_rating(ratings[s["user"]][:2], name=s["user"]) if s["user"] in ratings
              else MODEL.rating(name=s["user"]) for s in humans]
    ranks = [1 if not winners or s["seat"] in winners else 2 for s in humans]
    after = MODEL.rate([[r] for r in before], ranks=ranks)
    for seat, (new,) in zip(humans, after):
        games = ratings.get(seat["user"], [0, 0, 0])[2] + 1
        ratings[seat["user"]] = [new.mu, new.sigma, games, seat["name"]]


def shown_rating(mu: float, sigma: float) -> float:
    """A rating as a leaderboard shows it: μ − 3σ (openskill's ordinal), so a newcomer starts at 0."""
    return round(mu - 3 * sigma, 1)


class Between(Topic):
    """/rematch and /stats."""

    # /stats --------------------------------------------------------------------------------------
    def current(self, platform: str, server: str, watch: str | None = None) -> tuple[dict, dict | None]:
        """The server's tally of every result stored: the kept one brought up to date, result by
        result, and kept again; with `watch` (a game id), also the ratings of its game just before
        its result (None when the kept tally had counted it already)."""
        count, kept = self.store.rated(platform, server)
        out = kept or tally([])
        fresh = self.store.results(platform, server, count)
        before = None
        for result in fresh:
            if result["id"] == watch:
                before = copy.deepcopy(out["ratings"].get(result["game"], {}))
            tally([result], out)
        if fresh:
            self.store.set_rated(platform, server, count + len(fresh), out)
        return out, before

    def stats(self, rest: str, cmd: Command) -> Reply:
        server = server_of(cmd, cmd.channel)
        if server is None:
            return Reply.refuse(msg("/stats shows the results of a server or group: use it there, not "
                                    "in a private message."), "IN_CHANNEL_ONLY")
        asked = rest.strip().lower()
        game = None
        if asked:
            game = game_or_none(asked)
            if game is None:
                return Reply.refuse(msg("There is no game {name}; /stats alone shows every game's "
                                        "results.", name=shown(asked)),
                                    "NO_GAME")
        out, _ = self.current(cmd.platform, server)
        if not out["games"]:
            return Reply(public=[msg("No game has ended here yet: the results and ratings begin with "
                                     "the first.")])
        lines = [msg("Games played here: {n}.", n=out['games'])]
        for gid, by_game in sorted(out["by_game"].items()):
            if game is not None and gid != game.id:
                continue
            title = get_game(gid).title if game_or_none(gid) else gid
            wins = join(", ", (Cmd(f"{side} {by_game['wins'].get(side, 0)}/{played}")
                               for side, played in sorted(by_game["played"].items(),
                                                          key=lambda kv: (-by_game["wins"].get(kv[0], 0), kv[0]))))
            lines.append(msg("{title} — played: {n}; wins by seat or faction: {wins}.", title=title,
                             n=by_game['games'], wins=wins))
            if by_game.get("hinted"):
                lines.append(msg("{title} — games where /hint was used: {n}.", title=title, n=by_game['hinted']))
            ratings = out["ratings"].get(gid) or {}
            if ratings:
                board = sorted(ratings.values(), key=lambda r: -shown_rating(r[0], r[1]))
                lines.append(msg("{title} ratings: {board}.", title=title, board=join(", ", (
                    msg("{name} {rating} (played {n})", name=Cmd(name), rating=shown_rating(mu, sigma),
                        n=games) for mu, sigma, games, name in board))))
        if game is not None and len(lines) == 1:
            lines.append(msg("No game of {title} has ended here yet.", title=game.title))
        return Reply(public=lines)

    def rating_lines(self, platform: str, server: str, result: dict) -> list[str]:
        """After a game ends: its players' ratings before and after it (a line; none when unrated).
        The cost of one result, however many the server holds (`current`)."""
        out, before = self.current(platform, server, watch=result["id"])
        ratings = out["ratings"].get(result["game"]) or {}
        if before is None:   # another reader counted it first: /stats shows where it left the ratings
            return []
        changes = []
        for seat in result["seats"]:
            if seat["user"] in ratings and not seat["robot"]:
                old = before.get(seat["user"])
                was = shown_rating(*old[:2]) if old else shown_rating(MODEL.mu, MODEL.sigma)
                changes.append(Cmd(f"{seat['name']} {was} → {shown_rating(*ratings[seat['user']][:2])}"))
        return [msg("Ratings: {changes} (/stats).", changes=join(", ", changes))] if changes else []

    # /rematch ------------------------------------------------------------------------------------
    def rematch(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply | Write:
        meta = rec.meta
        if meta["status"] in ("lobby", "playing"):
            return Reply.refuse(msg("A game is already open here; /rematch starts the same table again "
                                    "once a game has ended."), "GAME_RUNNING", channel)
        if meta["status"] != "finished":
            return Reply.refuse(msg("There is no finished game here to play again; /new GAME opens one."),
                                "NOTHING_TO_REMATCH", channel)
        if seat_of(meta, cmd.user) is None:
            return Reply.refuse(msg("Only the players of the last game can ask for its rematch; /new "
                                    "GAME opens another."), "NOT_A_PLAYER", channel)
        game = get_game(meta["game"])
        words = rest.strip().lower()
        if words in ("no", "cancel"):
            if not meta.get("rematch"):
                return Reply.refuse(msg("Nobody has asked for a rematch here."), "NOTHING_TO_REMATCH", channel)
            meta = dict(meta)
            meta.pop("rematch")
            return Write(lambda version: Reply(public=[msg("{name} declines the rematch.",
                                                           name=cmd.name or cmd.user)]), meta=meta)
        if words:
            return Reply.refuse(msg("Usage: /rematch to ask for (or agree to) the same game again, "
                                    "/rematch no to decline it."), "MALFORMED", channel)
        humans = [p["user"] for p in meta["players"] if not is_robot_user(p["user"])]
        agreed = list((meta.get("rematch") or {}).get("agreed", []))
        if cmd.user in agreed:
            waiting = [self._name(meta, u) for u in humans if u not in agreed]
            return Reply.refuse(msg("You have agreed already; waiting for {names}.", names=join(", ", waiting)),
                                "ALREADY_AGREED",
                                channel)
        agreed.append(cmd.user)
        if all(u in agreed for u in humans):
            return self._deal_again(cmd, channel, rec, game)
        meta = dict(meta, rematch={"agreed": agreed})
        waiting = [u for u in humans if u not in agreed]

        def done(version: int) -> Reply:
            reply = Reply(public=[msg("{name} asks for a rematch of {title}: the same seats and "
                                      "options, a new seed ({n} of {total} agreed).",
                                      name=self._name(meta, cmd.user), title=game.title, n=len(agreed),
                                      total=len(humans)),
                                  msg("Waiting for {names}: /rematch to agree, /rematch no to decline.",
                                      names=join(", ", (self._name(meta, u) for u in waiting)))])
            reply.mentions = waiting
            reply.names = {u: self._name(meta, u) for u in waiting}
            return reply
        return Write(done, meta=meta)

    def _deal_again(self, cmd: Command, channel: str, rec: Record, game: Game) -> Reply | Write:
        """Everyone agreed: the same players in the same order, the same options, a new seed and id."""
        old = rec.meta
        players = []
        for p in old["players"]:
            player = {"user": p["user"], "name": p.get("away_name") or p["name"]}
            if is_robot_user(p["user"]):
                player["robot"] = True
            players.append(player)
        meta = {"status": "lobby", "game": game.id, "options": old["options"], "creator": old["creator"],
                "players": players, "seed": None, "play": old.get("play") or {},
                "nonce": secrets.token_hex(8), "server": old.get("server") or channel}
        out = self.service.lobby.start("", cmd, channel, Record(version=rec.version, meta=meta))
        if isinstance(out, Reply):
            return out
        started = out.done
        out.pop = self.store.log_length(cmd.platform, channel)   # the last game's log makes way for the new
        out.index = {p["user"]: True for p in players if not is_robot_user(p["user"])}

        def done(version: int) -> Reply:
            reply = started(version)
            reply.public.insert(0, msg("Everyone agreed: the rematch begins."))
            return reply
        out.done = done
        return out

    @staticmethod
    def _name(meta: dict, user: str) -> str:
        return next((p.get("away_name") or p["name"] for p in meta["players"] if p["user"] == user), user)


