"""The bots' worker process under attack: killed (SIGKILL, SIGTERM) during a search, stopped
(SIGSTOP), the app itself killed. The match notices, says it in one line, replaces the worker
and goes on; quitting never waits for a stopped worker; an orphaned worker leaves quietly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import match as match_module
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")


def gone(pid: int) -> bool:
    """The process has ended (an orphan's zombie waiting for a reaper counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (OSError, IndexError):
        return False


def bot_match(level: str = "hard", kinds: str = "bbb") -> Match:
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT, "ismcts", level) for i, k in enumerate(kinds)]
    return Match(MatchConfig("jagdfieber", seats, seed=5, options={"start_seat": 0}), think_seconds=0)


def wait_for_worker(match: Match) -> int:
    assert match._process is not None, "the bots think in a worker process"
    deadline = time.monotonic() + 30
    while not match._process.process.is_alive():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    pid = match._process.process.pid
    assert pid is not None
    return pid


def play_until(match: Match, moves: int, seconds: float = 90) -> None:
    """Poll like the table does until `moves` more moves were applied (no exception allowed)."""
    target = len(match.history) + moves
    deadline = time.monotonic() + seconds
    while len(match.history) < target and not match.is_over():
        assert time.monotonic() < deadline, f"stuck at {len(match.history)} moves: {match.worker_problems}"
        match.poll()
        time.sleep(0.005)


@pytest.mark.parametrize("sig", ["SIGKILL", "SIGTERM"])
def test_a_killed_worker_is_reported_replaced_and_the_match_goes_on(sig: str) -> None:
    match = bot_match()
    try:
        old = wait_for_worker(match)
        time.sleep(0.3)  # searching
        os.kill(old, getattr(signal, sig))
        play_until(match, 2)
        assert [reason for reason, _ in match.worker_problems] == ["stopped"]
        assert match._process is not None and match._process.process.pid != old
    finally:
        match.close()


def test_a_stopped_worker_meets_its_deadline_and_is_replaced(monkeypatch) -> None:
    match = bot_match("easy")
    assert match.decision_deadline(0) == pytest.approx(match_module.DEADLINE_FACTOR * 0.1 + match_module.DEADLINE_STARTUP_SECONDS)
    try:
        play_until(match, 1)
        old = wait_for_worker(match)
        os.kill(old, signal.SIGSTOP)
        stopped = match._process
        play_until(match, 2, seconds=30)
        assert ("timeout", "no answer before the deadline") in match.worker_problems
        assert stopped is not None and not stopped.process.is_alive()  # killed, not left stopped
    finally:
        match.close()


def test_a_request_waiting_behind_others_is_not_late() -> None:
    """The worker answers in the order asked: three hard bots (8 s deadlines) and then a hint,
    all asked at about 0. The first in line is late after 8 s, so a hung worker is seen as soon
    as before; the hint, once the bots have answered (the last at 4.5 s), has its 8 s from then."""
    from game.match import overdue

    bots = [(0.0, 8.0), (0.01, 8.0), (0.02, 8.0)]
    hint = (0.1, 8.0)
    assert not overdue([*bots, hint], now=7.9, since=0.0)
    assert overdue([*bots, hint], now=8.1, since=0.0), "the one being worked on keeps its own deadline"
    assert not overdue([hint], now=12.0, since=4.5), "it began when the last bot's answer came"
    assert overdue([hint], now=12.6, since=4.5)
    assert not overdue([hint], now=10.0, since=2.5), "or when the worker was ready"
    assert not overdue([], now=100.0, since=0.0)


def test_the_deadline_is_a_few_times_the_levels_time_cap() -> None:
    from game.ai.ismcts import BUDGETS

    match = bot_match("hard", "hbb")
    try:
        cap = BUDGETS["hard"].seconds
        assert cap is not None and 3 * cap <= match.decision_deadline(1) <= 10 * cap + 10
    finally:
        match.close()


