"""The generic table scene: any game's layout, drag-and-drop that asks the engine, animated events.

The scene holds no rule and reads no match: it is a client of the seats played at its screen
(scenes/table/seats.py: the match in this process, or one seat of a match hosted elsewhere). It
shows their views and events, asks for their legal actions and sends action texts; the game's
layout (scenes/layouts/) says where zones lie and which drag means which action. The host never
waits for an animation: events are queued and played on a displayed view (scenes/table/anim.py).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.errors import IllegalAction
from game.engine.events import (
    CardConcealed,
    CardMoved,
    CardRevealed,
    CardSeen,
    Event,
    GameOver,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
    redact,
)
from game.engine.views import View
from game.log import (
    OBJECT_SEATS,
    SEAT_PARAMS,
    original_places,
    reader_key,
    seat_values,
    sentence,
    slot_params,
)
from game.match import Match, MatchConfig
from scenes.base import Scene
from scenes.layouts import get_layout
from scenes.table.anim import SOUNDS, Animator, Step
from scenes.table.cards import CardArt
from scenes.table.coach import TableCoach
from scenes.table.composer_input import ComposerInput
from scenes.table.confirm import MoveConfirm
from scenes.table.hold import BOUNDARY_STEPS, InputHold
from scenes.table.input import HandInput
from scenes.table.layout import TableContext
from scenes.table.link import LinkWatch
from scenes.table.log_panel import TableRecords
from scenes.table.looks import HeldLooks
from scenes.table.moments import TableMoments
from scenes.table.overlays import draw_hud, draw_privacy, draw_tour, hud_buttons, privacy_button
from scenes.table.painter import Painter, draw_regions
from scenes.table.reading import TableReader
from scenes.table.regions import Placements, Region, TableTheme
from scenes.table.seats import LocalSeats, RemoteSeats, TableSeats
from scenes.ui.guard import InputGuard

TOURS_SEEN = "tours_seen"  # app.settings.extra key: game ids whose table tour was shown
CAPTION_LINES = 3
ERROR_SECONDS = 4.0
END_LINGER = 1.5  # seconds on the final table before the results
REDUCED_MOTION_SPEED = 10_000.0  # animation speed with reduced motion: every step at once
ON_A_ZONE = (CardRevealed, CardSeen, CardConcealed)  # the events about one card where it lies


class TableScene(Scene):
    """One match at the table, from the first choice to the results screen."""

    auto_tour = True  # the tour opens by itself on a game's first match (a lesson shows its own way)

    def __init__(self, app: Any, config: MatchConfig | None = None, match: Match | None = None,
                 think_seconds: float | None = None, seats: TableSeats | None = None, hosting: Any = None) -> None:
        super().__init__(app)
        if seats is None:
            if match is None:
                assert config is not None, "a table needs a config, a match or its seats"
                match = Match(config) if think_seconds is None else Match(config, think_seconds=think_seconds)
            seats = LocalSeats(match)
        self.seats = seats
        self.match = seats.host  # the match when it runs in this process (records, undo), else None
        self.hosting = hosting  # a network host this table's window keeps running (stopped on exit)
        self.rules = seats.rules
        self.game_id = seats.game_id
        self.layout = get_layout(self.game_id)
        self.theme = TableTheme()
        self.art = CardArt(app, self.rules, self.layout)
        self.painter = Painter(app, self.art)
        self.animator = Animator(self.layout, self.caption_of)
        self.animator.last.follow = not seats.local_seats  # nobody decides here: the newest move is marked
        self.animator.on_step = self._on_step
        humans = seats.local_seats
        self.hot_seat = len(humans) >= 2
        self.bottom = humans[0] if humans else 0
        self.viewer: int | None = None if self.hot_seat else self.bottom
        self.privacy_for: int | None = None
        self.pass_guard = InputGuard()  # the pass screen takes no key typed ahead by the last player
        self.last_at_screen: int | None = None  # hot-seat: the last player who acted at the screen
        self.captions: list[tuple[str, bool, float]] = []  # text, is_error, shown at (app time)
        self._caption_steps: dict[tuple[str, float], Step] = {}  # a caption's step: told again in a new language
        self.tour_index: int | None = None
        self.time = 0.0
        self.end_timer = 0.0
        self.finished = False
        self.mouse: tuple[int, int] | None = None
        self.rect = pygame.Rect((0, 0), app.screen.get_size())
        self.placements: Placements
        self._previews: dict[tuple[Any, ...], list[Event] | None] = {}
        self._places: dict[CardMoved, CardMoved] = {}  # an event shown -> as its places stood before its action
        self.input = HandInput(self)
        self.hold = InputHold(self)  # keys and clicks kept while the table moves (scenes/table/hold.py)
        self.composer = ComposerInput(self.layout)  # the layout's multi-step actions (composer.py)
        seats.listeners.append(self._on_action)
        self.records = TableRecords(self)  # autosave, undo/redo, log panel (scenes/table/log_panel.py)
        self.rect = self.records.table_rect(app.screen.get_size())  # the board, beside the log
        self.reader = TableReader(self)  # tooltips, Tab focus, card zoom (scenes/table/reading.py)
        self.moments = TableMoments(self)  # log pacing, scoring moments, teams (scenes/table/moments.py)
        self.looks = HeldLooks(self)  # hot-seat: a look stays until its player ends it (scenes/table/looks.py)
        self.link = LinkWatch(self)  # a network seat whose host dropped: reconnecting (scenes/table/link.py)
        self.confirm = MoveConfirm(self)  # "Confirm my moves": a move shown lit before it is sent
        self.coach = TableCoach(self)  # the Hint button and H (scenes/table/coach.py)
        self._sync()

    # ---------------------------------------------------------------- lifecycle
    @classmethod
    def joined(cls, app: Any, remote: Any, hosting: Any = None) -> TableScene:
        """The table of one seat of a network match (`remote`: a game.net.client.RemoteSeat that
        has its `welcome` and first `state`); it owns `remote` and `hosting` (a HostThread this
        window runs) and closes both on exit."""
        from game.engine import registry

        rules = registry.load(str((remote.welcome or {}).get("game")))
        return cls(app, seats=RemoteSeats(remote, rules), hosting=hosting)

    def exit(self) -> None:
        self.records.close()
        if self._on_action in self.seats.listeners:
            self.seats.listeners.remove(self._on_action)
        self.seats.close()
        if self.hosting is not None:
            self.hosting.stop()

    def resize(self, size: tuple[int, int]) -> None:
        self.rect = self.records.table_rect(size)
        self.art.clear()
        self._place()
        self._retell_captions()

    def _retell_captions(self) -> None:
        """The captions of the steps shown, told again (the language may have changed: "Bastien
        bets a fish." stayed English after switching to French)."""
        told = []
        for text, error, at in self.captions:
            step = self._caption_steps.get((text, at))
            if step is not None:
                new = self.animator.caption(step)
                self._caption_steps[(new, at)] = step
                text = new or text
            told.append((text, error, at))
        self.captions = told

    # ----------------------------------------------------------------- helpers
    def place(self, view: View) -> Placements:
        return self.layout.place(view, self.rect, self.theme)

    def _place(self) -> None:
        assert self.animator.view is not None
        self.placements = self.place(self.animator.view)
        self.buttons = hud_buttons(self.app, self.placements.regions["hud"].rect,
                                   aid=self.layout.player_aid(self.app, self.rules) is not None,
                                   coach=self.coach.offered)

    def _sync(self) -> None:
        """The displayed view becomes the real one, for whoever may look at the screen now."""
        view = self.seats.view(self.viewer)
        view["seat"] = self.bottom
        self.animator.set_view(view)
        self._place()
        shown = self.animator.view
        assert shown is not None
        for region in self.placements.regions.values():  # the viewer's own hand, sorted
            if region.source and region.zone in shown["zones"] and region.seat is not None:
                cards = shown["zones"][region.zone][region.seat]
                cards[:] = self.layout.hand_order(self.rules, cards)
        self.animator.last.resync(self.view["zones"])  # (after the sort: a drawn card's mark follows it)

    @property
    def view(self) -> View:
        assert self.animator.view is not None
        return self.animator.view

    def name(self, seat: int | None) -> str:
        if seat is not None and 0 <= seat < self.seats.num_seats:
            return self.app.shown_name(self.seats.seat_name(seat), seat)
        if isinstance(seat, int) and seat >= 0:  # a table seat nobody plays (a ghost)
            return self.layout.seat_name(self.ctx(), seat) or ""
        return ""

    def game_text(self, key: str, **params: Any) -> str:
        return self.app.game_text(self.rules, key, **params)

    def card_name(self, card: str | None, info: Any = ()) -> str:
        """The card's name (as it is now when `info`, an event's card attributes, says it changed)."""
        label = self.rules.card_label(self.app.settings.language, card, dict(info)) if card is not None and info else None
        if label:
            return label
        if card is None or not self.rules.has_text(f"card.{card}"):
            return self.app.tr("table.a_card")
        return self.game_text(f"card.{card}")

    def active_seat(self) -> int | None:
        """The seat whose player may act with mouse and keys right now, if any."""
        if (self.viewer is None or self.animator.busy or self.privacy_for is not None or self.tour_index is not None
                or self.link.down is not None):
            return None
        return self.viewer if self.viewer in self.seats.local_to_act() else None

    def addressed_seat(self) -> int | None:
        """The seat addressed as "you": the person at the screen (none at a table of bots)."""
        return self.viewer if self.seats.local_seats else None

    # ----------------------------------------------------------------- captions
    def caption_of(self, event: Event, count: int = 1) -> str:
        """The sentence naming what an event did, from the game's texts (or '' for none), in the
        grammar of the player at the screen ("You play…"); `count`: repeated in one step."""
        reader = self.addressed_seat()
        if isinstance(event, CardMoved):
            key = f"move.{event.reason}"
            if event.reason in self.animator.kinds.quiet or not self.rules.has_text(key):
                return ""
            owner = event.from_seat if event.from_seat is not None else event.to_seat  # as the log reads it
            actor = event.actor if event.actor is not None else owner
            key = reader_key(self.rules, key, reader, actor, owner, count, receiver=event.to_seat, lang=self.app.settings.language)
            return sentence(self.game_text(key, actor=self.name(actor), owner=self.name(owner),
                                  to=self.name(event.to_seat), card=self.card_name(event.card, event.info), count=count,
                                  from_pos="" if event.from_pos is None else event.from_pos + 1,
                                  to_pos="" if event.to_pos is None else event.to_pos + 1,
                                  **slot_params(self._places.get(event, event))))  # "A card goes…", not "a card"
        if isinstance(event, Note):
            params = self._localize(dict(event.params))
            own = dict(event.params).get("count")  # a note counting things itself reads plural too
            plural = own if isinstance(own, int) and not isinstance(own, bool) else count
            key = reader_key(self.rules, f"note.{event.key}", reader, event.seat, count=plural, lang=self.app.settings.language)
            return sentence(self.game_text(key, **{"seat": self.name(event.seat), "count": count, **params}))
        if isinstance(event, MarkerChanged):
            found = self.layout.marker_caption(event)
            if found is None:
                return ""
            key, params = found
            subject = params.get("seat") if isinstance(params.get("seat"), int) else event.seat
            return self.game_text(reader_key(self.rules, key, reader, subject), **self._localize(params))
        if isinstance(event, PhaseBegan):
            key = f"phase.{event.phase}"
            return self.game_text(key, number=event.number) if self.rules.has_text(key) else ""
        if isinstance(event, ScoreChanged):
            key = "table.score_line_you" if reader is not None and event.seat == reader else "table.score_line"
            return self.app.tr(key, name=self.name(event.seat), points=f"{event.delta:+d}")
        if isinstance(event, GameOver):
            return self.app.tr("table.game_over")
        return ""

    def _localize(self, params: dict[str, Any]) -> dict[str, Any]:
        """Seats by name, cards by name, any other text value v of a param x as the text `x.v`."""
        out = dict(params)
        for name, value in params.items():
            if name == "card" and isinstance(value, str):
                out[name] = self.card_name(value)
            elif name in OBJECT_SEATS and value == self.addressed_seat() and isinstance(value, int) and not isinstance(value, bool):
                out[name] = self.game_text("log.you_object")  # "moves from you to Bob"
            elif name in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
                out[name] = self.name(value)
            elif isinstance(value, str) and self.rules.has_text(f"{name}.{value}"):
                out[name] = self.game_text(f"{name}.{value}")
            elif isinstance(value, str):
                out[name] = seat_values(value, self.name)  # "{totals:seats}" names the seats
        return out

    def reason(self, error: IllegalAction) -> str:
        """An illegal action's reason in the player's language."""
        if error.key and self.rules.has_text(error.key):
            return self.game_text(error.key, **self._localize(error.params))
        return error.message

    def say(self, text: str, error: bool = False, step: Step | None = None) -> None:
        """A caption under the table (`step`: the animation step it tells, told again in a new
        language)."""
        self.captions.append((text, error, self.time))
        self.captions = self.captions[-8:]
        if step is not None:
            self._caption_steps[(text, self.time)] = step
        kept = {(t, at) for t, _, at in self.captions}
        self._caption_steps = {k: s for k, s in self._caption_steps.items() if k in kept}

    # ------------------------------------------------------------------- events
    def _on_action(self, seat: int, text: str, events: list[Event]) -> None:
        self.looks.on_action(seat, events)
        shown = [redact(e, self.viewer) for e in events]
        if len(self._places) > 512:
            self._places.clear()
        self._places.update((a, b) for a, b in zip(shown, original_places(shown), strict=True)
                            if isinstance(a, CardMoved) and isinstance(b, CardMoved) and a != b)  # the captions' places (game/log.py)
        self.animator.push(shown, self.seats.step() - 1)

    def _on_step(self, step: Step) -> None:
        if step.kind in BOUNDARY_STEPS:  # a round, day or match ends or begins: typed-ahead keys stop here
            self.hold.boundary()
        if step.caption:
            self.say(step.caption, step=step)
        sound = SOUNDS.get(step.kind)
        first = step.events[0] if step.events else None
        if isinstance(first, CardMoved):  # a layout may give its own moves a sound
            sound = self.layout.move_sounds.get(first.reason, sound)
        if sound:
            self.app.play_sound(sound)
        self._place()

    def submit(self, text: str) -> bool:
        """Play `text` for the acting seat; an illegal action shows its reason and changes nothing."""
        seat = self.active_seat()
        if seat is None:
            return False
        error = self.seats.refusal(seat, text)
        if error is not None:
            self.refuse(error)
            return False
        if self.confirm.hold(seat, text):  # "Confirm my moves": shown lit, sent on Confirm (scenes/table/confirm.py)
            return True
        if self.hot_seat:  # hide this hand before anything moves: the next player may be looking
            self.viewer = None
            self.last_at_screen = seat
            self._sync()
        self.input.reset()
        self.composer.reset()
        self.coach.forget()  # the hint was for this decision
        self.animator.last.forget_before(self.seats.step())  # marked: what follows this decision
        self.seats.submit(seat, text)
        return True

    def refuse(self, error: IllegalAction) -> None:
        """Say why an action is refused (a remote seat's reason may come a moment later)."""
        if error.message or error.key:
            self.say(self.reason(error), error=True)

    def explain(self, text: str) -> None:
        """The engine's reason why `text` cannot be played by the viewer now (shown as an error)."""
        if self.viewer is None:
            return
        if self.animator.busy:
            self.say(self.app.tr("table.wait_animation"), error=True)
            return
        error = self.seats.refusal(self.viewer, text)
        if error is not None:
            self.refuse(error)

    def preview(self, text: str) -> list[Event] | None:
        """The events `text` would cause, played on the acting seat's own guess of the hidden
        cards (never the real ones); None when it is not legal now."""
        seat = self.active_seat()
        if seat is None:
            return None
        key = (self.seats.step(), seat, text)
        pending = self.seats.remote and self._previews.get(key) is None  # a remote seat's preview comes later
        if key not in self._previews or pending:
            if len(self._previews) > 64:
                self._previews.clear()
            self._previews[key] = self.seats.preview(seat, text)
        return self._previews[key]

    def ctx(self) -> TableContext:
        """What the layout's hooks see of this table (scenes/table/layout.py)."""
        seat = self.active_seat()
        drag = self.input.drag
        return TableContext(
            app=self.app, rules=self.rules, view=self.view, placements=self.placements, art=self.art,
            time=self.time, mouse=self.mouse, seat=seat, step=self.animator.current, busy=self.animator.busy,
            legal_texts=lambda: self.seats.legal_texts(seat) if seat is not None else [],
            submit=self.submit, explain=self.explain, say=self.say, name=self.name, preview=self.preview,
            pending_action=self.input.pending,
            dragging_card=lambda: drag is not None and drag.moving and bool(self.input.targets()),
            composer=self.composer,
        )

    def _composer_ctx(self) -> TableContext:
        ctx = self.ctx()
        self.composer.sync(ctx, self.seats.step())
        return ctx

    # ------------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.WINDOWLEAVE:  # the pointer left the window: no tooltip stays
            self.mouse = None
        if self.link.handle(event):
            return True
        if self.privacy_for is not None:
            return self._handle_privacy(event, self.privacy_for)
        if self.confirm.pending is not None:  # a move waits for its Confirm: nothing else acts
            return self.confirm.handle(event)
        if self.looks.looking is not None and self.looks.handle(event):
            return True
        if self.tour_index is not None:
            return self._handle_tour(event)
        if self.records.handle(event):
            return True
        if self.reader.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE and self.animator.busy:
                self.animator.skip_moment(self.place)  # the current key moment only
                self._place()
                return True
            if event.key == pygame.K_F1:
                self.open_tour()
                return True
            if event.key == pygame.K_F2:
                self.open_aid()
                return True
            if event.key == pygame.K_s:
                self.open_score_sheet()
                return True
            if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.coach.toggle()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.rect.collidepoint(event.pos):
                    self._button(button.action)
                    return True
        if self.hold.take(event):  # meant for a decision not open yet: kept (scenes/table/hold.py)
            return True
        return self.dispatch(event)

    def dispatch(self, event: pygame.event.Event) -> bool:
        """A key or click for the player's decision: the layout's, the composer's, the hand's."""
        ctx = self._composer_ctx()
        if self.layout.handle_event(ctx, event):  # a layout's own buttons and keys
            return True
        if self.composer.handle(ctx, event):
            return True
        if self.input.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._button("menu")  # the pause menu (Resume, Rules, Settings, Save and quit)
            return True
        return False

    def _button(self, action: str) -> None:
        if action == "tour":
            self.open_tour()
        elif action == "scores":
            self.open_score_sheet()
        elif action == "aid":
            self.open_aid()
        elif action == "coach":
            self.coach.toggle()
        elif action == "menu":
            self.input.reset()
            self.app.push(self.app.scene("pause", game_id=self.game_id))

    def open_aid(self) -> None:
        """The game's player aid over the table (scenes/player_aid.py), if its layout has one."""
        text = self.layout.player_aid(self.app, self.rules)
        if text is not None:
            from scenes.player_aid import PlayerAidScene

            self.input.reset()
            self.app.push(PlayerAidScene(self.app, self.game_id, text))

    def open_score_sheet(self) -> None:
        """The score sheet over the table (the app's overlay); the match waits while it is open."""
        from scenes.results import ScoreSheetScene

        names = [self.name(s) for s in range(self.seats.num_seats)]
        self.app.push(ScoreSheetScene(self.app, self.rules, self.seats.view(None), names))

    def _handle_privacy(self, event: pygame.event.Event, seat: int) -> bool:
        """The privacy screen waits for `seat` to come to the screen: nothing else answers."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._button("menu")  # the pause menu over the screen: no hand is shown
            return True
        if self.pass_guard.blocks(event):  # the last player's keys must not show the next hand
            return True
        confirm = (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            and privacy_button(self.app, self.app.screen.get_size(), self.name(seat)).collidepoint(event.pos)
        )
        if confirm:
            self.animator.skip(self.place)  # bots may have moved behind the screen: no replay
            self.viewer = self.bottom = seat
            self.last_at_screen = seat
            self.privacy_for = None
            self.captions.clear()  # said to the last player ("You have looked at 2 cards"): the recap told the rest
            self._sync()
            self.looks.given(seat)
        return True

    def open_tour(self) -> None:
        if self.privacy_for is None and self.layout.tour_steps(self.view):
            self.tour_index = 0
            self.input.reset()
            self.composer.reset()

    def _handle_tour(self, event: pygame.event.Event) -> bool:
        steps = self.layout.tour_steps(self.view)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self._close_tour()
            elif event.key in (pygame.K_LEFT, pygame.K_BACKSPACE):
                self.tour_index = max(0, (self.tour_index or 0) - 1)
            elif event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._tour_next(len(steps))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if event.button == 3:
                self._close_tour()
            else:
                self._tour_next(len(steps))
        return True

    def _tour_next(self, total: int) -> None:
        self.tour_index = (self.tour_index or 0) + 1
        if self.tour_index >= total:
            self._close_tour()

    def _close_tour(self) -> None:
        self.tour_index = None
        seen = self.app.settings.extra.setdefault(TOURS_SEEN, [])
        if self.game_id not in seen:
            seen.append(self.game_id)
            self.app.save_settings()

    # ------------------------------------------------------------------ update
    def animating(self) -> bool:
        """Drawn every frame only while something moves: an animation, a card being dragged,
        the end of the match on its way to the results. A bot that only thinks moves nothing
        (its search runs in another process): the table is drawn again when its move arrives."""
        return (self.animator.busy or self.input.drag is not None
                or self.input.snap is not None
                or self.coach.asked is not None  # the lit move pulses, the thinking dots move
                or self.seats.is_over())

    def update(self, dt: float) -> None:
        self.time += dt
        self.pass_guard.update(dt)
        if self.confirm.pending is None and self.composer.tick(dt, self._composer_ctx):  # a number typed, taken after a pause
            self.app.dirty = True
        if self.seats.poll():  # a move arrived: draw it (even one with nothing to animate)
            self.app.dirty = True
        for reason, detail in self.seats.problems():  # the bots' process died or hung: replaced, one line
            self.say(self.app.tr(f"table.bots_{reason}", problem=detail), error=True)
            self.app.dirty = True
        for refused in self.seats.refusals():  # a network host's reason for a refused action
            self.refuse(refused)
            self.app.dirty = True
        self.link.update()
        self.confirm.update()
        if self.coach.update():
            self.app.dirty = True
        was_busy = self.animator.busy
        self.animator.update(dt, self.animation_speed(), self.place)
        self.moments.update()
        if self.animator.busy:
            return
        if was_busy or self.seats.resynced:  # (a remote seat's newest state: redrawn from it)
            self.seats.resynced = False
            self._sync()
        if self.seats.is_over():
            self.hold.release()  # kept input that can no longer be meant is refused aloud
            self._finish_match(dt)
            return
        waiting = self.seats.local_to_act()
        if self.looks.holding(waiting):  # a player reads what their move showed them
            return
        if self.hot_seat and waiting and self.viewer not in waiting and self.privacy_for is None:
            if self.viewer is None and self.last_at_screen == waiting[0]:
                # the same player acts again (a power's target, a bodyguard's guard): they are
                # still at the screen and nobody else came, so no privacy screen in between
                self.viewer = self.bottom = waiting[0]
            else:
                self.viewer = None
                self.privacy_for = waiting[0]
                self.pass_guard.restart()
            self._sync()
        if (self.auto_tour and self.viewer is not None and self.tour_index is None and self.seats.local_seats
                and self.game_id not in self.app.settings.extra.get(TOURS_SEEN, [])):
            self.open_tour()
        self.hold.release()

    def animation_speed(self) -> float:
        """The settings' speed; with reduced motion, steps end as they start: no card flies,
        a moment is shown at once (its caption, its sound, its log line all the same)."""
        if getattr(self.app.settings, "reduced_motion", False):
            return REDUCED_MOTION_SPEED
        return float(self.app.settings.animation_speed)

    def _finish_match(self, dt: float) -> None:
        self.end_timer += dt
        if self.end_timer >= END_LINGER and not self.finished:
            self.finished = True
            from scenes.results import ResultsScene

            self.app.replace(ResultsScene(self.app, self.seats.final()))

    # -------------------------------------------------------------------- draw
    def statuses(self) -> list[str]:
        """What each seat is doing, for its name plate (public facts only)."""
        out = []
        acting = self.seats.to_act()
        to_act = set(acting) if not self.animator.busy else set()
        thinking = set(self.seats.thinking())
        for seat in range(self.seats.num_seats):
            if seat in to_act:
                out.append(self.app.tr("table.thinking" if seat in thinking else "table.to_play"))
            elif not self.animator.busy and not self.seats.is_over() and acting:
                out.append(self.app.tr("table.ready"))
            else:
                out.append("")
        return out

    def hint(self) -> str:
        if self.confirm.pending is not None:
            return self.app.tr("table.confirm_hint")
        if self.hold.kept:
            return self.app.tr("table.hint_held", keys=self.hold.words())
        if self.animator.busy:
            return self.app.tr("table.hint_skip")
        if self.active_seat() is not None:
            own = self.layout.hint(self.ctx())  # a layout whose moves are not one card drag
            return own if own is not None else self.app.tr("table.hint_play")
        return self.app.tr("table.hint_tour")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.painter.felt(surface.get_size()), (0, 0))
        if self.privacy_for is not None:
            draw_privacy(surface, self.app, self.name(self.privacy_for), self.records.recap(self.privacy_for))
            return
        placements = self.placements
        active = set(self.seats.local_to_act()) if not self.animator.busy else set()
        names = [self.name(s) for s in range(placements.seats(self.seats.num_seats))]
        pulse = (self.time * 2) % 1.0
        ctx = self._composer_ctx()
        self.layout.draw_under(ctx, surface)  # a board the card regions lie on
        for region in self.input.targets() + self.composer.targets(ctx):
            self.painter.highlight(surface, region.rect, pulse)
        step = self.animator.current
        flipping: frozenset[str] = frozenset()
        if step is not None and step.kind == "reveal":
            flipping = frozenset(r.name for r in map(self._revealed_region, step.events) if r is not None)
        if step is not None:  # a marker in flight is drawn flying only, not also at its old place
            flying = (placements.marker(f.marker) for f in step.flights if f.marker)
            flipping = flipping | frozenset(r.name for r in flying if r is not None)
        hover = None
        if self.mouse is not None and ctx.seat is not None:
            hover = next((i for i in reversed(self.composer.items(ctx)) if not i.ghost and i.rect.collidepoint(self.mouse)), None)
        draw_regions(self.painter, surface, placements, self.view, names, self.statuses(), active,
                     self.input.hand_state(), flipping, self.composer.hidden(ctx),
                     {hover.region.name: hover.index} if hover is not None else None, self.moments.teams(len(names)))
        self.animator.last.draw(surface, placements, self.view["zones"])  # the last moves (marks.py)
        self.layout.draw_table(ctx, surface)  # what a layout draws beyond card regions
        if step is not None:
            self._draw_step(surface, step)
        self.composer.draw(ctx, surface)
        self.coach.draw(surface)
        self.input.draw(surface)
        self.hold.draw(surface)
        status = self.layout.status_line(self.view, self.game_text)  # "" by default: the game's name alone
        title = self.rules.name(self.app.settings.language) + (f" — {status}" if status else "")
        reading = self.looks.looking is not None and not self.animator.busy  # the HUD holds its button
        # a hint the bar cannot hold goes to the log column, unless the table shows the decision's help whole
        said = self.composer.help_whole(ctx)
        self.records.hint_height = draw_hud(surface, self.app, placements.regions["hud"].rect, title, "" if reading else self.hint(),
                                            self.buttons, self.mouse, self.records.aside(surface.get_size()), said=said)
        if reading:
            self.looks.draw(surface, self.mouse)
        self.painter.caption(surface, placements.regions["caption"].rect, self._caption_lines())
        # the coach's line at the top of the log column (or over the captions), the log below it
        self.records.hint_height += self.coach.draw_banner(surface, self.records.aside(surface.get_size()), self.records.hint_height)
        self.records.draw(surface)
        carrying = any(d is not None and d.moving for d in (self.input.drag, self.composer.drag, self.composer.drops.drag))
        if self.tour_index is None and not carrying and self.confirm.pending is None:  # no tooltip over a card in flight, nor over a move shown lit
            self.reader.draw(surface)
        if self.tour_index is not None:
            steps = self.layout.tour_steps(self.view)
            if self.tour_index < len(steps):
                draw_tour(surface, self.app, placements, steps[self.tour_index], self.tour_index, len(steps))
        self.confirm.draw(surface)
        self.link.draw(surface)

    def _draw_step(self, surface: pygame.Surface, step: Step) -> None:
        if step.kind == "reveal":
            for event in step.events:
                region = self._revealed_region(event)
                if region is not None and isinstance(event, CardRevealed) and event.card is not None:
                    rect = region.card_rects(1)[0]
                    self.painter.flip(surface, rect, event.card, step.progress)
        self.painter.flights(surface, step)
        self.moments.draw_step(surface, step)  # scores: a tally of the day, points rising

    def _revealed_region(self, event: Event) -> Region | None:
        """Where a revealed card lies: its seat's region, or for a table zone array (`count: N`)
        the region of its position (the animator's moves find theirs the same way). None for an
        event on no zone."""
        if not isinstance(event, ON_A_ZONE):
            return None
        seat, pos = event.seat, event.pos
        return self.placements.zone(event.zone, seat if seat is not None or pos is None else pos)

    def _caption_lines(self) -> list[tuple[str, bool]]:
        lines = [(t, err) for t, err, at in self.captions if not err or self.time - at < ERROR_SECONDS]
        return lines[-CAPTION_LINES:]
