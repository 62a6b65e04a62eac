"""/rematch, /stats and /away as Discord slash commands, offline through discord.py's own objects
(issue #26): each reaches the service as its line, with the guild as the results' server."""
from bot.service.types import Command
from tests.discord.harness import CHANNEL, GUILD
from tests.discord.test_discord_commands import ALICE, BOB, table


async def finished_table(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"), options="target=3")
    await h.say(ALICE, "alice", "tally", "add", n=2)
    await h.say(BOB, "bob", "tally", "add", n=2)
    assert service.store.load("discord", CHANNEL).meta["status"] == "finished"
    return h


async def test_rematch_and_stats_through_the_slash_commands(service):
    h = await finished_table(service)
    assert service.store.load("discord", CHANNEL).meta["server"] == GUILD   # /new kept the guild
    asked = await h.say(ALICE, "alice", "rematch")
    assert any("asks for a rematch" in c.content for c in asked)
    dealt = await h.say(BOB, "bob", "rematch")
    assert any("Everyone agreed: the rematch begins." in c.content for c in dealt)
    assert service.store.load("discord", CHANNEL).meta["status"] == "playing"
    seen = []
    handle = service.handle
    service.handle = lambda cmd: seen.append(cmd) or handle(cmd)
    stats = await h.say(BOB, "bob", "stats", game="tally")
    assert seen == [Command("discord", CHANNEL, BOB, "/stats tally", name="Bob", server=GUILD)]
    text = " ".join(c.content for c in stats)
    assert "Games played here: 1." in text and "P2 1/1" in text and "Tally ratings: Bob" in text


async def test_away_and_back_through_the_slash_commands(service):
    h = await table(service, (ALICE, "alice"), (BOB, "bob"), options="target=30 deadline=1h")
    away = await h.say(BOB, "bob", "away", time="2d")
    assert any("Bob is away for 2 d" in c.content for c in away)
    status = await h.say(ALICE, "alice", "status")
    assert any("Bob (P2) is away for" in c.content for c in status)
    back = await h.say(BOB, "bob", "back")
    assert any("Bob is back" in c.content for c in back)
