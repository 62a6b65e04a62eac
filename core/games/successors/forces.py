"""Where the pieces are: queries over the state shared by every rules module.

State layout (all JSON):

- ``gens[name] = {"o": seat, "at": where, "in": bool}``: every general. Major generals
  are keyed by their data id (``perdikkas``); minor generals by seat + number (``A1``..``A4``,
  labels I..IV of §1.3.3). ``at`` is a space id, or ``dispersed``, ``dead``, ``reserve``,
  ``out`` (not yet in play: Polyperchon, Demetrios, Peukestas) or ``gone`` (Antipatros
  after Turn III). ``o`` is the seat that received the general and never changes.
  ``in`` marks a general inside a Major City (§5.5).
- ``cus[space][seat] = {type: n}``: CUs in the field of a space (types of §1.4).
- ``pcs[space] = seat | "IND"``: political control markers (§8.3).
- ``indep[army] = space | "box" | "removed"``: independent armies (§1.8).
"""
from __future__ import annotations

from core.game import seat_ref
from core.message import join, keep, kept, msg, plural

from .board import BOARD

CU_TYPES = tuple(BOARD.cu_types)           # merc, mac, royal, silver, eleph, indep
PLAYER_CU = ("merc", "mac", "royal", "silver", "eleph")


def is_major(name: str) -> bool:
    return name in BOARD.generals


def seniority(name: str) -> int:
    return BOARD.generals[name]["sen"] if is_major(name) else BOARD.minor["sen"]


def gen_stat(name: str, key: str) -> int:
    return BOARD.generals[name][key] if is_major(name) else BOARD.minor[key]


def gen_label(name: str) -> str:
    if is_major(name):
        return BOARD.generals[name]["name"]
    return msg("minor general {name}-{labels} ({name2})", name=name[0], labels=BOARD.minor['labels'][int(name[1:]) - 1], name2=name)


def on_map(state: dict, name: str) -> bool:
    return state["gens"][name]["at"] in BOARD.spaces


def living(state: dict, name: str) -> bool:
    """§3.2.2: living generals are those on the map or in the Dispersed box."""
    return on_map(state, name) or state["gens"][name]["at"] == "dispersed"


def generals_of(state: dict, seat: str, where: str | None = None) -> list[str]:
    return [g for g, d in state["gens"].items() if d["o"] == seat and (where is None or d["at"] == where)]


def generals_at(state: dict, space: str, seat: str | None = None) -> list[str]:
    return [g for g, d in state["gens"].items() if d["at"] == space and (seat is None or d["o"] == seat)]


def cus_at(state: dict, space: str, seat: str) -> dict:
    return state["cus"].get(space, {}).get(seat, {})


def n_cus(state: dict, space: str, seat: str) -> int:
    return sum(cus_at(state, space, seat).values())


def add_cus(state: dict, space: str, seat: str, kind: str, n: int = 1) -> None:
    box = state["cus"].setdefault(space, {}).setdefault(seat, {})
    box[kind] = box.get(kind, 0) + n
    if box[kind] <= 0:
        del box[kind]
    if not box:
        del state["cus"][space][seat]
    if not state["cus"][space]:
        del state["cus"][space]


def cu_spaces(state: dict, seat: str) -> list[str]:
    return [s for s, by in state["cus"].items() if by.get(seat)]


def indep_at(state: dict, space: str) -> str | None:
    for army, at in state["indep"].items():
        if at == space:
            return army
    return None


def enemy_cus(state: dict, space: str, seat: str) -> bool:
    """Opponent CUs or an independent army in the space (§0.2 enemies)."""
    if indep_at(state, space):
        return True
    return any(o != seat and sum(c.values()) for o, c in state["cus"].get(space, {}).items())


def enemy_units(state: dict, space: str, seat: str) -> bool:
    """Enemy CUs or enemy generals in the space."""
    return enemy_cus(state, space, seat) or any(
        d["at"] == space and d["o"] != seat for d in state["gens"].values())


def besieged(state: dict, space: str, seat: str) -> bool:
    """§3.3.4: a general or Major City is besieged when enemy CUs (independents included)
    are in its space."""
    return enemy_cus(state, space, seat)


def owners_at(state: dict, space: str) -> set[str]:
    out = {o for o, c in state["cus"].get(space, {}).items() if sum(c.values())}
    out |= {d["o"] for d in state["gens"].values() if d["at"] == space}
    return out


