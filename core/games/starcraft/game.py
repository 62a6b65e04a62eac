"""The `StarCraft` game object: verbs (§15), the table of states with their prompts and
handlers, views (§14), summary, and the self-play hooks.

The table is `STATES`: each state (a lobby step, a phase, or the kind of the pending decision
on top of ``state["pend"]``) has a prompt builder and the verbs it accepts."""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from core.errors import RulesError
from core.game import Ctx, Game, Prompt, Remembered, copy_dicts, copy_list, copy_parts, seat_ref
from core.grammar import Param, Verb
from core.message import Cmd, join, kept, msg, plural

from . import battle, endgame, events, execution, flow, orders, payment, planning, regroup, setup
from .board import BOARD, STAGES
from .common import (
    ORDER_TYPES,
    all_units,
    base_planets,
    bases_of,
    card_name,
    card_tag,
    controlled,
    controls,
    current_stage,
    find_route,
    fname,
    has_base_on,
    order_label,
    owners_in,
    planet_name,
    transports_of,
    units_in,
)


def _copy_players(players: dict) -> dict:
    out = {}
    for seat, p in players.items():   # setup.new_state's keys: its lists, names; the rest plain
        p = p.copy()
        p["cards"] = [card.copy() for card in p["cards"]]
        p["deck"], p["hand"], p["discard"], p["events"] = p["deck"][:], p["hand"][:], p["discard"][:], p["events"][:]
        out[seat] = p
    return out


def _copy_areas(areas: dict) -> dict:
    out = {}
    for a, d in areas.items():        # an area holds its units and its base, nothing else
        units = d["units"]
        out[a] = {"units": [u.copy() for u in units] if units else [], "base": d["base"]}
    return out


# each big part of a state by its shape, for `StarCraft.copied`; the others through orjson
_STATE_PARTS = {
    "p": _copy_players,
    "areas": _copy_areas,
    "stacks": lambda stacks: {planet: copy_dicts(st) for planet, st in stacks.items()},
    "transports": copy_dicts,
    **dict.fromkeys(("event_deck", "event_discard", "removed", "set_aside", "queue", "shown", "seats"), copy_list),
    **dict.fromkeys(("rng", "counts"), dict.copy),    # the dice's seed and count, the tallies: plain values
}

