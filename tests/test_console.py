"""The console adapter end to end, on a script with expected refusals."""
import io
from pathlib import Path

from bot.console import Console

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
