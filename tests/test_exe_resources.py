"""Files are found one way, frozen or not, and the program never writes beside itself.

A module that builds a path from its own `__file__` works from source and breaks in the frozen
program (PyInstaller keeps code in an archive, data under sys._MEIPASS): only game/resources.py
may do that.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from game import paths, resources

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {ROOT / "game" / "resources.py"}


def source_files() -> list[Path]:
    files = [ROOT / "main.py"]
    for package in ("game", "scenes"):
        files.extend(sorted((ROOT / package).rglob("*.py")))
    return files


def uses_own_location(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [node.lineno for node in ast.walk(tree) if locates_itself(node)]


def locates_itself(node: ast.AST) -> bool:
    """`__file__`, `sys._MEIPASS` or getattr(sys, "_MEIPASS")."""
    return (
        (isinstance(node, ast.Name) and node.id == "__file__")
        or (isinstance(node, ast.Attribute) and node.attr == "_MEIPASS")
        or (isinstance(node, ast.Constant) and node.value == "_MEIPASS")
    )


def test_only_resources_locates_the_program_files() -> None:
    offenders = []
    for path in source_files():
        if path in ALLOWED:
            continue
        offenders += [f"{path.relative_to(ROOT)}:{line}" for line in uses_own_location(path)]
    assert offenders == [], "use game.resources (app_root/data_path/asset_path) instead: " + ", ".join(offenders)


def test_frozen_root_is_the_bundle_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.app_root() == tmp_path
    assert resources.data_path("jagdfieber.yaml") == tmp_path / "game" / "data" / "jagdfieber.yaml"
    assert resources.asset_path("fonts", "DejaVuSans.ttf") == tmp_path / "assets" / "fonts" / "DejaVuSans.ttf"


def test_source_paths_point_at_shipped_files() -> None:
    assert resources.data_path("jagdfieber.yaml").is_file()
    assert resources.asset_path("icon.ico").is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="Windows asks the shell for its folders, not the environment")
def test_user_folders_are_outside_the_program(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TABLEE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    for folder in (paths.config_dir(), paths.data_dir()):
        assert folder.is_dir()
        assert folder.is_relative_to(tmp_path)
        assert not folder.is_relative_to(resources.app_root())
