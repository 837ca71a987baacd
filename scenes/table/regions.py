"""What a layout returns: named regions bound to engine zones, and where their cards go.

A layout is a pure function (view, table rect, theme) -> Placements; the generic table scene
draws regions by kind and turns drags between them into actions. Nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

ROW, FAN, STACK, SLOT, MARKER, PANEL = "row", "fan", "stack", "slot", "marker", "panel"
GRID, RING = "grid", "ring"  # village rows, a circular board: same drawing code, other recipes
# A region with no engine zone that the layout draws or fills itself (buttons, a pond, a score
# sheet): the shared table draws nothing there, but reads it for the composer's buttons and the tour.
AREA = "area"
KINDS = (ROW, FAN, STACK, SLOT, MARKER, PANEL, GRID, RING, AREA)
ACTIONS = "actions"  # the AREA region the composer's buttons go to unless a step names another
# Two regions every table has, drawn by the shared table: the bar along the top (the game's name,
# the status line, the hint, the table's buttons) and the band telling what just happened.
HUD, CAPTION = "hud", "caption"


@dataclass(frozen=True)
class TableTheme:
    """Proportions shared by every layout (colours live in scenes/ui/theme.py)."""

    card_ratio: float = 0.7  # width / height
    gap: float = 0.08  # in card heights
    min_card_height: int = 36


@dataclass
class Region:
    """One place on the table. `zone`/`seat` bind it to an engine zone (None for markers)."""

    name: str
    kind: str
    rect: pygame.Rect
    zone: str | None = None
    seat: int | None = None
    card_size: tuple[int, int] = (0, 0)
    face: str = "up"  # how the region's cards are drawn: up (their id when known) or down (backs)
    marker: str = ""  # MARKER regions: what the game draws there (lodge, start_card...)
    value: Any = None
    label: str = ""  # text key of the caption drawn with the region ("" = none)
    capacity: int = 1  # FAN/ROW: how many cards the rect was sized for (more overlap)
    clip: bool = False  # draw only what lies inside the rect (a card peeking from under a marker)
    source: bool = False  # the viewer's own cards: drawn large, picked up, dragged, selected
    columns: int = 0  # GRID: cards per row (0: as many as fit)

    def card_rects(self, count: int) -> list[pygame.Rect]:
        """Where each of `count` cards lies: overlapping in a fan/row, offset in a stack."""
        w, h = self.card_size
        r = self.rect
        if count <= 0 or w <= 0:
            return []
        if self.kind == STACK:
            shown = min(count, 4)
            lift = max(1, h // 40)
            rects = [pygame.Rect(r.x + i * lift, r.y - i * lift + (shown - 1) * lift, w, h) for i in range(shown)]
            return [rects[min(i, shown - 1)] for i in range(count)]
        if self.kind == GRID:
            gap = max(2, w // 10)
            cols = self.columns or max(1, (r.w + gap) // (w + gap))
            rows = max(1, (r.h + gap) // (h + gap))
            step: float = w + gap
            if not self.columns and count > cols * rows and r.w > w:
                # more cards than the rows hold (a Silver village of twenty): each row overlaps its
                # cards, a corner of each in view, rather than spilling over the zones below
                cols = -(-count // rows)
                step = min(step, (r.w - w) / (cols - 1))
            return [pygame.Rect(round(r.x + (i % cols) * step), r.y + (i // cols) * (h + gap), w, h) for i in range(count)]
        if self.kind == RING:
            rx, ry = (r.w - w) / 2, (r.h - h) / 2
            return [
                pygame.Rect(round(r.centerx + rx * math.sin(2 * math.pi * i / count) - w / 2),
                            round(r.centery + ry * math.cos(2 * math.pi * i / count) - h / 2), w, h)
                for i in range(count)
            ]
        if self.kind in (FAN, ROW):
            room = r.w - w
            step = w + max(2, w // 10) if count < 2 else min(w + max(2, w // 10), room / (count - 1))
            total = w + step * (count - 1)
            x0 = r.x + (r.w - total) / 2
            return [pygame.Rect(round(x0 + i * step), r.y + (r.h - h) // 2, w, h) for i in range(count)]
        return [pygame.Rect(r.x + (r.w - w) // 2, r.y + (r.h - h) // 2, w, h) for _ in range(count)]

    def slot_rect(self, count: int) -> pygame.Rect:
        """Where the next card arriving here lands (for flying cards)."""
        rects = self.card_rects(count + 1)
        return rects[-1] if rects else pygame.Rect(self.rect.center, (0, 0))


@dataclass
class Placements:
    """Every region of the table for one view and one table rectangle."""

    rect: pygame.Rect
    regions: dict[str, Region] = field(default_factory=dict)
    card_size: tuple[int, int] = (0, 0)
    hand_card_size: tuple[int, int] = (0, 0)

    def add(self, region: Region) -> Region:
        if region.name in self.regions:
            raise ValueError(f"region '{region.name}' placed twice")
        self.regions[region.name] = region
        return region

    def add_hud(self, height: int) -> Region:
        """The table's top bar (`HUD`), `height` pixels tall across the whole table."""
        return self.add(Region(HUD, PANEL, pygame.Rect(self.rect.x, self.rect.y, self.rect.w, height)))

    def add_caption(self, rect: pygame.Rect) -> Region:
        """The band of captions (`CAPTION`): what just happened, a refused move's reason."""
        return self.add(Region(CAPTION, PANEL, rect))

    def zone(self, zone: str, seat: int | None) -> Region | None:
        """The region showing engine zone `zone` of `seat`, if the layout shows it."""
        for region in self.regions.values():
            if region.zone == zone and region.seat == seat:
                return region
        return None

    def marker(self, marker: str, seat: int | None = None) -> Region | None:
        for region in self.regions.values():
            if region.marker == marker and (seat is None or region.seat == seat):
                return region
        return None

    def panel(self, seat: int) -> Region | None:
        """The name plate of `seat` (a PANEL region bound to the seat)."""
        for region in self.regions.values():
            if region.kind == PANEL and region.seat == seat:
                return region
        return None

    def seats(self, players: int) -> int:
        """How many table seats have a name plate (more than `players` with ghosts)."""
        return max([players] + [r.seat + 1 for r in self.regions.values() if r.kind == PANEL and r.seat is not None])

    def at(self, pos: tuple[int, int]) -> Region | None:
        """The zone region under a point (markers and panels excluded)."""
        for region in self.regions.values():
            if region.zone is not None and region.rect.collidepoint(pos):
                return region
        return None


@dataclass(frozen=True)
class DragMove:
    """A legal action that a drag performs: card `card` from (from_zone, seat) to (to_zone, seat)."""

    card: str
    from_zone: str
    to_zone: str
    seat: int
    action: str


@dataclass(frozen=True)
class TourStep:
    """One stop of the guided tour: the regions to outline and the text key explaining them."""

    regions: tuple[str, ...]
    text_key: str
