"""§6 Battles: sides (§6.1), the sequence (§6.2), the royal army check (§6.3), strength
(§6.4, §6.13 Silver Shields, §6.14 Elephants), score (§6.5), result (§6.6), leader loss
(§6.7), losses (§6.8), draws (§6.9), after the battle (§6.10), crushing (§6.11) and
independent armies (§6.12); the Champion flip of §9.5 for attacks.

A *side* is a plain dict built for one battle and never stored::

    {"seat": seat | None, "army": independent id | None, "gens": [...], "cus": {type: n},
     "from": space | None, "sea": bool, "sally": bool}

Losses are the owner's choice (§6.8): each player may set a standing order with
``losses <type>...`` (kept in ``p[seat]["loss_order"]``); without one the bot takes the weakest
CUs first (``forces.pick_losses``), and it always says which.
"""
from __future__ import annotations

from core.game import seat_ref, without_seat_refs
from core.message import join, keep, msg, plural

from . import legitimacy, surprise
from .board import BOARD
from .common import label
from .forces import (
    PLAYER_CU,
    add_cus,
    disperse_cus,
    drop_general,
    eliminate,
    enemy_cus,
    field_cus,
    field_gens,
    gen_stat,
    loss_choices,
    loss_order,
    n_inside,
    pick_losses,
    set_inside,
    shift,
)
from .forces import commander as _commander
from .legitimacy import prestige
from .surprise import retire_silver_card

STRENGTH = {"merc": 1, "mac": 2, "royal": 2, "silver": 3, "indep": 1}      # §6.4 (Elephants rolled)
CRUSH = {"merc": 1, "mac": 2, "royal": 2, "silver": 3, "eleph": 2, "indep": 1}   # §6.11.2
LOSSES = ((2, 2, 1), (5, 2, 0), (8, 3, 0), (11, 4, 0))                    # §6.8: D up to, loser, winner


def count(state: dict, key: str) -> None:
    """Count a battle, crush, siege or assault; each is also a moment of §10.5's victory check."""
    state["vcheck"] = True
    c = state.setdefault("counts", {})
    c[key] = c.get(key, 0) + 1


def commander(gens: list[str]) -> str | None:
    return _commander(gens) if gens else None


def combat_factor(gen: str | None, space: str) -> int:
    """§1.3.2 Combat with Ptolemaios's and Peukestas's location abilities; no commander: 1."""
    if gen is None:
        return 1
    c = gen_stat(gen, "combat")
    prov = BOARD.spaces[space]["province"]
    if gen == "ptolemaios" and prov == "EGY":
        c = 4
    if gen == "peukestas" and prov in ("PER", "SUS", "MED"):
        c = 4
    return c


def elephant_strength(rolls: list[int]) -> int:
    """§6.14: each Elephant is one die − 2, minimum 0 (3, 5, 1 → 1 + 3 + 0 = 4)."""
    return sum(max(0, r - 2) for r in rolls)


def strength(ctx, side: dict, aside: int = 0) -> int:
    """§6.4 Battle Strength; `aside` Royal CUs set aside add nothing (§6.3)."""
    total = 0
    for k, n in side["cus"].items():
        if k == "eleph":
            rolls = [ctx.roll(6, label=msg("Elephant {i} of {said}", i=i + 1, said=said(side))) for i in range(n)]
            total += elephant_strength(rolls)
        elif k == "royal":
            total += STRENGTH[k] * (n - aside)
        else:
            total += STRENGTH[k] * n
    return total


def raise_dice(dice: list[int], factor: int) -> list[int]:
    """§6.5.2: a die below the Combat factor is raised to it."""
    return [max(d, factor) for d in dice]


def crush_strength(cus: dict) -> int:
    return sum(CRUSH[k] * n for k, n in cus.items())


def crushes(att_cus: dict, def_cus: dict) -> bool:
    """§6.11.3: at least 4 times the defender's crush strength; no CUs: any CU crushes."""
    a, d = crush_strength(att_cus), crush_strength(def_cus)
    if not sum(def_cus.values()):
        return sum(att_cus.values()) >= 1
    return a >= 4 * d


