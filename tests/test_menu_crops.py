"""Issue 34, item 5: a menu level that chooses a place comes with a crop of the map, each
option's place marked with its number (render/crops.py, bot/service/menus.py): the marks in
the options' order, on the places the renderers draw; the public crop from the public view, a
private one from the seat's own; drawn once per (position, seat, menu path); none where a level
chooses no place; the console prints its path."""
import io

from PIL import Image, ImageDraw

from bot.console.repl import Console
from bot.service.types import BADGES, Command
from core.registry import get_game
from render import crops
from render.fonts import font
from tests.rules_helpers import play_through_service_until, seat_with_a_menu


def say(service, channel, user, text, private=False, platform="t"):
    return service.handle(Command(platform, None if private else channel, user, text, name=user, private=private))


def ludi_public_menu(service, channel, platform="t"):
    """A Ludi game at a prompt of nine or more public actions: /status draws its menu, whose first
    page chooses the gladiator who acts."""
    for user, text in (("alice", "/new ludi"), ("alice", "/join"), ("bob", "/join"), ("alice", "/start")):
        say(service, channel, user, text, platform=platform)
    seat, users = play_through_service_until(service, platform, channel, seat_with_a_menu)
    reply = say(service, channel, users[seat], "/status", platform=platform)
    assert reply.menu is not None
    return reply.menu, users[seat]


def picture(pic) -> Image.Image:
    return Image.open(io.BytesIO(pic.render())).convert("RGB")


def digit_on(image: Image.Image, centre: tuple[int, int], size: int) -> str:
    """The digit drawn in the disc at `centre`: the best match of its light pixels (the mark's
    ink) against each digit drawn alone in the same face."""
    half = round(size * 0.85 * 0.7)
    box = (centre[0] - half, centre[1] - half, centre[0] + half + 1, centre[1] + half + 1)
    seen = [sum(px) > 3 * 128 for px in image.crop(box).get_flattened_data()]
    assert any(seen), f"no mark drawn at {centre}"

    def drawn(digit: str) -> list[bool]:
        ref = Image.new("L", (2 * half + 1, 2 * half + 1), 0)
        ImageDraw.Draw(ref).text((half, half), digit, fill=255, font=font(size, bold=True), anchor="mm")
        return [v > 128 for v in ref.get_flattened_data()]

    return min("12345678", key=lambda d: sum(a != b for a, b in zip(seen, drawn(d))))


def test_a_place_level_carries_its_crop_and_each_option_its_number_in_order(service):
    menu, _ = ludi_public_menu(service, "crop-order")
    assert menu.crop is not None and menu.crop.filename.startswith("crop-ludi-")
    marked = [o for o in menu.options if o.mark]
    # the marks are the options' own numbers, in their order (1, 2, … as the console numbers them)
    assert [o.mark for o in marked] == [str(i) for i, o in enumerate(menu.options, 1) if o.mark]
    assert len(marked) >= 2 and [o.badge for o in marked] == [f"{BADGES[o.mark]} " for o in marked]
    # and on the picture, the disc on each option's place shows that option's number
    game, state, _ = service.state("t", "crop-order")
    view = game.view(state, None)
    spots = crops.spots("ludi", view, [o.parts for o in marked], menu.trail)
    full = crops.full("ludi", view, None, "en")
    box = crops.frame(spots, full.size)
    image = picture(menu.crop)
    assert image.size == (box[2] - box[0], box[3] - box[1])
    size = crops.mark_size(image.width)
    for option, (x, y) in zip(marked, spots):
        assert digit_on(image, (x - box[0], y - box[1]), size) == option.mark, option.label


