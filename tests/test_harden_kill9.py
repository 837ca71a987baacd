"""kill -9 a windowless host (`tablee serve`) again and again in mid-match, with network players
acting as fast as the protocol lets them, then `serve --resume` and rejoin with the saved
secrets: each time, the autosave keeps every move the players saw but at most the one in flight.
(The lessons write no records: tests/test_harden_kill9_lesson.py kills the app in their middle.)"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.engine.record import read_record
from game.net.client import RemoteSeat

ROOT = Path(__file__).resolve().parents[1]
KILLS = 4


def serve(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, dict]:
    proc = subprocess.Popen([sys.executable, "main.py", "serve", *args, "--address", "127.0.0.1", "--port", "0",
                             "--no-advertise", "--json", "--stand-in-after", "0"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline()
    if not line:
        raise AssertionError(f"serve {args} did not start: {proc.stderr.read()}")
    first = json.loads(line)
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()  # type: ignore[union-attr]
    return proc, first


def play_moves(players: list[RemoteSeat], moves: int, rng: random.Random, in_flight: bool) -> int:
    """Up to `moves` actions by the protocol's rules (the last one, with `in_flight`, sent without
    waiting for its answer); the highest step the players saw."""
    after = {p.seat: 0 for p in players}
    sent, seen = 0, 0
    deadline = time.monotonic() + 30
    while sent < moves and time.monotonic() < deadline:
        for player in players:
            player.pull()
            state = player.state or {}
            seen = max(seen, state.get("step", 0))
            if state.get("over"):
                return seen
            if state.get("legal") and state["step"] >= after[player.seat]:
                player.send(rng.choice(state["legal"]))
                sent += 1
                if in_flight and sent == moves:
                    return seen
                reply = player.wait(("accepted", "error"), 10)[-1]
                if reply["kind"] == "accepted":
                    after[player.seat] = reply["step"]
                    seen = max(seen, reply["step"])
        time.sleep(0.005)
    return seen


@pytest.mark.skipif(os.name != "posix", reason="kill -9")
def test_kill_9_of_a_host_in_mid_match_loses_at_most_the_move_in_flight(tmp_path: Path) -> None:
    rng = random.Random(5)
    env = {**os.environ, "TABLEE_HOME": str(tmp_path / "home"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    proc, first = serve(["fish_fish", "--players", "4", "--bots", "random,random", "--seed", "11"], env)
    players = [RemoteSeat.claim("127.0.0.1", first["port"], first["code"], seat, f"P{seat}", timeout=20)
               for seat in (0, 1)]
    secrets, match_id = {p.seat: p.secret for p in players}, players[0].match_id
    autosave = tmp_path / "home" / "data" / "autosave" / f"{match_id}.json"
    kills = 0
    try:
        while kills < KILLS:
            seen = play_moves(players, rng.randint(2, 8), rng, in_flight=kills % 2 == 1)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            kills += 1
            for player in players:
                player.pull()
                seen = max(seen, (player.state or {}).get("step", 0))
                player.close()
            if not autosave.exists():  # the match ended before the kill: it is in the history
                break
            record = read_record(autosave)
            kept = len(record.actions)
            assert seen - 1 <= kept, f"kill {kills}: the players saw {seen} moves, the autosave kept {kept}"
            if record.result and record.result.get("over"):  # ended: the next start moves it to the history
                break
            proc, first = serve(["--resume"], env)
            assert first["match"] == match_id and first["code"] is None
            players = [RemoteSeat.connect("127.0.0.1", first["port"], match_id, seat, secrets[seat], timeout=20)
                       for seat in (0, 1)]
            for player in players:
                assert player.wait("state", 20)[-1]["step"] == kept  # rejoined where the autosave is
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for player in players:
            player.close()
    assert kills >= 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pipe of 4 kB (F_SETPIPE_SZ)")
def test_a_host_whose_output_nobody_reads_plays_on(tmp_path: Path) -> None:
    """The terminal is a pipe whose reader stopped reading (a stuck log collector): the host's
    lines wait on a thread of their own, the match goes on to its end."""
    import fcntl

    from tests.test_harden_tls import play_by_the_rules

    env = {**os.environ, "TABLEE_HOME": str(tmp_path / "home"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
    proc = subprocess.Popen([sys.executable, "main.py", "serve", "fish_fish", "--players", "2",
                             "--address", "127.0.0.1", "--port", "0", "--no-advertise", "--json", "--seed", "2"],
                            cwd=ROOT, env=env, stdout=write_end, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        with os.fdopen(read_end, "rb", buffering=0) as reader:
            first = json.loads(reader.read(4096).split(b"\n")[0])  # then nobody reads any more
            players = [RemoteSeat.claim("127.0.0.1", first["port"], first["code"], seat, f"P{seat}", timeout=20)
                       for seat in (0, 1)]
            assert play_by_the_rules(players, seconds=60) > 5
            for player in players:
                player.close()
            proc.kill()
            proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
