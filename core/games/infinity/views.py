"""What each seat may see (§11) and the summary. The renderer draws only from these."""
from __future__ import annotations

from core.games.infinity.deployment import pending, step_of, step_owner
from core.games.infinity.roster import is_hidden
from core.games.infinity.seats import who

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
    if t.get("infiltration") and (own or not t["hidden"]):     # a hidden trooper's roll: owner only (§9.3.4)
        out["infiltration"] = dict(t["infiltration"])
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
             + (f", step {v['step']} ({who(v, v['step_owner'])})" if v["step"] else "")]
    if v["lt_wip"]:
        lines.append(f"Lieutenant WIP — {who(v, 'A')}: {v['lt_wip']['A']}, {who(v, 'B')}: {v['lt_wip']['B']}")
    if v["winner"]:
        lines.append(f"Initiative Roll won by {who(v, v['winner'])}; initiative: {who(v, v['holder_initiative'])}, "
                     f"deployment: {who(v, v['holder_deployment'])}")
    if v["zone_of"]:
        lines.append(f"Zones: {v['zone_of']['A']} for {who(v, 'A')}, {v['zone_of']['B']} for {who(v, 'B')}; "
                     f"Player 1: {who(v, v['player1'])}"
                     + (f"; first turn: {who(v, v['first_turn'])}" if v["first_turn"] else ""))
    for s in ("A", "B"):
        lines.append(f"{who(v, s)}{' ready' if v['locked'][s] else ''}:")
        for t in v["rosters"][s]:
            where = ""
            if t["placed"]:
                p = t["placed"]
                where = f" at ({p['x']:g}, {p['y']:g}){' prone' if p['prone'] else ''}"
            marks = (" ★Lt" if t.get("lt") else "") + (" [hidden]" if t.get("hidden") and not t["revealed"] else "")
            lines.append(f"  {t['id']} {t['name']} WIP{t['wip']} PH{t['ph']} S{t['s']}"
                         f"{' ' + ','.join(t['skills']) if t['skills'] else ''}{marks}: {t['status']}{where}")
    return "\n".join(lines)


# §11 the private view in words ------------------------------------------------------------------

SKILL_WORDS = {       # §2.4, §9: what each code lets the trooper do at deployment
    "fd1": "Forward Deployment 1: up to 4\" beyond your zone",
    "fd2": "Forward Deployment 2: up to 8\" beyond your zone",
    "inf": "Infiltration: anywhere in your half, or the enemy half with a PH−3 roll",
    "ad": "Airborne Deployment: may stay off the table (`airborne <id>`)",
    "hd": "Hidden Deployment: placed by DM, unseen by your opponent",
}


def _where(t: dict) -> str:
    if t["placed"]:
        p = t["placed"]
        return (f"placed at ({_num(p['x'])}, {_num(p['y'])}), facing {_num(p['facing'])}°"
                + (", Prone" if p["prone"] else ""))
    return {"airborne": "off the table (airborne)", "withdrawn": "withdrawn",
            "reserve": "pending: your reserve, deployed in step 3 or 4"}.get(t["status"], "pending")


def _num(v) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _where_sentence(t: dict) -> str:
    """Where a trooper is, as a sentence of its own (each one a message to translate)."""
    if t["placed"]:
        p = t["placed"]
        x, y, facing = _num(p["x"]), _num(p["y"]), _num(p["facing"])
        return (f"Placed at ({x}, {y}), facing {facing}°, Prone." if p["prone"]
                else f"Placed at ({x}, {y}), facing {facing}°.")
    pending = "Pending."
    return {"airborne": "Off the table (airborne).", "withdrawn": "Withdrawn.",
            "reserve": "Pending: your reserve, deployed in step 3 or 4."}.get(t["status"], pending)


def _line(t: dict, own: bool, phase: str) -> str:
    marks = []
    if t.get("lt"):
        marks.append("★ your LIEUTENANT (secret)")
    if t.get("hidden"):
        marks.append("revealed hidden trooper" if t["revealed"] else "HIDDEN: only you see it")
    skills = ",".join(t["skills"])
    stats = (f"WIP {t['wip']}, PH {t['ph']}, S{t['s']}, {t['base_mm']} mm base, skills {skills}" if skills
             else f"WIP {t['wip']}, PH {t['ph']}, S{t['s']}, {t['base_mm']} mm base")
    marked = "; ".join(marks)
    text = (f"  {t['id']} {t['name']} [{marked}]: {stats}." if marks else f"  {t['id']} {t['name']}: {stats}.")
    if phase == "rosters":
        return text
    if own or t["placed"] or t["status"] in ("airborne", "withdrawn"):
        text += " " + _where_sentence(t)
    else:
        not_yet = "Not deployed yet."            # which one is the reserve is never said (§11)
        text += " " + not_yet
    if t.get("must_place_in_zone"):
        text += " Failed its Infiltration roll: place it wholly inside your zone next, or withdraw it."
    return text


