"""Where records live and what the app does with them: autosave, history, statistics, undo.

Every write is atomic (temporary file, flush, fsync, rename): a crash or a power cut leaves
either the previous file or the new one, never half of one. Unfinished matches live in
`<data>/autosave/`, finished ones move to `<data>/history/`, statistics live in
`<data>/stats.json` and are updated once per finished match (the match id is remembered so a
crash between the two writes never counts a match twice or loses it).
"""

from __future__ import annotations

import atexit
import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from game import paths
from game.engine.errors import TableeError
from game.engine.events import Event
from game.engine.record import (
    Record,
    RecordError,
    SeatInfo,
    read_record,
    replay,
    result_of,
    timestamp,
)
from game.engine.rules import Rules
from game.engine.state import State

AUTOSAVE = "autosave"
HISTORY = "history"
STATS_FILE = "stats.json"
STATS_FORMAT = "tablee-stats"
COUNTED_MEMORY = 500  # match ids remembered in the stats file to make counting idempotent


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash at any point leaves the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    _fsync_dir(path.parent)


class BackgroundWriter:
    """Atomic writes on a worker thread, so a table frame never waits for the disk.

    Only the newest text of each file is kept while the disk is busy; `flush()` waits for
    everything submitted (on exit, before a match is finished, and in tests). A crash can
    then lose at most the write in flight, never a half-written file.
    """

    def __init__(self) -> None:
        self._pending: dict[Path, str] = {}
        self._busy = False
        self._cond = threading.Condition()
        self.problem: str | None = None
        self._thread = threading.Thread(target=self._run, name="tablee-autosave", daemon=True)
        self._thread.start()
        atexit.register(self.flush)

    def submit(self, path: Path, text: str) -> None:
        with self._cond:
            self._pending[path] = text
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted text is on disk; False if the disk did not answer in time."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._busy = True
            try:
                write_atomic(path, text)
                self.problem = None
            except OSError as exc:
                self.problem = f"{path.parent}: {exc.strerror or exc}"
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


_background_writer: BackgroundWriter | None = None


def background_writer() -> BackgroundWriter:
    """The process-wide autosave writer (started on first use, not at import)."""
    global _background_writer
    if _background_writer is None:
        _background_writer = BackgroundWriter()
    return _background_writer


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows has no directory handles)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def save_record(
    folder: Path, rules: Rules, state: State, seats: list[SeatInfo], actions: list[tuple[int, str]], match_id: str
) -> Path:
    """Write the record of a match played outside a Timeline (bot simulations)."""
    record = Record.new(rules, state.num_players, state.seed, state.options, seats)
    record.match_id = match_id
    record.actions = list(actions)
    record.result = result_of(state)
    path = folder / f"{match_id}.json"
    write_atomic(path, record.to_json())
    return path


# --------------------------------------------------------------------- the store
@dataclass
class HistoryEntry:
    """One saved match as listed by the menus (read without replaying)."""

    path: Path
    record: Record | None
    error: str | None = None

    @property
    def over(self) -> bool:
        return bool(self.record and self.record.result and self.record.result.get("over"))


class RecordStore:
    """The autosave and history folders under the user data directory (or `root`)."""

    def __init__(self, root: Path | None = None):
        self.root = root if root is not None else paths.data_dir()
        self.autosave_dir = self.root / AUTOSAVE
        self.history_dir = self.root / HISTORY
        self.problems: list[str] = []  # reports the app has not shown yet (corrupt statistics)

    def autosave_path(self, record: Record) -> Path:
        return self.autosave_dir / f"{record.match_id}.json"

    def save(self, record: Record, state: State | None = None) -> Path:
        """Autosave after an action; a finished match is counted and moved to the history."""
        if state is not None:
            record.result = result_of(state)
        record.updated = timestamp()
        path = self.autosave_path(record)
        write_atomic(path, record.to_json())
        if record.result and record.result.get("over"):
            return self.finish(record)
        return path

    def finish(self, record: Record) -> Path:
        """Count the match in the statistics, then move it to the history (crash-safe order).

        A corrupt statistics file found on the way is kept aside and its report queued in
        `problems` for the app to show."""
        stats = Statistics.load(self.root)
        if stats.problem:
            self.problems.append(stats.problem)
        stats.add(record)
        target = self.history_dir / f"{record.match_id}.json"
        write_atomic(target, record.to_json())
        self.autosave_path(record).unlink(missing_ok=True)
        return target

    def _files(self, folder: Path) -> list[Path]:
        if not folder.is_dir():
            return []
        files = [p for p in folder.glob("*.json") if p.is_file()]
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)

    def recover(self) -> None:
        """Finish autosaves of matches that ended just before a crash."""
        for path in self._files(self.autosave_dir):
            try:
                record = read_record(path)
            except RecordError:
                continue
            if record.result and record.result.get("over"):
                self.finish(record)

    def latest_unfinished(self) -> Path | None:
        """The autosave "Continue" resumes: the newest unfinished match (it may be unreadable)."""
        self.recover()
        files = self._files(self.autosave_dir)
        return files[0] if files else None

    def latest(self) -> Path | None:
        """The newest record, finished or not (`replay --latest`)."""
        files = self._files(self.autosave_dir) + self._files(self.history_dir)
        files.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
        return files[0] if files else None

    def history(self, limit: int = 200) -> list[HistoryEntry]:
        """Finished matches, newest first; an unreadable file is listed with its problem."""
        entries = []
        for path in self._files(self.history_dir)[:limit]:
            try:
                entries.append(HistoryEntry(path, read_record(path)))
            except RecordError as exc:
                entries.append(HistoryEntry(path, None, str(exc)))
        return entries


