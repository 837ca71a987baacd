"""Tablée installs like any Python application: the wheel holds the two packages and every file
they read, and its `tablee` command works from anywhere once installed.

The slow test builds the wheel from a copy of the sources (so the repository stays clean), installs
it into a fresh virtual environment and runs `tablee validate` and a headless `tablee demo` from a
folder outside the checkout. It needs no network: the fresh environment sees this environment's
copies of the dependencies (pygame-ce, PyYAML, platformdirs) through a folder of links, and pip
checks them against the wheel's requirements instead of downloading them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "game", "scenes", "assets")
BIN = "Scripts" if sys.platform == "win32" else "bin"
EXE = ".exe" if sys.platform == "win32" else ""


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
    assert config["tool"]["setuptools"]["py-modules"] == []


def copy_sources(target: Path) -> Path:
    target.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        else:
            shutil.copy2(source, target / name)
    return target


def link_dependencies(target: Path) -> Path:
    """A folder holding only the installed dependencies of tablee (pyproject's list, and theirs;
    links, or copies where links are not allowed), for a fresh environment to import."""
    from packaging.requirements import Requirement

    target.mkdir()
    todo = [Requirement(r) for r in pyproject()["project"]["dependencies"]]
    seen: set[str] = set()
    while todo:
        requirement = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue  # e.g. tqdm's colorama, on Windows only
        dist = metadata.distribution(requirement.name)
        if dist.metadata["Name"].lower() in seen:
            continue
        seen.add(dist.metadata["Name"].lower())
        todo += [Requirement(r) for r in dist.requires or []]
        tops = {Path(str(f)).parts[0] for f in dist.files or []}
        for top in sorted(t for t in tops if t != ".."):
            source = Path(str(dist.locate_file(top)))
            if not source.exists() or (target / top).exists():
                continue
            try:
                (target / top).symlink_to(source, target_is_directory=source.is_dir())
            except OSError:
                (shutil.copytree if source.is_dir() else shutil.copy2)(source, target / top)
    return target


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("wheel")
    source = copy_sources(base / "src")
    out = base / "dist"
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
         "-w", str(out), str(source)], cwd=base)
    (built,) = out.glob("tablee-*.whl")
    return built


@pytest.mark.slow
def test_wheel_holds_the_packages_and_their_files(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"game", "scenes", f"tablee-{pyproject()['project']['version']}.dist-info"}
    for folder, inside in (("assets", "game/assets"), ("game/data", "game/data")):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                assert f"{inside}/{path.relative_to(ROOT / folder).as_posix()}" in names
    for package in ("game", "scenes"):  # every module, a game's package found by itself too
        for path in (ROOT / package).rglob("*.py"):
            if "__pycache__" not in path.parts:
                assert path.relative_to(ROOT).as_posix() in names
    assert "game/assets/README.md" not in names  # the source tree's note is not an asset
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


@pytest.mark.slow
def test_installed_wheel_runs_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    python = venv / BIN / f"python{EXE}"
    site = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp_path)
    deps = link_dependencies(tmp_path / "deps")
    (Path(site.stdout.strip()) / "tablee_test_deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    # No --no-deps: pip checks the wheel's requirements against the linked copies.
    run([str(python), "-m", "pip", "install", "-q", "--no-index", str(wheel)], cwd=tmp_path)

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TABLEE_"))}  # the shipped games only
    env.update({"TABLEE_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    where = run([str(python), "-c", "import game, scenes; print(game.__file__); print(scenes.__file__)"], cwd=outside, env=env)
    for line in where.stdout.split():
        assert Path(line).is_relative_to(venv), line
    tablee = str(venv / BIN / f"tablee{EXE}")
    assert "ok:" in run([tablee, "validate"], cwd=outside, env=env).stdout
    assert run([tablee, "--version"], cwd=outside, env=env).stdout.strip() == f"tablee {pyproject()['project']['version']}"
    shot = outside / "shot.png"
    run([tablee, "demo", "jagdfieber", "--headless", "--frames", "120", "--players", "3", "--screenshot", str(shot)],
        cwd=outside, env=env)
    assert shot.stat().st_size > 10_000


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
        assert resources.asset_path("icon.png") == tmp_path / "bundle" / "assets" / "icon.png"
    finally:
        resources._installed_assets.cache_clear()
    monkeypatch.undo()
    assert resources.asset_path("icon.png") == ROOT / "assets" / "icon.png"
