"""Target parameter types: what an effect points at, with its legal choices and its action text.

A power such as "look at any one face-down card" is YAML (`look: {target: any_face_down}`) plus
a target type: the type lists the legal choices for a state and seat, gives each choice its
action text and parses that text back, refusing a bad one with a reason the player can read (a
key of the common texts, in French and English). Cards that `seat` may not look at, take or swap
(`State.is_protected`: Silver's amulet) are never a choice of any target.

Text forms (seats are engine seats from 0; slots, pile depths and line positions count from 1):

    kind            text              choice fields
    seat            seat N            seat
    own_slot        slot K            seat (the acting seat), slot
    any_slot        seat N slot K     seat, slot
    any_face_down   seat N slot K     seat, slot (a face-down card only)
    pile_card       card K            slot (0 = the top card)
    colour          colour NAME       value
    unicorn         unicorn K         slot (a position in a line; the word is configurable)

Each type takes an optional `where(state, seat, choice) -> bool` for a game rule the type does
not know (at most two schemes under a unicorn, say).

The card model (game/engine/cards.py: slots that may be EMPTY, a face per card) is read only
through the few functions under "card model access".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.actions import whole_number
from game.engine.errors import IllegalAction

if TYPE_CHECKING:
    from game.engine.state import State

BASE = 1  # slots, pile depths and line positions are written from 1 in action texts


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal target: its action text and where it points (no hidden fact: no card id)."""

    text: str
    seat: int | None = None
    slot: int | None = None  # 0-based: a slot of a row, a position in a line, a depth in a pile
    value: str | None = None  # a colour
    target: Target | None = field(default=None, compare=False, repr=False)

    def card(self, state: State) -> int | None:
        """The uid this choice points at in `state` (None for a seat or a colour)."""
        return self.target.card(state, self) if self.target is not None else None


Reason = tuple[str, dict[str, Any]]  # (text key, parameters): why a choice is refused
Where = Callable[["State", int, Choice], bool]


# ---------------------------------------------------------------------------- card model access
def _zone_at(state: State, seat: int | None, zone: str) -> int | None:
    """The index of `seat`'s zone (None: the game has no such zone for that seat)."""
    return state.table.index.get((seat, zone))


def _row(state: State, index: int) -> Sequence[int | None]:
    """The cards of a row by slot; an empty slot holds None or a negative number (EMPTY)."""
    return state.zones[index]


def _empty(uid: int | None) -> bool:
    return uid is None or uid < 0


def _pile(state: State, index: int, top_first: bool) -> Sequence[int]:
    """The cards of a pile, top card first."""
    cards = state.zones[index]
    return cards if top_first else cards[::-1]


def _face_down(state: State, uid: int, index: int) -> bool:
    """Face down where it lies (the card table's face)."""
    return not state.cards.up[uid]


def _protected(state: State, uid: int, actor: int) -> bool:
    return bool(state.protected) and state.is_protected(uid, actor)


# ----------------------------------------------------------------------------------- the types
class Target:
    """Base of the target types; subclasses fill `_candidates`, `_read` and `_reason`."""

    kind: ClassVar[str] = ""
    form: str = ""  # the text form, for messages ("seat N slot K")

    def __init__(self, where: Where | None = None) -> None:
        self.where = where

    @property
    def words(self) -> int:
        """How many words the text of a choice has (to split an action with several targets)."""
        return len(self.form.split())

    def choices(self, state: State, seat: int) -> list[Choice]:
        """Every legal choice for `seat` now, in a stable order."""
        return [c for c in self._candidates(state, seat) if self._refusal(state, seat, c) is None]

    def parse(self, state: State, seat: int, text: str) -> Choice:
        """The choice written `text`, or IllegalAction saying why it is not one."""
        words = text.split()
        choice = self._read(words, seat) if len(words) == self.words else None
        if choice is None:
            raise illegal(state, "error.target_form", {"text": text, "form": self.form})
        reason = self._refusal(state, seat, choice)
        if reason is not None:
            raise illegal(state, *reason)
        return choice

    def card(self, state: State, choice: Choice) -> int | None:
        """The uid a choice points at (None for a seat or a colour)."""
        return None

    def _refusal(self, state: State, seat: int, choice: Choice) -> Reason | None:
        reason = self._reason(state, seat, choice)
        if reason is None and self.where is not None and not self.where(state, seat, choice):
            return "error.target_refused", {"text": choice.text}
        return reason

    # ----------------------------------------------------------------- the subclasses' part
    def _candidates(self, state: State, seat: int) -> list[Choice]:
        raise NotImplementedError

    def _read(self, words: list[str], seat: int) -> Choice | None:
        """The choice `seat` names by these words, checked for form only (None: not this form)."""
        raise NotImplementedError

    def _reason(self, state: State, seat: int, choice: Choice) -> Reason | None:
        raise NotImplementedError