# -------------------------------------------------------------------- statistics
@dataclass
class GameStats:
    played: int = 0
    won: int = 0
    best_score: int | None = None


@dataclass
class Statistics:
    """Per game: matches played and won by a human seat, and the best human score."""

    path: Path
    games: dict[str, GameStats] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    problem: str | None = None  # set when a corrupt file was found and put aside

    @classmethod
    def load(cls, root: Path | None = None) -> Statistics:
        """Read the statistics; a corrupt file is moved aside (kept) and reported in `problem`."""
        folder = root if root is not None else paths.data_dir()
        path = folder / STATS_FILE
        if not path.exists():
            return cls(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls._from_dict(path, data)
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, RecursionError) as exc:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside = path.with_name(f"stats.corrupt-{stamp}.json")
            number = 1
            while aside.exists():  # never overwrite an earlier corrupt file kept aside
                number += 1
                aside = path.with_name(f"stats.corrupt-{stamp}-{number}.json")
            os.replace(path, aside)
            return cls(path, problem=f"{path}: unreadable statistics ({exc}); kept as {aside.name}, starting afresh")

    @classmethod
    def _from_dict(cls, path: Path, data: Any) -> Statistics:
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise ValueError(f"not a Tablée statistics file (expected \"format\": \"{STATS_FORMAT}\")")
        games: dict[str, GameStats] = {}
        for game_id, raw in data["games"].items():
            best = raw.get("best_score")
            if not isinstance(raw["played"], int) or not isinstance(raw["won"], int) or not (best is None or isinstance(best, int)):
                raise ValueError(f"bad numbers for {game_id}")
            games[str(game_id)] = GameStats(raw["played"], raw["won"], best)
        counted = [str(m) for m in data.get("counted", [])]
        return cls(path, games, counted)

    def to_json(self) -> str:
        games = {g: {"played": s.played, "won": s.won, "best_score": s.best_score} for g, s in self.games.items()}
        data = {"format": STATS_FORMAT, "format_version": 1, "games": games, "counted": self.counted}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def add(self, record: Record) -> bool:
        """Count a finished match once (by its id); bot-only matches are not the user's."""
        humans = record.humans
        result = record.result or {}
        if not humans or not result.get("over") or record.match_id in self.counted:
            return False
        stats = self.games.setdefault(record.game, GameStats())
        stats.played += 1
        if any(s in humans for s in result.get("winners", [])):
            stats.won += 1
        scores = result.get("scores", [])
        best = max((scores[s] for s in humans if s < len(scores)), default=None)
        if best is not None and (stats.best_score is None or best > stats.best_score):
            stats.best_score = best
        self.counted = (self.counted + [record.match_id])[-COUNTED_MEMORY:]
        write_atomic(self.path, self.to_json())
        return True


# ------------------------------------------------------------------ undo / redo
def visible_cards(state: State, seat: int) -> set[int]:
    """The cards (uids) whose identity `seat` knows now, wherever they lie."""
    sees = state.sees
    return {u for zone in state.zones for u in zone if u >= 0 and sees(seat, u)}


