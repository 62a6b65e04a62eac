"""What each seat may see (§11) and the summary. The renderer draws only from these."""
from __future__ import annotations

from core.games.infinity.deployment import pending, step_of, step_owner
from core.games.infinity.roster import is_hidden

PUBLIC_FIELDS = ("id", "name", "wip", "ph", "s", "base_mm", "skills", "placed", "airborne",
                 "withdrawn", "revealed", "must_place_in_zone")


def status(state: dict, seat: str, t: dict) -> str:
    """placed / airborne / withdrawn / reserve (pending after its owner's step 1–2) / pending."""
    if t["placed"]:
        return "placed"
    if t["airborne"]:
        return "airborne"
    if t["withdrawn"]:
        return "withdrawn"
    step = step_of(state)
    first = 1 if state.get("player1") == seat else 2
    if state["phase"] == "complete" or (step is not None and step > first):
        return "reserve"
    return "pending"


def trooper_view(state: dict, seat: str, t: dict, own: bool) -> dict:
    out = {k: t[k] for k in PUBLIC_FIELDS}
    out["status"] = status(state, seat, t)
    if own:
        out["lt"] = t["lt"]
        out["hidden"] = t["hidden"]
    return out


def view(state: dict, seat: str | None) -> dict:
    """seat None: the public view (no hidden trooper, no Lieutenant); a seat's view adds its
    own hidden troopers and its Lieutenant (§11, §14.4)."""
    rosters = {}
    for s in ("A", "B"):
        own = s == seat
        rosters[s] = [trooper_view(state, s, t, own) for t in state["rosters"][s]
                      if own or not is_hidden(t)]
    w = state["pending_waiver"]
    return {
        "game": state["game"],
        "seats": list(state["seats"]),
        "me": seat,
        "players": dict(state["players"]),
        "mission": state["mission"],
        "phase": state["phase"],
        "step": step_of(state),
        "step_owner": step_owner(state),
        "locked": dict(state["locked"]),
        "lt_wip": state["lt_wip"],
        "initiative_attempts": [dict(a) for a in state["initiative_attempts"]],
        "winner": state["winner"],
        "choice": state["choice"],
        "holder_initiative": state["holder_initiative"],
        "holder_deployment": state["holder_deployment"],
        "zone_of": state["zone_of"],
        "player1": state["player1"],
        "first_turn": state["first_turn"],
        "pending_waiver": dict(w) if w else None,
        "rosters": rosters,
    }


def summary(state: dict) -> dict:
    """The game's own summary keys (public information only: hidden troopers never count)."""
    placed, waiting = {}, {}
    for s in ("A", "B"):
        public = [t for t in state["rosters"][s] if not is_hidden(t)]
        placed[s] = sum(1 for t in public if t["placed"])
        waiting[s] = sum(1 for t in pending(state, s) if not is_hidden(t))
    return {
        "phase": state["phase"],
        "step": step_of(state),
        "initiative_holder": state["holder_initiative"],
        "deployment_holder": state["holder_deployment"],
        "first_turn": state["first_turn"],
        "placed": placed,
        "pending": waiting,
        "rolls": [dict(a) for a in state["initiative_attempts"]],
    }


def status_text(state: dict, seat: str | None) -> str:
    v = view(state, seat)
    m = v["mission"]
    lines = [f"Infinity — {m['name']} — phase {v['phase']}"
             + (f", step {v['step']} ({v['step_owner']})" if v["step"] else "")]
    if v["lt_wip"]:
        lines.append(f"Lieutenant WIP — A: {v['lt_wip']['A']}, B: {v['lt_wip']['B']}")
    if v["winner"]:
        lines.append(f"Initiative Roll won by {v['winner']}; initiative: {v['holder_initiative']}, "
                     f"deployment: {v['holder_deployment']}")
    if v["zone_of"]:
        lines.append(f"Zones: A {v['zone_of']['A']}, B {v['zone_of']['B']}; Player 1: {v['player1']}"
                     + (f"; first turn: {v['first_turn']}" if v["first_turn"] else ""))
    for s in ("A", "B"):
        lines.append(f"{s} ({v['players'][s]}){' ready' if v['locked'][s] else ''}:")
        for t in v["rosters"][s]:
            where = ""
            if t["placed"]:
                p = t["placed"]
                where = f" at ({p['x']:g}, {p['y']:g}){' prone' if p['prone'] else ''}"
            marks = (" ★Lt" if t.get("lt") else "") + (" [hidden]" if t.get("hidden") and not t["revealed"] else "")
            lines.append(f"  {t['id']} {t['name']} WIP{t['wip']} PH{t['ph']} S{t['s']}"
                         f"{' ' + ','.join(t['skills']) if t['skills'] else ''}{marks}: {t['status']}{where}")
    return "\n".join(lines)
