"""§11 the Tyche cards' events (§4.4.2) and the Surprise windows of §4.7.

An event is played with ``play <card> event [<choices>]`` (a Bonus card also with
``play <card> both [<choices>]``: the event, then the OP use, §4.4.2). The choices are
written on the same line — a space, a seat, a general, a royal, a province — so that a card
is one action; what a card must ask later (Wise Counsel's pick, the second march of Major
Campaign, Plans of Their Own's order, a Bonus card's OP use) goes on the decision stack
(``flow.DECISIONS``).

**Surprise windows (§4.7), standing orders.** A window never asks anybody: each player
arms, privately and at any time, the Surprise cards he wants played (``arm <card>``), and
when a window opens the rules play the first armed card that is legal there, seats taken in
turn order from the active player. Nothing waits on an absent player, and nobody learns who
holds a Surprise card until one is played (every window is checked the same silent way,
whether or not anybody holds a card). W7 (your own Tyche or Activation segment) is played
directly: ``play <card> event …`` between actions.

Effects that last (``state["fx"]``): ``helio``/``engineers`` (#14, #48) until the end of the
player turn; ``harvest`` (#52) until the end of the round; ``walls`` (#20) until the end of
the segment; ``orator`` (#47) until the end of the segment.
"""
from __future__ import annotations

import orjson

from core.errors import RulesError
from core.game import seat_ref
from core.message import join, msg, plural

from . import activation, legitimacy, naval, reinforcements, scoring, sieges, training
from .board import BOARD
from .common import card_arg, card_name, card_tag, draw_card, find_general, find_space, label
from .forces import (
    ATTRITION,
    add_cus,
    attrition,
    cus_at,
    drop_general,
    enemy_cus,
    field_cus,
    field_gens,
    generals_at,
    generals_of,
    lose,
    n_cus,
    pool_left,
    seniority,
)
from .legitimacy import prestige
from .surprise import (
    SURPRISE_WINDOWS,
    arm,
    arm_lines,
    describe_card,
    is_surprise,
    legal_in,
    ops_of,
    retire_silver_card,
    spend,
    spies,
    window,
)

LAND = ("land", "pass", "strait")
REGIONS = {2: ("Europe",), 4: (msg("Asia Minor"),), 5: ("Mesopotamia", msg("Upper Satrapies"))}
PROVS_3 = ("THR", "MAC", "HEL")
ROYAL_NAMES = {r: d["name"] for r, d in BOARD.royals.items()}


# helpers --------------------------------------------------------------------------------------------
def _words(rest: str) -> list[str]:
    return [w for w in rest.replace(",", " ").split() if w]


def _choice(seat: str) -> str:
    """A seat offered as an argument: the id to type, and who sits there."""
    return msg("{seat} = {seat2}", seat=seat, seat2=seat_ref(seat))


def _seat(state: dict, me: str, word: str | None, why: str) -> str:
    others = [s for s in state["seats"] if s != me]
    if word is None:
        if len(others) == 1:
            return others[0]
        raise RulesError(msg("Name the player {why}: one of {choice}.", why=why, choice=join(', ', (_choice(s) for s in others))), code="NO_SEAT")
    w = word.upper()
    if w not in others:
        raise RulesError(msg("{word} is not another player: {choice}.", word=repr(word), choice=join(', ', (_choice(s) for s in others))), code="NO_SEAT")
    return w


def _space_of(word: str | None, what: str) -> str:
    if not word:
        raise RulesError(msg("Name {what}.", what=what), code="NO_SPACE")
    return find_space(word)


def _province(word: str | None) -> str:
    if not word:
        raise RulesError(msg("Name a province by its code (MAC, GRE, EGY...)."), code="NO_PROVINCE")
    code = word.upper()
    if code not in BOARD.provinces:
        raise RulesError(msg("{word} is not a province code: {provinces}.", word=repr(word), provinces=join(', ', BOARD.provinces)), code="NO_PROVINCE")
    return code


def within(state: dict, starts: list[str], limit: int) -> dict[str, int]:
    """Spaces within `limit` MP of `starts` along land, pass and strait connections."""
    best = {s: 0 for s in starts}
    todo = list(starts)
    while todo:
        s = todo.pop()
        for n, k in BOARD.adj[s]:
            if k not in LAND:
                continue
            c = best[s] + BOARD.kinds[k]["mp"]
            if c <= limit and c < best.get(n, 99):
                best[n] = c
                todo.append(n)
    return best


def army_owner(state: dict, me: str, space: str, seat_word: str | None, need_cus: int = 1) -> str:
    """The other player whose army (a general and CUs) is in `space`."""
    cands = [s for s in state["seats"] if s != me and n_cus(state, space, s) >= need_cus
             and generals_at(state, space, s)]
    if seat_word:
        s = _seat(state, me, seat_word, "")
        if s not in cands:
            raise RulesError(msg("{s} has no army of {need_cus}+ CUs at {name}.", s=seat_ref(s), need_cus=need_cus, name=BOARD.spaces[space]['name']),
                             code="NO_ARMY")
        return s
    if len(cands) != 1:
        raise RulesError((msg("Name an army of another player with {need_cus}+ CUs: its space and its owner ({choice}).", need_cus=need_cus, choice=join(', ', (_choice(s) for s in cands))) if cands else msg("Name an army of another player with {need_cus}+ CUs: its space (none here).", need_cus=need_cus)),
                         code="NO_ARMY")
    return cands[0]


def _give_direct(ctx, seat: str, space: str, kind: str, n: int) -> int:
    """Place up to n CUs from the pool in a space named by the card (§11.3: what is missing
    is not placed)."""
    n = max(0, min(n, pool_left(ctx.state, seat, kind)))
    if n:
        add_cus(ctx.state, space, seat, kind, n)
    return n


def _begin_card_placing(ctx, seat: str, card: int, kind: str, n: int, provinces: list[str]) -> None:
    """A card's CUs placed in eligible spaces (§3.3.4) of some provinces; the 2-CU limit
    counts only this card's CUs; what cannot be placed stays in the pool (§11.3)."""
    state = ctx.state
    n = min(n, pool_left(state, seat, kind))
    if not n:
        ctx.say(msg("{seat} has no {name} counters left (§11.3).", seat=seat_ref(seat), name=BOARD.cu_types[kind]['name']))
        return
    reinforcements.begin(state, seat, card_name(card), {kind: n}, [])
    state["placing"]["area"] = sorted(provinces)
    state["placing"]["card"] = card


def _major_cities(state: dict, seat: str, unbesieged: bool = True) -> list[str]:
    pcs = state["pcs"]
    return [s for s in MAJOR_CITIES if pcs.get(s) == seat and not (unbesieged and enemy_cus(state, s, seat))]


