"""A lesson at the real table: the game's own layout, input, log and animations, on the lesson's
prepared deal, with a bubble that points at what each step speaks of (game/lesson.py).

- `LessonSeats` runs the lesson's match in this process for the learner's seat and plays the
  other seats' moves from the script (with a bot's visible pause); it keeps no records, so a
  lesson never enters History or the statistics and never touches an autosaved match (undo
  says so). A legal move other than the step's is refused with the step's hint.
- `LessonTable` is the table scene with the lesson's bubble and lights (scenes/table/spotlight.py),
  Space/Enter (or the bubble's button) to move on from a text, Escape for the lesson's pause
  menu (resume, restart, rules, settings, leave), and the end panel that offers a real match
  against easy computer players.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import registry
from game.engine.actions import normalize_action_text
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.engine.views import View
from game.lesson import END, MOVE, MOVED, OTHERS, READ, THEN, Lesson, LessonRun
from game.match import DEFAULT_THINK_SECONDS, HUMAN, Match, MatchConfig, SeatConfig
from scenes.pause import PauseScene
from scenes.table.gestures import action_rects
from scenes.table.layout import zone_cards
from scenes.table.scene import TableScene
from scenes.table.seats import TableSeats
from scenes.table.spotlight import Bubble, draw_bubble, draw_lights, spot_rects
from scenes.ui.dialog import PanelDialog
from scenes.ui.widgets import Button

LESSON_HINT = "lesson.hint"  # the key of a refusal that is the step's hint (LessonTable.reason)
# An engine refusal that says no more than "not now" (a half-made choice's guess): the step's
# hint is shown instead; any other reason is shown as it is, with the hint in the bubble.
VAGUE_REFUSALS = frozenset({"error.not_legal", "error.expected_action", ""})
LESSONS_DONE = "lessons_done"  # app.settings.extra: the games whose lesson was played to its end
READ_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class LessonSeats(TableSeats):
    """The lesson's match, seen from the learner's seat (see the module docstring)."""

    no_undo = "lesson.no_undo"

    def __init__(self, lesson: Lesson, names: list[str], think_seconds: float = DEFAULT_THINK_SECONDS) -> None:
        super().__init__()
        self.lesson = lesson
        self.rules = registry.load(lesson.game_id)
        self.game_id = lesson.game_id
        seats = [SeatConfig(name, HUMAN) for name in names]  # no bot: the script plays the others
        self.match = Match(MatchConfig(lesson.game_id, seats, lesson.seed, dict(lesson.options)), rules=self.rules,
                           threaded=False)
        self.match.on_action.append(self._tell)
        self.run = LessonRun(lesson)
        self.think_seconds = think_seconds
        self.ready: Any = lambda: True  # the table: may the next scripted move come now?
        self._due: float | None = None

    @property
    def num_seats(self) -> int:
        return self.match.num_seats

    def seat_name(self, seat: int) -> str:
        return self.match.seat_name(seat)

    @property
    def human_seats(self) -> list[int]:
        return [self.lesson.learner]

    @property
    def local_seats(self) -> list[int]:
        return [self.lesson.learner]

    def view(self, viewer: int | None) -> View:
        return self.match.state.view(viewer)

    def step(self) -> int:
        return len(self.match.history)

    def to_act(self) -> list[int]:
        return list(self.match.state.to_act())

    def thinking(self) -> list[int]:
        other = self.run.next_other()
        return [other[0]] if other is not None else []

    def is_over(self) -> bool:
        return self.match.is_over()

    def legal_texts(self, seat: int) -> list[str]:
        """While a step waits for the learner's move, that move only: the table lights and
        offers what leads to it, and anything else tried is refused with the hint."""
        legal = [str(a) for a in self.match.state.legal_actions(seat)]
        if seat == self.lesson.learner and self.run.phase == MOVE:
            return [text for text in legal if self.run.expects(text)]
        return legal

    def refusal(self, seat: int, text: str) -> IllegalAction | None:
        """The engine's reason first (an illegal move is illegal in a lesson too); a legal move
        that is not the step's gets the step's hint."""
        try:
            action = self.match.check(seat, text)
        except IllegalAction as error:
            if self.run.phase != MOVE or error.key in VAGUE_REFUSALS:  # the hint (or "read first") says more
                return IllegalAction(error.message, LESSON_HINT)
            return error
        if not self.run.expects(str(action)):
            return IllegalAction("in this lesson, another move is asked for", LESSON_HINT)
        return None

    def submit(self, seat: int, text: str) -> None:
        if self.refusal(seat, text) is None:
            self.match.submit(seat, text)
            self.run.moved()

    def preview(self, seat: int, text: str) -> list[Event] | None:
        from game.engine.rng import Rng

        state = self.match.state.determinize(seat, Rng(len(self.match.history) + 1))
        try:
            return state.apply(seat, self.rules.parse_action(state, seat, text))
        except IllegalAction:
            return None

    def poll(self) -> bool:
        """The next scripted move, after a bot's pause, once the table shows nothing else."""
        other = self.run.next_other()
        if other is None or not self.ready():
            self._due = None
            return False
        now = self.clock()
        if self._due is None:
            self._due = now + self.think_seconds
        if now < self._due:
            return False
        self._due = None
        seat, text = other
        self.match.submit(seat, text)
        self.run.played_other()
        return True

    def final(self) -> Any:
        return self.match

    def close(self) -> None:
        if self._tell in self.match.on_action:
            self.match.on_action.remove(self._tell)
        self.match.close()


