""""Review my moves": the decisions of a finished match where the coach would have played
differently by a clear margin, the biggest difference first (game/review.py).

Reached from the results screen and from any finished match in History. The review is computed
in a process of its own with a progress bar the first time, then kept beside the record and
shown at once; a damaged kept review is said and made again. Choosing a decision opens the
replay at that step from that seat's view, both moves marked (`draw_review_marks`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ai.coach import Advice, say, say_words
from game.engine.events import redact
from game.engine.record import load
from game.engine.rng import Rng
from game.engine.views import View
from game.review import ReviewError, ReviewJob, read_review, review_path
from scenes.base import Scene
from scenes.table.coach import LIT, move_spots
from scenes.table.marks import MARK
from scenes.ui import theme
from scenes.ui.text import draw_text, fit_text, wrap_text
from scenes.ui.widgets import Button, Form, Row


def finished_record(match: Any) -> Path | None:
    """Where the history keeps a match just finished at this screen (its autosave written and
    moved there first), or None: a network seat's match is kept by its host, a match without
    a person has no moves to review."""
    from game import records

    recorder = records.recorder_of(match)
    if recorder is None or not recorder.record.humans:
        return None
    if recorder.writer is not None:
        recorder.writer.flush()
    path = recorder.store.history_dir / f"{recorder.record.match_id}.json"
    return path if path.exists() else None


def open_review(app: Any, path: Path, budget: dict[str, Any] | None = None) -> bool:
    """Push the review of the finished match recorded at `path`, or say why it cannot be."""
    from scenes.replay import push_record_scene

    return push_record_scene(app, lambda: ReviewScene(app, path, budget))


class ReviewScene(Scene):
    """The listed decisions of the people's seats of one finished match."""

    def __init__(self, app: Any, path: Path, budget: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        played = load(path)  # RecordError: the caller says it
        self.path = path
        self.record = played.record
        self.rules = played.rules
        self.names = [app.shown_name(s.name, i) for i, s in enumerate(self.record.seats)]
        self.items: list[Advice] | None = None
        self.decisions = 0
        self.job: ReviewJob | None = None
        self.problem: str | None = None
        self.back = Button(lambda: app.tr("common.back"), self.leave)
        self.form = Form(app, [Row(None, [self.back])])
        self.form.focus = self.back
        try:
            kept = read_review(review_path(path), self.record)
        except ReviewError as exc:
            app.notify(app.tr("review.damaged", problem=str(exc)), seconds=12, error=True)
            kept = None
        if kept is not None:
            self._show(kept.items, kept.decisions)
        elif not self.record.humans:
            self._show([], 0)
        else:
            self.job = ReviewJob(self.record, review_path(path), budget)

    # ---------------------------------------------------------------- contents
    def _show(self, items: list[Advice], decisions: int) -> None:
        self.items, self.decisions = items, decisions
        rows = [Row(None, [self._item_button(item)]) for item in items]
        rows.append(Row(None, [self.back]))
        self.form = Form(self.app, rows)
        self.form.focus = rows[0].widgets[0]
        self.resize(self.app.screen.get_size())

    def _item_button(self, item: Advice) -> Button:
        app = self.app

        def label() -> str:
            words = say_words(self.rules, app.settings.language, item.move_words, self.names)
            who = f"{self.names[item.seat]} · " if len(self.record.humans) > 1 else ""
            return app.tr("review.item", who=who, number=item.at + 1, amount=self.amount(item), coach=words)

        return Button(label, lambda: self.open_step(item), tooltip=lambda: self.why(item))

    def amount(self, item: Advice) -> str:
        amount = max(1, round(item.gain))
        if item.figure == "points":
            return self.app.tr_count("review.points", amount)
        return self.app.tr("review.chance", amount=amount)

    def why(self, item: Advice) -> str:
        return say(self.rules, self.app.settings.language, item, self.names)

    def open_step(self, item: Advice) -> None:
        """The replay at that decision, from its seat's view, both moves marked."""
        from scenes.replay import ReplayScene, push_record_scene

        push_record_scene(self.app, lambda: ReplayScene(self.app, self.path, review=item))

    def leave(self) -> None:
        self.close_job()
        self.app.pop()

    def close_job(self) -> None:
        if self.job is not None:
            self.job.close()
            self.job = None

    def exit(self) -> None:
        self.close_job()

    # ------------------------------------------------------------------- scene
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(1000), w - px(40))
        small, body = self.app.font(px(theme.SMALL_SIZE)), self.app.font(px(theme.BODY_SIZE))
        top = px(66) + max(2 * small.get_linesize(), body.get_linesize() + px(30)) + px(12)  # under the intro or the bar
        self.form.layout(pygame.Rect((w - width) // 2, top, width, h - top - px(64)))

    def animating(self) -> bool:
        return self.job is not None

    def update(self, dt: float) -> None:
        job = self.job
        if job is None or not job.poll():
            return
        self.app.dirty = True
        if job.review is not None:
            self.job = None
            job.close()
            self._show(job.review.items, job.review.decisions)
        elif job.problem is not None:
            self.job = None
            job.close()
            self.problem = job.problem

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        game = self.rules.name(app.settings.language)
        draw_text(surface, app.font(px(theme.HEADING_SIZE), bold=True), app.tr("review.title", game=game), theme.ACCENT,
                  (w // 2, px(20)), "midtop")
        small = app.font(px(theme.SMALL_SIZE))
        area = self.form.area
        if self.job is not None:
            self._draw_progress(surface, area)
        elif self.problem is not None:
            for i, line in enumerate(wrap_text(small, app.tr("review.failed", problem=self.problem), area.w)[:2]):
                draw_text(surface, small, line, theme.ERROR_TEXT, (area.x, px(66) + i * small.get_linesize()))
        elif self.items is not None:
            key = "review.intro" if self.items else "review.none"
            for i, line in enumerate(wrap_text(small, app.tr(key, decisions=self.decisions, listed=len(self.items)), area.w)[:2]):
                draw_text(surface, small, line, theme.TEXT_DIM, (area.x, px(66) + i * small.get_linesize()))
        self.form.draw(surface)
        tip = self.form.tooltip()
        if tip:
            lines = wrap_text(small, tip, w - px(40))[:3]
            for i, line in enumerate(reversed(lines)):
                draw_text(surface, small, line, theme.TEXT, (w // 2, h - px(10) - i * small.get_linesize()), "midbottom")

    def _draw_progress(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        app, px = self.app, self.app.px
        job = self.job
        assert job is not None
        body = app.font(px(theme.BODY_SIZE))
        text = app.tr("review.working", done=job.done, total=job.total or "…")
        draw_text(surface, body, text, theme.TEXT, (area.x, px(66)))
        bar = pygame.Rect(area.x, px(66) + body.get_linesize() + px(6), area.w, px(18))
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=bar.h // 2)
        share = job.done / job.total if job.total else 0.0
        if share > 0:
            pygame.draw.rect(surface, LIT, pygame.Rect(bar.x, bar.y, max(bar.h, int(bar.w * share)), bar.h), border_radius=bar.h // 2)


# ------------------------------------------------------------------- in the replay
def banner_height(app: Any) -> int:
    """The room a reviewed decision's line takes above the replayed table (three lines)."""
    return 3 * app.font(app.px(theme.SMALL_SIZE)).get_linesize() + app.px(14)


def draw_review_marks(replay: Any, surface: pygame.Surface, placements: Any, view: View) -> None:
    """The two moves of a reviewed decision on the replayed table: the one played (gold, the
    table's mark of the last moves) and the coach's (its sky blue), each lit from its events
    on the seat's own guess of the hidden cards, with the line of why above the table."""
    item = replay.review
    index = replay.index
    cached = replay._review_marks
    if cached is None or cached[0] != index:
        state = replay.states[index]
        det = state.determinize(item.seat, Rng(item.at + 1))
        marks = []
        for text, color in ((item.other, MARK), (item.move, LIT)):
            clone = det.clone()
            try:
                events = clone.apply(item.seat, replay.rules.parse_action(clone, item.seat, text))
            except Exception:  # noqa: BLE001 - a move that cannot be replayed is not marked
                continue
            shown = [redact(e, item.seat) for e in events]
            marks.append((color, move_spots(shown, replay.layout, placements, view)))
        cached = replay._review_marks = (index, marks)
    app, px = replay.app, replay.app.px
    width = max(2, px(3))
    for k, (color, rects) in enumerate(cached[1]):  # the coach's outside the played one where both touch a card
        grow = width * (4 + 3 * k)
        for rect in rects:
            pygame.draw.rect(surface, color, rect.inflate(grow, grow), width, border_radius=max(4, rect.w // 8))
    font = app.font(px(theme.SMALL_SIZE))
    why = app.tr("review.step", number=item.at + 1) + " " + say(replay.rules, app.settings.language, item, replay.names)
    legend = app.tr("review.legend")
    area = replay.table_rect
    lines = wrap_text(font, why, area.w - px(20))[:2] + [fit_text(font, legend, area.w - px(20))]
    box = pygame.Rect(area.x + px(10), area.y - banner_height(app), area.w - px(20), len(lines) * font.get_linesize() + px(10))
    pygame.draw.rect(surface, theme.BACKGROUND_DARK, box, border_radius=px(theme.RADIUS))
    pygame.draw.rect(surface, LIT, box, max(1, px(2)), border_radius=px(theme.RADIUS))
    for i, line in enumerate(lines):
        color = theme.TEXT_DIM if i == len(lines) - 1 else theme.TEXT
        draw_text(surface, font, line, color, (box.x + px(8), box.y + px(5) + i * font.get_linesize()))