def test_the_marks_sit_where_each_renderer_draws_the_place():
    from core.games.starcraft.board import BOARD as SC
    from core.games.successors.board import BOARD as SU
    from render import starcraft
    from render.successors import sample_views, to_px

    view = sample_views()[0]
    issos = next(sid for sid, sp in SU.spaces.items() if sp["name"] == "Issos")
    assert crops.spots("successors", view, [("Issos",), ("stop",), ("#38 Unrest", "event", "Issos")]) == \
        [to_px(issos), None, to_px(issos)]
    sc_view = starcraft.example_view()
    planet = next(iter(SC.planets))
    name = SC.planets[planet]["name"]
    x, y = starcraft.quarter_box(planet, "C")
    half = starcraft.sc(32)
    assert crops.spots("starcraft", sc_view, [(name,), (f"{name} discard",), ("move", f"marine {planet}.C"),
                                              (f"→ {planet}.C",)]) == \
        [starcraft.centre(planet), starcraft.centre(planet), (x + half, y + half), (x + half, y + half)]


def test_an_infinity_spot_is_marked_at_its_inches_on_the_table():
    from render.infinity import table_point
    from tests.infinity.test_infinity_hidden import hidden_start

    view = get_game("infinity").view(hidden_start(), None)
    # a line's inches fold into one option (`24 6.83`) or split over two levels (`24` › `6.83`)
    assert crops.spots("infinity", view, [("24", "6.83"), ("6.83",), ("done",)], trail=("place AH1", "24")) == \
        [table_point(view, 24, 6.83), table_point(view, 24, 6.83), None]


def hidden_deployed():
    from tests.infinity.support import act
    from tests.infinity.test_infinity_hidden import hidden_start

    state, _ = act(hidden_start(), "A", "place AH1 30 5", private=True)
    assert any(t["id"] == "AH1" and t["placed"] for t in state["rosters"]["A"])
    return state


def test_a_private_crop_shows_only_what_its_seat_may_see():   # §9.5.1, §11: a hidden trooper
    from render.infinity import table_point

    game, state = get_game("infinity"), hidden_deployed()
    near = [("1", table_point(game.view(state, None), 28, 8)), ("2", table_point(game.view(state, None), 33, 3))]
    hidden = table_point(game.view(state, None), 30, 5)
    drawn = {who: crops.crop("infinity", game.view(state, who), who, "en", near).convert("RGB")
             for who in (None, "A", "B")}
    size = crops.full("infinity", game.view(state, None), None, "en").size
    box = crops.frame([p for _, p in near], size, *crops.FRAMES["infinity"])
    around = (hidden[0] - box[0] - 12, hidden[1] - box[1] - 12, hidden[0] - box[0] + 12, hidden[1] - box[1] + 12)
    public = drawn[None].crop(around).tobytes()
    assert drawn["B"].crop(around).tobytes() == public, "B's crop shows A's hidden trooper"
    assert drawn["A"].crop(around).tobytes() != public, "A's own crop should show his trooper"


def test_the_service_draws_a_public_crop_from_the_public_view_and_a_private_one_from_the_seats(
        service, monkeypatch):
    drawn = []
    real = crops.full
    monkeypatch.setattr(crops, "full", lambda game_id, view, seat, lang: drawn.append((view, seat)) or
                        real(game_id, view, seat, lang))
    menu, user = ludi_public_menu(service, "crop-views")
    game, state, _ = service.state("t", "crop-views")
    menu.crop.render()
    assert drawn == [(game.view(state, None), None)]
    # the same level as a private menu of that seat: his own view
    seat = next(p["seat"] for p in service.store.load("t", "crop-views").meta["players"] if p["user"] == user)
    mine = service.menus.root(game, "crop-views", service.store.load("t", "crop-views").meta, state, 0, seat, True)
    service.menus.crop("t", mine)
    drawn.clear()
    if mine.crop is not None:
        mine.crop.render()
        assert drawn == [(game.view(state, seat), seat)]


