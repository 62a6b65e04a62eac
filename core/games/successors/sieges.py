"""§7 Sieges and assaults: targets and siege points (§7.1), the assault procedure and the
1 + 2 + 2 limit per round (§7.2), the Assault Table (§7.3), modifiers (§7.4), Royal CUs in a
besieged city (§7.5), port cities (§7.6), the fall (§7.7), bookkeeping (§7.8), independents
(§7.9); the Surrender roll of §4.3 step C; sorties (§12.1, optional rule ``sorties``).

State: ``siege[space] = {"o": besieger, "sp": n, "rc": bool}`` (``rc``: the §7.5 check was
made); ``assaults = {"r": [turn, round], space: [surrender, tyche, activation]}``.
The public view derives ``sieges = {space: SP}``.
"""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.message import msg, plural

from . import legitimacy, scoring, surprise
from .battles import count
from .board import BOARD
from .forces import (
    add_cus,
    ask_force_loss,
    ask_space_loss,
    drop_general,
    eliminate,
    enemy_cus,
    field_cus,
    gen_stat,
    generals_at,
    inside_cus,
    inside_gens,
    loss_order,
    n_field,
    n_inside,
    pick_losses,
    seniority,
    set_inside,
)
from .legitimacy import prestige as card_prestige

LIMITS = (1, 2, 2)                                                       # §7.2 per round
SEGMENT = {"surrender": 0, "march": 1, "activation": 2}
CARD_MODS = {14: 1, 49: 3, 20: -2}                                      # §7.4 card modifiers


def is_target(state: dict, space: str, seat: str) -> bool:
    """§7.1: an Independent PC (Minor City, Stronghold, Major City) or an opponent's Major City."""
    sp = BOARD.spaces[space]
    pc = state["pcs"].get(space)
    if pc == "IND":
        return sp["type"] in ("MIN", "STR", "MAJ")
    return sp["type"] == "MAJ" and pc not in (None, seat)


def besieges(state: dict, space: str, seat: str) -> bool:
    """§7.1: at least 1 CU in the field of a target space."""
    # the target first: a few lookups, where the field's CUs take several (most spaces are no target)
    return is_target(state, space, seat) and n_field(state, space, seat) >= 1


def needed(state: dict, space: str) -> int:
    """§7.1 table: Independent Minor 1, Stronghold 2, Major 3 always; an opponent's Major City
    1 + the CUs inside (worked out again at each check)."""
    t = BOARD.spaces[space]["type"]
    if state["pcs"].get(space) == "IND":
        return {"MIN": 1, "STR": 2, "MAJ": 3}[t]
    return 1 + min(2, n_inside(state, space))


def points(state: dict, space: str) -> int:
    return state.get("siege", {}).get(space, {}).get("sp", 0)


def _used(state: dict, space: str) -> list[int]:
    a = state.setdefault("assaults", {})
    now = [state["turn"], state["round"]]
    if a.get("r") != now:
        a.clear()
        a["r"] = now
    return a.get(space, [0, 0, 0])


def allowed(state: dict, space: str, segment: str) -> bool:
    """§7.2: at most 1 roll in Surrender, 2 in Tyche, 2 in Activation segments, per space per round.
    A look only: the prompts ask it, and a look that reset the round's counts would store a state
    its replay does not reproduce (`_used`, which resets them, is for the assault itself)."""
    i = SEGMENT[segment]
    a = state.get("assaults", {})
    used = a.get(space, [0, 0, 0]) if a.get("r") == [state["turn"], state["round"]] else [0, 0, 0]
    return used[i] < LIMITS[i]


def modifier(state: dict, seat: str, space: str, gens: list[str]) -> int:
    """§7.4: the city's Mod, −1 at a port Major City with FS 0, +1 Demetrios; and the card
    modifiers (#14 Heliopolis +1, #49 Traitor in the City +3, #20 Fortified Walls −2) listed in
    ``assault_cards[seat]`` while in effect (the card events that put them there are step III)."""
    sp = BOARD.spaces[space]
    m = sp["mod"] if sp["type"] == "MAJ" else 0
    if sp["type"] == "MAJ" and sp["port"] and scoring.fleet_strength(state, seat) == 0:
        m -= 1
    if gens and max(gens, key=seniority) == "demetrios":
        m += 1
    for card in state.get("assault_cards", {}).get(seat, []):
        m += CARD_MODS[card]
    fx = state.get("fx", {})
    if fx.get("helio") == seat:                                          # #14 Heliopolis
        m += 1
    if space in fx.get("walls", {}):                                     # #20 Fortified Walls
        m -= 2
    return m


def table(roll: int) -> tuple[str, int]:
    """§7.3 Assault Table: ≤1 repulsed, 2-3 nothing, 4-5 +1 SP, 6+ +2 SP."""
    if roll <= 1:
        return "repulsed", 0
    if roll <= 3:
        return msg("no effect"), 0
    if roll <= 5:
        return "+1 SP", 1
    return "+2 SP", 2


