"""The command tree: built from the grammars, hashed, synced only on change; autocomplete."""
import pytest
from discord import app_commands
from discord.ext import commands

from bot.discord.client import make_client, run, shard_ids_of
from bot.discord.tree import compose, hash_key, specs_of, sync_if_changed, tree_hash, tree_payload
from bot.settings import Settings
from core import registry
from core.grammar import Param, Verb
from robots.levels import LEVELS
from tests.discord.harness import ALICE, APP_ID, BOB, CAROL, CHANNEL, make_harness, two_seated
from tests.tally import Tally


def command(tree, name):
    return next(d for d in tree_payload(tree) if d["name"] == name)


async def test_each_game_is_a_group_of_typed_subcommands(service):
    h = await make_harness(service)
    tally = command(h.client.tree, "tally")
    subs = {o["name"]: o for o in tally["options"]}
    assert set(subs) == {"add", "roll", "secret", "show", "total"}
    (n,) = subs["add"]["options"]
    assert (n["type"], n["required"], n["min_value"], n["max_value"], n["autocomplete"]) == (4, True, 1, 9, True)
    (word,) = subs["secret"]["options"]
    assert word["type"] == 3 and word["autocomplete"] is True
    assert {c["name"] for c in tree_payload(h.client.tree)} >= {
        "new", "join", "leave", "start", "status", "map", "log", "undo", "export", "verify", "help", "remind",
        "abort", "me"}
    assert command(h.client.tree, "new")["contexts"] == [0, 1]      # guilds and the bot's DMs


def test_choices_flags_and_options_become_typed_options_and_compose_the_console_line():
    verb = Verb("place", (Param("id"), Param("x", "float"), Param("y", "float"),
                          Param("how", "choice", ("fast", "slow"), optional=True)),
                flags=("prone",), options=(Param("facing", "float", low=0, high=360),))
    specs = specs_of(verb)
    assert [(s.name, s.role) for s in specs] == [("id", "param"), ("x", "param"), ("y", "param"),
                                                ("how", "param"), ("prone", "flag"), ("facing", "option")]
    values = {"a0": "A4", "a1": 22.5, "a2": 10.25, "a3": None, "f0": True, "o0": 90.0}
    assert compose("/inf", verb, specs, values) == "/inf place A4 22.5 10.25 prone facing=90"
    assert compose("/inf", verb, specs, {"a0": "Big Gun", "a1": 1.0, "a2": 2.0}) == "/inf place 'Big Gun' 1 2"


async def test_the_tree_hash_is_stable_and_changes_with_the_tree(service):
    first = await make_harness(service)
    again = await make_harness(service)
    assert tree_hash(first.client.tree) == tree_hash(again.client.tree)

    class Tally2(Tally):
        verbs = dict(Tally.verbs, double=Verb("double", help="double the total"))

    original = registry._loaded["tally"]
    registry._loaded["tally"] = Tally2()
    try:
        changed = await make_harness(service)
    finally:
        registry._loaded["tally"] = original
    assert tree_hash(changed.client.tree) != tree_hash(first.client.tree)


async def test_sync_happens_only_when_the_tree_changed(service):
    h = await make_harness(service)
    tree = h.client.tree
    assert await sync_if_changed(tree, service, int(APP_ID)) is True
    puts = h.recorder.find("PUT", f"/applications/{APP_ID}/commands")
    assert len(puts) == 1 and {c["name"] for c in puts[0].payload} == {c["name"] for c in tree_payload(tree)}
    stored = service.store.redis.get(f"{service.store.prefix}:{hash_key(service, int(APP_ID))}")
    assert stored.decode() == tree_hash(tree)
    assert await sync_if_changed(tree, service, int(APP_ID)) is False    # a restart with the same tree
    assert len(h.recorder.find("PUT", "/commands")) == 1
    service.store.redis.set(f"{service.store.prefix}:{hash_key(service, int(APP_ID))}", "an older tree")
    assert await sync_if_changed(tree, service, int(APP_ID)) is True
    assert len(h.recorder.find("PUT", "/commands")) == 2


