"""The index of the player's finished matches: one SQLite file, `<data>/matches.sqlite3`.

The records in `<data>/history/` stay the source of truth; the index holds nothing they do not
(with two small files beside them, below), so it can always be built again:

- it is built from the records when it is missing, damaged or of an older version (`rebuilt`
  says why, in one line, to whoever opens it first);
- each time it is opened it is brought in step with the folder: a record file it does not know
  is read, a row whose file is gone is dropped (records are written once: a file edited in
  place by hand is read again when the index is rebuilt);
- a finished match is written in one transaction, keyed by its match id, so a crash at any
  point of a match's end counts it exactly once (game/records.py writes the record first).

Beside the records: `history/summaries.jsonl`, one line per match removed by the "keep the
latest N matches" setting (what the statistics need of it, no moves), and `stats.retired.json`,
the counts of the old statistics file for matches whose records were never kept, carried over
once. SQLite runs in WAL mode: the History screen reads while the table writes a match's end.

Nothing here replays a match: a record is type-checked when it is read (game/engine/record.py)
and its stored result is trusted, as the History list always did.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from game import userfiles
from game.engine.record import Record, RecordError, read_record
from game.ratings import (
    RATED_LEVELS,
    RatedMatch,
    RatingPoint,
    level_of,
    level_ratings,
    rate,
    strongest,
)

INDEX_FILE = "matches.sqlite3"
SCHEMA_VERSION = 1
HISTORY = "history"
SUMMARIES_FILE = "summaries.jsonl"
REVIEW_SUFFIX = ".review.json"
LEGACY_STATS = "stats.json"
RETIRED_STATS = "stats.retired.json"
RETIRED_FORMAT = "tablee-stats-retired"
MAX_SUMMARIES_BYTES = 50_000_000
OLD_RECORD_HOURS = 6  # a record without its time played: start to end, when shorter than this
MODES = ("solo", "hotseat", "network", "bots")

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE matches (
    match_id TEXT PRIMARY KEY,      -- an unreadable file: '!' + its name
    file TEXT UNIQUE,               -- its file in history/; NULL: only its summary is kept
    size INTEGER NOT NULL DEFAULT 0,
    mtime_ns INTEGER NOT NULL DEFAULT 0,
    problem TEXT,                   -- why the file cannot be read (nothing else is known)
    game TEXT NOT NULL DEFAULT '',
    finished TEXT NOT NULL DEFAULT '',
    players INTEGER NOT NULL DEFAULT 0,
    mode TEXT NOT NULL DEFAULT '',
    humans INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    won INTEGER,                    -- a person's seat among the winners (NULL: computers only)
    score_sum INTEGER NOT NULL DEFAULT 0,
    score_count INTEGER NOT NULL DEFAULT 0,
    best_score INTEGER,
    low INTEGER NOT NULL DEFAULT 0, -- the lowest total wins in this game
    level TEXT NOT NULL DEFAULT '', -- the strongest computer opponent
    levels TEXT NOT NULL DEFAULT '',-- every computer level at the table, ' easy hard '
    coached INTEGER NOT NULL DEFAULT 0,
    rated INTEGER NOT NULL DEFAULT 0,
    seat_levels TEXT NOT NULL DEFAULT '', -- per seat: its level, '-' for a person ("-,hard,easy")
    winners TEXT NOT NULL DEFAULT '',     -- the winning seats ("0,2")
    seconds INTEGER NOT NULL DEFAULT 0,
    names TEXT NOT NULL DEFAULT '', -- the seats' names, case-folded, for the search
    summary TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX matches_by_time ON matches (finished DESC, match_id DESC);
CREATE INDEX matches_by_game ON matches (game, finished);
CREATE TABLE carried (game TEXT PRIMARY KEY, matches INTEGER NOT NULL, wins INTEGER NOT NULL, best_score INTEGER);
"""
_COLUMNS = ("match_id", "file", "size", "mtime_ns", "problem", "game", "finished", "players", "mode", "humans", "over",
            "won", "score_sum", "score_count", "best_score", "low", "level", "levels", "coached", "rated", "seat_levels",
            "winners", "seconds",
            "names", "summary")
_UPSERT = f"INSERT OR REPLACE INTO matches ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})"


class IndexUnavailable(Exception):
    """The index cannot be used now (a locked or unwritable file); the caller says so."""


# ------------------------------------------------------------------ what is stored
@cache
def _lower_wins(game_id: str) -> bool:
    from game.engine import registry
    from game.engine.errors import TableeError

    try:
        return bool(registry.load(game_id).lower_score_wins)
    except TableeError:
        return False