def loss_table(d: int) -> tuple[int | None, int]:
    """§6.8: (loser's loss, None = all; winner's loss) for a difference d ≥ 1."""
    for top, lose, win in LOSSES:
        if d <= top:
            return lose, win
    return None, 0


# the last battle's line (`last_battle.text`, which the map's panel draws, render/successors/panels.py):
# a message kept whole (core/message.keep), the battle's own line its field `text`
BATTLE_AT = "Battle at {where}: {text}"


def name(side: dict) -> str:
    if side["army"]:
        return BOARD.indep_armies[side["army"]]["name"]
    return side["seat"]


def said(side: dict) -> str:
    """A side as a message names it: an independent army by its name, a player's seat marked
    (`seat_ref`) for the service to write the player's name."""
    return name(side) if side["army"] else seat_ref(side["seat"])


def sacred(state: dict, side: dict, space: str) -> bool:
    """§9.3 sacred ground for a Defender: carrying the Cart, or defending the tomb's space while
    its owner controls the tomb's city."""
    b = state["body"]
    if b["st"] == "cart" and b["by"] in side["gens"]:
        return True
    return b["st"] == "buried" and b["at"] == space and state["pcs"].get(space) == side["seat"]


def effective_legitimacy(state: dict, side: dict, space: str, defender: bool) -> int:
    """§9.4: LP + the commander's Popularity (+4 sacred ground for a Defender, §9.3)."""
    el = legitimacy.lp(state, side["seat"])
    cmd = commander(side["gens"])
    if cmd:
        el += prestige(state, cmd)                  # Popularity, #47, §12.3 glory
    if defender and sacred(state, side, space):
        el += 4
    return el


def champion_check(ctx, att: dict, dfn: dict) -> None:
    """§9.5.2: a Champion attacking a Champion who is not the Usurper becomes a Diadochos."""
    state = ctx.state
    a, d = att["seat"], dfn["seat"]
    if not a or not d or att.get("intercepted"):
        return
    if state["p"][a]["champion"] and state["p"][d]["champion"] and state["usurper"] != d:
        state["p"][a]["champion"] = False
        ctx.say(msg("{seat} attacks the Champion {d} and becomes a Diadochos (§9.5.2).", seat=seat_ref(a), d=seat_ref(d)))


# side changes on the map ----------------------------------------------------------------------------
def lose_cus(state: dict, side: dict, space: str, n: int | None, aside: int = 0) -> dict:
    """Remove n CUs (None: all) of the side that took part (set-aside Royal CUs are never
    chosen, §6.8); returns what was lost."""
    if side["army"]:
        return {}                                                     # §6.8 independents never lose
    pool = dict(side["cus"])
    if aside:
        pool["royal"] = pool.get("royal", 0) - aside
        if pool["royal"] <= 0:
            del pool["royal"]
    lost = pick_losses(pool, sum(pool.values()) if n is None else n, loss_order(state, side["seat"]))
    for k, m in lost.items():
        eliminate(state, space, side["seat"], k, m, inside=bool(side.get("inside")))
        side["cus"][k] -= m
        if not side["cus"][k]:
            del side["cus"][k]
    return lost


def describe(cus: dict) -> str:
    parts = [msg("{n} {name}", n=n, name=BOARD.cu_types[k]['name']) for k, n in cus.items() if n]
    return join(", ", parts) if parts else "nothing"


def carried_by(state: dict, gens: list[str]) -> set[str]:
    """The royal markers (and "cart") a side's generals carry."""
    out = {rid for rid, r in state["royals"].items() if r["by"] in gens}
    if state["body"]["by"] in gens:
        out.add("cart")
    return out


def capture(ctx, winner: dict, loser: dict, space: str, carried: set[str] | None = None) -> None:
    """§6.10.2: heirs and the Cart with the loser pass to the winner (an independent winner
    leaves them unattended); active women with the loser become inactive. `carried`: what the
    loser carried when the battle began (a commander killed in it has dropped them, §6.7)."""
    state = ctx.state
    to = None if winner["army"] else commander(winner["gens"])
    carried = carried_by(state, loser["gens"]) | (carried or set())
    for rid, r in state["royals"].items():
        if rid in carried and r["at"] == space and r["by"] in (None, *loser["gens"]) and r["st"] == "active":
            if BOARD.royals[rid]["kind"] == "heir":
                r["by"] = to
                r["at"] = space
                ctx.say(msg("{name} is captured by {said} (§6.10).", name=BOARD.royals[rid]['name'], said=said(winner)))
            else:
                r["by"] = None
                r["st"] = "inactive"
                ctx.say(msg("{name} becomes inactive (§6.10).", name=BOARD.royals[rid]['name']))
    b = state["body"]
    if b["st"] == "cart" and "cart" in carried and b["at"] == space and b["by"] in (None, *loser["gens"]):
        b["by"] = to
        b["at"] = space
        ctx.say(msg("The Funeral Cart is captured by {said} (§6.10).", said=said(winner)))


