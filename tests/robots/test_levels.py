"""Robots' levels (issue 35): `/new GAME robots=2 level=N`, `/robot add 2 level=4`, the level in the
robot's name, what a level thinks with, and the arena's `--level`, `--against robot:LEVEL` and `--save`
written as each game ends."""
import itertools
import random

import orjson
import pytest

from bot.service import Command
from core.errors import RulesError
from core.registry import get_game
from robots import arena, saved
from robots.kit import kit_for
from robots.levels import LEVELS, level
from robots.players import RobotPlayer
from robots.search import Search, Settings
from tests.robots.positions import positions

P = "t"


def say(service, user, text, channel="lv", **kw):
    return service.handle(Command(P, channel, user, text, name=user, **kw))


def test_new_with_robots_and_a_level_names_the_level_and_robot_add_takes_its_own(service):
    reply = say(service, "alice", "/new ludi robots=2 level=4 seed=1")
    assert reply.ok and "🤖 Robot 1 · 4, 🤖 Robot 2 · 4" in reply.text
    added = say(service, "alice", "/robot add level=2")
    assert added.ok and "🤖 Robot 3 · 2" in added.text
    rec = service.store.load(P, "lv")
    assert [p.get("level") for p in rec.meta["players"]] == [4, 4, 2]


def test_a_level_out_of_range_is_refused_with_the_levels_named_and_nothing_stored(service):
    refused = say(service, "alice", "/new ludi robots=2 level=9 seed=1")
    assert not refused.ok and refused.code == "OPTION" and "1 (a beginner) to 5" in refused.error
    assert service.store.load(P, "lv") is None or service.store.load(P, "lv").meta is None
    say(service, "alice", "/new ludi seed=1")
    bad = say(service, "alice", "/robot add 2 level=zero")
    assert not bad.ok and "level=" in bad.error
    assert service.store.load(P, "lv").meta["players"] == []


def test_a_levelled_robot_thinks_with_its_iteration_cap_under_its_ceiling(service):
    player = service.robots.player_for(P, "lv", "p1", 1.0, 4)
    assert player.settings.iterations == LEVELS[4].iterations and player.settings.budget == 1.0
    one_ply = service.robots.player_for(P, "lv", "p2", 10.0, 1)
    assert one_ply.settings.iterations == 0 and one_ply.settings.budget == LEVELS[1].ceiling
    assert (one_ply.settings.worlds, one_ply.settings.slip) == (LEVELS[1].worlds, LEVELS[1].slip)
    plain = service.robots.player_for(P, "lv", "p3", 0.5)
    assert plain.settings.iterations is None and plain.settings.budget == 0.5


def test_each_level_thinks_more_carefully_than_the_one_below_and_a_bad_one_is_a_sentence():
    # more iterations, else more worlds for the one-ply look, else fewer slips: never the same setting twice
    care = [(LEVELS[n].iterations, LEVELS[n].worlds, -LEVELS[n].slip) for n in sorted(LEVELS)]
    assert care == sorted(care) and len(set(care)) == len(care)
    # the beginner slips wherever it can, the next level less often; a level that searches never slips
    assert LEVELS[1].iterations == 0 and LEVELS[1].slip == 1.0 > LEVELS[2].slip > 0
    assert all(LEVELS[n].slip == 0 for n in LEVELS if LEVELS[n].iterations)
    with pytest.raises(RulesError, match="level="):
        level("6")


def test_the_arena_pits_levels_and_saves_each_game_as_it_ends(tmp_path):
    table = arena.Table("ludi", 2, 1, against="robot:1", level=2, seed="lv")
    assert sorted(table.kinds(0)) == ["robot:1", "robot:2"]
    player = table.player("robot:2")
    assert isinstance(player, RobotPlayer) and player.settings.iterations == LEVELS[2].iterations
    saved = tmp_path / "run.json"
    seen = []
    real_write = arena.write

    def spy(path, table_, results):
        seen.append(len(results))
        real_write(path, table_, results)

    arena.write = spy
    try:
        table = arena.Table("ludi", 2, 1, against="robot:1", level=1, seed="lv")
        results = arena.run(table, 2, save=str(saved))
    finally:
        arena.write = real_write
    assert seen == [1, 2]   # the file was rewritten after each game, not once at the end
    data = orjson.loads(saved.read_bytes())
    assert data["table"]["level"] == 1 and len(data["games"]) == 2 == len(results)
    assert "robot:1" in arena.running_score(results)


