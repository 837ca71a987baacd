"""Reading the table without the tour: tooltips on hover and keyboard focus, card zoom.

Hovering a zone, a marker, a name plate or a card (or cycling them with Tab) shows what it is,
its rule and its counts, as the layout's `tooltip` hook says (scenes/table/layout.py: its
default tells the pointed face-up card's name and rule first, then names the zone it lies in
from the game's YAML texts).
Right-click on a face-up card, or holding Z over it, shows it at full size.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.table.layout import zone_cards
from scenes.table.regions import GRID, MARKER, PANEL, RING, STACK, Region
from scenes.ui import theme
from scenes.ui.text import wrap_text

NOT_READ = ("hud", "caption")  # regions that are the table's own chrome, not the game's


class TableReader:
    """Hover/focus tooltips and the card zoom of one table scene."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.focus: str | None = None  # region name focused with Tab
        self.zoom: str | None = None  # picture id shown at full size
        self._held = False  # the zoom lasts while Z is held

    # ------------------------------------------------------------------ targets
    def regions(self) -> list[Region]:
        """Every region worth a tooltip, in Tab order (top to bottom, left to right)."""
        out = [r for r in self.scene.placements.regions.values()
               if r.name not in NOT_READ and (r.zone is not None or r.kind == MARKER or bool(r.label)
                   or (r.kind == PANEL and r.seat is not None))]
        return sorted(out, key=lambda r: (r.rect.y // 20, r.rect.x))

    def target(self) -> tuple[Region, int | None] | None:
        """The region (and card index) being read: the focused one, else the one under the mouse."""
        if self.focus is not None:
            region = self.scene.placements.regions.get(self.focus)
            if region is not None:
                return region, self._top_card(region)
            self.focus = None
        pos = self.scene.mouse
        if pos is None:
            return None
        hits = [r for r in self.regions() if self._covers(r, pos)]
        if not hits:
            return None
        # markers and cards lie over the zones they sit in: the smallest region under the pointer
        region = min(hits, key=lambda r: (r.kind == PANEL, r.rect.w * r.rect.h))
        return region, self._card_at(region, pos)

    def _covers(self, region: Region, pos: tuple[int, int]) -> bool:
        """Whether the pointer is on what the table draws of `region`: a hand, a grid or a ring
        draws no frame, only its cards (the felt beside them is no part of the zone)."""
        if not region.rect.collidepoint(pos):
            return False
        if not (region.source or region.kind in (GRID, RING)):
            return True
        cards = self._shown(region)
        if not cards:
            return True
        lift = region.card_size[1] // 6  # a hovered card of the hand is drawn raised
        return any(r.inflate(0, lift).move(0, -lift // 2).collidepoint(pos) for r in region.card_rects(len(cards)))

    def _shown(self, region: Region) -> list[str]:
        return zone_cards(self.scene.view, region) if region.card_size[0] > 0 else []

    def _card_at(self, region: Region, pos: tuple[int, int]) -> int | None:
        cards = self._shown(region)
        if not cards or region.face != "up":
            return None
        rects = region.card_rects(len(cards))
        if region.kind == STACK:
            return len(cards) - 1 if any(r.collidepoint(pos) for r in rects) else None
        for i in range(len(rects) - 1, -1, -1):  # later cards lie on top
            if rects[i].collidepoint(pos):
                return i
        return None

    def _top_card(self, region: Region) -> int | None:
        cards = self._shown(region)
        return len(cards) - 1 if cards and region.face == "up" else None

    def lines(self) -> list[str]:
        found = self.target()
        if found is None:
            return []
        region, index = found
        return self.scene.layout.tooltip(self.scene.ctx(), region, index)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if self.zoom is not None:
            if event.type == pygame.KEYUP and event.key == pygame.K_z and self._held:
                self.zoom, self._held = None, False
                return True
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.zoom, self._held = None, False
                return True
            return event.type == pygame.MOUSEBUTTONUP
        if event.type == pygame.MOUSEMOTION and self.focus is not None:
            self.focus = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self._zoom()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self._cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key == pygame.K_z and not event.mod & pygame.KMOD_CTRL:
                self._held = self._zoom()
                return self._held
            if event.key == pygame.K_ESCAPE and self.focus is not None:
                self.focus = None
                return True
        return False

    def _cycle(self, step: int) -> None:
        names = [r.name for r in self.regions()]
        if not names:
            return
        index = names.index(self.focus) + step if self.focus in names else (0 if step > 0 else -1)
        self.focus = names[index % len(names)]

    def _zoom(self) -> bool:
        found = self.target()
        if found is None or found[1] is None:
            return False
        self.zoom = self.scene.layout.zoom_card(self.scene.ctx(), found[0], found[1])
        return self.zoom is not None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.zoom is not None:
            self._draw_zoom(surface)
            return
        found = self.target()
        if found is None:
            return
        region, _ = found
        if self.focus is not None:
            pygame.draw.rect(surface, theme.FOCUS, region.rect.inflate(8, 8), 3, border_radius=8)
        lines = self.scene.layout.tooltip(self.scene.ctx(), region, found[1])
        if lines:
            anchor = self.scene.mouse if self.focus is None and self.scene.mouse else region.rect.midbottom
            draw_tooltip(surface, self.scene.app, lines, anchor, self.scene.rect)

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        ratio = self.scene.theme.card_ratio
        ch = int(h * 0.8)
        size = (int(ch * ratio), ch)
        rect = pygame.Rect((0, 0), size)
        rect.center = (w // 2, h // 2)
        surface.blit(self.scene.art.card(self.zoom, size), rect)


def draw_tooltip(surface: pygame.Surface, app: Any, lines: list[str], anchor: tuple[int, int],
                 bounds: pygame.Rect | None = None) -> pygame.Rect:
    """A box of wrapped lines next to `anchor`, kept on screen (inside `bounds` when given: the
    table, never over the log beside it); the first line in bold."""
    px = app.px
    area = surface.get_rect() if bounds is None else bounds.clip(surface.get_rect())
    w, h = area.right, area.bottom
    width = min(app.tx(380), w - px(16))
    font, bold = app.font(app.tx(theme.SMALL_SIZE)), app.font(app.tx(theme.SMALL_SIZE), bold=True)
    rows: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        f = bold if i == 0 else font
        rows.extend((part, i == 0) for part in (wrap_text(f, line, width - px(20)) if line else [""]))
    lh = font.get_linesize()
    box = pygame.Rect(0, 0, width, len(rows) * lh + px(16))
    box.topleft = (anchor[0] + px(16), anchor[1] + px(16))
    if box.right > w - px(4):
        box.right = anchor[0] - px(8)
    if box.bottom > h - px(4):
        box.bottom = anchor[1] - px(8)
    box.clamp_ip(area)
    pygame.draw.rect(surface, theme.BACKGROUND_DARK, box, border_radius=px(6))
    pygame.draw.rect(surface, theme.FOCUS, box, 1, border_radius=px(6))
    y = box.y + px(8)
    for text, heading in rows:
        img = (bold if heading else font).render(text, True, theme.ACCENT if heading else theme.TEXT)
        surface.blit(img, (box.x + px(10), y))
        y += lh
    return box
