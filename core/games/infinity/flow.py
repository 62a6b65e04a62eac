"""The order of the phases: rosters (§3), the Initiative Roll and the choice (§5, §6), both in
pregame.py → the Deployment Phase (§7, deployment.py), which ends the module (§12). Only this
module knows that order: pregame ends itself with `core.games.phases.end_phase`, and `advance`,
run after every action, begins deployment."""
from __future__ import annotations

from core.games import phases
from core.games.infinity import deployment

FOLLOWING = {"pregame": deployment.begin}


def advance(ctx) -> None:
    """Begin the phase after one that just ended."""
    phases.advance(ctx, FOLLOWING)
