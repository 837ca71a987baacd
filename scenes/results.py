"""End of a match: ranking, winners (shared victories too), the score sheet and what next.

Generic over games: every game's public view carries its engine ScoreSheet as `view["sheet"]`
(game.engine.flow.ScoreSheet.view: rows of points per seat with each seat's {part: points},
totals, winners, the tie-break note, whether the lowest total wins), and the game texts named by
the sheet's row label ("sheet.row"), "score.<part>" and "tiebreak.<note>".

A game may also give its final count part by part, `view["breakdown"]`:
    {"parts": [{"part": str, "points": [per seat], "counts": [per seat]}, ...],
     "totals": [per seat], "verdict": {"key": game text, "params": {...}}}
The results screen then shows one line per part (game text "score.<part>"; parts worth nothing
and counting nothing for anyone are left out) instead of the rows of the sheet; a selected line tells what each seat
counted (game text "breakdown.<part>" with {count} and {points}, ".none" for 0, and the form
that agrees with the count in the player's language: game/languages.py), and the verdict (its "seat" params by name) says why the winners won, in place
of the tie-break note.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

import pygame

from game import languages
from game.engine import registry
from game.engine.views import SheetView, View
from game.match import HUMAN
from scenes.base import Scene
from scenes.ui import theme
from scenes.ui.guard import InputGuard
from scenes.ui.text import READABLE_PX, draw_text, fit_middle, fit_text, wrap_text, wrap_words
from scenes.ui.widgets import Button, Form, Row


def signed(points: int) -> str:
    """+4, −2, 0: the score-sheet way of writing points."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


HEADER_FLOOR = 13  # the smallest print (at 1280x720) the names over the sheet's columns shrink to
DETAIL_LINES = 2  # lines of the selected row's detail per seat, at most


def ranking(scores: list[int], winners: list[int], lower_wins: bool = False) -> list[tuple[int, int]]:
    """[(rank, seat)] best first: winners first (tie-break applied), then by total; equal totals share a rank."""
    sign = 1 if lower_wins else -1
    order = sorted(range(len(scores)), key=lambda s: (s not in winners, sign * scores[s], s))
    result: list[tuple[int, int]] = []
    for i, seat in enumerate(order):
        if i and (seat in winners) == (order[i - 1] in winners) and scores[seat] == scores[order[i - 1]]:
            result.append((result[-1][0], seat))
        else:
            result.append((i + 1, seat))
    return result


def breakdown_sheet(app: Any, rules: Any, view: View, names: list[str]) -> dict[str, Any] | None:
    """The view's final breakdown as a score sheet (one row per part that scored for anyone, or
    that the game marks `always`; each seat's count told by the game's texts); None when the
    game gives none."""
    data = view.get("breakdown")
    if not isinstance(data, dict) or not data.get("parts"):
        return None
    rows = []
    for entry in data["parts"]:
        points = list(entry["points"])
        counts = list(entry.get("counts") or [0] * len(points))
        if not entry.get("always") and not any(points) and not any(counts):
            continue  # nobody counted anything there (no pâté, no rainbow...), and it may go
        key = f"breakdown.{entry['part']}"
        notes = []
        for seat, (p, c) in enumerate(zip(points, counts, strict=True)):
            form = languages.counted_key(rules.has_text, key, app.settings.language, c)
            note = app.game_text(rules, form, count=c, points=signed(p)) if rules.has_text(key) else signed(p)
            notes.append(app.tr("sheet.seat_detail", name=names[seat] if seat < len(names) else "", items=note))
        rows.append({"label": f"score.{entry['part']}", "points": points, "notes": notes})
    sheet = sheet_of(view)
    return {**sheet, "rows": rows, "totals": list(data.get("totals") or sheet.get("totals") or [])}


def verdict_text(app: Any, rules: Any, view: View, names: list[str]) -> str:
    """Why the winners won, from the view's breakdown (seats by name); '' when not given."""
    data = view.get("breakdown")
    verdict = data.get("verdict") if isinstance(data, dict) else None
    if not isinstance(verdict, dict) or not verdict.get("key"):
        return ""
    params = dict(verdict.get("params") or {})
    for name, value in params.items():
        if name in ("seat", "winner") and isinstance(value, int) and 0 <= value < len(names):
            params[name] = names[value]
    return app.game_text(rules, verdict["key"], **params)