MAJOR_CITIES = tuple(s for s, sp in BOARD.spaces.items() if sp["type"] == "MAJ")   # in the board's order


def _in_play(state: dict, seat: str) -> int:
    return sum(1 for g in generals_of(state, seat)
               if state["gens"][g]["at"] in BOARD.spaces or state["gens"][g]["at"] == "dispersed")


def _reserve(state: dict, seat: str) -> str | None:
    r = sorted(generals_of(state, seat, "reserve"))
    return r[0] if r else None


def flip_to_diadochos(ctx, seat: str, why: str) -> None:
    p = ctx.state["p"][seat]
    if p["champion"]:
        p["champion"] = False
        ctx.say(msg("{seat} becomes a Diadochos ({why}, §9.5).", seat=seat_ref(seat), why=why))


# the events ------------------------------------------------------------------------------------------
def ev_fleet_twice(ctx, seat, card, w):                               # #1
    p = ctx.state["p"][seat]
    hows = [x.lower() for x in w] or []
    done = []
    for i in range(2):
        how = hows[i] if i < len(hows) else ("upgrade" if 1 in p["fleets"] else "new")
        if how == "upgrade" and 1 in p["fleets"]:
            p["fleets"][p["fleets"].index(1)] = 2
            done.append("upgrade")
        elif how == "new" and len(p["fleets"]) + len(p["fleets_disp"]) < BOARD.fleets["per_player"]:
            p["fleets"].append(1)
            done.append("new")
    if not done:
        raise RulesError(msg("No fleet action is possible (§4.4.3 d)."), code="NO_EVENT")
    who, name = seat_ref(seat), card_name(card)
    said = {("upgrade",): msg("{who} upgrades a fleet ({name}).", who=who, name=name),
            ("new",): msg("{who} puts a new fleet into play ({name}).", who=who, name=name),
            ("upgrade", "upgrade"): msg("{who} upgrades two fleets ({name}).", who=who, name=name),
            ("new", "new"): msg("{who} puts two new fleets into play ({name}).", who=who, name=name),
            ("new", "upgrade"): msg("{who} puts a new fleet into play and upgrades a fleet ({name}).", who=who, name=name),
            ("upgrade", "new"): msg("{who} upgrades a fleet and puts a new fleet into play ({name}).", who=who, name=name)}
    ctx.say(said[tuple(done)])


def ev_mercs(ctx, seat, card, w):                                      # #2-#5
    if card == 3:
        provs = list(PROVS_3)
    else:
        provs = [c for c, p in BOARD.provinces.items() if p["region"] in REGIONS[card]]
    _begin_card_placing(ctx, seat, card, "merc", 2, provs)


def check_diplomacy(state, seat, card, w) -> str:                      # #6, #7
    s = _space_of(w[0] if w else None, msg("a Minor City holding an opponent's or an Independent PC and no CUs"))
    if BOARD.spaces[s]["type"] != "MIN" or state["pcs"].get(s) in (None, seat) or any(
            n_cus(state, s, o) for o in state["seats"]) or state["indep"] and s in state["indep"].values():
        raise RulesError(msg("{name}: Diplomacy needs a Minor City with an opponent's or an Independent PC and no CUs of any side (#6).", name=BOARD.spaces[s]['name']), code="NO_EVENT")
    return s


def ev_diplomacy(ctx, seat, card, w):
    s = check_diplomacy(ctx.state, seat, card, w)
    ctx.state["pcs"][s] = seat
    ctx.say(msg("{seat} wins over {name} by Diplomacy.", seat=seat_ref(seat), name=BOARD.spaces[s]['name']))


def ev_epidemic(ctx, seat, card, w):                                   # #8
    s = _space_of(w[0] if w else None, msg("the space of an army of another player with 3+ CUs"))
    o = army_owner(ctx.state, seat, s, w[1] if len(w) > 1 else None, 3)
    attrition(ctx, o, s, msg("#8 Epidemic"))


def ev_minor_raid(ctx, seat, card, w):                                 # #9
    state = ctx.state
    s = _space_of(w[0] if w else None, msg("a Minor City with an opponent PC"))
    owner = state["pcs"].get(s)
    mine = [x for x in state["cus"] if n_cus(state, x, seat)]
    ok = (owner not in (None, "IND", seat) and BOARD.spaces[s]["type"] in ("MIN", "STR")
          and not any(n_cus(state, s, o) for o in state["seats"] if o != seat)
          and s in within(state, mine, 2))
    if not ok:
        raise RulesError(msg("{name}: Minor Raid removes an opponent PC from a Minor City or player-held Stronghold with no opponent CUs, within 2 MP of your CUs (#9).", name=BOARD.spaces[s]['name']), code="NO_EVENT")
    del state["pcs"][s]
    ctx.say(msg("{seat} raids {name}: {owner}'s PC is removed.", seat=seat_ref(seat), name=BOARD.spaces[s]['name'], owner=seat_ref(owner)))


def ev_peukestas(ctx, seat, card, w):                                  # #10
    state = ctx.state
    if state["turn"] < 2:
        raise RulesError(msg("Peukestas may be played for his event from Turn II (§3.2.1)."), code="NO_EVENT")
    s = "persepolis"
    if enemy_cus(state, s, seat) or state["pcs"].get(s) not in (None, "IND", seat) \
            or state["gens"]["peukestas"]["at"] != "out":
        raise RulesError(msg("Persepolis must hold no enemy CUs and no opponent PC (#10)."), code="NO_EVENT")
    state["gens"]["peukestas"] = {"o": seat, "at": s, "in": False}
    got = _give_direct(ctx, seat, s, "merc", 3)
    state["pcs"][s] = seat
    state["p"][seat]["limit"] += 1
    ctx.say(msg("Peukestas, Satrap of Persis, joins {seat} at Persepolis with {got} Mercenary CUs; general limit +1 (#10).", seat=seat_ref(seat), got=got))


def ev_campaign(ctx, seat, card, w):                                   # #11
    text = " ".join(w)
    activation.parse_force(ctx.state, seat, text)
    activation.start(ctx, seat, text, "march", 3)
    push(ctx.state, {"kind": "campaign", "seat": seat, "first": list(ctx.state["act"]["gens"])})


def ev_flag(key):
    def ev(ctx, seat, card, w):                                        # #14, #48, #52
        ctx.state.setdefault("fx", {})[key] = seat
        ctx.say(msg("{seat}: {card_name} is in effect.", seat=seat_ref(seat), card_name=card_name(card)))
    return ev


