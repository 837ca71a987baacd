"""The client of one seat at a network host: the same messages as a local `SeatStream`.

`RemoteSeat.connect(address, port, match_id, seat, secret)` joins; a background thread receives
the host's messages so the caller (a render loop) never waits on the network: it calls `pull()`
each frame for what arrived, and `send(text)` to act (the host's `accepted` or `error` arrives
through `pull()` like everything else). `state` is the latest `state` message; `problem` says
why the connection ended, if it did.

Before the host starts its match, `fetch_lobby(address, port, code)` shows the seats and
`RemoteSeat.claim(address, port, code, seat, name)` takes an open one (docs/network.md, the
lobby). A RemoteSeat keeps what it needs to come back: `reopen()` is a new connection to the
same seat with its secret.

An address may be a URL, `wss://NAME[:PORT][/PATH]` for a host behind TLS (`tablee serve
--tls-cert`, or a reverse proxy), or `ws://...`: its port (when it names one) and its path are
used. A `wss://` host's certificate is checked against the system's authorities, plus the ones
in the file named by the TABLEE_CA_FILE environment variable (a home host's own authority).
"""

from __future__ import annotations

import json
import os
import queue
import ssl
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.net.protocol import PROTOCOL_VERSION, nesting

CONNECT_SECONDS = 5.0
# A joining seat's `history` tells the whole match so far (about 300 kB of JSON for a long one):
# the library's 1 MiB default would leave little room.
MAX_RECEIVED_BYTES = 16 * 2**20
MAX_HOST_DEPTH = 32  # a view nests about 8 levels; a message nested deeper is ignored


CA_FILE_ENV = "TABLEE_CA_FILE"  # extra certificate authorities a wss:// host may be signed by
SCHEMES = {"ws": 80, "wss": 443}  # the URL schemes an address may have, and their own ports


class CertificateError(OSError):
    """A wss:// host whose certificate this computer does not trust (or that names another
    host): the connection was refused before anything was sent. `reason`: why, in short."""

    def __init__(self, text: str, reason: str = "") -> None:
        super().__init__(text)
        self.reason = reason or text


