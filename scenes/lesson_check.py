"""`tablee lesson GAME [--check] [--lang fr|en]`: open a game's lesson, or play it headless.

With `--check` the lesson is played on the real table under SDL's dummy driver, through the
table's own input path: each step's move is made as a player's hand would make it (the
click, drag or key of scenes/table/gestures.py, or the step's own `input`), each text is moved
on from with Space or Enter, the score sheet that opens by itself is closed with a key. It
fails (exit 1, saying at which step and why) when a move cannot be made that way, a spot
names nothing on the table, the table refuses a move, or the lesson stops moving; it ends
with `lesson GAME: N steps` and exit 0 at the lesson's end. Nothing is written to the
player's folders: the run keeps its files in a temporary folder.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

FRAME = 1 / 60
STEP_FRAMES = 60 * 120  # frames a step may take (two minutes of table time) before the run says it is stuck


class LessonCheckError(Exception):
    """The lesson cannot be played through the table (the message says at which step, why)."""


def scripted_gesture(table: Any, line: str) -> Any:
    """A step's own `input` line as a gesture: click SPOT, drag SPOT SPOT, key NAME, press ACTION."""
    import pygame

    from scenes.table.gestures import CLICK, DRAG, KEY, Gesture
    from scenes.table.spotlight import SpotError, spot_rect

    verb, _, rest = line.partition(" ")
    ctx = table._composer_ctx()
    buttons = [(p.action, r) for p, r in table.composer.presses(ctx)]

    def where(spot: str) -> tuple[int, int]:
        return spot_rect(table.placements, table.view, spot, table.bottom, buttons).center

    try:
        if verb == "click":
            return Gesture(CLICK, where(rest.strip()))
        if verb == "drag":
            start, _, end = rest.strip().partition(" ")
            return Gesture(DRAG, where(start), where(end.strip()))
        if verb == "press":
            return Gesture(CLICK, where(f"button:{rest.strip()}"))
        if verb == "key":
            code = pygame.key.key_code(rest.strip())
            return Gesture(KEY, key=code)
    except (SpotError, ValueError) as exc:
        raise LessonCheckError(f"input '{line}': {exc}") from exc
    raise LessonCheckError(f"input '{line}' is not a gesture (expected click, drag, key or press)")


def play_lesson(app: Any, lesson: Any, shots: Path | None = None, prefix: str = "") -> int:
    """Play `lesson` through a table of `app` to its end; the number of steps played.
    `shots`: a folder where each step's bubble is saved as a picture."""
    from scenes.table.lesson import LessonEndScene, LessonTable

    table = LessonTable(app, lesson, think_seconds=0.0)
    app.push(table)
    driver = LessonDriver(app, table, shots, prefix)
    driver.play()
    if shots is not None:
        import pygame

        for _ in range(3):
            app.step(FRAME, [])
        pygame.image.save(app.screen, str(shots / f"{prefix}{len(lesson.steps) + 1:02d}-end.png"))
    if not isinstance(app.stack.top, LessonEndScene):
        raise LessonCheckError("the lesson ended without its end panel")
    return len(lesson.steps)


class LessonDriver:
    """Plays a lesson table as a learner would (see the module docstring), a frame at a time."""

    def __init__(self, app: Any, table: Any, shots: Path | None = None, prefix: str = "") -> None:
        self.app, self.table, self.shots, self.prefix = app, table, shots, prefix
        self.shot_done: set[tuple[int, str]] = set()

    def play(self, until: Any = None) -> None:
        """Until the lesson's end, or until `until(run)` is true at a step the learner acts on."""
        from game.lesson import END

        run = self.table.run
        last, frames = (-1, ""), 0
        while run.phase != END:
            frames += 1
            if frames > STEP_FRAMES:
                step = run.step
                raise LessonCheckError(f"step {run.index + 1} (line {step.line if step else '?'}) does not move on: it stays in '{run.phase}'")
            if (run.index, run.phase) != last:
                last, frames = (run.index, run.phase), 0
            if self.waiting() and until is not None and until(run):
                return
            self.once(until)

    def waiting(self) -> bool:
        """The table waits for the learner: a text to move on from, or the step's move."""
        from game.lesson import MOVE

        table = self.table
        return self.app.stack.top is table and table.run.step is not None and (
            table.reading() or (table.run.phase == MOVE and table.active_seat() is not None))

    def once(self, until: Any = None) -> None:
        """One frame, and the learner's answer when the table waits for one (none when
        `until(run)` says the caller wants to act there itself)."""
        import pygame

        from game.lesson import READ, THEN
        from scenes.results import ScoreSheetScene
        from scenes.table.gestures import key_event
        from scenes.table.spotlight import SpotError, spot_rect

        app, table = self.app, self.table
        run = table.run
        top = app.stack.top
        if isinstance(top, ScoreSheetScene):  # opened by itself after a scoring: closed as a player would
            app.step(0.3, [])
            app.step(FRAME, [key_event(pygame.K_ESCAPE)])
            return
        if top is not table:
            raise LessonCheckError(f"step {run.index + 1}: the table is covered by {type(top).__name__}")
        app.step(FRAME, [])
        if not self.waiting() or (until is not None and until(run)):
            return
        step = run.step
        ctx = table._composer_ctx()
        buttons = [(p.action, r) for p, r in table.composer.presses(ctx)]
        # After the move what it moved may be gone: only the `then` text's own spots are checked.
        spots = (step.then_point or ()) if run.phase == THEN else step.point
        for spot in spots:
            try:
                spot_rect(table.placements, table.view, spot, table.bottom, buttons)
            except SpotError as exc:
                raise LessonCheckError(f"step {run.index + 1} (line {step.line}): point '{spot}': {exc}") from exc
        if self.shots is not None and (run.index, run.phase) not in self.shot_done:
            self.shot_done.add((run.index, run.phase))
            app.step(FRAME, [])
            pygame.image.save(app.screen, str(self.shots / f"{self.prefix}{run.index + 1:02d}-{run.phase}.png"))
        if run.phase in (READ, THEN):
            app.step(FRAME, [key_event(pygame.K_SPACE if run.index % 2 else pygame.K_RETURN)])
            return
        _make_move(app, table, step)