class UndoRefused(TableeError):
    """Undo or redo is not possible now; `key` is the text key of the reason."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


@dataclass
class UndoStep:
    """What an undo took back (for the log): who asked and which actions."""

    seat: int
    actions: list[tuple[int, str]]
    redo: bool = False


class Timeline:
    """A match as its record plus the live state, with the undo policy.

    Undo takes back the last action of a human seat and every action after it (the bots'
    replies). It never goes back across an action that showed a human seat a card it did not
    know before (a reveal, a draw) unless the match is in practice mode. Detection is generic:
    after each action, the set of cards each human seat knows is compared with the one before.
    """

    def __init__(self, record: Record, rules: Rules, state: State, events: list[list[Event]] | None = None):
        self.record = record
        self.rules = rules
        self.state = state
        self.events = events if events is not None else []
        self.redo_stack: list[list[tuple[int, str]]] = []
        self.reveals: list[int] = []  # per action: mask of human seats shown new cards
        self._seen = {s: visible_cards(state, s) for s in record.humans}
        if record.actions:
            self._rebuild_reveals()

    @classmethod
    def load(cls, path: Path) -> Timeline:
        """Resume a saved match (RecordError names the file and the first problem)."""
        record = read_record(path)
        played = replay(record, str(path))
        return cls(record, played.rules, played.state, played.events)

    def _rebuild_reveals(self) -> None:
        """Recompute the reveal masks by replaying (after loading or undoing)."""
        state = self.record.start_state(self.rules)
        humans = self.record.humans
        seen = {s: visible_cards(state, s) for s in humans}
        self.reveals = []
        for seat, text in self.record.actions:
            state.apply(seat, self.rules.parse_action(state, seat, text))
            mask = 0
            for s in humans:
                now = visible_cards(state, s)
                if now - seen[s]:
                    mask |= 1 << s
                seen[s] = now
            self.reveals.append(mask)
        self._seen = seen

    # ---------------------------------------------------------------- playing
    def play(self, seat: int, text: str) -> list[Event]:
        """Apply an action given as text (IllegalAction leaves everything unchanged)."""
        action = self.rules.parse_action(self.state, seat, text)
        events = self.state.apply(seat, action)
        self.observe(seat, str(action), events)
        return events

    def observe(self, seat: int, text: str, events: list[Event], clear_redo: bool = True) -> None:
        """Record an action already applied to `self.state` (the Match applies it itself)."""
        self.record.actions.append((seat, text))
        self.events.append(events)
        mask = 0
        for s in self.record.humans:
            now = visible_cards(self.state, s)
            if now - self._seen[s]:
                mask |= 1 << s
            self._seen[s] = now
        self.reveals.append(mask)
        if clear_redo:
            self.redo_stack.clear()

    # ------------------------------------------------------------------- undo
    def undo_point(self) -> int:
        """Index of the first action an undo would take back, or UndoRefused saying why."""
        humans = self.record.humans
        if self.state.is_over():
            raise UndoRefused("the match is over", "undo.over")
        last = next((i for i in range(len(self.record.actions) - 1, -1, -1) if self.record.actions[i][0] in humans), None)
        if last is None:
            raise UndoRefused("there is no move of yours to take back", "undo.nothing")
        if not self.record.practice:
            mask = 0
            for s in humans:
                mask |= 1 << s
            if any(self.reveals[i] & mask for i in range(last, len(self.reveals))):
                raise UndoRefused("cards were revealed since that move", "undo.revealed")
        return last

    def can_undo(self) -> bool:
        try:
            self.undo_point()
        except UndoRefused:
            return False
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> UndoStep:
        """Take back the last human move and the replies after it; the state is replayed."""
        cut = self.undo_point()
        taken = self.record.actions[cut:]
        self._truncate(cut)
        self.redo_stack.append(taken)
        step = UndoStep(taken[0][0], taken)
        self.record.undos.append({"at": cut, "seat": step.seat, "count": len(taken), "time": timestamp()})
        return step

    def redo(self) -> UndoStep:
        """Play again the moves the last undo took back."""
        if not self.redo_stack:
            raise UndoRefused("there is nothing to redo", "undo.no_redo")
        group = self.redo_stack.pop()
        for seat, text in group:
            action = self.rules.parse_action(self.state, seat, text)
            self.observe(seat, text, self.state.apply(seat, action), clear_redo=False)
        self.record.undos.append({"at": len(self.record.actions), "seat": group[0][0], "count": len(group), "redo": True, "time": timestamp()})
        return UndoStep(group[0][0], group, redo=True)

    def _truncate(self, cut: int) -> None:
        played = replay(self.record, "<undo>", upto=cut, check_result=False)
        self.record.actions = self.record.actions[:cut]
        self.state = played.state
        self.events = played.events
        self._rebuild_reveals()


# --------------------------------------------------------------- the Match hook
_recorders: WeakKeyDictionary[Any, MatchRecorder] = WeakKeyDictionary()


def seat_infos(config: Any) -> list[SeatInfo]:
    """Record seats from a MatchConfig's seats (name, human or bot and level)."""
    return [
        SeatInfo(s.name, s.kind, s.bot if s.kind == "bot" else None, s.level if s.kind == "bot" else None)
        for s in config.seats
    ]


