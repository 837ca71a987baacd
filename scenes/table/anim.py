"""The animation queue: engine events grouped into visible steps, played on a displayed view.

The engine has already applied everything; the scene keeps its own *displayed* view (what the
player sees right now) and advances it one step at a time from the events, so a reveal, each
capture, cards returning and easy prey moving are shown in order. When the queue is empty the
displayed view is replaced by the real one (they match; this only settles layout details).
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.engine.events import (
    CardConcealed,
    CardMoved,
    CardRevealed,
    CardSeen,
    Event,
    GameOver,
    MarkerChanged,
    PhaseBegan,
    ScoreChanged,
)
from game.engine.views import View
from scenes.table.marks import LastMoves
from scenes.table.regions import Placements

if TYPE_CHECKING:
    from scenes.table.layout import Layout

# Seconds at animation speed 1, by kind of step.
DURATIONS = {
    "choose": 0.35, "reveal": 0.9, "take": 0.95, "move": 0.55, "batch": 0.7, "note": 1.3,
    "marker": 0.8, "score": 1.6, "tally": 3.2, "phase": 0.7, "chapter": 1.3, "game_over": 1.2,
}
MOMENT_HOLD = 0.9  # extra seconds a key moment (a reveal, a catch, a scoring) stays on screen
SOUNDS = {"choose": "deal", "reveal": "reveal", "take": "capture", "score": "score", "tally": "score", "chapter": "deal"}


@dataclass(frozen=True)
class MoveKinds:
    """How a layout wants its game's card moves shown; the names are the engine's move reasons,
    markers and phases, all declared by the layout (scenes/table/layout.py): the generic queue
    knows no game's words."""

    choices: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()
    batched: tuple[str, ...] = ()
    quiet: tuple[str, ...] = ()
    joined_markers: tuple[str, ...] = ()
    phases: tuple[tuple[str, str], ...] = ()  # phase -> step kind ("reveal", "chapter")

    @classmethod
    def of(cls, layout: Layout) -> MoveKinds:
        return cls(layout.choice_moves, layout.take_moves, layout.batched_moves, layout.quiet_moves,
                   layout.joined_markers, tuple(layout.phase_steps.items()))


@dataclass
class Flight:
    """A card (or marker) flying between two rectangles during a step."""

    card: str | None
    src: pygame.Rect
    dst: pygame.Rect
    marker: str = ""
    value: Any = None


@dataclass
class Step:
    kind: str
    events: list[Event]
    flights: list[Flight] = field(default_factory=list)
    elapsed: float = 0.0
    duration: float = 0.0
    caption: str = ""
    moment: bool = False  # a key moment the layout wants seen: held on screen, Space ends only it
    hold: float = 0.0  # seconds of the duration spent still, once the motion is over
    carried: list[dict[str, Any] | None] = field(default_factory=list)  # the view's `cards` entries in flight
    action: int = -1  # the number of the action whose events these are (the last-move marks)

    @property
    def progress(self) -> float:
        motion = self.duration - self.hold
        return 1.0 if motion <= 0 else min(1.0, self.elapsed / motion)


def group_events(events: list[Event], kinds: MoveKinds = MoveKinds(),
                 join_markers: Callable[[list[Event], MarkerChanged], bool] | None = None) -> list[Step]:
    """Consecutive events shown together: a reveal, a batch of moves of one reason, scores;
    `join_markers` (a layout's) says which marker changes move together (animals moved by one card)."""
    steps: list[Step] = []
    for event in events:
        kind = _kind(event, kinds)
        last = steps[-1] if steps else None
        if last is not None and (_joins(last, kind, event, kinds) or (
                join_markers is not None and kind == last.kind == "marker" and join_markers(last.events, event))):  # type: ignore[arg-type]
            last.events.append(event)
        else:
            steps.append(Step(kind, [event]))
    return steps


def _kind(event: Event, kinds: MoveKinds) -> str:
    if isinstance(event, CardMoved):
        if event.reason in kinds.choices:
            return "choose"
        if event.reason in kinds.takes:
            return "take"
        return "batch" if event.reason in kinds.batched else "move"
    if isinstance(event, CardRevealed):
        return "reveal"
    if isinstance(event, PhaseBegan):
        return dict(kinds.phases).get(event.phase, "phase")
    if isinstance(event, MarkerChanged):
        return "marker"
    if isinstance(event, ScoreChanged):
        return "tally" if event.details else "score"  # a scoring that says what it counted
    if isinstance(event, GameOver):
        return "game_over"
    return "note"


