"""§14 / §16.5 the private picture: a seat's own face-down orders marked with their type and
his combat and event cards listed by name, on his picture only; everything else is the
public picture, pixel for pixel, and nothing of another seat's secrets is drawn."""
from PIL import ImageChops

from core.games.starcraft import GAME
from core.games.starcraft.board import BOARD
from render import starcraft as pic

from .conftest import execution_with, started

STACKS = {"MAR": [("P1", "build", False), ("P1", "research", True), ("P2", "mobilize", True)],
          "CHR": [("P2", "build", False), ("P1", "mobilize", False)]}


MARKS = ("M", "B", "R", "*")


def position():
    """Two players in Execution: P1 and P2 each with orders, combat cards, an event card and a
    battle card chosen."""
    state = execution_with(started(2), STACKS)
    state["p"]["P1"]["events"], state["p"]["P2"]["events"] = ["EV01"], ["EV02"]
    state["battle"] = {"area": "MAR.A", "attacker": "P1", "defender": "P2", "origins": {},
                       "cards": {"P1": state["p"]["P1"]["hand"][0], "P2": state["p"]["P2"]["hand"][0]}}
    return state


def cards_of(state, seat):
    p = state["p"][seat]
    return [f"{c} {BOARD.combat[c]['name']}" for c in p["hand"]] + \
        [f"{e} {BOARD.events[e]['name']}" for e in p["events"]]


def test_14_private_picture_marks_own_order_types_only():
    """§14 (orders face down), §16.5: on P1's private picture his discs carry M/B/R and a
    star for the special one; P2's discs, and everything off the stacks, stay as in public."""
    state = position()
    pub = pic.draw(GAME.view(state, None)).convert("RGB")
    own = pic.draw(GAME.view(state, "P1"), "P1").convert("RGB")
    galaxy = (0, 0, pub.width, pic.height(2))
    diff = ImageChops.difference(pub.crop(galaxy), own.crop(galaxy))
    mine = [pic.stack_xy("MAR", 0), pic.stack_xy("MAR", 1), pic.stack_xy("CHR", 1)]
    theirs = [pic.stack_xy("MAR", 2), pic.stack_xy("CHR", 0)]
    r = pic.sc(7)
    for x, y in mine:            # a letter on each of his own discs
        assert diff.crop((x - r, y - r, x + r, y + r)).getbbox() is not None
    for x, y in theirs:          # the other player's discs untouched
        assert diff.crop((x - r - 1, y - r - 1, x + r + 2, y + r + 2)).getbbox() is None
    # every changed pixel of the galaxy and panel is on or beside one of his discs (the star)
    bbox = diff.getbbox()
    xs, ys = [x for x, _ in mine], [y for _, y in mine]
    assert min(xs) - r <= bbox[0] and bbox[2] <= max(xs) + r + 40
    assert min(ys) - r - 2 <= bbox[1] and bbox[3] <= max(ys) + r + 2
    said = pic.words(GAME.view(state, "P1"), "P1")
    assert ["B", "R", "*", "M"] == [w for w in said if w in MARKS]
    public_said = pic.words(GAME.view(state, None))
    assert not set(MARKS) & set(public_said)
    p2 = pic.words(GAME.view(state, "P2"), "P2")       # P2's own: mobilize* and build
    assert sorted(w for w in p2 if w in MARKS) == ["*", "B", "M"]


def test_14_private_picture_lists_own_combat_and_event_cards_by_name():
    """§14: combat and event hands are the owner's (counts public): his private picture adds
    under the panel his cards by id and name and his battle card (§9.2), none of the
    other's; the public picture keeps counts only."""
    state = position()
    public_view = GAME.view(state, None)
    public_said = pic.words(public_view)
    for seat, other in (("P1", "P2"), ("P2", "P1")):
        view = GAME.view(state, seat)
        said = [w for w in pic.words(view, seat) if w not in MARKS]    # the order marks: the test above
        extra = said[len(public_said):]
        text = " ".join(extra)
        assert said[:len(public_said)] == public_said      # the public words, then his own
        assert extra[0].startswith(f"Private view of {seat} ")
        for card in cards_of(state, seat):
            assert card in text, card
        for card in cards_of(state, other):
            if card.split()[0] not in state["p"][seat]["hand"] + state["p"][seat]["events"]:
                assert card.split()[0] not in text, card
        assert f"Your card in this battle: {state['battle']['cards'][seat]}" in text
        img = pic.draw(view, seat)
        assert img.height == pic.height(2) + pic.PRIVATE_TOP + len(pic.private_lines(view, seat)) * pic.PRIVATE_LINE
    secrets = GAME.secrets(state)
    assert not [s for s in secrets if any(s in w for w in public_said)]
    assert pic.draw(public_view, "P1").tobytes() == pic.draw(public_view).tobytes()   # no view, no secret


def test_14_long_hands_wrap_within_the_picture_and_speak_the_language():
    """Eight combat cards and many events wrap to the picture's width; the lines' words come
    from render's catalogue (es, ru)."""
    state = position()
    state["p"]["P1"]["hand"] = sorted(c for c in BOARD.combat if c.startswith("RAY"))[:8]
    state["p"]["P1"]["events"] = sorted(BOARD.events)[:10]
    view = GAME.view(state, "P1")
    for line, _ in pic.private_lines(view, "P1"):
        assert pic.text_length(line, pic.TEXT["line"]) <= pic.W - 36, line
    spanish = " ".join(pic.words(view, "P1", "es"))
    assert "Vista privada de P1" in spanish and "Cartas de combate (8):" in spanish
    assert "Карты событий (10):" in " ".join(pic.words(view, "P1", "ru"))
