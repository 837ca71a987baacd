"""The match index (game/matchindex.py): rebuilt from the records with the same figures after it
is deleted, damaged or of an older version; in step with the history folder; a match killed at
any point of its end counted exactly once; ten thousand matches listed and filtered correctly;
removal, export and "keep the latest N"."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.record import Record, SeatInfo, result_of
from game.matchindex import INDEX_FILE, SUMMARIES_FILE, Filters, MatchIndex, open_index
from game.ratings import level_of, strongest
from game.records import RecordStore, Statistics, set_keep_latest, write_atomic
from game.samplehistory import write_history
from tests.records_helpers import random_match

ROOT = Path(__file__).resolve().parent.parent
JAGD = registry.load("jagdfieber")


def figures_of(root: Path) -> dict:
    with open_index(root) as index:
        overall, games = index.figures()
        listing = [(e.match_id, e.won, e.scores) for e in index.page(limit=10_000)]
        return {"overall": overall.to_dict(), "games": {g: f.to_dict() for g, f in games.items()}, "list": listing}


def sample_home(tmp_path: Path, count: int = 120) -> tuple[Path, list[Record]]:
    return tmp_path, write_history(tmp_path / "history", count, seed=5)


def test_the_index_is_rebuilt_with_the_same_figures_after_it_is_deleted(tmp_path: Path) -> None:
    root, _ = sample_home(tmp_path)
    first = figures_of(root)
    assert first["overall"]["matches"] > 0 and len(first["list"]) == 120
    for suffix in ("", "-wal", "-shm"):
        Path(f"{root / INDEX_FILE}{suffix}").unlink(missing_ok=True)
    index = MatchIndex(root).open()
    assert index.rebuilt == ("missing", "")
    assert index.take_rebuilt_note() == ("missing", "", 120) and index.take_rebuilt_note() is None  # said once
    index.close()
    assert figures_of(root) == first


@pytest.mark.parametrize("damage", ["garbage", "truncated", "older", "no_table"])
def test_a_damaged_or_older_index_is_rebuilt_with_the_same_figures(tmp_path: Path, damage: str) -> None:
    root, _ = sample_home(tmp_path)
    first = figures_of(root)
    path = root / INDEX_FILE
    if damage == "garbage":
        path.write_bytes(b"this is not a database" * 100)
    elif damage == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif damage == "older":
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE meta SET value = '0' WHERE key = 'schema'")
    else:
        with sqlite3.connect(path) as conn:
            conn.execute("DROP TABLE matches")
    index = MatchIndex(root).open()
    assert index.rebuilt is not None and index.rebuilt[0] == ("version" if damage == "older" else "damaged")
    index.close()
    assert figures_of(root) == first


def test_the_index_follows_the_history_folder(tmp_path: Path) -> None:
    """A record added or removed by hand is seen at the next opening; an unreadable one is
    listed with its problem; a copy of a match is not counted twice."""
    root, records = sample_home(tmp_path, 20)
    with open_index(root) as index:
        assert index.count() == 20
    history = root / "history"
    (history / f"{records[0].match_id}.json").unlink()
    (history / "broken.json").write_text("{", encoding="utf-8")
    (history / "copy.json").write_text((history / f"{records[1].match_id}.json").read_text(encoding="utf-8"), encoding="utf-8")
    (history / f"{records[2].match_id}.review.json").write_text("{}", encoding="utf-8")  # a review is no record
    with open_index(root) as index:
        assert index.count() == 21 and index.count(Filters(result="won")) + index.count(Filters(result="lost")) <= 19
        assert index.count(Filters(game=records[1].game)) == sum(1 for r in records[1:] if r.game == records[1].game)
        problems = {e.file: e.problem for e in index.unreadable()}
        assert set(problems) == {"broken.json", "copy.json"}
        assert "not valid JSON" in problems["broken.json"] and "another copy" in problems["copy.json"]
        assert index.figures()[0].matches == sum(1 for r in records[1:] if r.humans)


def test_ten_thousand_matches_list_and_filter_correctly(tmp_path: Path) -> None:
    records = write_history(tmp_path / "history", 10_000, seed=3)
    newest_first = sorted(records, key=lambda r: (r.updated, r.match_id), reverse=True)
    with open_index(tmp_path) as index:
        assert index.count() == 10_000
        assert [e.match_id for e in index.page(offset=0, limit=30)] == [r.match_id for r in newest_first[:30]]
        assert [e.match_id for e in index.page(offset=9_990, limit=30)] == [r.match_id for r in newest_first[9_990:]]
        every = [e.match_id for offset in range(0, 10_000, 2_500) for e in index.page(offset=offset, limit=2_500)]
        assert every == [r.match_id for r in newest_first]  # every match, no cap, no repeat
        checks = [
            (Filters(game="silver_amulet"), lambda r: r.game == "silver_amulet"),
            (Filters(players=5), lambda r: r.players == 5),
            (Filters(level="hard"), lambda r: "hard" in {s.level for s in r.seats if not s.is_human}),
            (Filters(result="won"), lambda r: bool(set(r.humans) & set(r.result["winners"]))),
            (Filters(result="lost"), lambda r: not set(r.humans) & set(r.result["winners"])),
            (Filters(mode="network"), lambda r: r.network),
            (Filters(mode="hotseat"), lambda r: not r.network and len(r.humans) > 1),
            (Filters(mode="solo"), lambda r: not r.network and len(r.humans) == 1),
            (Filters(coached=True), lambda r: bool(r.coached)),
            (Filters(name="CHLO"), lambda r: any("chlo" in s.name.casefold() for s in r.seats)),
            (Filters(game="fish_fish", level="easy", result="won", mode="solo", name="ana"),
             lambda r: r.game == "fish_fish" and "easy" in {s.level for s in r.seats if not s.is_human}
             and bool(set(r.humans) & set(r.result["winners"])) and not r.network and len(r.humans) == 1
             and any("ana" in s.name.casefold() for s in r.seats)),
        ]
        for filters, keep in checks:
            expected = [r.match_id for r in newest_first if keep(r)]
            assert index.count(filters) == len(expected) > 0, filters
            assert [e.match_id for e in index.page(filters, offset=0, limit=len(expected) + 5)] == expected, filters
            if len(expected) > 10:
                middle = expected[len(expected) // 2]
                assert index.position(middle, filters) == len(expected) // 2
        overall, games = index.figures()
        people = [r for r in records if r.humans]
        assert overall.matches == len(people)
        assert overall.wins == sum(1 for r in people if set(r.humans) & set(r.result["winners"]))
        assert sum(g.matches for g in games.values()) == overall.matches
        assert overall.seconds == sum(r.seconds for r in people)
        hard = [r for r in people if strongest(level_of(s.kind, s.bot, s.level) for s in r.seats) == "hard"]
        assert overall.by_level["hard"][0] == len(hard)


def test_statistics_figures_per_game(tmp_path: Path) -> None:
    """Streaks, best and average score (lowest in Silver), win share by level and player count."""
    store = RecordStore(tmp_path)
    results = [("jagdfieber", True, 40, "easy"), ("jagdfieber", True, 55, "hard"), ("jagdfieber", False, 20, "hard"),
               ("jagdfieber", True, 30, "hard"), ("jagdfieber", True, 35, "medium"), ("jagdfieber", True, 10, "easy"),
               ("silver_amulet", True, 4, "hard"), ("silver_amulet", False, 30, "hard")]
    for number, (game, won, score, level) in enumerate(results):
        rules = registry.load(game)
        seats = [SeatInfo("Ana"), SeatInfo("B1", "bot", "ismcts", level), SeatInfo("B2", "bot", "ismcts", "easy")]
        record = Record(game, rules.version, 1, 3, {}, seats, match_id=f"m{number:03d}",
                        created=f"2026-01-01T10:{number:02d}:00Z", updated=f"2026-01-01T10:{number:02d}:30Z",
                        result={"over": True, "scores": [score, 25, 26], "winners": [0] if won else [1]})
        path = store.history_dir / f"{record.match_id}.json"
        write_atomic(path, record.to_json())
        store._index(record, path)
    with open_index(tmp_path) as index:
        overall, games = index.figures()
    jagd, silver = games["jagdfieber"], games["silver_amulet"]
    assert (jagd.matches, jagd.wins, jagd.best_score, jagd.current_streak, jagd.best_streak) == (6, 5, 55, 3, 3)
    assert jagd.average_score == pytest.approx(190 / 6)
    assert jagd.by_level == {"easy": [2, 2], "hard": [3, 2], "medium": [1, 1]} and jagd.by_players == {3: [6, 5]}
    assert jagd.seconds == 6 * 30  # records without their time played: start to end
    assert (silver.best_score, silver.current_streak, silver.best_streak) == (4, 0, 1)  # the lowest is best
    assert (overall.matches, overall.wins, overall.current_streak, overall.best_streak) == (8, 6, 0, 4)
    assert overall.best_score is None  # scores of different games are not compared


def test_removing_a_match_takes_its_review_and_its_counts(tmp_path: Path) -> None:
    root, records = sample_home(tmp_path, 10)
    victim = next(r for r in records if r.humans)
    review = root / "history" / f"{victim.match_id}.review.json"
    review.write_text("{}", encoding="utf-8")
    before = Statistics.load(root).games[victim.game].played
    removed = RecordStore(root).remove_finished(victim.match_id)
    assert sorted(p.name for p in removed) == sorted([f"{victim.match_id}.json", review.name])
    assert not review.exists()
    assert Statistics.load(root).games.get(victim.game, None) is None or Statistics.load(root).games[victim.game].played == before - 1
    with open_index(root) as index:
        assert index.count() == 9 and victim.match_id not in {e.match_id for e in index.page(limit=20)}


def test_export_copies_the_record_and_its_review_without_overwriting(tmp_path: Path) -> None:
    root, records = sample_home(tmp_path, 3)
    path = root / "history" / f"{records[0].match_id}.json"
    path.with_name(f"{records[0].match_id}.review.json").write_text('{"review": 1}', encoding="utf-8")
    out = tmp_path / "exports"
    first = RecordStore(root).export(path, out)
    assert [p.name for p in first] == [path.name, f"{records[0].match_id}.review.json"]
    assert first[0].read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    second = RecordStore(root).export(path, out)
    assert [p.name for p in second] == [f"{records[0].match_id}-2.json", f"{records[0].match_id}-2.review.json"]
    only = RecordStore(root).export(root / "history" / f"{records[1].match_id}.json", out)
    assert [p.name for p in only] == [f"{records[1].match_id}.json"]


def test_keep_the_latest_matches_removes_older_records_but_not_their_counts(tmp_path: Path) -> None:
    root, records = sample_home(tmp_path, 40)
    before = figures_of(root)
    with open_index(root) as index:
        assert index.keep_latest(0) == 0  # 0: keep them all
        assert index.keep_latest(25) == 15
        assert index.count() == 25
        assert index.disk_use()[1] == 25
    assert len(list((root / "history").glob("*-*.json"))) == 25
    after = figures_of(root)
    assert after["overall"] == before["overall"] and after["games"] == before["games"]
    assert after["list"] == before["list"][:25]
    (root / INDEX_FILE).unlink()
    rebuilt = figures_of(root)  # the summaries keep the removed ones' counts
    assert rebuilt["overall"] == before["overall"] and rebuilt["list"] == before["list"][:25]
    assert len((root / "history" / SUMMARIES_FILE).read_text(encoding="utf-8").splitlines()) == 15


def test_a_finished_match_keeps_only_the_latest_when_the_player_chose_it(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    try:
        set_keep_latest(2)
        for seed in range(1, 5):
            record, state, _ = random_match(JAGD, 3, seed, humans=1)
            store.save(record, state)
    finally:
        set_keep_latest(0)
    with open_index(tmp_path) as index:
        assert index.count() == 2 and index.figures()[0].matches == 4


# ----------------------------------------------------------------------- kill -9
INJECTED = """
import os, signal, sys
from pathlib import Path
from game import matchindex, records
from game.engine import registry
from tests.records_helpers import random_match

