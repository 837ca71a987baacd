"""Finding Tablée hosts on the local network: mDNS / DNS-SD through `zeroconf`.

A host advertises one service of type `_tablee._tcp.local.` per match: its address and port, and
in the TXT record only what a "Join a game" list shows (the host's name, the game, the seats, how
many are open, the match id). **Never the join code nor any secret**: a player still needs the
code the host's screen shows. Joining by typing the address and port always works too.

Neither class ever raises into its caller: without a network (or with multicast blocked) an
`Advertiser` advertises nothing and a `Browser` finds nothing, and `problem` says why. Their
network work runs on threads of their own (zeroconf's), so a screen that calls `found()` every
frame never waits.
"""

from __future__ import annotations

import queue
import socket
import threading
from dataclasses import dataclass, replace
from typing import Any

from game.net.protocol import PROTOCOL_VERSION
from game.textclean import clean_text

SERVICE_TYPE = "_tablee._tcp.local."
MAX_NAME = 40  # characters of a host's name shown in the list
MAX_FIELD = 64
RESOLVE_MS = 3000
STOP_SECONDS = 2.0


@dataclass(frozen=True)
class FoundGame:
    """A match a host advertises: where to connect, and what the list of games shows."""

    name: str  # the host's name (its player's, or the computer's)
    game: str  # the game id
    address: str
    port: int
    match_id: str
    players: int
    open_seats: int
    tls: bool = False  # the host speaks wss:// (`serve --tls-cert`)

    @property
    def join_address(self) -> str:
        """The address "Join a game" fills in: a URL for a TLS host."""
        return f"wss://{self.address}:{self.port}" if self.tls else self.address


def properties(found: FoundGame) -> dict[str, str]:
    """The TXT record of `found` (no code, no secret: nothing that lets anyone take a seat)."""
    found_properties = {
        "v": str(PROTOCOL_VERSION),
        "name": clean_text(found.name, MAX_NAME),
        "game": found.game,
        "match": found.match_id,
        "players": str(found.players),
        "open": str(found.open_seats),
    }
    if found.tls:
        found_properties["tls"] = "1"
    return found_properties


def _text(raw: dict[Any, Any], key: str) -> str:
    value = raw.get(key.encode(), raw.get(key))
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if not isinstance(value, str) or len(value) > MAX_FIELD:
        raise ValueError(f"TXT '{key}' missing or too long")
    return value


def _number(raw: dict[Any, Any], key: str, top: int) -> int:
    text = _text(raw, key)
    if not text.isdigit() or not 0 <= int(text) <= top:
        raise ValueError(f"TXT '{key}' is not a number from 0 to {top}")
    return int(text)


def decode(raw: dict[Any, Any], address: str, port: int) -> FoundGame | None:
    """The FoundGame of a TXT record (bytes or text keys and values) at `address`:`port`; None
    for a record of another protocol version or that does not make sense."""
    try:
        if _number(raw, "v", 999) != PROTOCOL_VERSION or not 0 < port <= 65535:
            return None
        players = _number(raw, "players", 64)
        tls = b"tls" in raw or "tls" in raw
        found = FoundGame(clean_text(_text(raw, "name"), MAX_NAME), clean_text(_text(raw, "game"), MAX_FIELD),
                          address, port, clean_text(_text(raw, "match"), MAX_FIELD), players,
                          min(players, _number(raw, "open", 64)), tls and _number(raw, "tls", 1) == 1)
    except ValueError:
        return None
    return found if found.game and found.match_id else None


def _instance(found: FoundGame) -> str:
    """A service instance name, unique per match (the match id is in it)."""
    label = "".join(c for c in clean_text(found.name, 20) if c not in ".\\") or "Tablee"
    return f"{label} {found.match_id[-12:]}.{SERVICE_TYPE}"


def _zeroconf(interfaces: list[str] | None) -> Any:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    return Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)


def _reason(exc: BaseException) -> str:
    return f"local network discovery is off ({type(exc).__name__}: {exc})"