def cu_counts(state: dict) -> dict[str, dict[str, int]]:
    """seat → type → CUs that seat has anywhere (map, Dispersed box, still to place)."""
    out = {o: {} for o in state["seats"]}
    def add(o, kind, n):
        if o in out:
            out[o][kind] = out[o].get(kind, 0) + n
    for by in state["cus"].values():
        for o, c in by.items():
            for kind, n in c.items():
                add(o, kind, n)
    for o in state["seats"]:
        for kind, n in state["p"][o]["disp"].items():
            add(o, kind, n)
        for kind, n in state.get("reinf", {}).get(o, {}).items():
            add(o, kind, n)
    pl = state.get("placing")
    if pl:
        for kind, n in pl["left"].items():
            add(pl["seat"], kind, n)
    return out


def pool_left(state: dict, seat: str, kind: str, counts: dict | None = None) -> int:
    """Counters of a CU type still in the pool (§1.4): per player for Mercenaries and
    Loyal Macedonians, for the whole game for neutral types."""
    spec = BOARD.cu_types[kind]
    counts = counts or cu_counts(state)
    if "per_player" in spec:
        return spec["per_player"] - counts[seat].get(kind, 0)
    used = sum(c.get(kind, 0) for c in counts.values())
    return spec["total"] - used - state.get("gone_cus", {}).get(kind, 0)


# step II: field and inside (§5.5), losses, fates of generals (§1.3.6) -------------------------
# ``inside[space] = {type: n}``: the CUs of the city's controller (its PC) that are inside
# the walls. They are a SUBSET of ``cus[space][controller]`` (so ``cus`` keeps every CU on the
# map and counts for forage, isolation and the map); generals inside carry ``in: True``.
LOSS_ORDER = ("merc", "eleph", "mac", "royal", "silver", "indep")


def inside_cus(state: dict, space: str, seat: str | None = None) -> dict:
    box = state.get("inside", {}).get(space, {})
    if seat is not None and state["pcs"].get(space) != seat:
        return {}
    return box


def field_cus(state: dict, space: str, seat: str) -> dict:
    inn = inside_cus(state, space, seat)
    return {k: n - inn.get(k, 0) for k, n in cus_at(state, space, seat).items() if n - inn.get(k, 0) > 0}


def n_field(state: dict, space: str, seat: str) -> int:
    """`sum(field_cus(...).values())` without the dict: sieges, interceptions and surrenders ask it of
    many spaces after each action."""
    mine = state["cus"].get(space, {}).get(seat)
    if not mine:
        return 0
    inn = inside_cus(state, space, seat)
    total = 0
    for kind, n in mine.items():
        left = n - inn.get(kind, 0)
        if left > 0:
            total += left
    return total


def n_inside(state: dict, space: str) -> int:
    return sum(state.get("inside", {}).get(space, {}).values())


def field_gens(state: dict, space: str, seat: str | None = None) -> list[str]:
    return [g for g in generals_at(state, space, seat) if not state["gens"][g]["in"]]


def hostile_field(state: dict, space: str, seat: str) -> tuple[str, str] | None:
    """§5.4.1 an enemy field force: ("indep", army) or ("seat", opponent) with units outside
    any city, else None."""
    army = indep_at(state, space)
    if army:
        return "indep", army
    for o in sorted(state["cus"].get(space, {})):
        if o != seat and n_field(state, space, o):
            return "seat", o
    for d in state["gens"].values():   # field_gens(state, space) in its order, read in one pass
        if d["at"] == space and not d["in"] and d["o"] != seat:
            return "seat", d["o"]
    return None


def hostile_for(state: dict, act: dict, space: str) -> tuple[str, str] | None:
    """The enemy field force met by the moving force: for an independent army, any player's."""
    if not act.get("army"):
        return hostile_field(state, space, act["seat"])
    # the player with CUs in the field is the one met; a lone general of another player who
    # shares the space (a §3.3.4 placement) is met only when no CUs are there (audit fix:
    # meeting the lone general first left the other player's CUs beside the independents)
    sides = [o for o in sorted(state["seats"]) if n_field(state, space, o) or field_gens(state, space, o)]
    if not sides:
        return None
    return "seat", max(sides, key=lambda o: n_field(state, space, o))


def inside_gens(state: dict, space: str) -> list[str]:
    return [g for g in generals_at(state, space) if state["gens"][g]["in"]]


