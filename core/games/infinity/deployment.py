"""The Deployment Phase (§7): the four steps, P1–P3 of §8, placing (§8, §9.1, §9.3,
§9.5), airborne (§9.4), undo (§7.7), done (§7.2), withdraw (§7.9), the terrain waiver
(§8.3) and the end of the module (§12)."""
from __future__ import annotations

from core.errors import RulesError
from core.games.infinity import placement
from core.games.infinity.placement import _fmt
from core.games.infinity.roster import find, has, hidden_id, is_hidden, is_pending
from core.games.infinity.seats import other_seat, who

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
    ctx.say(f"Step 1: {who(state, p1)} places all its troopers but one.")
    ctx.picture()
    advance(ctx)


def advance(ctx) -> None:
    """Close the steps that have nothing to do (§7.6) and reach the next decision or §12."""
    state = ctx.state
    while state["phase"] in STEPS:
        step, owner = step_of(state), step_owner(state)
        left = len(pending(state, owner))
        if step in (1, 2) and left <= 1:
            what = "no trooper to deploy" if left == 0 else "a single trooper, kept in reserve"
            ctx.say(f"Step {step}: {who(state, owner)} has {what}; the step ends at once.")
        elif step in (3, 4) and left == 0:
            ctx.say(f"Step {step}: {who(state, owner)} has no reserve to deploy.")
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
        ctx.say(f"Step {step + 1}: {who(state, owner)} places all its troopers but one.")
    else:
        ctx.say(f"Step {step + 1}: {who(state, owner)} places its reserve.")
    advance(ctx)


def complete(ctx) -> None:
    """§12: the report, the final image, state `complete`."""
    state = ctx.state
    state["phase"] = "complete"
    lines = [f"Deployment complete. {who(state, state['first_turn'])} takes the first Player Turn."]
    for seat in ("A", "B"):
        public = [t for t in state["rosters"][seat] if not is_hidden(t)]
        placed = ", ".join(f"{t['id']} ({_fmt(t['placed']['x'])}, {_fmt(t['placed']['y'])}"
                           f"{', prone' if t['placed']['prone'] else ''})"
                           for t in public if t["placed"]) or "none"
        off = ", ".join(t["id"] for t in public if t["airborne"]) or "none"
        lines.append(f"{who(state, seat)}, {state['zone_of'][seat]} zone: placed {placed}; off-table (airborne) {off}.")
    rolls = "; ".join(f"{a['rollA']}/{a['rollB']} → {who(state, a['result'])}" for a in state["initiative_attempts"])
    lines.append(f"Initiative attempts ({who(state, 'A')} / {who(state, 'B')}): {rolls}.")
    ctx.say("\n".join(lines), kind="end")
    ctx.picture()


# P1–P3 ------------------------------------------------------------------------------------

def _trooper_for(ctx, tid: str, verb: str) -> dict:
    """§8 P1 (step and reserve rule), P2 (trooper), P3 (channel) for place/airborne/withdraw."""
    state, seat, private = ctx.state, ctx.seat, ctx.action.private
    tid = tid.upper()
    step = step_of(state)
    if hidden_id(tid) and not private:                       # P3, decided without looking
        raise RulesError(f"Hidden troopers are handled by direct message only; send `{verb}` "
                         "to the bot privately.", code="WRONG_CHANNEL")
    if find(state, other_seat(seat), tid) is not None and not hidden_id(tid):
        raise RulesError(f"{tid} belongs to {who(state, other_seat(seat))}; you can only deploy your own "
                         "troopers.", code="BAD_TROOPER", private=private)
    t = find(state, seat, tid)
    if t is None:
        raise RulesError(f"{tid} is not in your roster.", code="BAD_TROOPER", private=private)
    left = pending(state, seat)
    # P1
    if step in (3, 4) and not is_pending(t):
        raise RulesError(f"In step {step} only your reserve may be deployed; {tid} is not pending.",
                         code="NOT_YOUR_STEP", private=private)
    if step in (1, 2) and is_pending(t) and len(left) == 1 and verb != "withdraw":
        raise RulesError(f"{tid} is your last pending trooper: it is your reserve, deployed in "
                         f"step {step + 2}. Type `done`.", code="RESERVE_RULE", private=True)
    if step in (1, 2) and is_pending(t) and len(left) == 1:
        raise RulesError(f"{tid} is your last pending trooper (your reserve) and cannot be "
                         f"withdrawn in step {step}. Type `done`.", code="RESERVE_RULE", private=True)
    # P2
    if not is_pending(t):
        status = "placed" if t["placed"] else "airborne" if t["airborne"] else "withdrawn"
        raise RulesError(f"{tid} is already {status}.", code="BAD_TROOPER", private=private)
    forced = must_place(state, seat)
    if forced is not None and forced["id"] != tid:
        raise RulesError(f"{forced['id']} failed its Infiltration roll and must be placed next, "
                         "inside your own zone (or withdrawn).", code="BAD_TROOPER",
                         private=private or is_hidden(forced))
    # P3
    if is_hidden(t) != private:
        where = "by direct message" if is_hidden(t) else "in the channel"
        raise RulesError(f"{tid} is deployed {where}.", code="WRONG_CHANNEL", private=private)
    return t