def check_desertion(state, seat, card, w) -> tuple[str, str]:          # #17
    s = _space_of(w[0] if w else None, msg("the space of an army of another player in the field"))
    o = army_owner(state, seat, s, w[1] if len(w) > 1 else None)
    if not field_cus(state, s, o) or not field_gens(state, s, o):
        raise RulesError(msg("Desertion strikes an army in the field (#17)."), code="NO_EVENT")
    return s, o


def ev_desertion(ctx, seat, card, w):
    state = ctx.state
    s, o = check_desertion(state, seat, card, w)
    n = min(2, field_cus(state, s, o).get("merc", 0))
    add_cus(state, s, o, "merc", -n) if n else None
    ctx.say(plural(("Desertion: {o} loses {n} Mercenary CU at {name}.", "Desertion: {o} loses {n} Mercenary CUs at {name}."), n, o=seat_ref(o), n=n, name=BOARD.spaces[s]['name']))


def ev_bribed(ctx, seat, card, w):                                     # #18
    state = ctx.state
    s = _space_of(w[0] if w else None, msg("a space you besiege"))
    if not sieges.besieges(state, s, seat):
        raise RulesError(msg("You do not besiege {name} (§7.1).", name=BOARD.spaces[s]['name']), code="NO_EVENT")
    owner = state["pcs"].get(s)
    if owner not in ("IND", None) and state["p"][seat]["champion"] and state["p"][owner]["champion"] \
            and state["usurper"] != owner:                                # §9.5.3 playing #18 is an attack
        flip_to_diadochos(ctx, seat, msg("#18 against a city of the Champion {owner}", owner=seat_ref(owner)))
    sg = state.setdefault("siege", {})
    if sg.get(s, {}).get("o") != seat:
        sg[s] = {"o": seat, "sp": 0, "rc": False}
    sg[s]["sp"] += 1
    ctx.say(msg("A bribed garrison: {sp}/{needed} SP at {name} (#18).", sp=sg[s]['sp'], needed=sieges.needed(state, s), name=BOARD.spaces[s]['name']))
    if not sg[s]["rc"]:
        sieges.royal_check(ctx, seat, s)
    if sg[s]["sp"] >= sieges.needed(state, s):
        sieges.fall(ctx, seat, s)


def check_train(state, seat, card, w) -> str:                          # #21, #30 without Tarsos
    """The CU that a card's OPs train: the track's, else the one named."""
    kind = state["p"][seat]["track"][0] or (w[0].lower() if w and w[0].lower() in training.TRAIN_COST else None)
    if kind is None:
        raise RulesError(msg("Name the CU to train: merc or mac (§4.4.4)."), code="TRAIN_TYPE")
    return kind


def ev_harpalos(ctx, seat, card, w):                                   # #21
    training.train(ctx, seat, check_train(ctx.state, seat, card, w), 4)


def check_elephants(state, seat, card, w) -> str:                      # #22
    s = _space_of(w[0] if w else None, msg("the space of your army in the field in Mesopotamia or the Upper Satrapies"))
    if BOARD.spaces[s]["region"] not in ("Mesopotamia", msg("Upper Satrapies")) or not field_cus(state, s, seat) \
            or not field_gens(state, s, seat):
        raise RulesError(msg("Indian Elephants join one of your armies in the field in the Mesopotamia or Upper Satrapies region (#22)."), code="NO_EVENT")
    return s


def ev_elephants(ctx, seat, card, w):
    s = check_elephants(ctx.state, seat, card, w)
    got = _give_direct(ctx, seat, s, "eleph", 2)
    ctx.say(plural(("{got} Elephant CU join {seat} at {name} (#22).", "{got} Elephant CUs join {seat} at {name} (#22)."), got, got=got, seat=seat_ref(seat), name=BOARD.spaces[s]['name']))


def check_veterans(state, seat, card, w) -> tuple[str, str]:           # #23
    s = _space_of(w[0] if w else None, msg("the space of an army of another player"))
    return s, army_owner(state, seat, s, w[1] if len(w) > 1 else None)


def ev_veterans(ctx, seat, card, w):
    state = ctx.state
    s, o = check_veterans(state, seat, card, w)
    kind = "mac" if cus_at(state, s, o).get("mac") else "royal"
    lose(ctx, o, s, 1, (kind,), why=msg("#23 Veterans Return Home"))


def ev_greek_revolt(ctx, seat, card, w):                               # #24
    state = ctx.state
    spaces = [find_space(x) for x in w if x.lower() != "army"]
    if len(spaces) > 2:
        raise RulesError(msg("Greek Revolt turns up to 2 Minor Cities (#24)."), code="COUNT")
    for s in spaces:
        if BOARD.spaces[s]["province"] not in ("GRE", "THS") or BOARD.spaces[s]["type"] != "MIN" \
                or state["pcs"].get(s) in (None, "IND") or any(n_cus(state, s, o) for o in state["seats"]):
            raise RulesError(msg("{name}: a Minor City of Greece or Thessaly with a player PC and no CUs (#24).", name=BOARD.spaces[s]['name']), code="NO_EVENT")
    for s in spaces:
        state["pcs"][s] = "IND"
    ctx.say(msg("Greek Revolt: {value} turn Independent.", value=join(", ", (BOARD.spaces[s]["name"] for s in spaces)) or msg("no city")))
    if "army" in [x.lower() for x in w] and state["indep"]["greek_army"] in BOARD.spaces:
        activate_indep(ctx, seat, "greek_army")


def ev_pirates(ctx, seat, card, w):                                    # #25
    o = _seat(ctx.state, seat, w[0] if w else None, msg("whose fleet the pirates strike"))
    if scoring.fleet_strength(ctx.state, o) < 1 or not ctx.state["p"][o]["fleets"] and not any(
            ctx.state["pcs"].get(f["city"]) == o for f in BOARD.indep_fleets):
        raise RulesError(msg("{o} has no active fleet (#25).", o=seat_ref(o)), code="NO_EVENT")
    naval.disperse_fleet(ctx, o)


def ev_local_support(ctx, seat, card, w):                              # #27
    state = ctx.state
    s = _space_of(w[0] if w else None, msg("a Minor City next to your CUs"))
    mine = {x for x in state["cus"] if n_cus(state, x, seat)}
    ok = (BOARD.spaces[s]["type"] == "MIN" and s not in state["pcs"] and not enemy_cus(state, s, seat)
          and any(n in mine and k in LAND for n, k in BOARD.adj[s]))
    if not ok:
        raise RulesError(msg("{name}: a Minor City with no PC and no enemy CUs, joined by land, pass or strait to a space with your CUs (#27).", name=BOARD.spaces[s]['name']), code="NO_EVENT")
    state["pcs"][s] = seat
    ctx.say(msg("Local support: {seat} places a PC at {name}.", seat=seat_ref(seat), name=BOARD.spaces[s]['name']))


