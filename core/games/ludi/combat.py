"""§5.2 Fight and §6 combat resolution, with crowd favour (§14.2) and the champion (§14.3)."""
from __future__ import annotations

from core.errors import RulesError

from .actions import after_action, gladiator, player, split_with, tap
from .common import attack_value, count, defence_value, defenders, gname, leave_play, owns, points, who
from .data import G, K
from .names import match
from .start import mark_seen
from .victory import check_win

MAX_FAVOUR = 3


def fight(ctx, seat: str, text: str) -> None:
    """`/fight <player> with <gladiator>` (§5.2)."""
    state = ctx.state
    target_text, glad_text = split_with(text, "fight <player> with <gladiator>")
    foe = player(state, target_text)
    if foe == seat:
        raise RulesError("You cannot fight yourself: name another player.", code="SELF")
    att = gladiator(state, seat, glad_text)
    able = defenders(state, foe)
    if not able:
        raise RulesError(f"{who(state, foe)} has no gladiator able to defend (§5.2.1).", code="NO_DEFENDER")
    tap(state, [att])                                             # §5.2.2
    count(state, "fights")
    state["fight"] = {"att": att, "aseat": seat, "dseat": foe, "def": None, "card": None,
                      "cheer_a": 0, "cheer_d": 0}
    ctx.say(f"{gname(att)} of {who(state, seat)} challenges {who(state, foe)} (§5.2).")
    if len(able) == 1:
        ctx.say(f"{gname(able[0])} is {who(state, foe)}'s only gladiator able to defend (§5.2.2).")
        set_defender(ctx, able[0])
    else:
        state["stack"].append({"s": "defend", "seat": foe})


def best_defender(state: dict, seat: str) -> str:
    """§5.2.3 default: the highest defence total before the card, ties to the lowest id."""
    return min(defenders(state, seat), key=lambda g: (-defence_value(state, g), g))


def defend(ctx, seat: str, text: str) -> None:
    state = ctx.state
    able = {g: G[g]["name"] for g in defenders(state, seat)}
    gid = match(text, able, "gladiator of yours able to defend (unchained)", "NOT_ELIGIBLE")
    state["stack"].pop()
    set_defender(ctx, gid)


def draw_card(ctx) -> str:
    """§6.2: the top combat card; an empty deck is rebuilt from the discard first."""
    state = ctx.state
    if not state["cdeck"]:
        state["cdeck"] = ctx.shuffle(sorted(state["cdiscard"]))
        state["cdiscard"] = []
        ctx.say("The combat deck is empty: its discard pile is shuffled into a new deck (§6.2).")
    card = state["cdeck"].pop(0)
    mark_seen(state, card)
    return card


def describe(card: str) -> str:
    c = K[card]
    parts = [f"+{c['swords']} sword{'s' if c['swords'] > 1 else ''}"] if c["swords"] else []
    parts += [f"+{c['shields']} shield{'s' if c['shields'] > 1 else ''}"] if c["shields"] else []
    parts += ["skull"] if c["skull"] else []
    return f"{card} ({', '.join(parts) or 'blank'})"


def set_defender(ctx, gid: str) -> None:
    state = ctx.state
    f = state["fight"]
    f["def"] = gid
    f["card"] = draw_card(ctx)
    state["last_card"] = f["card"]
    a, d = totals(state)
    ctx.reveal(f"{gname(f['att'])} against {gname(gid)}: combat card {describe(f['card'])} — "
               f"{a} against {d} (§6.1–§6.2).", card=f["card"])
    if state["options"]["favour"]:
        if state["p"][f["aseat"]]["favour"] > 0:
            state["stack"].append({"s": "cheer", "seat": f["aseat"], "side": "a"})
            return
        if state["p"][f["dseat"]]["favour"] > 0:
            state["stack"].append({"s": "cheer", "seat": f["dseat"], "side": "d"})
            return
    resolve(ctx)


