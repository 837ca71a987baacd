"""The program's log file, and what happens when the program crashes.

The app logs to tablee.log in the platform's log folder (game/paths.py: `log_dir()`; under
TABLEE_HOME/logs when that is set), a small file rotated at LOG_BYTES with LOG_COPIES older
copies, so it never grows. `install_crash_hook()` makes an unexpected error write its traceback
there, say on stderr where the file is, and call the notifier the window set (a dialog).
Logging never stops the program: a folder that cannot be written leaves the log off.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from game import paths

LOGGER = "tablee"
LOG_NAME = "tablee.log"
LOG_BYTES = 256 * 1024
LOG_COPIES = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(LOGGER)
log.addHandler(logging.NullHandler())  # no file yet: silent (never Python's last-resort stderr output)
_handler: logging.Handler | None = None
_file: Path | None = None
_notifier: Callable[[Path | None], None] | None = None
_hooked = False


def start() -> Path | None:
    """Log to the file from now on (once per process); its path, or None if it cannot be written."""
    global _handler, _file
    if _handler is not None:
        return _file
    path = paths.log_dir() / LOG_NAME
    try:
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_COPIES, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    _handler, _file = handler, path
    return path


def stop() -> None:
    """Close the file (tests; the program's end closes it anyway)."""
    global _handler, _file
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
    _handler = _file = None


def log_file() -> Path | None:
    return _file


def set_notifier(notifier: Callable[[Path | None], None] | None) -> None:
    """What tells the player about a crash besides stderr (the app's dialog while a window is open)."""
    global _notifier
    _notifier = notifier


def record_crash(kind: type[BaseException], value: BaseException, trace: TracebackType | None) -> Path | None:
    """Write the traceback to the log, tell the player where it is; the log's path (None: no log)."""
    path = start()
    log.critical("unexpected error, the program stops", exc_info=(kind, value, trace))
    if _handler is not None:
        _handler.flush()
    where = str(path) if path is not None else "nowhere (the log folder cannot be written)"
    if sys.stderr is not None:  # a windowed program may have no stderr
        print(f"Tablée stopped on an unexpected error ({kind.__name__}); the details are in {where}", file=sys.stderr)
    if _notifier is not None:
        try:
            _notifier(path)
        except Exception:  # the dialog must not hide the crash it reports
            log.exception("the crash dialog failed")
    return path


def install_crash_hook() -> None:
    """sys.excepthook (and threading's) write a crash to the log before the usual traceback
    (once per process: a second call changes nothing)."""
    global _hooked
    if _hooked:
        return
    _hooked = True
    previous = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException, trace: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            record_crash(kind, value, trace)
        previous(kind, value, trace)

    previous_thread = threading.excepthook

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None and not issubclass(args.exc_type, SystemExit):
            log.critical("unexpected error in thread %s", getattr(args.thread, "name", "?"),
                         exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
        previous_thread(args)

    sys.excepthook = hook
    threading.excepthook = thread_hook
