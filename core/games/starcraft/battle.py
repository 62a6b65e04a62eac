"""§9 Battle: both sides choose a combat card in secret, damage and shields, casualties at the
same time, the result (the attacker returns when both sides survive), then the draws."""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref, without_seat_refs
from core.message import join, keep, msg

from .board import BOARD
from .common import card_id, card_tag, draw_combat, fname, has_base_on, is_, unit_cost, unit_num, units_in


def start(ctx, attacker: str, area: str, origins: dict) -> None:
    s = ctx.state
    defender = next(u["owner"] for u in units_in(s, area) if u["owner"] != attacker)
    s["battle"] = {"area": area, "attacker": attacker, "defender": defender, "cards": {}, "origins": origins}
    s["pend"].append({"kind": "card", "seats": [attacker, defender]})
    s["counts"]["battles"] += 1
    ctx.say(msg("Battle in {area}: {attacker} attacks {defender}. Each side chooses a combat card (or none) by private message (§9.2).", area=area, attacker=seat_ref(attacker), defender=seat_ref(defender)))
    ctx.picture()


def choose(ctx, seat: str, word: str) -> None:
    s = ctx.state
    b = s["battle"]
    hand = s["p"][seat]["hand"]
    card = card_id(word, hand)
    if card != "NONE" and card not in hand:
        raise RulesError(msg("Play a combat card of your hand ({value}) or `card none`.", value=join(', ', sorted(hand)) or 'none'),
                         code="CARD", private=True)
    if seat in b["cards"]:
        raise RulesError(msg("You already chose your card for this battle."), code="CHOSEN")
    b["cards"][seat] = None if card == "NONE" else card
    ctx.say(msg("{seat} has chosen.", seat=seat_ref(seat)))
    if len(b["cards"]) == 2:
        s["pend"].pop()
        resolve(ctx)


def _card_effect(card: str | None, defender: bool, more_units: bool) -> tuple[int, int]:
    if card is None:
        return 0, 0
    k = BOARD.combat[card]
    if k.get("defender_only") and not defender:
        return 0, 0
    attack = k.get("attack", 0)
    if "attack_if_more_units" in k and more_units:
        attack = k["attack_if_more_units"]
    return attack, k.get("shield", 0)


def casualties(state: dict, units: list[dict], damage: int) -> list[dict]:
    """§9.4: health ascending, then cost, then unit id; stop at the first unit it cannot kill."""
    order = sorted(units, key=lambda u: (BOARD.unit(state, u["type"])["health"], unit_cost(state, u["type"]),
                                         unit_num(u)))
    dead = []
    for u in order:
        h = BOARD.unit(state, u["type"])["health"]
        if damage < h:
            break
        damage -= h
        dead.append(u)
    return dead


def _on_base_planet(state: dict, seat: str) -> bool:
    """Whether the battle is on a planet where `seat` has a base (§2.1 Tassadar, rules 4)."""
    area = (state.get("battle") or {}).get("area")
    return bool(area) and has_base_on(state, seat, BOARD.areas[area]["planet"])


def damage(state: dict, att_units, def_units, cards: dict, attacker: str, defender: str) -> tuple[int, int]:
    """§9.2–§9.3: (damage the defender receives, damage the attacker receives)."""
    ca, cd = cards.get(attacker), cards.get(defender)
    feint_a = ca is not None and BOARD.combat[ca].get("cancel")
    feint_d = cd is not None and BOARD.combat[cd].get("cancel")
    if feint_a:
        cd = None
    if feint_d:
        ca = None
    if feint_a and feint_d:
        ca = cd = None
    a_att, a_sh = _card_effect(ca, False, len(att_units) > len(def_units))
    d_att, d_sh = _card_effect(cd, True, len(def_units) > len(att_units))
    # §2.1 Tassadar: +1 shield in every battle; under rules 3 (§18) only in those he defends
    a_sh += 1 if is_(state, attacker, "tassadar") and BOARD.rules_of(state)["tassadar_attacks"] else 0
    # rules 4 (§18): only on a planet where he has a base, the centre planets' fights being open
    d_sh += 1 if is_(state, defender, "tassadar") and (
        BOARD.rules_of(state).get("tassadar_defends", "everywhere") == "everywhere"
        or _on_base_planet(state, defender)) else 0
    a_dmg = sum(BOARD.unit(state, u["type"])["attack"] for u in att_units) + a_att
    d_dmg = sum(BOARD.unit(state, u["type"])["attack"] for u in def_units) + d_att
    return max(0, a_dmg - d_sh), max(0, d_dmg - a_sh)


