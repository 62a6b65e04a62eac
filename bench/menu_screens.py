"""Phone-sized pictures (390 px wide) of a Successors hand's private choices, as the chat apps
show them, before and after the menus (issue #26): `python -m bench.menu_screens docs/menus/`.

The words and choices come from the service itself: a seeded game is played through it until a
player holds a hand in his Tyche segment; "before" is the inline list the service sent until now,
"after" the menu it sends now (its first page, and the deeper page with the most choices: a card,
then what to do with it).
Each is drawn as a small HTML page in the look of Discord's dark theme and of Telegram's
private chat, and photographed by headless Chromium (`CHROMIUM`, default /usr/bin/chromium).
"""
from __future__ import annotations

import argparse
import html
import os
import random
import re
import subprocess
import tempfile
from pathlib import Path

from bot.service.types import Command
from bot.wiring import make_service

WIDTH, HEIGHT = 390, 844          # an iPhone 12–15's screen in CSS pixels
CHANNEL = "menu-screens"


def successors_hand(service):
    """A seeded 3-player game played to the first private hand: (wall text, first page, card page)."""
    def say(user, text, private=False):
        return service.handle(Command("console", None if private else CHANNEL, user, text, name=user,
                                      private=private))
    say("alice", "/abort")
    for user, text in [("alice", "/new successors seed=3"), ("alice", "/join"), ("bob", "/join"),
                       ("carol", "/join"), ("alice", "/start")]:
        say(user, text)
    rnd = random.Random(2)
    for _ in range(50):
        game, state, rec = service.state("console", CHANNEL)
        users = {p["seat"]: p["user"] for p in rec.meta["players"]}
        prompts = game.prompts(state)
        seat = sorted(prompts)[0]
        if prompts[seat].private:
            break
        say(users[seat], f"/succ {game.sample(state, seat, rnd)}")
    user = users[seat]
    wall = "Your private choices: " + "; ".join(f"`{line}`" for line in prompts[seat].private)
    reply = say(user, f"g={CHANNEL} /me", private=True)
    menu = reply.menus[user]
    intro = next(line for line in reply.private[user] if line.startswith("Your private choices ("))
    cmd = Command("console", None, user, "", name=user, private=True)
    pages, level = [], [menu]
    for _ in range(3):   # every page below the first, three levels down: the one with the most choices
        level = [service.press_menu(cmd, p.at(o.path)).page for p in level for o in p.options if not o.leaf]
        pages += level
    return wall, intro, menu, max(pages, key=lambda p: (len(p.options), len(p.trail)))


def code(text: str) -> str:
    """Markdown's `code` spans as the apps draw them."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


DISCORD = """<style>
body{margin:0;background:#313338;color:#dbdee1;font:16px/1.375 'gg sans','Noto Sans',Helvetica,Arial,sans-serif}
.bar{background:#2b2d31;padding:12px 16px;font-weight:600;color:#f2f3f5;border-bottom:1px solid #1f2023}
.msg{display:flex;padding:8px 12px} .av{width:40px;height:40px;border-radius:50%;background:#5865f2;flex:none;
margin-right:12px} .name{color:#f2f3f5;font-weight:600} .tag{background:#5865f2;color:#fff;font-size:10px;
border-radius:3px;padding:1px 4px;margin-left:4px} code{background:#2b2d31;border-radius:3px;padding:0 2px;
font-size:14px;font-family:Consolas,'DejaVu Sans Mono',monospace}
.select{border:1px solid #1e1f22;background:#1e1f22;border-radius:4px;margin-top:8px}
.select div{padding:9px 10px;border-top:1px solid #2b2d31} .select .ph{color:#949ba4;border:0}
.btn{display:inline-block;background:#4e5058;color:#fff;border-radius:3px;padding:6px 14px;margin-top:8px}
.note{color:#949ba4;font-size:13px;padding:4px 12px 0 64px}
</style><div class=bar>@ Strategos</div>"""

TELEGRAM = """<style>
body{margin:0;background:#9bc08f;font:16px/1.35 -apple-system,Roboto,'Noto Sans',Helvetica,Arial,sans-serif}
.bar{background:#fff;padding:10px 14px;font-weight:600;border-bottom:1px solid #d9d9d9}
.bubble{background:#fff;border-radius:12px;margin:8px 40px 0 8px;padding:7px 10px;color:#000}
code{font-family:'DejaVu Sans Mono',monospace;font-size:14px;color:#c7254e}
.kb{display:grid;grid-template-columns:1fr 1fr;gap:4px;margin:4px 40px 0 8px}
.kb div{background:rgba(40,70,30,.35);color:#fff;border-radius:8px;padding:9px 4px;text-align:center;
font-weight:500;font-size:14px} .kb .wide{grid-column:1/3}
</style><div class=bar>Strategos</div>"""


def discord_before(wall: str) -> str:
    return DISCORD + (f"<div class=msg><div class=av></div><div><span class=name>Strategos</span><span class=tag>"
                      f"APP</span><br>{code(wall)}</div></div>")


def discord_after(intro: str, menu) -> str:
    options = "".join(f"<div>{html.escape(o.label + ('' if o.leaf else ' ▸'))}</div>" for o in menu.options)
    back = "<div class=btn>◂ Back</div>" if menu.back is not None else ""
    trail = " › ".join(menu.trail)
    text = f"Choose: <b>{html.escape(trail)}</b>" if trail else code(intro)
    return DISCORD + (f"<div class=msg><div class=av></div><div style='flex:1'><span class=name>Strategos</span>"
                      f"<span class=tag>APP</span><br>{text}<div class=select><div class=ph>Choose one ▾</div>"
                      f"{options}</div>{back}</div></div>"
                      "<div class=note>(the select menu opened)</div>")


def telegram_before(wall: str) -> str:
    return TELEGRAM + f"<div class=bubble>{code(wall)}</div>"


def telegram_after(intro: str, menu) -> str:
    keys = "".join(f"<div>{html.escape(o.label + ('' if o.leaf else ' ▸'))}</div>" for o in menu.options)
    if menu.back is not None:
        keys += "<div class=wide>◂ Back</div>"
    trail = " › ".join(menu.trail)
    text = f"Choose: <b>{html.escape(trail)}</b>" if trail else code(intro)
    return TELEGRAM + f"<div class=bubble>{text}</div><div class=kb>{keys}</div>"


def shoot(page: str, path: Path) -> None:
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as handle:
        handle.write("<!doctype html><meta charset=utf-8>" + page)
    try:
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={path}", f"file://{handle.name}"],
                       check=True, capture_output=True, timeout=120)
    finally:
        os.unlink(handle.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default="docs/menus", help="the folder the pictures go to")
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    wall, intro, menu, page = successors_hand(make_service())
    for name, body in [("discord-before", discord_before(wall)), ("discord-after", discord_after(intro, menu)),
                       ("discord-after-card", discord_after(intro, page)),
                       ("telegram-before", telegram_before(wall)), ("telegram-after", telegram_after(intro, menu)),
                       ("telegram-after-card", telegram_after(intro, page))]:
        shoot(body, out / f"{name}.png")
        print(out / f"{name}.png")


if __name__ == "__main__":
    main()
