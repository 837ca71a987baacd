"""A question over the screen (remove this match?): a panel, its text and a form of two buttons
whose safe one the caller gives the focus. Continue and History ask with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.ui import theme
from scenes.ui.text import draw_text, wrap_text
from scenes.ui.widgets import Form


def place_question(app: Any, size: tuple[int, int], form: Form, width: int = 560, height: int = 180) -> pygame.Rect:
    """The panel of the question for a window of `size` (base sizes), its buttons laid out in it."""
    w, h = size
    px = app.px
    pw = min(px(width), w - px(40))
    panel = pygame.Rect((w - pw) // 2, h // 2 - px(height) // 2, pw, px(height))
    form.layout(pygame.Rect(panel.x + px(24), panel.bottom - px(theme.ROW_HEIGHT) - px(20), pw - px(48), px(theme.ROW_HEIGHT)))
    return panel


def handle_question(event: pygame.event.Event, form: Form, cancel: Callable[[], None]) -> bool:
    """While the question is shown it takes every event: Escape is its safe answer."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        cancel()
        return True
    form.handle(event)
    return True


def draw_question(surface: pygame.Surface, app: Any, panel: pygame.Rect, text: str, form: Form, lines: int = 3) -> None:
    """The screen shaded, the panel, the question in at most `lines` lines, its buttons."""
    px = app.px
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, theme.PANEL, panel, border_radius=px(theme.RADIUS))
    pygame.draw.rect(surface, theme.PANEL_BORDER, panel, max(1, px(2)), border_radius=px(theme.RADIUS))
    font = app.font(px(theme.BODY_SIZE))
    y = panel.y + px(18)
    for line in wrap_text(font, text, panel.width - px(48))[:lines]:
        draw_text(surface, font, line, theme.TEXT, (panel.x + px(24), y))
        y += font.get_linesize()
    form.draw(surface)
