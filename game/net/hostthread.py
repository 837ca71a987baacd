"""A network host inside the app: a `NetHost` on a thread of its own, with its own asyncio loop.

Every screen of a network match is a client, the host's own included: the host's table joins
over 127.0.0.1 with a `RemoteSeat` like everyone else. The match lives on this thread only (its
bots, its autosave, every action), so no window thread ever touches it. The window's thread
calls `seats()` (a snapshot), `begin()`, `over()` and `stop()`: each is safe from any thread and
never waits on the network. Unless told not to (`advertise`), the match is advertised on the
local network (game/net/discovery.py: never its code nor a secret) while the host runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import socket
import threading
from collections.abc import Iterable
from typing import Any

from game.match import Match
from game.net import joins
from game.net.discovery import Advertiser, FoundGame
from game.net.lobby import new_code
from game.net.protocol import DEFAULT_PORT
from game.net.server import STAND_IN_BOT, NetHost
from game.net.stream import Host

ANY_ADDRESS = ("0.0.0.0", "::", "")  # listening on every interface
START_SECONDS = 10.0
STOP_SECONDS = 5.0
WATCH_SECONDS = 0.05


def lan_address() -> str:
    """This computer's address on the local network, as players type it (127.0.0.1 when there
    is no network). No packet is sent: a UDP socket only picks the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            found = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return found if found and not found.startswith("0.") else "127.0.0.1"


