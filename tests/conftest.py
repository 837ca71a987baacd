"""Shared pytest options, and the games written only for the tests.

The packages under tests/games/ are games like the shipped ones (their own package, data and
layout), never shipped: the registry finds them because this file names their folder in
TABLEE_GAME_PACKAGES (game/engine/registry.py). Set before any test imports the registry, and
in the environment, so the bots' worker processes and the commands a test runs find them too.
"""

from __future__ import annotations

import os

import pytest

TEST_GAMES = "tests.games"
os.environ["TABLEE_GAME_PACKAGES"] = ",".join(dict.fromkeys(
    [*filter(None, os.environ.get("TABLEE_GAME_PACKAGES", "").split(",")), TEST_GAMES]))
# SDL (pygame's display) would turn SIGTERM into a quit event that no test reads, so the suite
# ignored `kill` and a CI time limit: the signal keeps its default meaning (stop).
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/ from the current engine (on purpose only; say why in the commit)",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "real_autosave_timing: the table's autosave hold keeps the disk's real timing"
    )


@pytest.fixture(autouse=True)
def autosave_settles_before_bots_move(request, monkeypatch):
    """A bot move waits while the previous move's autosave is on its way to disk (one write per
    move). In tests that wait becomes a flush, so a test's frames never depend on how fast a
    loaded machine's disk is; tests of the hold itself opt out with `real_autosave_timing`."""
    if request.node.get_closest_marker("real_autosave_timing"):
        return
    from game import records

    real_writing = records.MatchRecorder.writing

    def settled_writing(self):
        if self.writer is not None:
            self.writer.flush(timeout=60.0)
        return real_writing(self)

    monkeypatch.setattr(records.MatchRecorder, "writing", settled_writing)


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory, monkeypatch):
    """Every test writes its settings, saves, logs and records under a TABLEE_HOME of its own
    (and so do the commands and bots' processes it starts), never in the folders of the person
    running the suite; a test of the platform's folders unsets it."""
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def bots_end_with_their_test():
    """A test whose last screen is a table (its point is what that table shows) leaves its
    match open: its bots' process is ended with the test, not left running into the next tests
    of the same worker (which count processes, or share its two cores)."""
    yield
    from game import botworker

    botworker.close_all()


@pytest.fixture(autouse=True)
def french_system_locale(monkeypatch):
    """The app's first language follows the system's locale (scenes/i18n.py): tests run as on a
    French system, whatever the machine running them; tests of the choice set their own."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
