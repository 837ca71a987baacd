"""The network host on 127.0.0.1: full matches with scripted clients and bots, and clients that
misbehave (another seat's secret, garbage, too large, too fast, another version or match, a
dropped connection) get an error and change nothing. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.engine import registry
from game.engine.rng import Rng
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.net import protocol
from game.net.protocol import PROTOCOL_VERSION
from game.net.server import NetHost, _Client
from game.net.stream import Host, SeatStream

TIMEOUT = 10.0
PROTOCOL_CODES = {v for k, v in vars(protocol).items() if k.isupper() and isinstance(v, str) and v.startswith("error.")}


def make_host(game_id: str, kinds: str, seed: int = 3) -> Host:
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT, "random") for i, k in enumerate(kinds)]
    match = Match(MatchConfig(game_id, seats, seed=seed), think_seconds=0, threaded=False)
    return Host(match, match_id="m1", secret=iter(f"secret{i}" for i in range(9)).__next__)


def run(host: Host, scenario: Callable[[NetHost], Awaitable[None]], **limits: Any) -> None:
    async def main() -> None:
        net = NetHost(host, **limits)
        await net.start("127.0.0.1", 0)
        try:
            await asyncio.wait_for(scenario(net), TIMEOUT * 3)
        finally:
            await net.stop()

    asyncio.run(main())


async def recv(ws: ClientConnection) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))


async def recv_until(ws: ClientConnection, kind: str) -> list[dict[str, Any]]:
    """Messages up to the first of `kind` (or the first error, if waiting for `accepted`)."""
    ends = {kind, "error"} if kind == "accepted" else {kind}
    got = [await recv(ws)]
    while got[-1]["kind"] not in ends:
        got.append(await recv(ws))
    return got


def hello(seat: int, secret: str, match: str = "m1", protocol: int = PROTOCOL_VERSION) -> str:
    return json.dumps({"kind": "hello", "protocol": protocol, "match": match, "seat": seat, "secret": secret})


def action(text: Any) -> str:
    return json.dumps({"kind": "action", "protocol": PROTOCOL_VERSION, "text": text})


async def join(net: NetHost, seat: int) -> tuple[ClientConnection, list[dict[str, Any]]]:
    ws = await connect(f"ws://127.0.0.1:{net.port}", open_timeout=TIMEOUT, proxy=None)
    await ws.send(hello(seat, net.host.secrets[seat]))
    return ws, await recv_until(ws, "state")


async def play_seat(net: NetHost, seat: int, seed: int, log: list[dict[str, Any]] | None = None) -> int:
    """A scripted client: plays a random legal action whenever the state says it may; every
    message it receives goes to `log`."""
    ws, got = await join(net, seat)
    if log is not None:
        log.extend(got)
    assert got[0]["kind"] == "welcome" and got[0]["seat"] == seat and got[0]["match"] == "m1"
    rng, moves, state = Rng(seed), 0, got[-1]
    while not state["over"]:
        got = []
        if state["legal"]:
            await ws.send(action(state["legal"][rng.randrange(len(state["legal"]))]))
            got = await recv_until(ws, "accepted")  # a state sent before it is already old
            # A bot may have moved since that state: then the engine refuses, nothing else.
            assert got[-1]["kind"] == "accepted" or got[-1]["code"] not in PROTOCOL_CODES, got[-1]
            moves += got[-1]["kind"] == "accepted"
        got += await recv_until(ws, "state")
        if log is not None:
            log.extend(got)
        for msg in got:
            assert msg["protocol"] == PROTOCOL_VERSION
            if msg["kind"] == "events":
                assert msg["action"] is None or msg["actor"] == seat  # no other seat's text
            if msg["kind"] == "state":
                assert msg["seat"] == msg["view"]["seat"] == seat
                state = msg
    await ws.close()
    return moves


@pytest.mark.parametrize("game_id", registry.GAMES)
def test_two_network_players_and_bots_finish_a_match(game_id: str, monkeypatch) -> None:
    """...and each client receives exactly its seat stream's messages (whose secrecy the seat
    stream's property test checks in every game), nothing more, nothing less."""
    rules = registry.load(game_id)
    host = make_host(game_id, "hh" + "b" * (rules.min_players + 1 - 2) if rules.max_players > 2 else "hh")
    streamed: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    pull = SeatStream.pull

    def recorded(stream: SeatStream, state: bool = True) -> list[dict[str, Any]]:
        items = pull(stream, state)
        streamed[stream.seat].extend(json.loads(json.dumps(items)))
        return items

    monkeypatch.setattr(SeatStream, "pull", recorded)
    received: dict[int, list[dict[str, Any]]] = {0: [], 1: []}

    async def scenario(net: NetHost) -> None:
        moves = await asyncio.gather(play_seat(net, 0, 1, received[0]), play_seat(net, 1, 2, received[1]))
        assert all(moves)
        assert host.match.is_over()
        humans = [s for s, _ in host.match.history if s in (0, 1)]
        assert len(humans) == sum(moves)  # every move a client sent was played, once

    # Scripted clients play far faster than people: the rate cap is lifted for them.
    run(host, scenario, rate=10_000, burst=10_000, outbox_limit=10**6)
    for seat in (0, 1):
        wire = [m for m in received[seat] if m["kind"] in ("events", "state")]
        assert wire and wire == streamed[seat]


