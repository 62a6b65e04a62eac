"""§1 Components and map: the data files of `data/`, loaded and checked at import.

Every number of §1 lives in a JSON file beside this module, never in code:

- `spaces.json`      §1.11 spaces (type, port, assault modifier, start control, x/y)
- `provinces.json`   §1.10 provinces and regions (VP, Major City, Need)
- `connections.json` §1.12 connections (land 121, pass 12, strait 2, sea 41, trans 3)
- `generals.json`    §1.3.2 generals and §2.2 their starting forces
- `factions.json`    §1.2 colours and §2.1 packages
- `components.json`  §1.4-§1.8, §1.13 CU types, fleets, markers, royals, independents, boxes
- `cards.json`       §11.2 the Tyche deck list
- `rules.json`       the designed numbers of each rules version (§1.7 heirs' LP, §2.1 packages)

A broken file raises `DataError` naming the file and the entry.
"""
from __future__ import annotations

import json
from collections import deque
from pathlib import Path

from core.message import msg

DATA = Path(__file__).parent / "data"
# the rules version of a game whose state names none: every game set up before issue 27's
# balance (the designed numbers of rules.json's version 4, which versions 1 to 3 shared)
OLD_RULES = 4


class DataError(ValueError):
    """A data file that breaks the rules of §1; the message names the file and entry."""


