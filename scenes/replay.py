"""Match records in the app: "Continue" (the resumer) and the replay viewer that steps through a
finished match move by move (the History list is scenes/history.py).

A record that cannot be loaded never crashes the app: a banner names the file and the first
problem, and the file is left as it was.
"""

from __future__ import annotations

import calendar
import time
from pathlib import Path
from typing import Any, cast

import pygame

from game import records
from game.engine.events import Event
from game.engine.record import RecordError, load
from game.engine.state import State
from game.engine.views import View
from scenes.base import Scene
from scenes.table.log_panel import LogPanel
from scenes.ui import theme
from scenes.ui.text import draw_text
from scenes.ui.widgets import Button, Form, Row

AUTOPLAY_SECONDS = 0.8


class RecordsResumer:
    """Plugged into `App.resumer`: resumes the newest unfinished autosave at the table."""

    def __init__(self, store: records.RecordStore | None = None) -> None:
        self._store = store

    @property
    def store(self) -> records.RecordStore:
        return self._store if self._store is not None else records.RecordStore()

    def can_resume(self) -> bool:
        try:
            return self.store.latest_unfinished() is not None
        except OSError:
            return False

    def choose(self, app: Any) -> None:
        """"Continue" on the menu: the list of unfinished matches (scenes/continue_list.py)."""
        app.push(app.scene("continue"))

    def resume(self, app: Any, path: Path | None = None, replace: bool = False) -> bool:
        """Open the saved match at the table, exactly as it was (same seats, same moves);
        `replace`: the table takes the place of the current scene (the list of matches)."""
        target = path if path is not None else self.store.latest_unfinished()
        if target is None:
            app.notify(app.tr("menu.continue_none"))
            return False
        try:
            recorder = records.resume(target, self.store)
        except records.MatchOpenElsewhere:
            app.notify(app.tr("records.open_elsewhere", file=str(target)), seconds=20, error=True)
            return False
        except RecordError as exc:
            app.notify(app.tr("records.resume_failed", problem=str(exc)), seconds=20, error=True)
            return False
        record = recorder.record
        if record.journal_dropped:  # a damaged line: the moves before it are kept
            app.notify(app.tr("records.journal_damaged", problem=record.journal_problem, kept=len(record.actions),
                              dropped=record.journal_dropped), seconds=20, error=True)
        elif record.journal_problem:  # a crash cut the last autosaved move short
            app.notify(app.tr("records.journal_cut", file=record.journal_problem), seconds=20)
        match = recorder.match
        if _was_hosted(target):  # hosted on the network: host it again, its players rejoin
            return _host_again(app, recorder, replace)
        try:
            table = app.scene("table", config=match.config, match=match)
        except (LookupError, ImportError) as exc:  # a game without a table layout (yet)
            match.close()
            recorder.close()
            app.notify(app.tr("records.resume_failed", problem=f"{target}: {exc}"), seconds=20, error=True)
            return False
        if replace:
            app.replace(table)
        else:
            app.push(table)
        return True


def _was_hosted(autosave: Path) -> bool:
    """Whether this computer hosted the saved match on the network (its secrets are kept)."""
    from game.net import joins

    return joins.is_hosted(autosave)


def _host_again(app: Any, recorder: Any, replace: bool) -> bool:
    """The host's lobby of a resumed network match (scenes/net_host.py); a host that cannot
    listen is said in a notice and the match is left saved as it was."""
    from scenes.net_host import HostLobbyScene

    try:
        lobby = HostLobbyScene.resumed_match(app, recorder.match)
    except OSError as exc:
        recorder.match.close()
        recorder.close()
        app.notify(app.tr("net.host_failed", problem=str(exc)), seconds=20, error=True)
        return False
    if replace:
        app.replace(lobby)
    else:
        app.push(lobby)
    return True