class StarCraft(Game):
    id = "starcraft"
    title = "StarCraft"
    aliases = ("sc",)
    # 2: issue 27's balance (docs/balance.md): §3.6 event-deck sizes, §6.4 the end-of-Execution draw,
    # §2.1 Aldaris's condition; and the state keeps the last order resolved (`last_order`,
    # execution.py) for the public map. A game keeps the rules it was set up under (state key
    # `rules`); a log of 1 replays under rules 1 (core/replay.MIGRATIONS pins them in its options).
    # 3: the CP area of a home planet no player starts on is worth no CP (§2.2, docs/balance.md: with
    # robots that take the empty planets, two- and three-player games ended in round 4–5).
    # 4: the Protoss units' and the Firebat's health, the 2-player CP of Char's and Aiur's B areas and
    # where Tassadar's shield holds (§2.4, §2.2, §2.1, docs/balance.md: the Protoss won ×1.6–×2.4 of
    # their fair share, two-player games ended in round 5).
    # 5: issue 36, a state keeps a result's reason as a message; a log of 4 replays keeping its
    # English, as its snapshots hold it (core/replay.py)
    rules_version = 5
    min_players = 2
    max_players = 6
    option_verbs = {"factions": Verb("factions", (Param("factions", "choice", choices=("choose", "random")),),
                                     help=msg("§3.2 claim factions in seat order (choose) or deal them (random)")),
                    "rules": Verb("rules", (Param("rules", "choice", choices=("1", "2", "3", "4")),),
                                  help=msg("§18 the rules version: 4 (the default), 3 (before the units, the 2-player CP and Tassadar's shield of rules 4), 2 (before the CP of the map and Tassadar's shield were tuned) or 1 (before the event deck, end-of-Execution draw and Aldaris's condition were tuned), issue 27"))}
    verbs = {
        "faction": Verb("faction", (Param("name", "text"),), help=msg("§3.2 claim a free faction."),
                        example="faction raynor"),
        "random": Verb("random", help=msg("§3.2 deal every faction at random, ignoring claims.")),
        "transport": Verb("transport", (Param("route"),), help=msg("§3.5 place your starting transport.")),
        "order": Verb("order", (Param("type"), Param("planet")), private=True,
                      help=msg("§5 place an order face down: `order <mobilize|build|research>[*] <planet>`.")),
        "resolve": Verb("resolve", (Param("planet"), Param("what", "text")),
                        help=msg("§6 take your top order on <planet> and resolve it: `move …`, `build …`, `base …`, `research …`"),
                        example="resolve MAR build 1 marine MAR.A"),
        "discard": Verb("discard", (Param("planet"),), help=msg("§6.2 discard your top order there; draw an event card.")),
        "card": Verb("card", (Param("id"),), private=True, help=msg("§9.2 your combat card for the battle, or none.")),
        "event": Verb("event", (Param("id"), Param("targets", "text", optional=True)), private=True,
                      help=msg("§10 step 8: play one event card (with its targets) or pass."),
                      example="event EV10-propaganda"),
        "drop": Verb("drop", (Param("ids", "text"),), private=True, help=msg("§10 step 9: discard down to 8 cards."),
                     example="drop RAY-09-dig-in"),
        "hand": Verb("hand", query=True, help=msg("your combat cards and event cards (told privately).")),
        "orders": Verb("orders", query=True, help=msg("your face-down orders (told privately).")),
    }

    # setup ----------------------------------------------------------------------------------
    def _setup(self, ctx: Ctx, players: list[str], options: dict) -> None:
        setup.new_state(ctx, players, options)
        if ctx.state["phase"] == "factions":
            ctx.say(msg("Each player in seat order claims a faction (`faction <name>`), or deals them all at random (`random`)."))

    # the table of states --------------------------------------------------------------------
    def state_key(self, state: dict) -> str:
        if state["pend"]:
            return state["pend"][-1]["kind"]
        return state["phase"]

    def _prompts(self, state: dict) -> dict[str, Prompt]:
        if state["result"]:
            return {}
        return STATES[self.state_key(state)]["prompt"](state)

    def _prompt_verbs(self, state: dict) -> dict[str, frozenset[str]] | None:
        """The waiting state's verbs from its templates (STATES' "prompt_verbs"): §6 an Execution
        prompt dry-runs each top order's payments, §9.2 a battle's card lines every card."""
        if state["result"]:
            return None
        verbs = STATES[self.state_key(state)].get("prompt_verbs")
        return verbs(state) if verbs else None

    def copied(self, state: dict, raw: bytes | None = None) -> dict:
        # the map's areas, the hands and the event deck are most of a state: their names shared,
        # not made again by orjson (three quarters of the round trip's time); even given the state's
        # bytes, as a search's every step is: 199 k instructions a copy against 322 k to parse them
        return copy_parts(state, _STATE_PARTS)

    def _apply(self, ctx: Ctx) -> None:
        ctx.state["shown"] = []       # combat cards revealed face up by this action (§9.2)
        key = self.state_key(ctx.state)
        v = ctx.action.verb
        if v not in STATES[key]["verbs"]:
            raise RulesError(msg("`{v}` is not possible now.", v=v), code="NOT_NOW")
        STATES[key]["verbs"][v](ctx, ctx.seat, ctx.action.args)
        flow.advance(ctx)             # the phase after one that just ended

    def _query(self, ctx: Ctx) -> None:
        s, seat = ctx.state, ctx.seat
        p = s["p"][seat]
        if ctx.action.verb == "hand":
            ctx.tell(seat, msg("Combat cards: {value}. Event cards: {value2}.", value=join(", ", (msg("{c} {name}", c=c, name=BOARD.combat[c]['name']) for c in sorted(p["hand"])))
                                               or "none", value2=join(", ", (msg("{e} {name}", e=e, name=BOARD.events[e]['name']) for e in sorted(p["events"]))) or "none"))
        else:
            mine = [(pl, i, o) for pl, st in s["stacks"].items() for i, o in enumerate(st) if o["owner"] == seat]
            ctx.tell(seat, msg("Your orders: {value}.", value=join("; ", (msg("{order_label} on {planet_name} (level {i})", order_label=order_label(o), planet_name=planet_name(pl), i=i + 1)
                                                         for pl, i, o in mine)) or "none"))

    # views ----------------------------------------------------------------------------------
    def _view(self, state: dict, seat: str | None) -> dict:
        view = {k: v for k, v in state.items()
                if k not in ("p", "stacks", "event_deck", "battle", "queue", "removed", "event_discard", "shown")}
        # unplayed event cards are discarded face down and unkept ones leave unseen: counts only
        view["removed"], view["event_discard"] = len(state["removed"]), len(state["event_discard"])
        view["areas"] = {a: d for a, d in state["areas"].items() if d["units"] or d["base"]}   # the rest are empty
        view["p"] = {}
        orders = Counter(o["owner"] for st in state["stacks"].values() for o in st)   # execution.orders_left, one pass
        for s, p in state["p"].items():
            q = {k: v for k, v in p.items() if k not in ("deck", "hand", "events", "discard")}
            q["deck"] = len(p["deck"])
            # step-9 discards are face down, so the pile shows as a count
            q["discard"] = sorted(p["discard"]) if s == seat else len(p["discard"])
            q["hand"] = sorted(p["hand"]) if s == seat else len(p["hand"])
            q["events"] = sorted(p["events"]) if s == seat else len(p["events"])
            q["hand_count"], q["events_count"] = len(p["hand"]), len(p["events"])
            if s != seat:
                q.pop("special")      # whether a face-down order carries the special marker
            q["orders_left"] = orders[s]
            view["p"][s] = q
        view["stacks"] = {pl: [{"id": o["id"], "owner": o["owner"],
                                **({"type": o["type"], "special": o["special"]} if o["owner"] == seat else {})}
                               for o in st] for pl, st in state["stacks"].items()}
        view["event_deck"] = len(state["event_deck"])
        stages = Counter(map(BOARD.event_stage.__getitem__, state["event_deck"]))   # one pass, in C
        view["event_stages"] = {stage: stages[stage] for stage in STAGES}
        b = state["battle"]
        view["battle"] = None if not b else {
            "area": b["area"], "attacker": b["attacker"], "defender": b["defender"],
            "chosen": sorted(b["cards"]), "origins": dict(b["origins"]),   # where attackers came from: moved in public
            **({"mine": b["cards"].get(seat)} if seat in b["cards"] else {})}
        return view

    def describe(self, view: dict) -> str:
        """A seat's private view in words (/me): faction, workers, resource cards, the combat and
        event cards in hand with what each does, and the face-down orders with their planets."""
        mine = [s for s, p in view["p"].items() if isinstance(p.get("hand"), list)]
        if not mine:
            return msg("You have no seat in this game.")
        seat = mine[0]
        p = view["p"][seat]
        who = BOARD.factions[p["faction"]]["name"] if p.get("faction") else msg("no faction yet")
        lines = [msg("{seat}: {who}, round {round}, {phase}.", seat=seat_ref(seat), who=who, round=view['round'], phase=view['phase']),
                 msg("CP {cp}, tech level {tech}; workers: {pool} in the pool, {assigned} assigned, {unavailable} unavailable, {wsupply} in supply.", cp=p['cp'], tech=p['tech'], pool=p['pool'], assigned=p['assigned'], unavailable=p['unavailable'], wsupply=p['wsupply'])]
        if p.get("cards"):
            lines.append(msg("Resource cards: {resource_words}.", resource_words=join(", ", (_resource_words(c) for c in p["cards"]))))
        lines.append((msg("Combat cards ({n_hand}):", n_hand=len(p['hand'])) if p["hand"] else msg("No combat cards.")))
        lines += [msg("- {card_tag}: {combat_words}", card_tag=card_name(c), combat_words=_combat_words(c)) for c in sorted(p["hand"])]
        if p.get("events"):
            lines.append(msg("Event cards ({n_events}):", n_events=len(p['events'])))
            lines += [msg("- {card_tag}: {text}", card_tag=card_name(e), text=BOARD.events[e]['text']) for e in sorted(p["events"])]
        orders = [(planet, level, o) for planet, stack in (view.get("stacks") or {}).items()
                  for level, o in enumerate(stack) if o.get("owner") == seat and "type" in o]
        if orders:
            lines.append(msg("Your face-down orders: {value}.", value=join("; ", (
                msg("{order_label} on {planet_name} (level {level})", order_label=order_label(o), planet_name=planet_name(planet), level=level + 1) for planet, level, o in orders))))
        if p.get("orders_left"):
            lines.append(msg("Orders left to place this round: {orders_left}.", orders_left=p['orders_left']))
        return join("\n", lines)

    def seat_colours(self, state: dict) -> dict[str, dict]:
        """Each seat's faction and its name alone (the summary counts every unit and area: a reply
        names its seats with these only, bot/words/names.py)."""
        return {s: {"faction": state["p"][s]["faction"], "name": fname(state, s)} for s in state["seats"]}

    def _summary(self, state: dict) -> dict:
        players = {}
        for s in state["seats"]:
            p = state["p"][s]
            players[s] = {
                "faction": p["faction"], "name": fname(state, s), "cp": p["cp"], "tech": p["tech"],
                "bases": len(bases_of(state, s)), "workers_pool": p["pool"],
                "workers_assigned": p["assigned"], "workers_unavailable": p["unavailable"],
                "resource_cards": sorted(c["id"] for c in p["cards"]),
                "used_cards": sorted(c["id"] for c in p["cards"] if c["used"]),
                "combat_cards": len(p["hand"]), "combat_deck": len(p["deck"]), "combat_discard": len(p["discard"]),
                "event_cards": len(p["events"]),
                "areas_controlled": len(controlled(state, s)) if p["faction"] else 0,
                "units": len(all_units(state, s)), "transports": len(transports_of(state, s)),
                "orders_left": execution.orders_left(state, s), "out": p["out"],
                "cp_needed": endgame.cp_needed(state, s) if p["faction"] else 15,
            }
        return {
            "round": state["round"], "phase": state["phase"],
            "step": state["step"] if state["phase"] == "regroup" else None,
            "first_player": state["first"], "turn": state["turn"],
            "event_stage": current_stage(state) if state["phase"] not in ("factions",) else "I",
            "event_deck": len(state["event_deck"]),
            "end_draws_near": len(state["set_aside"]),
            "players": players,
            "counts": dict(state["counts"]),
        }

    def outcome(self, state: dict):
        r = state["result"]
        if not r:
            return False, None, None
        return True, r["winner"], kept(r["reason"])

    # self-play ------------------------------------------------------------------------------
    def secrets(self, state: dict) -> list[str]:
        """§14: face-down orders, combat and event hands never reach a public line or view."""
        out = [order_label(o) for st in state["stacks"].values() for o in st]
        for seat in state["seats"]:
            out += state["p"][seat]["hand"] + state["p"][seat]["events"]
        # a card played face up in this very action may be drawn back by a reshuffle (§9.6):
        # the reveal line names it, and that is no leak of the hand
        shown = set(state.get("shown") or ())
        return [x for x in out if x not in shown]

    def invariants(self, state: dict) -> list[str]:
        out = []
        total_w = BOARD.pieces["workers"]
        held = []
        for seat in state["seats"]:
            p = state["p"][seat]
            if not p["faction"] or state["phase"] == "factions":
                continue
            w = p["pool"] + p["assigned"] + p["unavailable"] + p["wsupply"]
            if w != total_w or min(p["pool"], p["assigned"], p["unavailable"], p["wsupply"]) < 0:
                out.append(f"{seat}: workers {w} (pool {p['pool']}, assigned {p['assigned']}, "
                           f"unavailable {p['unavailable']}, supply {p['wsupply']})")
            if p["assigned"] != sum(c["used"] for c in p["cards"]):
                used = sum(c["used"] for c in p["cards"])
                out.append(f"{seat}: {p['assigned']} assigned workers but {used} used cards")
            held += [c["id"] for c in p["cards"]]
            pre = BOARD.factions[p["faction"]]["prefix"]
            cards = p["deck"] + p["hand"] + p["discard"]
            if sorted(cards) != list(BOARD.combat_of[pre]):
                out.append(f"{seat}: combat cards lost or duplicated ({len(cards)})")
            owned = Counter(u["type"] for u in all_units(state, seat))   # one pass, not one a kind
            for kind in BOARD.units:
                if owned[kind] and owned[kind] > BOARD.unit(state, kind)["supply"]:   # (no supply is negative)
                    out.append(f"{seat}: more {kind} than supply")
            bases = bases_of(state, seat)
            if len(bases) > BOARD.pieces["bases"]:
                out.append(f"{seat}: more than {BOARD.pieces['bases']} bases")
            planets = [BOARD.areas[a]["planet"] for a in bases]
            if len(planets) != len(set(planets)):
                out.append(f"{seat}: two bases on one planet")
            if len(transports_of(state, seat)) > BOARD.pieces["transports"]:
                out.append(f"{seat}: more than {BOARD.pieces['transports']} transports")
            if state["phase"] in ("planning", "execution") and p["placed"] > BOARD.pieces["orders_per_round"]:
                out.append(f"{seat}: placed {p['placed']} orders")
        if len(held) != len(set(held)):
            out.append("a resource card is held twice")
        if state["phase"] not in ("factions",):
            evs = state["event_deck"] + state["event_discard"] + state["set_aside"] + state["removed"]
            for seat in state["seats"]:
                evs += state["p"][seat]["events"]
            if sorted(evs) != list(BOARD.event_ids):
                out.append(f"event cards lost or duplicated ({len(evs)})")
        for a, d in state["areas"].items():
            us = {u["owner"] for u in d["units"]}
            for o in us:
                if sum(1 for u in d["units"] if u["owner"] == o) > BOARD.areas[a]["limit"]:
                    out.append(f"{a}: {o} over the limit")
            if len(us) > 1 and not (state["battle"] and state["battle"]["area"] == a):
                out.append(f"{a}: units of {sorted(us)} at rest together")
        ids = [u["id"] for d in state["areas"].values() for u in d["units"]]
        if len(ids) != len(set(ids)):
            out.append("a unit id is used twice")
        return out

    def sample(self, state: dict, seat: str, rnd: random.Random) -> str:
        return self.sampled(state, seat, rnd)[0]

    def sampled(self, state: dict, seat: str, rnd: random.Random,
                raw: bytes | None = None) -> tuple[str, tuple[dict, list] | None]:
        # `raw`: a search's playout has the state's bytes: its prompts are known by them, not dumped again
        prompt = self.prompts(state, raw)[seat]
        key = self.state_key(state)
        if key == "planning":
            lines = list(prompt.private)
            bases = set(base_planets(state, seat))
            weights = [(3 if " mobilize" in x else (6 if x.split()[-1] in bases else 0.3) if " build" in x else 1.5)
                       * (1 if "*" not in x else 0.3) for x in lines]
            return rnd.choices(lines, weights)[0], None
        if key == "execution":
            return self._sample_execution(state, seat, rnd, raw)
        if key == "event":
            plays = [x for x in prompt.private if x != "event pass"]
            return (rnd.choice(plays) if plays and rnd.random() < 0.85 else "event pass"), None
        if key == "drop":
            hand = state["p"][seat]["hand"]
            return "drop " + " ".join(rnd.sample(sorted(hand), len(hand) - regroup.HAND_LIMIT)), None
        if key == "card":
            lines = list(prompt.private)
            return (rnd.choice(lines) if rnd.random() < 0.8 else "card none"), None
        return rnd.choice(list(prompt.actions) + list(prompt.private)), None

    def menu_lines(self, state: dict, seat: str) -> list[str]:
        """Every order of `seat` that can be carried out now, as whole lines (§6): the private menu
        offers them beside the discards (bot/service/menus.py). One move or one unit built per line
        (a resolve of several stays a typed line); each line is checked by the rules, so the lines
        are remembered by the state's bytes (a reply asks for them twice: core/game.py)."""
        if self.state_key(state) != "execution" or state["turn"] != seat or state["result"]:
            return []
        return list(_MENU_LINES(self, state, seat))

    def _menu_lines(self, state: dict, seat: str) -> list[str]:
        # a line is tried by the order's checks (`execution.check`: what `apply` would refuse it by),
        # on the state itself: its copy and the order carried out were most of a try's time (64 µs)
        lines = []
        for planet in execution.top_planets(state, seat):
            lines += [line for line in order_lines(state, seat, planet) if self._checks(state, seat, line)]
        return lines

    def _checks(self, state: dict, seat: str, line: str) -> bool:
        try:
            execution.check(state, seat, *self.parse(line).args)
        except RulesError:
            return False
        return True

    def menu_path(self, line: str) -> list[str]:
        """A line's words in a menu's order: the planet first, then the order's kind, then the rest."""
        words = line.split()
        if len(words) >= 2 and words[0] in ("resolve", "discard"):
            rest = words[2:] if words[0] == "resolve" else ["discard"]
            if len(rest) == 5 and rest[0] == "move":   # move N KIND FROM TO: the unit, where from, where to, how many
                _, n, kind, src, dst = rest
                rest = ["move", msg("{kind} {src}", kind=kind, src=src), msg("→ {dst}", dst=dst), f"×{n}"]
            return [planet_name(words[1]), *rest]
        return [_menu_word(word) for word in words]

    def _tried(self, state: dict, seat: str, line: str, raw: bytes | None = None) -> tuple[dict, list] | None:
        """What `apply` makes of the line, or None where the rules refuse it."""
        try:
            return self.apply(state, seat, line, raw)
        except RulesError:
            return None

    def _sample_execution(self, state: dict, seat: str, rnd: random.Random,
                          raw: bytes | None = None) -> tuple[str, tuple[dict, list] | None]:
        tops = execution.top_planets(state, seat)
        planet = rnd.choice(tops)
        o = state["stacks"][planet][-1]
        if rnd.random() < 0.05:
            return f"discard {planet}", None
        cands = candidates(state, seat, planet, o, rnd)
        for line in cands:
            applied = self._tried(state, seat, line, raw)
            if applied is not None:
                return line, applied
        return f"discard {planet}", None

    # timeouts -------------------------------------------------------------------------------
    def rule_default(self, state: dict, seat: str) -> str | None:
        """The platform's deadline (`/new starcraft deadline=24h`) plays the spec's timeout rule."""
        return self.timeout_line(state, seat)

    def timeout_line(self, state: dict, seat: str) -> str:
        """What the bot does for a seat whose prompt timed out (§3.5, §5.6, §6.6, §9.2, §10 steps
        8–9)."""
        key = self.state_key(state)
        if key == "transport":
            return f"transport {setup.transport_routes(state, seat)[0]}"
        if key == "planning":
            return planning.default_line(state, seat)
        if key == "execution":
            return execution.default_line(state, seat)
        if key == "card":
            return "card none"
        if key == "event":
            return "event pass"
        if key == "drop":
            return regroup.drop_default(state, seat)
        if key == "factions":
            return f"faction {setup.claimable(state)[0]}"
        raise RulesError(msg("Nothing to time out."), code="NOT_NOW")