def check_garrison(state, seat, card, w) -> list[str]:                # #28
    spaces = [find_space(x) for x in w]
    ok = _major_cities(state, seat)
    if not spaces or len(spaces) > 2 or len(set(spaces)) != len(spaces) or any(s not in ok for s in spaces):
        raise RulesError(msg("Name 1 or 2 of your unbesieged Major Cities: {value} (#28).", value=join(', ', ok) or 'none'),
                         code="NO_EVENT")
    return spaces


def ev_garrison(ctx, seat, card, w):
    for s in check_garrison(ctx.state, seat, card, w):
        got = _give_direct(ctx, seat, s, "merc", 1)
        ctx.say(msg("{seat} garrisons {name} with {got} Mercenary CU (#28).", seat=seat_ref(seat), name=BOARD.spaces[s]['name'], got=got))


def ev_levy(ctx, seat, card, w):                                       # #29
    state = ctx.state
    if "pella" in _major_cities(state, seat):
        got = _give_direct(ctx, seat, "pella", "mac", 2)
        ctx.say(msg("Macedonian Levy: {got} Loyal Macedonian CUs at Pella (#29).", got=got))
        return
    ok = _major_cities(state, seat)
    s = _space_of(w[0] if w else (ok[0] if len(ok) == 1 else None), msg("one of your Major Cities ({ok})", ok=join(', ', ok)))
    if s not in ok:
        raise RulesError(msg("Name one of your unbesieged Major Cities: {value} (#29).", value=join(', ', ok) or 'none'), code="NO_EVENT")
    got = _give_direct(ctx, seat, s, "merc", 1)
    ctx.say(msg("Macedonian Levy: {got} Mercenary CU at {name} (#29).", got=got, name=BOARD.spaces[s]['name']))


def check_kyinda(state, seat, card, w) -> str | None:                  # #30
    """The CU that the card's OPs train; None: Tarsos is the seat's, and takes the Mercenaries."""
    if "tarsos" in _major_cities(state, seat) or (state["pcs"].get("tarsos") == seat
                                                 and not enemy_cus(state, "tarsos", seat)):
        return None
    return check_train(state, seat, card, w)


def ev_kyinda(ctx, seat, card, w):
    kind = check_kyinda(ctx.state, seat, card, w)
    if kind is None:
        got = _give_direct(ctx, seat, "tarsos", "merc", 3)
        ctx.say(msg("The Royal Treasury of Kyinda: {got} Mercenary CUs at Tarsos (#30).", got=got))
        return
    training.train(ctx, seat, kind, 3)


def marriage_army(state: dict, seat: str, rid: str) -> str | None:
    r = state["royals"][rid]
    if r["st"] not in ("active", "inactive") or r["at"] not in BOARD.spaces:
        return None
    ctl = legitimacy.royal_controller(state, rid)
    if ctl not in (None, seat):
        return None
    gens = field_gens(state, r["at"], seat) or generals_at(state, r["at"], seat)
    if not gens or not n_cus(state, r["at"], seat):
        return None
    return max(gens, key=seniority)


def check_marriage(state, seat, card, w) -> tuple[str, str]:           # #31, #32 (§9.8)
    rid = "kleopatra" if card == 31 else "thessalonike"
    gen = marriage_army(state, seat, rid)
    if gen is None:
        raise RulesError(msg("{royal_names} must be alive, controlled by no other player, and one of your armies must be in her space (§9.8).", royal_names=ROYAL_NAMES[rid]), code="NO_EVENT")
    return rid, gen


def ev_marriage(ctx, seat, card, w):
    rid, gen = check_marriage(ctx.state, seat, card, w)
    r = ctx.state["royals"][rid]
    r.update(st="active", by=gen)
    ctx.say(msg("{seat} marries {royal_names}: she is active, and {gen}'s army carries her (§9.8).", seat=seat_ref(seat), royal_names=ROYAL_NAMES[rid], gen=label(gen)))


def ev_olympias(ctx, seat, card, w):                                   # #33
    state = ctx.state
    r = state["royals"]["olympias"]
    if r["st"] != "inactive" or enemy_cus(state, r["at"], seat):
        raise RulesError(msg("Olympias must be alive and inactive, with no enemy CUs in her space (#33)."), code="NO_EVENT")
    s = r["at"]
    m = _give_direct(ctx, seat, s, "merc", 2)
    k = _give_direct(ctx, seat, s, "mac", 1)
    gen = None
    if _in_play(state, seat) < state["p"][seat]["limit"]:
        gen = _reserve(state, seat)
        if gen:
            state["gens"][gen] = {"o": seat, "at": s, "in": False}
    r.update(st="active", by=gen)
    if state["pcs"].get(s) is None and BOARD.spaces[s]["type"] != "TRN" and not gen:
        pass
    ctx.say((msg("Olympias joins {seat} at {name} with {m} Mercenary and {k} Loyal Macedonian CUs; {gen} carries her (#33).", seat=seat_ref(seat), name=BOARD.spaces[s]['name'], m=m, k=k, gen=label(gen)) if gen else msg("Olympias joins {seat} at {name} with {m} Mercenary and {k} Loyal Macedonian CUs (#33).", seat=seat_ref(seat), name=BOARD.spaces[s]['name'], m=m, k=k)))


def ev_hemlock(ctx, seat, card, w):                                    # #34 (§9.10)
    state = ctx.state
    if not w:
        raise RulesError(msg("Name the royal: {hemlock_targets} (#34).", hemlock_targets=join(", ", hemlock_targets(state, seat))), code="NO_EVENT")
    rid = w[0].lower()
    if rid not in hemlock_targets(state, seat):
        raise RulesError(msg("Drink the Hemlock kills a royal in a space holding your general or CUs: {value} (#34).", value=join(', ', hemlock_targets(state, seat)) or 'none'), code="NO_EVENT")
    state["royals"][rid].update(st="dead", by=None)
    ctx.say(msg("{royal_names} drinks the hemlock and dies (#34, §9.10).", royal_names=ROYAL_NAMES[rid]))
    if BOARD.royals[rid]["kind"] == "heir":
        flip_to_diadochos(ctx, seat, msg("killing an heir"))


def hemlock_targets(state: dict, seat: str) -> list[str]:
    return [r for r, d in state["royals"].items() if d["st"] in ("active", "inactive") and d["at"] in BOARD.spaces
            and (n_cus(state, d["at"], seat) or generals_at(state, d["at"], seat))]


