"""The keys a Kill the Unicorns view adds to the engine's (`views.ViewsMixin.public_view`).

No `from __future__ import annotations` here: game/engine/views.py says why."""

from typing import NotRequired, TypedDict

from game.engine.views import TableKeys, View


class LinePlaceView(TypedDict):
    """A place of the unicorn line."""

    card: str | None  # the unicorn there, as words ("golden unicorn"), None when empty
    schemes: int  # face-down schemes under it


class UnicornView(TypedDict):
    """A unicorn of a collection, with what lies on it."""

    card: str  # as words
    colour: str | None  # its colour now (painted), None: colourless
    points: int  # its own and what is on it
    schemes: list[str]
    tokens: list[str]
    form: NotRequired[str]  # "pigicorn", once a scheme turned it into one


class UnicornsPublic(TableKeys):
    phase: str  # schemes, wizard, hunt, choose, paint, market, over
    round: int
    rounds: int
    hunt: int | None  # the hunt of the round, from 1 (None outside the hunts)
    hunt_size: int | None  # cards per bid this hunt (None: not fixed yet)
    first_player: int
    line: list[LinePlaceView]
    collections: list[list[UnicornView]]  # per seat
    market: dict[str, list[str]]  # item -> the tokens left
    prices: list[dict[str, int]]  # per seat: item -> its price for that seat
    characters: list[str]  # per seat
    powers: bool  # the characters' powers are played
    power_used: list[bool]
    bids: list[int]  # per seat: cards bid this hunt
    passed: list[bool]
    totals: list[int | None]  # the last hunt's revealed totals
    hand_sizes: list[int]
    score_details: list[dict[str, int]]  # per seat: part -> points so far
    hand: NotRequired[list[int]]  # the seat's own hunting cards' values (not in the public view)
    schemes: NotRequired[list[str]]  # the seat's own schemes


class UnicornsView(View, UnicornsPublic):
    """A Kill the Unicorns view: the engine's keys and the game's."""