def order_lines(state: dict, seat: str, planet: str) -> list[str]:
    """Candidate single-step resolutions of `seat`'s top order on `planet` (§6), to be checked;
    none that would bring a unit into an area with no room for it (`orders.room`), or a base
    where none can go: the rules would refuse those."""
    p = state["p"][seat]
    o = state["stacks"][planet][-1]
    if o["type"] == "research":
        return [f"resolve {planet} research cards", f"resolve {planet} research tech"]
    if o["type"] == "build":
        if not has_base_on(state, seat, planet):
            return [f"resolve {planet} base {a}" for a in orders.base_sites(state, seat, planet)]
        race = BOARD.factions[p["faction"]]["race"]
        kinds = [k for k, u in BOARD.units.items() if u["race"] == race and u["tech"] <= p["tech"]]
        room = {a: orders.room(state, seat, a) for a in BOARD.planet_areas(planet) if controls(state, seat, a)}
        lines = [f"resolve {planet} build 1 worker"]
        for k in kinds:
            n = 2 if k == "zergling" else 1
            lines += [f"resolve {planet} build {n} {k} {a}" for a, free in room.items() if n <= free]
        return lines
    srcs = list(BOARD.planet_areas(planet))   # mobilize: from the planet, or across a transport's route
    for t in transports_of(state, seat):
        if planet in BOARD.routes[t["route"]]["planets"]:
            other = [x for x in BOARD.routes[t["route"]]["planets"] if x != planet][0]
            srcs += BOARD.planet_areas(other)
    out = []
    for src in dict.fromkeys(srcs):
        counts: dict[str, int] = {}
        for u in units_in(state, src, seat):
            counts[u["type"]] = counts.get(u["type"], 0) + 1
        for kind, count in counts.items():
            out += [f"resolve {planet} move {n} {kind} {src} {dst}" for dst in BOARD.planet_areas(planet)
                    if dst != src for n in range(min(count, orders.room(state, seat, dst)), 0, -1)]
    return out


