"""The settings screen. Every change applies at once and is saved (no "apply" step to forget)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game import languages
from scenes.base import Scene
from scenes.i18n import LANGUAGES
from scenes.settings_store import ANIMATION_SPEEDS, CONFIRM_MODES, TEXT_SIZES, WINDOW_SIZES
from scenes.ui import theme
from scenes.ui.text import draw_text, wrap_text
from scenes.ui.widgets import Button, Choice, Form, Row, Toggle, fixed


def _speed_text(speed: float) -> str:
    return f"{speed:g}"


class SettingsScene(Scene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        tr, s = app.tr, app.settings
        # Each language by its own name ("Français", "English"), as language pickers show them.
        self.language = Choice([(lang, fixed(languages.get(lang).name)) for lang in LANGUAGES], s.language, self._language)
        speeds = sorted({*ANIMATION_SPEEDS, s.animation_speed})
        self.speed = Choice(
            [(v, partial(tr, "settings.speed_value", speed=_speed_text(v))) for v in speeds], s.animation_speed, self._speed
        )
        self.sound = Toggle(app, s.sound, self._sound)
        text_sizes = sorted({*TEXT_SIZES, s.text_size})
        self.text_size = Choice(
            [(v, partial(tr, "settings.text_size_value", percent=round(v * 100))) for v in text_sizes], s.text_size, self._text_size
        )
        self.reduced_motion = Toggle(app, s.reduced_motion, self._reduced_motion)
        self.confirm_moves = Choice([(m, partial(tr, f"settings.confirm_moves.{m}")) for m in CONFIRM_MODES],
                                    s.confirm_moves, self._confirm_moves, tooltip=partial(tr, "settings.confirm_moves_tip"))
        sizes = list(WINDOW_SIZES)
        if tuple(s.window_size) not in sizes:
            sizes.append(tuple(s.window_size))
            sizes.sort()
        self.window = Choice([(size, fixed(f"{size[0]} × {size[1]}")) for size in sizes], tuple(s.window_size), self._window)
        self.fullscreen = Toggle(app, s.fullscreen, self._fullscreen)
        self.back = Button(lambda: tr("common.back"), app.pop)
        self.form = Form(
            app,
            [
                Row(lambda: tr("settings.language"), [self.language]),
                Row(lambda: tr("settings.animation_speed"), [self.speed]),
                Row(lambda: tr("settings.sound"), [self.sound]),
                Row(lambda: tr("settings.window_size"), [self.window]),
                Row(lambda: tr("settings.fullscreen"), [self.fullscreen]),
                Row(lambda: tr("settings.text_size"), [self.text_size]),
                Row(lambda: tr("settings.reduced_motion"), [self.reduced_motion]),
                Row(lambda: tr("settings.confirm_moves"), [self.confirm_moves]),
                Row(None, [self.back]),
            ],
            label_ratio=0.45,
        )
        self.form.focus = self.language

    # Each change is applied, then saved.
    def _language(self, lang: str) -> None:
        self.app.set_language(lang)
        self.app.save_settings()

    def _speed(self, speed: float) -> None:
        self.app.settings.animation_speed = speed
        self.app.save_settings()

    def _text_size(self, size: float) -> None:
        """The reading text grows or shrinks now: every screen lays itself out again (the log
        and the captions wrap their lines anew)."""
        self.app.settings.text_size = size
        self.app.relayout()
        self.app.save_settings()

    def _reduced_motion(self, on: bool) -> None:
        self.app.settings.reduced_motion = on
        self.app.save_settings()

    def _confirm_moves(self, mode: str) -> None:
        self.app.settings.confirm_moves = mode
        self.app.save_settings()

    def _sound(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.save_settings()
        self.app.play_sound("score")

    def _window(self, size: tuple[int, int]) -> None:
        self.app.settings.window_size = size
        if not self.app.settings.fullscreen:
            self.app.apply_window()
        self.app.save_settings()

    def _fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self.app.apply_window()
        self.app.save_settings()

    def resume(self) -> None:
        self.fullscreen.set_value(self.app.settings.fullscreen)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(760), w - px(60))
        self.fullscreen.index = int(self.app.settings.fullscreen)
        self.form.layout(pygame.Rect((w - width) // 2, px(120), width, h - px(120) - px(70)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        draw_text(surface, app.font(px(theme.HEADING_SIZE * 1.3), bold=True), app.tr("settings.title"), theme.ACCENT, (w // 2, px(60)), "center")
        self.form.draw(surface)
        tip = self.form.tooltip()  # what the focused setting does ("Confirm my moves")
        if tip:
            font = app.font(px(theme.SMALL_SIZE))
            lines = wrap_text(font, tip, w - px(60))[:3]
            y = h - px(12) - len(lines) * font.get_linesize()
            for line in lines:
                draw_text(surface, font, line, theme.TEXT_DIM, (w // 2, y), "midtop")
                y += font.get_linesize()
        elif not app.sounds.available:
            font = app.font(px(theme.SMALL_SIZE))
            y = h - px(56)
            for line in wrap_text(font, app.tr("settings.no_audio"), w - px(60)):
                draw_text(surface, font, line, theme.TEXT_DIM, (w // 2, y), "midtop")
                y += font.get_linesize()
