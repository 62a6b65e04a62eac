"""The example console script runs to the end with its expected refusals."""
import io
from pathlib import Path

from bot.console import Console

SCRIPT = Path(__file__).parents[2] / "examples" / "successors.txt"


def test_example_script(service, tmp_path):
    out = io.StringIO()
    code = Console(service, "succ-example", tmp_path, out).run_script(SCRIPT.read_text().splitlines())
    text = out.getvalue()
    assert code == 0, text[-3000:]
    assert "refused (ILLEGAL_MOVE)" in text and "refused (SURPRISE)" in text
    assert "Round 2: A plays first." in text
