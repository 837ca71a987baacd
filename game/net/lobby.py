"""The lobby of a network match: the join code, who sits where before the host starts.

A host that opens seats for network players shows a short **join code**; whoever knows it may
look at the lobby (`lobby`) and claim an open seat (`claim`) with a name. The code only lets a
person take a free seat: each seat is then played with its own secret (game/net/stream.py).
The code is never advertised on the network (game/net/discovery.py carries no code nor secret).
"""

from __future__ import annotations

import secrets

from game.textclean import clean_text

# No look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6...): read aloud or copied from a screen.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
CODE_LENGTH = 5
NAME_LIMIT = 16  # characters of a name a network player gives

# A seat's state in the lobby message.
HOST = "host"  # played from the host's own screen
OPEN = "open"  # free for a network player
TAKEN = "taken"  # claimed by a network player
BOT_SEAT = "bot"


def new_code() -> str:
    """A fresh join code (5 characters of CODE_ALPHABET, from `secrets`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: object) -> str:
    """A typed code as the host compares it: upper case, without spaces and dashes ("" if it
    is not text)."""
    if not isinstance(text, str):
        return ""
    return "".join(text.split()).replace("-", "").upper()[: CODE_LENGTH * 4]


def same_code(typed: object, code: str) -> bool:
    """Whether `typed` is `code` (case-insensitive, spaces ignored; constant time)."""
    return secrets.compare_digest(normal_code(typed).encode(), normal_code(code).encode())


def clean_player_name(name: object) -> str:
    """A network player's name as the host keeps it: one clean line of at most NAME_LIMIT
    characters ("" when nothing printable is left)."""
    if not isinstance(name, str):
        return ""
    return clean_text(name, NAME_LIMIT * 4).strip()[:NAME_LIMIT].strip()
