"""The autosave journal under attack: a line nested 200,000 deep, a crash between an undo's
rewrite of the record and the removal of the old journal, a damaged line in the middle, an
illegal move in a line. Every move up to the damage is kept, nothing undone comes back, and no
exception leaves the reader: the app starts, `replay --latest` prints one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.record import RecordError, journal_path, load, read_record
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.records import MatchRecorder, RecordStore, Timeline, resume

ROOT = Path(__file__).resolve().parent.parent


def jagd_match(kinds: str = "hbb", seed: int = 8) -> Match:
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT, "random", "easy") for i, k in enumerate(kinds)]
    return Match(MatchConfig("jagdfieber", seats, seed=seed, options={"start_seat": 0}), threaded=False, think_seconds=0)


def play(match: Match, rounds: int) -> None:
    for _ in range(rounds):
        match.run_bots()
        seat = match.human_to_act()[0]
        match.submit(seat, match.state.legal_actions(seat)[0])
    match.run_bots()


def journaled(tmp_path: Path, rounds: int = 3) -> tuple[Match, MatchRecorder, Path]:
    store = RecordStore(tmp_path)
    match = jagd_match()
    recorder = MatchRecorder(match, store)
    play(match, rounds)
    path = store.autosave_path(recorder.record)
    assert journal_path(path).exists()
    return match, recorder, path


def test_a_journal_line_nested_200000_deep_keeps_the_moves_before_it(tmp_path: Path) -> None:
    match, _, path = journaled(tmp_path)
    with journal_path(path).open("a", encoding="utf-8") as journal:
        journal.write("[" * 200_000 + "\n")
    record = read_record(path)
    assert record.actions == match.history and record.journal_dropped == 1
    assert Timeline.load(path).record.actions == match.history
    assert RecordStore(tmp_path).unfinished()[0].record is not None


def test_a_record_nested_too_deeply_is_listed_as_damaged(tmp_path: Path) -> None:
    (tmp_path / "autosave").mkdir()
    (tmp_path / "autosave" / "deep.json").write_text("[" * 200_000, encoding="utf-8")
    (tmp_path / "autosave" / "deep.moves").write_text("[" * 200_000 + "\n", encoding="utf-8")
    [entry] = RecordStore(tmp_path).unfinished()
    assert entry.record is None and entry.error and "deep.json" in entry.error


def test_replay_latest_prints_one_line_for_a_deeply_nested_journal(tmp_path: Path) -> None:
    home = tmp_path / "home"
    match, _, path = journaled(home / "data")
    journal_path(path).write_text("[" * 200_000 + "\n", encoding="utf-8")
    env = {**os.environ, "TABLEE_HOME": str(home)}
    done = subprocess.run([sys.executable, "main.py", "replay", "--latest"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert "Traceback" not in done.stderr and done.returncode == 0
    assert "dropped" in done.stderr


def test_a_crash_between_an_undos_rewrite_and_the_journals_removal_brings_nothing_back(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    match = jagd_match("hbb")
    recorder = MatchRecorder(match, store, practice=True)
    play(match, 3)
    path = store.autosave_path(recorder.record)
    stale = journal_path(path).read_bytes()
    recorder.undo()
    kept = list(match.history)
    journal_path(path).write_bytes(stale)  # the crash: the old journal was not removed
    assert read_record(path).actions == kept
    again = resume(path, store, threaded=False, think_seconds=0)
    assert again.match.history == kept


def test_an_undo_before_the_last_whole_write_survives_a_crash(tmp_path: Path) -> None:
    """Resumed at move N (the record rewritten whole), moves appended, then an undo back before
    N, and a crash before the journal is removed: the match reads, without the undone moves."""
    match, recorder, path = journaled(tmp_path, rounds=3)
    store = recorder.store
    match.close()
    again = resume(path, store, threaded=False, think_seconds=0)
    again.record.practice = True
    play(again.match, 2)
    assert journal_path(path).exists()
    stale = journal_path(path).read_bytes()
    again.undo()
    again.undo()
    again.undo()
    kept = list(again.match.history)
    journal_path(path).write_bytes(stale)
    assert read_record(path).actions == kept
    assert Timeline.load(path).record.actions == kept


def test_an_illegal_move_in_the_journal_keeps_the_moves_before_it(tmp_path: Path) -> None:
    match, _, path = journaled(tmp_path)
    lines = journal_path(path).read_text(encoding="utf-8").splitlines(keepends=True)
    data = json.loads(lines[1])
    data["action"] = "play ² 3"
    lines[1] = json.dumps(data) + "\n"
    journal_path(path).write_text("".join(lines), encoding="utf-8")
    first = len(match.history) - len(lines)
    played = load(path)
    assert played.record.actions == match.history[: first + 1]
    assert played.record.journal_dropped == len(lines) - 1
    assert Timeline.load(path).record.actions == match.history[: first + 1]


def test_damage_in_the_record_itself_is_still_refused(tmp_path: Path) -> None:
    match, recorder, path = journaled(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["actions"]:
        data["actions"][0]["action"] = "play ²"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(RecordError, match="action 1"):
            load(path)


def test_continue_says_which_moves_of_a_damaged_journal_were_dropped(tmp_path: Path, monkeypatch) -> None:
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    store = RecordStore()
    match = jagd_match()
    recorder = MatchRecorder(match, store)
    play(match, 3)
    path = store.autosave_path(recorder.record)
    lines = journal_path(path).read_text(encoding="utf-8").splitlines(keepends=True)
    journal_path(path).write_text("".join([lines[0], "garbage\n", *lines[1:]]), encoding="utf-8")
    assert app.continue_match() is True
    kept = len(app.stack.top.match.history)
    assert kept == len(match.history) - len(lines) + 1
    assert any(f"{len(lines)} " in n.text and str(kept) in n.text and n.error for n in app.notices)
    app.stack.top.match.close()


@pytest.mark.parametrize("newline", [True, False])
def test_a_20_mb_garbage_line_drops_only_itself(tmp_path: Path, newline: bool) -> None:
    """Read as a stream: the good lines before it are kept and the match resumes, however large
    the damaged tail, and the reader never holds more than a line's worth of it."""
    import tracemalloc

    match, _, path = journaled(tmp_path, rounds=6)
    with journal_path(path).open("ab") as journal:
        journal.write(b"x" * 20_000_000 + (b"\n" if newline else b""))
        if newline:
            journal.write(b'{"at": 999}\n' * 3)  # later complete lines go with it
    tracemalloc.start()
    try:
        record = read_record(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert record.actions == match.history
    assert record.journal_dropped == (4 if newline else 0) and record.journal_problem
    assert peak < 4_000_000, f"{peak} bytes held while reading"
    assert Timeline.load(path).record.actions == match.history
    resumed = resume(path, RecordStore(tmp_path), threaded=False, think_seconds=0)
    assert resumed.match.history == match.history
    resumed.close()


def test_a_journal_longer_than_a_record_may_be_still_resumes(tmp_path: Path) -> None:
    """The record's own 20 MB cap does not apply to the journal read line by line."""
    from game.engine.record import MAX_RECORD_BYTES

    match, _, path = journaled(tmp_path, rounds=2)
    with journal_path(path).open("ab") as journal:
        journal.write(b"\n" * (MAX_RECORD_BYTES + 10))  # empty lines: the first one is the damage
    record = read_record(path)
    assert record.actions == match.history and record.journal_dropped == MAX_RECORD_BYTES + 10
