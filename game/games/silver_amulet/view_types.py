"""The keys a Silver view adds to the engine's (`view.public_view`).

No `from __future__ import annotations` here: game/engine/views.py says why."""

from typing import TypedDict

from game.engine.views import TableKeys, View


class VillageCardView(TypedDict):
    """A card of a village, slot by slot."""

    card: str | None  # its id, only where the seat may know it
    face: str  # "up" | "down"
    protected: bool  # under the amulet
    guarded: bool  # by a bodyguard of its village


class SilverPublic(TableKeys):
    villages: list[list[VillageCardView]]  # per seat, slot by slot
    discard: list[str]  # top first
    deck_size: int
    set_aside: int
    amulet: int | None  # who holds the amulet
    amulet_card: list[int] | None  # [seat, slot from 1] of the card under it
    amulet_ready: bool
    round: int
    rounds: int
    caller: int | None  # who called the count this round
    first_seat: int
    turn: int | None  # whose turn (None outside the turns)
    phase: str  # "peek", "turn", "over"...
    step: str | None  # the turn's step
    holder: int | None  # who holds a drawn card
    holding: int  # how many
    drawn: list[str] | None  # the drawn cards, to their drawer only
    power: str | None  # the card whose power is being used
    pending_guard: int | None  # the seat whose bodyguard chooses first
    peeked: list[bool]  # per seat: has looked at its two cards
    end_reason: str
    score_sheet: list[list[int]]
    score_details: list[list[dict[str, int]]]
    memory_aid: bool  # the table's aid (no rule)


class SilverView(View, SilverPublic):
    """A Silver view: the engine's keys and the game's."""
