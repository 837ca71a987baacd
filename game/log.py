"""The game log as sentences: every event told in French or English, redacted per seat.

Pygame-free so the same sentences serve the table's log panel, the replay viewer, the command
line and tests. The words come from the game's texts (`move.<reason>`, `note.<key>`,
`marker.*`, `phase.*`, `card.<id>`, `score.<part>`) with engine-wide fallbacks (`log.*` in
game/data/common.yaml), so no game needs code here.

Parameters a game text may use:
  move.<reason>   {actor} the seat acting, {owner} the seat whose zone the card leaves
                  (the receiving seat for a card coming from the table), {to} the receiving
                  seat, {card} the card's name (or "a card" when the reader may not know it),
                  {from_pos} {to_pos} the zones' numbers from 1 in a zone array (`count: N`)
  note.<key>      the note's own params (a `card` param is shown by its name) and {seat}
  marker.<marker>.<reason>   a dict-valued marker with a "reason": its fields as params, its
                  "id" also named after the marker ({animal} for an "animal" marker)
  marker.<marker>_<value>, else marker.<marker>_to   {seat} (a seat-valued marker's new seat), {value}
Params are shown as words: seats (seat, actor, owner, from, to, player, target) by name, `card`
by its card name, any other text value v of a param x as the text `x.v` when the game has it. A
text value listing seats by number ("1: 5, 2: 7", numbered from 1) reads with the seats' names
when the text writes `{totals:seats}` ("Ana: 5, Bruno: 7").
  phase.<phase>   {number} and {seat}
  reveal.<zone>   {seat} and {owner} the zone's owner, {actor} the seat whose move turned the
                  card (its owner unless another seat's power did), {card}, {zone}
  seen.<zone>     {seat} the seat that looked, {owner} the zone's owner, {card} (only the looking
                  seat reads its name: the others read "a card"), {zone}
  conceal.<zone>  {seat} the zone's owner, {card}, {zone}

The reader's grammar: a text may have forms for the reader's own seat, `<key>.you` (the reader
acts: "You play White 3.") and `<key>.your` (the reader's card or seat is acted on: "Bob's hunter
takes your wolf."), and the forms that agree with a number (game/languages.py: `<key>.other` in
French and English) with {count}, used when one action repeats the sentence ("Alice bets 4
fish.") or for a note's own {count} param; forms combine as `<key>.you.other`. Two finer forms:
`<key>.you.theirs` when the reader acts on another
seat's card ("You look at a card in Bob's village", where `.you` says "in your village") and
`<key>.to_you` when a card comes into the reader's zone from another seat's ("Bob's card goes to
your village"), and `<key>.own` when another seat acts on its own card ("Bob regarde une carte
dans son village"). A missing form falls back to `.you`, then to the plain text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from game import languages
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
from game.engine.rules import Rules

LANGS = languages.codes()  # the shipped languages, the default first
SEAT_PARAMS = frozenset({"seat", "actor", "owner", "from", "to", "player", "target"})
NOBODY = -1  # a LogWriter's reader when no player reads (a table of bots): nobody is "you"
OBJECT_SEATS = frozenset({"from", "to"})  # seat params never a sentence's subject: "you" for the reader
CARD_FIRST = "\u2063"  # a card name standing first in a sentence (never listed: "{card} goes back")
SEAT_NUMBER = re.compile(r"(?<!\w)(\d+):")


class SeatValues(str):
    """A param's text whose `{param:seats}` format names the seats it numbers from 1."""

    name: Callable[[int], str]

    def __format__(self, spec: str) -> str:
        if spec != "seats":
            return format(str(self), spec)
        return SEAT_NUMBER.sub(lambda m: f"{self.name(int(m.group(1)) - 1)}:", str(self))


def seat_values(text: str, name: Callable[[int], str]) -> SeatValues:
    """`text` that a `{param:seats}` field reads with `name(seat)` for each seat number."""
    out = SeatValues(text)
    out.name = name
    return out


