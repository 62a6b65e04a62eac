"""§5 Main-phase actions: common checks (§5.1), Work (§5.3), Build (§5.4), Demolish (§5.5),
Chain (§5.6), and Palaestra's `/train` (§2.5); the end of the Main phase (§4.2.4). Fight is in
combat.py."""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from core.errors import RulesError
from core.games.phases import end_phase
from core.message import join, msg, plural

from .common import (
    MAX_BUILDINGS,
    bname,
    build_cost,
    build_points,
    count,
    defenders,
    gname,
    owner,
    owns,
    points,
    ready,
    who,
    work_value,
)
from .data import B, G
from .names import match
from .victory import check_win

WITH = re.compile(r"\s+with\s+", re.I)


# §4.2.4 the end of the Main phase ----------------------------------------------------------------
def after_action(ctx) -> None:
    """§4.2.4: the Main phase ends by itself when no gladiator is ready and nothing is pending."""
    state = ctx.state
    if state["result"] or len(state["stack"]) != 1 or state["stack"][0]["s"] != "main":
        return
    if not ready(state, state["active"]):
        ctx.say(msg("{active} has no ready gladiator: the Main phase ends (§4.2.4).", active=who(state, state['active'])))
        end_main(ctx)


def end_main(ctx) -> None:
    state = ctx.state
    state["p"][state["active"]]["train"] = False
    end_phase(ctx, "main")


# §5.1 common checks --------------------------------------------------------------------------
def gladiator(state: dict, seat: str, text: str, need_ready: bool = True) -> str:
    """One of `seat`'s gladiators by name (§12); NOT_OWNER / NOT_READY as §5.1 says."""
    mine = {g: G[g]["name"] for g in state["p"][seat]["gl"]}
    try:
        gid = match(text, mine, "gladiator of yours")
    except RulesError as exc:
        if exc.code == "AMBIGUOUS":
            raise
        others = {g: G[g]["name"] for g in state["gl"] if g not in mine}
        gid = match(text, others, "gladiator in play")
        raise RulesError(msg("{gname} is not yours (§5.1). Yours: {value}.", gname=gname(gid), value=join(', ', mine.values()) or 'none'), code="NOT_OWNER") from None
    if need_ready and state["gl"][gid]["tapped"]:
        raise RulesError(msg("{gname} has already acted this turn (§4.2.2, §5.1).", gname=gname(gid)), code="NOT_READY")
    return gid


def gladiators(state: dict, seat: str, text: str) -> list[str]:
    words = text.split()
    if not words:
        raise RulesError(msg("Name at least one of your gladiators after `with`."), code="MALFORMED")
    gids = [gladiator(state, seat, w) for w in words]
    if len(set(gids)) != len(gids):
        raise RulesError(msg("A gladiator is named twice: each acts once (§5.1)."), code="DUPLICATE")
    return gids


def split_with(text: str, usage: str) -> tuple[str, str]:
    parts = WITH.split(text.strip(), maxsplit=1)
    if len(parts) != 2 or not parts[0].strip():
        raise RulesError(msg("Write it as `{usage}`.", usage=usage), code="MALFORMED")
    return parts[0].strip(), parts[1].strip()


def player(state: dict, text: str) -> str:
    cands = {s: state["names"][s] for s in state["seats"]}
    return match(text, cands, "player", "NO_PLAYER")


def tap(state: dict, gids: list[str]) -> None:
    for g in gids:
        state["gl"][g]["tapped"] = True


# §5.3 Work -----------------------------------------------------------------------------------
def work(ctx, seat: str, text: str) -> None:
    state = ctx.state
    gid = gladiator(state, seat, text)
    coins = work_value(state, seat, gid)
    state["p"][seat]["coins"] += coins
    state["p"][seat]["works"] += 1
    tap(state, [gid])
    ctx.say(plural(("{gname} works: {seat} gains {coins} coin (§5.3).", "{gname} works: {seat} gains {coins} coins (§5.3)."), coins, gname=gname(gid), seat=who(state, seat), coins=coins))


# §5.4 Build ----------------------------------------------------------------------------------
def centre_name(state: dict, text: str) -> str:
    """The lowest-id centre copy of the named building (§5.4.4)."""
    all_names = {B[b]["name"]: B[b]["name"] for b in B}
    name = match(text, all_names, "building")
    copies = sorted(b for b in state["centre"] if B[b]["name"] == name)
    if not copies:
        raise RulesError(msg("No {name} is in the centre (§5.4.1). In the centre: {value}.", name=name, value=join(', ', sorted({bname(b) for b in state['centre']})) or 'nothing'),
                         code="NOT_IN_CENTRE")
    return copies[0]


