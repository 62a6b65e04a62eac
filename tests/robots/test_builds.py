"""An earlier build's robot at the arena's table (robots/builds.py, `--against build:REV`, issue 37):
it thinks in a process running that build's tree, extracted from git, from the views it is handed."""
import random
import shutil
import subprocess

import pytest

from bench.rules import PRE_ISSUE_COMMIT
from core.message import WORDS
from core.registry import get_game
from robots import arena
from robots.builds import ROOT, BuildError, extract
from tests.robots.positions import play_line, positions

has_history = shutil.which("git") is not None and subprocess.run(
    ["git", "-C", ROOT, "cat-file", "-e", f"{PRE_ISSUE_COMMIT}^{{commit}}"], capture_output=True).returncode == 0
needs_history = pytest.mark.skipif(not has_history, reason="no git history here (an archive, a shallow clone): "
                                                            "an earlier build cannot be extracted")


@needs_history
def test_the_pre_issue_robot_plays_a_whole_game_from_this_builds_views():
    """The pre-issue build (issue 37's "today's robot") reads this build's views and answers lines
    this build's rules accept, to the game's end, thinking in its own process."""
    game_id = "infinity"
    table = arena.Table(game_id, 2, 1, f"build:{PRE_ISSUE_COMMIT[:12]}", budget=None, iterations=2, seed="builds")
    played = arena.play(table, 0)
    kinds = set(played.kinds.values())
    assert kinds == {"robot", f"build:{PRE_ISSUE_COMMIT[:12]}"}
    assert played.reason != "unfinished" and played.errors == 0
    assert played.think[f"build:{PRE_ISSUE_COMMIT[:12]}"], "the earlier build searched none of its decisions"


@needs_history
@pytest.mark.parametrize("game_id", ["successors", "ludi", "starcraft"])
def test_the_pre_issue_robot_answers_positions_legally(game_id):
    """Longer games (a Successors game is some 800 actions): positions of random games set up as
    against an earlier build, the seat's view handed to the pre-issue robot, its line accepted here."""
    game = get_game(game_id)
    player = arena.Table(game_id, 2, 1, f"build:{PRE_ISSUE_COMMIT}", budget=None, iterations=3) \
        .player(f"build:{PRE_ISSUE_COMMIT}")
    try:
        for n, (state, seat) in enumerate(positions(game, 2, seed=3, every=15, games=1, max_moves=300,
                                                    options={WORDS: "english"})):
            line = player.decide(game, game.view(state, seat), seat, random.Random(n))
            play_line(game, state, seat, line)     # raises if these rules refuse it
    finally:
        player.close()
    assert n >= 10


@needs_history
def test_the_worker_runs_the_builds_own_tree(tmp_path):
    """The earlier build's search is its own, not this checkout's (the editable install would
    answer if the tree were not first on the path): the player checks the file that ran."""
    player = arena.Table("infinity", 2, 1, f"build:{PRE_ISSUE_COMMIT}", budget=None, iterations=1) \
        .player(f"build:{PRE_ISSUE_COMMIT}")
    try:
        assert player.process.poll() is None and player.tree != ROOT
    finally:
        player.close()
    assert player.process.poll() == 0


@needs_history
def test_an_unknown_revision_is_refused_in_a_sentence(tmp_path, capsys):
    with pytest.raises(BuildError, match="cannot extract build nosuchrevision from git"):
        extract("nosuchrevision", str(tmp_path))
    with pytest.raises(SystemExit):
        arena.main(["infinity", "--against", "build:nosuchrevision", "--games", "1"])
    assert "cannot extract build nosuchrevision" in capsys.readouterr().err


def test_against_an_earlier_build_the_state_keeps_english_words():
    """An earlier build reads a state's words as English sentences (before issue 36); the table's
    own options stay, and a table of this build alone keeps its words as data."""
    assert arena.Table("successors", 2, 1, "build:abc", options={"x": 1}).setup_options() == {WORDS: "english", "x": 1}
    assert arena.Table("successors", 2, 1, "random", options={"x": 1}).setup_options() == {"x": 1}