def disperse_all(ctx, side: dict, why: str) -> None:
    state = ctx.state
    for g in side["gens"]:
        if state["gens"][g]["at"] in BOARD.spaces:
            drop_general(state, g, "dispersed")
    if side["gens"]:
        ctx.say((msg("{g} is dispersed ({why}).", g=join(', ', (label(g) for g in side['gens'])), why=why) if len(side['gens']) == 1 else msg("{g} are dispersed ({why}).", g=join(', ', (label(g) for g in side['gens'])), why=why)))
    side["gens"].clear()


def remove_independent(ctx, army: str) -> None:
    """§1.8: beaten independents leave the game, except the Illyrians and Scythians, who go
    back to their box."""
    state = ctx.state
    fate = BOARD.indep_armies[army]["if_defeated"]
    state["indep"][army] = "box" if fate == "box" else "removed"
    # worded for any name: "Ariarathes" is one king, "Illyrians" a people, "Greek Army" an army
    ctx.say((msg("{name}: beaten, back to the box (§1.8).", name=BOARD.indep_armies[army]['name']) if fate == 'box' else msg("{name}: beaten, out of the game (§1.8).", name=BOARD.indep_armies[army]['name'])))


def indep_wins_here(ctx, space: str) -> None:
    """§6.10.6 / §5.10: an independent winner removes any player PC, unless in a Major City."""
    state = ctx.state
    if BOARD.spaces[space]["type"] != "MAJ" and state["pcs"].get(space) not in (None, "IND"):
        ctx.say(msg("The independents remove {pcs}'s PC at {name}.", pcs=seat_ref(state['pcs'][space]), name=BOARD.spaces[space]['name']))
        del state["pcs"][space]


# crushing §6.11 -----------------------------------------------------------------------------------
def crush(ctx, att: dict, dfn: dict, space: str) -> None:
    state = ctx.state
    count(state, "crushings")
    champion_check(ctx, att, dfn)
    text = (msg("{said} crushes {said2} at {name} (crush strength {crush_strength} against {crush_strength2}, §6.11).", said=said(att), said2=said(dfn), name=BOARD.spaces[space]['name'], crush_strength=crush_strength(att['cus']), crush_strength2=crush_strength(dfn['cus'])))
    ctx.say(text)
    state["last_battle"] = {"space": space, "text": keep(state, text, without_seat_refs)}
    if dfn["army"]:
        remove_independent(ctx, dfn["army"])
        return
    lose_cus(state, dfn, space, None)
    capture(ctx, att, dfn, space)
    disperse_all(ctx, dfn, "crushed")
    if att["army"]:            # its movement ends here (§6.11.5), so §5.10's end of movement applies
        indep_wins_here(ctx, space)