def _date(record: Any, app: Any) -> str:
    """When a record was last saved, in local time and in the language's own form
    ("27 novembre 2026 à 09:15", "November 27, 2026, 09:15")."""
    stamp = record.updated or record.created
    try:
        when = time.localtime(calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")))
    except (ValueError, OverflowError):
        return stamp
    return format_date(app, when)


def format_date(app: Any, when: time.struct_time) -> str:
    months = [m.strip() for m in app.tr("date.months").split(",")]
    month = months[when.tm_mon - 1] if len(months) == 12 else str(when.tm_mon)
    return app.tr("date.format", day=when.tm_mday, month=month, year=when.tm_year, hour=f"{when.tm_hour:02d}",
                  minute=f"{when.tm_min:02d}")


def _game_name(app: Any, game_id: str) -> str:
    from game.engine import registry
    from game.engine.errors import TableeError

    try:
        return registry.load(game_id).name(app.settings.language)
    except TableeError:  # an unavailable game still lists its id
        return game_id


def open_replay(app: Any, path: Path) -> bool:
    """Push the replay viewer for a record, or show why it cannot be replayed."""
    return push_record_scene(app, lambda: app.scene("replay", path=path))


def push_record_scene(app: Any, make: Any) -> bool:
    """Push the scene `make()` builds from a record (a replay, a review), or show why the
    record cannot be opened (`make` raises RecordError)."""
    try:
        scene = make()
    except RecordError as exc:
        app.notify(app.tr("records.replay_failed", problem=str(exc)), seconds=20, error=True)
        return False
    app.push(scene)
    return True


class ReplayScene(Scene):
    """A finished match, move by move: the table as a chosen seat saw it, and the log so far.

    Opened from a review (`review`, a game.ai.coach.Advice of scenes/review.py), it starts at
    that decision from its seat's view, both moves marked: the one played and the coach's."""

    def __init__(self, app: Any, path: Path, review: Any = None) -> None:
        super().__init__(app)
        played = load(path)  # RecordError: the caller shows it
        self.path = path
        self.record = played.record
        self.rules = played.rules
        self.events: list[list[Event]] = played.events
        self.states: list[State] = [self.record.start_state(self.rules)]
        for seat, text in self.record.actions:
            state = self.states[-1].clone()
            state.apply(seat, self.rules.parse_action(state, seat, text))
            self.states.append(state)
        self.names = [app.shown_name(s.name, i) for i, s in enumerate(self.record.seats)]
        humans = self.record.humans
        self.viewer: int | None = humans[0] if humans else None
        self.index = 0
        self.playing = False
        self.clock = 0.0
        self.log = LogPanel(app, self.rules, self.names, self.viewer)
        self.log.reader = humans[0] if len(humans) == 1 else None  # the public view still says "you" to its player
        self.log.you = app.tr("log_panel.you")
        self.layout, self.painter = self._table_drawing()
        self._extras_ok = True
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        tr = app.tr
        self.play_button = Button(lambda: tr("records.pause" if self.playing else "records.play"), self.toggle_play, primary=True)
        buttons = [
            Button(lambda: tr("records.first"), lambda: self.go(0)),
            Button(lambda: tr("records.prev"), lambda: self.go(self.index - 1)),
            self.play_button,
            Button(lambda: tr("records.next"), lambda: self.go(self.index + 1)),
            Button(lambda: tr("records.last"), lambda: self.go(len(self.states) - 1)),
            Button(lambda: tr("records.switch_view"), self.switch_view),
            Button(lambda: tr("common.back"), app.pop),
        ]
        self.form = Form(app, [Row(None, buttons, [1, 1, 2, 1, 1, 2, 1.5])])
        self.form.focus = self.play_button
        self.review = review
        self._review_marks: tuple[int, Any] | None = None  # (index, the marks drawn there), cached
        if review is not None and 0 <= review.at < self.total:
            self.viewer, self.index = review.seat, review.at
            self.log.set_viewer(self.viewer)
        self._refresh_log()

    def _table_drawing(self) -> tuple[Any, Any]:
        from scenes.layouts import get_layout, has_layout

        if not has_layout(self.record.game):
            return None, None
        from scenes.table.cards import CardArt
        from scenes.table.painter import Painter

        layout = get_layout(self.record.game)
        return layout, Painter(self.app, CardArt(self.app, self.rules, layout))

    # ---------------------------------------------------------------- stepping
    @property
    def total(self) -> int:
        return len(self.states) - 1

    def go(self, index: int) -> None:
        index = max(0, min(self.total, index))
        if index != self.index:
            self.index = index
            self._refresh_log()
        if self.index == self.total:
            self.playing = False

    def toggle_play(self) -> None:
        if self.index >= self.total:
            self.go(0)
        self.playing = not self.playing
        self.clock = 0.0

    def switch_view(self) -> None:
        """Public view, then each seat in turn: see the match as each player saw it."""
        order: list[int | None] = [None, *range(self.record.players)]
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self.log.set_viewer(self.viewer)

    def _refresh_log(self) -> None:
        self.log.reset(self.events[: self.index], self.record.undos, [seat for seat, _ in self.record.actions[: self.index]])
        self.log.highlight_from = self.index - 1  # the move just replayed

    def view(self) -> View:
        view = self.states[self.index].view(self.viewer)
        view["seat"] = self.viewer if self.viewer is not None else (self.record.humans or [0])[0]
        return view

    # ----------------------------------------------------------------- scene
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        bar = px(theme.ROW_HEIGHT)
        log_w = max(px(260), int(w * 0.28))
        top = px(56)
        reserved = 0
        if self.review is not None:  # the reviewed decision's line above the table (scenes/review.py)
            from scenes.review import banner_height

            reserved = banner_height(self.app)
        self.table_rect = pygame.Rect(0, top + reserved, w - log_w - px(20), h - top - reserved - bar - px(60))
        self.log.layout(pygame.Rect(w - log_w - px(10), top, log_w, h - top - bar - px(60)))
        self.form.layout(pygame.Rect(px(20), h - bar - px(36), w - px(40), bar))
        if self.painter is not None:
            self.painter.art.clear()

    def animating(self) -> bool:
        return self.playing

    def update(self, dt: float) -> None:
        if self.playing:
            self.clock += dt
            if self.clock >= AUTOPLAY_SECONDS:
                self.clock = 0.0
                self.go(self.index + 1)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.app.pop,
                pygame.K_LEFT: lambda: self.go(self.index - 1),
                pygame.K_RIGHT: lambda: self.go(self.index + 1),
                pygame.K_HOME: lambda: self.go(0),
                pygame.K_END: lambda: self.go(self.total),
                pygame.K_SPACE: self.toggle_play,
                pygame.K_v: self.switch_view,
            }
            if event.key in keys:
                keys[event.key]()
                return True
        if self.log.handle(event):
            return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        game = self.rules.name(app.settings.language)
        title = app.tr("records.replay_title", game=game, date=_date(self.record, app))
        draw_text(surface, app.font(px(theme.BODY_SIZE), bold=True), title, theme.ACCENT, (px(20), px(16)))
        who = self.names[self.viewer] if self.viewer is not None else app.tr("records.public")
        info = f"{app.tr('records.step', index=self.index, total=self.total)} · {app.tr('records.viewpoint', who=who)}"
        draw_text(surface, app.font(px(theme.SMALL_SIZE)), info, theme.TEXT, (w - px(20), px(20)), "topright")
        self._draw_table(surface)
        self.log.draw(surface)
        self.form.draw(surface)
        draw_text(surface, app.font(px(theme.SMALL_SIZE)), app.tr("records.keys"), theme.TEXT_DIM, (w // 2, h - px(8)), "midbottom")

    def _draw_table(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        view = self.view()
        if self.layout is None or self.painter is None:
            font = app.font(px(theme.BODY_SIZE))
            y = self.table_rect.y + px(20)
            draw_text(surface, app.font(px(theme.SMALL_SIZE)), app.tr("records.no_layout"), theme.TEXT_DIM, (self.table_rect.x + px(20), y))
            for seat, name in enumerate(self.names):
                y += px(36)
                draw_text(surface, font, f"{name}: {view['scores'][seat]}", theme.TEXT, (self.table_rect.x + px(20), y))
            return
        from scenes.table.painter import draw_regions
        from scenes.table.regions import TableTheme

        placements = self.layout.place(view, self.table_rect, TableTheme())
        statuses = [""] * self.record.players
        names = [self.seat_label(s) for s in range(placements.seats(max(self.record.players, len(view.get("scores", [])))))]
        ctx = self._context(view, placements) if self._extras_ok else None
        if ctx is not None:
            self.layout.draw_under(ctx, surface)
        draw_regions(self.painter, surface, placements, view, names, statuses, set(), {})
        if ctx is not None:  # what a layout draws beyond card regions, on a context nobody acts in
            try:
                self.layout.draw_table(ctx, surface)
            except (AttributeError, TypeError, KeyError) as exc:  # a hook written for the live table only
                self._extras_ok = False
                self.app.notify(self.app.tr("records.board_unavailable", problem=str(exc)), seconds=8)
        if self.review is not None and self.index == self.review.at and self.viewer == self.review.seat:
            from scenes.review import draw_review_marks

            draw_review_marks(self, surface, placements, view)

    def seat_label(self, seat: int | None) -> str:
        """A seat's name; a table seat nobody plays (a ghost) as the layout names it."""
        if seat is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        if self.layout is None or not isinstance(seat, int):
            return ""
        return self.layout.seat_name(self._context(cast(View, {}), None), seat) or ""  # a ghost's name reads no view

    def _context(self, view: View, placements: Any) -> Any:
        """A table context for a replayed position: nothing can be picked, dragged or submitted."""
        from scenes.table.layout import TableContext

        assert self.painter is not None
        return TableContext(app=self.app, rules=self.rules, view=view, placements=placements,
                            art=self.painter.art, name=self.seat_label)
