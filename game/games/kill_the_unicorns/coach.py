"""Kill the Unicorns' coach hooks (game/ai/coach.py): its moves in player words, and its
figure, the seat's points when the coach's play-out stops (the round's hunts over, or the
round's end when it began at the black market).

`describe` reads only the seat's view (its hand, the line of unicorns, the market)."""

from __future__ import annotations

from typing import Any

from game.engine.state import State
from game.games.kill_the_unicorns.view_types import UnicornsView

Words = tuple[str, dict[str, Any]]


def figure(state: State, seat: int) -> float:
    """The seat's points after the coach's play-out (it plays the quiet state on)."""
    return float(state.scores()[seat])


def describe(rules: Any, view: UnicornsView, seat: int, text: str) -> Words | None:
    words = text.split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    if verb == "hunt" and rest:
        boost = rest[-1] == "boost"
        values = [int(w) for w in rest if w.isdigit()]
        total = sum(values) + (int(rules.power_params.get("boost", 0)) if boost else 0)
        params: dict[str, Any] = {"cards": ", ".join(map(str, values)), "total": total}
        return ("coach.move.hunt_boost" if boost else "coach.move.hunt"), params
    if verb == "scheme" and len(rest) == 4 and rest[0] == "keep" and rest[3].isdigit():
        return "coach.move.scheme", {"card": rest[1], "place": int(rest[3])}
    if verb == "move" and len(rest) == 3 and rest[0].isdigit() and rest[2].isdigit():
        return "coach.move.wizard", {"place": int(rest[0]), "other_place": int(rest[2])}
    if verb == "buy" and len(rest) >= 3 and rest[-1].isdigit() and rest[-2] == "unicorn":
        item, colour = rest[0], rest[1] if len(rest) == 4 else ""
        card = f"{item}_{colour}" if colour else item
        named = rules.has_text(f"card.{card}")  # a coloured token is a card; else the item's name
        params = {"place": int(rest[-1]), "card": card if named else "", "text_item": "" if named else f"item.{item}"}
        return "coach.move.buy", params
    return None  # pass, peek, stay, reveal N, paint COLOUR, buy none: the YAML's action.<text>