def reader_key(
    rules: Rules, key: str, reader: int | None, subject: Any, owner: Any = None, count: int = 1, receiver: Any = None,
    lang: str = languages.REFERENCE,
) -> str:
    """The form of `key` this reader should read: second person when the reader's own seat is
    the subject (`.you`, or `.you.theirs` when it acts on another seat's card), the owner
    (`.your`) or the seat a card comes to (`.to_you`); `.own` when another seat acts on its own
    card ("Bob looks at a card in his village"); then the form that agrees with `count` in
    `lang` (`.other` for "3 fish": game/languages.py)."""
    seat = reader is not None and not isinstance(reader, bool)
    if seat and subject == reader:
        other = owner is not None and owner != reader
        if other and rules.has_text(f"{key}.you.theirs"):
            key = f"{key}.you.theirs"
        elif rules.has_text(f"{key}.you"):
            key = f"{key}.you"
    elif seat and owner == reader and rules.has_text(f"{key}.your"):
        key = f"{key}.your"
    elif seat and receiver == reader and rules.has_text(f"{key}.to_you"):
        key = f"{key}.to_you"
    elif subject is not None and subject == owner and rules.has_text(f"{key}.own"):
        key = f"{key}.own"
    return languages.counted_key(rules.has_text, key, lang, count)


def original_places(events: Iterable[Event]) -> list[Event]:
    """One action's events with each card's `from_slot` as the place it had before the action.

    WHY: an engine moves cards one at a time, so a second card leaving a numbered row (two
    matching cards discarded, a robber's swap) is numbered in the row as the first move left it;
    a reader counts places as the row stood when the move began. Places a card arrives at
    (`to_slot`) are final already, and every other event is unchanged."""
    done: dict[tuple[Any, str], list[tuple[str, int]]] = {}  # (seat, zone) -> ("in"/"out", place), in order
    out: list[Event] = []
    for event in events:
        if isinstance(event, CardMoved) and event.from_slot is not None:
            place = event.from_slot
            for kind, at in reversed(done.get((event.from_seat, event.from_zone), [])):
                if kind == "in" and place > at:
                    place -= 1
                elif kind == "out" and place >= at:
                    place += 1
            done.setdefault((event.from_seat, event.from_zone), []).append(("out", event.from_slot))
            event = event._replace(from_slot=place)
        if isinstance(event, CardMoved) and event.to_slot is not None:
            done.setdefault((event.to_seat, event.to_zone), []).append(("in", event.to_slot))
        out.append(event)
    return out


def slot_params(event: CardMoved) -> dict[str, Any]:
    """The places (1-based) a move left and filled in numbered rows, for texts naming them
    ("Bruno discards Empath from slot 3 of the village"); '' where the zone has none."""
    return {"from_slot": "" if event.from_slot is None else event.from_slot + 1,
            "to_slot": "" if event.to_slot is None else event.to_slot + 1}


def sentence(text: str) -> str:
    """`text` as a sentence: its first letter a capital ("A card goes from Bruno's village…",
    where a text starting with {card} read "a card goes…"); a text key shown for want of its
    text ("no_such_note") stays as it is."""
    if not text[:1].islower() or "_" in text.split(" ", 1)[0]:
        return text
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class LogLine:
    """One line of the log, a sentence (its first letter a capital). `marker` lines (a new day,
    round or phase) are drawn as headings."""

    text: str
    marker: bool = False
    kind: str = "event"
    count: int = 1
    cards: tuple[str, ...] = ()  # the cards the line names (the log shows their small faces)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", sentence(self.text))


