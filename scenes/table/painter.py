"""Draws a table from a displayed view and its placements: regions by kind, panels, flights.

Drawing never changes state (STYLE.md 9). The felt is rendered once per window size.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.table.anim import Flight, Step
from scenes.table.cards import BRASS, CardArt
from scenes.table.regions import FAN, MARKER, PANEL, ROW, SLOT, STACK, Placements, Region
from scenes.ui import theme
from scenes.ui.text import fit_text, wrap_text

HIGHLIGHT = (250, 214, 96)
SLOT_LINE = (60, 104, 78)
SELECT = (120, 200, 255)


def ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    t = ease(t)
    return pygame.Rect(
        round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
        max(1, round(a.w + (b.w - a.w) * t)), max(1, round(a.h + (b.h - a.h) * t)),
    )


class Painter:
    """Everything the table draws, given the art, the app (fonts, texts) and the rules."""

    def __init__(self, app: Any, art: CardArt) -> None:
        self.app = app
        self.art = art
        self._felt: pygame.Surface | None = None
        self._text_cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def text(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        key = (text, size, color, bold)
        img = self._text_cache.get(key)
        if img is None:
            if len(self._text_cache) > 400:
                self._text_cache.clear()
            img = self._text_cache[key] = self.app.font(size, bold).render(text, True, color)
        return img

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != size:
            surf = pygame.Surface(size)
            surf.fill(theme.BACKGROUND)
            w, h = size
            oval = pygame.Rect(0, 0, int(w * 0.96), int(h * 0.86))
            oval.center = (w // 2, int(h * 0.47))
            pygame.draw.ellipse(surf, (28, 62, 44), oval)
            pygame.draw.ellipse(surf, (40, 80, 56), oval, max(2, w // 300))
            self._felt = surf.convert() if pygame.display.get_surface() else surf
        return self._felt

    # ---------------------------------------------------------------- regions
    def region(self, surface: pygame.Surface, region: Region, cards: list[str], hidden: set[int] | None = None,
               hover: int | None = None, selected: int | None = None, lifted: int | None = None) -> None:
        """Draw one zone region with its cards; `hidden` indexes are being dragged/flying."""
        if region.kind in (SLOT, FAN, ROW, STACK) and not region.source:
            pygame.draw.rect(surface, SLOT_LINE, region.rect, max(1, region.rect.w // 40),
                             border_radius=max(3, region.rect.w // 10))
        rects = region.card_rects(len(cards))
        clip = surface.get_clip()
        if region.clip:
            surface.set_clip(region.rect)
        if region.kind == STACK:
            self._stack(surface, region, cards, rects)
        else:
            for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
                if hidden and i in hidden:
                    continue
                r = rect.move(0, -rect.h // 6) if i in (hover, selected, lifted) else rect
                face = card if region.face == "up" else None
                surface.blit(self.art.card(face, r.size), r)
                if i == selected:
                    pygame.draw.rect(surface, SELECT, r.inflate(4, 4), 3, border_radius=max(3, r.w // 10))
        surface.set_clip(clip)

    def _stack(self, surface: pygame.Surface, region: Region, cards: list[str], rects: list[pygame.Rect]) -> None:
        if not cards:
            return
        seen = []
        for rect in rects:
            if rect not in seen:
                seen.append(rect)
                surface.blit(self.art.back(rect.size), rect)
        self.badge(surface, str(len(cards)), seen[-1].midbottom)

    def badge(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
        size = max(10, self.app.px(15))
        img = self.text(text, size, (30, 24, 12), True)
        box = img.get_rect().inflate(size // 2 + 4, 2)
        box.center = (pos[0], pos[1] - box.h // 2 - 2)
        pygame.draw.rect(surface, BRASS, box, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))

    def marker(self, surface: pygame.Surface, region: Region) -> None:
        surface.blit(self.art.marker(region.marker, region.value, region.rect.size), region.rect)

    def panel(self, surface: pygame.Surface, region: Region, name: str, score: int, status: str,
              active: bool) -> None:
        """A seat's name plate: name, points, and what it is doing (thinking, has chosen)."""
        rect = region.rect
        pygame.draw.rect(surface, (60, 96, 70) if active else theme.PANEL, rect, border_radius=max(3, rect.h // 4))
        if active:
            pygame.draw.rect(surface, HIGHLIGHT, rect, 2, border_radius=max(3, rect.h // 4))
        size = max(9, int(rect.h * 0.62))
        pts = self.text(str(score), size, theme.ACCENT, True)
        surface.blit(pts, pts.get_rect(midright=(rect.right - 6, rect.centery)))
        room = rect.w - pts.get_width() - 18
        status_img = None
        if status:
            status_img = self.text(status, max(8, int(size * 0.8)), theme.TEXT_DIM)
            room -= status_img.get_width() + 6
        font = self.app.font(size, True)
        label = self.text(fit_text(font, name, max(20, room)), size, theme.TEXT, True)
        surface.blit(label, label.get_rect(midleft=(rect.x + 6, rect.centery)))
        if status_img is not None:
            surface.blit(status_img, status_img.get_rect(midleft=(rect.x + 12 + label.get_width(), rect.centery)))

    def highlight(self, surface: pygame.Surface, rect: pygame.Rect, pulse: float) -> None:
        width = 3 + int(2 * pulse)
        pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(8, 8), width, border_radius=max(4, rect.w // 8))

    def flights(self, surface: pygame.Surface, step: Step) -> None:
        t = step.progress
        for flight in step.flights:
            rect = lerp_rect(flight.src, flight.dst, t)
            if flight.marker:
                image = self.art.marker(flight.marker, flight.value, flight.dst.size)
                surface.blit(pygame.transform.scale(image, rect.size), rect)
            else:
                self._flying_card(surface, flight, rect)

    def _flying_card(self, surface: pygame.Surface, flight: Flight, rect: pygame.Rect) -> None:
        shadow = rect.move(4, 6)
        pygame.draw.rect(surface, (10, 24, 16), shadow, border_radius=max(3, rect.w // 10))
        image = self.art.card(flight.card, flight.dst.size)  # one cached size, scaled in flight
        if image.get_size() != rect.size:
            image = pygame.transform.scale(image, rect.size)
        surface.blit(image, rect)

    def flip(self, surface: pygame.Surface, rect: pygame.Rect, card: str, t: float) -> None:
        """A card turning face up where it lies (the reveal)."""
        width = max(1, int(rect.w * abs(1 - 2 * t)))
        face = self.art.card(card if t >= 0.5 else None, rect.size)
        squeezed = pygame.transform.scale(face, (width, rect.h))
        surface.blit(squeezed, squeezed.get_rect(center=rect.center))

    def caption(self, surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, bool]]) -> None:
        """The captions band: the newest line bright, older ones dimmer; errors in red."""
        size = max(11, min(int(rect.h * 0.3), self.app.px(19)))
        rows: list[tuple[str, bool, bool]] = []  # text, error, newest
        for i, (line, error) in enumerate(lines):
            newest = i == len(lines) - 1
            wrapped = wrap_text(self.app.font(size, newest), line, rect.w - 24)
            rows += [(part, error, newest) for part in wrapped[:2]]
        fit = max(1, rect.h // (size + 4))
        rows = rows[-fit:]
        y = rect.centery - (len(rows) * (size + 4)) // 2
        for text, error, newest in rows:
            color = theme.ERROR_TEXT if error else (theme.TEXT if newest else theme.TEXT_DIM)
            font = self.app.font(size, newest)
            img = self.text(fit_text(font, text, rect.w - 20), size, color, newest)
            box = img.get_rect(midtop=(rect.centerx, y))
            if error:
                pygame.draw.rect(surface, theme.ERROR_BG, box.inflate(16, 4), border_radius=6)
            surface.blit(img, box)
            y += size + 4


def draw_regions(painter: Painter, surface: pygame.Surface, placements: Placements, view: dict[str, Any],
                 names: list[str], statuses: list[str], active: set[int], hand_state: dict[str, Any],
                 skip: frozenset[str] = frozenset()) -> None:
    """Every region of the placements, in a stable order (markers over zones); `skip` names
    regions an animation draws itself (cards being turned over)."""
    zones = view["zones"]
    relabel = getattr(painter.art.layout, "region_cards", None)
    for region in placements.regions.values():
        if region.name in skip:
            continue
        if region.kind == PANEL and region.seat is not None:
            painter.panel(surface, region, names[region.seat], view["scores"][region.seat],
                          statuses[region.seat], region.seat in active)
        elif region.zone is not None and region.card_size[0] > 0:  # no card size: a drop target only
            cards = zones[region.zone][region.seat] if region.seat is not None else zones[region.zone]
            if relabel is not None:  # the layout names what to draw (a fish's species, a bait's value)
                cards = relabel(view, region, cards)
            if region.source:
                painter.region(surface, region, cards, **hand_state)
            else:
                painter.region(surface, region, cards)
    for region in placements.regions.values():
        if region.kind == MARKER and region.name not in skip:  # a flying marker is drawn by its flight
            painter.marker(surface, region)
