"""Jagdfieber's coach hooks (game/ai/coach.py): its one kind of move in player words. The
figure is the search's chance to win (its play-out finishes the day on card counts)."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Malformed
from game.games.jagdfieber.rules import PLAY


def describe(rules: Any, view: dict[str, Any], seat: int, text: str) -> tuple[str, dict[str, Any]] | None:
    fields = PLAY.parse(text)
    return None if isinstance(fields, Malformed) else ("coach.move.play", {"card": fields["card"]})
