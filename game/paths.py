"""Where Tablée writes: settings, saves, history and statistics, in the user's own folders.

`TABLEE_HOME` overrides both folders (tests, portable installs). Nothing is ever written next to
the program itself.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "Tablee"


def _user_dir(kind: str) -> Path:
    """TABLEE_HOME/<kind> when set, else the platform's per-user folder; created on demand."""
    home = os.environ.get("TABLEE_HOME")
    if home:
        path = Path(home) / kind
    else:
        import platformdirs

        finder = platformdirs.user_config_dir if kind == "config" else platformdirs.user_data_dir
        path = Path(finder(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Folder for settings.json."""
    return _user_dir("config")


def data_dir() -> Path:
    """Folder for autosaves, finished-match history and statistics."""
    return _user_dir("data")