def test_bad_clients_get_errors_and_change_nothing() -> None:
    host = make_host("jagdfieber", "hhb")

    async def scenario(net: NetHost) -> None:
        ws = await connect(f"ws://127.0.0.1:{net.port}", open_timeout=TIMEOUT, proxy=None)
        bad = [
            (action("play wolf"), "error.not_joined"),  # before hello
            ("{not json", "error.bad_message"),
            ("[1, 2]", "error.bad_message"),
            (json.dumps({"kind": "dance", "protocol": PROTOCOL_VERSION}), "error.not_joined"),
            (hello(0, "secret0", protocol=99), "error.bad_version"),
            (hello(0, "secret0", match="other"), "error.bad_match"),
            (hello(0, "secret1"), "error.bad_secret"),  # seat 1's secret replayed for seat 0
            (hello(2, "secret1"), "error.not_your_seat"),  # the bot's seat
            (hello("0", "secret0"), "error.not_your_seat"),
            ("x" * 5000, "error.too_large"),
            ("é" * 2100, "error.too_large"),  # 2100 characters, 4200 bytes
        ]
        for text, code in bad:
            await ws.send(text)
            reply = await recv(ws)
            assert (reply["kind"], reply["code"]) == ("error", code), text
            assert reply["protocol"] == PROTOCOL_VERSION and reply["message"]
        await ws.send(hello(1, "secret1"))
        got = await recv_until(ws, "state")
        assert [m["kind"] for m in got] == ["welcome", "history", "state"] and got[-1]["legal"]
        await ws.send(json.dumps({"kind": "dance", "protocol": PROTOCOL_VERSION}))
        assert (await recv(ws))["code"] == "error.bad_message"
        await ws.send(action("play unicorn"))  # the engine's own reason
        reason = host.match.state.explain_illegal(1, "play unicorn")
        assert (await recv(ws))["code"] == reason.key
        await ws.send(action(["play", "wolf"]))
        assert (await recv(ws))["code"] == "error.bad_message"
        assert [seat for seat, _ in host.match.history if seat != 2] == []  # only the bot played
        await ws.close()

    run(host, scenario)


def test_a_flood_is_refused_and_the_host_keeps_serving() -> None:
    host = make_host("jagdfieber", "hhh")
    now = [0.0]  # the host's clock stands still: no refill during the flood

    async def scenario(net: NetHost) -> None:
        ws, _ = await join(net, 0)
        sync = json.dumps({"kind": "sync", "protocol": PROTOCOL_VERSION})
        for _ in range(30):
            await ws.send(sync)
        replies = [(await recv(ws)) for _ in range(30)]  # a sync is answered by a state
        # A budget of 5, the hello took one.
        assert [m["kind"] for m in replies] == ["state"] * 4 + ["error"] * 26
        assert {m["code"] for m in replies[4:]} == {"error.too_fast"}
        now[0] += 10.0  # time passes: the budget is back
        await ws.send(action("play wolf"))
        assert [m["kind"] for m in await recv_until(ws, "state")] == ["accepted", "events", "state"]
        assert host.match.history == [(0, "play wolf")]
        await ws.close()

    run(host, scenario, burst=5, clock=lambda: now[0])