def _pending_for(view: dict, me: str) -> str:
    """What the rules wait for, said to `me`."""
    phase, other = view["phase"], "B" if me == "A" else "A"
    mine = view["rosters"][me]
    w = view["pending_waiver"]
    if w:
        if w["seat"] == me:
            return f"You asked to place {w['id']} on terrain; waiting for {who(view, other)} to `agree` or `refuse`."
        return f"{who(view, w['seat'])} asks to place {w['id']} on terrain: type `agree` or `refuse`."
    if phase == "rosters":
        if view["locked"][me]:
            return (f"Your roster is locked; waiting for {who(view, other)} to type `ready`"
                    + (" (you may `unready` until then)." if not view["locked"][other] else "."))
        add, lt = not mine, not any(t.get("lt") for t in mine)
        if add and lt:
            return ("Your turn to build your roster: add at least one trooper (`add <name>; wip=<n>; ph=<n>; "
                    "s=<n>`), then name your Lieutenant by DM (`lt <id>`), then type `ready`.")
        if add:
            return ("Your turn to build your roster: add at least one trooper (`add <name>; wip=<n>; ph=<n>; "
                    "s=<n>`), then type `ready`.")
        if lt:
            return "Your turn to build your roster: name your Lieutenant by DM (`lt <id>`), then type `ready`."
        return "Your turn to build your roster: type `ready`."
    if phase == "initiative":
        return "Initiative Roll: either player types `roll`."
    if phase == "choice":
        if view["choice"] is None:
            holder, what = view["winner"], "`choose initiative` or `choose deployment`"
        elif view["zone_of"] is None:
            holder, what = view["holder_deployment"], "`deploy zone=<north/south> first=<me/them>`"
        else:
            holder, what = view["holder_initiative"], "`initiative first=<me/them>`"
        return f"Your decision: {what}." if holder == me else f"Waiting for {who(view, holder)}: {what}."
    if view["step"]:
        owner, step = view["step_owner"], view["step"]
        left = [t for t in mine if not t["placed"] and t["status"] in ("pending", "reserve")]
        ids = ", ".join(f"{t['id']} {t['name']}" for t in left) or "none"
        if owner != me:
            return (f"Step {step} of 4: {who(view, owner)} is deploying. Your troopers still to "
                    f"deploy: {ids}.")
        forced = next((t for t in left if t.get("must_place_in_zone")), None)
        if forced is not None:
            return (f"Step {step} of 4, your step: place {forced['id']} wholly inside your zone "
                    f"(`place {forced['id']} <x> <y>`) or `withdraw {forced['id']}`.")
        if step in (1, 2):
            return (f"Step {step} of 4, your step: deploy all your troopers but one (the reserve), "
                    f"then `done`. Still to deploy: {ids}. Hidden ones by DM.")
        return f"Step {step} of 4, your step: deploy your reserve ({ids})."
    if phase == "complete":
        return f"Deployment is complete; {who(view, view['first_turn'])} takes the first Player Turn."
    return phase


def describe(view: dict) -> str:
    """A seat's private view in words (§11): its roster with the Lieutenant and hidden
    troopers marked, its private rolls, what is pending for it; the opponent's public
    troopers. The public view (no seat) gets the same without the private parts."""
    me = view.get("me")
    m = view["mission"]
    lines = [f"Infinity — {m['name']}" + (f" — private view of {who(view, me)}, for you only"
                                            if me else " — public view")]
    if me:
        lines.append("Now: " + _pending_for(view, me))
    if view["lt_wip"]:
        tries = "; ".join(f"{a['rollA']}/{a['rollB']} ({a['result']})" for a in view["initiative_attempts"])
        lines.append(f"Initiative Roll: Lieutenant WIP {who(view, 'A')} {view['lt_wip']['A']}, "
                     f"{who(view, 'B')} {view['lt_wip']['B']}; rolls A/B {tries}"
                     + (f"; won by {who(view, view['winner'])}" if view["winner"] else "")
                     + ".")
    if view["zone_of"]:
        lines.append(f"Zones: {view['zone_of']['A']} for {who(view, 'A')}, {view['zone_of']['B']} for "
                     f"{who(view, 'B')}; Player 1 (deploys first): {who(view, view['player1'])}"
                     + (f"; first Player Turn: {who(view, view['first_turn'])}" if view["first_turn"] else "")
                     + ".")
    seats = [me, "B" if me == "A" else "A"] if me else ["A", "B"]
    used = set()
    for s in seats:
        own = s == me
        roster = view["rosters"][s]
        n = len(roster)
        if view["phase"] != "rosters":
            lines.append(f"Your roster, {n} trooper{'s' if n != 1 else ''}:" if own
                         else f"{who(view, s)}'s public roster, {n} trooper{'s' if n != 1 else ''}:")
        elif view["locked"][s]:
            lines.append(f"Your roster (locked), {n} trooper{'s' if n != 1 else ''}:" if own
                         else f"{who(view, s)}'s public roster (locked), {n} trooper{'s' if n != 1 else ''}:")
        else:
            lines.append(f"Your roster (still open), {n} trooper{'s' if n != 1 else ''}:" if own
                         else f"{who(view, s)}'s public roster (still open), {n} trooper{'s' if n != 1 else ''}:")
        lines += [_line(t, own, view["phase"]) for t in roster] or ["  none yet"]
        for t in roster:
            used.update(k for k in t["skills"] if k in SKILL_WORDS)
        if own:
            lt = next((t for t in roster if t.get("lt")), None)
            lines.append(f"  Lieutenant: {lt['id']} {lt['name']} (WIP {lt['wip']}); its identity stays secret."
                         if lt else "  Lieutenant: none yet — send `lt <id>` by DM.")
            rolls = [f"{t['id']} {t['name']} Infiltration: rolled {t['infiltration']['roll']}, needed "
                     f"{t['infiltration']['target']} or less — "
                     + ("passed" if t["infiltration"]["passed"] else "failed")
                     + (" (private: hidden trooper)" if t.get("hidden") and not t["revealed"] else "")
                     for t in roster if t.get("infiltration")]
            if rolls:
                lines.append("  Your rolls: " + "; ".join(rolls) + ".")
    if used:
        words = [SKILL_WORDS[k] for k in ("fd1", "fd2", "inf", "ad", "hd") if k in used]
        lines.append("Skills: " + "; ".join(words) + ".")
    return "\n".join(lines)
