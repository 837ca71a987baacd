"""Static checks run with the suite, so CI fails on a type error or a lint error in game/.

mypy has already found real crashes here (a log note without a text, Silver's amulet
overwriting the engine's protection map); keeping it at zero errors keeps it useful. Both
tools come with the dev extra (pip install -e '.[dev]'), like pytest itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_mypy_finds_no_error_in_game() -> None:
    result = _run("mypy", "game")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_no_lint_error() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
