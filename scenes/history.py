"""History: every finished match, newest first, from the match index (game/matchindex.py).

The list reads only the rows it shows (a page of the index at a time), so it opens at once with
ten thousand matches and never leaves one out: "12-24 of 10,000" says where you are. Filters
(game, player count, computer level, won or lost, solo / same screen / network, hints) and a
search by a player's name narrow it; Enter replays the selected match, and it can be exported
(its record and its review, to share it or report a problem) or removed (after a confirmation).
The foot says how much room the records take, with the "keep the latest N matches" setting:
nothing is removed unless the player chooses it and confirms.

Keys: Up/Down, Page Up/Down, Home/End move in the list; Tab goes from the filters to the list
to the buttons; Left/Right change a filter; typing searches; Enter replays; Delete removes;
Escape clears the filters, then goes back.
"""

from __future__ import annotations

import calendar
import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

import pygame

from game import paths, records
from game.matchindex import Entry, Filters, IndexUnavailable, MatchIndex
from scenes.base import Scene
from scenes.replay import _game_name, open_replay
from scenes.settings_store import KEEP_MATCHES
from scenes.ui import theme
from scenes.ui.question import draw_question, handle_question, place_question
from scenes.ui.text import draw_text, fit_text, wrap_text
from scenes.ui.widgets import Button, Choice, Form, Row, Text, TextField, Widget

LIST_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
DOUBLE_CLICK_SECONDS = 0.45
BUILD_IN_BACKGROUND = 500  # records: more, and a missing index is built while the screen says how far


def size_text(app: Any, size: int) -> str:
    """1.2 MB, 640 kB: the size of the records, in the language's own units."""
    for unit, scale in (("gb", 1e9), ("mb", 1e6), ("kb", 1e3)):
        if size >= scale:
            return app.tr(f"history.size.{unit}", size=f"{size / scale:.1f}".replace(".", app.tr("history.decimal")))
    return app.tr("history.size.b", size=size)