def epoch(stamp: str) -> float | None:
    """Seconds since 1970 of a record's time ("2026-11-27T08:44:06Z"), None when it is not one."""
    try:
        if len(stamp) != 20 or not stamp.endswith("Z"):
            return None
        return datetime.fromisoformat(stamp[:-1]).replace(tzinfo=UTC).timestamp()
    except (ValueError, OverflowError, TypeError):
        return None


def played_seconds(record: Record) -> int:
    """The record's time at the table; an older record without it: from its start to its end,
    when that is shorter than a few hours (else unknown: 0)."""
    if record.seconds:
        return record.seconds
    start, end = epoch(record.created), epoch(record.updated)
    if start is None or end is None or not 0 <= end - start <= OLD_RECORD_HOURS * 3600:
        return 0
    return int(end - start)


def mode_of(record: Record) -> str:
    """solo (one person and computer players), hotseat (several people at this screen),
    network (hosted here for players elsewhere), bots (computer players only)."""
    humans = record.humans
    if record.network:
        return "network"
    if not humans:
        return "bots"
    return "solo" if len(humans) == 1 else "hotseat"


def summary_of(record: Record) -> dict[str, Any]:
    """What the index keeps of a record (and a summary line keeps of a removed one)."""
    result = record.result or {}
    return {
        "match_id": record.match_id, "game": record.game, "finished": record.updated or record.created,
        "players": record.players, "network": record.network, "practice": record.practice,
        "coached": list(record.coached), "seconds": played_seconds(record),
        "seats": [[s.name, s.kind, s.bot, s.level] for s in record.seats],
        "over": bool(result.get("over")), "scores": list(result.get("scores") or []),
        "winners": list(result.get("winners") or []),
    }


def _row(summary: dict[str, Any], file: str | None, size: int, mtime_ns: int) -> tuple[Any, ...]:
    seats = summary["seats"]
    kinds = [s[1] for s in seats]
    humans = [i for i, kind in enumerate(kinds) if kind == "human"]
    bots = [lv for lv in (level_of(s[1], s[2], s[3]) for s in seats) if lv]
    scores, winners = summary["scores"], set(summary["winners"])
    human_scores = [scores[s] for s in humans if s < len(scores)]
    low = _lower_wins(summary["game"])
    best = (min if low else max)(human_scores) if human_scores else None
    mode = "network" if summary["network"] else "bots" if not humans else "solo" if len(humans) == 1 else "hotseat"
    coached = bool(set(summary["coached"]) & set(humans))
    rated = mode == "solo" and bool(bots) and summary["over"] and not summary["practice"] and not coached
    return (
        summary["match_id"], file, size, mtime_ns, None, summary["game"], summary["finished"], summary["players"], mode,
        len(humans), int(summary["over"]), (int(any(s in winners for s in humans)) if humans else None),
        sum(human_scores), len(human_scores), best, int(low), strongest(bots),
        (" " + " ".join(sorted(set(bots))) + " ") if bots else "", int(coached), int(rated),
        ",".join(level_of(s[1], s[2], s[3]) or "-" for s in seats), ",".join(str(w) for w in sorted(winners)), summary["seconds"],
        "\n".join(s[0].casefold() for s in seats), json.dumps(summary, ensure_ascii=False),
    )


def _problem_row(name: str, problem: str, size: int, mtime_ns: int) -> tuple[Any, ...]:
    finished = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(mtime_ns / 1e9))
    values = dict.fromkeys(_COLUMNS)
    values.update(match_id="!" + name, file=name, size=size, mtime_ns=mtime_ns, problem=problem, game="",
                  finished=finished, players=0, mode="", humans=0, over=0, score_sum=0, score_count=0, low=0,
                  level="", levels="", coached=0, rated=0, seat_levels="", winners="", seconds=0, names="", summary="{}")
    return tuple(values[c] for c in _COLUMNS)


def _checked_summary(data: Any) -> dict[str, Any] | None:
    """A summary line read back, or None when it is not one (a damaged line is skipped)."""
    try:
        record = Record.from_dict({
            "format": "tablee-record", "format_version": 1, "match_id": data["match_id"], "game": data["game"],
            "version": 1, "seed": 0, "players": data["players"], "options": {}, "practice": data["practice"],
            "seats": [{"name": n, "kind": k, "bot": b, "level": lv} for n, k, b, lv in data["seats"]],
            "created": data["finished"], "updated": data["finished"], "network": data["network"],
            "coached": data["coached"], "seconds": data["seconds"], "actions": [],
            "result": {"over": data["over"], "scores": data["scores"], "winners": data["winners"]},
        }, SUMMARIES_FILE)
    except (KeyError, TypeError, ValueError, RecordError):
        return None
    if not record.match_id:
        return None
    return summary_of(record)


