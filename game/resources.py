"""Where the program's own files are, the same way from source, installed and frozen.

Three layouts, one answer:
- a source tree (and an editable install, which imports from it): game/data/ inside the game
  package, assets/ beside the package at the top of the repository;
- an installed wheel: game/data/ and game/assets/ inside the package (pyproject.toml maps the
  repository's assets/ to the package's game/assets/), nothing else in site-packages;
- the PyInstaller build: game/data/ and assets/ under sys._MEIPASS (build_exe.spec).
Only this module looks at its own location; everything else asks it.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path

ASSETS = "assets"
SOURCE_NOTE = "README.md"  # all that game/assets/ holds in a source tree


def package_dir() -> Path:
    """The folder of the game package itself (site-packages/game once installed)."""
    return Path(__file__).resolve().parent


def app_root() -> Path:
    """The folder holding game/ (PyInstaller unpacks it under sys._MEIPASS)."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
    return package_dir().parent


@functools.cache
def _installed_assets() -> Path | None:
    """game/assets/ when this copy was installed from a wheel, else None (in a source tree the
    folder holds only a note: see game/assets/README.md)."""
    folder = package_dir() / ASSETS
    if not folder.is_dir():
        return None
    return folder if any(path.name != SOURCE_NOTE for path in folder.iterdir()) else None


def assets_root() -> Path:
    """The assets/ folder: the bundle's, the installed package's, or the source tree's."""
    if getattr(sys, "_MEIPASS", None):
        return app_root() / ASSETS
    return _installed_assets() or app_root() / ASSETS


def data_path(*parts: str) -> Path:
    """A file under game/data/."""
    return app_root().joinpath("game", "data", *parts)


def package_path(package: str, *parts: str) -> Path:
    """A file of a package's own folder ("game.games.silver_amulet" -> game/games/silver_amulet/):
    a game's lesson, or the data of a game that lives outside game/ (a test's own game, wherever
    Python finds its package)."""
    if package.split(".")[0] not in ("game", "scenes"):
        spec = importlib.util.find_spec(package)
        folders = list(spec.submodule_search_locations or []) if spec is not None else []
        if folders:
            return Path(folders[0]).joinpath(*parts)
    return app_root().joinpath(*package.split("."), *parts)



def asset_path(*parts: str) -> Path:
    """A file under assets/."""
    return assets_root().joinpath(*parts)
