"""Shared helpers for the Jagdfieber tests: set up a table and play whole rounds by card name."""

from __future__ import annotations

from game.engine import registry
from game.engine.events import Event


def new_game(players: int = 4, start_seat: int = 0, seed: int = 1):
    return registry.load("jagdfieber").new_state(players, seed=seed, options={"start_seat": start_seat})


def play_round(state, cards: list[str]) -> list[Event]:
    """Every seat plays the named card (seat order); returns all events of the round."""
    rules = state.rules
    events: list[Event] = []
    for seat, card in enumerate(cards):
        events += state.apply(seat, rules.parse_action(state, seat, f"play {card}"))
    return events


def zone(state, seat: int, name: str) -> list[str]:
    """Card ids in a zone, sorted (zones are unordered piles in Jagdfieber)."""
    return sorted(state.card_ids[u] for u in state.zone(seat, name))
