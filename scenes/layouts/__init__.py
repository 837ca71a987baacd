"""The explicit registry of table layouts: one `Layout` subclass per game, chosen by game id.

A layout (scenes/table/layout.py) places a game's regions (pure), declares how its moves are
animated and which actions the composer builds, and draws what is not a card region; every hook
has a default. The generic table scene (scenes/table/) never tests which game it shows.
"""

from __future__ import annotations

from scenes.layouts.fish_fish import FishFishLayout
from scenes.layouts.jagdfieber import JagdfieberLayout
from scenes.layouts.kill_the_unicorns import KillTheUnicornsLayout
from scenes.layouts.wolf_and_hound import WolfAndHoundLayout
from scenes.table.layout import Layout

LAYOUTS: dict[str, type[Layout]] = {
    FishFishLayout.game_id: FishFishLayout,
    JagdfieberLayout.game_id: JagdfieberLayout,
    KillTheUnicornsLayout.game_id: KillTheUnicornsLayout,
    WolfAndHoundLayout.game_id: WolfAndHoundLayout,
}


class NoLayout(LookupError):
    """A game without a table layout: the setup screen must not offer it at the table."""


def get_layout(game_id: str) -> Layout:
    """A new layout for `game_id`: each table owns its own (with its own caches)."""
    layout = LAYOUTS.get(game_id)
    if layout is None:
        raise NoLayout(f"no table layout for '{game_id}' (layouts: {', '.join(sorted(LAYOUTS))})")
    return layout()


def has_layout(game_id: str) -> bool:
    return game_id in LAYOUTS
