"""The version players see (`--version`, the menu) is the one written in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from game import version as version_module
from game.resources import app_root

ROOT = Path(__file__).resolve().parent.parent


def pyproject_number() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)["project"]["version"]


def test_version_is_the_pyproject_version() -> None:
    assert version_module.version() == pyproject_number()


def test_pyproject_fallback_reads_the_same_number() -> None:
    # The path taken by the frozen program and by a source tree that was never pip-installed.
    assert version_module.pyproject_version() == pyproject_number()


def test_uninstalled_copy_answers_from_pyproject(monkeypatch) -> None:
    def not_installed(name: str) -> str:
        raise version_module.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version_module.metadata, "version", not_installed)
    version_module.version.cache_clear()
    try:
        assert version_module.version() == pyproject_number()
    finally:
        version_module.version.cache_clear()


def test_missing_pyproject_gives_unknown_not_a_crash(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(version_module, "app_root", lambda: tmp_path)
    assert version_module.pyproject_version() == version_module.UNKNOWN
    (tmp_path / "pyproject.toml").write_text("[project\nversion = ", encoding="utf-8")
    assert version_module.pyproject_version() == version_module.UNKNOWN


def test_resources_root_is_the_source_tree_when_not_frozen() -> None:
    assert not getattr(sys, "frozen", False)
    assert app_root() == ROOT


def test_main_prints_the_version() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"tablee {pyproject_number()}"
