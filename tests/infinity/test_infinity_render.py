"""§14 the table image, drawn from views only."""
import time

import orjson

from core.games.infinity import GAME
from render.infinity import COLOURS, GREY, MARGIN, PX, draw, tint

from .support import act, deploy_state, new

THREE = ("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2", "Medic; wip=12; ph=10; s=2")
THREE_B = ("Alguacil; wip=14; ph=10; s=2", "Hacker; wip=12; ph=10; s=2", "Doctor; wip=12; ph=10; s=2")


def pixel(img, x, y):
    """The pixel at table point (x, y) inches (north up)."""
    return img.getpixel((round(MARGIN + x * PX), round(MARGIN + (48 - y) * PX)))


def test_size_and_mode():  # §14.1 1300 × 1040 for 48" × 48"
    img = draw(GAME.view(new(), None))
    assert img.size == (1300, 1040) and img.mode == "RGB"


def test_zones_grey_before_choice_then_owner_colours():  # §14.2
    img = draw(GAME.view(new(), None))
    assert pixel(img, 2.3, 6.3) == tint(GREY) and pixel(img, 2.3, 42.3) == tint(GREY)
    state = deploy_state(THREE, THREE_B)
    img = draw(GAME.view(state, None))
    assert pixel(img, 2.3, 6.3) == tint(COLOURS["A"])      # A's south zone, 20 % blue
    assert pixel(img, 2.3, 42.3) == tint(COLOURS["B"])     # B's north zone, 20 % red
    assert pixel(img, 2.3, 30.3) == (255, 255, 255)        # no man's land


def test_terrain_and_objectives():  # §14.2
    img = draw(GAME.view(new(), None))
    assert pixel(img, 7, 16) == (0x55, 0x55, 0x55)          # T1 [6, 15, 12, 19]
    assert pixel(img, 11.7, 24.1) == (0xD4, 0xAF, 0x37)     # O1 at (12, 24), gold


def test_exclusion_hatched_yellow():  # §14.2
    img = draw(GAME.view(new("crossfire"), None))
    row = [img.getpixel((x, round(MARGIN + (48 - 22) * PX))) for x in range(MARGIN + 20, MARGIN + 300)]
    assert (0xF2, 0xC9, 0x1B) in row and (255, 255, 255) in row


def test_placed_trooper_in_owner_colour_with_prone_badge():  # §14.3
    state = deploy_state(THREE, THREE_B)
    state, _ = act(state, "A", "place A1 10 5 prone")
    img = draw(GAME.view(state, None))
    assert pixel(img, 10 - 0.25, 5 - 0.2) == COLOURS["A"]
    r = 25 / 25.4 / 2 * PX
    cx, cy = MARGIN + 10 * PX, MARGIN + 43 * PX
    assert img.getpixel((round(cx + r * 0.7 + 1), round(cy - r * 0.7 - 1))) in ((0, 0, 0), (255, 255, 255))
    plain, _ = act(deploy_state(THREE, THREE_B), "A", "place A1 10 5")
    badge = (round(cx + r * 0.7 + 7), round(cy - r * 0.7 - 9))
    assert img.getpixel(badge) == (0, 0, 0) and draw(GAME.view(plain, None)).getpixel(badge) != (0, 0, 0)


def test_private_image_differs_with_hidden_troopers():  # §14.4
    state = deploy_state(THREE, THREE_B, a_hidden=("Ghost; wip=13; ph=11; s=2; skills=hd",))
    state, _ = act(state, "A", "place AH1 16 5", private=True)
    public = draw(GAME.view(state, None))
    private = draw(GAME.view(state, "A"), "A")
    assert public.tobytes() != private.tobytes()
    assert pixel(private, 16 - 0.25, 5 - 0.2) == COLOURS["A"] and pixel(public, 16 - 0.25, 5 - 0.2) != COLOURS["A"]


def test_public_image_same_without_hidden_troopers():  # §14.4 the public image never shows them
    state = deploy_state(THREE, THREE_B, a_hidden=("Ghost; wip=13; ph=11; s=2; skills=hd",))
    state, _ = act(state, "A", "place AH1 16 5", private=True)
    stripped = orjson.loads(orjson.dumps(state))
    stripped["rosters"]["A"] = [t for t in stripped["rosters"]["A"] if not t["hidden"]]
    assert draw(GAME.view(state, None)).tobytes() == draw(GAME.view(stripped, None)).tobytes()


def test_render_fast_enough():  # ~50 ms budget
    state = deploy_state(THREE, THREE_B)
    view = GAME.view(state, None)
    draw(view)
    started = time.perf_counter()
    for _ in range(5):
        draw(view)
    assert (time.perf_counter() - started) / 5 < 0.05
