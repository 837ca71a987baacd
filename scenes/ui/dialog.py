"""A dialog over the screen below it: a shaded backdrop, a panel with a title, a short text and a
column of buttons (a Form: arrows/Tab and Enter, or the mouse); Escape calls `escape`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from scenes.base import Scene
from scenes.ui import theme
from scenes.ui.text import draw_text, wrap_text
from scenes.ui.widgets import Button, Form, Row


class PanelDialog(Scene):
    """Subclasses give `title()`, `text()` and the buttons; nothing reaches the scene below."""

    opaque = False
    width = 900  # base pixels (at 1280x720), at most the window's width less a margin

    def __init__(self, app: Any, buttons: Sequence[Button]) -> None:
        super().__init__(app)
        self.form = Form(app, [Row(None, [b]) for b in buttons])
        self.form.focus = buttons[0] if buttons else None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._shade: pygame.Surface | None = None

    def title(self) -> str:
        raise NotImplementedError

    def text(self) -> str:
        return ""

    def escape(self) -> None:
        self.app.pop()

    def _body(self) -> pygame.font.Font:
        return self.app.font(self.app.tx(theme.SMALL_SIZE + 1))

    def _lines(self, width: int) -> list[str]:
        return wrap_text(self._body(), self.text(), width) if self.text() else []

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(self.width), w - px(40))
        text_h = len(self._lines(width - px(60))) * self._body().get_linesize()
        rows = len(self.form.widgets())
        height = px(86) + text_h + rows * (px(theme.ROW_HEIGHT) + px(10)) + px(16)
        self.panel = pygame.Rect((w - width) // 2, max(px(10), (h - height) // 2), width, min(height, h - px(20)))
        top = self.panel.y + px(66) + text_h + px(14)  # clear of the text, with the focus ring
        self.form.layout(pygame.Rect(self.panel.x + px(30), top, width - px(60), self.panel.bottom - top - px(6)))
        self._shade = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return True
        self.form.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 160))
        surface.blit(self._shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=px(theme.RADIUS))
        pygame.draw.rect(surface, theme.ACCENT, self.panel, max(1, px(2)), border_radius=px(theme.RADIUS))
        font = app.font(px(theme.HEADING_SIZE), bold=True)
        draw_text(surface, font, self.title(), theme.ACCENT, (self.panel.centerx, self.panel.y + px(18)), "midtop")
        body = self._body()
        y = self.panel.y + px(66)
        for line in self._lines(self.panel.w - px(60)):
            surface.blit(body.render(line, True, theme.TEXT), (self.panel.x + px(30), y))
            y += body.get_linesize()
        self.form.draw(surface)