def check_build(state: dict, seat: str, bid: str, gids: list[str]) -> None:
    p = state["p"][seat]
    if owns(state, seat, B[bid]["name"]):
        raise RulesError(msg("You already own a {bname}: no two buildings of one name (§5.4.2).", bname=bname(bid)),
                         code="DUPLICATE_NAME")
    if len(p["bld"]) >= MAX_BUILDINGS:
        raise RulesError(msg("You own {max_buildings} buildings, the most allowed (§5.4.2).", max_buildings=MAX_BUILDINGS), code="MAX_BUILDINGS")
    have, cost = build_points(state, seat, gids), build_cost(state, bid)
    if have < cost:
        raise RulesError(msg("{bname} costs {cost} build points; {gname} make {have} (§5.4.1).", bname=bname(bid), cost=cost, gname=' + '.join(gname(g) for g in gids), have=have), code="NOT_ENOUGH_BUILD")


def build(ctx, seat: str, text: str) -> None:
    state = ctx.state
    what, crew = split_with(text, "build <building> with <gladiator> [<gladiator>...]")
    bid = centre_name(state, what)
    gids = gladiators(state, seat, crew)
    check_build(state, seat, bid, gids)
    have, cost = build_points(state, seat, gids), build_cost(state, bid)
    p = state["p"][seat]
    state["centre"].remove(bid)
    p["bld"] = sorted(p["bld"] + [bid])
    p["builds"] += 1
    tap(state, gids)
    count(state, "builds")
    lost = (msg("; {have} surplus lost", have=have - cost) if have > cost else msg(""))
    ctx.say(msg("{seat} builds {bname} with {gname} ({have} of {cost} points{lost}) (§5.4).", seat=who(state, seat), bname=bname(bid), gname=join(', ', (gname(g) for g in gids)), have=have, cost=cost, lost=lost))
    if owns(state, seat, "Hortus"):
        p["coins"] += 1
        ctx.say(msg("Hortus: +1 coin for the completed building."))
    if B[bid]["vp"]:
        ctx.say(plural(("{bname} is worth {vp} point: {seat} has {points}.", "{bname} is worth {vp} points: {seat} has {points}."), B[bid]['vp'], bname=bname(bid), vp=B[bid]['vp'], seat=who(state, seat), points=points(state, seat)))
        check_win(ctx, seat)


# §5.5 Demolish -------------------------------------------------------------------------------
def own_building(state: dict, seat: str, text: str) -> str:
    all_names = {B[b]["name"]: B[b]["name"] for b in B}
    name = match(text, all_names, "building")
    mine = [b for b in state["p"][seat]["bld"] if B[b]["name"] == name]
    if not mine:
        raise RulesError(msg("You own no {name} (§5.5).", name=name), code="NOT_OWNER")
    return mine[0]


def check_demolish(state: dict, seat: str, bid: str, gids: list[str]) -> None:
    if B[bid]["vp"]:
        raise RulesError(msg("{bname} gives points and can never be demolished (§2.5, §5.5).", bname=bname(bid)), code="PROTECTED")
    have, cost = build_points(state, seat, gids, demolish=True), build_cost(state, bid)
    if have < cost:
        raise RulesError(msg("Demolishing {bname} takes {cost} build points; {gname} make {have} (§5.5).", bname=bname(bid), cost=cost, gname=' + '.join(gname(g) for g in gids), have=have), code="NOT_ENOUGH_BUILD")


def demolish(ctx, seat: str, text: str) -> None:
    state = ctx.state
    what, crew = split_with(text, "demolish <building> with <gladiator> [<gladiator>...]")
    bid = own_building(state, seat, what)
    gids = gladiators(state, seat, crew)
    check_demolish(state, seat, bid, gids)
    p = state["p"][seat]
    p["bld"].remove(bid)
    state["centre"] = sorted(state["centre"] + [bid])
    p["builds"] += 1
    tap(state, gids)
    count(state, "demolitions")
    ctx.say(msg("{seat} demolishes {bname} with {gname}; it returns to the centre (§5.5).", seat=who(state, seat), bname=bname(bid), gname=join(', ', (gname(g) for g in gids))))


