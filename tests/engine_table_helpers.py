"""Small hand-made tables for engine tests: villages, a discard pile and a line of cards."""

from __future__ import annotations

from pathlib import Path

from game.engine import registry
from game.engine.rules import Rules
from game.engine.state import State

ZONES = {
    "village": {"per_seat": True, "visible_to": "none", "face": "down", "pool": "owner", "slots": True},
    "discard": {"per_seat": False, "visible_to": "all", "face": "up", "pool": "owner"},
    "line": {"per_seat": False, "visible_to": "all", "face": "up", "pool": "owner", "slots": True},
}


def make_rules() -> Rules:
    data = {
        "game": "test",
        "version": 1,
        "name": {"fr": "Essai", "en": "Test"},
        "players": {"min": 2, "max": 4},
        "zones": ZONES,
        "options": {},
        "text": {"en": {}, "fr": {}},
        "presentation": {},
    }
    return Rules("test", data, Path("test.yaml"), registry.common_text())


def make_table(villages: list[list[str]], discard: list[str] = (), line: list[str] = ()) -> State:  # type: ignore[assignment]
    """Village cards named with a trailing '^' lie face up; the discard's last card is its top."""
    state = State(make_rules(), len(villages), 0, {})
    for seat, row in enumerate(villages):
        for card in row:
            uid = state.add_card(card.rstrip("^"), state.zone_index(seat, "village"), owner=seat)
            if card.endswith("^"):
                state.reveal(uid)
    for card in discard:
        state.add_card(card, state.zone_index(None, "discard"))
    for card in line:
        state.add_card(card, state.zone_index(None, "line"))
    state.end_setup()
    return state


def uid_of(state: State, card: str) -> int:
    return state.card_ids.index(card)
