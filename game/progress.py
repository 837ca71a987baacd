"""Progress bars on stderr for the long commands (simulate, exploit, bench).

A bar shows only when stderr is a terminal and the command was not asked for `--json`: piped or
redirected output, CI logs and machine-read runs stay exactly as they were. The bar is drawn by
tqdm (pure Python, no dependency of its own); the engine only calls back with (done, total).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO


def wanted(json_output: bool, stream: TextIO | None = None) -> bool:
    """A bar is drawn for a person at a terminal, never into a pipe, a file or a --json run."""
    stream = sys.stderr if stream is None else stream
    if json_output or stream is None:
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class Progress:
    """One bar, `label` on its left; `tick(done, total)` moves it. Does nothing when not shown."""

    def __init__(self, label: str, shown: bool, unit: str = "game", stream: TextIO | None = None) -> None:
        self._bar: Any = None
        if shown:
            from tqdm import tqdm  # type: ignore[import-untyped]  # no stubs; the bar is used as Any

            self._bar = tqdm(
                desc=label, unit=unit, file=sys.stderr if stream is None else stream,
                leave=False, dynamic_ncols=True, mininterval=0.2,
            )

    def tick(self, done: int, total: int, note: str | None = None) -> None:
        if self._bar is None:
            return
        if note is not None:
            self._bar.set_postfix_str(note, refresh=False)
        if self._bar.total != total:  # drawn at once with its new total
            self._bar.total = total
            self._bar.n = done
            self._bar.refresh()
        else:
            self._bar.update(done - self._bar.n)

    @contextlib.contextmanager
    def printing(self) -> Iterator[None]:
        """Print lines on stdout without tearing the bar (it is cleared and drawn again)."""
        if self._bar is None:
            yield
            return
        self._bar.clear()
        try:
            yield
        finally:
            sys.stdout.flush()
            self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