class HostThread:
    """Hosts `match` for network players. `start()` listens (on `port`, or on any free port when
    that one is busy), `begin()` ends the lobby, `stop()` closes everything.

    Open seats (for network players, claimed with `code`): `open_seats`, or by default the seats
    a person plays whose name is empty. The other seats a person plays are the host's own (its
    table joins them with `secret(seat)`). An open seat nobody claimed is given at the start to
    the bot `bot_for_open`, under its name in the match's seats when it has one. A player who
    drops (or, in a resumed match, does not come back) is replaced by a bot after `bot_after`
    seconds (None: never) until they are back.
    `listen` is the address listened on (every interface by default); `autosave` off is for tests.
    A match already under way (resumed) has no lobby.

    The match is autosaved (`autosave`); its id, join code and the seats' secrets are kept beside
    the autosave once it starts (game/net/joins.py), so hosting the resumed match again
    (`records.resume`, then a HostThread of its match) gives the same ones: the players' saved
    joins still work. `problem` says why the host stopped; `notice` a trouble that does not
    stop it (the secrets could not be kept or read back: the players join again by code).
    """

    def __init__(
        self,
        match: Match,
        port: int = DEFAULT_PORT,
        advertise: bool = True,
        host_name: str = "",
        bot_for_open: str = STAND_IN_BOT,
        bot_after: float | None = 60.0,
        open_seats: Iterable[int] | None = None,
        listen: str = "0.0.0.0",
        autosave: bool = True,
        net_options: dict[str, Any] | None = None,
        hints: bool = False,
        tls: Any = None,
    ) -> None:
        self.match = match
        self.port = port
        self.advertise = advertise
        self.host_name = host_name
        self.bot_for_open = bot_for_open
        self.bot_after = bot_after
        self.listen = listen
        self.autosave = autosave
        self.net_options = dict(net_options or {})  # NetHost's limits (scripts and tests lift them)
        self.tls = tls  # an ssl.SSLContext with the host's certificate: players join with wss://
        if open_seats is None:
            open_seats = [s for s in match.human_seats if not match.seat_name(s).strip()]
        self.open_seats = sorted(set(open_seats))
        self.problem: str | None = None
        self.notice: str | None = None
        self.recorder: Any = None
        self.autosave_path: Any = None
        hosted: joins.HostedMatch | None = None
        if autosave:
            from game import records

            self.recorder = records.attach(match, background=True)
            self.recorder.record.network = True  # History tells network matches apart
            try:
                self.autosave_path = self.recorder.store.autosave_path(self.recorder.record)
            except records.RecordError as exc:
                self.notice = str(exc)
            else:
                hosted = joins.load_hosted(self.autosave_path)
                self.notice = joins.problem()
        self.host = Host(match, match_id=hosted.match_id if hosted else self.recorder.record.match_id
                         if self.recorder is not None else None)
        if hosted is not None:  # hosted again: the same secrets, no lobby
            self.host.secrets.update({s: v for s, v in hosted.secrets.items() if s in self.host.secrets})
        self.host.hints = hints  # the players may ask the coach (set_hints changes it in the lobby)
        self.match_id = self.host.match_id
        self.code = hosted.code if hosted is not None and hosted.code else new_code()
        self.ports = [hosted.port] if hosted is not None and hosted.port else []  # the players know it
        self.ports += [port] if port not in self.ports else []
        self.started = hosted is not None or bool(match.history) or not self.open_seats
        # The address players type: the one listened on, or this computer's on the network.
        self.address = listen if listen not in ANY_ADDRESS else lan_address()
        self.net: NetHost | None = None
        self.advertiser: Advertiser | None = None
        self._lock = threading.Lock()
        self._lobby: dict[str, Any] = {"seats": []}
        self._over = match.is_over()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._stopped = False

    # ------------------------------------------------------------ window side
    def start(self) -> None:
        """Listen and serve; OSError when no port can be listened on."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="tablee-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_SECONDS):
            self.stop()
            raise OSError(f"the host did not start within {START_SECONDS:g} s")
        if self.net is None:
            raise OSError(self.problem or "the host could not start")

    def seats(self) -> list[dict[str, Any]]:
        """The seats as the lobby message lists them (a copy: seat, name, state, connected)."""
        with self._lock:
            return copy.deepcopy(self._lobby["seats"])

    def begin(self, bot_for_open: str | None = None) -> None:
        """Start the match (open seats nobody claimed get bots); returns at once. Nothing
        before `start()`."""
        if self.started or self._loop is None:
            return
        self.started = True
        self._call(self._begin, bot_for_open or self.bot_for_open)

    @property
    def hints(self) -> bool:
        return self.host.hints

    def set_hints(self, allowed: bool) -> None:
        """Allow the players' hints or not (the host's setting, in its lobby): every seat is
        told in the lobby, and in its `welcome` when the match starts."""
        self.host.hints = bool(allowed)
        net = self.net
        if net is not None:
            self._call(net.lobby_changed)

    def secret(self, seat: int) -> str:
        """The secret of one of the host's own seats (for its own `RemoteSeat`)."""
        if seat in self.open_seats:
            raise KeyError(f"seat {seat} is open for a network player, not the host's")
        return self.host.secrets[seat]

    def over(self) -> bool:
        return self._over

    def codes_locked(self) -> bool:
        """Too many wrong join codes were tried lately: none is accepted for now (any thread)."""
        net = self.net
        return net is not None and net.locked_for(net.clock()) > 0

    @property
    def url(self) -> str:
        """What a player types in "Join a game" (the address alone for a plain host, with its
        port beside it; a wss:// URL for a TLS host)."""
        if self.tls is None:
            return self.address
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"wss://{host}:{self.port}"

    @property
    def stopped(self) -> bool:
        """`stop()` was called, or the host's thread ended (see `problem`)."""
        return self._stopped or (self._thread is not None and not self._thread.is_alive())

    def stop(self) -> None:
        """Close the connections, stop the loop (and the autosave's writer); idempotent."""
        if self._stopped:
            return
        self._stopped = True
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already ended
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(STOP_SECONDS)

    def _call(self, func: Any, *args: Any) -> None:
        loop = self._loop
        if loop is None or self._stopped:
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(func, *args)

    # ------------------------------------------------------------ host side
    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._main())
        except Exception as exc:  # noqa: BLE001  (a bug here stops the host, never the app)
            self.problem = self.problem or f"the host stopped: {exc}"
        finally:
            self._ready.set()
            loop.close()
            self.host.close()

    async def _main(self) -> None:
        self._stopping = asyncio.Event()
        net = NetHost(self.host, bot_after=self.bot_after, code=self.code, open_seats=self.open_seats,
                      started=self.started, bot_for_open=self.bot_for_open, on_lobby=self._on_lobby,
                      ssl=self.tls, **self.net_options)
        ports = self.ports + ([0] if 0 not in self.ports else [])  # busy ports: any free one
        for port in ports:
            try:
                await net.start(self.listen, port)
                break
            except OSError as exc:
                if port == ports[-1]:
                    self.problem = f"cannot listen on {self.listen}: {exc.strerror or exc}"
                    return
        self.port = net.port
        try:
            if self.started:
                self._keep(new_record=not self.match.history)
            if self.advertise and not self.address.startswith("127.") and self.address != "::1":  # nobody to tell
                match = self.match
                self.advertiser = Advertiser(FoundGame(
                    self.host_name or socket.gethostname(), match.config.game_id, self.address, self.port,
                    self.match_id, match.num_seats, 0, tls=self.tls is not None))
                self.advertiser.start()
            self._on_lobby(net.lobby_message())
            self.net = net
            self._ready.set()
            while not self._stopping.is_set():
                if self.match.is_over() and not self._over and self.autosave_path is not None:
                    joins.forget_hosted(self.autosave_path)  # its secrets are of no use any more
                self._over = self.match.is_over()
                if net.problem is not None:
                    self.problem = net.problem
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), WATCH_SECONDS)
        finally:
            if self.advertiser is not None:
                self.advertiser.stop()
            await net.stop()
            if self.recorder is not None:
                self.recorder.close()
            if self.match.is_over() and self.autosave_path is not None:  # stopped before the watch saw the end
                joins.forget_hosted(self.autosave_path)

    def _begin(self, bot_for_open: str) -> None:
        assert self.net is not None
        self.net.begin(bot_for_open)
        self._keep(new_record=True)

    def _keep(self, new_record: bool) -> None:
        """The match starts: its record (with the final seats) and its secrets go to disk."""
        if self.recorder is not None and new_record:  # the seats are final now: the record says who plays
            from game import records

            self.recorder.record.seats = records.seat_infos(self.match.config)
            self.recorder.save()
        if self.autosave_path is not None:
            secrets = {seat: self.host.secrets[seat] for seat in self.match.human_seats if seat in self.host.secrets}
            try:
                joins.save_hosted(self.autosave_path, joins.HostedMatch(self.match_id, self.code, secrets, self.port))
            except OSError as exc:
                self.notice = (f"{joins.hosted_path(self.autosave_path)}: {exc.strerror or exc}"
                               " (the players cannot rejoin after a restart of the host)")

    def _on_lobby(self, message: dict[str, Any]) -> None:
        with self._lock:
            self._lobby = message
        if self.advertiser is not None:
            self.advertiser.update(sum(seat["state"] == "open" for seat in message["seats"]))
