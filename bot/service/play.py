"""A game's own actions through the one write path, and /undo."""
from __future__ import annotations

import time

from bot.service.between import result_of
from bot.service.common import Topic, playing, seat_of, shown
from bot.service.narration import knows_seats
from bot.service.robots import robot_held
from bot.service.types import Command, Reply, Timings, Write
from bot.store import Record
from bot.words.names import player_names, seat_names
from core.errors import RulesError
from core.game import Event, Game, seat_ref
from core.message import Cmd, join, msg, plural
from core.registry import get_game
from core.replay import entry_for, replay


class Play(Topic):
    """A player's action: parsed, checked by the rules, applied and written once."""

    def undo(self, rest: str, cmd: Command, channel: str, rec: Record) -> Reply:
        game = playing(rec)
        seat = seat_of(rec.meta, cmd.user)
        entries = self.store.log(cmd.platform, channel)
        if not entries:
            return Reply.refuse(msg("Nothing has been played yet, so there is nothing to undo."), "NOTHING_TO_UNDO")
        # the last action the channel knows of; hidden actions after it (quiet writes, e.g. another
        # seat's standing order) are neither undone nor revealed: they are played again after it
        at = next((i for i in range(len(entries) - 1, -1, -1) if not entries[i].get("hidden")), None)
        # the robots' answers since a person's action are taken back with it (issue 35): /undo after a
        # robot declined an interception undoes the person's move, not the robot's answer alone
        answers = []
        while at is not None and entries[at].get("by") == "robot" and not robot_held(rec.meta, cmd.user):
            answers.append(entries[at])
            at = next((i for i in range(at - 1, -1, -1) if not entries[i].get("hidden")), None)
        if at is None:
            if answers:
                return Reply.refuse(msg("Only robots have played since the start, so there is nothing of yours "
                                        "to undo."), "NOT_YOURS")
            return Reply.refuse(msg("Nothing has been played yet, so there is nothing to undo."), "NOTHING_TO_UNDO")
        last, after = entries[at], entries[at + 1:]
        if last["seat"] != seat:
            return Reply.refuse(msg("Only the player who made the last action can undo it, and it was "
                                    "not yours."),
                                "NOT_YOURS")
        if last.get("by") == "deadline":
            return Reply.refuse(msg("The deadline played that action when time was up, so it stands."), "IRREVERSIBLE")
        if last["rolls"] or last["reveal"]:
            return Reply.refuse(msg("That action rolled dice or revealed hidden information, so it "
                                    "stands."),
                                "IRREVERSIBLE")
        if any(a["rolls"] or a["reveal"] for a in answers):
            return Reply.refuse(plural(("The robots have answered your action ({count} move) and dice were rolled "
                                        "or hidden information came out since, so it stands. Play on from here: /me "
                                        "shows your choices.",
                                        "The robots have answered your action ({count} moves) and dice were rolled "
                                        "or hidden information came out since, so it stands. Play on from here: /me "
                                        "shows your choices."), len(answers), count=len(answers)), "IRREVERSIBLE")
        setup = rec.setup or self.store.setup(cmd.platform, channel)
        state = replay(game, setup, entries[:at])
        kept = []
        for entry in after:           # each still legal is kept (a standing order for a card still held)
            if entry.get("by") == "robot" and not entry.get("hidden"):
                continue                # a robot's answer to the action taken back: it answers again
            try:
                state, _ = game.apply(state, entry["seat"], game.parse(entry["line"], entry["private"]))
            except RulesError:
                continue
            kept.append(entry)

        def done(version: int) -> Reply:
            what = msg("a private action") if last["private"] else Cmd(shown(last["line"], 300))
            who = player_names(game, rec.meta, state).get(seat, seat)
            count = len(answers)
            reply = Reply(public=[msg("{seat} takes back {shown}.", seat=who, shown=what) if not answers else
                                  plural(("{who} takes back {what} and the robots' {count} answer "
                                          "after it.",
                                          "{who} takes back {what} and the robots' {count} answers "
                                          "after it."), count, who=who,
                                          what=what, count=count)])
            self.service.narration.narrate(reply, cmd.platform, channel, game, rec.meta, state, version, [], cmd.user,
                                           picture=True)
            return reply
        return Write(done, state=state, pop=1 + len(after), append=kept)

    # game actions ----------------------------------------------------------------------
    def act(self, cmd: Command, channel: str, line: str, timings: Timings, named: Game | None) -> Reply:
        return self.service.write(cmd, channel, lambda rec: self.act_step(cmd, channel, line, timings, named, rec),
                                  timings, recall=True)

    def act_step(self, cmd: Command, channel: str, line: str, timings: Timings, named: Game | None,
                  rec: Record | None) -> Reply | Write:
        if rec is None or rec.meta is None:
            word = line.split(" ", 1)[0]
            if named is None:
                return Reply.refuse(msg("Unknown command {shown}. Try /help; start a game with /new "
                                        "GAME.", shown=Cmd(shown('/' + word))),
                                    "UNKNOWN", channel)
            return Reply.refuse(msg("There is no game here. Start one with /new {game}.", game=Cmd(named.id)),
                                "NO_GAME", channel)
        game = get_game(rec.meta["game"])
        if named is not None and named.id != game.id:
            return Reply.refuse(msg("This channel plays {title}, not {other}.", title=game.title, other=named.title),
                                "WRONG_GAME", channel)
        if named is None and line.split(" ", 1)[0].lower() not in game.verbs:
            return Reply.refuse(msg("Unknown command {shown}. Try /help or /help {game}.",
                                    shown=Cmd(shown('/' + line.split(' ', 1)[0])), game=Cmd(game.id)),
                                "UNKNOWN", channel)
        if rec.meta["status"] == "lobby":
            return Reply.refuse(msg("The game has not started: /join, then /start."), "NOT_PLAYING", channel)
        moved = self.service.transfer.moved_refusal("", cmd, channel, rec)
        if moved is not None:
            return moved
        seat = cmd.seat if cmd.by and cmd.seat else seat_of(rec.meta, cmd.user)
        if seat is None:
            seated = join(", ", player_names(game, rec.meta, rec.state).values())
            return Reply.refuse(msg("You are not seated in this game (players: {seated}); only they can act.",
                                    seated=seated),
                                "NOT_SEATED", channel)
        if not cmd.by and robot_held(rec.meta, cmd.user):
            return Reply.refuse(msg("A robot plays your seat now; /back takes it back."), "ROBOT_SEAT", channel)
        action = game.parse(line, cmd.private)
        if rec.meta["status"] != "playing" and not game.verbs[action.verb].query:
            return Reply.refuse(msg("The game is over: only looks (/status, /map, /export, queries) "
                                    "remain."),
                                "NOT_PLAYING", channel)
        if game.verbs[action.verb].query:
            events = game.query(rec.state, seat, action)
            reply = Reply(version=rec.version, channel=channel)
            self.service.narration.deliver(reply, cmd.platform, channel, game, rec.meta, rec.state, rec.version, events)
            return reply
        if cmd.version is not None and cmd.version != rec.version:
            return self.stale(cmd, channel, game, rec)
        started = time.perf_counter()
        try:
            state, events = game.apply(rec.state, seat, action)
        except RulesError as exc:
            reply = Reply.refuse(named_refusal(exc, game, rec.meta, rec.state), exc.code, channel)
            knows_seats(reply, game, rec.meta, rec.state)
            if exc.private:   # the refusal speaks of hidden information: tell the sender only
                reply.error, reply.code = None, exc.code
                reply.tell(cmd.user, exc.message)
            return reply
        finally:
            timings.apply += time.perf_counter() - started
        finished, _, _ = game.outcome(state)
        if cmd.by != "deadline" and hidden_action(game, action, rec.state, state, events):   # a deadline's is announced
            return self.hidden_write(cmd, channel, game, rec, seat, action, state, events)
        meta = self.service.timers.on_move(rec.meta, game, rec.state, seat, cmd.by)
        # its result goes into its server's, by the same write, once a game (bot/service/between.py)
        result = result_of(game, cmd.platform, channel, meta, state, self.clock()) if finished else None
        if finished:
            meta["status"] = "finished"

        def done(version: int) -> Reply:
            reply = Reply(channel=channel)
            # a private action that ends a public segment (whose turn it is changed) is said in the
            # channel, with what comes next; one that changed nothing the channel sees stays private
            unannounced = action.private and not any(e.to is None and e.text for e in events)
            if unannounced and set(game.deciding(rec.state)) != set(game.prompts(state)):
                if cmd.by != "robot":   # (a robot's own line says it: bot/service/robots.py)
                    reply.public.append(msg("{who} made a private choice.", who=seat_ref(seat)))
                unannounced = False
            if unannounced:
                # a private action the rules did not announce: the channel must not learn it happened
                self.service.narration.deliver(reply, cmd.platform, channel, game, meta, state, version, events)
                reply.public.clear()
                reply.image = None
                reply.tell(cmd.user, msg("Done (only you were told)."))
            else:
                self.service.narration.narrate(reply, cmd.platform, channel, game, meta, state, version, events,
                                               cmd.user, before=rec.state)
            if result is not None:
                reply.public += self.service.between.rating_lines(cmd.platform, result.server, result.data)
            return reply
        entry = entry_for(seat, action, events, None if cmd.by else cmd.user)
        if cmd.by:
            entry["by"] = cmd.by
        # meta only when it changed (the move's clock changes it, a fixed clock may not); the next
        # reminder (or deadline) is scheduled by the same write
        # a finished game leaves its players' games (private messages no longer route to it) and the
        # schedule, by the same write
        return Write(done, state=state, meta=meta if meta != rec.meta else None, append=[entry],
                     remind=None if finished else self.service.timers.next_event(meta, game, state, self.clock()),
                     unremind=finished, index={p["user"]: False for p in meta["players"] if p["user"] and finished},
                     result=result)

    def hidden_write(self, cmd: Command, channel: str, game: Game, rec: Record, seat: str, action,
                      state: dict, events: list[Event]) -> Write:
        """A private action nobody else can see (`hidden_action`): logged, for replay and /verify,
        but written quietly. The public version stays, so nobody's buttons go stale and no message
        shows a new version; the timers and reminders stay as they were (no deadline restarts);
        /log and /replay leave the entry out. Only the sender is answered."""
        def done(version: int) -> Reply:
            reply = Reply(channel=channel)
            self.service.narration.deliver(reply, cmd.platform, channel, game, rec.meta, state, version, events)
            reply.public.clear()
            reply.image = None
            reply.tell(cmd.user, msg("Done (only you were told)."))
            return reply
        entry = entry_for(seat, action, events, None if cmd.by else cmd.user)
        entry["hidden"] = True
        if cmd.by:
            entry["by"] = cmd.by
        return Write(done, state=state, append=[entry], quiet=True)

    def stale(self, cmd: Command, channel: str, game: Game, rec: Record) -> Reply:
        prompt = game.prompts(rec.state).get(seat_of(rec.meta, cmd.user) or "")
        now = msg(" Now: {text}", text=prompt.text) if prompt else ""
        return Reply.refuse(msg("That button is from an earlier position (version {version}; the game is at "
                                "{current}), so it was not used.{now}", version=cmd.version, current=rec.version,
                                now=now), "STALE", channel)