class MatchRecorder:
    """Autosave and undo/redo for a game.match.Match: listens to every applied action.

    After `undo()`/`redo()` the match's state is rebuilt (`Match.reset_to`): a scene redraws
    from `match.state` instead of animating events. Save failures (a full disk) never stop the
    match; `problem` holds the last one for the scene to show.
    """

    def __init__(
        self,
        match: Any,
        store: RecordStore | None = None,
        record: Record | None = None,
        practice: bool = False,
        background: bool = False,
    ):
        self.match = match
        # The table saves on a worker thread (frame time); scripts and tests save in line.
        self.writer = background_writer() if background else None
        self.store = store if store is not None else RecordStore()
        if record is None:
            config = match.config
            practice = practice or bool(getattr(config, "practice", False))
            record = Record.new(match.rules, len(config.seats), config.seed, config.options, seat_infos(config), practice)
            record.actions = list(match.history)
        self.timeline = Timeline(record, match.rules, match.state)
        self.problem: str | None = None
        match.on_action.append(self._on_action)
        _recorders[match] = self

    @property
    def record(self) -> Record:
        return self.timeline.record

    def _on_action(self, seat: int, text: str, events: list[Event]) -> None:
        self.timeline.state = self.match.state
        self.timeline.observe(seat, text, events)
        self.save()

    def save(self) -> Path | None:
        state = self.match.state
        try:
            if self.writer is not None and not state.is_over():
                self.record.result = result_of(state)
                self.record.updated = timestamp()
                path = self.store.autosave_path(self.record)
                self.writer.submit(path, self.record.to_json())
                self.problem = self.writer.problem
                return path
            if self.writer is not None:
                self.writer.flush()  # the finished match must not be overtaken by an old autosave
            path = self.store.save(self.record, state)
        except OSError as exc:
            self.problem = f"{self.store.root}: {exc.strerror or exc}"
            return None
        self.problem = None
        return path

    def undo_refusal(self) -> str | None:
        """The text key saying why undo is not possible now, or None when it is."""
        try:
            self.timeline.undo_point()
        except UndoRefused as exc:
            return exc.key
        return None

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def can_redo(self) -> bool:
        return self.timeline.can_redo()

    def undo(self) -> UndoStep:
        """Take back the last human move (and the bot replies); UndoRefused says why not."""
        return self._sync(self.timeline.undo())

    def redo(self) -> UndoStep:
        return self._sync(self.timeline.redo())

    def _sync(self, step: UndoStep) -> UndoStep:
        self.match.reset_to(list(self.record.actions))
        self.timeline.state = self.match.state
        self.save()
        return step


def recorder_of(match: Any) -> MatchRecorder | None:
    """The recorder already attached to `match`, if any."""
    return _recorders.get(match)


def attach(
    match: Any, store: RecordStore | None = None, practice: bool = False, background: bool = False
) -> MatchRecorder:
    """Autosave `match` from now on (idempotent: a resumed match keeps its recorder)."""
    existing = _recorders.get(match)
    if existing is not None:
        if background and existing.writer is None:
            existing.writer = background_writer()
        return existing
    return MatchRecorder(match, store, practice=practice, background=background)


def resume(path: Path, store: RecordStore | None = None, **match_options: Any) -> MatchRecorder:
    """Rebuild a saved match exactly (same seats, bots at their levels) and keep autosaving it.

    RecordError (file and first problem) leaves the file untouched."""
    from game.match import Match, MatchConfig, SeatConfig

    timeline = Timeline.load(path)
    record = timeline.record
    seats = [SeatConfig(s.name, s.kind, s.bot or "random", s.level or "medium") for s in record.seats]
    config = MatchConfig(record.game, seats, record.seed, dict(record.options), practice=record.practice)
    try:
        match = Match(config, rules=timeline.rules, **match_options)
    except TableeError as exc:  # an edited seat: unknown bot or level
        raise RecordError(str(path), f"the seats cannot be set up: {exc}") from exc
    match.reset_to(list(record.actions))
    return MatchRecorder(match, store, record=record)
