"""Tablée installs like any Python application: the wheel holds the two packages and every file
they read, and its commands start inside the package.

The wheel itself is built, checked and installed by the release script's own run
(tests/test_release.py): sdist and wheel, the sdist installed into a fresh environment and used
from a folder outside the checkout.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def test_every_package_is_listed_for_the_wheel() -> None:
    """pyproject lists the packages by name: a new package folder must be added there."""
    listed = set(pyproject()["tool"]["setuptools"]["packages"])
    found = {p for p in find_packages(str(ROOT), include=["game*", "scenes*"])}
    assert listed == found | {"game.assets"}


def test_the_command_starts_inside_the_package() -> None:
    """No top-level `main` module in site-packages: the command points into scenes."""
    config = pyproject()
    assert config["project"]["scripts"] == {"tablee": "scenes.main:main"}
    assert config["project"]["gui-scripts"] == {"tablee-gui": "scenes.main:main"}  # Windows: no console
    assert config["tool"]["setuptools"]["py-modules"] == []


def test_an_installed_package_reads_its_own_assets(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Installed from a wheel, assets/ is game/assets/ inside the package; in a source tree it is
    beside the package; frozen, under the bundle's folder."""
    from game import resources

    package = tmp_path / "site-packages" / "game"
    (package / "assets" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(resources, "package_dir", lambda: package)
    resources._installed_assets.cache_clear()
    try:
        assert resources.asset_path("fonts", "DejaVuSans.ttf") == package / "assets" / "fonts" / "DejaVuSans.ttf"
        assert resources.data_path("jagdfieber.yaml") == package / "data" / "jagdfieber.yaml"
        monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
        assert resources.asset_path("icon.ico") == tmp_path / "bundle" / "assets" / "icon.ico"
    finally:
        resources._installed_assets.cache_clear()
    monkeypatch.undo()
    assert resources.asset_path("icon.ico") == ROOT / "assets" / "icon.ico"
