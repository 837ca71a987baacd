"""Where records live and what the app does with them: autosave, history, statistics, undo.

Every write is atomic (temporary file, flush, fsync, rename: game/userfiles.py): a crash or a
power cut leaves either the previous file or the new one, never half of one. The per-move
autosave appends one fsync'd line to the match's journal `autosave/<id>.moves` instead of
rewriting the record (game/engine/record.py reads the two together; a line cut short by a crash
is dropped); the record itself is rewritten only when a match starts, is resumed, or after an
undo or a redo. Unfinished matches live in `<data>/autosave/`, finished ones move to
`<data>/history/`; each finished match is then written into the match index (game/matchindex.py,
one transaction keyed by its match id), so a crash at any point of a match's end counts it
exactly once: the record is written first, and the index catches up with the folder whenever
it is opened.
"""

from __future__ import annotations

import copy
import shutil
import stat
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from game import paths, userfiles
from game.diskwriter import BackgroundWriter, background_writer  # noqa: F401 - part of this API
from game.engine.errors import TableeError
from game.engine.events import Event
from game.engine.record import (
    Record,
    RecordError,
    SeatInfo,
    journal_line,
    journal_path,
    read_record,
    replay,
    replay_kept,
    result_of,
    timestamp,
)
from game.engine.rules import Rules
from game.engine.state import State
from game.matchindex import REVIEW_SUFFIX, IndexUnavailable, MatchIndex
from game.stats import GameStats, Statistics, StatsError  # noqa: F401 - part of this API

AUTOSAVE = "autosave"
HISTORY = "history"
LOCK_SUFFIX = ".lock"
IDLE_SECONDS = 300  # a longer pause between two moves counts as this much time played

_keep_latest = [0]  # the player's "keep the latest N matches" (0: all), set by the app


def set_keep_latest(count: int) -> None:
    """From now on a finished match leaves only the newest `count` records (0: keep them all)."""
    _keep_latest[0] = max(0, int(count))


def keep_latest() -> int:
    return _keep_latest[0]


class MatchOpenElsewhere(RecordError):
    """The match is being played in another instance of the app (its lock is held)."""


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash at any point leaves the old or the new file."""
    userfiles.write_atomic(path, text)


def append_line(path: Path, text: str) -> None:
    """Append one line to `path`, fsync'd (the autosave journal)."""
    userfiles.append_line(path, text)


def save_record(
    folder: Path, rules: Rules, state: State, seats: list[SeatInfo], actions: list[tuple[int, str]], match_id: str
) -> Path:
    """Write the record of a match played outside a Timeline (bot simulations)."""
    if not userfiles.is_safe_id(match_id):
        raise RecordError(match_id, "not a usable match id (letters, digits, - and _ only)")
    record = Record.new(rules, state.num_players, state.seed, state.options, seats)
    record.match_id = match_id
    record.actions = list(actions)
    record.result = result_of(state)
    path = folder / f"{match_id}.json"
    write_atomic(path, record.to_json())
    return path


# --------------------------------------------------------------------- the store
def _file_of(folder: Path, record: Record) -> Path:
    """`<folder>/<match_id>.json`; an id that is not a plain name never becomes a path."""
    if not userfiles.is_safe_id(record.match_id):
        raise RecordError(str(folder), f"match_id {record.match_id[:40]!r} is not a usable file name")
    return folder / f"{record.match_id}.json"


@dataclass
class HistoryEntry:
    """One saved match as listed by the menus (read without replaying)."""

    path: Path
    record: Record | None
    error: str | None = None

    @property
    def over(self) -> bool:
        return bool(self.record and self.record.result and self.record.result.get("over"))


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _age_key(path: Path) -> tuple[float, str]:
    """When `path` or its journal (the last move of an autosave) last changed."""
    return (max(_mtime(path), _mtime(journal_path(path))), path.name)


