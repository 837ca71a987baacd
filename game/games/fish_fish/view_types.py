"""The keys a Fish Fish view adds to the engine's (`FishFishState.public_view`).

No `from __future__ import annotations` here: game/engine/views.py says why."""

from typing import Literal

from game.engine.views import TableKeys, View


class FishFishPublic(TableKeys):
    fisher: int  # who fishes this round
    betting_order: list[int]  # the fish, in the order they bet
    direction: Literal["clockwise", "counterclockwise"]
    bettor: int | None  # the fish to bet now (None outside the bets)
    line: int  # the line being played, from 1
    lines: int  # lines per round
    bets: list[int | None]  # per seat: its bet on this line (None: not yet, or the fisher)
    loot_slots: list[int]  # the loot's bait values, in order
    loot: list[list[int] | None]  # per seat: fish kept per loot slot (None: the fisher)
    fish_left: list[int | None]  # per seat: fish it has left (None: the fisher)
    caught: int  # fish the fisher caught this round
    fisher_baits: list[int]  # the fisher's baits left, sorted
    fishing_left: int  # the fisher's fishing cards left
    round: int
    rounds: int
    score_sheet: list[list[int]]  # per round, per seat
    score_details: list[list[dict[str, int]]]


class FishFishView(View, FishFishPublic):
    """A Fish Fish view: the engine's keys and the game's."""