def set_inside(state: dict, space: str, kind: str, delta: int) -> None:
    box = state.setdefault("inside", {}).setdefault(space, {})
    box[kind] = box.get(kind, 0) + delta
    if box[kind] <= 0:
        del box[kind]
    if not box:
        del state["inside"][space]


def eliminate(state: dict, space: str, seat: str, kind: str, n: int = 1, inside: bool = False) -> None:
    """Remove CUs from the map: Mercenaries, Macedonians and Elephants go back to their pools,
    Royal and Silver Shields CUs leave the game (§1.4)."""
    if n <= 0:
        return
    add_cus(state, space, seat, kind, -n)
    if inside:
        set_inside(state, space, kind, -n)
    if kind in ("royal", "silver"):
        state["gone_cus"][kind] = state["gone_cus"].get(kind, 0) + n


def loss_order(state: dict, seat: str | None) -> tuple[str, ...]:
    """The owner's standing choice of losses (`losses` verb), else the weakest first."""
    mine = state["p"].get(seat, {}).get("loss_order") if seat else None
    if not mine:
        return LOSS_ORDER
    return tuple(mine) + tuple(k for k in LOSS_ORDER if k not in mine)


def pick_losses(cus: dict, n: int, order: tuple[str, ...] = LOSS_ORDER) -> dict:
    """The CUs lost from `cus`, in the owner's order (by default the weakest first)."""
    out, left = {}, n
    for k in order:
        take = min(left, cus.get(k, 0))
        if take:
            out[k] = take
            left -= take
    return out


def drop_general(state: dict, g: str, fate: str) -> None:
    """§1.3.6: killed majors go to the Dead pile, dispersed majors to the Dispersed box,
    minors to the reserve either way. What he carried passes to another general of his force
    in the space, else stays unattended (§5.11)."""
    d = state["gens"][g]
    at = d["at"]
    d["at"] = ("dead" if fate == "killed" else "dispersed") if is_major(g) else "reserve"
    d["in"] = False
    mates = [h for h in generals_at(state, at, d["o"]) if not state["gens"][h]["in"]] if at in BOARD.spaces else []
    heir = max(mates, key=seniority) if mates else None
    for r in state["royals"].values():
        if r["by"] == g:
            r["by"] = heir
    if state["body"]["by"] == g:
        state["body"]["by"] = heir


def disperse_cus(state: dict, space: str, seat: str, cus: dict, inside: bool = False) -> None:
    """§1.3.6, §3.3.2: dispersed CUs (Royal CUs and the Silver Shields included) go to their
    owner's Dispersed box and come back as reinforcements; they are not eliminated."""
    box = state["p"][seat]["disp"]
    for kind, n in cus.items():
        if n <= 0:
            continue
        add_cus(state, space, seat, kind, -n)
        if inside:
            set_inside(state, space, kind, -n)
        box[kind] = box.get(kind, 0) + n


def parse_spec(state: dict, text: str, find_general) -> tuple[list[str], dict, bool]:
    """The one reader of a force spec: ``<general>... [merc=<n>]... [alone]`` → generals,
    CU counts asked for, alone. A count must be a whole number 0 or more of a known type;
    anything else is refused (never ignored). Whether the counts are available is the
    caller's check, since the units looked at differ (free CUs, a field army, a moving force)."""
    from core.errors import RulesError
    gens, take, alone = [], {}, False
    for tok in text.split():
        key, eq, val = tok.partition("=")
        if eq:
            kind = key.lower()
            if kind not in PLAYER_CU:
                raise RulesError(msg("Unknown CU type {key}: use {player_cu}.", key=repr(key), player_cu=join(', ', PLAYER_CU)), code="CU_TYPE")
            if not val.isdigit():
                raise RulesError(msg("{tok}: the number of CUs must be a whole number, 0 or more.", tok=repr(tok)), code="COUNT")
            if kind in take:
                raise RulesError(msg("{kind} is named twice.", kind=kind), code="COUNT")
            take[kind] = int(val)
        elif tok.lower() == "alone":
            alone = True
        else:
            g = find_general(state, tok)
            if g in gens:
                raise RulesError(msg("{gen_label} is named twice.", gen_label=gen_label(g)), code="TWICE")
            gens.append(g)
    return gens, take, alone


