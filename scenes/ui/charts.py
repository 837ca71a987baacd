"""Line and bar charts drawn with pygame's own shapes at the window's size (crisp at any size).

A line chart tells its series apart by a mark shape on every point (or at regular steps when
the points are many) and a legend naming each shape, never by colour alone, so it reads in
grey and for colour-blind players; the colours are the Okabe-Ito set, chosen for them too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.ui import theme
from scenes.ui.text import draw_text, fit_text

# Okabe & Ito's colours, which colour-blind eyes still tell apart (with marks to be sure)
COLORS = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (213, 94, 0), (204, 121, 167), (0, 114, 178),
          (238, 232, 214))
MARKS = ("circle", "square", "triangle", "diamond", "cross", "down", "plus", "star")
MAX_MARKS = 40  # marks per series: more points get one mark every few


def draw_mark(surface: pygame.Surface, shape: str, center: tuple[float, float], size: int, color: tuple[int, int, int],
              outline: tuple[int, int, int] | None = None) -> None:
    """One mark, `size` pixels across; a dark outline keeps a light mark visible on any line."""
    x, y = center
    r = max(2, size // 2)
    width = max(1, size // 5)
    points: list[tuple[float, float]] | None = None
    if shape == "square":
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "triangle":
        points = [(x, y - r * 1.15), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    elif shape == "down":
        points = [(x, y + r * 1.15), (x + r * 1.1, y - r * 0.8), (x - r * 1.1, y - r * 0.8)]
    elif shape == "diamond":
        points = [(x, y - r * 1.3), (x + r * 1.1, y), (x, y + r * 1.3), (x - r * 1.1, y)]
    elif shape == "star":
        points = []
        for i in range(10):
            angle = -math.pi / 2 + i * math.pi / 5
            reach = r * 1.3 if i % 2 == 0 else r * 0.55
            points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    if shape in ("cross", "plus"):
        offsets = ((-r, -r, r, r), (-r, r, r, -r)) if shape == "cross" else ((-r, 0, r, 0), (0, -r, 0, r))
        if outline is not None:
            for dx0, dy0, dx1, dy1 in offsets:
                pygame.draw.line(surface, outline, (x + dx0, y + dy0), (x + dx1, y + dy1), width + 3)
        for dx0, dy0, dx1, dy1 in offsets:
            pygame.draw.line(surface, color, (x + dx0, y + dy0), (x + dx1, y + dy1), width + 1)
        return
    if points is None:  # a circle
        if outline is not None:
            pygame.draw.circle(surface, outline, (round(x), round(y)), r + 1)
        pygame.draw.circle(surface, color, (round(x), round(y)), r)
        return
    if outline is not None:
        pygame.draw.polygon(surface, outline, points, 0)
        pygame.draw.polygon(surface, outline, points, 2)
    pygame.draw.polygon(surface, color, points, 0)


@dataclass
class Series:
    label: str
    points: list[tuple[float, float]]  # (x, y) in data units, x increasing
    color: tuple[int, int, int]
    mark: str
    note: Callable[[int], str] | None = None  # what hovering point i says (asked only then)


@dataclass
class Reference:
    """A horizontal line across the chart (a computer level's rating), named at its end."""

    value: float
    label: str


def nice_step(span: float, wanted: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about `wanted` ticks over `span`."""
    raw = max(span, 1e-9) / max(1, wanted)
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


class LineChart:
    """Series of points over a shared x axis; `hover(pos)` picks the nearest point."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.series: list[Series] = []
        self.references: list[Reference] = []
        self.x_text: Callable[[float], str] = lambda x: f"{x:g}"
        self.y_text: Callable[[float], str] = lambda y: f"{y:g}"
        self.y_floor: float | None = None  # the lowest y shown at least (0 for totals)
        self.x_ticks: list[float] = []  # where the x axis is labelled (empty: both ends and the middle)
        self.title = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.hovered: tuple[int, int] | None = None  # (series, point)
        self._screen: list[list[tuple[float, float]]] = []

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [x for s in self.series for x, _ in s.points]
        ys = [y for s in self.series for _, y in s.points] + [r.value for r in self.references]
        if self.y_floor is not None:
            ys.append(self.y_floor)
        if not xs:
            return 0.0, 1.0, 0.0, 1.0
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        if x1 == x0:
            x0, x1 = x0 - 1, x1 + 1
        if y1 == y0:
            y0, y1 = y0 - 1, y1 + 1
        step = nice_step(y1 - y0, 4)
        return x0, x1, math.floor(y0 / step) * step, math.ceil(y1 / step) * step

    def hover(self, pos: tuple[int, int] | None) -> None:
        self.hovered = None
        if pos is None or not self.plot.inflate(self.app.px(16), self.app.px(16)).collidepoint(pos):
            return
        best, reach = None, self.app.px(18) ** 2
        for s, points in enumerate(self._screen):
            for i, (x, y) in enumerate(points):
                d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
                if d <= reach:
                    best, reach = (s, i), d
        self.hovered = best

    def step_hover(self, delta: int) -> None:
        """Keyboard: the previous or next point of the first series (Left/Right)."""
        if not self.series or not self.series[0].points:
            return
        s, i = self.hovered if self.hovered is not None else (0, len(self.series[0].points) - (1 if delta < 0 else 0) - delta)
        count = len(self.series[s].points)
        self.hovered = (s, max(0, min(count - 1, i + delta)))

    def hovered_note(self) -> str | None:
        if self.hovered is None:
            return None
        s, i = self.hovered
        if s >= len(self.series) or i >= len(self.series[s].points):
            return None
        series = self.series[s]
        if series.note is not None:
            return series.note(i)
        x, y = series.points[i]
        return f"{series.label}: {self.y_text(y)} ({self.x_text(x)})"

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        app, px = self.app, self.app.px
        self.rect = pygame.Rect(rect)
        small = app.font(px(theme.SMALL_SIZE))
        line_h = small.get_linesize()
        top = rect.y
        if self.title:
            draw_text(surface, app.font(px(theme.SMALL_SIZE), bold=True), fit_text(small, self.title, rect.width), theme.ACCENT,
                      (rect.x, top))
            top += line_h + px(4)
        legend_h = self._legend_height(small, rect.width)
        x0, x1, y0, y1 = self.bounds()
        label_w = max(small.size(self.y_text(v))[0] for v in (y0, y1, (y0 + y1) / 2)) + px(8)
        self.plot = pygame.Rect(rect.x + label_w, top + px(6), max(px(40), rect.width - label_w - px(10)),
                                max(px(40), rect.bottom - top - px(6) - line_h - px(8) - legend_h))
        plot = self.plot
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, plot)

        def to_screen(x: float, y: float) -> tuple[float, float]:
            return (plot.x + (x - x0) / (x1 - x0) * plot.width, plot.bottom - (y - y0) / (y1 - y0) * plot.height)

        step = nice_step(y1 - y0, 4)
        value = y0
        while value <= y1 + step / 2:
            _, sy = to_screen(x0, value)
            pygame.draw.line(surface, theme.ROW_ALT, (plot.x, sy), (plot.right, sy), 1)
            draw_text(surface, small, self.y_text(value), theme.TEXT_DIM, (plot.x - px(6), round(sy)), "midright")
            value += step
        for ref in self.references:
            _, sy = to_screen(x0, ref.value)
            for dash in range(plot.x, plot.right, px(12)):
                pygame.draw.line(surface, theme.TEXT_DIM, (dash, sy), (min(plot.right, dash + px(6)), sy), max(1, px(1)))
            draw_text(surface, small, ref.label, theme.TEXT_DIM, (plot.right - px(4), round(sy) - px(2)), "bottomright")
        ticks = self.x_ticks if self.x_ticks else [x0, (x0 + x1) / 2, x1]
        room = float("-inf")
        for i, x in enumerate(ticks):
            sx, _ = to_screen(x, y0)
            text = self.x_text(x)
            anchor = "topleft" if i == 0 else "topright" if i == len(ticks) - 1 else "midtop"
            width = small.size(text)[0]
            left = sx if anchor == "topleft" else sx - width if anchor == "topright" else sx - width / 2
            if left < room + px(8):
                continue  # it would run into the label before it
            draw_text(surface, small, text, theme.TEXT_DIM, (round(sx), plot.bottom + px(4)), anchor)
            room = left + width
            if self.x_ticks:
                pygame.draw.line(surface, theme.PANEL_BORDER, (sx, plot.bottom), (sx, plot.bottom + px(3)), 1)
        pygame.draw.rect(surface, theme.PANEL_BORDER, plot, 1)
        size = max(8, px(13))
        width = max(2, px(3))
        self._screen = []
        clip = surface.get_clip()
        surface.set_clip(plot.inflate(size * 2, size * 2))
        for series in self.series:
            points = [to_screen(x, y) for x, y in series.points]
            self._screen.append(points)
            if len(points) > 1:
                pygame.draw.lines(surface, series.color, False, points, width)
            every = max(1, math.ceil(len(points) / MAX_MARKS))
            for i, point in enumerate(points):
                if i % every == 0 or i == len(points) - 1:
                    draw_mark(surface, series.mark, point, size, series.color, theme.BACKGROUND_DARK)
        if self.hovered is not None and self.hovered[0] < len(self._screen) and self.hovered[1] < len(self._screen[self.hovered[0]]):
            s, i = self.hovered
            point = self._screen[s][i]
            pygame.draw.circle(surface, theme.FOCUS, (round(point[0]), round(point[1])), size, max(2, px(2)))
        surface.set_clip(clip)
        self._draw_legend(surface, small, pygame.Rect(rect.x, plot.bottom + line_h + px(8), rect.width, legend_h), size)

    def _legend_items(self, font: pygame.font.Font) -> list[tuple[Series, int]]:
        px = self.app.px
        return [(s, px(14) + px(6) + font.size(s.label)[0] + px(16)) for s in self.series]

    def _legend_height(self, font: pygame.font.Font, width: int) -> int:
        if len(self.series) < 2:
            return 0
        rows, x = 1, 0
        for _, w in self._legend_items(font):
            if x and x + w > width:
                rows, x = rows + 1, 0
            x += w
        return rows * (font.get_linesize() + self.app.px(2))

    def _draw_legend(self, surface: pygame.Surface, font: pygame.font.Font, rect: pygame.Rect, size: int) -> None:
        if len(self.series) < 2:
            return
        px = self.app.px
        x, y = rect.x, rect.y
        for series, w in self._legend_items(font):
            if x > rect.x and x + w > rect.right:
                x, y = rect.x, y + font.get_linesize() + px(2)
            mid = y + font.get_linesize() // 2
            pygame.draw.line(surface, series.color, (x, mid), (x + px(14), mid), max(2, px(3)))
            draw_mark(surface, series.mark, (x + px(7), mid), size, series.color, theme.BACKGROUND_DARK)
            draw_text(surface, font, series.label, theme.TEXT, (x + px(20), mid), "midleft")
            x += w


@dataclass
class Bar:
    label: str
    share: float | None  # 0..1, None: nothing to show
    caption: str  # under the label ("12 matches")


def draw_bars(app: Any, surface: pygame.Surface, rect: pygame.Rect, bars: Sequence[Bar], title: str = "",
              selected: int | None = None) -> list[pygame.Rect]:
    """Vertical bars of shares (win share per level), each with its percentage written on it;
    the rects of the bars' columns (for hovering)."""
    px = app.px
    small = app.font(px(theme.SMALL_SIZE))
    bold = app.font(px(theme.SMALL_SIZE), bold=True)
    line_h = small.get_linesize()
    top = rect.y
    if title:
        draw_text(surface, bold, fit_text(bold, title, rect.width), theme.ACCENT, (rect.x, top))
        top += line_h + px(4)
    if not bars:
        return []
    area = pygame.Rect(rect.x, top + line_h + px(4), rect.width, max(px(30), rect.bottom - top - line_h * 3 - px(12)))
    pygame.draw.line(surface, theme.PANEL_BORDER, (area.x, area.bottom), (area.right, area.bottom), max(1, px(2)))
    column = area.width // len(bars)
    columns = []
    for i, bar in enumerate(bars):
        col = pygame.Rect(area.x + i * column, rect.y, column, rect.height)
        columns.append(col)
        width = max(px(10), int(column * 0.55))
        x = col.x + (column - width) // 2
        if i == selected:
            pygame.draw.rect(surface, theme.ROW_SELECTED, col.inflate(-px(4), 0), border_radius=px(4))
        if bar.share is not None:
            height = max(1, round(area.height * max(0.0, min(1.0, bar.share))))
            body = pygame.Rect(x, area.bottom - height, width, height)
            pygame.draw.rect(surface, COLORS[i % len(COLORS)], body)
            pygame.draw.rect(surface, theme.BACKGROUND_DARK, body, max(1, px(1)))
            draw_text(surface, bold, f"{round(100 * bar.share)} %", theme.TEXT, (col.centerx, body.y - px(2)), "midbottom")
        else:
            draw_text(surface, small, "—", theme.TEXT_DIM, (col.centerx, area.bottom - px(2)), "midbottom")
        draw_text(surface, small, fit_text(small, bar.label, column - px(4)), theme.TEXT, (col.centerx, area.bottom + px(4)), "midtop")
        draw_text(surface, small, fit_text(small, bar.caption, column - px(4)), theme.TEXT_DIM,
                  (col.centerx, area.bottom + px(4) + line_h), "midtop")
    return columns
