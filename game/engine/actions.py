"""Actions: a player's decision, a small immutable value with a stable readable text.

`str(action)` is the action text used by the command line, saves, replays and tests.
An action never names a hidden fact ("draw from the deck", never "draw the 7"), so the same
action exists in every determinization of a state.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """An action known only by its text; games subclass it for structured fields (declared
    `@dataclass(frozen=True, slots=True, eq=False)`: an action of a class is equal to another
    of that class with the same text, and hashes as its text)."""

    text: str

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        # The text says it all, and a str keeps its hash: the search looks actions up in its
        # statistics many times an iteration (a generated hash builds a tuple of every field).
        return hash(self.text)


def normalize_action_text(text: str) -> str:
    """Lower case, single spaces: `Play  Wolf` and `play wolf` are the same action."""
    return " ".join(text.lower().split())


MAX_NUMBER_DIGITS = 5  # slots, seats, positions, bets: a longer number is never a real choice


def whole_number(word: str) -> int | None:
    """The number a word of an action text names, or None. The one number reader of every game:
    ASCII decimal digits only ('²' and '٣' pass str.isdigit() but not int()) and at most
    MAX_NUMBER_DIGITS of them (a 5,000-digit word from a file costs nothing)."""
    if 0 < len(word) <= MAX_NUMBER_DIGITS and word.isascii() and word.isdigit():
        return int(word)
    return None