def ev_suspicion(ctx, seat, card, w):                                  # #35
    o = _seat(ctx.state, seat, w[0] if w else None, msg("you suspect"))
    ctx.state["p"][o]["suspicion"] = True
    ctx.say(msg("Suspicion falls on {o}: −3 LP until the end of the Game Turn (#35, never below 0, §9.2).", o=seat_ref(o)))


def check_silver(state, seat, card, w) -> str:                         # #36 first event play
    if state.get("silver_played"):
        raise RulesError(msg("The Silver Shields are already in the game: #36 is now a Surprise card (W4)."),
                         code="NO_EVENT")
    g = find_general(state, w[0]) if w else None
    if g is None or state["gens"][g]["o"] != seat or state["gens"][g]["at"] not in BOARD.spaces \
            or state["gens"][g]["in"] or BOARD.spaces[state["gens"][g]["at"]]["region"] in ("Europe", "Africa") \
            or enemy_cus(state, state["gens"][g]["at"], seat):          # §5.4.3 one side in the field
        raise RulesError(msg("Name one of your generals in the field outside the Europe and Africa regions, in a space with no enemy CUs (#36, §5.4.3)."), code="NO_EVENT")
    if pool_left(state, seat, "silver") < 2:
        raise RulesError(msg("The Silver Shields have left the game."), code="NO_EVENT")
    return g


def ev_silver(ctx, seat, card, w):
    state = ctx.state
    g = check_silver(state, seat, card, w)
    add_cus(state, state["gens"][g]["at"], seat, "silver", 2)
    state["silver_played"] = True
    ctx.say(msg("The Silver Shields (2 CUs) join {g} at {name}; #36 is now a Surprise card (§6.13).", g=label(g), name=BOARD.spaces[state['gens'][g]['at']]['name']))


def treachery_targets(state: dict, seat: str) -> list[str]:
    """#37: my generals within 3 MP of a Cart I may take."""
    b = state["body"]
    if state["turn"] == 1 or b["st"] != "cart" or b["at"] not in BOARD.spaces:
        return []
    at = b["at"]
    carrier = state["gens"][b["by"]]["o"] if b["by"] else None
    if carrier == seat:
        return []
    if carrier is None and BOARD.spaces[at]["type"] == "MAJ" and state["pcs"].get(at) not in (None, "IND", seat):
        return []                                                       # inside an opponent's city
    near = within(state, [at], 3)
    return sorted(g for g in generals_of(state, seat) if state["gens"][g]["at"] in near)


def ev_treachery(ctx, seat, card, w):                                  # #37
    state = ctx.state
    ok = treachery_targets(state, seat)
    g = find_general(state, w[0]) if w else (ok[0] if len(ok) == 1 else None)
    if g not in ok:
        raise RulesError(msg("Treachery: not in Turn I nor once the body is buried; name your general within 3 MP of the Cart: {value} (#37).", value=join(', ', ok) or 'none'), code="NO_EVENT")
    b = state["body"]
    b.update(at=state["gens"][g]["at"], by=g)
    ctx.say(msg("Treachery! The Funeral Cart is spirited away to {g} at {name} (#37).", g=label(g), name=BOARD.spaces[b['at']]['name']))


def ev_unrest(ctx, seat, card, w):                                     # #38
    state = ctx.state
    spaces = [find_space(x) for x in w]
    if len(spaces) > 2 or len(set(spaces)) != len(spaces):
        raise RulesError(msg("Unrest turns up to 2 Minor Cities (#38)."), code="COUNT")
    for s in spaces:
        if BOARD.spaces[s]["type"] != "MIN" or state["pcs"].get(s) in (None, "IND", seat) \
                or any(n_cus(state, s, o) for o in state["seats"]):
            raise RulesError(msg("{name}: a Minor City with another player's PC and no CUs (#38).", name=BOARD.spaces[s]['name']),
                             code="NO_EVENT")
    for s in spaces:
        state["pcs"][s] = "IND"
    ctx.say(msg("Unrest: {value} turn Independent.", value=join(", ", (BOARD.spaces[s]["name"] for s in spaces)) or "nothing"))


def check_unrest_spreads(state, seat, card, w) -> str:                 # #39
    code = _province(w[0] if w else None)
    if state["pcs"].get(BOARD.provinces[code]["major_city"]) == seat:
        raise RulesError(msg("Choose a province whose Major City you do not control (#39)."), code="NO_EVENT")
    return code


def ev_unrest_spreads(ctx, seat, card, w):
    state = ctx.state
    code = check_unrest_spreads(state, seat, card, w)
    hit = [s for s in BOARD.province_spaces(code) if BOARD.spaces[s]["type"] == "MIN"
           and state["pcs"].get(s) not in (None, "IND") and not any(n_cus(state, s, o) for o in state["seats"])]
    for s in hit:
        state["pcs"][s] = "IND"
    ctx.say(msg("Unrest spreads in {name}: {value} turn Independent.", name=BOARD.provinces[code]['name'], value=join(", ", (BOARD.spaces[s]["name"] for s in hit)) or "nothing"))


def activate_indep(ctx, seat: str, army: str) -> None:
    activation.start_independent(ctx, seat, army)


def ev_plans(ctx, seat, card, w):                                      # #40
    state = ctx.state
    armies = [a for a, at in state["indep"].items() if at in BOARD.spaces]
    if armies:
        push(state, {"kind": "plans", "seat": seat, "left": sorted(armies)})
    else:
        ctx.say(msg("Plans of Their Own: no independent army is on the map."))


def ev_enter(army):
    def ev(ctx, seat, card, w):                                        # #41, #42, #43
        state = ctx.state
        at = state["indep"][army]
        if at == "removed":
            ctx.say(msg("{name} have left the game: no effect.", name=BOARD.indep_armies[army]['name']))
            return
        if at == "box" and all(any(state["indep"][o] == e for o in state["indep"] if o != army)
                               for e in BOARD.indep_armies[army]["enters"]):
            ctx.say(msg("Every entry space of {name} holds another independent army: they stay in their box (§11.3).", name=BOARD.indep_armies[army]['name']))
            return
        activate_indep(ctx, seat, army)
        if at == "box":
            ctx.say(msg("{seat} first places them on {enters} (placing counts as entering, §5.10).", seat=seat_ref(seat), enters=either(BOARD.spaces[s]['name'] for s in BOARD.indep_armies[army]['enters'])))
    return ev


def check_ariarathes(state, seat, card, w) -> str | None:              # #44
    """The Minor City to turn Independent; None: Ariarathes is on the map, and is activated."""
    if state["indep"]["ariarathes"] in BOARD.spaces:
        return None
    s = _space_of(w[0] if w else None, msg("a Minor City of Kappadokia with no CUs"))
    if BOARD.spaces[s]["province"] != "KAP" or BOARD.spaces[s]["type"] != "MIN" \
            or any(n_cus(state, s, o) for o in state["seats"]):
        raise RulesError(msg("A Minor City of Kappadokia with no CUs (#44)."), code="NO_EVENT")
    return s


