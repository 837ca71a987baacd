"""The explicit registry of table layouts: one module per game, chosen by game id.

A layout module provides `place(view, rect, theme) -> Placements` (pure), `drag_moves`,
`intent`, `apply_marker`, `marker_caption`, `tour_steps` and its card art tables; the generic
table scene (scenes/table/) never tests which game it shows.
"""

from __future__ import annotations

from types import ModuleType

from scenes.layouts import jagdfieber

LAYOUTS: dict[str, ModuleType] = {
    jagdfieber.GAME_ID: jagdfieber,
}


class NoLayout(LookupError):
    """A game without a table layout: the setup screen must not offer it at the table."""


def get_layout(game_id: str) -> ModuleType:
    layout = LAYOUTS.get(game_id)
    if layout is None:
        raise NoLayout(f"no table layout for '{game_id}' (layouts: {', '.join(sorted(LAYOUTS))})")
    return layout


def has_layout(game_id: str) -> bool:
    return game_id in LAYOUTS
