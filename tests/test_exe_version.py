"""The version players see (`--version`, the menu, the About screen) is written once, in
game/version.py; pyproject.toml reads it from there, so the package metadata agrees."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from game import version as version_module
from game.resources import app_root

ROOT = Path(__file__).resolve().parent.parent


def test_pyproject_takes_the_version_from_the_one_place() -> None:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        config = tomllib.load(handle)
    assert "version" not in config["project"] and "version" in config["project"]["dynamic"]
    assert config["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.version.VERSION"}


def test_the_installed_metadata_says_the_same_version() -> None:
    """The development install's metadata was built from the same constant."""
    assert metadata.version("tablee") == version_module.VERSION == version_module.version()


def test_the_version_is_a_plain_release_number() -> None:
    parts = version_module.VERSION.split(".")
    assert len(parts) == 3 and all(p.isdigit() for p in parts), version_module.VERSION


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
    assert done.stdout.strip() == f"tablee {version_module.VERSION}"