# candidate lines for self-play (legal-looking; the sampler keeps the first that applies) -------
def candidates(state: dict, seat: str, planet: str, o: dict, rnd: random.Random) -> list[str]:
    p = state["p"][seat]
    out = []
    if o["type"] == "research":
        if p["tech"] < 3 and rnd.random() < 0.6:
            out.append(f"resolve {planet} research tech")
        out.append(f"resolve {planet} research cards")
        return out
    if o["type"] == "build":
        race = BOARD.factions[p["faction"]]["race"]
        if not has_base_on(state, seat, planet):
            return [f"resolve {planet} base {a}" for a in orders.base_sites(state, seat, planet)]
        areas = [a for a in BOARD.planet_areas(planet) if controls(state, seat, a)]
        kinds = [k for k, u in BOARD.units.items() if u["race"] == race and u["tech"] <= p["tech"]]
        for _ in range(6):
            items = []
            for _ in range(rnd.choice((1, 1, 2))):
                if areas and kinds:
                    k = rnd.choice(kinds)
                    items.append(msg("{value} {k} {choice}", value=2 if k == 'zergling' and rnd.random() < 0.7 else 1, k=k, choice=rnd.choice(areas)))
            if rnd.random() < 0.3:
                items.append(msg("1 worker"))
            if rnd.random() < 0.25:
                items.append(f"transport {rnd.choice(BOARD.routes_touching(planet))}")
            if items:
                out.append(f"resolve {planet} build " + ", ".join(items))
        if areas and kinds:
            out.append(f"resolve {planet} build 1 {kinds[0]} {areas[0]}")
        out.append(f"resolve {planet} build 1 worker")
        return out
    # mobilize
    routes = sorted({t["route"] for t in transports_of(state, seat)})   # sorted: the same sample in every process
    srcs = list(BOARD.planet_areas(planet))
    for r in routes:
        if planet in BOARD.routes[r]["planets"]:
            other = [x for x in BOARD.routes[r]["planets"] if x != planet][0]
            srcs += BOARD.planet_areas(other)
    pool = [(a, u) for a in srcs for u in units_in(state, a, seat)]
    dests = BOARD.planet_areas(planet)
    extra = ""
    if o["special"] and len(transports_of(state, seat)) < 4:
        extra = msg("; transport {choice}", choice=rnd.choice(BOARD.routes_touching(planet)))
    for _ in range(8):
        if not pool:
            break
        dst = rnd.choice(dests)
        if rnd.random() < 0.5:   # prefer a fight or a free area
            hot = [a for a in dests if owners_in(state, a) - {seat}]
            if hot:
                dst = rnd.choice(hot)
        picked = rnd.sample(pool, min(len(pool), rnd.choice((1, 2, 2, 3))))
        groups: dict = {}
        for a, u in picked:
            if a != dst:
                groups.setdefault((u["type"], a), []).append(u)
        if groups:
            moves = [f"move {len(us)} {k} {a} {dst}" for (k, a), us in groups.items()]
            out.append(f"resolve {planet} " + "; ".join(moves) + extra)
    if extra:
        out.append(f"resolve {planet} {extra[2:]}")
    return out