def cheer(ctx, seat: str, yes: bool) -> None:
    """§14.2: the attacker may spend 1 favour for +1, then the defender may."""
    state = ctx.state
    f = state["fight"]
    top = state["stack"].pop()
    if yes:
        state["p"][seat]["favour"] -= 1
        f["cheer_" + top["side"]] = 1
        ctx.say(f"The crowd cheers for {who(state, seat)}: +1 (§14.2).")
    if top["side"] == "a" and state["p"][f["dseat"]]["favour"] > 0:
        state["stack"].append({"s": "cheer", "seat": f["dseat"], "side": "d"})
        return
    resolve(ctx)


def totals(state: dict) -> tuple[int, int]:
    """§6.1 with the card (§6.2) and cheers (§14.2)."""
    f = state["fight"]
    c = K[f["card"]]
    return (attack_value(state, f["att"]) + c["swords"] + f["cheer_a"],
            defence_value(state, f["def"]) + c["shields"] + f["cheer_d"])


def resolve(ctx) -> None:
    """§6.3–§6.5 outcome, scoring, death; §14.2 favour; §14.3 champion; building coins."""
    state = ctx.state
    f = state["fight"]
    card = K[f["card"]]
    a, d = totals(state)
    aseat, dseat, att, dfn = f["aseat"], f["dseat"], f["att"], f["def"]
    state["fight"] = None
    state["cdiscard"].append(f["card"])
    if a == d:
        state["last_fight"] = f"{gname(att)} {a}–{d} {gname(dfn)}: no result"
        ctx.say(f"{a} against {d}: equal totals, nobody wins, nobody dies (§6.3).")
        after_action(ctx)
        return
    win, lose = (att, dfn) if a > d else (dfn, att)
    wseat, lseat = (aseat, dseat) if a > d else (dseat, aseat)
    text = [f"{gname(win)} wins {max(a, d)}–{min(a, d)}."]
    if a > d:
        gain = 1
        if state.get("event") == "E01" and not state["p"][aseat]["won"]:
            gain = 2
        state["p"][aseat]["won"] = True
        state["p"][aseat]["fpts"] += gain
        text.append(f"{who(state, aseat)} scores {gain} (now {points(state, aseat)}) (§6.4).")
        if a - d >= 2 and owns(state, aseat, "Tabularium"):
            state["p"][aseat]["coins"] += 1
            text.append("Tabularium: +1 coin.")
    else:
        text.append("The defender holds; a winning defender gains nothing (§6.4).")
    if state["options"]["favour"]:
        p = state["p"][wseat]
        if p["favour"] < MAX_FAVOUR:
            p["favour"] += 1
            text.append(f"{who(state, wseat)} wins the crowd's favour ({p['favour']}) (§14.2).")
    champion_before = state.get("champion")
    state["gl"][win]["wins"] += 1
    if state["options"]["champion"]:
        if champion_before == lose:
            state["champion"] = win
            text.append(f"{gname(win)} beats the champion and takes the laurel (§14.3).")
    dies = (card["skull"] and state.get("event") != "E04") or state.get("event") == "E05"
    if dies:
        text.append(f"{gname(lose)} dies (§6.5).")
        leave_play(state, lose)
        if owns(state, lseat, "Valetudinarium"):
            state["p"][lseat]["coins"] += 2
            text.append(f"Valetudinarium: {who(state, lseat)} +2 coins.")
        if owns(state, aseat, "Spoliarium"):
            state["p"][aseat]["coins"] += 2
            text.append(f"Spoliarium: {who(state, aseat)} +2 coins.")
    if state["options"]["champion"] and state.get("champion") is None and state["gl"][win]["wins"] >= 2:
        state["champion"] = win
        text.append(f"{gname(win)} has {state['gl'][win]['wins']} wins and becomes the champion (§14.3).")
    state["last_fight"] = f"{gname(att)} {a}–{d} {gname(dfn)}" + (f", {gname(lose)} died" if dies else "")
    ctx.say(" ".join(text))
    if a > d and check_win(ctx, aseat):
        return
    after_action(ctx)
