"""A game's player aid over the table: what each card is worth, what it does and when (the
rulebook's summary cards), from the game's own data through its layout (`Layout.player_aid`).

Opened from the table's HUD button or F2, closed by F2, Escape, Backspace or its button; it
scrolls like the rules screen (wheel, arrows, Page Up/Down, Home/End). It shows no card of any
player, so it may open at any moment of a hot-seat match.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.rules_screen import RulesScene
from scenes.ui.widgets import Button, Form, Row


class PlayerAidScene(RulesScene):
    """The rules screen's document and scrolling, with the aid's text and one close button."""

    keys_text = "table.aid_keys"

    def __init__(self, app: Any, game_id: str, text: str) -> None:
        self.aid_text = text
        super().__init__(app, game_id)
        self.back = Button(lambda: app.tr("table.aid_close"), app.pop, primary=True)
        self.form = Form(app, [Row(None, [self.back])])
        self.form.focus = self.back

    def text(self) -> str | None:
        self.message = None
        return self.aid_text

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return True  # one game's aid: no other game to turn to
        return super().handle(event)
