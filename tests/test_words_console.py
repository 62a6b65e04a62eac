"""The console in the reader's language, and `--play`'s own table (issue 36)."""
from __future__ import annotations

import io

import bot.cli
import bot.wiring
from bot.console.repl import Console


def test_the_consoles_markers_are_in_the_readers_language(service, tmp_path):
    """`[to X only]`, a menu's header, a refusal: the console's own words follow the reply's
    language (Spanish channel, Russian private messages)."""
    out = io.StringIO()
    console = Console(service, "markers", tmp_path, out)
    console.say("ana: /lang es")
    console.say("ana (dm): /lang es")
    console.say("ivan (dm): /lang ru")
    console.say("ana: /new starcraft seed=4")
    console.say("ana: /join")
    console.say("ivan: /join")
    console.say("ana: /start")
    text = out.getvalue()
    assert "[solo para ana]" in text and "[только для ivan]" in text
    assert "[to ana only]" not in text and "[to ivan only]" not in text
    console.say("ana: /frobnicate")
    assert "! rechazado (" in out.getvalue()


def test_a_play_run_opens_a_fresh_channel_and_forgets_the_last_runs_language(service, tmp_path, monkeypatch):
    """Two `--play` runs never share a game, and /lang at one table is not the next one's;
    `--channel` still names a table of one's own choosing."""
    channels = []
    monkeypatch.setattr(bot.wiring, "make_service", lambda settings: service)
    monkeypatch.setattr(Console, "repl", lambda self: channels.append(self.channel) or 0)
    argv = ["console", "--play", "ludi", "--robots", "1", "--think", "0.01s", "--out", str(tmp_path)]
    assert bot.cli.main(argv) == 0
    first = channels[-1]
    service.handle(__import__("bot.service", fromlist=["Command"]).Command("console", first, "Player", "/lang es"))
    assert bot.cli.main(argv) == 0
    second = channels[-1]
    assert first != second and first.startswith("play-ludi-")
    langs = service.store.languages("console", second, [])[0]
    assert langs in (None, "en")
    assert bot.cli.main([*argv, "--channel", "mine"]) == 0 and channels[-1] == "mine"


def test_a_public_menus_header_names_its_player_not_his_seat(service, tmp_path):
    """"[Elige: para ivan]", not "[Elige: para p2]": the player whose choices they are, by name."""
    out = io.StringIO()
    console = Console(service, "header", tmp_path, out)
    for line in ("ana: /lang es", "ana: /new ludi seed=4", "ana: /join", "ivan: /join", "ana: /start"):
        console.say(line)
    headers = [line for line in out.getvalue().splitlines() if line.strip().startswith("[Elige:")]
    assert headers and all(h.strip() in ("[Elige: para ana]", "[Elige: para ivan]") for h in headers), headers