# prompt builders ------------------------------------------------------------------------------
PLANNING_TEMPLATES = ("order <mobilize|build|research>[*] <planet>",)
EXECUTION_TEMPLATES = ("resolve <planet> move <n> <unit> <from> <to> [; move …] [; transport <route>]",
                       "resolve <planet> build <n> <unit> <area> [, …] [, <n> worker] [, transport <route>] "
                       "[pay=<ids>]",
                       "resolve <planet> base <area> [pay=<ids>]",
                       "resolve <planet> research tech|cards [pay=<ids>]")
DROP_TEMPLATES = ("drop <id> [<id> …]",)


def _verbs(*lines: str) -> frozenset[str]:
    return frozenset(line.split(" ", 1)[0] for line in lines)


# each waiting state's verbs without its lines (StarCraft._prompt_verbs): every line a prompt offers is
# of one of its templates' verbs, or a `discard` of a top order (§6.2); a battle's and an event's
# templates are `card` and `event` lines (their prompts' words share those lines)
PLANNING_VERBS, DROP_VERBS = _verbs(*PLANNING_TEMPLATES), _verbs(*DROP_TEMPLATES)
CARD_VERBS, EVENT_VERBS = frozenset({"card"}), frozenset({"event"})
RESOLVE_VERBS = _verbs(*EXECUTION_TEMPLATES)
RESOLVE_DISCARD_VERBS = RESOLVE_VERBS | {"discard"}


