"""kill -9 the app again and again in the middle of lessons, with a real match autosaved beside
them: a lesson writes no record, so the autosaved match stays byte for byte what it was, nothing
enters History, the settings still read, and the next window continues the match and plays the
lesson again from its start to its end."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# A child app: the lesson played as a learner would, one line per step reached (the kill comes
# after a number of them).
CHILD = """
import sys
from game.lesson import load_lesson
from scenes.app import create_app
from scenes.lesson_check import LessonDriver
from scenes.table.lesson import LessonTable

app = create_app(size=(1280, 720), headless=True)
app.settings.animation_speed = 4.0
app.clear_to(app.scene("menu"))
app.push(LessonTable(app, load_lesson(sys.argv[1]), think_seconds=0.0))  # the others answer at once
seen = set()

def until(run):
    if run.index not in seen:
        seen.add(run.index)
        print("step", run.index, flush=True)
    return False

LessonDriver(app, app.stack.top).play(until=until)
print("end", flush=True)
"""


def saved_match(home: Path) -> dict[Path, bytes]:
    """A real match with a move, autosaved in `home` (TABLEE_HOME); the autosave folder's files."""
    from game import records
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig

    match = Match(MatchConfig("silver_amulet", [SeatConfig("Ana", HUMAN), SeatConfig("Bob", BOT)], seed=4), threaded=False)
    recorder = records.attach(match)
    match.submit(0, "peek 1 2")
    recorder.close()
    files = {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and p.parent.name == "autosave"}
    assert files
    return files


@pytest.mark.skipif(os.name != "posix", reason="kill -9")
def test_kill_9_in_mid_lesson_loses_nothing_of_the_autosaved_match(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("TABLEE_HOME", str(home))
    before = saved_match(home)
    env = {**os.environ, "TABLEE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    rng = random.Random(3)
    for game_id in ("silver_amulet", "kill_the_unicorns", "fish_fish"):
        child = subprocess.Popen([sys.executable, "-c", CHILD, game_id], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        kill_at, reached = rng.randint(2, 7), -1
        for line in child.stdout:
            if line.startswith("step"):
                reached = int(line.split()[1])
                if reached >= kill_at:
                    break
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=20)
        child.stdout.close()
        assert child.stderr is not None
        problems = child.stderr.read()
        child.stderr.close()
        assert reached >= kill_at, f"{game_id}: the lesson stopped at step {reached} before the kill: {problems}"
        after = {p: p.read_bytes() for p in home.rglob("*") if p.is_file() and p.parent.name == "autosave"}
        assert after == before, f"{game_id}: the autosaved match changed under a lesson killed at step {reached}"
        assert not [p for p in home.rglob("*") if p.is_file() and p.parent.name == "history"]

    from game.lesson import load_lesson
    from scenes.lesson_check import play_lesson
    from tests.test_app_support import make_app

    app = make_app(monkeypatch, tmp_path)  # the next window: its settings read, the match to continue
    assert app.can_continue()
    lesson = load_lesson("fish_fish")  # the last one killed, played again from its start
    assert play_lesson(app, lesson) == len(lesson.steps)
