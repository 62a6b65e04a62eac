"""§2 Components and data: the data files hold exactly the cards the spec lists, and the
loader refuses a broken file."""
import copy
import json

import pytest

from core.games.ludi import data
from core.games.ludi.data import DATA, B, E, G, K, check


def raw():
    return [json.load(open(data.HERE / f))[k] for f, k in
            (("gladiators.json", "gladiators"), ("buildings.json", "buildings"),
             ("combat.json", "combat"), ("events.json", "events"))]


def test_card_counts_total_110():
    """§2.1: 51 gladiators, 34 buildings, 15 combat cards, 10 events = 110 cards."""
    assert (len(G), len(B), len(K), len(E)) == (51, 34, 15, 10)
    assert len(G) + len(B) + len(K) + len(E) == 110


def test_gladiator_attributes():
    """§2.2: every gladiator has the listed attributes; combat 1–3; veterans have a minbid."""
    for g in G.values():
        assert set(g) >= {"id", "name", "kind", "origin", "combat", "work", "build", "shield", "minbid"}
        assert 1 <= g["combat"] <= 3
        assert (g["minbid"] is None) == (g["kind"] == "tiro")


def test_tiros():
    """§2.3: 15 Tiros, C1 W1 B1, no shield, origin Roma, names by id."""
    tiros = sorted(g for g in G if G[g]["kind"] == "tiro")
    assert tiros == [f"T{i:02d}" for i in range(1, 16)]
    assert G["T01"]["name"] == "Brutus" and G["T15"]["name"] == "Vibius"
    assert all((G[t]["combat"], G[t]["work"], G[t]["build"], G[t]["shield"]) == (1, 1, 1, False) for t in tiros)
    assert DATA.origins[G["T01"]["origin"]] == "Roma"


def test_veterans_table():
    """§2.4: six veterans per origin; spot checks of the table rows."""
    vets = [g for g in G.values() if g["kind"] == "veteran"]
    assert len(vets) == 36
    for o in ("NUB", "GAL", "HIS", "PHO", "THR", "GER"):
        assert sum(v["origin"] == o for v in vets) == 6
    assert (G["V25"]["name"], G["V25"]["combat"], G["V25"]["shield"], G["V25"]["minbid"]) == ("Spartacus", 3, True, 5)
    assert (G["V36"]["name"], G["V36"]["build"], G["V36"]["minbid"]) == ("Catumer", 3, 1)


def test_buildings_table():
    """§2.5: 20 starting (8 untagged, 4 per III/IV/V) and 14 advanced (8, 2, 2, 2); costs and vp."""
    start = [b for b in B.values() if b["kind"] == "start"]
    adv = [b for b in B.values() if b["kind"] == "advanced"]
    assert len(start) == 20 and len(adv) == 14
    assert [sum(b["tag"] == t for b in start) for t in ("-", "III", "IV", "V")] == [8, 4, 4, 4]
    assert [sum(b["tag"] == t for b in adv) for t in ("-", "III", "IV", "V")] == [8, 2, 2, 2]
    assert (B["B23"]["name"], B["B23"]["cost"], B["B23"]["vp"]) == ("Amphitheatrum", 7, 2)
    assert (B["B33"]["name"], B["B33"]["cost"], B["B33"]["vp"], B["B33"]["tag"]) == ("Ludus Magnus", 8, 2, "V")
    assert {b["name"] for b in B.values() if b["vp"]} == {"Templum", "Statua", "Amphitheatrum", "Sacellum",
                                                          "Ludus Magnus"}


def test_combat_deck_distribution():
    """§2.6: 3 blank, 4 one-sword, 4 one-shield, 2 two-sword, 2 two-shield; 5 skulls; none adds more than 2."""
    kinds = sorted((c["swords"], c["shields"]) for c in K.values())
    assert kinds.count((0, 0)) == 3 and kinds.count((1, 0)) == 4 and kinds.count((0, 1)) == 4
    assert kinds.count((2, 0)) == 2 and kinds.count((0, 2)) == 2
    assert sum(c["skull"] for c in K.values()) == 5
    assert K["K13"] == {"id": "K13", "swords": 2, "shields": 0, "skull": True}


@pytest.mark.parametrize("breakage, words", [
    (lambda g, b, c, e: g.pop(), "51 gladiators"),
    (lambda g, b, c, e: g[20].update(name=g[0]["name"]), "unique"),
    (lambda g, b, c, e: g[20].update(combat=4), "combat must be 1–3"),
    (lambda g, b, c, e: b[3].update(tag="V"), "per tag"),
    (lambda g, b, c, e: c[0].update(swords=3), "at most 2"),
    (lambda g, b, c, e: e.pop(), "ten events"),
])
def test_loader_refuses_broken_data(breakage, words):
    """§2.1–§2.6: the data are checked when loaded; a broken file names what is wrong."""
    g, b, c, e = copy.deepcopy(raw())
    check(g, b, c, e)            # the shipped files pass
    breakage(g, b, c, e)
    with pytest.raises(data.DataError, match=words):
        check(g, b, c, e)
