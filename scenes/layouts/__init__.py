"""The explicit registry of table layouts: one module per game, chosen by game id.

A layout module provides `place(view, rect, theme) -> Placements` (pure), `drag_moves`,
`intent`, `apply_marker`, `marker_caption`, `tour_steps` and its card art tables; the generic
table scene (scenes/table/) never tests which game it shows.

Optional hooks, looked up with getattr: `card_face` (draw any card id), `draw_table` and
`handle_event` (what the layout draws and handles itself), `seat_name`, `hint` (the HUD's help
line), `region_cards` (picture ids for a region's cards), `prepare_events`, `start_move`,
`apply_event` and `BATCHED_MOVES` (the animation queue: order, flying pictures, the displayed
view's own fields, moves that fly together), `gallery_cards` (the rules screen's gallery),
`drop_hint` (what a missed drop says), `option_help` and `seating_advice` (the setup screen's
help for an option entry and for a player count). A zone region with no card size is a drop
target only (e.g. a board the layout draws itself).
"""

from __future__ import annotations

from types import ModuleType

from scenes.layouts import fish_fish, jagdfieber, wolf_and_hound

LAYOUTS: dict[str, ModuleType] = {
    fish_fish.GAME_ID: fish_fish,
    jagdfieber.GAME_ID: jagdfieber,
    wolf_and_hound.GAME_ID: wolf_and_hound,
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
