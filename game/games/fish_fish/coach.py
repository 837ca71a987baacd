"""Fish Fish's coach hooks (game/ai/coach.py): the fisher's lines and the fish's bets in player
words. The figure is the search's chance to win."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Malformed
from game.games.fish_fish.actions import GRAMMAR, LINE


def describe(rules: Any, view: dict[str, Any], seat: int, text: str) -> tuple[str, dict[str, Any]] | None:
    parsed = GRAMMAR.parse(text)
    if isinstance(parsed, Malformed):
        return None
    form, fields = parsed
    if form is LINE:
        return f"coach.move.line_{fields['card']}", {"bait": fields["value"]}
    return "coach.move.bet", {"count": fields["count"]}  # said in the form that agrees with {count}
