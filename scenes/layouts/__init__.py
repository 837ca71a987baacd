"""The table layouts of the shipped games, one module (or a few) per game, and how a table finds
a game's layout: the game's declaration names it (`layout="module:Class"`,
game/engine/declaration.py), so no list here names the games.

A layout (scenes/table/layout.py) places a game's regions (pure), declares how its moves are
animated and which actions the composer builds, and draws what is not a card region; every hook
has a default. The generic table scene (scenes/table/) never tests which game it shows.
"""

from __future__ import annotations

import importlib

from game.engine import registry
from game.engine.errors import GameUnavailable
from scenes.table.layout import Layout


class NoLayout(LookupError):
    """A game without a table layout: the setup screen must not offer it at the table."""


def layout_class(game_id: str) -> type[Layout]:
    """The `Layout` subclass the game declares; NoLayout says why there is none."""
    try:
        reference = registry.declaration(game_id).layout
    except GameUnavailable as exc:
        raise NoLayout(str(exc)) from exc
    if not reference:
        raise NoLayout(f"{game_id} declares no table layout (expected layout='module:Class' in its GAME)")
    module_name, _, name = reference.partition(":")
    found = getattr(importlib.import_module(module_name), name, None)
    if not (isinstance(found, type) and issubclass(found, Layout)):
        raise NoLayout(f"{game_id}'s layout {reference} is not a Layout subclass")
    if found.game_id != game_id:
        raise NoLayout(f"{game_id}'s layout {reference} is the layout of '{found.game_id}' (expected game_id = '{game_id}')")
    return found


def get_layout(game_id: str) -> Layout:
    """A new layout for `game_id`: each table owns its own (with its own caches)."""
    return layout_class(game_id)()


def has_layout(game_id: str) -> bool:
    try:
        layout_class(game_id)
    except NoLayout:
        return False
    return True
