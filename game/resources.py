"""Where the program's own files are, the same way from source and from a frozen executable."""

from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """The folder holding game/, assets/ (PyInstaller unpacks them under sys._MEIPASS)."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
    return Path(__file__).resolve().parent.parent


def data_path(*parts: str) -> Path:
    """A file under game/data/."""
    return app_root().joinpath("game", "data", *parts)


def asset_path(*parts: str) -> Path:
    """A file under assets/."""
    return app_root().joinpath("assets", *parts)