def ev_ariarathes(ctx, seat, card, w):
    s = check_ariarathes(ctx.state, seat, card, w)
    if s is None:
        activate_indep(ctx, seat, "ariarathes")
        return
    ctx.state["pcs"][s] = "IND"
    ctx.say(msg("Ariarathes' resistance: {name} turns Independent.", name=BOARD.spaces[s]['name']))


def check_court_intrigue(state, seat, card, w) -> tuple[str, str]:     # #50
    if len(w) < 2:
        raise RulesError(msg("`play 50 event <heir> <general>` (#50)."), code="NO_EVENT")
    rid, g = w[0].lower(), find_general(state, w[1])
    r = state["royals"].get(rid)
    if r is None or BOARD.royals[rid]["kind"] != "heir" or r["st"] != "active" or r["by"] is not None:
        raise RulesError(msg("Court Intrigue takes an unattended heir (#50)."), code="NO_EVENT")
    at = r["at"]
    if BOARD.spaces[at]["type"] == "MAJ" and state["pcs"].get(at) not in (None, "IND", seat):
        raise RulesError(msg("That heir is inside an opponent's Major City (#50)."), code="NO_EVENT")
    if state["gens"][g]["o"] != seat or state["gens"][g]["at"] not in within(state, [at], 3):
        raise RulesError(msg("Name one of your generals within 3 MP of the heir (#50)."), code="NO_EVENT")
    return rid, g


def ev_court_intrigue(ctx, seat, card, w):
    state = ctx.state
    rid, g = check_court_intrigue(state, seat, card, w)
    r = state["royals"][rid]
    r.update(at=state["gens"][g]["at"], by=g)
    ctx.say(msg("Court intrigue: {royal_names} is brought to {g} (a capture, #50, §9.9).", royal_names=ROYAL_NAMES[rid], g=label(g)))


def check_loyal_satrap(state, seat, card, w) -> tuple[str, list[str]]:  # #51
    code = _province(w[0] if w else None)
    if state["pcs"].get(BOARD.provinces[code]["major_city"]) != seat:
        raise RulesError(msg("Choose a province whose Major City you control (#51)."), code="NO_EVENT")
    spaces = [find_space(x) for x in w[1:]]
    if len(spaces) > 3:
        raise RulesError(msg("Up to 3 Minor Cities (#51)."), code="COUNT")
    for s in spaces:
        if BOARD.spaces[s]["province"] != code or BOARD.spaces[s]["type"] != "MIN" or s in state["pcs"] \
                or enemy_cus(state, s, seat):
            raise RulesError(msg("{name}: a Minor City of {code} with no PC and no enemy CUs (#51).", name=BOARD.spaces[s]['name'], code=code),
                             code="NO_EVENT")
    return code, spaces


def ev_loyal_satrap(ctx, seat, card, w):
    state = ctx.state
    _, spaces = check_loyal_satrap(state, seat, card, w)
    for s in spaces:
        state["pcs"][s] = seat
    ctx.say(msg("A loyal satrap: {seat} places PCs at {value}.", seat=seat_ref(seat), value=join(", ", (BOARD.spaces[s]["name"] for s in spaces)) or "nothing"))


def ev_wise_counsel(ctx, seat, card, w):                               # #53
    state = ctx.state
    top = []
    for _ in range(3):
        c = draw_card(ctx)
        if c is not None:
            top.append(c)
    if not top:
        ctx.say(msg("Wise Counsel: the draw pile is empty."))
        return
    ctx.tell(seat, msg("Wise Counsel, the top cards: {describe_card}. Keep one: `keep <card>`.", describe_card=join("; ", (describe_card(state, c) for c in top))))
    push(state, {"kind": "counsel", "seat": seat, "cards": top})


def mutiny_targets(state: dict, seat: str) -> list[tuple[str, str]]:
    out = []
    for s in state["seats"]:
        if s == seat:
            continue
        for sp in state["cus"]:
            c = cus_at(state, sp, s)
            if (c.get("mac") or c.get("royal")) and generals_at(state, sp, s):
                out.append((sp, s))
    return out


def check_mutiny(state, seat, card, w) -> tuple[str, str]:             # #54
    s = _space_of(w[0] if w else None, msg("the space of an army of another player with Loyal Macedonian or Royal CUs"))
    cands = [o for sp, o in mutiny_targets(state, seat) if sp == s]
    o = _seat(state, seat, w[1] if len(w) > 1 else (cands[0] if len(cands) == 1 else None), msg("whose army mutinies"))
    if o not in cands:
        raise RulesError(msg("{o} has no army with Loyal Macedonian or Royal CUs at {name} (#54).", o=seat_ref(o), name=BOARD.spaces[s]['name']),
                         code="NO_EVENT")
    return s, o


def ev_mutiny(ctx, seat, card, w):
    state = ctx.state
    s, o = check_mutiny(state, seat, card, w)
    gens = generals_at(state, s, o)
    cmd = max(gens, key=seniority)
    if window(ctx, "W6", {"active": seat, "target": o}):
        state.setdefault("fx", {})["orator"] = cmd
        ctx.say(msg("{cmd} has the gift of the orator: +5 prestige (#47).", cmd=label(cmd)))
    mine = legitimacy.lp(state, seat)
    his = legitimacy.lp(state, o) + prestige(state, cmd)
    n = min(mine - his, 3)
    if n <= 0:
        ctx.say(msg("Mutiny at {name}: {seat}'s {mine} LP against {o}'s {his} (LP + prestige): the army stays loyal (#54).", name=BOARD.spaces[s]['name'], seat=seat_ref(seat), mine=mine, o=seat_ref(o), his=his))
        return
    ctx.say(msg("Mutiny at {name}: {seat}'s {mine} LP against {o}'s {his}: up to {n} CUs desert (#54).", name=BOARD.spaces[s]['name'], seat=seat_ref(seat), mine=mine, o=seat_ref(o), his=his, n=n))
    lose(ctx, o, s, n, ("mac", "royal"), why=msg("#54 Mutiny; the Silver Shields are immune"))


