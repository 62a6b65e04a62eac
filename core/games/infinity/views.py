"""What each seat may see (§11) and the summary. The renderer draws only from these."""
from __future__ import annotations

from core.games.infinity.deployment import pending, step_of, step_owner
from core.games.infinity.roster import is_hidden
from core.games.infinity.seats import who
from core.message import Cmd, join, msg, plural

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
    lines = [(msg("Infinity — {name} — phase {phase}, step {step} ({step_owner})", name=m['name'], phase=v['phase'], step=v['step'], step_owner=who(v, v['step_owner'])) if v["step"] else msg("Infinity — {name} — phase {phase}", name=m['name'], phase=v['phase']))]
    if v["lt_wip"]:
        lines.append(msg("Lieutenant WIP — {a}: {a2}, {b}: {b2}", a=who(v, 'A'), a2=v['lt_wip']['A'], b=who(v, 'B'), b2=v['lt_wip']['B']))
    if v["winner"]:
        lines.append(msg("Initiative Roll won by {winner}; initiative: {holder_initiative}, deployment: {holder_deployment}", winner=who(v, v['winner']), holder_initiative=who(v, v['holder_initiative']), holder_deployment=who(v, v['holder_deployment'])))
    if v["zone_of"]:
        lines.append((msg("Zones: {a} for {a2}, {b} for {b2}; Player 1: {player1}; first turn: {first_turn}", a=v['zone_of']['A'], a2=who(v, 'A'), b=v['zone_of']['B'], b2=who(v, 'B'), player1=who(v, v['player1']), first_turn=who(v, v['first_turn'])) if v["first_turn"] else msg("Zones: {a} for {a2}, {b} for {b2}; Player 1: {player1}", a=v['zone_of']['A'], a2=who(v, 'A'), b=v['zone_of']['B'], b2=who(v, 'B'), player1=who(v, v['player1']))))
    for s in ("A", "B"):
        lines.append((msg("{s} ready:", s=who(v, s)) if v['locked'][s] else msg("{s}:", s=who(v, s))))
        for t in v["rosters"][s]:
            where = ""
            if t["placed"]:
                p = t["placed"]
                where = (msg(" at ({x}, {y}) prone", x=format(p['x'], "g"), y=format(p['y'], "g")) if p['prone'] else msg(" at ({x}, {y})", x=format(p['x'], "g"), y=format(p['y'], "g")))
            marks = ((msg(" ★Lt [hidden]") if t.get("hidden") and not t["revealed"] else msg(" ★Lt")) if t.get("lt") else (msg(" [hidden]") if t.get("hidden") and not t["revealed"] else msg("")))
            lines.append((msg("  {id} {name} WIP{wip} PH{ph} S{s} {skills}{marks}: {status}{where}", id=t['id'], name=t['name'], wip=t['wip'], ph=t['ph'], s=t['s'], skills=','.join(t['skills']), marks=marks, status=t['status'], where=where) if t['skills'] else msg("  {id} {name} WIP{wip} PH{ph} S{s}{marks}: {status}{where}", id=t['id'], name=t['name'], wip=t['wip'], ph=t['ph'], s=t['s'], marks=marks, status=t['status'], where=where)))
    return join("\n", lines)


# §11 the private view in words ------------------------------------------------------------------

SKILL_WORDS = {       # §2.4, §9: what each code lets the trooper do at deployment
    "fd1": msg("Forward Deployment 1: up to 4\" beyond your zone"),
    "fd2": msg("Forward Deployment 2: up to 8\" beyond your zone"),
    "inf": msg("Infiltration: anywhere in your half, or the enemy half with a PH−3 roll"),
    "ad": msg("Airborne Deployment: may stay off the table (`airborne <id>`)"),
    "hd": msg("Hidden Deployment: placed by DM, unseen by your opponent"),
}


def _where(t: dict) -> str:
    if t["placed"]:
        p = t["placed"]
        return ((msg("placed at ({num}, {num2}), facing {num3}°, Prone", num=_num(p['x']), num2=_num(p['y']), num3=_num(p['facing'])) if p["prone"] else msg("placed at ({num}, {num2}), facing {num3}°", num=_num(p['x']), num2=_num(p['y']), num3=_num(p['facing']))))
    return {"airborne": msg("off the table (airborne)"), "withdrawn": "withdrawn",
            "reserve": msg("pending: your reserve, deployed in step 3 or 4")}.get(t["status"], "pending")


def _num(v) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _where_sentence(t: dict) -> str:
    """Where a trooper is, as a sentence of its own (each one a message to translate)."""
    if t["placed"]:
        p = t["placed"]
        x, y, facing = _num(p["x"]), _num(p["y"]), _num(p["facing"])
        return ((msg("Placed at ({x}, {y}), facing {facing}°, Prone.", x=x, y=y, facing=facing) if p["prone"] else msg("Placed at ({x}, {y}), facing {facing}°.", x=x, y=y, facing=facing)))
    pending = msg("Pending.")
    return {"airborne": msg("Off the table (airborne)."), "withdrawn": msg("Withdrawn."),
            "reserve": msg("Pending: your reserve, deployed in step 3 or 4.")}.get(t["status"], pending)