def learner_name(app: Any, seat: int) -> str:
    """The name the player gave their seat on the setup screen last time, else "Player N"."""
    from scenes.setup import LAST_SETUP

    saved = app.settings.extra.get(LAST_SETUP)
    seats = saved.get("seats") if isinstance(saved, dict) else None
    first = seats[0] if isinstance(seats, list) and seats and isinstance(seats[0], dict) else {}
    name = first.get("name")
    return name.strip() if isinstance(name, str) and name.strip() else app.tr("setup.player", number=seat + 1)


class LessonTable(TableScene):
    """The lesson's table (see the module docstring)."""

    auto_tour = False

    def __init__(self, app: Any, lesson: Lesson, think_seconds: float = DEFAULT_THINK_SECONDS) -> None:
        lang = app.settings.language
        names = [learner_name(app, s) if s == lesson.learner else lesson.name(s, lang) for s in range(lesson.players)]
        seats = LessonSeats(lesson, names, think_seconds)
        self.lesson = lesson
        self.run = seats.run
        self.refused = False  # the step's hint is shown (a move other than the step's was tried)
        self.pointer_rests = False  # the bubble changed and the pointer has not moved since
        self.bubble: Bubble | None = None
        self._bubble_at: tuple[Any, tuple[int, int]] | None = None
        self.ended = False
        super().__init__(app, seats=seats)
        seats.ready = self._quiet
        self.animator.hold_step = self._holds

    # ------------------------------------------------------------------ state
    def _quiet(self) -> bool:
        """Nothing on the table asks for attention: the next scripted move may come."""
        return not self.animator.busy and self.privacy_for is None and self.tour_index is None

    def _holds(self, shown: Any) -> bool:
        """The table's moment a step is shown over stays until the learner moves on (a move's
        step: the moment its move brings, held from the move on, under its `then`)."""
        step = self.run.step
        return step is not None and step.during == shown.kind and self.run.phase in (READ, MOVED, THEN)

    def active_seat(self) -> int | None:
        if self.run.phase != MOVE:
            return None
        return super().active_seat()

    def update(self, dt: float) -> None:
        before = self.run.index, self.run.phase
        super().update(dt)
        if self.run.phase == MOVED and (not self.animator.busy or self.animator.held() is not None):
            self.run.shown()  # the move is on the table (up to the moment its step is shown over)
        if (self.run.index, self.run.phase) != before:
            self.refused = False
            self.pointer_rests = True
            self.app.dirty = True
        if self.run.phase == END and not self.ended:
            self.ended = True
            done = self.app.settings.extra.setdefault(LESSONS_DONE, [])
            if self.game_id not in done:
                done.append(self.game_id)
                self.app.save_settings()
            self.app.push(LessonEndScene(self.app, self.lesson))

    def _finish_match(self, dt: float) -> None:
        """A lesson never opens the results: its own end follows its last step."""

    def restart(self) -> None:
        """The lesson from its first step, on the same deal (pause menu, end panel)."""
        while self.app.stack.top is not self and self.app.stack.top is not None:
            self.app.pop()
        self.app.replace(LessonTable(self.app, self.lesson, self.seats.think_seconds))  # type: ignore[attr-defined]

    def leave(self) -> None:
        """Back to the screen the lesson was opened from."""
        while self.app.stack.top is not self and self.app.stack.top is not None:
            self.app.pop()
        self.app.pop()

    # ------------------------------------------------------------------ input
    def reading(self) -> bool:
        """A text waits for the learner to move on (Space, Enter or the bubble's button): once
        the table is still, or over the moment the step is shown during (held for it)."""
        if self.run.phase not in (READ, THEN) or self.tour_index is not None or self.privacy_for is not None:
            return False
        step = self.run.step
        if step is not None and step.during is not None and self.animator.busy:
            return self.animator.held() is not None
        return not self.animator.busy

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer_rests = False
        elif event.type == pygame.MOUSEBUTTONDOWN:  # what was clicked needs no tooltip over the bubble
            self.pointer_rests = True
        if self.tour_index is None and self.privacy_for is None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.run.phase != MOVE:
                self._button("menu")
                return True
            if self.reading():
                if event.type == pygame.KEYDOWN and event.key in READ_KEYS:
                    self.run.read()
                    return True
                if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bubble is not None
                        and self.bubble.button is not None and self.bubble.button.collidepoint(event.pos)):
                    self.run.read()
                    return True
        return super().handle(event)

    def _button(self, action: str) -> None:
        if action == "menu":
            self.input.reset()
            self.app.push(LessonPauseScene(self.app, self))
            return
        super()._button(action)

    def reason(self, error: IllegalAction) -> str:
        if error.key == LESSON_HINT:
            step = self.run.step
            hint = step.text("hint", self.app.settings.language) if step is not None and self.run.phase == MOVE else ""
            if hint:
                return hint
            return self.app.tr("lesson.wait_others" if self.run.phase == OTHERS else "lesson.read_first")
        return super().reason(error)

    def refuse(self, error: IllegalAction) -> None:
        super().refuse(error)
        if self.run.phase == MOVE:  # whatever was tried, the bubble shows the way
            self.refused = True
            self.app.dirty = True

    def hint(self) -> str:
        if self.reading():
            return self.app.tr("lesson.hud_read")
        if self.run.phase == OTHERS:
            return self.app.tr("lesson.hud_watch")
        return super().hint()

    # ------------------------------------------------------------------ drawing
    def lit_rects(self) -> list[pygame.Rect]:
        """What the current step points at, as the table is laid out now."""
        step = self.run.step
        spots = step.spots(after=self.run.phase == THEN) if step is not None else ()
        if not spots:
            return []
        ctx = self._composer_ctx()
        buttons = [(press.action, rect) for press, rect in self.composer.presses(ctx)]
        return spot_rects(self.placements, self.view, spots, self.bottom, buttons)

    def draw(self, surface: pygame.Surface) -> None:
        mouse = self.mouse
        if self.pointer_rests:  # the pointer has not moved since the bubble changed: no tooltip over it
            self.mouse = None
        try:
            super().draw(surface)
        finally:
            self.mouse = mouse
        self.bubble = None
        step = self.run.step
        moving = self.run.phase == MOVE and self.active_seat() is not None
        if step is None or not (moving or self.reading()):
            return
        lang = self.app.settings.language
        rects = self.lit_rects()
        draw_lights(surface, rects, self.app.ui_scale())
        reading = self.reading()
        text = step.text("then" if self.run.phase == THEN else "say", lang)
        title = self.app.tr("lesson.step", number=step.index + 1, total=len(self.lesson.steps))
        note = step.text("hint", lang) if self.refused and self.run.phase == MOVE else ""
        footer = self.app.tr("lesson.footer_read" if reading else "lesson.footer_move")
        bounds = pygame.Rect(self.rect)
        hud = self.placements.regions.get("hud")
        if hud is not None:
            bounds.y, bounds.h = hud.rect.bottom + 4, bounds.bottom - hud.rect.bottom - 8
        key = (step.index, self.run.phase, surface.get_size(), bool(note))  # placed again when the hint makes it taller
        at = self._bubble_at[1] if self._bubble_at is not None and self._bubble_at[0] == key else None
        soft = self._cards_drawn()
        soft += [r.rect for r in self.placements.regions.values() if r.zone is None and r.seat is not None]  # name plates, what a seat has drawn
        self.bubble = draw_bubble(surface, self.app, text, bounds, rects, self._keep_clear(rects), soft, title=title,
                                  footer=footer, button=self.app.tr("lesson.continue") if reading else "", note=note, at=at)
        self._bubble_at = (key, self.bubble.rect.topleft)  # kept still while the step shows

    def _cards_drawn(self, mine: bool = False) -> list[pygame.Rect]:
        """The cards on the table as the layout draws them (not the room around them, nor the
        empty places of a line whose cards were taken), the learner's own (`mine`) or the
        others': what the bubble had better not cover."""
        out = []
        for r in self.placements.regions.values():
            if r.zone is not None and not r.source and (r.seat == self.bottom) == mine:
                out += r.card_rects(len(self.layout.region_cards(self.view, r, zone_cards(self.view, r))))
        return out

    def _help_text(self) -> list[pygame.Rect]:
        """Where the table writes the keys of the move being made (a template's help, in its
        area): a bubble over it would leave its lines cut."""
        comp = self.composer.composer
        if comp is None or self.run.phase != MOVE:
            return []
        areas = {t.confirm.area for t in comp.templates if t.confirm is not None and t.confirm.help}
        return [self.placements.regions[a].rect for a in sorted(areas) if a in self.placements.regions]

    def _keep_clear(self, lit: list[pygame.Rect]) -> list[pygame.Rect]:
        """What the bubble should not cover: what it points at, the learner's own cards (the
        hand and every card of their seat), the buttons and cards the move may use, and the
        place the step's move goes (the zone a card is dragged onto)."""
        out = list(lit)
        out += [r.rect for r in self.placements.regions.values() if r.source]
        out += self._cards_drawn(mine=True)
        out += self._help_text()  # the keys of the move being made: cut, they cannot be read
        held = self.animator.held()
        if held is not None and held.kind == "tally":  # the scoring boxes it explains
            out += list(self.moments.tallies(held)[1].values())
        step = self.run.step
        if self.run.phase == MOVE:
            ctx = self._composer_ctx()
            out += [rect for _, rect in self.composer.presses(ctx)]
            if step is not None and step.move is not None:
                out += action_rects(self, normalize_action_text(step.move))
        return out


