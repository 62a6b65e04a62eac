"""Issue 26, pictures that show what changed: the StarCraft galaxy marks the last order
resolved (§6.1, §7) in white: the areas it moved or built into, a dashed arrow from the
planet its units came from, its planet's rim when it touched no area (a research), and a
panel line as the key. The view's ``last_order`` holds only what the reveal and the
narration said; face-down orders stay hidden (§14)."""
from __future__ import annotations

import math

from bot.service.pictures import picture_key
from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD
from render import draw
from render import starcraft as pic
from tests.starcraft.conftest import act, execution_with, started

MARK = pic.MARK


def rim_point(area: str, inset: int = 3) -> tuple[int, int]:
    """A pixel just inside the planet's rim, in the middle of the area's quarter."""
    start, end, _, _ = pic.QUARTERS[area[-1]]
    a = math.radians((start + end) / 2)
    cx, cy = pic.centre(BOARD.areas[area]["planet"])
    r = pic.sc(pic.R) - inset
    return round(cx + r * math.cos(a)), round(cy + r * math.sin(a))


def marked(img, area: str, inset: int = 3) -> bool:
    return img.convert("RGB").getpixel(rim_point(area, inset)) == MARK


def game():
    """Raynor (P1) with a Mobilize on Char and a Build on Mar Sara, a transport on R7 (Mar
    Sara–Char); Tassadar (P2) a face-down Research on Braxis."""
    s = execution_with(started(2), {"CHR": [("P1", "mobilize", False)], "MAR": [("P1", "build", False)],
                                    "BRA": [("P2", "research", True)]})
    s["transports"].append({"owner": "P1", "route": "R7"})
    return s


def test_a_mobilize_marks_its_areas_and_the_way_its_units_came():
    """§7.1: after `resolve CHR move 2 marine MAR.A CHR.A` the view's last order names the
    seat, planet, order and the areas into and from; the picture outlines CHR.A and MAR.A in
    white, draws a white arrow along R7, and the panel's line says which order it was."""
    s = game()
    before = draw("starcraft", GAME.view(s, None))
    assert not marked(before, "CHR.A")
    s, _ = act(s, "P1", "resolve CHR move 2 marine MAR.A CHR.A")
    view = GAME.view(s, None)
    assert view["last_order"] == {"seat": "P1", "planet": "CHR", "id": view["last_order"]["id"],
                                  "type": "mobilize", "special": False, "areas": ["CHR.A"], "from": ["MAR.A"]}
    img = draw("starcraft", view)
    assert marked(img, "CHR.A") and marked(img, "MAR.A", inset=1) and not marked(img, "CHR.C")
    (x0, y0), (x1, y1) = pic.centre("MAR"), pic.centre("CHR")
    rgb = img.convert("RGB")
    line = [rgb.getpixel((round(x0 + (x1 - x0) * t / 100), round(y0 + (y1 - y0) * t / 100))) for t in range(100)]
    assert line.count(MARK) > 15
    assert any(w.startswith("Last order: #") and "mobilize by Jim Raynor on Char → CHR.A" in w
               for w in pic.words(view))


def test_the_next_order_moves_the_mark():
    """§6.1, §6.2: the next order resolved takes the mark (a discarded one does not): after
    Raynor's Build on Mar Sara the mark is on MAR.A, not on CHR.A any more."""
    s = game()
    s, _ = act(s, "P1", "resolve CHR move 2 marine MAR.A CHR.A")
    s, _ = act(s, "P2", "discard BRA")                 # a discarded order is not resolved: the mark stays
    assert s["last_order"]["planet"] == "CHR"
    s["p"]["P1"]["cards"].append({"id": "CHR.C", "used": False})          # minerals to pay with
    s, _ = act(s, "P1", "resolve MAR build 1 marine MAR.A")
    view = GAME.view(s, None)
    assert view["last_order"]["type"] == "build" and view["last_order"]["areas"] == ["MAR.A"]
    img = draw("starcraft", view)
    assert marked(img, "MAR.A") and not marked(img, "CHR.A")


def test_a_research_marks_its_planets_rim():
    """§7.3: a research touches no area: its planet's rim is white all round."""
    s = execution_with(started(2), {"BRA": [("P2", "research", False)]}, turn="P2")
    s, _ = act(s, "P2", "resolve BRA research cards")
    view = GAME.view(s, None)
    assert view["last_order"]["type"] == "research" and view["last_order"]["areas"] == []
    img = draw("starcraft", view)
    assert all(marked(img, f"BRA.{q}", inset=1) for q in "ABCD")


def test_the_marks_reveal_no_face_down_order_and_change_the_picture_key():
    """§14: the last order is the one revealed; the orders still face down give the same
    public picture whatever their types, and the picture's cache key changes with the mark."""
    s = game()
    plain = GAME.view(s, None)
    s, _ = act(s, "P1", "resolve CHR move 2 marine MAR.A CHR.A")
    twin = dict(s, stacks={p: [dict(o, type="mobilize", special=False) for o in st] for p, st in s["stacks"].items()})
    a, b = GAME.view(s, None), GAME.view(twin, None)
    assert draw("starcraft", a).tobytes() == draw("starcraft", b).tobytes()
    assert "research" not in str(a["last_order"]) and set(a["last_order"]) == {
        "seat", "planet", "id", "type", "special", "areas", "from"}
    keys = {picture_key("starcraft", v, None, None, "png", "en") for v in (plain, a)}
    assert len(keys) == 2