def _line(t: dict, own: bool, phase: str) -> str:
    marks = []
    if t.get("lt"):
        marks.append(msg("★ your LIEUTENANT (secret)"))
    if t.get("hidden"):
        marks.append((msg("revealed hidden trooper") if t["revealed"] else msg("HIDDEN: only you see it")))
    skills = ",".join(t["skills"])
    stats = ((msg("WIP {wip}, PH {ph}, S{s}, {base_mm} mm base, skills {skills}", wip=t['wip'], ph=t['ph'], s=t['s'], base_mm=t['base_mm'], skills=skills) if skills else msg("WIP {wip}, PH {ph}, S{s}, {base_mm} mm base", wip=t['wip'], ph=t['ph'], s=t['s'], base_mm=t['base_mm'])))
    marked = join("; ", marks)
    text = (msg("  {id} {name} [{marked}]: {stats}.", id=Cmd(t['id']), name=Cmd(t['name']), marked=marked, stats=stats)
            if marks else msg("  {id} {name}: {stats}.", id=Cmd(t['id']), name=Cmd(t['name']), stats=stats))
    if phase == "rosters":
        return text
    if own or t["placed"] or t["status"] in ("airborne", "withdrawn"):
        text += " " + _where_sentence(t)
    else:
        not_yet = msg("Not deployed yet.")            # which one is the reserve is never said (§11)
        text += " " + not_yet
    if t.get("must_place_in_zone"):
        text += msg(" Failed its Infiltration roll: place it wholly inside your zone next, or withdraw it.")
    return text


def _pending_for(view: dict, me: str) -> str:
    """What the rules wait for, said to `me`."""
    phase, other = view["phase"], "B" if me == "A" else "A"
    mine = view["rosters"][me]
    w = view["pending_waiver"]
    if w:
        if w["seat"] == me:
            return msg("You asked to place {id} on terrain; waiting for {other} to `agree` or `refuse`.", id=w['id'], other=who(view, other))
        return msg("{seat} asks to place {id} on terrain: type `agree` or `refuse`.", seat=who(view, w['seat']), id=w['id'])
    if phase == "rosters":
        if view["locked"][me]:
            return ((msg("Your roster is locked; waiting for {other} to type `ready` (you may `unready` until then).", other=who(view, other)) if not view["locked"][other] else msg("Your roster is locked; waiting for {other} to type `ready`.", other=who(view, other))))
        add, lt = not mine, not any(t.get("lt") for t in mine)
        if add and lt:
            return (msg("Your turn to build your roster: add at least one trooper (`add <name>; wip=<n>; ph=<n>; s=<n>`), then name your Lieutenant by DM (`lt <id>`), then type `ready`."))
        if add:
            return (msg("Your turn to build your roster: add at least one trooper (`add <name>; wip=<n>; ph=<n>; s=<n>`), then type `ready`."))
        if lt:
            return msg("Your turn to build your roster: name your Lieutenant by DM (`lt <id>`), then type `ready`.")
        return msg("Your turn to build your roster: type `ready`.")
    if phase == "initiative":
        return msg("Initiative Roll: either player types `roll`.")
    if phase == "choice":
        if view["choice"] is None:
            holder, what = view["winner"], msg("`choose initiative` or `choose deployment`")
        elif view["zone_of"] is None:
            holder, what = view["holder_deployment"], msg("`deploy zone=<north/south> first=<me/them>`")
        else:
            holder, what = view["holder_initiative"], msg("`initiative first=<me/them>`")
        return (msg("Your decision: {what}.", what=what) if holder == me else msg("Waiting for {holder}: {what}.", holder=who(view, holder), what=what))
    if view["step"]:
        owner, step = view["step_owner"], view["step"]
        left = [t for t in mine if not t["placed"] and t["status"] in ("pending", "reserve")]
        ids = join(", ", (msg("{id} {name}", id=t['id'], name=t['name']) for t in left)) or "none"
        if owner != me:
            return (msg("Step {step} of 4: {owner} is deploying. Your troopers still to deploy: {ids}.", step=step, owner=who(view, owner), ids=ids))
        forced = next((t for t in left if t.get("must_place_in_zone")), None)
        if forced is not None:
            return (msg("Step {step} of 4, your step: place {id} wholly inside your zone (`place {id2} <x> <y>`) or `withdraw {id3}`.", step=step, id=forced['id'], id2=forced['id'], id3=forced['id']))
        if step in (1, 2):
            return (msg("Step {step} of 4, your step: deploy all your troopers but one (the reserve), then `done`. Still to deploy: {ids}. Hidden ones by DM.", step=step, ids=ids))
        return msg("Step {step} of 4, your step: deploy your reserve ({ids}).", step=step, ids=ids)
    if phase == "complete":
        return msg("Deployment is complete; {first_turn} takes the first Player Turn.", first_turn=who(view, view['first_turn']))
    return phase


