"""The standalone folder built from build_exe.spec runs the same commands as main.py.

Builds once per test session into a temporary folder (about ten seconds on the 2-core machine),
then smoke-tests the frozen programs without a display.
"""

from __future__ import annotations

import importlib.util
import json
import os
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.version import VERSION

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "Tablee"
CLI_NAME = "tablee-cli"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""

pytestmark = pytest.mark.slow


def load_release():
    spec = importlib.util.spec_from_file_location("tablee_release", ROOT / ".ci" / "release.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/Tablee/ built from the spec outside the repository, as the release script builds it
    (which also asks the frozen tablee-cli its version and to validate)."""
    release = load_release()
    if sys.platform == "darwin":
        pytest.skip("the macOS build is an .app bundle, not tried by the project yet")
    try:
        folder = release.build_standalone(tmp_path_factory.mktemp("exe"))
    except release.ReleaseError as exc:
        pytest.fail(str(exc))
    assert folder.is_dir()
    return folder


@pytest.fixture()
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def frozen_env(home: Path) -> dict[str, str]:
    """This environment without Python's own variables, headless, user folders in `home`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "TABLEE_"))
    }
    env.update(TABLEE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    home.mkdir(parents=True, exist_ok=True)
    return env


def run(bundle: Path, home: Path, *args: str, program: str = CLI_NAME) -> subprocess.CompletedProcess[str]:
    """Run a frozen program from an unrelated folder."""
    return subprocess.run(
        [str(bundle / f"{program}{EXE_SUFFIX}"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=home,
        env=frozen_env(home),
    )


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*")}


def test_both_programs_print_the_version(bundle: Path, home: Path) -> None:
    expected = f"tablee {VERSION}"
    for program in (CLI_NAME, APP_NAME):
        done = run(bundle, home, "--version", program=program)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected


def test_frozen_simulate_matches_the_source_run(bundle: Path, home: Path) -> None:
    args = ["simulate", "jagdfieber", "--games", "2", "--json"]
    done = run(bundle, home, *args)
    assert done.returncode == 0, done.stderr
    frozen = json.loads(done.stdout.strip().splitlines()[-1])
    assert frozen["game"] == "jagdfieber"
    assert frozen["games"] == 2
    players = frozen["players"]
    assert len(frozen["wins"]) == players
    assert len(frozen["mean_scores"]) == players
    assert sum(frozen["wins"]) >= 2  # every game has at least one winner

    source = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert source.returncode == 0, source.stderr
    expected = json.loads(source.stdout.strip().splitlines()[-1])
    for timing in ("seconds", "seconds_per_decision"):
        frozen.pop(timing)
        expected.pop(timing)
    assert frozen == expected  # same seeds, same games: the frozen engine is the same engine


@pytest.mark.skipif(sys.platform == "win32", reason="stopped with SIGINT")
def test_frozen_serve_answers_a_client_and_advertises(bundle: Path, home: Path) -> None:
    """The network libraries are in the bundle: the frozen host answers a client of the source
    tree (websockets), and advertises without a missing module (zeroconf: a failure is printed
    as a note when the host stops)."""
    import signal

    from game.net.client import fetch_lobby

    host = subprocess.Popen(
        [str(bundle / f"{CLI_NAME}{EXE_SUFFIX}"), "serve", "fish_fish", "--players", "3", "--port", "0",
         "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=home, env=frozen_env(home),
    )
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(3)]
        port = int(lines[0].split(" port ")[1])
        code = lines[2].split("join code: ")[1].split()[0]
        lobby = fetch_lobby("127.0.0.1", port, code, timeout=30.0)
        assert lobby["game"] == "fish_fish" and [s["state"] for s in lobby["seats"]] == ["open"] * 3
        time.sleep(1.0)  # the advertisement goes out meanwhile
        host.send_signal(signal.SIGINT)
        out, err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert host.returncode == 0, out + err
    assert "stopped (resume with: serve --resume)" in out
    assert "Error" not in out + err, out + err


def test_frozen_validate_checks_the_bundled_data(bundle: Path, home: Path) -> None:
    """The bundle finds its games as a source tree does (their packages, in the archive), and
    checks each one's data and the common texts."""
    done = run(bundle, home, "validate")
    assert done.returncode == 0, done.stdout + done.stderr
    games = len(list((ROOT / "game" / "games").glob("*/__init__.py")))
    languages = len(list((ROOT / "assets" / "locale").glob("*/language.yaml")))
    assert done.stdout.startswith(f"ok: {games + 1 + languages} data file(s) valid")  # and common.yaml
    assert "lesson(s) replayed" in done.stdout  # the bundled lessons


def test_frozen_validate_reports_a_broken_file_with_its_line(bundle: Path, home: Path) -> None:
    broken = home / "broken.yaml"
    home.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "game" / "data" / "jagdfieber.yaml").read_text(encoding="utf-8")
    broken.write_text(text.replace("players:", "playres:", 1), encoding="utf-8")
    done = run(bundle, home, "validate", str(broken))
    assert done.returncode == 1
    assert f"{broken}:" in done.stdout
    assert "players" in done.stdout


def test_bad_command_is_refused_clearly(bundle: Path, home: Path) -> None:
    done = run(bundle, home, "simulate", "no_such_game")
    assert done.returncode == 1
    assert "unknown game 'no_such_game'" in done.stderr
    assert "Traceback" not in done.stderr


def test_frozen_replay_checks_a_record_written_by_simulate(bundle: Path, home: Path) -> None:
    records = home / "records"
    done = run(bundle, home, "simulate", "jagdfieber", "--games", "1", "--save-dir", str(records), "--json")
    assert done.returncode == 0, done.stderr
    played = json.loads(done.stdout.strip().splitlines()[-1])
    (record,) = records.glob("*.json")
    done = run(bundle, home, "replay", str(record), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["over"] is True
    assert summary["scores"] == played["mean_scores"]  # one game: its scores are the means
    assert [int(seat in summary["winners"]) for seat in range(played["players"])] == played["wins"]


def test_frozen_demo_draws_the_table_with_the_bundled_art(bundle: Path, home: Path) -> None:
    shot = home / "table.png"
    done = run(bundle, home, "demo", "jagdfieber", "--frames", "30", "--headless", "--screenshot", str(shot))
    assert done.returncode == 0, done.stdout + done.stderr
    header = shot.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (1280, 720)


def test_frozen_game_opens_its_window_and_keeps_running(bundle: Path, home: Path) -> None:
    """No command: the game starts on the main menu (here under SDL's dummy driver) and waits."""
    game = subprocess.Popen(
        [str(bundle / f"{APP_NAME}{EXE_SUFFIX}")],
        cwd=home, env=frozen_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        code = game.wait(timeout=5)  # a missing module or file would end it with a traceback
    except subprocess.TimeoutExpired:
        code = None
    finally:
        game.kill()
        _out, err = game.communicate(timeout=30)
    assert code is None, f"the game ended at once (exit {code}):\n{err}"
    assert "Traceback" not in err


def test_bundle_holds_the_game_files_and_nothing_of_the_test_tools(bundle: Path) -> None:
    internal = bundle / "_internal"
    for yaml_file in (ROOT / "game" / "data").glob("*.yaml"):
        assert (internal / "game" / "data" / yaml_file.name).is_file()
    for lesson in (ROOT / "game" / "games").glob("*/lesson.yaml"):  # each beside its game (its declaration's lesson_path)
        assert (internal / lesson.relative_to(ROOT)).is_file(), lesson
    for asset in (ROOT / "assets").rglob("*"):
        if asset.is_file():
            assert (internal / "assets" / asset.relative_to(ROOT / "assets")).is_file(), asset
    names = {p.name for p in internal.rglob("*")}
    for unwanted in ("tkinter", "_pytest", "pytest", "hypothesis", "numpy"):
        assert unwanted not in names


def test_commands_write_nothing_into_the_program_folder(bundle: Path, home: Path) -> None:
    before = snapshot(bundle)
    commands = (
        ["validate"],
        ["simulate", "jagdfieber", "--games", "1"],
        ["demo", "jagdfieber", "--frames", "5", "--headless"],
        ["--version"],
    )
    for args in commands:
        assert run(bundle, home, *args).returncode == 0
    assert snapshot(bundle) == before


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the freedesktop.org files are for Linux")
def test_the_folder_carries_the_desktop_files_and_installs_them(bundle: Path, home: Path, tmp_path: Path) -> None:
    from game.desktop import APP_ID, shipped_files

    for source, place in shipped_files():
        copy = bundle / "share" / Path(*place.parts)
        assert copy.is_file(), place
        if place.suffix != ".desktop":
            assert copy.read_bytes() == source.read_bytes()
    assert "Exec=Tablee\n" in (bundle / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    data = tmp_path / "share"
    env = {**frozen_env(home), "XDG_DATA_HOME": str(data)}
    done = subprocess.run([str(bundle / CLI_NAME), "--install-desktop"], capture_output=True, text=True, timeout=120, cwd=home, env=env)
    assert done.returncode == 0, done.stderr
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"Exec={bundle.resolve() / APP_NAME}\n" in entry  # the windowed program, by its full path
    assert (data / "icons" / "hicolor" / "512x512" / "apps" / f"{APP_ID}.png").is_file()
    done = subprocess.run([str(bundle / CLI_NAME), "--uninstall-desktop"], capture_output=True, text=True, timeout=120, cwd=home, env=env)
    assert done.returncode == 0 and not (data / "applications" / f"{APP_ID}.desktop").exists()