def short_date(app: Any, stamp: str) -> str:
    """"27 nov. 2026, 09:15" in local time; the text itself when it is not a time."""
    try:
        when = time.localtime(calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")))
    except (ValueError, OverflowError):
        return stamp
    months = [m.strip() for m in app.tr("history.months").split(",")]
    month = months[when.tm_mon - 1] if len(months) == 12 else str(when.tm_mon)
    return app.tr("history.date", day=when.tm_mday, month=month, year=when.tm_year, hour=f"{when.tm_hour:02d}",
                  minute=f"{when.tm_min:02d}")


def level_name(app: Any, level: str, title: bool = False) -> str:
    """A computer level in a sentence ("hard"), or as a title (`title`: "Hard", the setup's word)."""
    if title and level in ("easy", "medium", "hard"):
        return app.tr(f"level.{level}")
    return app.tr(f"history.level.{level if level and level != 'none' else 'no_computer'}")


class SearchField(TextField):
    """The search by a player's name: says what it is for while empty."""

    def __init__(self, app: Any, on_change: Callable[[str], None]) -> None:
        super().__init__("", max_length=30, on_change=on_change)
        self.app = app

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        super().draw(surface, app, rect, focused, hovered)
        if not self.value and not focused:
            font = app.font(app.px(theme.BODY_SIZE))
            draw_text(surface, font, fit_text(font, app.tr("history.search"), rect.width - app.px(20)), theme.TEXT_DIM,
                      (rect.x + app.px(10), rect.centery), "midleft")


class MatchList(Widget):
    """The matches as lines, read from the index a page at a time (never all of them)."""

    def __init__(self, scene: HistoryScene) -> None:
        super().__init__(tooltip=lambda: scene.selected_tip())
        self.scene = scene
        self.total = 0
        self.top = 0
        self.selected = 0
        self.rows = 1
        self._page: tuple[int, int, list[Entry]] = (-1, 0, [])
        self.line_rects: list[tuple[int, pygame.Rect]] = []
        self.track = pygame.Rect(0, 0, 0, 0)

    def reload(self, keep: str | None = None) -> None:
        """Count again (filters changed, a match removed); `keep`: the match to stay on."""
        index = self.scene.index
        filters = self.scene.filters
        self.total = index.count(filters) if index is not None else 0
        self._page = (-1, 0, [])
        found = index.position(keep, filters) if index is not None and keep else None
        self.selected = found if found is not None else min(self.selected, max(0, self.total - 1))
        self._show_selected()

    def entries(self) -> list[Entry]:
        """The lines on screen (fetched once per scroll position)."""
        index = self.scene.index
        if index is None:
            return []
        if self._page[:2] != (self.top, self.rows):
            self._page = (self.top, self.rows, index.page(self.scene.filters, self.top, self.rows))
        return self._page[2]

    def current(self) -> Entry | None:
        entries = self.entries()
        at = self.selected - self.top
        return entries[at] if 0 <= at < len(entries) else None

    def select(self, row: int) -> None:
        if self.total:
            self.selected = max(0, min(self.total - 1, row))
            self._show_selected()

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(max(0, self.total - self.rows), self.top + rows))
        self.selected = max(self.top, min(self.top + self.rows - 1, self.selected, self.total - 1))

    def _show_selected(self) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.rows:
            self.top = self.selected - self.rows + 1
        self.top = max(0, min(self.top, max(0, self.total - self.rows)))

    def key_move(self, key: int) -> None:
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.rows, pygame.K_PAGEDOWN: self.rows}
        if key == pygame.K_HOME:
            self.select(0)
        elif key == pygame.K_END:
            self.select(self.total - 1)
        else:
            self.select(self.selected + moves[key])

    def activate(self) -> None:
        self.scene.replay_selected()

    def click(self, pos: tuple[int, int]) -> None:
        if self.track.collidepoint(pos) and self.total > self.rows:  # the scroll bar: go there
            share = (pos[1] - self.track.y) / max(1, self.track.height)
            self.top = max(0, min(self.total - self.rows, round(share * self.total - self.rows / 2)))
            self.select(max(self.top, min(self.selected, self.top + self.rows - 1)))
            return
        for row, rect in self.line_rects:
            if rect.collidepoint(pos):
                again = row == self.selected and time.monotonic() - self.scene.last_click < DOUBLE_CLICK_SECONDS
                self.select(row)
                self.scene.last_click = time.monotonic()
                if again:
                    self.scene.replay_selected()
                return

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.rows = max(1, (rect.height - self.header_height()) // self.line_height())
        self._show_selected()

    def line_height(self) -> int:
        app = self.scene.app
        return app.font(app.px(theme.SMALL_SIZE)).get_linesize() + app.px(12)

    def header_height(self) -> int:
        app = self.scene.app
        return app.font(app.px(theme.SMALL_SIZE)).get_linesize() + app.px(8)

    def columns(self) -> list[int]:
        """The x of each column: date, game, result, players, what kind of match."""
        width, x = self.rect.width - self.scene.app.px(16), self.rect.x + self.scene.app.px(8)
        share = (0.19, 0.17, 0.10, 0.40, 0.14)
        starts, at = [], x
        for part in share:
            starts.append(at)
            at += int(width * part)
        return starts + [x + width]

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        px = app.px
        bold = app.font(px(theme.SMALL_SIZE), bold=True)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=px(theme.RADIUS))
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(px(6), px(6)), max(2, px(3)), border_radius=px(theme.RADIUS + 3))
        cols = self.columns()
        head_y = rect.y + px(4)
        for i, key in enumerate(("date", "game", "result", "players", "kind")):
            draw_text(surface, bold, fit_text(bold, app.tr(f"history.column.{key}"), cols[i + 1] - cols[i] - px(6)),
                      theme.ACCENT, (cols[i], head_y))
        y = rect.y + self.header_height()
        line_h = self.line_height()
        self.line_rects = []
        for offset, entry in enumerate(self.entries()):
            row = self.top + offset
            line = pygame.Rect(rect.x + px(4), y, rect.width - px(20), line_h)
            self.line_rects.append((row, line))
            if row == self.selected:
                pygame.draw.rect(surface, theme.ROW_SELECTED, line, border_radius=px(4))
                if focused:
                    pygame.draw.rect(surface, theme.FOCUS, line, max(1, px(2)), border_radius=px(4))
            elif offset % 2:
                pygame.draw.rect(surface, theme.ROW_ALT, line)
            self._draw_entry(surface, entry, cols, line.centery)
            y += line_h
        self._draw_scrollbar(surface, rect)

    def _draw_entry(self, surface: pygame.Surface, entry: Entry, cols: list[int], mid: int) -> None:
        app, px = self.scene.app, self.scene.app.px
        small = app.font(px(theme.SMALL_SIZE))

        def cell(i: int, text: str, color: tuple[int, int, int] = theme.TEXT) -> None:
            draw_text(surface, small, fit_text(small, text, cols[i + 1] - cols[i] - px(8)), color, (cols[i], mid), "midleft")

        cell(0, short_date(app, entry.finished), theme.TEXT_DIM)
        if not entry.readable:
            width = cols[-1] - cols[1] - px(8)
            text = app.tr("history.unreadable", file=entry.file or "", problem=entry.problem or "")
            draw_text(surface, small, fit_text(small, text, width), theme.TEXT_DISABLED, (cols[1], mid), "midleft")
            return
        cell(1, _game_name(app, entry.game))
        if entry.won is None:
            cell(2, "—", theme.TEXT_DIM)
        else:
            cell(2, app.tr("history.won" if entry.won else "history.lost"), theme.WINNER if entry.won else theme.TEXT_DIM)
        parts = []
        for seat, name in enumerate(entry.names):
            score = entry.scores[seat] if seat < len(entry.scores) else ""
            parts.append(f"{'★' if seat in entry.winners else ''}{app.shown_name(name, seat)} {score}")
        cell(3, " · ".join(parts))
        cell(4, self.scene.kind_text(entry), theme.TEXT_DIM)

    def _draw_scrollbar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.scene.app.px
        self.track = pygame.Rect(rect.right - px(14), rect.y + self.header_height(), px(10),
                                 rect.height - self.header_height() - px(6))
        if self.total <= self.rows:
            return
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, self.track, border_radius=px(4))
        thumb_h = max(px(20), int(self.track.height * self.rows / self.total))
        span = max(1, self.total - self.rows)
        thumb_y = self.track.y + int((self.track.height - thumb_h) * self.top / span)
        pygame.draw.rect(surface, theme.PANEL_BORDER, (self.track.x, thumb_y, self.track.width, thumb_h), border_radius=px(4))


