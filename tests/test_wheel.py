"""Tablée installs like any Python application: the wheel holds the two packages and every file
they read, and its commands start inside the package.

The wheel itself is built, checked and installed by the release script's own run
(tests/test_release.py): sdist and wheel, the sdist installed into a fresh environment and used
from a folder outside the checkout; it checks that every module is in the wheel.
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


def wheel_packages() -> dict[str, str]:
    """The packages pyproject's configuration gives the wheel (setuptools' own reading of it),
    each with its source folder."""
    from setuptools.config.pyprojecttoml import read_configuration

    config = read_configuration(ROOT / "pyproject.toml", expand=True, ignore_option_errors=False)["tool"]["setuptools"]
    mapped = config.get("package-dir", {})
    return {name: mapped.get(name, name.replace(".", "/")) for name in config["packages"]}


def test_every_package_folder_goes_into_the_wheel_by_itself() -> None:
    """No list of packages to keep up to date: every folder of modules under game/ and scenes/
    (a new game's package too) is found, and assets/ is mapped to game.assets."""
    packages = wheel_packages()
    modules = {".".join(p.parent.relative_to(ROOT).parts) for d in ("game", "scenes") for p in (ROOT / d).rglob("*.py")
               if "__pycache__" not in p.parts}
    assert modules <= set(packages)
    assert set(find_packages(str(ROOT), include=["game*", "scenes*"])) <= set(packages)
    assert packages["game.assets"] == "assets"
    assert not any(name.startswith("tests") or "__pycache__" in name for name in packages)


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
    (package / "assets").mkdir(parents=True)
    (package / "assets" / "README.md").write_text("the source tree's note", encoding="utf-8")
    monkeypatch.setattr(resources, "package_dir", lambda: package)
    resources._installed_assets.cache_clear()
    try:
        assert resources.assets_root() == resources.app_root() / "assets"  # only the note: a source tree
        resources._installed_assets.cache_clear()
        (package / "assets" / "fonts").mkdir()
        assert resources.asset_path("fonts", "DejaVuSans.ttf") == package / "assets" / "fonts" / "DejaVuSans.ttf"
        assert resources.data_path("jagdfieber.yaml") == package / "data" / "jagdfieber.yaml"
        monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
        assert resources.asset_path("icon.ico") == tmp_path / "bundle" / "assets" / "icon.ico"
    finally:
        resources._installed_assets.cache_clear()
    monkeypatch.undo()
    assert resources.asset_path("icon.ico") == ROOT / "assets" / "icon.ico"
