"""The release in one command (.ci/release.py): the version written once agrees with the
changelog and the metainfo, the changelog keeps the Keep a Changelog form, and the script's own
run builds the sdist and the wheel without a warning, installs the sdist into a fresh
environment and uses it there, and writes SHA256SUMS. The standalone build it calls is the one
tests/test_exe_build.py builds and tries; its zip is checked here on a small folder.
"""

from __future__ import annotations

import datetime
import hashlib
import importlib.util
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.version import VERSION

ROOT = Path(__file__).resolve().parent.parent
CHANGELOG_TEXT = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def load_release():
    spec = importlib.util.spec_from_file_location("tablee_release", ROOT / ".ci" / "release.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


release = load_release()


def test_the_version_has_its_dated_release_in_the_changelog_and_the_metainfo() -> None:
    release.check_version()  # raises ReleaseError with the reason
    sections = release.changelog_sections(CHANGELOG_TEXT)
    assert sections[0] == ("Unreleased", None)
    assert sections[1][0] == VERSION
    datetime.date.fromisoformat(sections[1][1])


def test_the_changelog_keeps_the_keep_a_changelog_form() -> None:
    assert release.changelog_problems(CHANGELOG_TEXT) == []
    assert "keepachangelog.com" in CHANGELOG_TEXT


@pytest.mark.parametrize(("text", "problem"), [
    ("## [0.1.0] - 2026-01-01\n", "first section must be '## [Unreleased]'"),
    ("## [Unreleased]\n## [0.2.0]\n", "has no date"),
    ("## [Unreleased]\n## [0.1.0] - 2026-01-01\n## [0.2.0] - 2026-02-01\n", "newest first"),
    ("## [Unreleased]\n### New things\n", "not a kind of change"),
    ("## [Unreleased]\n## [0.1.0] - 2026-01-01\n## [0.1.0] - 2026-01-01\n", "two sections"),
])
def test_a_changelog_out_of_form_is_refused(text: str, problem: str) -> None:
    assert any(problem in p for p in release.changelog_problems(text))


def test_cut_starts_the_next_version_in_the_three_places(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name, path in (("CHANGELOG", ROOT / "CHANGELOG.md"), ("METAINFO", release.METAINFO), ("VERSION_FILE", release.VERSION_FILE)):
        copy = tmp_path / path.name
        shutil.copy2(path, copy)
        monkeypatch.setattr(release, name, copy)
    release.cut("9.8.7", today=datetime.date(2031, 5, 4))
    text = release.CHANGELOG.read_text(encoding="utf-8")
    assert release.changelog_problems(text) == []
    sections = release.changelog_sections(text)
    assert sections[:2] == [("Unreleased", None), ("9.8.7", "2031-05-04")]
    # What was unreleased now belongs to the new version; [Unreleased] starts empty.
    assert text.index("## [9.8.7]") < text.index("### Added") and "## [Unreleased]\n\n## [9.8.7]" in text
    assert 'VERSION = "9.8.7"' in release.VERSION_FILE.read_text(encoding="utf-8")
    dated = [(v, d) for v, d in sections if v != "Unreleased"]
    assert release.metainfo_releases(release.METAINFO.read_text(encoding="utf-8")) == dated
    with pytest.raises(release.ReleaseError):
        release.cut("9.8.7")
    with pytest.raises(release.ReleaseError):
        release.cut("ten")


def test_the_zip_holds_the_program_the_licence_and_the_credits(tmp_path: Path) -> None:
    folder = tmp_path / "Tablee"
    (folder / "_internal").mkdir(parents=True)
    program = folder / "Tablee"
    program.write_bytes(b"#!/bin/sh\n")
    program.chmod(0o755)
    (folder / "_internal" / "data.txt").write_text("x", encoding="utf-8")
    target = release.zip_standalone(folder, tmp_path / "out.zip")
    with zipfile.ZipFile(target) as archive:
        names = set(archive.namelist())
        top = f"Tablee-{VERSION}"
        assert names == {f"{top}/Tablee/Tablee", f"{top}/Tablee/_internal/data.txt", f"{top}/LICENSE.txt", f"{top}/CREDITS.md"}
        mode = archive.getinfo(f"{top}/Tablee/Tablee").external_attr >> 16
        if sys.platform != "win32":
            assert mode & stat.S_IXUSR  # still a program once unzipped
        assert archive.read(f"{top}/LICENSE.txt").startswith(b"MIT License")


def test_the_checksums_are_in_sha256sum_form(tmp_path: Path) -> None:
    files = []
    for name, content in (("a.whl", b"wheel"), ("b.tar.gz", b"sdist")):
        (tmp_path / name).write_bytes(content)
        files.append(tmp_path / name)
    sums = release.write_checksums(files, tmp_path / "SHA256SUMS").read_text(encoding="utf-8")
    assert sums == "".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}\n" for p in files)
    if shutil.which("sha256sum"):
        assert subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=tmp_path, capture_output=True).returncode == 0