point = sys.argv[1]
def die():
    os.kill(os.getpid(), signal.SIGKILL)

if point == "record_written":
    real = records.RecordStore._index
    records.RecordStore._index = lambda self, record, target: die()
elif point == "in_transaction":
    def add(self, record, path):
        info = path.stat()
        row = matchindex._row(matchindex.summary_of(record), path.name, info.st_size, info.st_mtime_ns)
        self.db.execute("BEGIN")
        self.db.execute(matchindex._UPSERT, row)
        die()
    matchindex.MatchIndex.add = add
elif point == "committed":
    real = records.RecordStore._index
    def index_then_die(self, record, target):
        real(self, record, target)
        die()
    records.RecordStore._index = index_then_die
record, state, _ = random_match(registry.load("jagdfieber"), 3, 11, humans=1)
store = records.RecordStore()
store.save(record, state)
print("finished without a kill", flush=True)
"""


@pytest.mark.parametrize("point", ["record_written", "in_transaction", "committed", "none"])
def test_a_kill_during_a_matchs_end_counts_it_exactly_once(tmp_path: Path, point: str) -> None:
    env = {**os.environ, "TABLEE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", INJECTED, point], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == (0 if point == "none" else -signal.SIGKILL), done.stderr
    data = tmp_path / "data"
    for _ in range(2):  # the next start, then another: still once
        store = RecordStore(data)
        store.recover()
        assert Statistics.load(data).games["jagdfieber"].played == 1
        with open_index(data) as index:
            assert index.count() == 1
    assert not list((data / "autosave").glob("*.json"))


KILLED_LOOP = """
from game import records
from game.engine import registry
from tests.records_helpers import random_match