def describe(view: dict) -> str:
    """A seat's private view in words (§11): its roster with the Lieutenant and hidden
    troopers marked, its private rolls, what is pending for it; the opponent's public
    troopers. The public view (no seat) gets the same without the private parts."""
    me = view.get("me")
    m = view["mission"]
    lines = [(msg("Infinity — {name} — private view of {me}, for you only", name=m['name'], me=who(view, me)) if me else msg("Infinity — {name} — public view", name=m['name']))]
    if me:
        lines.append(msg("Now: {pending_for}", pending_for=_pending_for(view, me)))
    if view["lt_wip"]:
        tries = join("; ", (msg("{rolla}/{rollb} ({result})", rolla=a['rollA'], rollb=a['rollB'], result=a['result']) for a in view["initiative_attempts"]))
        lines.append((msg("Initiative Roll: Lieutenant WIP {a} {a2}, {b} {b2}; rolls A/B {tries}; won by {winner}.", a=who(view, 'A'), a2=view['lt_wip']['A'], b=who(view, 'B'), b2=view['lt_wip']['B'], tries=tries, winner=who(view, view['winner'])) if view["winner"] else msg("Initiative Roll: Lieutenant WIP {a} {a2}, {b} {b2}; rolls A/B {tries}.", a=who(view, 'A'), a2=view['lt_wip']['A'], b=who(view, 'B'), b2=view['lt_wip']['B'], tries=tries)))
    if view["zone_of"]:
        lines.append((msg("Zones: {a} for {a2}, {b} for {b2}; Player 1 (deploys first): {player1}; first Player Turn: {first_turn}.", a=view['zone_of']['A'], a2=who(view, 'A'), b=view['zone_of']['B'], b2=who(view, 'B'), player1=who(view, view['player1']), first_turn=who(view, view['first_turn'])) if view["first_turn"] else msg("Zones: {a} for {a2}, {b} for {b2}; Player 1 (deploys first): {player1}.", a=view['zone_of']['A'], a2=who(view, 'A'), b=view['zone_of']['B'], b2=who(view, 'B'), player1=who(view, view['player1']))))
    seats = [me, "B" if me == "A" else "A"] if me else ["A", "B"]
    used = set()
    for s in seats:
        own = s == me
        roster = view["rosters"][s]
        n = len(roster)
        if view["phase"] != "rosters":
            lines.append((plural(("Your roster, {n} trooper:", "Your roster, {n} troopers:"), n, n=n) if own else plural(("{s}'s public roster, {n} trooper:", "{s}'s public roster, {n} troopers:"), n, s=who(view, s), n=n)))
        elif view["locked"][s]:
            lines.append((plural(("Your roster (locked), {n} trooper:", "Your roster (locked), {n} troopers:"), n, n=n) if own else plural(("{s}'s public roster (locked), {n} trooper:", "{s}'s public roster (locked), {n} troopers:"), n, s=who(view, s), n=n)))
        else:
            lines.append((plural(("Your roster (still open), {n} trooper:", "Your roster (still open), {n} troopers:"), n, n=n) if own else plural(("{s}'s public roster (still open), {n} trooper:", "{s}'s public roster (still open), {n} troopers:"), n, s=who(view, s), n=n)))
        lines += [_line(t, own, view["phase"]) for t in roster] or [msg("  none yet")]
        for t in roster:
            used.update(k for k in t["skills"] if k in SKILL_WORDS)
        if own:
            lt = next((t for t in roster if t.get("lt")), None)
            lines.append((msg("  Lieutenant: {id} {name} (WIP {wip}); its identity stays secret.", id=lt['id'], name=lt['name'], wip=lt['wip']) if lt else msg("  Lieutenant: none yet — send `lt <id>` by DM.")))
            rolls = [((msg("{id} {name} Infiltration: rolled {roll}, needed {target} or less — passed (private: hidden trooper)", id=t['id'], name=t['name'], roll=t['infiltration']['roll'], target=t['infiltration']['target']) if t.get("hidden") and not t["revealed"] else msg("{id} {name} Infiltration: rolled {roll}, needed {target} or less — passed", id=t['id'], name=t['name'], roll=t['infiltration']['roll'], target=t['infiltration']['target'])) if t["infiltration"]["passed"] else (msg("{id} {name} Infiltration: rolled {roll}, needed {target} or less — failed (private: hidden trooper)", id=t['id'], name=t['name'], roll=t['infiltration']['roll'], target=t['infiltration']['target']) if t.get("hidden") and not t["revealed"] else msg("{id} {name} Infiltration: rolled {roll}, needed {target} or less — failed", id=t['id'], name=t['name'], roll=t['infiltration']['roll'], target=t['infiltration']['target'])))
                     for t in roster if t.get("infiltration")]
            if rolls:
                lines.append(msg("  Your rolls: {rolls}.", rolls=join("; ", rolls)))
    if used:
        words = [SKILL_WORDS[k] for k in ("fd1", "fd2", "inf", "ad", "hd") if k in used]
        lines.append(msg("Skills: {words}.", words=join("; ", words)))
    return join("\n", lines)