def _load(name: str) -> dict:
    try:
        return json.loads((DATA / name).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DataError(f"{name}: cannot be read ({exc})") from None


class Board:
    """All §1 data, indexed, plus the graph helpers the rules use."""

    def __init__(self, raw: dict[str, dict] | None = None):
        raw = raw or {n: _load(n + ".json") for n in
                      ("spaces", "provinces", "connections", "generals", "factions", "components", "cards",
                        "rules")}
        self.raw = raw
        self.spaces: dict[str, dict] = {}
        for s in raw["spaces"]["spaces"]:
            if s["id"] in self.spaces:
                raise DataError(msg("spaces.json: space {id} is listed twice", id=repr(s['id'])))
            self.spaces[s["id"]] = s
        self.regions: list[str] = raw["provinces"]["regions"]
        self.provinces: dict[str, dict] = {p["code"]: p for p in raw["provinces"]["provinces"]}
        self.kinds: dict[str, dict] = raw["connections"]["kinds"]
        self.islands: list[str] = raw["connections"]["islands"]
        self.edges: list[tuple[str, str, str]] = [tuple(e) for e in raw["connections"]["connections"]]
        self.generals: dict[str, dict] = {g["id"]: g for g in raw["generals"]["generals"]}
        self.minor: dict = raw["generals"]["minor"]
        self.colours: dict[str, str] = raw["factions"]["colours"]
        self.packages: dict[int, dict] = {int(k): v for k, v in raw["factions"]["packages"].items()}
        comp = raw["components"]
        self.cu_types: dict[str, dict] = comp["cu_types"]
        self.fleets: dict = comp["fleets"]
        self.indep_fleets: list[dict] = comp["independent_fleets"]
        self.royals: dict[str, dict] = {r["id"]: r for r in comp["royals"]}
        self.cart: dict = comp["cart"]
        self.indep_armies: dict[str, dict] = {a["id"]: a for a in comp["independent_armies"]}
        self.boxes: dict[str, dict] = {b["id"]: b for b in comp["offmap_boxes"]}
        self.markers: dict[str, dict] = {m["id"]: m for m in comp["markers"]}
        self.cards: dict[int, dict] = {c["n"]: c for c in raw["cards"]["cards"]}
        self.base_deck: list[int] = [n for n, c in self.cards.items() if not c["optional"]]
        self.rules: dict[int, dict] = {int(k): v for k, v in raw["rules"]["versions"].items()}
        self.current_rules: int = raw["rules"]["current"]
        self._prov_spaces: dict[str, list[str]] = {c: [] for c in self.provinces}
        for sid, sp in self.spaces.items():
            self._prov_spaces.setdefault(sp["province"], []).append(sid)
        # adjacency: space -> list of (neighbour, kind)
        self.adj: dict[str, list[tuple[str, str]]] = {s: [] for s in self.spaces}
        for kind, a, b in self.edges:
            if a in self.adj and b in self.adj:
                self.adj[a].append((b, kind))
                self.adj[b].append((a, kind))
        self.validate()
        # each connection's kind and MP by its two ends, for `cost` (a force's every step asks it)
        self._links: dict[str, dict[str, list[tuple[str, int]]]] = {s: {} for s in self.adj}
        for a, near in self.adj.items():
            for b, kind in near:
                self._links[a].setdefault(b, []).append((kind, self.kinds[kind]["mp"]))

    # §1 checks -----------------------------------------------------------------------
    def validate(self) -> None:
        sp = self.spaces
        for s in sp.values():
            where = f"spaces.json: space {s['id']!r}"
            if s["province"] not in self.provinces:
                raise DataError(f"{where} names unknown province {s['province']!r}")
            if s["type"] not in ("MAJ", "MIN", "STR", "TRN"):
                raise DataError(f"{where} has unknown type {s['type']!r}")
            if s["region"] != self.provinces[s["province"]]["region"]:
                raise DataError(f"{where} is in region {s['region']!r} but its province is in "
                                f"{self.provinces[s['province']]['region']!r}")
            if not (0 <= s["x"] <= 2400 and 0 <= s["y"] <= 1600):
                raise DataError(f"{where} lies off the 2400x1600 canvas")
            if s["start"] not in (None, "IND") and s["start"].lower() not in self.generals:
                raise DataError(f"{where} starts under unknown general {s['start']!r}")
            if s["type"] == "TRN" and (s["start"] is not None or s["port"]):
                raise DataError(f"{where} is a Transit Point and can hold no PC and be no port")
        for code, p in self.provinces.items():
            where = f"provinces.json: province {code!r}"
            if p["region"] not in self.regions:
                raise DataError(f"{where} names unknown region {p['region']!r}")
            mine = [s for s in sp.values() if s["province"] == code]
            majors = [s["id"] for s in mine if s["type"] == "MAJ"]
            if majors != [p["major_city"]]:
                raise DataError(f"{where} must have exactly its Major City {p['major_city']!r}, has {majors}")
            city = sp[p["major_city"]]
            if city["port"] != p["port"] or city["mod"] != p["mod"]:
                raise DataError(f"{where}: port/modifier differ from space {city['id']!r}")
            nt = sum(1 for s in mine if s["type"] != "TRN")
            if nt != p["non_transit"] or p["need"] != nt // 2 + 1:
                raise DataError(f"{where}: {nt} non-Transit spaces, Need must be {nt // 2 + 1} (§8.4)")
        counts: dict[str, int] = {}
        seen = set()
        for kind, a, b in self.edges:
            where = f"connections.json: connection {kind} {a} {b}"
            if kind not in self.kinds:
                raise DataError(f"{where} has unknown kind {kind!r}")
            for end in (a, b):
                if end not in sp:
                    raise DataError(f"{where} names unknown space {end!r}")
            if a == b or (kind, frozenset((a, b))) in seen:
                raise DataError(f"{where} is a loop or a duplicate")
            seen.add((kind, frozenset((a, b))))
            if not self.kinds[kind]["land"] and not (sp[a]["port"] and sp[b]["port"]):
                raise DataError(f"{where} is a sea lane between spaces that are not both ports")
            counts[kind] = counts.get(kind, 0) + 1
        if counts != self.raw["connections"]["declared"]:
            raise DataError(f"connections.json: counts {counts} differ from declared "
                            f"{self.raw['connections']['declared']}")
        # the land graph (land, pass, strait) joins every space but the islands
        mainland = [s for s in sp if s not in self.islands]
        reach = self.reach(mainland[0], kinds=("land", "pass", "strait"))
        missing = [s for s in mainland if s not in reach]
        if missing:
            raise DataError(f"connections.json: the land graph does not reach {missing}")
        if any(i in reach for i in self.islands):
            raise DataError("connections.json: an island is joined to the mainland by land")
        allreach = self.reach(mainland[0], kinds=tuple(self.kinds))
        if len(allreach) != len(sp):
            raise DataError(f"connections.json: spaces unreachable by any connection: "
                            f"{sorted(set(sp) - allreach)}")
        for g in self.generals.values():
            st = g.get("start")
            if st and st["space"] not in sp:
                raise DataError(f"generals.json: general {g['id']!r} starts in unknown space {st['space']!r}")
            for t in (st or {}).get("cus", {}):
                if t not in self.cu_types:
                    raise DataError(f"generals.json: general {g['id']!r} has unknown CU type {t!r}")
        if self.current_rules not in self.rules or OLD_RULES not in self.rules:
            raise DataError(f"rules.json: versions {OLD_RULES} and current ({self.current_rules}) must be listed")
        heirs = sorted(r["id"] for r in self.raw["components"]["royals"] if r["kind"] == "heir")
        for version, r in self.rules.items():
            if sorted(r["heir_lp"]) != heirs:
                raise DataError(f"rules.json: version {version} gives LP to each heir, {heirs} (§1.7)")
            for n in r["packages"]:
                if int(n) not in self.packages:
                    raise DataError(f"rules.json: version {version} has packages for {n} players (§2.1: 2 to 5)")
        checked = [("factions.json", n, pk) for n, pk in self.packages.items()]
        checked += [(f"rules.json (version {v})", int(n), pk)
                    for v, r in self.rules.items() for n, pk in r["packages"].items()]
        for where, n, pk in checked:
            dealt = sorted(g for p in pk.values() for g in p["generals"])
            starting = sorted(g for g, d in self.generals.items() if d.get("start"))
            if dealt != starting or sorted(pk) != sorted(self.packages[n]):
                raise DataError(f"{where}: the {n}-player packages {sorted(self.packages[n])} must deal each "
                                "starting general once")
            for letter, p in pk.items():
                if letter not in self.colours:
                    raise DataError(f"{where}: package {letter!r} has no colour")
                for s in p["minors"]:
                    if s not in sp:
                        raise DataError(f"{where}: package {n}{letter} minor general in unknown space {s!r}")
        for r in self.royals.values():
            if r["space"] not in sp:
                raise DataError(f"components.json: royal {r['id']!r} in unknown space {r['space']!r}")
        for a in self.indep_armies.values():
            for s in [a["start"], *a["enters"]]:
                if s is not None and s not in sp:
                    raise DataError(f"components.json: independent army {a['id']!r} names unknown space {s!r}")
        for f in self.indep_fleets:
            if f["city"] not in sp or not sp[f["city"]]["port"]:
                raise DataError(f"components.json: independent fleet {f['id']!r} needs a port city")
        for b in self.boxes.values():
            for s in b["links"]:
                if s not in sp:
                    raise DataError(f"components.json: box {b['id']!r} links unknown space {s!r}")
        nums = sorted(self.cards)
        if nums != list(range(1, len(nums) + 1)) or len(self.base_deck) != self.raw["cards"]["base"]:
            raise DataError("cards.json: cards must be numbered 1..N with the declared base deck")
        for c in self.cards.values():
            if (c["type"] == "surprise") != (c["ops"] is None):
                raise DataError(f"cards.json: card #{c['n']}: only Surprise cards have no OP value")

    # rules versions ----------------------------------------------------------------------
    def rules_version(self, state: dict) -> int:
        """The rules version a game was set up under (absent: OLD_RULES)."""
        return state.get("rules", OLD_RULES)

    def rules_of(self, state: dict) -> dict:
        """The designed numbers of the rules version a game was set up under (absent: 4)."""
        return self.rules[self.rules_version(state)]

    def packages_of(self, state: dict) -> dict[str, dict]:
        """§2.1 the packages of the game's player count under its rules version."""
        n = state["n"]
        return self.rules_of(state)["packages"].get(str(n)) or self.packages[n]

    def heir_lp(self, state: dict, rid: str) -> int:
        """§1.7, §9.2 what an heir gives his controller under the game's rules version."""
        return self.rules_of(state)["heir_lp"][rid]

    # graph helpers ---------------------------------------------------------------------
    def reach(self, start: str, kinds: tuple[str, ...]) -> set[str]:
        seen = {start}
        todo = deque([start])
        while todo:
            s = todo.popleft()
            for n, k in self.adj[s]:
                if k in kinds and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def neighbours(self, space: str, kinds: tuple[str, ...] | None = None) -> list[tuple[str, str]]:
        return [(n, k) for n, k in self.adj[space] if kinds is None or k in kinds]

    def cost(self, a: str, b: str, kinds: tuple[str, ...]) -> int | None:
        """Cheapest single connection from a to b among `kinds` (§5.3), or None."""
        best = None
        for k, mp in self._links[a].get(b, ()):
            if k in kinds and (best is None or mp < best):
                best = mp
        return best

    def province_spaces(self, code: str) -> list[str]:
        return self._prov_spaces[code]

    def is_city(self, space: str) -> bool:
        return self.spaces[space]["type"] != "TRN"


BOARD = Board()
