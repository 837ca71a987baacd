"""Wolf & Hound's coach hooks (game/ai/coach.py): a card played in player words. The figure is
the search's chance that the seat's team wins."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Malformed
from game.games.wolf_and_hound.rules import PLAY


def describe(rules: Any, view: dict[str, Any], seat: int, text: str) -> tuple[str, dict[str, Any]] | None:
    fields = PLAY.parse(text)
    if not isinstance(fields, Malformed):
        return "coach.move.play", {"card": fields["card"]}
    return None  # skip, ghost keep, ghost swap: the YAML's action.<text>
