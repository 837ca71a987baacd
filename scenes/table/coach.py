"""The coach at the table: the Hint button (and the H key) asks what a good player would do now.

WHY here and not in the scene: the hint has its own little life (asked, thinking, shown,
forgotten) and its own drawing (the move lit on the table, one line of why); the scene only
forwards its input, update and draw to `TableCoach` (the same shape as the records' and the
looks' helpers).

The advice comes from the seats (scenes/table/seats.py): the match's bot worker thinks for a
local seat, the host for a network seat (when the host allows hints). It is the hard level's
search from the asking seat's view only (game/ai/coach.py), so showing it to that seat shows
nothing the seat may not know; in hot-seat it is shown only while that seat is at the screen,
and forgotten when it plays, when another player comes to the screen, or after an undo.

The move is lit from its own events, played on the seat's guess of the hidden cards (the
table's `preview`, as Wolf & Hound's landing places are): the cards it takes and where they
go, the markers it moves, or the button that plays it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pygame

from game.ai.coach import Advice, say
from game.engine.events import (
    CardMoved,
    CardRevealed,
    CardSeen,
    Event,
    MarkerChanged,
    PhaseBegan,
    ScoreChanged,
    redact,
)
from game.engine.views import View
from scenes.table.anim import _find, _key, _rect_at, _zone_list
from scenes.ui import theme
from scenes.ui.text import wrap_text

LIT = (120, 214, 255)  # a clear sky blue: unlike the gold of the last moves and the brass of targets
MAX_SPOTS = 8
BANNER_LINES = 3


@dataclass
class Asked:
    seat: int
    step: int
    since: float  # the table's time when it was asked
    legal: list[str]  # the seat's moves then: while they stay, the hint stays (others' secret choices may arrive)


class TableCoach:
    """The hint of the seat at the screen: asked, thinking, shown or none."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.app = scene.app
        self.asked: Asked | None = None  # on its way
        self.advice: Advice | None = None  # shown (for `asked.seat`, at `asked.step`)
        self.why = ""  # the advice's line, in the player's language
        self.spots: list[pygame.Rect] | None = None  # the lit places (None: not found yet)
        self.button_rect: pygame.Rect | None = None  # the HUD button, for the tests and the lit press

    # ------------------------------------------------------------------ state
    @property
    def offered(self) -> bool:
        """A person plays at this screen and the match allows hints (a network host may not)."""
        seats = self.scene.seats
        return bool(seats.local_seats) and seats.hints_allowed()

    @property
    def thinking(self) -> bool:
        return self.asked is not None and self.advice is None

    def toggle(self) -> None:
        """The Hint button or H: ask, or hide the hint shown; say why when it cannot be."""
        scene = self.scene
        if not self.offered:
            scene.say(self.app.tr("coach.not_allowed"), error=True)
            return
        if self.advice is not None:
            self.forget()
            return
        seat = scene.active_seat()
        if seat is None:
            scene.say(self.app.tr("coach.wait" if scene.animator.busy else "coach.not_your_turn"), error=True)
            return
        if self.asked is not None and self.asked.seat == seat and self.asked.step == scene.seats.step():
            scene.say(self.app.tr("coach.still_thinking"))
            return
        self.asked = Asked(seat, scene.seats.step(), scene.time, scene.seats.legal_texts(seat))
        self.advice, self.spots = None, None
        scene.seats.ask_hint(seat)

    def forget(self) -> None:
        """No hint any more (the seat played, another came to the screen, an undo)."""
        self.asked = self.advice = None
        self.spots = None
        self.why = ""

    def update(self) -> bool:
        """Take the answer when it arrives; forget a hint that no longer fits the table. True
        when something changed (the table is drawn again)."""
        asked = self.asked
        if asked is None:
            return False
        scene = self.scene
        if (scene.viewer != asked.seat or asked.seat not in scene.seats.local_to_act() or scene.privacy_for is not None
                or scene.seats.step() < asked.step or scene.seats.legal_texts(asked.seat) != asked.legal):
            self.forget()  # another player at the screen, an undo, the decision over: never shown out of place
            return True
        if self.advice is not None:
            if self.spots is None and not scene.animator.busy:
                self.spots = self._find_spots()
                return self.spots is not None
            return False
        found = scene.seats.hint_answer(asked.seat, asked.step)
        if found is None:
            return scene.time - asked.since < 5.0  # the dots move while it thinks
        text, error = found
        if error is not None or text is None:
            self.forget()
            problem = str(error)
            if scene.rules.has_text(problem):  # a network host's reason (error.no_hints...)
                scene.say(scene.game_text(problem), error=True)
            else:
                scene.say(self.app.tr("coach.failed", problem=problem[:120]), error=True)
            return True
        try:
            advice = Advice.from_dict(json.loads(text))
        except ValueError as exc:
            self.forget()
            scene.say(self.app.tr("coach.failed", problem=str(exc)[:120]), error=True)
            return True
        self.advice = advice
        self.why = say(scene.rules, self.app.settings.language, advice, [scene.name(s) for s in range(scene.seats.num_seats)])
        self.spots = None
        recorder = scene.records.recorder
        if recorder is not None:  # the record says a seat was coached (the host marks a network seat's)
            recorder.mark_coached(asked.seat)
        return True

    # ---------------------------------------------------------------- the lit move
    def _find_spots(self) -> list[pygame.Rect] | None:
        """Where the advised move acts on the table, from its events on the seat's own guess of
        the hidden cards (None while a network host's preview is on its way)."""
        scene, advice = self.scene, self.advice
        assert advice is not None
        spots: list[pygame.Rect] = []
        ctx = scene.ctx()
        for press, rect in scene.composer.presses(ctx):  # a button that plays it
            if press.action == advice.move:
                spots.append(rect)
        events = scene.preview(advice.move)
        if events is None and not spots:
            return None if scene.seats.remote else []
        shown = [redact(e, scene.viewer) for e in events or []]
        spots += move_spots(shown, scene.layout, scene.placements, scene.view)
        return spots[:MAX_SPOTS]

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The lit move, over the cards (the scene draws the banner last: `draw_banner`)."""
        if self.asked is None:
            return
        pulse = 0.5 + 0.5 * abs(((self.scene.time * 1.5) % 2.0) - 1.0)
        width = max(2, self.app.px(3))
        for rect in self.spots or []:
            box = rect.inflate(width * 4, width * 4)
            color = tuple(int(c * (0.6 + 0.4 * pulse)) for c in LIT)
            pygame.draw.rect(surface, color, box, width, border_radius=max(4, box.w // 8))

    def draw_banner(self, surface: pygame.Surface, aside: pygame.Rect | None = None, taken: int = 0) -> int:
        """The coach's line in a box: at the top of the log column (`aside`, below the `taken`
        pixels a long hint of the bar took), so it covers no card; with the log folded, over
        the captions' place. Returns the height it took of `aside` (0: none)."""
        if self.asked is None:
            return 0
        app, scene = self.app, self.scene
        pad = app.px(8)
        if aside is not None:
            area, most = pygame.Rect(aside.x, aside.y + taken, aside.w, aside.h - taken), BANNER_LINES * 2
        else:
            caption = scene.placements.regions.get("caption")
            area, most = (caption.rect if caption is not None else scene.rect), BANNER_LINES
        font = app.font(app.tx(theme.SMALL_SIZE))
        title_font = app.font(app.tx(theme.SMALL_SIZE), bold=True)
        if self.advice is None:
            lines = [app.tr("coach.thinking") + "." * (1 + int(scene.time * 3) % 3)]
        else:
            lines = wrap_text(font, self.why, area.w - 2 * pad)[:most]
        height = title_font.get_linesize() + len(lines) * font.get_linesize() + 2 * pad
        box = pygame.Rect(area.x, area.y if aside is not None else area.bottom - height, area.w, height)
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, box, border_radius=app.px(theme.RADIUS))
        pygame.draw.rect(surface, LIT, box, max(1, app.px(2)), border_radius=app.px(theme.RADIUS))
        y = box.y + pad
        surface.blit(title_font.render(app.tr("coach.title"), True, LIT), (box.x + pad, y))
        keys = font.render(app.tr("coach.keys"), True, theme.TEXT_DIM)
        surface.blit(keys, keys.get_rect(topright=(box.right - pad, y)))
        y += title_font.get_linesize()
        for line in lines:
            surface.blit(font.render(line, True, theme.TEXT), (box.x + pad, y))
            y += font.get_linesize()
        return height + app.px(6) if aside is not None else 0