def illegal(state: State, key: str, params: dict[str, Any]) -> IllegalAction:
    """The refusal of a target text: English for the command line, the key for the table."""
    return IllegalAction(state.rules.text("en", key, **params), key, params)


_number = whole_number  # a small whole number written in ASCII digits, else None


def _seat_reason(state: State, actor: int, seat: int, others: bool) -> Reason | None:
    if not 0 <= seat < state.num_players:
        return "error.target_no_seat", {"seat": seat, "last": state.num_players - 1}
    if others and seat == actor:
        return "error.target_own_seat", {"seat": seat}
    return None


class SeatTarget(Target):
    """A seat (`others`: not the acting seat)."""

    kind = "seat"
    form = "seat N"

    def __init__(self, others: bool = False, where: Where | None = None) -> None:
        super().__init__(where)
        self.others = others

    def make(self, seat: int) -> Choice:
        return Choice(f"seat {seat}", seat=seat, target=self)

    def _candidates(self, state: State, seat: int) -> list[Choice]:
        return [self.make(s) for s in range(state.num_players)]

    def _read(self, words: list[str], seat: int) -> Choice | None:
        n = _number(words[1]) if words[0] == "seat" else None
        return None if n is None else self.make(n)

    def _reason(self, state: State, seat: int, choice: Choice) -> Reason | None:
        assert choice.seat is not None
        return _seat_reason(state, seat, choice.seat, self.others)


class _SlotTarget(Target):
    """A slot of a row (a village): what `own_slot` and `any_slot` share."""

    def __init__(self, zone: str, face: str | None = None, where: Where | None = None) -> None:
        super().__init__(where)
        if face not in (None, "up", "down"):
            raise ValueError(f"face must be None, 'up' or 'down', not {face!r}")
        self.zone, self.face = zone, face
        self._made: dict[tuple[int, int], Choice] = {}  # choices are immutable: made once

    def _label(self, seat: int, slot: int) -> str:
        raise NotImplementedError

    def _seats(self, state: State, actor: int) -> Sequence[int]:
        raise NotImplementedError

    def make(self, seat: int, slot: int) -> Choice:
        choice = self._made.get((seat, slot))
        if choice is None:
            choice = self._made[(seat, slot)] = Choice(self._label(seat, slot), seat=seat, slot=slot, target=self)
        return choice

    def card(self, state: State, choice: Choice) -> int | None:
        assert choice.seat is not None and choice.slot is not None
        index = _zone_at(state, choice.seat, self.zone)
        uid = None if index is None else _row(state, index)[choice.slot]
        return None if _empty(uid) else uid

    def choices(self, state: State, seat: int) -> list[Choice]:
        """Every slot holding a card that fits (the bots' hot path: no message is built)."""
        result = []
        for owner in self._seats(state, seat):
            index = _zone_at(state, owner, self.zone)
            if index is None:
                continue
            for slot, uid in enumerate(_row(state, index)):
                if self._card_problem(state, seat, index, uid) is None:
                    choice = self.make(owner, slot)
                    if self.where is None or self.where(state, seat, choice):
                        result.append(choice)
        return result

    def _card_problem(self, state: State, actor: int, index: int, uid: int | None) -> str | None:
        """Why the card in a slot cannot be chosen (a text key), or None."""
        if uid is None or uid < 0:
            return "error.target_empty_slot"
        if _protected(state, uid, actor):
            return "error.target_protected"
        if self.face is not None and _face_down(state, uid, index) != (self.face == "down"):
            return "error.target_face_up" if self.face == "down" else "error.target_face_down"
        return None

    def _read_slot(self, seat: int | None, word: str) -> Choice | None:
        slot = _number(word)
        if seat is None or slot is None or slot < BASE:
            return None
        return Choice(self._label(seat, slot - BASE), seat=seat, slot=slot - BASE, target=self)

    def _reason(self, state: State, seat: int, choice: Choice) -> Reason | None:
        assert choice.seat is not None and choice.slot is not None
        shown = {"seat": choice.seat, "slot": choice.slot + BASE}
        index = _zone_at(state, choice.seat, self.zone)
        row = _row(state, index) if index is not None else ()
        if index is None or choice.slot >= len(row):
            return "error.target_no_slot", {**shown, "last": len(row) - 1 + BASE}
        key = self._card_problem(state, seat, index, row[choice.slot])
        return None if key is None else (key, shown)