def _make_move(app: Any, table: Any, step: Any) -> None:
    """The step's move, made by the table's input (its own `input` lines, else the usual way)."""
    from scenes.table.gestures import next_gesture, perform

    run = table.run
    before = table.seats.step()
    lines = list(step.inputs or ())
    for _ in range(24):
        if table.seats.step() > before:
            break
        if lines:
            gesture = scripted_gesture(table, lines.pop(0))
        elif step.inputs:
            break
        else:
            gesture = next_gesture(table, step.move)
            if gesture is None:
                break
        perform(app, gesture)
        for _ in range(2):
            app.step(FRAME, [])
    played = table.seats.match.history[before:] if table.seats.step() > before else []
    if not played:
        errors = [text for text, error, _ in table.captions if error]
        said = f" (the table said: {errors[-1]})" if errors else ""
        how = "its input lines" if step.inputs else "a click, drag or key of the table (give it 'input' lines)"
        raise LessonCheckError(f"step {run.index + 1} (line {step.line}): '{step.move}' was not played by {how}{said}")
    if played[0][1] != " ".join(step.move.lower().split()):
        raise LessonCheckError(f"step {run.index + 1} (line {step.line}): the input played '{played[0][1]}', not '{step.move}'")


def run_lesson_command(game_id: str, check: bool, lang: str | None, size: tuple[int, int] = (1280, 720),
                       shots: Path | None = None) -> int:
    """The `lesson` command (see the module docstring)."""
    from game.cli import fail
    from game.engine import registry
    from game.engine.errors import GameUnavailable
    from game.engine.schema import DataError
    from game.lesson import has_lesson, lesson_path, load_lesson

    try:
        registry.load(game_id)
        if not has_lesson(game_id):
            return fail(f"{game_id} has no lesson yet (expected the file {lesson_path(game_id)}; docs/lessons.md)")
        lesson = load_lesson(game_id)
    except GameUnavailable as exc:
        return fail(str(exc).splitlines()[0])
    except DataError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return fail(f"the lesson of {game_id} is not valid ({len(exc.problems)} problem(s))")
    if not check:
        return _open_window(game_id, lang)
    with tempfile.TemporaryDirectory(prefix="tablee-lesson-") as home:
        previous = os.environ.get("TABLEE_HOME")
        os.environ["TABLEE_HOME"] = home
        try:
            from scenes.app import create_app

            app = create_app(size=size, headless=True)
            if lang is not None:
                app.set_language(lang)
            app.settings.animation_speed = 4.0  # the same animations, played quickly
            try:
                steps = play_lesson(app, lesson, shots)
            except LessonCheckError as exc:
                return fail(f"lesson {game_id}: {exc}")
            written = [p for p in Path(home).rglob("*") if p.is_file() and p.parent.name in ("autosave", "history")]
            if written:
                return fail(f"lesson {game_id}: the lesson wrote match records ({', '.join(p.name for p in written)})")
        finally:
            if previous is None:
                os.environ.pop("TABLEE_HOME", None)
            else:
                os.environ["TABLEE_HOME"] = previous
    print(f"lesson {game_id}: {steps} steps")
    return 0


def _open_window(game_id: str, lang: str | None) -> int:
    """The app on the lesson (leaving it goes to the main menu)."""
    import pygame

    from scenes.app import create_app
    from scenes.lessons import open_lesson

    try:
        app = create_app(size=None)
    except pygame.error as exc:
        print(f"Tablée cannot open a window: {exc}", file=sys.stderr)
        return 1
    if lang is not None:
        app.set_language(lang)
    app.clear_to(app.scene("menu"))
    open_lesson(app, game_id)
    app.run()
    pygame.quit()
    return 0