def _log(state: dict, seat: str, t: dict, kind: str, rolled: bool = False) -> None:
    state["step_log"].append({"seat": seat, "step": step_of(state), "id": t["id"], "kind": kind,
                              "rolled": rolled, "hidden": is_hidden(t)})


def _cancel_waiver(ctx) -> None:
    """§8.3: any other command of the placing player cancels a pending request."""
    w = ctx.state.get("pending_waiver")
    if w and w["seat"] == ctx.seat:
        ctx.state["pending_waiver"] = None
        ctx.say(f"{who(ctx.state, ctx.seat)} withdraws its request to place {w['id']} on terrain.")


def _after_deploying(ctx, t: dict, seat: str) -> None:
    """Steps 3–4 end by themselves once the reserve is dealt with (§7.4–7.5)."""
    state = ctx.state
    if step_of(state) in (3, 4) and not pending(state, seat):
        if is_hidden(t):
            ctx.say(f"{who(state, seat)} has deployed its reserve.")                    # §7.6
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
        ctx.say(f"{t['id']}'s base does not fit at ({_fmt(x)}, {_fmt(y)}): it overlaps terrain "
                f"{verdict.terrain}. {who(state, other_seat(seat))}, do you agree to place it there anyway? "
                "`agree` or `refuse`.")
        return
    _finish(ctx, t, request, verdict)


def _finish(ctx, t: dict, request: dict, verdict) -> None:
    state, seat = ctx.state, request["seat"]
    x, y = request["x"], request["y"]
    hidden = is_hidden(t)
    if verdict.kind == "reveal":                                        # §9.5.2
        enemy = other_seat(seat)
        ctx.say(f"{t['id']} cannot go to ({_fmt(x)}, {_fmt(y)}): it would touch a hidden trooper of "
                f"{who(state, enemy)}, which is revealed.")
        for eid in verdict.revealed:
            e = find(state, enemy, eid)
            e["revealed"] = True
            ctx.reveal(f"Revealed: {who(state, enemy)}'s {e['id']} {e['name']} (S{e['s']}) at "
                       f"({_fmt(e['placed']['x'])}, {_fmt(e['placed']['y'])}).", id=e["id"])
        ctx.say(f"{who(state, seat)}, choose another spot for {t['id']}.")
        ctx.picture()
        return
    rolled = False
    if verdict.needs_roll:                                              # §9.3.2
        rolled = True
        t["roll_used"] = True
        target = t["ph"] - 3
        to = (seat,) if hidden else None
        value = ctx.roll(20, to=to, label=f"{t['id']} Infiltration (PH {t['ph']}, needs {target} or less)")
        t["infiltration"] = {"roll": value, "target": target,          # for the owner's view (§11)
                             "passed": 0 < target and value <= target}
        if value > target or target <= 0:                               # §9.3.3 failure
            t["must_place_in_zone"] = True
            text = (f"{t['id']} fails its Infiltration roll ({value} > {target}): it is not placed "
                    "and must be placed next wholly inside its own zone (or withdrawn).")
            if hidden:
                ctx.tell(seat, text)                                    # §9.3.4
            else:
                ctx.say(text)
            return
        text = f"{t['id']} infiltrates ({value} ≤ {target})."
        ctx.tell(seat, text) if hidden else ctx.say(text)
    if t["must_place_in_zone"]:
        rolled = True                       # the aftermath of a roll cannot be undone (§9.3.3)
        t["must_place_in_zone"] = False
    t["placed"] = {"x": x, "y": y, "facing": request["facing"], "prone": request["prone"]}
    _log(state, seat, t, "place", rolled)
    text = (f"{who(state, seat)} places {t['id']} at ({_fmt(x)}, {_fmt(y)}), facing {_fmt(request['facing'])}°"
            f"{', Prone' if request['prone'] else ''}.")
    if hidden:
        ctx.tell(seat, text + " (hidden: only you see it)")
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
        raise RulesError(f"{t['id']} has no Airborne Deployment skill (ad): place it on the table.",
                         code="NO_SKILL", private=ctx.action.private)
    t["airborne"] = True
    _log(ctx.state, ctx.seat, t, "airborne")
    _announce(ctx, t, f"{t['id']} stays off-table (airborne).",
              f"{who(ctx.state, ctx.seat)} keeps {t['id']} off-table (airborne).")
    _after_deploying(ctx, t, ctx.seat)


