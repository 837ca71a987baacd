"""A long evening of play in one window: every match's bots' process ends with it, whichever
way the match is left, and nothing else piles up (memory, open files); SIGTERM stops the app
(saved) and the test suite."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.match import Match
from tests.table_helpers import make_app

ROOT = Path(__file__).resolve().parents[1]
LINUX = sys.platform.startswith("linux")


@pytest.mark.skipif(not LINUX, reason="counts open files and memory from /proc")
def test_many_matches_in_one_window_leave_no_process_nor_memory_behind(tmp_path: Path, monkeypatch) -> None:
    """Match over, rematch, back to the menu (from the results and mid-match), a new game over
    an unfinished one, and the window closing: at most one bots' process at any time, none
    once no table is open, the matches themselves freed, open files and memory flat."""
    from scenes.bench_evening import bot_children, evening, play_a_while
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    app.settings.reduced_motion = True
    rows: list[dict] = []
    warm = evening(app, 2, ("wolf_and_hound",))  # fonts, card pictures and the like load once
    result = evening(app, 8, ("wolf_and_hound",), on_match=rows.append)
    assert warm["most_children"] <= 1 and result["most_children"] <= 1
    assert [row["children"] for row in rows] == [0] * 8, "the menu keeps no bots' process"
    assert result["matches_made"] >= 12 and result["matches_alive"] == 0, "every match left is freed"
    files = [row["open_files"] for row in rows]
    assert max(files) <= result["before"]["open_files"] + 2, f"open files grow: {files}"
    assert result["after"]["rss_mb"] - result["before"]["rss_mb"] < 25, f"memory grows: {rows}"
    config = bots_config(99)
    app.clear_to(TableScene(app, config, Match(config, think_seconds=0.0)))
    play_a_while(app)
    assert bot_children() == 1
    app.stack.close()  # the window closes with a match under way
    assert bot_children() == 0


def bots_config(seed: int):
    from scenes.bench_evening import bots_config

    return bots_config("wolf_and_hound", seed)


def test_a_finished_match_ends_its_bots_process_and_an_undo_after_the_end_starts_one() -> None:
    from scenes.bench_evening import bot_children

    match = Match(bots_config(4), think_seconds=0.0)
    deadline = time.monotonic() + 60
    while not match.is_over() and time.monotonic() < deadline:
        match.run_bots(50)
    assert match.is_over()
    assert match._process is None and bot_children() == 0
    match.reset_to(match.history[:-3])  # an undo across the end: the bots must think again
    assert match._process is not None or match.worker != "process"
    match.close()
    assert bot_children() == 0


SLEEPY_APP = textwrap.dedent("""
    import os, sys, time
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, {root!r})
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
    from scenes import app as app_module
    from scenes.table.scene import TableScene

    real_run = app_module.App.run

    def run(self, max_frames=None):
        seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(f"B{{i}}", BOT, "random") for i in range(2)]
        config = MatchConfig("jagdfieber", seats, seed=5)
        self.clear_to(TableScene(self, config, Match(config, think_seconds=0.0)))
        table = self.stack.top
        seat = table.match.human_to_act()[0]
        table.match.submit(seat, table.match.state.legal_actions(seat)[0])
        print("ready", table.match._process.process.pid, flush=True)
        real_run(self, max_frames)

    if __name__ == "__main__":
        app_module.App.run = run
        sys.exit(app_module.run_app())
""")


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_sigterm_saves_the_match_and_ends_the_app_and_its_bots(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text(SLEEPY_APP.format(root=str(ROOT)), encoding="utf-8")
    env = {**os.environ, "TABLEE_HOME": str(tmp_path / "home"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("SDL_NO_SIGNAL_HANDLERS", None)  # as a player's machine starts the app
    proc = subprocess.Popen([sys.executable, str(script)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout is not None
        ready, bots_pid = proc.stdout.readline().split()
        assert ready == "ready"
        time.sleep(1.0)  # the bots reply; the table shows it
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "Traceback" not in err
    autosaves = list((tmp_path / "home" / "data" / "autosave").glob("*.json"))
    assert len(autosaves) == 1, "the unfinished match is kept for Continue"
    from game.engine.record import read_record

    assert len(read_record(autosaves[0]).actions) >= 1
    assert not list((tmp_path / "home" / "data" / "autosave").glob("*.lock")), "its lock is given back"
    assert not Path(f"/proc/{bots_pid}").exists() or "zombie" in Path(f"/proc/{bots_pid}/status").read_text(), \
        "the bots' process ended with the app"


SLEEPY_TEST = textwrap.dedent("""
    import time

    def test_sleeps_with_a_window():
        from scenes.app import create_app

        create_app(size=(640, 480), headless=True)
        print("ready", flush=True)
        time.sleep(60)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_the_test_suite_stops_on_sigterm_even_with_a_window_open(tmp_path: Path) -> None:
    """A CI time limit (`timeout`) sends SIGTERM: pygame in the test process must not swallow it."""
    test_file = tmp_path / "test_sleepy.py"
    test_file.write_text(SLEEPY_TEST, encoding="utf-8")
    env = {**os.environ, "TABLEE_HOME": str(tmp_path / "home"), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_NO_SIGNAL_HANDLERS", None)  # the suite's conftest must set it itself
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "tests.conftest", "--rootdir", str(tmp_path),
         "-c", os.devnull, str(test_file)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if "ready" in line:
                break
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert time.monotonic() - started < 15
    assert proc.returncode != 0


def test_a_match_a_test_leaves_open_ends_with_that_test(tmp_path: Path) -> None:
    """tests/conftest.py ends the bots' process of a match a test never closed, so the next
    test of the same worker starts with none (the counts above rely on it)."""
    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "test_left_open.py").write_text(textwrap.dedent("""
        import multiprocessing, time
        from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig

        kept = []

        def bots():
            return [p for p in multiprocessing.active_children() if p.name == "tablee-bots"]

        def test_leaves_its_match_open():
            seats = [SeatConfig("Ana", HUMAN), SeatConfig("Bob", BOT), SeatConfig("Cy", BOT)]
            match = Match(MatchConfig("jagdfieber", seats, seed=5), think_seconds=0)
            match.submit(0, "play rabbit")  # the bots' turn: their process starts
            kept.append(match)  # still held after the test: nothing frees it
            assert bots()

        def test_starts_with_no_bots_process():
            assert kept and not bots()
    """), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q", str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "2 passed" in done.stdout, done.stdout + done.stderr
