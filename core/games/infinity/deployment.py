"""The Deployment Phase (§7): the four steps, P1–P3 of §8, placing (§8, §9.1, §9.3,
§9.5), airborne (§9.4), undo (§7.7), done (§7.2), withdraw (§7.9), the terrain waiver
(§8.3) and the end of the module (§12)."""
from __future__ import annotations

from core.errors import RulesError
from core.games.infinity import placement
from core.games.infinity.placement import _fmt
from core.games.infinity.roster import find, has, hidden_id, is_hidden, is_pending
from core.games.infinity.seats import other_seat, who
from core.message import join, msg

STEPS = ("deploy_1", "deploy_2", "deploy_3", "deploy_4")


def step_of(state: dict) -> int | None:
    return STEPS.index(state["phase"]) + 1 if state["phase"] in STEPS else None


def step_owner(state: dict) -> str | None:
    """Steps 1 and 3 are Player 1's, steps 2 and 4 Player 2's (§7.2–7.5)."""
    step = step_of(state)
    if step is None:
        return None
    p1 = state["player1"]
    return p1 if step in (1, 3) else other_seat(p1)


def pending(state: dict, seat: str) -> list[dict]:
    return [t for t in state["rosters"][seat] if is_pending(t)]


def must_place(state: dict, seat: str) -> dict | None:
    """§9.3.3: the trooper that failed its Infiltration roll and must be placed next."""
    return next((t for t in pending(state, seat) if t["must_place_in_zone"]), None)


def default_facing(state: dict, seat: str) -> float:
    """§2.1.3: facing the opposing zone (0 = north)."""
    return 0.0 if state["zone_of"][seat] == "south" else 180.0


# §7 steps ------------------------------------------------------------------------------

def begin(ctx) -> None:
    """§7.2: the Deployment Phase opens with Player 1's first step."""
    state = ctx.state
    p1 = state["player1"]
    state["phase"] = "deploy_1"
    ctx.say(msg("Step 1: {p1} places all its troopers but one.", p1=who(state, p1)))
    ctx.picture()
    advance(ctx)


def advance(ctx) -> None:
    """Close the steps that have nothing to do (§7.6) and reach the next decision or §12."""
    state = ctx.state
    while state["phase"] in STEPS:
        step, owner = step_of(state), step_owner(state)
        left = len(pending(state, owner))
        if step in (1, 2) and left <= 1:
            what = (msg("no trooper to deploy") if left == 0 else msg("a single trooper, kept in reserve"))
            ctx.say(msg("Step {step}: {owner} has {what}; the step ends at once.", step=step, owner=who(state, owner), what=what))
        elif step in (3, 4) and left == 0:
            ctx.say(msg("Step {step}: {owner} has no reserve to deploy.", step=step, owner=who(state, owner)))
        else:
            return
        next_step(ctx)


def next_step(ctx) -> None:
    state = ctx.state
    step = step_of(state)
    if step == 4:
        complete(ctx)
        return
    state["phase"] = STEPS[step]
    owner = step_owner(state)
    if step + 1 in (1, 2):
        ctx.say(msg("Step {step}: {owner} places all its troopers but one.", step=step + 1, owner=who(state, owner)))
    else:
        ctx.say(msg("Step {step}: {owner} places its reserve.", step=step + 1, owner=who(state, owner)))
    advance(ctx)


def complete(ctx) -> None:
    """§12: the report, the final image, state `complete`."""
    state = ctx.state
    state["phase"] = "complete"
    lines = [msg("Deployment complete. {first_turn} takes the first Player Turn.", first_turn=who(state, state['first_turn']))]
    for seat in ("A", "B"):
        public = [t for t in state["rosters"][seat] if not is_hidden(t)]
        placed = join(", ", ((msg("{id} ({x}, {y}, prone)", id=t['id'], x=_fmt(t['placed']['x']), y=_fmt(t['placed']['y'])) if t['placed']['prone'] else msg("{id} ({x}, {y})", id=t['id'], x=_fmt(t['placed']['x']), y=_fmt(t['placed']['y'])))
                           for t in public if t["placed"])) or "none"
        off = join(", ", (t["id"] for t in public if t["airborne"])) or "none"
        lines.append(msg("{seat}, {zone_of} zone: placed {placed}; off-table (airborne) {off}.", seat=who(state, seat), zone_of=state['zone_of'][seat], placed=placed, off=off))
    rolls = join("; ", (msg("{rolla}/{rollb} → {result}", rolla=a['rollA'], rollb=a['rollB'], result=who(state, a['result'])) for a in state["initiative_attempts"]))
    lines.append(msg("Initiative attempts ({a} / {b}): {rolls}.", a=who(state, 'A'), b=who(state, 'B'), rolls=rolls))
    ctx.say(join("\n", lines), kind="end")
    ctx.picture()