# ----------------------------------------------------------------------- queries
@dataclass(frozen=True)
class Filters:
    """What the History list shows: every field None (or "") means no filter on it."""

    game: str | None = None
    players: int | None = None
    level: str | None = None  # a computer opponent of this level was at the table ("none": no computer)
    result: str | None = None  # "won" or "lost"
    mode: str | None = None  # one of MODES
    coached: bool | None = None
    name: str = ""  # part of a seat's name, any case

    def where(self) -> tuple[str, list[Any]]:
        """The SQL condition; with no filter, unreadable files are listed too (with their problem)."""
        if self.empty:
            return "1", []
        clauses: list[str] = ["problem IS NULL"]
        params: list[Any] = []
        if self.game:
            clauses.append("game = ?")
            params.append(self.game)
        if self.players:
            clauses.append("players = ?")
            params.append(self.players)
        if self.level == "none":
            clauses.append("levels = ''")
        elif self.level:
            clauses.append("levels LIKE ?")
            params.append(f"% {self.level} %")
        if self.result in ("won", "lost"):
            clauses.append("won = ?")
            params.append(1 if self.result == "won" else 0)
        if self.mode:
            clauses.append("mode = ?")
            params.append(self.mode)
        if self.coached is not None:
            clauses.append("coached = ?")
            params.append(int(self.coached))
        if self.name.strip():
            escaped = self.name.strip().casefold().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            clauses.append("names LIKE ? ESCAPE '\\'")
            params.append(f"%{escaped}%")
        return " AND ".join(clauses), params

    @property
    def empty(self) -> bool:
        return self == Filters()


@dataclass
class Entry:
    """One match as the History list shows it (read from the index, never from its file)."""

    match_id: str
    file: str | None
    game: str
    finished: str
    players: int
    mode: str
    names: list[str]
    kinds: list[str]
    levels: list[str]
    scores: list[int]
    winners: list[int]
    won: bool | None
    coached: bool
    size: int
    problem: str | None = None

    @property
    def readable(self) -> bool:
        return self.problem is None


@dataclass
class Figures:
    """The statistics of a set of matches (one game, or all of them)."""

    matches: int = 0
    wins: int = 0
    best_score: int | None = None
    score_sum: int = 0
    score_count: int = 0
    current_streak: int = 0
    best_streak: int = 0
    seconds: int = 0
    by_level: dict[str, list[int]] = field(default_factory=dict)  # level -> [matches, wins]
    by_players: dict[int, list[int]] = field(default_factory=dict)
    carried: int = 0  # matches counted by the old statistics file, without their records
    rating: float | None = None
    rated: int = 0
    low: bool = False
    ratings: list[RatingPoint] = field(default_factory=list)  # after each rated match (not in to_dict)

    @property
    def win_share(self) -> float | None:
        return self.wins / self.matches if self.matches else None

    @property
    def average_score(self) -> float | None:
        return self.score_sum / self.score_count if self.score_count else None

    def to_dict(self) -> dict[str, Any]:
        def shares(table: dict[Any, list[int]]) -> dict[str, Any]:
            return {str(k): {"matches": m, "wins": w, "win_share": round(w / m, 4) if m else None}
                    for k, (m, w) in sorted(table.items(), key=lambda kv: str(kv[0]))}

        return {
            "matches": self.matches, "wins": self.wins,
            "win_share": round(self.win_share, 4) if self.win_share is not None else None,
            "best_score": self.best_score,
            "average_score": round(self.average_score, 2) if self.average_score is not None else None,
            "current_streak": self.current_streak, "best_streak": self.best_streak, "seconds": self.seconds,
            "by_level": shares(self.by_level), "by_players": shares(self.by_players), "carried": self.carried,
            "rating": round(self.rating) if self.rating is not None else None, "rated_matches": self.rated,
        }


def _better(low: bool, a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b) if low else max(a, b)


