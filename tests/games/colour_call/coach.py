"""Colour Call's coach hooks (game/ai/coach.py): its one kind of move in player words, so the
coach's tests meet a game that is not one of the five through the same hook."""

from __future__ import annotations

from typing import Any

from tests.games.colour_call.view_types import ColourCallView


def describe(rules: Any, view: ColourCallView, seat: int, text: str) -> tuple[str, dict[str, Any]] | None:
    words = text.split()
    if len(words) == 5 and words[0] == "play" and words[2] == "ask" and words[3].isdigit():
        return "coach.move.call", {"card": words[1], "seat": int(words[3]), "text": f"colour.{words[4]}"}
    return None