# the battle §6.2 ------------------------------------------------------------------------------------
def fight(ctx, att: dict, dfn: dict, space: str) -> dict:
    """Resolve one battle. Returns {"winner": "att"|"def"|None, "d": D, "retreat": [...]}:
    the caller moves the Attacker (it knows where it came from); this function does every
    other effect and says what must still be decided (the losing Defender's retreat)."""
    state = ctx.state
    count(state, "battles")
    where = BOARD.spaces[space]["name"]
    ctx.say(msg("Battle at {where}: {said} attacks {said2} (§6).", where=where, said=said(att), said2=said(dfn)))
    champion_check(ctx, att, dfn)                                      # step 2
    bonus = w4(ctx, att, dfn, space)                                   # step 3: window W4 (§4.7)
    # step 4: royal army check §6.3
    aside = {"att": 0, "def": 0}
    if att["seat"] and dfn["seat"]:
        ela = effective_legitimacy(state, att, space, False)
        eld = effective_legitimacy(state, dfn, space, True)
        low = "att" if ela < eld else "def" if eld < ela else None
        if low:
            side = att if low == "att" else dfn
            aside[low] = side["cus"].get("royal", 0)
            if aside[low]:
                ctx.say(plural(("Royal army check: EL {ela} against {eld}; {said} sets {aside} Royal CU aside (§6.3).", "Royal army check: EL {ela} against {eld}; {said} sets {aside} Royal CUs aside (§6.3)."), aside[low], ela=ela, eld=eld, said=said(side), aside=aside[low]))
            if aside[low] and aside[low] == sum(side["cus"].values()):
                return all_royal(ctx, att, dfn, low, space)
    # step 5-6: strength and score
    sa, sd = strength(ctx, att, aside["att"]), strength(ctx, dfn, aside["def"])
    if ctx.state.get("options", {}).get("veterans"):                   # §12.2 royal veterans
        sa += veterans(ctx, att, aside["att"])
        sd += veterans(ctx, dfn, aside["def"])
    dice = {}
    score = {}
    for key, side, st in (("att", att, sa), ("def", dfn, sd)):
        raw = [ctx.roll(6, label=msg("battle die of {said}", said=said(side))) for _ in range(2)]
        cmd = None if side["army"] else commander(side["gens"])
        fac = 0 if side["army"] else combat_factor(cmd, space)
        dice[key] = raw
        score[key] = st + sum(raise_dice(raw, fac)) + bonus[key]
    d = abs(score["att"] - score["def"])
    win = None if d == 0 else "att" if score["att"] > score["def"] else "def"
    text = ((msg("{said} strength {sa}, dice {att}+{att2}, score {att3}; {said2} strength {sd}, dice {def}+{def2}, score {def3}: drawn.", said=said(att), sa=sa, att=dice['att'][0], att2=dice['att'][1], att3=score['att'], said2=said(dfn), sd=sd, **{"def": dice['def'][0]}, def2=dice['def'][1], def3=score['def']) if win is None else msg("{said} strength {sa}, dice {att}+{att2}, score {att3}; {said2} strength {sd}, dice {def}+{def2}, score {def3}: {said3} wins by {d}.", said=said(att), sa=sa, att=dice['att'][0], att2=dice['att'][1], att3=score['att'], said2=said(dfn), sd=sd, **{"def": dice['def'][0]}, def2=dice['def'][1], def3=score['def'], said3=said(att if win == 'att' else dfn), d=d)))
    ctx.say(text)
    state["last_battle"] = {"space": space, "text": keep(state, msg(BATTLE_AT, where=where, text=text), without_seat_refs)}
    # step 8: leader loss §6.7 (what a killed commander carried is still captured, §6.10.2)
    carried = {"att": carried_by(state, att["gens"]), "def": carried_by(state, dfn["gens"])}
    for key, side in (("att", att), ("def", dfn)):
        if side["army"] or not side["gens"]:
            continue
        cmd = commander(side["gens"])
        dead = dice[key] == [1, 1]
        if win is not None and key != win:
            r = ctx.roll(6, label=msg("leader loss of {cmd}", cmd=label(cmd)))
            dead = dead or r == 1 or (d >= 6 and r <= 2)
        if dead:
            drop_general(state, cmd, "killed")
            side["gens"].remove(cmd)
            ctx.say(msg("{cmd} is killed (§6.7).", cmd=label(cmd)))
    # step 9: losses §6.8 or draw §6.9
    if win is None:
        plan = [("att", 1), ("def", 1)]
    else:
        ln, wn = loss_table(d)
        plan = [("def", ln), ("att", wn)] if win == "att" else [("att", ln), ("def", wn)]
    sides = {"att": att, "def": dfn}
    asked = []
    for key, n in plan:
        side = sides[key]
        if n and asks_losses(state, side, n, aside[key]):       # n None (D 12+): all are lost, no choice
            asked.append((key, n))
            continue
        lost = lose_cus(state, side, space, n, aside[key]) if n != 0 else {}
        if lost:
            ctx.say((msg("{said} loses {describe} (§6.9).", said=said(side), describe=describe(lost)) if win is None else msg("{said} loses {describe} (§6.8).", said=said(side), describe=describe(lost))))
    if asked:                                   # §6.8 with losses=ask: the owners choose, then conclude()
        state["battle"] = {"att": att, "def": dfn, "space": space, "win": win, "d": d, "aside": aside,
                           "mover": bool(state["act"] and att["cus"] is state["act"]["cus"]),
                           "carried": {k: sorted(v) for k, v in carried.items()}}
        for key, n in reversed(asked):          # the first asked is on top of the stack
            state.setdefault("stack", []).append({"kind": "losses", "seat": sides[key]["seat"], "side": key,
                                                  "n": n, "space": space})
        return {"winner": win, "d": d, "asked": True}
    return conclude(ctx, att, dfn, space, win, d, aside, carried)


