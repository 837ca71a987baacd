"""The keys a Colour Call view adds to the engine's (`ColourCallState.public_view`).

No `from __future__ import annotations` here: game/engine/views.py says why."""

from game.engine.views import TableKeys, View


class ColourCallPublic(TableKeys):
    current: int  # whose turn
    hits: list[int]  # per seat: the colours asked that were held


class ColourCallView(View, ColourCallPublic):
    """A Colour Call view: the engine's keys and the game's."""
