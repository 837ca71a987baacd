"""How a player makes a given move at this table: the click, drag or key that plays an action
text, found from the table's own input (the composer's buttons and cards, the hand's drags).

`next_gesture(scene, text)` answers with the next input event a person would make toward
`text` from the table as it is now (a card to click, then the confirm key...), or None when the
table's usual paths cannot spell it (a layout's own mode, such as Silver's amulet button: a
lesson then says how, docs/lessons.md). `action_rects` gives the cards and buttons the move
involves, to light them. `perform` plays a gesture through the app's event path, one frame per
event, as the tests' synthetic input does: nothing reaches the engine but what a player's hand
would send.
"""

from __future__ import annotations

from collections import Counter as Multiset
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.table.composer import CARD, PILE, SEAT, Counter, Pick, Target

CLICK, DRAG, KEY = "click", "drag", "key"
FRAME = 1 / 60


@dataclass(frozen=True)
class Gesture:
    """One input: a click at `pos`, a drag from `pos` to `to`, or the key `key` (a keycode)."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    to: tuple[int, int] = (0, 0)
    key: int = 0

    def __str__(self) -> str:
        if self.kind == KEY:
            return f"key {pygame.key.name(self.key)}"
        if self.kind == DRAG:
            return f"drag {self.pos} -> {self.to}"
        return f"click {self.pos}"


def _visible(rect: pygame.Rect, covers: list[pygame.Rect]) -> tuple[int, int]:
    """A point of `rect` that no rect of `covers` (drawn over it) hides: its centre if free,
    else the middle of its uncovered left or top part (a card under the next one of a row)."""
    points = [rect.center, (rect.x + max(2, rect.w // 6), rect.centery), (rect.centerx, rect.y + max(2, rect.h // 6)),
              (rect.x + 2, rect.y + 2)]
    for point in points:
        if not any(c.collidepoint(point) for c in covers):
            return point
    return rect.center


def _press_rects(scene: Any, ctx: Any) -> list[tuple[str, pygame.Rect]]:
    return [(press.action, rect) for press, rect in scene.composer.presses(ctx)]


def next_gesture(scene: Any, text: str) -> Gesture | None:
    """The next input toward playing `text` now (see the module docstring)."""
    ctx = scene._composer_ctx()
    if ctx.seat is None or text not in ctx.legal:
        return None
    for action, rect in _press_rects(scene, ctx):  # a whole action on one button
        if action == text:
            return Gesture(CLICK, rect.center)
    for move in scene.input.moves():  # a card of the hand dragged onto its zone
        if move.action == text:
            return _hand_drag(scene, move)
    comp = scene.composer.composer
    if comp is None:
        return None
    found = next((f for _, t, f in comp.candidates if t == text), None)
    if found is None:
        return None
    for step in comp.steps():
        if step.field not in found:
            continue
        if isinstance(step, Counter):
            have, want = comp.counts.get(step.field, 0), found[step.field]
            if have != want:
                return Gesture(KEY, key=pygame.K_UP if want > have else pygame.K_DOWN)
            continue
        missing = Multiset(found[step.field]) - Multiset(comp.picked(step.field))
        for word in missing:
            point = _word_point(scene, ctx, step, word)
            if point is not None:
                return Gesture(CLICK, point)
        if missing:
            return None
    if comp.ready() == text:
        return Gesture(KEY, key=pygame.K_RETURN)
    return None


def _word_point(scene: Any, ctx: Any, step: Pick, word: str) -> tuple[int, int] | None:
    """Where to click so that `step` takes `word`: the card (of a Pick, a card or pile Target),
    or the seat's region (a seat Target)."""
    if isinstance(step, Target) and step.of in (CARD, PILE):
        spots = scene.composer.cards.spots(ctx, step)
        rects = [s.rect for s in spots]
        for i, spot in enumerate(spots):
            if spot.word == word:
                return _visible(spot.rect, [r for r in rects[i + 1:] if r is not spot.rect])
        return None
    if isinstance(step, Target) and step.of == SEAT:
        for region in ctx.regions.values():
            if region.zone == step.zone and region.seat is not None and step.seat_word(region.seat) == word:
                return region.rect.center
        return None
    items = [i for i in scene.composer.items(ctx) if not i.ghost]
    for k, item in enumerate(items):
        if item.step is step and item.word == word:
            return _visible(item.rect, [i.rect for i in items[k + 1:]])
    return None


def _hand_drag(scene: Any, move: Any) -> Gesture | None:
    region, cards = scene.input.hand()
    target = scene.placements.zone(move.to_zone, move.seat)
    if region is None or target is None or move.card not in cards:
        return None
    rects = region.card_rects(len(cards))
    index = cards.index(move.card)
    return Gesture(DRAG, _visible(rects[index], rects[index + 1:]), target.rect.center)


def action_rects(scene: Any, text: str) -> list[pygame.Rect]:
    """The cards, places and buttons playing `text` now would use (the rectangles of its
    gestures from this table as it is), for lighting a move: empty when none is found."""
    ctx = scene._composer_ctx()
    out: list[pygame.Rect] = []
    for action, rect in _press_rects(scene, ctx):
        if action == text:
            return [rect]
    for move in scene.input.moves():
        if move.action == text:
            region, cards = scene.input.hand()
            target = scene.placements.zone(move.to_zone, move.seat)
            if region is not None and move.card in cards:
                out.append(region.card_rects(len(cards))[cards.index(move.card)])
            if target is not None:
                out.append(target.rect)
            return out
    comp = scene.composer.composer
    found = next((f for _, t, f in comp.candidates if t == text), None) if comp is not None else None
    if comp is None or found is None:
        return out
    for step in comp.steps():
        if step.field in found and not isinstance(step, Counter):
            for word in found[step.field]:
                spot = _rect_at(scene, ctx, step, word)
                if spot is not None:
                    out.append(spot)
    return out


def _rect_at(scene: Any, ctx: Any, step: Pick, word: str) -> pygame.Rect | None:
    if isinstance(step, Target) and step.of in (CARD, PILE):
        return next((s.rect for s in scene.composer.cards.spots(ctx, step) if s.word == word), None)
    if isinstance(step, Target):
        return next((r.rect for r in ctx.regions.values() if r.zone == step.zone and r.seat is not None
                     and step.seat_word(r.seat) == word), None)
    return next((i.rect for i in scene.composer.items(ctx) if i.step is step and i.word == word and not i.ghost), None)


# ---------------------------------------------------------------------- playing a gesture
def _mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def key_event(key: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)


def events_of(gesture: Gesture) -> list[pygame.event.Event]:
    """The events of a gesture, one per frame (a drag moves in four steps, like a hand)."""
    if gesture.kind == KEY:
        name = pygame.key.name(gesture.key)
        return [key_event(gesture.key, name if len(name) == 1 else "")]
    start, end = gesture.pos, gesture.to if gesture.kind == DRAG else gesture.pos
    out = [_mouse(pygame.MOUSEMOTION, start), _mouse(pygame.MOUSEBUTTONDOWN, start)]
    if gesture.kind == DRAG:
        out += [_mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4))
                for i in range(1, 5)]
    return out + [_mouse(pygame.MOUSEBUTTONUP, end)]


def perform(app: Any, gesture: Gesture) -> None:
    """Play a gesture through the app, one event per frame."""
    for event in events_of(gesture):
        app.step(FRAME, [event])
