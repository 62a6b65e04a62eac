"""The robots' run (bot/service/batching.py, issue 35): moves joined into one message edited in place,
a picture per activation while the rate allows, and never more new messages than the rate."""
from bot.service.batching import Rate, RobotRun


def test_moves_join_into_one_edited_message_and_a_picture_ends_the_runs_text():
    run = RobotRun(Rate(20, 60.0), 4096, clock=lambda: 0.0)
    first = run.plan("c", ["🤖 Robot 1 moves to Pella."], False)
    assert first.text == ["🤖 Robot 1 moves to Pella."] and not first.edit_text
    second = run.plan("c", ["🤖 Robot 1 takes Pella."], True)
    assert second.edit_text and second.text == ["🤖 Robot 1 moves to Pella.", "🤖 Robot 1 takes Pella."]
    assert second.picture and not second.edit_picture
    third = run.plan("c", ["🤖 Robot 2 passes."], False)
    assert third.text == ["🤖 Robot 2 passes."] and not third.edit_text   # after the picture: a new message


def test_a_full_window_edits_in_place_and_never_sends_more_than_the_rate():
    now = [0.0]
    run = RobotRun(Rate(5, 5.0), 60, clock=lambda: now[0])
    sent = []
    for i in range(200):
        now[0] += 0.1
        step = run.plan("c", [f"move {i} " + "x" * 20], i % 3 == 2)
        sent += [now[0]] * ((step.text is not None and not step.edit_text) + (step.picture and not step.edit_picture))
        assert all(len(line) <= 60 for line in step.text or [])
    assert all(sum(1 for t in sent if start <= t < start + 5.0) <= 5 for start in sent)
    assert len(sent) >= 5 * 3   # the rate is used, not starved: 20 s of moves


def test_a_persons_message_ends_the_run():
    run = RobotRun(Rate(20, 60.0), 4096, clock=lambda: 0.0)
    run.plan("c", ["🤖 Robot 1 moves."], False)
    run.new_message("c")
    assert not run.plan("c", ["🤖 Robot 1 moves again."], False).edit_text
