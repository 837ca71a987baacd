"""The network client of one seat, against a real host on 127.0.0.1 run in a thread: the render
loop's side (pull without waiting, send) plays full matches; a wrong host or port fails fast."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.engine.rng import Rng
from game.net import protocol
from game.net.bench import bench_moves, network_line, network_row
from game.net.client import RemoteSeat
from game.net.server import NetHost
from game.net.stream import Host
from tests.test_net_server import make_host

TIMEOUT = 10.0
PROTOCOL_CODES = {v for k, v in vars(protocol).items() if k.isupper() and isinstance(v, str) and v.startswith("error.")}


@contextmanager
def hosting(host: Host) -> Iterator[int]:
    """Serve `host` from a thread of its own; yields the port."""
    loop = asyncio.new_event_loop()
    net = NetHost(host, rate=10_000, burst=10_000)
    started = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(net.start("127.0.0.1", 0))
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert started.wait(TIMEOUT)
    try:
        yield net.port
    finally:
        asyncio.run_coroutine_threadsafe(net.stop(), loop).result(TIMEOUT)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(TIMEOUT)
        loop.close()


def test_two_remote_seats_and_a_bot_play_a_whole_match() -> None:
    host = make_host("fish_fish", "hhb")
    with hosting(host) as port:
        seats = [RemoteSeat.connect("127.0.0.1", port, "m1", s, host.secrets[s]) for s in (0, 1)]
        for remote in seats:
            remote.wait("state", TIMEOUT)
            assert remote.welcome is not None and remote.welcome["seat"] == remote.seat
        rng = Rng(4)
        accepted = 0
        for _ in range(2000):
            states = [remote.state for remote in seats]
            assert all(states)
            if all(s["over"] for s in states if s):
                break
            for remote in seats:
                state = remote.state
                assert state is not None
                if state["legal"]:
                    remote.send(state["legal"][rng.randrange(len(state["legal"]))])
                    reply = remote.wait(("accepted", "error"), TIMEOUT)[-1]  # a state before it is old
                    # A bot may have moved since that state: the engine refuses, nothing breaks.
                    assert reply["kind"] == "accepted" or reply["code"] not in PROTOCOL_CODES, reply
                    accepted += reply["kind"] == "accepted"
                    if reply["kind"] == "accepted":
                        remote.wait("state", TIMEOUT)
                else:
                    remote.pull()
            if not any(r.state and r.state["legal"] for r in seats):
                seats[0].sync()
                seats[0].wait("state", TIMEOUT)
        assert host.match.is_over() and accepted == len([s for s, _ in host.match.history if s < 2])
        for remote in seats:
            remote.sync()
            while not remote.wait("state", TIMEOUT)[-1]["over"]:  # older states may still be on the way
                pass
            assert remote.connected
            remote.close()
            assert not remote.connected


def test_a_refused_action_comes_back_through_pull() -> None:
    host = make_host("jagdfieber", "hhh")
    with hosting(host) as port:
        remote = RemoteSeat.connect("127.0.0.1", port, "m1", 2, host.secrets[2])
        remote.wait("state", TIMEOUT)
        remote.send("play unicorn")
        error = remote.wait("error", TIMEOUT)[-1]
        assert error["code"] == host.match.state.explain_illegal(2, "play unicorn").key
        assert host.match.history == []
        remote.close()


def test_no_host_at_that_address_fails_fast() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(OSError):
        RemoteSeat.connect("127.0.0.1", port, "m1", 0, "x", timeout=2.0)


def test_the_network_bench_measures_every_move() -> None:
    row = network_row("jagdfieber", players=3, moves=6, seed=2)
    assert row["moves"] == 6 and row["clients"] == 3
    assert 0 < row["latency_p50_ms"] <= row["latency_p99_ms"]
    assert row["bytes_per_move_per_client"] > 100 and row["host_cpu_ms_per_move"] > 0
    line = network_line(row)  # what `bench` prints
    assert "3 clients" in line and f"p99 {row['latency_p99_ms']} ms" in line and "bytes per move per client" in line
    assert bench_moves(0.01) == 50 and bench_moves(2.0) == 400


def test_the_lobby_from_a_client_fetch_claim_refusals_and_reopen() -> None:
    from game.net.client import LobbyError, fetch_lobby
    from tests.test_net_hostthread import hosting as host_thread
    from tests.test_net_hostthread import new_match, play_to_end, until

    host = host_thread(new_match(names=("Ana", "", "")), autosave=False)
    try:
        seen = fetch_lobby("127.0.0.1", host.port, f" {host.code.lower()} ")
        assert seen["kind"] == "lobby" and seen["match"] == host.match_id and not seen["started"]
        assert [s["state"] for s in seen["seats"]] == ["host", "open", "open"]
        with pytest.raises(LobbyError) as wrong:
            fetch_lobby("127.0.0.1", host.port, "AAAAA")
        assert wrong.value.code == "error.bad_code" and wrong.value.text
        bea = RemoteSeat.claim("127.0.0.1", host.port, host.code, 1, "Bea")
        with pytest.raises(LobbyError) as taken:
            RemoteSeat.claim("127.0.0.1", host.port, host.code, 1, "Cid")
        assert taken.value.code == "error.seat_taken"
        until(lambda: bea.lobby is not None and bea.lobby["seats"][1]["name"] == "Bea")
        own = RemoteSeat.connect("127.0.0.1", host.port, host.match_id, 0, host.secret(0))
        host.begin()
        until(lambda: host.seats()[2]["state"] == "bot")
        with pytest.raises(LobbyError) as late:
            RemoteSeat.claim("127.0.0.1", host.port, host.code, 2, "Cid")
        assert late.value.code == "error.started"
        bea.wait("state", TIMEOUT)
        bea.close()  # closed lid
        again = bea.reopen()
        assert (again.seat, again.secret, again.match_id) == (1, bea.secret, host.match_id)
        assert again.wait("welcome", TIMEOUT)[-1]["seat"] == 1
        assert play_to_end([own, again]) >= 0
        own.close()
        again.close()
    finally:
        host.stop()
    with pytest.raises(OSError):
        fetch_lobby("127.0.0.1", host.port, host.code, timeout=1.0)


@pytest.mark.parametrize(("address", "port"), [("", 47474), ("a b", 1), ("127.0.0.1/x", 1), ("user@host", 1),
                                               ("127.0.0.1", 0), ("127.0.0.1", 70000), ("127.0.0.1", -1),
                                               ("127.0.0.1", True), ("127.0.0.1", "1")])
def test_a_typed_address_or_port_that_cannot_be_one_is_refused_before_connecting(address, port) -> None:
    from game.net.client import fetch_lobby

    for attempt in (lambda: fetch_lobby(address, port, "AAAAA", timeout=1.0),
                    lambda: RemoteSeat.claim(address, port, "AAAAA", 0, "Ana", timeout=1.0),
                    lambda: RemoteSeat.connect(address, port, "m", 0, "s", timeout=1.0)):
        with pytest.raises(OSError, match="is not an? (address|port)"):
            attempt()


def test_an_ipv6_address_is_put_in_brackets() -> None:
    from game.net.client import host_uri

    assert host_uri("::1", 47474) == "ws://[::1]:47474/" == host_uri(" [::1] ", 47474)
    assert host_uri("192.168.1.20", 5) == "ws://192.168.1.20:5/" and host_uri("tablee.local", 5) == "ws://tablee.local:5/"
