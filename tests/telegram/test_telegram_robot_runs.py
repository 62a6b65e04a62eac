"""The robots' run in a Telegram group (issue 35): a robot-only 5-player Successors game, played by
the robots' worker and posted by the adapter's scheduler loop through python-telegram-bot's own
objects (offline), never needs more than 20 new messages a minute in the group; a robot's moves are
one message edited in place, with the picture of each activation while the rate allows."""
import random

import pytest

from bot.robots.worker import work_once
from bot.service.batching import TELEGRAM_GROUP
from tests.rates import busiest
from tests.telegram.conftest import GROUP

NEW = ("sendMessage", "sendPhoto", "sendDocument")


async def robot_game(tg, moves: int, step: float, batched: bool = True) -> dict:
    """`moves` robot moves of a robot-only 5-player game, each `step` simulated seconds after the
    last; the new messages' times, the edits and the moves."""
    now = [0.0]
    tg.adapter.robot_runs.clock = lambda: now[0]
    await tg.say(1, "/new successors robots=5 level=1")
    await tg.say(1, "/start")
    tg.tg.clear()
    times, edits, played, rnd = [], 0, 0, random.Random(7)
    while played < moves:
        if not work_once(tg.adapter.service, "w", block_ms=10, rnd=rnd):
            break
        now[0] += step
        before = len(tg.tg.calls)
        if batched:
            await tg.adapter.remind()
        else:   # the adapter of before issue 35: every reply delivered as a message of its own
            for reply in tg.adapter.service.due_reminders("telegram"):
                await tg.adapter.deliver(reply, None)
        for endpoint, params, _ in tg.tg.calls[before:]:
            if endpoint in NEW and int(params["chat_id"]) == GROUP:
                times.append(now[0])
            edits += endpoint.startswith("edit")
        played += 1
    return {"times": times, "edits": edits, "moves": played}


def busiest_minute(times: list[float]) -> int:
    return busiest(times, TELEGRAM_GROUP.seconds)


# each robot move is drawn and posted by the adapter: 40 moves a third of a second apart (a robots'
# run faster than any group's minute) in the default run, the longer runs under -m slow
@pytest.mark.parametrize("step, moves", [(0.3, 40), pytest.param(1.0, 120, marks=pytest.mark.slow)])
async def test_a_robot_only_game_never_needs_more_than_20_messages_a_minute_in_a_group(tg, step, moves):
    run = await robot_game(tg, moves, step)
    assert run["moves"] == moves
    assert busiest_minute(run["times"]) <= 20
    assert len(run["times"]) < run["moves"] / 2 and run["edits"] > 0   # moves joined into edited messages
    said = " ".join(str(p.get("text", "")) for e, p, _ in tg.tg.calls if e in ("sendMessage", "editMessageText"))
    assert "🤖 Robot" in said


async def test_before_batching_every_robot_move_was_a_message_of_its_own(tg):
    """The figure of before: the same moves delivered reply by reply flood the group."""
    run = await robot_game(tg, 24, 0.3, batched=False)   # more than 20 moves in a minute
    assert busiest_minute(run["times"]) > 20 and len(run["times"]) >= run["moves"]


@pytest.mark.slow
async def test_a_whole_robot_only_game_stays_within_the_groups_rate(tg):
    run = await robot_game(tg, 100_000, 0.5)
    assert busiest_minute(run["times"]) <= 20
    print(f"\n{run['moves']} robot moves: {len(run['times'])} new messages, {run['edits']} edits")
