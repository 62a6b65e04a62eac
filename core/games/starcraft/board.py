"""§2 Components and data: the JSON files of `data/`, loaded and checked at import.

- `factions.json`       §2.1 factions, §3.3 homes by player count, §3.4 starting forces
- `planets.json`        §2.2 planets and their four areas (value, limit), §16.2 centres
- `routes.json`         §2.3 routes (normal / Z-axis)
- `units.json`          §2.4 units, tech costs; §2.5 pieces and the designed numbers
- `resource_cards.json` §2.6 resource cards (one per mineral/gas area + permanent cards)
- `combat_cards.json`   §2.7 the 18-card combat deck of every faction
- `event_cards.json`    §2.8 the 30 event cards (and the copies rules 2 decks draw from, §3.6)
- `rules.json`          the designed numbers of each rules version (§3.6 deck sizes, §6.4, §2.1 Aldaris,
                        §2.2 the CP of homes nobody starts on)

A broken file raises `DataError` naming the file and the entry.
"""
from __future__ import annotations

import json
from pathlib import Path

from core.message import msg

DATA = Path(__file__).parent / "data"
FILES = ("factions", "planets", "routes", "units", "resource_cards", "combat_cards", "event_cards", "rules")
STAGES = ("I", "II", "III")
COPY_LETTERS = " BCDEFGHIJKLMN"    # the n-th copy of EV09 is EV09B, EV09C, … (§3.6)


class DataError(ValueError):
    """A data file that breaks §2; the message names the file and the entry."""


def _load(name: str) -> dict:
    try:
        return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DataError(f"{name}.json: cannot be read ({exc})") from None


