"""§11 the private view: in words (`describe`, for /me) and in the picture (§14.4), differing
from the public one exactly where private information exists."""
import io

from PIL import ImageChops

from bot.console.repl import Console
from core.games.infinity import GAME
from render.infinity import draw, layout, render, table_point

from .support import act, deploy_state, force_next_roll, named, new, rosters

PUBLIC = ("Fusilier; wip=13; ph=10; s=2", "Sniper; wip=12; ph=10; s=2; skills=fd1")
B_PUBLIC = ("Alguacil; wip=14; ph=10; s=2", "Hacker; wip=12; ph=10; s=2")
GHOST = "Ghost; wip=13; ph=11; s=2; skills=hd,fd2"
SHADE = "Shade; wip=12; ph=12; s=2; skills=hd,inf"
SPECTRE = "Spectre; wip=12; ph=12; s=2; skills=hd"


def hidden_game():
    """A in step 1 with two hidden troopers (AH1 the Lieutenant), B with one hidden."""
    state = deploy_state(PUBLIC, B_PUBLIC, a_hidden=(GHOST, SHADE), b_hidden=(SPECTRE,), lt=("AH1", "B1"))
    state, _ = act(state, "A", "place AH1 40 19", private=True)
    return state


def test_describe_lists_roster_with_stats_and_private_marks():  # §11 full roster, Lieutenant marked
    text = named(GAME.describe(GAME.view(hidden_game(), "A")))
    assert "private view of alice (A)" in text
    assert "A1 Fusilier: WIP 13, PH 10, S2, 25 mm base" in text
    assert "AH1 Ghost [★ your LIEUTENANT (secret); HIDDEN: only you see it]" in text
    assert "AH2 Shade [HIDDEN: only you see it]" in text
    assert "Placed at (40, 19)" in text
    assert "Lieutenant: AH1 Ghost (WIP 13)" in text
    assert "Forward Deployment 2: up to 8\"" in text                 # what each skill does
    assert "bob (B)'s public roster" in text and "B1 Alguacil" in text


def test_describe_says_what_is_pending_for_the_player():  # §7.2 in words, for each side
    state = hidden_game()
    mine = named(GAME.describe(GAME.view(state, "A")))
    assert "Now: Step 1 of 4, your step: deploy all your troopers but one" in mine
    assert "Still to deploy: A1 Fusilier, A2 Sniper, AH2 Shade" in mine
    theirs = named(GAME.describe(GAME.view(state, "B")))
    assert "Now: Step 1 of 4: alice (A) is deploying" in theirs and "BH1 Spectre" in theirs
    fresh = named(GAME.describe(GAME.view(new(), "B")))
    assert "Your turn to build your roster" in fresh and "name your Lieutenant by DM" in fresh


def test_describe_never_shows_the_other_players_secrets():  # §11 owner only
    state = hidden_game()
    a, b = named(GAME.describe(GAME.view(state, "A"))), named(GAME.describe(GAME.view(state, "B")))
    for secret in ("BH1", "Spectre"):
        assert secret not in a
    for secret in ("AH1", "Ghost", "AH2", "Shade"):
        assert secret not in b
    assert "LIEUTENANT" in b and "B1 Alguacil [★ your LIEUTENANT" in b and "A1 Fusilier [" not in b


def test_describe_shows_private_infiltration_roll():  # §9.3.4 the roll of an hd trooper: owner only
    state = force_next_roll(hidden_game(), lambda v: v <= 9)
    state, events = act(state, "A", "place AH2 20 30", private=True)
    assert all(e.to == ("A",) for e in events)
    value = state["rosters"]["A"][-1]["infiltration"]["roll"]
    text = named(GAME.describe(GAME.view(state, "A")))
    assert f"AH2 Shade Infiltration: rolled {value}, needed 9 or less — passed (private: hidden trooper)" in text
    assert "Infiltration: rolled" not in named(GAME.describe(GAME.view(state, "B")))
    assert "infiltration" not in str(GAME.view(state, None))


