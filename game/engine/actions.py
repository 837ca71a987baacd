"""Actions: a player's decision, a small immutable value with a stable readable text.

`str(action)` is the action text used by the command line, saves, replays and tests.
An action never names a hidden fact ("draw from the deck", never "draw the 7"), so the same
action exists in every determinization of a state.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """An action known only by its text; games subclass it for structured fields."""

    text: str

    def __str__(self) -> str:
        return self.text


def normalize_action_text(text: str) -> str:
    """Lower case, single spaces: `Play  Wolf` and `play wolf` are the same action."""
    return " ".join(text.lower().split())
