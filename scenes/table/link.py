"""A network seat's link to its host: while it is down the table says so and waits.

WHY: a closed laptop lid or a Wi-Fi drop must not end a player's match. The seat source tries to
rejoin in the background (scenes/table/seats.py, with the secret the host gave); meanwhile the
table is dimmed under a banner ("reconnecting… attempt 3") and takes no move. When the host has
not answered for HOST_GONE_SECONDS the banner says the host is gone and offers the main menu
(the host keeps the match: it can resume it and the players rejoin); the attempts go on.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.ui import theme
from scenes.ui.text import draw_text, wrap_text

HOST_GONE_SECONDS = 15.0


class LinkWatch:
    """The scene calls `update()` each frame, `handle(event)` first and `draw(surface)` last."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.down: tuple[str, int, float] | None = None
        self.was_down = False

    def update(self) -> None:
        scene = self.scene
        self.down = None if scene.seats.is_over() else scene.seats.lost()
        if self.down is None and self.was_down:
            scene.say(scene.app.tr("table.reconnected"))
        if (self.down is not None) != self.was_down:
            scene.app.dirty = True
        self.was_down = self.down is not None

    def gone(self) -> bool:
        """The host has not answered for a while: the player may leave for the menu."""
        return self.down is not None and self.scene.seats.clock() - self.down[2] >= HOST_GONE_SECONDS

    def handle(self, event: pygame.event.Event) -> bool:
        """While the link is down no move can be made: keys and clicks wait; once the host is
        gone, Enter, Escape or a click goes to the main menu."""
        if self.down is None:
            return False
        leave = (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        if leave and self.gone():
            self.scene.app.main_menu()
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def draw(self, surface: pygame.Surface) -> None:
        if self.down is None:
            return
        app = self.scene.app
        problem, attempt, _since = self.down
        px = app.px
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        lines = [app.tr("table.reconnecting", problem=problem, attempt=max(1, attempt))]
        if self.gone():
            lines = [app.tr("table.host_gone", problem=problem), app.tr("table.host_gone_menu")]
        font = app.font(px(theme.BODY_SIZE), True)
        width = min(w - px(40), px(760))
        wrapped = [part for line in lines for part in wrap_text(font, line, width - px(32))]
        step = font.get_linesize()
        box = pygame.Rect(0, 0, width, step * len(wrapped) + px(32))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, box, border_radius=px(10))
        pygame.draw.rect(surface, theme.ACCENT, box, px(2), border_radius=px(10))
        for i, line in enumerate(wrapped):
            draw_text(surface, font, line, theme.TEXT, (box.centerx, box.y + px(16) + i * step), "midtop")
