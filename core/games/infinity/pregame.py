"""Handlers of the phases before deployment: rosters (§3), the Initiative Roll (§5) and
the choice (§6). Each takes a `Ctx` whose state it changes, or raises `RulesError`."""
from __future__ import annotations

from core.errors import RulesError
from core.games.infinity import initiative
from core.games.infinity.missions import parse_mission
from core.games.infinity.roster import (
    MAX_TROOPERS,
    describe,
    find,
    hidden_id,
    lieutenant,
    new_trooper,
    parse_line,
    parse_lines,
)
from core.games.infinity.seats import SEATS, other_seat, who
from core.games.phases import end_phase
from core.message import join, msg, plural

# §3.2–3.3 adding troopers ------------------------------------------------------------

def _must_be_private(what: str) -> RulesError:
    return RulesError(msg("Refused and nothing stored: {what} go only by direct message to the bot. Careful, the message you sent is visible in the channel.", what=what),
                      code="MUST_BE_PRIVATE")


def add_records(ctx, records: list[dict]) -> None:
    """§3.2/§3.3: store the parsed records atomically (all or nothing)."""
    state, seat, private = ctx.state, ctx.seat, ctx.action.private
    hidden = [("hd" in r["skills"]) for r in records]
    if not private and (any(hidden) or any(r["lt"] for r in records)):
        raise _must_be_private(msg("hidden (hd) troopers and the Lieutenant (lt)"))
    if private and not all(hidden):
        name = next(r["name"] for r, h in zip(records, hidden) if not h)
        raise RulesError(msg("{name} is a public trooper: enter it in the channel so both players see it. Only troopers with skills=hd are added by direct message.", name=name),
                         code="WRONG_CHANNEL")
    lts = [r["name"] for r in records if r["lt"]]
    if len(lts) > 1:
        raise RulesError(msg("A roster has exactly one Lieutenant, but {lts} all carry lt.", lts=join(', ', lts)),
                         code="TWO_LIEUTENANTS", private=True)
    roster = state["rosters"][seat]
    if len(roster) + len(records) > MAX_TROOPERS:
        raise RulesError(msg("A roster holds at most {max_troopers} troopers; you have {n_roster}.", max_troopers=MAX_TROOPERS, n_roster=len(roster)),
                         code="ROSTER_FULL", private=True)
    names = {t["name"].lower(): t["id"] for t in roster}
    for r in records:
        if r["name"].lower() in names:
            raise RulesError(msg("Your roster already has a trooper named {name} ({names}); names are unique.", name=r['name'], names=names[r['name'].lower()]),
                             code="DUPLICATE_NAME", private=True)
        names[r["name"].lower()] = msg("this message")
    counters = state["counters"][seat]
    added = []
    for r, h in zip(records, hidden):
        key = "hidden" if h else "public"
        counters[key] += 1
        tid = f"{seat}{'H' if h else ''}{counters[key]}"
        t = new_trooper(tid, r, h)
        roster.append(t)
        added.append(t)
        if r["lt"]:
            for other in roster:
                other["lt"] = False
            t["lt"] = True
    lines = join("\n", (describe(t) for t in added))
    if private:
        ctx.tell(seat, (msg("Hidden troopers added (only you see them):\n{lines}", lines=lines) if not lts else msg("Hidden troopers added (only you see them):\n{lines}\nLieutenant: {next}.", lines=lines, next=next(t['id'] for t in added if t['lt']))))
    else:
        ctx.say(msg("{seat} adds:\n{lines}", seat=who(state, seat), lines=lines))


def do_add(ctx) -> None:
    add_records(ctx, [parse_line(ctx.action.args[0], "add")])


def do_roster(ctx) -> None:
    add_records(ctx, parse_lines(ctx.action.args[0]))


