#!/usr/bin/env python3
"""Make a release of Tablée in one command, from the repository root:

    .venv/bin/python .ci/release.py              (Linux, macOS)
    .venv\\Scripts\\python .ci\\release.py         (Windows)

run with the development environment of the README's test command (it brings setuptools,
build and PyInstaller at their pinned versions). Into dist/release/ (or --out DIR) it writes:

  tablee-X.Y.Z.tar.gz                 the source distribution (sdist)
  tablee-X.Y.Z-py3-none-any.whl       the wheel, built from that sdist
  Tablee-X.Y.Z-<system>-<machine>.zip the standalone program: the folder of build_exe.spec
                                      (on macOS Tablee.app, the spec's BUNDLE), with LICENSE
                                      and assets/CREDITS.md
  SHA256SUMS                          the checksums of the three (`sha256sum -c SHA256SUMS`)

after checking that game/version.py's version has its dated section in CHANGELOG.md and its
release in the AppStream metainfo, that the build prints no warning, that the sdist installs into
a fresh virtual environment and works there (version, validate, a simulated game, a headless
demo, --install-desktop and its undo), and that the standalone program answers. It stops at the
first problem with one `release: ...` line and exit status 1.

  --offline           the fresh environment takes the dependencies from this one (links) instead
                      of PyPI (the test suite runs it so)
  --skip-standalone   only the sdist, the wheel and their checks
  --cut X.Y.Z         start a new version instead: write it into game/version.py, turn
                      CHANGELOG.md's [Unreleased] into [X.Y.Z] with today's date under a new
                      empty [Unreleased], add the release to the metainfo; then commit, and run
                      this script again to build it

docs/packaging.md walks through it.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.desktop import APP_ID  # noqa: E402
from game.version import VERSION  # noqa: E402

CHANGELOG = ROOT / "CHANGELOG.md"
METAINFO = ROOT / "assets" / "desktop" / f"{APP_ID}.metainfo.xml"
VERSION_FILE = ROOT / "game" / "version.py"
SPEC = ROOT / "build_exe.spec"
APP_NAME = "Tablee"
SECTION = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?\s*$", re.MULTILINE)
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")  # Keep a Changelog's
# What setuptools prints when the package data or the metadata are not as they should be.
BUILD_WARNINGS = re.compile(r"would be ignored|SetuptoolsDeprecationWarning|_Warning:|warning: (?!build_py: byte-compiling"
                            r"|install_lib: byte-compiling)", re.IGNORECASE)
BIN = "Scripts" if sys.platform == "win32" else "bin"
EXE = ".exe" if sys.platform == "win32" else ""


class ReleaseError(Exception):
    """One problem that stops the release (the message says what and where)."""


def say(text: str) -> None:
    print(f"release: {text}", flush=True)


def run(args: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: float = 900) -> str:
    """Run a program; its output (stdout and stderr together), or ReleaseError with it."""
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise ReleaseError(f"{' '.join(map(str, args))} failed (exit {done.returncode}):\n{output[-4000:]}")
    return output


# ---------------------------------------------------------------- the version, in three places
def changelog_sections(text: str) -> list[tuple[str, str | None]]:
    """(version, date) of every `## [...]` heading of a Keep a Changelog file, in file order."""
    return [(m["version"], m["date"]) for m in SECTION.finditer(text)]


def changelog_problems(text: str) -> list[str]:
    """What keeps `text` from being a Keep a Changelog file: [Unreleased] first, then dated
    versions newest first, each version once, only the six kinds of change as subheadings."""
    problems = []
    sections = changelog_sections(text)
    if not sections or sections[0] != ("Unreleased", None):
        problems.append("the first section must be '## [Unreleased]'")
    dated = sections[1:]
    for version, date in dated:
        if date is None:
            problems.append(f"[{version}] has no date (expected '## [{version}] - YYYY-MM-DD')")
        elif not re.fullmatch(r"\d+\.\d+\.\d+", version):
            problems.append(f"[{version}] is not a version number X.Y.Z")
    versions = [v for v, _ in dated]
    if len(set(versions)) != len(versions):
        problems.append("a version has two sections")
    keyed = [tuple(int(p) for p in v.split(".")) for v in versions if re.fullmatch(r"\d+\.\d+\.\d+", v)]
    if keyed != sorted(keyed, reverse=True):
        problems.append("the versions must go newest first")
    dates = [d for _, d in dated if d]
    if dates != sorted(dates, reverse=True):
        problems.append("the dates must go newest first")
    for heading in re.findall(r"^### (.+)$", text, re.MULTILINE):
        if heading.strip() not in KINDS:
            problems.append(f"'### {heading.strip()}' is not a kind of change ({', '.join(KINDS)})")
    return problems


def metainfo_releases(text: str) -> list[tuple[str, str]]:
    """(version, date) of each <release> of the metainfo, in file order."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(text)
    return [(r.get("version", ""), r.get("date", "")) for r in root.iter("release")]


