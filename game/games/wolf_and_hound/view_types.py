"""The keys a Wolf & Hound view adds to the engine's (`WolfHoundState.public_view`).

No `from __future__ import annotations` here: game/engine/views.py says why."""

from typing import TypedDict

from game.engine.views import TableKeys, View


class AnimalView(TypedDict):
    """An animal card on the board."""

    id: str  # its card
    seat: int  # the board seat it stands at
    side: str  # the side shown
    kind: str  # what that side does


class GameResultView(TypedDict):
    """One game of a best-of match: who won it, how it ended, the sheep left."""

    number: int
    winners: list[int]
    team: str
    end: str
    tiebreak: str
    sheep: list[int]  # per board seat


class WolfHoundPublic(TableKeys):
    animals: list[AnimalView]
    sheep: list[int]  # per board seat
    start_sheep: list[int]
    hand_sizes: list[int]  # per board seat (ghosts too)
    ghost_deck_sizes: list[int]
    deck_size: int
    played: list[list[str]]  # per board seat: the cards it played this turn
    symbols: list[str]  # per board seat: the symbol of its last played card ('' none)
    seats: int  # board seats (four: the ghosts take the empty ones)
    humans: int  # seats people or bots play (the others are ghosts)
    ghosts: list[int]
    partners: dict[str, int]  # ghost seat (as text) -> the seat that plays it
    phase: str
    turn_seat: int
    turn: int
    first_turn: bool
    final_round: bool
    forbidden: list[int]
    game_number: int
    best_of: int
    wins: dict[str, int]  # team -> games won
    games: list[GameResultView]
    score_sheet: list[list[int]]
    score_details: list[list[dict[str, int]]]


class WolfHoundView(View, WolfHoundPublic):
    """A Wolf & Hound view: the engine's keys and the game's."""
