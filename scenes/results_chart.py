"""The results screen's chart: each seat's running total round by round, one line per seat, each
with its own mark (and colour), named in a legend, so it reads without colour.

It is drawn from the view's score sheet (game.engine.flow.ScoreSheet.view), whatever the game,
when the sheet has two rounds or more; the results screen shows it in place of the sheet
table (button or C).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.views import View
from scenes.results import sheet_of
from scenes.ui.charts import COLORS, MARKS, LineChart, Series


class RunningTotals:
    """The chart of a finished match's sheet, or `available` False when it has one round."""

    def __init__(self, app: Any, rules: Any, view: View, names: list[str]) -> None:
        self.app = app
        sheet = sheet_of(view)
        rows = [list(row["points"]) for row in sheet.get("rows") or []]
        numbers = [row.get("number", i + 1) for i, row in enumerate(sheet.get("rows") or [])]
        label = sheet.get("label") or "sheet.row"
        self.available = len(rows) >= 2 and all(len(r) == len(names) for r in rows)
        self.chart = LineChart(app)
        self.chart.y_floor = 0
        if not self.available:
            return
        row_name = {i + 1: app.game_text(rules, label, number=n) for i, n in enumerate(numbers)}
        start = app.tr("results.chart_start")
        self.chart.x_text = lambda x: row_name.get(round(x), start)
        self.chart.title = app.tr("results.chart_title")
        self.chart.x_ticks = [float(i) for i in range(len(rows) + 1)]
        for seat, name in enumerate(names):
            total, points = 0, [(0.0, 0.0)]
            for i, row in enumerate(rows):
                total += row[seat]
                points.append((float(i + 1), float(total)))
            self.chart.series.append(Series(name, points, COLORS[seat % len(COLORS)], MARKS[seat % len(MARKS)],
                                            self._note(name, points, row_name, start)))

    def _note(self, name: str, points: list[tuple[float, float]], rows: dict[int, str], start: str) -> Callable[[int], str]:
        return lambda i: self.app.tr("results.chart_point", name=name, total=round(points[i][1]), row=rows.get(i, start))

    def hover(self, pos: tuple[int, int] | None) -> None:
        self.chart.hover(pos)

    def note(self) -> str | None:
        return self.chart.hovered_note()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.chart.draw(surface, rect)