class HistoryScene(Scene):
    """The finished matches with filters, search, replay, export and removal (see the module)."""

    def __init__(self, app: Any, store: records.RecordStore | None = None) -> None:
        super().__init__(app)
        self.store = store if store is not None else records.RecordStore()
        self.index: MatchIndex | None = None
        self.filters = Filters()
        self.last_click = 0.0
        self.confirming: str | None = None  # "remove" or "keep", while its question is shown
        self.pending_keep = 0
        self.disk = (0, 0)
        self.building: threading.Thread | None = None  # the index built from the records, meanwhile
        self.built = [0, 0]
        records.set_keep_latest(app.settings.keep_matches)
        self._open_index()
        tr = app.tr
        self.list = MatchList(self)
        self.search = SearchField(app, self._searched)
        self.game = Choice([(None, lambda: tr("history.all_games"))], None, lambda _: self.refilter())
        self.players = Choice([(None, lambda: tr("history.all_players"))], None, lambda _: self.refilter())
        self.level = Choice([(None, lambda: tr("history.all_levels"))], None, lambda _: self.refilter())
        self.result = Choice([(None, lambda: tr("history.all_results")), ("won", lambda: tr("history.filter_won")),
                              ("lost", lambda: tr("history.filter_lost"))], None, lambda _: self.refilter())
        modes: list[tuple[Any, Text]] = [(None, self.say("history.all_modes"))]
        modes += [(m, self.say(f"history.mode.{m}")) for m in ("solo", "hotseat", "network", "bots")]
        self.mode = Choice(modes, None, lambda _: self.refilter())
        self.coached = Choice([(None, lambda: tr("history.all_hints")), (True, lambda: tr("history.with_hints")),
                               (False, lambda: tr("history.without_hints"))], None, lambda _: self.refilter())
        self.clear = Button(lambda: tr("history.clear"), self.clear_filters, tooltip=lambda: tr("history.clear_tip"))
        self._fill_choices()
        self.filter_form = Form(app, [Row(None, [self.search, self.game, self.players, self.clear], [1.4, 1.3, 1.0, 0.7]),
                                      Row(None, [self.level, self.result, self.mode, self.coached])])
        self.replay = Button(lambda: tr("history.replay"), self.replay_selected, primary=True)
        self.review = Button(lambda: tr("review.history_button"), self.review_selected,
                             tooltip=lambda: tr("review.history_tip"))  # "Review my moves" (scenes/review.py)
        self.export = Button(lambda: tr("history.export"), self.export_selected, tooltip=lambda: tr("history.export_tip"))
        self.remove = Button(lambda: tr("history.remove"), self.ask_remove)
        self.stats = Button(lambda: tr("history.statistics"), lambda: app.push(app.scene("statistics")))
        keeps = sorted({*KEEP_MATCHES, app.settings.keep_matches}, key=lambda n: (n != 0, -n))
        kept = [(n, self.say("history.keep_latest", count=n) if n else self.say("history.keep_all")) for n in keeps]
        self.keep = Choice(kept, app.settings.keep_matches, self._keep_changed, tooltip=lambda: tr("history.keep_tip"))
        self.back = Button(lambda: tr("common.back"), app.pop)
        self.action_form = Form(app, [Row(None, [self.replay, self.review, self.export, self.remove, self.stats, self.keep, self.back],
                                          [1.0, 0.9, 1.0, 1.0, 1.15, 1.6, 0.8])])
        self.confirm_yes = Button(lambda: tr("history.confirm_remove") if self.confirming == "remove" else tr("history.confirm_keep"),
                                  self.confirmed)
        self.confirm_no = Button(lambda: tr("continue.cancel"), self.cancel)
        self.confirm_form = Form(app, [Row(None, [self.confirm_yes, self.confirm_no])])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.stops: list[Widget] = [self.search, self.game, self.players, self.clear, self.level, self.result, self.mode,
                                    self.coached, self.list, self.replay, self.review, self.export, self.remove, self.stats, self.keep,
                                    self.back]
        self.focus: Widget = self.list
        self.list.reload()
        self._update_buttons()

    # ------------------------------------------------------------------ the index
    def _open_index(self) -> None:
        app = self.app
        probe = MatchIndex(self.store.root)
        if self.building is None and probe.needs_building() and probe.records_count() > BUILD_IN_BACKGROUND:
            self._build(probe)
            return
        try:
            self.index = self.store.index()
        except IndexUnavailable as exc:
            self.index = None
            app.notify(app.tr("history.index_unavailable", problem=str(exc)), seconds=20, error=True)
            return
        note = self.index.take_rebuilt_note()
        if note is not None:
            why, _, count = note
            app.notify(app.tr(f"history.rebuilt.{why}", count=count), seconds=10)
        for problem in self.index.problems:
            app.notify(app.tr("records.stats_corrupt", problem=problem), seconds=20, error=True)
        self.disk = self.index.disk_use()

    def _build(self, index: MatchIndex) -> None:
        """Many records and no usable index: built on a thread while the screen says how far."""
        self.built = [0, index.records_count()]

        def progress(done: int, total: int) -> None:
            self.built[:] = [done, total]

        def build() -> None:
            index.progress = progress
            with contextlib.suppress(IndexUnavailable):  # opening again on the main thread says why
                index.open(sync=False).close()

        self.building = threading.Thread(target=build, name="match index", daemon=True)
        self.building.start()

    def animating(self) -> bool:
        return self.building is not None

    def update(self, dt: float) -> None:
        if self.building is not None and not self.building.is_alive():
            self.building.join()
            self._open_index()
            self.building = None
            self._fill_choices()
            self.list.reload()
            self._update_buttons()

    def exit(self) -> None:
        if self.index is not None:
            self.index.close()
            self.index = None

    def resume(self) -> None:
        """Back from a replay or the statistics: a match may have been finished meanwhile."""
        if self.index is not None:
            keep = current.match_id if (current := self.list.current()) is not None else None
            self.index.sync()
            self.disk = self.index.disk_use()
            self.list.reload(keep)

    def _fill_choices(self) -> None:
        index = self.index
        games = index.games() if index is not None else []
        from game.engine import registry

        order = {g: i for i, g in enumerate(registry.GAMES)}
        games.sort(key=lambda g: (order.get(g, len(order)), g))
        named: list[tuple[Any, Text]] = [(None, self.say("history.all_games"))]
        self.game.set_options(named + [(g, self._game_text(g)) for g in games])
        counts = index.player_counts() if index is not None else []
        named = [(None, self.say("history.all_players"))]
        self.players.set_options(named + [(n, self.say("history.players", count=n)) for n in counts if n])
        levels = index.levels_present() if index is not None else []
        named = [(None, self.say("history.all_levels"))]
        self.level.set_options(named + [(lv, self._level_text(lv)) for lv in levels])

    def say(self, key: str, **params: Any) -> Text:
        """A label that reads its text when drawn (a language switch shows at once)."""
        return lambda: self.app.tr(key, **params)

    def _game_text(self, game: str) -> Text:
        return lambda: _game_name(self.app, game)

    def _level_text(self, level: str) -> Text:
        return lambda: self.app.tr("history.against", level=level_name(self.app, level))

    # ------------------------------------------------------------------ filters
    def _searched(self, _text: str) -> None:
        self.refilter()

    def refilter(self) -> None:
        self.filters = Filters(self.game.value, self.players.value, self.level.value, self.result.value, self.mode.value,
                               self.coached.value, self.search.value)
        self.list.selected = 0
        self.list.reload()
        self._update_buttons()

    def clear_filters(self) -> None:
        for choice in (self.game, self.players, self.level, self.result, self.mode, self.coached):
            choice.index = 0
        self.search.value = ""
        self.refilter()

    def kind_text(self, entry: Entry) -> str:
        """"vs Hard · hints": the strongest computer opponent, how it was played, hints."""
        tr = self.app.tr
        parts = []
        bots = [lv for lv in entry.levels if lv]
        if bots:
            from game.ratings import strongest

            parts.append(tr("history.versus", level=level_name(self.app, strongest(bots))))
        if entry.mode in ("hotseat", "network", "bots"):
            parts.append(tr(f"history.mode.{entry.mode}"))
        if entry.coached:
            parts.append(tr("history.hinted"))
        return " · ".join(parts)

    # ------------------------------------------------------------------ actions
    def _path(self, entry: Entry) -> Any:
        return self.store.history_dir / (entry.file or "")

    def _update_buttons(self) -> None:
        entry = self.list.current()
        self.replay.enabled = entry is not None and entry.readable
        self.review.enabled = self.replay.enabled and entry is not None and "human" in entry.kinds
        self.export.enabled = self.remove.enabled = entry is not None

    def review_selected(self) -> None:
        """The decisions of the match where the coach would have played differently."""
        from scenes.review import open_review

        entry = self.list.current()
        if entry is not None and entry.readable and "human" in entry.kinds:
            open_review(self.app, self._path(entry))

    def replay_selected(self) -> None:
        entry = self.list.current()
        if entry is not None and entry.readable:
            open_replay(self.app, self._path(entry))

    def export_selected(self) -> None:
        entry = self.list.current()
        if entry is None:
            return
        folder = paths.exports_dir()
        try:
            written = self.store.export(self._path(entry), folder)
        except OSError as exc:
            self.app.notify(self.app.tr("history.export_failed", problem=f"{folder}: {exc.strerror or exc}"), seconds=15, error=True)
            return
        self.app.notify(self.app.tr("history.exported", files=", ".join(p.name for p in written), folder=str(folder)), seconds=15)

    def ask_remove(self) -> None:
        if self.list.current() is not None:
            self.confirming = "remove"
            self.confirm_form.focus = self.confirm_no

    def _keep_changed(self, count: int) -> None:
        """A smaller number than the matches kept asks first; a larger one applies at once."""
        if count and self.disk[1] > count:
            self.pending_keep = count
            self.confirming = "keep"
            self.confirm_form.focus = self.confirm_no
            return
        self._set_keep(count)

    def _set_keep(self, count: int) -> None:
        self.app.settings.keep_matches = count
        records.set_keep_latest(count)
        self.app.save_settings()

    def cancel(self) -> None:
        if self.confirming == "keep":
            self.keep.set_value(self.app.settings.keep_matches)
        self.confirming = None

    def confirmed(self) -> None:
        what, self.confirming = self.confirming, None
        if self.index is None:
            return
        try:
            if what == "remove" and (entry := self.list.current()) is not None:
                self.index.remove(entry.match_id)
                self.app.notify(self.app.tr("history.removed"), seconds=6)
            elif what == "keep":
                self._set_keep(self.pending_keep)
                removed = self.index.keep_latest(self.pending_keep)
                self.app.notify(self.app.tr_count("history.kept", removed), seconds=10)
        except OSError as exc:
            self.app.notify(self.app.tr("history.remove_failed", problem=str(exc)), seconds=15, error=True)
        self.disk = self.index.disk_use()
        self._fill_choices()
        self.list.reload()
        self._update_buttons()

    def selected_tip(self) -> str:
        entry = self.list.current()
        if entry is None:
            return ""
        if not entry.readable:
            return self.app.tr("history.unreadable", file=entry.file or "", problem=entry.problem or "")
        return str(self._path(entry))

    def confirm_text(self) -> str:
        tr = self.app.tr
        if self.confirming == "keep":
            return tr("history.ask_keep", count=self.pending_keep, removed=self.disk[1] - self.pending_keep)
        entry = self.list.current()
        if entry is None:
            return ""
        what = (f"{short_date(self.app, entry.finished)} · {_game_name(self.app, entry.game)}" if entry.readable
                else entry.file or "")
        return tr("history.ask_remove", match=what)

    # ------------------------------------------------------------------ scene
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(1200), w - px(40))
        x = (w - width) // 2
        top = px(62)
        row = px(theme.ROW_HEIGHT) * 2 + px(10)
        self.filter_form.layout(pygame.Rect(x, top, width, row))
        foot = px(theme.ROW_HEIGHT) + self.app.font(px(theme.SMALL_SIZE)).get_linesize() * 2 + px(20)
        self.list.layout(pygame.Rect(x, top + row + px(12), width, h - top - row - px(12) - foot))
        self.action_form.layout(pygame.Rect(x, h - foot + px(8), width, px(theme.ROW_HEIGHT)))
        self.panel = place_question(self.app, size, self.confirm_form, 620, 200)

    def _forms(self) -> tuple[Form, Form]:
        return self.filter_form, self.action_form

    def _set_focus(self, widget: Widget) -> None:
        self.focus = widget
        for form in self._forms():
            form.focus = widget if widget in form.widgets() else None

    def _move_focus(self, delta: int) -> None:
        stops = [s for s in self.stops if s.focusable]
        at = stops.index(self.focus) if self.focus in stops else 0
        self._set_focus(stops[(at + delta) % len(stops)])

    def handle(self, event: pygame.event.Event) -> bool:
        if self.confirming is not None:
            return handle_question(event, self.confirm_form, self.cancel)
        used = self._handle(event)
        self._update_buttons()
        return used

    def _handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            if self.focus is not self.search and event.text.strip():  # typing searches
                self._set_focus(self.search)
            return self.search.key(event) if self.focus is self.search else False
        if event.type == pygame.MOUSEWHEEL:  # the forms never scroll: the wheel is the list's
            self.list.scroll(-event.y * 3)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list.rect.collidepoint(event.pos):
            self._set_focus(self.list)
            self.list.click(event.pos)
            return True
        for form in self._forms():
            if form.handle(event):
                if form.focus is not None:
                    self.focus = form.focus
                    other = self.action_form if form is self.filter_form else self.filter_form
                    other.focus = None
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if not self.filters.empty:
                self.clear_filters()
            else:
                self.app.pop()
            return True
        if key == pygame.K_TAB:
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.focus is self.list:
            if key in LIST_KEYS:
                self.list.key_move(key)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.replay_selected()
                return True
            if key == pygame.K_DELETE:
                self.ask_remove()
                return True
            return False
        if key in (pygame.K_UP, pygame.K_DOWN):
            self._move_focus(-1 if key == pygame.K_UP else 1)
            return True
        if self.focus is self.search and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._set_focus(self.list)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus.step(-1 if key == pygame.K_LEFT else 1):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not self.search:
            self.focus.activate()
            return True
        return self.focus.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        draw_text(surface, app.font(px(theme.HEADING_SIZE), bold=True), app.tr("records.history_title"), theme.ACCENT,
                  (w // 2, px(14)), "midtop")
        self.filter_form.draw(surface)
        self.list.draw(surface, app, self.list.rect, self.focus is self.list, False)
        small = app.font(px(theme.SMALL_SIZE))
        body = app.font(px(theme.BODY_SIZE))
        if self.building is not None:
            empty = app.tr("history.building", done=self.built[0], total=self.built[1])
            for i, line in enumerate(wrap_text(body, empty, self.list.rect.width - px(40))[:2]):
                draw_text(surface, body, line, theme.TEXT, (self.list.rect.centerx, self.list.rect.y + px(70) + i * body.get_linesize()),
                          "midtop")
        elif not self.list.total:
            empty = app.tr("records.history_empty") if self.filters.empty else app.tr("history.none_fit")
            for i, line in enumerate(wrap_text(body, empty, self.list.rect.width - px(40))[:2]):
                draw_text(surface, body, line, theme.TEXT_DIM,
                          (self.list.rect.centerx, self.list.rect.y + px(70) + i * body.get_linesize()), "midtop")
        self.action_form.draw(surface)
        y = self.action_form.area.bottom + px(8)
        first = self.list.top + 1 if self.list.total else 0
        shown = app.tr("history.showing", first=first, last=min(self.list.total, self.list.top + self.list.rows),
                       total=self.list.total) if self.list.total else app.tr("history.showing_none")
        use = app.tr("history.disk", size=size_text(app, self.disk[0]), count=self.disk[1])
        draw_text(surface, small, fit_text(small, f"{shown} · {use}", w - px(40)), theme.TEXT, (w // 2, y), "midtop")
        tip = self._tip() or app.tr("history.keys")
        draw_text(surface, small, fit_text(small, tip, w - px(40)), theme.TEXT_DIM, (w // 2, h - px(4)), "midbottom")
        if self.confirming is not None:
            self._draw_confirm(surface)

    def _tip(self) -> str | None:
        for form in self._forms():
            for widget in (form.hover, form.focus):
                if widget is not None and widget.tooltip is not None and widget is not self.list:
                    return widget.tooltip()
        return self.list.tooltip() if self.focus is self.list and self.list.tooltip else None

    def _draw_confirm(self, surface: pygame.Surface) -> None:
        draw_question(surface, self.app, self.panel, self.confirm_text(), self.confirm_form, lines=4)
