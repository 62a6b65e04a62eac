"""The Initiative Roll (§5): grading and the winner table, pure functions."""
from __future__ import annotations

from core.message import msg


def grade(roll: int, wip: int) -> str:
    """§5.3: ``critical`` if r = w, ``success`` if r < w, ``failure`` if r > w."""
    if roll == wip:
        return "critical"
    return "success" if roll < wip else "failure"


def winner(roll_a: int, wip_a: int, roll_b: int, wip_b: int) -> str:
    """§5.4, first matching case: returns ``"A"``, ``"B"`` or ``"tie"``."""
    ga, gb = grade(roll_a, wip_a), grade(roll_b, wip_b)
    ok_a, ok_b = ga != "failure", gb != "failure"
    if not ok_a and not ok_b:                       # 1. both fail
        return "tie"
    if ok_a != ok_b:                                # 2. exactly one success
        return "A" if ok_a else "B"
    crit_a, crit_b = ga == "critical", gb == "critical"
    if crit_a and crit_b:                           # 3. both critical
        return "tie"
    if crit_a != crit_b:                            # 4. a lone critical wins
        return "A" if crit_a else "B"
    if roll_a == roll_b:                            # 5. equal successes tie
        return "tie"
    return "A" if roll_a > roll_b else "B"          # 5. the higher roll wins


def explain(roll_a: int, wip_a: int, roll_b: int, wip_b: int, names: tuple = ("A", "B")) -> str:
    """One sentence for an attempt (§5.7: every attempt is posted); `names` say the seats
    as players read them."""
    ga, gb = grade(roll_a, wip_a), grade(roll_b, wip_b)
    result = winner(roll_a, wip_a, roll_b, wip_b)
    head = msg("{names} rolls {roll_a} ({ga}), {names2} rolls {roll_b} ({gb})", names=names[0], roll_a=roll_a, ga=ga, names2=names[1], roll_b=roll_b, gb=gb)
    if result != "tie":
        return msg("{head}: {names} wins the Initiative Roll.", head=head, names=names[0] if result == 'A' else names[1])
    if ga == gb == "failure":
        why = msg("both fail")
    elif ga == gb == "critical":
        why = msg("both critical")
    else:
        why = msg("equal successes")
    return msg("{head}: {why}, roll again.", head=head, why=why)