def test_a_dropped_client_rejoins_its_seat_and_a_broken_one_harms_nobody() -> None:
    host = make_host("jagdfieber", "hhh")

    async def scenario(net: NetHost) -> None:
        first, _ = await join(net, 0)
        await first.send(action("play wolf"))
        await recv_until(first, "state")
        # A raw connection that sends half a handshake and vanishes.
        raw = socket.create_connection(("127.0.0.1", net.port), timeout=TIMEOUT)
        raw.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgr")
        raw.close()
        await first.close()  # closed lid
        # A client that joined and dies in the middle of a frame (100 bytes announced, 10 sent).
        broken, _ = await join(net, 0)
        broken.transport.write(bytes([0x81, 0x80 | 100, 1, 2, 3, 4]) + b'{"kind": "')
        broken.transport.abort()
        again, got = await join(net, 0)  # the same secret, a new connection
        assert got[-1]["step"] == 1 and got[-1]["legal"] == []  # the seat's own state, unchanged
        other, _ = await join(net, 1)
        await other.send(action("play rabbit"))
        seen = await recv_until(again, "state")
        assert any(m["kind"] == "events" and m["actor"] == 1 and m["action"] is None for m in seen)
        # Taking a seat from a second connection: the first one is told and loses it.
        third, _ = await join(net, 1)
        notice = (await recv_until(other, "error"))[-1]  # after its own move's messages
        assert notice["code"] == "error.not_joined"
        await other.send(action("play wolf"))
        assert (await recv(other))["code"] == "error.not_joined"
        for ws in (again, other, third):
            await ws.close()

    run(host, scenario)


def test_a_client_that_does_not_keep_up_gets_the_state_instead_of_the_backlog() -> None:
    host = make_host("jagdfieber", "hhh")

    async def scenario(net: NetHost) -> None:
        ws, _ = await join(net, 0)
        client = net.seated[0]
        stream = client.stream
        assert stream is not None
        client.ready = asyncio.Event()  # the writer no longer wakes: the client reads nothing
        client.outbox = []
        for i in range(net.outbox_limit):
            net._queue(client, {"kind": "events", "n": i})
        assert len(client.outbox) == net.outbox_limit
        net._queue(client, {"kind": "events", "n": -1})  # one too many
        assert client.outbox == [stream.snapshot()]
        await ws.close()

    run(host, scenario)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**40) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
messages = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["hello", "action", "sync", "dance"]) | json_values,
        "protocol": st.sampled_from([PROTOCOL_VERSION, PROTOCOL_VERSION + 1, "1"]) | json_values,
    },
    optional={
        "match": st.sampled_from(["m1", "m2"]) | json_values,
        "seat": st.integers(-1, 4) | json_values,
        "secret": st.sampled_from(["secret0", "secret1", "secret2"]) | json_values,
        "text": st.sampled_from(["play wolf", "play hunter", "pass"]) | json_values,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(
    messages.map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=30),
    st.sampled_from([hello(0, "secret0"), hello(1, "secret1"), hello(1, "secret0"), action("play wolf"),
                     action("play hunter"), action("play unicorn"), json.dumps({"kind": "sync", "protocol": 1})]),
), max_size=12))
def test_any_message_gets_an_answer_and_only_a_played_action_changes_the_match(raws: list[str]) -> None:
    host = make_host("jagdfieber", "hhh")
    net = NetHost(host, rate=1e9, burst=10**9)
    client = _Client(None, 1.0, 0.0)  # type: ignore[arg-type]  # _receive never touches it
    for raw in raws:
        before = list(host.match.history)
        reply = net._receive(client, raw)
        assert reply is None or reply["kind"] in ("error", "accepted", "state")  # a sync gets its state
        if reply is None or reply["kind"] in ("error", "state"):
            assert host.match.history == before
        else:
            assert len(host.match.history) == len(before) + 1
            assert client.stream is not None and host.match.history[-1][0] == client.stream.seat


