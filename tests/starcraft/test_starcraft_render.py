"""§16 the galaxy picture: drawn from a view only, no hidden information in it."""
import math
import time

from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD
from render import draw, encode
from render import starcraft as pic

from .conftest import act, execution_with, put, started


def test_16_1_size_galaxy_and_panel():
    """§16.1's galaxy and panel, sized for a phone 1280 px wide (issue 16): the galaxy's
    1000 × 1000 spec px drawn 1280 × 1280, the panel under it at full width (the spec's
    1400 × 1000 with a 400 px panel on the right read at ~11 px on a phone)."""
    img = draw("starcraft", GAME.view(started(2), None))
    assert img.size == (1280, pic.height(2)) and pic.GALAXY == 1280
    assert encode(img)[:8] == b"\x89PNG\r\n\x1a\n"
    rgb = img.convert("RGB")
    assert rgb.getpixel((1270, 1290)) == pic.PANEL and rgb.getpixel((1270, 1270)) == pic.SPACE
    assert draw("starcraft", GAME.view(started(6), None)).size == (1280, pic.height(6)) > img.size


def test_16_text_reads_on_a_phone_1280_px_wide():
    """Issue 16: every text size the picture uses is at least 16 px at 1280 px wide, and
    the quarter labels fit their quarter."""
    assert min(pic.TEXT.values()) >= 16
    f = pic.font(pic.TEXT["quarter"])
    widest = max(f.getlength(f"{a[-1]} {pic.SHORT[d['kind']]}{d['value']}") for a, d in BOARD.areas.items())
    assert widest + pic.font(pic.TEXT["limit"]).getlength("L3") + 4 <= pic.sc(64)


def test_16_2_planet_centres_and_no_route_crosses_a_planet():
    """§16.2: the planet centres of the spec, radius 95; no route line passes within 95 px of
    a planet it does not join."""
    assert BOARD.planets["CHR"]["centre"] == [500, 370] and BOARD.planets["AIU"]["centre"] == [500, 630]
    for rid, r in BOARD.routes.items():
        (ax, ay), (bx, by) = (BOARD.planets[p]["centre"] for p in r["planets"])
        for code, p in BOARD.planets.items():
            if code in r["planets"]:
                continue
            px, py = p["centre"]
            t = max(0, min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
            assert math.dist((px, py), (ax + t * (bx - ax), ay + t * (by - ay))) > pic.R, (rid, code)


def test_16_3_route_anchors_and_r14_at_30_percent():
    """§16.3: labels and transports at the midpoint; R14 at 30 % from KOR to CHS."""
    assert pic.route_anchor("R13") == (500, 500)
    x, y = pic.route_anchor("R14")
    assert (round(x, 1), round(y, 1)) == (round(829 + 0.3 * (171 - 829), 1), round(310 + 0.3 * (690 - 310), 1))


def test_16_4_units_are_lettered_squares_in_the_owner_colour_and_the_battle_is_outlined():
    """§16.4: unit letters of the spec; a unit square in its owner's colour appears where the
    unit is; the battle area gets a red outline."""
    assert "".join(BOARD.units[k]["letter"] for k in BOARD.units) == "MFGBZDSCLHUX"
    s = started(2)
    x0, y0 = pic.unit_xy("CHR", "A", 0)
    before = draw("starcraft", GAME.view(s, None)).convert("RGB")
    put(s, "CHR.A", "P1", "marine")
    after = draw("starcraft", GAME.view(s, None)).convert("RGB")
    assert after.getpixel((x0 + 2, y0 + 2)) == pic.COLOURS["raynor"] != before.getpixel((x0 + 2, y0 + 2))
    s["battle"] = {"area": "CHR.A", "attacker": "P1", "defender": "P2", "cards": {}, "origins": {}}
    red = draw("starcraft", GAME.view(s, None)).convert("RGB")
    cx, cy = pic.centre("CHR")
    assert sum(1 for x in range(cx - pic.sc(95), cx) if red.getpixel((x, cy)) == pic.RED) > 50


def test_16_5_order_stacks_show_owners_never_types():
    """§16.5 / §14: stacks are discs in owner colours; two games that differ only in the
    hidden types of their orders give the same public picture."""
    a = execution_with(started(2), {"MAR": [("P1", "build", False), ("P1", "research", True)]})
    b = execution_with(started(2), {"MAR": [("P1", "mobilize", True), ("P1", "build", False)]})
    ia, ib = draw("starcraft", GAME.view(a, None)), draw("starcraft", GAME.view(b, None))
    assert ia.tobytes() == ib.tobytes()
    rgb = ia.convert("RGB")
    assert rgb.getpixel(pic.stack_xy("MAR", 0)) == pic.COLOURS["raynor"]


def test_16_6_panel_lists_round_phase_and_players_and_changes_with_them():
    """§16.6: the panel shows the round, phase and each player's figures: changing a CP
    changes the panel and nothing of the galaxy."""
    s = started(3)
    one = draw("starcraft", GAME.view(s, None))
    s["p"]["P2"]["cp"] = 7
    two = draw("starcraft", GAME.view(s, None))
    g = pic.GALAXY
    assert one.crop((0, 0, g, g)).tobytes() == two.crop((0, 0, g, g)).tobytes()
    assert one.crop((0, g, g, one.height)).tobytes() != two.crop((0, g, g, two.height)).tobytes()


def test_draw_and_encode_time():
    """Draw + PNG encode of a mid-game picture stays well under 100 ms (≈25 ms measured)."""
    s = started(6)
    s, _ = act(s, "P1", "order build MAR")
    view = GAME.view(s, None)
    draw("starcraft", view)
    started_at = time.process_time()
    for _ in range(5):
        encode(draw("starcraft", view))
    assert (time.process_time() - started_at) / 5 < 0.1


def test_16_6_panel_words_follow_the_channels_language():
    """Issue 15: the panel's words come from render's catalogue (Spanish seed: puntos de
    conquista, trabajadores, cartas de combate); English stays the default."""
    view = GAME.view(started(3), None)
    english, spanish, russian = (pic.panel_words(view, lang) for lang in (None, "es", "ru"))
    assert "Conquest points" in english and any(w.startswith("Round 1") for w in english)
    assert "Puntos de conquista" in spanish and any(w.startswith("Ronda 1") for w in spanish)
    assert any(w.startswith("trabajadores ") for w in spanish) and any("cartas de combate" in w for w in spanish)
    assert "Очки завоевания" in russian and not {"Conquest points"} & set(spanish + russian)
    assert draw("starcraft", view, lang="es").tobytes() != draw("starcraft", view).tobytes()
