"""The example console script (examples/starcraft.txt) plays a whole game to its end."""
import io
from pathlib import Path

from bot.console.repl import Console

SCRIPT = Path(__file__).parents[2] / "examples" / "starcraft.txt"


def test_example_script_plays_a_whole_game(service, tmp_path):
    """§15 commands end to end: private orders and cards by DM, refusals where the spec
    refuses, two battles, and the end at step 8 by the second "The End Draws Near" (§10)."""
    out = io.StringIO()
    code = Console(service, "sc-example", tmp_path, out).run_script(SCRIPT.read_text().splitlines())
    text = out.getvalue()
    assert code == 0, text[-3000:]
    assert "refused (MUST_BE_PRIVATE)" in text and "refused (FACTION)" in text
    assert text.count("cards revealed") == 2
    assert "Game over: bob (Queen of Blades) wins (the second The End Draws Near: most CP)." in text
