"""Every write of a command lands together (issue 28): a command raced by two processes is
"done" once and "already done" once; no side write (the players' game index, the reminder
schedule, a transfer's token, the old channel of a moved game) is left for after the commit,
so a process killed right after it leaves nothing half-done; a transfer is used up once."""
import orjson
import pytest
import redis

from bot.service import Service
from bot.service.types import Command
from bot.store import AlreadyDone, Store


def say(service, user, text, channel="w", platform="t", **kw):
    return service.handle(Command(platform, channel, user, text, name=user, **kw))


def other_process(store: Store) -> Store:
    """The same Redis through a client of its own, as another bot process has."""
    kwargs = store.redis.connection_pool.connection_kwargs
    client = redis.Redis(unix_socket_path=kwargs["path"]) if "path" in kwargs else \
        redis.Redis(host=kwargs.get("host", "localhost"), port=kwargs.get("port", 6379))
    return Store(client, prefix=store.prefix)


# ---- the same command in two processes ---------------------------------------------------------
def test_the_same_command_committed_by_two_processes_is_done_once_and_already_done_once(store):
    """Both processes read the game at write 1 before either wrote; the first stores the
    command's key with write 2. The second finds the key "one write ahead": that is the other
    process's write, not redis-py resending ours, so it is "already done"."""
    store.commit("t", "race", 0, meta={"status": "playing"}, state={"n": 0})
    second = other_process(store)
    first_read, second_read = store.load("t", "race", key="k"), second.load("t", "race", key="k")
    assert first_read.done is None and second_read.done is None
    version = store.commit("t", "race", first_read.expected, state={"n": 1}, key="k")
    with pytest.raises(AlreadyDone) as already:
        second.commit("t", "race", second_read.expected, state={"n": 1}, key="k")
    assert already.value.version == version
    assert store.load("t", "race").state == {"n": 1}


def test_a_script_resent_by_redis_py_is_still_our_own_write(store, monkeypatch):
    """redis-py resends a script whose answer was lost; the resend finds our own key (our nonce)
    and reports our write, not "already done"."""
    store.commit("t", "resend", 0, meta={"status": "playing"})
    real = store._commit

    def lost_answer(keys, args):
        real(keys=keys, args=args)            # run on the server…
        return real(keys=keys, args=args)     # …and sent again, as redis-py does after a broken connection
    monkeypatch.setattr(store, "_commit", lost_answer)
    assert store.commit("t", "resend", 1, state={"n": 1}, key="k") == 2


# ---- a process killed right after the commit ------------------------------------------------------
class Killed(BaseException):
    """The process dies: nothing after this point runs (not even `except Exception`)."""


def kill_after_commit(service, monkeypatch):
    """The next commit lands, then the process dies before anything else runs."""
    real = service.store.commit

    def commit_then_die(*args, **kwargs):
        real(*args, **kwargs)
        monkeypatch.setattr(service.store, "commit", real)
        raise Killed()
    monkeypatch.setattr(service.store, "commit", commit_then_die)


def killed(service, monkeypatch, user, text, channel="w", platform="t", **kw):
    kill_after_commit(service, monkeypatch)
    with pytest.raises(Killed):
        say(service, user, text, channel, platform, **kw)


def test_join_killed_after_its_commit_leaves_the_player_able_to_play_privately(service, monkeypatch):
    assert say(service, "alice", "/new tally target=100").ok
    killed(service, monkeypatch, "bob", "/join")
    assert service.store.user_channels("t", "bob") == ["w"]
    assert say(service, "bob", "/status", channel=None, private=True).ok


def test_leave_killed_after_its_commit_leaves_no_stale_index(service, monkeypatch):
    assert say(service, "alice", "/new tally target=100").ok
    assert say(service, "bob", "/join").ok
    killed(service, monkeypatch, "bob", "/leave")
    assert service.store.user_channels("t", "bob") == []


def test_start_killed_after_its_commit_is_still_reminded(service, monkeypatch):
    for user, text in [("alice", "/new tally target=100 deadline=1h"), ("alice", "/join"), ("bob", "/join")]:
        assert say(service, user, text).ok
    killed(service, monkeypatch, "alice", "/start")
    scheduled = service.store.redis.zscore(service.store.reminders_key("t"), "w")
    assert scheduled is not None and scheduled <= service.clock() + 3600 + 1


def tally(service, channel="w", options="target=3"):
    for user, text in [("alice", f"/new tally {options}"), ("alice", "/join"), ("bob", "/join"),
                       ("alice", "/start")]:
        assert say(service, user, text, channel).ok


def test_abort_killed_after_its_commit_unindexes_and_unschedules(service, monkeypatch):
    tally(service)
    killed(service, monkeypatch, "alice", "/abort")
    assert service.store.user_channels("t", "alice") == service.store.user_channels("t", "bob") == []
    assert service.store.redis.zscore(service.store.reminders_key("t"), "w") is None


def test_the_last_move_killed_after_its_commit_unindexes_and_unschedules(service, monkeypatch):
    tally(service)
    killed(service, monkeypatch, "alice", "/tl add 3")
    assert service.store.load("t", "w").meta["status"] == "finished"
    assert service.store.user_channels("t", "alice") == service.store.user_channels("t", "bob") == []
    assert service.store.redis.zscore(service.store.reminders_key("t"), "w") is None


def move(service, user="alice", channel="w", to="x"):
    transfer = say(service, user, "/export", channel=None, private=True)
    assert transfer.ok, transfer.error
    codes = {u: lines[0].split("/join ")[1].split()[0] for u, lines in transfer.private.items()}
    return "/import " + transfer.file[1].decode(), codes


