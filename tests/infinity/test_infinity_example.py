"""examples/infinity.txt, fed straight through `GAME` (the console adapter runs the same
lines through the platform): every line does what the script says, and the game ends."""
import re
from pathlib import Path

from core.errors import RulesError
from core.games.infinity import GAME

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "infinity.txt"
LINE = re.compile(r"^(?P<expect>!)?\s*(?P<name>[^:()]+?)\s*(?P<dm>\(dm\))?\s*:\s*(?P<text>.*)$")


def test_example_script_plays_a_whole_pregame():  # §3–§12 end to end
    state, seats, seed, options, players = None, {}, None, {}, []
    outcomes = []
    for number, raw in enumerate(SCRIPT.read_text().splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        m = LINE.match(raw.strip())
        assert m, f"line {number} is not `name: /command`"
        name, text, private, expect = m["name"].strip(), m["text"].strip(), bool(m["dm"]), bool(m["expect"])
        word, _, rest = text.partition(" ")
        if word == "/new":
            tokens = rest.split()[1:]
            seed = next(t.split("=", 1)[1] for t in tokens if t.startswith("seed="))
            options = GAME.parse_options([t for t in tokens if not t.startswith("seed=")])
            continue
        if word == "/join":
            players.append(name)
            continue
        if word == "/start":
            state = GAME.setup(players, options, seed)
            seats = {p: s for p, s in zip(players, state["seats"])}
            continue
        assert word in ("/inf", "/infinity"), f"line {number}: {text}"
        seat = seats[name]
        try:
            action = GAME.parse(rest, private=private)
            if GAME.verbs[action.verb].query:
                GAME.query(state, seat, action)
            else:
                state, _ = GAME.apply(state, seat, action)
            ok, why = True, ""
        except RulesError as exc:
            ok, why = False, f"{exc.code}: {exc.message}"
        assert ok != expect, f"line {number} {raw!r}: " + (why or "accepted but a refusal was expected")
        outcomes.append(ok)
        assert GAME.invariants(state) == []
    assert state["phase"] == "complete" and GAME.outcome(state) == (True, None, "deployment complete")
    assert len(state["initiative_attempts"]) == 2 and state["winner"] == "A"
    ninja = next(t for t in state["rosters"]["A"] if t["name"] == "Ninja")
    assert ninja["roll_used"] and ninja["placed"] == {"x": 30, "y": 6, "facing": 0.0, "prone": False}
    ghost = next(t for t in state["rosters"]["A"] if t["id"] == "AH1")
    assert ghost["revealed"]
    assert outcomes.count(False) >= 15
