"""Colour Call's coach hooks (game/ai/coach.py): its one kind of move in player words, so the
coach's tests meet a game that is not one of the five through the same hook."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Malformed
from tests.games.colour_call.rules import CALL


def describe(rules: Any, view: dict[str, Any], seat: int, text: str) -> tuple[str, dict[str, Any]] | None:
    fields = CALL.parse(text)
    if isinstance(fields, Malformed):
        return None
    return "coach.move.call", {"card": fields["card"], "seat": fields["seat"], "text": f"colour.{fields['colour']}"}