def resolve(ctx) -> None:
    s = ctx.state
    b = s["battle"]
    area, att, dfd = b["area"], b["attacker"], b["defender"]
    for seat in (att, dfd):
        c = b["cards"][seat]
        if c:
            s["p"][seat]["hand"].remove(c)
    shown = join("; ", ((msg("{x}: {cards} {name}", x=seat_ref(x), cards=b['cards'][x], name=BOARD.combat[b['cards'][x]]['name']) if b["cards"][x] else msg("{x}: no card", x=seat_ref(x))) for x in (att, dfd)))
    ctx.reveal(msg("Battle in {area}, cards revealed — {shown}.", area=area, shown=shown))
    s.setdefault("shown", []).extend(c for c in b["cards"].values() if c)
    au, du = units_in(s, area, att), units_in(s, area, dfd)
    to_def, to_att = damage(s, au, du, b["cards"], att, dfd)
    dead = casualties(s, du, to_def) + casualties(s, au, to_att)      # at the same time (§9.4)
    for u in dead:
        s["areas"][area]["units"].remove(u)
    ctx.say(msg("{dfd} receives {to_def}, {att} receives {to_att}. Destroyed: {value}.", dfd=seat_ref(dfd), to_def=to_def, att=seat_ref(att), to_att=to_att, value=join(", ", (msg("{id} {type}", id=u['id'], type=u['type']) for u in dead)) or "nothing"))
    au, du = units_in(s, area, att), units_in(s, area, dfd)
    if not au and du:
        result = msg("{dfd} holds {area}.", dfd=seat_ref(dfd), area=area)
    elif au and not du:
        result = msg("{att} takes {area}.", att=seat_ref(att), area=area)
    elif au and du:                                                    # §9.5 the attacker returns
        back = []
        for u in sorted(au, key=unit_num):
            src = b["origins"].get(u["id"])
            if src and src != area:
                s["areas"][area]["units"].remove(u)
                s["areas"][src]["units"].append(u)
                back.append(src)
        for src in sorted(set(back)):
            mine = sorted(units_in(s, src, att), key=unit_num)
            for u in mine[BOARD.areas[src]["limit"]:]:
                s["areas"][src]["units"].remove(u)
                ctx.say(msg("{id} is destroyed: {src} is over its limit.", id=u['id'], src=src))
        result = msg("Both sides survive: {att}'s units return where they came from.", att=seat_ref(att))
    else:
        result = msg("Neither side survives: {area} holds no units.", area=area)
    ctx.say(result)
    s["last_battle"] = {"area": area, "round": s["round"],
                        "text": keep(s, result, lambda said: without_seat_refs(said, lambda x: fname(s, x)))}
    for seat in (att, dfd):                                             # §9.6
        c = b["cards"][seat]
        if c:
            s["p"][seat]["discard"].append(c)
    for seat in (att, dfd):
        draw_combat(ctx, seat, 2 if is_(s, seat, "queen") else 1)
    s["battle"] = None
    ctx.picture()


def lines(state: dict, seat: str) -> list[str]:
    return [f"card {card_tag(c)}" for c in sorted(state["p"][seat]["hand"])] + ["card none"]
