"""examples/ludi.txt runs to the end through the console and the service, with its expected
refusals (§5.1, §4.2.2), and ends with a winner at 7 points (§9.1)."""
import io
from pathlib import Path

from bot.console.repl import Console

SCRIPT = Path(__file__).parents[2] / "examples" / "ludi.txt"


def test_example_script(service, tmp_path):
    out = io.StringIO()
    code = Console(service, "ludi-example", tmp_path, out).run_script(SCRIPT.read_text().splitlines())
    text = out.getvalue()
    assert code == 0, text[-3000:]
    assert "refused (NOT_YOUR_TURN)" in text and "refused (NOT_READY)" in text and "refused (NOT_OWNER)" in text
    assert "ann has 7 points and wins the game (§9.1)!" in text
    assert list(tmp_path.glob("ludi-*.png"))
