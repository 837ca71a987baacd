"""Where Tablée writes: settings, saves, history and statistics, in the user's own folders.

`TABLEE_HOME` overrides every folder (tests, portable installs). Nothing is ever written next to
the program itself. A folder that cannot be created (a file has its name, a read-only parent)
never stops the app: the path is still returned, reading finds nothing, every write fails with
an OSError its caller reports, and `folder_problems()` says why for the app to show.
"""

from __future__ import annotations

import contextlib
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
