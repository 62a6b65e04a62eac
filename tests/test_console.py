"""The console adapter end to end, on a script with expected refusals."""
import io
from pathlib import Path

from bot.console.repl import Console

SCRIPT = Path(__file__).parent / "scripts" / "tally.txt"


def test_script_runs_to_the_end_with_expected_refusals(service, tmp_path):
    out = io.StringIO()
    code = Console(service, "script", tmp_path, out).run_script(SCRIPT.read_text().splitlines())
    text = out.getvalue()
    assert code == 0, text
    assert "refused (NOT_YOUR_TURN)" in text and "refused (NOT_SEATED)" in text
    assert "refused (MALFORMED)" in text and "refused (UNKNOWN)" in text
    assert "[to bob only] Your word is swordfish." in text
    assert "Verified:" in text and "[file]" in text


def test_a_surprise_stops_the_script(service, tmp_path):
    out = io.StringIO()
    lines = ["alice: /new tally", "alice: /join", "alice: /start", "alice: /tl add 0", "alice: /tl add 1"]
    assert Console(service, "s2", tmp_path, out).run_script(lines) == 1
    assert "Script stopped at line 4" in out.getvalue()


def test_an_expected_refusal_that_passes_stops_the_script(service, tmp_path):
    out = io.StringIO()
    assert Console(service, "s3", tmp_path, out).run_script(["! alice: /new tally"]) == 1


EXAMPLES = Path(__file__).parent.parent / "examples"


def test_example_scripts_run_in_any_order_with_pictures_per_channel(service, tmp_path):
    """Each example runs the same after the other (its players still sit at the other's table:
    a private line speaks about the script's own channel), and each channel's pictures go to
    a folder of their own instead of overwriting each other's."""
    from bot.console.repl import run_script_file

    for order in (("successors", "infinity"), ("infinity", "successors")):
        for name in order:
            out = io.StringIO()
            code = run_script_file(service, EXAMPLES / f"{name}.txt", tmp_path, out)
            assert code == 0, out.getvalue()[-2000:]
    assert list((tmp_path / "script-successors").glob("successors-v*.png"))
    assert list((tmp_path / "script-infinity").glob("infinity-v*.png"))
    assert not list(tmp_path.glob("*.png"))


def test_a_private_line_names_the_console_channel_unless_it_names_one(service, tmp_path):
    out = io.StringIO()
    for channel in ("one", "two"):   # bob sits at two tables
        Console(service, channel, tmp_path, out).run_script(
            ["alice: /new tally free=1", "alice: /join", "bob: /join", "alice: /start"])
    ok, reply = Console(service, "two", tmp_path, out).say("bob (dm): /tl secret swordfish")
    assert ok and reply.ok and "Your word is swordfish." in reply.private["bob"][0]
    ok, reply = Console(service, "two", tmp_path, out).say("bob (dm): g=nowhere /tl secret x")
    assert reply.code == "NOT_YOUR_CHANNEL"


def test_at_a_play_table_a_bare_line_is_the_named_players_own(service, tmp_path, monkeypatch):
    """`strategos console --play`: the person at the keyboard is seated under his name and types
    `/command`, `(dm) /command` or a menu number without naming himself; the game calls him by
    that name (not "you takes package A")."""
    out = io.StringIO()
    console = Console(service, "play", tmp_path, out)
    console.open_table("ludi", robots=1, think="0.01s", name="Ada")
    assert "Ada joins" in out.getvalue()
    assert console.say("/status")[0]
    sent = []
    handle = service.handle
    monkeypatch.setattr(service, "handle", lambda cmd: sent.append(cmd) or handle(cmd))
    assert console.say("(dm) /help")[0]
    assert sent[-1].user == "Ada" and sent[-1].private
    assert console.say("!/frobnicate")[0]          # a bare line may still expect its refusal
    assert console._named("bob: /join") == "bob: /join"   # a named line speaks for its name
    assert not console.say("hello")[0]             # neither a command nor a number: what to write is said
    assert "Write lines as" in out.getvalue()


def test_at_a_play_table_the_robots_hands_are_not_printed(service, tmp_path):
    """The keyboard is one player's: what the bot tells a robot privately (its hand, §3.5's draw)
    is not printed, what it tells him is."""
    out = io.StringIO()
    console = Console(service, "play-secrets", tmp_path, out)
    console.open_table("starcraft", robots=1, think="0.01s", name="Ada")
    ok, reply = console.say("/sc faction raynor")
    text = out.getvalue()
    assert ok and "[to Ada only] You draw RAY-" in text
    robots = [user for user in reply.private if user != "Ada"]
    assert robots, "the robot was dealt its hand privately"
    assert not any(f"[to {user} only]" in text for user in robots)
    assert not any(line in text for user in robots for line in reply.private[user])



def test_at_a_play_table_a_number_presses_a_button_shown_for_him(service, tmp_path):
    """Fewer choices than a menu takes are buttons (bot/service/narration.py, MENU_AT): the console
    numbers them, and a number sends its line as a chat's key would (it was refused as `/1`)."""
    out = io.StringIO()
    console = Console(service, "press", tmp_path, out)
    console.open_table("ludi", robots=1, think="0.01s", name="Ada")
    for _ in range(100):   # the first choice of each menu until buttons are shown for Ada
        if console.buttons.get("Ada") and console.menu_for("Ada") is None:
            break
        assert console.say("1")[0], out.getvalue()[-500:]
    lines = console.buttons["Ada"]
    assert f"    {len(lines)}. {lines[-1]}" in out.getvalue()
    before = len(service.store.log("console", "press"))
    ok, reply = console.say(str(len(lines)))
    assert ok and reply.ok and reply.changed, reply.error
    entry = service.store.log("console", "press")[before]
    assert f"/ludi {entry['line']}" == lines[-1] and entry["user"] == "Ada"


def test_a_number_with_nothing_shown_says_what_to_type_and_plays_nothing(service, tmp_path):
    out = io.StringIO()
    console = Console(service, "bare", tmp_path, out)
    console.player = "Ada"
    ok, reply = console.say("3")
    assert not ok and reply.code == "MALFORMED"
    assert "No menu or buttons are shown for you now: /me shows your choices" in reply.error
    assert service.store.load("console", "bare") is None