# ------------------------------------------------------------------------- index
class MatchIndex:
    """The index of `root` (the data folder): `open()` first, then ask; `close()` at the end.

    Every public call catches the database's own failures: a locked or read-only file gives
    IndexUnavailable with a sentence; a damaged one is rebuilt."""

    def __init__(self, root: Path):
        self.root = root
        self.path = root / INDEX_FILE
        self.history = root / HISTORY
        self.conn: sqlite3.Connection | None = None
        self.rebuilt: tuple[str, str] | None = None  # (why: missing, damaged, version; detail)
        self.problems: list[str] = []  # files set aside, summaries that could not be read
        self.review_bytes = 0
        self.review_files = 0
        self.in_memory = False  # the folder cannot be written: built from the records for this use only
        self.progress: Callable[[int, int], None] | None = None  # (records read, records) while building

    # ------------------------------------------------------------- opening
    def open(self, sync: bool = True) -> MatchIndex:
        """Connect, rebuild if needed, carry the old statistics over once, and (with `sync`)
        bring the index in step with the history folder. IndexUnavailable says why it cannot."""
        try:
            try:
                self._open(sync)
            except sqlite3.DatabaseError as exc:
                self.close()
                if _busy(exc):
                    raise
                self._discard()  # damaged in a way the first look missed: once more from the records
                self._rebuild("damaged", str(exc))
                self._open(sync)
        except (sqlite3.Error, OSError) as exc:
            self.close()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            if "locked" in reason.lower():  # another Tablée is writing: try again later
                raise IndexUnavailable(f"{self.path}: {reason}") from exc
            self._open_in_memory(reason, sync)  # a read-only or full folder: the lists still work
        return self

    def _open_in_memory(self, reason: str, sync: bool) -> None:
        self.problems.append(f"{self.path}: {reason}; the match index is kept in memory until Tablée can write there")
        try:
            self.conn = sqlite3.connect(":memory:")
            self.conn.executescript(_SCHEMA)
            self.conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            with self.conn:
                self._fill(self.conn)
            self.in_memory = True
            self._retire_legacy_stats()
        except (sqlite3.Error, OSError) as exc:
            self.close()
            raise IndexUnavailable(f"{self.path}: {reason}") from exc

    def _open(self, sync: bool) -> None:
        why = self._why_rebuild()
        if why is not None:
            self._rebuild(*why)
        self.conn = self._connect(self.path)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self._retire_legacy_stats()
        if sync:
            self.sync()

    def close(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self.conn.close()
            self.conn = None

    def __enter__(self) -> MatchIndex:
        return self.open() if self.conn is None else self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(str(path), timeout=10.0)
        conn.execute("PRAGMA busy_timeout=10000")
        return conn

    @property
    def db(self) -> sqlite3.Connection:
        if self.conn is None:
            self.open()
        assert self.conn is not None
        return self.conn

    def needs_building(self) -> bool:
        """Whether opening will build the index from the records first (it is missing, damaged
        or older): a screen may then build it in the background and say how far it is."""
        try:
            return self._why_rebuild() is not None
        except sqlite3.Error:
            return False  # locked now: opening will say so

    def records_count(self) -> int:
        """The record files in the history folder (what a build reads), by name only."""
        try:
            with os.scandir(self.history) as entries:
                return sum(1 for e in entries if e.name.endswith(".json") and not e.name.endswith(REVIEW_SUFFIX)
                           and not e.name.startswith("."))
        except OSError:
            return 0

    def _why_rebuild(self) -> tuple[str, str] | None:
        if not self.path.exists():
            return ("missing", "")
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10.0)
            try:
                found = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                conn.execute("SELECT count(*) FROM matches").fetchone()
            finally:
                conn.close()
        except sqlite3.DatabaseError as exc:
            if _busy(exc):
                raise
            return ("damaged", str(exc))
        if found is None or found[0] != str(SCHEMA_VERSION):
            return ("version", str(found[0]) if found else "?")
        return None

    def _discard(self) -> None:
        """Remove the index and its WAL files: it holds nothing the records do not."""
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                Path(f"{self.path}{suffix}").unlink()

    def _rebuild(self, why: str, detail: str) -> None:
        """A new index from every record (and summary), written beside and renamed over the old."""
        self.root.mkdir(parents=True, exist_ok=True)
        tmp = userfiles.temp_name(self.path)
        with contextlib.suppress(OSError):
            tmp.unlink()
        try:
            conn = sqlite3.connect(str(tmp))
            try:
                conn.execute("PRAGMA journal_mode=OFF")
                conn.execute("PRAGMA synchronous=OFF")
                conn.executescript(_SCHEMA)
                conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                count = self._fill(conn)
                conn.execute("INSERT INTO meta VALUES ('rebuilt', ?)", (json.dumps([why, detail, count]),))
                conn.commit()
            finally:
                conn.close()
            with open(tmp, "rb") as handle:
                os.fsync(handle.fileno())
            self._discard()
            os.replace(tmp, self.path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
        userfiles.fsync_dir(self.root)
        self.rebuilt = (why, detail)

    def _fill(self, conn: sqlite3.Connection) -> int:
        """Every record of the history folder, then the summaries of removed ones; the carried counts."""
        files = self._scan()
        for done, name in enumerate(sorted(files)):
            if self.progress is not None and done % 50 == 0:
                self.progress(done, len(files))
            self._store(conn, name, *files[name], files)
        known = {row[0] for row in conn.execute("SELECT match_id FROM matches")}
        for summary in self._summaries():
            if summary["match_id"] not in known:
                conn.execute(_UPSERT, _row(summary, None, 0, 0))
                known.add(summary["match_id"])
        for game, (matches, wins, best) in self._carried().items():
            conn.execute("INSERT OR REPLACE INTO carried VALUES (?, ?, ?, ?)", (game, matches, wins, best))
        return len(known)

    def _store(self, conn: sqlite3.Connection, name: str, size: int, mtime_ns: int, files: dict[str, Any]) -> None:
        """The row of one record file; a second file of a match already indexed is listed as a copy."""
        row = self._read_row(name, size, mtime_ns)
        if row[4] is None:
            found = conn.execute("SELECT file FROM matches WHERE match_id = ?", (row[0],)).fetchone()
            if found is not None and found[0] and found[0] != name and found[0] in files:
                row = _problem_row(name, f"another copy of the match in {found[0]}", size, mtime_ns)
        conn.execute("DELETE FROM matches WHERE file = ?", (name,))
        conn.execute(_UPSERT, row)

    # ----------------------------------------------------------------- files
    def _scan(self, known: dict[str, tuple[int, int]] | None = None) -> dict[str, tuple[int, int]]:
        """The record files of the history folder (name -> size, mtime_ns); the reviews' sizes.
        A name in `known` is taken as it is there (records are written once): no stat for it."""
        found: dict[str, tuple[int, int]] = {}
        reviews = [0, 0]
        try:
            entries = os.scandir(self.history)
        except OSError:
            self.review_bytes = self.review_files = 0
            return found
        with entries:
            for entry in entries:
                name = entry.name
                if not name.endswith(".json") or name.startswith("."):
                    continue
                try:
                    if not entry.is_file(follow_symlinks=False):
                        continue
                    if known is not None and name in known and not name.endswith(REVIEW_SUFFIX):
                        found[name] = known[name]
                        continue
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if name.endswith(REVIEW_SUFFIX):
                    reviews[0] += info.st_size
                    reviews[1] += 1
                    continue
                found[name] = (info.st_size, info.st_mtime_ns)
        self.review_bytes, self.review_files = reviews
        return found

    def _read_row(self, name: str, size: int, mtime_ns: int) -> tuple[Any, ...]:
        try:
            record = read_record(self.history / name)
        except RecordError as exc:
            return _problem_row(name, exc.problem, size, mtime_ns)
        if not record.match_id:
            return _problem_row(name, "the record has no match id", size, mtime_ns)
        return _row(summary_of(record), name, size, mtime_ns)

    def _summaries(self) -> Iterator[dict[str, Any]]:
        path = self.history / SUMMARIES_FILE
        if not path.exists():
            return
        try:
            text = userfiles.read_text(path, MAX_SUMMARIES_BYTES)
        except (OSError, UnicodeDecodeError) as exc:
            self.problems.append(f"{path}: {getattr(exc, 'strerror', None) or exc}")
            return
        bad = 0
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                summary = _checked_summary(json.loads(line))
            except (ValueError, RecursionError):
                summary = None
            if summary is None:
                bad += 1
                continue
            yield summary
        if bad:
            self.problems.append(f"{path}: {bad} damaged line(s) skipped")

    def _carried(self) -> dict[str, tuple[int, int, int | None]]:
        """The old statistics' counts of matches without records (stats.retired.json)."""
        path = self.root / RETIRED_STATS
        if not path.exists():
            return {}
        try:
            data = json.loads(userfiles.read_text(path, 2_000_000))
            carried = data["carried"] if isinstance(data, dict) and data.get("format") == RETIRED_FORMAT else None
            out: dict[str, tuple[int, int, int | None]] = {}
            for game, counts in (carried or {}).items():
                matches, wins, best = counts["matches"], counts["wins"], counts.get("best_score")
                if not (userfiles.is_safe_id(game) and all(isinstance(v, int) and not isinstance(v, bool) for v in (matches, wins))
                        and 0 <= wins <= matches and (best is None or isinstance(best, int))):
                    raise ValueError(f"'{game}' has wrong counts")
                out[game] = (matches, wins, best)
            return out
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            self.problems.append(f"{path}: unreadable ({getattr(exc, 'strerror', None) or exc}); its counts are not carried over")
            return {}

    def _retire_legacy_stats(self) -> None:
        """The old `stats.json` (played, won, best score per game) is read once: what it counted
        beyond the records kept is carried over (`stats.retired.json`), then it is retired."""
        legacy = self.root / LEGACY_STATS
        if not legacy.exists():
            return
        retired = self.root / RETIRED_STATS
        if not retired.exists():
            from game.stats import read_legacy

            old, problem = read_legacy(legacy)
            if problem:
                self.problems.append(problem)
            if old is None:
                return  # set aside as damaged (or left where it cannot be moved): nothing to carry
            mine = self._counts()
            carried = {}
            for game, stats in old.items():
                matches, wins, best = mine.get(game, (0, 0, None))
                extra = max(0, stats.played - matches)
                if extra:
                    carried[game] = {"matches": extra, "wins": max(0, min(extra, stats.won - wins)), "best_score": stats.best_score}
            data = {"format": RETIRED_FORMAT, "format_version": 1, "retired": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "carried": carried, "note": "stats.json, read once when the match index was built; its counts are in"
                    " the index now, those of matches without records under 'carried'", "original": {
                        g: {"played": s.played, "won": s.won, "best_score": s.best_score} for g, s in old.items()}}
            with self.db:
                self.db.execute("DELETE FROM carried")
                for game, counts in carried.items():
                    self.db.execute("INSERT INTO carried VALUES (?, ?, ?, ?)", (game, counts["matches"], counts["wins"],
                                                                               counts["best_score"]))
            try:
                userfiles.write_atomic(retired, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
                legacy.unlink()  # its content is in the retired file
            except OSError as exc:  # a read-only folder: read again next time
                self.problems.append(f"{retired}: {exc.strerror or exc}")
            return
        userfiles.set_aside(legacy, "retired")  # written again (by an older Tablée?): kept, not counted

    def _counts(self) -> dict[str, tuple[int, int, int | None]]:
        rows = self.db.execute("SELECT game, count(*), sum(won), max(best_score) FROM matches"
                               " WHERE problem IS NULL AND over = 1 AND humans > 0 GROUP BY game")
        return {game: (n, int(w or 0), best) for game, n, w, best in rows}

    # ------------------------------------------------------------- keeping up
    def sync(self) -> int:
        """Bring the index in step with the history folder; the number of files read or dropped.

        A record is written once, so only the folder's names are compared (a file edited in
        place is read again when the index is rebuilt); when the folder has not changed since
        the last sync (its modification time, trusted once it is a few seconds old), not even
        that."""
        try:
            folder_time = os.stat(self.history).st_mtime_ns
        except OSError:
            folder_time = None
        meta = dict(self.db.execute("SELECT key, value FROM meta WHERE key IN ('folder_time', 'reviews')"))
        if folder_time is not None and meta.get("folder_time") == str(folder_time) and "reviews" in meta:
            self.review_bytes, self.review_files = (int(v) for v in meta["reviews"].split(","))
            return 0
        known = {file: (size, mtime) for file, size, mtime in
                 self.db.execute("SELECT file, size, mtime_ns FROM matches WHERE file IS NOT NULL")}
        files = self._scan(known)
        gone = [f for f in known if f not in files]
        fresh = {f for f in files if f not in known}
        if gone:  # a copy listed as such may be the only file of its match now: read again
            fresh |= {f for (f,) in self.db.execute("SELECT file FROM matches WHERE problem IS NOT NULL") if f in files}
        with self.db:  # one transaction: a crash leaves the index as it was
            self.db.executemany("DELETE FROM matches WHERE file = ?", [(f,) for f in gone])
            for name in sorted(fresh):
                self._store(self.db, name, *files[name], files)
            settled = folder_time is not None and time.time_ns() - folder_time > 3_000_000_000
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('folder_time', ?)", (str(folder_time) if settled else "",))
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('reviews', ?)", (f"{self.review_bytes},{self.review_files}",))
        return len(gone) + len(fresh)

    def add(self, record: Record, path: Path) -> None:
        """A finished match, in one transaction (its record is already on disk at `path`)."""
        info = path.stat()
        row = _row(summary_of(record), path.name, info.st_size, info.st_mtime_ns)
        with self.db:
            self.db.execute("DELETE FROM matches WHERE file = ? AND match_id != ?", (path.name, record.match_id))
            self.db.execute(_UPSERT, row)

    def remove(self, match_id: str) -> list[Path]:
        """Remove a match for good (the player confirmed): its record, its review, its row.
        The files go first: a crash before the row's removal is made good by the next sync."""
        found = self.db.execute("SELECT file FROM matches WHERE match_id = ?", (match_id,)).fetchone()
        removed = []
        if found is not None and found[0]:
            for path in (self.history / found[0], self.review_path(found[0])):
                if path.exists():
                    path.unlink()
                    removed.append(path)
        with self.db:
            self.db.execute("DELETE FROM matches WHERE match_id = ?", (match_id,))
        return removed

    def review_path(self, file: str) -> Path:
        return self.history / (file[: -len(".json")] + REVIEW_SUFFIX)

    def keep_latest(self, keep: int) -> int:
        """Only the newest `keep` records stay in the history folder (the player chose it); the
        older ones leave their summary line (they still count in the statistics), then their
        files. The number removed."""
        if keep <= 0:
            return 0
        old = self.db.execute(
            "SELECT match_id, file, summary FROM matches WHERE file IS NOT NULL AND problem IS NULL"
            " ORDER BY finished DESC, match_id DESC LIMIT -1 OFFSET ?", (keep,)).fetchall()
        if not old:
            return 0
        userfiles.append_line(self.history / SUMMARIES_FILE, "".join(f"{summary}\n" for _, _, summary in old))
        with self.db:
            self.db.executemany("UPDATE matches SET file = NULL, size = 0, mtime_ns = 0 WHERE match_id = ?",
                                [(m,) for m, _, _ in old])
        for _, file, _ in old:
            for path in (self.history / file, self.review_path(file)):
                with contextlib.suppress(OSError):
                    path.unlink()
        return len(old)

    def take_rebuilt_note(self) -> tuple[str, str, int] | None:
        """Why the index was last rebuilt, once (the first screen or command to ask says it)."""
        found = self.db.execute("SELECT value FROM meta WHERE key = 'rebuilt'").fetchone()
        if found is None:
            return None
        with self.db:
            self.db.execute("DELETE FROM meta WHERE key = 'rebuilt'")
        try:
            why, detail, count = json.loads(found[0])
            return str(why), str(detail), int(count)
        except (ValueError, TypeError):
            return None

    # ----------------------------------------------------------------- lists
    def count(self, filters: Filters | None = None) -> int:
        where, params = (filters or Filters()).where()
        return int(self.db.execute(f"SELECT count(*) FROM matches WHERE file IS NOT NULL AND {where}", params).fetchone()[0])

    def unreadable(self) -> list[Entry]:
        rows = self.db.execute("SELECT match_id, file, size, problem FROM matches WHERE problem IS NOT NULL ORDER BY file")
        return [Entry(m, f, "", "", 0, "", [], [], [], [], [], None, False, size, problem) for m, f, size, problem in rows]

    def page(self, filters: Filters | None = None, offset: int = 0, limit: int = 50) -> list[Entry]:
        """Matches with a record, newest first, `limit` of them from `offset`."""
        where, params = (filters or Filters()).where()
        rows = self.db.execute(
            "SELECT match_id, file, game, finished, players, mode, won, coached, size, summary, problem FROM matches"
            f" WHERE file IS NOT NULL AND {where} ORDER BY finished DESC, match_id DESC LIMIT ? OFFSET ?",
            [*params, max(0, limit), max(0, offset)])
        entries = []
        for match_id, file, game, finished, players, mode, won, coached, size, summary, problem in rows:
            if problem is not None:
                entries.append(Entry(match_id, file, "", finished, 0, "", [], [], [], [], [], None, False, size, problem))
                continue
            data = json.loads(summary)
            seats = data["seats"]
            entries.append(Entry(match_id, file, game, finished, players, mode, [s[0] for s in seats],
                                 [s[1] for s in seats], [level_of(s[1], s[2], s[3]) for s in seats], data["scores"],
                                 data["winners"], None if won is None else bool(won), bool(coached), size))
        return entries

    def position(self, match_id: str, filters: Filters | None = None) -> int | None:
        """Where a match stands in the list (None when the filters leave it out)."""
        where, params = (filters or Filters()).where()
        found = self.db.execute(f"SELECT finished FROM matches WHERE match_id = ? AND file IS NOT NULL AND {where}",
                                [match_id, *params]).fetchone()
        if found is None:
            return None
        before = self.db.execute(
            f"SELECT count(*) FROM matches WHERE file IS NOT NULL AND {where} AND (finished > ? OR (finished = ? AND match_id > ?))",
            [*params, found[0], found[0], match_id]).fetchone()
        return int(before[0])

    def games(self) -> list[str]:
        return [g for (g,) in self.db.execute("SELECT DISTINCT game FROM matches WHERE problem IS NULL ORDER BY game")]

    def levels_present(self) -> list[str]:
        """The computer levels met, weakest first, then "none" when some match had no computer."""
        found = [lv for lv in RATED_LEVELS if self.db.execute(
            "SELECT 1 FROM matches WHERE levels LIKE ? LIMIT 1", (f"% {lv} %",)).fetchone()]
        if self.db.execute("SELECT 1 FROM matches WHERE problem IS NULL AND levels = '' LIMIT 1").fetchone():
            found.append("none")
        return found

    def player_counts(self) -> list[int]:
        return [n for (n,) in self.db.execute("SELECT DISTINCT players FROM matches WHERE problem IS NULL ORDER BY players")]

    def disk_use(self) -> tuple[int, int]:
        """(bytes, matches with a record): the records, their reviews and the summaries."""
        total, files = self.db.execute("SELECT coalesce(sum(size), 0), count(*) FROM matches WHERE file IS NOT NULL").fetchone()
        summaries = self.history / SUMMARIES_FILE
        extra = summaries.stat().st_size if summaries.exists() else 0
        return int(total) + self.review_bytes + extra, int(files)

    # ------------------------------------------------------------ statistics
    def figures(self) -> tuple[Figures, dict[str, Figures]]:
        """The figures of every match a person played: overall, and per game."""
        overall, per_game = Figures(), dict[str, Figures]()
        rows = self.db.execute(
            "SELECT game, players, won, score_sum, score_count, best_score, low, level, seconds FROM matches"
            " WHERE problem IS NULL AND over = 1 AND humans > 0 ORDER BY finished, match_id")
        for game, players, won, score_sum, score_count, best, low, level, seconds in rows:
            figures = per_game.get(game)
            if figures is None:
                figures = per_game[game] = Figures(low=bool(low))
            for target in (overall, figures):
                target.matches += 1
                target.wins += won
                target.seconds += seconds
                target.current_streak = target.current_streak + 1 if won else 0
                target.best_streak = max(target.best_streak, target.current_streak)
                bucket = target.by_level.setdefault(level or "none", [0, 0])
                bucket[0] += 1
                bucket[1] += won
                bucket = target.by_players.setdefault(players, [0, 0])
                bucket[0] += 1
                bucket[1] += won
            figures.score_sum += score_sum
            figures.score_count += score_count
            figures.best_score = _better(bool(low), figures.best_score, best)
        for game, matches, wins, best in self.db.execute("SELECT game, matches, wins, best_score FROM carried"):
            figures = per_game.setdefault(game, Figures(low=_lower_wins(game)))
            for target in (overall, figures):
                target.matches += matches
                target.wins += wins
                target.carried += matches
            figures.best_score = _better(figures.low, figures.best_score, best)
        for game, figures in per_game.items():
            figures.ratings = self.rating_history(game)
            if figures.ratings:
                figures.rating, figures.rated = figures.ratings[-1].rating, len(figures.ratings)
        return overall, dict(sorted(per_game.items()))

    def rated_matches(self, game: str) -> list[RatedMatch]:
        rows = self.db.execute("SELECT match_id, finished, seat_levels, winners FROM matches WHERE problem IS NULL"
                               " AND rated = 1 AND game = ? ORDER BY finished, match_id", (game,))
        matches = []
        for match_id, finished, seat_levels, winners in rows:
            levels = tuple("" if lv == "-" else lv for lv in seat_levels.split(","))
            won = frozenset(int(w) for w in winners.split(",") if w)
            matches.append(RatedMatch(match_id, finished, levels.index(""), levels, won))
        return matches

    def rating_history(self, game: str) -> list[RatingPoint]:
        """The player's rating in `game` after each rated match, oldest first."""
        return rate(self.rated_matches(game), level_ratings(game))


def _busy(exc: sqlite3.Error) -> bool:
    """A failure of the moment or of the place (locked, read-only, cannot be opened), not damage."""
    text = str(exc).lower()
    return any(word in text for word in ("locked", "readonly", "read-only", "unable to open", "disk i/o", "full"))


def open_index(root: Path, sync: bool = True) -> MatchIndex:
    """The index of the data folder `root`, open and in step with its history folder."""
    return MatchIndex(root).open(sync=sync)