def _joins(step: Step, kind: str, event: Event, kinds: MoveKinds) -> bool:
    first = step.events[0]
    if kind == "phase" and isinstance(event, PhaseBegan) and all(isinstance(e, PhaseBegan) for e in step.events):
        return True  # a new day and its first round begin together (never "day 2 · round 10")
    if kind != step.kind:
        return False
    if kind == "reveal":
        return isinstance(event, CardRevealed)
    if kind == "batch":
        return isinstance(first, CardMoved) and isinstance(event, CardMoved) and first.reason == event.reason
    if kind == "choose":
        return True
    if kind == "marker":
        return (isinstance(first, MarkerChanged) and isinstance(event, MarkerChanged)
                and first.marker == event.marker and event.marker in kinds.joined_markers)
    return kind in ("score", "tally")


class Animator:
    """Plays steps on a displayed view; `skip()` finishes everything at once."""

    def __init__(self, layout: Layout, caption: Callable[[Event], str]) -> None:
        self.layout = layout
        self.kinds = MoveKinds.of(layout)
        self.caption_of = caption
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.view: View | None = None
        self.on_step: Callable[[Step], None] | None = None  # sounds, caption log
        # A step's events are on the table now (shown, or skipped over): the log panel prints
        # them; `shown` is False for steps applied without being seen (skip()).
        self.on_shown: Callable[[Step, bool], None] | None = None
        self.last = LastMoves()  # the places the recent actions changed (scenes/table/marks.py)
        # A step that stays on screen once played while this says so (a lesson explaining the
        # scoring over it); Space or the end of the hold lets the queue go on.
        self.hold_step: Callable[[Step], bool] | None = None

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def held(self) -> Step | None:
        """The step shown and held at its end by `hold_step`, if any."""
        step = self.current
        if step is None or self.hold_step is None or step.elapsed < step.duration:
            return None
        return step if self.hold_step(step) else None

    def push(self, events: list[Event], action: int = -1) -> None:
        steps = group_events(self.layout.prepare_events(events), self.kinds, self.layout.join_markers)
        for step in steps:
            step.action = action
        if steps and self.queue and self.queue[-1].kind == steps[0].kind == "choose":
            self.queue[-1].events.extend(steps.pop(0).events)  # choices made together land together
        self.queue.extend(steps)

    def set_view(self, view: View) -> None:
        self.view = copy.deepcopy(view)

    def update(self, dt: float, speed: float, place: Callable[[View], Placements]) -> None:
        """Advance by `dt` seconds; starts the next step when one ends (several per frame if short)."""
        budget = dt
        while budget > 0 or (self.current is None and self.queue):
            if self.current is None:
                if not self.queue:
                    return
                self._start(self.queue.popleft(), speed, place)
            step = self.current
            assert step is not None
            used = min(budget, max(0.0, step.duration - step.elapsed))
            step.elapsed += used
            budget -= used
            if step.elapsed >= step.duration and self.hold_step is not None and self.hold_step(step):
                return  # held where it ends (see hold_step)
            if step.elapsed >= step.duration:
                self._finish(step)
                self.current = None
            else:
                return

    def skip_moment(self, place: Callable[[View], Placements]) -> None:
        """Space: end the key moment being shown, or hurry to the next one (applying the steps
        before it without showing them); the steps after it are still played."""
        current = self.current
        if current is not None:
            self._finish(current)
            self.current = None
            if current.moment:
                return
        while self.queue and not self.layout.is_moment(self.queue[0]):
            step = self.queue.popleft()
            self._start(step, 1.0, place, quiet=True)
            self._finish(step, shown=False)
        self.current = None

    def skip(self, place: Callable[[View], Placements]) -> None:
        """Finish the current step and apply every queued one without showing it."""
        if self.current is not None:
            self._finish(self.current, shown=False)
            self.current = None
        while self.queue:
            step = self.queue.popleft()
            self._start(step, 1.0, place, quiet=True)
            self._finish(step, shown=False)

    # ------------------------------------------------------------------ steps
    def _start(self, step: Step, speed: float, place: Callable[[View], Placements], quiet: bool = False) -> None:
        assert self.view is not None
        self.current = step
        step.duration = DURATIONS[step.kind] / max(0.05, speed)
        step.moment = self.layout.is_moment(step)
        if step.moment:
            step.hold = MOMENT_HOLD / max(0.05, speed)
            step.duration += step.hold
        for event in step.events:  # the HUD's counters change when the caption says so
            if isinstance(event, PhaseBegan):
                _count_phase(self.view, event)
        step.caption = self.caption(step)
        placements = place(self.view)
        arrivals: dict[str, int] = {}
        zones, infos = self.view["zones"], self.view.get("cards")
        step.carried = []
        if any(isinstance(e, CardMoved) and e.reason in self.layout.setup_moves for e in step.events):
            self.last.clear()  # cards gathered, a new deal: the round's marks are over
        for event in step.events:
            if isinstance(event, CardMoved):
                src_list = _zone_list(zones, event.from_zone, event.from_seat, event.from_pos)
                entries = _entries(infos, event.from_zone, event.from_seat, len(src_list), event.from_pos)
                if event.card is None and "back" not in src_list:
                    # an unseen card left cards we could name: we can no longer tell which remain
                    src_list[:] = ["back" if c is not None else None for c in src_list]
                    if entries is not None:
                        entries[:] = [None if e is None else {"face": e["face"], "owner": e["owner"]} for e in entries]
                index: int | None
                if event.from_slot is not None and event.from_slot < len(src_list):
                    index = event.from_slot
                else:
                    index = _find(src_list, event.card, entries, event.info)
                region = placements.zone(event.from_zone, _key(event.from_seat, event.from_pos))
                src = _rect_at(region, len(src_list), index)
                carried = None
                if index is not None:
                    self.last.left((event.from_zone, event.from_seat, event.from_pos), index,
                                   event.from_slot is not None and index == event.from_slot)
                if index is not None and event.from_slot is not None and index == event.from_slot:
                    src_list[index] = None  # a slot keeps its place when emptied (a line of cards)
                    if entries is not None:
                        carried, entries[index] = entries[index], None
                elif index is not None:
                    src_list.pop(index)
                    if entries is not None:
                        carried = entries.pop(index)
                step.carried.append(carried)
                dst_region = placements.zone(event.to_zone, _key(event.to_seat, event.to_pos))
                key = f"{event.to_zone}:{event.to_seat}:{event.to_pos}"
                count = len(_zone_list(zones, event.to_zone, event.to_seat, event.to_pos)) + arrivals.get(key, 0)
                arrivals[key] = arrivals.get(key, 0) + 1
                dst = dst_region.slot_rect(count) if dst_region is not None else src
                step.flights.append(Flight(self.layout.start_move(self.view, event), src, dst))
            elif isinstance(event, MarkerChanged) and event.marker in self.layout.flying_markers:
                old = placements.marker(event.marker)
                moved = copy.deepcopy(self.view)
                self.layout.apply_marker(moved, event)
                new = place(moved).marker(event.marker)
                if old is not None and new is not None:
                    step.flights.append(Flight(None, old.rect, new.rect, event.marker))
        if not quiet and self.on_step is not None:
            self.on_step(step)

    def caption(self, step: Step) -> str:
        """The sentence of a step: each event's caption once, with its count when repeated (told
        again in the new language when the player switches)."""
        counts: dict[str, tuple[Event, int]] = {}
        for event in step.events:
            caption = self.caption_of(event)
            if caption:
                first, n = counts.get(caption, (event, 0))
                counts[caption] = (first, n + 1)
        unique = [self._plural(c, e, n) for c, (e, n) in counts.items()]
        shown = 6 if step.kind in ("score", "tally") else 3  # every seat's score line; other batches abridged
        return " ".join(unique[:shown]) + (" …" if len(unique) > shown else "")

    def _plural(self, caption: str, event: Event, count: int) -> str:
        """A sentence repeated in one step, said once with its number ("Alice bets 4 fish.")."""
        if count < 2:
            return caption
        try:
            return self.caption_of(event, count) or caption  # type: ignore[call-arg]
        except TypeError:  # a caption function without a count
            return caption

    def _finish(self, step: Step, shown: bool = True) -> None:
        view = self.view
        assert view is not None
        zones, infos = view["zones"], view.get("cards")
        carried = iter(step.carried)
        for event in step.events:
            if isinstance(event, CardMoved):
                dst = _zone_list(zones, event.to_zone, event.to_seat, event.to_pos)
                entries = _entries(infos, event.to_zone, event.to_seat, len(dst), event.to_pos)
                entry = _entry(next(carried, None), event.info)
                if event.to_slot is not None and event.to_slot < len(dst) and dst[event.to_slot] is None:
                    dst[event.to_slot] = event.card or "back"  # back into its slot of a line
                    if entries is not None:
                        entries[event.to_slot] = entry
                    landed = event.to_slot
                else:
                    dst.append(event.card or "back")
                    if entries is not None:
                        entries.append(entry)
                    landed = len(dst) - 1
                if event.reason not in self.layout.setup_moves:
                    self.last.landed((event.to_zone, event.to_seat, event.to_pos), landed, step.action, event.card)
            elif isinstance(event, CardRevealed):
                cards = _zone_list(zones, event.zone, event.seat, event.pos)
                index = _find(cards, None)
                if index is not None and event.card is not None and event.card not in cards:
                    cards[index] = event.card
                    entries = _entries(infos, event.zone, event.seat, len(cards), event.pos)
                    if entries is not None:
                        entries[index] = dict(_entry(entries[index], event.info), face="up")
                at = event.slot if event.slot is not None else (cards.index(event.card) if event.card in cards else index)
                if at is not None:
                    self.last.landed((event.zone, event.seat, event.pos), at, step.action, event.card)
            elif isinstance(event, (CardSeen, CardConcealed)) and event.slot is not None:
                self.last.landed((event.zone, event.seat, event.pos), event.slot, step.action, None)
            elif isinstance(event, MarkerChanged):
                self.layout.apply_marker(view, event)
                self.last.marker(event.marker, step.action)
            elif isinstance(event, ScoreChanged):
                view["scores"][event.seat] = event.total
            elif isinstance(event, PhaseBegan):
                _count_phase(view, event)
            self.layout.apply_event(view, event)  # a layout's own view fields
        step.elapsed = step.duration
        if self.on_shown is not None:
            self.on_shown(step, shown)


