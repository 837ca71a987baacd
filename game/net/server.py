"""A network host: one seat stream per WebSocket connection, JSON messages (docs/network.md).

The host owns the match (through `game.net.stream.Host`): it applies every action after the
engine checked it, runs the bots, and sends each connection only its own seat's stream, so a
secret never leaves the host. A client proves its seat with the secret the host gave that seat's
player. Bad input never changes the match nor stops the host: a message of the wrong shape, too
large, too frequent, of another protocol version or for another match gets an `error` message;
a client that does not read loses its backlog (it gets a fresh `state` instead), never stalls
the others. Everything runs on one asyncio loop: the match is changed from that loop only.

A host may start in its **lobby** (`started=False`): seats listed in `open_seats` wait for
network players, who look at the lobby and claim a seat with the table's join code
(game/net/lobby.py); nothing is played until `begin()`, which gives the open seats nobody
claimed to bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai import parse_bot_spec
from game.match import BOT, HUMAN, SeatConfig
from game.net import lobby
from game.net.protocol import (
    BAD_CODE,
    BAD_MATCH,
    BAD_MESSAGE,
    BAD_VERSION,
    LOCKED,
    MAX_DEPTH,
    NOT_JOINED,
    NOT_STARTED,
    NOT_YOUR_SEAT,
    PROTOCOL_VERSION,
    SEAT_TAKEN,
    STARTED,
    TOO_FAST,
    TOO_LARGE,
    error,
    message,
    nesting,
)
from game.net.stream import Host, SeatStream

MAX_MESSAGE_BYTES = 4096  # a client's message is a hello or an action: far smaller
HARD_LIMIT_BYTES = 65536  # above this the library closes the connection (code 1009)
RATE_PER_SECOND = 10.0  # a client's messages, on average
RATE_BURST = 20  # ... and at most this many at once
MAX_STRIKES = 100  # messages refused for coming too fast in a row: the connection is closed
OUTBOX_LIMIT = 64  # messages waiting for a slow client: beyond, it gets one fresh `state`
BOT_POLL_SECONDS = 0.01
MAX_CLIENTS = 32  # connections at once: beyond, a new one pushes out the oldest idle one (else code 1013)
MAX_PER_ADDRESS = 8  # connections from one address that hold no seat (a seated player never counts)
HELLO_SECONDS = 5.0  # a connection that holds no seat (nor, before the start, shows the code) is closed
SWEEP_SECONDS = 0.5  # how often idle connections are looked for
SETTLE_SECONDS = 2.0  # the longest a message waits for the last move's autosave (a slow disk)
SETTLE_POLL_SECONDS = 0.002
STAND_IN_BOT = "ismcts:medium"  # plays for a player who dropped, until they are back
MAX_BAD_CODES = 5  # wrong join codes from one connection: then it is closed (code 1008)
# Wrong codes from one address (over new connections too) within GUESS_WINDOW seconds: beyond,
# that address gets error.bad_code whatever it sends, so guessing the code takes years.
MAX_GUESSES = 20
GUESS_WINDOW = 600.0
# Wrong codes from all addresses together within GUESS_WINDOW: beyond, no code is checked
# (error.locked, the right one included) until the oldest is GUESS_WINDOW old, so many addresses
# cannot multiply the guesses: at most 100 guesses in 10 minutes, years for 6.4 million codes.
MAX_GUESSES_ALL = 100
log = logging.getLogger("tablee")


@dataclass(eq=False)
class _Client:
    """One connection: its seat once joined, its rate budget, what waits to be sent."""

    connection: ServerConnection
    tokens: float
    last: float
    address: str = "?"  # the client's address (behind a trusted proxy: the one it forwards)
    since: float = 0.0  # when it began to hold no seat (connected, taken over, the match began)
    dropped: bool = False  # pushed out or timed out: the host is closing it
    stream: SeatStream | None = None
    strikes: int = 0
    bad_codes: int = 0
    in_lobby: bool = False  # showed the join code (or holds a seat): gets the lobby's changes
    closing: bool = False  # the host closes it once what waits is sent
    outbox: list[dict[str, Any]] = field(default_factory=list)
    ready: asyncio.Event = field(default_factory=asyncio.Event)


class NetHost:
    """Serves the streams of `host` over WebSocket. `await start(address, port)`, then clients
    connect; `await stop()` closes everything. Port 0 picks a free port (see `port`)."""

    def __init__(
        self,
        host: Host,
        max_bytes: int = MAX_MESSAGE_BYTES,
        rate: float = RATE_PER_SECOND,
        burst: int = RATE_BURST,
        outbox_limit: int = OUTBOX_LIMIT,
        max_clients: int = MAX_CLIENTS,
        bot_after: float | None = None,
        stand_in: str = STAND_IN_BOT,
        clock: Callable[[], float] = time.monotonic,
        code: str | None = None,
        open_seats: Iterable[int] = (),
        started: bool = True,
        bot_for_open: str = STAND_IN_BOT,
        on_lobby: Callable[[dict[str, Any]], None] | None = None,
        max_per_address: int = MAX_PER_ADDRESS,
        hello_seconds: float = HELLO_SECONDS,
        max_guesses_all: int = MAX_GUESSES_ALL,
        trusted_proxies: Iterable[str] = (),
        ssl: Any = None,
    ) -> None:
        self.host = host
        self.max_bytes = max_bytes
        self.rate = rate
        self.burst = burst
        self.outbox_limit = outbox_limit
        self.max_clients = max_clients
        self.bot_after = bot_after  # seconds a dropped player's seat waits before a bot plays it
        self.stand_in = stand_in
        self.problem: str | None = None  # why the bots stopped, if they did
        self.absent: dict[int, float] = {}  # seat -> since when its player is gone
        self.stood_in: dict[int, SeatConfig] = {}  # seat -> its player's own config, while a bot plays
        self.clock = clock
        self.clients: set[_Client] = set()
        self.seated: dict[int, _Client] = {}
        self._server: Server | None = None
        self._bots: asyncio.Task[None] | None = None
        self.code = code  # the join code (None: no lobby, seats are taken with their secret only)
        self.open_seats = sorted(set(open_seats))  # seats opened for network players
        for seat in self.open_seats:
            if seat not in host.secrets:
                raise ValueError(f"seat {seat} is not a seat a person plays: it cannot be open")
        self.claimed: dict[int, str] = {}  # open seat -> the name of the player who claimed it
        self.started = started
        self.bot_for_open = bot_for_open
        self.on_lobby = on_lobby  # called with every new lobby message (the host's own screen)
        self.guesses: dict[str, list[float]] = {}  # address -> when it sent a wrong code
        self.max_per_address = max_per_address
        self.hello_seconds = hello_seconds
        self.max_guesses_all = max_guesses_all
        self.all_guesses: deque[float] = deque(maxlen=max(1, max_guesses_all))  # every address's wrong codes
        # Proxies (their addresses) whose X-Forwarded-For names the client: behind a reverse
        # proxy every connection comes from it, and the limits per address need the client's.
        self.trusted_proxies = set(trusted_proxies)
        self.ssl = ssl  # an ssl.SSLContext: wss:// (docs/network.md, "Over the internet")
        self._states_due = False  # a hand-over of the states is scheduled on the loop
        self._sweeper: asyncio.Task[None] | None = None

    # --------------------------------------------------------------- lifecycle
    async def start(self, address: str = "127.0.0.1", port: int = 0) -> None:
        self._server = await serve(self._handle, address, port, max_size=HARD_LIMIT_BYTES, compression=None,
                                   ssl=self.ssl)
        self._bots = asyncio.get_running_loop().create_task(self._run_bots())
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if self.started:  # a match under way (resumed): its players have to come back
            self.expect_players()

    def expect_players(self) -> None:
        """Every seat a person plays and nobody holds waits for its player from now on: after
        `bot_after` seconds a stand-in plays it until they come (a resumed match's player who
        never returns does not stop the table)."""
        now = self.clock()
        for seat in self.host.match.human_seats:
            if seat not in self.seated:
                self.absent.setdefault(seat, now)

    @property
    def port(self) -> int:
        assert self._server is not None, "start() first"
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def stop(self) -> None:
        for task in (self._bots, self._sweeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    # ----------------------------------------------------------- connections
    def address_of(self, connection: ServerConnection) -> str:
        """The client's address: the peer's, or behind a trusted proxy the last address of its
        X-Forwarded-For (the one the proxy itself added)."""
        try:
            peer = str(connection.remote_address[0])
        except (AttributeError, IndexError, TypeError):  # no socket (unit tests)
            return "?"
        if peer in self.trusted_proxies:
            request = getattr(connection, "request", None)
            forwarded = request.headers.get("X-Forwarded-For", "") if request is not None else ""
            last = forwarded.split(",")[-1].strip()[:64]
            if last:
                return last
        return peer

    def identified(self, client: _Client) -> bool:
        """It holds a seat, or before the start it showed the join code (it watches the lobby)."""
        return client.stream is not None or (client.in_lobby and not self.started)

    def _admit(self, address: str) -> str | None:
        """Why a new connection from `address` is turned away (None: it may come in). Past a
        cap (its address's connections without a seat, or all connections) the oldest idle
        connection (no seat, not in the lobby) under that cap is pushed out for it, so idle
        connections, however many, cannot keep a seat's player from coming back: the newcomer
        says hello within milliseconds, long before it is the oldest."""
        live = [c for c in self.clients if not c.dropped]
        mine = [c for c in live if c.address == address and c.stream is None]
        if len(mine) >= self.max_per_address and not self._push_out(mine):
            return "too many connections from this address"
        live = [c for c in self.clients if not c.dropped]
        if len(live) >= self.max_clients and not self._push_out(live):
            return "the table is full"
        return None

    def _push_out(self, clients: list[_Client]) -> bool:
        """Close the oldest idle connection of `clients`, or else the oldest that only watches
        the lobby (it can look again; a seat's player must always get back in); False when
        every one holds a seat."""
        idle = [c for c in clients if not self.identified(c)] or [c for c in clients if c.stream is None]
        if not idle:
            return False
        self._drop(min(idle, key=lambda c: c.since), 1013, "the table is full")
        return True

    def _drop(self, client: _Client, code: int, reason: str) -> None:
        """Close a connection from the loop (its handler then ends as for any close)."""
        client.dropped = True
        self.clients.discard(client)
        asyncio.get_running_loop().create_task(client.connection.close(code, reason))

    async def _sweep(self) -> None:
        """Close the connections that stayed idle (no seat; before the start, not in the lobby)
        for `hello_seconds`, and forget wrong codes older than the guess window."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            now = self.clock()
            for client in list(self.clients):
                if not client.dropped and not self.identified(client) and now - client.since >= self.hello_seconds:
                    self._drop(client, 1008, "say hello first")
            for address, times in list(self.guesses.items()):
                if not times or now - times[-1] >= GUESS_WINDOW:
                    del self.guesses[address]

    async def _handle(self, connection: ServerConnection) -> None:
        address = self.address_of(connection)
        refusal = self._admit(address)
        if refusal is not None:
            await connection.close(1013, refusal)
            return
        client = _Client(connection, float(self.burst), self.clock(), address, self.clock())
        self.clients.add(client)
        writer = asyncio.get_running_loop().create_task(self._write(client))
        try:
            async for raw in connection:
                await self._settle()
                try:
                    reply = self._receive(client, raw)
                except Exception:  # noqa: BLE001 - a bug here must not show the client a traceback
                    log.exception("a message from %s could not be handled", address)
                    reply = error(BAD_MESSAGE, "the host could not handle that message")
                if reply is not None:
                    self._queue(client, reply)
                if client.strikes >= MAX_STRIKES:
                    await self._close(client, writer, "too many messages")
                    break
                if client.bad_codes >= MAX_BAD_CODES:
                    await self._close(client, writer, "too many wrong codes")
                    break
                self._flush()
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self.clients.discard(client)
            if client.stream is not None and self.seated.get(client.stream.seat) is client:
                del self.seated[client.stream.seat]
                if self.started:
                    self.absent[client.stream.seat] = self.clock()
                self.lobby_changed()

    async def _settle(self) -> None:
        """Wait (a bounded while) until the last move's autosave is on disk before handling the
        next message: a network player's move, like a bot's, is never played while the one
        before it is being written, so a crash loses at most the move in flight."""
        holds = getattr(self.host.match, "holds", [])
        deadline = time.monotonic() + SETTLE_SECONDS  # the wall clock: a disk does not follow a test's clock
        while holds and any(hold() for hold in holds) and time.monotonic() < deadline:
            await asyncio.sleep(SETTLE_POLL_SECONDS)

    async def _close(self, client: _Client, writer: asyncio.Task[None], reason: str) -> None:
        """Close a connection that misbehaves, after its last error messages (a bounded wait)."""
        client.closing = True
        client.ready.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(writer, 1.0)
        await client.connection.close(1008, reason)

    async def _write(self, client: _Client) -> None:
        """Send what waits for `client`, in order; a slow client only delays itself."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                if not client.outbox:
                    if client.closing:
                        return
                    await client.ready.wait()
                    client.ready.clear()
                    continue
                batch, client.outbox = client.outbox, []
                for item in batch:
                    await client.connection.send(json.dumps(item))

    def _queue(self, client: _Client, item: dict[str, Any]) -> None:
        client.outbox.append(item)
        if len(client.outbox) > self.outbox_limit:
            # It does not keep up: drop the backlog; the state says all a seat needs.
            client.outbox = [client.stream.snapshot()] if client.stream is not None else client.outbox[-self.outbox_limit:]
        client.ready.set()

    def _flush(self) -> None:
        """Hand every seated client what its stream has for it (streams of seats nobody holds
        now keep nothing: their player gets the state on joining). Nothing before the start."""
        if not self.started:
            return
        # The events first, to every client; the states (each a whole view, the costly part) once
        # the events are on their way, so no client waits for the others' states.
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # called outside the loop (scripts, tests): all at once
            loop = None
        self._hand_over(state=loop is None)
        if loop is not None and not self._states_due:
            self._states_due = True
            loop.call_soon(self._flush_states)

    def _flush_states(self) -> None:
        self._states_due = False
        self._hand_over(state=True)

    def _hand_over(self, state: bool) -> None:
        for seat, stream in self.host.streams.items():
            items = stream.pull(state)
            client = self.seated.get(seat)
            if client is not None:
                for item in items:
                    self._queue(client, item)

    async def _run_bots(self) -> None:
        """Apply the bots' moves as they come. A bot that fails (a bug) stops the bots, not the
        host: `problem` says why, and the clients keep their connections and the state."""
        while True:
            if not self.started:
                await asyncio.sleep(BOT_POLL_SECONDS)
                continue
            try:
                self.stand_in_for_absent()
                moved = self.host.poll()
            except Exception as exc:  # noqa: BLE001  (any bug of a bot: reported, never a crash)
                self.problem = f"the bots stopped: {exc}"
                return
            if moved:
                self._flush()
            self._tell_hints()
            await asyncio.sleep(BOT_POLL_SECONDS)

    def _tell_hints(self) -> None:
        """Hand each seated player the coach's answer to their hint once it is ready (to that
        seat's connection only); the record says the seat was coached."""
        for seat, client in list(self.seated.items()):
            if client.stream is None:
                continue
            reply = client.stream.hint_reply()
            if reply is None:
                continue
            self._queue(client, reply)
            if reply.get("advice") is not None:
                from game import records

                recorder = records.recorder_of(self.host.match)
                if recorder is not None:
                    recorder.mark_coached(seat)

    def stand_in_for_absent(self) -> None:
        """A seat whose player has been gone `bot_after` seconds is played by a bot until the
        player says hello again (every client sees it in `state.humans`)."""
        if self.bot_after is None:
            return
        now = self.clock()
        for seat, since in list(self.absent.items()):
            if now - since < self.bot_after:
                continue
            del self.absent[seat]
            match = self.host.match
            if match.is_over() or not match.is_human(seat):
                continue
            own = match.config.seats[seat]
            name, level = parse_bot_spec(self.stand_in)
            self.stood_in[seat] = own
            match.set_seat(seat, SeatConfig(own.name, BOT, name, level))
            for stream in self.host.streams.values():
                stream.resync()  # `humans` changed: everyone gets a new state
            self._flush()
            self.lobby_changed()

    # -------------------------------------------------------------- messages
    def _allowed(self, client: _Client) -> bool:
        """The rate cap: a bucket of `burst` messages refilled at `rate` per second."""
        now = self.clock()
        client.tokens = min(float(self.burst), client.tokens + (now - client.last) * self.rate)
        client.last = now
        if client.tokens < 1:
            client.strikes += 1
            return False
        client.tokens -= 1
        client.strikes = 0
        return True

    def _receive(self, client: _Client, raw: str | bytes) -> dict[str, Any] | None:
        """The reply to one message from `client` (None: the stream's messages say it all)."""
        if not self._allowed(client):
            return error(TOO_FAST, f"at most {self.rate:g} messages a second", {"rate": self.rate})
        size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
        if size > self.max_bytes:
            return error(TOO_LARGE, f"a message has at most {self.max_bytes} bytes", {"limit": self.max_bytes})
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError, RecursionError):  # a deep nest of [ is not JSON here
            return error(BAD_MESSAGE, "a message is a JSON object")
        if nesting(data, MAX_DEPTH) > MAX_DEPTH:
            return error(BAD_MESSAGE, f"a message nests at most {MAX_DEPTH} levels", {"limit": MAX_DEPTH})
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            return error(BAD_MESSAGE, "a message is a JSON object with a 'kind'")
        if data.get("protocol") != PROTOCOL_VERSION:
            return error(BAD_VERSION, f"this host speaks protocol {PROTOCOL_VERSION}",
                         {"protocol": PROTOCOL_VERSION})
        kind = data["kind"]
        if kind == "hello":
            return self._hello(client, data)
        if kind == "lobby":
            return self._lobby(client, data)
        if kind == "claim":
            return self._claim(client, data)
        if client.stream is None:
            return error(NOT_JOINED, "say hello first (match, seat, secret)")
        if kind == "leave":
            return self._leave(client)
        if kind == "action":
            if not self.started:
                return error(NOT_STARTED, "the host has not started the match yet")
            reply = client.stream.send(data.get("text"))
            return reply
        if kind == "sync":
            if not self.started:
                return self.lobby_message()
            client.stream.resync()  # its pending events no longer matter: the state says all
            return client.stream.pull()[-1]
        if kind == "check":
            return client.stream.checked(data.get("text"))
        if kind == "preview":
            return client.stream.preview(data.get("text"))
        if kind == "hint":
            if not self.started:
                return error(NOT_STARTED, "the host has not started the match yet")
            return client.stream.ask_hint()
        return error(BAD_MESSAGE, f"unknown message kind {kind!r}", {"kind": kind[:40]})

    def _hello(self, client: _Client, data: dict[str, Any]) -> dict[str, Any] | None:
        if data.get("match") != self.host.match_id:
            return error(BAD_MATCH, "this host plays another match", {"match": self.host.match_id})
        if not self.started and data.get("seat") in self.open_seats and data.get("seat") not in self.claimed:
            return error(NOT_YOUR_SEAT, "an open seat is claimed with the join code", {"seat": str(data.get("seat"))[:12]})
        joined = self.host.join(data.get("seat"), data.get("secret"))
        if isinstance(joined, dict):
            return joined
        seat = joined.seat
        previous = self.seated.get(seat)
        if previous is not None and previous is not client:  # the seat's player came back elsewhere
            previous.stream = None
            previous.in_lobby, previous.since = False, self.clock()  # idle now: closed before long
            self._queue(previous, error(NOT_JOINED, f"seat {seat} was taken over by a new connection", {"seat": seat}))
        if client.stream is not None and client.stream.seat != seat:
            self.seated.pop(client.stream.seat, None)
        client.stream = joined
        self.seated[seat] = client
        client.in_lobby = True
        self.absent.pop(seat, None)
        if not self.started:  # the lobby: the seat is held, the match begins later
            self._queue(client, message("seated", match=self.host.match_id, seat=seat, secret=self.host.secrets[seat]))
            self.lobby_changed()
            return None
        own = self.stood_in.pop(seat, None)
        if own is not None:  # the player is back: the bot stands up
            self.host.match.set_seat(seat, own)
            for stream in self.host.streams.values():
                stream.resync()
        self._queue(client, {**joined.welcome(), "match": self.host.match_id})
        self._queue(client, joined.history(self.host.past()))
        self.lobby_changed()
        return None

    # ------------------------------------------------------------------ lobby
    def seat_state(self, seat: int) -> str:
        """`host`, `open`, `taken` or `bot` (a seat a bot stands in for keeps its player's)."""
        if seat in self.open_seats:
            if seat in self.claimed:
                return lobby.TAKEN
            if not self.started:
                return lobby.OPEN
        if self.host.match.is_human(seat) or seat in self.stood_in:
            return lobby.HOST
        return lobby.BOT_SEAT

    def seats(self) -> list[dict[str, Any]]:
        """Every seat as the lobby message lists it."""
        match = self.host.match
        out = []
        for seat in range(match.num_seats):
            state = self.seat_state(seat)
            name = "" if state == lobby.OPEN else self.stood_in.get(seat, match.config.seats[seat]).name
            out.append({"seat": seat, "name": name, "state": state, "connected": seat in self.seated})
        return out

    def lobby_message(self) -> dict[str, Any]:
        match = self.host.match
        return message("lobby", match=self.host.match_id, game=match.config.game_id, players=match.num_seats,
                       started=self.started, hints=self.host.hints, seats=self.seats())

    def lobby_changed(self, tell: bool | None = None) -> None:
        """A seat was claimed, left, (dis)connected, or the match began: the host's screen is
        told, and before the start every connection that showed the code gets the new lobby."""
        msg = self.lobby_message()
        if self.on_lobby is not None:
            self.on_lobby(msg)
        if tell if tell is not None else not self.started:
            for client in self.clients:
                if client.in_lobby:
                    self._queue(client, msg)

    def _code_problem(self, client: _Client, data: dict[str, Any]) -> dict[str, Any] | None:
        """None when `data` has the table's code and it may be checked now; else the error: a
        wrong code, an address past its guesses (bad_code whatever it sends), or the whole
        table past its guesses (locked)."""
        address = client.address
        now = self.clock()
        recent = [at for at in self.guesses.get(address, []) if now - at < GUESS_WINDOW]
        if len(recent) < MAX_GUESSES and self.locked_for(now) > 0:
            client.bad_codes += 1
            minutes = math.ceil(self.locked_for(now) / 60)
            return error(LOCKED, f"too many wrong codes were tried at this table: try again in {minutes} minute(s)",
                         {"minutes": minutes})
        if len(recent) >= MAX_GUESSES or self.code is None or not lobby.same_code(data.get("code"), self.code):
            client.bad_codes += 1
            self.guesses[address] = [*recent, now][-MAX_GUESSES:]
            self.all_guesses.append(now)
            return error(BAD_CODE, "this is not the table's join code")
        return None

    def locked_for(self, now: float) -> float:
        """Seconds until join codes are checked again (0: they are): the table had
        `max_guesses_all` wrong codes within the guess window."""
        if len(self.all_guesses) < self.max_guesses_all:
            return 0.0
        return max(0.0, GUESS_WINDOW - (now - self.all_guesses[0]))

    def _lobby(self, client: _Client, data: dict[str, Any]) -> dict[str, Any] | None:
        problem = self._code_problem(client, data)
        if problem is not None:
            return problem
        client.in_lobby = True
        return self.lobby_message()

    def _claim(self, client: _Client, data: dict[str, Any]) -> dict[str, Any] | None:
        problem = self._code_problem(client, data)
        if problem is not None:
            return problem
        if self.started:
            return error(STARTED, "the match has started: no seat can be claimed")
        if client.stream is not None:
            return error(BAD_MESSAGE, f"this connection already holds seat {client.stream.seat}",
                         {"seat": client.stream.seat})
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.open_seats:
            return error(NOT_YOUR_SEAT, f"seat {seat!r} is not open for network players", {"seat": str(seat)[:12]})
        if seat in self.claimed:
            return error(SEAT_TAKEN, f"seat {seat} is taken", {"seat": seat})
        name = lobby.clean_player_name(data.get("name"))
        if not name:
            return error(BAD_MESSAGE, f"a name of 1 to {lobby.NAME_LIMIT} characters", {"limit": lobby.NAME_LIMIT})
        # A new secret: whoever held this seat before (and left) can no longer take it back.
        secret = self.host.secrets[seat] = self.host.new_secret()
        own = self.host.match.config.seats[seat]
        self.host.match.set_seat(seat, SeatConfig(name, HUMAN, own.bot, own.level))
        self.claimed[seat] = name
        client.stream = self.host.stream(seat)
        client.in_lobby = True
        self.seated[seat] = client
        self._queue(client, message("seated", match=self.host.match_id, seat=seat, secret=secret))
        self.lobby_changed()
        return None

    def _leave(self, client: _Client) -> dict[str, Any] | None:
        """A network player gives their claimed seat back before the start."""
        assert client.stream is not None
        seat = client.stream.seat
        if self.started:
            return error(STARTED, "the match has started: the seat is yours until its end")
        if seat not in self.claimed:
            return error(NOT_YOUR_SEAT, f"seat {seat} was not claimed in the lobby", {"seat": seat})
        del self.claimed[seat]
        self.host.secrets[seat] = self.host.new_secret()
        self.seated.pop(seat, None)
        client.stream = None
        self.lobby_changed()
        return None

    def begin(self, bot_for_open: str | None = None) -> None:
        """Start the match: open seats nobody claimed get a bot (`bot_for_open`, default the
        host's), every seated client gets `welcome` and `state`, the bots start playing."""
        if self.started:
            return
        match = self.host.match
        name, level = parse_bot_spec(bot_for_open or self.bot_for_open)
        for seat in self.open_seats:
            if seat not in self.claimed:
                own = match.config.seats[seat]
                match.set_seat(seat, SeatConfig(own.name or f"Bot {seat + 1}", BOT, name, level))
                self.host.secrets.pop(seat, None)
        self.started = True
        now = self.clock()
        for client in self.clients:  # a lobby watcher without a seat has nothing to wait for now
            if client.stream is None:
                client.since = now
        self.expect_players()  # a player may come later; `bot_after` applies
        for stream in self.host.streams.values():
            stream.resync()
        for client in self.seated.values():
            assert client.stream is not None
            self._queue(client, {**client.stream.welcome(), "match": self.host.match_id})
        self._flush()
        self.lobby_changed(tell=True)