def assault(ctx, seat: str, space: str, segment: str, gens: list[str], force: dict | None = None) -> str:
    """One assault roll (§7.2). `force` is the assaulting force's CUs (losses come from it; the
    Surrender roll takes them from all the seat's field CUs in the space)."""
    state = ctx.state
    if not besieges(state, space, seat):
        raise RulesError(msg("You do not besiege {name}: you need a CU in its field, and it must hold an Independent PC or be an opponent's Major City (§7.1).", name=BOARD.spaces[space]['name']), code="NO_SIEGE")
    if not allowed(state, space, segment):
        raise RulesError(msg("{name} has had all its {segment} assault rolls this round (1 in Surrender, 2 in Tyche, 2 in Activation segments, §7.2).", name=BOARD.spaces[space]['name'], segment=segment), code="ASSAULT_LIMIT")
    used = _used(state, space)
    used[SEGMENT[segment]] += 1
    state["assaults"][space] = used
    sieges = state.setdefault("siege", {})
    if sieges.get(space, {}).get("o") != seat:                           # §7.8 a new besieger
        sieges[space] = {"o": seat, "sp": 0, "rc": False}
        count(state, "sieges")
    owner = state["pcs"].get(space)
    if owner not in ("IND", None) and state["p"][seat]["champion"] and state["p"][owner]["champion"] \
            and state["usurper"] != owner:                               # §9.5.3 an attack
        state["p"][seat]["champion"] = False
        ctx.say(msg("{seat} assaults a city of the Champion {owner} and becomes a Diadochos (§9.5.2).", seat=seat_ref(seat), owner=seat_ref(owner)))
    extra = 0
    for who, card in surprise.window(ctx, "W5", {"active": seat, "space": space}):      # §4.7 W5
        if card == 20:
            state.setdefault("fx", {}).setdefault("walls", {})[space] = who
            ctx.say(msg("{who}: Fortified Walls, −2 to assault rolls on {name} this segment.", who=seat_ref(who), name=BOARD.spaces[space]['name']))
        elif card == 49:
            extra += 3
            ctx.say(msg("{who}: a Traitor in the City, +3 to this roll.", who=seat_ref(who)))
    mod = modifier(state, seat, space, gens) + extra
    die = ctx.roll(6, label=msg("assault on {name}", name=BOARD.spaces[space]['name']))
    result, gain = table(die + mod)
    if result == "repulsed" and state.get("fx", {}).get("engineers") == seat:      # #48 Siege Engineers
        result = msg("no effect")
        ctx.say(msg("Siege Engineers: the repulse counts as no effect (#48)."))
    count(state, "assaults")
    name = BOARD.spaces[space]["name"]
    if result == "repulsed":
        # §7.3 "owner's choice": with losses=ask he is asked (the moving force's CUs, or on a
        # Surrender roll his CUs in the space; the caller goes on once he chose)
        asked = (ask_force_loss(state, 1, "§7.3", ["assault", space]) if force is not None
                 else ask_space_loss(state, seat, space, 1, "§7.3", then=["surrender", space]))
        pool = force if force is not None else field_cus(state, space, seat)
        lost = {} if asked else pick_losses(pool, 1, loss_order(state, seat))
        for k, m in lost.items():
            eliminate(state, space, seat, k, m)
            if force is not None:
                force[k] -= m
                if not force[k]:
                    del force[k]
        ctx.say(msg("{seat} assaults {name}: {die}{mod} = {die2}, repulsed; 1 CU lost (§7.3).", seat=seat_ref(seat), name=name, die=die, mod=format(mod, "+d"), die2=die + mod))
        return result
    sieges[space]["sp"] += gain
    ctx.say(msg("{seat} assaults {name}: {die}{mod} = {die2}, {result}; {sp}/{needed} SP (§7.3).", seat=seat_ref(seat), name=name, die=die, mod=format(mod, "+d"), die2=die + mod, result=result, sp=sieges[space]['sp'], needed=needed(state, space)))
    if gain and not sieges[space]["rc"]:
        royal_check(ctx, seat, space)
    if sieges[space]["sp"] >= needed(state, space):
        fall(ctx, seat, space)
    return result


