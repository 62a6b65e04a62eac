"""§5.2 Fight and §6 combat resolution, with crowd favour (§14.2) and the champion (§14.3)."""
from __future__ import annotations

from functools import cache

from core.errors import RulesError
from core.message import join, keep, msg, plural

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
        raise RulesError(msg("You cannot fight yourself: name another player."), code="SELF")
    att = gladiator(state, seat, glad_text)
    able = defenders(state, foe)
    if not able:
        raise RulesError(msg("{foe} has no gladiator able to defend (§5.2.1).", foe=who(state, foe)), code="NO_DEFENDER")
    tap(state, [att])                                             # §5.2.2
    count(state, "fights")
    state["fight"] = {"att": att, "aseat": seat, "dseat": foe, "def": None, "card": None,
                      "cheer_a": 0, "cheer_d": 0}
    ctx.say(msg("{gname} of {seat} challenges {foe} (§5.2).", gname=gname(att), seat=who(state, seat), foe=who(state, foe)))
    if len(able) == 1:
        ctx.say(msg("{gname} is {foe}'s only gladiator able to defend (§5.2.2).", gname=gname(able[0]), foe=who(state, foe)))
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
        ctx.say(msg("The combat deck is empty: its discard pile is shuffled into a new deck (§6.2)."))
    card = state["cdeck"].pop(0)
    mark_seen(state, card)
    return card


@cache              # a card's words never change (a message is never changed once made): made once a card
def describe(card: str) -> str:
    c = K[card]
    parts = [plural(("+{swords} sword", "+{swords} swords"), c['swords'], swords=c['swords'])] if c["swords"] else []
    parts += [plural(("+{shields} shield", "+{shields} shields"), c['shields'], shields=c['shields'])] if c["shields"] else []
    parts += ["skull"] if c["skull"] else []
    return msg("{card} ({value})", card=card, value=join(', ', parts) or 'blank')


def set_defender(ctx, gid: str) -> None:
    state = ctx.state
    f = state["fight"]
    f["def"] = gid
    f["card"] = draw_card(ctx)
    state["last_card"] = f["card"]
    a, d = totals(state)
    ctx.reveal(msg("{gname} against {gname2}: combat card {describe} — {a} against {d} (§6.1–§6.2).", gname=gname(f['att']), gname2=gname(gid), describe=describe(f['card']), a=a, d=d), card=f["card"])
    if state["options"]["favour"]:
        if state["p"][f["aseat"]]["favour"] > 0:
            state["stack"].append({"s": "cheer", "seat": f["aseat"], "side": "a"})
            return
        if state["p"][f["dseat"]]["favour"] > 0:
            state["stack"].append({"s": "cheer", "seat": f["dseat"], "side": "d"})
            return
    resolve(ctx, (a, d))                  # no cheer between: the totals just said


def cheer(ctx, seat: str, yes: bool) -> None:
    """§14.2: the attacker may spend 1 favour for +1, then the defender may."""
    state = ctx.state
    f = state["fight"]
    top = state["stack"].pop()
    if yes:
        state["p"][seat]["favour"] -= 1
        f["cheer_" + top["side"]] = 1
        ctx.say(msg("The crowd cheers for {seat}: +1 (§14.2).", seat=who(state, seat)))
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


def resolve(ctx, said: tuple[int, int] | None = None) -> None:
    """§6.3–§6.5 outcome, scoring, death; §14.2 favour; §14.3 champion; building coins. `said`:
    the totals (`totals`) where the caller has just worked them out, the state unchanged since."""
    state = ctx.state
    f = state["fight"]
    card = K[f["card"]]
    a, d = totals(state) if said is None else said
    aseat, dseat, att, dfn = f["aseat"], f["dseat"], f["att"], f["def"]
    state["fight"] = None
    state["cdiscard"].append(f["card"])
    if a == d:
        state["last_fight"] = keep(state, msg("{gname} {a}–{d} {gname2}: no result", gname=gname(att), a=a, d=d, gname2=gname(dfn)))
        ctx.say(msg("{a} against {d}: equal totals, nobody wins, nobody dies (§6.3).", a=a, d=d))
        after_action(ctx)
        return
    win, lose = (att, dfn) if a > d else (dfn, att)
    wseat, lseat = (aseat, dseat) if a > d else (dseat, aseat)
    text = [msg("{gname} wins {max}–{min}.", gname=gname(win), max=max(a, d), min=min(a, d))]
    if a > d:
        gain = 1
        if state.get("event") == "E01" and not state["p"][aseat]["won"]:
            gain = 2
        state["p"][aseat]["won"] = True
        state["p"][aseat]["fpts"] += gain
        text.append(msg("{aseat} scores {gain} (now {points}) (§6.4).", aseat=who(state, aseat), gain=gain, points=points(state, aseat)))
        if a - d >= 2 and owns(state, aseat, "Tabularium"):
            state["p"][aseat]["coins"] += 1
            text.append(msg("Tabularium: +1 coin."))
    else:
        text.append(msg("The defender holds; a winning defender gains nothing (§6.4)."))
    if state["options"]["favour"]:
        p = state["p"][wseat]
        if p["favour"] < MAX_FAVOUR:
            p["favour"] += 1
            text.append(msg("{wseat} wins the crowd's favour ({favour}) (§14.2).", wseat=who(state, wseat), favour=p['favour']))
    champion_before = state.get("champion")
    state["gl"][win]["wins"] += 1
    if state["options"]["champion"]:
        if champion_before == lose:
            state["champion"] = win
            text.append(msg("{gname} beats the champion and takes the laurel (§14.3).", gname=gname(win)))
    dies = (card["skull"] and state.get("event") != "E04") or state.get("event") == "E05"
    if dies:
        text.append(msg("{gname} dies (§6.5).", gname=gname(lose)))
        leave_play(state, lose)
        if owns(state, lseat, "Valetudinarium"):
            state["p"][lseat]["coins"] += 2
            text.append(msg("Valetudinarium: {lseat} +2 coins.", lseat=who(state, lseat)))
        if owns(state, aseat, "Spoliarium"):
            state["p"][aseat]["coins"] += 2
            text.append(msg("Spoliarium: {aseat} +2 coins.", aseat=who(state, aseat)))
    if state["options"]["champion"] and state.get("champion") is None and state["gl"][win]["wins"] >= 2:
        state["champion"] = win
        text.append(msg("{gname} has {wins} wins and becomes the champion (§14.3).", gname=gname(win), wins=state['gl'][win]['wins']))
    state["last_fight"] = keep(state, msg("{gname} {a}–{d} {gname2}, {gname3} died", gname=gname(att), a=a, d=d, gname2=gname(dfn), gname3=gname(lose)) if dies else msg("{gname} {a}–{d} {gname2}", gname=gname(att), a=a, d=d, gname2=gname(dfn)))
    ctx.say(join(" ", text))
    if a > d and check_win(ctx, aseat):
        return
    after_action(ctx)
