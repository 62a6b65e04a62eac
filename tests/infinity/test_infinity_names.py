"""Issue 16 point 4: where a message means a seat, it names the player (with the seat letter)."""
import re

from core.games.infinity import GAME

from .support import act, force_next_roll, named, new

# a bare seat letter used as a subject: "A places", "B refuses", "waiting for A", "A's step"
BARE = re.compile(r"(?<![\w(])[AB](?:'s|(?= (?:places|takes|has|is|keeps|withdraws|adds|removes|chooses|"
                  r"deploys|agrees|refuses|unlocks|won|asks|enters|must|rolls|wins)\b))")


def test_messages_and_prompts_name_the_players():  # §3–§12 every announcement of a whole pre-game
    said = []

    def run(state, seat, line, private=False):
        state, events = act(state, seat, line, private)
        said.extend(e.text for e in events if e.text)
        said.extend(p.text for p in GAME.prompts(state).values())
        return state

    s = new()
    said.extend(p.text for p in GAME.prompts(s).values())
    for seat, lines in (("A", ("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2",
                                "Ninja; wip=13; ph=11; s=2; skills=inf")),
                        ("B", ("Alguacil; wip=14; ph=10; s=2", "Jumper; wip=13; ph=11; s=2; skills=ad",
                               "Hacker; wip=12; ph=10; s=2"))):
        for line in lines:
            s = run(s, seat, f"add {line}")
        s = run(s, seat, f"lt {seat}1", private=True)
    s = run(s, "A", "ready")
    s = run(s, "A", "unready")
    s = run(s, "A", "ready")
    s = run(s, "B", "ready")
    s = run(s, "B", "roll")
    w = s["winner"]
    o = "B" if w == "A" else "A"
    s = run(s, w, "choose deployment")
    s = run(s, w, f"deploy zone={'south' if w == 'A' else 'north'} first={'me' if w == 'A' else 'them'}")
    s = run(s, o, "initiative first=me")
    s = run(s, "A", "place A2 36 9.5")                 # T5: asks B to agree (§8.3)
    s = run(s, "B", "refuse")
    s = run(s, "A", "place A2 10 5")
    s = run(s, "A", "undo")
    s = run(s, "A", "place A2 10 5")
    s = force_next_roll(s, lambda v: v > 8)
    s = run(s, "A", "place A3 20 30")                  # fails its Infiltration roll
    s = run(s, "A", "withdraw A3")
    s = run(s, "A", "done")
    s = run(s, "B", "airborne B2")
    s = run(s, "B", "place B1 20 40")
    s = run(s, "B", "done")
    s = run(s, "A", "place A1 30 6")
    s = run(s, "B", "place B3 30 40")
    assert s["phase"] == "complete"
    text = "\n".join(named(t) for t in said)
    assert not [m.group(0) for m in BARE.finditer(text)], [line for line in said if BARE.search(line)]
    for phrase in ("alice (A) adds", "bob (B) is ready", "alice (A) unlocks",
                   "bob (B) refuses: alice (A), choose another spot",
                   "alice (A) places A2", "alice (A) takes back", "alice (A) withdraws A3",
                   "Step 2: bob (B)", "bob (B) keeps B2 off-table", "Lieutenant WIP — alice (A): 13, bob (B): 14",
                   "takes the first Player Turn", "Deployment complete."):
        assert phrase in text, phrase
    status = named(GAME.query(s, "A", GAME.parse("status"))[0].text)
    assert "alice (A) ready:" in status and "Zones: " in status and " for alice (A)" in status