# P1–P3 ------------------------------------------------------------------------------------

def _trooper_for(ctx, tid: str, verb: str) -> dict:
    """§8 P1 (step and reserve rule), P2 (trooper), P3 (channel) for place/airborne/withdraw."""
    state, seat, private = ctx.state, ctx.seat, ctx.action.private
    tid = tid.upper()
    step = step_of(state)
    if hidden_id(tid) and not private:                       # P3, decided without looking
        raise RulesError(msg("Hidden troopers are handled by direct message only; send `{verb}` to the bot privately.", verb=verb), code="WRONG_CHANNEL")
    if find(state, other_seat(seat), tid) is not None and not hidden_id(tid):
        raise RulesError(msg("{tid} belongs to {other_seat}; you can only deploy your own troopers.", tid=tid, other_seat=who(state, other_seat(seat))), code="BAD_TROOPER", private=private)
    t = find(state, seat, tid)
    if t is None:
        raise RulesError(msg("{tid} is not in your roster.", tid=tid), code="BAD_TROOPER", private=private)
    left = pending(state, seat)
    # P1
    if step in (3, 4) and not is_pending(t):
        raise RulesError(msg("In step {step} only your reserve may be deployed; {tid} is not pending.", step=step, tid=tid),
                         code="NOT_YOUR_STEP", private=private)
    if step in (1, 2) and is_pending(t) and len(left) == 1 and verb != "withdraw":
        raise RulesError(msg("{tid} is your last pending trooper: it is your reserve, deployed in step {step}. Type `done`.", tid=tid, step=step + 2), code="RESERVE_RULE", private=True)
    if step in (1, 2) and is_pending(t) and len(left) == 1:
        raise RulesError(msg("{tid} is your last pending trooper (your reserve) and cannot be withdrawn in step {step}. Type `done`.", tid=tid, step=step), code="RESERVE_RULE", private=True)
    # P2
    if not is_pending(t):
        status = "placed" if t["placed"] else "airborne" if t["airborne"] else "withdrawn"
        raise RulesError(msg("{tid} is already {status}.", tid=tid, status=status), code="BAD_TROOPER", private=private)
    forced = must_place(state, seat)
    if forced is not None and forced["id"] != tid:
        raise RulesError(msg("{id} failed its Infiltration roll and must be placed next, inside your own zone (or withdrawn).", id=forced['id']), code="BAD_TROOPER",
                         private=private or is_hidden(forced))
    # P3
    if is_hidden(t) != private:
        where = (msg("by direct message") if is_hidden(t) else msg("in the channel"))
        raise RulesError(msg("{tid} is deployed {where}.", tid=tid, where=where), code="WRONG_CHANNEL", private=private)
    return t


def _log(state: dict, seat: str, t: dict, kind: str, rolled: bool = False) -> None:
    state["step_log"].append({"seat": seat, "step": step_of(state), "id": t["id"], "kind": kind,
                              "rolled": rolled, "hidden": is_hidden(t)})


def _cancel_waiver(ctx) -> None:
    """§8.3: any other command of the placing player cancels a pending request."""
    w = ctx.state.get("pending_waiver")
    if w and w["seat"] == ctx.seat:
        ctx.state["pending_waiver"] = None
        ctx.say(msg("{seat} withdraws its request to place {id} on terrain.", seat=who(ctx.state, ctx.seat), id=w['id']))


def _after_deploying(ctx, t: dict, seat: str) -> None:
    """Steps 3–4 end by themselves once the reserve is dealt with (§7.4–7.5)."""
    state = ctx.state
    if step_of(state) in (3, 4) and not pending(state, seat):
        if is_hidden(t):
            ctx.say(msg("{seat} has deployed its reserve.", seat=who(state, seat)))                    # §7.6
        next_step(ctx)


# verbs ------------------------------------------------------------------------------------

