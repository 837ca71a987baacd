"""The client of one seat at a network host: the same messages as a local `SeatStream`.

`RemoteSeat.connect(address, port, match_id, seat, secret)` joins; a background thread receives
the host's messages so the caller (a render loop) never waits on the network: it calls `pull()`
each frame for what arrived, and `send(text)` to act (the host's `accepted` or `error` arrives
through `pull()` like everything else). `state` is the latest `state` message; `problem` says
why the connection ended, if it did.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.net.protocol import PROTOCOL_VERSION

CONNECT_SECONDS = 5.0


class RemoteSeat:
    """One seat played through a connection to a host (docs/network.md)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.address, self.port, self.match_id, self.secret = "", 0, "", ""  # where it joined, to rejoin
        self.state: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.problem: str | None = None
        self._connection: ClientConnection | None = None
        self._opened = threading.Event()
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._reader: threading.Thread | None = None
        self.bytes_received = 0
        # Called on the reader thread with each message as it arrives (figures, logs); keep it short.
        self.on_message: Callable[[dict[str, Any]], None] | None = None

    @classmethod
    def connect(cls, address: str, port: int, match_id: str, seat: int, secret: str,
                timeout: float = CONNECT_SECONDS) -> RemoteSeat:
        """Connect and say hello; raises OSError when the host cannot be reached."""
        remote = cls(seat)
        remote.address, remote.port, remote.match_id, remote.secret = address, port, match_id, secret
        hello = {"kind": "hello", "match": match_id, "seat": seat, "secret": secret}
        remote._reader = threading.Thread(
            target=remote._run, args=(f"ws://{address}:{port}/", timeout, hello), name=f"tablee-seat-{seat}", daemon=True
        )
        remote._reader.start()
        if not remote._opened.wait(timeout + 1.0) or remote._connection is None:
            raise OSError(f"no Tablée host at {address}:{port} ({remote.problem or 'no answer'})")
        return remote

    def reopen(self, timeout: float = CONNECT_SECONDS) -> RemoteSeat:
        """A new connection to the same seat, with the secret the host gave it (a dropped
        player rejoins); raises OSError when the host cannot be reached."""
        return RemoteSeat.connect(self.address, self.port, self.match_id, self.seat, self.secret, timeout)

    @property
    def connected(self) -> bool:
        return self.problem is None

    def pull(self) -> list[dict[str, Any]]:
        """The messages that arrived since the last pull, in order (never waits)."""
        out: list[dict[str, Any]] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, kinds: str | tuple[str, ...], timeout: float) -> list[dict[str, Any]]:
        """Messages up to and including the next one of `kinds` (scripts and tests; a render
        loop calls `pull()`). Raises TimeoutError when none came in time."""
        wanted = (kinds,) if isinstance(kinds, str) else kinds
        out: list[dict[str, Any]] = []
        while True:
            try:
                item = self._inbox.get(timeout=timeout)
            except queue.Empty as exc:
                raise TimeoutError(f"no {wanted} message within {timeout} s (got {[m['kind'] for m in out]})") from exc
            out.append(item)
            if item["kind"] in wanted:
                return out

    def send(self, text: str) -> None:
        """Ask the host to play `text` for this seat."""
        self._send({"kind": "action", "text": text})

    def sync(self) -> None:
        """Ask the host for a fresh `state`."""
        self._send({"kind": "sync"})

    def ask(self, kind: str, **fields: Any) -> None:
        """Send a question (`check`, `preview`): its answer arrives through `pull()`."""
        self._send({"kind": kind, **fields})

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
        if self._reader is not None:
            self._reader.join(timeout=CONNECT_SECONDS)

    def _send(self, data: dict[str, Any]) -> None:
        if self._connection is None:
            return
        try:
            self._connection.send(json.dumps({**data, "protocol": PROTOCOL_VERSION}))
        except ConnectionClosed as exc:
            self.problem = self.problem or f"connection closed ({exc})"

    def _run(self, uri: str, timeout: float, hello: dict[str, Any]) -> None:
        """The reader thread: owns the connection from opening to closing."""
        try:
            with connect(uri, open_timeout=timeout, proxy=None) as connection:
                self._connection = connection
                self._opened.set()
                self._send(hello)
                for raw in connection:
                    self._receive(raw)
            self.problem = self.problem or "connection closed"
        except ConnectionClosed as exc:
            self.problem = f"connection closed ({exc})"
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            self.problem = str(exc) or type(exc).__name__
        finally:
            self._opened.set()

    def _receive(self, raw: str | bytes) -> None:
        self.bytes_received += len(raw)
        try:
            item = json.loads(raw)
        except ValueError:
            return  # a host of this protocol sends JSON only
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
            return
        if item["kind"] == "state":
            self.state = item
        elif item["kind"] == "welcome":
            self.welcome = item
        if self.on_message is not None:
            self.on_message(item)
        self._inbox.put(item)
