"""Kill the Unicorns' coach hooks (game/ai/coach.py): its moves in player words, and its
figure, the seat's points when the coach's play-out stops (the round's hunts over, or the
round's end when it began at the black market).

`describe` reads only the seat's view (its hand, the line of unicorns, the market)."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Malformed
from game.engine.state import State
from game.games.kill_the_unicorns.actions import BUY, BUY_COLOURED, GRAMMAR, HUNT, MOVE, SCHEME

Words = tuple[str, dict[str, Any]]


def figure(state: State, seat: int) -> float:
    """The seat's points after the coach's play-out (it plays the quiet state on)."""
    return float(state.scores()[seat])


def describe(rules: Any, view: dict[str, Any], seat: int, text: str) -> Words | None:
    parsed = GRAMMAR.parse(text)
    if isinstance(parsed, Malformed):
        return None
    form, fields = parsed
    if form is HUNT:
        boost, values = fields["boost"], fields["cards"]
        total = sum(values) + (int(rules.power_params.get("boost", 0)) if boost else 0)
        params: dict[str, Any] = {"cards": ", ".join(map(str, values)), "total": total}
        return ("coach.move.hunt_boost" if boost else "coach.move.hunt"), params
    if form is SCHEME:
        return "coach.move.scheme", {"card": fields["scheme"], "place": fields["unicorn"] + 1}
    if form is MOVE:
        return "coach.move.wizard", {"place": fields["source"] + 1, "other_place": fields["target"] + 1}
    if form is BUY or form is BUY_COLOURED:
        item, colour = fields["item"], fields.get("colour", "")
        card = f"{item}_{colour}" if colour else item
        named = rules.has_text(f"card.{card}")  # a coloured token is a card; else the item's name
        params = {"place": fields["unicorn"] + 1, "card": card if named else "", "text_item": "" if named else f"item.{item}"}
        return "coach.move.buy", params
    return None  # pass, peek, stay, reveal N, paint COLOUR, buy none: the YAML's action.<text>
