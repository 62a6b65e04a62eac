"""§4.3 Auction phase: discard down (§4.3.1), the optional auction (§4.3.2) and its procedure
(§7: reveal, pick, bidders, order, bids, winner)."""
from __future__ import annotations

from functools import cache

from core.errors import RulesError
from core.games.phases import end_phase
from core.message import join, msg, plural

from .common import count, enter_play, free_building, gname, leave_play, left_order, min_bid, owns, who
from .data import G
from .names import match
from .start import mark_seen


def begin_phase(ctx) -> None:
    state = ctx.state
    seat = state["active"]
    p = state["p"][seat]
    if len(p["gl"]) > len(p["bld"]):
        state["stack"] = [{"s": "release", "seat": seat}]
        ctx.say(msg("{seat} has {n_gl} gladiators and {n_bld} buildings: release gladiators down to the buildings' room (§4.3.1).", seat=who(state, seat), n_gl=len(p['gl']), n_bld=len(p['bld'])))
        return
    offer(ctx)


def offer(ctx) -> None:
    state = ctx.state
    seat = state["active"]
    if free_building(state, seat):
        state["stack"] = [{"s": "offer", "seat": seat}]
    else:
        ctx.say(msg("{seat} has no free building: no auction (§4.3.2).", seat=who(state, seat)))
        end_phase(ctx, "auction")


def release(ctx, seat: str, text: str) -> None:
    state = ctx.state
    gid = match(text, {g: G[g]["name"] for g in state["p"][seat]["gl"]}, "gladiator of yours", "NOT_OWNER")
    leave_play(state, gid)
    where = (msg("the centre") if G[gid]["kind"] == "tiro" else msg("the veteran discard pile"))
    ctx.say(msg("{seat} releases {gname} to {where} (§4.3.1).", seat=who(state, seat), gname=gname(gid), where=where))
    p = state["p"][seat]
    if len(p["gl"]) <= len(p["bld"]):
        offer(ctx)


def decline(ctx, seat: str) -> None:
    ctx.say(msg("{seat} holds no auction.", seat=who(ctx.state, seat)))
    end_phase(ctx, "auction")


def reveal_count(state: dict) -> int:
    return 4 if state.get("event") == "E06" else 3        # §7.1, §14.1 E06


def start(ctx, seat: str) -> None:
    """§7.1: reveal up to 3 (4 under Mercatus); reshuffle the discard mid-reveal if needed."""
    state = ctx.state
    count(state, "auctions")
    shown = []
    for _ in range(reveal_count(state)):
        if not state["vdeck"] and state["vdiscard"]:
            state["vdeck"] = ctx.shuffle(sorted(state["vdiscard"]))
            state["vdiscard"] = []
            ctx.say(msg("The veteran deck is empty: the discard pile is shuffled into a new deck (§7.1)."))
        if not state["vdeck"]:
            break
        g = state["vdeck"].pop(0)
        mark_seen(state, g)
        shown.append(g)
    state["auction"] = {"revealed": shown, "vet": None, "order": [], "i": 0, "high": None, "leader": None,
                        "bids": []}
    if not shown:
        ctx.say(msg("No veteran is left to reveal: the auction ends (§7.1)."))
        end_phase(ctx, "auction")
        return
    ctx.reveal(msg("{seat} holds an auction and reveals {card_text} (§7.1).", seat=who(state, seat), card_text=join(", ", (card_text(g) for g in shown))), revealed=shown)
    state["stack"] = [{"s": "pick", "seat": seat}]


@cache              # a veteran's printed card never changes (nor a message once made): worded once
def card_text(g: str) -> str:
    d = G[g]
    return ((msg("{name} (C{combat} W{work} B{build} shield, min {minbid})", name=d['name'], combat=d['combat'], work=d['work'], build=d['build'], minbid=d['minbid']) if d['shield'] else msg("{name} (C{combat} W{work} B{build}, min {minbid})", name=d['name'], combat=d['combat'], work=d['work'], build=d['build'], minbid=d['minbid'])))


def pick(ctx, seat: str, text: str) -> None:
    """§7.2 pick one; §7.3–7.4 eligible bidders in order, the active player last."""
    state = ctx.state
    auc = state["auction"]
    gid = match(text, {g: G[g]["name"] for g in auc["revealed"]}, "revealed veteran", "NOT_REVEALED")
    auc["vet"] = gid
    for g in auc["revealed"]:
        if g != gid:
            state["vdiscard"].append(g)
    auc["revealed"] = [gid]
    auc["order"] = [s for s in left_order(state, seat) if free_building(state, s)]
    ctx.say(msg("{seat} puts {gname} up for auction; bidders in order: {s} (§7.2–§7.4).", seat=who(state, seat), gname=gname(gid), s=join(', ', (who(state, s) for s in auc['order']))))
    next_bidder(ctx)


def lowest_bid(state: dict, seat: str) -> int:
    auc = state["auction"]
    low = min_bid(state, seat, auc["vet"])
    if auc["high"] is not None:
        low = max(low, auc["high"])
    return low


def can_bid(state: dict, seat: str) -> bool:
    return state["p"][seat]["coins"] >= lowest_bid(state, seat)


def next_bidder(ctx) -> None:
    """§7.5: bidders who cannot make a legal bid pass without a prompt."""
    state = ctx.state
    auc = state["auction"]
    while auc["i"] < len(auc["order"]):
        seat = auc["order"][auc["i"]]
        if can_bid(state, seat):
            state["stack"] = [{"s": "bid", "seat": seat}]
            return
        ctx.say(msg("{seat} cannot bid {lowest_bid} and passes (§7.5).", seat=who(state, seat), lowest_bid=lowest_bid(state, seat)))
        auc["i"] += 1
    close(ctx)


def bid(ctx, seat: str, n: int) -> None:
    state = ctx.state
    auc = state["auction"]
    low, coins = lowest_bid(state, seat), state["p"][seat]["coins"]
    if n < low or n > coins:
        raise RulesError(msg("Your bid must be from {low} (the minimum bid or the current high) to {coins} (your coins) (§7.5).", low=low, coins=coins), code="BAD_BID")
    auc["bids"].append([seat, n])
    # §7.6: equal bids go to the later bidder, unless the current leader owns the Forum
    if auc["high"] is None or n > auc["high"] or not owns(state, auc["leader"], "Forum") or owns(state, seat, "Forum"):
        auc["high"], auc["leader"] = n, seat
    ctx.say(msg("{seat} bids {n}.", seat=who(state, seat), n=n))
    auc["i"] += 1
    next_bidder(ctx)


def pass_bid(ctx, seat: str) -> None:
    state = ctx.state
    ctx.say(msg("{seat} passes.", seat=who(state, seat)))
    state["auction"]["i"] += 1
    next_bidder(ctx)


def close(ctx) -> None:
    """§7.6–§7.7: the highest bid wins and pays the bank; with no bid the veteran is discarded."""
    state = ctx.state
    auc = state["auction"]
    gid = auc["vet"]
    if auc["leader"] is None:
        state["vdiscard"].append(gid)
        ctx.say(msg("Nobody bids: {gname} goes to the veteran discard pile (§7.7).", gname=gname(gid)))
    else:
        seat = auc["leader"]
        state["p"][seat]["coins"] -= auc["high"]
        enter_play(state, seat, gid)
        ctx.say(plural(("{seat} wins {gname} for {high} coin (§7.6–§7.7).", "{seat} wins {gname} for {high} coins (§7.6–§7.7)."), auc['high'], seat=who(state, seat), gname=gname(gid), high=auc['high']))
    state["auction"] = dict(auc, done=True)
    end_phase(ctx, "auction")
