"""How one phase of a game hands over to the next, without a phase module knowing which comes next.

A phase module ends its phase with `end_phase(ctx, "auction")` as the handler's last step; the
game's flow module, which alone knows the order of the phases, then calls
`advance(ctx, following)` and begins whichever phase follows. It repeats, since a phase may be
over the moment it begins (nothing to decide). Because the phase ends last and the next one
begins right after the handler returns, events and dice come in the order a direct call gave.
The mark lives on the `Ctx` of the action, never in the state, so saved states do not change.
"""
from __future__ import annotations

from typing import Callable


def end_phase(ctx, phase: str) -> None:
    """Mark `phase` over; the flow module begins the next one when the handler returns."""
    if getattr(ctx, "phase_over", None) is not None:
        # a phase ended while another still waits for its successor: a handler went on after its
        # phase was over, and the next phase would begin out of order
        raise RuntimeError(ctx.phase_over, phase)
    ctx.phase_over = phase


def advance(ctx, following: dict[str, Callable]) -> None:
    """Begin the phase that follows each ended one (`following`: ended phase → its successor's start)."""
    while (ended := getattr(ctx, "phase_over", None)) is not None:
        ctx.phase_over = None
        following[ended](ctx)
