"""The record store: atomic autosaves, finished matches kept as history, statistics counted once,
a corrupt statistics file kept aside and reported, and a match killed mid-game resumed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.engine import registry
from game.engine.record import Record, SeatInfo, result_of
from game.records import RecordStore, Statistics, Timeline, resume, write_atomic
from tests.records_helpers import random_match, views

JAGD = registry.load("jagdfieber")
ROOT = Path(__file__).resolve().parent.parent


def human_match(seed: int, max_actions: int | None = None) -> tuple[Record, object]:
    record, state, _ = random_match(JAGD, 3, seed, max_actions=max_actions, humans=1)
    return record, state


def test_write_atomic_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "a.json"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text() == "two"
    assert sorted(p.name for p in path.parent.iterdir()) == ["a.json"]


def test_unfinished_autosave_is_continued_and_finished_goes_to_history(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    unfinished, state = human_match(1, max_actions=10)
    store.save(unfinished, state)
    assert store.latest_unfinished() == store.autosave_path(unfinished)
    finished, end = human_match(2)
    store.save(finished, end)
    assert not store.autosave_path(finished).exists()
    entries = store.history()
    assert [e.record.match_id for e in entries] == [finished.match_id] and entries[0].over
    assert store.latest_unfinished() == store.autosave_path(unfinished)
    stats = Statistics.load(tmp_path)
    game = stats.games["jagdfieber"]
    assert game.played == 1
    assert game.won == (1 if 0 in end.winners() else 0)
    assert game.best_score == end.scores()[0]


def test_a_match_is_counted_once_even_if_saved_again(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    record, state = human_match(3)
    store.save(record, state)
    store.finish(record)  # a crash between the stats and the history write, then recovery
    assert Statistics.load(tmp_path).games["jagdfieber"].played == 1


def test_recover_finishes_an_ended_match_left_in_autosave(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    record, state = human_match(4)
    record.result = result_of(state)
    write_atomic(store.autosave_path(record), record.to_json())  # crash before the move to history
    assert store.latest_unfinished() is None
    assert len(store.history()) == 1 and Statistics.load(tmp_path).games["jagdfieber"].played == 1


def test_bot_only_matches_do_not_count_in_statistics(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    record, state, _ = random_match(JAGD, 3, 5)
    store.save(record, state)
    assert Statistics.load(tmp_path).games == {} and len(store.history()) == 1


def test_corrupt_old_statistics_are_kept_aside_and_reported(tmp_path: Path) -> None:
    """The old statistics file is read once, when the index is built: a damaged one is set
    aside and said, and the counting starts from the records kept."""
    stats_path = tmp_path / "stats.json"
    stats_path.write_text('{"format": "tablee-stats", "games": {"jagdfieber": {"played": "x"', encoding="utf-8")
    stats = Statistics.load(tmp_path)
    assert stats.problem is not None and "unreadable statistics" in stats.problem
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("stats.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").endswith('"played": "x"')
    assert not stats_path.exists()
    record, state = human_match(6)
    store = RecordStore(tmp_path)
    store.save(record, state)
    assert Statistics.load(tmp_path).games["jagdfieber"].played == 1
    assert store.problems == []  # the corrupt file was already reported and put aside by load()
    assert not stats_path.exists()  # the index counts now: no statistics file is written


def test_old_statistics_are_carried_over_once_then_retired(tmp_path: Path) -> None:
    """Matches the old file counted without a record kept are carried; the kept ones are not
    counted twice; a rebuilt index carries the same counts (from the retired file)."""
    store = RecordStore(tmp_path)
    record, state = human_match(7)
    store.history_dir.mkdir(parents=True)
    record.result = result_of(state)
    write_atomic(store.history_dir / f"{record.match_id}.json", record.to_json())  # counted by the old file too
    won = 1 if 0 in state.winners() else 0
    old = {"format": "tablee-stats", "format_version": 1, "counted": [record.match_id],
           "games": {"jagdfieber": {"played": 5, "won": 2 + won, "best_score": 999}, "fish_fish": {"played": 2, "won": 1, "best_score": 30}}}
    (tmp_path / "stats.json").write_text(json.dumps(old), encoding="utf-8")
    stats = Statistics.load(tmp_path)
    assert stats.problem is None
    assert (stats.games["jagdfieber"].played, stats.games["jagdfieber"].won, stats.games["jagdfieber"].best_score) == (5, 2 + won, 999)
    assert (stats.games["fish_fish"].played, stats.games["fish_fish"].won) == (2, 1)
    assert not (tmp_path / "stats.json").exists() and (tmp_path / "stats.retired.json").exists()
    (tmp_path / "matches.sqlite3").unlink()
    again = Statistics.load(tmp_path)
    assert again.games == stats.games
    (tmp_path / "stats.json").write_text(json.dumps(old), encoding="utf-8")  # written again by an older Tablée
    assert Statistics.load(tmp_path).games == stats.games
    assert [p.name for p in tmp_path.glob("stats.retired-*.json")]


def test_unreadable_history_file_is_listed_with_its_problem(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    store.history_dir.mkdir(parents=True)
    (store.history_dir / "bad.json").write_text("{", encoding="utf-8")
    entries = store.history()
    assert len(entries) == 1 and entries[0].record is None and "bad.json: not valid JSON" in entries[0].error


RUNNER = """
import sys, time
from game.match import Match, MatchConfig, SeatConfig
from game.records import MatchRecorder, RecordStore
seats = [SeatConfig(f"Bot {i}", "bot", "random", "easy") for i in range(4)]
match = Match(MatchConfig("jagdfieber", seats, seed=21, options={}), threaded=False, think_seconds=0)
recorder = MatchRecorder(match, RecordStore())
print(recorder.store.autosave_path(recorder.record), flush=True)
while not match.is_over():
    for seat, text, events in match.poll():
        print(len(match.history), flush=True)
        time.sleep(0.01)