def asks_losses(state: dict, side: dict, n: int, aside: int) -> bool:
    """§6.8 with the `losses=ask` option: the owner is asked when he has a real choice."""
    return (state.get("options", {}).get("losses") == "ask" and bool(side["seat"])
            and len(loss_choices(loss_pool(side, aside), n)) > 1)


def loss_pool(side: dict, aside: int) -> dict:
    """The CUs that may be lost: those that took part, never the set-aside Royal CUs (§6.8)."""
    pool = {k: m for k, m in side["cus"].items() if m}
    if aside:
        pool["royal"] = pool.get("royal", 0) - aside
        if pool["royal"] <= 0:
            del pool["royal"]
    return pool


def loss_line(lost: dict) -> str:
    return "lose " + " ".join(f"{k}={lost[k]}" for k in PLAYER_CU if lost.get(k))


def choose_losses(ctx, seat: str, lost: dict) -> None:
    """§6.8 the owner's answer under `losses=ask`: his side in the pending battle loses `lost`."""
    state = ctx.state
    b = state["battle"]
    d = state["stack"][-1]
    side = b[d["side"]]
    if b["mover"] and d["side"] == "att":
        side["cus"], side["gens"] = state["act"]["cus"], state["act"]["gens"]
    for k, m in lost.items():
        eliminate(state, b["space"], seat, k, m, inside=bool(side.get("inside")))
        side["cus"][k] -= m
        if not side["cus"][k]:
            del side["cus"][k]
    ctx.say((msg("{said} loses {describe} (§6.9).", said=said(side), describe=describe(lost)) if b['win'] is None else msg("{said} loses {describe} (§6.8).", said=said(side), describe=describe(lost))))


def force_loses(ctx, seat: str, lost: dict, why: str) -> None:
    """The moving force loses the CUs its owner chose (`losses=ask`, §5.7.3, §5.12)."""
    state = ctx.state
    act = state["act"]
    for k, m in lost.items():
        eliminate(state, act["at"], seat, k, m)
        act["cus"][k] -= m
        if not act["cus"][k]:
            del act["cus"][k]
    ctx.say(msg("{seat} loses {describe} ({why}).", seat=seat_ref(seat), describe=describe(lost), why=why))


def conclude_asked(ctx) -> tuple[dict, dict, dict]:
    """After the last owner's choice of losses: the rest of the battle (§6.10); returns the
    result, the Attacker and the Defender for the caller's continuation."""
    state = ctx.state
    b = state.pop("battle")
    att, dfn = b["att"], b["def"]
    if b["mover"]:
        att["cus"], att["gens"] = state["act"]["cus"], state["act"]["gens"]
    state["vcheck"] = True                          # §10.5 checked after the battle's losses
    carried = {k: set(v) for k, v in b.get("carried", {}).items()}
    return conclude(ctx, att, dfn, b["space"], b["win"], b["d"], b["aside"], carried), att, dfn