def test_build_warnings_are_recognised() -> None:
    for line in ("_Warning: Package 'game.assets.cards' is absent from the `packages` configuration.",
                 "############################ # Package would be ignored #",
                 "SetuptoolsDeprecationWarning: `project.license` as a TOML table is deprecated"):
        assert release.BUILD_WARNINGS.search(line), line
    assert not release.BUILD_WARNINGS.search("warning: build_py: byte-compiling is disabled, skipping.")


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The release script's own run, offline and without the standalone build (it builds from a
    copy of the checkout: nothing is written into the repository)."""
    out = tmp_path_factory.mktemp("release") / "out"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEE_")}
    done = subprocess.run([sys.executable, str(ROOT / ".ci" / "release.py"), "--offline", "--skip-standalone", "--out", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "installs into a fresh environment and runs: tablee " + VERSION in done.stdout
    return out


@pytest.mark.slow
def test_the_release_run_writes_the_distributions_and_their_checksums(released: Path) -> None:
    names = sorted(p.name for p in released.iterdir())
    assert names == sorted(["SHA256SUMS", f"tablee-{VERSION}.tar.gz", f"tablee-{VERSION}-py3-none-any.whl"])
    for line in (released / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ")
        assert hashlib.sha256((released / name).read_bytes()).hexdigest() == digest


@pytest.mark.slow
def test_the_wheel_holds_the_packages_and_their_files(released: Path) -> None:
    names = zipfile.ZipFile(released / f"tablee-{VERSION}-py3-none-any.whl").namelist()
    assert {name.split("/")[0] for name in names} == {"game", "scenes", f"tablee-{VERSION}.dist-info"}
    for folder, inside in (("assets", "game/assets"), ("game/data", "game/data")):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                assert f"{inside}/{path.relative_to(ROOT / folder).as_posix()}" in names
    lessons = sorted((ROOT / "game" / "games").glob("*/lesson.yaml"))
    assert lessons and all(path.relative_to(ROOT).as_posix() in names for path in lessons), "each game's lesson travels"
    for package in ("game", "scenes"):  # every module: a game's package is found by itself
        for path in (ROOT / package).rglob("*.py"):
            if "__pycache__" not in path.parts:
                assert path.relative_to(ROOT).as_posix() in names
    assert "game/assets/README.md" not in names  # the source tree's note is not an asset
    info = f"tablee-{VERSION}.dist-info"
    assert {f"{info}/licenses/LICENSE", f"{info}/licenses/assets/fonts/DejaVu-LICENSE.txt"} <= set(names)
    entry_points = zipfile.ZipFile(released / f"tablee-{VERSION}-py3-none-any.whl").read(f"{info}/entry_points.txt").decode()
    assert "[gui_scripts]\ntablee-gui = scenes.main:main" in entry_points


@pytest.mark.slow
def test_the_sdist_holds_what_a_packager_builds_and_tests_from(released: Path) -> None:
    import tarfile

    with tarfile.open(released / f"tablee-{VERSION}.tar.gz") as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("pyproject.toml", "LICENSE", "README.md", "CHANGELOG.md", "build_exe.spec", "main.py",
                   "tests/conftest.py", "docs/packaging.md", ".ci/constraints.txt", ".ci/release.py",
                   "assets/desktop/io.github.tablee.Tablee.desktop", "game/data/jagdfieber.yaml"):
        assert needed in names, needed
