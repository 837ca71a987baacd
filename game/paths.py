"""Where Tablée writes: settings, saves, history and statistics, in the user's own folders.

`TABLEE_HOME` overrides both folders (tests, portable installs). Nothing is ever written next to
the program itself.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "Tablee"


def _home_override() -> Path | None:
    home = os.environ.get("TABLEE_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    """Folder for settings.json (created on demand)."""
    override = _home_override()
    if override is not None:
        path = override / "config"
    else:
        import platformdirs

        path = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Folder for autosaves, finished-match history and statistics (created on demand)."""
    override = _home_override()
    if override is not None:
        path = override / "data"
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