# §5.6 Chain ----------------------------------------------------------------------------------
def chain_allowed(state: dict, seat: str) -> str | None:
    """Why Chain is impossible now, or None."""
    if not owns(state, seat, "Officina"):
        return msg("Chain needs an Officina (§5.6.1).")
    if state["p"][seat]["chained"]:
        return msg("You have already chained this turn (§5.6.1).")
    if state.get("event") == "E09":
        return msg("Tumultus is in force: Chain cannot be used (§14.1).")
    return None


def chain(ctx, seat: str, text: str) -> None:
    state = ctx.state
    why = chain_allowed(state, seat)
    if why:
        raise RulesError(why, code="ONCE_PER_TURN" if "already" in why else "NO_OFFICINA")
    targets_text, chainer_text = split_with(text, "chain <player> <gladiator> [<gladiator>...] with <gladiator>")
    words = targets_text.split()
    if len(words) < 2:
        raise RulesError(msg("Name the player, then the gladiators to chain."), code="MALFORMED")
    foe = player(state, words[0])
    if foe == seat:
        raise RulesError(msg("You cannot chain your own gladiators."), code="SELF")
    chainer = gladiator(state, seat, chainer_text)
    cands = {g: G[g]["name"] for g in state["p"][foe]["gl"]}
    victims = [match(w, cands, f"gladiator of {who(state, foe)}", "NOT_OWNER") for w in words[1:]]
    if len(set(victims)) != len(victims):
        raise RulesError(msg("A gladiator is named twice (§5.1)."), code="DUPLICATE")
    if any(state["gl"][g]["chained"] for g in victims):
        raise RulesError(msg("That gladiator is already chained."), code="CHAINED")
    power = G[chainer]["build"]
    if power < 1:
        raise RulesError(msg("{gname} has build 0 and cannot chain (§5.6.2).", gname=gname(chainer)), code="TOO_MANY")
    free = defenders(state, foe)
    if len(victims) > power or len(free) - len(victims) < 1:
        raise RulesError(msg("{gname} can chain up to {power} (its printed build), and {foe} must keep one gladiator able to defend (§5.6.2).", gname=gname(chainer), power=power, foe=who(state, foe)), code="TOO_MANY")
    for g in victims:
        state["gl"][g]["chained"] = True
    tap(state, [chainer])
    state["p"][seat]["chained"] = True
    count(state, "chains")
    ctx.say(msg("{gname} chains {gname2} of {foe}: they cannot defend until the end of this turn (§5.6).", gname=gname(chainer), gname2=join(', ', (gname(g) for g in victims)), foe=who(state, foe)))


# §2.5 Palaestra ------------------------------------------------------------------------------
def train(ctx, seat: str, text: str) -> None:
    state = ctx.state
    gid = gladiator(state, seat, text, need_ready=False)
    state["p"][seat]["trained"] = gid
    state["p"][seat]["train"] = False
    ctx.say(msg("Palaestra: {gname} trains, +1 combat until the end of the turn (§2.5).", gname=gname(gid)))


def affordable_crew(state: dict, seat: str, need: int, demolish: bool = False) -> list[str] | None:
    """The fewest ready gladiators whose build reaches `need` (least surplus, then lowest combat)."""
    return crews(state, seat, demolish)(need)


def crews(state: dict, seat: str, demolish: bool = False) -> Callable[[int], list[str] | None]:
    """`affordable_crew` for one school at one moment, for any need: what does not depend on the
    building (the ready gladiators, Lapicidinae and Aquaeductus) looked up once, not per building."""
    bonus = build_points(state, seat, [], demolish)      # Lapicidinae, Aquaeductus: the same for every crew
    ready_ids = tuple(sorted(ready(state, seat)))

    def crew_for(need: int) -> list[str] | None:
        crew = _cheapest_crew(ready_ids, bonus, need)
        return list(crew) if crew is not None else None
    return crew_for


@lru_cache(maxsize=4096)
def _cheapest_crew(ready_ids: tuple[str, ...], bonus: int, need: int) -> tuple[str, ...] | None:
    """Cached: the prompts ask this for every building of the centre at every action (robots and
    self-play ask it thousands of times a second), and it depends on nothing else."""
    best = None
    for k in range(1, len(ready_ids) + 1):
        for crew in combinations(ready_ids, k):
            have = sum(G[g]["build"] for g in crew) + bonus
            if have >= need and all(G[g]["build"] > 0 for g in crew):
                key = (have - need, sum(G[g]["combat"] for g in crew), crew)
                if best is None or key < best:
                    best = key
        if best:
            return best[2]
    return None


def is_owner(state: dict, seat: str, gid: str) -> bool:
    return owner(state, gid) == seat