def do_place(ctx) -> None:
    _cancel_waiver(ctx)
    state, seat, a = ctx.state, ctx.seat, ctx.action
    tid, x, y = a.args
    t = _trooper_for(ctx, tid, "place")
    facing = a.opt("facing")
    facing = default_facing(state, seat) if facing is None else float(facing) % 360
    prone = "prone" in a.flags
    verdict = placement.evaluate(state, seat, t, x, y)
    request = {"seat": seat, "id": t["id"], "x": x, "y": y, "facing": facing, "prone": prone}
    if verdict.kind == "terrain":                                      # §8.3
        state["pending_waiver"] = {**request, "terrain": verdict.terrain}
        ctx.say(msg("{id}'s base does not fit at ({x}, {y}): it overlaps terrain {terrain}. {other_seat}, do you agree to place it there anyway? `agree` or `refuse`.", id=t['id'], x=_fmt(x), y=_fmt(y), terrain=verdict.terrain, other_seat=who(state, other_seat(seat))))
        return
    _finish(ctx, t, request, verdict)


def _finish(ctx, t: dict, request: dict, verdict) -> None:
    state, seat = ctx.state, request["seat"]
    x, y = request["x"], request["y"]
    hidden = is_hidden(t)
    if verdict.kind == "reveal":                                        # §9.5.2
        enemy = other_seat(seat)
        ctx.say(msg("{id} cannot go to ({x}, {y}): it would touch a hidden trooper of {enemy}, which is revealed.", id=t['id'], x=_fmt(x), y=_fmt(y), enemy=who(state, enemy)))
        for eid in verdict.revealed:
            e = find(state, enemy, eid)
            e["revealed"] = True
            ctx.reveal(msg("Revealed: {enemy}'s {id} {name} (S{s}) at ({x}, {y}).", enemy=who(state, enemy), id=e['id'], name=e['name'], s=e['s'], x=_fmt(e['placed']['x']), y=_fmt(e['placed']['y'])), id=e["id"])
        ctx.say(msg("{seat}, choose another spot for {id}.", seat=who(state, seat), id=t['id']))
        ctx.picture()
        return
    rolled = False
    if verdict.needs_roll:                                              # §9.3.2
        rolled = True
        t["roll_used"] = True
        target = t["ph"] - 3
        to = (seat,) if hidden else None
        value = ctx.roll(20, to=to, label=msg("{id} Infiltration (PH {ph}, needs {target} or less)", id=t['id'], ph=t['ph'], target=target))
        t["infiltration"] = {"roll": value, "target": target,          # for the owner's view (§11)
                             "passed": 0 < target and value <= target}
        if value > target or target <= 0:                               # §9.3.3 failure
            t["must_place_in_zone"] = True
            text = (msg("{id} fails its Infiltration roll ({value} > {target}): it is not placed and must be placed next wholly inside its own zone (or withdrawn).", id=t['id'], value=value, target=target))
            if hidden:
                ctx.tell(seat, text)                                    # §9.3.4
            else:
                ctx.say(text)
            return
        text = msg("{id} infiltrates ({value} ≤ {target}).", id=t['id'], value=value, target=target)
        ctx.tell(seat, text) if hidden else ctx.say(text)
    if t["must_place_in_zone"]:
        rolled = True                       # the aftermath of a roll cannot be undone (§9.3.3)
        t["must_place_in_zone"] = False
    t["placed"] = {"x": x, "y": y, "facing": request["facing"], "prone": request["prone"]}
    _log(state, seat, t, "place", rolled)
    text = ((msg("{seat} places {id} at ({x}, {y}), facing {facing}°, Prone.", seat=who(state, seat), id=t['id'], x=_fmt(x), y=_fmt(y), facing=_fmt(request['facing'])) if request['prone'] else msg("{seat} places {id} at ({x}, {y}), facing {facing}°.", seat=who(state, seat), id=t['id'], x=_fmt(x), y=_fmt(y), facing=_fmt(request['facing']))))
    if hidden:
        ctx.tell(seat, msg("{text} (hidden: only you see it)", text=text))
        ctx.picture((seat,))
    else:
        ctx.say(text)
        ctx.picture()
    _after_deploying(ctx, t, seat)


