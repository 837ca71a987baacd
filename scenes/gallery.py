"""A game's card gallery: every special card drawn large with its name and what it does.

Opened from the rules screen for games whose table layout exports
`gallery_cards(app, rules, size) -> list[pygame.Surface]` (e.g. Wolf & Hound's animal cards).
The cards come from the layout's own drawing code and the game's YAML texts, so the gallery shows
exactly the cards of the table, in the player's language. Scroll with the wheel, the arrows or
Page Up/Down; Escape goes back.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import registry
from scenes.base import Scene
from scenes.layouts import get_layout, has_layout
from scenes.ui import theme
from scenes.ui.text import draw_text

CARD_W, CARD_H = 210, 320  # base size at 1280x720
STEP = 60


def has_gallery(game_id: str) -> bool:
    """True when the game's table layout can draw a gallery of its cards."""
    return has_layout(game_id) and get_layout(game_id).has_gallery()


class GalleryScene(Scene):
    """A scrollable grid of a game's cards."""

    def __init__(self, app: Any, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules = registry.load(game_id)
        self.layout = get_layout(game_id)
        self.scroll = 0
        self.cards: list[pygame.Surface] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.lang = ""
        self.content_h = 0

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        w, h = size
        self.area = pygame.Rect(px(30), px(80), w - px(60), h - px(80) - px(44))
        self._build()

    def _build(self) -> None:
        px = self.app.px
        self.lang = self.app.settings.language
        self.cards = self.layout.gallery_cards(self.app, self.rules, (px(CARD_W), px(CARD_H)))
        cols = self.columns()
        rows = (len(self.cards) + cols - 1) // cols
        self.content_h = rows * (px(CARD_H) + px(16))
        self._clamp()

    def columns(self) -> int:
        px = self.app.px
        return max(1, (self.area.w + px(16)) // (px(CARD_W) + px(16)))

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.area.h))

    def card_rects(self) -> list[pygame.Rect]:
        """Each card's place on screen (scroll included), centred row by row."""
        px = self.app.px
        cols = self.columns()
        cw, ch, gap = px(CARD_W), px(CARD_H), px(16)
        left = self.area.x + (self.area.w - (cols * (cw + gap) - gap)) // 2
        return [
            pygame.Rect(left + (i % cols) * (cw + gap), self.area.y + (i // cols) * (ch + gap) - self.scroll, cw, ch)
            for i in range(len(self.cards))
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        px = self.app.px
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
                return True
            moves = {pygame.K_UP: -px(STEP), pygame.K_DOWN: px(STEP), pygame.K_LEFT: -px(STEP), pygame.K_RIGHT: px(STEP),
                     pygame.K_PAGEUP: -self.area.h, pygame.K_PAGEDOWN: self.area.h, pygame.K_HOME: -(10**9), pygame.K_END: 10**9}
            if event.key in moves:
                self.scroll += moves[event.key]
                self._clamp()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * px(STEP)
            self._clamp()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        if self.lang != app.settings.language:
            self._build()
        w, h = surface.get_size()
        title = app.tr("gallery.title", game=self.rules.name(app.settings.language))
        draw_text(surface, app.font(px(theme.HEADING_SIZE), bold=True), title, theme.ACCENT, (w // 2, px(40)), "center")
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(px(8), px(8)))
        for card, rect in zip(self.cards, self.card_rects(), strict=True):
            if rect.bottom >= self.area.y and rect.y <= self.area.bottom:
                surface.blit(card, rect)
        surface.set_clip(clip)
        draw_text(surface, app.font(px(theme.SMALL_SIZE)), app.tr("gallery.keys"), theme.TEXT_DIM, (w // 2, h - px(12)), "midbottom")