def do_remove(ctx) -> None:
    """§3.4 `remove <id>`: before locking; a freed number is never reused (§2.3)."""
    state, seat = ctx.state, ctx.seat
    tid = ctx.action.args[0].upper()
    if hidden_id(tid) and not ctx.action.private:
        raise _must_be_private(msg("hidden troopers"))
    t = find(state, seat, tid)
    if t is None:
        raise RulesError(msg("{tid} is not in your roster.", tid=tid), code="BAD_TROOPER", private=ctx.action.private)
    if not t["hidden"] and ctx.action.private:
        raise RulesError(msg("{tid} is public: remove it in the channel.", tid=tid), code="WRONG_CHANNEL")
    state["rosters"][seat].remove(t)
    if t["hidden"]:
        ctx.tell(seat, (msg("Hidden trooper {tid} removed. You have no Lieutenant now.", tid=tid) if t["lt"] else msg("Hidden trooper {tid} removed.", tid=tid)))
    else:
        ctx.say(msg("{seat} removes {tid} {name}.", seat=who(state, seat), tid=tid, name=t['name']))
        if t["lt"]:
            ctx.tell(seat, msg("{tid} was your Lieutenant: name another with `lt <id>` by DM.", tid=tid))


def do_lt(ctx) -> None:
    """§3.3 `lt <id>` by DM (the verb is private): names or changes the Lieutenant."""
    state, seat = ctx.state, ctx.seat
    t = find(state, seat, ctx.action.args[0])
    if t is None:
        ids = join(", ", (x["id"] for x in state["rosters"][seat])) or msg("none yet")
        raise RulesError(msg("{args} is not in your roster (yours: {ids}).", args=ctx.action.args[0].upper(), ids=ids),
                         code="BAD_TROOPER", private=True)
    for x in state["rosters"][seat]:
        x["lt"] = False
    t["lt"] = True
    ctx.tell(seat, msg("Your Lieutenant is {id} {name} (WIP {wip}). Only you know it.", id=t['id'], name=t['name'], wip=t['wip']))


def do_ready(ctx) -> None:
    """§3.4 lock; §3.5 both locked → initiative."""
    state, seat = ctx.state, ctx.seat
    roster = state["rosters"][seat]
    if not roster:
        raise RulesError(msg("Your roster is empty: add at least one trooper before `ready`."),
                         code="EMPTY_ROSTER", private=True)
    lts = [t for t in roster if t["lt"]]
    if len(lts) != 1:
        raise RulesError(msg("Name exactly one Lieutenant first: send `lt <id>` to the bot by direct message."), code="NO_LIEUTENANT", private=True)
    state["locked"][seat] = True
    public = sum(1 for t in roster if not t["hidden"])
    ctx.say(plural(("{seat} is ready ({public} public trooper).", "{seat} is ready ({public} public troopers)."), public, seat=who(state, seat), public=public))
    if all(state["locked"][s] for s in SEATS):
        state["phase"] = "initiative"
        ctx.say(msg("Both rosters are locked. Initiative Roll (§5): either player types `roll`."))
        ctx.picture()


def do_unready(ctx) -> None:
    state, seat = ctx.state, ctx.seat
    if not state["locked"][seat] or state["locked"][other_seat(seat)]:
        raise RulesError(msg("`unready` only unlocks your roster while the other player is not ready."),
                         code="NOT_NOW")
    state["locked"][seat] = False
    ctx.say(msg("{seat} unlocks its roster.", seat=who(state, seat)))


def do_mission_load(ctx) -> None:
    """§2.6: a custom mission, before either roster is locked (§2.5.2 validation)."""
    state = ctx.state
    if any(state["locked"].values()):
        raise RulesError(msg("The mission can only be replaced before either roster is locked."),
                         code="NOT_NOW")
    if len(ctx.action.args) < 2 or not ctx.action.args[1]:
        raise RulesError(msg("Usage: mission load <json>."), code="MALFORMED")
    state["mission"] = parse_mission(ctx.action.args[1])
    m = state["mission"]
    ctx.say(msg("Mission set to {name} ({id}), table {w}\" × {h}\".", name=m['name'], id=m['id'], w=m['table']['w'], h=m['table']['h']))
    ctx.picture()


# §5 Initiative Roll ----------------------------------------------------------------------