def do_airborne(ctx) -> None:
    """§9.4: keep an `ad` trooper off the table; checked with P1–P3."""
    _cancel_waiver(ctx)
    t = _trooper_for(ctx, ctx.action.args[0], "airborne")
    if not has(t, "ad"):
        raise RulesError(msg("{id} has no Airborne Deployment skill (ad): place it on the table.", id=t['id']),
                         code="NO_SKILL", private=ctx.action.private)
    t["airborne"] = True
    _log(ctx.state, ctx.seat, t, "airborne")
    _announce(ctx, t, msg("{id} stays off-table (airborne).", id=t['id']),
              msg("{seat} keeps {id} off-table (airborne).", seat=who(ctx.state, ctx.seat), id=t['id']))
    _after_deploying(ctx, t, ctx.seat)


def do_withdraw(ctx) -> None:
    """§7.9: a pending trooper with no legal position takes no part in the game."""
    _cancel_waiver(ctx)
    t = _trooper_for(ctx, ctx.action.args[0], "withdraw")
    t["withdrawn"] = True
    t["must_place_in_zone"] = False
    _announce(ctx, t, msg("{id} is withdrawn: it takes no part in the game.", id=t['id']),
              msg("{seat} withdraws {id}: it takes no part in the game.", seat=who(ctx.state, ctx.seat), id=t['id']))
    _after_deploying(ctx, t, ctx.seat)


def _announce(ctx, t: dict, to_owner: str, to_channel: str, hidden: bool | None = None) -> None:
    """A hidden trooper's news goes to its owner only, with their private picture (§9.5.1);
    a visible one's to the channel, with the public picture."""
    if is_hidden(t) if hidden is None else hidden:
        ctx.tell(ctx.seat, to_owner)
        ctx.picture((ctx.seat,))
    else:
        ctx.say(to_channel)
        ctx.picture()


def do_undo(ctx) -> None:
    """§7.7: take back the last own placement or airborne declaration of this step."""
    _cancel_waiver(ctx)
    state, seat = ctx.state, ctx.seat
    if must_place(state, seat) is not None:
        raise RulesError(msg("After a failed Infiltration roll you must place that trooper or withdraw it; nothing can be undone."), code="NO_UNDO", private=True)
    mine = [e for e in state["step_log"] if e["seat"] == seat and e["step"] == step_of(state)]
    if not mine:
        raise RulesError(msg("You have nothing to undo in this step."), code="NO_UNDO", private=True)
    last = mine[-1]
    if last["hidden"] and not ctx.action.private:
        raise RulesError(msg("Your last placement was made by direct message: send `undo` there."),
                         code="WRONG_CHANNEL", private=True)
    if last["rolled"]:
        raise RulesError(msg("Your last placement ({id}) involved an Infiltration roll and cannot be undone.", id=last['id']), code="NO_UNDO", private=True)
    state["step_log"].remove(last)
    t = find(state, seat, last["id"])
    t["placed"] = None
    t["airborne"] = False
    what = (msg("the placement") if last["kind"] == "place" else msg("the airborne declaration"))
    text = msg("{seat} takes back {what} of {id}.", seat=who(state, seat), what=what, id=t['id'])
    _announce(ctx, t, text, text, hidden=last["hidden"])


def do_done(ctx) -> None:
    """§7.2: ends step 1/2 once exactly one trooper is pending (the reserve)."""
    _cancel_waiver(ctx)
    state, seat = ctx.state, ctx.seat
    step = step_of(state)
    left = len(pending(state, seat))
    if left > 1:
        raise RulesError(msg("You still have {left} pending troopers: deploy all but one before `done` (the last one is your reserve).", left=left), code="RESERVE_RULE", private=True)
    ctx.say((msg("{seat} has finished step {step}; its reserve waits.", seat=who(state, seat), step=step) if left else msg("{seat} has finished step {step}.", seat=who(state, seat), step=step)))
    next_step(ctx)
    if ctx.state["phase"] != "complete":
        ctx.picture()


def do_agree(ctx) -> None:
    """§8.3: the opponent accepts a placement whose base does not fit on terrain."""
    state = ctx.state
    w = state["pending_waiver"]
    state["pending_waiver"] = None
    t = find(state, w["seat"], w["id"])
    ctx.say(msg("{seat} agrees.", seat=who(state, ctx.seat)))
    verdict = placement.evaluate(state, w["seat"], t, w["x"], w["y"], waive_terrain=True)
    _finish(ctx, t, w, verdict)


def do_refuse(ctx) -> None:
    state = ctx.state
    w = state["pending_waiver"]
    state["pending_waiver"] = None
    ctx.say(msg("{seat} refuses: {seat2}, choose another spot for {id}.", seat=who(state, ctx.seat), seat2=who(state, w['seat']), id=w['id']))