def _count_phase(view: View, event: PhaseBegan) -> None:
    """The HUD's day/round/turn counter follows the animation: a phase's number is the view's
    key of the phase's name, when the game's view has one (a key known only at run time)."""
    counters = cast(dict[str, Any], view)
    if event.phase in counters and type(counters[event.phase]) in (int, type(None)):
        counters[event.phase] = event.number


def _zone_list(zones: dict[str, Any], zone: str, seat: int | None, pos: int | None = None) -> list[Any]:
    """A displayed zone's cards: per seat, then per position of a zone array (`count: N`)."""
    cards = zones[zone]
    if seat is not None:
        cards = cards[seat]
    return cards if pos is None else cards[pos]


def _key(seat: int | None, pos: int | None) -> int | None:
    """The region key of a zone: its seat, or for a table zone array its position (regions of
    `under` 0..3 are bound to seat 0..3)."""
    return seat if seat is not None or pos is None else pos


def _entries(infos: dict[str, Any] | None, zone: str, seat: int | None, count: int,
             pos: int | None = None) -> list[Any] | None:
    """A zone's list in the displayed view's `cards` (per card: face, owner, attributes), kept in
    step with `zones` by the moves; None when the view has none or it is out of step."""
    if infos is None or zone not in infos:
        return None
    entries = infos[zone] if seat is None else infos[zone][seat]
    if pos is not None:
        entries = entries[pos] if pos < len(entries) and isinstance(entries[pos], list) else []
    return entries if len(entries) == count else None


