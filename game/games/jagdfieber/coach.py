"""Jagdfieber's coach hooks (game/ai/coach.py): its one kind of move in player words. The
figure is the search's chance to win (its play-out finishes the day on card counts)."""

from __future__ import annotations

from typing import Any

from game.games.jagdfieber.view_types import JagdfieberView


def describe(rules: Any, view: JagdfieberView, seat: int, text: str) -> tuple[str, dict[str, Any]] | None:
    verb, _, card = text.partition(" ")
    if verb == "play" and card:
        return "coach.move.play", {"card": card}
    return None
