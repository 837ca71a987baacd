"""Choosing a card: drag it onto a zone, click it (then click again or click the zone), or keys.

Every path ends in the same question to the engine: on pick-up the legal actions say which
regions to highlight; on drop the matching action is submitted, or the card snaps back and the
reason is shown (the engine's reason when the card cannot be played at all).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from scenes.table.painter import lerp_rect
from scenes.table.regions import DragMove, Region

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

DRAG_START = 6  # pixels the mouse moves before a press becomes a drag
SNAP_SECONDS = 0.25
NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)})


@dataclass
class Drag:
    index: int
    card: str
    start: tuple[int, int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    moving: bool = False


class HandInput:
    """The acting player's hand: hover, selection, drag and snap-back."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.drag: Drag | None = None
        self.selected: int | None = None
        self.snap: tuple[str, pygame.Rect, pygame.Rect, float] | None = None  # card, from, to, t0

    def reset(self) -> None:
        self.drag = None
        self.selected = None

    # ---------------------------------------------------------------- queries
    def hand(self) -> tuple[Region | None, list[str]]:
        scene = self.scene
        for region in scene.placements.regions.values():
            if region.source and region.zone is not None:
                cards = scene.view["zones"][region.zone]
                return region, (cards[region.seat] if region.seat is not None else cards)
        return None, []

    def moves(self) -> list[DragMove]:
        seat = self.scene.active_seat()
        if seat is None:
            return []
        legal = self.scene.seats.legal_texts(seat)
        return self.scene.layout.drag_moves(self.scene.view, seat, legal)

    def moves_for(self, card: str) -> list[DragMove]:
        return [m for m in self.moves() if m.card == card]

    def picked(self) -> tuple[int, str] | None:
        region, cards = self.hand()
        if self.drag is not None:
            return self.drag.index, self.drag.card
        if self.selected is not None and self.selected < len(cards):
            return self.selected, cards[self.selected]
        return None

    def targets(self) -> list[Region]:
        """Regions some legal action accepts for the picked-up (or selected) card."""
        picked = self.picked()
        if picked is None:
            return []
        placements = self.scene.placements
        found = [placements.zone(m.to_zone, m.seat) for m in self.moves_for(picked[1])]
        return [r for r in found if r is not None]

    def pending(self) -> str | None:
        """The action this hand would submit now: the dragged card over a target, or the picked card."""
        drag = self.drag
        if drag is not None and drag.moving:
            region = self._region_at(drag.pos)
            found = [m.action for m in self.moves_for(drag.card)
                     if region is not None and region.zone == m.to_zone and region.seat == m.seat]
            return found[0] if found else None
        picked = self.picked()
        moves = self.moves_for(picked[1]) if picked is not None else []
        return moves[0].action if moves else None

    def card_at(self, pos: tuple[int, int]) -> int | None:
        region, cards = self.hand()
        if region is None:
            return None
        rects = region.card_rects(len(cards))
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return i
        return None

    def hand_state(self) -> dict[str, Any]:
        hover = self.card_at(self.scene.mouse) if self.scene.mouse and self.scene.active_seat() is not None else None
        hidden = {self.drag.index} if self.drag is not None and self.drag.moving else set()
        return {"hover": hover, "selected": self.selected, "hidden": hidden}

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.pos = event.pos
            dx, dy = event.pos[0] - self.drag.start[0], event.pos[1] - self.drag.start[1]
            if dx * dx + dy * dy >= DRAG_START * DRAG_START:
                self.drag.moving = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        index = self.card_at(pos)
        region, cards = self.hand()
        if index is None or region is None:
            return self._click_target(pos)
        if self.scene.active_seat() is None:
            self._explain(cards[index])
            return True
        rect = region.card_rects(len(cards))[index]
        self.drag = Drag(index, cards[index], pos, (pos[0] - rect.x, pos[1] - rect.y), pos)
        return True

    def _release(self, pos: tuple[int, int]) -> bool:
        drag, self.drag = self.drag, None
        assert drag is not None
        if not drag.moving:  # a click: select, or play when already selected
            if self.selected == drag.index:
                self.play_selected()
            else:
                self.selected = drag.index
            return True
        target = self._region_at(pos)
        for move in self.moves_for(drag.card):
            if target is not None and target.zone == move.to_zone and target.seat == move.seat:
                self.scene.submit(move.action)
                return True
        hand, _ = self.hand()
        if target is None and hand is not None and hand.rect.collidepoint(pos):
            return True  # put back into the hand: a change of mind, not a mistake
        self._reject(drag, target)
        return True

    def _click_target(self, pos: tuple[int, int]) -> bool:
        picked = self.picked()
        target = self._region_at(pos)
        if picked is None or target is None:
            return False
        for move in self.moves_for(picked[1]):
            if target.zone == move.to_zone and target.seat == move.seat:
                self.scene.submit(move.action)
                return True
        return False

    def _region_at(self, pos: tuple[int, int]) -> Region | None:
        gap = self.scene.placements.card_size[0] // 6
        for region in self.scene.placements.regions.values():
            if region.zone is not None and not region.source and region.rect.inflate(gap, gap).collidepoint(pos):
                return region
        return None

    def _reject(self, drag: Drag, target: Region | None) -> None:
        """Snap the card back and say why: where it may go, or why it may not be played."""
        scene = self.scene
        region, cards = self.hand()
        moves = self.moves_for(drag.card)
        own = scene.layout.drop_hint(scene.ctx()) if moves else None  # a layout naming its drop target
        if own is not None:
            scene.say(own, error=True)
        elif moves:
            names = (scene.game_text(f"zone.{m.to_zone}") for m in moves)
            zones = ", ".join(dict.fromkeys(n[:1].lower() + n[1:] for n in names))  # "your play zone"
            scene.say(scene.app.tr("table.drop_on", zone=zones), error=True)
        else:
            self._explain(drag.card, target)
        if region is not None and drag.index < len(cards):
            home = region.card_rects(len(cards))[drag.index]
            at = pygame.Rect(drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1], home.w, home.h)
            if not getattr(scene.app.settings, "reduced_motion", False):  # else it is simply home
                self.snap = (drag.card, at, home, scene.time)

    def _explain(self, card: str, target: Region | None = None) -> None:
        """The engine's reason why `card` cannot be played now (not your turn, already chosen...)."""
        scene = self.scene
        seat = scene.viewer
        region, _ = self.hand()
        to_zone = target.zone if target is not None and target.zone else None
        text = None
        if region is not None and region.zone is not None:
            candidates = [to_zone] if to_zone else []
            candidates += [r.zone for r in scene.placements.regions.values() if r.zone and r.seat == seat]
            for zone in candidates:
                text = scene.layout.intent(card, region.zone, zone)
                if text:
                    break
        if seat is None or text is None:
            return
        if scene.animator.busy:
            scene.say(scene.app.tr("table.wait_animation"), error=True)
            return
        error = scene.seats.refusal(seat, text)
        if error is not None:
            scene.refuse(error)

    def _key(self, event: pygame.event.Event) -> bool:
        region, cards = self.hand()
        if not cards:
            return False
        if event.key == pygame.K_ESCAPE:
            if self.selected is None and self.drag is None:
                return False  # nothing to put down: the table treats Escape as "back"
            self.reset()
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
            self.selected = (start + step) % len(cards)
            return True
        if event.key in NUMBER_KEYS:
            index = NUMBER_KEYS[event.key]
            if index < len(cards):
                self.selected = index
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            self.play_selected()
            return True
        return False

    def play_selected(self) -> None:
        """Play the selected card through its (single) drag move, or say why it cannot be played."""
        region, cards = self.hand()
        if self.selected is None or self.selected >= len(cards):
            return
        card = cards[self.selected]
        moves = self.moves_for(card)
        if len(moves) == 1:
            self.scene.submit(moves[0].action)
        elif not moves:
            self._explain(card)

    # -------------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if self.drag is not None and self.drag.moving:
            region, _ = self.hand()
            size = region.card_size if region is not None else scene.placements.card_size
            x, y = self.drag.pos[0] - self.drag.offset[0], self.drag.pos[1] - self.drag.offset[1]
            surface.blit(scene.art.card(self.drag.card, size), (x, y - size[1] // 8))
        if self.snap is not None:
            card, start, home, t0 = self.snap
            t = (scene.time - t0) / SNAP_SECONDS
            if t >= 1:
                self.snap = None
            else:
                rect = lerp_rect(start, home, t)
                surface.blit(scene.art.card(card, rect.size), rect)
