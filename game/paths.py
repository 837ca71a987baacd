"""Where Tablée writes: settings, saves, history and statistics, in the user's own folders.

`TABLEE_HOME` overrides every folder (tests, portable installs). Nothing is ever written next to
the program itself. A folder that cannot be created (a file has its name, a read-only parent)
never stops the app: the path is still returned, reading finds nothing, every write fails with
an OSError its caller reports, and `folder_problems()` says why for the app to show. At start the
app also writes a small file in each folder and removes it (`unusable_folders()`): a read-only
folder or a full disk is said then, with what will not be saved, not at the first failed save.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

APP_NAME = "Tablee"


def _user_dir(kind: str) -> Path:
    """TABLEE_HOME/<kind> when set, else the platform's per-user folder; created on demand."""
    home = os.environ.get("TABLEE_HOME")
    if home:
        path = Path(home) / kind
    else:
        import platformdirs

        if kind == "config":
            found = platformdirs.user_config_dir(APP_NAME, appauthor=False)
        elif kind == "logs":
            found = platformdirs.user_log_dir(APP_NAME, appauthor=False)
        else:
            found = platformdirs.user_data_dir(APP_NAME, appauthor=False)
        path = Path(found)
    try:
        path.mkdir(parents=True, exist_ok=True)
        _problems.pop(kind, None)
    except OSError as exc:
        if path.exists() or path.is_symlink():
            reason = "a file has this folder's name"
        elif isinstance(exc, PermissionError):
            reason = "no permission to create it"
        else:
            reason = exc.strerror or str(exc)
        _problems[kind] = f"{path}: {reason}"
    else:
        if not path.is_dir():  # a symlink to a file, a race
            _problems[kind] = f"{path}: not a folder"
    return path


_problems: dict[str, str] = {}


def folder_problems() -> list[str]:
    """Why a user folder could not be created (empty when every one is usable)."""
    config_dir()
    data_dir()
    log_dir()
    return [_problems[k] for k in sorted(_problems)]


PROBE_BYTES = 4096  # one block: a full disk refuses it even where an empty file still fits


def write_problem(folder: Path) -> str | None:
    """Why no file can be written in `folder` now (None: one can): a small file is written and
    removed (named as a temporary file, so a killed probe is cleaned at next start). No fsync:
    the file system refuses the block at the write itself on a full disk, and the start stays
    quick."""
    probe = folder / f".probe.{os.getpid()}.tmp"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        try:
            os.write(fd, b"\0" * PROBE_BYTES)
        finally:
            os.close(fd)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return f"{folder}: the disk is full"
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return f"{folder}: it is read-only (no permission to write in it)"
        return f"{folder}: {exc.strerror or exc}"
    finally:
        with contextlib.suppress(OSError):
            probe.unlink()
    return None


def unusable_folders() -> list[tuple[str, str]]:
    """(kind, problem) of every user folder that cannot be written now: `config` (settings),
    `data` (matches and statistics), `logs`, and within a usable data folder `autosave`
    (unfinished matches) and `history` (finished ones)."""
    data = data_dir()
    found: list[tuple[str, str]] = []
    for kind, folder in (("config", config_dir()), ("data", data), ("logs", log_dir())):
        problem = _problems.get(kind) or (write_problem(folder) if folder.is_dir() else None)
        if problem is not None:
            found.append((kind, problem))
    if not any(kind == "data" for kind, _ in found):
        for kind in ("autosave", "history"):
            problem = write_problem(data / kind) if (data / kind).is_dir() else None
            if problem is not None:
                found.append((kind, problem))
    return found


def config_dir() -> Path:
    """Folder for settings.json."""
    return _user_dir("config")


def data_dir() -> Path:
    """Folder for autosaves, finished-match history and statistics."""
    return _user_dir("data")


def log_dir() -> Path:
    """Folder for the program's log (tablee.log and its rotated copies)."""
    return _user_dir("logs")


def exports_dir() -> Path:
    """Where History exports a match the player asked for: TABLEE_HOME/exports when set, else
    the user's Downloads folder (created when first used, by the export itself)."""
    home = os.environ.get("TABLEE_HOME")
    if home:
        return Path(home) / "exports"
    import platformdirs

    return Path(platformdirs.user_downloads_dir())


@contextlib.contextmanager
def temporary_home() -> Iterator[Path]:
    """Every folder under a new temporary TABLEE_HOME while in the block (benches), then the
    previous one again; the temporary folder is removed."""
    saved = os.environ.get("TABLEE_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLEE_HOME"] = home
        try:
            yield Path(home)
        finally:
            if saved is None:
                os.environ.pop("TABLEE_HOME", None)
            else:
                os.environ["TABLEE_HOME"] = saved