def royal_check(ctx, seat: str, space: str) -> None:
    """§7.5: once per siege, at the first SP against an opponent's Major City with Royal CUs
    inside: a higher EL of the besieger brings them over to his field force."""
    state = ctx.state
    state["siege"][space]["rc"] = True
    owner = state["pcs"].get(space)
    n = inside_cus(state, space).get("royal", 0)
    if owner in (None, "IND") or not n:
        return
    mine = [g for g in generals_at(state, space, seat) if not state["gens"][g]["in"]]
    his = inside_gens(state, space)
    el = legitimacy.lp(state, seat) + (prestige(max(mine, key=seniority), state) if mine else 0)
    eld = legitimacy.lp(state, owner) + (prestige(max(his, key=seniority), state) if his else 0)
    b = state["body"]
    if (b["st"] == "cart" and b["at"] == space and (b["by"] in his or b["by"] is None)) or \
            (b["st"] == "buried" and b["at"] == space):
        eld += 4                                                          # §9.3 sacred ground
    ctx.say(msg("Royal CUs inside {name}: EL {el} against {eld} (§7.5).", name=BOARD.spaces[space]['name'], el=el, eld=eld))
    if el > eld:
        add_cus(state, space, owner, "royal", -n)
        set_inside(state, space, "royal", -n)
        add_cus(state, space, seat, "royal", n)
        ctx.say(plural(("{n} Royal CU inside joins {seat} (§7.5).", "{n} Royal CUs inside join {seat} (§7.5)."), n, n=n, seat=seat_ref(seat)))


def prestige(gen: str, state: dict | None = None) -> int:
    return card_prestige(state, gen) if state is not None else gen_stat(gen, "pop")


def fall(ctx, seat: str, space: str) -> None:
    """§7.7: the space falls to the besieger."""
    state = ctx.state
    name = BOARD.spaces[space]["name"]
    before = state["pcs"].get(space)
    state["pcs"][space] = seat                                           # 1
    inn = state.get("inside", {}).pop(space, {})                         # 2
    if before not in (None, "IND"):
        for k, n in inn.items():
            eliminate(state, space, before, k, n)
    mine = [g for g in generals_at(state, space, seat) if not state["gens"][g]["in"]]
    to = max(mine, key=seniority) if mine else None
    for g in inside_gens(state, space):                                  # 3
        for r in state["royals"].values():                               # 4 heirs inside pass over
            if r["by"] == g:
                r["by"] = None
        if state["body"]["by"] == g:
            state["body"]["by"] = None
        drop_general(state, g, "dispersed")
    for rid, r in state["royals"].items():
        if r["at"] == space and r["by"] is None and r["st"] == "active":
            if BOARD.royals[rid]["kind"] == "heir":
                r["by"] = to
                ctx.say(msg("{seat} captures {name} (§7.7).", seat=seat_ref(seat), name=BOARD.royals[rid]['name']))
            else:
                r["st"] = "inactive"
    b = state["body"]
    if b["st"] == "cart" and b["at"] == space and b["by"] is None:
        b["by"] = to
    state["siege"].pop(space, None)                                      # 5
    count(state, "falls")
    ctx.say(msg("{name} falls to {seat} (§7.7).", name=name, seat=seat_ref(seat)))


def settle(state: dict) -> None:
    """§5.5.4 units inside return to the field when no enemy CUs remain; §7.8 SP go when the
    besieger has no CU left there or the space is no longer his target."""
    for space in list(state.get("inside", {})):
        owner = state["pcs"].get(space)
        if owner in (None, "IND") or not enemy_cus(state, space, owner):
            del state["inside"][space]
    for d in state["gens"].values():
        if d["in"] and (d["at"] not in BOARD.spaces or state["pcs"].get(d["at"]) != d["o"]
                        or not enemy_cus(state, d["at"], d["o"])):
            d["in"] = False
    for space in list(state.get("siege", {})):
        s = state["siege"][space]
        if not besieges(state, space, s["o"]):
            del state["siege"][space]


def surrender_targets(state: dict, seat: str) -> list[str]:
    """§4.3 step C: spaces where the seat has a CU, besieges, and a Surrender roll is left."""
    return sorted(s for s in state["cus"] if besieges(state, s, seat) and allowed(state, s, "surrender"))


def view(state: dict) -> dict:
    return {s: d["sp"] for s, d in sorted(state.get("siege", {}).items()) if d["sp"] > 0}


# §12.1 sorties (optional) ------------------------------------------------------------------------
def sortie(ctx, seat: str, space: str) -> None:
    """One sortie by one CU inside: the Assault Table with no modifiers; repulsed: the CU is
    eliminated; +SP: 1 SP is removed (never below 0); never a loss to the besieger."""
    state = ctx.state
    die = ctx.roll(6, label=msg("sortie from {name}", name=BOARD.spaces[space]['name']))
    result, gain = table(die)
    inn = inside_cus(state, space, seat)
    if result == "repulsed":
        k = pick_losses(inn, 1)
        for kind, m in k.items():
            eliminate(state, space, seat, kind, m, inside=True)
        ctx.say(msg("Sortie from {name}: {die}, repulsed; the CU is lost (§12.1).", name=BOARD.spaces[space]['name'], die=die))
    elif gain:
        s = state.get("siege", {}).get(space)
        if s:
            s["sp"] = max(0, s["sp"] - 1)
        ctx.say(msg("Sortie from {name}: {die}, success; 1 SP removed (§12.1).", name=BOARD.spaces[space]['name'], die=die))
    else:
        ctx.say(msg("Sortie from {name}: {die}, no effect (§12.1).", name=BOARD.spaces[space]['name'], die=die))
