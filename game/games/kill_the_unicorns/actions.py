"""Kill the Unicorns' action: one class for every move, its kind and arguments parsed once
(the rules keep one shared object per text; the state reads `kind` and `args`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action


@dataclass(frozen=True, slots=True, eq=False)  # Action's equality and hash: by the text
class Move(Action):
    """A parsed action: `kind` (scheme, hunt, pass, reveal, paint, buy, peek, move, stay) and args."""

    kind: str = ""
    args: tuple[Any, ...] = ()
