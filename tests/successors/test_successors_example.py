"""The example console script runs to the end with its expected refusals."""
import io
from pathlib import Path

from bot.console.repl import Console

SCRIPT = Path(__file__).parents[2] / "examples" / "successors.txt"


def test_example_script(service, tmp_path):
    out = io.StringIO()
    code = Console(service, "succ-example", tmp_path, out).run_script(SCRIPT.read_text().splitlines())
    text = out.getvalue()
    assert code == 0, text[-3000:]
    assert "refused (ILLEGAL_MOVE)" in text and "refused (SURPRISE)" in text
    assert "Round 2: bob (purple) plays first." in text   # seat A: bob, purple


def test_pella_burial_answered_by_a_card(service, tmp_path):  # §9.6.4, §11.2 #37
    """examples/successors-pella.txt: Perdikkas carries the body toward Pella for an 18-LP
    burial; #37 Treachery takes the Cart from him two marches short."""
    out = io.StringIO()
    script = SCRIPT.with_name("successors-pella.txt").read_text().splitlines()
    code = Console(service, "succ-pella", tmp_path, out).run_script(script)
    text = out.getvalue()
    assert code == 0, text[-3000:]
    assert "Treachery! The Funeral Cart is spirited away" in text
    assert "#37 Treachery (Surprise, – OP)" in text