rules = registry.load("jagdfieber")
store = records.RecordStore()
for seed in range(1, 400):
    record, state, _ = random_match(rules, 3, seed, humans=1)
    store.save(record, state)
    print(seed, flush=True)
"""


def test_a_kill_at_a_random_moment_of_many_match_ends_counts_each_once(tmp_path: Path) -> None:
    env = {**os.environ, "TABLEE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", KILLED_LOOP], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        wanted = random.Random().randint(3, 12)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line, "the runner stopped before the kill"
            if int(line) >= wanted:
                break
        time.sleep(random.Random().random() * 0.05)  # somewhere in the next match's end
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
        proc.stdout.close()
    data = tmp_path / "data"
    kept = {p.stem for folder in ("autosave", "history") for p in (data / folder).glob("*.json")}
    store = RecordStore(data)
    store.recover()
    finished = {p.stem for p in (data / "history").glob("*.json")}
    assert finished <= kept and len(finished) >= wanted
    assert Statistics.load(data).games["jagdfieber"].played == len(finished)
    with open_index(data) as index:
        assert index.count() == len(finished)
        assert {e.match_id for e in index.page(limit=1000)} == finished


def test_an_unwritable_data_folder_still_lists_and_counts(tmp_path: Path, monkeypatch) -> None:
    from tests.test_harden_classes import read_only

    root, records = sample_home(tmp_path, 12)
    read_only(monkeypatch, root)
    try:
        index = MatchIndex(root).open()
        assert index.in_memory and index.count() == 12 and any("in memory" in p for p in index.problems)
        assert index.figures()[0].matches == sum(1 for r in records if r.humans)
        index.close()
    finally:
        root.chmod(0o700)
    assert not (root / INDEX_FILE).exists()


def test_summary_lines_that_are_damaged_are_skipped_and_said(tmp_path: Path) -> None:
    root, records = sample_home(tmp_path, 6)
    with open_index(root) as index:
        index.keep_latest(3)
    summaries = root / "history" / SUMMARIES_FILE
    lines = summaries.read_text(encoding="utf-8").splitlines()
    summaries.write_text("\n".join([lines[0], "{not json", json.dumps({"match_id": "x"}), *lines[1:]]) + "\n", encoding="utf-8")
    (root / INDEX_FILE).unlink()
    index = MatchIndex(root).open()
    assert any("2 damaged line(s)" in p for p in index.problems)
    assert index.figures()[0].matches == sum(1 for r in records if r.humans)
    index.close()


def test_a_record_of_the_app_keeps_its_time_played_and_network_mark(tmp_path: Path) -> None:
    record, state, _ = random_match(JAGD, 3, 4, humans=1)
    record.network, record.seconds, record.coached = True, 754, [0]
    record.result = result_of(state)
    again = Record.from_dict(json.loads(record.to_json()), "x")
    assert (again.network, again.seconds, again.coached) == (True, 754, [0])
    plain = json.loads(random_match(JAGD, 3, 4, humans=1)[0].to_json())
    assert "network" not in plain and "seconds" not in plain and "coached" not in plain  # older readers see no change
