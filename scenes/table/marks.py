"""The last moves marked on the table: the cards they moved, turned or looked at, the markers
they changed, from the moment the table shows them until the player at the screen decides again.

The animator (scenes/table/anim.py) tells `LastMoves` where each card of a shown step lands and
where cards leave (so the marks of cards still lying there keep pointing at them); the scene
says which actions count (`since`): the actions after the viewer's own last decision, or only
the newest one shown at a table without a person (`follow`). A layout's set-up and clean-up moves (cards
gathered, a new deal: `Layout.setup_moves`) wipe the marks and are not marked themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes.table.regions import Placements

MARK = (255, 236, 140)  # a soft gold, unlike the pulsing target highlight
ZoneKey = tuple[str, int | None, int | None]  # zone, seat, position in a zone array


@dataclass
class Mark:
    zone: ZoneKey
    index: int
    action: int  # the number of the action that made it (Match.history index)
    card: str | None = None


class LastMoves:
    """Which places the recent actions changed; `draw()` outlines them."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        self.markers: dict[str, int] = {}  # marker -> action
        self.since = 0  # marks of actions before this one are no longer shown
        self.follow = False  # a table without a person: each action shown replaces the marks

    def clear(self) -> None:
        self.marks.clear()
        self.markers.clear()

    def forget_before(self, action: int) -> None:
        self.since = action
        self.marks = [m for m in self.marks if m.action >= action]
        self.markers = {k: a for k, a in self.markers.items() if a >= action}

    # --------------------------------------------------------- fed by the animator
    def left(self, zone: ZoneKey, index: int, slot: bool) -> None:
        """A card left `index` of a zone: its mark goes; behind it, cards close up (not a slot)."""
        kept = []
        for mark in self.marks:
            if mark.zone == zone and mark.index == index:
                continue
            if mark.zone == zone and mark.index > index and not slot:
                mark.index -= 1
            kept.append(mark)
        self.marks = kept

    def _newer(self, action: int) -> None:
        if self.follow and action > self.since:
            self.forget_before(action)

    def landed(self, zone: ZoneKey, index: int, action: int, card: str | None) -> None:
        self._newer(action)
        if action < self.since:
            return
        self.marks = [m for m in self.marks if not (m.zone == zone and m.index == index)]
        self.marks.append(Mark(zone, index, action, card))

    def marker(self, name: str, action: int) -> None:
        self._newer(action)
        if action >= self.since:
            self.markers[name] = action

    def resync(self, zones: dict[str, Any]) -> None:
        """The displayed view was replaced by the real one (a hand sorted): a mark whose card
        is known follows it to its new place."""
        for mark in self.marks:
            cards = _cards(zones, mark.zone)
            if mark.card is None or cards is None or mark.card == "back":
                continue
            if mark.index < len(cards) and cards[mark.index] == mark.card:
                continue
            if mark.card in cards:
                mark.index = cards.index(mark.card)

    # ---------------------------------------------------------------- shown
    def rects(self, placements: Placements, zones: dict[str, Any]) -> list[pygame.Rect]:
        out = []
        for mark in self.marks:
            zone, seat, pos = mark.zone
            region = placements.zone(zone, seat if seat is not None or pos is None else pos)
            cards = _cards(zones, mark.zone)
            if region is None or cards is None or mark.index >= len(cards) or cards[mark.index] is None:
                continue
            if region.card_size[0] <= 0:
                out.append(region.rect)
                continue
            rects = region.card_rects(len(cards))
            if mark.index < len(rects):
                out.append(rects[mark.index])
        for name in self.markers:
            found = placements.marker(name)
            if found is not None:
                out.append(found.rect)
        return out

    def draw(self, surface: pygame.Surface, placements: Placements, zones: dict[str, Any]) -> None:
        for rect in self.rects(placements, zones):
            pygame.draw.rect(surface, MARK, rect.inflate(6, 6), 2, border_radius=max(4, rect.w // 8))
            dot = max(3, rect.w // 14)
            pygame.draw.circle(surface, MARK, (rect.right - dot, rect.top + dot), dot)


def _cards(zones: dict[str, Any], key: ZoneKey) -> list[Any] | None:
    zone, seat, pos = key
    try:
        cards = zones[zone]
        if seat is not None:
            cards = cards[seat]
        if pos is not None:
            cards = cards[pos]
    except (KeyError, IndexError, TypeError):
        return None
    return cards if isinstance(cards, list) else None
