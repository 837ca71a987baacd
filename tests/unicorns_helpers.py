"""Stacked Kill the Unicorns games for the rules tests: every option fixed, moves by text."""

from __future__ import annotations

from typing import Any

from game.engine import registry
from game.engine.zones import BACK

PRINCESS = ["athletic", "stinky", "escape", "trap", "lucky", "paint", "royal_claim", "royal_claim"]
KNIGHT = ["athletic", "stinky", "escape", "trap", "lucky", "paint", "chivalry", "chivalry"]
HUNTRESS = ["athletic", "stinky", "escape", "trap", "lucky", "paint", "trophy", "trophy"]
WIZARD = ["athletic", "stinky", "escape", "trap", "lucky", "paint", "polymorph", "polymorph"]
SHAMAN = ["athletic", "stinky", "escape", "trap", "lucky", "paint", "curse", "curse"]
BARD = ["athletic", "stinky", "escape", "trap", "lucky", "paint", "encore", "encore"]
DECKS = {"princess": PRINCESS, "knight": KNIGHT, "huntress": HUNTRESS, "wizard": WIZARD, "shaman": SHAMAN, "bard": BARD}
LINE = ["pink 2", "blue 2", "green 2", "yellow 2", "pink 3", "blue 3", "green 3", "yellow 3"]


def top(deck: list[str], *first: str) -> list[str]:
    """The deck with `first` on top (in that order), the rest after."""
    rest = list(deck)
    for sid in first:
        rest.remove(sid)
    return [*first, *rest]


def game(characters: tuple[str, ...] = ("princess", "knight", "huntress"), powers: bool = False, **options: Any) -> Any:
    rules = registry.load("kill_the_unicorns")
    n = len(characters)
    base: dict[str, Any] = {
        "start_seat": 0,
        "characters": list(characters),
        "starters": ["pink 1", "blue 1", "green 1", "yellow 1", "pink 1", "green 1"][:n],
        "unicorns": LINE,
        "pate": [4, 2, 3, 5, 3, 4],
        "powers": powers,
        "schemes": [DECKS[c] for c in characters],
    }
    base.update(options)
    return rules.new_state(n, seed=5, options=base)


def act(state: Any, seat: int, text: str) -> list[Any]:
    rules = registry.load("kill_the_unicorns")
    return state.apply(seat, rules.parse_action(state, seat, text))


def place(state: Any, *placements: str) -> None:
    """Each seat in turn places: `placements` are 'ID N' in the order seats act."""
    for entry in placements:
        sid, pos = entry.split()
        act(state, state.to_act()[0], f"scheme keep {sid} under {pos}")


def hunt(state: Any, *bids: str) -> list[Any]:
    """Bids in turn order ('1 3' or 'pass'); the events of the whole hunt."""
    events: list[Any] = []
    for bid in bids:
        seat = state.to_act()[0]
        events += act(state, seat, "pass" if bid == "pass" else f"hunt {bid}")
    return events


def collection(state: Any, seat: int) -> list[dict[str, Any]]:
    return state.view(None)["collections"][seat]


def hidden(view: dict[str, Any], zone: str, seat: int | None = None) -> list[Any]:
    cards = view["zones"][zone] if seat is None else view["zones"][zone][seat]
    return [c for c in cards if c == BACK]