def check_version() -> None:
    """game/version.py's version is released: a dated CHANGELOG section, the same release first
    in the metainfo, and the metainfo's releases are exactly the CHANGELOG's dated versions."""
    text = CHANGELOG.read_text(encoding="utf-8")
    problems = changelog_problems(text)
    if problems:
        raise ReleaseError(f"{CHANGELOG.name}: {problems[0]}")
    dated = [(v, d) for v, d in changelog_sections(text) if v != "Unreleased"]
    if not dated or dated[0][0] != VERSION:
        raise ReleaseError(f"{CHANGELOG.name} has no dated section for {VERSION} above the others "
                           f"(cut it first: .ci/release.py --cut {VERSION})")
    if metainfo_releases(METAINFO.read_text(encoding="utf-8")) != dated:
        raise ReleaseError(f"{METAINFO.name}: its <release> entries must be the dated versions of "
                           f"{CHANGELOG.name}, newest first: {dated}")


def cut(new: str, today: datetime.date | None = None) -> None:
    """Start version `new`: the three files edited as the module docstring says."""
    if not re.fullmatch(r"\d+\.\d+\.\d+", new):
        raise ReleaseError(f"'{new}' is not a version number X.Y.Z")
    date = (today or datetime.date.today()).isoformat()
    text = CHANGELOG.read_text(encoding="utf-8")
    if changelog_problems(text):
        raise ReleaseError(f"{CHANGELOG.name}: {changelog_problems(text)[0]}")
    if any(v == new for v, _ in changelog_sections(text)):
        raise ReleaseError(f"{CHANGELOG.name} already has a section for {new}")
    CHANGELOG.write_text(text.replace("## [Unreleased]\n", f"## [Unreleased]\n\n## [{new}] - {date}\n", 1), encoding="utf-8")
    source = VERSION_FILE.read_text(encoding="utf-8")
    VERSION_FILE.write_text(re.sub(r'^VERSION = "[^"]*"$', f'VERSION = "{new}"', source, count=1, flags=re.MULTILINE),
                            encoding="utf-8")
    meta = METAINFO.read_text(encoding="utf-8")
    entry = (f'    <release version="{new}" date="{date}">\n      <description>\n'
             f"        <p>See CHANGELOG.md.</p>\n      </description>\n    </release>\n")
    METAINFO.write_text(meta.replace("  <releases>\n", "  <releases>\n" + entry, 1), encoding="utf-8")
    say(f"version {new} of {date} written into {VERSION_FILE.name}, {CHANGELOG.name} and "
        f"{METAINFO.name}: give the metainfo release its words, commit, then run .ci/release.py")


