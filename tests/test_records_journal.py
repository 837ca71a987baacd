"""The autosave journal: a move costs one appended line, not a rewrite of the whole record; a
line cut short by a crash is dropped with a message; the end of a match leaves the main thread."""

from __future__ import annotations

import threading
from pathlib import Path

from game import records
from game.engine.record import journal_path, read_record
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.records import MatchRecorder, RecordStore, Timeline, resume
from tests.records_helpers import views


def jagd_match(kinds: str = "hbb", seed: int = 8) -> Match:
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT, "random", "easy") for i, k in enumerate(kinds)]
    return Match(MatchConfig("jagdfieber", seats, seed=seed, options={"start_seat": 0}), threaded=False, think_seconds=0)


def play_rounds(match: Match, cards: tuple[str, ...]) -> None:
    for card in cards:
        match.run_bots()
        match.submit(0, f"play {card}")
    match.run_bots()


def test_moves_after_the_first_are_appended_and_the_record_is_not_rewritten(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    match = jagd_match()
    recorder = MatchRecorder(match, store)
    play_rounds(match, ("wolf",))
    path = store.autosave_path(recorder.record)
    first = path.read_bytes()
    written = len(read_record(path).actions) - len(journal_path(path).read_text().splitlines())
    play_rounds(match, ("rabbit", "carrot"))
    assert path.read_bytes() == first  # the record itself was written once
    lines = journal_path(path).read_text(encoding="utf-8").splitlines()
    assert written + len(lines) == len(match.history) > written
    loaded = Timeline.load(path)
    assert loaded.record.actions == match.history
    assert views(loaded.state) == views(match.state)
    assert loaded.record.result == records.result_of(match.state)


def test_a_line_cut_short_by_a_crash_is_dropped_with_a_message(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    match = jagd_match()
    recorder = MatchRecorder(match, store)
    play_rounds(match, ("wolf", "rabbit"))
    path = store.autosave_path(recorder.record)
    kept = list(match.history)
    with journal_path(path).open("a", encoding="utf-8") as journal:
        journal.write(f'{{"at": {len(kept)}, "seat": 0, "action": "play fo')  # killed mid-append
    again = resume(path, store, threaded=False, think_seconds=0)
    assert again.match.history == kept
    assert again.record.journal_problem and str(journal_path(path)) in again.record.journal_problem
    # the next move rewrites the record whole: the cut line is gone for good
    again.match.run_bots()
    again.match.submit(0, again.match.state.legal_actions(0)[0])
    assert read_record(path).journal_problem is None
    assert read_record(path).actions == again.match.history


def test_a_damaged_line_in_the_middle_keeps_the_moves_before_it_and_says_what_was_dropped(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    match = jagd_match()
    recorder = MatchRecorder(match, store)
    play_rounds(match, ("wolf", "rabbit"))
    path = store.autosave_path(recorder.record)
    lines = journal_path(path).read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) >= 2
    journal_path(path).write_text("".join([lines[0], "garbage\n", *lines[1:]]), encoding="utf-8")
    record = read_record(path)
    assert record.actions == match.history[: len(match.history) - len(lines) + 1]
    assert record.journal_dropped == len(lines) and "line 2" in (record.journal_problem or "")


def test_undo_rewrites_the_record_and_drops_the_journal(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    match = jagd_match("hhb")
    recorder = MatchRecorder(match, store, practice=True)
    match.run_bots()
    match.submit(0, "play wolf")
    match.submit(1, "play rabbit")
    path = store.autosave_path(recorder.record)
    assert journal_path(path).exists()
    recorder.undo()
    assert not journal_path(path).exists()
    assert read_record(path).actions == match.history
    assert len(read_record(path).undos) == 1
    match.submit(1, "play carrot")  # after the rewrite, moves are appended again
    assert journal_path(path).exists()
    assert read_record(path).actions == match.history


def test_the_end_of_a_match_is_saved_on_the_autosave_thread(tmp_path: Path, monkeypatch) -> None:
    store = RecordStore(tmp_path)
    match = jagd_match("bbb")
    recorder = MatchRecorder(match, store, background=True)
    threads: list[str] = []
    real_finish = RecordStore.finish

    def finish(self: RecordStore, record):  # noqa: ANN001, ANN202
        threads.append(threading.current_thread().name)
        return real_finish(self, record)

    monkeypatch.setattr(RecordStore, "finish", finish)
    autosave = store.autosave_path(recorder.record)
    while not match.is_over():
        match.run_bots()
    assert recorder.writer is not None and recorder.writer.flush(timeout=60)
    assert threads == ["tablee-autosave"]
    assert not autosave.exists() and not journal_path(autosave).exists()
    finished = store.history()
    assert len(finished) == 1 and finished[0].over
    assert finished[0].record is not None and finished[0].record.actions == match.history


def test_continue_says_the_last_move_was_cut_short(tmp_path: Path, monkeypatch) -> None:
    from tests.table_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    store = RecordStore()
    match = jagd_match()
    recorder = MatchRecorder(match, store)
    play_rounds(match, ("wolf",))
    path = store.autosave_path(recorder.record)
    with journal_path(path).open("a", encoding="utf-8") as journal:
        journal.write('{"at": 40, "se')
    assert app.continue_match() is True
    assert app.stack.top.match.history == match.history
    assert any(str(journal_path(path)) in n.text and not n.error for n in app.notices)
    app.pop()
