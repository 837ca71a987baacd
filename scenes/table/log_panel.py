"""The game log panel: a self-contained, scrollable list of the match's sentences.

API (all a scene needs):
    panel = LogPanel(app, rules, names, viewer)   # viewer: the seat reading (None = public)
    panel.layout(rect)                 # where it is drawn (call again on resize)
    panel.add_events(events)           # after every applied action (human or bot)
    panel.add_events(events, held=True) # ... told only as the table shows them:
    panel.release(count)               # the next `count` held events are on the table (None: all)
    panel.add_undo(seat, count, redo)  # after an undo/redo, then panel.reset(timeline.events)
    panel.reset(event_batches)         # rebuild from a whole history (resume, undo)
    panel.set_viewer(seat)             # hot-seat: the seat at the screen changed
    panel.handle(event) -> bool        # wheel over the panel; PageUp/PageDown/Home/End keys
    panel.draw(surface)

Sentences come from game.log (pygame-free); each reader sees only what its seat may know.
The panel follows the newest line unless the player scrolled up to read older ones.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.events import Event
from game.log import NOBODY, LogLine, LogWriter, display_text, undo_marks
from scenes.ui import theme
from scenes.ui.text import draw_text, wrap_text

LOG_OPEN = "log_open"  # app.settings.extra key: the log column is open (default) or folded
_EVENTS = "events"
_UNDO = "undo"
_PART = "part"  # the rest of an action's events, told later than its first ones (held)


@dataclass(frozen=True)
class Row:
    """One drawn row of the log: a turn's heading (the seat), or a wrapped part of a line."""

    text: str
    heading: bool  # a phase heading (a new round...)
    kind: str
    action: int = -1  # the action the line tells (-1: none), for the last move's highlight
    cards: tuple[str, ...] = ()  # small faces drawn before the text (first row of a line)
    indent: int = 0  # pixels before the text
    seat: int | None = None  # a turn heading: the seat whose block follows