class Board:
    def __init__(self, raw: dict | None = None):
        raw = raw or {n: _load(n) for n in FILES}
        self.raw = raw
        fr = raw["factions"]
        self.factions = {f["id"]: f for f in fr["factions"]}
        self.faction_order = [f["id"] for f in fr["factions"]]
        self.by_prefix = {f["prefix"]: f["id"] for f in fr["factions"]}
        self.starting = fr["starting_forces"]
        self.homes = {int(k): v for k, v in fr["homes"].items()}
        self.planets = {p["code"]: p for p in raw["planets"]["planets"]}
        self._planet_areas: dict[str, list[str]] = {}
        self._routes_between: dict[tuple[str, str], list[str]] = {}
        self.planet_order = [p["code"] for p in raw["planets"]["planets"]]
        self.areas: dict[str, dict] = {}
        for p in raw["planets"]["planets"]:
            for a in p["areas"]:
                aid = f"{p['code']}.{a['letter']}"
                self.areas[aid] = dict(a, id=aid, planet=p["code"])
        self.routes = {r["id"]: r for r in raw["routes"]["routes"]}
        self.route_order = sorted(self.routes, key=lambda r: int(r[1:]))
        self.adjacent: dict[str, set[str]] = {c: set() for c in self.planets}
        for r in self.routes.values():
            if len(r["planets"]) != 2 or any(p not in self.planets for p in r["planets"]):
                raise DataError(msg("routes.json: route {id} must join two known planets (§2.3)", id=r['id']))
            a, b = r["planets"]
            self.adjacent[a].add(b)
            self.adjacent[b].add(a)
        u = raw["units"]
        self.units = {x["id"]: x for x in u["units"]}
        self.tech_costs = {int(k): v for k, v in u["tech_costs"].items()}
        self.pieces = u["pieces"]
        self.resource = {c["id"]: c for c in raw["resource_cards"]["resource_cards"]}
        cc = raw["combat_cards"]
        self.combat_kinds = cc["combat_cards"]
        self.events = {e["id"]: e for e in raw["event_cards"]["event_cards"]}
        self.rules = {int(k): v for k, v in raw["rules"]["versions"].items()}
        self.home_planets = frozenset(h for hs in self.homes.values() for h in hs)   # §3.3 at some player count
        self.current_rules = raw["rules"]["current"]
        # §2.4, §3.4 (rules 4, §18): a version's designed unit numbers and starting forces over units.json's
        # and factions.json's; every version's table is whole, so a game reads one dict per unit
        self.units_by_rules = {v: {k: {**u, **r.get("units", {}).get(k, {})} for k, u in self.units.items()}
                               for v, r in self.rules.items()}
        self._check()
        # §3.6 (rules 2): copies of every card but "The End Draws Near", ids EV09, EV09B, EV09C, …
        copies = max(r["event_copies"] for r in self.rules.values())
        for e in list(self.events.values()):
            if e["effect"] != "end_draws_near":
                for n in range(1, copies):
                    self.events[f"{e['id']}{COPY_LETTERS[n]}"] = dict(e, id=f"{e['id']}{COPY_LETTERS[n]}", copy=n + 1)
        self.event_stage = {e: d["stage"] for e, d in self.events.items()}   # a view counts its deck's stages
        self.event_ids = tuple(sorted(self.events))   # every event card in order: what the checker counts, a world deals
        # combat card ids: <prefix>-01..18 in table order (§2.7)
        self.combat: dict[str, dict] = {}
        for f in self.factions.values():
            n = 0
            for kind in self.combat_kinds:
                for _ in range(kind["copies"]):
                    n += 1
                    self.combat[f"{f['prefix']}-{n:02d}"] = kind
        # a faction's combat deck by its prefix, sorted: setup deals it, the checker counts it, a robot's
        # world deals it again
        self.combat_of: dict[str, tuple[str, ...]] = {
            f["prefix"]: tuple(sorted(c for c in self.combat if c.startswith(f["prefix"] + "-")))
            for f in self.factions.values()}

    def _check(self) -> None:
        if len(self.factions) != 6 or {f["race"] for f in self.factions.values()} != {"terran", "protoss", "zerg"}:
            raise DataError("factions.json: six factions of three races expected (§2.1)")
        for n in range(2, 7):
            homes = self.homes.get(n)
            if not homes or len(homes) != n or any(h not in self.planets for h in homes):
                raise DataError(f"factions.json: homes for {n} players must name {n} planets (§3.3)")
        if len(self.planets) != 8 or any(len(p["areas"]) != 4 for p in self.planets.values()):
            raise DataError("planets.json: eight planets of four areas expected (§2.2)")
        for a in self.areas.values():
            if a["kind"] not in ("minerals", "gas", "cp") or a["value"] < 1 or a["limit"] < 1:
                raise DataError(f"planets.json: area {a['id']} has a bad kind, value or limit")
        for r in self.routes.values():
            if len(r["planets"]) != 2 or any(p not in self.planets for p in r["planets"]) or \
                    r["kind"] not in ("normal", "z-axis"):
                raise DataError(f"routes.json: route {r['id']} must join two known planets")
        seen, todo = set(), [self.planet_order[0]]
        while todo:
            p = todo.pop()
            if p not in seen:
                seen.add(p)
                todo += self.adjacent[p]
        if seen != set(self.planets):
            raise DataError(f"routes.json: planets {sorted(set(self.planets) - seen)} are not connected")
        for home in {h for hs in self.homes.values() for h in hs}:
            if not self.adjacent[home]:
                raise DataError(f"routes.json: home {home} has no route for its starting transport (§3.5)")
        for x in self.units.values():
            if x["race"] not in ("terran", "protoss", "zerg") or not 1 <= x["tech"] <= 3:
                raise DataError(f"units.json: unit {x['id']} has a bad race or tech level")
        for race, places in self.starting.items():
            for letter, kinds in places.items():
                if any(k not in self.units or self.units[k]["race"] != race for k in kinds):
                    raise DataError(f"factions.json: starting force of {race} names a unit of another race")
                limit = min(self.areas[f"{h}.{letter}"]["limit"] for hs in self.homes.values() for h in hs)
                if len(kinds) > limit:
                    raise DataError(f"factions.json: starting force of {race} in {letter} breaks the limit")
        want = {a["id"] for a in self.areas.values() if a["kind"] in ("minerals", "gas")}
        have = {c for c, d in self.resource.items() if not d.get("permanent")}
        if want != have:
            raise DataError(f"resource_cards.json: one card per mineral/gas area expected, differs by "
                            f"{sorted(want ^ have)} (§2.6)")
        for c in have:
            a = self.areas[c]
            if self.resource[c]["kind"] != a["kind"] or self.resource[c]["value"] != a["value"]:
                raise DataError(f"resource_cards.json: card {c} must match its area's value (§2.6)")
        perms = {d["permanent"] for d in self.resource.values() if d.get("permanent")}
        if perms != set(self.factions):
            raise DataError("resource_cards.json: one permanent card per faction expected (§2.6)")
        if sum(k["copies"] for k in self.combat_kinds) != self.raw["combat_cards"]["deck_size"]:
            raise DataError("combat_cards.json: copies must add up to the deck size (§2.7)")
        ids = [e["id"] for e in self.raw["event_cards"]["event_cards"]]
        if ids != [f"EV{n:02d}" for n in range(1, len(ids) + 1)] or \
                any(e["stage"] not in STAGES for e in self.events.values()):
            raise DataError("event_cards.json: ids EV01.. in order, stages I/II/III (§2.8)")
        if sum(e["effect"] == "end_draws_near" and e["stage"] == "III" for e in self.events.values()) != 2:
            raise DataError("event_cards.json: two stage-III 'The End Draws Near' expected (§2.8)")
        if self.current_rules not in self.rules or 1 not in self.rules:
            raise DataError("rules.json: `current` must name a version, and version 1 must stay")
        for version, r in self.rules.items():
            if not 1 <= r["event_copies"] < len(COPY_LETTERS) or r["execution_draw"] not in ("always", "if_none_drawn"):
                raise DataError(f"rules.json: version {version} has a bad event_copies or execution_draw")
            if any(self.areas.get(a, {}).get("kind") != "cp" or v < 0 for a, v in r["cp_values"].items()):
                raise DataError(f"rules.json: version {version}'s cp_values must name CP areas (§2.2)")
            for k, u in r.get("units", {}).items():
                if k not in self.units or set(u) - {"cost", "attack", "health", "supply"}:
                    raise DataError(f"rules.json: version {version}'s units must name units and their "
                                    "cost, attack, health or supply (§2.4)")
            forces = list(r.get("starting_forces", {}).items()) + \
                [x for by in r.get("starting_forces_by_players", {}).values() for x in by.items()]
            for who, places in forces:
                race = self.factions[who]["race"] if who in self.factions else who
                if race not in self.starting or any(k not in self.units or self.units[k]["race"] != race
                                                    for kinds in places.values() for k in kinds):
                    raise DataError(f"rules.json: version {version}'s starting force of {who} is not of its race")
                if any(len(kinds) > min(self.areas[f"{h}.{letter}"]["limit"] for hs in self.homes.values()
                                        for h in hs) for letter, kinds in places.items()):
                    raise DataError(f"rules.json: version {version}'s starting force of {who} breaks a limit")
            for n, vals in r.get("cp_values_by_players", {}).items():
                if any(self.areas.get(a, {}).get("kind") != "cp" or v < 0 for a, v in vals.items()):
                    raise DataError(f"rules.json: version {version}'s cp_values_by_players must name CP areas")
            for s in STAGES:
                sizes, pool = r["event_deck"][s], sum(e["stage"] == s and e["effect"] != "end_draws_near"
                                                      for e in self.events.values()) * r["event_copies"]
                if sizes is not None and (set(sizes) != {str(n) for n in self.homes} or max(sizes.values()) > pool):
                    raise DataError(f"rules.json: version {version} keeps stage {s} cards for each player count "
                                    f"{sorted(self.homes)}, at most the {pool} of its pool (§3.6)")

    # helpers -------------------------------------------------------------------------------
    def rules_version(self, state: dict) -> int:
        """The rules version a game was set up under (absent: 1, every game before issue 27)."""
        return state.get("rules", 1)

    def rules_of(self, state: dict) -> dict:
        """The designed numbers of the rules version a game was set up under."""
        return self.rules[self.rules_version(state)]

    def unit(self, state: dict, kind: str) -> dict:
        """§2.4: a unit's cost, attack, health and supply under the game's rules version."""
        return self.units_by_rules[self.rules_version(state)][kind]

    def starting_force(self, state: dict, faction: str) -> dict:
        """§3.4: a faction's starting force by area letter; a version may give one for the faction at
        a player count, then for the faction, then for the race."""
        rules = self.rules_of(state)
        over = {**rules.get("starting_forces", {}),
                **rules.get("starting_forces_by_players", {}).get(str(len(state["seats"])), {})}
        race = self.factions[faction]["race"]
        return over.get(faction) or over.get(race) or self.starting[race]

    def event_pool(self, stage: str, copies: int) -> list[str]:
        """§3.6: the stage's cards a deck is built from: the printed ones, and under rules 2
        the copies of each (never of "The End Draws Near")."""
        return sorted(e for e, d in self.events.items() if d["stage"] == stage and d.get("copy", 1) <= copies)

    def planet_areas(self, planet: str) -> list[str]:
        """The planet's areas in order: one list a planet, made once (the rules and the robots ask it
        thousands of times an action); a caller reads it and never changes it."""
        areas = self._planet_areas.get(planet)
        if areas is None:
            areas = self._planet_areas[planet] = [f"{planet}.{a['letter']}" for a in self.planets[planet]["areas"]]
        return areas

    def routes_touching(self, planet: str) -> list[str]:
        return [r for r in self.route_order if planet in self.routes[r]["planets"]]

    def route_between(self, a: str, b: str) -> list[str]:
        """The routes joining two planets, made once a pair (every Mobilize checked asks it of each
        unit from off the planet); a caller reads the list and never changes it."""
        routes = self._routes_between.get((a, b))
        if routes is None:
            routes = self._routes_between[a, b] = [r for r in self.route_order if set(self.routes[r]["planets"]) == {a, b}]
        return routes

    def faction_name(self, fid: str | None) -> str:
        return self.factions[fid]["name"] if fid else "?"

    def find_faction(self, word: str) -> str | None:
        w = word.lower().strip()
        for f in self.factions.values():
            if w in (f["id"], f["prefix"].lower(), f["name"].lower(), *f["aliases"]):
                return f["id"]
        return None


BOARD = Board()
