"""Fish Fish's coach hooks (game/ai/coach.py): the fisher's lines and the fish's bets in player
words. The figure is the search's chance to win."""

from __future__ import annotations

from typing import Any

from game.games.fish_fish.view_types import FishFishView


def describe(rules: Any, view: FishFishView, seat: int, text: str) -> tuple[str, dict[str, Any]] | None:
    words = text.split()
    if len(words) == 3 and words[0] == "line" and words[2].isdigit():
        return f"coach.move.line_{words[1]}", {"bait": int(words[2])}
    if len(words) == 2 and words[0] == "bet" and words[1].isdigit():
        return "coach.move.bet", {"count": int(words[1])}  # said in the form that agrees with {count}
    return None
