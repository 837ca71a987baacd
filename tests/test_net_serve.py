"""`tablee serve`: the windowless host prints where to connect and the join code, lets players
claim seats, starts (with bots in the seats nobody claimed), plays a whole match with a network
player and bots, logs it publicly, hosts a saved match again with the same secrets, and refuses
bad options."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from game.match import Match
from game.net.client import RemoteSeat
from game.net.hostthread import HostThread
from game.net.serve import match_config, run_host
from scenes.main import run as main_run
from tests.test_net_hostthread import play_to_end, until

TIMEOUT = 10.0


def serving(match: Match, lines: list[str], start_after: float | None, clock: Callable[[], float] = time.monotonic,
            **options) -> tuple[HostThread, threading.Thread]:
    hosting = HostThread(match, port=0, advertise=False, listen="127.0.0.1", bot_for_open="random",
                         net_options={"rate": 10_000, "burst": 10_000}, **options)
    thread = threading.Thread(target=run_host, args=(hosting, "en", lines.append, start_after),
                              kwargs={"grace": 0.2, "clock": clock}, daemon=True)
    thread.start()
    until(lambda: any(line.startswith("seat ") for line in lines))
    return hosting, thread


def test_a_network_player_and_bots_play_a_whole_match_on_the_windowless_host(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    config = match_config("fish_fish", 3, "random", seed=4)
    assert [(s.kind, s.name) for s in config.seats] == [("human", ""), ("human", ""), ("bot", "Bot 3")]
    lines: list[str] = []
    # The lobby's clock stands still until Ana holds her seat: on a busy machine her claim may
    # take longer than the delay, and the bots would take every seat first.
    def lobby_clock() -> float:
        return time.monotonic() if "seat 0: Ana took it" in lines else 0.0

    hosting, thread = serving(Match(config, think_seconds=0, threaded=False), lines, start_after=0.2,
                              clock=lobby_clock)
    assert f"port {hosting.port}" in lines[0] and lines[1] == f"match id: {hosting.match_id}"
    assert lines[2].startswith(f"join code: {hosting.code}")
    assert lines[3:6] == ["seat 0: open", "seat 1: open", "seat 2 (Bot 3): bot random"]
    remote = RemoteSeat.claim("127.0.0.1", hosting.port, hosting.code, 0, "Ana")
    until(lambda: "seat 0: Ana took it" in lines)
    until(lambda: hosting.started)  # nobody claims seat 1: a bot takes it after the delay
    assert "the match begins: bots take the open seats" in lines
    assert play_to_end([remote]) > 0
    thread.join(TIMEOUT)
    assert not thread.is_alive()  # the host stops once the match is over
    remote.close()
    log = "\n".join(lines)
    assert "Ana" in log and "Game over" in log and "Bot 2" in log


def test_the_match_begins_when_every_open_seat_is_claimed() -> None:
    lines: list[str] = []
    config = match_config("jagdfieber", 3, "random", seed=4)
    hosting, thread = serving(Match(config, think_seconds=0, threaded=False), lines, start_after=None,
                              autosave=False)
    try:
        first = RemoteSeat.claim("127.0.0.1", hosting.port, hosting.code, 1, "Bea")
        assert not hosting.started
        second = RemoteSeat.claim("127.0.0.1", hosting.port, hosting.code, 0, "Ana")
        until(lambda: hosting.started)
        assert "every seat is taken: the match begins" in lines
        assert first.wait("welcome", TIMEOUT)[-1]["names"] == ["Ana", "Bea", "Bot 3"]
        for remote in (first, second):
            remote.close()
    finally:
        hosting.stop()
        thread.join(TIMEOUT)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "jagdfieber", "--players", "3", "--bots", "random,random,random"], "leave at least one seat open"),
        (["serve", "jagdfieber", "--bots", "nobot"], "unknown bot"),
        (["serve", "jagdfieber", "--players", "9"], "not 9"),
        (["serve", "nogame"], "unknown game"),
        (["serve", "jagdfieber", "--port", "70000"], "--port"),
        (["serve", "jagdfieber", "--start-after", "-1"], "--start-after"),
        (["serve", "jagdfieber", "--stand-in-after", "1e9"], "--stand-in-after"),
        (["serve", "jagdfieber", "--open-bots", "nobot"], "unknown bot"),
        (["serve", "jagdfieber", "--address", "256.1.1.1", "--no-advertise"], "cannot listen"),
    ],
)
def test_bad_options_are_refused_with_a_message(argv: list[str], message: str, capsys) -> None:
    assert main_run(argv) == 1
    assert message in capsys.readouterr().err


def serve_args(*argv: str):
    from scenes.main import build_parser

    return build_parser().parse_args(["serve", *argv])


def test_a_hosted_match_is_autosaved_and_hosted_again_with_the_same_secrets(tmp_path, monkeypatch) -> None:
    from game.net.serve import prepare

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    match = prepare(serve_args("jagdfieber", "--bots", "random", "--seed", "5"))
    first = HostThread(match, port=0, advertise=False, listen="127.0.0.1", bot_for_open="random")
    first.start()
    ana = RemoteSeat.claim("127.0.0.1", first.port, first.code, 0, "Ana")
    first.begin()
    ana.wait("state", TIMEOUT)
    ana.send("play wolf")
    assert ana.wait(("accepted", "error"), TIMEOUT)[-1]["kind"] == "accepted"
    first.stop()
    ana.close()
    again = prepare(serve_args("--resume"))
    assert again.history[:1] == [(0, "play wolf")] and again.config.seats[1].kind == "bot"
    lines: list[str] = []
    hosting, thread = serving(again, lines, start_after=None)
    try:
        assert hosting.started and hosting.match_id == first.match_id
        assert f"seat 0 (Ana): secret {ana.secret}" in lines  # the same secret: Ana's saved join works
        back = ana.reopen()
        assert back.wait("welcome", TIMEOUT)[-1]["seat"] == 0
        back.close()
    finally:
        hosting.stop()
        thread.join(TIMEOUT)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--resume"], "no unfinished match"),
        (["--resume", "nowhere.json"], "nowhere.json"),
        (["jagdfieber", "--resume"], "not both"),
        ([], "which game"),
    ],
)
def test_bad_resume_options_are_refused(argv: list[str], message: str, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    assert main_run(["serve", *argv]) == 1
    assert message in capsys.readouterr().err