def do_roll(ctx) -> None:
    state = ctx.state
    wip = {s: lieutenant(state, s)["wip"] for s in SEATS}
    state["lt_wip"] = wip
    ctx.reveal(msg("Lieutenant WIP — {a}: {a2}, {b}: {b2}.", a=who(state, 'A'), a2=wip['A'], b=who(state, 'B'), b2=wip['B']))  # §5.1
    while True:                                                             # §5.7
        ra = ctx.roll(20, label=msg("{a} initiative (WIP {a2})", a=who(state, 'A'), a2=wip['A']))   # §5.2, §10.2
        rb = ctx.roll(20, label=msg("{b} initiative (WIP {b2})", b=who(state, 'B'), b2=wip['B']))
        result = initiative.winner(ra, wip["A"], rb, wip["B"])
        state["initiative_attempts"].append({"rollA": ra, "rollB": rb, "result": result})
        ctx.say(msg("Attempt {n_initiative_attempts}: {explain}", n_initiative_attempts=len(state['initiative_attempts']), explain=initiative.explain(ra, wip["A"], rb, wip["B"],
                                                                                  (who(state, "A"), who(state, "B")))))
        if result != "tie":
            break
    state["winner"] = result
    state["phase"] = "choice"
    ctx.say(msg("{result} chooses: `choose initiative` or `choose deployment` (§6.1).", result=who(state, result)))
    ctx.picture()


# §6 the choice ---------------------------------------------------------------------------

def do_choose(ctx) -> None:
    state, seat = ctx.state, ctx.seat
    option = ctx.action.args[0]
    state["choice"] = option
    if option == "deployment":
        state["holder_deployment"], state["holder_initiative"] = seat, other_seat(seat)
    else:
        state["holder_initiative"], state["holder_deployment"] = seat, other_seat(seat)
    d = state["holder_deployment"]
    ctx.say((msg("{seat} takes {option}; {other_seat} gets initiative. {d} declares first: `deploy zone=<north/south> first=<me/them>` (§6.2).", seat=who(state, seat), option=option, other_seat=who(state, other_seat(seat)), d=who(state, d)) if option == 'deployment' else msg("{seat} takes {option}; {other_seat} gets deployment. {d} declares first: `deploy zone=<north/south> first=<me/them>` (§6.2).", seat=who(state, seat), option=option, other_seat=who(state, other_seat(seat)), d=who(state, d))))


def do_deploy(ctx) -> None:
    state, seat = ctx.state, ctx.seat
    zone, first = ctx.action.opt("zone"), ctx.action.opt("first")
    if zone is None or first is None:
        raise RulesError(msg("Say both: `deploy zone=<north/south> first=<me/them>`."), code="MALFORMED")
    other = other_seat(seat)
    state["zone_of"] = {seat: zone, other: "south" if zone == "north" else "north"}
    state["player1"] = seat if first == "me" else other
    p1 = state["player1"]
    ctx.say(msg("{seat} deploys in the {zone} zone, {other} in the {zone_of} zone; {p1} deploys first (Player 1). {holder_initiative} now declares `initiative first=<me/them>` (§6.3).", seat=who(state, seat), zone=zone, other=who(state, other), zone_of=state['zone_of'][other], p1=who(state, p1), holder_initiative=who(state, state['holder_initiative'])))
    ctx.picture()


def do_initiative(ctx) -> None:
    state, seat = ctx.state, ctx.seat
    first = ctx.action.opt("first")
    if first is None:
        raise RulesError(msg("Say who plays first: `initiative first=<me/them>`."), code="MALFORMED")
    state["first_turn"] = seat if first == "me" else other_seat(seat)
    p1 = state["player1"]
    ctx.say(msg("{first_turn} takes the first Player Turn of every Game Round. Deployment Phase (§7): {p1} is Player 1 ({zone_of} zone), {other_seat} is Player 2.", first_turn=who(state, state['first_turn']), p1=who(state, p1), zone_of=state['zone_of'][p1], other_seat=who(state, other_seat(p1))))
    end_phase(ctx, "pregame")
