"""Learning a game: the "Learn to play" screen, opening a lesson, and the lesson offered the
first time a player starts a game they have never played.

"Never played" is the statistics' count of finished matches of that game with a human seat
(`played_count`: the one place that asks it), and the offer is made once per game (and never
after its lesson was played to the end): the settings remember both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import languages
from game.engine import registry
from game.engine.schema import DataError
from game.lesson import has_lesson, load_lesson
from scenes.base import Scene
from scenes.table.lesson import LESSONS_DONE, LessonTable
from scenes.ui import theme
from scenes.ui.dialog import PanelDialog
from scenes.ui.text import draw_text, wrap_text
from scenes.ui.widgets import Button, Form, Row, game_name

LESSONS_OFFERED = "lessons_offered"  # app.settings.extra: games whose lesson was offered on a first match


def played_count(game_id: str) -> int:
    """Finished matches of `game_id` the player has played (the statistics' public count)."""
    from game import records

    stats = records.Statistics.load(records.RecordStore().root)
    found = stats.games.get(game_id)
    return found.played if found is not None else 0


def lesson_minutes(game_id: str) -> dict[str, int] | None:
    """About how long the lesson takes a first-time player in each language
    (Lesson.estimated_minutes), or None when the game has no (usable) lesson."""
    if not has_lesson(game_id):
        return None
    try:
        lesson = load_lesson(game_id, check=False)
    except DataError:
        return None
    return {lang: max(1, round(lesson.estimated_minutes(lang))) for lang in languages.shipped_codes()}


def open_lesson(app: Any, game_id: str) -> bool:
    """Open the lesson of `game_id` at the table; a lesson that cannot be opened (a damaged
    file, a script the rules refuse) is said in a banner and nothing else changes."""
    rules = registry.load(game_id)
    try:
        lesson = load_lesson(game_id)
    except DataError as exc:
        first = str(exc.problems[0]) if exc.problems else str(exc)
        app.notify(app.tr("learn.broken", game=rules.name(app.settings.language), problem=first), seconds=12, error=True)
        return False
    app.push(LessonTable(app, lesson))
    return True


def should_offer(app: Any, game_id: str, humans: int) -> bool:
    """Whether starting a match of `game_id` offers its lesson first: a person plays, the game
    has a lesson, it was never offered nor played to its end, and no match of it was finished."""
    extra = app.settings.extra
    if humans < 1 or not has_lesson(game_id):
        return False
    if game_id in (extra.get(LESSONS_OFFERED) or []) or game_id in (extra.get(LESSONS_DONE) or []):
        return False
    return played_count(game_id) == 0


class LearnScene(Scene):
    """Every game, its lesson (with its length, and whether it was played to its end) or why it
    has none; arrows/Tab and Enter, or the mouse; Escape goes back."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        tr = app.tr
        rows = []
        self.buttons: dict[str, Button] = {}
        for entry in registry.available():
            if entry.rules is None:
                continue
            game_id, rules = entry.game_id, entry.rules
            button = self._button(game_id, lesson_minutes(game_id))
            self.buttons[game_id] = button
            rows.append(Row(game_name(self.app, rules), [button], [1.0]))
        self.back_button = Button(lambda: tr("common.back"), app.pop)
        rows.append(Row(None, [self.back_button]))
        self.form = Form(app, rows, label_ratio=0.4)
        first = next((b for b in self.buttons.values() if b.enabled), self.back_button)
        self.form.focus = first

    def _button(self, game_id: str, minutes: dict[str, int] | None) -> Button:
        """A game's button: its lesson (how long in each language, done or not), or why it has none."""
        tr = self.app.tr
        usable = minutes is not None

        def start() -> None:
            open_lesson(self.app, game_id)

        button = Button(lambda: self._label(game_id, minutes.get(self.app.settings.language) if minutes else None), start,
                        tooltip=(lambda: tr("learn.none_tip")) if not usable else None)
        button.enabled = usable
        return button

    def _label(self, game_id: str, minutes: int | None) -> str:
        tr = self.app.tr
        if minutes is None:
            return tr("learn.none")
        done = game_id in (self.app.settings.extra.get(LESSONS_DONE) or [])
        return f"{tr('learn.start')} · {tr('learn.minutes', minutes=minutes)}" + (f" · {tr('learn.done')}" if done else "")

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(820), w - px(40))
        top = px(150)
        self.form.layout(pygame.Rect((w - width) // 2, top, width, h - top - px(50)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        draw_text(surface, app.font(px(theme.HEADING_SIZE * 1.3), bold=True), app.tr("learn.title"), theme.ACCENT, (w // 2, px(44)), "center")
        font = app.font(app.tx(theme.SMALL_SIZE))
        y = px(80)
        for line in wrap_text(font, app.tr("learn.intro"), min(px(820), w - px(40)))[:3]:
            draw_text(surface, font, line, theme.TEXT_DIM, (w // 2, y), "midtop")
            y += font.get_linesize()
        self.form.draw(surface)
        tip = self.form.tooltip()
        if tip:
            y = self.form.area.y + min(self.form.content_height, self.form.area.h) + px(14)
            for line in wrap_text(font, tip, min(px(820), w - px(40)))[:3]:
                draw_text(surface, font, line, theme.TEXT_DIM, (w // 2, y), "midtop")
                y += font.get_linesize()


class LessonOfferScene(PanelDialog):
    """Over the setup screen: the lesson of a game never played, or the match as chosen.
    Escape goes back to the setup (nothing starts)."""

    width = 620

    def __init__(self, app: Any, game_id: str, play: Callable[[], None]) -> None:
        tr = app.tr
        self.game_id = game_id
        self.play = play
        offered = app.settings.extra.setdefault(LESSONS_OFFERED, [])
        if game_id not in offered:  # asked once: a "no" is not asked again
            offered.append(game_id)
            app.save_settings()
        self.take_button = Button(lambda: tr("learn.offer_take"), self.take, primary=True)
        self.play_button = Button(lambda: tr("learn.offer_play"), self.play_now)
        super().__init__(app, [self.take_button, self.play_button])

    def _name(self) -> str:
        return registry.load(self.game_id).name(self.app.settings.language)

    def title(self) -> str:
        return self.app.tr("learn.offer_title", game=self._name())

    def text(self) -> str:
        return self.app.tr("learn.offer_text", game=self._name(), minutes=(lesson_minutes(self.game_id) or {}).get(self.app.settings.language, 6))

    def take(self) -> None:
        self.app.pop()
        open_lesson(self.app, self.game_id)

    def play_now(self) -> None:
        self.app.pop()
        self.play()
