"""The robots' run in a Discord channel (issue 35): a robot-only game posted by the scheduler's round
through discord.py's own objects (offline) sends no more than 5 messages per 5 s in the channel; the
moves in between go into the run's message, edited in place."""
import random

from bot.robots.worker import work_once
from bot.service import Command
from bot.service.batching import DISCORD_CHANNEL
from tests.discord.harness import CHANNEL, make_harness
from tests.rates import busiest


async def test_a_robot_only_game_sends_at_most_5_messages_per_5_seconds(service):
    h = await make_harness(service)
    now = [0.0]
    h.client.strategos.robot_runs.clock = lambda: now[0]
    assert service.handle(Command("discord", CHANNEL, "101", "/new successors robots=5 level=1", name="a")).ok
    assert service.handle(Command("discord", CHANNEL, "101", "/start", name="a")).ok
    h.recorder.clear()
    times, rnd, moves = [], random.Random(5), 0
    while moves < 80 and work_once(service, "w", block_ms=10, rnd=rnd):
        now[0] += 0.4
        before = len(h.recorder.calls)
        await h.client.strategos.remind_once()
        times += [now[0] for c in h.recorder.calls[before:]
                  if c.method == "POST" and c.path == "/channels/{channel_id}/messages" and c.url.endswith(
                      f"/channels/{CHANNEL}/messages")]
        moves += 1
    edits = [c for c in h.recorder.calls if c.method == "PATCH" and "/messages/" in c.url]
    assert moves == 80 and busiest(times, DISCORD_CHANNEL.seconds) <= DISCORD_CHANNEL.messages
    assert edits and len(times) < moves / 2
    assert any("🤖 Robot" in (c.payload or {}).get("content", "") for c in edits)