def ev_scorched(ctx, seat, card, w):                                   # #56
    state = ctx.state
    code = _province(w[0] if w else None)
    if state["pcs"].get(BOARD.provinces[code]["major_city"]) != seat:
        raise RulesError(msg("Choose a province whose Major City you control (#56)."), code="NO_EVENT")
    hit = 0
    for s in BOARD.province_spaces(code):
        for o in state["seats"]:
            if o != seat and n_cus(state, s, o) >= 4 and generals_at(state, s, o):
                lose(ctx, o, s, 1, why=msg("#56 Scorched Earth"))
                hit += 1
    if not hit:
        ctx.say(msg("Scorched Earth in {name}: no army of 4+ CUs is hit.", name=BOARD.provinces[code]['name']))


def ev_rising_star(ctx, seat, card, w):                                # #57
    state = ctx.state
    state["p"][seat]["limit"] += 1
    ctx.say(msg("{seat}: a rising star, general limit +1 (#57).", seat=seat_ref(seat)))
    gen = _reserve(state, seat)
    if gen and _in_play(state, seat) < state["p"][seat]["limit"]:
        ok = training.recruit_spaces(state, seat)
        s = find_space(w[0]) if w else (ok[0] if ok else None)
        if s in ok:
            state["gens"][gen]["at"] = s
            ctx.say(msg("{seat} recruits {gen} at {name} (#57).", seat=seat_ref(seat), gen=label(gen), name=BOARD.spaces[s]['name']))


def ev_assassination(ctx, seat, card, w):                            # #58 (§12.4)
    state = ctx.state
    g = find_general(state, w[0]) if w else None
    d = state["gens"].get(g) if g else None
    if d is None or d["o"] in (None, seat) or d["at"] not in BOARD.spaces or n_cus(state, d["at"], seat) \
            or generals_at(state, d["at"], seat):
        raise RulesError(msg("Name an opponent's general in a space that holds none of your units (#58)."), code="NO_EVENT")
    r = ctx.roll(6, label=msg("assassination of {g}", g=label(g)))
    if r == 6:
        drop_general(state, g, "killed")
        ctx.say(msg("{g} is assassinated (#58).", g=label(g)))
    else:
        ctx.say(msg("The plot against {g} fails (#58).", g=label(g)))


def ev_defection(ctx, seat, card, w):                                  # #60 (§12.4)
    state = ctx.state
    s = _space_of(w[0] if w else None, msg("the space of the army"))
    o = army_owner(state, seat, s, w[1] if len(w) > 1 else None)
    gens = generals_at(state, s, o)
    c = cus_at(state, s, o)
    mine = [g for g in generals_of(state, seat) if g in BOARD.generals and state["gens"][g]["at"] in BOARD.spaces]
    near = within(state, [state["gens"][g]["at"] for g in mine], 2) if mine else {}
    if any(g in BOARD.generals for g in gens) or c.get("mac") or c.get("royal") or s not in near:
        raise RulesError(msg("Defection: an opponent army commanded by a minor general, with no Loyal Macedonian or Royal CUs, within 2 MP of one of your major generals (#60)."), code="NO_EVENT")
    r = ctx.roll(6, label="defection")
    if r < 5:
        ctx.say(msg("The army stays loyal (#60)."))
        return
    n = min(c.get("merc", 0), pool_left(state, seat, "merc"))
    add_cus(state, s, o, "merc", -n)
    add_cus(state, s, seat, "merc", n)
    for g in gens:
        drop_general(state, g, "dispersed")
    ctx.say(msg("Defection! {n} Mercenary CUs change sides at {name}; {o}'s general goes to the reserve (#60).", n=n, name=BOARD.spaces[s]['name'], o=seat_ref(o)))


EVENTS = {
    1: ev_fleet_twice, 2: ev_mercs, 3: ev_mercs, 4: ev_mercs, 5: ev_mercs, 6: ev_diplomacy, 7: ev_diplomacy,
    8: ev_epidemic, 9: ev_minor_raid, 10: ev_peukestas, 11: ev_campaign, 14: ev_flag("helio"),
    17: ev_desertion, 18: ev_bribed, 21: ev_harpalos, 22: ev_elephants, 23: ev_veterans, 24: ev_greek_revolt,
    25: ev_pirates, 27: ev_local_support, 28: ev_garrison, 29: ev_levy, 30: ev_kyinda, 31: ev_marriage,
    32: ev_marriage, 33: ev_olympias, 34: ev_hemlock, 35: ev_suspicion, 36: ev_silver, 37: ev_treachery,
    38: ev_unrest, 39: ev_unrest_spreads, 40: ev_plans, 41: ev_enter("illyrians"), 42: ev_enter("scythians"),
    43: ev_enter("greek_soldiers"), 44: ev_ariarathes, 48: ev_flag("engineers"), 50: ev_court_intrigue,
    51: ev_loyal_satrap, 52: ev_flag("harvest"), 53: ev_wise_counsel, 54: ev_mutiny, 56: ev_scorched,
    57: ev_rising_star, 58: ev_assassination, 60: ev_defection,
}
REMOVE = {10}                                                            # "Remove after use"


def refuses_nothing(state, seat, card, w) -> None:
    """The check of an event that is played whatever the choices (#2-#5, #40, #41-#43)."""


# the events whose every refusal is their check's, which reads the state and changes nothing, the effect
# after it refusing nothing: a dry run (event_lines) asks the check alone, on the state itself, where the
# whole event needs a copy of the state for each choice tried (tests/successors/test_successors_event_checks.py)
CHECKS = {**dict.fromkeys((2, 3, 4, 5), refuses_nothing), 6: check_diplomacy, 7: check_diplomacy,
          17: check_desertion, 21: check_train, 22: check_elephants, 23: check_veterans, 28: check_garrison,
          30: check_kyinda, 31: check_marriage, 32: check_marriage, 36: check_silver, 39: check_unrest_spreads,
          **dict.fromkeys((40, 41, 42, 43), refuses_nothing), 44: check_ariarathes, 50: check_court_intrigue,
          51: check_loyal_satrap, 54: check_mutiny}


def resolve(ctx, seat: str, card: int, rest: str) -> None:
    """Resolve a card's event (its conditions are checked by the event itself, which raises
    before changing anything when they are not met)."""
    fn = EVENTS.get(card)
    if fn is None:
        raise RulesError(msg("{card_name} has no event to play now.", card_name=card_name(card)), code="NO_EVENT")
    fn(ctx, seat, card, _words(rest))


