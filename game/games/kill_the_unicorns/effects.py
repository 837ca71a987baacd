"""The scheme cards' effects: the engine effect registry (game/engine/effects.py) with this game's
primitives. A scheme's YAML `effects:` is a list of `- name: {params}` checked against these
signatures at load time (names, ranges, "did you mean"); when the winner reveals the scheme the
state runs them in order (`run`). Each primitive changes the hunt through the state's small API
(`winner`, `untied`, `hunt_totals`, `take_back`...), never the knowledge masks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Protocol

from game.engine.cards import CardTable
from game.engine.effects import Bound, EffectRegistry, Range
from game.engine.events import Event, Note


class Hunt(Protocol):
    """What the scheme primitives read and change of the state (UnicornsState has it): the hunt
    being resolved. Declared here, so that this module, which the rules' schema needs, does not
    import the state (which imports the rules)."""

    winner: int  # -1: nobody wins the unicorn (it runs away)
    untied: dict[int, int]  # seat -> its hunt total, for the totals nobody else reached
    hunt_totals: dict[int, int]
    paint_due: bool
    base: list[int]  # uid -> a unicorn's own points
    colour: list[str]  # uid -> a unicorn's colour now
    cards: CardTable

    def hunted(self) -> int: ...
    def set_winner(self, seat: int, events: list[Event]) -> None: ...
    def take_back(self, seat: int, count: int, events: list[Event]) -> None: ...


STAGES = ("revealed",)
SCHEMES = EffectRegistry("kill_the_unicorns", STAGES)
Points = Annotated[int, Range(-10, 10)]
Cards = Annotated[int, Range(1, 8)]


@SCHEMES.effect("revealed")
def points(state: Hunt, scheme: int, events: list[Event], *, amount: Points) -> None:
    """The unicorn is worth `amount` more while the scheme stays on it (read at scoring)."""


@SCHEMES.effect("revealed")
def run_away(state: Hunt, scheme: int, events: list[Event]) -> None:
    """The unicorn runs away: nobody wins it."""
    events.append(Note("escape"))
    state.winner = -1


@SCHEMES.effect("revealed")
def next_best(state: Hunt, scheme: int, events: list[Event]) -> None:
    """The winner is caught: the next best untied total wins (none left: it runs away)."""
    events.append(Note("trap", state.winner))
    others = {s: t for s, t in state.untied.items() if s != state.winner}
    state.set_winner(max(others, key=others.__getitem__) if others else -1, events)


@SCHEMES.effect("revealed")
def take_back(state: Hunt, scheme: int, events: list[Event], *, count: Cards) -> None:
    """The winner takes back `count` of the hunt cards they played, highest first."""
    state.take_back(state.winner, count, events)


@SCHEMES.effect("revealed")
def choose_colour(state: Hunt, scheme: int, events: list[Event]) -> None:
    """The winner chooses the unicorn's colour (a `paint COLOUR` decision)."""
    state.paint_due = True


@SCHEMES.effect("revealed")
def owner_wins(state: Hunt, scheme: int, events: list[Event]) -> None:
    """The scheme's owner wins the unicorn if they placed hunt cards in this hunt."""
    owner = state.cards.owner[scheme]
    if owner is not None and owner in state.hunt_totals and owner != state.winner:
        state.set_winner(owner, events)


@SCHEMES.effect("revealed")
def lowest_wins(state: Hunt, scheme: int, events: list[Event]) -> None:
    """The lowest untied total among the hunters wins instead."""
    low = min(state.untied, key=state.untied.__getitem__)
    if low != state.winner:
        state.set_winner(low, events)


@SCHEMES.effect("revealed")
def become(state: Hunt, scheme: int, events: list[Event], *, points: Points) -> None:
    """The unicorn's own points become `points` and it loses its colour (a Pigicorn)."""
    unicorn = state.hunted()
    state.base[unicorn] = points
    state.colour[unicorn] = ""
    events.append(Note("polymorph"))


def run(effects: Sequence[Bound], state: Hunt, scheme: int, events: list[Event]) -> None:
    """Apply a revealed scheme's effects in order."""
    for bound in effects:
        bound.fn(state, scheme, events, **bound.params)


def worth(effects: Sequence[Bound]) -> int:
    """The points a scheme adds to the unicorn it stays on."""
    return sum(b.params.get("amount", 0) for b in effects if b.name == "points")