def conclude(ctx, att: dict, dfn: dict, space: str, win: str | None, d: int, aside: dict,
             carried: dict[str, set]) -> dict:
    """Step 10 of the battle, after the losses: §6.10. `carried`: what each side's generals
    carried when the battle began (a commander killed in it still had them captured, §6.10.2)."""
    state = ctx.state
    if win is None:
        return {"winner": None, "d": 0}
    winner, loser = (att, dfn) if win == "att" else (dfn, att)
    lkey = "def" if win == "att" else "att"
    # step 10: after the battle §6.10
    if aside[lkey]:
        n = min(aside[lkey], state["cus"].get(space, {}).get(loser["seat"], {}).get("royal", 0))
        if n:
            transfer_royals(state, loser, winner, space, n)
            ctx.say(plural(("{n} set-aside Royal CU joins {said} (§6.3).", "{n} set-aside Royal CUs join {said} (§6.3)."), n, n=n, said=said(winner)))
    capture(ctx, winner, loser, space, carried.get(lkey))
    if loser["army"]:
        remove_independent(ctx, loser["army"])
    elif not sum(loser["cus"].values()):
        disperse_all(ctx, loser, msg("no CUs left"))
    if winner["army"]:
        indep_wins_here(ctx, space)
    elif loser["army"] and state.get("options", {}).get("glory") and winner["gens"]:    # §12.3
        cmd = commander(winner["gens"])
        glory = state.setdefault("glory", {})
        if glory.get(cmd, 0) < 2:
            glory[cmd] = glory.get(cmd, 0) + 1
            ctx.say(msg("Glory against the barbarians: {cmd} +1 prestige (§12.3).", cmd=label(cmd)))
    return {"winner": win, "d": d}


def veterans(ctx, side: dict, aside: int) -> int:
    """§12.2: one die per Royal CU taking part; each 5 or 6 adds 1."""
    n = side["cus"].get("royal", 0) - aside if side["seat"] else 0
    rolls = [ctx.roll(6, label=msg("royal veteran of {said}", said=said(side))) for _ in range(max(0, n))]
    bonus = sum(1 for r in rolls if r >= 5)
    if bonus:
        ctx.say(msg("Royal veterans: +{bonus} to {said}'s strength (§12.2).", bonus=bonus, said=said(side)))
    return bonus


def w4(ctx, att: dict, dfn: dict, space: str) -> dict:
    """Window W4 (§4.7, §6.2 step 3): #13 Ambush +3 (Defender), #16 Cavalry Charge +2, #47 Gift of
    the Orator +5 prestige for the commander, #36 the Silver Shields change sides (§6.13)."""
    sides = {k: s["seat"] for k, s in (("att", att), ("def", dfn)) if s["seat"]}
    bonus = {"att": 0, "def": 0}
    for seat, card in surprise.window(ctx, "W4", {"active": att["seat"], "sides": sides, "space": space}):
        key = "att" if sides.get("att") == seat else "def"
        side = att if key == "att" else dfn
        if card in (13, 16):
            bonus[key] += 3 if card == 13 else 2
            ctx.say((msg("{seat}: Ambush, +3 to the Battle Score.", seat=seat_ref(seat)) if card == 13 else msg("{seat}: Cavalry Charge, +2 to the Battle Score.", seat=seat_ref(seat))))
        elif card == 47 and side["gens"]:
            cmd = commander(side["gens"])
            ctx.state.setdefault("fx", {})["orator"] = cmd
            ctx.say(msg("{cmd} has the gift of the orator: +5 prestige (#47).", cmd=label(cmd)))
        elif card == 36:
            other = dfn if key == "att" else att
            had = other["cus"].get("silver", 0)
            silver_change_sides(ctx, space, other["seat"], seat)
            if had:
                other["cus"].pop("silver", None)
                now = ctx.state["cus"].get(space, {}).get(seat, {}).get("silver", 0)
                if now:
                    side["cus"]["silver"] = now
    return bonus


def transfer_royals(state: dict, frm: dict, to: dict, space: str, n: int) -> None:
    add_cus(state, space, frm["seat"], "royal", -n)
    if frm.get("inside"):
        set_inside(state, space, "royal", -n)
    add_cus(state, space, to["seat"], "royal", n)
    frm["cus"]["royal"] = frm["cus"].get("royal", 0) - n
    if frm["cus"]["royal"] <= 0:
        del frm["cus"]["royal"]
    to["cus"]["royal"] = to["cus"].get("royal", 0) + n