def check_counts(take: dict, have: dict, where: str) -> None:
    """Refuse counts above what is there; the Silver Shields marker is never split (§6.13)."""
    from core.errors import RulesError
    for k, n in take.items():
        if n > have.get(k, 0):
            raise RulesError(msg("There are {get} {k} CUs {where}, not {n}.", get=have.get(k, 0), k=k, where=where, n=n), code="COUNT")
    if "silver" in take and take["silver"] not in (0, have.get("silver", 0)):
        raise RulesError(msg("The Silver Shields marker is never split (§6.13)."), code="SILVER")


# CU losses chosen by the owner (cards, §7.3, §8.1.3 attrition) ---------------------------------
# With the option `losses=ask` the owner is asked which CUs he loses wherever the rules say
# "owner's choice" and he has a real choice: a ``losses`` decision goes on the stack (flow.py
# asks it, the standing order first and as the deadline's default). ``source`` says whose CUs:
# ``act``, the moving force (§5.7.3, §5.12, §7.3); ``space``, the seat's CUs in a space, field
# first (§7.3 Surrender roll, §8.1.3, #54, #56); none, a battle's side (battles.py, §6.8).
def loss_choices(pool: dict, n: int, order: tuple[str, ...] = (), first: dict | None = None) -> list[dict]:
    """Every distinct way to lose n CUs (all of them when fewer) from the pool, the one the
    standing `order` picks (or `first`) first."""
    n = min(n, sum(pool.values()))
    kinds = [k for k in PLAYER_CU if pool.get(k)]
    out: list[dict] = []

    def walk(i: int, left: int, got: dict) -> None:
        if left == 0:
            out.append(dict(got))
            return
        if i == len(kinds):
            return
        k = kinds[i]
        for m in range(min(left, pool[k]), -1, -1):
            if m:
                got[k] = m
            walk(i + 1, left - m, got)
            got.pop(k, None)
    walk(0, n, {})
    if first is None and order:
        first = pick_losses(pool, n, order)
    return sorted(out, key=lambda c: c != first)


def losses_asked(state: dict) -> bool:
    """The game option `losses=ask` (§6.8): owners are asked their losses."""
    return state.get("options", {}).get("losses") == "ask"


def loss_pending(state: dict) -> bool:
    """An owner is being asked his losses (the decision on top of the stack)."""
    stack = state.get("stack") or []
    return bool(stack) and stack[-1]["kind"] == "losses"


def standing_losses(state: dict, seat: str, space: str, n: int, kinds: tuple[str, ...] | None = None) -> dict:
    """What the owner's standing order (§6.8) takes of his CUs in the space: field first, then inside."""
    order = tuple(k for k in loss_order(state, seat) if kinds is None or k in kinds)
    out: dict = {}
    for pool in (field_cus(state, space, seat), inside_cus(state, space, seat)):
        got = pick_losses({k: m for k, m in pool.items() if k in order}, n - sum(out.values()), order)
        for k, m in got.items():
            out[k] = out.get(k, 0) + m
    return out


def space_loss_pool(state: dict, d: dict) -> dict:
    kinds = d.get("kinds")
    return {k: m for k, m in cus_at(state, d["space"], d["seat"]).items() if m and (not kinds or k in kinds)}


def space_loss_options(state: dict, d: dict) -> list[dict]:
    """The choices of a ``space`` loss, the standing order's first."""
    kinds = tuple(d["kinds"]) if d.get("kinds") else None
    first = standing_losses(state, d["seat"], d["space"], d["n"], kinds)
    return loss_choices(space_loss_pool(state, d), d["n"], first=first)


def ask_space_loss(state: dict, seat: str, space: str, n: int, why: str, kinds: tuple[str, ...] | None = None,
                   then: list | None = None) -> bool:
    """With `losses=ask` and a real choice, the owner is asked which of his CUs in the space he
    loses: a decision is pushed and True returned; `then` says what goes on after (flow.py)."""
    d = {"kind": "losses", "seat": seat, "n": n, "space": space, "source": "space", "why": keep(state, why)}
    if kinds:
        d["kinds"] = list(kinds)
    if then:
        d["then"] = then
    if not losses_asked(state) or len(space_loss_options(state, d)) < 2:
        return False
    state.setdefault("stack", []).append(d)
    return True