def move_spots(events: list[Event], layout: Any, placements: Any, view: View) -> list[pygame.Rect]:
    """The places a move's events touch on the displayed table: each card it moves (where it
    lies and where it goes), each card it turns or looks at, each marker it moves on the table
    (the layout's flying markers, not a turn passing). Only the
    move itself: the events after the first new phase or score (the round it ends, a new
    deal) are left out, and so are the layout's set-up moves."""
    zones = view.get("zones") or {}
    out: list[pygame.Rect] = []
    arrivals: dict[tuple[str, Any, Any], int] = {}
    taken: dict[tuple[str, Any, Any], set[int]] = {}  # the cards already lit in a zone (two 3s of a hand)
    for event in events:
        if isinstance(event, (PhaseBegan, ScoreChanged)):
            break
        try:
            if isinstance(event, CardMoved):
                if event.reason in layout.setup_moves:
                    continue
                cards = _zone_list(zones, event.from_zone, event.from_seat, event.from_pos)
                used = taken.setdefault((event.from_zone, event.from_seat, event.from_pos), set())
                index = event.from_slot if event.from_slot is not None and event.from_slot < len(cards) else _free(cards, event.card, used)
                if index is not None:
                    used.add(index)
                region = placements.zone(event.from_zone, _key(event.from_seat, event.from_pos))
                if region is not None and cards:
                    out.append(_rect_at(region, len(cards), index))
                target = placements.zone(event.to_zone, _key(event.to_seat, event.to_pos))
                if target is not None:
                    dest = _zone_list(zones, event.to_zone, event.to_seat, event.to_pos)
                    where = (event.to_zone, event.to_seat, event.to_pos)
                    if event.to_slot is not None and event.to_slot < len(dest):
                        out.append(_rect_at(target, len(dest), event.to_slot))
                    else:
                        out.append(target.slot_rect(len(dest) + arrivals.get(where, 0)))
                        arrivals[where] = arrivals.get(where, 0) + 1
            elif isinstance(event, (CardRevealed, CardSeen)):
                region = placements.zone(event.zone, _key(event.seat, event.pos))
                cards = _zone_list(zones, event.zone, event.seat, event.pos)
                at = event.slot if event.slot is not None else _free(cards, event.card, set())
                if region is not None and cards:
                    out.append(_rect_at(region, len(cards), at))
            elif isinstance(event, MarkerChanged) and event.marker in layout.flying_markers:  # a marker it moves
                found = placements.marker(event.marker)
                if found is not None:
                    out.append(found.rect)
        except (KeyError, IndexError, TypeError):  # a zone this layout does not draw
            continue
    unique: list[pygame.Rect] = []
    for rect in out:
        if rect.w > 0 and rect.h > 0 and rect not in unique:
            unique.append(rect)
    return unique


def _free(cards: list[Any], card: str | None, used: set[int]) -> int | None:
    """Where a moving card lies in a displayed zone, not counting the places already lit: the
    last copy of its id, else the last card back, else `_find`'s answer."""
    for wanted in (card, "back"):
        for i in range(len(cards) - 1, -1, -1):
            if cards[i] == wanted and i not in used:
                return i
    return _find(cards, card)