def test_saved_runs_of_one_table_pool_under_their_seeds_and_a_seed_twice_or_another_table_is_refused(tmp_path, capsys):
    """A rung stopped at a deadline is continued under another seed and the files pooled
    (`python -m robots.saved FILE…`, docs/balance.md's ladder); the same seed again replays the same
    games, and another table's games answer another question: both refused, not silently pooled."""
    files = {}
    for seed in ("a", "b"):
        table = arena.Table("ludi", 2, 1, against="robot:1", level=2, seed=seed)
        files[seed] = tmp_path / f"{seed}.json"
        arena.run(table, 1, save=str(files[seed]))
    other = tmp_path / "other.json"
    arena.run(arena.Table("ludi", 2, 1, against="greedy", level=1, seed="c"), 1, save=str(other))
    table, games = saved.load([str(files["a"]), str(files["b"])])
    assert table.seed == "a+b" and len(games) == 2 and table.level == 2
    saved.main([str(files["a"]), str(files["b"])])
    assert "2 games" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="game 0 of seed a twice"):
        saved.load([str(files["a"]), str(files["a"])])
    with pytest.raises(SystemExit, match="not one table"):
        saved.load([str(files["a"]), str(other)])


def test_a_stopped_run_goes_on_from_its_next_game_and_pools_with_its_start(tmp_path):
    """`strategos arena … --first N`: game N of the seed, the same game a whole run plays as its
    N-th, so a rung stopped after N games is finished under its own seed, and the two files pool
    as one run of that seed; a game in both files is refused."""
    whole = arena.run(arena.Table("ludi", 2, 1, against="robot:1", level=2, seed="go"), 2)
    start, rest, again = (tmp_path / f"{name}.json" for name in ("start", "rest", "again"))
    arena.run(arena.Table("ludi", 2, 1, against="robot:1", level=2, seed="go"), 1, save=str(start))
    later = arena.run(arena.Table("ludi", 2, 1, against="robot:1", level=2, seed="go", first=1), 1, save=str(rest))
    assert [r.number for r in whole] == [0, 1] and later[0].number == 1
    assert (later[0].kinds, later[0].winners, later[0].actions) == (whole[1].kinds, whole[1].winners, whole[1].actions)
    table, games = saved.load([str(start), str(rest)])
    assert table.seed == "go" and [g.number for g in games] == [0, 1]
    arena.run(arena.Table("ludi", 2, 1, against="robot:1", level=2, seed="go", first=0), 2, save=str(again))
    with pytest.raises(SystemExit, match="game 0 of seed go twice"):
        saved.load([str(start), str(again)])
    assert arena.main(["ludi", "--level", "2", "--against", "robot:1", "--games", "1", "--seed", "go",
                       "--first", "1", "--save", str(again)]) == 0
    table, games = saved.load([str(again)])
    assert [(g.number, g.actions) for g in games] == [(1, whole[1].actions)]


def test_level_5_widens_a_ranked_root_and_the_games_whose_kits_rank_none_decide_as_before():
    """Level 5's `breadth` (robots/levels.py: Ludi's root of its look's best 6 lines, not 3) reaches the
    search; levels 1–4 keep each kit's own root, and a kit that names no `root_breadth` (Successors,
    StarCraft, Infinity) searches the same tree with it as without it."""
    assert all(LEVELS[n].breadth is None for n in LEVELS if n < 5) and LEVELS[5].breadth > 3
    assert RobotPlayer.at(LEVELS[5]).settings.breadth == LEVELS[5].breadth
    assert RobotPlayer.at(LEVELS[4]).settings.breadth is None
    for gid in ("successors", "starcraft", "infinity"):
        game, kit = get_game(gid), kit_for(gid)
        assert getattr(kit, "root_breadth", None) is None
        for n, (state, _) in enumerate(itertools.islice(positions(game, 2, seed=11, every=9, games=2,
                                                                  max_moves=300), 3)):
            seat = sorted(game.prompts(state))[0]
            view = game.view(state, seat)
            thoughts = [Search(kit, Settings(budget=None, iterations=10, worlds=3, breadth=breadth)).decide(
                view, seat, random.Random(n)) for breadth in (None, LEVELS[5].breadth)]
            assert thoughts[0].line == thoughts[1].line and thoughts[0].visits == thoughts[1].visits
