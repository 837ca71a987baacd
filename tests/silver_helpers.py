"""Stacked Silver deals for the rulebook scenarios (option `deck`, top first)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.engine import registry

GAME = "silver_amulet"


def rules() -> Any:
    return registry.load(GAME)


def stacked(players: int, villages: list[list[str]], discard: str, deck: list[str] = ()) -> list[str]:
    """The 52 card texts, top first: the villages (seat 0 first), the set-aside cards, the
    discard pile's first card, then `deck` on top of the draw pile; unnamed cards fill the rest
    (set aside first, then the bottom of the deck) from the high values down, so that a
    scenario's own cards are the only ones it meets."""
    r = rules()
    left = Counter(r.deck_ids)
    named = [c for v in villages for c in v] + [discard, *deck]
    for card in named:
        left[card] -= 1
        assert left[card] >= 0, f"too many {card}"
    # the filler: the least eventful cards first (no powers when drawn: values 0-4 and 13 last)
    filler = [c for c in reversed(r.card_order) for _ in range(left[c])]
    aside_count = r.set_aside[players]
    aside, rest = filler[:aside_count], filler[aside_count:]
    return [c for v in villages for c in v] + aside + [discard, *deck, *rest]


def new_game(players: int, villages: list[list[str]], discard: str, deck: list[str] = (), start: int = 0,
             rounds: list[list[str]] | None = None, peek: bool = True, **options: Any) -> Any:
    """A game with round 1 stacked (and later rounds from `rounds`), everyone having peeked at
    slots 1 and 2 unless `peek` is False."""
    decks = [stacked(players, villages, discard, deck)] + (rounds or [])
    state = rules().new_state(players, seed=1, options={"start_seat": start, "deck": decks, **options})
    if peek:
        for seat in range(players):
            act(state, seat, "peek 1 2")
    return state


def act(state: Any, seat: int, text: str) -> list[Any]:
    """Apply a move by its text, as a player would type it."""
    return state.apply(seat, rules().parse_action(state, seat, text))


def legal(state: Any, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def village(state: Any, seat: int, viewer: int | None = None) -> list[tuple[str | None, str]]:
    """(card as `viewer` may know it, face) per slot of `seat`'s village."""
    view = state.view(seat if viewer is None else viewer)
    return [(slot["card"], slot["face"]) for slot in view["villages"][seat]]


def cards(state: Any, seat: int) -> list[str]:
    """The true cards of a village, left to right (test oracle)."""
    return [state.card_ids[u] for u in state.zones[state.z_village[seat]]]


def slot_center(scene: Any, seat: int, number: int) -> tuple[int, int]:
    """The centre of `seat`'s village card in slot `number` (1-based), as the table draws it now."""
    region = scene.placements.regions[f"village:{seat}"]
    return region.card_rects(len(scene.view["zones"]["village"][seat]))[number - 1].center