class LessonPauseScene(PauseScene):
    """The pause menu of a lesson: resume, restart the lesson, the rules, the settings, leave."""

    def __init__(self, app: Any, table: LessonTable) -> None:
        tr = app.tr
        self.table = table
        self.restart_button = Button(lambda: tr("lesson.restart"), table.restart)
        self.leave_button = Button(lambda: tr("lesson.leave"), table.leave)
        super().__init__(app, table.game_id)
        self.quit_button = self.leave_button

    def buttons(self) -> list[Button]:
        return [self.resume_button, self.restart_button, self.rules_button, self.settings_button, self.leave_button]

    def title(self) -> str:
        return self.app.tr("lesson.paused")


class LessonEndScene(PanelDialog):
    """The lesson's end over its table: a real match against easy computer players, the lesson
    again, or back. Keys: arrows/Tab and Enter; Escape goes back."""

    def __init__(self, app: Any, lesson: Lesson) -> None:
        tr = app.tr
        self.lesson = lesson
        self.play_button = Button(lambda: tr("lesson.play_real"), self.play_real, primary=True)
        self.again_button = Button(lambda: tr("lesson.again"), self.again)
        self.back_button = Button(lambda: tr("lesson.back"), self.back)
        super().__init__(app, [self.play_button, self.again_button, self.back_button])

    def title(self) -> str:
        return self.app.tr("lesson.end_title")

    def text(self) -> str:
        return self.app.tr("lesson.end_text", game=registry.load(self.lesson.game_id).name(self.app.settings.language))

    def escape(self) -> None:
        self.back()

    def _table(self) -> LessonTable | None:
        below = self.app.stack.scenes[-2] if len(self.app.stack.scenes) >= 2 else None
        return below if isinstance(below, LessonTable) else None

    def play_real(self) -> None:
        """A new match of the game: the learner against easy computer players (the setup's bot)."""
        import random

        from scenes.setup import bot_name

        app, lesson = self.app, self.lesson
        names = [n.strip() for n in app.tr("setup.bot_names").split(",") if n.strip()]
        seats = [SeatConfig(learner_name(app, 0), HUMAN)]
        seats += [SeatConfig(names[i % len(names)] if names else app.tr("setup.player", number=i + 1), "bot", bot_name(), "easy")
                  for i in range(1, lesson.players)]
        config = MatchConfig(lesson.game_id, seats, seed=random.randrange(2**31))
        self.back()
        app.push(app.scene("table", config=config))

    def again(self) -> None:
        table = self._table()
        if table is not None:
            table.restart()

    def back(self) -> None:
        table = self._table()
        self.app.pop()
        if table is not None:
            table.leave()