def play_event(ctx, seat: str, card: int, rest: str, window: str = "tyche") -> None:
    """W7 and the Tyche segment: a Surprise card played directly (#37, #47)."""
    state = ctx.state
    card = card_arg(card)
    if card not in state["p"][seat]["hand"]:
        raise RulesError(msg("Card #{card} is not in your hand.", card=card), code="NOT_IN_HAND")
    if "W7" not in SURPRISE_WINDOWS.get(card, ()):
        raise RulesError(msg("{card_name} cannot be played now: only #37 and #47 are played between your own actions (W7, §4.7); other Surprise cards are armed (`arm <card>`) for their window.", card_name=card_name(card)),
                         code="NOT_NOW")
    if card == 47:
        g = find_general(state, rest.split()[0]) if rest.split() else None
        if g is None or state["gens"][g]["o"] != seat:
            raise RulesError(msg("Name one of your generals: `play 47 event <general>`."), code="NO_EVENT")
        spend(ctx, seat, card)
        state.setdefault("fx", {})["orator"] = g
        ctx.say(msg("{g} has the gift of the orator: +5 prestige until the end of the segment (#47).", g=label(g)))
    else:
        test = _copy_ok(ctx, seat, card, rest)
        spend(ctx, seat, card)
        ev_treachery(ctx, seat, card, test)
    spies(ctx, seat, card)


def _copy_ok(ctx, seat, card, rest) -> list[str]:
    w = _words(rest)
    if card == 37 and not treachery_targets(ctx.state, seat):
        raise RulesError(msg("Treachery: no general of yours is within 3 MP of a Cart you may take (#37)."), code="NO_EVENT")
    return w


def own_window_lines(state: dict, seat: str) -> list[str]:
    """W7 lines for the seat's own Tyche/Activation segment (private: they show the hand)."""
    out = []
    hand = state["p"][seat]["hand"]
    if 37 in hand:
        out += [f"play {card_tag(37)} event {g}" for g in treachery_targets(state, seat)]
    if 47 in hand:
        out += [f"play {card_tag(47)} event {g}" for g in generals_of(state, seat)
                if state["gens"][g]["at"] in BOARD.spaces][:4]
    return out


def _candidates(state: dict, seat: str, card: int) -> list[str]:
    """Choices worth trying for a card's event (complete lines are those that pass a dry run).
    Each kind of choice is worked out only for the cards that use it (a Tyche prompt asks this of
    every card in the hand)."""
    others = [s for s in state["seats"] if s != seat]

    def mine_gens() -> list[str]:
        return [g for g in generals_of(state, seat) if state["gens"][g]["at"] in BOARD.spaces]

    def armies() -> list[str]:
        return [msg("{sp} {o}", sp=sp, o=o) for sp in sorted(state["cus"]) for o in others
                if n_cus(state, sp, o) and generals_at(state, sp, o)]

    def my_provs() -> list[str]:
        return sorted({BOARD.spaces[s]["province"] for s in _major_cities(state, seat)})

    if card in (6, 7, 9, 38):
        return sorted(s for s, o in state["pcs"].items() if o not in (seat,) and BOARD.spaces[s]["type"] == "MIN")
    if card in (8, 17, 23):
        return armies()
    if card == 54:
        return [msg("{sp} {o}", sp=sp, o=o) for sp, o in mutiny_targets(state, seat)]
    if card == 11:
        return mine_gens()[:6]
    if card == 18:
        return [s for s in state["cus"] if sieges.besieges(state, s, seat)]
    if card in (21, 30):
        return ["merc", "mac"] if not state["p"][seat]["track"][0] else [""]
    if card == 22:
        return [s for s in state["cus"] if field_cus(state, s, seat)
                and BOARD.spaces[s]["region"] in ("Mesopotamia", msg("Upper Satrapies"))]
    if card == 24:
        return ["", "army"]
    if card in (25, 35):
        return others
    if card == 27:
        return sorted({n for x in state["cus"] if n_cus(state, x, seat) for n, k in BOARD.adj[x]
                       if k in LAND and BOARD.spaces[n]["type"] == "MIN" and n not in state["pcs"]})
    if card == 28:
        return _major_cities(state, seat)
    if card == 29:
        return [""] + _major_cities(state, seat)[:3]
    if card == 34:
        return hemlock_targets(state, seat)
    if card == 36:
        return mine_gens()
    if card == 37:
        return treachery_targets(state, seat)
    if card == 39:
        return [c for c in BOARD.provinces if state["pcs"].get(BOARD.provinces[c]["major_city"]) != seat]
    if card == 44:
        return [""] + [s for s in BOARD.province_spaces("KAP") if BOARD.spaces[s]["type"] == "MIN"]
    if card == 50:
        return [msg("{r} {g}", r=r, g=g) for r, d in state["royals"].items() if BOARD.royals[r]["kind"] == "heir"
                and d["st"] == "active" and d["by"] is None for g in mine_gens()]
    if card == 51:
        out = []
        for c in my_provs():
            free = [s for s in BOARD.province_spaces(c) if BOARD.spaces[s]["type"] == "MIN" and s not in state["pcs"]
                    and not enemy_cus(state, s, seat)]
            out.append(" ".join([c] + free[:3]))
        return out
    if card == 56:
        return my_provs()
    if card == 57:
        return [""]
    if card == 58:
        return [g for g, d in state["gens"].items() if d["o"] not in (None, seat) and d["at"] in BOARD.spaces][:8]
    if card == 60:
        return armies()
    return [""]


def event_lines(state: dict, seat: str, card: int, check_hand: bool = True, limit: int = 6) -> list[str]:
    """Complete `play <card> event …` lines that a dry run accepts (and `both` for Bonus cards)."""
    from core.game import Ctx
    if card not in EVENTS or (card == 10 and state["turn"] < 2) or (card == 36 and state.get("silver_played")):
        return []
    out = []
    raw = None                                          # the state's bytes, each whole dry run a copy of them
    for cand in _candidates(state, seat, card):
        if len(out) >= limit:
            break
        if card == 8:                                   # its event rolls: checked without a dry run
            sp, o = cand.split()
            if n_cus(state, sp, o) >= 3:
                out.append(f"play 8 event {cand}")
            continue
        check = CHECKS.get(card)
        try:
            if check is not None:
                check(state, seat, card, _words(cand))
            else:
                raw = raw or orjson.dumps(state)
                resolve(Ctx(orjson.loads(raw), seat), seat, card, cand)
        except RulesError:
            continue
        out.append(f"play {card_tag(card)} event {cand}".strip())
    if BOARD.cards[card]["type"] == "bonus" and check_hand:
        out += [line.replace(" event", " both", 1) for line in out]
    return out


# decisions on the stack ----------------------------------------------------------------------------------
def push(state: dict, decision: dict) -> None:
    state.setdefault("stack", []).append(decision)


def pop(state: dict) -> dict:
    return state["stack"].pop()


def either(names) -> str:
    """One name, or two said as a choice ("Herakleia Lynkestis or Apollonia")."""
    names = list(names)
    return msg("{a} or {b}", a=names[0], b=names[1]) if len(names) == 2 else join(", ", names)
