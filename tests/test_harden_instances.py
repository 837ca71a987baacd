"""One instance per match: two copies of the app continuing the same match interleaved their
writes (the match became unreadable, or one copy's moves were dropped). A match is locked by
the instance playing it (an OS lock, released by a crash); the second instance says the match
is open elsewhere, and can open it once the first one is gone, however it ended."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.record import read_record
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.records import MatchOpenElsewhere, MatchRecorder, RecordStore, resume

ROOT = Path(__file__).resolve().parent.parent
HOLDER = """
import sys, time
from pathlib import Path
from game.records import RecordStore, resume
recorder = resume(Path(sys.argv[1]), RecordStore(Path(sys.argv[2])), threaded=False, think_seconds=0)
print("holding", flush=True)
time.sleep(60)
"""


def saved_match(tmp_path: Path) -> tuple[RecordStore, Path, list]:
    store = RecordStore(tmp_path)
    seats = [SeatConfig("P0", HUMAN), SeatConfig("P1", BOT, "random", "easy"), SeatConfig("P2", BOT, "random", "easy")]
    match = Match(MatchConfig("jagdfieber", seats, seed=4, options={"start_seat": 0}), threaded=False, think_seconds=0)
    recorder = MatchRecorder(match, store)
    match.run_bots()
    match.submit(0, match.state.legal_actions(0)[0])
    match.run_bots()
    path = store.autosave_path(recorder.record)
    history = list(match.history)
    recorder.close()
    match.close()
    return store, path, history


def start_holder(path: Path, store: RecordStore) -> subprocess.Popen:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), str(store.root)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "holding", holder.stderr
    return holder


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_second_instance_is_told_the_match_is_open_elsewhere_until_the_first_dies(tmp_path: Path) -> None:
    store, path, history = saved_match(tmp_path)
    holder = start_holder(path, store)
    try:
        with pytest.raises(MatchOpenElsewhere):
            resume(path, store, threaded=False, think_seconds=0)
        with pytest.raises(MatchOpenElsewhere):
            store.delete(path)
        assert read_record(path).actions == history  # nothing written by the refused instance
    finally:
        os.kill(holder.pid, signal.SIGKILL)  # a crash: the OS releases the lock
        holder.wait(timeout=10)
    again = resume(path, store, threaded=False, think_seconds=0)
    assert again.match.history == history
    again.close()
    again.match.close()


def test_a_lock_is_released_when_the_table_is_left_and_shared_inside_one_instance(tmp_path: Path) -> None:
    store, path, history = saved_match(tmp_path)
    first = resume(path, store, threaded=False, think_seconds=0)
    second = resume(path, store, threaded=False, think_seconds=0)  # same process: not another instance
    first.close()
    second.close()
    assert not path.with_suffix(".lock").exists()
    holder = start_holder(path, store)  # another process can take it now
    try:
        assert holder.poll() is None
    finally:
        holder.kill()
        holder.wait(timeout=10)
    for recorder in (first, second):
        recorder.match.close()


def test_continue_in_a_second_window_says_the_match_is_open_elsewhere(tmp_path: Path, monkeypatch) -> None:
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    store = RecordStore()
    _, path, _ = saved_match(store.root)
    holder = start_holder(path, store)
    try:
        app.set_language("en")
        assert app.continue_match() is False
        assert any("open in another Tablée window" in n.text and n.error for n in app.notices)
        app.set_language("fr")
        app.notices.clear()
        assert app.continue_match() is False
        assert any("ouverte dans une autre fenêtre" in n.text for n in app.notices)
    finally:
        holder.kill()
        holder.wait(timeout=10)
    started = time.monotonic()
    assert app.continue_match() is True
    assert time.monotonic() - started < 10
    app.pop()