class OwnSlot(_SlotTarget):
    """A slot of the acting seat's own row."""

    kind = "own_slot"
    form = "slot K"

    def _label(self, seat: int, slot: int) -> str:
        return f"slot {slot + BASE}"

    def _seats(self, state: State, actor: int) -> Sequence[int]:
        return (actor,)

    def _read(self, words: list[str], seat: int) -> Choice | None:
        return self._read_slot(seat, words[1]) if words[0] == "slot" else None


class AnySlot(_SlotTarget):
    """A slot of any seat's row (`others`: not the acting seat's own)."""

    kind = "any_slot"
    form = "seat N slot K"

    def __init__(self, zone: str, face: str | None = None, others: bool = False, where: Where | None = None) -> None:
        super().__init__(zone, face, where)
        self.others = others

    def _label(self, seat: int, slot: int) -> str:
        return f"seat {seat} slot {slot + BASE}"

    def _seats(self, state: State, actor: int) -> Sequence[int]:
        return [s for s in range(state.num_players) if not (self.others and s == actor)]

    def _read(self, words: list[str], seat: int) -> Choice | None:
        if words[0] != "seat" or words[2] != "slot":
            return None
        return self._read_slot(_number(words[1]), words[3])

    def _reason(self, state: State, seat: int, choice: Choice) -> Reason | None:
        assert choice.seat is not None
        return _seat_reason(state, seat, choice.seat, self.others) or super()._reason(state, seat, choice)


class AnyFaceDown(AnySlot):
    """Any face-down card of any seat's row (Silver's seer: `look seat N slot K`)."""

    kind = "any_face_down"

    def __init__(self, zone: str, others: bool = False, where: Where | None = None) -> None:
        super().__init__(zone, face="down", others=others, where=where)


class PileCard(Target):
    """The K-th card of a pile from the top (the table's pile, or the acting seat's with `own`)."""

    kind = "pile_card"
    form = "card K"

    def __init__(self, zone: str, top_first: bool = False, own: bool = False, where: Where | None = None) -> None:
        super().__init__(where)
        self.zone, self.top_first, self.own = zone, top_first, own

    def make(self, seat: int, depth: int) -> Choice:
        """Choice `depth` (0 = top) of the pile; `seat` owns the pile when `own`."""
        return Choice(f"card {depth + BASE}", seat=seat if self.own else None, slot=depth, target=self)

    def card(self, state: State, choice: Choice) -> int | None:
        assert choice.slot is not None
        return self._cards(state, choice.seat)[choice.slot]

    def _cards(self, state: State, owner: int | None) -> Sequence[int]:
        index = _zone_at(state, owner, self.zone)
        return () if index is None else _pile(state, index, self.top_first)

    def _candidates(self, state: State, seat: int) -> list[Choice]:
        return [self.make(seat, k) for k in range(len(self._cards(state, seat if self.own else None)))]

    def _read(self, words: list[str], seat: int) -> Choice | None:
        n = _number(words[1]) if words[0] == "card" else None
        return None if n is None or n < BASE else self.make(seat, n - BASE)

    def _reason(self, state: State, seat: int, choice: Choice) -> Reason | None:
        assert choice.slot is not None
        cards = self._cards(state, choice.seat)
        if choice.slot >= len(cards):
            return "error.target_no_card", {"card": choice.slot + BASE, "count": len(cards)}
        if _protected(state, cards[choice.slot], seat):
            return "error.target_protected_card", {"card": choice.slot + BASE}
        return None