# ---------------------------------------------------------------- the sdist and the wheel
LEFT_OUT = {".git", ".venv", "dist", "build", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis"}


def stage_sources(target: Path) -> Path:
    """A copy of the checkout's own files (those git does not ignore; without git, all but
    LEFT_OUT and *.egg-info): the sdist holds no cache or build leftovers, and the build writes
    nothing into the checkout."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True) if shutil.which("git") else None
    if listed is not None and listed.returncode == 0 and listed.stdout:
        names = [Path(n) for n in listed.stdout.decode("utf-8").split("\0") if n]
    else:
        names = [p.relative_to(ROOT) for p in ROOT.rglob("*") if p.is_file()
                 and not LEFT_OUT & set(p.relative_to(ROOT).parts) and not any(x.endswith(".egg-info") for x in p.parts)]
    for name in names:
        if (ROOT / name).is_file():  # a file deleted but not yet committed is listed too
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def build_distributions(source: Path, out: Path) -> tuple[Path, Path]:
    """The sdist of `source`, and the wheel built from it (so the sdist is known to be complete),
    with this environment's setuptools and no network; ReleaseError on a warning of the build."""
    out.mkdir(parents=True, exist_ok=True)
    log = run([sys.executable, "-m", "build", "--sdist", "--wheel", "--no-isolation", "--outdir", out, source], cwd=source)
    warnings = [line.strip() for line in log.splitlines() if BUILD_WARNINGS.search(line)]
    if warnings:
        raise ReleaseError("the build warns: " + "; ".join(warnings[:5]))
    sdists, wheels = list(out.glob(f"tablee-{VERSION}.tar.gz")), list(out.glob(f"tablee-{VERSION}-*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        raise ReleaseError(f"expected one sdist and one wheel of {VERSION} in {out}")
    return sdists[0], wheels[0]


def link_dependencies(target: Path, names: list[str]) -> Path:
    """A folder of links to this environment's copies of `names` and what they need, for a
    fresh environment to import without a network (copies where links are not allowed)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    target.mkdir(parents=True, exist_ok=True)
    todo = [Requirement(n) for n in names]
    seen: set[str] = set()
    while todo:
        requirement = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        dist = metadata.distribution(requirement.name)
        name = dist.metadata["Name"].lower()
        if name in seen:
            continue
        seen.add(name)
        todo += [Requirement(r) for r in dist.requires or []]
        for top in sorted({Path(str(f)).parts[0] for f in dist.files or []} - {".."}):
            source = Path(str(dist.locate_file(top)))
            if not source.exists() or (target / top).exists():
                continue
            try:
                (target / top).symlink_to(source, target_is_directory=source.is_dir())
            except OSError:
                (shutil.copytree if source.is_dir() else shutil.copy2)(source, target / top)
    return target


def fresh_environment(folder: Path, offline: bool) -> Path:
    """A new virtual environment; offline, it sees this environment's dependencies of tablee
    (and setuptools, to build the sdist) through a .pth file. Its Python."""
    import tomllib

    run([sys.executable, "-m", "venv", folder])
    python = folder / BIN / f"python{EXE}"
    if offline:
        with (ROOT / "pyproject.toml").open("rb") as handle:
            config = tomllib.load(handle)
        needs = config["project"]["dependencies"] + config["build-system"]["requires"]
        deps = link_dependencies(folder.parent / f"{folder.name}-deps", needs)
        site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).strip().splitlines()[-1]
        (Path(site) / "tablee_release_deps.pth").write_text(f"{deps}\n", encoding="utf-8")
        # An older setuptools bundled with the venv (Python 3.11) would come first on the path.
        run([python, "-m", "pip", "uninstall", "-q", "-y", "setuptools"])
    return python


def smoke_test(package: Path, scratch: Path, offline: bool) -> dict[str, str]:
    """Install `package` (the sdist) into a fresh environment and use it from an unrelated folder:
    the commands a player and a packager try first. What each printed, by name."""
    installer = fresh_environment(scratch / "venv", offline)
    install = [installer, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    if offline:
        install += ["--no-index", "--no-build-isolation"]
    run([*install, package], cwd=scratch)
    outside = scratch / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "TABLEE_", "XDG_DATA"))}
    env.update(TABLEE_HOME=str(scratch / "home"), XDG_DATA_HOME=str(scratch / "share"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    tablee = str(scratch / "venv" / BIN / f"tablee{EXE}")
    gui = scratch / "venv" / BIN / f"tablee-gui{EXE}"
    if not gui.is_file():
        raise ReleaseError(f"the installed package has no {gui.name} program")
    python = scratch / "venv" / BIN / f"python{EXE}"
    where = run([python, "-c", "import game, scenes; print(game.__file__); print(scenes.__file__)"], cwd=outside, env=env)
    for line in where.split():
        if not Path(line).is_relative_to(scratch / "venv"):
            raise ReleaseError(f"the fresh environment imports {line}, not its own installed copy")
    printed = {"version": run([tablee, "--version"], cwd=outside, env=env).strip()}
    if printed["version"] != f"tablee {VERSION}":
        raise ReleaseError(f"the installed tablee says '{printed['version']}', not 'tablee {VERSION}'")
    printed["validate"] = run([tablee, "validate"], cwd=outside, env=env).strip()
    printed["simulate"] = run([tablee, "simulate", "jagdfieber", "--players", "3", "--games", "1", "--json"],
                              cwd=outside, env=env).strip().splitlines()[-1]
    shot = outside / "table.png"
    run([tablee, "demo", "jagdfieber", "--headless", "--frames", "60", "--players", "3", "--screenshot", shot], cwd=outside, env=env)
    if not shot.is_file() or shot.stat().st_size < 10_000:
        raise ReleaseError("the installed demo drew no table")
    if sys.platform.startswith("linux"):
        printed["install-desktop"] = run([tablee, "--install-desktop"], cwd=outside, env=env)
        entry = scratch / "share" / "applications" / f"{APP_ID}.desktop"
        if f"Exec={gui}" not in entry.read_text(encoding="utf-8"):
            raise ReleaseError(f"{entry} does not start {gui}")
        if shutil.which("desktop-file-validate"):
            run(["desktop-file-validate", entry])
        printed["uninstall-desktop"] = run([tablee, "--uninstall-desktop"], cwd=outside, env=env)
        if entry.exists():
            raise ReleaseError("--uninstall-desktop left the desktop entry")
    return printed


# ---------------------------------------------------------------- the standalone program
def system_name() -> str:
    """`linux-x86_64`, `windows-amd64`, `macos-arm64`: which build a zip holds."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def build_standalone(work: Path) -> Path:
    """PyInstaller on build_exe.spec: the folder (Tablee.app on macOS), after its own smoke test."""
    dist = work / "dist"
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", dist,
         "--workpath", work / "build", SPEC], timeout=1800)
    folder = dist / APP_NAME
    cli = folder / f"tablee-cli{EXE}"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "TABLEE_"))}
    env.update(TABLEE_HOME=str(work / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    answer = run([cli, "--version"], cwd=work, env=env).strip()
    if answer != f"tablee {VERSION}":
        raise ReleaseError(f"the standalone tablee-cli says '{answer}', not 'tablee {VERSION}'")
    run([cli, "validate"], cwd=work, env=env)
    if sys.platform == "darwin":
        return dist / f"{APP_NAME}.app"
    return folder


def zip_standalone(program: Path, target: Path) -> Path:
    """A zip of the standalone `program` (its folder, or the .app) under one top folder
    Tablee-X.Y.Z/, with the licence and the credits beside it; executable bits kept."""
    top = f"{APP_NAME}-{VERSION}"
    extras = {ROOT / "LICENSE": "LICENSE.txt", ROOT / "assets" / "CREDITS.md": "CREDITS.md"}
    if sys.platform == "darwin" and shutil.which("ditto"):
        # ditto keeps the bundle's symbolic links and signatures, which zipfile cannot.
        with tempfile.TemporaryDirectory() as scratch:
            staged = Path(scratch) / top
            staged.mkdir()
            run(["ditto", program, staged / program.name])
            for source, name in extras.items():
                shutil.copy2(source, staged / name)
            run(["ditto", "-c", "-k", "--keepParent", staged, target])
        return target
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(program.rglob("*")):
            if path.is_file():
                archive.write(path, f"{top}/{program.name}/{path.relative_to(program).as_posix()}")
        for source, name in extras.items():
            archive.write(source, f"{top}/{name}")
    return target


def write_checksums(files: list[Path], target: Path) -> Path:
    """SHA256SUMS in the format of `sha256sum` (two spaces, then the file name)."""
    lines = []
    for path in files:
        digest = hashlib.sha256()
        with path.open("rb") as handle:
            for block in iter(lambda h=handle: h.read(1 << 20), b""):
                digest.update(block)
        lines.append(f"{digest.hexdigest()}  {path.name}\n")
    target.write_text("".join(lines), encoding="utf-8", newline="\n")
    return target


def release(out: Path, offline: bool, standalone: bool) -> list[Path]:
    """Every step of the module docstring; the files made, SHA256SUMS last."""
    check_version()
    say(f"version {VERSION}: CHANGELOG.md and the metainfo agree")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="tablee-release-") as scratch_name:
        scratch = Path(scratch_name)
        sdist, wheel = build_distributions(stage_sources(scratch / "src"), out)
        say(f"built {sdist.name} and {wheel.name} (from the sdist), no warning")
        printed = smoke_test(sdist, scratch / "smoke", offline)
        say(f"the sdist installs into a fresh environment and runs: {printed['version']}; {printed['validate']}")
        made = [sdist, wheel]
        if standalone:
            program = build_standalone(scratch / "standalone")
            say(f"built the standalone {program.name} ({sum(p.stat().st_size for p in program.rglob('*') if p.is_file()) // 2**20} MB)"
                + (" (the .app is not tried on a Mac by the project yet)" if program.suffix == ".app" else ""))
            made.append(zip_standalone(program, out / f"{APP_NAME}-{VERSION}-{system_name()}.zip"))
            say(f"zipped it: {made[-1].name} ({made[-1].stat().st_size // 2**20} MB)")
    sums = write_checksums(made, out / "SHA256SUMS")
    say(f"done: {', '.join(p.name for p in made)} and {sums.name} in {out}")
    return [*made, sums]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="release.py", description="Make a release of Tablée (docs/packaging.md).")
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "release", help="where the files go (emptied first)")
    parser.add_argument("--offline", action="store_true", help="take the fresh environment's dependencies from this one")
    parser.add_argument("--skip-standalone", action="store_true", help="only the sdist and the wheel")
    parser.add_argument("--cut", metavar="X.Y.Z", help="start a new version (see above) instead of building")
    args = parser.parse_args(argv)
    try:
        if args.cut:
            cut(args.cut)
        else:
            release(args.out.resolve(), args.offline, not args.skip_standalone)
    except ReleaseError as exc:
        print(f"release: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
