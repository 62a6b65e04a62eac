"""A loopback TCP proxy in front of the real Redis that can lose a write's reply: armed, it
lets the next EVAL/EVALSHA (of the write script, when told its SHA) reach Redis (so Redis runs
it), then cuts the connection instead of forwarding the answer, and refuses every connection
afterwards until `heal()`."""
from __future__ import annotations

import socket
import threading


class CutProxy:
    def __init__(self, upstream):
        self.upstream = upstream          # () -> a connected socket to the real Redis
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.armed = False
        self.marker: bytes | None = None
        self.down = False
        self.cuts = 0
        self._stop = False
        threading.Thread(target=self._accept, daemon=True).start()

    def arm(self, marker: bytes | None = None) -> None:
        """Cut after the next script call (only one whose request holds `marker`, e.g. the
        write script's SHA, when given: reads are scripts too)."""
        self.armed = True
        self.marker = marker

    def heal(self) -> None:
        self.down = False

    def close(self) -> None:
        self._stop = True
        self.listener.close()

    def _accept(self) -> None:
        while not self._stop:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.down:
                client.close()            # Redis looks unreachable
                continue
            server = self.upstream()
            state = {"eval": False}
            threading.Thread(target=self._up, args=(client, server, state), daemon=True).start()
            threading.Thread(target=self._down, args=(client, server, state), daemon=True).start()

    def _up(self, client, server, state) -> None:
        try:
            while data := client.recv(65536):
                if self.armed and (b"EVALSHA" in data.upper() or b"\r\nEVAL\r\n" in data.upper()) \
                        and (self.marker is None or self.marker in data):
                    state["eval"] = True
                server.sendall(data)
        except OSError:
            pass
        finally:
            _close(server)

    def _down(self, client, server, state) -> None:
        try:
            while data := server.recv(65536):
                if state["eval"] and self.armed:
                    # Redis ran the script and answered: lose the answer, and go dark
                    self.armed, self.down = False, True
                    self.cuts += 1
                    break
                client.sendall(data)
        except OSError:
            pass
        finally:
            _close(client)
            _close(server)


def _close(sock) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