def test_closing_a_match_with_a_stopped_worker_takes_at_most_two_seconds() -> None:
    match = bot_match()
    pid = wait_for_worker(match)
    os.kill(pid, signal.SIGSTOP)
    process = match._process
    started = time.monotonic()
    match.close()
    assert time.monotonic() - started < 2
    assert process is not None and not process.process.is_alive()


QUITTER = """
import os, signal, sys, time
from game.match import BOT, Match, MatchConfig, SeatConfig
seats = [SeatConfig(f"P{i}", BOT, "ismcts", "hard") for i in range(3)]
match = Match(MatchConfig("jagdfieber", seats, seed=5), think_seconds=0)
while match._process is None or not match._process.process.is_alive():
    time.sleep(0.01)
print(match._process.process.pid, flush=True)
if sys.argv[1] == "stop":
    os.kill(match._process.process.pid, signal.SIGSTOP)
    sys.exit(0)  # the app quits without closing the match
time.sleep(0.5)
print("searching", flush=True)
time.sleep(60)
"""


def test_the_app_exits_at_once_even_with_a_stopped_worker() -> None:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", QUITTER, "stop"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    worker = int(done.stdout.split()[0])
    assert time.monotonic() - started < 20  # the start-up of two interpreters, then at once
    assert gone(worker)


def test_a_worker_whose_app_was_killed_leaves_quietly() -> None:
    app = subprocess.Popen([sys.executable, "-c", QUITTER, "kill"], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    assert app.stdout is not None
    worker = int(app.stdout.readline())
    assert app.stdout.readline().strip() == "searching"
    app.kill()  # SIGKILL: no exit handler runs; the worker sees its pipe closed
    _, errors = app.communicate(timeout=30)  # stderr closes when the worker, which shares it, is gone
    assert "Traceback" not in errors and "BrokenPipe" not in errors, errors
    deadline = time.monotonic() + 30  # closing its stderr is among its last steps: on a busy machine
    while not gone(worker) and time.monotonic() < deadline:  # the process ends a moment later
        time.sleep(0.05)
    assert gone(worker)


@pytest.mark.parametrize("lang, words", [("en", "Computer players restarted"), ("fr", "Joueurs ordinateur relancés")])
def test_the_table_says_it_in_one_line_and_plays_on(tmp_path: Path, monkeypatch, lang: str, words: str) -> None:
    from tests.table_helpers import frames, make_app, make_table

    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    scene = make_table(app, "hbb", threaded=True)
    deadline = time.monotonic() + 60  # the worker answers in real time, whatever the frames
    while scene.match.bots_thinking() or scene.animator.busy or not scene.match.human_to_act():
        assert time.monotonic() < deadline
        frames(app, 1, 0.05)
        time.sleep(0.005)
    os.kill(wait_for_worker(scene.match), signal.SIGKILL)
    time.sleep(0.2)
    said: list[str] = []
    real_say = scene.say
    monkeypatch.setattr(scene, "say", lambda text, error=False, **kw: (said.append(text) if error else None, real_say(text, error, **kw)))
    before = len(scene.match.history)
    scene.match.submit(0, scene.match.state.legal_actions(0)[0])
    deadline = time.monotonic() + 60
    while len(scene.match.history) < before + 3:
        assert time.monotonic() < deadline
        frames(app, 1, 0.05)
    assert len([text for text in said if words in text]) == 1 and len(said) == 1
    app.pop()


def test_a_worker_stopped_before_it_is_ready_is_replaced(monkeypatch) -> None:
    monkeypatch.setattr(match_module, "STARTUP_LIMIT_SECONDS", 1.0)
    match = bot_match("easy")
    try:
        os.kill(wait_for_worker(match), signal.SIGSTOP)  # most likely still importing the engine
        play_until(match, 2, seconds=30)
        assert match.worker_problems and {reason for reason, _ in match.worker_problems} == {"timeout"}
    finally:
        match.close()