class ColourTarget(Target):
    """One colour of a fixed list (Kill the Unicorns' paint and cotton candy)."""

    kind = "colour"
    form = "colour NAME"

    def __init__(self, colours: Sequence[str], where: Where | None = None) -> None:
        super().__init__(where)
        self.colours = tuple(colours)
        self._made = {c: Choice(f"colour {c}", value=c, target=self) for c in self.colours}

    def _candidates(self, state: State, seat: int) -> list[Choice]:
        return list(self._made.values())

    def _read(self, words: list[str], seat: int) -> Choice | None:
        if words[0] != "colour":
            return None
        return self._made.get(words[1]) or Choice(f"colour {words[1]}", value=words[1], target=self)

    def _reason(self, state: State, seat: int, choice: Choice) -> Reason | None:
        if choice.value not in self._made:
            return "error.target_no_colour", {"colour": choice.value, "colours": ", ".join(self.colours)}
        return None


class LineTarget(Target):
    """A position in a line of cards (Kill the Unicorns' unicorns: `unicorn K`)."""

    kind = "unicorn"

    def __init__(self, zone: str, word: str = "unicorn", where: Where | None = None) -> None:
        super().__init__(where)
        if len(word.split()) != 1:
            raise ValueError(f"the word of a line target is one word, not {word!r}")
        self.zone, self.word = zone, word
        self.form = f"{word} K"

    def make(self, position: int) -> Choice:
        return Choice(f"{self.word} {position + BASE}", slot=position, target=self)

    def _line(self, state: State) -> Sequence[int | None]:
        index = _zone_at(state, None, self.zone)
        return () if index is None else _row(state, index)

    def card(self, state: State, choice: Choice) -> int | None:
        assert choice.slot is not None
        uid = self._line(state)[choice.slot]
        return None if _empty(uid) else uid

    def _candidates(self, state: State, seat: int) -> list[Choice]:
        return [self.make(k) for k in range(len(self._line(state)))]

    def _read(self, words: list[str], seat: int) -> Choice | None:
        n = _number(words[1]) if words[0] == self.word else None
        return None if n is None or n < BASE else self.make(n - BASE)

    def _reason(self, state: State, seat: int, choice: Choice) -> Reason | None:
        assert choice.slot is not None
        line = self._line(state)
        shown = {"position": choice.slot + BASE}
        if choice.slot >= len(line):
            return "error.target_no_position", {**shown, "last": len(line) - 1 + BASE}
        uid = line[choice.slot]
        if uid is None or uid < 0:
            return "error.target_empty_position", shown
        if _protected(state, uid, seat):
            return "error.target_protected_position", shown
        return None


KINDS: dict[str, type[Target]] = {
    t.kind: t for t in (SeatTarget, OwnSlot, AnySlot, AnyFaceDown, PileCard, ColourTarget, LineTarget)
}

__all__ = [
    "AnyFaceDown",
    "AnySlot",
    "Choice",
    "ColourTarget",
    "KINDS",
    "LineTarget",
    "OwnSlot",
    "PileCard",
    "SeatTarget",
    "Target",
    "illegal",
]
