"""The autosave thread: disk work of the table (journal lines, records, the end of a match) off
the render loop, in order, one task at a time (see MatchRecorder in game/records.py)."""

from __future__ import annotations

import atexit
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path


class BackgroundWriter:
    """Disk work on a worker thread, so a table frame never waits for the disk.

    Every submitted write (a text to write atomically, or a task: a journal line, the end of a
    match) runs in order, one at a time: one write per move, never one write carrying several.
    The table does not apply the next bot move while a write of its match is pending
    (`pending()`, see MatchRecorder), so a crash loses at most the move in flight, never a
    half-written file. `flush()` waits for everything submitted (on exit, when the table is
    left, and in tests).
    """

    def __init__(self) -> None:
        self._pending: deque[tuple[Path, Callable[[], object]]] = deque()
        self._busy = False
        self._current: Path | None = None
        self._cond = threading.Condition()
        self.problem: str | None = None
        self._thread = threading.Thread(target=self._run, name="tablee-autosave", daemon=True)
        self._thread.start()
        atexit.register(self.flush)

    def submit(self, key: Path, task: Callable[[], object]) -> None:
        """Run `task` on the worker thread; `pending(key)` is True until it is done."""
        with self._cond:
            self._pending.append((key, task))
            self._cond.notify_all()

    def pending(self, path: Path) -> bool:
        """True while a write submitted for `path` is not yet on disk."""
        with self._cond:
            return self._current == path or any(p == path for p, _ in self._pending)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted task is done; False if the disk did not answer in time."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path, task = self._pending.popleft()
                self._busy = True
                self._current = path
            try:
                task()
                self.problem = None
            except OSError as exc:
                self.problem = f"{path.parent}: {exc.strerror or exc}"
            except Exception as exc:  # noqa: BLE001 - a bad task must not stop every later autosave
                self.problem = f"{path.parent}: {exc}"
            finally:
                with self._cond:
                    self._busy = False
                    self._current = None
                    self._cond.notify_all()
            del task  # it holds its match (a closure): not until the next write


_background_writer: BackgroundWriter | None = None


def background_writer() -> BackgroundWriter:
    """The process-wide autosave writer (started on first use, not at import)."""
    global _background_writer
    if _background_writer is None:
        _background_writer = BackgroundWriter()
    return _background_writer
