"""Hot-seat looks: what a move showed only its player stays on that player's screen until they
end it, and a look a human seat got while someone else was at the screen waits for its turn.

WHY: at a hot-seat table the scene hides a player's cards as soon as they act (the next player
may come to the screen). A move that shows its player a card (a peek, a seer's look, a robber's
new card) would then be hidden before it was ever seen: the player only learnt it from the log,
on their next turn. Which events are such a look is the layout's hook (`Layout.holds_look`,
by default a `CardSeen` by that seat), so every game gets the same behaviour without naming one.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.events import Event, redact
from scenes.ui import theme
from scenes.ui.text import fit_text


class HeldLooks:
    """The scene's hot-seat looks (scenes/table/scene.py calls `on_action`, `holding`, `handle`,
    `given` and draws `button_rect`)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.looking: int | None = None  # the seat reading what its move showed it
        self.told = False  # the caption saying so was shown
        self.waiting: dict[int, list[Event]] = {}  # human seat -> looks it got away from the screen

    def on_action(self, seat: int, events: list[Event]) -> None:
        """Before the scene shows a move's events: the player who made it at the screen keeps
        it while reading what it showed them; another human seat's looks wait for its turn."""
        scene = self.scene
        if not scene.hot_seat:
            return
        at_screen = scene.viewer if scene.viewer is not None else (
            scene.last_at_screen if scene.privacy_for is None else None)
        if seat == at_screen and any(scene.layout.holds_look(e, seat) for e in events):
            self.looking = seat
            scene.viewer = scene.bottom = seat  # the events are told as this player sees them
        for human in scene.seats.local_seats:
            if human != scene.viewer:  # the table does not tell these events as that seat sees them
                looks = [redact(e, human) for e in events if scene.layout.holds_look(e, human)]
                if looks:
                    self.waiting.setdefault(human, []).extend(looks)

    def holding(self, waiting: list[int]) -> bool:
        """Whether the table waits for the looking player to end their look (once the move is
        shown): not when that player acts next anyway (the look stays until their next move)."""
        if self.looking is None:
            return False
        if self.looking in waiting or self.scene.seats.is_over():
            self._forget_hint()
            self.looking = None
            self.told = False
            return False
        if not self.told:  # said once, in the captions: what the table waits for
            self.told = True
            self.scene.say(self.scene.app.tr("table.look_hint", name=self.scene.name(self.looking)))
        return True

    def end(self) -> None:
        """The player has read: their cards are hidden, the table goes on (a pass screen next)."""
        scene = self.scene
        if self.looking is not None:
            scene.layout.end_look(self.looking)
            self._forget_hint()
        self.looking, self.told = None, False
        scene.viewer = None
        scene._sync()

    def _forget_hint(self) -> None:
        """The caption asking the looking player to hide their cards goes with the look: it must
        not stay on the next player's screen."""
        scene = self.scene
        if self.looking is not None:
            hint = scene.app.tr("table.look_hint", name=scene.name(self.looking))
            scene.captions = [c for c in scene.captions if c[0] != hint]

    def given(self, seat: int) -> None:
        """`seat` has come to the screen: the looks it got meanwhile are shown as its own just now
        (the layout keeps them until that player's next move, as for a look at the screen)."""
        view = self.scene.view
        for event in self.waiting.pop(seat, []):
            self.scene.layout.apply_event(view, event)

    def handle(self, event: pygame.event.Event) -> bool:
        """While a player reads their look: Enter, Space or the button ends it; Escape opens the
        pause menu; other keys and clicks do nothing (they must not end the look by accident)."""
        scene = self.scene
        if scene.animator.busy and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return False  # Space skips the move's animation, as always
        if event.type == pygame.KEYDOWN:
            if scene.animator.busy and event.key != pygame.K_ESCAPE:
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.end()
            elif event.key == pygame.K_ESCAPE:
                scene._button("menu")
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and not scene.animator.busy and self.button_rect().collidepoint(event.pos):
                self.end()
            return True
        return False

    def label(self) -> str:
        return self.scene.app.tr("table.look_done")

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None) -> None:
        rect = self.button_rect()
        app = self.scene.app
        hovered = mouse is not None and rect.collidepoint(mouse)
        pygame.draw.rect(surface, theme.FOCUS if hovered else theme.ACCENT, rect, border_radius=rect.h // 3)
        size = max(10, int(rect.h * 0.55))
        font = app.font(size, True)
        while size > 8 and font.size(self.label())[0] > rect.w - 8:  # smaller rather than cut
            size -= 1
            font = app.font(size, True)
        img = font.render(fit_text(font, self.label(), rect.w - 8), True, theme.ACCENT_TEXT)
        surface.blit(img, img.get_rect(center=rect.center))

    def button_rect(self) -> pygame.Rect:
        """The 'hide my cards' button, in the HUD bar left of its buttons (never over the cards:
        the look may be anywhere on the table)."""
        scene = self.scene
        hud = scene.placements.regions["hud"].rect
        h = max(16, hud.h - 6)
        font = scene.app.font(max(10, int(h * 0.55)), True)
        left = scene.buttons[-1].rect.x if scene.buttons else hud.right
        w = min(font.size(self.label())[0] + h, max(40, left - hud.x - hud.w // 3))
        return pygame.Rect(left - 8 - w, hud.y + 3, w, h)
