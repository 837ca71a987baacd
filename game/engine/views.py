"""The shape of a view (`State.view(seat)`), declared once: the keys the engine builds for every
game, and the conventions the shared table reads when a game gives them (its score sheet, its
teams). Each game declares its own keys beside its view code: the part its `public_view`
returns (a TypedDict extending `TableKeys`) and its whole view (`View` and that part), which
it names on its state (`view_type`); its layout reads views through that type, so
the type checker catches a misspelt or missing key.

A view stays a plain dict at run time (JSON for the network, saves and replays): these types
only describe it. `tests/test_view_types.py` checks every game's views against their declared
types, every key and its value's shape. A module of view types is written without `from
__future__ import annotations`: Python reads `NotRequired` from the class's own annotations,
which must not be strings.
"""

from typing import Any, NotRequired, TypedDict


class SheetRowView(TypedDict):
    """One row of a score sheet: a round, a day, a game."""

    number: int
    points: list[int]  # per seat
    details: list[dict[str, int]]  # per seat: part -> points


class SheetView(TypedDict):
    """A ScoreSheet as views carry it (`ScoreSheet.view`): what the results screen draws."""

    label: str  # the game text naming a row ("sheet.row")
    lower_wins: bool
    rows: list[SheetRowView]
    totals: list[int]
    winners: list[int]
    tiebreak: str  # '' (no tie), the tie-break that settled it, or 'shared'


class BreakdownPart(TypedDict):
    """One part of a final count, per seat: its points and how many things it counted."""

    part: str  # game texts `score.<part>`, `breakdown.<part>`
    points: list[int]
    counts: list[int]
    always: NotRequired[bool]  # shown even when nobody scored there


class Verdict(TypedDict, total=False):
    """Why the winners won: a game text and its params (seats by number); empty before the end."""

    key: str
    params: dict[str, Any]


class BreakdownView(TypedDict):
    """A game's final count part by part (the results screen shows it instead of the sheet)."""

    parts: list[BreakdownPart]
    totals: list[int]
    verdict: Verdict


class TableKeys(TypedDict, total=False):
    """What the shared table reads of a game that gives it; a game's own part of the view (what
    its `public_view` returns) extends this."""

    sheet: SheetView  # its score sheet (results screen, score-sheet overlay)
    winners: list[int]  # once the game is over
    tiebreak: str  # as the sheet's
    breakdown: BreakdownView  # its final count part by part, once over
    teams: dict[str, list[int]]  # team key -> its seats (text `team.<key>`)


class View(TableKeys):
    """What `State.view(seat)` builds for every game, then the game's own keys (`public_view`).

    `zones` maps a zone's name to its cards' ids as the seat sees them ("back" for a hidden
    card, None for an empty slot), indexed by seat for a per-seat zone and by position for a
    zone array; `cards` has the same shape, with `{face, owner, ...attributes}` per card
    (attributes only for a card the seat sees)."""

    game: str
    seat: int | None  # who looks (None: the public)
    players: int
    to_act: list[int]
    over: bool
    scores: list[int]  # running totals, per seat
    zones: dict[str, Any]
    cards: dict[str, Any]
