"""§14 the table image, drawn from views only, laid out for a phone 1280 px wide."""
from itertools import combinations

import orjson
import pytest

from core.games.infinity import GAME
from render.infinity import COLOURS, GREY, SMALL, WIDTH, draw, layout, render, table_point, tint

from .pictures import pictures, states
from .support import act, deploy_state, new

THREE = ("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2", "Medic; wip=12; ph=10; s=2")
THREE_B = ("Alguacil; wip=14; ph=10; s=2", "Hacker; wip=12; ph=10; s=2", "Doctor; wip=12; ph=10; s=2")
GHOST = ("Ghost; wip=13; ph=11; s=2; skills=hd",)


def rgb(view, seat=None):
    return draw(view, seat).convert("RGB")


def pixel(img, view, x, y):
    """The pixel at table point (x, y) inches (north up)."""
    return img.getpixel(table_point(view, x, y))


@pytest.fixture(scope="module")
def phases():
    return states()


def test_size_fills_a_phone_width():  # §14.1 1280 px wide, the 48" table across it
    view = GAME.view(new(), None)
    img = draw(view)
    lay = layout(view)
    assert img.size[0] == WIDTH == 1280 and img.size == lay.size
    assert lay.table_w >= 1200 and lay.ppi == 25              # old layout: 960 px, 20 px per inch
    assert img.size[1] < 1700
    m = view["mission"]
    small = layout(dict(view, mission=dict(m, table={"w": 24, "h": 24})))
    deep = layout(dict(view, mission=dict(m, table={"w": 48, "h": 120})))
    assert small.table_w == 1200 and small.ppi == 50              # a small table fills the width too
    assert deep.table_h <= 1500 and deep.size[0] == 1280          # a deep one stays postable


def test_tokens_and_text_read_on_a_phone():  # §14.3 a 25 mm base ~25 px across, words ≥ 16 px
    state = deploy_state(THREE, THREE_B)
    state, _ = act(state, "A", "place A2 20 6")
    view = GAME.view(state, None)
    img = rgb(view)
    cx, cy = table_point(view, 20, 6)
    disc = sum(1 for x in range(cx - 15, cx + 16) for y in range(cy - 15, cy + 16)
               if img.getpixel((x, y)) != tint(COLOURS["A"]))
    assert disc >= 420            # a disc ~24.6 px across (~475 px²); the old 15 px one was ~180
    assert SMALL >= 16


def test_zones_grey_before_choice_then_owner_colours():  # §14.2
    view = GAME.view(new(), None)
    img = rgb(view)
    assert pixel(img, view, 30.3, 6.3) == tint(GREY) and pixel(img, view, 30.3, 42.3) == tint(GREY)
    state = deploy_state(THREE, THREE_B)
    view = GAME.view(state, None)
    img = rgb(view)
    assert pixel(img, view, 30.3, 6.3) == tint(COLOURS["A"])      # A's south zone, 20 % blue
    assert pixel(img, view, 30.3, 42.3) == tint(COLOURS["B"])     # B's north zone, 20 % red
    assert pixel(img, view, 2.3, 30.3) == (255, 255, 255)         # no man's land


def test_terrain_labelled_and_objectives():  # §14.2 terrain with its id and kind
    view = GAME.view(new(), None)
    img = rgb(view)
    assert pixel(img, view, 6.3, 18.7) == (0x55, 0x55, 0x55)      # T1 [6, 15, 12, 19]
    assert pixel(img, view, 11.5, 24.5) == (0xD4, 0xAF, 0x37)     # O1 at (12, 24), gold
    said = [text for text, _ in render(view).labels]
    for piece in view["mission"]["terrain"]:
        assert piece["id"] in said and piece["label"] in said
    assert {"O1", "O2", "O3"} <= set(said) and "SOUTH ZONE" in said


def test_exclusion_hatched_yellow_and_named():  # §14.2
    view = GAME.view(new("crossfire"), None)
    img = rgb(view)
    y = table_point(view, 0, 22)[1]
    row = [img.getpixel((x, y)) for x in range(200, 500)]
    assert (0xF2, 0xC9, 0x1B) in row and (255, 255, 255) in row
    assert "EXCLUSION ZONE" in [text for text, _ in render(view).labels]


def test_labels_never_overlap(phases):  # §14.2 every table label has its own room
    views = [GAME.view(state, seat) for _, state in phases for seat in (None, "A", "B")]
    views.append(GAME.view(new("crossfire"), None))
    for view in views:
        labels = render(view, view["me"]).labels
        assert len(labels) >= 12
        for (ta, a), (tb, b) in combinations(labels, 2):
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (ta, tb)


def test_small_terrain_labelled_beside_it():  # §14.2 a piece too small for its label
    state = new()
    mission = dict(state["mission"], terrain=[{"id": "T9", "rect": [20, 30, 21, 31], "label": "barrel"},
                                              {"id": "T8", "rect": [22, 30, 23, 31], "label": "crate"}])
    view = dict(GAME.view(state, None), mission=mission)
    labels = dict(render(view).labels)
    t9 = table_point(view, 20, 31)
    assert "T9 barrel" in labels and "T8 crate" in labels
    box = labels["T9 barrel"]
    assert box[3] <= t9[1] + 1 or box[1] >= t9[1] + 25 or box[0] >= t9[0] + 25 or box[2] <= t9[0]