class RecordStore:
    """The autosave and history folders under the user data directory (or `root`)."""

    def __init__(self, root: Path | None = None):
        self.root = root if root is not None else paths.data_dir()
        self.autosave_dir = self.root / AUTOSAVE
        self.history_dir = self.root / HISTORY
        self.problems: list[str] = []  # reports the app has not shown yet (corrupt statistics)

    def autosave_path(self, record: Record) -> Path:
        return _file_of(self.autosave_dir, record)

    def lock_of(self, path: Path) -> userfiles.FileLock:
        """The lock that keeps the autosave `path` open in one instance of the app at a time."""
        return userfiles.FileLock(path.with_suffix(LOCK_SUFFIX))

    def save(self, record: Record, state: State | None = None) -> Path:
        """Autosave after an action; a finished match is counted and moved to the history."""
        if state is not None:
            record.result = result_of(state)
        record.updated = timestamp()
        path = self.autosave_path(record)
        record.new_journal_id()
        write_atomic(path, record.to_json())
        if record.result and record.result.get("over"):
            return self.finish(record)
        return path

    def finish(self, record: Record) -> Path:
        """Move the match to the history and count it (crash-safe order: the record, then the
        index in one transaction, then the autosave goes; a crash anywhere is made good by
        `recover` and the index's sync, the match counted once by its id).

        An index that cannot be used now, or an old statistics file found damaged on the way,
        is queued in `problems` for the app to show; the match is counted at the next sync."""
        target = _file_of(self.history_dir, record)
        source = self.autosave_path(record)
        write_atomic(target, record.to_json())
        self._index(record, target)
        source.unlink(missing_ok=True)
        journal_path(source).unlink(missing_ok=True)
        return target

    def _index(self, record: Record, target: Path) -> None:
        try:
            with MatchIndex(self.root).open(sync=False) as index:
                index.add(record, target)
                if keep_latest():
                    index.keep_latest(keep_latest())
                self.problems.extend(index.problems)
        except (IndexUnavailable, OSError) as exc:
            self.problems.append(str(exc))

    def index(self) -> MatchIndex:
        """The match index of this store's folder, open and in step with the history folder
        (IndexUnavailable when it cannot be used now); close it after use."""
        return MatchIndex(self.root).open()

    def remove_finished(self, match_id: str) -> list[Path]:
        """Remove a finished match for good (the player confirmed): its record and its review,
        and its counts in the statistics. The files removed."""
        with self.index() as index:
            return index.remove(match_id)

    def export(self, path: Path, folder: Path) -> list[Path]:
        """Copy a finished match's record (and its review, if any) into `folder`, to share it or
        to report a problem; an existing file there is never overwritten. The files written."""
        folder.mkdir(parents=True, exist_ok=True)
        stem = path.name[: -len(".json")] if path.name.endswith(".json") else path.stem
        sources = [path, path.with_name(stem + REVIEW_SUFFIX)]
        written = []
        for number in range(1, 1000):
            tail = "" if number == 1 else f"-{number}"
            targets = [folder / f"{stem}{tail}.json", folder / f"{stem}{tail}{REVIEW_SUFFIX}"]
            if not any(t.exists() for t in targets):
                break
        for source, target in zip(sources, targets, strict=True):
            if source.is_file():
                tmp = userfiles.temp_name(target)
                try:
                    shutil.copyfile(source, tmp)
                    tmp.replace(target)
                finally:
                    tmp.unlink(missing_ok=True)
                written.append(target)
        return written

    def _files(self, folder: Path) -> list[Path]:
        """The records of a folder, newest first (a folder that cannot be listed is empty)."""
        found = []
        try:
            for p in folder.glob("*.json"):
                if p.name.endswith(REVIEW_SUFFIX):  # a finished match's review, not a record
                    continue
                try:
                    info = p.stat()
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode):
                    found.append((max(info.st_mtime, _mtime(journal_path(p))), p.name, p))
        except OSError:
            return []
        return [p for _, _, p in sorted(found, key=lambda f: (f[0], f[1]), reverse=True)]

    def _odd(self, folder: Path) -> list[HistoryEntry]:
        """What stands in the place of a record without being a file (a folder, a pipe, a
        device named `<id>.json`): listed with its problem, so it is said, not ignored."""
        found = []
        try:
            for p in sorted(folder.glob("*.json")):
                try:
                    info = p.stat()
                except OSError as exc:  # a link to nothing
                    found.append(HistoryEntry(p, None, f"{p}: cannot be read ({exc.strerror or exc})"))
                    continue
                if stat.S_ISDIR(info.st_mode):
                    found.append(HistoryEntry(p, None, f"{p}: is a folder, not a match record"))
                elif not stat.S_ISREG(info.st_mode):
                    found.append(HistoryEntry(p, None, f"{p}: is not a file (a pipe or a device), not a match record"))
        except OSError:
            return []
        return found

    def recover(self) -> None:
        """Finish autosaves of matches that ended just before a crash.

        Nothing in the file is trusted: a record that says it is over is replayed, and only
        when its actions really end the match is it counted, with the replayed result. Any
        other file is left where it is ("Continue" reports its problem)."""
        for path in self._files(self.autosave_dir):
            try:
                record = read_record(path)
                if not (record.result and record.result.get("over")):
                    continue
                if path != self.autosave_path(record):
                    continue  # a copy under another name: its id's file is the one to finish
                played = replay_kept(record, str(path))
            except RecordError:
                continue
            if played.state.is_over():
                record.result = result_of(played.state)
                try:
                    self.finish(record)
                except OSError as exc:  # a read-only or full disk: try again at the next start
                    self.problems.append(f"{path}: {exc.strerror or exc}")

    def latest_unfinished(self) -> Path | None:
        """The autosave "Continue" resumes: the newest unfinished match (it may be unreadable;
        something that is not a file in its place counts, so that "Continue" says what it is)."""
        self.recover()
        files = self._files(self.autosave_dir) or [entry.path for entry in self._odd(self.autosave_dir)]
        return files[0] if files else None

    def unfinished(self) -> list[HistoryEntry]:
        """Every unfinished match ("Continue"), newest first; an unreadable file is listed with
        its problem (it can be deleted, not resumed)."""
        self.recover()
        entries = []
        for path in self._files(self.autosave_dir):
            try:
                entries.append(HistoryEntry(path, read_record(path)))
            except RecordError as exc:
                entries.append(HistoryEntry(path, None, str(exc)))
        return entries + self._odd(self.autosave_dir)

    def delete(self, path: Path) -> None:
        """Remove an unfinished match for good (the player confirmed); only autosaves, and not
        one open in another window (MatchOpenElsewhere)."""
        if path.parent.resolve() != self.autosave_dir.resolve():
            raise OSError(f"{path} is not an unfinished match")
        lock = self.lock_of(path)
        if not lock.acquire():
            raise MatchOpenElsewhere(str(path), "this match is open in another Tablée window")
        try:
            path.unlink(missing_ok=True)
            journal_path(path).unlink(missing_ok=True)
        finally:
            lock.release()

    def latest(self) -> Path | None:
        """The newest record, finished or not (`replay --latest`)."""
        files = self._files(self.autosave_dir)[:1] + self._files(self.history_dir)[:1]
        return max(files, key=_age_key, default=None)

    def history(self, limit: int | None = None) -> list[HistoryEntry]:
        """Finished matches, newest first, each file read; an unreadable file is listed with its
        problem. (The History screen reads the match index instead: game/matchindex.py.)"""
        entries = []
        for path in self._files(self.history_dir)[:limit]:
            try:
                entries.append(HistoryEntry(path, read_record(path)))
            except RecordError as exc:
                entries.append(HistoryEntry(path, None, str(exc)))
        odd = self._odd(self.history_dir)
        return entries + (odd if limit is None else odd[: max(0, limit - len(entries))])


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
            self._rebuild_reveals(collect_events=events is None)

    @classmethod
    def load(cls, path: Path) -> Timeline:
        """Resume a saved match (RecordError names the file and the first problem)."""
        record = read_record(path)
        played = replay_kept(record, str(path))
        return cls(record, played.rules, played.state, played.events)

    def _rebuild_reveals(self, collect_events: bool = False) -> None:
        """Recompute the reveal masks by replaying (after loading or undoing); `collect_events`:
        keep the replayed events too (a resumed match's log is told from them)."""
        state = self.record.start_state(self.rules)
        humans = self.record.humans
        seen = {s: visible_cards(state, s) for s in humans}
        self.reveals = []
        if collect_events:
            self.events = []
        for seat, text in self.record.actions:
            events = state.apply(seat, self.rules.parse_action(state, seat, text))
            if collect_events:
                self.events.append(events)
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
    def undo_point(self, seat: int | None = None) -> int:
        """Index of the first action an undo would take back, or UndoRefused saying why.

        `seat`: the human asking (hot-seat). Undo takes back only that seat's own move: when
        another human played after it (a secret choice, perhaps), the undo is refused."""
        humans = self.record.humans
        if self.state.is_over():
            raise UndoRefused("the match is over", "undo.over")
        last = next((i for i in range(len(self.record.actions) - 1, -1, -1) if self.record.actions[i][0] in humans), None)
        if last is None:
            raise UndoRefused("there is no move of yours to take back", "undo.nothing")
        if seat is not None and self.record.actions[last][0] != seat:
            raise UndoRefused("the last move is another player's", "undo.not_yours")
        if not self.record.practice:
            mask = 0
            for s in humans:
                mask |= 1 << s
            if any(self.reveals[i] & mask for i in range(last, len(self.reveals))):
                raise UndoRefused("cards were revealed since that move", "undo.revealed")
        return last

    def can_undo(self, seat: int | None = None) -> bool:
        try:
            self.undo_point(seat)
        except UndoRefused:
            return False
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self, seat: int | None = None) -> UndoStep:
        """Take back the last human move (of `seat` when given) and the replies after it; the
        state is replayed."""
        cut = self.undo_point(seat)
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
        lock: userfiles.FileLock | None = None,
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
        self.lock = lock if lock is not None else _take_lock(self.store, record)
        if self.lock is not None:  # a recorder dropped without close() (scripts) frees it too
            weakref.finalize(self, self.lock.release)
        self.problem: str | None = None
        self._since = time.monotonic()  # the last move (or the match's opening here): time played
        self._fraction = 0.0  # of a second, not yet in the record's seconds
        self._on_disk: tuple[int, int] | None = None  # (moves, undos) on disk; None: rewrite whole
        self._broken = False  # a write failed (set on the writer's thread): rewrite whole next time
        match.on_action.append(self._on_action)
        holds = getattr(match, "holds", None)
        if holds is not None:
            holds.append(self.writing)
        _recorders[match] = self

    def close(self) -> None:
        """The match is left: its autosaves are written (see BackgroundWriter) and another
        instance of the app may open it now."""
        if self.writer is not None:
            self.writer.flush()
        if self.lock is not None:
            self.lock.release()
        if _recorders.get(self.match) is self:  # its value holds the match: the weak key never died
            del _recorders[self.match]

    def writing(self) -> bool:
        """True while the last move is not yet on disk: the match holds its next bot move, so
        every write carries one move and a crash loses at most the one in flight."""
        if self.writer is None or self.writer.problem is not None:
            return False
        try:
            return self.writer.pending(self.store.autosave_path(self.record))
        except RecordError:
            return False

    @property
    def record(self) -> Record:
        return self.timeline.record

    def _on_action(self, seat: int, text: str, events: list[Event]) -> None:
        self.timeline.state = self.match.state
        self.timeline.observe(seat, text, events)
        self.save()

    def save(self) -> Path | None:
        """Autosave the match as it is now: one journal line per new move, the whole record when
        the match starts, is resumed or was undone, and at its end the move to the history.
        With a background writer all the disk work happens on its thread; the main thread only
        builds the text (a line per move)."""
        state = self.match.state
        record = self.record
        now = time.monotonic()
        elapsed = min(IDLE_SECONDS, max(0.0, now - self._since)) + self._fraction
        record.seconds += int(elapsed)
        self._since, self._fraction = now, elapsed - int(elapsed)
        try:
            record.result = result_of(state)
            record.updated = timestamp()
            path = self.store.autosave_path(record)
            if state.is_over():
                return self._finish(path)
            count, undos = len(record.actions), len(record.undos)
            if self._on_disk is not None and not self._broken and self._on_disk[1] == undos and self._on_disk[0] <= count:
                lines = "".join(
                    journal_line(i, seat, text, record.result, record.updated, record.journal_id)
                    for i, (seat, text) in enumerate(record.actions[self._on_disk[0]:], self._on_disk[0])
                )
                if lines:
                    self._run(path, lambda: self._append(path, lines))
            else:
                record.new_journal_id()  # the lines of the journal on disk belong to the old write
                text = record.to_json()
                self._run(path, lambda: self._rewrite(path, text))
            self._on_disk = (count, undos)
        except RecordError as exc:
            self.problem = str(exc)
            return None
        return path

    def _run(self, path: Path, task: Callable[[], None]) -> None:
        """`task` on the writer's thread, or now (scripts and tests); a failure sets `problem`."""
        if self.writer is not None:
            self.writer.submit(path, task)
            self.problem = self.writer.problem
            return
        try:
            task()
            self.problem = None
        except OSError as exc:
            self.problem = f"{self.store.root}: {exc.strerror or exc}"

    def _append(self, path: Path, lines: str) -> None:
        if self._broken:  # an earlier write failed: a line now would leave a gap; rewrite next time
            return
        try:
            append_line(journal_path(path), lines)
        except OSError:
            self._broken = True
            raise

    def _rewrite(self, path: Path, text: str) -> None:
        """The whole record, then no journal (a crash between the two: the journal's lines carry
        the id of the previous write, and reading ignores them; an undo's taken-back moves
        never come back)."""
        try:
            write_atomic(path, text)
            journal_path(path).unlink(missing_ok=True)
        except OSError:
            self._broken = True
            raise
        self._broken = False

    def _finish(self, path: Path) -> Path:
        """The finished match: counted and moved to the history, on the writer's thread (after
        every autosave of the match, which it replaces)."""
        final = copy.copy(self.record)
        final.actions, final.undos = list(final.actions), list(final.undos)
        self._on_disk = None
        if self.writer is None:
            try:
                return self.store.save(final)
            except OSError as exc:
                self.problem = f"{self.store.root}: {exc.strerror or exc}"
                return path
        self.writer.submit(path, lambda: self.store.save(final))
        self.problem = self.writer.problem
        return _file_of(self.store.history_dir, final)

    def mark_coached(self, seat: int) -> None:
        """`seat` asked the coach for a hint: the record says so from now on (`coached`), written
        whole at once (the journal's lines carry moves only)."""
        if seat in self.record.coached:
            return
        self.record.coached = sorted({*self.record.coached, seat})
        self._on_disk = None
        if not self.match.state.is_over():
            self.save()

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """The text key saying why undo is not possible now (for `seat`), or None when it is."""
        try:
            self.timeline.undo_point(seat)
        except UndoRefused as exc:
            return exc.key
        return None

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_refusal(seat) is None

    def can_redo(self) -> bool:
        return self.timeline.can_redo()

    def undo(self, seat: int | None = None) -> UndoStep:
        """Take back the last human move (of `seat` when given; and the bot replies);
        UndoRefused says why not."""
        return self._sync(self.timeline.undo(seat))

    def redo(self) -> UndoStep:
        return self._sync(self.timeline.redo())

    def _sync(self, step: UndoStep) -> UndoStep:
        self.match.reset_to(list(self.record.actions))
        self.timeline.state = self.match.state
        self.save()
        return step