async def test_autocomplete_offers_the_pending_prompts_values_to_that_player_only(service):
    h = await make_harness(service)
    await two_seated(h)
    calls = await h.say(ALICE, "alice", "tally", "secret", focused="word", word="")
    assert calls[-1].payload == {"type": 8, "data": {"choices": [{"name": "wordP1", "value": "wordP1"}]}}
    for uid, name in ((BOB, "bob"), (CAROL, "carol")):     # not their decision / not a player
        calls = await h.say(uid, name, "tally", "secret", focused="word", word="")
        assert calls[-1].payload == {"type": 8, "data": {"choices": []}}
    calls = await h.say(ALICE, "alice", "tally", "secret", focused="word", word="WORD", dm=True)
    assert calls[-1].payload["data"]["choices"] == [{"name": "wordP1", "value": "wordP1"}]   # from a DM too
    calls = await h.say(ALICE, "alice", "tally", "add", focused="n", n="")
    assert calls[-1].payload["data"]["choices"] == [{"name": "1", "value": 1}, {"name": "2", "value": 2}]
    calls = await h.say(ALICE, "alice", "tally", "secret", focused="word", word="zz")
    assert calls[-1].payload == {"type": 8, "data": {"choices": []}}      # filtered by what is typed


def test_run_refuses_clearly_without_a_token(capsys):
    assert run(Settings(discord_token=None)) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().out


def test_shard_settings(service):
    assert shard_ids_of("0, 2") == [0, 2] and shard_ids_of("") is None
    with pytest.raises(ValueError, match="DISCORD_SHARD_COUNT"):
        make_client(Settings(discord_token="t", discord_shard_ids="1"), service)
    with pytest.raises(ValueError, match="between 0 and 1"):
        make_client(Settings(discord_token="t", discord_shard_count=2, discord_shard_ids="2"), service)


async def test_sharded_client_takes_its_shards(service):
    client = make_client(Settings(discord_token="t", discord_shard_count=4, discord_shard_ids="1,3"), service)
    assert isinstance(client, commands.AutoShardedBot)
    assert (client.shard_count, client.shard_ids) == (4, [1, 3])
    assert isinstance(client.tree, app_commands.CommandTree)


async def test_start_up_syncs_once_then_never_again_for_the_same_tree(service):
    first = await make_harness(service, sync=True)        # setup_hook: dynamic items, then the sync check
    assert len(first.recorder.find("PUT", f"/applications/{APP_ID}/commands")) == 1
    second = await make_harness(service, sync=True)       # a restart
    assert second.recorder.find("PUT", "/commands") == []


def test_suggestions_follow_the_arguments_already_chosen(service):
    from types import SimpleNamespace

    from bot.discord.tree import suggestions
    from core.game import Prompt

    verb = Verb("place", (Param("unit"), Param("space"), Param("count", "int", optional=True)), flags=("prone",),
                options=(Param("facing", "word"),))
    prompt = Prompt("place", actions=("place Pyrrhos Epeiros", "place Pyrrhos Makedonia 2 prone",
                                      "place Kassandros Makedonia facing=north", "move a-b"),
                    templates=("place <unit> <space>",), private=("place Secret Thrace",))
    game = SimpleNamespace(id="fake", prompts=lambda state: {"A": prompt})
    rec = SimpleNamespace(meta={"players": [{"user": ALICE, "seat": "A"}, {"user": BOB, "seat": "B"}]})
    service.state = lambda platform, channel: (game, {}, rec)
    unit, space, count = specs_of(verb)[:3]
    facing = specs_of(verb)[-1]
    assert suggestions(service, CHANNEL, ALICE, "fake", verb, unit, {}) == ["Pyrrhos", "Kassandros", "Secret"]
    assert suggestions(service, CHANNEL, ALICE, "fake", verb, space, {0: "pyrrhos"}) == ["Epeiros", "Makedonia"]
    assert suggestions(service, CHANNEL, ALICE, "fake", verb, count, {0: "Pyrrhos", 1: "Makedonia"}) == ["2"]
    assert suggestions(service, CHANNEL, ALICE, "fake", verb, facing, {}) == ["north"]
    assert suggestions(service, CHANNEL, BOB, "fake", verb, unit, {}) == []       # not Bob's decision
    assert suggestions(service, CHANNEL, ALICE, "other", verb, unit, {}) == []    # another game's command


