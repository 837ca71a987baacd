"""Draws a table from a displayed view and its placements: regions by kind, panels, flights.

Drawing never changes state (STYLE.md 9). The felt is rendered once per window size.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.views import View
from scenes.table.anim import Flight, Step
from scenes.table.cards import BRASS, CardArt, card_outline, card_shadow
from scenes.table.regions import FAN, MARKER, PANEL, ROW, SLOT, STACK, Placements, Region
from scenes.ui import theme
from scenes.ui.text import fit_lines, fit_text, wrap_text

HIGHLIGHT = (250, 214, 96)
SLOT_LINE = (60, 104, 78)
SELECT = (120, 200, 255)
INK_DARK = (34, 30, 26)


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
        if not cards and region.label and region.kind in (SLOT, FAN, ROW, STACK) and not region.source:
            self.empty_label(surface, region)
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
                    card_outline(surface, r, SELECT, 3)
        surface.set_clip(clip)

    def empty_label(self, surface: pygame.Surface, region: Region) -> None:
        """An empty zone says what it is waiting for (its label, dim), when the words fit."""
        rules = self.art.rules
        if not rules.has_text(region.label):
            return
        text = self.app.game_text(rules, region.label)
        rect = region.rect.inflate(-6, -6)
        size = min(self.app.px(theme.SMALL_SIZE - 3), max(8, rect.h // 3))
        if size < 9 or rect.w < 24:
            return
        font, lines, whole = fit_lines(self.app, text, rect.w, rect.h, size, most=3, fit=False)  # never "Set/aside"
        if not whole:
            return
        y = rect.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            img = self.text(line, font.point_size, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += font.get_linesize()

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

    def panel(self, surface: pygame.Surface, region: Region, name: str, score: int | None, status: str,
              active: bool, team: tuple[str, tuple[int, int, int]] | None = None) -> None:
        """A seat's name plate: name, points, and what it is doing (thinking, has chosen); a seat
        nobody plays (a ghost) has no points and a dimmer name; a team game's seat shows its
        team's colour (a band on the left) and name (after the player's, when it fits)."""
        rect = region.rect
        pygame.draw.rect(surface, (60, 96, 70) if active else theme.PANEL, rect, border_radius=max(3, rect.h // 4))
        band = 0
        if team is not None:
            band = max(4, rect.h // 4)
            pygame.draw.rect(surface, team[1], (rect.x, rect.y, band + rect.h // 4, rect.h),
                             border_top_left_radius=max(3, rect.h // 4), border_bottom_left_radius=max(3, rect.h // 4))
            pygame.draw.rect(surface, (60, 96, 70) if active else theme.PANEL, (rect.x + band, rect.y, rect.h // 4, rect.h))
        if active:
            pygame.draw.rect(surface, HIGHLIGHT, rect, 2, border_radius=max(3, rect.h // 4))
        size = max(9, int(rect.h * 0.62))
        room = rect.w - 12 - band
        if score is not None:
            pts = self.text(str(score), size, theme.ACCENT, True)
            surface.blit(pts, pts.get_rect(midright=(rect.right - 6, rect.centery)))
            room -= pts.get_width() + 6
        status_img = None
        if status:
            status_img = self.text(status, max(8, int(size * 0.8)), theme.TEXT_DIM)
            room -= status_img.get_width() + 6
        font = self.app.font(size, True)
        label = self.text(fit_text(font, name, max(20, room)), size, theme.TEXT if score is not None else theme.TEXT_DIM, True)
        x = rect.x + 6 + band
        surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
        x += label.get_width() + 6
        if team is not None:
            team_img = self.text(team[0], max(8, int(size * 0.8)), team[1], True)
            if team_img.get_width() <= room - label.get_width() - 6:
                surface.blit(team_img, team_img.get_rect(midleft=(x, rect.centery)))
                x += team_img.get_width() + 6
        if status_img is not None:
            surface.blit(status_img, status_img.get_rect(midleft=(x, rect.centery)))

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
        card_shadow(surface, rect, (10, 24, 16))
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
        size = round(max(11, min(int(rect.h * 0.3), self.app.px(19))) * float(self.app.settings.text_size))
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


def direction_arrow(surface: pygame.Surface, rect: pygame.Rect, clockwise: bool, width: int,
                    color: tuple[int, int, int] = HIGHLIGHT) -> None:
    """An elliptical arrow inside `rect`: the direction of play (or of betting) this round."""
    start, end = (0.15, 1.85) if clockwise else (1.85, 0.15)
    steps = 40
    pts = []
    for i in range(steps + 1):
        a = math.pi * (start + (end - start) * i / steps) + math.pi / 2
        pts.append((rect.centerx + rect.w / 2 * math.cos(a), rect.centery + rect.h / 2 * math.sin(a)))
    pygame.draw.lines(surface, color, False, pts, width)
    (x1, y1), (x0, y0) = pts[-1], pts[-3]
    angle = math.atan2(y1 - y0, x1 - x0)
    size = width * 4
    head = [(x1 + math.cos(angle) * size, y1 + math.sin(angle) * size),
            (x1 + math.cos(angle + 2.4) * size, y1 + math.sin(angle + 2.4) * size),
            (x1 + math.cos(angle - 2.4) * size, y1 + math.sin(angle - 2.4) * size)]
    pygame.draw.polygon(surface, color, head)


def round_badge(app: Any, surface: pygame.Surface, text: str, center: tuple[int, int], size: int,
                fill: tuple[int, int, int] = BRASS) -> None:
    """A round badge with a short text: a place in the turn order, a slot's value, a count."""
    font = app.font(max(8, int(size * 0.7)), bold=True)
    img = font.render(text, True, INK_DARK)
    r = max(size // 2 + 1, img.get_width() // 2 + 3)
    pygame.draw.circle(surface, fill, center, r)
    pygame.draw.circle(surface, INK_DARK, center, r, 1)
    surface.blit(img, img.get_rect(center=center))


def ghost(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, alpha: int = 185) -> None:
    """A card not yet there (a pending choice, a preview): lighter, outlined."""
    img = image.copy()
    img.set_alpha(alpha)
    surface.blit(img, rect)
    card_outline(surface, rect, HIGHLIGHT)


def draw_regions(painter: Painter, surface: pygame.Surface, placements: Placements, view: View,
                 names: list[str], statuses: list[str], active: set[int], hand_state: dict[str, Any],
                 skip: frozenset[str] = frozenset(), hidden: dict[str, set[int]] | None = None,
                 lifted: dict[str, int] | None = None,
                 teams: list[tuple[str, tuple[int, int, int]] | None] | None = None) -> None:
    """Every region of the placements, in a stable order (markers over zones); `skip` names
    regions an animation draws itself (cards being turned over), `hidden` the cards of a region
    picked away by the composer, `lifted` the card under the mouse in a region, `teams` each
    seat's team (name, colour) for its plate."""
    zones = view["zones"]
    layout = painter.art.layout
    for region in placements.regions.values():
        if region.name in skip:
            continue
        if region.kind == PANEL and region.seat is not None and region.seat < len(names):
            seat = region.seat
            score = view["scores"][seat] if seat < len(view["scores"]) else None  # None: nobody plays it
            team = teams[seat] if teams and seat < len(teams) else None
            painter.panel(surface, region, names[seat], score, statuses[seat] if seat < len(statuses) else "", seat in active, team)
        elif region.zone is not None and region.card_size[0] > 0:  # no card size: a drop target only
            cards = zones[region.zone][region.seat] if region.seat is not None else zones[region.zone]
            cards = layout.region_cards(view, region, cards)  # the layout's picture ids (a fish's species)
            if region.source:  # the hand: dragged by the hand input, or picked by the composer
                picked = (hidden or {}).get(region.name)
                state = {**hand_state, "hidden": set(hand_state.get("hidden") or ()) | picked} if picked else hand_state
                painter.region(surface, region, cards, **state)
            else:
                painter.region(surface, region, cards, hidden=(hidden or {}).get(region.name),
                               lifted=(lifted or {}).get(region.name))
    for region in placements.regions.values():
        if region.kind == MARKER and region.name not in skip:  # a flying marker is drawn by its flight
            painter.marker(surface, region)
