"""The main menu: new game, learn to play, continue, history, rules, settings, about, quit, and the version number."""

from __future__ import annotations

from typing import Any

import pygame

from game.version import version
from scenes.base import Scene
from scenes.ui import theme
from scenes.ui.text import draw_text, wrap_text
from scenes.ui.widgets import Button, Form, Row


class MainMenuScene(Scene):
    """First screen. Escape moves to "Quit" rather than quitting, so a stray key loses nothing."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        tr = app.tr
        self.continue_button = Button(lambda: tr("menu.continue"), self._continue, tooltip=lambda: tr("menu.continue_none"))
        self.quit_button = Button(lambda: tr("menu.quit"), app.quit)
        new_game = Button(lambda: tr("menu.new_game"), lambda: app.push(app.scene("setup")), primary=True)
        learn = Button(lambda: tr("learn.button"), lambda: app.push(app.scene("learn")), tooltip=lambda: tr("learn.intro"))
        lines = [  # History and Rules share a line, and so do About and Quit: nine buttons in the height of seven
            [new_game],
            [self.continue_button],
            [learn],
            [Button(lambda: tr("net.join_button"), lambda: app.push(app.scene("join")))],
            [Button(lambda: tr("records.history"), lambda: app.push(app.scene("history"))),
             Button(lambda: tr("menu.rules"), lambda: app.push(app.scene("rules")))],
            [Button(lambda: tr("menu.settings"), lambda: app.push(app.scene("settings")))],
            [Button(lambda: tr("about.button"), lambda: app.push(app.scene("about"))), self.quit_button],
        ]
        self.form = Form(app, [Row(None, line) for line in lines])
        self.form.focus = new_game
        self._fan: list[pygame.Surface] = []
        self._fan_key = 0
        self._refresh_continue()

    def _refresh_continue(self) -> None:
        available = self.app.can_continue()
        self.continue_button.enabled = available
        self.continue_button.tooltip = None if available else (lambda: self.app.tr("menu.continue_none"))

    def _continue(self) -> None:
        self.app.choose_match()

    def enter(self) -> None:
        self._refresh_continue()

    def resume(self) -> None:
        self._refresh_continue()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(420), w - px(40))
        top = int(h * 0.36)
        self.form.layout(pygame.Rect((w - width) // 2, top, width, h - top - px(60)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.form.set_focus(self.quit_button)
            return True
        return self.form.handle(event)

    def _fan_cards(self) -> list[pygame.Surface]:
        """Three card backs turned for the fan (cached per scale: drawing never rebuilds them)."""
        px = self.app.px
        key = px(100)
        if self._fan_key != key:
            size = (px(70), px(100))
            cards = []
            for angle in (18, -18, 0):  # outer cards first, the middle one on top
                card = pygame.Surface(size, pygame.SRCALPHA)
                rect = card.get_rect()
                pygame.draw.rect(card, theme.TEXT_DIM, rect, border_radius=px(8))
                pygame.draw.rect(card, theme.BUTTON, rect.inflate(-px(6), -px(6)), border_radius=px(6))
                pygame.draw.rect(card, theme.ACCENT, rect.inflate(-px(16), -px(16)), max(1, px(2)), border_radius=px(4))
                cards.append(pygame.transform.rotozoom(card, angle, 1.0))
            self._fan, self._fan_key = cards, key
        return self._fan

    def _draw_fan(self, surface: pygame.Surface, center: tuple[int, int], flip: int) -> None:
        """Three card backs fanned out beside the title (decoration, drawn, no image files)."""
        px = self.app.px
        for card, shift in zip(self._fan_cards(), (-1, 1, 0), strict=True):
            if flip < 0:
                card = pygame.transform.flip(card, True, False)
            at = (center[0] + shift * px(26), center[1] + abs(shift) * px(6))
            surface.blit(card, card.get_rect(center=at))

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        title_w = app.font(px(theme.TITLE_SIZE * 1.5), bold=True).size(app.tr("app.title"))[0]
        for flip in (-1, 1):
            self._draw_fan(surface, (w // 2 + flip * (title_w // 2 + px(90)), int(h * 0.14)), flip)
        draw_text(surface, app.font(px(theme.TITLE_SIZE * 1.5), bold=True), app.tr("app.title"), theme.ACCENT, (w // 2, int(h * 0.14)), "center")
        draw_text(surface, app.font(px(theme.BODY_SIZE)), app.tr("app.tagline"), theme.TEXT_DIM, (w // 2, int(h * 0.25)), "center")
        self.form.draw(surface)
        tip = self.form.tooltip()
        if tip:
            font = app.font(px(theme.SMALL_SIZE))
            y = self.form.area.y + self.form.content_height + px(18)
            for line in wrap_text(font, tip, min(px(520), w - px(40))):
                draw_text(surface, font, line, theme.TEXT_DIM, (w // 2, y), "midtop")
                y += font.get_linesize()
        small = app.font(px(theme.SMALL_SIZE))
        draw_text(surface, small, app.tr("menu.version", version=version()), theme.TEXT_DIM, (w - px(12), h - px(10)), "bottomright")
        draw_text(surface, small, app.tr("menu.keys"), theme.TEXT_DIM, (px(12), h - px(10)), "bottomleft")