class LogWriter:
    """Turns events into sentences for one reader (`viewer`: a seat, or None for the public)."""

    def __init__(self, rules: Rules, lang: str, names: Sequence[str], viewer: int | None, reader: int | None = None):
        """`viewer`: what the reader may know (a seat's cards; None: the public); `reader`: the
        seat addressed as "you" when it differs from `viewer` (a public log read by a player;
        NOBODY: none)."""
        self.rules = rules
        self.lang = lang if lang in LANGS else languages.default()
        self.names = list(names)
        self.viewer = viewer
        self.reader = viewer if reader is None else reader

    # ----------------------------------------------------------------- helpers
    def t(self, key: str, /, **params: Any) -> str:
        """`key` is positional-only: templates may use a `{key}` field (the "log.note" fallback)."""
        return self.rules.text(self.lang, key, **params)

    def seat_name(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
            return self.names[seat]
        if isinstance(seat, int) and not isinstance(seat, bool):
            return self.t("log.seat", number=seat + 1)
        return self.t("log.table")

    def card_name(self, card: str | None, info: Iterable[tuple[str, Any]] = ()) -> str:
        """The card's name; `info` (an event's card attributes) names a card that changed
        during play as it is now (`Rules.card_label`)."""
        if card is None:
            return self.t("log.hidden_card")
        label = self.rules.card_label(self.lang, card, dict(info)) if info else None
        if label:
            return label
        key = f"card.{card}"
        return self.t(key) if self.rules.has_text(key) else card

    # --------------------------------------------------------------- sentences
    def line(self, event: Event, count: int = 1) -> LogLine | None:
        """The sentence for one event as this reader may know it (None: nothing to tell);
        `count`: the event happened that many times in one action (a plural text if any)."""
        event = redact(event, self.viewer)
        if isinstance(event, PhaseBegan):
            return LogLine(self._phase(event), marker=True, kind="phase")
        if isinstance(event, CardMoved):
            return LogLine(self._moved(event, count), kind="move", cards=_named(event.card))
        if isinstance(event, CardRevealed):
            return LogLine(self._revealed(event), kind="reveal", cards=_named(event.card))
        if isinstance(event, CardSeen):
            return LogLine(self._seen(event), kind="seen", cards=_named(event.card))
        if isinstance(event, CardConcealed):
            return LogLine(self._concealed(event), kind="conceal")
        if isinstance(event, MarkerChanged):
            return LogLine(self._marker(event), kind="marker")
        if isinstance(event, ScoreChanged):
            return LogLine(self._score(event), kind="score")
        if isinstance(event, Note):
            card = dict(event.params).get("card")
            return LogLine(self._note(event, count), kind="note", cards=_named(card if isinstance(card, str) else None))
        if isinstance(event, GameOver):
            return LogLine(self._game_over(event), marker=True, kind="game_over")
        return None

    def _phase(self, e: PhaseBegan) -> str:
        key = f"phase.{e.phase}"
        if self.rules.has_text(key):
            return self.t(key, number=e.number, seat=self.seat_name(e.seat))
        return self.t("log.phase", phase=e.phase, number=e.number)

    def _moved(self, e: CardMoved, count: int = 1, cards: str | None = None) -> str:
        owner = e.from_seat if e.from_seat is not None else e.to_seat
        actor = e.actor if e.actor is not None else owner
        params = {
            "actor": self.seat_name(actor),
            "owner": self.seat_name(owner),
            "to": self.seat_name(e.to_seat),
            "card": self.card_name(e.card, e.info) if cards is None else cards,
            "count": count,
            "from_pos": "" if e.from_pos is None else e.from_pos + 1,
            "to_pos": "" if e.to_pos is None else e.to_pos + 1,
            **slot_params(e),
        }
        key = f"move.{e.reason}"
        if e.reason and self.rules.has_text(key):
            form = reader_key(self.rules, key, self.reader, actor, owner, count, receiver=e.to_seat, lang=self.lang)
            return self.t(form, **params)
        params["from_zone"] = self._zone(e.from_zone)
        params["to_zone"] = self._zone(e.to_zone)
        return self.t("log.moved", **params)

    def _zone(self, name: str) -> str:
        key = f"zone.{name}"
        return self.t(key) if self.rules.has_text(key) else name

    def _revealed(self, e: CardRevealed, cards: str | None = None) -> str:
        actor = e.actor if e.actor is not None else e.seat  # a power may turn another seat's card
        params = {"seat": self.seat_name(e.seat), "owner": self.seat_name(e.seat), "actor": self.seat_name(actor),
                  "card": self.card_name(e.card) if cards is None else cards,
                  "zone": self._zone(e.zone), "slot": "" if e.slot is None else e.slot + 1}
        key = f"reveal.{e.zone}"
        if not self.rules.has_text(key):
            key = "log.revealed" if e.seat is not None else "log.revealed_table"
        return self.t(reader_key(self.rules, key, self.reader, actor, e.seat), **params)

    def _seen(self, e: CardSeen) -> str:
        """Everyone reads that a seat looked; only that seat reads the card (redacted above)."""
        params = {
            "seat": self.seat_name(e.viewer), "owner": self.seat_name(e.seat),
            "card": self.card_name(e.card), "zone": self._zone(e.zone),
            "slot": "" if e.slot is None else e.slot + 1,
        }
        key = f"seen.{e.zone}"
        if self.rules.has_text(key):
            return self.t(reader_key(self.rules, key, self.reader, e.viewer, e.seat), **params)
        return self.t("log.seen" if e.seat is not None else "log.seen_table", **params)

    def _concealed(self, e: CardConcealed) -> str:
        params = {"seat": self.seat_name(e.seat), "card": self.card_name(e.card), "zone": self._zone(e.zone)}
        key = f"conceal.{e.zone}"
        if self.rules.has_text(key):
            return self.t(key, **params)
        return self.t("log.concealed" if e.seat is not None else "log.concealed_table", **params)

    def localize(self, params: dict[str, Any]) -> dict[str, Any]:
        """Event params as words: seats by name, cards by name, `x` = v as the text `x.v` if any."""
        out: dict[str, Any] = {}
        for name, value in params.items():
            if name in OBJECT_SEATS and value == self.reader and _whole(value):
                value = self.t("log.you_object")  # "moves from you to Bob": the reader is "you"
            elif name in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
                value = self.seat_name(value)
            elif name == "card" and isinstance(value, str):
                value = self.card_name(value)
            elif isinstance(value, str) and self.rules.has_text(f"{name}.{value}"):
                value = self.t(f"{name}.{value}")
            elif isinstance(value, str):
                value = seat_values(value, self.seat_name)
            out[name] = value
        return out

    def _marker(self, e: MarkerChanged) -> str:
        value = e.value
        params = {"seat": self.seat_name(e.seat), "value": value}
        if isinstance(value, dict):  # a structured change: text marker.<marker>.<reason>
            reason = value.get("reason")
            key = f"marker.{e.marker}.{reason}"
            if isinstance(reason, str) and self.rules.has_text(key):
                fields = {k: v for k, v in value.items() if isinstance(k, str)}
                if "id" in fields:  # the marker's own id: {animal} for an "animal" marker
                    fields.setdefault(e.marker, fields["id"])
                return self.t(reader_key(self.rules, key, self.reader, e.seat), **{**params, **self.localize(fields)})
        if isinstance(value, str) and self.rules.has_text(f"marker.{e.marker}_{value}"):
            return self.t(reader_key(self.rules, f"marker.{e.marker}_{value}", self.reader, e.seat), **params)
        if self.rules.has_text(f"marker.{e.marker}_to"):
            seat = value if isinstance(value, int) and not isinstance(value, bool) else e.seat
            key = reader_key(self.rules, f"marker.{e.marker}_to", self.reader, seat)
            return self.t(key, **{**params, "seat": self.seat_name(seat)})
        name_key = f"marker.{e.marker}"
        value_key = f"{e.marker}.{value}"
        shown = self.t(value_key) if isinstance(value, (str, int)) and self.rules.has_text(value_key) else value
        if isinstance(shown, dict):
            shown = ", ".join(f"{k} {v}" for k, v in self.localize(shown).items())
        return self.t(
            "log.marker",
            marker=self.t(name_key) if self.rules.has_text(name_key) else e.marker,
            value=shown,
            seat=params["seat"],
        )

    def _score(self, e: ScoreChanged) -> str:
        parts = []
        for part, points in e.details:
            if points:
                key = f"score.{part}"
                label = self.t(key) if self.rules.has_text(key) else part
                parts.append(f"{label} {points:+d}")
        key = reader_key(self.rules, "log.score", self.reader, e.seat)
        text = self.t(key, seat=self.seat_name(e.seat), delta=f"{e.delta:+d}", total=e.total)
        return f"{text} ({', '.join(parts)})" if parts else text

    def _note(self, e: Note, count: int = 1) -> str:
        params: dict[str, Any] = {"seat": self.seat_name(e.seat), "count": count, **self.localize(dict(e.params))}
        key = f"note.{e.key}"
        if not self.rules.has_text(key):
            return self.t("log.note", key=e.key)
        own = params["count"]  # a note counting things itself ("hunts with 3 cards") reads plural too
        plural = own if isinstance(own, int) and not isinstance(own, bool) and "count" in dict(e.params) else count
        return self.t(reader_key(self.rules, key, self.reader, e.seat, count=plural, lang=self.lang), **params)

    def _game_over(self, e: GameOver) -> str:
        names = ", ".join(self.seat_name(s) for s in e.winners)
        if len(e.winners) == 1:  # "Game over: you win." for the winner at the screen
            return self.t(reader_key(self.rules, "log.winner", self.reader, e.winners[0]), winners=names)
        return self.t("log.winners", winners=names)

    def start_line(self) -> LogLine:
        """The heading of a log: setup emits no events, so the match's start is told here."""
        return LogLine(self.t("log.start", game=self.rules.name(self.lang)), marker=True, kind="start")

    def undo_line(self, seat: int, count: int, redo: bool = False) -> LogLine:
        """The line that makes an undo (or redo) visible in the log."""
        key = reader_key(self.rules, "log.redo" if redo else "log.undo", self.reader, seat)
        return LogLine(self.t(key, seat=self.seat_name(seat), count=count), kind="redo" if redo else "undo")

    # ------------------------------------------------------------------ batches
    def lines(self, events: Iterable[Event]) -> list[LogLine]:
        """Sentences for one action's events. A sentence repeated in the batch is told once with
        its count (a new day sends every card home: "Ann takes the card back. (×8)"); the moves
        of a reason whose game text has an `.all` form are told once in that form (a round's
        set-up or clean-up: "The cards are gathered and shuffled."); next moves or reveals of
        the same kind by the same seats, each naming its card, are one sentence listing them
        ("You reveal Hunt 1 and Hunt 4.")."""
        out: list[LogLine] = []
        first: list[Event | None] = []  # the event each line was told from
        seen: dict[tuple[str, str, tuple[Any, ...]], int] = {}
        told_all: set[str] = set()
        listed: tuple[Any, ...] | None = None  # the group of the last line, while it may grow
        for event in original_places(events):
            shown = redact(event, self.viewer)
            if isinstance(shown, CardMoved) and self.rules.has_text(f"move.{shown.reason}.all"):
                if shown.reason not in told_all:
                    told_all.add(shown.reason)
                    out.append(LogLine(self.t(f"move.{shown.reason}.all"), kind="move"))
                    first.append(None)
                listed = None
                continue
            group = self._group(shown)
            card = getattr(shown, "card", None)
            # (two copies of a card moved or revealed together are both named: "Hunt 0, Hunt 1 and Hunt 1")
            if group is not None and group == listed and out:
                last = out[-1]
                cards = (*last.cards, *_named(card))
                out[-1] = LogLine(self._listing(first[-1], cards), last.marker, last.kind, 1, cards)  # type: ignore[arg-type]
                continue
            listed = group
            line = self.line(event)
            if line is None:
                continue
            if line.marker:
                seen.clear()  # never merge across a heading
                out.append(line)
                first.append(None)
                continue
            seats = _seats_of(shown)  # two players of one name are two lines, never "(×2)"
            named = any(self.seat_name(s) in line.text for s in seats if _whole(s))
            key = (line.text, line.kind, seats if named else ())
            if key in seen:
                last = out[seen[key]]
                out[seen[key]] = LogLine(last.text, last.marker, last.kind, last.count + 1, last.cards)
                listed = None
            else:
                seen[key] = len(out)
                out.append(line)
                first.append(shown)
        for i, (line, origin) in enumerate(zip(out, first, strict=True)):
            if line.count > 1 and origin is not None:  # "Alice bets 4 fish." if the game says so
                plural = self.line(origin, line.count)
                if plural is not None and plural.text != line.text:
                    out[i] = LogLine(plural.text, line.marker, line.kind, cards=line.cards)
        return out

    def _group(self, e: Event) -> tuple[Any, ...] | None:
        """What next events must share to be told in one sentence listing their cards: a known
        card moved for the same reason between the same seats and zones, or revealed in the same
        zone; never when the card is the sentence's subject ("{card} goes back" agrees with one)."""
        if isinstance(e, CardMoved) and e.card is not None and e.reason:
            key = f"move.{e.reason}"
            said = self.t(key, actor="", owner="", to="", card=CARD_FIRST, count=1) if self.rules.has_text(key) else ""
            if CARD_FIRST not in said or said.startswith(CARD_FIRST):
                return None
            return ("move", e.reason, e.actor, e.from_seat, e.to_seat, e.from_zone, e.to_zone, e.from_pos, e.to_pos)
        if isinstance(e, CardRevealed) and e.card is not None:
            key = f"reveal.{e.zone}"
            said = self.t(key, seat="", owner="", actor="", card=CARD_FIRST, zone="") if self.rules.has_text(key) else ""
            if said.startswith(CARD_FIRST) or (said and CARD_FIRST not in said):
                return None
            return ("reveal", e.zone, e.seat, e.pos, e.actor)
        return None

    def _listing(self, origin: Event, cards: tuple[str, ...]) -> str:
        """The sentence of `origin` naming every card of `cards` ("Hunt 1, Hunt 3 and Hunt 4")."""
        names = [self.card_name(c) for c in cards]
        text = names[0] if len(names) == 1 else self.t("log.list", items=", ".join(names[:-1]), last=names[-1])
        if isinstance(origin, CardMoved):
            return self._moved(origin, cards=text)
        assert isinstance(origin, CardRevealed)
        return self._revealed(origin, cards=text)


def display_text(line: LogLine) -> str:
    """The line as shown: a repeated sentence gets its count."""
    return f"{line.text} (×{line.count})" if line.count > 1 else line.text


def _seats_of(event: Event) -> tuple[Any, ...]:
    """The seats a sentence is about (who acted, whose card, who received it)."""
    if isinstance(event, CardMoved):
        return (event.actor, event.from_seat, event.to_seat)
    if isinstance(event, CardRevealed):
        return (event.seat, event.actor)
    if isinstance(event, CardSeen):
        return (event.viewer, event.seat)
    if isinstance(event, (Note, MarkerChanged, ScoreChanged, CardConcealed, PhaseBegan)):
        return (event.seat,)
    return ()


def _named(card: str | None) -> tuple[str, ...]:
    return () if card is None else (card,)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def undo_marks(undos: Iterable[Any], total: int) -> list[tuple[int, int, bool, int]]:
    """(seat, count, redo, position) of a record's undos that fall within `total` actions; an
    undo shows before the action that replaced the undone ones, a redo before the replayed ones."""
    out = []
    for undo in undos:
        if not isinstance(undo, dict):
            continue
        at, seat, count = undo.get("at"), undo.get("seat"), undo.get("count")
        if not (_whole(at) and _whole(seat) and _whole(count)):
            continue
        redo = bool(undo.get("redo"))
        position = at - count if redo else at
        if 0 <= position <= total:
            out.append((seat, count, redo, position))
    return out


def story(writer: LogWriter, batches: Sequence[Sequence[Event]], undos: Iterable[Any] = ()) -> list[LogLine]:
    """The whole log of a match: its start, every action's sentences and, where they
    happened, the undo and redo lines of its record."""
    marks: dict[int, list[LogLine]] = {}
    for seat, count, redo, position in undo_marks(undos, len(batches)):
        marks.setdefault(position, []).append(writer.undo_line(seat, count, redo))
    lines = [writer.start_line()]
    for i, batch in enumerate(batches):
        lines.extend(marks.get(i, []))
        lines.extend(writer.lines(batch))
    lines.extend(marks.get(len(batches), []))
    return lines