def _entry(before: dict[str, Any] | None, info: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A card's `cards` entry after a move: what it was, with the owner and attributes the
    event tells (none for a card the seat does not see)."""
    entry = {"face": "down", "owner": None} if before is None else dict(before)
    entry.update(info)
    return entry


def _find(cards: list[str], card: str | None, entries: list[Any] | None = None,
          info: tuple[tuple[str, Any], ...] = ()) -> int | None:
    """Where `card` lies in a displayed zone: its id if known (the copy with the event's owner
    and attributes: a bait of that value), else a back, else the last card."""
    if not cards:
        return None
    if card is not None and card in cards:
        if info and entries is not None:
            for i in range(len(cards) - 1, -1, -1):
                entry = entries[i]
                if cards[i] == card and entry is not None and all(entry.get(k) == v for k, v in info):
                    return i
        return len(cards) - 1 - cards[::-1].index(card)
    if "back" in cards:
        return len(cards) - 1 - cards[::-1].index("back")
    return len(cards) - 1


def _rect_at(region: Any, count: int, index: int | None) -> pygame.Rect:
    if region is None:
        return pygame.Rect(0, 0, 0, 0)
    rects = region.card_rects(count)
    if index is None or not rects:
        return region.slot_rect(0)
    return rects[min(index, len(rects) - 1)]
