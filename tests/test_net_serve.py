"""`tablee serve`: the windowless host prints where to connect and each open seat's secret, plays
a whole match with a network player and bots, logs it publicly, and refuses bad options."""

from __future__ import annotations

import asyncio
import threading

import pytest

from game.engine.rng import Rng
from game.match import Match
from game.net.client import RemoteSeat
from game.net.serve import host_match, match_config
from game.net.stream import Host
from main import run as main_run

TIMEOUT = 10.0


def test_a_network_player_and_bots_play_a_whole_match_on_the_windowless_host() -> None:
    config = match_config("fish_fish", 3, "random,random", seed=4)
    assert [s.kind for s in config.seats] == ["human", "bot", "bot"]
    host = Host(Match(config, think_seconds=0, threaded=False), match_id="m9", secret=lambda: "s3cret")
    lines: list[str] = []
    ready = threading.Event()
    port: list[int] = []

    def on_ready(net) -> None:
        port.append(net.port)
        ready.set()

    thread = threading.Thread(
        target=lambda: asyncio.run(host_match(host, "127.0.0.1", 0, "en", lines.append, on_ready, grace=0.2)),
        daemon=True,
    )
    thread.start()
    assert ready.wait(TIMEOUT)
    assert f"port {port[0]}" in lines[0] and lines[1] == "match id: m9"
    assert lines[2] == "seat 0 (Player 1): secret s3cret" and "bot random" in lines[3]
    remote = RemoteSeat.connect("127.0.0.1", port[0], "m9", 0, "s3cret")
    remote.wait("state", TIMEOUT)
    rng = Rng(1)
    for _ in range(1000):
        state = remote.state
        assert state is not None
        if state["over"]:
            break
        if state["legal"]:
            remote.send(state["legal"][rng.randrange(len(state["legal"]))])
            assert remote.wait(("accepted", "error"), TIMEOUT)[-1]["kind"] == "accepted"
        remote.wait("state", TIMEOUT)
    assert host.match.is_over()
    thread.join(TIMEOUT)
    assert not thread.is_alive()  # the host stops once the match is over
    remote.close()
    log = "\n".join(lines)
    assert "Player 1" in log and "Game over" in log
    host.close()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "jagdfieber", "--players", "3", "--bots", "random,random,random"], "leave at least one seat open"),
        (["serve", "jagdfieber", "--bots", "nobot"], "unknown bot"),
        (["serve", "jagdfieber", "--players", "9"], "not 9"),
        (["serve", "nogame"], "unknown game"),
        (["serve", "jagdfieber", "--port", "70000"], "--port"),
    ],
)
def test_bad_options_are_refused_with_a_message(argv: list[str], message: str, capsys) -> None:
    assert main_run(argv) == 1
    assert message in capsys.readouterr().err