async def test_every_platform_command_of_the_table_is_a_slash_command(service):
    from bot.discord.tree import NOT_SLASH
    from bot.service import COMMANDS

    h = await make_harness(service)
    assert set(NOT_SLASH) == {"lang"}   # Discord shows each user the commands in his client's language
    assert set(COMMANDS) - set(NOT_SLASH) <= {c["name"] for c in tree_payload(h.client.tree)}
    robot = command(h.client.tree, "robot")   # an app_commands.Group: /robot add [count] [level], /robot remove
    assert [(o["name"], o["type"]) for o in robot["options"]] == [("add", 1), ("remove", 1)]
    count, level = robot["options"][0]["options"]
    assert (count["name"], count["required"], count["min_value"]) == ("count", False, 1)
    # the level as discord.py's choices: an integer option whose values are the levels (robots/levels.py)
    assert (level["name"], level["type"], level["required"]) == ("level", 4, False)
    assert [c["value"] for c in level["choices"]] == sorted(LEVELS)
    assert level["choices"][0]["name"].startswith("1 · ") and level["choices"][-1]["name"].startswith("5 · ")


async def test_robot_and_back_reach_the_service_as_their_lines(service):
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="ludi")
    await h.say(ALICE, "alice", "robot", "add", count=2)
    rec = service.store.load("discord", str(CHANNEL))
    assert [p["name"] for p in rec.meta["players"]] == ["🤖 Robot 1", "🤖 Robot 2"]
    await h.say(ALICE, "alice", "robot", "remove")
    rec = service.store.load("discord", str(CHANNEL))
    assert [p["name"] for p in rec.meta["players"]] == ["🤖 Robot 1"]
    await h.say(ALICE, "alice", "robot", "add", count=1, level=4)   # the line /robot add 1 level=4
    rec = service.store.load("discord", str(CHANNEL))
    assert [(p["name"], p.get("level")) for p in rec.meta["players"]] == [("🤖 Robot 1", None), ("🤖 Robot 2 · 4", 4)]



async def test_replace_with_robot_true_sends_replace_seat_robot(service):
    h = await make_harness(service)
    await h.say(ALICE, "alice", "new", game="ludi")
    calls = await h.say(ALICE, "alice", "replace", seat="p2", robot=True)
    said = " ".join(str(c) for c in calls)
    assert "/replace works while the game is in play" in said   # the line reached the service as a replace


def test_the_tree_uses_discord_pys_public_decorators_not_its_private_attributes():
    """describe, rename and autocomplete, as discord.py documents them (issue 26)."""
    from pathlib import Path

    for path in (Path(__file__).resolve().parents[2] / "bot").rglob("*.py"):
        assert "__discord_app_commands" not in path.read_text(), path


async def test_the_tables_commands_are_a_cog_of_the_bot(service):
    """discord.py's own way: the platform commands are one commands.Cog, /robot an app_commands.Group in it."""
    from bot.discord.tree import TableCommands

    h = await make_harness(service)
    cog = h.client.get_cog("table")
    assert isinstance(cog, TableCommands)
    names = {c.name for c in cog.get_app_commands()}
    assert {"new", "join", "map", "log", "import", "help", "robot"} <= names
    assert isinstance(h.client.tree.get_command("robot"), app_commands.Group)
    assert h.client.tree.get_command("robot").get_command("add").binding is cog


async def test_new_offers_the_installed_games_as_you_type(service):
    h = await make_harness(service)
    calls = await h.say(ALICE, "alice", "new", focused="game", game="tal")
    assert calls[-1].payload == {"type": 8, "data": {"choices": [{"name": "tally", "value": "tally"}]}}
    calls = await h.say(ALICE, "alice", "new", game="no-such-game")
    assert "There is no game" in calls[-1].content and service.store.load("discord", CHANNEL) is None


async def test_a_new_command_of_the_table_is_a_slash_command_at_once(service, monkeypatch):
    """An entry added to the table that the Cog does not declare yet is `/word [arguments]`."""
    from dataclasses import replace

    from bot.service import COMMANDS

    monkeypatch.setitem(COMMANDS, "tables", replace(COMMANDS["games"], usage="/tables [which]"))
    h = await make_harness(service)
    (arguments,) = command(h.client.tree, "tables")["options"]
    assert (arguments["name"], arguments["required"], arguments["description"]) == ("arguments", False,
                                                                                  "/tables [which]")
    seen = []
    handle = service.handle
    service.handle = lambda cmd: seen.append(cmd.text) or handle(cmd)
    await h.say(ALICE, "alice", "tables", arguments="all of them")
    assert seen == ["/tables all of them"]
