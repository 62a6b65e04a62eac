"""Helpers the rules tests of every game share: what the events said, who must act, random
legal play until a position of interest."""
import random

from bot.service.types import Command


def texts(events) -> str:
    """Every text the events carry, in order, as one line."""
    return " | ".join(e.text for e in events if e.text)


def single_seat(game, state) -> str:
    """The one seat that must act now (the test fails when several or none must)."""
    prompts = game.prompts(state)
    assert len(prompts) == 1, prompts
    return next(iter(prompts))


def run_until(game, state, pred, seed=0, limit=20000):
    """Random legal play (the game's own `sample`, a random pending seat each step, private
    choices included) until pred(state) holds; fails if the game ends or `limit` steps pass first."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if pred(state):
            return state
        prompts = game.prompts(state)
        assert prompts, "the game ended before the condition held"
        seat = rnd.choice(sorted(prompts))
        state, _ = game.apply(state, seat, game.parse(game.sample(state, seat, rnd), private=True))
    raise AssertionError("condition never held")


def play_through_service_until(service, platform: str, channel: str, pred, seed=4, limit=200):
    """Random legal play sent through the service as its seated players (each line as the game
    would take it: privately or not), until pred(prompts) names a seat; returns that seat and the
    seats' users. Fails if `limit` lines pass first."""
    rnd = random.Random(seed)
    for _ in range(limit):
        game, state, rec = service.state(platform, channel)
        users = {p["seat"]: p["user"] for p in rec.meta["players"]}
        prompts = game.prompts(state)
        seat = pred(prompts)
        if seat is not None:
            return seat, users
        seat = sorted(prompts)[0]
        line = game.sample(state, seat, rnd)
        service.handle(Command(platform, channel, users[seat], f"/{game.id} {line}",
                               private=game.sent_privately(line, prompts[seat])))
    raise AssertionError("no seat met the condition")


def seat_with_a_menu(prompts, many=9):
    """The first seat whose public prompt is long enough to be drawn as a menu (≥ 9 actions)."""
    return next((seat for seat, prompt in prompts.items() if len(prompt.actions) >= many), None)


def place_level(service, platform: str, menu, user: str) -> str | None:
    """The path of the first level below the menu's first page that chooses a place (breadth
    first: a level drawn with a crop of the map), or None."""
    queue = [o.path for o in menu.options if not o.leaf]
    while queue:
        path = queue.pop(0)
        page = service.press_menu(Command(platform, None, user, "", name="u"), menu.at(path)).page
        if page is not None and page.crop is not None:
            return path
        queue += [o.path for o in (page.options if page else []) if not o.leaf]
    return None


def seat_with_a_place_level(service, platform: str, channel: str):
    """For `play_through_service_until`: the first seat with a public menu (`seat_with_a_menu`) one
    of whose levels chooses a place (a game's dealt position may offer none at first)."""
    def pred(prompts):
        seat = seat_with_a_menu(prompts)
        if seat is None:
            return None
        _, _, rec = service.state(platform, channel)
        user = next(p["user"] for p in rec.meta["players"] if p["seat"] == seat)
        menu = service.handle(Command(platform, channel, user, "/status", name="u")).menu
        return seat if menu is not None and place_level(service, platform, menu, user) else None
    return pred

