"""Typed events: plain, immutable data describing what one action changed, in order.

The table animates them, the log prints them and sounds follow them; no scene diffs states.
Events are NamedTuples because bots create millions of them: tuple creation is the cheapest
immutable record Python has. Each is a private NamedTuple holding the fields and a public
subclass adding the `kind` class constant (a NamedTuple body may only declare fields); the
subclass has `__slots__ = ()` so instances stay plain tuples, and `_replace` keeps the subclass.

A card's identity in an event is visible to the seats in its `visible` bit mask
(`ALL_SEATS` = everyone); `redact(event, seat)` hides it from the others.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

ALL_SEATS = -1  # bit mask with every bit set: "known to every seat"


def seat_mask(*seats: int) -> int:
    mask = 0
    for s in seats:
        mask |= 1 << s
    return mask


def sees(mask: int, seat: int | None) -> bool:
    """Whether `seat` (None = the public) is in a visibility mask."""
    if seat is None:
        return mask == ALL_SEATS
    return bool(mask & (1 << seat))


class _PhaseBegan(NamedTuple):
    phase: str
    number: int = 0
    seat: int | None = None


class PhaseBegan(_PhaseBegan):
    """A new stage of play: `phase` is a game word such as 'day', 'round', 'reveal'."""

    __slots__ = ()
    kind: ClassVar[str] = "phase"


class _CardMoved(NamedTuple):
    card: str | None
    from_seat: int | None
    from_zone: str
    to_seat: int | None
    to_zone: str
    visible: int = ALL_SEATS
    reason: str = ""
    actor: int | None = None
    from_slot: int | None = None  # the place it left in a zone with fixed slots or a numbered row (else None)
    to_slot: int | None = None  # the place it took in a zone with fixed slots or a numbered row (else None)
    from_pos: int | None = None  # position of the zone in a zone array (`count: N`), else None
    to_pos: int | None = None
    info: tuple[tuple[str, Any], ...] = ()  # the card's owner and YAML attributes (hidden with its id)


class CardMoved(_CardMoved):
    """A card went from one zone to another (`seat` None = a shared zone)."""

    __slots__ = ()
    kind: ClassVar[str] = "card_moved"


class _CardRevealed(NamedTuple):
    card: str | None
    seat: int | None
    zone: str
    visible: int = ALL_SEATS
    slot: int | None = None
    pos: int | None = None
    info: tuple[tuple[str, Any], ...] = ()  # the card's owner and YAML attributes
    actor: int | None = None  # the seat whose move turned it (None: its owner, or the game itself)


class CardRevealed(_CardRevealed):
    """A face-down card was turned face up where it lies (`seat`: the zone's owner; `actor`:
    who turned it, when another seat's power did)."""

    __slots__ = ()
    kind: ClassVar[str] = "card_revealed"


class _CardSeen(NamedTuple):
    card: str | None
    seat: int | None
    zone: str
    viewer: int
    visible: int = 0
    slot: int | None = None
    pos: int | None = None
    info: tuple[tuple[str, Any], ...] = ()  # the card's owner and YAML attributes (for `viewer` only)


class CardSeen(_CardSeen):
    """`viewer` looked at a card where it lies (zone `zone` of `seat`, None: the table):
    everyone sees the look, only `viewer` the card."""

    __slots__ = ()
    kind: ClassVar[str] = "card_seen"


class _CardConcealed(NamedTuple):
    card: str | None
    seat: int | None
    zone: str
    visible: int = ALL_SEATS
    slot: int | None = None
    pos: int | None = None


class CardConcealed(_CardConcealed):
    """A face-up card was turned face down where it lies (`seat`: the zone's owner)."""

    __slots__ = ()
    kind: ClassVar[str] = "card_concealed"


class _MarkerChanged(NamedTuple):
    marker: str
    seat: int | None
    value: Any


class MarkerChanged(_MarkerChanged):
    """A game marker changed: a lodge turned, the start card passed, a fisher chosen..."""

    __slots__ = ()
    kind: ClassVar[str] = "marker"


class _ScoreChanged(NamedTuple):
    seat: int
    delta: int
    total: int
    reason: str = ""
    details: tuple[tuple[str, int], ...] = ()


class ScoreChanged(_ScoreChanged):
    """Points written on the score sheet; `details` is the breakdown shown to players."""

    __slots__ = ()
    kind: ClassVar[str] = "score"


class _Note(NamedTuple):
    key: str
    seat: int | None = None
    params: tuple[tuple[str, Any], ...] = ()


class Note(_Note):
    """Something worth a caption that moves nothing (a hunter finds no wolf, ...)."""

    __slots__ = ()
    kind: ClassVar[str] = "note"


class _GameOver(NamedTuple):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


class GameOver(_GameOver):
    __slots__ = ()
    kind: ClassVar[str] = "game_over"


Event = (
    PhaseBegan | CardMoved | CardRevealed | CardSeen | CardConcealed | MarkerChanged | ScoreChanged | Note | GameOver
)
EVENT_TYPES = (PhaseBegan, CardMoved, CardRevealed, CardSeen, CardConcealed, MarkerChanged, ScoreChanged, Note, GameOver)
CARD_EVENTS = (CardMoved, CardRevealed, CardSeen, CardConcealed)  # events naming a card by id


INFO_EVENTS = (CardMoved, CardRevealed, CardSeen)  # events carrying the card's `info` too


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may know it: hidden card ids (and their owner and attributes) go."""
    if isinstance(event, CARD_EVENTS) and event.card is not None and not sees(event.visible, seat):
        if isinstance(event, INFO_EVENTS) and event.info:
            return event._replace(card=None, info=())
        return event._replace(card=None)
    return event


def event_to_dict(event: Event) -> dict[str, Any]:
    """JSON-ready form, used by logs, records and tests."""
    data: dict[str, Any] = {"kind": event.kind}
    for name, value in zip(event._fields, event, strict=True):
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        data[name] = value
    return data


EVENT_KINDS: dict[str, type] = {cls.kind: cls for cls in EVENT_TYPES}


def _frozen(value: Any) -> Any:
    """JSON lists back to the tuples an event holds (events stay hashable)."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event `event_to_dict` wrote (a network client rebuilds what its host sent);
    ValueError when `data` is no event of this engine."""
    cls = EVENT_KINDS.get(data.get("kind"))  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown event kind {data.get('kind')!r}")
    fields = cls._fields  # type: ignore[attr-defined]
    unknown = set(data) - set(fields) - {"kind"}
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)} for an event {cls.kind}")  # type: ignore[attr-defined]
    try:
        event: Event = cls(**{name: _frozen(data[name]) for name in fields if name in data})
    except TypeError as exc:
        raise ValueError(f"an event {data.get('kind')} lacks a field: {exc}") from exc
    return event

