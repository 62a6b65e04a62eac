"""What a reply tells after a move: the events, the pictures, who must decide what (with
buttons), how the game ended, and the copy for spectators."""
from __future__ import annotations

from typing import Callable

import render
from bot.service.common import Topic
from bot.service.menus import MENU_AT, private_choices
from bot.service.pictures import cached_picture
from bot.service.types import Button, Picture, Reply
from bot.words.names import player_name, seat_names, winners
from core.game import Event, Game
from core.message import Cmd, join, msg

MAX_BUTTONS = 20


class Narration(Topic):
    """The body of every reply that shows a game."""

    # replies ---------------------------------------------------------------------------
    def narrate(self, reply: Reply, platform: str, channel: str, game: Game, meta: dict, state: dict,
                 version: int, events: list[Event], actor: str, picture: bool = False,
                 before: dict | None = None) -> None:
        """Events, the picture, what happens next (or how the game ended). `before`: the state the
        action was applied to, so a player whose turn it has just become is told his private choices."""
        self.deliver(reply, platform, channel, game, meta, state, version, events, picture)
        finished, winner, reason = game.outcome(state)
        if finished:
            setup = self.store.setup(platform, channel) or {}
            who = winners(game, meta, state, winner)
            reply.public.append(msg("The game is over ({reason}).{winner}", reason=reason or msg("finished"),
                                    winner=msg(" Winner: {who}.", who=who) if who else ""))
            reply.public.append(msg("The dice seed was {seed} (SHA-256 {hash}); /verify recomputes "
                                    "every roll, /export saves the game.",
                                    seed=Cmd(setup.get('seed')), hash=Cmd(meta.get('seed_sha256'))))
        else:
            self.prompt_lines(reply, game, meta, state, version, actor, before, channel)
        self.to_spectators(reply, meta)

    def deliver(self, reply: Reply, platform: str, channel: str, game: Game, meta: dict, state: dict,
                 version: int, events: list[Event], picture: bool = False) -> None:
        knows_seats(reply, game, meta, state)
        users = {p.get("seat"): p["user"] for p in meta["players"]}
        for event in events:
            if event.kind == "image":
                if not render.has_picture(game.id):
                    continue
                if event.to is None:
                    picture = True
                for seat in event.to or ():
                    if users.get(seat):
                        reply.private_images[users[seat]] = self.picture(platform, channel, game, state,
                                                                          version, seat, None)
            elif not event.text:
                continue
            elif event.to is None:
                reply.public.append(event.text)
            else:
                for seat in event.to:
                    if users.get(seat):
                        reply.tell(users[seat], event.text)
        if picture and render.has_picture(game.id):
            reply.image = self.picture(platform, channel, game, state, version, None, None)

    def prompt_lines(self, reply: Reply, game: Game, meta: dict, state: dict, version: int,
                      asker: str | None, before: dict | None = None, channel: str | None = None) -> None:
        """Who must decide what, with buttons. Private choices go to `asker` (every pending player
        when None, as in a reminder) and to a player whose turn, played only privately, has just
        come (not waiting in `before`): a new turn reaches its player, and nobody's DMs fill up."""
        waited: set | None = None
        names = knows_seats(reply, game, meta, state)()
        users = {p.get("seat"): p for p in meta["players"]}
        labels = {seat: join(", ", (Cmd(seat), named.extra)) if named.extra else Cmd(seat)
                  for seat, named in names.items()}
        for seat, prompt in game.prompts(state).items():
            player = users.get(seat) or {"user": None, "name": seat}
            reply.public.append(msg("Waiting for {name} ({seat}): {text}", name=player_name(player),
                                    seat=labels.get(seat, seat), text=prompt.text))
            if player["user"] and not player.get("robot"):   # a robot is neither pinged nor told
                reply.mentions.append(player["user"])
                reply.names[player["user"]] = player["name"]
                # his turn has just come and it can only be played privately (a hand, face-down orders),
                # or the game enumerates private choices beyond the buttons (`menu_lines`, StarCraft's
                # orders): their menu goes to him at once, one short message (bot/service/menus.py);
                # another turn with buttons waits for him to ask or press
                # (built only for a player who will get it: the asker, or one whose turn has just come)
                to_asker = asker in (None, player["user"])
                if not to_asker and before is not None and waited is None:
                    waited = set(game.deciding(before))   # who, not what: no prompt's lines worked out
                wanted = channel and (to_asker or before is not None and seat not in waited)
                extra = getattr(game, "menu_lines", None)
                more = extra(state, seat) if wanted and extra is not None else ()
                menu = self.service.menus.root(game, channel, meta, state, version, seat, True,
                                               private_choices(prompt, more)) \
                    if wanted and (prompt.private or more) else None
                new_turn = (menu is not None and (not prompt.actions or more) and before is not None
                            and asker != player["user"])
                if menu is not None and (to_asker or new_turn and seat not in waited):
                    reply.tell(player["user"], msg("Your private choices ({count}): pick one below; "
                                                   "`/me all` lists them as text.",
                                                   count=menu.count))
                    reply.menus[player["user"]] = menu
            if player.get("robot"):   # a robot's choice is its own: no buttons for anyone else to press
                continue
            if channel and len(prompt.actions) >= MENU_AT and reply.menu is None:   # a menu, not a wall of buttons
                reply.menu = self.service.menus.root(game, channel, meta, state, version, seat, False,
                                                     list(prompt.actions))
                continue
            prefix = f"/{game.aliases[0] if game.aliases else game.id}"
            for line in prompt.actions[:MAX_BUTTONS]:
                reply.buttons.append(Button(line, f"{prefix} {line}", version, seat, player["user"]))

    def picture(self, platform: str, channel: str, game: Game, state: dict, version: int,
                 seat: str | None, region: str | None) -> Picture:
        """The picture of the position `state` as `seat` (None: the public) sees it, cached by the
        view drawn (bot/service/pictures.py), so a quiet write or another game never brings back
        an earlier picture; `version` only names the file."""
        # the picture's words in the channel's language (one read; English if Redis is silent)
        lang = render.language(self.service.channel_lang(platform, channel))
        name = f"{game.id}-v{version}{'-' + seat if seat else ''}{'-' + region if region else ''}"
        return cached_picture(self.store, platform, channel, game.id, game.view(state, seat), seat, region,
                              self.service.image_format, lang, name)

    def to_spectators(self, reply: Reply, meta: dict) -> None:
        """The public lines of a move, privately to each spectator (never a private line)."""
        for user in meta.get("spectators") or ():
            if reply.public:
                reply.private.setdefault(user, []).extend(reply.public)


def knows_seats(reply: Reply, game: Game, meta: dict, state: dict | None) -> Callable[[], dict]:
    """The reply names the seats its lines mark from this game: worked out once (a game's summary
    is not free), and only if asked — by a line holding a marker, or the prompt lines' labels."""
    if reply.namer is None:
        worked_out: list[dict] = []

        def namer() -> dict:
            if not worked_out:
                worked_out.append(seat_names(game, meta, state))
            return worked_out[0]
        reply.namer = namer
    return reply.namer