def _p_factions(state: dict) -> dict:
    seat = state["turn"]
    return {seat: Prompt(msg("{seat} claims a faction (§3.2).", seat=seat_ref(seat)),
                         tuple(f"faction {f}" for f in setup.claimable(state)) + ("random",))}


def _p_transport(state: dict) -> dict:
    seat = state["turn"]
    return {seat: Prompt(msg("{seat} places the starting transport on a route touching {planet_name} (§3.5).", seat=seat_ref(seat), planet_name=planet_name(state['p'][seat]['home'])),
                         tuple(f"transport {r}" for r in setup.transport_routes(state, seat)))}


def _p_planning(state: dict) -> dict:
    seat = state["turn"]
    p = state["p"][seat]
    return {seat: Prompt(msg("Round {round} Planning: {seat} places order {placed} of 4 face down, by private message (§5).", round=state['round'], seat=seat_ref(seat), placed=p['placed'] + 1),
                         (), PLANNING_TEMPLATES, tuple(planning.lines(state, seat)))}


def _p_execution(state: dict) -> dict:
    seat = state["turn"]
    tops = execution.top_planets(state, seat)
    private = []
    for pl in tops:
        o = state["stacks"][pl][-1]
        if o["type"] == "research":
            private.append(f"resolve {pl} research cards")
            tech = state["p"][seat]["tech"]
            if tech < 3 and payment.choose(state, seat, BOARD.tech_costs[tech + 1]) is not None:
                private.append(f"resolve {pl} research tech")
        elif o["type"] == "build" and payment.choose(state, seat, BOARD.pieces["worker_cost"]) is not None \
                and has_base_on(state, seat, pl) and state["p"][seat]["wsupply"] > 0:
            private.append(f"resolve {pl} build 1 worker")
    return {seat: Prompt(msg("Round {round} Execution: {seat} takes an order from the top of a stack ({tops}) and resolves or discards it (§6).", round=state['round'], seat=seat_ref(seat), tops=join(', ', tops)),
                         tuple(f"discard {pl}" for pl in tops), EXECUTION_TEMPLATES, tuple(private))}