def do_withdraw(ctx) -> None:
    """§7.9: a pending trooper with no legal position takes no part in the game."""
    _cancel_waiver(ctx)
    t = _trooper_for(ctx, ctx.action.args[0], "withdraw")
    t["withdrawn"] = True
    t["must_place_in_zone"] = False
    _announce(ctx, t, f"{t['id']} is withdrawn: it takes no part in the game.",
              f"{who(ctx.state, ctx.seat)} withdraws {t['id']}: it takes no part in the game.")
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
        raise RulesError("After a failed Infiltration roll you must place that trooper or withdraw "
                         "it; nothing can be undone.", code="NO_UNDO", private=True)
    mine = [e for e in state["step_log"] if e["seat"] == seat and e["step"] == step_of(state)]
    if not mine:
        raise RulesError("You have nothing to undo in this step.", code="NO_UNDO", private=True)
    last = mine[-1]
    if last["hidden"] and not ctx.action.private:
        raise RulesError("Your last placement was made by direct message: send `undo` there.",
                         code="WRONG_CHANNEL", private=True)
    if last["rolled"]:
        raise RulesError(f"Your last placement ({last['id']}) involved an Infiltration roll and "
                         "cannot be undone.", code="NO_UNDO", private=True)
    state["step_log"].remove(last)
    t = find(state, seat, last["id"])
    t["placed"] = None
    t["airborne"] = False
    what = "the placement" if last["kind"] == "place" else "the airborne declaration"
    text = f"{who(state, seat)} takes back {what} of {t['id']}."
    _announce(ctx, t, text, text, hidden=last["hidden"])


def do_done(ctx) -> None:
    """§7.2: ends step 1/2 once exactly one trooper is pending (the reserve)."""
    _cancel_waiver(ctx)
    state, seat = ctx.state, ctx.seat
    step = step_of(state)
    left = len(pending(state, seat))
    if left > 1:
        raise RulesError(f"You still have {left} pending troopers: deploy all but one before `done` "
                         "(the last one is your reserve).", code="RESERVE_RULE", private=True)
    ctx.say(f"{who(state, seat)} has finished step {step}" + ("; its reserve waits." if left else "."))
    next_step(ctx)
    if ctx.state["phase"] != "complete":
        ctx.picture()


def do_agree(ctx) -> None:
    """§8.3: the opponent accepts a placement whose base does not fit on terrain."""
    state = ctx.state
    w = state["pending_waiver"]
    state["pending_waiver"] = None
    t = find(state, w["seat"], w["id"])
    ctx.say(f"{who(state, ctx.seat)} agrees.")
    verdict = placement.evaluate(state, w["seat"], t, w["x"], w["y"], waive_terrain=True)
    _finish(ctx, t, w, verdict)


def do_refuse(ctx) -> None:
    state = ctx.state
    w = state["pending_waiver"]
    state["pending_waiver"] = None
    ctx.say(f"{who(state, ctx.seat)} refuses: {who(state, w['seat'])}, choose another spot for {w['id']}.")