def sheet_of(view: View) -> SheetView:
    """The view's score sheet (ScoreSheet.view); a view without one gets an empty sheet with
    its totals."""
    sheet = view.get("sheet")
    if isinstance(sheet, dict):
        return sheet
    return {"label": "sheet.row", "lower_wins": False, "rows": [], "totals": list(view.get("scores") or []),
            "winners": list(view.get("winners") or []), "tiebreak": view.get("tiebreak") or ""}


class ScoreSheetView:
    """The score sheet as a table: one line per completed row (day, round...), then the totals.

    A selected line (keyboard Up/Down or mouse hover) shows how each seat's points were made.
    """

    def __init__(self, app: Any, rules: Any, view: View, names: list[str], data: dict[str, Any] | None = None) -> None:
        self.app = app
        self.rules = rules
        shown: Mapping[str, Any] = data or sheet_of(view)  # a breakdown's rows are labelled and told
        rows = list(shown.get("rows") or [])
        self.labels: list[str | None] = [row.get("label") for row in rows]  # a row's own game text (a breakdown's part)
        self.notes: list[list[str] | None] = [row.get("notes") for row in rows]  # a row's line per seat, told
        self.label: str = shown.get("label") or "sheet.row"
        self.sheet: list[list[int]] = [list(row["points"]) for row in rows]
        self.details: list[list[dict[str, int]]] = [list(row.get("details") or []) for row in rows]
        self.numbers: list[int] = [row.get("number", i + 1) for i, row in enumerate(rows)]
        self.names = names
        self.winners = list(shown.get("winners") or [])
        self.tiebreak: str = shown.get("tiebreak") or ""
        self.lower_wins = bool(shown.get("lower_wins"))
        self.totals = list(shown.get("totals") or [sum(row[s] for row in self.sheet) for s in range(len(names))])
        self.selected = len(self.sheet) - 1 if self.sheet else None  # the last round
        if self.sheet and any(self.labels):  # a breakdown: its first part, at the top
            self.selected = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.line_rects: list[pygame.Rect] = []

    def move(self, delta: int) -> None:
        if self.sheet:
            current = self.selected if self.selected is not None else -1
            self.selected = max(0, min(len(self.sheet) - 1, current + delta))

    def hover(self, pos: tuple[int, int]) -> None:
        for i, rect in enumerate(self.line_rects):
            if rect.collidepoint(pos):
                self.selected = i

    def row_label(self, index: int) -> str:
        own = self.labels[index] if index < len(self.labels) else None
        return self.app.game_text(self.rules, own or self.label, number=self.numbers[index])

    def detail_lines(self, index: int | None = None) -> list[str]:
        """The selected row (or row `index`) explained, one line per seat ("Anna: Prey pile +6,
        Cards in hand −3")."""
        selected = self.selected if index is None else index
        if selected is None or selected >= len(self.details):
            return []
        lines = [self.app.tr("sheet.detail", row=self.row_label(selected))]
        notes = self.notes[selected] if selected < len(self.notes) else None
        if notes:
            return lines + list(notes)
        for seat, detail in enumerate(self.details[selected]):
            items = ", ".join(
                self.app.tr("sheet.part", part=self.app.game_text(self.rules, f"score.{part}"), points=signed(points))
                for part, points in detail.items()
                if points
            )
            lines.append(self.app.tr("sheet.seat_detail", name=self.names[seat], items=items or self.app.tr("sheet.nothing")))
        return lines

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        app, px = self.app, self.app.px
        self.rect = rect
        font, bold = app.font(px(theme.BODY_SIZE)), app.font(px(theme.BODY_SIZE), bold=True)
        line_h = font.get_linesize() + px(8)
        first, col = self.columns(rect.width)
        y = rect.y
        head_font, heads = self.headers(col)
        head_h = self.header_height(col)
        for s, lines in enumerate(heads):
            color = theme.WINNER if s in self.winners else theme.ACCENT
            top = y + (head_h - len(lines) * head_font.get_linesize()) // 2
            for k, text_line in enumerate(lines):
                draw_text(surface, head_font, text_line, color, (rect.x + first + col * s + col // 2, top + k * head_font.get_linesize()), "midtop")
        y += head_h
        self.line_rects = []
        small_h = app.font(px(theme.SMALL_SIZE)).get_linesize()
        room = (rect.bottom - y - line_h - px(14) - (len(self.names) + 1) * small_h) // line_h
        first_row = 0  # rows that do not all fit scroll with the selection (Up/Down)
        if len(self.sheet) > max(1, room):
            first_row = max(0, min(len(self.sheet) - max(1, room), (self.selected or 0) - max(1, room) + 1))
        for i, row in enumerate(self.sheet):
            if i < first_row or i >= first_row + max(1, room) and len(self.sheet) > max(1, room):
                self.line_rects.append(pygame.Rect(0, 0, 0, 0))
                continue
            line = pygame.Rect(rect.x, y, rect.width, line_h)
            self.line_rects.append(line)
            if i == self.selected:
                pygame.draw.rect(surface, theme.ROW_SELECTED, line, border_radius=px(4))
            elif i % 2:
                pygame.draw.rect(surface, theme.ROW_ALT, line)
            label = self.row_label(i)
            if (i == first_row and first_row > 0) or (i == first_row + max(1, room) - 1 and i < len(self.sheet) - 1):
                label = ("▲ " if i == first_row and first_row > 0 else "▼ ") + label  # more lines: Up/Down
            draw_text(surface, font, fit_text(font, label, first - px(8)), theme.TEXT, (rect.x + px(8), line.centery), "midleft")
            for s, points in enumerate(row):
                draw_text(surface, font, signed(points), theme.TEXT, (rect.x + first + col * s + col // 2, line.centery), "center")
            y += line_h
        pygame.draw.line(surface, theme.PANEL_BORDER, (rect.x, y + px(2)), (rect.right, y + px(2)), max(1, px(2)))
        y += px(6)
        draw_text(surface, bold, app.tr("sheet.total"), theme.ACCENT, (rect.x + px(8), y + line_h // 2), "midleft")
        for s, total in enumerate(self.totals):
            color = theme.WINNER if s in self.winners else theme.TEXT
            draw_text(surface, bold, str(total), color, (rect.x + first + col * s + col // 2, y + line_h // 2), "center")
        y += line_h + px(8)
        small = app.font(px(theme.SMALL_SIZE))
        for i, detail in enumerate(self.detail_lines()):
            for text_line in wrap_text(small, detail, rect.width - px(8))[:DETAIL_LINES]:
                draw_text(surface, small, text_line, theme.ACCENT if i == 0 else theme.TEXT_DIM, (rect.x + px(8), y))
                y += small.get_linesize()

    def columns(self, width: int) -> tuple[int, int]:
        """The width of the row names' column and of each seat's column in `width` pixels."""
        font, px = self.app.font(self.app.px(theme.BODY_SIZE)), self.app.px
        widest = max((font.size(f"▼ {self.row_label(i)}")[0] for i in range(len(self.sheet))), default=0) + px(16)
        first = max(int(width * 0.22), min(widest, int(width * 0.36)))  # row names whole when they can be
        return first, (width - first) // max(1, len(self.names))

    def headers(self, col: int) -> tuple[pygame.font.Font, list[list[str]]]:
        """Each seat's name over its column, telling the seats apart at any count and window
        size: whole on one line, else on two at word boundaries ("Ordinateur" / "3"), in one
        print for all, smaller down to HEADER_FLOOR; a name even that cannot hold is cut in its
        middle, so that its end (a number, a last name) still reads."""
        app = self.app
        size = app.px(theme.BODY_SIZE)
        width = max(8, col - app.px(8))
        floor = min(size, max(READABLE_PX, app.px(HEADER_FLOOR)))

        def wrapped(name: str, s: int) -> list[str] | None:
            lines = wrap_words(app.font(s, True), name, width)
            return lines if lines is not None and len(lines) <= 2 else None

        # the common print: the largest every name holds whole in (a name too long even at the
        # floor does not make the others smaller: it alone is cut)
        holding = [name for name in self.names if wrapped(name, floor) is not None]
        common = next((s for s in range(size, floor - 1, -1) if all(wrapped(n, s) is not None for n in holding)), floor)
        font = app.font(common, True)
        return font, [wrapped(name, common) or [fit_middle(font, name, width)] for name in self.names]

    def header_height(self, col: int) -> int:
        """The height of the names' row: one line of the sheet, or the names' two lines."""
        px = self.app.px
        line_h = self.app.font(px(theme.BODY_SIZE)).get_linesize() + px(8)
        font, heads = self.headers(col)
        return max(line_h, max((len(lines) for lines in heads), default=1) * font.get_linesize() + px(6))

    def height(self, width: int | None = None) -> int:
        """The sheet's height: its names' row and the details of any row as they are laid out
        in `width` pixels, if given (a detail line too long wraps: the last one was clipped)."""
        px = self.app.px
        line_h = self.app.font(px(theme.BODY_SIZE)).get_linesize() + px(8)
        head = self.header_height(self.columns(width)[1]) if width else line_h
        small = self.app.font(px(theme.SMALL_SIZE))
        details = len(self.names) + 1 if self.details else 0
        if width and self.details:
            details = max(sum(min(DETAIL_LINES, len(wrap_text(small, line, width - px(8)))) for line in self.detail_lines(i))
                          for i in range(len(self.details)))
        return line_h * (len(self.sheet) + 1) + head + px(16) + details * small.get_linesize()


class ResultsScene(Scene):
    """Shown by the table when the match is over: app.replace(ResultsScene(app, match)).

    It takes no key or click typed ahead for the table (scenes/ui/guard.py: the Enter that
    played the last card, or a player still typing, must not leave it unread), and "Main menu"
    has the focus, never "Play again".
    """

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app)
        self.match = match
        self.config = match.config
        self.rules = getattr(match, "rules", None) or registry.load(self.config.game_id)
        self.view = match.state.view(None)
        self.names = [app.shown_name(seat.name, i) for i, seat in enumerate(self.config.seats)]
        humans = [i for i, seat in enumerate(self.config.seats) if seat.kind == HUMAN]
        self.reader = humans[0] if len(humans) == 1 else None  # the person looking (not in hot-seat)
        if getattr(match, "reader", None) is not None:  # a network seat: its player is at this screen
            self.reader = match.reader
        self.teams: dict[str, list[int]] = dict(self.view.get("teams") or {})
        self.sheet = ScoreSheetView(app, self.rules, self.view, self.names, breakdown_sheet(app, self.rules, self.view, self.names))
        self.scores = list(self.sheet.totals or self.view.get("scores") or match.state.scores())
        self.winners = list(self.sheet.winners or match.state.winners())
        self.tiebreak = self.sheet.tiebreak
        self.verdict = verdict_text(app, self.rules, self.view, self.names)
        self.again = Button(lambda: app.tr("results.play_again"), self.play_again, primary=True)
        self.menu = Button(lambda: app.tr("results.main_menu"), app.main_menu)
        # a network match is played again from its host's New game, not from one seat's window
        again = [self.again] if getattr(match, "play_again", True) else []
        from scenes.results_chart import RunningTotals
        from scenes.review import finished_record, open_review

        self.chart = RunningTotals(app, self.rules, self.view, self.names)
        self.show_chart = False
        self.chart_button = Button(lambda: app.tr("results.show_table" if self.show_chart else "results.show_chart"),
                                   self.toggle_chart, tooltip=lambda: app.tr("results.chart_tip"))
        charted = [self.chart_button] if self.chart.available else []
        self.record_path = finished_record(match)  # "Review my moves" (scenes/review.py): a local match's
        record_path = self.record_path

        def review_moves() -> None:
            if record_path is not None:
                open_review(app, record_path)

        review = [Button(lambda: app.tr("review.button"), review_moves)] if record_path else []
        buttons = [self.menu, *again, *review, *charted]
        if review:  # four labels share the row by their lengths: each whole ("Rejouer avec les mêmes joueurs")
            font = app.font(app.px(theme.BODY_SIZE), bold=True)
            weights = [float(font.size(b.label())[0] + app.px(20)) for b in buttons]
        else:
            weights = [1.0, *([1.5 if charted else 1.0] * len(again)), *([0.6] * len(charted))]
        self.form = Form(app, [Row(None, buttons, weights)])
        self.form.focus = self.menu
        self.guard = InputGuard()  # keys typed ahead for the table do not leave the results unread
        self.next_config: Any = None

    def enter(self) -> None:
        self.app.play_sound("score")

    def toggle_chart(self) -> None:
        """The score sheet's table, or the chart of the running totals in its place."""
        self.show_chart = self.chart.available and not self.show_chart

    def play_again(self) -> None:
        """Same players and options, a new deal."""
        self.next_config = dataclasses.replace(self.config, seed=random.randrange(2**31))
        try:
            table = self.app.scene("table", config=self.next_config)
        except ImportError as exc:
            self.app.notify(self.app.tr("setup.table_missing", problem=str(exc)), error=True)
            return
        self.app.replace(table)

    def title(self) -> str:
        """"Winner: Ann"; a team game names the team ("The blue team wins: Ann, Cy")."""
        team = self._winning_team()
        if team is not None:
            team_names = ", ".join(self.names[s] for s in self.teams[team] if s < len(self.names))
            return self.app.game_text(self.rules, f"team_wins.{team}", names=team_names)
        names = [self.names[s] for s in self.winners if s < len(self.names)]
        if len(names) == 1 and self.winners[0] == self.reader:
            return self.app.tr("results.winner_you")
        if len(names) == 1:
            return self.app.tr("results.winner", name=names[0])
        return self.app.tr("results.shared", names=", ".join(names))

    def _winning_team(self) -> str | None:
        """The team (the view's `teams`) whose seats are the winners, when the game has one."""
        for team, seats in self.teams.items():
            if self.winners and set(self.winners) <= set(seats) and self.rules.has_text(f"team_wins.{team}"):
                return str(team)
        return None

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        wide = self.chart.available or len(self.form.widgets()) > 2  # the chart, the review: more buttons
        width = min(px(1100 if wide else 900), w - px(24 if len(self.form.widgets()) > 3 else 60))  # "Rejouer avec les mêmes joueurs" fits uncut
        self.form.layout(pygame.Rect((w - width) // 2, h - px(theme.ROW_HEIGHT) - px(24), width, px(theme.ROW_HEIGHT)))

    def update(self, dt: float) -> None:
        self.guard.update(dt)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.guard.blocks(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.sheet.move(-1 if event.key == pygame.K_UP else 1)
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.main_menu()
                return True
            if event.key == pygame.K_c and self.chart.available:
                self.toggle_chart()
                return True
        if event.type == pygame.MOUSEMOTION:
            self.sheet.hover(event.pos)
            self.chart.hover(event.pos if self.show_chart else None)
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        lang = app.settings.language
        y = px(24)
        draw_text(surface, app.font(px(theme.SMALL_SIZE)), app.tr("results.title", game=self.rules.name(lang)), theme.TEXT_DIM, (w // 2, y), "midtop")
        y += px(26)
        draw_text(surface, app.font(px(theme.HEADING_SIZE * 1.2), bold=True), self.title(), theme.WINNER, (w // 2, y), "midtop")
        y += px(50)
        if self.verdict or self.tiebreak:
            note = self.verdict or app.game_text(self.rules, f"tiebreak.{self.tiebreak}")
            body = app.font(px(theme.BODY_SIZE))
            for text_line in wrap_text(body, note, w - px(60))[:2]:
                draw_text(surface, body, text_line, theme.TEXT, (w // 2, y), "midtop")
                y += body.get_linesize()
            y += px(34) - body.get_linesize()
        width = min(px(900), w - px(60))
        x = (w - width) // 2
        font = app.font(px(theme.BODY_SIZE))
        lines = []
        for rank, seat in ranking(self.scores, self.winners, self.sheet.lower_wins):
            total = self.scores[seat]
            points = app.tr_count("results.points_lost", total) if self.sheet.lower_wins else app.tr_count("results.points", total)
            lines.append((app.tr("results.rank_line", rank=rank, name=self.names[seat], points=points), seat in self.winners))
        if len(lines) * font.get_linesize() + self.sheet.height(width) > h - y - px(theme.ROW_HEIGHT) - px(52):
            # a small window: the ranking on one or two lines, so that the sheet keeps its room
            small = app.font(px(theme.SMALL_SIZE))
            for text_line in wrap_text(small, "   ".join(text.replace(" ", "\u00a0") for text, _ in lines), width)[:2]:
                draw_text(surface, small, text_line, theme.TEXT, (w // 2, y), "midtop")
                y += small.get_linesize()
        else:
            for text, won in lines:
                draw_text(surface, font, text, theme.WINNER if won else theme.TEXT, (x + width // 4, y), "topleft")
                y += font.get_linesize()
        y += px(12)
        sheet_rect = pygame.Rect(x, y, width, max(px(80), h - y - px(theme.ROW_HEIGHT) - px(40)))
        pygame.draw.rect(surface, theme.PANEL, sheet_rect.inflate(px(16), px(12)), border_radius=px(theme.RADIUS))
        clip = surface.get_clip()
        surface.set_clip(sheet_rect)
        if self.show_chart:
            self.chart.draw(surface, sheet_rect)
        else:
            self.sheet.draw(surface, sheet_rect)
        surface.set_clip(clip)
        self.form.draw(surface)
        tip = (self.chart.note() if self.show_chart else None) or self.form.tooltip()
        if tip:
            small = app.font(px(theme.SMALL_SIZE))
            draw_text(surface, small, fit_text(small, tip, w - px(40)), theme.TEXT_DIM, (w // 2, h - px(4)), "midbottom")


class ScoreSheetScene(Scene):
    """The score sheet as an overlay over the table during a match (Escape or a click closes it)."""

    opaque = False

    def __init__(self, app: Any, rules: Any, view: View, names: list[str], guarded: bool = False) -> None:
        """`guarded`: the sheet opened by itself after a scoring, while the player may still be
        typing for the table: it takes no key or click typed ahead (scenes/ui/guard.py)."""
        super().__init__(app)
        self.rules = rules
        self.guard = InputGuard() if guarded else None
        self.sheet = ScoreSheetView(app, rules, view, names)
        self.close = Button(lambda: app.tr("common.close"), app.pop)
        self.form = Form(app, [Row(None, [self.close])])
        self.form.focus = self.close
        self.panel = pygame.Rect(0, 0, 0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(900), w - px(40))
        # the title, the sheet, its button: as body (draw) takes them, every line of it inside
        height = min(h - px(40), self.sheet.height(width - px(40)) + px(60) + px(theme.ROW_HEIGHT) + px(24) + px(4))
        self.panel = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self.form.layout(pygame.Rect(self.panel.centerx - px(120), self.panel.bottom - px(theme.ROW_HEIGHT) - px(14), px(240), px(theme.ROW_HEIGHT)))

    def update(self, dt: float) -> None:
        if self.guard is not None:
            self.guard.update(dt)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.guard is not None and self.guard.blocks(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.sheet.move(-1 if event.key == pygame.K_UP else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.sheet.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.panel.collidepoint(event.pos):
            self.app.pop()
            return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=px(theme.RADIUS))
        pygame.draw.rect(surface, theme.PANEL_BORDER, self.panel, max(1, px(2)), border_radius=px(theme.RADIUS))
        draw_text(surface, app.font(px(theme.HEADING_SIZE), bold=True), app.tr("sheet.title"), theme.ACCENT, (self.panel.centerx, self.panel.y + px(14)), "midtop")
        body = self.panel.inflate(-px(40), 0)
        body.y, body.height = self.panel.y + px(60), self.panel.height - px(60) - px(theme.ROW_HEIGHT) - px(24)
        clip = surface.get_clip()
        surface.set_clip(body)
        self.sheet.draw(surface, body)
        surface.set_clip(clip)
        self.form.draw(surface)
