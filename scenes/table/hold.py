"""Input that arrives before the player's decision is open: kept, then taken, or refused aloud.

While the table animates (the deal, a move, a key moment such as a hunt's result), the player's
keys and clicks cannot act yet. They are never dropped in silence: the table keeps them in
order (the HUD says which) and hands them to the usual input paths, one by one, when the
player's next decision opens. A click on a card of the hand remembers the card, so a press on
a card that the deal moved still picks that card; a card pressed and dragged while the table
moves follows the pointer. Kept input that can no longer be meant (the screen passed to
another player, the match ended) or too much of it is refused with a caption. Nothing typed
ahead crosses a boundary: the end of a round, day or match (a scoring, a new chapter, the score
sheet that opens after a scoring) drops what is kept, with a caption, so no key meant for one
round plays a card in the next before its scores were seen. Escape while the table moves
opens the pause menu at once (dropping what was kept).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

MAX_KEPT = 24  # events kept at most (a drag counts its press, moves and release)
# Keys the table answers at once even while it moves (Space ends a moment, Escape...).
OWN_KEYS = frozenset({pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_F1})
MOUSE_KEPT = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# Animation steps that end a round, a day or the match, or begin a new one: kept input stops here.
BOUNDARY_STEPS = frozenset({"tally", "score", "chapter", "game_over"})
# How the HUD names kept keys that type no character (Enter is "⏎", as on the confirm buttons).
KEY_SYMBOLS = {
    pygame.K_RETURN: "⏎", pygame.K_KP_ENTER: "⏎", pygame.K_BACKSPACE: "⌫", pygame.K_TAB: "⇥",
    pygame.K_LEFT: "←", pygame.K_RIGHT: "→", pygame.K_UP: "↑", pygame.K_DOWN: "↓",
}


@dataclass
class Kept:
    event: pygame.event.Event
    card: str | None = None  # a press on a card of the hand: that card
    at: tuple[int, int] = (0, 0)  # where in that card the pointer was


class InputHold:
    """One table's kept input (the scene asks `take()` first, `release()` every frame)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.kept: list[Kept] = []
        self.pressed: Kept | None = None  # a kept press whose release has not come yet
        self.owner: int | None = None  # the seat whose input this is

    def holding(self) -> bool:
        """Whether input for the viewer's next decision must wait now."""
        scene = self.scene
        if scene.viewer is None or scene.privacy_for is not None or scene.seats.is_over():
            return False
        return scene.animator.busy or bool(self.kept)

    def take(self, event: pygame.event.Event) -> bool:
        """Keep `event` when it is meant for a decision that is not open yet; True when kept
        (or refused with a caption)."""
        scene = self.scene
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.kept or self.holding()):
            if self.kept:  # one press: what was kept goes and the pause menu opens
                self.clear()
                scene.say(scene.app.tr("table.held_cleared"), error=True)
            scene._button("menu")
            return True
        if not self.holding():
            return self._refused(event)
        if event.type == pygame.KEYDOWN:
            if event.key in OWN_KEYS:
                return False
        elif event.type == pygame.MOUSEMOTION or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            if self.pressed is None:
                return False  # a pointer that only moves, or the end of a click taken already
        elif event.type not in MOUSE_KEPT or getattr(event, "button", 0) not in (1, 3):
            return False
        if len(self.kept) >= MAX_KEPT:
            scene.say(scene.app.tr("table.held_full"), error=True)
            return True
        kept = Kept(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            kept.card, kept.at = self._card_at(event.pos)
            self.pressed = kept
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pressed = None
        self.owner = scene.viewer
        self.kept.append(kept)
        scene.app.dirty = True
        return True

    def boundary(self) -> None:
        """A round, day or match ends or begins (scenes/table/scene.py calls it at such a step
        and when the score sheet opens after a scoring): what was typed ahead for the round
        before is dropped, aloud."""
        count = self._count()
        self.clear()
        if count:
            self.scene.say(self.scene.app.tr_count("table.held_boundary", count), error=True)

    def _count(self) -> int:
        return sum(1 for k in self.kept if k.event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP))

    def _refused(self, event: pygame.event.Event) -> bool:
        """Hot-seat, while the last move plays and nobody is at the screen yet: the next player's
        keys and clicks cannot be kept for them (the pass screen comes first); they are refused
        aloud."""
        scene = self.scene
        if not (scene.hot_seat and scene.viewer is None and scene.privacy_for is None and scene.animator.busy):
            return False
        decision = (event.type == pygame.KEYDOWN and event.key not in OWN_KEYS) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        if decision:
            scene.say(scene.app.tr("table.wait_animation"), error=True)
        return decision

    def _card_at(self, pos: tuple[int, int]) -> tuple[str | None, tuple[int, int]]:
        hand = self.scene.input
        index = hand.card_at(pos)
        region, cards = hand.hand()
        if index is None or region is None or index >= len(cards):
            return None, (0, 0)
        rect = region.card_rects(len(cards))[index]
        return cards[index], (pos[0] - rect.x, pos[1] - rect.y)

    def clear(self) -> None:
        self.kept = []
        self.pressed = None

    def release(self) -> None:
        """Every frame: hand kept input to the decision that opened, one event at a time (an
        event that plays a move starts an animation: the rest waits for the next decision);
        refuse it when it can no longer be meant."""
        scene = self.scene
        if not self.kept:
            return
        if scene.seats.is_over() or scene.privacy_for is not None or scene.viewer != self.owner:
            count = self._count()
            self.clear()
            scene.say(scene.app.tr("table.held_dropped", count=count), error=True)
            return
        while self.kept and scene.active_seat() is not None and scene.confirm.pending is None:  # (a move waits for its Confirm)
            kept = self.kept.pop(0)
            scene.app.dirty = True
            scene.dispatch(self._moved(kept))

    def _moved(self, kept: Kept) -> pygame.event.Event:
        """A press on a card the table moved since: the same card where it lies now."""
        event = kept.event
        if kept.card is None:
            return event
        region, cards = self.scene.input.hand()
        if region is None or kept.card not in cards:
            return event
        rect = region.card_rects(len(cards))[cards.index(kept.card)]
        pos = (rect.x + min(kept.at[0], rect.w - 1), rect.y + min(kept.at[1], rect.h - 1))
        if pos == event.pos:
            return event
        return pygame.event.Event(event.type, {**event.dict, "pos": pos})

    # ------------------------------------------------------------------ shown
    def words(self) -> str:
        """The kept keys and clicks as the HUD names them ("1 2 click")."""
        names = []
        for kept in self.kept:
            event = kept.event
            if event.type == pygame.KEYDOWN:
                typed = (getattr(event, "unicode", "") or "").strip()
                names.append(KEY_SYMBOLS.get(event.key) or (typed if typed.isprintable() else "") or pygame.key.name(event.key))
            elif event.type == pygame.MOUSEBUTTONDOWN:
                names.append(self.scene.app.tr("table.held_click"))
        return " ".join(names)

    def draw(self, surface: pygame.Surface) -> None:
        """A card pressed and dragged while the table moves follows the pointer."""
        scene = self.scene
        pressed = self.pressed
        if pressed is None or pressed.card is None or scene.mouse is None:
            return
        start = pressed.event.pos
        if abs(scene.mouse[0] - start[0]) + abs(scene.mouse[1] - start[1]) < 6:
            return
        region, _ = scene.input.hand()
        size = region.card_size if region is not None else scene.placements.card_size
        image = scene.art.card(pressed.card, size).copy()
        image.set_alpha(200)
        surface.blit(image, (scene.mouse[0] - pressed.at[0], scene.mouse[1] - pressed.at[1]))