"""


def test_a_match_killed_mid_game_resumes_with_nothing_lost(tmp_path: Path) -> None:
    env = {**os.environ, "TABLEE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", RUNNER], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        path = Path(proc.stdout.readline().strip())
        confirmed = 0
        deadline = time.monotonic() + 20
        while confirmed < 30 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line, "the runner stopped before the kill"
            confirmed = int(line)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert confirmed >= 30
    tl = Timeline.load(path)  # replays every action and checks each is legal
    kept = len(tl.record.actions)
    assert confirmed <= kept <= confirmed + 1  # at most the action in flight is missing
    store = RecordStore(tmp_path / "data")
    assert store.latest_unfinished() == path
    again = resume(path, store, threaded=False, think_seconds=0)
    assert again.match.history == tl.record.actions
    assert views(again.match.state) == views(tl.state)
    again.match.run_bots()
    assert again.match.is_over()
    finished = store.history()
    assert len(finished) == 1 and finished[0].record.actions[:kept] == tl.record.actions
    assert finished[0].record.seats == [SeatInfo(f"Bot {i}", "bot", "random", "easy") for i in range(4)]


def test_resume_refuses_an_edited_bot_with_the_file_name(tmp_path: Path) -> None:
    import pytest

    from game.engine.record import RecordError

    store = RecordStore(tmp_path)
    record, state = human_match(7, max_actions=4)
    record.seats[1].bot = "skynet"
    path = store.save(record, state)
    text = path.read_text(encoding="utf-8")
    with pytest.raises(RecordError, match="unknown bot 'skynet'") as info:
        resume(path, store, threaded=False)
    assert str(path) in str(info.value)
    assert path.read_text(encoding="utf-8") == text


def test_main_resume_checks_the_last_match_before_opening_a_window(tmp_path: Path, monkeypatch, capsys) -> None:
    import main
    import scenes.app

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    opened: list[bool] = []
    monkeypatch.setattr(scenes.app, "run_app", lambda resume=False: opened.append(resume) or 0)
    assert main.main(["--resume"]) == 1
    assert "no unfinished match" in capsys.readouterr().err
    store = RecordStore()
    record, state = human_match(8, max_actions=4)
    path = store.save(record, state)
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace('"action": "play', '"action": "jump', 1), encoding="utf-8")
    assert main.main(["--resume"]) == 1
    err = capsys.readouterr().err
    assert str(path) in err and "action 1" in err and opened == []
    path.write_text(good, encoding="utf-8")
    assert main.main(["--resume"]) == 0 and opened == [True]


def test_a_headless_demo_killed_mid_match_resumes_from_its_autosave(tmp_path: Path) -> None:
    env = {**os.environ, "TABLEE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, str(ROOT / "main.py"), "demo", "jagdfieber", "--headless", "--frames", "1000000", "--players", "3"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    autosave = tmp_path / "data" / "autosave"
    seen = 0
    try:
        deadline = time.monotonic() + 40
        while seen < 12 and time.monotonic() < deadline and proc.poll() is None:
            files = list(autosave.glob("*.json")) if autosave.is_dir() else []
            if files:
                seen = len(Timeline.load(files[0]).record.actions)  # a complete record at every instant
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
    assert seen >= 12, "the demo did not autosave its moves"
    store = RecordStore(tmp_path / "data")
    path = store.latest_unfinished()
    assert path is not None
    again = resume(path, store, threaded=False, think_seconds=0)
    assert len(again.match.history) >= seen
    assert [s.kind for s in again.record.seats] == ["bot"] * 3
    again.match.run_bots()
    assert again.match.is_over() and store.latest_unfinished() is None