def test_roster_phase_shows_the_public_rosters(phases):  # §14.3 the legend lists each roster line
    state = dict(phases)["rosters"]
    public = render(GAME.view(state, None)).texts
    for name in ("Fusilier Angus", "Sniper", "Scout", "Alguacil"):
        assert name in public
    assert "Ghost" not in " ".join(public) and not any("Lt" in t for t in public)
    assert any("alice (A)" in t and "ready" in t for t in public)
    assert any("bob (B)" in t and "entering roster" in t for t in public)


def test_placed_trooper_in_owner_colour_with_prone_badge():  # §14.3
    state = deploy_state(THREE, THREE_B)
    state, _ = act(state, "A", "place A1 10 5 prone")
    view = GAME.view(state, None)
    img = rgb(view)
    assert pixel(img, view, 10 - 0.25, 5 - 0.25) == COLOURS["A"]
    plain, _ = act(deploy_state(THREE, THREE_B), "A", "place A1 10 5")
    diff = [xy for xy in ((x, y) for x in range(-4, 30) for y in range(-30, 4))]
    cx, cy = table_point(view, 10, 5)
    prone_img, plain_img = img, rgb(GAME.view(plain, None))
    badge = [(cx + dx, cy + dy) for dx, dy in diff
             if prone_img.getpixel((cx + dx, cy + dy)) == (0, 0, 0)
             and plain_img.getpixel((cx + dx, cy + dy)) != (0, 0, 0)]
    assert len(badge) > 100                                      # the black "P" square


def test_private_image_marks_hidden_and_lieutenant():  # §14.4
    state = deploy_state(THREE, THREE_B, a_hidden=GHOST, lt=("AH1", "B1"))
    state, _ = act(state, "A", "place AH1 16 5", private=True)
    pub_view, own_view = GAME.view(state, None), GAME.view(state, "A")
    public, private = rgb(pub_view), rgb(own_view, "A")
    assert public.size[0] == private.size[0]
    assert pixel(private, own_view, 16 - 0.25, 5 - 0.25) == COLOURS["A"]
    assert pixel(public, pub_view, 16 - 0.25, 5 - 0.25) != COLOURS["A"]
    own, pub = render(own_view, "A"), render(pub_view)
    assert "AH1 hidden, Lieutenant" in [t for t, _ in own.labels]
    assert any("PRIVATE VIEW of alice (A)" in t for t in own.texts)
    assert "Ghost ★Lt (hidden)" in own.texts
    said = " ".join(pub.texts)
    assert "Ghost" not in said and "AH1" not in said and "★" not in said and "PRIVATE" not in said
    # the other player's private picture holds none of it either
    assert "Ghost" not in " ".join(render(GAME.view(state, "B"), "B").texts)


def test_private_image_marks_a_visible_lieutenant():  # §14.4 the star on the owner's Lieutenant
    state = deploy_state(THREE, THREE_B)
    state, _ = act(state, "A", "place A1 10 5")
    own_view, pub_view = GAME.view(state, "A"), GAME.view(state, None)
    assert "A1 Lieutenant" in [t for t, _ in render(own_view, "A").labels]
    assert "A1 Lieutenant" not in [t for t, _ in render(pub_view).labels]
    assert "Fusilier ★Lt" in render(own_view, "A").texts and "Fusilier" in render(pub_view).texts


def test_public_image_same_without_hidden_troopers():  # §14.4 the public image never shows them
    state = deploy_state(THREE, THREE_B, a_hidden=GHOST)
    state, _ = act(state, "A", "place AH1 16 5", private=True)
    stripped = orjson.loads(orjson.dumps(state))
    stripped["rosters"]["A"] = [t for t in stripped["rosters"]["A"] if not t["hidden"]]
    assert draw(GAME.view(state, None)).tobytes() == draw(GAME.view(stripped, None)).tobytes()


def test_every_phase_pictured(tmp_path):  # §14 rosters, initiative, choice, steps 1–4, complete
    written = pictures(tmp_path)
    names = {p.name for p, _, _ in written}
    for phase in ("rosters", "initiative", "choice", "step1", "step2", "step3", "step4", "complete"):
        assert f"infinity-{phase}.png" in names and f"infinity-{phase}-private-A.png" in names
    for path, _, size in written:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and size < 200_000



def test_words_follow_the_channels_language():  # §14 issue 15: the picture's words in es/ru
    state = deploy_state(THREE, THREE_B)
    view = GAME.view(state, None)
    english, spanish, russian = (render(view, None, lang).texts for lang in (None, "es", "ru"))
    assert any(t.startswith("Deployment step") for t in english) and "status" in english
    assert any(t.startswith("Despliegue, paso") for t in spanish) and "estado" not in english
    assert any("Vista pública" in t for t in spanish) and "VOL" in spanish and "pendiente" in spanish
    assert any("zona norte · Jugador" in t for t in spanish)
    assert any(t.startswith("Развёртывание, шаг") for t in russian) and "ВОЛ" in russian
    labels = [text for text, _ in render(view, None, "es").labels]
    assert any(t.startswith("ZONA NORTE") or t.startswith("ZONA SUR") for t in labels)
