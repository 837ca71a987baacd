"""The scoring moment: at the end of a day or round, each seat's breakdown counted on the table.

A score step whose ScoreChanged events carry `details` (what was counted: "prey", "hand",
"slot_3"...) is a *tally*: beside each scored seat's name plate a box lists the counted parts
(the game's `score.<part>` texts), line by line as the moment plays, then the day's points and
the new total. A layout names the zones whose cards are counted (`Layout.tally_zones`: shown face
up in the box, Jagdfieber's prey piles), what else the scoring counts (`Layout.tally_keep_clear`:
Jagdfieber's hands and lodges; areas to leave in view, Kill the Unicorns' hunt line and black
market) and may place the boxes itself (`Layout.tally_boxes`). The boxes never cover a name
plate; they keep clear of what is counted or kept in view, then of any card and any zone's
label, near their plate (a seat's own corner is free under its box: the box repeats it).
After a tally the table opens the score sheet by itself
(`Layout.sheet_after_scoring`), unless the match ends there (the results screen follows).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.events import GameOver, ScoreChanged
from game.engine.views import View
from scenes.table.layout import zone_cards
from scenes.table.painter import INK_DARK, Painter
from scenes.table.regions import MARKER, PANEL, Placements
from scenes.ui import theme
from scenes.ui.text import fit_text

TALLY = "tally"  # the animation step kind of a scoring with a breakdown
BOX_GAP = 6  # pixels between a box and a name plate, or two boxes
COVER_NEVER = 10_000  # weight of covering a name plate, the HUD, the captions or another box
COVER_SCORED = 30  # weight of covering what the scoring counts (a counted zone, a hand, a lodge)
COVER_CARDS = 4  # weight of covering any other card or marker on the table, or a zone's label
COVER_FRAME = 2  # weight of covering an empty zone or a layout's area (a hunt line, a market) and its labels
DISTANCE = 100  # weight of each pixel between a box and its plate
SCAN = 24  # pixels between the places tried for a box, when none beside its plate is clear


def is_tally_event(event: object) -> bool:
    """A score change that says what was counted (every game's end-of-day/round scoring)."""
    return isinstance(event, ScoreChanged) and bool(event.details)


@dataclass
class SeatTally:
    """One seat's count: the parts (label, points), the points of the day, the new total and
    the counted cards (picture ids, face up)."""

    seat: int
    parts: list[tuple[str, int]]
    delta: int
    total: int
    cards: list[str] = field(default_factory=list)


def build_tally(step: Any, view: View, layout: Any, text: Any, has_text: Any,
                placements: Placements | None = None) -> list[SeatTally]:
    """The seats' counts of a tally step, from its ScoreChanged events and the displayed view
    (`text(key)` a game text, `has_text(key)` whether the game has it); the counted cards of a
    zone the table draws face down (a prey pile) are listed, to be shown face up in the box."""
    out: list[SeatTally] = []
    zones = view.get("zones", {})
    for event in step.events:
        if not is_tally_event(event):
            continue
        parts = [(text(f"score.{name}") if has_text(f"score.{name}") else name, points)
                 for name, points in event.details if points]
        cards: list[str] = []
        for zone in layout.tally_zones:
            region = placements.zone(zone, event.seat) if placements is not None else None
            if region is not None and region.face == "up":
                continue  # the table shows them already: the box keeps clear of them instead
            per_seat = zones.get(zone)
            if isinstance(per_seat, list) and event.seat < len(per_seat) and isinstance(per_seat[event.seat], list):
                cards += [c for c in per_seat[event.seat] if c and c != "back"]
        out.append(SeatTally(event.seat, parts, event.delta, event.total, cards))
    return out


def ends_match(queue: Any) -> bool:
    """Whether the steps still to play end the match before another scoring (the results
    screen then follows, with the whole sheet)."""
    for step in queue:
        if step.kind == TALLY:
            return False
        if any(isinstance(e, GameOver) for e in step.events):
            return True
    return False


def sheet_as_shown(view: View, shown: list[int]) -> View:
    """`view` with its score sheet cut to the rows whose totals are the scores the table shows
    (`shown`): the engine may be further on than the animation. The sheet is the view's `sheet`
    (game.engine.flow.ScoreSheet.view). Unchanged when no cut fits."""
    sheet = view.get("sheet")
    if isinstance(sheet, dict):
        rows = list(sheet.get("rows") or [])
        count = _rows_to(shown, [list(row.get("points") or []) for row in rows])
        if count is not None and count < len(rows):
            return {**view, "sheet": {**sheet, "rows": rows[:count], "totals": list(shown), "winners": [], "tiebreak": ""}}
    return view


def keeps_clear(layout: Any, region: Any) -> bool:
    """Whether the layout asks the boxes to leave `region` in view (`Layout.tally_keep_clear`
    names its zone, its marker or, for an area the layout draws itself, its name: "info" for
    every seat's "info:<seat>")."""
    keep = layout.tally_keep_clear
    return (region.zone or region.marker) in keep or region.name in keep or region.name.split(":")[0] in keep


def _rows_to(shown: list[int], rows: list[list[int]]) -> int | None:
    """How many first rows add up to the `shown` totals (None: no number of rows does)."""
    if not shown:
        return None
    totals = [0] * len(shown)
    for count in range(len(rows) + 1):
        if count and totals == shown:
            return count
        if count < len(rows):
            totals = [t + (rows[count][s] if s < len(rows[count]) else 0) for s, t in enumerate(totals)]
    return None


def _spread(region: Any, view: View | None) -> pygame.Rect:
    """Where a region's cards lie (a grid may grow past its rectangle)."""
    if view is None:
        return pygame.Rect(region.rect)
    rects = region.card_rects(len(zone_cards(view, region)))
    return pygame.Rect(region.rect).unionall(rects) if rects else pygame.Rect(region.rect)


def _covered(regions: Any, view: View | None, layout: Any, seat: int,
             label: int = 0) -> list[tuple[pygame.Rect, int]]:
    """What `seat`'s box had better not cover, with its weight: what the scoring counts or the
    layout keeps in view (a zone, a marker or an area it names), then any other card or marker
    on the table, then the empty zones; each with a line of `label` pixels above and below it,
    where a zone's name and count are written ("Deck (30)"). The seat's own corner of the table
    is free under its box, but for its counted cards drawn face up (a village): the box repeats
    the rest (its prey pile shown face up in it, its hand and lodge as parts). A layout's other
    areas (its buttons' room) are free."""
    out: list[tuple[pygame.Rect, int]] = []
    for region in regions:
        if region.kind == PANEL:
            continue
        counted = region.zone in layout.tally_zones
        scored = counted or keeps_clear(layout, region)
        if region.seat == seat and (region.face == "down" or not counted):
            continue  # the seat's own corner: the box says what it counts there
        if scored:
            out.append((_spread(region, view).inflate(0, 2 * label), COVER_SCORED))
            continue
        cards = region.zone is not None and view is not None and any(zone_cards(view, region))
        if cards or region.kind == MARKER:
            rect = _spread(region, view) if cards else pygame.Rect(region.rect)
            out.append((rect, COVER_CARDS))
            out.append((rect.inflate(0, 2 * label), COVER_FRAME))  # its labels
        elif region.zone is not None and region.rect.w and region.rect.h:  # an empty zone: its frame, its name
            out.append((pygame.Rect(region.rect).inflate(0, 2 * label), COVER_FRAME))
    return out


class TallyPainter:
    """Measures, places and draws the tally boxes of one table."""

    def __init__(self, app: Any, painter: Painter) -> None:
        self.app = app
        self.painter = painter

    def _size(self) -> int:
        return max(10, self.app.px(theme.SMALL_SIZE - 1))

    def box_size(self, tally: SeatTally, table: pygame.Rect) -> tuple[int, int]:
        size = self._size()
        line = self.app.font(size).get_linesize()
        width = max(self.app.px(170), min(self.app.px(240), table.w // 4))
        rows = 2 + len(tally.parts)  # name and points, the parts, the total
        height = rows * line + self.app.px(12)
        if tally.cards:
            height += self._card_height(width) + self.app.px(6)
        return width, height

    def _card_height(self, width: int) -> int:
        return max(24, min(self.app.px(56), width // 5))

    def rects(self, tallies: list[SeatTally], placements: Placements, table: pygame.Rect,
              layout: Any, view: View | None = None) -> dict[int, pygame.Rect]:
        """Where each seat's box goes: the layout's choice, else beside its name plate, on the
        side towards the table's middle; pushed clear of every name plate and other box (the
        tallest boxes placed first, the others in the room left)."""
        sizes = {t.seat: self.box_size(t, table) for t in tallies}
        own = layout.tally_boxes(placements, table, sizes)
        if own is not None:
            return own
        regions = placements.regions.values()
        never = [r.rect for r in regions if r.kind == PANEL and r.seat is not None]  # name plates
        never += [placements.regions[name].rect for name in ("hud", "caption") if name in placements.regions]
        out: dict[int, pygame.Rect] = {}
        for tally in sorted(tallies, key=lambda t: -sizes[t.seat][1]):  # the tallest first: they fit fewer places
            panel = placements.panel(tally.seat)
            anchor = panel.rect if panel is not None else table
            label = self.app.font(self.app.px(theme.SMALL_SIZE)).get_linesize()
            obstacles = [(r, COVER_NEVER) for r in never + list(out.values())] + _covered(regions, view, layout, tally.seat, label)
            out[tally.seat] = self._clear(sizes[tally.seat], anchor, obstacles, table)
        return out

    @staticmethod
    def _clear(size: tuple[int, int], anchor: pygame.Rect, obstacles: list[tuple[pygame.Rect, int]],
               table: pygame.Rect) -> pygame.Rect:
        """A box of `size` beside its plate (`anchor`): towards the table's middle first, then
        the other side, then left or right of it, slid along; the first place that covers
        nothing. Else the table is scanned: no name plate nor other box covered, then the least
        weight of cards covered (what the scoring counts weighs most) and distance to its plate."""
        w, h = size
        gap = BOX_GAP
        below = pygame.Rect(0, anchor.bottom + gap, w, h)
        above = pygame.Rect(0, anchor.top - gap - h, w, h)
        sides = [below, above] if anchor.centery < table.centery else [above, below]
        candidates: list[pygame.Rect] = []
        for rect in sides:
            for shift in (0, -w // 2, w // 2, -w, w):
                candidates.append(pygame.Rect(anchor.centerx - w // 2 + shift, rect.y, w, h))
        for x in (anchor.right + gap, anchor.left - gap - w):
            for shift in (0, -h // 2, h // 2, -h, h):
                candidates.append(pygame.Rect(x, anchor.centery - h // 2 + shift, w, h))
        for x in range(table.x, max(table.x, table.right - w) + 1, SCAN):
            for y in range(table.y, max(table.y, table.bottom - h) + 1, SCAN):
                candidates.append(pygame.Rect(x, y, w, h))

        def cost(rect: pygame.Rect) -> tuple[int, float]:
            never, cover = 0, 0
            for obstacle, weight in obstacles:
                clip = rect.clip(obstacle)
                if weight >= COVER_NEVER:
                    never += clip.w * clip.h
                else:
                    cover += clip.w * clip.h * weight
            dx, dy = rect.centerx - anchor.centerx, rect.centery - anchor.centery
            return never, cover + DISTANCE * (dx * dx + dy * dy) ** 0.5

        best: tuple[tuple[int, float], int] | None = None
        for i, rect in enumerate(candidates):
            rect = candidates[i] = rect.clamp(table)
            found = cost(rect)
            if i < 20 and not any(rect.colliderect(o) for o, w in obstacles if w):  # beside the plate, clear: take it
                return rect
            if best is None or found < best[0]:
                best = (found, i)
        assert best is not None
        return candidates[best[1]]

    def draw(self, surface: pygame.Surface, tallies: list[SeatTally], rects: dict[int, pygame.Rect],
             name: Any, progress: float) -> None:
        """Each box; its parts appear one by one as the moment plays (`progress` 0..1)."""
        for tally in tallies:
            rect = rects.get(tally.seat)
            if rect is not None:
                self._box(surface, tally, rect, name(tally.seat), progress)

    def _box(self, surface: pygame.Surface, tally: SeatTally, rect: pygame.Rect, who: str, progress: float) -> None:
        px, tr = self.app.px, self.app.tr
        size = self._size()
        font, bold = self.app.font(size), self.app.font(size, True)
        line = font.get_linesize()
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*theme.BACKGROUND_DARK, 235))
        surface.blit(shade, rect)
        pygame.draw.rect(surface, theme.ACCENT, rect, max(1, px(2)), border_radius=px(6))
        inner = rect.inflate(-px(12), -px(12))
        y = inner.y
        head = self.painter.text(fit_text(bold, who, inner.w), size, theme.ACCENT, True)
        surface.blit(head, (inner.x, y))
        y += line
        if tally.cards:
            y = self._cards(surface, tally.cards, pygame.Rect(inner.x, y, inner.w, self._card_height(rect.w))) + px(6)
        shown = len(tally.parts) + 1
        visible = min(shown, int(progress * (shown + 0.5)) + 1)
        for label, points in tally.parts[:visible]:
            value = self.painter.text(f"{points:+d}", size, theme.TEXT, True)
            name = self.painter.text(fit_text(font, label, inner.w - value.get_width() - px(8)), size, theme.TEXT)
            surface.blit(name, (inner.x, y))
            surface.blit(value, value.get_rect(topright=(inner.right, y)))
            y += line
        if visible >= shown:
            pygame.draw.line(surface, theme.PANEL_BORDER, (inner.x, y), (inner.right, y))
            total = tr("table.tally_total", points=f"{tally.delta:+d}", total=tally.total)
            img = self.painter.text(fit_text(bold, total, inner.w), size, theme.ACCENT, True)
            surface.blit(img, img.get_rect(topright=(inner.right, y + 2)))

    def _cards(self, surface: pygame.Surface, cards: list[str], area: pygame.Rect) -> int:
        """The counted cards face up in a row (overlapping when many); returns the row's bottom."""
        h = area.h
        w = int(h * 0.7)
        step = w + 2 if len(cards) * (w + 2) <= area.w else max(4, (area.w - w) // max(1, len(cards) - 1))
        for i, card in enumerate(cards):
            rect = pygame.Rect(area.x + i * step, area.y, w, h)
            surface.blit(self.painter.art.card(card, rect.size), rect)
            pygame.draw.rect(surface, INK_DARK, rect, 1, border_radius=max(2, w // 10))
        return area.bottom