class LobbyError(Exception):
    """The host refused a lobby request: `code` is the protocol's error code (e.g.
    `error.bad_code`, `error.seat_taken`, `error.started`) for the screen's own wording, `text`
    the host's English explanation."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code
        self.text = text


def url_parts(address: str) -> tuple[str, str, int | None, str] | None:
    """(scheme, host, port or None, path) of an address typed as a `ws://` or `wss://` URL; None
    for a plain host; OSError when it is a URL that cannot be one of ours."""
    text = address.strip()
    if "://" not in text:
        return None
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as exc:
        raise OSError(f"{address!r} is not an address ({exc})") from exc
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise OSError(f"{address!r}: a host's address starts with wss:// or ws://, not {parts.scheme}://")
    if parts.username is not None or parts.password is not None or parts.query or parts.fragment:
        raise OSError(f"{address!r} is not an address (no user, query or fragment)")
    return scheme, parts.hostname or "", port, parts.path or "/"


def default_port(address: str) -> int | None:
    """The port an address written as a URL says (or its scheme's own: 443 for wss://), None
    for a plain host (the port is typed beside it)."""
    found = url_parts(address)
    if found is None:
        return None
    scheme, _, port, _ = found
    return port if port is not None else SCHEMES[scheme]


def host_uri(address: str, port: int) -> str:
    """`ws://ADDRESS:PORT/` for a typed address (a name, IPv4 or IPv6) and port, or the URL the
    address is (`wss://NAME[:PORT][/PATH]`; its own port wins over `port`); OSError says what is
    wrong with them (nothing is sent anywhere else than that host and port)."""
    scheme, path = "ws", "/"
    host = address.strip() if isinstance(address, str) else ""
    found = url_parts(host) if host else None
    if found is not None:
        scheme, host, url_port, path = found
        port = url_port if url_port is not None else port
        if any(c.isspace() or c in "\\" for c in path) or len(path) > 200:
            raise OSError(f"{address!r} is not an address (its path)")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or len(host) > 253 or any(c.isspace() or c in "/?#@[]\\" for c in host):
        raise OSError(f"{address!r} is not an address (a name like tablee.local, or numbers like 192.168.1.20)")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port <= 65535:
        raise OSError(f"{port!r} is not a port (1 to 65535)")
    return f"{scheme}://[{host}]:{port}{path}" if ":" in host else f"{scheme}://{host}:{port}{path}"


def tls_context() -> ssl.SSLContext:
    """How a wss:// host is checked: the system's authorities, and TABLEE_CA_FILE's if set."""
    context = ssl.create_default_context()
    extra = os.environ.get(CA_FILE_ENV)
    if extra:
        try:
            context.load_verify_locations(extra)
        except (OSError, ssl.SSLError) as exc:
            raise CertificateError(f"{CA_FILE_ENV}={extra}: cannot be read as certificates ({exc})") from exc
    return context


def _open_connection(uri: str, timeout: float) -> ClientConnection:
    """The connection to `uri` (TLS for wss://); CertificateError when its certificate is not
    trusted, OSError and the library's errors otherwise."""
    options: dict[str, Any] = {"open_timeout": timeout, "proxy": None, "max_size": MAX_RECEIVED_BYTES}
    if uri.startswith("wss://"):
        options["ssl"] = tls_context()
    try:
        return connect(uri, **options)
    except ssl.SSLCertVerificationError as exc:
        reason = str(exc.verify_message or exc)
        raise CertificateError(f"the host's certificate is not trusted here ({reason})", reason) from exc


def _refused(item: dict[str, Any]) -> LobbyError:
    return LobbyError(str(item.get("code", "error.bad_message")), str(item.get("message", "")))


def fetch_lobby(address: str, port: int, code: str, timeout: float = CONNECT_SECONDS) -> dict[str, Any]:
    """The host's `lobby` message (its seats, whether it started); OSError when the host cannot
    be reached or does not answer, LobbyError when it refuses (a wrong code)."""
    uri = host_uri(address, port)
    try:
        with _open_connection(uri, timeout) as connection:
            connection.send(json.dumps({"kind": "lobby", "protocol": PROTOCOL_VERSION, "code": code}))
            while True:
                item = json.loads(connection.recv(timeout=timeout))
                if nesting(item, MAX_HOST_DEPTH) > MAX_HOST_DEPTH:
                    raise ValueError("a message nested too deeply")
                if isinstance(item, dict) and item.get("kind") == "lobby":
                    return item
                if isinstance(item, dict) and item.get("kind") == "error":
                    raise _refused(item)
    except CertificateError:
        raise
    except (ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError, ValueError, RecursionError, OSError) as exc:
        raise OSError(f"no Tablée host answered at {uri} ({exc or type(exc).__name__})") from exc


class RemoteSeat:
    """One seat played through a connection to a host (docs/network.md)."""

    def __init__(self, seat: int, address: str = "", port: int = 0, match_id: str = "", secret: str = "") -> None:
        self.seat = seat
        self.address = address
        self.port = port
        self.match_id = match_id
        self.secret = secret
        self.lobby: dict[str, Any] | None = None  # the latest `lobby` message (before the start)
        self.state: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.history: dict[str, Any] | None = None  # the moves before this seat joined (`history`)
        self.problem: str | None = None
        self.certificate_problem: str | None = None  # why the host's TLS certificate was refused
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
        remote = cls(seat, address, port, match_id, secret)
        remote._open({"kind": "hello", "match": match_id, "seat": seat, "secret": secret}, timeout)
        return remote

    @classmethod
    def claim(cls, address: str, port: int, code: str, seat: int, name: str,
              timeout: float = CONNECT_SECONDS) -> RemoteSeat:
        """Take the open `seat` in the host's lobby under `name`; the returned seat holds its
        `secret` and `match_id` (keep them to rejoin). OSError when the host cannot be reached,
        LobbyError when it refuses (wrong code, seat taken, match started...)."""
        remote = cls(seat, address, port)
        remote._open({"kind": "claim", "code": code, "seat": seat, "name": name}, timeout)
        try:
            reply = remote.wait(("seated", "error"), timeout)[-1]
        except TimeoutError as exc:
            remote.close()
            raise OSError(f"the host at {address}:{port} did not answer ({remote.problem or exc})") from exc
        if reply["kind"] == "error":
            remote.close()
            raise _refused(reply)
        remote.match_id = str(reply.get("match", ""))
        remote.secret = str(reply.get("secret", ""))
        return remote

    def reopen(self, timeout: float = CONNECT_SECONDS) -> RemoteSeat:
        """A new connection to the same seat with its secret (after a drop, or a restart of
        the host); raises OSError when the host cannot be reached."""
        return RemoteSeat.connect(self.address, self.port, self.match_id, self.seat, self.secret, timeout)

    def _open(self, first: dict[str, Any], timeout: float) -> None:
        self._reader = threading.Thread(
            target=self._run, args=(host_uri(self.address, self.port), timeout, first),
            name=f"tablee-seat-{self.seat}", daemon=True,
        )
        self._reader.start()
        if not self._opened.wait(timeout + 1.0) or self._connection is None:
            if self.certificate_problem is not None:
                raise CertificateError(f"{self.address}: {self.problem}", self.certificate_problem)
            raise OSError(f"no Tablée host at {self.address}:{self.port} ({self.problem or 'no answer'})")

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
        """Ask the host for a fresh `state` (before the start: a fresh `lobby`)."""
        self._send({"kind": "sync"})

    def leave(self) -> None:
        """Give a seat claimed in the lobby back before the start (the host frees it)."""
        self._send({"kind": "leave"})

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
            with _open_connection(uri, timeout) as connection:
                self._connection = connection
                self._opened.set()
                self._send(hello)
                for raw in connection:
                    self._receive(raw)
            self.problem = self.problem or "connection closed"
        except ConnectionClosed as exc:
            self.problem = f"connection closed ({exc})"
        except CertificateError as exc:
            self.problem, self.certificate_problem = str(exc), exc.reason
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError) as exc:  # ssl errors are OSError
            self.problem = str(exc) or type(exc).__name__
        finally:
            self._opened.set()

    def _receive(self, raw: str | bytes) -> None:
        self.bytes_received += len(raw)
        try:
            item = json.loads(raw)
        except (ValueError, RecursionError):
            return  # a host of this protocol sends JSON only, never a deep nest of [
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str) or nesting(item, MAX_HOST_DEPTH) > MAX_HOST_DEPTH:
            return
        if item["kind"] == "state":
            self.state = item
        elif item["kind"] == "welcome":
            self.welcome = item
        elif item["kind"] == "lobby":
            self.lobby = item
        elif item["kind"] == "history":
            self.history = item
        if self.on_message is not None:
            self.on_message(item)
        self._inbox.put(item)
