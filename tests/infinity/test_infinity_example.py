"""examples/infinity.txt through the console adapter and the real service path, as a
newcomer runs it: every line does what the script says, and the pre-game ends."""
import io
from pathlib import Path

from bot.console.repl import Console
from core.games.infinity import GAME

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "infinity.txt"


def test_example_script_plays_a_whole_pregame(service, tmp_path):  # §3–§12 end to end
    out = io.StringIO()
    code = Console(service, "example", tmp_path, out).run_script(SCRIPT.read_text().splitlines())
    text = out.getvalue()
    assert code == 0, text[-3000:]
    _, state, _ = service.state("console", "example")
    assert GAME.invariants(state) == []
    assert state["phase"] == "complete" and GAME.outcome(state) == (True, None, "deployment complete")
    assert len(state["initiative_attempts"]) == 2 and state["winner"] == "A"
    ninja = next(t for t in state["rosters"]["A"] if t["name"] == "Ninja")
    assert ninja["roll_used"] and ninja["placed"] == {"x": 30, "y": 6, "facing": 0.0, "prone": False}
    ghost = next(t for t in state["rosters"]["A"] if t["id"] == "AH1")
    assert ghost["revealed"]
    assert text.count("! refused") >= 15
    assert "Verified:" in text
    assert list(tmp_path.glob("infinity-v*.png"))     # the table picture was written