def test_a_transfer_in_killed_after_its_commit_closes_the_old_channel_and_uses_up_the_file(service, monkeypatch):
    tally(service, options="target=100")
    line, _ = move(service)
    killed(service, monkeypatch, "dave", line, channel="x")
    assert service.store.load("t", "w").meta["status"] == "moved"          # no fork: the old one is closed
    assert service.store.user_channels("t", "alice") == service.store.user_channels("t", "bob") == ["x"]
    assert service.store.redis.zscore(service.store.reminders_key("t"), "x") is not None
    assert service.store.redis.zscore(service.store.reminders_key("t"), "w") is None
    token = orjson.loads(line.split(" ", 1)[1])["transfer"]
    assert service.store.redis.get(service.transfer.key(token)) is None
    assert say(service, "dave", line, channel="y").code == "BAD_IMPORT"


def test_a_rejoin_killed_after_its_commit_indexes_the_player(service, monkeypatch):
    tally(service, options="target=100")
    line, codes = move(service)
    assert say(service, "dave", line, channel="x", platform="d").ok        # another platform: seats wait
    killed(service, monkeypatch, "bob", f"/join {codes['bob']}", channel="x", platform="d")
    assert service.store.user_channels("d", "bob") == ["x"]


def test_agree_killed_after_its_commit_moves_the_index_to_the_new_player(service, monkeypatch):
    tally(service, options="target=100")
    assert say(service, "alice", "/handover carol").ok
    assert say(service, "bob", "/agree").ok
    killed(service, monkeypatch, "carol", "/agree")
    assert service.store.user_channels("t", "carol") == ["w"]
    assert service.store.user_channels("t", "alice") == []


# ---- a transfer is used up exactly once -----------------------------------------------------------
def test_two_imports_of_one_transfer_at_the_same_moment_one_succeeds(service, monkeypatch):
    """Import A has read the transfer and built its write; import B runs whole before A
    writes. Today both succeed: two live copies with one seed. Exactly one may."""
    tally(service, options="target=100")
    line, _ = move(service)
    real = service.store.commit
    other = {}

    def b_first(*args, **kwargs):
        monkeypatch.setattr(service.store, "commit", real)
        if args[1] == "x":
            other["reply"] = say(service, "erin", line, channel="y")
        return real(*args, **kwargs)
    monkeypatch.setattr(service.store, "commit", b_first)
    first = say(service, "dave", line, channel="x")
    replies = [first, other["reply"]]
    assert sorted(r.ok for r in replies) == [False, True], [r.error for r in replies]
    refused = next(r for r in replies if not r.ok)
    assert refused.code == "BAD_IMPORT" and "used already" in refused.error
    live = [c for c in ("x", "y") if (rec := service.store.load("t", c)) and rec.meta]
    assert len(live) == 1


def failed_import_leaves_the_transfer(service, monkeypatch):
    tally(service, options="target=100")
    line, _ = move(service)
    real = service.store.commit

    def channel_taken(*args, **kwargs):
        monkeypatch.setattr(service.store, "commit", real)
        assert say(service, "erin", "/new tally", channel="x").ok
        return real(*args, **kwargs)
    monkeypatch.setattr(service.store, "commit", channel_taken)
    assert say(service, "dave", line, channel="x").code == "GAME_EXISTS"
    assert say(service, "dave", line, channel="z").ok


def test_a_failed_import_leaves_the_transfer_for_another_try(service, monkeypatch):
    """The token goes only with a stored game: an import refused at its write (here: the
    channel got a game meanwhile) does not use it up."""
    failed_import_leaves_the_transfer(service, monkeypatch)


@pytest.fixture
def cluster_like(store):
    """The store as it writes on a Redis Cluster (side keys outside the script), on the same server."""
    store.cluster = True
    return Service(store, remind_after=60)


def test_on_a_cluster_a_transfer_is_claimed_before_and_given_back_on_failure(cluster_like, monkeypatch):
    service = cluster_like
    tally(service, options="target=100")
    line, _ = move(service)
    real = service.store.commit
    other = {}

    def b_first(*args, **kwargs):
        monkeypatch.setattr(service.store, "commit", real)
        other["reply"] = say(service, "erin", line, channel="y")
        return real(*args, **kwargs)
    monkeypatch.setattr(service.store, "commit", b_first)
    replies = [say(service, "dave", line, channel="x"), None]
    replies[1] = other["reply"]
    assert sorted(r.ok for r in replies) == [False, True], [r.error for r in replies]


def test_on_a_cluster_a_failed_import_gives_the_transfer_back(cluster_like, monkeypatch):
    failed_import_leaves_the_transfer(cluster_like, monkeypatch)
    token_keys = list(cluster_like.store.redis.scan_iter(match=f"{cluster_like.store.prefix}:transfer:*"))
    assert token_keys == []   # used by the import that was stored, and only by it


def test_an_old_game_played_on_while_its_import_is_written_is_not_forked(service, monkeypatch):
    """A move in the old channel between the import's read and its write: the old channel is
    closed by the import's own write only if it is still where it was read, so the import is
    refused, the old game goes on, and the transfer waits (a fresh /export makes a new one)."""
    tally(service, options="target=100")
    line, _ = move(service)
    real = service.store.commit

    def old_moves_first(*args, **kwargs):
        monkeypatch.setattr(service.store, "commit", real)
        assert say(service, "alice", "/tl add 1").ok
        return real(*args, **kwargs)
    monkeypatch.setattr(service.store, "commit", old_moves_first)
    reply = say(service, "dave", line, channel="x")
    assert reply.code == "BAD_IMPORT" and reply.error.startswith("The game went on after this transfer file was made")
    assert service.store.load("t", "x") is None and service.store.load("t", "w").meta["status"] == "playing"
    assert service.store.user_channels("t", "alice") == ["w"]
