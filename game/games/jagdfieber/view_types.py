"""The keys a Jagdfieber view adds to the engine's (`JagdfieberState.public_view`).

No `from __future__ import annotations` here: game/engine/views.py says why."""

from typing import Literal

from game.engine.views import TableKeys, View


class JagdfieberPublic(TableKeys):
    day: int  # 1..days
    days: int
    round: int  # the round of the day
    start_seat: int  # who holds the start card
    lodges: list[Literal["four", "plain"]]  # per seat: its lodge's side (the four-lodge doubles a capture)
    chosen: list[bool]  # per seat: has chosen its card this round (face down)
    score_sheet: list[list[int]]  # per day, per seat
    score_details: list[list[dict[str, int]]]  # per day, per seat: part -> points


class JagdfieberView(View, JagdfieberPublic):
    """A Jagdfieber view: the engine's keys and the game's."""