def test_describe_shows_public_infiltration_roll_of_a_visible_trooper():  # §9.3.2 public roll
    state = deploy_state(("Ninja; wip=13; ph=11; s=2; skills=inf",) + PUBLIC, B_PUBLIC)
    state = force_next_roll(state, lambda v: v > 8)
    state, _ = act(state, "A", "place A1 20 30")
    text = named(GAME.describe(GAME.view(state, "A")))
    assert "A1 Ninja Infiltration: rolled" in text and "failed" in text
    assert "Failed its Infiltration roll: place it wholly inside your zone next" in text
    assert "Now: Step 1 of 4, your step: place A1 wholly inside your zone" in text


def test_describe_in_the_roster_phase():  # §3 what is left to do before `ready`
    state = rosters(new(), a_lines=PUBLIC, ready=False)
    state, _ = act(state, "A", "ready")
    a = named(GAME.describe(GAME.view(state, "A")))
    assert "Your roster is locked; waiting for bob (B) to type `ready`" in a
    assert "Pending" not in a and "deployed" not in a


def test_private_picture_differs_only_where_private_information_is():  # §14.4
    state = hidden_game()
    pub_view, own_view = GAME.view(state, None), GAME.view(state, "A")
    pub, own = draw(pub_view).convert("RGB"), draw(own_view, "A").convert("RGB")
    lay = layout(pub_view)
    assert layout(own_view).top == lay.top                       # one layout, so pixels compare
    table = (0, lay.top, pub.width, lay.top + lay.table_h + 1)
    diff = ImageChops.difference(pub.crop(table), own.crop(table)).getbbox()
    assert diff is not None                                      # the hidden Lieutenant is drawn
    cx, cy = table_point(own_view, 40, 19)
    y = cy - lay.top
    # every changed table pixel is the hidden trooper, its ring, star and "hidden" label
    assert diff[0] >= cx - 240 and diff[2] <= cx + 240 and diff[1] >= y - 40 and diff[3] <= y + 40
    # public texts are a subset of the private ones, bar the banner
    pub_texts, own_texts = render(pub_view).texts, render(own_view, "A").texts
    extra = [t for t in own_texts if t not in pub_texts]
    assert {"AH1 hidden, Lieutenant", "AH1", "AH2", "Ghost ★Lt (hidden)", "Shade (hidden)"} <= set(extra)
    assert all("AH" in t or "Ghost" in t or "Shade" in t or "PRIVATE" in t or t in
               ("H1", "13", "11", "12", "2", "25", "hd,fd2", "hd,inf", "placed", "pending") for t in extra), extra


def test_public_picture_holds_no_secret():  # §14.4 leak-free, whoever's hidden troopers exist
    state = hidden_game()
    said = " ".join(render(GAME.view(state, None)).texts)
    for secret in GAME.secrets(state) + ["★", "Lt", "PRIVATE", "hidden,"]:
        assert secret not in said


def test_me_through_the_service_answers_in_words(service, tmp_path):  # §11 /me by DM
    out = io.StringIO()
    script = ["alice: /new infinity seed=5", "alice: /join", "bob: /join", "alice: /start",
              "alice: /inf add Fusilier; wip=13; ph=10; s=2",
              "alice (dm): /inf add Ghost; wip=13; ph=11; s=2; skills=hd",
              "alice (dm): /inf lt AH1", "alice (dm): /me"]
    code = Console(service, "private", tmp_path, out).run_script(script)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    answer = text[text.rindex("alice (dm): /me"):]   # (the menu under it names /me all too)
    assert "AH1 Ghost [★ your LIEUTENANT (secret); HIDDEN: only you see it]" in answer
    assert "{" not in answer.split("[picture")[0]                 # words, not JSON
    assert list(tmp_path.glob("**/infinity-v*-A.png"))            # with the private picture
