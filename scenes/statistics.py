"""Statistics: the figures of the player's matches, overall and per game, from the match index.

Tiles give matches, wins and win share, best and average score (per game), the current and
best streak of wins, the time played and the rating against the computer players
(game/ratings.py); a chart draws the rating over time (one line per game, or one game's line
with its computer levels' fixed ratings across it), bars the win share by the strongest
computer opponent, and a line the win share by player count.

Keys: Left/Right choose the game; Tab goes to the chart (Left/Right then step along its points,
each said at the foot) and to Back; Escape goes back. The mouse shows a point or a bar's figures.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from game import records
from game.matchindex import Figures, IndexUnavailable, epoch
from game.ratings import RATED_LEVELS, level_ratings
from scenes.base import Scene
from scenes.history import level_name, short_date
from scenes.replay import _game_name
from scenes.ui import theme
from scenes.ui.charts import COLORS, MARKS, Bar, LineChart, Reference, Series, draw_bars
from scenes.ui.text import draw_text, fit_text, wrap_text
from scenes.ui.widgets import Button, Choice, Form, Row, Text, Widget


def duration_text(app: Any, seconds: int) -> str:
    hours, rest = divmod(max(0, seconds), 3600)
    if hours:
        return app.tr("stats.hours", hours=hours, minutes=f"{rest // 60:02d}")
    return app.tr("stats.minutes", minutes=rest // 60)


def share_text(share: float | None) -> str:
    return "—" if share is None else f"{round(100 * share)} %"


class ChartStop(Widget):
    """The rating chart as a place the keyboard can reach (Left/Right step along its points)."""

    def __init__(self, chart: LineChart) -> None:
        super().__init__()
        self.chart = chart

    def step(self, delta: int) -> bool:
        self.chart.step_hover(delta)
        return True

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(app.px(8), app.px(8)), max(2, app.px(3)),
                             border_radius=app.px(theme.RADIUS))


class StatisticsScene(Scene):
    """The player's figures per game and overall (see the module)."""

    def __init__(self, app: Any, store: records.RecordStore | None = None) -> None:
        super().__init__(app)
        self.store = store if store is not None else records.RecordStore()
        self.overall = Figures()
        self.games: dict[str, Figures] = {}
        self.ratings: dict[str, list[tuple[str, float]]] = {}  # game -> (finished, rating) per rated match
        self._load()
        tr = app.tr
        options: list[tuple[Any, Text]] = [(None, lambda: tr("history.all_games"))]
        options += [(g, self._game_text(g)) for g in self.games]
        self.game = Choice(options, None, lambda _: self._chart())
        self.rating_chart = LineChart(app)
        self.chart_stop = ChartStop(self.rating_chart)
        self.back = Button(lambda: tr("common.back"), app.pop)
        self.form = Form(app, [Row(None, [self.game, self.back], [3, 1])])
        self.form.focus = self.game
        self.stops: list[Widget] = [self.game, self.chart_stop, self.back]
        self.focus: Widget = self.game
        self.bar_rects: list[pygame.Rect] = []
        self.bars: list[tuple[str, list[int]]] = []
        self.mouse: tuple[int, int] | None = None
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.bars_rect = pygame.Rect(0, 0, 0, 0)
        self._chart()

    def _game_text(self, game: str) -> Text:
        return lambda: _game_name(self.app, game)

    def _load(self) -> None:
        app = self.app
        try:
            with self.store.index() as index:
                note = index.take_rebuilt_note()
                if note is not None:
                    app.notify(app.tr(f"history.rebuilt.{note[0]}", count=note[2]), seconds=10)
                self.overall, self.games = index.figures()
                for game, figures in self.games.items():
                    self.ratings[game] = [(p.finished, p.rating) for p in figures.ratings]
        except IndexUnavailable as exc:
            app.notify(app.tr("history.index_unavailable", problem=str(exc)), seconds=20, error=True)

    def _rating_note(self, name: str, points: list[tuple[str, float]]) -> Callable[[int], str]:
        return lambda i: self.app.tr("stats.rating_point", game=name, rating=round(points[i][1]), date=short_date(self.app, points[i][0]))

    @property
    def figures(self) -> Figures:
        return self.games.get(self.game.value, self.overall) if self.game.value else self.overall

    def _chart(self) -> None:
        """The rating chart of the game chosen (every game's line for "all games")."""
        chart, app = self.rating_chart, self.app
        chart.series, chart.references, chart.hovered = [], [], None
        chosen = [self.game.value] if self.game.value else list(self.games)
        for i, game in enumerate(chosen):
            points = self.ratings.get(game) or []
            if not points:
                continue
            name = _game_name(app, game)
            chart.series.append(Series(name, [(epoch(f) or 0.0, r) for f, r in points], COLORS[i % len(COLORS)],
                                       MARKS[i % len(MARKS)], self._rating_note(name, points)))
        if self.game.value and chart.series:
            fixed = level_ratings(self.game.value)
            chart.references = [Reference(fixed[lv], level_name(app, lv, title=True)) for lv in ("easy", "medium", "hard")]
        chart.x_text = lambda x: short_date(app, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(x))).split(",")[0]
        chart.y_text = lambda y: f"{y:.0f}"
        chart.title = app.tr("stats.rating_title")
        figures = self.figures
        # (the matches without a computer player are won by a person of the table: no bar)
        self.bars = [(lv, figures.by_level[lv]) for lv in RATED_LEVELS if lv in figures.by_level]

    # ------------------------------------------------------------------ scene
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(1200), w - px(40))
        x = (w - width) // 2
        self.form.layout(pygame.Rect(x, px(58), width, px(theme.ROW_HEIGHT)))
        top = px(58) + px(theme.ROW_HEIGHT) + px(14) + self._tiles_height() + px(14)
        bottom = h - self.app.font(px(theme.SMALL_SIZE)).get_linesize() * 3 - px(24)
        split = int(width * 0.6)
        self.chart_rect = pygame.Rect(x, top, split - px(16), max(px(80), bottom - top))
        self.bars_rect = pygame.Rect(x + split, top, width - split, max(px(80), bottom - top))
        self.chart_stop.rect = self.chart_rect

    def _tiles_height(self) -> int:
        px = self.app.px
        return self.app.font(px(theme.SMALL_SIZE)).get_linesize() * 2 + self.app.font(px(theme.BODY_SIZE), bold=True).get_linesize() + px(16)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                back = key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                stops = [s for s in self.stops if s is not self.chart_stop or self.rating_chart.series]
                at = stops.index(self.focus) if self.focus in stops else 0
                self.focus = stops[(at + (-1 if back else 1)) % len(stops)]
                self.form.focus = self.focus if self.focus is not self.chart_stop else None
                if self.focus is not self.chart_stop:
                    self.rating_chart.hovered = None
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.step(-1 if key == pygame.K_LEFT else 1)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.focus.activate()
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.rating_chart.hover(event.pos)
        used = self.form.handle(event)
        if used and self.form.focus is not None:
            self.focus = self.form.focus
        return used

    def _note(self) -> str:
        if self.rating_chart.hovered is not None:
            return self.rating_chart.hovered_note() or ""
        if self.mouse is not None:
            for rect, (level, (matches, wins)) in zip(self.bar_rects, self.bars, strict=False):
                if rect.collidepoint(self.mouse):
                    return self.app.tr("stats.bar_point", level=self._level_label(level), wins=wins, matches=matches,
                                       share=share_text(wins / matches if matches else None))
        return self.app.tr("stats.keys")

    def _level_label(self, level: str) -> str:
        return self.app.tr("history.against", level=level_name(self.app, level)) if level != "none" else level_name(self.app, level)

    def _tiles(self) -> list[tuple[str, str, str]]:
        """(label, value, caption) of each tile."""
        tr, f = self.app.tr, self.figures
        one = self.game.value is not None
        tiles = [(tr("stats.matches"), f"{f.matches}", tr("stats.carried", count=f.carried) if f.carried else ""),
                 (tr("stats.wins"), share_text(f.win_share), tr("stats.wins_of", wins=f.wins, matches=f.matches))]
        if one:
            average = "—" if f.average_score is None else f"{f.average_score:.1f}".replace(".", tr("history.decimal"))
            tiles.append((tr("stats.best_lowest" if f.low else "stats.best"), "—" if f.best_score is None else str(f.best_score),
                          tr("stats.average", average=average)))
        tiles += [(tr("stats.streak"), str(f.current_streak), tr("stats.best_streak", count=f.best_streak)),
                  (tr("stats.time"), duration_text(self.app, f.seconds), "")]
        if one:
            rating = "—" if f.rating is None else f"{f.rating:.0f}"
            tiles.append((tr("stats.rating"), rating, tr("stats.rated", count=f.rated) if f.rated else tr("stats.not_rated")))
        else:
            tiles.append((tr("stats.games"), str(len(self.games)), ""))
        return tiles

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        draw_text(surface, app.font(px(theme.HEADING_SIZE), bold=True), app.tr("stats.title"), theme.ACCENT, (w // 2, px(14)),
                  "midtop")
        self.form.draw(surface)
        small, body = app.font(px(theme.SMALL_SIZE)), app.font(px(theme.BODY_SIZE))
        area = self.form.area
        if not self.overall.matches:
            for i, line in enumerate(wrap_text(body, app.tr("records.stats_none"), area.width)[:2]):
                draw_text(surface, body, line, theme.TEXT_DIM, (w // 2, area.bottom + px(60) + i * body.get_linesize()), "midtop")
            return
        self._draw_tiles(surface, pygame.Rect(area.x, area.bottom + px(14), area.width, self._tiles_height()))
        pygame.draw.rect(surface, theme.PANEL, self.chart_rect.inflate(px(12), px(12)), border_radius=px(theme.RADIUS))
        if self.rating_chart.series:
            self.rating_chart.draw(surface, self.chart_rect)
        else:
            draw_text(surface, app.font(px(theme.SMALL_SIZE), bold=True), app.tr("stats.rating_title"), theme.ACCENT,
                      self.chart_rect.topleft)
            for i, line in enumerate(wrap_text(small, app.tr("stats.no_rating"), self.chart_rect.width - px(20))[:4]):
                draw_text(surface, small, line, theme.TEXT_DIM, (self.chart_rect.x, self.chart_rect.y + px(30) + i * small.get_linesize()))
        self.chart_stop.draw(surface, app, self.chart_rect.inflate(px(12), px(12)), self.focus is self.chart_stop, False)
        pygame.draw.rect(surface, theme.PANEL, self.bars_rect.inflate(px(12), px(12)), border_radius=px(theme.RADIUS))
        bars = [Bar(level_name(app, lv, title=True), w_ / m if m else None, app.tr_count("stats.bar_matches", m))
                for lv, (m, w_) in self.bars]
        self.bar_rects = draw_bars(app, surface, self.bars_rect, bars, app.tr("stats.levels_title"))
        y = self.bars_rect.bottom + px(12)
        counts = sorted(self.figures.by_players.items())
        line = app.tr("stats.by_players", shares=" · ".join(
            app.tr("stats.players_share", count=n, share=share_text(wins / m if m else None), matches=m) for n, (m, wins) in counts))
        for text_line in wrap_text(small, line, area.width)[:2]:
            draw_text(surface, small, text_line, theme.TEXT, (area.x, y))
            y += small.get_linesize()
        note = self._note()
        draw_text(surface, small, fit_text(small, note, w - px(40)), theme.TEXT_DIM, (w // 2, h - px(4)), "midbottom")

    def _draw_tiles(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        app, px = self.app, self.app.px
        tiles = self._tiles()
        small, value_font = app.font(px(theme.SMALL_SIZE)), app.font(px(theme.BODY_SIZE), bold=True)
        gap = px(10)
        width = (rect.width - gap * (len(tiles) - 1)) // len(tiles)
        for i, (label, value, caption) in enumerate(tiles):
            tile = pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height)
            pygame.draw.rect(surface, theme.PANEL, tile, border_radius=px(theme.RADIUS))
            y = tile.y + px(6)
            draw_text(surface, small, fit_text(small, label, width - px(12)), theme.TEXT_DIM, (tile.centerx, y), "midtop")
            y += small.get_linesize()
            draw_text(surface, value_font, fit_text(value_font, value, width - px(12)), theme.WINNER, (tile.centerx, y), "midtop")
            y += value_font.get_linesize()
            if caption:
                draw_text(surface, small, fit_text(small, caption, width - px(12)), theme.TEXT_DIM, (tile.centerx, y), "midtop")
