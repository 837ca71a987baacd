"""Errors the engine raises: each carries a message a player or a data author can act on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class TableeError(Exception):
    """Base of every error the engine raises on purpose (never a bug)."""


class IllegalAction(TableeError):
    """An action refused by the rules; the state is left unchanged.

    `key` and `params` let the table show the reason in the player's language;
    `str(error)` is the English text for the command line and logs.
    """

    def __init__(self, message: str, key: str = "", params: Mapping[str, Any] | None = None):
        super().__init__(message)
        self.message = message
        self.key = key
        self.params = dict(params or {})


class OptionError(TableeError):
    """A match option (or player count) the game does not accept."""


class GameUnavailable(TableeError):
    """A game whose data file is broken or whose code is missing; the message says why."""