def ask_force_loss(state: dict, n: int, why: str, then: list) -> bool:
    """With `losses=ask`, the moving force's owner chooses which of its CUs are lost (§5.7.3,
    §5.12, §7.3: "owner's choice"), when he has a real choice: a decision is pushed and True
    returned; `then` says how the move goes on (answers.after_force_loss)."""
    act = state["act"]
    if not losses_asked(state) or len(loss_choices(act["cus"], n)) < 2:
        return False
    state.setdefault("stack", []).append({"kind": "losses", "seat": act["seat"], "n": n, "space": act["at"],
                                          "source": "act", "why": keep(state, why), "then": then})
    return True


def eliminate_losses(state: dict, space: str, seat: str, lost: dict) -> None:
    """Remove the CUs lost from the space, each type from the field first, then inside."""
    for k, m in lost.items():
        field = min(m, field_cus(state, space, seat).get(k, 0))
        eliminate(state, space, seat, k, field)
        eliminate(state, space, seat, k, m - field, inside=True)


def say_lost(ctx, seat: str, space: str, lost: dict, why: str) -> None:
    if lost:
        what = join(", ", (msg("{m} {name}", m=m, name=BOARD.cu_types[k]['name']) for k, m in lost.items()))
        ctx.say((plural(("{seat} loses {what} CU at {name} ({why}).", "{seat} loses {what} CUs at {name} ({why})."), sum(lost.values()), seat=seat_ref(seat), what=what, name=BOARD.spaces[space]['name'], why=why) if why else plural(("{seat} loses {what} CU at {name}.", "{seat} loses {what} CUs at {name}."), sum(lost.values()), seat=seat_ref(seat), what=what, name=BOARD.spaces[space]['name'])))


def lose(ctx, seat: str, space: str, n: int, kinds: tuple[str, ...] | None = None, why: str = "") -> dict:
    """The owner loses n CUs in the space: his standing order (§6.8), field first, then inside;
    with `losses=ask` and a real choice he is asked instead (nothing is lost yet: {})."""
    state = ctx.state
    if ask_space_loss(state, seat, space, n, why, kinds):
        return {}
    out = standing_losses(state, seat, space, n, kinds)
    eliminate_losses(state, space, seat, out)
    say_lost(ctx, seat, space, out, why)
    return out


def lose_chosen(ctx, d: dict, lost: dict) -> None:
    """The owner's answer to a ``space`` loss (`lose …`)."""
    eliminate_losses(ctx.state, d["space"], d["seat"], lost)
    say_lost(ctx, d["seat"], d["space"], lost, kept(d["why"]))


ATTRITION = ((2, 0), (4, 1), (5, 2), (99, 3))                           # §8.1.3


def attrition(ctx, seat: str, space: str, why: str) -> dict:
    """§8.1.3 Attrition Table: one die, +1 with 6 or more CUs."""
    n = n_cus(ctx.state, space, seat)
    r = ctx.roll(6, label=msg("attrition of {seat} at {name}", seat=seat_ref(seat), name=BOARD.spaces[space]['name'])) + (1 if n >= 6 else 0)
    loss = next(m for top, m in ATTRITION if r <= top)
    if not loss:
        ctx.say(msg("Attrition ({why}): {r}, no loss (§8.1.3).", why=why, r=r))
        return {}
    return lose(ctx, seat, space, loss, why=msg("attrition, {why}, §8.1.3", why=why))


# forces that act together (§1.3.4, §5.1) -------------------------------------------------------
def commander(gens: list[str]) -> str:
    """§1.3.4: the general with the highest Seniority (minors: the first named)."""
    return max(gens, key=lambda g: (seniority(g), -gens.index(g)))


def leave_cart_in_turn_one(state: dict, gens: list[str]) -> None:
    """§3.2.1, §5.11: in Turn I the Cart never moves; a force carrying it leaves it where it is
    before it moves, retreats or avoids battle."""
    if state["turn"] == 1 and state["body"]["by"] in gens:
        state["body"]["by"] = None


def shift(state: dict, seat: str, frm: str, to: str, gens: list[str], cus: dict) -> None:
    """Move field units of a seat (a retreat, an avoid-battle move, an interception)."""
    leave_cart_in_turn_one(state, gens)
    for k, n in cus.items():
        add_cus(state, frm, seat, k, -n)
        add_cus(state, to, seat, k, n)
    for g in gens:
        state["gens"][g]["at"] = to
        state["gens"][g]["in"] = False
    for r in state["royals"].values():
        if r["by"] in gens:
            r["at"] = to
    if state["body"]["by"] in gens:
        state["body"]["at"] = to
