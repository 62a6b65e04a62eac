"""The order of the phases (§4): setup (factions and starting transports, §3) → Planning (§5) →
Execution (§6) → Regrouping (§10) → the next round's Planning. Only this module knows that
order: a phase ends itself with `core.games.phases.end_phase`, and `advance`, run after every
action, begins the phase that follows."""
from __future__ import annotations

from core.games import phases

from . import execution, planning, regroup

FOLLOWING = {
    "setup": planning.start_round,
    "planning": execution.start_execution,
    "execution": regroup.start_regroup,
    "regroup": planning.start_round,
}


def advance(ctx) -> None:
    """Begin the phase after each one that ended, until someone must decide or the game is over."""
    phases.advance(ctx, FOLLOWING)
