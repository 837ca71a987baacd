"""The pause menu over the table: resume, the rules, the settings, or save and quit to the menu.

The match is autosaved after every action, so "Save and quit" only flushes the last save and
closes the table; "Continue" on the main menu brings it back. While the pause menu is open the
table below receives no input and no update: bots and animations wait.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.base import Scene
from scenes.ui import theme
from scenes.ui.text import draw_text
from scenes.ui.widgets import Button, Form, Row


class PauseScene(Scene):
    """Opened by the table's "Menu" button or Escape; Escape (or "Resume") closes it."""

    opaque = False

    def __init__(self, app: Any, game_id: str) -> None:
        super().__init__(app)
        tr = app.tr
        self.game_id = game_id
        self.resume_button = Button(lambda: tr("pause.resume"), app.pop, primary=True)
        self.rules_button = Button(lambda: tr("menu.rules"), lambda: app.push(app.scene("rules", game_id=game_id)))
        self.settings_button = Button(lambda: tr("menu.settings"), lambda: app.push(app.scene("settings")))
        self.quit_button = Button(lambda: tr("pause.save_quit"), self.save_and_quit)
        buttons = [self.resume_button, self.rules_button, self.settings_button, self.quit_button]
        self.form = Form(app, [Row(None, [b]) for b in buttons])
        self.form.focus = self.resume_button
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._shade: pygame.Surface | None = None

    def save_and_quit(self) -> None:
        """Back to the main menu; the table's exit flushes the autosave and stops the bots."""
        self.app.main_menu()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(620), w - px(40))  # "Enregistrer et quitter vers le menu" uncut
        rows = len(self.form.widgets())
        height = px(80) + rows * (px(theme.ROW_HEIGHT) + px(12)) + px(20)
        self.panel = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self.form.layout(pygame.Rect(self.panel.x + px(30), self.panel.y + px(76), width - px(60), height - px(90)))
        self._shade = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        self.form.handle(event)
        return True  # nothing reaches the table below

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 160))
        surface.blit(self._shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=px(theme.RADIUS))
        pygame.draw.rect(surface, theme.PANEL_BORDER, self.panel, max(1, px(2)), border_radius=px(theme.RADIUS))
        font = app.font(px(theme.HEADING_SIZE), bold=True)
        draw_text(surface, font, app.tr("pause.title"), theme.ACCENT, (self.panel.centerx, self.panel.y + px(20)), "midtop")
        self.form.draw(surface)