def test_a_crop_is_drawn_once_per_position_seat_and_path(service, monkeypatch):
    menu, user = ludi_public_menu(service, "crop-cache")
    calls = []
    real = crops.crop
    monkeypatch.setattr(crops, "crop", lambda *a, **k: calls.append(a[3:]) or real(*a, **k))
    first = menu.crop.render()
    again = say(service, "crop-cache", user, "/status").menu
    assert again.crop.key == menu.crop.key and again.crop.render() == first
    assert len(calls) == 1, "the same level at the same position is drawn once (the channel's cache)"
    level = service.press_menu(Command("t", None, user, "", name=user), menu.at(menu.options[0].path)).page
    assert level is not None
    if level.crop is not None:
        assert level.crop.key != menu.crop.key


def test_a_level_that_chooses_no_place_has_no_crop(service):
    for user, text in (("alice", "/new tally"), ("alice", "/join"), ("bob", "/join"), ("alice", "/start")):
        say(service, "crop-none", user, text)
    reply = say(service, "crop-none", "alice", "g=crop-none /me", private=True)
    menu = reply.menus["alice"]
    assert menu.crop is None and not any(o.mark for o in menu.options)


def test_the_console_prints_the_path_of_a_levels_crop(service, tmp_path):
    console = Console(service, channel="crop-console", out_dir=tmp_path)
    for line in ("alice: /new ludi", "alice: /join", "bob: /join", "alice: /start"):
        console.say(line)
    seat, users = play_through_service_until(service, "console", "crop-console", seat_with_a_menu)
    printed = []
    console.print = printed.append
    console.say(f"{users[seat]}: /status")
    shown = [line for line in printed if line.strip().startswith("[map]")]
    assert len(shown) == 1
    path = shown[0].split("] ", 1)[1]
    assert Image.open(path).format == "PNG" and path.startswith(str(tmp_path))


def test_a_mark_between_pixels_is_drawn_on_the_nearest_one():
    """A locator may lay a place out between pixels (Successors' tracks); its mark is drawn at
    the nearest whole pixel, where a paste of the disc at the fraction failed and the menu's
    crop could not be drawn."""
    blank = Image.new("RGB", (1200, 900), (40, 40, 40))
    between = crops.draw_marks(blank, [("1", (848.73, 765.0)), ("2", (939.37, 620.0))])
    whole = crops.draw_marks(blank, [("1", (849, 765)), ("2", (939, 620))])
    assert between.tobytes() == whole.tobytes() and len(between.getcolors(1 << 16)) > 1   # marks drawn


def test_a_successors_level_asks_its_view_only_for_a_word_that_may_name_a_force():
    """The view is made only where a word may be a force's id (render/crops.LAZY_VIEW): every force of
    seeded games at every player count has such an id, and the marks are those of the view given."""
    import random

    from core.games.successors.board import BOARD as SU
    from render.successors import sample_views
    from tests.robots.positions import random_step

    game = get_game("successors")
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(2):
            state, _ = game.start([f"p{i}" for i in range(players)], {}, f"lazy{players}-{seed}")
            rnd = random.Random(seed)
            for _ in range(400):
                assert all(crops._successors_may_be_force(gid.lower()) for gid in state["gens"]), state["gens"]
                if not game.prompts(state):
                    break
                state, _ = random_step(game, state, rnd)
    view = sample_views()[0]
    asked = []

    def view_of():
        asked.append(1)
        return view
    # verbs, a card, a seat, a space: no view asked
    words = [("activate",), ("#38 Unrest", "event"), ("b",), ("end",), ("Issos",)]
    assert crops.spots("successors", view_of, words) == crops.spots("successors", view, words) and not asked
    # a force: the view asked, once, and the marks those of the view given
    force = next(gid for gid, g in view["gens"].items() if g.get("at") in SU.spaces)
    choices = [("Issos",), (force,), ("move", force.lower()), ("stop",)]
    got = crops.spots("successors", view_of, choices)
    assert got == crops.spots("successors", view, choices) and got[1] is not None and asked == [1]