class LogPanel:
    """Scrollable log of events as sentences, redacted for one seat, in the app's language."""

    def __init__(self, app: Any, rules: Any, names: Sequence[str], viewer: int | None) -> None:
        self.app = app
        self.rules = rules
        self.names = list(names)
        self.viewer = viewer
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # pixels above the bottom: 0 = following the newest line
        self._entries: list[tuple[str, Any, int | None]] = []  # raw history (kind, payload, seat), re-told
        self._lines: list[LogLine] | None = None
        self._info: list[tuple[int, int | None]] = []  # each line's action number and acting seat
        self._rows: list[Row] | None = None  # wrapped, with the turns' headings
        self._wrap_key: tuple[int, int, str] | None = None
        self._lang = app.settings.language
        self._image: pygame.Surface | None = None  # the panel as last painted (see draw)
        self._image_key: tuple[Any, ...] | None = None
        self._held: deque[tuple[list[Event], int | None]] = deque()  # actions not yet shown on the table
        self._held_done = 0  # events of the first held action already told
        self._actions = 0  # actions told so far (their number: the match history's index)
        self.highlight_from: int | None = None  # lines of actions from this one are the last move
        self.card_image: Callable[[str, tuple[int, int]], pygame.Surface] | None = None  # small faces
        self.you = ""  # the heading of the reader's own turns ("You"); empty: its name
        self.reader: int | None = None  # a public log read by this seat: it is "you" (replay viewer)
        self.addressed = True  # False: nobody reads as a player (a table of bots): no "you"

    # ------------------------------------------------------------------ content
    def _writer(self) -> LogWriter:
        shown = getattr(self.app, "shown_name", None)  # "Vous" read in English is "You"
        names = [shown(n, i) for i, n in enumerate(self.names)] if shown is not None else self.names
        reader = self.reader if self.viewer is None else None
        return LogWriter(self.rules, self.app.settings.language, names, self.viewer,
                         reader=reader if self.addressed else NOBODY)

    def add_events(self, events: Iterable[Event], held: bool = False, seat: int | None = None) -> None:
        """An action's events (`seat`: who acted, the heading of its turn's block); `held`: told
        only when `release` says the table shows them (the log never runs ahead of the animation)."""
        batch = list(events)
        if held or self._held:  # never told before an earlier held action
            self._held.append((batch, seat))
            return
        self._entries.append((_EVENTS, batch, seat))
        self._actions += 1
        self._append(self._writer().lines(batch) if self._lines is not None else [], self._actions - 1, seat)

    def release(self, count: int | None = None) -> None:
        """The next `count` held events (None: all) are on the table now: tell them."""
        while self._held and (count is None or count > 0 or not self._held[0][0]):
            batch, seat = self._held[0]
            take = len(batch) - self._held_done if count is None else min(count, len(batch) - self._held_done)
            part = batch[self._held_done:self._held_done + take]
            self._entries.append((_EVENTS if self._held_done == 0 else _PART, part, seat))
            if self._held_done == 0:
                self._actions += 1
            self._tell_part(batch, self._held_done, take, seat)
            self._held_done += take
            if count is not None:
                count -= take
            if self._held_done >= len(batch):
                self._held.popleft()
                self._held_done = 0

    def _tell_part(self, batch: list[Event], done: int, take: int, seat: int | None = None) -> None:
        """Tell the next `take` events of an action whose first `done` are told already. The
        action's sentences are written for all its events told so far, as one batch: a
        sentence repeated across two parts (two identical cards discarded, each with its own
        animation) is one line with its count, as when the action is told at once."""
        if self._lines is None:
            return
        writer = self._writer()
        told = writer.lines(batch[:done]) if done else []
        now = writer.lines(batch[:done + take])
        if now[:len(told)] == told:
            self._append(now[len(told):], self._actions - 1, seat)
        else:  # an earlier line of the action changed (its count grew): tell the log again
            self._invalidate()

    @property
    def actions_known(self) -> int:
        """Actions told or waiting to be told."""
        return self._actions + len(self._held) - (1 if self._held_done else 0)

    @property
    def holding(self) -> int:
        """How many events wait to be told."""
        return sum(len(b) for b, _ in self._held) - self._held_done

    def add_undo(self, seat: int, count: int, redo: bool = False) -> None:
        self._entries.append((_UNDO, (seat, count, redo), None))
        self._append([self._writer().undo_line(seat, count, redo)] if self._lines is not None else [], -1, None)

    def _append(self, new: list[LogLine], action: int, seat: int | None) -> None:
        """Tell only the new lines (a long match must not re-wrap its whole log every move)."""
        if self._lines is None or self._lang != self.app.settings.language:
            self._invalidate()
            return
        info = [(action, seat)] * len(new)
        if self._rows is not None:
            self._rows.extend(self._wrap(new, self._wrap_key[0] if self._wrap_key else 0, info, self._last_info()))
        self._lines.extend(new)
        self._info.extend(info)

    def _last_info(self) -> tuple[int, int | None, bool] | None:
        """The action, seat and kind (phase heading or not) of the last line told."""
        if not self._lines:
            return None
        return (*self._info[-1], self._lines[-1].marker)

    def rewind(self, count: int, seat: int) -> None:
        """An undo took back the last `count` actions: their lines go, the undo line stays."""
        self.release()
        left = count
        for i in range(len(self._entries) - 1, -1, -1):
            if left <= 0:
                break
            kind = self._entries[i][0]
            if kind in (_EVENTS, _PART):
                del self._entries[i]
                left -= kind == _EVENTS
                self._actions -= kind == _EVENTS
        self._invalidate()
        self.add_undo(seat, count)

    def reset(self, batches: Iterable[Iterable[Event]], undos: Iterable[dict[str, Any]] = (),
              seats: Sequence[int | None] = ()) -> None:
        """Rebuild from a whole history (`seats`: who played each action); `undos` (a record's)
        puts each undo line back where it happened."""
        batches = [list(b) for b in batches]
        marks: dict[int, list[tuple[str, Any, int | None]]] = {}
        for seat, count, redo, position in undo_marks(undos, len(batches)):
            marks.setdefault(position, []).append((_UNDO, (seat, count, redo), None))
        self._entries = []
        self._held.clear()
        self._held_done = 0
        for i, batch in enumerate(batches):
            self._entries.extend(marks.get(i, []))
            self._entries.append((_EVENTS, batch, seats[i] if i < len(seats) else None))
        self._entries.extend(marks.get(len(batches), []))
        self._actions = len(batches)
        self.scroll = 0
        self._invalidate()

    def set_viewer(self, viewer: int | None) -> None:
        if viewer != self.viewer:
            self.viewer = viewer
            self._invalidate()

    def lines(self) -> list[LogLine]:
        """Every line as the current reader may read it (also used by tests)."""
        if self._lines is None or self._lang != self.app.settings.language:
            self._lang = self.app.settings.language
            writer = self._writer()
            out = [writer.start_line()]
            info: list[tuple[int, int | None]] = [(-1, None)]
            action = 0
            for kind, payload, who in self._joined_entries():
                if kind == _EVENTS:
                    told = writer.lines(payload)
                    out.extend(told)
                    info.extend([(action, who)] * len(told))
                    action += 1
                else:
                    seat, count, redo = payload
                    out.append(writer.undo_line(seat, count, redo))
                    info.append((-1, None))
            self._lines, self._info = out, info
            self._rows = None
        return self._lines

    def _joined_entries(self) -> list[tuple[str, Any, int | None]]:
        """The entries with each action's parts joined again (one batch, as `_tell_part` tells it)."""
        out: list[tuple[str, Any, int | None]] = []
        for kind, payload, seat in self._entries:
            if kind == _PART and out and out[-1][0] == _EVENTS:
                out[-1] = (_EVENTS, [*out[-1][1], *payload], out[-1][2])
            else:
                out.append((_EVENTS if kind == _PART else kind, payload, seat))
        return out

    def _invalidate(self) -> None:
        self._lines = None
        self._rows = None

    # ------------------------------------------------------------------ layout
    def layout(self, rect: pygame.Rect) -> None:
        if rect.size != self.rect.size:
            self._rows = None
        self.rect = pygame.Rect(rect)

    def _font(self, heading: bool = False) -> pygame.font.Font:
        return self.app.font(self.app.tx(theme.SMALL_SIZE), bold=heading)  # the player's text size

    def _wrapped(self) -> list[Row]:
        lines = self.lines()
        width = self.rect.width - 2 * self.app.px(10)
        key = (width, self.app.tx(theme.SMALL_SIZE), self._lang)
        if self._rows is None or self._wrap_key != key:
            self._rows, self._wrap_key = self._wrap(lines, width, self._info, None), key
        return self._rows

    def _face_size(self) -> tuple[int, int]:
        h = max(8, self._line_height() - self.app.px(3))
        return int(h * 0.7), h

    def _wrap(self, lines: list[LogLine], width: int, info: Sequence[tuple[int, int | None]],
              before: tuple[int, int | None, bool] | None) -> list[Row]:
        """Rows for `lines`: one block per turn, headed by the acting seat (a new block after a
        phase heading too), its lines indented, with the small faces of the cards they name.
        `before`: the action, seat and heading flag of the line above (appending)."""
        rows: list[Row] = []
        indent = self.app.px(10)
        face_w = self._face_size()[0] + self.app.px(2)
        last_action, last_seat, after_heading = before if before is not None else (-1, None, True)
        for line, (action, seat) in zip(lines, info, strict=True):
            if line.marker or action < 0:
                last_action, last_seat, after_heading = action, None, True
                font = self._font(line.marker)
                rows.extend(Row(part, line.marker, line.kind, action) for part in wrap_text(font, display_text(line), max(20, width)))
                continue
            if seat is not None and (seat != last_seat or after_heading) and action != last_action:
                rows.append(Row(self._seat_heading(seat), False, "turn", action, seat=seat))
                last_seat = seat
            last_action, after_heading = action, False
            faces = line.cards if self.card_image is not None else ()
            shift = indent + face_w * len(faces)
            parts = wrap_text(self._font(), display_text(line), max(20, width - shift))
            for i, part in enumerate(parts):
                rows.append(Row(part, False, line.kind, action, faces if i == 0 else (), shift))
        return rows

    def _seat_heading(self, seat: int) -> str:
        if seat == (self.viewer if self.viewer is not None else self.reader) and self.you and self.addressed:
            return self.you
        names = self._writer().names
        return names[seat] if 0 <= seat < len(names) else ""

    def _line_height(self) -> int:
        return self._font().get_linesize()

    def _max_scroll(self) -> int:
        inner = self.rect.height - 2 * self.app.px(8)
        return max(0, len(self._wrapped()) * self._line_height() - inner)

    def scroll_by(self, pixels: int) -> None:
        """Positive: towards older lines."""
        self.scroll = max(0, min(self._max_scroll(), self.scroll + pixels))

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll_by(event.y * 3 * self._line_height())
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        page = max(self._line_height(), self.rect.height - 3 * self._line_height())
        if event.key == pygame.K_PAGEUP:
            self.scroll_by(page)
        elif event.key == pygame.K_PAGEDOWN:
            self.scroll_by(-page)
        elif event.key == pygame.K_HOME:
            self.scroll = self._max_scroll()
        elif event.key == pygame.K_END:
            self.scroll = 0
        else:
            return False
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Blit the panel from a cached image, painted again only when its lines, size, scroll
        or scale change (rendering some thirty lines was a fifth of a table frame)."""
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        rows = self._wrapped()
        self.scroll = min(self.scroll, self._max_scroll())
        key = (self.rect.size, id(rows), len(rows), rows[-1] if rows else None, self.scroll, self.app.tx(100),
               self.highlight_from)
        if self._image is None or self._image_key != key:
            self._image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            where, self.rect = self.rect, pygame.Rect((0, 0), self.rect.size)
            try:
                self._paint(self._image)
            finally:
                self.rect = where
            self._image_key = key
        surface.blit(self._image, self.rect)

    def _paint(self, surface: pygame.Surface) -> None:
        px = self.app.px
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, self.rect, border_radius=px(theme.RADIUS))
        pygame.draw.rect(surface, theme.PANEL_BORDER, self.rect, 1, border_radius=px(theme.RADIUS))
        rows = self._wrapped()
        lh = self._line_height()
        inner = self.rect.inflate(-2 * px(10), -2 * px(8))
        self.scroll = min(self.scroll, self._max_scroll())
        previous = surface.get_clip()
        surface.set_clip(inner.clip(previous) if previous else inner)
        total = len(rows) * lh
        top = inner.y + min(0, inner.height - total) + self.scroll
        first = max(0, (inner.y - top) // lh)
        for i in range(first, len(rows)):
            y = top + i * lh
            if y > inner.bottom:
                break
            row = rows[i]
            last = self.highlight_from is not None and row.action >= self.highlight_from
            if last:  # the last move's lines
                pygame.draw.rect(surface, theme.PANEL_BORDER, (inner.x - px(4), y, inner.width + px(8), lh))
            if row.kind == "turn":
                draw_text(surface, self._font(True), row.text, theme.FOCUS, (inner.x, y))
                continue
            color = theme.ACCENT if row.heading else (theme.FOCUS if row.kind in ("undo", "redo") else theme.TEXT)
            x = inner.x + row.indent - len(row.cards) * (self._face_size()[0] + px(2))
            for card in row.cards:
                if self.card_image is not None:
                    surface.blit(self.card_image(card, self._face_size()), (x, y + px(1)))
                x += self._face_size()[0] + px(2)
            draw_text(surface, self._font(row.heading), row.text, color, (inner.x + row.indent, y))
        surface.set_clip(previous)
        if total > inner.height:
            self._draw_scrollbar(surface, inner, total)

    def _draw_scrollbar(self, surface: pygame.Surface, inner: pygame.Rect, total: int) -> None:
        px = self.app.px
        track = pygame.Rect(self.rect.right - px(6), inner.y, px(4), inner.height)
        thumb_h = max(px(16), int(track.height * inner.height / total))
        span = total - inner.height
        offset = int((track.height - thumb_h) * (1 - self.scroll / span)) if span else 0
        pygame.draw.rect(surface, theme.PANEL_BORDER, (track.x, track.y + offset, track.width, thumb_h), border_radius=px(2))


class TableRecords:
    """What match records add to a table scene, in one object the scene forwards to:
    autosave after every action, undo (Ctrl+Z) and redo (Ctrl+Y), and the log panel (L): docked
    in a column on the right, open by default; the table is laid out in `table_rect`, the rest
    of the window, so the log never covers the board.

    The scene calls: `TableRecords(scene)` once its match, app, rules and viewer exist;
    `handle(event)` first in its input; `draw(surface)` last; `close()` on exit. After an undo or
    redo the scene's `_sync()` redraws from the rebuilt `match.state` (no animation).
    """

    def __init__(self, scene: Any) -> None:
        from game import records

        self.scene = scene
        self.app = scene.app
        seats = scene.seats
        match = seats.host  # None at a network seat: the host keeps the records, there is no undo
        records.set_keep_latest(self.app.settings.keep_matches)  # the player's choice in History
        self.recorder = records.attach(match, background=True) if match is not None else None  # never block a frame on the disk
        self.panel = LogPanel(self.app, scene.rules, [seats.seat_name(s) for s in range(seats.num_seats)], scene.viewer)
        if self.recorder is not None:
            self.panel.reset(self.recorder.timeline.events, self.recorder.record.undos, self._seats())
        else:  # a network seat: the moves before it joined, from the host
            self.catch_up(seats.past)
            seats.past_listeners.append(self.catch_up)
        self.panel.card_image = scene.art.card  # the small faces of the cards a line names
        self.panel.addressed = bool(seats.local_seats)  # a table of bots has no "you"
        self.panel.you = self.app.tr("log_panel.you")
        self.visible = bool(self.app.settings.extra.get(LOG_OPEN, True))
        self.hint_height = 0  # the top of the column a hint too long for the table's bar took (overlays.draw_hud)
        self._reported: str | None = None
        seats.listeners.append(self._on_action)

    def catch_up(self, past: list[tuple[int, list[Event]]]) -> None:
        """A network seat's log gets the moves it has not heard of: all of them when it joins
        a match under way, the ones played while it was away when it rejoins (told after the
        moves the table is still showing)."""
        known = self.panel.actions_known
        if not known:
            self.panel.reset([events for _, events in past], (), [seat for seat, _ in past])
            return
        for seat, events in past[known:]:
            self.panel.add_events(events, held=True, seat=seat)

    def close(self) -> None:
        if self.catch_up in self.scene.seats.past_listeners:
            self.scene.seats.past_listeners.remove(self.catch_up)
        if self._on_action in self.scene.seats.listeners:
            self.scene.seats.listeners.remove(self._on_action)
        if self.recorder is not None:
            self.recorder.close()  # its autosaves written, and the match free for another window

    def _seats(self) -> list[int | None]:
        return [seat for seat, _ in self.recorder.record.actions] if self.recorder is not None else []

    def _on_action(self, seat: int, text: str, events: list[Event]) -> None:
        self.panel.add_events(events, held=True, seat=seat)  # told as the table shows them (scenes/table/moments.py)
        if self.recorder is None:
            return
        problem = self.recorder.problem
        if problem and problem != self._reported:
            self.app.notify(self.app.tr("records.save_failed", problem=problem), seconds=10, error=True)
        self._reported = problem
        while self.recorder.store.problems:
            found = self.recorder.store.problems.pop(0)
            self.app.notify(self.app.tr("records.stats_corrupt", problem=found), seconds=20, error=True)

    def recap(self, seat: int) -> list[str]:
        """Hot-seat: what happened since `seat` last acted, as the log tells it to everyone (it
        is shown on the privacy screen, before the others have looked away)."""
        from game.log import LogWriter

        if self.recorder is None:  # (a network seat has no pass screen)
            return []
        timeline = self.recorder.timeline
        actions = timeline.record.actions
        last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == seat), -1)
        writer = LogWriter(self.scene.rules, self.app.settings.language, self.panel._writer().names, None, reader=seat)
        return [display_text(line) for line in writer.lines([e for batch in timeline.events[last + 1:] for e in batch])]

    # ------------------------------------------------------------------ undo
    def undo(self) -> bool:
        """Take back the human's last move (and the bots' replies), or say why not."""
        from game.records import UndoRefused

        if self.recorder is None:
            self.scene.say(self.app.tr(self.scene.seats.no_undo), error=True)
            return False
        try:
            step = self.recorder.undo(self._asking(UndoRefused))
        except UndoRefused as refused:
            self.scene.say(self.app.game_text(self.scene.rules, refused.key), error=True)
            return False
        self.panel.rewind(len(step.actions), step.seat)
        self._resync()
        self.scene.say(display_text(self.panel.lines()[-1]))
        return True

    def _asking(self, refused: type[Exception]) -> int | None:
        """Who asks for the undo: in hot-seat the seat at the screen, which may take back only
        its own moves (nobody is at the screen behind the privacy screen or while a move plays)."""
        scene = self.scene
        if not getattr(scene, "hot_seat", False):
            return None
        if scene.viewer is None:
            raise refused("nobody is at the screen", "undo.not_yours")
        return int(scene.viewer)

    def redo(self) -> bool:
        from game.records import UndoRefused

        if self.recorder is None:
            self.scene.say(self.app.tr(self.scene.seats.no_undo), error=True)
            return False
        try:
            step = self.recorder.redo()
        except UndoRefused as refused:
            self.scene.say(self.app.game_text(self.scene.rules, refused.key), error=True)
            return False
        self.panel.add_undo(step.seat, len(step.actions), redo=True)
        for (seat, _), events in zip(step.actions, self.recorder.timeline.events[-len(step.actions):], strict=False):
            self.panel.add_events(events, seat=seat)
        self._resync()
        self.scene.say(self.panel._writer().undo_line(step.seat, len(step.actions), redo=True).text)
        return True

    def _resync(self) -> None:
        scene = self.scene
        scene.animator.skip(scene.place)
        scene.animator.last.clear()  # the marked moves were taken back or replayed
        scene.input.reset()
        scene._sync()

    # ------------------------------------------------------------------ input, drawing
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if ctrl and event.key == pygame.K_z and not shift:
                self.undo()
                return True
            if ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and shift)):
                self.redo()
                return True
            if event.key == pygame.K_l and not ctrl:
                self.toggle_log()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.privacy_free():
            for action, rect, enabled in self.buttons(self.app.screen.get_size()):
                if rect.collidepoint(event.pos):
                    if enabled:
                        {"undo": self.undo, "redo": self.redo, "log": self.toggle_log}[action]()
                    return True
        return self.visible and self.panel.handle(event)

    def toggle_log(self) -> None:
        """Open or fold the log column; the table is laid out again in the room left."""
        self.visible = not self.visible
        self.app.settings.extra[LOG_OPEN] = self.visible
        self.scene.resize(self.app.screen.get_size())

    def table_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the table is laid out: the window less the log column (open) or the narrow
        strip of record buttons (folded), so neither ever covers a card."""
        w, h = size
        return pygame.Rect(0, 0, max(self.app.px(320), w - self._width(size) - self.app.px(16)), h)

    def _width(self, size: tuple[int, int]) -> int:
        """The dock's width: the log column, or just the record buttons when folded."""
        if self.visible:
            return min(self.app.px(330), int(size[0] * 0.27))
        return self._button_width()

    def _button_width(self) -> int:
        font, tr = self._button_font(), self.app.tr
        return max(font.size(tr(f"records.{a}_button"))[0] for a in ("undo", "redo", "log")) + self.app.px(16)

    def aside(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The open log column, where the table's bar puts a hint it cannot hold whole (at its
        top; the log then starts below it: `hint_height`). None when the log is folded."""
        return self._rect(size) if self.visible else None

    def privacy_free(self) -> bool:
        return getattr(self.scene, "privacy_for", None) is None

    def _rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The panel: a column on the right, beside the table (whose rect excludes it)."""
        px = self.app.px
        w, h = size
        width = self._width(size)
        return pygame.Rect(w - width - px(8), px(8), width, h - px(24) - self._button_height())

    def _button_font(self) -> pygame.font.Font:
        return self.app.font(self.app.px(theme.SMALL_SIZE - 2), bold=True)

    def _button_height(self) -> int:
        return self._button_font().get_linesize() + self.app.px(8)

    def buttons(self, size: tuple[int, int]) -> list[tuple[str, pygame.Rect, bool]]:
        """The record buttons in the dock, under the log (in a row) or, folded, stacked in its
        strip: undo, redo, log (action, rect, enabled)."""
        px = self.app.px
        items = (("undo", self._can_undo()), ("redo", self.recorder is not None and self.recorder.can_redo()), ("log", True))
        height = self._button_height()
        w, h = size
        out: list[tuple[str, pygame.Rect, bool]] = []
        if self.visible:
            dock = self._rect(size)
            width = (dock.width - 2 * px(4)) // len(items)
            for i, (action, enabled) in enumerate(items):
                out.append((action, pygame.Rect(dock.x + i * (width + px(4)), h - px(8) - height, width, height), enabled))
            return out
        width = self._width(size)
        y = h - px(8) - len(items) * (height + px(4))
        for action, enabled in items:
            y += height + px(4)
            out.append((action, pygame.Rect(w - width - px(8), y - height, width, height), enabled))
        return out

    def _can_undo(self) -> bool:
        from game.records import UndoRefused

        if self.recorder is None:
            return False
        try:
            return self.recorder.can_undo(self._asking(UndoRefused))
        except UndoRefused:
            return False

    def draw(self, surface: pygame.Surface) -> None:
        self.panel.set_viewer(self.scene.viewer)
        self.panel.you = self.app.tr("log_panel.you")
        self.panel.highlight_from = self.scene.animator.last.since  # the last move (scenes/table/marks.py)
        if not self.privacy_free():
            return
        px = self.app.px
        font = self._button_font()
        for action, rect, enabled in self.buttons(surface.get_size()):
            on = action == "log" and self.visible
            color = theme.BUTTON_HOVER if on else (theme.BUTTON if enabled else theme.BUTTON_DISABLED)
            pygame.draw.rect(surface, color, rect, border_radius=px(6))
            text = self.app.tr(f"records.{action}_button")
            draw_text(surface, font, text, theme.TEXT if enabled else theme.TEXT_DISABLED, rect.center, "center")
        if self.visible:
            rect = self._rect(surface.get_size())
            rect.y += self.hint_height
            rect.h -= self.hint_height
            self.panel.layout(rect)
            self.panel.draw(surface)
