"""Turn flow written once: who acts now (turn orders), the automatic steps between two decisions
(the driver), and the score sheet every game fills and the results screen reads.

Turn orders and score sheets are values: acting or adding a row returns a new one, so a state
holds them in plain attributes and `clone()` shares them instead of copying.

    order = EachOnce.around(n, first=fisher + 1, clockwise=False, skip=(fisher,), can_act=has_fish)
    order.to_act()            -> [seat] (or [] when every seat has had its turn)
    order = order.acted(seat) -> the next seat's turn (ends_turn=False: the same seat again)

    AllAtOnce.everyone(n)     every seat chooses (in secret); done when all have

A game whose turns go round until something ends them keeps its own "whose turn" seat (Silver's
`seat`, Wolf & Hound's `turn_seat`, Kill the Unicorns' `actor`), since its own rules decide who
plays next and who is skipped.

A game's phases are names; the automatic ones (reveal, scoring, dealing) have a step function
that appends its events and names the next phase. `run_automatic` runs them until a phase with no
step, a decision (or the end), is reached.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from game.engine.views import SheetView

# ------------------------------------------------------------------------------ turn orders


def around(num_players: int, first: int, clockwise: bool = True) -> tuple[int, ...]:
    """Every seat once, starting at `first`, clockwise (seat numbers go up) or counter-clockwise."""
    first %= num_players
    if clockwise:  # ranges, not a comprehension: this runs on every betting round
        return (*range(first, num_players), *range(first))
    return (*range(first, -1, -1), *range(num_players - 1, first, -1))


class EachOnce:
    """Each listed seat has one turn, in order (a betting round, a market, the last turns after a
    called count). `seats` is fixed when the order starts: who cannot act is left out then."""

    __slots__ = ("current", "done", "pos", "seats")

    def __init__(self, seats: Sequence[int], pos: int = 0) -> None:
        self.seats: tuple[int, ...] = tuple(seats)
        self.pos = pos
        # Plain attributes, not properties: bots read them on every move.
        self.done: bool = pos >= len(self.seats)
        self.current: int | None = None if self.done else self.seats[pos]  # whose turn it is

    @classmethod
    def around(
        cls,
        num_players: int,
        first: int,
        clockwise: bool = True,
        skip: Collection[int] = (),
        can_act: Callable[[int], bool] | None = None,
    ) -> EachOnce:
        """From `first` round the table; seats in `skip`, or for which `can_act` is false, have
        no turn (the fisher does not bet; a fish with no tile left cannot)."""
        seats = []
        for s in around(num_players, first % num_players, clockwise):
            if s not in skip and (can_act is None or can_act(s)):
                seats.append(s)
        return cls(seats)

    @property
    def remaining(self) -> tuple[int, ...]:
        """The seats still to act, the current one first."""
        return self.seats[self.pos :]

    def to_act(self) -> list[int]:
        return [] if self.current is None else [self.current]

    def acted(self, seat: int, ends_turn: bool = True) -> EachOnce:
        """The order after `seat` acted; an action that does not end the turn keeps the seat."""
        if self.current != seat:
            raise ValueError(f"seat {seat} acted out of turn (expected {self.current})")
        return EachOnce(self.seats, self.pos + 1) if ends_turn else self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EachOnce) and (self.seats, self.pos) == (other.seats, other.pos)

    def __hash__(self) -> int:
        return hash((self.seats, self.pos))

    def __repr__(self) -> str:
        return f"EachOnce({list(self.seats)}, pos={self.pos})"


class AllAtOnce:
    """Several seats choose at the same time (Jagdfieber's secret choice): each acts once, in any
    order; the order is done when all have. Kept as a bit mask: seats still to choose."""

    __slots__ = ("done", "waiting")

    def __init__(self, waiting: int) -> None:
        self.waiting = waiting
        self.done: bool = not waiting

    @classmethod
    def of(cls, seats: Iterable[int]) -> AllAtOnce:
        mask = 0
        for s in seats:
            mask |= 1 << s
        return cls(mask)

    @classmethod
    def everyone(cls, num_players: int) -> AllAtOnce:
        return cls((1 << num_players) - 1)

    def waits_for(self, seat: int) -> bool:
        return seat >= 0 and bool(self.waiting >> seat & 1)

    def to_act(self) -> list[int]:
        waiting, seats, s = self.waiting, [], 0
        while waiting:
            if waiting & 1:
                seats.append(s)
            waiting >>= 1
            s += 1
        return seats

    def acted(self, seat: int, ends_turn: bool = True) -> AllAtOnce:
        if seat < 0 or not self.waiting >> seat & 1:
            raise ValueError(f"seat {seat} has already acted or does not take part")
        return AllAtOnce(self.waiting & ~(1 << seat)) if ends_turn else self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AllAtOnce) and self.waiting == other.waiting

    def __hash__(self) -> int:
        return hash(self.waiting)

    def __repr__(self) -> str:
        return f"AllAtOnce({self.to_act()})"


TurnOrder = EachOnce | AllAtOnce

# ------------------------------------------------------------------------------ the driver

E = TypeVar("E")

MAX_STEPS = 10_000


def run_automatic(state: object, phase: str, steps: Mapping[str, str], events: list[E]) -> str:
    """Run the automatic steps from `phase` until one names a phase that has no step: a decision
    is due there (or the game is over). `steps` maps a phase to the name of the state's method
    that runs it (a name, so that a subclass or a test can replace a step); the method appends
    its events and returns the next phase.

    Returns that phase; the caller stores it. A cycle of automatic phases is a bug, reported."""
    for _ in range(MAX_STEPS):
        name = steps.get(phase)
        if name is None:
            return phase
        phase = getattr(state, name)(events)
    raise RuntimeError(f"automatic phases did not reach a decision after {MAX_STEPS} steps (last: {phase!r})")


# ------------------------------------------------------------------------------ score sheet


class TieBreak:
    """A named way to settle a tie: `key(seat)` is compared among the tied seats, higher wins.
    The name is the results screen's note (game text `tiebreak.<name>`)."""

    __slots__ = ("key", "name")

    def __init__(self, name: str, key: Callable[[int], Any]) -> None:
        self.name = name
        self.key = key


SHARED = "shared"


class ScoreSheet:
    """Points per seat, one row per round or day, with each row's breakdown ({part: points} per
    seat, game texts `score.<part>`). Never changed in place: `with_row` returns a new sheet.

    `lower_wins` for games where the lowest total wins; `label` is the game text naming a row
    (`sheet.row`: "Day {number}", "Round {number}")."""

    __slots__ = ("details", "label", "lower_wins", "num_seats", "points", "totals")

    def __init__(
        self,
        num_seats: int,
        lower_wins: bool = False,
        label: str = "sheet.row",
        points: list[list[int]] | None = None,
        details: list[list[dict[str, int]]] | None = None,
    ) -> None:
        self.num_seats = num_seats
        self.lower_wins = lower_wins
        self.label = label
        self.points: list[list[int]] = points or []
        self.details: list[list[dict[str, int]]] = details or [[{} for _ in range(num_seats)] for _ in self.points]
        if len(self.details) != len(self.points):
            raise ValueError("a score sheet needs one breakdown per row")
        totals = [0] * num_seats
        for row in self.points:
            if len(row) != num_seats:
                raise ValueError(f"a score-sheet row has {len(row)} entries for {num_seats} seats")
            for s, p in enumerate(row):
                totals[s] += p
        self.totals: list[int] = totals

    def with_row(self, points: Sequence[int], details: Sequence[dict[str, int]] | None = None) -> ScoreSheet:
        """The sheet with one more row; `details` defaults to nothing to explain."""
        row = list(points)
        if len(row) != self.num_seats:
            raise ValueError(f"a score-sheet row has {len(row)} entries for {self.num_seats} seats")
        parts = [dict(d) for d in details] if details is not None else [{} for _ in row]
        new = object.__new__(ScoreSheet)
        new.num_seats, new.lower_wins, new.label = self.num_seats, self.lower_wins, self.label
        new.points = [*self.points, row]
        new.details = [*self.details, parts]
        new.totals = [t + p for t, p in zip(self.totals, row, strict=True)]
        return new

    def with_breakdown(self, details: Sequence[dict[str, int]]) -> ScoreSheet:
        """The sheet with one more row whose points are each seat's parts added up."""
        return self.with_row([sum(d.values()) for d in details], details)

    def __len__(self) -> int:
        return len(self.points)

    def best_row(self, seat: int) -> int:
        """The seat's best single row (highest; lowest when lower wins), 0 with no rows."""
        column = [row[seat] for row in self.points]
        if not column:
            return 0
        return min(column) if self.lower_wins else max(column)

    def best_row_tiebreak(self, name: str = "best_row") -> TieBreak:
        """Ties go to the best single row (Jagdfieber: the best day)."""
        sign = -1 if self.lower_wins else 1
        return TieBreak(name, lambda seat: sign * self.best_row(seat))

    def leaders(self) -> list[int]:
        """The seats with the best total, before any tie-break."""
        totals = self.totals
        top = min(totals) if self.lower_wins else max(totals)
        return [s for s in range(self.num_seats) if totals[s] == top]

    def winners(self, tiebreaks: Sequence[TieBreak] = ()) -> tuple[list[int], str]:
        """The winners and the tie-break note: '' (no tie), the name of the tie-break that
        settled it, or 'shared' (still tied after all of them: everyone tied wins)."""
        tied = self.leaders()
        if len(tied) == 1:
            return tied, ""
        for tiebreak in tiebreaks:
            keys = {s: tiebreak.key(s) for s in tied}
            best = max(keys.values())
            tied = [s for s in tied if keys[s] == best]
            if len(tied) == 1:
                return tied, tiebreak.name
        return tied, SHARED

    def view(self, winners: Sequence[int] = (), tiebreak: str = "") -> SheetView:
        """JSON-ready, for views: what the results screen and the score-sheet overlay draw."""
        return {
            "label": self.label,
            "lower_wins": self.lower_wins,
            "rows": [
                {"number": i + 1, "points": row[:], "details": [dict(d) for d in parts]}
                for i, (row, parts) in enumerate(zip(self.points, self.details, strict=True))
            ],
            "totals": self.totals[:],
            "winners": list(winners),
            "tiebreak": tiebreak,
        }

    @classmethod
    def from_view(cls, data: Mapping[str, Any]) -> ScoreSheet:
        """The sheet a view describes (the results screen reads it back)."""
        rows = list(data.get("rows") or [])
        points = [list(r["points"]) for r in rows]
        num_seats = len(data.get("totals") or (points[0] if points else []))
        details = [[dict(d) for d in r.get("details") or [{}] * num_seats] for r in rows]
        return cls(num_seats, bool(data.get("lower_wins")), str(data.get("label") or "sheet.row"), points, details)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ScoreSheet) and (self.points, self.details, self.lower_wins, self.label) == (
            other.points, other.details, other.lower_wins, other.label)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ScoreSheet({self.points}, totals={self.totals})"


__all__ = ["SHARED", "AllAtOnce", "EachOnce", "ScoreSheet", "TieBreak", "TurnOrder", "around", "run_automatic"]


class KeepsScoreSheet:
    """Mixed into a State that writes its points on an engine ScoreSheet (`score_sheet`): its
    running totals are the state's `scores()`, and its rows plain lists, as bots and tests read
    them."""

    score_sheet: ScoreSheet

    def scores(self) -> list[int]:
        return self.score_sheet.totals[:]

    @property
    def sheet(self) -> list[list[int]]:
        """The points of each row (a round, a day, a game)."""
        return self.score_sheet.points

    @property
    def sheet_details(self) -> list[list[dict[str, int]]]:
        return self.score_sheet.details
