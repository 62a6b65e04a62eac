"""§3 Setup: seats, factions (claimed or dealt), homes by player count, starting forces,
cards and transport, and the three-stage event deck; §13.2 fixes the order of the shuffles."""
from __future__ import annotations

from core.errors import RulesError
from core.game import seat_ref
from core.games.phases import end_phase
from core.message import WORDS, join, msg

from .board import BOARD
from .common import draw_combat, planet_name, prefix

SEATS = ("P1", "P2", "P3", "P4", "P5", "P6")


def new_state(ctx, players: list[str], options: dict) -> None:
    s = ctx.state
    n = len(players)
    s["seats"] = list(SEATS[:n])
    version = int(options.get("rules", BOARD.current_rules))
    if version not in BOARD.rules:
        versions = join(", ", (str(v) for v in sorted(BOARD.rules)))
        raise RulesError(msg("StarCraft has rules versions {versions}, not {version}.", versions=versions, version=version), code="OLD_RULES")
    if version != 1:          # a snapshot without the key is a game of rules 1 (docs/balance.md)
        s["rules"] = version
    if options.get(WORDS) != "english":   # a log saved before issue 36 replays as it was (core/replay.py)
        s[WORDS] = 1
    s.update({
        "phase": "factions", "step": None, "round": 0, "first": "P1", "turn": "P1", "result": None,
        "p": {seat: {"faction": None, "cp": 0, "tech": 1, "pool": 0, "assigned": 0, "unavailable": 0,
                     "wsupply": BOARD.pieces["workers"], "cards": [], "deck": [], "hand": [], "discard": [],
                     "events": [], "special": False, "placed": 0, "out": False, "units_made": 0}
              for seat in s["seats"]},
        "areas": {a: {"units": [], "base": None} for a in BOARD.areas},
        "transports": [], "stacks": {}, "event_deck": [], "event_discard": [], "set_aside": [], "removed": [],
        "pend": [], "shown": [], "battle": None, "order_seq": 0, "queue": [], "last_battle": None,
        "counts": {"battles": 0, "orders_resolved": 0, "orders_discarded": 0, "events_played": 0},
    })
    if options.get("factions") == "random":
        deal_random(ctx)


def claimable(state: dict) -> list[str]:
    taken = {p["faction"] for p in state["p"].values()}
    return [f for f in BOARD.faction_order if f not in taken]


def claim(ctx, seat: str, word: str) -> None:
    """§3.2: in seat order each player claims a free faction."""
    s = ctx.state
    fid = BOARD.find_faction(word)
    if fid is None or fid not in claimable(s):
        raise RulesError(msg("Claim a free faction: {claimable} (or `random` to deal them all).", claimable=join(', ', claimable(s))),
                         code="FACTION")
    s["p"][seat]["faction"] = fid
    ctx.say(msg("{seat} claims {name}.", seat=seat_ref(seat), name=BOARD.factions[fid]['name']))
    rest = [x for x in s["seats"] if s["p"][x]["faction"] is None]
    if rest:
        s["turn"] = rest[0]
    else:
        deal(ctx)


def deal_random(ctx) -> None:
    """§3.2/§13.2: a shuffle of the faction list in §2.1 order; seat n takes the n-th; claims ignored."""
    s = ctx.state
    order = ctx.shuffle(list(BOARD.faction_order))
    for seat, fid in zip(s["seats"], order):
        s["p"][seat]["faction"] = fid
    ctx.say(msg("Factions dealt at random: {x}.", x=join(", ", (seat_ref(x) for x in s["seats"]))))
    deal(ctx)


def deal(ctx) -> None:
    """§3.3–§3.6 in the order of §13.2."""
    s = ctx.state
    homes = BOARD.homes[len(s["seats"])]
    for seat, home in zip(s["seats"], homes):
        p = s["p"][seat]
        p["home"] = home
        s["areas"][f"{home}.A"]["base"] = seat
        for letter in ("D", "A"):                      # §3.4: numbered in the order listed
            for kind in BOARD.starting_force(s, p["faction"]).get(letter, []):
                p["units_made"] += 1
                s["areas"][f"{home}.{letter}"]["units"].append(
                    {"id": f"{prefix(s, seat)}-u{p['units_made']}", "owner": seat, "type": kind})
        p["pool"] = BOARD.pieces["workers_start"]
        p["wsupply"] = BOARD.pieces["workers"] - p["pool"]
        p["cards"] = [{"id": f"{home}.{x}", "used": False} for x in "ABC"] + \
                     [{"id": f"PERM-{prefix(s, seat)}", "used": False}]
    for seat in s["seats"]:                            # §13.2 combat decks in seat order
        s["p"][seat]["deck"] = ctx.shuffle(BOARD.combat_of[prefix(s, seat)])
    deck = []
    rules = BOARD.rules_of(s)
    for stage in ("I", "II", "III"):                   # §3.6, sizes by the game's rules version
        ids = ctx.shuffle(BOARD.event_pool(stage, rules["event_copies"]))
        keep = kept_events(ids, rules["event_deck"][stage], len(s["seats"]))
        if stage == "III" and rules["event_deck"][stage] is not None:
            keep = ctx.shuffle(keep)            # The End Draws Near among the kept others
        s["removed"] += sorted(set(ids) - set(keep))
        deck += keep
    # III at the bottom, II on it, I on top: the deck list is top first
    s["event_deck"] = deck
    for seat in s["seats"]:
        draw_combat(ctx, seat, BOARD.pieces["start_hand"])
    ctx.say(msg("Homes: {value}. The event deck holds {n_deck} cards.", value=join(", ", (msg("{x} on {planet_name}", x=seat_ref(x), planet_name=planet_name(s['p'][x]['home'])) for x in s["seats"])), n_deck=len(deck)))
    s["phase"] = "transport"
    s["turn"] = s["seats"][0]


def kept_events(shuffled: list[str], sizes: dict | None, players: int) -> list[str]:
    """§3.6: the top cards of a shuffled stage, as many as the rules keep for the player count
    (None: all of them); in stage III "The End Draws Near" is always kept, beside the others."""
    if sizes is None:
        return list(shuffled)
    ends = [e for e in shuffled if BOARD.events[e]["effect"] == "end_draws_near"]
    others = [e for e in shuffled if e not in ends]
    return others[:sizes[str(players)]] + ends


def transport_routes(state: dict, seat: str) -> list[str]:
    return BOARD.routes_touching(state["p"][seat]["home"])


def place_start_transport(ctx, seat: str, route: str) -> None:
    """§3.5: one transport on a route touching your home, chosen before round 1."""
    s = ctx.state
    if route not in transport_routes(s, seat):
        raise RulesError(msg("Your starting transport goes on a route touching your home: {transport_routes}.", transport_routes=join(', ', transport_routes(s, seat))), code="ROUTE")
    s["transports"].append({"owner": seat, "route": route})
    ctx.say(msg("{seat} places a transport on {route}.", seat=seat_ref(seat), route=route))
    i = s["seats"].index(seat)
    if i + 1 < len(s["seats"]):
        s["turn"] = s["seats"][i + 1]
    else:
        end_phase(ctx, "setup")
