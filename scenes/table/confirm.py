""""Confirm my moves": a move made with a drop, a click or a key is shown lit before it is sent.

WHY: a misdrop at a network table cannot be undone (there is no undo across screens), and a
careful player may want the same safety at home. With the setting on (Settings, "Confirm my
moves": in network matches by default, always, or never) the table keeps the move instead of
sending it: the cards it moves are outlined where they leave and where they land (the played
card drawn at its place), a bar says what it does in words, and Confirm (Enter) sends it,
Cancel (Escape) drops it. Nothing else acts meanwhile. A move made of two actions by one drag
(Silver's discard taken into a place) is confirmed once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.events import CardMoved, CardRevealed, CardSeen, Event, MarkerChanged, Note
from game.log import LogWriter
from scenes.table.layout import zone_cards
from scenes.ui import theme
from scenes.ui.text import fit_lines

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

SETTING = "confirm_moves"  # Settings field: "network" (the default), "always" or "never" (settings_store.py)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
LIT_MOVES = 4  # card moves of the move outlined at most (its first ones: what the player does)
GHOST_ALPHA = 170


class MoveConfirm:
    """The table's move waiting for its Confirm; the scene asks `hold` in `submit`, gives every
    input event to `handle` while `pending`, and draws it last."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.pending: tuple[int, str] | None = None  # (seat, action text) shown, not sent
        self.at = -1  # the match's step when it was held: a move of another position is dropped
        self.sending = False  # the confirmed move is being sent: not held again
        self.follow: str | None = None  # the second action of a confirmed two-action drag

    def wanted(self) -> bool:
        """Whether moves wait for a Confirm here: the setting, and at a network table by default."""
        scene = self.scene
        if not scene.seats.local_seats:
            return False
        mode = getattr(scene.app.settings, SETTING, "network")
        return mode == "always" or (mode == "network" and scene.seats.remote)

    def hold(self, seat: int, text: str) -> bool:
        """Keep `text` (a legal move of `seat`) for the player's Confirm; False: send it now."""
        if self.sending or not self.wanted():
            return False
        if self.follow is not None and text == self.follow:  # the rest of a move confirmed already
            self.follow = None
            return False
        self.pending = (seat, text)
        self.at = self.scene.seats.step()
        self.scene.app.dirty = True
        return True

    def update(self) -> None:
        """The match moved on under the waiting move (an undo, a reconnection): it is dropped."""
        if self.pending is not None and (self.scene.seats.step() != self.at or self.scene.active_seat() != self.pending[0]):
            self.forget()

    def confirm(self) -> None:
        pending, self.pending = self.pending, None
        if pending is None:
            return
        scene = self.scene
        self.sending = True
        try:
            sent = scene.submit(pending[1])
        finally:
            self.sending = False
        self.follow = scene.composer.drops.queued if sent else None  # (queued by the drag that made it)

    def cancel(self) -> None:
        if self.pending is None:
            return
        scene = self.scene
        self.pending = None
        scene.composer.drops.queued = None  # the second action of that drag goes too
        scene.input.reset()
        scene.say(scene.app.tr("table.confirm_cancelled"))

    def forget(self) -> None:
        """The move can no longer be meant (the match moved on, an undo): dropped silently."""
        self.pending = None

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        """While a move waits: Enter or Confirm sends it, Escape or Cancel drops it; any other key
        or click does nothing (it must not make another move meanwhile)."""
        if self.pending is None:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in CONFIRM_KEYS:
                self.confirm()
            elif event.key == pygame.K_ESCAPE:
                self.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ok, no = self.buttons()
            if ok.collidepoint(event.pos):
                self.confirm()
            elif no.collidepoint(event.pos):
                self.cancel()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT, pygame.KEYUP)

    # ------------------------------------------------------------------ what it shows
    def events(self) -> list[Event]:
        """The move's own events (what the player does, before anything it sets off: a reveal,
        the others' cards), as the player may foresee them."""
        if self.pending is None:
            return []
        seat = self.pending[0]
        out: list[Event] = []
        for event in self.scene.preview(self.pending[1]) or []:
            if not _by(event, seat):
                break
            out.append(event)
        return out

    def description(self) -> str:
        """The move in words, as the log will tell it to the player ("You play White 3."), with
        the cards it moves named when the sentence keeps them secret ("Wolf — You choose a
        card."); its action text if it says nothing."""
        scene = self.scene
        if self.pending is None:
            return ""
        seat = self.pending[0]
        names = [scene.name(s) for s in range(scene.seats.num_seats)]
        writer = LogWriter(scene.rules, scene.app.settings.language, names, seat)
        lines = writer.lines(self.events())
        said = " ".join(line.text for line in lines[:3]) + (" …" if len(lines) > 3 else "")
        if not said:
            return scene.app.tr("table.confirm_plain", action=self.pending[1])
        cards = list(dict.fromkeys(writer.card_name(e.card, e.info) for e in self.events() if isinstance(e, CardMoved) and e.card))
        unnamed = [c for c in cards if c not in said]
        return scene.app.tr("table.confirm_cards", cards=", ".join(unnamed), move=said) if unnamed else said

    def _bar(self) -> pygame.Rect:
        scene = self.scene
        px = scene.app.px
        area = scene.placements.regions["caption"].rect
        width = min(scene.rect.w - px(20), max(px(520), area.w))
        height = max(px(64), area.h)
        bar = pygame.Rect(0, 0, width, height)
        bar.midbottom = (scene.rect.centerx, min(area.bottom, scene.rect.bottom - px(4)))
        return bar

    def buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The Confirm and Cancel buttons, at the right of the bar."""
        px = self.scene.app.px
        bar = self._bar()
        h = min(bar.h - px(12), px(40))
        w = min(px(150), bar.w // 4)
        no = pygame.Rect(0, 0, w, h)
        no.midright = (bar.right - px(10), bar.centery)
        ok = pygame.Rect(0, 0, w, h)
        ok.midright = (no.x - px(8), bar.centery)
        return ok, no

    def draw(self, surface: pygame.Surface) -> None:
        if self.pending is None:
            return
        scene = self.scene
        app, px = scene.app, scene.app.px
        pulse = (scene.time * 2) % 1.0
        for moved in [e for e in self.events() if isinstance(e, CardMoved)][:LIT_MOVES]:
            origin = scene.placements.zone(moved.from_zone, moved.from_seat)
            landing = scene.placements.zone(moved.to_zone, moved.to_seat)
            for region in (origin, landing):
                if region is not None:
                    scene.painter.highlight(surface, region.rect, pulse)
            if landing is not None and moved.card is not None:  # the card drawn where it lands
                rect = landing.slot_rect(len(zone_cards(scene.view, landing)))
                image = scene.art.card(moved.card, rect.size).copy()
                image.set_alpha(GHOST_ALPHA)
                surface.blit(image, rect)
        bar = self._bar()
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, bar, border_radius=px(theme.RADIUS))
        pygame.draw.rect(surface, theme.FOCUS, bar, max(2, px(2)), border_radius=px(theme.RADIUS))
        ok, no = self.buttons()
        room = pygame.Rect(bar.x + px(12), bar.y + px(6), ok.x - bar.x - px(24), bar.h - px(12))
        text = app.tr("table.confirm_question", move=self.description())
        font, lines, _ = fit_lines(app, text, room.w, room.h, app.tx(theme.SMALL_SIZE), most=3)
        top = room.centery - len(lines) * font.get_linesize() // 2
        for i, line in enumerate(lines):
            surface.blit(font.render(line, True, theme.TEXT), (room.x, top + i * font.get_linesize()))
        mouse = scene.mouse
        for rect, label, primary in ((ok, app.tr("table.confirm_ok"), True), (no, app.tr("table.confirm_cancel"), False)):
            hovered = mouse is not None and rect.collidepoint(mouse)
            color = theme.ACCENT if primary else (theme.BUTTON_HOVER if hovered else theme.BUTTON)
            pygame.draw.rect(surface, color, rect, border_radius=rect.h // 3)
            if hovered:
                pygame.draw.rect(surface, theme.FOCUS, rect, 2, border_radius=rect.h // 3)
            small, words, _ = fit_lines(app, label, rect.w - px(8), rect.h - px(4), max(9, int(rect.h * 0.42)), bold=True)
            y = rect.centery - len(words) * small.get_linesize() // 2
            for k, word in enumerate(words):
                img = small.render(word, True, theme.ACCENT_TEXT if primary else theme.TEXT)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y + k * small.get_linesize())))


def _by(event: Event, seat: int) -> bool:
    """Whether `event` is the seat's own doing (its move), not what the move sets off."""
    if isinstance(event, CardMoved):
        return (event.actor if event.actor is not None else event.from_seat) == seat
    if isinstance(event, CardRevealed):
        return (event.actor if event.actor is not None else event.seat) == seat
    if isinstance(event, CardSeen):
        return event.viewer == seat  # the seat that looked
    if isinstance(event, (Note, MarkerChanged)):
        return event.seat == seat
    return False