def test_connections_beyond_the_cap_are_turned_away() -> None:
    host = make_host("jagdfieber", "hhh")

    async def scenario(net: NetHost) -> None:
        first, _ = await join(net, 0)
        second, _ = await join(net, 1)
        third = await connect(f"ws://127.0.0.1:{net.port}", open_timeout=TIMEOUT, proxy=None)
        with pytest.raises(ConnectionClosed) as closed:
            await recv(third)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        await first.close()
        await asyncio.sleep(0.05)  # the host sees it go
        again, got = await join(net, 0)  # a place is free again
        assert got[-1]["seat"] == 0
        for ws in (second, again):
            await ws.close()

    run(host, scenario, max_clients=2)


def test_a_bot_stands_in_for_a_dropped_player_until_they_are_back() -> None:
    host = make_host("jagdfieber", "hhb")
    now = [0.0]

    async def scenario(net: NetHost) -> None:
        stay, _ = await join(net, 0)
        gone, _ = await join(net, 1)
        await stay.send(action("play wolf"))
        await recv_until(stay, "state")
        await gone.close()
        await asyncio.sleep(0.1)
        assert host.match.is_human(1)  # the seat waits...
        now[0] += 30.0  # ...until the delay is over
        seen = await recv_until(stay, "state")
        while seen[-1]["humans"] != [0]:
            seen = await recv_until(stay, "state")
        while not any(s == 1 for s, _ in host.match.history):  # the stand-in plays seat 1
            await asyncio.sleep(0.01)
        back, got = await join(net, 1)  # the player is back: the bot stands up
        assert got[-1]["humans"] == [0, 1] and host.match.is_human(1)
        assert host.match.config.seats[1].kind == "human" and host.match.config.seats[1].name == "P1"
        for ws in (stay, back):
            await ws.close()

    run(host, scenario, bot_after=20.0, stand_in="random", clock=lambda: now[0])


def test_a_resumed_match_gives_a_stand_in_to_a_player_who_never_comes_back() -> None:
    """A host started on a match under way has no lobby: the players rejoin with their secrets.
    One who never does gets a bot after the delay, as if they had dropped, until they come."""
    host = make_host("jagdfieber", "hhb")
    now = [0.0]

    async def scenario(net: NetHost) -> None:
        here, _ = await join(net, 0)
        await asyncio.sleep(0.1)
        assert host.match.is_human(1) and 1 in net.absent  # seat 1 waits for its player...
        now[0] += 30.0  # ...until the delay is over
        seen = await recv_until(here, "state")
        while seen[-1]["humans"] != [0]:
            seen = await recv_until(here, "state")
        assert host.match.config.seats[1].kind == "bot"
        back, got = await join(net, 1)  # the player comes at last: their seat is theirs again
        assert got[-1]["humans"] == [0, 1] and host.match.is_human(1)
        for ws in (here, back):
            await ws.close()

    run(host, scenario, bot_after=20.0, stand_in="random", clock=lambda: now[0])


def test_a_failing_bot_stops_the_bots_not_the_host() -> None:
    host = make_host("jagdfieber", "hhb")

    def broken() -> bool:
        raise RuntimeError("bot at seat 2 failed")

    host.poll = broken  # type: ignore[method-assign]

    async def scenario(net: NetHost) -> None:
        ws, _ = await join(net, 0)
        while net.problem is None:
            await asyncio.sleep(0.01)
        assert "bot at seat 2 failed" in net.problem
        await ws.send(action("play wolf"))  # the host still serves its players
        assert [m["kind"] for m in await recv_until(ws, "state")] == ["accepted", "events", "state"]
        await ws.close()

    run(host, scenario)