def _p_card(state: dict) -> dict:
    b = state["battle"]
    return {seat: Prompt(msg("Battle in {area}: {seat} chooses a combat card or none, by private message (§9.2).", area=b['area'], seat=seat_ref(seat)), (), ("card <id>", "card none"), tuple(battle.lines(state, seat)))
            for seat in state["pend"][-1]["seats"] if seat not in b["cards"]}


def _p_event(state: dict) -> dict:
    seat = state["pend"][-1]["seat"]
    lines = [x for c in events.playable(state, seat) for x in events.lines(state, seat, c)]
    return {seat: Prompt(msg("Regrouping step 8: {seat} may play one event card or pass, by private message.", seat=seat_ref(seat)), (), ("event <id> [targets]", "event pass"), tuple(lines) + ("event pass",))}


def _p_drop(state: dict) -> dict:
    return {seat: Prompt(msg("Regrouping step 9: {seat} discards {n_hand} combat card(s) by private message.", seat=seat_ref(seat), n_hand=len(state['p'][seat]['hand']) - regroup.HAND_LIMIT),
                         (), DROP_TEMPLATES, (regroup.drop_default(state, seat),))
            for seat in state["pend"][-1]["seats"]}


def _h_faction(ctx, seat, args):
    setup.claim(ctx, seat, args[0])


def _h_random(ctx, seat, args):
    setup.deal_random(ctx)


def _h_transport(ctx, seat, args):
    setup.place_start_transport(ctx, seat, find_route(args[0]))


