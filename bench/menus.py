"""The longest private message of a self-played game, in lines on a phone, before and after
the menus of choices (issue #26): `python -m bench.menus [--seed N]`.

Each game is played once through the service (random legal actions, `bot/console/selfplay.py`).
Every private message a player gets is measured as a phone shows it: its text wrapped at
`WIDTH` characters a line (a 390 px wide screen at the chat apps' 16 px body text), plus the
rows of the menu under it (Telegram's inline keyboard, two keys a row and the back key; Discord's
select menu is one row). "Before" is the same message as the service wrote it until now: the
menu's line replaced by the private choices listed inline (`Your private choices: \\`…\\`; …`);
"after" is the message as it is sent now. (A StarCraft Execution turn with public discards
sent no private message before; its private menu is new, so "before" counts its few private
lines as the old wall would have listed them, a slight overcount of "before".) The public
prompts are measured too: the most buttons under one message before (up to 20) and the most
options on one screen after.
"""
from __future__ import annotations

import argparse
import math
import textwrap
from dataclasses import dataclass, field

from bot.console.selfplay import PLATFORM, play_one
from bot.service.types import Reply
from bot.wiring import make_service

WIDTH = 40            # characters a line on a 390 px wide phone
GAMES = (("successors", 3), ("ludi", 3), ("starcraft", 3), ("infinity", 2))
OLD_BUTTONS = 20      # the service's MAX_BUTTONS: what a public prompt showed at most
MENU_LINE = "Your private choices ("


def phone_lines(texts: list[str]) -> int:
    return sum(max(1, len(textwrap.wrap(part, WIDTH))) for text in texts for part in text.split("\n"))


def keyboard_rows(menu) -> int:
    return math.ceil(len(menu.options) / 2) + (menu.back is not None) if menu is not None else 0


@dataclass
class Longest:
    before: int = 0
    after: int = 0
    after_text: int = 0
    before_example: list[str] = field(default_factory=list)
    buttons_before: int = 0
    options_after: int = 0
    wall: int = 0          # the private choices alone: the old inline list…
    wall_lines: int = 0    # …how many action lines it held…
    choice: int = 0        # …and now: the menu's line and its first page's rows


def measure(service, game_id: str, players: int, seed: int) -> Longest:
    longest = Longest()
    channel = f"{game_id}-{players}-{seed}"

    def on_reply(reply: Reply, report) -> None:
        found = service.state(PLATFORM, channel)
        if found is None:
            return
        game, state, rec = found
        seats = {p["user"]: p["seat"] for p in rec.meta["players"]}
        for user, texts in reply.private.items():
            menu = reply.menus.get(user)
            prompt = game.prompts(state).get(seats.get(user, ""))
            old = []
            for text in texts:
                if text.startswith(MENU_LINE):   # the old wall: the prompt's private lines, inline
                    if prompt is not None and prompt.private:
                        old.append("Your private choices: " + "; ".join(f"`{x}`" for x in prompt.private))
                        if phone_lines(old[-1:]) > longest.wall:
                            longest.wall, longest.wall_lines = phone_lines(old[-1:]), len(prompt.private)
                    longest.choice = max(longest.choice, phone_lines([text]) + keyboard_rows(menu))
                else:
                    old.append(text)
            before = phone_lines(old)
            after_text = phone_lines(texts)
            after = after_text + keyboard_rows(menu)
            if before > longest.before:
                longest.before, longest.before_example = before, old
            if after > longest.after:
                longest.after, longest.after_text = after, after_text
        actions = max((len(p.actions) for p in game.prompts(state).values()), default=0)
        longest.buttons_before = max(longest.buttons_before, min(actions, OLD_BUTTONS))
        shown = len(reply.menu.options) if reply.menu is not None else len({b.line for b in reply.buttons})
        longest.options_after = max(longest.options_after, shown)

    report = play_one(service, game_id, players, str(seed), on_reply=on_reply)
    if report.problems:
        raise SystemExit(f"{game_id}: {report.problems[0]}")
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    service = make_service()
    print(f"the longest private message of one self-played game, in lines {WIDTH} characters wide "
          "(a 390 px phone), text + menu rows")
    print(f"{'game':<12} {'before':>7} {'after (text+rows)':>18}   {'choices alone: before → after':<30} "
          "public: buttons before → options a screen after")
    for game_id, players in GAMES:
        m = measure(service, game_id, players, args.seed)
        after = f"{m.after} ({m.after_text}+{m.after - m.after_text})"
        choices = f"{m.wall} ({m.wall_lines} actions) → {m.choice}"
        print(f"{game_id + f' {players}p':<12} {m.before:>7} {after:>18}   {choices:<30} "
              f"{m.buttons_before} → {m.options_after}")


if __name__ == "__main__":
    main()