def all_royal(ctx, att: dict, dfn: dict, low: str, space: str) -> dict:
    """§6.3.4: an all-Royal side that would be set aside goes over without a battle; its
    generals are dispersed, its heirs and Cart captured, its women made inactive."""
    state = ctx.state
    side, other = (att, dfn) if low == "att" else (dfn, att)
    n = side["cus"]["royal"]
    transfer_royals(state, side, other, space, n)
    ctx.say(plural(("No battle: {said}'s {n} Royal CU go over to {said2} (§6.3.4).", "No battle: {said}'s {n} Royal CUs go over to {said2} (§6.3.4)."), n, said=said(side), n=n, said2=said(other)))
    state["last_battle"] = {"space": space, "text": keep(state, msg("At {name} the Royal CUs of {name2} go over to {name3}.", name=BOARD.spaces[space]['name'], name2=name(side), name3=name(other)))}
    capture(ctx, other, side, space)
    disperse_all(ctx, side, msg("their Royal army went over, §6.3.4"))
    return {"winner": "def" if low == "att" else "att", "d": 0, "royal": True}


def retreat_options(state: dict, seat: str, space: str, came_from: str | None) -> list[str]:
    """§6.10.4: 1 space by land, pass or strait, no enemy CUs, not where the Attacker came from."""
    out = []
    for n, k in BOARD.adj[space]:
        if k in ("land", "pass", "strait") and n != came_from and not enemy_cus(state, n, seat) and n not in out:
            out.append(n)
    return sorted(out)


def can_retreat_inside(state: dict, seat: str, space: str) -> int:
    """CUs a losing Defender may put inside its own Major City (§5.5.3): room left of 2."""
    if BOARD.spaces[space]["type"] != "MAJ" or state["pcs"].get(space) != seat:
        return -1
    return max(0, 2 - n_inside(state, space))


def do_retreat(ctx, seat: str, space: str, dest: str | None, inside: bool) -> None:
    """Move the whole surviving field force of `seat` in `space` (§6.10.4)."""
    state = ctx.state
    cus = field_cus(state, space, seat)
    gens = field_gens(state, space, seat)
    if inside:
        room = can_retreat_inside(state, seat, space)
        keep = {}
        for k in reversed(("merc", "eleph", "mac", "royal", "silver")):
            m = min(room, cus.get(k, 0))
            if k == "silver" and m < cus.get(k, 0):
                m = 0                      # §6.13 S35: the marker goes inside whole or not at all
            if m:
                keep[k] = m
                room -= m
        for k, m in keep.items():
            set_inside(state, space, k, m)
            cus[k] -= m
        for g in gens:
            state["gens"][g]["in"] = True
        gens = []
        cus = {k: m for k, m in cus.items() if m}
        ctx.say(msg("{seat} puts {describe} and its generals inside {name} (§5.5.3).", seat=seat_ref(seat), describe=describe(keep), name=BOARD.spaces[space]['name']))
    if not sum(cus.values()) and not gens:
        return
    if dest is None:                       # §1.3.6, §3.3.2: dispersed, not eliminated (audit fix)
        disperse_cus(state, space, seat, cus)
        for g in gens:
            drop_general(state, g, "dispersed")
        ctx.say(msg("{seat}'s force at {name} has nowhere to retreat and is dispersed (§6.10.4).", seat=seat_ref(seat), name=BOARD.spaces[space]['name']))
        return
    shift(state, seat, space, dest, gens, cus)
    ctx.say(msg("{seat} retreats to {name} (§6.10.4).", seat=seat_ref(seat), name=BOARD.spaces[dest]['name']))


def silver_change_sides(ctx, space: str, frm: str, to: str) -> None:
    """§6.13: when #36 turns the Silver Shields (in window W4, step III wires the card), they
    first lose 1 CU; if that was the last, they leave the game and #36 is removed; otherwise
    they join the other side and stay with it."""
    state = ctx.state
    n = state["cus"].get(space, {}).get(frm, {}).get("silver", 0)
    if not n:
        return
    eliminate(state, space, frm, "silver", 1)
    if n == 1:
        ctx.say(msg("The Silver Shields lose their last CU and leave the game (§6.13)."))
        retire_silver_card(ctx)
        return
    add_cus(state, space, frm, "silver", -(n - 1))
    add_cus(state, space, to, "silver", n - 1)
    ctx.say(msg("The Silver Shields lose 1 CU and go over to {to} (§6.13).", to=seat_ref(to)))
