"""A crash of the app leaves its traceback in a small rotated log file in the user's log folder,
and the player is told where it is: on stderr, and in a dialog while a window is open."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game import applog

ROOT = Path(__file__).resolve().parent.parent

FORCED = """
import sys
import scenes.app
def crash(self):
    raise RuntimeError("forced crash for the test")
scenes.app.App.run = crash
import main
sys.exit(main.main([]))
"""


def run_forced_crash(home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABLEE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-c", FORCED], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_a_forced_crash_writes_the_traceback_to_the_log(tmp_path: Path) -> None:
    done = run_forced_crash(tmp_path)
    assert done.returncode != 0
    log = tmp_path / "logs" / applog.LOG_NAME
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: forced crash for the test" in text
    assert "Tablée" in text and "starts" in text  # the start line: version, Python, log file
    assert "SDL fell back to its 'dummy' video driver" in text  # no headless flag: a window was wanted
    assert f"the details are in {log}" in done.stderr
    assert "RuntimeError: forced crash for the test" in done.stderr  # the usual traceback still follows


@pytest.fixture()
def logging_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    applog.stop()
    yield tmp_path
    applog.stop()
    applog.set_notifier(None)


def test_the_log_is_small_and_rotated(logging_home: Path) -> None:
    path = applog.start()
    assert path == logging_home / "logs" / applog.LOG_NAME
    for i in range(3000):
        applog.log.info("line %d %s", i, "x" * 200)
    files = sorted(path.parent.iterdir())
    assert [f.name for f in files] == [applog.LOG_NAME, f"{applog.LOG_NAME}.1", f"{applog.LOG_NAME}.2"]
    assert all(f.stat().st_size <= applog.LOG_BYTES for f in files)


def test_the_notifier_gets_the_log_path_and_its_failure_is_logged(logging_home: Path) -> None:
    seen: list[Path | None] = []

    def failing_dialog(path: Path | None) -> None:
        seen.append(path)
        raise RuntimeError("no dialog")

    applog.set_notifier(failing_dialog)
    try:
        raise ValueError("boom")
    except ValueError as exc:
        path = applog.record_crash(type(exc), exc, exc.__traceback__)
    assert seen == [path]
    text = path.read_text(encoding="utf-8")
    assert "ValueError: boom" in text and "the crash dialog failed" in text


def test_an_unwritable_log_folder_never_stops_the_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "logs").write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    applog.stop()
    assert applog.start() is None
    try:
        raise ValueError("boom")
    except ValueError as exc:
        assert applog.record_crash(type(exc), exc, exc.__traceback__) is None


def test_the_crash_dialog_names_the_log_in_the_players_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import pygame

    from scenes.app import create_app

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    app = create_app(headless=True)
    shown: list[tuple] = []
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: shown.append((a, k)))
    app.crash_dialog(tmp_path / "tablee.log")
    assert shown == []  # headless: no one to show it to
    app.headless = False
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    for lang, words in (("fr", "Le détail est écrit dans ce fichier"), ("en", "The details are written in this file")):
        app.translator.set_language(lang)
        shown.clear()
        app.crash_dialog(tmp_path / "tablee.log")
        (args, kwargs), = shown
        assert words in args[1] and str(tmp_path / "tablee.log") in args[1]
        assert kwargs["message_type"] == "error"


def test_the_crash_hook_is_installed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(applog, "_hooked", False)
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)  # restored after the test
    applog.install_crash_hook()
    hook = sys.excepthook
    applog.install_crash_hook()
    assert sys.excepthook is hook is not sys.__excepthook__