def _take_lock(store: RecordStore, record: Record, source: str | None = None) -> userfiles.FileLock | None:
    """The match's lock, held from now on; MatchOpenElsewhere when another instance holds it.
    None when the autosave folder cannot be used (saving then reports its own problem)."""
    try:
        lock = store.lock_of(store.autosave_path(record))
        if lock.acquire():
            return lock
    except (OSError, RecordError):
        return None
    raise MatchOpenElsewhere(source or str(store.autosave_path(record)), "this match is open in another Tablée window")


def recorder_of(match: Any) -> MatchRecorder | None:
    """The recorder autosaving `match`, if it has one (a network seat's table has none)."""
    try:
        return _recorders.get(match)
    except TypeError:  # not a match a recorder could follow (a test's stand-in, unhashable)
        return None


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

    store = store if store is not None else RecordStore()
    timeline = Timeline.load(path)
    record = timeline.record
    lock = _take_lock(store, record, str(path))  # before the match starts its bots
    seats = [SeatConfig(s.name, s.kind, s.bot or "random", s.level or "medium") for s in record.seats]
    config = MatchConfig(record.game, seats, record.seed, dict(record.options), practice=record.practice)
    try:
        match = Match(config, rules=timeline.rules, **match_options)
    except TableeError as exc:  # an edited seat: unknown bot or level
        if lock is not None:
            lock.release()
        raise RecordError(str(path), f"the seats cannot be set up: {exc}") from exc
    match.reset_to(list(record.actions))
    return MatchRecorder(match, store, record=record, lock=lock)