def named_refusal(exc: RulesError, game: Game, meta: dict, state: dict) -> str:
    """A refusal that points at seats (the contract's "waiting for A") names their players."""
    if exc.code != "NOT_YOUR_TURN":
        return exc.message
    names = seat_names(game, meta, state)

    def named(seat: str):   # "Ann (A, purple)", the colour a word of the reader's language
        who = names.get(seat)
        if who is None:
            return Cmd(seat)
        label = join(", ", (Cmd(seat), who.extra)) if who.extra else Cmd(seat)
        return msg("{name} ({seat})", name=Cmd(who.name), seat=label)
    waiting = join(", ", (named(seat) for seat in game.prompts(state))) or msg("nobody")
    return msg("It is not your turn: waiting for {waiting}.", waiting=waiting)




def hidden_action(game: Game, action, before: dict, after: dict, events: list[Event]) -> bool:
    """A private standing order (a verb of `Game.anytime`, e.g. Successors' `arm`) that changes
    nothing anyone else can see: no public event, the same public view, and every seat asked the
    same public question with the same buttons. Only its sender may know it happened."""
    if action.verb not in game.anytime or not action.private:
        return False
    if any(e.to is None and (e.text or e.kind == "image") for e in events):
        return False
    if any(e.kind in ("reveal", "end") for e in events):
        return False
    asked = lambda state: {s: (p.text, p.actions) for s, p in game.prompts(state).items()}   # noqa: E731
    return game.view(before, None) == game.view(after, None) and asked(before) == asked(after)
