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
from scenes.main import run as main_run

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


def serve_args(*argv: str):
    from scenes.main import build_parser

    return build_parser().parse_args(["serve", *argv])


def test_a_hosted_match_is_autosaved_and_can_be_hosted_again(tmp_path, monkeypatch) -> None:
    from game.net.serve import prepare

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    host = prepare(serve_args("jagdfieber", "--bots", "random", "--seed", "5"))
    stream = host.stream(0)
    stream.send(stream.snapshot()["legal"][0])
    host.stream(1).send("play wolf")
    played = list(host.match.history)
    assert len([s for s, _ in played if s < 2]) == 2
    host.close()
    again = prepare(serve_args("--resume"))
    assert again.match.history == played and sorted(again.secrets) == [0, 1]
    assert again.secrets != host.secrets  # new secrets, given to the players again
    assert again.stream(0).snapshot()["step"] == len(played)
    again.close()


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
