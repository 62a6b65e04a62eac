"""§2 Components: the card data (``data/*.json``), checked when loaded.

A broken data file must fail at import with a sentence naming the card, not mid-game.
"""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent / "data"
TAGS = ("-", "III", "IV", "V")
ORIGINS = ("NUB", "GAL", "HIS", "PHO", "THR", "GER")


class DataError(ValueError):
    pass


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """§12: names compare ignoring case and accents. Cached: every command's names are folded
    against every card's (robots parse thousands of lines a second)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@dataclass(frozen=True)
class Data:
    gladiators: dict
    buildings: dict
    combat: dict
    events: dict
    origins: dict

    def tag_players(self, tag: str) -> int:
        """§3.2: the fewest players with which a building of this tag is used."""
        return {"-": 2, "III": 3, "IV": 4, "V": 5}[tag]


def _load(name: str) -> dict:
    with open(HERE / name, encoding="utf-8") as fh:
        return json.load(fh)


def _need(cond: bool, text: str) -> None:
    if not cond:
        raise DataError(text)


def check(gl: list, bl: list, cc: list, ev: list) -> None:
    """The counts and distributions §2.1–§2.6 and §14.1 state."""
    _need(len(gl) == 51, f"§2.1: 51 gladiators, not {len(gl)}")
    ids = [g["id"] for g in gl]
    _need(len(set(ids)) == 51, "§2.2: gladiator ids must be unique")
    names = [fold(g["name"]) for g in gl]
    _need(len(set(names)) == 51, "§2.2: gladiator names must be unique in the game")
    tiros = [g for g in gl if g["kind"] == "tiro"]
    vets = [g for g in gl if g["kind"] == "veteran"]
    _need(len(tiros) == 15 and len(vets) == 36, "§2.1: 15 Tiros and 36 veterans")
    for g in tiros:
        _need((g["combat"], g["work"], g["build"], g["shield"]) == (1, 1, 1, False),
              f"§2.3: Tiro {g['id']} must be C1 W1 B1 without shield")
    for g in vets:
        _need(1 <= g["combat"] <= 3, f"§2.2: {g['id']} combat must be 1–3")
        _need(g["origin"] in ORIGINS, f"§2.4: {g['id']} has an unknown origin {g['origin']}")
        _need(isinstance(g["minbid"], int) and g["minbid"] >= 1, f"§2.4: {g['id']} needs a minimum bid")
        _need(min(g["work"], g["build"]) >= 0, f"§2.4: {g['id']} has a negative value")
    for o in ORIGINS:
        _need(sum(g["origin"] == o for g in vets) == 6, f"§2.4: six veterans of {o}")
    _need(len(bl) == 34, f"§2.1: 34 buildings, not {len(bl)}")
    _need(len({b["id"] for b in bl}) == 34, "§2.5: building ids must be unique")
    for kind, counts in (("start", (8, 4, 4, 4)), ("advanced", (8, 2, 2, 2))):
        got = tuple(sum(b["kind"] == kind and b["tag"] == t for b in bl) for t in TAGS)
        _need(got == counts, f"§2.5: {kind} buildings per tag must be {counts}, not {got}")
    for b in bl:
        _need(b["cost"] >= 1 and b["vp"] >= 0, f"§2.5: {b['id']} cost/vp out of range")
    _need(sum(b["name"] == "Casula" for b in bl) == 1, "§3.3: exactly one Casula")
    _need(sum(b["name"] == "Forum" for b in bl) == 1, "§7.6: exactly one Forum")
    _need(len(cc) == 15 and len({c["id"] for c in cc}) == 15, "§2.6: 15 combat cards")
    for c in cc:
        _need(max(c["swords"], c["shields"]) <= 2 and min(c["swords"], c["shields"]) == 0,
              f"§2.6: {c['id']} adds swords or shields, at most 2")
    _need(sum(c["skull"] for c in cc) == 5, "§2.6: five skulls")
    _need(len(ev) == 10 and [e["id"] for e in ev] == [f"E{i:02d}" for i in range(1, 11)], "§14.1: ten events")


def load() -> Data:
    g, b, c, e = _load("gladiators.json"), _load("buildings.json"), _load("combat.json"), _load("events.json")
    check(g["gladiators"], b["buildings"], c["combat"], e["events"])
    return Data({x["id"]: x for x in g["gladiators"]}, {x["id"]: x for x in b["buildings"]},
                {x["id"]: x for x in c["combat"]}, {x["id"]: x for x in e["events"]}, g["origins"])


DATA = load()
G, B, K, E = DATA.gladiators, DATA.buildings, DATA.combat, DATA.events