class Advertiser:
    """Advertises one hosted match until `stop()`. `interfaces` (addresses) limits where (tests:
    127.0.0.1); by default every interface."""

    def __init__(self, found: FoundGame, interfaces: list[str] | None = None) -> None:
        self.found = found
        self.interfaces = interfaces
        self.problem: str | None = None
        self._todo: queue.SimpleQueue[str] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._zc: Any = None
        self._info: Any = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="tablee-advertiser", daemon=True)
            self._thread.start()
            self._todo.put("start")

    def update(self, open_seats: int) -> None:
        """The number of open seats changed (0 once the match has started)."""
        if open_seats != self.found.open_seats:
            self.found = replace(self.found, open_seats=open_seats)
            self._todo.put("update")

    def stop(self) -> None:
        """Withdraw the advertisement (waits a moment at most); idempotent."""
        if self._thread is not None and self._thread.is_alive():
            self._todo.put("stop")
            self._thread.join(STOP_SECONDS)

    def _service(self) -> Any:
        from zeroconf import ServiceInfo

        found = self.found
        host = "".join(c for c in found.match_id[-12:].lower() if c.isascii() and c.isalnum()) or "host"
        return ServiceInfo(SERVICE_TYPE, _instance(found), addresses=[socket.inet_aton(found.address)],
                           port=found.port, properties=properties(found), server=f"tablee-{host}.local.")

    def _work(self) -> None:
        while True:
            task = self._todo.get()
            try:
                if task == "start":
                    self._zc = _zeroconf(self.interfaces)
                    self._info = self._service()
                    # The instance name holds the match id: no other host has it, no probing needed.
                    self._zc.register_service(self._info, cooperating_responders=True)
                elif task == "update" and self._zc is not None and self._info is not None:
                    self._info = self._service()
                    self._zc.update_service(self._info)
                elif task == "stop":
                    if self._zc is not None:
                        if self._info is not None:
                            self._zc.unregister_service(self._info)
                        self._zc.close()
                    return
            except Exception as exc:  # noqa: BLE001  (no network, multicast refused: never the caller's problem)
                self.problem = _reason(exc)
                if task == "stop":
                    return


class Browser:
    """Lists the matches advertised on the local network (`found()`), from `start()` to `stop()`."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self.problem: str | None = None
        self._zc: Any = None
        self._browser: Any = None
        self._lock = threading.Lock()
        self._found: dict[str, FoundGame] = {}
        self._stopped = False

    def start(self) -> None:
        try:
            from zeroconf import ServiceBrowser

            self._zc = _zeroconf(self.interfaces)
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_change])
        except Exception as exc:  # noqa: BLE001  (no network: nothing found, never a crash)
            self.problem = _reason(exc)

    def found(self) -> list[FoundGame]:
        """The matches found so far (a copy, by host name; never waits)."""
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name.lower(), f.match_id))

    def stop(self) -> None:
        self._stopped = True
        try:
            if self._browser is not None:
                self._browser.cancel()
            if self._zc is not None:
                self._zc.close()
        except Exception as exc:  # noqa: BLE001
            self.problem = _reason(exc)
        self._browser = self._zc = None

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        # Resolving may wait on the network: not on zeroconf's own thread.
        threading.Thread(target=self._resolve, args=(zeroconf, name), name="tablee-resolve", daemon=True).start()

    def _resolve(self, zeroconf: Any, name: str) -> None:
        try:
            from zeroconf import IPVersion

            info = zeroconf.get_service_info(SERVICE_TYPE, name, RESOLVE_MS)
            addresses = info.parsed_addresses(IPVersion.V4Only) if info is not None else []
            found = decode(info.properties or {}, addresses[0], int(info.port or 0)) if addresses else None
        except Exception as exc:  # noqa: BLE001  (closed meanwhile, a malformed answer)
            self.problem = self.problem or _reason(exc)
            return
        with self._lock:
            if found is not None and not self._stopped:
                self._found[name] = found