def _h_order(ctx, seat, args):
    planning.place(ctx, seat, args[0], args[1])


def _h_resolve(ctx, seat, args):
    execution.resolve(ctx, seat, args[0], args[1])


def _h_discard(ctx, seat, args):
    execution.discard(ctx, seat, args[0])


def _h_card(ctx, seat, args):
    battle.choose(ctx, seat, args[0])
    if not ctx.state["pend"] and not ctx.state["battle"]:
        execution.after_battle(ctx)


def _h_event(ctx, seat, args):
    targets = (args[1] or "").split() if len(args) > 1 and args[1] else []
    regroup.answer_event(ctx, seat, args[0], targets)


def _h_drop(ctx, seat, args):
    regroup.answer_drop(ctx, seat, args[0].replace(",", " ").split())


def _v_planning(state: dict) -> dict:
    return {state["turn"]: PLANNING_VERBS}


def _v_execution(state: dict) -> dict:
    seat = state["turn"]
    tops = execution.top_planets(state, seat)
    return {seat: RESOLVE_DISCARD_VERBS if tops else RESOLVE_VERBS}


def _v_card(state: dict) -> dict:
    cards = state["battle"]["cards"]
    return {seat: CARD_VERBS for seat in state["pend"][-1]["seats"] if seat not in cards}


def _v_event(state: dict) -> dict:
    return {state["pend"][-1]["seat"]: EVENT_VERBS}


def _v_drop(state: dict) -> dict:
    return dict.fromkeys(state["pend"][-1]["seats"], DROP_VERBS)


# "prompt_verbs": the prompt's verbs without its lines, where the state's prompt has them (the lobby's
# do not: a faction's and a route's lines are the test)
STATES = {
    "factions": {"prompt": _p_factions, "verbs": {"faction": _h_faction, "random": _h_random}},
    "transport": {"prompt": _p_transport, "verbs": {"transport": _h_transport}},
    "planning": {"prompt": _p_planning, "prompt_verbs": _v_planning, "verbs": {"order": _h_order}},
    "execution": {"prompt": _p_execution, "prompt_verbs": _v_execution,
                  "verbs": {"resolve": _h_resolve, "discard": _h_discard}},
    "card": {"prompt": _p_card, "prompt_verbs": _v_card, "verbs": {"card": _h_card}},
    "event": {"prompt": _p_event, "prompt_verbs": _v_event, "verbs": {"event": _h_event}},
    "drop": {"prompt": _p_drop, "prompt_verbs": _v_drop, "verbs": {"drop": _h_drop}},
    # Regrouping waits only through "event" and "drop"; its automatic steps never rest here
    "regroup": {"prompt": lambda state: {}, "verbs": {}},
}

_MENU_LINES = Remembered(StarCraft._menu_lines, size=8)
GAME = StarCraft()
__all__ = ["GAME", "StarCraft"]


def _menu_word(word: str) -> str:
    """A word of an order or card line as a menu shows it: a planet by its name (as the resolve
    lines name it), a card by its id and name in the reader's language, a special order with
    what its `*` means; any other word as typed."""
    if word in BOARD.planets:
        return planet_name(word)
    card = _card_of_tag().get(word.lower())
    if card is not None:
        return card_name(card)
    if word.endswith("*") and word[:-1] in ORDER_TYPES:
        return msg("{order}* (the special order)", order=Cmd(word[:-1]))
    return word


@lru_cache(maxsize=1)
def _card_of_tag() -> dict[str, str]:
    return {card_tag(card).lower(): card for card in [*BOARD.combat, *BOARD.events]}


def _combat_words(card: str) -> str:
    """What a combat card does (§9.2), from its data: attack, shield and their conditions."""
    k = BOARD.combat[card]
    if k.get("cancel"):
        return msg("cancels the other side's combat card")
    parts = []
    if k.get("attack"):
        parts.append(msg("attack +{attack}", attack=k['attack']))
    if k.get("attack_if_more_units"):
        parts.append(msg("+{attack_if_more_units} instead with more units than the enemy", attack_if_more_units=k['attack_if_more_units']))
    if k.get("shield"):
        parts.append(msg("shield +{shield}", shield=k['shield']))
    return (msg("{parts} (defender only)", parts=join(", ", parts)) if k.get("defender_only") else msg("{parts}", parts=join(", ", parts)))


def _resource_words(card: dict) -> str:
    data = BOARD.resource[card["id"]]   # every card, the permanent ones too, has its kind and value
    amount = plural(("{value} mineral", "{value} minerals"), data["value"], value=data["value"]) \
        if data["kind"] == "minerals" else msg("{value} gas", value=data["value"])
    worth = msg("{id} ({amount})", id=Cmd(card['id']), amount=amount)
    return msg("{worth} — used", worth=worth) if card.get("used") else worth   # no comma: a list of cards is split at its commas
