""""Continue": every unfinished match (game, players, when, progress), newest first.

Enter or a click resumes one at the table; its delete button asks for a confirmation first (the
safe choice, "Cancel", has the focus). An unreadable autosave is listed with its problem and can
be deleted but not resumed.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import records
from scenes.base import Scene
from scenes.replay import RecordsResumer, _date, _game_name
from scenes.ui import theme
from scenes.ui.question import draw_question, handle_question, place_question
from scenes.ui.text import draw_text, fit_text
from scenes.ui.widgets import Button, Form, Row


class _EntryRow:
    """One unfinished match: its resume button and its delete button."""

    def __init__(self, scene: ContinueScene, entry: records.HistoryEntry) -> None:
        app = scene.app
        self.entry = entry
        self.open = Button(lambda: scene.label(entry), lambda: scene.open_match(entry))
        if entry.record is None:
            problem = entry.error or ""
            self.open.enabled = False
            self.open.tooltip = lambda: app.tr("records.unreadable", problem=problem)
        self.delete = Button(lambda: app.tr("continue.delete"), lambda: scene.ask_delete(entry))


class ContinueScene(Scene):
    """The unfinished matches; Escape goes back to the menu (or closes the confirmation)."""

    def __init__(self, app: Any, store: records.RecordStore | None = None) -> None:
        super().__init__(app)
        self.store = store if store is not None else records.RecordStore()
        self.back = Button(lambda: app.tr("common.back"), app.pop)
        self.confirming: records.HistoryEntry | None = None
        self.delete_button = Button(lambda: app.tr("continue.delete"), self.delete)
        self.cancel_button = Button(lambda: app.tr("continue.cancel"), self.cancel)
        self.confirm_form = Form(app, [Row(None, [self.delete_button, self.cancel_button])])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.entries: list[records.HistoryEntry] = []
        self.rows: list[_EntryRow] = []
        self.form = Form(app, [])
        self.reload()

    # ------------------------------------------------------------------ content
    def reload(self) -> None:
        """Read the autosave folder again (after a delete, or when coming back to the list)."""
        try:
            self.entries = self.store.unfinished()
        except OSError as exc:
            self.app.notify(self.app.tr("records.resume_failed", problem=str(exc)), error=True)
            self.entries = []
        self.rows = [_EntryRow(self, e) for e in self.entries]
        rows = [Row(None, [r.open, r.delete], [5.0, 1.0]) for r in self.rows]
        rows.append(Row(None, [self.back]))
        self.form = Form(self.app, rows)
        self.form.focus = next((r.open for r in self.rows if r.open.enabled), self.back)
        self.resize(self.app.screen.get_size())

    def label(self, entry: records.HistoryEntry) -> str:
        """"Jagdfieber · Ann, Bot 1, Bot 2 · 23/11/2026 16:20 · 12 moves — 8, 3, 5"."""
        app = self.app
        record = entry.record
        if record is None:
            return entry.path.name
        moves = app.tr_count("continue.moves", len(record.actions))
        scores = (record.result or {}).get("scores") or []
        progress = moves if not any(scores) else app.tr("continue.progress", moves=moves, scores=", ".join(map(str, scores)))
        players = ", ".join(seat.name for seat in record.seats)
        return app.tr("continue.entry", game=_game_name(app, record.game), players=players, date=_date(record, app), progress=progress)

    # ------------------------------------------------------------------ actions
    def open_match(self, entry: records.HistoryEntry) -> None:
        resumer = self.app.resumer if isinstance(self.app.resumer, RecordsResumer) else RecordsResumer(self.store)
        resumer.resume(self.app, entry.path, replace=True)

    def ask_delete(self, entry: records.HistoryEntry) -> None:
        self.confirming = entry
        self.confirm_form.focus = self.cancel_button

    def cancel(self) -> None:
        self.confirming = None

    def delete(self) -> None:
        entry, self.confirming = self.confirming, None
        if entry is None:
            return
        try:
            self.store.delete(entry.path)
        except records.MatchOpenElsewhere:
            self.app.notify(self.app.tr("records.open_elsewhere", file=str(entry.path)), seconds=20, error=True)
        except OSError as exc:
            self.app.notify(self.app.tr("continue.delete_failed", problem=f"{entry.path}: {exc}"), error=True)
        self.reload()
        if not self.entries:
            self.app.pop()  # nothing left to continue: back to the menu

    # ------------------------------------------------------------------ scene
    def resume(self) -> None:
        """Back from a table that could not open, or from the settings: the list may have changed."""
        self.reload()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(1000), w - px(60))
        top = px(90)
        self.form.layout(pygame.Rect((w - width) // 2, top, width, h - top - px(60)))
        self.panel = place_question(self.app, size, self.confirm_form)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.confirming is not None:
            return handle_question(event, self.confirm_form, self.cancel)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE and self.form.focus is not None:
            row = next((r for r in self.rows if self.form.focus in (r.open, r.delete)), None)
            if row is not None:
                self.ask_delete(row.entry)
                return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        draw_text(surface, app.font(px(theme.HEADING_SIZE), bold=True), app.tr("continue.title"), theme.ACCENT, (w // 2, px(24)), "midtop")
        small = app.font(px(theme.SMALL_SIZE))
        self.form.draw(surface)
        tip = self.form.tooltip() or app.tr("continue.keys")
        draw_text(surface, small, fit_text(small, tip, w - px(40)), theme.TEXT_DIM, (w // 2, h - px(12)), "midbottom")
        if self.confirming is not None:
            draw_question(surface, app, self.panel, app.tr("continue.confirm", match=self.label(self.confirming)), self.confirm_form)
