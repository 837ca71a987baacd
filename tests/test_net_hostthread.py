"""A network host on its own thread (what the app runs): the lobby seen from the window's
thread, a player claiming a seat, the host's own table joining over 127.0.0.1, the start, the
whole match played on the host's thread only (its autosave included), and a clean stop."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from game.engine.rng import Rng
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.net.client import RemoteSeat
from game.net.hostthread import HostThread

TIMEOUT = 10.0


def new_match(game_id: str = "fish_fish", names: tuple[str, ...] = ("Ana", "", ""), bots: int = 0) -> Match:
    seats = [SeatConfig(name, HUMAN) for name in names] + [SeatConfig(f"B{i}", BOT, "random") for i in range(bots)]
    return Match(MatchConfig(game_id, seats, seed=7), think_seconds=0, threaded=False)


def hosting(match: Match, **options) -> HostThread:
    hosting = HostThread(match, port=0, advertise=False, listen="127.0.0.1", bot_for_open="random",
                         net_options={"rate": 10_000, "burst": 10_000}, **options)
    hosting.start()
    return hosting


def until(condition, timeout: float = TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def play_to_end(remotes: list[RemoteSeat], seed: int = 1) -> int:
    """Scripted players: each plays a random legal action when its state allows; the number of
    actions the host accepted."""
    rng, accepted = Rng(seed), 0
    for remote in remotes:
        remote.wait("state", TIMEOUT)
    for _ in range(3000):
        if all(r.state and r.state["over"] for r in remotes):
            return accepted
        acted = False
        for remote in remotes:
            remote.pull()
            state = remote.state
            if state and state["legal"]:
                remote.send(state["legal"][rng.randrange(len(state["legal"]))])
                accepted += remote.wait(("accepted", "error"), TIMEOUT)[-1]["kind"] == "accepted"
                acted = True
        if not acted:
            remotes[0].sync()
            remotes[0].wait("state", TIMEOUT)
    raise AssertionError("the match did not end")


def test_the_host_thread_runs_a_whole_match_from_its_lobby(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    match = new_match()
    threads: set[str] = set()
    match.on_action.append(lambda *_: threads.add(threading.current_thread().name))
    host = hosting(match)
    try:
        assert host.port > 0 and len(host.code) == 5 and host.match_id and not host.started
        assert host.address == "127.0.0.1"  # the address it listens on: the one players can reach
        assert [(s["state"], s["name"]) for s in host.seats()] == [("host", "Ana"), ("open", ""), ("open", "")]
        with pytest.raises(KeyError):
            host.secret(1)  # an open seat's secret is its player's, never the host's
        own = RemoteSeat.connect("127.0.0.1", host.port, host.match_id, 0, host.secret(0))
        bob = RemoteSeat.claim("127.0.0.1", host.port, host.code.lower(), 2, "Bob")
        assert bob.secret and bob.match_id == host.match_id and (bob.address, bob.port) == ("127.0.0.1", host.port)
        until(lambda: [s["state"] for s in host.seats()] == ["host", "open", "taken"]
              and all(s["connected"] for s in host.seats() if s["state"] != "open"))
        assert own.lobby is not None and own.state is None  # nothing is played before the start
        host.begin()
        assert host.started
        assert play_to_end([own, bob]) > 0
        until(host.over)
        assert threads == {"tablee-host"}  # every action was applied on the host's thread
        assert [s["state"] for s in host.seats()] == ["host", "bot", "taken"]
        own.close()
        bob.close()
    finally:
        host.stop()
    # The finished match went to the history (the writer is flushed on stop), its secrets are gone.
    assert [len(list((tmp_path / "data" / d).glob("*.json"))) for d in ("autosave", "history")] == [0, 1]
    assert list((tmp_path / "data" / "autosave").glob("*.net")) == []
    host.stop()  # again: nothing happens
    assert host._thread is not None and not host._thread.is_alive()


def test_a_busy_port_falls_back_to_a_free_one() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        host = HostThread(new_match(), port=taken, advertise=False, listen="127.0.0.1", autosave=False)
        host.start()
        try:
            assert host.port not in (0, taken) and host.problem is None
        finally:
            host.stop()


def test_the_host_stops_cleanly_and_its_players_see_the_connection_end() -> None:
    host = hosting(new_match(names=("Ana", "Bea")), autosave=False, open_seats=[1])
    bea = RemoteSeat.claim("127.0.0.1", host.port, host.code, 1, "Bea")
    start = time.monotonic()
    host.stop()
    assert time.monotonic() - start < 2.0
    until(lambda: not bea.connected)
    with pytest.raises(OSError):
        RemoteSeat.connect("127.0.0.1", host.port, host.match_id, 1, bea.secret, timeout=1.0)
    bea.close()
    never = HostThread(new_match(), advertise=False, autosave=False)
    never.begin()  # never started: begin and stop do nothing
    assert not never.started
    never.stop()


def test_the_host_advertises_its_open_seats_and_withdraws_when_it_stops(monkeypatch) -> None:
    from game.net import hostthread

    adverts: list = []

    class Recorder:
        def __init__(self, found) -> None:
            self.found, self.opens, self.stopped = found, [], False
            adverts.append(self)

        def start(self) -> None:
            pass

        def update(self, open_seats: int) -> None:
            self.opens.append(open_seats)

        def stop(self) -> None:
            self.stopped = True

    monkeypatch.setattr(hostthread, "Advertiser", Recorder)
    monkeypatch.setattr(hostthread, "lan_address", lambda: "192.168.1.20")
    host = HostThread(new_match(), port=0, listen="0.0.0.0", host_name="Ana's laptop", autosave=False)
    host.start()
    try:
        RemoteSeat.claim("127.0.0.1", host.port, host.code, 1, "Bea").close()
        until(lambda: adverts and adverts[0].opens[-1:] == [1])
        host.begin()
        until(lambda: adverts[0].opens[-1:] == [0])
    finally:
        host.stop()
    found = adverts[0].found
    assert (found.name, found.game, found.address, found.port, found.match_id, found.players) == (
        "Ana's laptop", "fish_fish", "192.168.1.20", host.port, host.match_id, 3)
    opens = adverts[0].opens  # (the real Advertiser sends only changes)
    assert [n for i, n in enumerate(opens) if i == 0 or opens[i - 1] != n] == [2, 1, 0] and adverts[0].stopped
    assert host.code not in repr(found)
