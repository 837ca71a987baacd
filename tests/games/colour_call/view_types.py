"""The keys a Colour Call view adds to the engine's (`ColourCallState.public_view`).

No `from __future__ import annotations` here: game/engine/views.py says why."""

from game.engine.views import View


class ColourCallView(View):
    current: int  # whose turn
    hits: list[int]  # per seat: the colours asked that were held
